/*
 * rp_generic: "Other workloads in the data", the report's generic section
 * for the runs of workloads it has no section of its own for (a plugin's,
 * e.g. the example plugin's dot): per workload a table of every run
 * (variant, parameters, status, median time with its interval, peak
 * workspace against the model, allocations per run), and, when its ok runs
 * cover several sizes N, a figure of the median time against N drawn
 * through the report's one gnuplot writer (rp_figure.h).
 *
 * The figures are not in the figure table (rp_workloads.c): which workloads
 * the data holds is known only at run time. They are numbered after the
 * table's figures and named figures/fig-other-WORKLOAD.
 *
 * Nothing is printed when the data holds no such workload, so a report of
 * the registered workloads' data alone is unchanged.
 *
 * Limits: at most RP_GENERIC_MAX workloads (the rest are left out, and
 * the section says so).
 */
#ifndef FB_RP_GENERIC_H
#define FB_RP_GENERIC_H

#include <stddef.h>

#include "rp_report.h"

#define RP_GENERIC_MAX 8

/* The workloads of D that no section of the report covers, in the order
 * they first appear, into out (borrowed from D). Returns how many (at
 * most cap). */
size_t rp_generic_workloads(const rp_data_t *D, const char **out, size_t cap);

/* The section's facts (other_workloads.*, printed by
 * templates/notebook/other_workloads.md.j2); adds the data of its
 * figures' scripts to R->scripts, after the table's. A script whose data
 * cannot be kept sets R->failed and R->msg.
 *
 *   other_workloads.count   the workloads listed (at most RP_GENERIC_MAX;
 *                           0: the section is not printed)
 *   other_workloads.more, .max  whether the data holds more, and the most
 *                           listed
 *   other_workloads.K.name  workload K (1..count), in the data's order
 *   other_workloads.K.runs  its runs, every status, in the data's order
 *   other_workloads.K.run.J.variant, .params ("n=1000 passes=3"), .set,
 *       .status, .ok, .reason (of a run not ok), .median, .interval,
 *       .peak, .has_model, .model, .allocations
 *   other_workloads.K.several_sizes  whether its ok runs cover several N:
 *       then other_workloads.K.figure.drawn, .error, .name, .title,
 *       .number */
void rp_generic_facts(rp_report_t *R);

#endif /* FB_RP_GENERIC_H */
