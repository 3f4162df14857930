/*
 * rp_explain: the section "Where the memory goes, by source line": for each
 * explain file of the data folder (explain-interp-question.json,
 * explain-colony-step.json, written by variants/jax/explain.py --measure
 * at the end of reports/jax-sweep.sh), the op-by-op peak explain predicts
 * beside the one it measured (and the harness's exec run of the same
 * program, when the data has it), the arrays alive at that peak and the
 * largest buffers XLA keeps under jit, each with its source line, and the
 * liveness chart explain drew (copied from the data folder into figures/).
 *
 * Units: one full array of the workload at the file's sizes (N*M*4 bytes
 * for interp, N*N*4 for colony), as the rest of the report counts.
 *
 * Its words are templates/notebook/explain.md.j2.
 *
 * Limits: prints what the files say; without them the section is absent
 * (explain.present false); a chart that is missing from the data folder
 * is said to be missing.
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

/* The section's facts (explain.present, explain.workloads, and for each
 * registered workload with an explain file explain.W.*: the predicted and
 * measured peaks in bytes and full arrays, the arrays alive at the peak
 * and XLA's buffers one a row, the verdict), and the charts copied into
 * R->fig_dir (explain.W.chart: copied). The lesson's chart of the memory
 * question prints the same facts. */
void rp_explain_facts(rp_report_t *R);

#endif /* FB_RP_EXPLAIN_H */
