/*
 * rp_advice: the section "Advice and verdicts", as one table. A row is a
 * piece of advice the two questions received: its id, the question (the
 * workload that answers it), the figures it cites, and two sides, C and
 * JAX, each a measure function (named values from the data, or -1 with
 * "why" when a run it needs is missing) and a decide function (a pure
 * function of those values: the unit tests reach every threshold). A side
 * with no counterpart of what the advice is about (C has no compilation,
 * no automatic differentiation, no array shapes) decides "cannot" once
 * the values it shows beside the advice were measured. Adding a piece of
 * advice is its functions and its row in rp_advice.c and its macro in
 * templates/advice/words.j2, which holds the words (the advice, each
 * side's "measured" sentence, the notes).
 *
 * rp_advice_facts sets, per row ID and SIDE (c, jax): advice.ID.SIDE.verdict
 * (a keyword, rp_advice_word), .note (a keyword, "" none), .why, .what and
 * the values its words quote (advice.ID.SIDE.NAME, kinds declared in the
 * row); advice.ID.verdict and .by (JAX's where JAX decides the advice: it
 * is the answer to the question, C's beside it is the explanation; C's
 * otherwise); advice.ID.question and .figures.
 *
 * Thresholds: a memory claim holds when the peak falls by at least
 * RP_ADVICE_MEMORY_FACTOR; a time claim when the two runs' own samples
 * say so (hx_stats_verdict: the interval of the ratio of their medians
 * beyond RP_ADVICE_TIME_RATIO and a U test): "undecided" (not decided at
 * this noise) when the margin is inside the runs' spread, so that a
 * verdict does not flip with the load. JAX's time claims are the
 * verdicts of variants/jax/fb_verdict.py (DATA/jax-verdicts.json,
 * jax-keep.json), the same rule.
 */
#ifndef FB_RP_ADVICE_H
#define FB_RP_ADVICE_H

#include "rp_report.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define RP_ADVICE_MEMORY_FACTOR 10.0
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
 * NaN). The one test of the advice, the JAX section and the lesson. */
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

/* A value a side's words quote: its name (rp_vals_t's) and how it prints,
 * an rp_fact_kind_t or RP_ADVICE_STRING. */
#define RP_ADVICE_STRING (-1)
typedef struct rp_advice_value_s {
	const char *name;
	int kind;
} rp_advice_value_t;

/* A side of a row: C's or JAX's. */
typedef struct rp_advice_side_s {
	/* Fills the values; 0, or -1 with the string "why" set (a keyword
	 * the words explain, or the data's own sentence) and "what". */
	int (*measure)(const rp_report_t *R, rp_vals_t *x);
	rp_advice_decision_t (*decide)(const rp_vals_t *x);
	/* The values the words quote, ending in a NULL name. */
	const rp_advice_value_t *facts;
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
/* The keyword of a verdict: "supported", "nuance", "not_supported",
 * "undecided", "missing", "cannot". */
const char *rp_advice_word(rp_advice_verdict_t v);
/* The answer: JAX's verdict where JAX decides (not missing, not cannot),
 * else C's; *by_jax says which. */
rp_advice_verdict_t rp_advice_final(
    rp_advice_verdict_t c, rp_advice_verdict_t jax, int *by_jax);
/* The facts of every row (see above) and of the thresholds. */
void rp_advice_facts(rp_report_t *R);

/* The decision of a side with no counterpart of the advice: "cannot"
 * once the value it shows beside it ("shown") was measured. */
rp_advice_decision_t rp_advice_decide_cannot(const rp_vals_t *x);

#endif /* FB_RP_ADVICE_H */
