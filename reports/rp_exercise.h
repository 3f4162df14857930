/*
 * rp_exercise: the facts of "Exercises, for teachers" (words:
 * templates/notebook/exercises.md.j2): four questions answered with the
 * accounting section's formulas, each the formula's prediction beside the
 * measurement: chunked's peak at a batch size (exercises.batch), the
 * largest batch that fits in L2 (exercises.l2), naive's page faults a
 * step (exercises.faults) and eager's peak at another M (exercises.eager).
 * Each has .measured; byte and fault counts are also whole numbers (kind
 * COUNT, NAME_exact beside a size) for a test to check against the data.
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
