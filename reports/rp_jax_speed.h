/*
 * rp_jax_speed: the speed question answered in JAX, from what
 * reports/jax-sweep.sh measured beside the programs (docs/jax.md):
 *   - jax-keep.json: each program that takes temporaries, by default and
 *     under an allocator that keeps freed pages (`harness exec
 *     --allocator jemalloc-keep`): faults per warm call against XLA's
 *     temporary pages, the warm call's CPU time, the memory kept, the
 *     verdict on the two sets of calls (variants/jax/fb_verdict.py);
 *   - jax-protocol.json: the question's own timing protocol over N (where
 *     its 46.5 ms, 2.32 ms and 20x come out, or why not), one fori_loop
 *     run's swing decomposed into waiting and compiling;
 *   - jax-compiles.json: compilations per call in each protocol that can
 *     recompile;
 *   - jax-verdicts.json: each pair of programs verdicts.py decides, by
 *     their warm calls' own samples.
 * The facts (jaxspeed.*) serve templates/notebook/jax_speed.md.j2, the
 * lesson's speed question and the recompile advice (rp_advice.c, which
 * report.c computes after them). A file the data lacks makes its facts
 * say so (.present false).
 */
#ifndef FB_RP_JAX_SPEED_H
#define FB_RP_JAX_SPEED_H

#include "rp_report.h"

void rp_jax_speed_facts(rp_report_t *R);

#endif /* FB_RP_JAX_SPEED_H */
