/*
 * rp_lesson: the report's parts for learners: two short answers at the top
 * (one per question: what caused it, what fixes it, what it costs, what no
 * answer said, each with this run's figures), the memory-accounting
 * section (the op-by-op liveness walk of interp that makes 12*N*M*4, live
 * bytes against the allocator's size classes against RSS, and one loop-nest
 * sketch per schedule beside its idiom and memory formula) and the
 * glossary.
 *
 * Every number is printed from the data; a run that is missing makes its
 * sentence say so. The loop-nest sketches are text about the schedules the
 * variants are named after; a variant without a sketch is listed with its
 * description from the data.
 */
#ifndef FB_RP_LESSON_H
#define FB_RP_LESSON_H

#include "rp_report.h"

void rp_lesson_answers(rp_report_t *R);
void rp_lesson_accounting(rp_report_t *R);
void rp_lesson_glossary(rp_report_t *R);

#endif /* FB_RP_LESSON_H */
