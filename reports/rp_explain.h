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

/* The error of a prediction against a measurement, (measured - predicted)
 * / predicted; NAN when either is missing or predicted is not positive. */
double rp_explain_error(double predicted, double measured);

/* The section's facts (explain.present, explain.workloads, explain.W.*)
 * and the charts copied into R->fig_dir (explain.W.chart: copied). */
void rp_explain_facts(rp_report_t *R);

#endif /* FB_RP_EXPLAIN_H */
