/*
 * rp_lesson: the facts of the report's first part, the lesson (everything
 * before "## Lab notebook"; words: templates/lesson/): the two questions
 * answered on the C and the JAX evidence together, each fix with its C
 * loop nest, its JAX code and its measured memory and time.
 *
 * Every number comes from the data, except the question's own figures,
 * named constants of rp_lesson.c. The words that follow a measured value are
 * pure functions of its numbers (rp_lesson_saves ...).
 *
 * A fix's JAX code is read at report time from the .py files of
 * RP_LESSON_CODE_DIR, between "# lesson:begin NAME" and "# lesson:end",
 * in the checkout of the data folder (DATA/../..), else the source tree,
 * else the working directory. Limits: at most RP_LESSON_CODE_LINES lines
 * a fix; a NAME (up to 63 characters) is taken from the first file, in
 * name order, that has it; a block without its end marker is left out.
 */
#ifndef FB_RP_LESSON_H
#define FB_RP_LESSON_H

#include <stddef.h>

#include "rp_advice.h"
#include "rp_report.h"

#define RP_LESSON_CODE_LINES 15
/* Where the JAX programs and their markers are, in the repository. */
#define RP_LESSON_CODE_DIR "variants/jax"
/* Two ratios within this factor of each other are "close". */
#define RP_LESSON_SAME_FACTOR 2.0
/* A jitted call maps its temporaries afresh when its page faults a call
 * reach this share of the temporaries' pages (14,340 of 14,338 at the
 * report's N=1024; at a small N the allocator keeps them: 0 of 896). */
#define RP_LESSON_AFRESH_SHARE 0.5

/* The lesson's facts (lesson.*, question.*); they read the fact
 * jaxprog.puzzle.step_over_pair, so rp_jax_programs_question_facts comes
 * first. */
void rp_lesson_facts(rp_report_t *R);
/* The lesson's facts that read the advice's claims, after
 * rp_advice_facts: lesson.speed.fori_saved (rp_lesson_saves of
 * advice.compile_loop.jax.fori; "unmeasured" where that side is missing
 * or not computed). */
void rp_lesson_advice_facts(rp_report_t *R);

/* The code of every marker: lesson.code.NAME.text (none for a block with
 * no line), lesson.code.NAME.file (its path in the repository) and
 * lesson.code_markers, the NAMEs found. */
void rp_lesson_code_facts(rp_report_t *R);

/* What a fix saves against a baseline, as a keyword macros.j2's saves
 * words: time by the advice's time claim that the fix is faster (faster:
 * 1 yes, 0 no, NAN not decided: rp_data_speedup's), memory when its figure
 * is at least RP_ADVICE_TIME_RATIO smaller: "both", "time", "memory",
 * "neither", or with the time not decided "memory_time_undecided",
 * "time_undecided"; NULL when a memory figure is missing (below 0, or a
 * baseline of 0). */
const char *rp_lesson_saves(double faster, double m_fix, double m_base);
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
 * whether lax.map's temporaries, in batches of B among N (batches =
 * N/B), are at least RP_ADVICE_BATCH_SHARE of batches times smaller than
 * the jitted question's (bounded: what the batches can cut, they cut).
 * 1 or 0; NaN reads 0. */
int rp_lesson_jit_keeps_full_arrays(double jit_temp, double unit);
int rp_lesson_map_bounds_memory(
    double map_temp, double jit_temp, double batches);

#endif /* FB_RP_LESSON_H */
