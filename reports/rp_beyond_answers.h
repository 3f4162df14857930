/*
 * rp_beyond_answers: the facts of the notebook's "Beyond the answers,
 * measured" (words: templates/notebook/beyond_the_answers.md.j2), the
 * schedules no answer proposed, each measured against the variant it
 * improves on:
 *   beyond_the_answers.grid.*       the memory question's shared grid and
 *                                   layout (hoisted against fused), then
 *                                   sorting by cell (sorted against
 *                                   hoisted) and what it does to the L1;
 *   beyond_the_answers.cell_lists.* the speed question's cell lists (cells
 *                                   against fused, their fitted exponents,
 *                                   and against naive at the largest N of
 *                                   the scaling sweep that has both);
 *   beyond_the_answers.allocator.*  the allocator's part in step-time
 *                                   variance (naive's spread run with
 *                                   jemalloc and glibc, naive-reuse's
 *                                   faults, each allocator's policy).
 * Each part has .measured; where its runs are missing, .why_missing says
 * why (rp_data_why_missing). Times and peaks of the main runs are the
 * generic W.V.* facts (rp_run_facts.h); .workload names W, .variant and
 * .against the two variants a part compares (grid.sorted_variant the
 * sorted one, cell_lists.big_against the one of the largest N), so that
 * the words look a variant up by its role, never by its name.
 */
#ifndef FB_RP_BEYOND_ANSWERS_H
#define FB_RP_BEYOND_ANSWERS_H

#include "rp_report.h"

/* Sorting "keeps each cell's rows in L1" when its simulated L1 misses a
 * pair are this many times fewer than hoisted's, or more. */
#define RP_BEYOND_L1_FACTOR 10.0

/* 1 when sorted's L1 misses a pair are RP_BEYOND_L1_FACTOR times fewer
 * than hoisted's or more; 0 otherwise or when either is missing (NaN). */
int rp_beyond_keeps_l1(double sorted_misses, double hoisted_misses);

void rp_beyond_answers_facts(rp_report_t *R);

#endif /* FB_RP_BEYOND_ANSWERS_H */
