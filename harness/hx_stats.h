/*
 * hx_stats: the statistics the harness applies to timing samples: median and
 * quantiles, the median absolute deviation, a bootstrap confidence interval
 * of the median, outlier flags, a one-call summary, the Mann-Whitney U test
 * between two sets of samples, the Wilcoxon signed-rank test of paired
 * differences, and the exponent of a power-law fit.
 *
 * All functions are plain computations: no I/O, no global state, inputs are
 * never modified. Some allocate scratch memory (a sorted copy of the input)
 * and free it before returning; none keeps a pointer to its arguments.
 *
 * Limits:
 * - Samples must be finite; NaN or infinity in the input gives unspecified
 *   (but memory-safe) results.
 * - Functions returning a double return NAN on bad arguments (NULL, n == 0)
 *   or when scratch allocation fails; functions returning int return 0 on
 *   success and -1 on bad arguments or allocation failure.
 * - The bootstrap draws indices with Lemire's multiply-shift reduction of
 *   SplitMix64 output; its bias (at most n / 2^64) is far below resampling
 *   noise.
 * - The Mann-Whitney p value is the normal approximation (with tie and
 *   continuity corrections) except for small samples without ties, where it
 *   is exact; see hx_stats_mann_whitney.
 */
#ifndef FB_HX_STATS_H
#define FB_HX_STATS_H

#include <stddef.h>
#include <stdint.h>

/* The threshold on |modified z| that Iglewicz and Hoaglin recommend. */
#define HX_STATS_OUTLIER_Z 3.5
/* What hx_stats_summarize uses for its confidence interval. */
#define HX_STATS_SUMMARY_RESAMPLES 2000
#define HX_STATS_SUMMARY_LEVEL 0.95
#define HX_STATS_SUMMARY_SEED UINT64_C(0x5EEDF05EBE7C4)
/* A summary's CI counts as wide when wider than this fraction of |median|. */
#define HX_STATS_CI_WIDE_FRACTION 0.05
/* The fewest runs whose bootstrap interval of the median is narrower than
 * their range. Below it the percentile interval is the range of the runs,
 * which holds the median of their distribution with probability
 * 1 - 2^(1-n) whatever that distribution (93.75% for 5 runs), short of
 * HX_STATS_SUMMARY_LEVEL: it is labelled a range, not a 95% interval. */
#define HX_STATS_CI_MIN 6

/*
 * The median of x[0..n-1] (the mean of the two middle values when n is even).
 * Returns NAN when x is NULL, n == 0 or allocation fails.
 */
double hx_stats_median(const double *x, size_t n);

/*
 * The q-quantile of x[0..n-1] by linear interpolation between order
 * statistics (Hyndman and Fan type 7, R's default): with the sorted sample
 * s[0..n-1] and h = (n-1)q, s[floor h] + (h - floor h)(s[floor h + 1] -
 * s[floor h]). Returns NAN when x is NULL, n == 0, q is outside [0,1] or
 * allocation fails.
 */
double hx_stats_quantile(const double *x, size_t n, double q);

/*
 * The median absolute deviation from the median, unscaled (multiply by
 * 1.4826 to estimate a normal standard deviation). Returns NAN as
 * hx_stats_median.
 */
double hx_stats_mad(const double *x, size_t n);

/*
 * A percentile-bootstrap confidence interval of the median: resamples
 * samples of size n are drawn with replacement, and *lo, *hi are the type-7
 * quantiles (1-level)/2 and (1+level)/2 of their medians. The result depends
 * only on (x, n, resamples, level, seed). n == 1 gives *lo = *hi = x[0].
 * Returns 0, or -1 (and *lo, *hi untouched) when x, lo or hi is NULL, n == 0,
 * resamples == 0, level is outside (0,1) or allocation fails.
 */
int hx_stats_bootstrap_median_ci(const double *x, size_t n, unsigned resamples,
    double level, uint64_t seed, double *lo, double *hi);

/*
 * Flags outliers by the modified z-score of Iglewicz and Hoaglin,
 * z = 0.6745 (x - median) / MAD, |z| > threshold flagged.
 *
 * MAD == 0 (more than half the samples equal, common with a coarse clock):
 * the score uses the mean absolute deviation from the median instead,
 * z = (x - median) / (1.253314 MeanAD), as IBM SPSS does; 1.253314 =
 * sqrt(pi/2) makes MeanAD a normal standard deviation as 1/0.6745 does for
 * MAD. This flags the rare values that differ from the mode without flagging
 * every value that differs at all. If MeanAD is 0 too, all samples are equal
 * and none is flagged.
 *
 * flags, when not NULL, receives n entries, 1 for an outlier and 0 otherwise.
 * Returns the number of outliers; 0 when x is NULL or n == 0; SIZE_MAX when
 * allocation fails (flags then untouched).
 */
size_t hx_stats_outliers(
    const double *x, size_t n, double threshold, unsigned char *flags);

typedef struct hx_summary_s {
	size_t n;
	double median, mean, min, max;
	/* Unscaled median absolute deviation. */
	double mad;
	/* Bootstrap CI of the median: HX_STATS_SUMMARY_RESAMPLES resamples,
	 * level HX_STATS_SUMMARY_LEVEL, seed HX_STATS_SUMMARY_SEED. */
	double ci_lo, ci_hi;
	/* Type-7 quantiles. */
	double p90, p99;
	/* Count at threshold HX_STATS_OUTLIER_Z. */
	size_t outliers;
	/* 1 when ci_hi - ci_lo > HX_STATS_CI_WIDE_FRACTION * |median|. */
	int ci_wide;
} hx_summary_t;

/*
 * Fills *s with the summary of x[0..n-1]. Deterministic (fixed seed).
 * Returns 0, or -1 (and *s unspecified) when x or s is NULL, n == 0 or
 * allocation fails.
 */
int hx_stats_summarize(const double *x, size_t n, hx_summary_t *s);

typedef struct hx_mwu_s {
	/* U of sample a: the number of pairs (a_i, b_j) with a_i > b_j, ties
	 * counting one half. U of b is na * nb - u. */
	double u;
	/* The normal approximation's z, continuity- and tie-corrected; its sign
	 * says which sample tends larger (positive: a). 0 when every value is
	 * tied. */
	double z;
	/* Two-sided p value. */
	double p;
	/* 1 when p is the exact permutation p value, 0 when it is the normal
	 * approximation's. */
	int exact;
} hx_mwu_t;

/* Exact p values are computed when na and nb are both at most this and no
 * value is tied. */
#define HX_STATS_MWU_EXACT_MAX 10

/*
 * The two-sided Mann-Whitney U (Wilcoxon rank-sum) test of a against b.
 * Ties receive their average rank. When na, nb <= HX_STATS_MWU_EXACT_MAX and
 * no value is tied, p is exact: 2 min(P(U <= u), P(U >= u)) under the
 * permutation distribution, capped at 1. Otherwise p comes from
 * z = (u - na nb/2 -+ 1/2) / sigma, with sigma^2 = na nb/12 ((N+1) -
 * sum(t^3 - t)/(N(N-1))) over tie groups of size t. Returns 0, or -1 when a,
 * b or out is NULL, na == 0, nb == 0 or allocation fails.
 */
int hx_stats_mann_whitney(
    const double *a, size_t na, const double *b, size_t nb, hx_mwu_t *out);

/* The signed-rank test's p is exact up to this many nonzero differences
 * (a count for each sum of doubled ranks, at most n (n + 1) of them). */
#define HX_STATS_SIGNED_RANK_EXACT_MAX 50

/*
 * The two-sided Wilcoxon signed-rank test of paired differences d (each
 * pair's a - b): does the median difference differ from 0? Zero
 * differences are dropped (Wilcoxon's convention); the others are ranked
 * by |d|, ties at their average rank, and w is the sum of the positive
 * ones' ranks. With m of them, up to HX_STATS_SIGNED_RANK_EXACT_MAX, p
 * is exact, 2 min(P(W <= w), P(W >= w)) over the 2^m equally likely signs
 * of the ranks as they are (ties included), capped at 1; above, the
 * normal approximation with tie and continuity corrections. p is 1 when
 * every difference is 0. Without zeros or ties the smallest p is 2 / 2^m:
 * 7 pairs can reach 0.0156. Returns 0, or -1 when d or p is NULL, n == 0,
 * a difference is not finite or memory runs out.
 */
int hx_stats_signed_rank(const double *d, size_t n, double *p);

/*
 * The one-sided sign test: P(X <= k) for X ~ Binomial(n, 1/2), the chance
 * that k or fewer of n samples fall on one side when each side is as
 * likely. 1 when k >= n.
 */
double hx_stats_sign_test(size_t k, size_t n);

/*
 * The smallest two-sided p that hx_stats_mann_whitney can return for
 * samples of sizes na and nb (every value of one sample above every value
 * of the other): 2 / C(na + nb, na) where the test is exact. NAN when a
 * side has fewer than 2 values or memory runs out.
 */
double hx_stats_mwu_min_p(size_t na, size_t nb);

/*
 * The bootstrap interval (percentiles, level e.g. 0.95) of median(b) /
 * median(a), each sample resampled apart with the fixed seed. Returns 0, or
 * -1 when a side is empty, a median of a resample is 0, or memory runs
 * out.
 */
int hx_stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
    unsigned resamples, double level, double *lo, double *hi);

/* What hx_stats_verdict found: which run is faster, "the same within the
 * margin", or not decided at the runs' noise. */
typedef enum hx_verdict_word_e {
	HX_VERDICT_UNDECIDED = 0, /* not decided at this noise */
	HX_VERDICT_FIRST,         /* the first run (a) is faster */
	HX_VERDICT_SECOND,        /* the second run (b) is faster */
	HX_VERDICT_SAME,          /* the same within the margin */
} hx_verdict_word_t;

typedef struct hx_verdict_s {
	hx_verdict_word_t word;
	double ratio;     /* median(b) / median(a): above 1, a is faster */
	double lo, hi;    /* its bootstrap interval at the level asked */
	double p;         /* the Mann-Whitney test's two-sided p */
	double spread[2]; /* each set's (max - min) / median */
} hx_verdict_t;

/* The bootstrap a verdict draws: enough resamples that the interval's
 * ends move by well under a percent between seeds. */
#define HX_VERDICT_RESAMPLES 2000

/*
 * Which of two runs is faster, decided by their own samples (times a of
 * the first, b of the second) as variants/jax/fb_verdict.py decides it, so
 * that a verdict does not flip with the load: decided only when the
 * bootstrap interval of median(b) / median(a) (hx_stats_ratio_ci, its
 * fixed seed: the same samples give the same verdict) lies beyond the
 * margin (above 1 + margin, or below 1 / (1 + margin)) AND the U test's p
 * is below 1 - level; "the same" when margin > 0 and the whole interval
 * lies inside it; else not decided at this noise. With 3 samples a side
 * the U test's smallest p is 0.1: three cannot decide at level 0.95.
 * Returns 0, or -1 when a side has fewer than 2 samples, a time is not
 * positive, level is outside (0,1), margin < 0, or memory runs out.
 */
int hx_stats_verdict(const double *a, size_t na, const double *b, size_t nb,
    double margin, double level, hx_verdict_t *out);

/*
 * The least-squares slope k of log y on log x, for "time per step ~ N^k".
 * *r2, when r2 is not NULL, receives the coefficient of determination of that
 * fit in log-log space (1 when every residual is 0). Returns NAN (and *r2 NAN)
 * when x or y is NULL, n < 2, any x or y is not positive, or all x are equal.
 */
double hx_stats_fit_exponent(
    const double *x, const double *y, size_t n, double *r2);

#endif /* FB_HX_STATS_H */
