/*
 * hx_params: the one table of the harness's run parameters (n seed chunk
 * tile steps threads), the parameters each workload declares for itself
 * (workload_t.extra_params: a built-in workload's or a plugin's), and
 * what is generated from both.
 *
 * Each harness parameter is declared once, in the table hx_params[] in
 * hx_params.c: its name (the option --NAME, the JSON key params.NAME and
 * the CSV column), its meaning (for --help), where it lives in params_t,
 * its kind (a count, or a choice among names), its bounds, whether 0 stands
 * for "the variant's default" (chunk, tile), whether it belongs to the
 * schedule rather than the inputs (so it does not change the reference),
 * and how it appears in a short label. A workload's own parameter is seen
 * through the same struct (hx_params_declared: kind, bounds, choices,
 * schedule and label from its param_decl_t, the value in params_t.extra),
 * so one copy of the parsing, formatting and choice code serves both.
 * Everything that lists parameters goes through a workload's list of both
 * (hx_params_of): run's and sweep's options, sweep's lists and grid, the
 * result's params object, the CSV columns, the --resume match, compare's
 * key and labels, and the cache simulation's command line.
 *
 * A workload names the parameters it uses in workload_t.params ("n seed
 * ..."); a table option the workload does not use is refused, and the
 * result carries only the workload's parameters. Its own parameters are
 * always used; naming one in workload_t.params too places it there among
 * the others ("n passes seed ..."), else it comes after them.
 *
 * Limits: values are unsigned 64-bit integers (a choice is its index);
 * params_t fields are int or uint64_t.
 */
#ifndef FB_HX_PARAMS_H
#define FB_HX_PARAMS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "variant.h"

typedef enum hx_param_kind_e {
	HX_PARAM_COUNT, /* a number: 100000, 1e6 */
	HX_PARAM_CHOICE /* one of choices[], stored as its index */
} hx_param_kind_t;

/* Flags. */
#define HX_PARAM_ZERO_DEFAULT                                                  \
	1u /* 0 means the variant's default: never                             \
	      given as a value, left off command lines */
#define HX_PARAM_SCHEDULE                                                      \
	2u /* the schedule, not the inputs: the                                \
	      reference does not depend on it */
/* The value label_omit is the usual one (threads: 1): a result leaves the
 * parameter out at that value and an absent one reads as it, so results
 * from before the parameter existed keep matching. */
#define HX_PARAM_OMIT_USUAL 4u

typedef struct hx_param_s {
	const char *name;
	const char *meaning;
	hx_param_kind_t kind;
	size_t offset, size; /* the params_t field (extra < 0) */
	uint64_t lo, hi;     /* bounds of a value given on the command line */
	const char *const *choices; /* HX_PARAM_CHOICE: names, NULL-ended */
	unsigned flags;
	/* In short labels ("n=1000 tile=64"): 0 never, 1 yes, except at the
	 * value label_omit (UINT64_MAX: none). */
	int label;
	uint64_t label_omit;
	/* A workload's own parameter: its index in params_t.extra; -1 for
	 * the table's. */
	int extra;
} hx_param_t;

/* The table and its length. */
extern const hx_param_t hx_params[];
extern const size_t hx_params_count;

/* The parameter called name, or NULL. */
const hx_param_t *hx_params_find(const char *name);

/* 1 when workload w uses parameter p (w->params names it). */
int hx_params_used(const workload_t *w, const hx_param_t *p);

/* The value of p in params, as a uint64 (a choice: its index). */
uint64_t hx_params_get(const params_t *params, const hx_param_t *p);
void hx_params_set(params_t *params, const hx_param_t *p, uint64_t v);

/* Parses one value of p as given on the command line (a count within the
 * bounds, or a choice's name). 0 and *out, or -1 with "--NAME 'ARG': why"
 * in msg. */
int hx_params_parse(const hx_param_t *p, const char *arg, uint64_t *out,
    char *msg, size_t msglen);

/* The value as text: "1000", "seed". buf of at least 32 bytes. */
const char *hx_params_format(
    const hx_param_t *p, uint64_t v, char *buf, size_t len);

/* The workload's own parameters (workload_t.extra_params): their count,
 * their defaults into params, and one "NAME=VALUE" (--param) applied to
 * params. 0, or -1 with msg (no such parameter, or not one of its values:
 * "--NAME 'V': why", as for the table's). */
size_t hx_params_extra_count(const workload_t *w);
/* The index of w's own parameter called name (its first len bytes), or -1. */
int hx_params_extra_index(const workload_t *w, const char *name, size_t len);
void hx_params_extra_defaults(const workload_t *w, params_t *params);
int hx_params_extra_parse(const workload_t *w, const char *arg,
    params_t *params, char *msg, size_t msglen);

/* w's smoke configuration (w->smoke, which must not be NULL) into params:
 * an own parameter the smoke callback leaves as defaults() does (both
 * memset, say) takes its declared default. */
void hx_params_smoke(const workload_t *w, params_t *params);

/* The i-th own parameter of w seen as a table entry (extra = i). */
void hx_params_declared(const workload_t *w, size_t i, hx_param_t *out);

/* w's parameters in order into out (room for HX_PARAMS_OF_MAX): the
 * table's that w uses, each followed by the own ones w->params names after
 * it, then the own ones it does not name (flag HX_PARAM_TRAILING). The
 * count. */
#define HX_PARAMS_OF_MAX (16 + PARAMS_EXTRA_MAX)
#define HX_PARAM_TRAILING 8u
size_t hx_params_of(const workload_t *w, hx_param_t *out);

/* The names of the known workloads' own parameters (built in, and a
 * loaded plugin's), each once, the first max of them, into names: the
 * options run, sweep and exec take as --NAME V. The count. */
size_t hx_params_declared_names(const char **names, size_t max);

/* The workload a result names (built in or a loaded plugin's), or NULL. */
const workload_t *hx_params_workload_of(const json_t *result);

/* A workload's own parameters as options of their own: every "--NAME V"
 * or "--NAME=V" of argv[1..argc) before a "--", where NAME is a parameter
 * some known workload (built in or a loaded plugin's) declares and not an
 * option of taken (the command's getopt table, NULL-name ended), is
 * rewritten in place as "--param NAME=V", so it goes every way --param
 * goes (a sweep's list, the params object, the CSV, --resume, compare).
 * 0, or -1 with msg (a last --NAME without a value, out of memory). */
struct option;
int hx_params_own_options(int argc, char **argv, const struct option *taken,
    char *msg, size_t msglen);

/* The workload's parameters as the result's params object (new
 * reference; NULL when out of memory). */
json_t *hx_params_json(const workload_t *w, const params_t *params);

/* 1 when the result object r's params hold exactly w's parameters with
 * the values in params. */
int hx_params_match_json(
    const json_t *r, const workload_t *w, const params_t *params);

/* 1 when two results' params objects name the same parameters with the
 * same values (for compare: any workload, from the data alone). */
int hx_params_same_json(const json_t *a, const json_t *b);

/* 1 when a and b give the same inputs (every parameter of w but the
 * schedule's): the reference digest is the same. */
int hx_params_same_inputs(
    const workload_t *w, const params_t *a, const params_t *b);

/* Appends " n=1000 passes=3" for the labelled parameters of a result's params
 * object to f, in the object's order: a table parameter by its label
 * rule, one of w's own unless it is unlabelled, and with w NULL (a
 * workload not known here) every parameter outside the table. */
void hx_params_label(FILE *f, const workload_t *w, const json_t *params_json);
/* One value of a params object as labels, CSV cells and file names show
 * it (a string as itself, an integer in decimal, another number %.10g) into
 * buf; -1 (buf untouched) for a value of another type. */
int hx_params_value_text(const json_t *x, char *buf, size_t len);

/* Appends " n=1000" and then " NAME=VALUE" for every other parameter of a
 * result's params object whose value is not workload w's default (" tile=64
 * passes=3"): the summary line names what was changed. */
void hx_params_label_changed(
    FILE *f, const workload_t *w, const json_t *params_json);

/* The CSV's parameter columns for these results (a JSON array of names,
 * new reference; NULL when out of memory): the table's, always, and every
 * other name the results' params objects hold, each placed after the name
 * before it in the first object that holds it (past the table's names
 * that object lacks): a workload's own sit where its workload_t.params
 * places them ("n,passes,seed,..."). */
json_t *hx_params_csv_columns(const json_t *results);

/* The CSV: the header's parameter columns ("n,m,...,threads,") and one
 * row's cells (empty where the result has no such parameter). */
void hx_params_csv_header(FILE *f, const json_t *columns);
void hx_params_csv_row(
    FILE *f, const json_t *params_json, const json_t *columns);

/* The command line that repeats these parameters (--n 1000 --tile 64 ...,
 * --param NAME=VALUE for w's own, which cannot be mistaken for another
 * option): appends to argv at *argc (at most
 * HX_PARAMS_ARGV_MAX(hx_params_count) entries), the options' text in store
 * (as many slots). Leaves out the parameters w does not use and zeros that
 * stand for the variant's default. */
#define HX_PARAMS_ARGV_SLOT 64
#define HX_PARAMS_ARGV_MAX(count) (2 * (count) + 2 * PARAMS_EXTRA_MAX)
void hx_params_argv(const workload_t *w, const params_t *params, char **argv,
    int *argc, char store[][HX_PARAMS_ARGV_SLOT]);

#endif /* FB_HX_PARAMS_H */
