/*
 * rp_jaxrule: the advice that names a JAX construct (jit, the vmap
 * rewrite, the batching loop, fori_loop, block_until_ready and warm-up)
 * re-graded on the JAX programs' own measurements, beside the C rule of
 * the same id (rp_verdict.h) and its verdict.
 *
 * A rule is the shape of rp_rule_t: measure gathers named values from the
 * JAX runs (rp_jax.h; -1 with "why" when a run is missing), decide is a
 * pure function of them (unit-tested at its thresholds), measured is a
 * template (rp_text.h). Thresholds: those of rp_verdict.h, plus
 * RP_JAXRULE_WAIT: a call that returns this many times faster unwaited
 * than waited is timed wrongly without block_until_ready.
 *
 * Limits: the verdict words are written in italics, so the C verdict
 * table's checks (its bold verdicts) do not count these rows.
 */
#ifndef FB_RP_JAXRULE_H
#define FB_RP_JAXRULE_H

#include "rp_report.h"
#include "rp_text.h"
#include "rp_verdict.h"

#define RP_JAXRULE_WAIT 10.0

/* Whether a call returning in `unwaited` s unwaited, against `waited` s
 * waited for, returns RP_JAXRULE_WAIT times sooner or more: what it times
 * unwaited is dispatch, not the work (false for NaN). The one test of the
 * advice's rule, the JAX section and the lesson. */
static inline int
rp_jaxrule_dispatch(double unwaited, double waited)
{
	return unwaited * RP_JAXRULE_WAIT <= waited;
}

typedef struct rp_jaxrule_s {
	const char *id;        /* the C rule's id (rp_rule_find) */
	const char *construct; /* the JAX construct the advice names */
	int (*measure)(const rp_data_t *D, rp_vals_t *vals);
	rp_decision_t (*decide)(const rp_vals_t *vals);
	const char *measured; /* template; {note:s} is the decision's note */
} rp_jaxrule_t;

extern const rp_jaxrule_t rp_jaxrules[];
extern const size_t rp_jaxrules_count;

/* The rule with id, or NULL. */
const rp_jaxrule_t *rp_jaxrule_find(const char *id);
/* The table "Advice re-graded on JAX", into R->md. */
void rp_jaxrule_write(rp_report_t *R);

#endif /* FB_RP_JAXRULE_H */
