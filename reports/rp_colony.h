/*
 * rp_colony: the facts of Part 2 of the report, colony (words:
 * templates/notebook/colony.md.j2), part.colony.*: Table 3 (every variant
 * at the main size; the cells themselves are W.V.*, rp_run_facts.h), Table
 * 4 (the scaling figures' exponents) with Figure 6's laws, Table 5 (every
 * step of one long run per variant and allocator) and the figures.
 */
#ifndef FB_RP_COLONY_H
#define FB_RP_COLONY_H

#include "rp_report.h"
#include "rp_workloads.h"

/* The section's facts, its notes made in the order it prints them. */
void rp_colony_facts(rp_report_t *R, const rp_workload_t *w);

/* The row j (1 or more) of b where its steepest local slope ends, between
 * rows j-1 and j, of times (column 1) against sizes (column 0) in log-log;
 * 0 when b is NULL, has fewer than two rows or no slope is a number. */
size_t rp_colony_steepest(const rp_block_t *b);

#endif /* FB_RP_COLONY_H */
