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
 * model (a Markdown block). */
void rp_limits_write(rp_report_t *R);
/* 1 when a main run of the data carries the time model (model.*). */
int rp_limits_model_present(const rp_data_t *D);
/* The section by the time model (limits.*, for
 * templates/notebook/limits.md.j2): each variant's prediction against its
 * median, its two largest terms, its verdict. */
void rp_limits_model_facts(rp_report_t *R);

/* The cache level whose size first holds bytes, from a run's
 * machine.caches: "L1", "L2", "L3" or "DRAM". */
const char *rp_limits_level(const json_t *r, double bytes);

#endif /* FB_RP_LIMITS_H */
