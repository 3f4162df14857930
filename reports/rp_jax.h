/*
 * rp_jax: the JAX runs' lookups, shared by the sections that set the
 * questions' programs in JAX (variants/jax, measured by `harness exec`
 * through reports/jax-sweep.sh) beside the C variant that stands for each,
 * at the same sizes: rp_jax_programs.c, rp_jax_speed.c, rp_explain.c, the
 * lesson and the advice re-graded on JAX.
 *
 * Reads the registered workloads' JAX sets (rp_workload_sets_t: sets.jax,
 * "P@seed" the seed preset, "P@all" XLA's default threading, the rest one
 * core; jax-base, JAX's baseline process; jax-c-*, the C variants at the
 * JAX sizes) and the JSON files of the data folder (jax-plan.json...).
 *
 * A program's working bytes: XLA's temporary bytes (memory_analysis) for
 * a compiled program; for an un-jitted one, its peak RSS less the peak RSS
 * of JAX's baseline process.
 *
 * Limits: the stand-in is the first word of the program's own c_variant
 * label; figures are from one process per program (its first call and the
 * median of its warm calls), so they carry the noise of one process.
 */
#ifndef FB_RP_JAX_H
#define FB_RP_JAX_H

#include <stddef.h>

#include "rp_report.h"
#include "rp_workloads.h"

/* 1 when the data holds a JAX program's run. */
int rp_jax_present(const rp_data_t *D);
/* The ok run labelled label in registered workload w's JAX set
 * (w->sets.jax), or NULL (always when w has none, or label is NULL: a
 * role w does not register). */
const json_t *rp_jax_run(
    const rp_data_t *D, const rp_workload_t *w, const char *label);
/* The median, min and max of the numbers of array a (its elements, or with
 * key each element's member key; the first 256), each over div; how many.
 * None (0 and NANs) when div is not above 0. */
size_t rp_jax_range(const json_t *a, const char *key, double div, double *med,
    double *lo, double *hi);
/* The median of the numbers of the array at path in o (a run's
 * "reported.unblocked_call_s"); of a run's warm calls. NAN when there are
 * none. */
double rp_jax_median(const json_t *o, const char *path);
double rp_jax_warm_call(const json_t *r);
/* Working bytes of a program (see above); NAN when not measurable. */
double rp_jax_work(const rp_data_t *D, const json_t *r);
/* Peak RSS less the baseline process's, compiled or not (at least 0). */
double rp_jax_rss_work(const rp_data_t *D, const json_t *r);
/* Units of work one call of a program makes: K for its workload's loop
 * and fori (rp_workload_t.jax_loop, jax_fori), 0 for its pair (not a
 * whole step), else 1; always 1 for a workload timed per run (per_step 0). */
double rp_jax_steps_per_call(const json_t *r);
/* The time a unit of work takes, what JAX and C are compared on: a whole
 * run for interp, one step for colony. A JAX program's median warm call
 * over its steps per call (NAN for pair); a C run's median (interp) or
 * median step (colony; the run's median when it has no step times). */
double rp_jax_unit_time(const json_t *r);
double rp_jax_c_unit_time(const json_t *r);
/* Whether that C unit is a step: a workload timed by the step, its run
 * with step times. */
int rp_jax_c_unit_is_step(const json_t *r);
/* A JAX run's warm calls (rp_jax_range): per call, or with per_unit per
 * unit of work (over rp_jax_steps_per_call; none for colony's pair). */
size_t rp_jax_warm(
    const json_t *r, int per_unit, double *med, double *lo, double *hi);
/* XLA's count of a compiled program's work (run.py's cost_analysis) over
 * this machine's ceilings (ceilings.json), one call's seconds a term, by
 * the C model's rule (hx_model.h): the in-core term and the data term
 * add, and the faults add to them.
 * - compute: XLA's flops (an add or a multiply a lane) at half the FMA
 *   ceiling's flops, and its transcendentals at the vector square root's
 *   rate, each at the lanes of the vector most of XLA's vector float
 *   arithmetic uses (lanes: run.py's float_ops_by_lanes of its optimized
 *   code; 1 where all of it is scalar, the ceiling's fma_vector_width
 *   where not counted), not the ceiling's;
 * - memory: XLA's bytes accessed (each fusion's operands and result),
 *   half at the read and half at the write rate of the smallest level of
 *   L2, L3 and DRAM that holds the program's arguments, result and
 *   temporaries (level: rp_bandwidth_level from L2);
 * - faults: the temporaries' pages each faulted in and given back once a
 *   call (minor_fault_s + page_release_s) where they are one block above
 *   RP_JAX_MMAP_MAX, which glibc's malloc, the default, maps afresh at
 *   every call (its mmap threshold rises to a freed block's size up to
 *   that); none below it, or with kept (an allocator that keeps freed
 *   pages).
 * Each count is one call of the compiled function's, times the calls of
 * it a timed call makes (cost_analysis.calls: K for a Python loop of
 * steps, N over the batch for the batches).
 * Limits: it assumes XLA's loops run at the vector ceilings and each
 * fusion's edges stream from that level; neither is checked here, the
 * error against the measured call is what says. */
#define RP_JAX_MMAP_MAX (32.0 * 1024 * 1024)
typedef struct rp_jax_xla_s {
	double flops, bytes; /* the count a timed call (NAN: none, a loop) */
	double compute_s, memory_s, faults_s, predicted_s, lanes;
	int lanes_counted; /* 0: the ceiling's width, XLA's code not counted */
	const char *level; /* "L2", "L3" or "DRAM" */
} rp_jax_xla_t;
/* Run r's prediction into m: 0, or -1 (m's seconds NAN) when r has no
 * count, a loop (XLA counts a while loop's body once) or ceilings lacks
 * a rate it needs. */
int rp_jax_xla(
    const json_t *ceilings, const json_t *r, int kept, rp_jax_xla_t *m);
/* The C variant that stands for a program (first word of its c_variant)
 * into buf; "" when none. */
const char *rp_jax_stand_in(const json_t *r, char *buf, size_t len);
/* The first ok jemalloc run of variant in C set pattern c_set whose
 * thread count is one (params.threads absent or 1: the workload's jax-c-W*
 * pattern also matches the -threads sets); NULL when none. */
const json_t *rp_jax_c_one_thread(const rp_data_t *D, const char *c_set,
    const char *workload, const char *variant);
/* 1 when a JAX program's label is one core at the random preset (no
 * '@': "P@seed" and "P@all" are the others). */
int rp_jax_one_core(const json_t *r);
/* One full array of the workload at a run's sizes, in bytes. */
double rp_jax_unit(const json_t *r);
/* The one-core JAX programs (any_core: on any cores) of registered
 * workload w's JAX set (w->sets.jax) that a C variant stands for (variant
 * NULL: all of them), in the data's order: a new JSON array of their
 * labels (empty when none, always when w has no JAX set; NULL only when
 * out of memory). */
json_t *rp_jax_programs_of(const rp_data_t *D, const rp_workload_t *w,
    const char *variant, int any_core);
/* A JSON file of the data folder (jax-plan.json...), or NULL; the caller
 * frees it (json_decref). */
json_t *rp_jax_file(const rp_data_t *D, const char *name);
/* The verdict object a row of jax-verdicts.json (verdicts.py) is read by:
 * its CPU times decided beyond the noise between two processes of one
 * program where verdicts.py measured that (two programs run as two
 * processes), else by the samples alone (by_cpu); NULL for a NULL row.
 * Borrowed. */
const json_t *rp_jax_pair_verdict(const json_t *row);
/* The next row of a table of facts FAMILY.rowK (jaxprog.fixes.row0...):
 * its name rowK onto rows, its facts' prefix FAMILY.rowK into p. */
void rp_jax_next_row(json_t *rows, const char *family, char *p, size_t len);

#endif /* FB_RP_JAX_H */
