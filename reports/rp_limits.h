/*
 * rp_limits: "What limits each variant": one sentence per variant of the
 * main sets naming what bounds its time, with the measured evidence (its
 * GFLOP/s against the machine's FMA peak, bytes moved per second, page
 * faults per step, simulated cache misses per pair, the cache level its
 * working set fits in), and the explanations the tables call for: fused's
 * speed-up over materialized, chunked's knee, naive's kink and cells' low
 * GFLOP/s.
 *
 * Limits: the sentences are written for the variants fusebench has, looked
 * up by name; a variant without one is listed as "no analysis written".
 * Cache sizes are the machine's as the run recorded them.
 */
#ifndef FB_RP_LIMITS_H
#define FB_RP_LIMITS_H

#include "rp_report.h"

void rp_limits_write(rp_report_t *R);

/* The cache level whose size first holds bytes, from a run's
 * machine.caches: "L1", "L2", "L3" or "DRAM". */
const char *rp_limits_level(const json_t *r, double bytes);

#endif /* FB_RP_LIMITS_H */
