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
 * Limits: prints what the files say; without them the section is absent
 * (nothing is written); a chart that is missing from the data folder is
 * said to be missing.
 */
#ifndef FB_RP_EXPLAIN_H
#define FB_RP_EXPLAIN_H

#include "rp_report.h"
#include <jansson.h>

/* One full array in bytes at an explain file's sizes (its "program"
 * object); NAN when it has none. */
double rp_explain_unit(const json_t *e);
/* The error of a prediction against a measurement, (measured - predicted)
 * / predicted; NAN when either is missing or predicted is not positive. */
double rp_explain_error(double predicted, double measured);

/* The explain file of workload w (the first of the section's files for
 * it), loaded, its name ("interp-question") into *name when name is not
 * NULL; NULL when the data has none. json_decref it. */
json_t *rp_explain_of(const rp_data_t *D, const char *w, const char **name);
/* "predicted B above the inputs (U full arrays) at the `OP` of LINE, step
 * S of T; measured B (U arrays, +E%)" of explain file e, into buf. */
const char *rp_explain_peaks(const json_t *e, char *buf, size_t len);
/* Copies explain's chart DATA/explain-NAME.svg and .png into figures/ and
 * embeds it, titled, with the caption (a sentence or more, no final
 * period); 0, or -1 (nothing printed) when it is missing. */
int rp_explain_chart(
    rp_report_t *R, const char *name, const char *title, const char *caption);

/* The section, into R->md, and the charts into R->fig_dir. */
void rp_explain_write(rp_report_t *R);

#endif /* FB_RP_EXPLAIN_H */
