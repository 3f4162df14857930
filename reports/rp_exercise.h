/*
 * rp_exercise: the facts of "Exercises, for teachers" (words:
 * templates/notebook/exercises.md.j2): four questions a class can answer
 * with the formulas of the accounting section, each with a worked answer
 * computed from the same data the report prints (the prediction from the
 * formula, then what was measured):
 *   1. chunked's peak for a batch size of the chunk sweep (exercises.batch);
 *   2. the largest batch whose buffer fits in L2 (exercises.l2);
 *   3. naive's page faults per step at the largest N of its scaling sweep,
 *      from the arrays at or above jemalloc's oversize threshold
 *      (exercises.faults);
 *   4. eager's peak at another M, the eager-against-M run (exercises.eager).
 * Each has .measured, false when its run is missing. The answers' byte
 * and fault counts are whole numbers (kind COUNT, NAME_exact where the
 * question prints the same number as a size), so that a test can check
 * them against the data.
 */
#ifndef FB_RP_EXERCISE_H
#define FB_RP_EXERCISE_H

#include "rp_report.h"

/* Exercise 1 takes the chunk sweep's smallest B of at least this (its
 * largest B when none is). */
#define RP_EXERCISE_MIN_BATCH 1000

/* chunked's live bytes for a batch of b points and m interpolants: one
 * (B,M) float32 buffer and a B-vector of row sums, b*m*4 + b*4. */
double rp_exercise_batch_bytes(double b, double m);
/* The largest B whose buffer and row sums, B*(M+1)*4 bytes, fit in l2
 * bytes. */
double rp_exercise_l2_batch(double l2, double m);
/* naive's minor faults a step at n particles: the pages of its (N,N,2)
 * and two (N,N) float32 arrays, counting those of at least threshold
 * bytes (handed back to the kernel when freed); NAN when either is. */
double rp_exercise_fault_pages(double n, double threshold);
/* eager's peak live bytes by the liveness walk: twelve (N,M) float32
 * arrays, 12*n*m*4. */
double rp_exercise_eager_bytes(double n, double m);

void rp_exercise_facts(rp_report_t *R);

#endif /* FB_RP_EXERCISE_H */
