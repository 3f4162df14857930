/*
 * rp_machine: the facts of "Method and machine" (method.*, printed by
 * templates/notebook/method_and_machine.md.j2): the machine, compiler,
 * allocators, counters and ceilings the runs recorded, the
 * instrumentation's measured cost, when the data was measured and how
 * long its sweeps took, and the sets of the table of experiments
 * (rp_experiments.h) missing from it.
 *
 *   method.machine.cpu, .cores, .l1d, .l2, .l3, .memory, .kernel,
 *       .compiler, .cflags, .allocator (the last jemalloc run's),
 *       .glibc (whether a glibc run is in the data), .glibc_allocator,
 *       .glibc_cflags (the first glibc run's), .counters_note (why the
 *       hardware counters are limited; null when they are not)
 *   method.ceilings.measured, .triad (bytes a second), .fma_gflops,
 *       .clock_resolution
 *   method.overhead.measured, .workload, .variant, .n, .on, .off
 *       (medians), .percent, .pairs, .pair_min, .pair_max, .p
 *       (Mann-Whitney), .significant (rp_machine_significant)
 *   method.data.measured_on, .runs
 *   method.sweeps.recorded (whether the data has make-report-times.tsv),
 *       .total, .c, .jax, .beside (the JAX part's untimed steps that ran
 *       beside the cache simulation), printed "8 min 21 s";
 *       .beside_cachesim (whether they did), .mode (make-report.sh's mode
 *       or null), .file (RP_MACHINE_TIMES)
 *   method.missing.count (the table's sets missing from the data);
 *       method.missing.K.set, .command, .purpose for K = 1..count, in the
 *       table's order; .table (the file read, null when none) and .filled
 *       (the data folder's own copy, its sizes filled in)
 *   method.ci_min (RP_REPORT_CI_MIN)
 */
#ifndef FB_RP_MACHINE_H
#define FB_RP_MACHINE_H

#include "rp_report.h"

/* The times make-report.sh recorded, in the data folder. */
#define RP_MACHINE_TIMES "make-report-times.tsv"

/* A difference in the instrumentation's cost is called beyond the noise
 * when its Mann-Whitney p is under this. */
#define RP_MACHINE_SIGNIFICANT_P 0.05

/* Whether p (a Mann-Whitney p-value) says the difference is beyond the
 * run-to-run noise: 0 <= p < RP_MACHINE_SIGNIFICANT_P; 0 for NaN. */
int rp_machine_significant(double p);

void rp_machine_facts(rp_report_t *R);

#endif /* FB_RP_MACHINE_H */
