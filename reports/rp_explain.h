/*
 * rp_explain: the facts of "Where the memory goes, by source line" (words:
 * templates/notebook/explain.md.j2), from each registered workload's
 * explain file in the data folder (explain-NAME.json, written by
 * variants/jax/explain.py --measure): the op-by-op peak it predicts beside
 * the one it measured and the harness's exec run of the same program, the
 * arrays alive at that peak and XLA's largest buffers under jit, each with
 * its source line, and its liveness chart, copied into figures/.
 *
 * Sizes are also counted in full arrays of the workload at the file's
 * sizes (N*M*4 bytes for interp, N*N*4 for colony). Without a file the
 * section is absent (explain.present false).
 */
#ifndef FB_RP_EXPLAIN_H
#define FB_RP_EXPLAIN_H

#include "rp_report.h"
#include <jansson.h>

/* The error of a prediction against a measurement, (measured - predicted)
 * / predicted; NAN when either is missing or predicted is not positive. */
double rp_explain_error(double predicted, double measured);

/* The explain file of workload w (explain-NAME.json, NAME its
 * registration's explain), loaded; NULL when the data has none.
 * json_decref it. */
json_t *rp_explain_of(const rp_data_t *D, const char *w);

/* The section's facts (explain.present, explain.workloads, explain.W.*)
 * and the charts copied into R->fig_dir (explain.W.chart: copied). */
void rp_explain_facts(rp_report_t *R);

#endif /* FB_RP_EXPLAIN_H */
