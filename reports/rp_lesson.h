/*
 * rp_lesson: the report's first part, the lesson (everything before the
 * heading "## Lab notebook"): the two questions answered on the C and the
 * JAX evidence together (what caused it; what fixes it in JAX and what that
 * costs; what none of the answers said, each fix with its C loop nest, its
 * JAX code and its measured memory and time), the live arrays at the peak,
 * the colony puzzle with the question's own numbers beside each measured
 * decomposition, each variant's limiter (rp_limiter.h), the advice in one
 * line each (rp_advice.h) and a path to try it in a minute.
 *
 * Every number is printed from the data and appears in a table of the
 * report, except the question's own figures, which are named constants
 * here and printed in the lesson's own table. A missing run makes its
 * sentence say "not measured in this data". The words that follow a
 * measured value are pure functions of its numbers (rp_lesson_saves ...).
 *
 * The JAX code of a fix is read at report time from the file that holds
 * it (a .py file of RP_LESSON_CODE_DIR, between "# lesson:begin NAME" and
 * "# lesson:end"), found relative to the data folder (DATA/../.. is the
 * repository) or the working directory; the path is printed relative to
 * the repository. The fixes themselves, their programs and what each
 * changes, are named in templates/lesson/fixes.md.j2.
 *
 * Limits: at most RP_LESSON_CODE_LINES lines of code per fix are printed;
 * at most RP_LESSON_CODE_FILES files are read; a marker's NAME (up to 63
 * characters) is taken from the first file, in name order, that has it;
 * a block without its end marker is left out.
 */
#ifndef FB_RP_LESSON_H
#define FB_RP_LESSON_H

#include <stddef.h>

#include "rp_advice.h"
#include "rp_report.h"

#define RP_LESSON_CODE_LINES 15
#define RP_LESSON_CODE_FILES 64
/* Where the JAX programs and their markers are, in the repository. */
#define RP_LESSON_CODE_DIR "variants/jax"
/* Two ratios within this factor of each other are "close". */
#define RP_LESSON_SAME_FACTOR 2.0
/* A jitted call maps its temporaries afresh when its page faults a call
 * reach this share of the temporaries' pages (14,340 of 14,338 at the
 * report's N=1024; at a small N the allocator keeps them: 0 of 896). */
#define RP_LESSON_AFRESH_SHARE 0.5

/* The lesson's facts (lesson.*, question.*), for the
 * templates of reports/templates/lesson/; they read the JAX section's
 * jaxprog.puzzle.step_over_pair, so rp_jax_programs_question_facts
 * comes first. */
void rp_lesson_facts(rp_report_t *R);

/* The code of every marker of RP_LESSON_CODE_DIR: lesson.code.NAME.text
 * (the lines between "# lesson:begin NAME" and "# lesson:end", at most
 * RP_LESSON_CODE_LINES of them; none: no fact), lesson.code.NAME.file
 * (its path in the repository) and lesson.code_markers, the NAMEs found. */
void rp_lesson_code_facts(rp_report_t *R);

/* What a fix saves against a baseline from their times and memory
 * figures, each saved when at least RP_ADVICE_TIME_RATIO smaller, as a
 * keyword macros.j2's saves words: "both", "time", "memory", "neither";
 * NULL when a figure is missing (a time not above 0, a memory figure below
 * 0 or a baseline of 0). */
const char *rp_lesson_saves(
    double t_fix, double t_base, double m_fix, double m_base);
/* 1 when faults a call reach RP_LESSON_AFRESH_SHARE of the temporaries'
 * pages (every call maps its temporaries afresh), 0 when they do not, -1
 * when a figure is missing or there are no pages. */
int rp_lesson_afresh(double faults_per_call, double temp_pages);
/* 1 when each of the n calls returned unwaited at least RP_ADVICE_WAIT
 * times sooner than it took waited for (dispatch, not the work); 0 when
 * one did not, a figure is missing, or n is 0. */
int rp_lesson_dispatch_only(
    const double *unwaited, const double *waited, size_t n);
/* "close to" when measured is within RP_LESSON_SAME_FACTOR of question,
 * else "not" ("beside" when either is missing): the word before "the
 * question's X" in the lesson. */
const char *rp_lesson_against(double measured, double question);
/* The lesson's JAX fix, decided (lesson.memory.*): whether the jitted
 * question's XLA temporaries hold at least one N x M array (unit), and
 * whether lax.map's temporaries are RP_ADVICE_MEMORY_FACTOR smaller than
 * the jitted question's (bounded). 1 or 0; NaN reads 0. */
int rp_lesson_jit_keeps_full_arrays(double jit_temp, double unit);
int rp_lesson_map_bounds_memory(double map_temp, double jit_temp);

#endif /* FB_RP_LESSON_H */
