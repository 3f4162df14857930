/*
 * hx_cli: the command line shared by the commands that measure (run,
 * sweep, overhead): one option reader, the run parameters' options
 * generated from the parameter table (hx_params), the measurement settings
 * (--repeat --warmup --min-time --events --mem-limit --timeline-interval)
 * applied to a run configuration by one function that every command uses,
 * and the exit statuses (hx_cli.c); harness run's own command line
 * (hx_cli_run.c).
 *
 * Every bad value gets a one-line message naming the option and the value;
 * the caller prints it (hx_cli_error) and exits HX_EXIT_USAGE. Nothing is
 * measured or written before all options are known to be good.
 */
#ifndef FB_HX_CLI_H
#define FB_HX_CLI_H

#include <getopt.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "hx_params.h"
#include "hx_run.h"

/* Exit statuses: only main() and the commands' *_main return them. */
#define HX_EXIT_OK 0
#define HX_EXIT_FAILURE 1 /* a failure while running */
#define HX_EXIT_USAGE 2   /* bad usage or bad input, one line on stderr */

/* The largest --repeat and --warmup: each run keeps a few samples, and a
 * million of them is more than any median needs. */
#define HX_CLI_MAX_REPEAT 1000000
/* The largest --timeline-interval: one minute, in microseconds. */
#define HX_CLI_MAX_INTERVAL_US 60000000

/* hx_cli_parse_run's return for --help. */
#define HX_CLI_HELP 1

/* At most this many parameters, settings and own options per command. */
#define HX_CLI_MAX_PARAMS 16
#define HX_CLI_MAX_OWN 16
#define HX_CLI_MAX_POSITIONAL 4
#define HX_CLI_MAX_EXTRA 16
/* The workloads' own parameters that are options of their own (--passes 3). */
#define HX_CLI_MAX_DECLARED 16

/* The measurement settings, in the order of hx_cli_args_t.setting. */
enum {
	HX_SET_REPEAT,
	HX_SET_WARMUP,
	HX_SET_MIN_TIME,
	HX_SET_EVENTS,
	HX_SET_MEM_LIMIT,
	HX_SET_TIMELINE_INTERVAL,
	HX_SET_CPU,
	HX_SET_COUNT
};

/* A command's own option: --name, with a value or a flag. */
typedef struct hx_cli_opt_s {
	const char *name;
	int has_value;
} hx_cli_opt_t;

/* What a command line gave: each option's text (the last one given wins;
 * a flag's is ""), NULL where absent, and the positional arguments. */
typedef struct hx_cli_args_s {
	const char *param[HX_CLI_MAX_PARAMS]; /* by hx_params index */
	const char *setting[HX_SET_COUNT];
	const char *own[HX_CLI_MAX_OWN]; /* by the command's own table */
	const char *positional[HX_CLI_MAX_POSITIONAL];
	int npositional;
	/* Every --param NAME=VALUE, in order. */
	const char *extra[HX_CLI_MAX_EXTRA];
	int nextra;
	/* The "NAME=V" text of each --NAME V of a workload's own. */
	char extra_text[HX_CLI_MAX_EXTRA][1200];
} hx_cli_args_t;

/* Reads argv (argv[0] is the command) against the parameters, the
 * settings and own[0..nown). Returns 0, or -1 with msg naming an unknown
 * option, a missing value or one positional argument too many. */
int hx_cli_getopt(int argc, char **argv, const hx_cli_opt_t *own, size_t nown,
    int max_positional, hx_cli_args_t *a, char *msg, size_t msglen);

/* The options before the first word that is not one (a command that
 * takes several commands): *stop is that word's index (argc when none),
 * and *dashes 1 when a "--" ended the options (*stop is then the word
 * after it). 0, or -1 with msg as hx_cli_getopt. */
int hx_cli_getopt_prefix(int argc, char **argv, const hx_cli_opt_t *own,
    size_t nown, hx_cli_args_t *a, int *stop, int *dashes, char *msg,
    size_t msglen);

/* -1 with "--NAME: WORKLOAD does not use it (...)" in msg when workload w
 * does not use parameter p; else 0. */
int hx_cli_param_usable(
    const workload_t *w, const hx_param_t *p, char *msg, size_t msglen);

/* Applies the parameters a gives (one value each) to cfg->params. 0, or
 * -1 with msg. */
int hx_cli_apply_params(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen);

/* Applies every --param NAME=VALUE a gives to cfg->params (the
 * workload's own parameters). 0, or -1 with msg. */
int hx_cli_apply_extra(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen);

/* Applies the measurement settings a gives to cfg. 0, or -1 with msg. */
int hx_cli_apply_settings(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen);

/* What --json writes: the result object, Google Benchmark's JSON, or
 * that with only its aggregate rows (--aggregates-only). */
#define HX_CLI_FORMAT_JSON 0
#define HX_CLI_FORMAT_GBENCH 1
#define HX_CLI_FORMAT_GBENCH_AGGREGATES 2

/* --format's value: json (0 in *gbench) or gbench (1). 0, or -1 with
 * msg. */
int hx_cli_parse_format(const char *arg, int *gbench, char *msg, size_t msglen);

/* Writes result r to path: as it is, or (gbench) as Google Benchmark's
 * JSON. 0, or -1 with msg. */
int hx_cli_write_result(
    const char *path, int gbench, const json_t *r, char *msg, size_t msglen);

/* Writes results (a JSON array) to path: one result as
 * hx_cli_write_result writes it; several as JSON lines (one object a
 * line), or with gbench one Google Benchmark document. 0, or -1 with
 * msg. */
int hx_cli_write_results(
    const char *path, int gbench, json_t *results, char *msg, size_t msglen);

/* --cpu's value: a CPU number below the configured count. 0, or -1 with
 * msg. */
int hx_cli_parse_cpu(const char *arg, int *cpu, char *msg, size_t msglen);

/* Prints the parameters' help lines (from the table), then the
 * settings' but those whose bit (1u << HX_SET_...) is in without, with
 * repeat as --repeat's default. */
void hx_cli_params_usage(FILE *f, int lists);
void hx_cli_settings_usage(FILE *f, unsigned without, uint64_t repeat);

/* The workloads' names (hidden ones left out), ", " between, in buf. */
void hx_cli_workload_names(char *buf, size_t len);

/* The options a measuring command reads, as getopt_long's table (for
 * help, the man page and the completion script): the parameters, the
 * settings but those in without, own[0..nown) and --param; NULL-ended, in
 * o of HX_CLI_MAX_OPTIONS entries. Returns the count. hx_cli_run_options:
 * run's. */
#define HX_CLI_MAX_OPTIONS                                                     \
	(HX_CLI_MAX_PARAMS + HX_CLI_MAX_DECLARED + HX_SET_COUNT +              \
	    HX_CLI_MAX_OWN + 2)
size_t hx_cli_options(
    const hx_cli_opt_t *own, size_t nown, unsigned without, struct option *o);
size_t hx_cli_run_options(struct option *o);

/* At most this many variants in one harness run. */
#define HX_CLI_MAX_VARIANTS 64

typedef struct hx_cli_run_s {
	const char *json_path; /* --json, or NULL */
	const char *csv_path;  /* --csv, or NULL */
	/* The variants named (the first is the configuration's). */
	const variant_t *variants[HX_CLI_MAX_VARIANTS];
	size_t nvariants;
	int no_fork;               /* --no-fork: measure in this process */
	int cachesim;              /* --cachesim */
	int model;                 /* --model: predict each time (hx_model.h) */
	const char *ceilings_path; /* --ceilings FILE for --model, or NULL */
	int gbench;                /* --format gbench: --json writes that */
	int quiet;                 /* --quiet: no warnings on stderr */
} hx_cli_run_t;

/* `harness run --help`. */
void hx_cli_run_usage(FILE *f);

/* Parses argv ("run WORKLOAD VARIANT[,VARIANT...] [VARIANT...]
 * [options]", argv[0] = "run"; each VARIANT a name or a glob) into cfg (for
 * cli->variants[0]) and cli (every variant, each one's configuration
 * checked). Returns 0, HX_CLI_HELP for --help, or -1 with msg set. */
int hx_cli_parse_run(int argc, char **argv, hx_run_config_t *cfg,
    hx_cli_run_t *cli, char *msg, size_t msglen);

/* Resolves names to table entries (variant NULL: the workload only); -1
 * with msg naming the unknown one. */
int hx_cli_lookup(const char *workload, const char *variant,
    const workload_t **w, const variant_t **v, char *msg, size_t msglen);

/* Copies the getopt table from (NULL-name ended, the end too) into o;
 * the options before the end. A command's hx_X_options. */
size_t hx_cli_copy_options(const struct option *from, struct option *o);

/* Opens and closes the counters of events (NULL: the default set), so
 * an unknown event name is bad input before anything forks. 0, or -1 with
 * "--events: why" in msg. */
int hx_cli_check_events(const char *events, char *msg, size_t msglen);
/* The output files a command will write (either may be NULL): --json's
 * folder writable, --timeline a file name ("-" refused) in a writable
 * folder. 0, or -1 with msg. */
int hx_cli_check_outputs(
    const char *json_path, const char *timeline_path, char *msg, size_t msglen);

/* --csv's file (NULL: none) in a writable folder, as --json's. 0, or -1
 * with msg. */
int hx_cli_check_csv(const char *path, char *msg, size_t msglen);

/* No two of --json, --csv and --timeline (NULL: not given) name one file
 * or both standard output (hx_file_check_distinct). 0, or -1 with msg. */
int hx_cli_check_distinct(const char *json_path, const char *csv_path,
    const char *timeline_path, char *msg, size_t msglen);

/* 1 when standard output carries --json's or --csv's file (NULL: not
 * given): the lines for people, and a measured command's own output, then
 * go to stderr, so that the file read there is whole. */
int hx_cli_stdout_is_data(const char *json_path, const char *csv_path);

/* Checks a configuration as a whole (workload and variant checks, event
 * names, memory limit); -1 with msg. */
int hx_cli_check_config(hx_run_config_t *cfg, char *msg, size_t msglen);

/* Prints "harness CMD: MSG" as one line on stderr: control characters in
 * msg (a bad value may carry a newline) are shown as '?'. */
void hx_cli_error(const char *cmd, const char *msg);

/* hx_cli_error for a file option's error: "harness CMD: OPTION MSG"
 * (MSG names the file), so the message says which option's file failed. */
void hx_cli_error_option(const char *cmd, const char *option, const char *msg);

#endif /* FB_HX_CLI_H */
