/*
 * rp_exercise: "Exercises, for teachers": four questions a class can
 * answer with the formulas of the accounting section, each followed by a
 * worked answer computed from the same data the report prints (the
 * prediction from the formula, then what was measured):
 *   1. chunked's peak for a batch size of the chunk sweep;
 *   2. the largest batch whose buffer fits in L2;
 *   3. naive's page faults per step at the largest N of its scaling sweep,
 *      from the arrays at or above jemalloc's oversize threshold;
 *   4. eager's peak at another M (the interp-eager-m run).
 * An answer whose run is missing says so. Byte and fault counts are printed
 * as whole numbers so that a test can check them against the data.
 */
#ifndef FB_RP_EXERCISE_H
#define FB_RP_EXERCISE_H

#include "rp_report.h"

void rp_exercise_write(rp_report_t *R);

#endif /* FB_RP_EXERCISE_H */
