/*
 * rp_machine: the facts of "Method and machine" (method.*, printed by
 * templates/notebook/method_and_machine.md.j2): the machine, compiler,
 * allocators, counters and ceilings the runs recorded, the
 * instrumentation's measured cost, when the data was measured and how
 * long its sweeps took (RP_MACHINE_TIMES), and the sets of the table of
 * experiments (rp_experiments.h) missing from it. Each fact is named in
 * rp_machine.c beside the code that makes it.
 */
#ifndef FB_RP_MACHINE_H
#define FB_RP_MACHINE_H

#include "rp_report.h"

/* The times make-report.sh recorded, in the data folder. */
#define RP_MACHINE_TIMES "make-report-times.tsv"

/* A difference in the instrumentation's cost is called beyond the noise
 * when its test's p (the pairs' signed-rank test; in older data the
 * pooled samples' Mann-Whitney test) is under this. */
#define RP_MACHINE_SIGNIFICANT_P 0.05

/* Whether p (that test's p-value) says the difference is beyond the
 * run-to-run noise: 0 <= p < RP_MACHINE_SIGNIFICANT_P; 0 for NaN. */
int rp_machine_significant(double p);

void rp_machine_facts(rp_report_t *R);

#endif /* FB_RP_MACHINE_H */
