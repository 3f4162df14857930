/*
 * hx_sweep_plan: harness sweep's planning half: its help, its options
 * into a plan (the variants, every parameter's list of values, the
 * measurement settings, the output paths), the grid of configurations in
 * run order, each checked before the first run, and --resume's match of a
 * run against the results already saved. Running and saving are
 * hx_sweep.c; the CSV is hx_csv.
 *
 * Limits: at most SWEEP_MAX_VARIANTS variants and SWEEP_MAX_LIST values a
 * list.
 */
#ifndef FB_HX_SWEEP_PLAN_H
#define FB_HX_SWEEP_PLAN_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hx_cli.h"

#define SWEEP_MAX_LIST 64
#define SWEEP_MAX_VARIANTS 64
#define SWEEP_MAX_REFS 256
/* A sweep's default --repeat: with fewer than 4 samples a side, compare's
 * test cannot reach p < 0.05, and 10 leave room for outliers. */
#define SWEEP_DEFAULT_REPEAT 10

/* A parameter's values; one entry (the default) when not given. */
typedef struct sweep_list_s {
	size_t count;
	uint64_t v[SWEEP_MAX_LIST];
} sweep_list_t;

typedef struct sweep_ref_s {
	params_t p;
	double digest[DIGEST_MAX];
} sweep_ref_t;

/* What to run: the grid of configurations, in order. */
typedef struct sweep_plan_s {
	const workload_t *w;
	const variant_t *variants[SWEEP_MAX_VARIANTS];
	size_t nvariants;
	sweep_list_t lists[HX_CLI_MAX_PARAMS];
	sweep_list_t extra_lists[PARAMS_EXTRA_MAX]; /* the workload's own */
	hx_run_config_t base;
	const char *timeline_dir;
	int resume;
	int force;      /* --force: the old files set aside, a new sweep */
	int interleave; /* variants of the same parameters take turns */
	hx_run_config_t *runs;
	size_t total;
} sweep_plan_t;

/* Where the results go. */
typedef struct sweep_s {
	json_t *results; /* array, in run order */
	char jsonl_path[4096], csv_path[4096];
	char gbench_path[4096];     /* with --format gbench, else "" */
	int gbench_aggregates_only; /* --aggregates-only */
	sweep_ref_t refs[SWEEP_MAX_REFS];
	size_t nrefs;
	size_t done, failures;
	double started;
	int quiet; /* --quiet: no warnings under each run's line */
	int model; /* --model: each ok run's time predicted (hx_model.h) */
	const char *ceilings_path; /* --ceilings FILE, or NULL */
} sweep_t;

/* The length of s's PREFIX: PREFIX.jsonl less its ".jsonl". */
int hx_sweep_prefix_len(const sweep_t *s);
/* PREFIX.gbench.json beside s's PREFIX.jsonl, whether or not --format
 * gbench asked for it (what --force sets aside and a stray check looks
 * at), into buf. */
void hx_sweep_gbench_path(const sweep_t *s, char *buf, size_t len);

/* The options into a plan (without its grid) and s's output paths. 0,
 * HX_CLI_HELP, or -1 with one line in msg. */
int hx_sweep_parse(int argc, char **argv, sweep_plan_t *plan, sweep_t *s,
    char *msg, size_t msglen);

/* The whole grid into plan->runs (plan->total), every configuration
 * checked. 0, or -1 with msg. */
int hx_sweep_grid(sweep_plan_t *plan, char *msg, size_t msglen);

/* Without --resume or --force, an earlier sweep's results in PREFIX.jsonl
 * are refused, never overwritten silently (after every value was checked,
 * so that a bad one is named first). 0, or -1 with msg. */
int hx_sweep_check_earlier(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen);

/* --force sets the earlier sweep's files aside: hx_sweep_files_set_aside
 * (hx_sweep_files.h), with the timelines it would write over. */

/* --resume: drops from the plan the runs s->results already holds. */
void hx_sweep_skip_done(sweep_plan_t *plan, const sweep_t *s);

#endif /* FB_HX_SWEEP_PLAN_H */
