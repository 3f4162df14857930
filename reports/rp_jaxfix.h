/*
 * rp_jaxfix: the fixes in JAX. The fast C variants' schedules written as
 * JAX programs (variants/jax: interp hoisted, hoisted_map, hoisted_cache,
 * sorted, scan; colony chunked, cells), measured by reports/jax-sweep.sh
 * beside the C variant each stands for, and printed as part of "The same
 * programs in JAX" (rp_jax_write calls rp_jaxfix_write once).
 *
 * Prints: Table J4 (each fix's XLA temporaries, peak RSS less the baseline,
 * first call and warm calls with their range, against the question's own
 * jitted program at the same size); one line a fix on whether it pays;
 * Table J5, *same schedule*: each one-core JAX program against the C
 * variant it stands for, the C run's thread count read from the run (one
 * thread only; a run of more threads is never taken); and *best against
 * best*: the fastest one-thread C variant against the fastest one-core JAX
 * program at each size.
 *
 * Reads the sets jax-interp, jax-colony, jax-colony-large (JAX) and
 * jax-c-interp*, jax-c-colony*, jax-c-large-colony (C), by name.
 *
 * Limits: a warm call's range is min..max of its calls (with 5 calls it
 * holds the true median with probability 94%); a fix whose range overlaps
 * the question's is "not distinguishable", never a win.
 */
#ifndef FB_RP_JAXFIX_H
#define FB_RP_JAXFIX_H

#include <stddef.h>

#include "rp_report.h"
#include "rp_workloads.h"

/* One fix: the JAX program of a C variant's schedule, the set it is
 * measured in (the JAX set of the workload that answers the question, at
 * its size or its large size: rp_jaxfix_set), and the question's jitted
 * program it is set against. */
typedef struct rp_jaxfix_s {
	rp_question_t answers; /* the question its workload answers */
	int large;             /* 1: rp_workload_sets_t.jax_large */
	const char *program;   /* the fix */
	const char *question;  /* the question's jitted program */
} rp_jaxfix_t;

/* The JAX set f is measured in (rp_workload_sets_t.jax or jax_large). */
const char *rp_jaxfix_set(const rp_jaxfix_t *f);

extern const rp_jaxfix_t rp_jaxfixes[];
extern const size_t rp_jaxfixes_count;

typedef enum {
	RP_JAXFIX_PAYS,   /* every call faster than every question call */
	RP_JAXFIX_COSTS,  /* every call slower */
	RP_JAXFIX_EVEN,   /* the ranges overlap */
	RP_JAXFIX_UNKNOWN /* a figure is missing */
} rp_jaxfix_pay_t;

/* Whether a fix pays against the question: from the two ranges of warm
 * unit times [lo, hi]; pure. */
rp_jaxfix_pay_t rp_jaxfix_pays(
    double fix_lo, double fix_hi, double q_lo, double q_hi);
/* "pays", "costs", "not distinguishable", "not measured". */
const char *rp_jaxfix_pay_word(rp_jaxfix_pay_t p);

/* A JAX run's warm calls: their count, median, min and max; per call, or
 * with per_unit per unit of work (a whole interp run, one colony step: a
 * call of K steps over K; none for colony's pair). 0 and NANs without. */
size_t rp_jaxfix_warm(
    const json_t *r, int per_unit, double *med, double *lo, double *hi);
/* "median (lo-hi, k calls)" into buf; "n/a (first call only)" without. */
const char *rp_jaxfix_warm_cell(
    const json_t *r, int per_unit, char *buf, size_t len);

/* The first ok jemalloc run of variant in a C set pattern whose thread
 * count (rp_jax_c_threads) is one; NULL when none. */
const json_t *rp_jaxfix_c_one_thread(const rp_data_t *D, const char *c_set,
    const char *workload, const char *variant);

/* The fixes' tables and lines, the same-schedule and best-against-best
 * comparisons, into R->md. */
void rp_jaxfix_write(rp_report_t *R);

#endif /* FB_RP_JAXFIX_H */
