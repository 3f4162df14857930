/*
 * rp_interp: Part 1 of the report, interp: Table 1 (every variant at the
 * question's size), the counters note, the memory, time, timeline, chunk
 * and roofline figures with their prose, and Table 2 (the allocators).
 *
 * Variants come from the data (rp_data_variants); a variant named in the
 * prose (eager, materialized) is looked up by name and, when missing, the
 * prose says why.
 */
#ifndef FB_RP_INTERP_H
#define FB_RP_INTERP_H

#include "rp_report.h"
#include "rp_workloads.h"

void rp_interp_write(rp_report_t *R, const rp_workload_t *w);
/* The live-bytes timeline figure of one run per variant, embedded with its
 * caption (the lesson shows it; the notebook cites it). */
void rp_interp_timeline(rp_report_t *R, const rp_workload_t *w);

#endif /* FB_RP_INTERP_H */
