/*
 * rp_run_facts: the facts of each measured run that the sections print,
 * named after the registration and the data, never by a literal variant
 * name: for every registered workload W and every variant V of W in the
 * data, W.V.* from V's main run (rp_data_main_run); W.variants, the
 * variants in the data's order; jax.W.programs, W's JAX programs (their
 * facts, jax.W.P.*, are rp_jax_programs.h's).
 *
 *   workloads            the registered workloads, in the table's order
 *   W.V.measured         whether V has a main run
 *   W.V.NAME             the run's field of each row of run_fields
 *                        (rp_run_facts.c): .n, .median, .step, .cold, ...
 *   W.V.interval         the median's interval (rp_report_interval)
 *   W.V.peak             the peak workspace ("< 64 KiB" under the grain)
 *   W.V.unit             one full array of W at the run's sizes (bytes)
 *   W.V.rss_nearer_live  whether the peak RSS is nearer the live bytes
 *                        (.model_bare) than the size classes (.model)
 *   W.V.limiter          the time model's verdict (rp_limiter)
 *   W.V.ir_per_unit      simulated instructions per unit of work
 *   W.V.chunk            the chunk size B of a chunked run
 *   W.per_step           whether W's unit of time is a step
 *   jax.W.programs       W's JAX programs in the data's order
 *   W.V.idiom, .description, .loops (null: none), .model_formula
 *                        what the variant is, from its main run, else any
 *                        run of it; .formula_bare, .formula_model,
 *                        .formula_n the formula's bytes at that run's
 *                        N, in the allocator's size classes, and N
 *   W.V.jax_programs     the one-core JAX programs V stands for
 *   jax.present          whether the data holds any JAX program
 *
 * A run the data lacks gives its facts as null ("n/a").
 */
#ifndef FB_RP_RUN_FACTS_H
#define FB_RP_RUN_FACTS_H

#include "rp_report.h"
#include "rp_workloads.h"

void rp_run_facts_add(rp_report_t *R);

/* The simulated counts of the variants vs of w that the cache simulator
 * ran (cachesim/W-V.json), for Tables 1s and 3s: part.W.cachesim.V.n,
 * .instructions, .minimum (the arithmetic's least), .d1, .ll (misses),
 * all per unit of work, and .other_n, whether V's N is not the table's
 * (the first simulated variant's, part.W.cachesim.n); the variants
 * simulated (.variants), whether any has the minimum (.minimum), and the
 * note on the simulation (.note). */
void rp_run_facts_cachesim(
    rp_report_t *R, const rp_workload_t *w, const char **vs, size_t nv);

/* Whether a run's peak RSS is nearer its bare model (the live bytes) than
 * its model in size classes: the rounded tail of a size class is never
 * written, so never resident. 0 when a figure is missing. Pure. */
int rp_run_facts_rss_nearer_live(const json_t *r);

#endif /* FB_RP_RUN_FACTS_H */
