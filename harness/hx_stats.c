/*
 * hx_stats: see hx_stats.h. Everything here works on a sorted private copy of
 * the input; the caller's arrays are read-only.
 */
#include "hx_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix.h"

static int
hx_stats_cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* A sorted malloc'd copy of x[0..n-1] the caller frees; NULL on failure. */
static double *
hx_stats_sorted_copy(const double *x, size_t n)
{
	double *s = malloc(n * sizeof(*s));

	if (s == NULL)
		return NULL;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), hx_stats_cmp_double);
	return s;
}

static double
hx_stats_midpoint(double a, double b)
{
	return 0.5 * (a + b);
}

static double
hx_stats_median_sorted(const double *s, size_t n)
{
	return hx_stats_midpoint(s[(n - 1) / 2], s[n / 2]);
}

/* Type 7 on a sorted sample; q in [0,1]. */
static double
hx_stats_quantile_sorted(const double *s, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	if (lo >= n - 1)
		return s[n - 1];
	return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

double
hx_stats_median(const double *x, size_t n)
{
	double ret = NAN;
	double *s = NULL;

	if (x == NULL || n == 0)
		goto label_return;
	s = hx_stats_sorted_copy(x, n);
	if (s == NULL)
		goto label_return;
	ret = hx_stats_median_sorted(s, n);
label_return:
	free(s);
	return ret;
}

double
hx_stats_quantile(const double *x, size_t n, double q)
{
	double ret = NAN;
	double *s = NULL;

	/* Written so that NaN q fails too. */
	if (x == NULL || n == 0 || !(q >= 0.0 && q <= 1.0))
		goto label_return;
	s = hx_stats_sorted_copy(x, n);
	if (s == NULL)
		goto label_return;
	ret = hx_stats_quantile_sorted(s, n, q);
label_return:
	free(s);
	return ret;
}

/* The MAD of a sorted sample with median med; dev is n doubles of scratch. */
static double
hx_stats_mad_sorted(const double *s, size_t n, double med, double *dev)
{
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(s[i] - med);
	qsort(dev, n, sizeof(*dev), hx_stats_cmp_double);
	return hx_stats_median_sorted(dev, n);
}

double
hx_stats_mad(const double *x, size_t n)
{
	double ret = NAN;
	double *s = NULL, *dev = NULL;

	if (x == NULL || n == 0)
		goto label_return;
	s = hx_stats_sorted_copy(x, n);
	dev = malloc(n * sizeof(*dev));
	if (s == NULL || dev == NULL)
		goto label_return;
	ret = hx_stats_mad_sorted(s, n, hx_stats_median_sorted(s, n), dev);
label_return:
	free(s);
	free(dev);
	return ret;
}

__extension__ typedef unsigned __int128 hx_stats_u128_t;

/* A uniform index in [0,n) (Lemire's multiply-shift, bias <= n/2^64). */
static size_t
hx_stats_draw_index(uint64_t *state, size_t n)
{
	return (size_t)(((hx_stats_u128_t)splitmix_next(state) * n) >> 64);
}

/* The median of one resample of sorted s (count: n scratch entries). */
static double
hx_stats_resample_median(
    const double *s, size_t n, size_t *count, uint64_t *state)
{
	size_t cum = 0, rank_lo = (n - 1) / 2, rank_hi = n / 2;
	double v_lo = s[0], v_hi = s[0];
	int have_lo = 0;

	memset(count, 0, n * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		count[hx_stats_draw_index(state, n)]++;
	for (size_t i = 0; i < n; i++) {
		cum += count[i];
		if (!have_lo && rank_lo < cum) {
			v_lo = s[i];
			have_lo = 1;
		}
		if (rank_hi < cum) {
			v_hi = s[i];
			break;
		}
	}
	return hx_stats_midpoint(v_lo, v_hi);
}

/*
 * The bootstrap on a sorted sample: a resample is only a count per original
 * index, and its median is found by walking the cumulative counts, so each
 * resample costs O(n) with no sort.
 */
static int
hx_stats_bootstrap_sorted(const double *s, size_t n, unsigned resamples,
    double level, uint64_t seed, double *lo, double *hi)
{
	int ret = -1;
	size_t *count = NULL;
	double *medians = NULL;
	uint64_t state = seed;

	count = malloc(n * sizeof(*count));
	medians = malloc((size_t)resamples * sizeof(*medians));
	if (count == NULL || medians == NULL)
		goto label_return;
	for (unsigned r = 0; r < resamples; r++)
		medians[r] = hx_stats_resample_median(s, n, count, &state);
	qsort(medians, resamples, sizeof(*medians), hx_stats_cmp_double);
	*lo = hx_stats_quantile_sorted(medians, resamples, 0.5 * (1.0 - level));
	*hi = hx_stats_quantile_sorted(medians, resamples, 0.5 * (1.0 + level));
	ret = 0;
label_return:
	free(count);
	free(medians);
	return ret;
}

int
hx_stats_bootstrap_median_ci(const double *x, size_t n, unsigned resamples,
    double level, uint64_t seed, double *lo, double *hi)
{
	int ret = -1;
	double *s = NULL;

	if (x == NULL || n == 0 || resamples == 0 || lo == NULL || hi == NULL ||
	    !(level > 0.0 && level < 1.0))
		goto label_return;
	if (n == 1) {
		*lo = *hi = x[0];
		ret = 0;
		goto label_return;
	}
	s = hx_stats_sorted_copy(x, n);
	if (s == NULL)
		goto label_return;
	ret = hx_stats_bootstrap_sorted(s, n, resamples, level, seed, lo, hi);
label_return:
	free(s);
	return ret;
}

/* Outlier flags for x given its median and MAD. */
static size_t
hx_stats_outliers_with(const double *x, size_t n, double med, double mad,
    double threshold, unsigned char *flags)
{
	double scale;
	size_t count = 0;

	if (mad > 0.0) {
		scale = mad / 0.6745;
	} else {
		double sum = 0.0;

		for (size_t i = 0; i < n; i++)
			sum += fabs(x[i] - med);
		scale = 1.253314 * (sum / (double)n);
	}
	for (size_t i = 0; i < n; i++) {
		int out = scale > 0.0 && fabs(x[i] - med) / scale > threshold;

		if (flags != NULL)
			flags[i] = (unsigned char)out;
		count += (size_t)out;
	}
	return count;
}

size_t
hx_stats_outliers(
    const double *x, size_t n, double threshold, unsigned char *flags)
{
	size_t ret = 0;
	double *s = NULL, *dev = NULL;
	double med;

	if (x == NULL || n == 0)
		goto label_return;
	s = hx_stats_sorted_copy(x, n);
	dev = malloc(n * sizeof(*dev));
	if (s == NULL || dev == NULL) {
		ret = SIZE_MAX;
		goto label_return;
	}
	med = hx_stats_median_sorted(s, n);
	ret = hx_stats_outliers_with(
	    x, n, med, hx_stats_mad_sorted(s, n, med, dev), threshold, flags);
label_return:
	free(s);
	free(dev);
	return ret;
}

int
hx_stats_summarize(const double *x, size_t n, hx_summary_t *sum)
{
	int ret = -1;
	double *s = NULL, *dev = NULL;
	double total = 0.0;

	if (x == NULL || n == 0 || sum == NULL)
		goto label_return;
	s = hx_stats_sorted_copy(x, n);
	dev = malloc(n * sizeof(*dev));
	if (s == NULL || dev == NULL)
		goto label_return;
	for (size_t i = 0; i < n; i++)
		total += s[i];
	sum->n = n;
	sum->median = hx_stats_median_sorted(s, n);
	sum->mean = total / (double)n;
	sum->min = s[0];
	sum->max = s[n - 1];
	sum->mad = hx_stats_mad_sorted(s, n, sum->median, dev);
	sum->p90 = hx_stats_quantile_sorted(s, n, 0.90);
	sum->p99 = hx_stats_quantile_sorted(s, n, 0.99);
	sum->outliers = hx_stats_outliers_with(
	    x, n, sum->median, sum->mad, HX_STATS_OUTLIER_Z, NULL);
	if (n == 1) {
		sum->ci_lo = sum->ci_hi = s[0];
	} else if (hx_stats_bootstrap_sorted(s, n, HX_STATS_SUMMARY_RESAMPLES,
		       HX_STATS_SUMMARY_LEVEL, HX_STATS_SUMMARY_SEED,
		       &sum->ci_lo, &sum->ci_hi) != 0) {
		goto label_return;
	}
	sum->ci_wide = sum->ci_hi - sum->ci_lo >
	    HX_STATS_CI_WIDE_FRACTION * fabs(sum->median);
	ret = 0;
label_return:
	free(s);
	free(dev);
	return ret;
}

typedef struct hx_stats_tagged_s {
	double v;
	int from_a;
} hx_stats_tagged_t;

static int
hx_stats_cmp_tagged(const void *pa, const void *pb)
{
	return hx_stats_cmp_double(&((const hx_stats_tagged_t *)pa)->v,
	    &((const hx_stats_tagged_t *)pb)->v);
}

/*
 * The exact two-sided p of U = u (an integer) for sizes m, n without ties.
 * f(m,n,u), the number of orderings with U = u, obeys f(m,n,u) =
 * f(m-1,n,u-n) + f(m,n-1,u): the largest value is either an a, beating all
 * n b's, or a b. Returns -1 when allocation fails.
 */
static double
hx_stats_mwu_exact_p(size_t m, size_t n, size_t u)
{
	size_t umax = m * n, width = umax + 1;
	double *f = calloc((m + 1) * (n + 1) * width, sizeof(*f));
	double below = 0.0, above = 0.0, total = 0.0, p;

#define HX_F(i, j, k) f[((i) * (n + 1) + (j)) * width + (k)]
	if (f == NULL)
		return -1.0;
	for (size_t i = 0; i <= m; i++) {
		for (size_t j = 0; j <= n; j++) {
			if (i == 0 || j == 0) {
				HX_F(i, j, 0) = 1.0;
				continue;
			}
			for (size_t k = 0; k <= i * j; k++) {
				double v = HX_F(i, j - 1, k);

				if (k >= j)
					v += HX_F(i - 1, j, k - j);
				HX_F(i, j, k) = v;
			}
		}
	}
	for (size_t k = 0; k <= umax; k++) {
		total += HX_F(m, n, k);
		if (k <= u)
			below += HX_F(m, n, k);
		if (k >= u)
			above += HX_F(m, n, k);
	}
#undef HX_F
	free(f);
	p = 2.0 * fmin(below, above) / total;
	return p > 1.0 ? 1.0 : p;
}

int
hx_stats_mann_whitney(
    const double *a, size_t na, const double *b, size_t nb, hx_mwu_t *out)
{
	int ret = -1;
	hx_stats_tagged_t *all = NULL;
	size_t total = na + nb;
	double rank_sum_a = 0.0, tie_term = 0.0;
	double mean, var, d;
	int tied = 0;

	if (a == NULL || b == NULL || out == NULL || na == 0 || nb == 0)
		goto label_return;
	all = malloc(total * sizeof(*all));
	if (all == NULL)
		goto label_return;
	for (size_t i = 0; i < na; i++)
		all[i] = (hx_stats_tagged_t){a[i], 1};
	for (size_t i = 0; i < nb; i++)
		all[na + i] = (hx_stats_tagged_t){b[i], 0};
	qsort(all, total, sizeof(*all), hx_stats_cmp_tagged);
	for (size_t i = 0; i < total;) {
		size_t j = i + 1;
		double t, rank;

		while (j < total && all[j].v == all[i].v)
			j++;
		/* Positions i..j-1 share ranks i+1..j; their average. */
		t = (double)(j - i);
		rank = 0.5 * ((double)(i + 1) + (double)j);
		for (size_t k = i; k < j; k++)
			rank_sum_a += all[k].from_a ? rank : 0.0;
		if (j - i > 1) {
			tied = 1;
			tie_term += t * t * t - t;
		}
		i = j;
	}
	out->u = rank_sum_a - 0.5 * (double)na * (double)(na + 1);
	mean = 0.5 * (double)na * (double)nb;
	var = (double)na * (double)nb / 12.0 *
	    (((double)total + 1.0) -
		tie_term / ((double)total * ((double)total - 1.0)));
	d = out->u - mean;
	d = d > 0.5 ? d - 0.5 : (d < -0.5 ? d + 0.5 : 0.0);
	out->z = var > 0.0 ? d / sqrt(var) : 0.0;
	out->p = fmin(1.0, erfc(fabs(out->z) / sqrt(2.0)));
	out->exact = 0;
	if (!tied && na <= HX_STATS_MWU_EXACT_MAX &&
	    nb <= HX_STATS_MWU_EXACT_MAX) {
		double p = hx_stats_mwu_exact_p(na, nb, (size_t)out->u);

		if (p < 0.0)
			goto label_return;
		out->p = p;
		out->exact = 1;
	}
	ret = 0;
label_return:
	free(all);
	return ret;
}

double
hx_stats_fit_exponent(const double *x, const double *y, size_t n, double *r2)
{
	double ret = NAN, fit = NAN;
	double mx = 0.0, my = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0;

	if (x == NULL || y == NULL || n < 2)
		goto label_return;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0.0 && y[i] > 0.0))
			goto label_return;
		mx += log(x[i]);
		my += log(y[i]);
	}
	mx /= (double)n;
	my /= (double)n;
	for (size_t i = 0; i < n; i++) {
		double dx = log(x[i]) - mx, dy = log(y[i]) - my;

		sxx += dx * dx;
		sxy += dx * dy;
		syy += dy * dy;
	}
	if (!(sxx > 0.0))
		goto label_return;
	ret = sxy / sxx;
	fit = syy > 0.0 ? fmin(1.0, sxy * sxy / (sxx * syy)) : 1.0;
label_return:
	if (r2 != NULL)
		*r2 = fit;
	return ret;
}

int
hx_stats_signed_rank(const double *d, size_t n, double *p)
{
	hx_stats_tagged_t *a; /* |d|, tagged when d is positive */
	double *count = NULL, w2 = 0.0, tie_term = 0.0;
	size_t m = 0, total = 0;
	int ret = -1;

	if (d == NULL || p == NULL || n == 0 ||
	    (a = malloc(n * sizeof(*a))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(d[i]))
			goto label_return;
		if (d[i] != 0.0)
			a[m++] = (hx_stats_tagged_t){fabs(d[i]), d[i] > 0.0};
	}
	qsort(a, m, sizeof(*a), hx_stats_cmp_tagged);
	/* count[s]: the sign choices whose positive doubled ranks sum to s,
	 * built rank by rank; only where p is exact. */
	if (m > 0 && m <= HX_STATS_SIGNED_RANK_EXACT_MAX) {
		if ((count = calloc(m * (m + 1) + 1, sizeof(*count))) == NULL)
			goto label_return;
		count[0] = 1.0;
	}
	/* w2: twice w, the positive differences' doubled average ranks (an
	 * integer each), so that the exact count can index by it. */
	for (size_t i = 0; i < m;) {
		size_t j = i + 1, r2;

		while (j < m && a[j].v == a[i].v)
			j++;
		r2 = i + 1 + j; /* twice the average of ranks i+1..j */
		for (size_t k = i; k < j; k++) {
			w2 += a[k].from_a ? (double)r2 : 0.0;
			for (size_t s = total + r2; count != NULL && s >= r2;
			     s--)
				count[s] += count[s - r2];
			total += r2;
		}
		tie_term += (double)((j - i) * (j - i) * (j - i) - (j - i));
		i = j;
	}
	*p = 1.0;
	if (count != NULL) {
		double below = 0.0, above = 0.0, all = 0.0;

		for (size_t s = 0; s <= total; s++) {
			all += count[s];
			below += (double)s <= w2 ? count[s] : 0.0;
			above += (double)s >= w2 ? count[s] : 0.0;
		}
		*p = fmin(1.0, 2.0 * fmin(below, above) / all);
	} else if (m > 0) {
		double nm = (double)m, mean = nm * (nm + 1.0) / 4.0;
		double var =
		    nm * (nm + 1.0) * (2.0 * nm + 1.0) / 24.0 - tie_term / 48.0;
		double z = fabs(w2 / 2.0 - mean) - 0.5;

		*p = var > 0.0 && z > 0.0
		    ? fmin(1.0, erfc(z / sqrt(var) / sqrt(2.0)))
		    : 1.0;
	}
	ret = 0;
label_return:
	free(count);
	free(a);
	return ret;
}

double
hx_stats_sign_test(size_t k, size_t n)
{
	double p = 0.0;

	if (k >= n)
		return 1.0;
	/* In logs: C(n, i) / 2^n underflows a double from n of about 1,100. */
	for (size_t i = 0; i <= k; i++)
		p += exp(lgamma((double)n + 1.0) - lgamma((double)i + 1.0) -
		    lgamma((double)(n - i) + 1.0) - (double)n * M_LN2);
	return fmin(1.0, p);
}

double
hx_stats_mwu_min_p(size_t na, size_t nb)
{
	double *x = NULL, p = NAN;
	hx_mwu_t t;

	if (na < 2 || nb < 2 || (x = malloc((na + nb) * sizeof(*x))) == NULL)
		return NAN;
	for (size_t i = 0; i < na + nb; i++)
		x[i] = (double)i;
	if (hx_stats_mann_whitney(x, na, x + na, nb, &t) == 0)
		p = t.p;
	free(x);
	return p;
}

int
hx_stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
    unsigned resamples, double level, double *lo, double *hi)
{
	double *sa = NULL, *sb = NULL, *ratios = NULL;
	size_t *count = NULL;
	uint64_t state = 0x5eed5eedULL;
	int ret = -1;

	if (na == 0 || nb == 0 || resamples == 0)
		return -1;
	sa = hx_stats_sorted_copy(a, na);
	sb = hx_stats_sorted_copy(b, nb);
	count = malloc((na > nb ? na : nb) * sizeof(*count));
	ratios = malloc((size_t)resamples * sizeof(*ratios));
	if (sa == NULL || sb == NULL || count == NULL || ratios == NULL)
		goto label_return;
	for (unsigned r = 0; r < resamples; r++) {
		double ma = hx_stats_resample_median(sa, na, count, &state);
		double mb = hx_stats_resample_median(sb, nb, count, &state);
		if (ma == 0)
			goto label_return;
		ratios[r] = mb / ma;
	}
	qsort(ratios, resamples, sizeof(*ratios), hx_stats_cmp_double);
	*lo = hx_stats_quantile_sorted(ratios, resamples, 0.5 * (1.0 - level));
	*hi = hx_stats_quantile_sorted(ratios, resamples, 0.5 * (1.0 + level));
	ret = 0;
label_return:
	free(sa);
	free(sb);
	free(count);
	free(ratios);
	return ret;
}

/* The set's range over its median: the noise one run shows. */
static double
hx_stats_spread(const double *x, size_t n)
{
	double lo = x[0], hi = x[0], m = hx_stats_median(x, n);

	for (size_t i = 1; i < n; i++) {
		lo = x[i] < lo ? x[i] : lo;
		hi = x[i] > hi ? x[i] : hi;
	}
	return m > 0 ? (hi - lo) / m : NAN;
}

/* Whether every value is finite and positive (a time). */
static int
hx_stats_all_positive(const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0) || !isfinite(x[i]))
			return 0;
	return 1;
}

int
hx_stats_verdict(const double *a, size_t na, const double *b, size_t nb,
    double margin, double level, hx_verdict_t *out)
{
	double up = 1.0 + margin, down = 1.0 / (1.0 + margin);
	int sure;
	hx_mwu_t t;

	if (a == NULL || b == NULL || out == NULL || na < 2 || nb < 2 ||
	    !(level > 0 && level < 1) || !(margin >= 0) ||
	    !hx_stats_all_positive(a, na) || !hx_stats_all_positive(b, nb))
		return -1;
	if (hx_stats_mann_whitney(a, na, b, nb, &t) != 0 ||
	    hx_stats_ratio_ci(a, na, b, nb, HX_VERDICT_RESAMPLES, level,
		&out->lo, &out->hi) != 0)
		return -1;
	out->ratio = hx_stats_median(b, nb) / hx_stats_median(a, na);
	out->p = t.p;
	out->spread[0] = hx_stats_spread(a, na);
	out->spread[1] = hx_stats_spread(b, nb);
	sure = t.p < 1.0 - level;
	if (out->lo > up && sure)
		out->word = HX_VERDICT_FIRST;
	else if (out->hi < down && sure)
		out->word = HX_VERDICT_SECOND;
	else if (margin > 0 && out->lo >= down && out->hi <= up)
		out->word = HX_VERDICT_SAME;
	else
		out->word = HX_VERDICT_UNDECIDED;
	return 0;
}
