/*
 * rp_beyond_answers: the facts of the notebook's "Beyond the answers,
 * measured" (words: templates/notebook/beyond_the_answers.md.j2), the
 * schedules no answer proposed, each against the variant it improves on:
 * beyond_the_answers.grid.* (the shared grid against fused, sorting by
 * cell against it), .cell_lists.* (against fused, and against naive at the
 * largest N of the scaling sweep with both) and .allocator.* (naive's
 * spread run with each allocator, each one's policy). Each part has
 * .measured and, where a run is missing, .why_missing. Variants are named
 * by facts (.variant, .against, ...), so the words find them by role.
 */
#ifndef FB_RP_BEYOND_ANSWERS_H
#define FB_RP_BEYOND_ANSWERS_H

#include "rp_report.h"

/* 1 when sorted's simulated L1 misses a pair are RP_BEYOND_L1_FACTOR
 * times fewer than hoisted's or more (sorting "keeps each cell's rows in
 * L1"); 0 otherwise or when either is missing (NaN). */
#define RP_BEYOND_L1_FACTOR 10.0
int rp_beyond_keeps_l1(double sorted_misses, double hoisted_misses);

void rp_beyond_answers_facts(rp_report_t *R);

#endif /* FB_RP_BEYOND_ANSWERS_H */
