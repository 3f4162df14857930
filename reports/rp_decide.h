/*
 * rp_decide: each advice rule's decision (rp_verdict.h's rp_rule_t.decide),
 * a pure function of the values its measurement filled: the thresholds
 * RP_VERDICT_MEMORY_FACTOR and RP_VERDICT_TIME_RATIO (or the "tt" a
 * measurement sets) against "mem", "speedup" and the other values named in
 * each rule's template. No data is read here, so the unit tests give each
 * crafted values.
 */
#ifndef FB_RP_DECIDE_H
#define FB_RP_DECIDE_H

#include "rp_verdict.h"

rp_decision_t rp_decide_fuse(const rp_vals_t *x);
rp_decision_t rp_decide_in_place(const rp_vals_t *x);
rp_decision_t rp_decide_jit(const rp_vals_t *x);
rp_decision_t rp_decide_batch(const rp_vals_t *x);
rp_decision_t rp_decide_compile_loop(const rp_vals_t *x);
rp_decision_t rp_decide_not_in_c(const rp_vals_t *x);
rp_decision_t rp_decide_cause_nm(const rp_vals_t *x);
rp_decision_t rp_decide_cause_n2(const rp_vals_t *x);

#endif /* FB_RP_DECIDE_H */
