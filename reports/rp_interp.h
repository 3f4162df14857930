/*
 * rp_interp: the facts of Part 1 of the report, interp, whose words are
 * templates/notebook/interp.md.j2: Table 1 (every variant at the
 * question's size: its cells are W.V.*, rp_run_facts.h), the simulated
 * counts, the statistics and the counters, the question's own input, the
 * figures, the roofline's ceilings and Table 2 (the allocators), named
 * part.interp.* (the list is in rp_interp.c, function by function).
 *
 * Variants come from the data (rp_data_variants); the two the prose
 * singles out are the registration's (rp_workload_t.baseline, .op_by_op)
 * and, when missing, a fact says why.
 */
#ifndef FB_RP_INTERP_H
#define FB_RP_INTERP_H

#include "rp_report.h"
#include "rp_workloads.h"

/* The section's facts, its notes made in the order it prints them. */
void rp_interp_facts(rp_report_t *R, const rp_workload_t *w);
/* The facts of the live-bytes timeline figure of one run per variant:
 * the figure's (part.W.figure.timeline.*, its note made here) and each
 * variant's largest live bytes, largest first (part.W.timeline.variants,
 * part.W.timeline.V.largest). The lesson shows the figure, so the
 * lesson's facts make these where it does (rp_lesson.c); the notebook,
 * which cites it, prints the same facts. */
void rp_interp_timeline_facts(rp_report_t *R, const rp_workload_t *w);

#endif /* FB_RP_INTERP_H */
