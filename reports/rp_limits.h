/*
 * rp_limits: the notebook's "What limits each variant": the limiter rule
 * (rp_limiter.h) stated once, the measured cost of a page fault, one table
 * row per variant of the main sets with its one verdict and every
 * discriminator the rule read (shares of the FMA peak, of the triad, of the
 * time; instructions per unit), what would decide the undetermined ones,
 * and the measurements the tables call for beside the verdicts (chunked's
 * medians by B with the level of each buffer, naive's faults and the kink
 * in its time, cells' evaluated pairs), stated as measured.
 *
 * Limits: the facts beside the verdicts are written for the variants
 * fusebench has, looked up by name; a variant without one has none. Cache
 * sizes are the machine's as the run recorded them.
 */
#ifndef FB_RP_LIMITS_H
#define FB_RP_LIMITS_H

#include "rp_report.h"

/* The section by the discriminators' rule, for data without the time
 * model (limits.*, for templates/notebook/limits.md.j2): each variant's
 * verdict and the discriminators it read, the cost of a fault, and the
 * measurements beside the verdicts (the memory question's chunked sweep,
 * the speed question's baseline faults and cell lists' pairs, the threads
 * goal's run swept alone). */
void rp_limits_rule_facts(rp_report_t *R);
/* 1 when a main run of the data carries the time model (model.*). */
int rp_limits_model_present(const rp_data_t *D);
/* The section by the time model (limits.*, for
 * templates/notebook/limits.md.j2): each variant's prediction against its
 * median, its two largest terms, its verdict. */
void rp_limits_model_facts(rp_report_t *R);

/* The seconds of one part of run r's predicted time (model.terms), for
 * the stacked figure: "in_core" (the in-core terms as they overlap: the
 * prediction less the terms that add), "caches" (l2 and l3), "dram",
 * "faults"; NaN without a model or for another part. */
double rp_limits_model_part(const json_t *r, const char *part);
/* The GFLOP/s run r would reach if its model's largest term alone took
 * its time (work.flops over that term's seconds): the roof of its
 * limiter. NaN without a model or flops; arg is unused (rp_col_t.of). */
double rp_limits_limiter_roof(const json_t *r, const char *arg);

/* The cache level whose size first holds bytes, from a run's
 * machine.caches: "L1", "L2", "L3" or "DRAM". */
const char *rp_limits_level(const json_t *r, double bytes);

#endif /* FB_RP_LIMITS_H */
