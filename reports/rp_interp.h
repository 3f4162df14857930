/*
 * rp_interp: the facts of Part 1 of the report, interp (words:
 * templates/notebook/interp.md.j2), part.interp.*: Table 1 (every variant
 * at the question's size; the cells themselves are W.V.*, rp_run_facts.h),
 * the simulated counts (rp_run_facts_cachesim), the statistics, the
 * counters, the question's own input, the figures and Table 2 (the
 * allocators). The variants come from the data; where one the words
 * single out is missing, a fact says why.
 */
#ifndef FB_RP_INTERP_H
#define FB_RP_INTERP_H

#include "rp_report.h"
#include "rp_workloads.h"

/* The section's facts, its notes made in the order it prints them. */
void rp_interp_facts(rp_report_t *R, const rp_workload_t *w);
/* The live-bytes timeline figure's facts (part.W.figure.timeline.*, its
 * note made here) and each variant's largest live bytes, largest first
 * (part.W.timeline.variants, .V.largest); made by the lesson, which
 * shows the figure before the notebook cites it. */
void rp_interp_timeline_facts(rp_report_t *R, const rp_workload_t *w);

#endif /* FB_RP_INTERP_H */
