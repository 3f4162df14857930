/*
 * rp_jax_programs: the facts of the notebook section "The same programs in
 * JAX" (its words: templates/notebook/jax.md.j2): the questions' programs
 * in JAX beside the C variant that stands for each at the same sizes
 * (rp_jax.h says what is read).
 *
 * Facts: each JAX run (jax.W.P.*, jax_large.W.P.*) and each one-thread C
 * run at the JAX sizes (jaxc.W.V.*, jaxc_large.W.V.*); each workload's
 * programs' table (jaxprog.W.*); the memory question's un-jitted program
 * against N (jaxprog.peak.*) and the jaxpr comparisons (jaxprog.jaxpr.*);
 * the speed question's timing puzzle (jaxprog.puzzle.*); the fixes
 * against the question's jitted program (jaxprog.fixes.*), the
 * same-schedule rows (jaxprog.same.*), the fastest against the fastest at
 * each size (jaxprog.best.*), the sweep's time. A table row names the
 * facts it prints (.jax, .c, .question: a prefix such as
 * "jax.colony.cells"), so that a figure printed twice is one fact.
 *
 * A program's working bytes (rp_jax.h) confirm the C model of its
 * stand-in when within RP_JAX_MODEL_FACTOR of it; a model of (nearly)
 * nothing, under RP_JAX_SMALL of one full array ("unit": N*M*4 bytes for
 * interp, N*N*4 for colony), when the working bytes are under that too.
 *
 * Limits: those of rp_jax.h (one process per program); a warm call's
 * range is min..max of its calls, and a fix whose range overlaps the
 * question's is "not distinguishable".
 */
#ifndef FB_RP_JAX_PROGRAMS_H
#define FB_RP_JAX_PROGRAMS_H

#include "rp_report.h"
#include "rp_workloads.h"

#define RP_JAX_MODEL_FACTOR 2.0
#define RP_JAX_SMALL 0.05

/* Whether working bytes confirm a model (see above): "confirmed", "not
 * confirmed" or "not measured" (a figure missing); pure. */
const char *rp_jax_check_model(double work, double model, double unit);
/* Whether a program pays against another from the two ranges of warm
 * unit times [lo, hi]: "pays" (every call faster than every call of the
 * other), "costs" (every call slower), "not distinguishable" (the ranges
 * overlap) or "not measured" (a figure missing); pure. */
const char *rp_jax_pays(double lo, double hi, double other_lo, double other_hi);

/* The section's facts, less those of rp_jax_programs_question_facts. */
void rp_jax_programs_facts(rp_report_t *R);
/* Each workload's jax_after (the registration's: after the memory
 * question's table its peak and jaxpr facts, after the speed question's
 * the puzzle), JAX measured or not (null without): facts the lesson and
 * the advice read, so report.c computes them first. */
void rp_jax_programs_question_facts(rp_report_t *R);
void rp_jax_interp_after(rp_report_t *R, const rp_workload_t *w);
void rp_jax_colony_after(rp_report_t *R, const rp_workload_t *w);

#endif /* FB_RP_JAX_PROGRAMS_H */
