/*
 * Unit tests of hx_stats against values computed by hand (shown in the
 * comments) or by a brute-force check that shares no code with the module.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "hx_stats.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

Test(stats, median_odd_and_even)
{
	const double odd[] = {5.0, 1.0, 9.0, 3.0, 7.0};
	const double even[] = {4.0, 1.0, 10.0, 3.0};
	const double one[] = {42.0};
	double copy[ARRAY_LEN(odd)];

	memcpy(copy, odd, sizeof(odd));
	cr_assert_eq(hx_stats_median(odd, 5), 5.0, "median {5,1,9,3,7} = %g",
	    hx_stats_median(odd, 5));
	cr_assert_eq(hx_stats_median(even, 4), 3.5, "median {4,1,10,3} = %g",
	    hx_stats_median(even, 4));
	cr_assert_eq(hx_stats_median(one, 1), 42.0);
	cr_assert(memcmp(copy, odd, sizeof(odd)) == 0, "input was modified");
	cr_assert(isnan(hx_stats_median(odd, 0)), "n == 0 must give NAN");
	cr_assert(isnan(hx_stats_median(NULL, 3)), "NULL must give NAN");
}

Test(stats, quantile_type7)
{
	/* Sorted: 1 3 4 7 9 12 15 20 22 30; h = 9q.
	 * R: quantile(x, c(0, .1, .25, .5, .9, .99, 1), type = 7)
	 *    = 1, 2.8, 4.75, 10.5, 22.8, 29.28, 30. */
	const double x[] = {12, 3, 30, 1, 9, 22, 4, 15, 7, 20};
	const double q[] = {0.0, 0.1, 0.25, 0.5, 0.9, 0.99, 1.0};
	const double want[] = {1.0, 2.8, 4.75, 10.5, 22.8, 29.28, 30.0};

	for (size_t i = 0; i < ARRAY_LEN(q); i++) {
		double got = hx_stats_quantile(x, ARRAY_LEN(x), q[i]);

		cr_assert_float_eq(got, want[i], 1e-12,
		    "quantile(q=%g) = %.17g, want %g", q[i], got, want[i]);
	}
	cr_assert(isnan(hx_stats_quantile(x, ARRAY_LEN(x), 1.5)));
	cr_assert(isnan(hx_stats_quantile(x, ARRAY_LEN(x), -0.1)));
	cr_assert(isnan(hx_stats_quantile(x, ARRAY_LEN(x), NAN)));
}

/* Sorted: 9.8 9.9 9.9 10.0 10.0 10.1 10.1 10.2 10.3 25.0; median 10.05.
 * |x - 10.05| sorted: .05 .05 .05 .05 .15 .15 .15 .25 .25 14.95; MAD .15.
 * z(25.0) = 0.6745 * 14.95 / .15 = 67.2; the next largest, z(9.8) and
 * z(10.3) = 0.6745 * .25 / .15 = 1.12. */
static const double spread[] = {
    10.1, 10.3, 9.9, 10.0, 10.2, 9.8, 10.1, 25.0, 10.0, 9.9};

Test(stats, mad)
{
	double got = hx_stats_mad(spread, ARRAY_LEN(spread));
	const double flat[] = {3.0, 3.0, 3.0};

	cr_assert_float_eq(got, 0.15, 1e-12, "MAD = %.17g, want 0.15", got);
	cr_assert_eq(hx_stats_mad(flat, 3), 0.0);
	/* {1,2,3,4,100}: median 3, deviations 2 1 0 1 97, MAD 1. */
	const double five[] = {1, 2, 3, 4, 100};
	cr_assert_eq(
	    hx_stats_mad(five, 5), 1.0, "MAD = %g", hx_stats_mad(five, 5));
}

Test(stats, outliers_one_obvious)
{
	unsigned char flags[ARRAY_LEN(spread)];
	size_t count = hx_stats_outliers(
	    spread, ARRAY_LEN(spread), HX_STATS_OUTLIER_Z, flags);

	cr_assert_eq(count, 1, "count = %zu, want 1", count);
	for (size_t i = 0; i < ARRAY_LEN(spread); i++)
		cr_assert_eq(flags[i], i == 7, "flag[%zu] (x=%g) = %d", i,
		    spread[i], flags[i]);
	/* A threshold below z(9.8) = z(10.3) = 1.12 and above z(9.9) = .67
	 * flags those two tails as well. */
	cr_assert_eq(
	    hx_stats_outliers(spread, ARRAY_LEN(spread), 1.0, NULL), 3);
}

Test(stats, outliers_mad_zero)
{
	/* MAD 0; MeanAD = 2/7, scale 1.253314 * 2/7 = 0.358, z(7) = 5.58. */
	const double mode[] = {5, 5, 5, 5, 5, 5, 7};
	const double flat[] = {5, 5, 5, 5};
	unsigned char flags[ARRAY_LEN(mode)];

	cr_assert_eq(hx_stats_outliers(mode, 7, 3.5, flags), 1);
	cr_assert_eq(flags[6], 1);
	cr_assert_eq(flags[0], 0);
	/* z(7) = 5.58 is below 6. */
	cr_assert_eq(hx_stats_outliers(mode, 7, 6.0, NULL), 0);
	cr_assert_eq(hx_stats_outliers(flat, 4, 3.5, NULL), 0);
}

/* n samples around center with spread width, fixed and irregular. */
static void
fill_noisy(double *x, size_t n, double center, double width)
{
	uint64_t s = 12345;

	for (size_t i = 0; i < n; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		x[i] = center + width * ((double)(s >> 11) * 0x1p-53 - 0.5);
	}
}

Test(stats, bootstrap_ci)
{
	double wide[200], narrow[200];
	double lo, hi, lo2, hi2, nlo, nhi;
	double med;

	fill_noisy(wide, 200, 100.0, 20.0);
	fill_noisy(narrow, 200, 100.0, 2.0);
	med = hx_stats_median(wide, 200);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(wide, 200, 2000, 0.95, 7, &lo, &hi),
	    0);
	cr_assert(lo <= med && med <= hi, "CI [%g, %g] misses median %g", lo,
	    hi, med);
	cr_assert(lo < hi, "CI [%g, %g] is empty", lo, hi);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(wide, 200, 2000, 0.95, 7, &lo2, &hi2),
	    0);
	cr_assert(lo == lo2 && hi == hi2,
	    "seed 7 gave [%.17g, %.17g] then "
	    "[%.17g, %.17g]",
	    lo, hi, lo2, hi2);
	cr_assert_eq(hx_stats_bootstrap_median_ci(
			 narrow, 200, 2000, 0.95, 7, &nlo, &nhi),
	    0);
	cr_assert(nhi - nlo < 0.5 * (hi - lo),
	    "narrow CI width %g not below "
	    "half the wide %g",
	    nhi - nlo, hi - lo);
	/* A higher level gives an interval at least as wide. */
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(wide, 200, 2000, 0.99, 7, &lo2, &hi2),
	    0);
	cr_assert(lo2 <= lo && hi2 >= hi, "99%% [%g, %g] inside 95%% [%g, %g]",
	    lo2, hi2, lo, hi);
}

Test(stats, bootstrap_edges)
{
	const double one[] = {3.25};
	double lo = 0, hi = 0;

	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(one, 1, 100, 0.95, 1, &lo, &hi), 0);
	cr_assert(lo == 3.25 && hi == 3.25, "n=1 gave [%g, %g]", lo, hi);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(one, 0, 100, 0.95, 1, &lo, &hi), -1);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(one, 1, 0, 0.95, 1, &lo, &hi), -1);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(one, 1, 100, 1.0, 1, &lo, &hi), -1);
	cr_assert_eq(
	    hx_stats_bootstrap_median_ci(one, 1, 100, 0.95, 1, NULL, &hi), -1);
}

Test(stats, summarize)
{
	hx_summary_t s, s2;

	cr_assert_eq(hx_stats_summarize(spread, ARRAY_LEN(spread), &s), 0);
	cr_assert_eq(s.n, 10);
	cr_assert_float_eq(s.median, 10.05, 1e-12, "median %g", s.median);
	/* Sum 125.3. */
	cr_assert_float_eq(s.mean, 11.53, 1e-12, "mean %g", s.mean);
	cr_assert_eq(s.min, 9.8);
	cr_assert_eq(s.max, 25.0);
	cr_assert_float_eq(s.mad, 0.15, 1e-12);
	/* h = 8.1: 10.3 + .1 (25 - 10.3); h = 8.91: 10.3 + .91 (14.7). */
	cr_assert_float_eq(s.p90, 11.77, 1e-12, "p90 %.17g", s.p90);
	cr_assert_float_eq(s.p99, 23.677, 1e-12, "p99 %.17g", s.p99);
	cr_assert_eq(s.outliers, 1);
	cr_assert(s.ci_lo <= s.median && s.median <= s.ci_hi,
	    "CI [%g, %g], median %g", s.ci_lo, s.ci_hi, s.median);
	cr_assert_eq(
	    s.ci_wide, 0, "CI [%g, %g] flagged wide", s.ci_lo, s.ci_hi);
	cr_assert_eq(hx_stats_summarize(spread, ARRAY_LEN(spread), &s2), 0);
	cr_assert(s.ci_lo == s2.ci_lo && s.ci_hi == s2.ci_hi);

	/* Medians that swing by a factor of two are wide. */
	const double bimodal[] = {1, 2, 1, 2, 1, 2, 1, 2};
	cr_assert_eq(hx_stats_summarize(bimodal, 8, &s), 0);
	cr_assert_eq(s.ci_wide, 1, "CI [%g, %g] not wide", s.ci_lo, s.ci_hi);
	cr_assert_eq(hx_stats_summarize(spread, 0, &s), -1);
}

Test(stats, mann_whitney_exact_small)
{
	/* Every a below every b except 5.0 > 4.5: U = 1. Of the C(11,5) = 462
	 * orderings, U = 0 and U = 1 occur once each, so the exact two-sided
	 * p = 2 * 2/462 = 0.008658 (checked by enumerating all 462). */
	const double a[] = {1.1, 3.4, 2.2, 5.0, 4.1};
	const double b[] = {6.3, 7.2, 5.5, 8.1, 4.5, 6.0};
	hx_mwu_t r;

	cr_assert_eq(hx_stats_mann_whitney(a, 5, b, 6, &r), 0);
	cr_assert_eq(r.u, 1.0, "U = %g", r.u);
	cr_assert_eq(r.exact, 1);
	cr_assert_float_eq(r.p, 4.0 / 462.0, 1e-12, "p = %.17g", r.p);
	/* The normal approximation's z: (1 - 15 + .5) / sqrt(30 * 12 / 12). */
	cr_assert_float_eq(r.z, -2.4647515, 1e-6, "z = %.9g", r.z);
	/* Swapping the samples mirrors U and z, keeps p. */
	hx_mwu_t s;
	cr_assert_eq(hx_stats_mann_whitney(b, 6, a, 5, &s), 0);
	cr_assert_eq(s.u, 29.0);
	cr_assert_float_eq(s.z, -r.z, 1e-12);
	cr_assert_float_eq(s.p, r.p, 1e-12);
}

Test(stats, mann_whitney_ties_normal)
{
	/* Counting pairs: U = 83. Ties: 12 x2, 15 x3, 16 x2, 20 x2, 22 x2,
	 * sum(t^3 - t) = 6 + 24 + 6 + 6 + 6 = 48; N = 21;
	 * var = 110/12 (22 - 48/420) = 200.619; z = (83 - 55 - .5) / 14.164
	 * = 1.94154; p = erfc(z / sqrt 2) = 0.05219. */
	const double a[] = {12, 15, 15, 18, 20, 22, 22, 25, 30, 31, 14};
	const double b[] = {10, 12, 13, 15, 16, 16, 17, 19, 20, 11};
	hx_mwu_t r;

	cr_assert_eq(hx_stats_mann_whitney(a, 11, b, 10, &r), 0);
	cr_assert_eq(r.u, 83.0, "U = %g", r.u);
	cr_assert_eq(r.exact, 0);
	cr_assert_float_eq(r.z, 1.94154, 1e-5, "z = %.9g", r.z);
	cr_assert_float_eq(r.p, 0.052193, 1e-5, "p = %.9g", r.p);
}

Test(stats, mann_whitney_identical_and_shifted)
{
	double a[50], b[50];
	hx_mwu_t r;

	fill_noisy(a, 50, 10.0, 1.0);
	cr_assert_eq(hx_stats_mann_whitney(a, 50, a, 50, &r), 0);
	cr_assert_float_eq(r.u, 1250.0, 1e-9, "U = %g", r.u);
	cr_assert(r.p > 0.99, "identical samples: p = %g", r.p);
	for (size_t i = 0; i < 50; i++)
		b[i] = a[i] + 0.5;
	cr_assert_eq(hx_stats_mann_whitney(a, 50, b, 50, &r), 0);
	cr_assert(
	    r.p < 0.01, "shift by half the range: p = %g, z = %g", r.p, r.z);
	cr_assert(r.z < 0.0, "a is the smaller sample, z = %g", r.z);

	/* All values tied: no evidence either way. */
	const double flat[] = {1, 1, 1};
	cr_assert_eq(hx_stats_mann_whitney(flat, 3, flat, 3, &r), 0);
	cr_assert_eq(r.p, 1.0);
	cr_assert_eq(r.z, 0.0);
	cr_assert_eq(hx_stats_mann_whitney(flat, 0, flat, 3, &r), -1);
}

Test(stats, signed_rank_exact_and_ties)
{
	/* Seven positive differences: w = 28, the largest of the 2^7 = 128
	 * equally likely sums, so p = 2/128 (scipy.stats.wilcoxon agrees). */
	const double up[] = {1, 2, 3, 4, 5, 6, 7};
	const double one_down[] = {-1, 2, 3, 4, 5, 6, 7};
	/* |d| ties: ranks 2, 2, 2, 4 (w = 8 of 10); sums of 8 or more: three
	 * pairs of the 2s with the 4, and all four: p = 2 * 4/16. */
	const double tied[] = {1, 1, -1, 2};
	/* Zeros are dropped: three positive differences remain, p = 2/8. */
	const double zeros[] = {0, 1, 0, 2, 3};
	const double flat[] = {0, 0, 0};
	double p;

	cr_assert_eq(hx_stats_signed_rank(up, 7, &p), 0);
	cr_assert_float_eq(p, 2.0 / 128.0, 1e-12, "p = %.17g", p);
	/* One sign flipped at the smallest rank: w = 27, 2 sums at or above
	 * it, p = 4/128 (scipy: 0.03125). */
	cr_assert_eq(hx_stats_signed_rank(one_down, 7, &p), 0);
	cr_assert_float_eq(p, 4.0 / 128.0, 1e-12, "p = %.17g", p);
	cr_assert_eq(hx_stats_signed_rank(tied, 4, &p), 0);
	cr_assert_float_eq(p, 0.5, 1e-12, "p = %.17g", p);
	cr_assert_eq(hx_stats_signed_rank(zeros, 5, &p), 0);
	cr_assert_float_eq(p, 0.25, 1e-12, "p = %.17g", p);
	cr_assert_eq(hx_stats_signed_rank(flat, 3, &p), 0);
	cr_assert_eq(p, 1.0);
	cr_assert_eq(hx_stats_signed_rank(flat, 0, &p), -1);
}

Test(stats, signed_rank_normal_beyond_the_exact_limit)
{
	/* 1..60 with every third negated: 60 nonzero differences, above
	 * HX_STATS_SIGNED_RANK_EXACT_MAX; scipy.stats.wilcoxon(d,
	 * method="approx", correction=True) gives 0.016901653275967533. */
	double d[60], p;

	for (int i = 0; i < 60; i++)
		d[i] = (i % 3 == 0 ? -1.0 : 1.0) * (i + 1);
	cr_assert_eq(hx_stats_signed_rank(d, 60, &p), 0);
	cr_assert_float_eq(p, 0.016901653275967533, 1e-9, "p = %.17g", p);
}

/* P(X <= k), X ~ Binomial(n, 1/2), beside scipy.stats.binom.cdf; in
 * logs, so that n past 1,100 does not underflow. */
Test(stats, sign_test)
{
	cr_expect_float_eq(hx_stats_sign_test(2, 7), 29.0 / 128.0, 1e-12);
	cr_expect_float_eq(hx_stats_sign_test(0, 7), 1.0 / 128.0, 1e-12);
	cr_expect_float_eq(
	    hx_stats_sign_test(522, 1132), 0.004842307770605006, 1e-9);
	cr_expect_eq(hx_stats_sign_test(7, 7), 1.0);
	cr_expect_eq(hx_stats_sign_test(0, 0), 1.0);
}

Test(stats, fit_exponent)
{
	const double x[] = {1, 2, 4, 8, 16, 32, 100};
	double y[ARRAY_LEN(x)], noisy[ARRAY_LEN(x)];
	double r2, k;

	for (size_t i = 0; i < ARRAY_LEN(x); i++) {
		y[i] = 3.0 * x[i] * x[i];
		noisy[i] = y[i] * (i % 2 ? 1.1 : 0.9);
	}
	k = hx_stats_fit_exponent(x, y, ARRAY_LEN(x), &r2);
	cr_assert_float_eq(k, 2.0, 1e-12, "k = %.17g", k);
	cr_assert_float_eq(r2, 1.0, 1e-12, "r2 = %.17g", r2);
	k = hx_stats_fit_exponent(x, noisy, ARRAY_LEN(x), &r2);
	cr_assert_float_eq(k, 2.0, 0.05, "noisy k = %g", k);
	cr_assert(r2 < 1.0 && r2 > 0.99, "noisy r2 = %.17g", r2);
	const double same[] = {4, 4, 4};
	cr_assert(isnan(hx_stats_fit_exponent(same, y, 3, &r2)));
	cr_assert(isnan(r2));
	const double neg[] = {1, -2, 3};
	cr_assert(isnan(hx_stats_fit_exponent(neg, y, 3, NULL)));
}

/* Two runs whose medians differ by less than their spread: not decided at
 * this noise. The same sets with the spread shrunk a hundredfold around
 * their medians (the medians unchanged): decided, whichever side is named
 * first. */
Test(stats, verdict_undecided_inside_the_spread)
{
	const double a[] = {1.0, 0.8, 1.2, 0.9, 1.1};
	const double b[] = {1.1, 0.9, 1.3, 1.0, 1.2};
	double sa[5], sb[5];
	hx_verdict_t v, w;

	cr_assert_eq(hx_stats_verdict(a, 5, b, 5, 0.0, 0.95, &v), 0);
	cr_expect_eq(v.word, HX_VERDICT_UNDECIDED, "word %d", v.word);
	cr_expect_float_eq(v.ratio, 1.1, 1e-12);
	cr_expect(v.lo < 1.0 && v.hi > 1.0, "[%g, %g]", v.lo, v.hi);
	cr_expect_float_eq(v.spread[0], 0.4, 1e-12);
	cr_expect_float_eq(v.spread[1], 0.4 / 1.1, 1e-12);
	for (int i = 0; i < 5; i++) {
		sa[i] = 1.0 + (a[i] - 1.0) / 100;
		sb[i] = 1.1 + (b[i] - 1.1) / 100;
	}
	cr_assert_eq(hx_stats_verdict(sa, 5, sb, 5, 0.0, 0.95, &v), 0);
	cr_expect_eq(v.word, HX_VERDICT_FIRST, "word %d", v.word);
	cr_expect_float_eq(v.ratio, 1.1, 1e-12);
	cr_expect(v.lo > 1.0, "lo %g", v.lo);
	/* U = 0 of 5 against 5: the exact p, 2 / C(10, 5). */
	cr_expect_float_eq(v.p, 2.0 / 252, 1e-12, "p %g", v.p);
	cr_assert_eq(hx_stats_verdict(sb, 5, sa, 5, 0.0, 0.95, &w), 0);
	cr_expect_eq(w.word, HX_VERDICT_SECOND, "word %d", w.word);
	/* Deterministic: the same samples, the same interval. */
	cr_assert_eq(hx_stats_verdict(sa, 5, sb, 5, 0.0, 0.95, &w), 0);
	cr_expect(w.lo == v.lo && w.hi == v.hi);
}

/* A margin wider than the whole interval: the same within it; a margin
 * the interval reaches past: not decided. */
Test(stats, verdict_margin)
{
	const double a[] = {1.00, 1.01, 0.99, 1.02, 0.98};
	const double b[] = {1.03, 1.04, 1.02, 1.05, 1.01};
	hx_verdict_t v;

	cr_assert_eq(hx_stats_verdict(a, 5, b, 5, 0.10, 0.95, &v), 0);
	cr_expect_eq(v.word, HX_VERDICT_SAME, "word %d", v.word);
	cr_assert_eq(hx_stats_verdict(a, 5, b, 5, 0.03, 0.95, &v), 0);
	cr_expect_eq(v.word, HX_VERDICT_UNDECIDED, "[%g, %g]", v.lo, v.hi);
}

/* Three samples a side never decide at 0.95 (the U test's smallest p is
 * 0.1), however far apart; bad input is refused. */
Test(stats, verdict_limits)
{
	const double a[] = {1, 1.1, 1.2}, b[] = {10, 11, 12};
	const double z[] = {1, 0, 1};
	hx_verdict_t v;

	cr_assert_eq(hx_stats_verdict(a, 3, b, 3, 0.0, 0.95, &v), 0);
	cr_expect_eq(v.word, HX_VERDICT_UNDECIDED);
	cr_expect_float_eq(v.p, 0.1, 1e-12);
	cr_expect_eq(hx_stats_verdict(a, 1, b, 3, 0.0, 0.95, &v), -1);
	cr_expect_eq(hx_stats_verdict(a, 3, z, 3, 0.0, 0.95, &v), -1);
	cr_expect_eq(hx_stats_verdict(a, 3, b, 3, -0.1, 0.95, &v), -1);
	cr_expect_eq(hx_stats_verdict(a, 3, b, 3, 0.0, 1.0, &v), -1);
}
