/*
 * hx_compare: `harness compare OLD NEW`, the change between two result files,
 * so that a later change to a variant or to the harness can be guarded.
 *
 * Runs are matched by workload, variant and parameters (every one in the
 * params object, the harness's and the workload's own); the allocator is not
 * part of the key, so a glibc file can be compared with a jemalloc one. For
 * each pair it reports the median time before and after, the change in percent,
 * the two-sided Mann-Whitney U p value of the timed samples (time_s.samples),
 * the peak workspace change and the change of every counter that both runs
 * counted.
 *
 * A pair is a regression when
 *   - its median time grew by more than the threshold (percent) and the
 *     samples differ with p < alpha, or
 *   - its peak workspace grew by more than the threshold (percent) and by
 *     more than HX_COMPARE_MEM_FLOOR bytes (so that 0 B -> 16 B is not one).
 * Before testing, it computes the smallest p the test can reach with the
 * sample sizes it has (hx_stats_mwu_min_p: 0.1 with 3 against 3). When that
 * is not below alpha, no outcome of the test could be significant, so the
 * pair is "inconclusive" (never "no significant change"), with the number
 * of repeats a side that would make the test able to decide. It also gives
 * a bootstrap 95% interval of the ratio of the medians (new / old), and
 * warns when the two files come from different hosts, CPUs, compilers,
 * flags or allocators.
 *
 * Limits: with fewer than 2 samples on a side no time change can be
 * significant, so the time is reported "untested" (and inconclusive); peak
 * RSS and counters are reported, never flagged (they move with the kernel
 * and the machine more than with the code); runs whose status is not "ok"
 * are listed and not compared.
 */
#ifndef FB_HX_COMPARE_H
#define FB_HX_COMPARE_H

#include <getopt.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* The exit status of `harness compare` when it found a regression, and
 * when it found none but could not decide for some pair (too few
 * samples). */
#define HX_COMPARE_EXIT_REGRESSION 3
#define HX_COMPARE_EXIT_INCONCLUSIVE 4
/* Workspace growth below this many bytes is never a regression. */
#define HX_COMPARE_MEM_FLOOR 4096.0

typedef struct hx_compare_opts_s {
	double threshold_pct; /* 5 */
	double alpha;         /* 0.05 */
} hx_compare_opts_t;

typedef struct hx_compare_verdict_s {
	double old_median, new_median;
	double time_change_pct; /* (new - old) / old * 100 */
	double p; /* Mann-Whitney two-sided p; NAN when untested */
	size_t old_samples, new_samples;
	double old_peak, new_peak; /* workspace bytes; NAN when unknown */
	double peak_change_pct;    /* NAN when either is unknown or old is 0 */
	int time_tested;           /* both sides had >= 2 samples */
	int slower, faster;        /* beyond the threshold with p < alpha */
	int memory_grew;           /* beyond the threshold and the floor */
	int regression;            /* slower || memory_grew */
	/* The smallest p reachable with these sample sizes (NAN: untested);
	 * inconclusive when it is not below alpha, and the repeats a side
	 * that would bring it below. */
	double min_p;
	int inconclusive;
	size_t repeats_needed;
	/* new median / old median, and its bootstrap 95% interval (NAN
	 * with fewer than 2 samples a side). */
	double ratio, ratio_lo, ratio_hi;
} hx_compare_verdict_t;

/* The fewest samples a side (equal sides) for which the test can give
 * p < alpha. */
size_t hx_compare_repeats_needed(double alpha);

/* Fills *o with the defaults (5 %, 0.05). */
void hx_compare_opts_init(hx_compare_opts_t *o);

/*
 * Compares one old and one new result object (the caller matched them).
 * Returns 0 and fills *v, or -1 when a result lacks time_s.median (not a
 * finished run) or memory runs out.
 */
int hx_compare_runs(const json_t *old_r, const json_t *new_r,
    const hx_compare_opts_t *o, hx_compare_verdict_t *v);

/*
 * Reads a result file: JSON lines, one result object, or an array of them.
 * Returns a new array of objects owned by the caller, or NULL with a
 * one-line reason in msg (unreadable, not JSON, not a result object).
 */
json_t *hx_compare_load(const char *path, char *msg, size_t msglen);

/* 1 when a and b are the same workload, variant and parameters. */
int hx_compare_same_run(const json_t *a, const json_t *b);

/* The comparison of two lists of results: every old run against its first
 * unused match among the new ones, with its verdict and figures, and a
 * warning for each machine field the first runs differ in. New reference,
 * or NULL when out of memory. */
json_t *hx_compare_build(
    const json_t *old_runs, const json_t *new_runs, const hx_compare_opts_t *o);

/* argv[0] is "compare". Returns 0 (no regression), 3 (a regression),
 * 2 (bad usage or input) or 1 (failure). */
int hx_compare_main(int argc, char **argv);

/* `harness compare --help`, and the options it reads (getopt_long's
 * table in o, at least 8 entries; the count). */
void hx_compare_usage(FILE *f);
size_t hx_compare_options(struct option *o);

#endif /* FB_HX_COMPARE_H */
