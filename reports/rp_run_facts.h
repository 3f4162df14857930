/*
 * rp_run_facts: the facts of each measured run that the sections print,
 * named after the registration and the data, never by a literal variant
 * name: for every registered workload W and every variant V of W in the
 * data, W.V.* from V's main run (rp_data_main_run); for every JAX program
 * P of W, jax.W.P.*; W.variants, the variants in the data's order.
 *
 *   workloads            the registered workloads, in the table's order
 *   W.V.measured         whether V has a main run
 *   W.V.n, .m            the run's sizes (m: where the workload has one)
 *   W.V.median           the median time of a run; .step of a step
 *   W.V.cold, .first_step  the cold run's time, the first step's
 *   W.V.interval         the median's interval (rp_report_interval)
 *   W.V.gflops, .ns_per_unit  the work's rate and time per unit
 *   W.V.model, .faults   the schedule's modelled bytes, minor faults
 *   W.V.peak             the peak workspace ("< 64 KiB" under the grain)
 *   W.V.rss              the peak RSS; .model_bare the bare model's bytes
 *   W.V.limiter          the limiter rule's verdict (rp_limiter)
 *   W.V.ir_per_unit      simulated instructions per unit of work
 *   W.V.chunk            the chunk size B of a chunked run
 *   W.V.seed_median      the median on the question's own input
 *   W.V.loops            its loop nest in one line (null when unknown)
 *   W.per_step           whether W's unit of time is a step
 *   jax.W.programs       W's JAX programs in the data's order
 *   jax.W.P.n, .steps, .warm, .unblocked, .first_call, .per_step,
 *       .temp (XLA's temporaries), .work (working bytes), .rss
 *   jax.present          whether the data holds any JAX program
 *
 * A run the data lacks gives its facts as null ("n/a").
 */
#ifndef FB_RP_RUN_FACTS_H
#define FB_RP_RUN_FACTS_H

#include "rp_report.h"

void rp_run_facts_add(rp_report_t *R);

#endif /* FB_RP_RUN_FACTS_H */
