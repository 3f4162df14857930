/*
 * rp_facts: the report's numbers and decisions, each computed once and
 * named, written to OUT_DIR/facts.json, from which reports/render.py fills
 * the templates (reports/templates/), where every sentence lives.
 *
 * A fact is a name ("interp.fused.median": dotted, lower case, '_' for
 * '-'), a value (a number, a string, true/false, or null when the data
 * lacks it), its unit, the text the report prints for it (formatted here,
 * once: "680 ms", "1.35 GB", "2.08x", "n/a" for a missing number) and the
 * runs it came from ("SET/VARIANT n=N"). A template prints a fact by its
 * name and chooses among words by its value.
 *
 * Limits: names up to RP_FACTS_NAME_MAX characters; a name set twice keeps
 * the last value (a test checks that no section does so).
 */
#ifndef FB_RP_FACTS_H
#define FB_RP_FACTS_H

#include <jansson.h>
#include <stddef.h>

#include "rp_data.h"

#define RP_FACTS_NAME_MAX 128

typedef enum rp_fact_kind_e {
	RP_FACT_TIME = 0,       /* seconds, printed "680 ms" */
	RP_FACT_BYTES,          /* bytes, "1.35 GB" */
	RP_FACT_RATIO,          /* a ratio, "2.08x" */
	RP_FACT_SIZE,           /* a problem size such as N, "1e6" */
	RP_FACT_COUNT,          /* a whole count, "327695" */
	RP_FACT_PERCENT,        /* a share of 1, "59.1%" */
	RP_FACT_PERCENT_WHOLE,  /* the same to a whole percent, "59%" */
	RP_FACT_PERCENT_SIGNED, /* a signed share (an error, a drift), "+12%" */
	RP_FACT_NUMBER,         /* a plain number, "%.3g" */
	RP_FACT_FIXED2,         /* a plain number, "%.2f" */
	RP_FACT_STRING,         /* in a key table: the string, null if "" */
} rp_fact_kind_t;

typedef struct rp_facts_s {
	json_t *facts;  /* name -> {value, unit, text, runs} */
	int duplicates; /* names set more than once */
} rp_facts_t;

/* 0, or -1 when out of memory. */
int rp_facts_init(rp_facts_t *F);
void rp_facts_free(rp_facts_t *F);

/* A number of the given kind, named by a printf format; run (may be NULL)
 * is the result it came from, recorded as "SET/VARIANT n=N". NaN is
 * stored as null and printed "n/a". */
#define rp_fact_num(F, kind, value, run, ...)                                  \
	rp_fact_num2(F, kind, value, run, NULL, __VA_ARGS__)
/* A number made from two runs (a ratio, a pair's difference): as
 * rp_fact_num from run a, with run b (may be NULL) recorded as its other
 * side under the same cleaned name. */
void rp_fact_num2(rp_facts_t *F, rp_fact_kind_t kind, double value,
    const json_t *a, const json_t *b, const char *name_fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* A number printed as text (a figure with its own printing rule, such as
 * a peak under the allocator's grain, "< 64 KiB"). */
void rp_fact_text(rp_facts_t *F, rp_fact_kind_t kind, double value,
    const char *text, const json_t *run, const char *name_fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* A list of names (the variants of a workload) for a template to walk;
 * names (a JSON array of strings) is stolen. */
void rp_fact_list(rp_facts_t *F, json_t *names, const char *name_fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A string fact (a verdict, a limiter, a name); NULL is stored as null
 * and printed "n/a". */
void rp_fact_str(rp_facts_t *F, const char *value, const json_t *run,
    const char *name_fmt, ...) __attribute__((format(printf, 4, 5)));
/* A decision: true or false. */
void rp_fact_bool(rp_facts_t *F, int value, const json_t *run,
    const char *name_fmt, ...) __attribute__((format(printf, 4, 5)));
/* A row of a table of facts read straight from a run's fields: the fact
 * PREFIX.NAME is field of the run, printed as kind; divided by the run's
 * field per unless per is RP_F_NONE (left out). */
typedef struct rp_fact_field_s {
	const char *name;
	rp_field_t field;
	rp_fact_kind_t kind;
	rp_field_t per;
} rp_fact_field_t;
/* The n rows of t from run r (NULL: every fact null), each named
 * PREFIX.NAME; prefix is a name already made ("interp.fused"). A table
 * says in a line a fact what a call per fact said in three. */
void rp_facts_fields(rp_facts_t *F, const json_t *r, const char *prefix,
    const rp_fact_field_t *t, size_t n);
#define RP_FACTS_FIELDS(F, r, prefix, t)                                       \
	rp_facts_fields(F, r, prefix, t, sizeof(t) / sizeof((t)[0]))
/* The same for a JSON object read by its keys (a JAX file's row, the
 * ceilings, a JAX run's reported numbers): the fact PREFIX.NAME is the
 * number at key ("a.b" a path), recorded as from run (NULL: none). */
typedef struct rp_fact_key_s {
	const char *name, *key;
	rp_fact_kind_t kind;
} rp_fact_key_t;
void rp_facts_keys(rp_facts_t *F, const json_t *o, const json_t *run,
    const char *prefix, const rp_fact_key_t *t, size_t n);
#define RP_FACTS_KEYS(F, o, run, prefix, t)                                    \
	rp_facts_keys(F, o, run, prefix, t, sizeof(t) / sizeof((t)[0]))

/* A name as facts are named: every character other than a letter, a
 * digit, '_' or '.' becomes '_' (naive-reuse: naive_reuse). In place. */
void rp_facts_name_clean(char *name);

/* The fact named, or NULL. Borrowed. */
const json_t *rp_facts_get(const rp_facts_t *F, const char *name);
/* Its value as a number (NAN when absent, null or not a number). */
double rp_facts_num(const rp_facts_t *F, const char *name);

/* Writes {"schema": "fusebench-facts", "version": 1, "data": DATA_DIR,
 * "facts": ...} to path atomically. 0, or -1 with msg. */
int rp_facts_write(const rp_facts_t *F, const char *data_dir, const char *path,
    char *msg, size_t msglen);

#endif /* FB_RP_FACTS_H */
