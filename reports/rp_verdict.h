/*
 * rp_verdict: the advice the two questions received, as a table of rules.
 *
 * A rule names its advice, the question it answers, the figures and tables
 * it cites, and three functions: measure gathers the named values it needs
 * from the data (runs looked up by name; a rule may name the variants it
 * compares, such as fused against materialized), decide turns those values
 * into a verdict and an optional note (pure: nothing but its argument, so
 * a unit test reaches every threshold), and the "measured" cell is a
 * template filled from the same values (rp_text.h), the note included.
 *
 * Thresholds (stated in the report): a memory claim holds when the peak
 * falls by at least RP_VERDICT_MEMORY_FACTOR; a time claim when the median
 * improves by at least RP_VERDICT_TIME_RATIO or twice the machine's noise
 * band, whichever is larger (the value "tt" a rule receives; absent, the
 * ratio alone). Advice about what C has no counterpart of (compilation,
 * asynchronous dispatch, automatic differentiation, array shapes) is "not
 * testable in C": its row says what the C data can say beside it, and a
 * measurement of the array library itself may grade it.
 */
#ifndef FB_RP_VERDICT_H
#define FB_RP_VERDICT_H

#include "rp_report.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define RP_VERDICT_MEMORY_FACTOR 10.0
#define RP_VERDICT_TIME_RATIO 1.10
/* "Compiled" cuts eager's peak when it at least halves it. */
#define RP_VERDICT_JIT_CUT 2.0

typedef enum {
	RP_VERDICT_YES,
	RP_VERDICT_NUANCE,
	RP_VERDICT_NO,
	RP_VERDICT_UNTESTABLE, /* a run it needs is missing */
	RP_VERDICT_NOT_IN_C,   /* C has no counterpart of what it is about */
} rp_verdict_t;

typedef struct rp_decision_s {
	rp_verdict_t verdict;
	const char *note; /* appended to the measured cell; never NULL */
} rp_decision_t;

/* The most figures a rule cites. */
#define RP_RULE_FIGS 3

/* A figure a rule cites: fig-NAME-WHAT of the workload that answers of
 * (rp_workload_fig), or fig-WHAT when of is RP_QUESTION_NONE; what NULL
 * ends the list. */
typedef struct rp_rule_fig_s {
	rp_question_t of;
	const char *what;
} rp_rule_fig_t;

typedef struct rp_rule_s {
	const char *id; /* short name for tests and messages */
	const char *advice;
	rp_question_t question;
	rp_rule_fig_t figures[RP_RULE_FIGS]; /* the figures cited, in order */
	const char *tables; /* ", Table 1" after the figures, or NULL */
	/* Fills vals; returns 0, or -1 with the string "why" set when a run
	 * it needs is missing (the rule is then not testable here). */
	int (*measure)(const rp_report_t *R, rp_vals_t *vals);
	rp_decision_t (*decide)(const rp_vals_t *vals);
	const char *measured; /* template; {note:s} is the decision's note */
} rp_rule_t;

extern const rp_rule_t rp_rules[];
extern const size_t rp_rules_count;

/* The name of the k-th figure rule cites, or NULL past the last (a
 * rotating buffer, RP_TEXT_ROTATE). */
const char *rp_rule_figure(const rp_rule_t *rule, int k);
/* The workload that answers the rule's question, by name. */
const char *rp_rule_question(const rp_rule_t *rule);

/* The rule with id, or NULL. */
const rp_rule_t *rp_rule_find(const char *id);
/* "supported", "supported with a nuance", "not supported", "not testable
 * here", "not testable in C". */
const char *rp_verdict_word(rp_verdict_t v);
/* A rule's C decision on R's data ("not testable here" when a run it
 * needs is missing). */
rp_verdict_t rp_verdict_c(const rp_report_t *R, const rp_rule_t *rule);
/* A rule's one verdict: its C decision c, or, when c is "not testable in
 * C" and a JAX rule of the same id (rp_jaxrule.h) was measured, the JAX
 * decision (*by_jax set to 1). */
rp_verdict_t rp_verdict_final(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c, int *by_jax);
/* That verdict in bold, "(in JAX; not testable in C)" after a JAX one.
 * Rotating buffer. */
const char *rp_verdict_final_word(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c);
/* The section "Advice and verdicts": thresholds, then a row per rule. */
void rp_verdict_write(rp_report_t *R);
/* The JAX rule's verdict word of the same id where C decides the advice
 * itself (c is not "not testable in C") and the JAX rule measured it;
 * NULL otherwise. */
const char *rp_verdict_jax_word(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c);
/* The lesson's table "The advice, one line each": each rule's final
 * verdict, with the JAX verdict beside it where rp_verdict_jax_word has
 * one. */
void rp_verdict_brief_write(rp_report_t *R);

#endif /* FB_RP_VERDICT_H */
