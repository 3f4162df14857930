/*
 * rp_advice: the section "Advice and verdicts", as one table. A row is a
 * piece of advice the two questions received: its id, the question (the
 * workload that answers it), the figures it cites, and two sides, C and
 * JAX, each declared: the runs it reads, the values it takes from them
 * and the rules that decide it (a pure function of those values, so the
 * unit tests reach every threshold); a measure function adds what no run
 * holds. A side with no counterpart of the advice (C has no compilation,
 * no automatic differentiation, no array shapes) decides "cannot" once
 * the value it shows beside the advice was measured. Adding a piece of
 * advice is its row in rp_advice.c and its macro of words in
 * templates/advice/words.j2.
 *
 * rp_advice_facts sets, per row ID and SIDE (c, jax): advice.ID.SIDE.verdict
 * (rp_advice_word), .note (a keyword, "" none), .why, .what and the values
 * its words quote; advice.ID.verdict and .by (rp_advice_final),
 * advice.ID.question and .figures.
 *
 * Thresholds: a memory claim holds when the peak falls by at least
 * RP_ADVICE_MEMORY_FACTOR, and a batching claim when the peak falls by
 * at least RP_ADVICE_BATCH_SHARE of N/B, the most batches of B among N
 * can cut (5 batches: 2.5x); a time claim when the two runs' own samples
 * say so (rp_data_speedup beyond RP_ADVICE_TIME_RATIO; JAX's: the same
 * rule in variants/jax/fb_verdict.py), else "undecided", so that a
 * verdict does not flip with the load.
 */
#ifndef FB_RP_ADVICE_H
#define FB_RP_ADVICE_H

#include "rp_report.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define RP_ADVICE_MEMORY_FACTOR 10.0
#define RP_ADVICE_BATCH_SHARE 0.5
#define RP_ADVICE_TIME_RATIO 1.10
/* "Compiled" cuts op by op's peak when it at least halves it. */
#define RP_ADVICE_JIT_CUT 2.0
/* A call returning this many times sooner unwaited than waited is timed
 * wrongly without block_until_ready: it measures dispatch. */
#define RP_ADVICE_WAIT 10.0
/* The confidence level of the time verdicts. */
#define RP_ADVICE_LEVEL 0.95

/* Whether a call returning in `unwaited` s unwaited, against `waited` s
 * waited for, returns RP_ADVICE_WAIT times sooner or more (false for
 * NaN): the one test of the advice, the JAX section and the lesson. */
static inline int
rp_advice_dispatch(double unwaited, double waited)
{
	return unwaited * RP_ADVICE_WAIT <= waited;
}

typedef enum {
	RP_ADVICE_SUPPORTED = 0,
	RP_ADVICE_NUANCE,        /* holds, with a condition the data add */
	RP_ADVICE_NOT_SUPPORTED, /* includes: a value it needs not measured */
	RP_ADVICE_UNDECIDED,     /* a time margin inside the runs' noise */
	RP_ADVICE_MISSING,       /* a run it needs is missing here */
	RP_ADVICE_CANNOT,        /* no counterpart on this side */
} rp_advice_verdict_t;

typedef struct rp_advice_decision_s {
	rp_advice_verdict_t verdict;
	const char *note; /* a keyword the words explain; "" none */
} rp_advice_decision_t;

/* What a value of a side is: an rp_field_t of a run (RP_F_NONE: set by
 * the side's runs or measure function), or one of these. */
enum {
	RP_ADVICE_PEAK_TEXT = RP_F_COUNT, /* its peak as tables print it */
	RP_ADVICE_UNIT_TIME, /* median step or time (rp_jax_c_unit_time) */
	RP_ADVICE_ARRAY,     /* one full array at its sizes (rp_jax_unit) */
	RP_ADVICE_GATHER,    /* the (N,M,4) gather: four arrays */
	RP_ADVICE_CHUNK,     /* its batch size (rp_data_chunk) */
	RP_ADVICE_INSN,      /* rp_data_insn_per_unit of its cachesim run */
	RP_ADVICE_WORK,      /* JAX: rp_jax_work */
	RP_ADVICE_RSS_WORK,  /* JAX: rp_jax_rss_work */
	RP_ADVICE_WARM,      /* JAX: the median warm call */
	RP_ADVICE_UNBLOCKED, /* JAX: the median call not waited for */
	/* A time claim: 1 when the second run is faster than the first
	 * beyond RP_ADVICE_TIME_RATIO times the ratio of `over` of the two
	 * (RP_F_NONE: RP_ADVICE_TIME_RATIO alone), 0 when the interval
	 * excludes that, NAN when not decided at this noise; and KEY_lo,
	 * KEY_hi (the interval of the speed-up), KEY_spread. */
	RP_ADVICE_FASTER,
	RP_ADVICE_FIRST_FASTER, /* JAX: the same, 1 when the first is faster */
};

/* How a value prints: an rp_fact_kind_t, or one of these. */
#define RP_ADVICE_STRING (-1)
#define RP_ADVICE_TIMED (-2)  /* a time claim's four facts */
#define RP_ADVICE_HIDDEN (-3) /* no fact: a rule reads it */

/* A value of a side, advice.ID.SIDE.NAME: `get` of run `run` (an index
 * into the side's runs), over `over` of run `over_run` unless `over` is
 * RP_F_NONE; or, with a path, the number at that path in the side's JAX
 * data (a time claim: the fb_verdict verdict object there). */
typedef struct rp_advice_value_s {
	const char *name; /* NULL ends a list */
	int print, get, run, over, over_run;
	const char *path;
} rp_advice_value_t;

/* A rule's test of the values a and b (b absent: 1) and the factor f. */
typedef enum {
	RP_ADVICE_OTHERWISE = 0, /* always: the last rule */
	RP_ADVICE_AT_LEAST,      /* a >= f * b */
	RP_ADVICE_BELOW,         /* not a >= f * b (or not measured) */
	RP_ADVICE_ABOVE,         /* a > f * b, b counted as 1 at least */
	RP_ADVICE_NOT_ABOVE,     /* not a > f * b (or not measured) */
	RP_ADVICE_LOG_AT_LEAST,  /* log(a) >= f * log(b) */
	RP_ADVICE_YES,           /* a == 1: a time claim decided yes */
	RP_ADVICE_NOT_YES,       /* not a == 1 */
	RP_ADVICE_NOT_DECIDED,   /* a is NAN: a time claim not decided */
} rp_advice_test_t;

/* A rule: the decision of a side whose values pass its test and failed
 * every rule before it. */
typedef struct rp_advice_rule_s {
	rp_advice_verdict_t verdict;
	const char *note; /* "" none */
	rp_advice_test_t test;
	const char *a;
	double factor;
	const char *b;
} rp_advice_rule_t;

/* Where a side's runs come from. */
typedef enum {
	RP_ADVICE_OWN = 0,  /* none: its measure function alone */
	RP_ADVICE_C_MAIN,   /* the C main runs (Table 1 or 3's), by role */
	RP_ADVICE_C_SPREAD, /* the C runs of the spread set, by role */
	RP_ADVICE_JAX,      /* the ok one-core JAX runs, by program */
	RP_ADVICE_JAX_DATA, /* none: parts of JAX data files */
} rp_advice_source_t;

#define RP_ADVICE_RUNS 4
#define RP_ADVICE_PARTS 2

/* A side of a row: C's or JAX's. Measured, it has its JAX data, its runs
 * (and the value "n", their size), its values, then its measure
 * function's; a run or a file it needs missing leaves "why" (a keyword
 * the words explain, or the data's own sentence) and "what", and the
 * verdict "missing". */
typedef struct rp_advice_side_s {
	rp_advice_source_t source;
	int runs; /* how many of roles (C) or programs (JAX) */
	rp_role_t roles[RP_ADVICE_RUNS];
	const char *programs[RP_ADVICE_RUNS];
	int optional;     /* JAX: the first run it may lack; 0 none */
	rp_question_t of; /* whose runs it reads; NONE: its row's question */
	/* RP_ADVICE_JAX_DATA: the parts of JAX data files it needs, in order
	 * (part NULL: the whole file); the values with a path read the last. */
	struct {
		const char *file, *part;
	} data[RP_ADVICE_PARTS];
	/* Adds values; 0, or -1 with "why" and "what". NULL: none. */
	int (*measure)(
	    const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x);
	const rp_advice_value_t *values;
	/* Its rules, the last one RP_ADVICE_OTHERWISE; or, where no rule can
	 * say it, its decide function (NULL: the rules). */
	const rp_advice_rule_t *rules;
	rp_advice_decision_t (*decide)(const rp_vals_t *x);
} rp_advice_side_t;

#define RP_ADVICE_FIGS 3

/* A figure a row cites: fig-NAME-WHAT of the workload that answers of
 * (rp_workload_fig), or fig-WHAT when of is RP_QUESTION_NONE. */
typedef struct rp_advice_fig_s {
	rp_question_t of;
	const char *what;
} rp_advice_fig_t;

typedef struct rp_advice_s {
	const char *id;
	rp_question_t question;
	rp_advice_fig_t figures[RP_ADVICE_FIGS]; /* what NULL ends it */
	rp_advice_side_t c, jax;
} rp_advice_t;

extern const rp_advice_t rp_advice[];
extern const size_t rp_advice_count;

/* The row with id, or NULL. */
const rp_advice_t *rp_advice_find(const char *id);
/* The values of side s of row a (see rp_advice_side_t); 0, or -1 with
 * "why". */
int rp_advice_measure(const rp_report_t *R, const rp_advice_t *a,
    const rp_advice_side_t *s, rp_vals_t *x);
/* Side s's decision on values x. */
rp_advice_decision_t rp_advice_decide(
    const rp_advice_side_t *s, const rp_vals_t *x);
/* The keyword of a verdict: "supported", "nuance", "not_supported",
 * "undecided", "missing", "cannot". */
const char *rp_advice_word(rp_advice_verdict_t v);
/* The answer: JAX's verdict where JAX decides (not missing, not cannot),
 * since the questions were about JAX, C's beside it the explanation;
 * else C's. *by_jax says which. */
rp_advice_verdict_t rp_advice_final(
    rp_advice_verdict_t c, rp_advice_verdict_t jax, int *by_jax);
/* The facts of every row (see above) and of the thresholds. */
void rp_advice_facts(rp_report_t *R);

#endif /* FB_RP_ADVICE_H */
