/*
 * hx_parse: the command line's numbers, accepted and refused.
 */
#include <criterion/criterion.h>
#include <stdint.h>

#include "hx_parse.h"

Test(parse, counts_accepted)
{
	static const struct {
		const char *in;
		uint64_t want;
	} cases[] = {
	    {"0", 0},
	    {"1", 1},
	    {"100000", 100000},
	    {"1e6", 1000000},
	    {"1E6", 1000000},
	    {"2.5e3", 2500},
	    {"1.25e2", 125},
	    {"18446744073709551615", UINT64_MAX},
	    {"1e19", 10000000000000000000ULL},
	    {"4096", 4096},
	    {"3e0", 3},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t v = 7;
		int rc = hx_parse_count(cases[i].in, &v);
		cr_assert_eq(
		    rc, 0, "hx_parse_count(\"%s\") refused", cases[i].in);
		cr_assert_eq(v, cases[i].want,
		    "hx_parse_count(\"%s\") = %llu, want %llu", cases[i].in,
		    (unsigned long long)v, (unsigned long long)cases[i].want);
	}
}

Test(parse, counts_refused)
{
	static const char *const bad[] = {"", "-5", "+5", " 5", "5 ", "abc",
	    "1e5x", "1.5", "0x10", "1e", "e5", ".", "1..2", "1e-3", "1.5e0",
	    "1,000", "5k", "99999999999999999999999x", "1e30x"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t v = 7;
		cr_assert_eq(hx_parse_count(bad[i], &v), -1,
		    "hx_parse_count(\"%s\") accepted it as %llu", bad[i],
		    (unsigned long long)v);
		cr_assert_eq(
		    v, 7, "hx_parse_count(\"%s\") touched *out", bad[i]);
	}
}

/* Well-formed but above 64 bits: told apart from junk, so that the message
 * can state the bound. */
Test(parse, counts_too_large)
{
	static const char *const big[] = {"18446744073709551616",
	    "99999999999999999999999", "1e20", "1e30", "1e999", "2.5e19"};
	uint64_t v = 7;

	for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++) {
		cr_assert_eq(hx_parse_count(big[i], &v), HX_PARSE_TOO_LARGE,
		    "hx_parse_count(\"%s\") did not say too large", big[i]);
		cr_assert_eq(
		    v, 7, "hx_parse_count(\"%s\") touched *out", big[i]);
	}
	cr_assert_eq(hx_parse_count("0e99", &v), 0, "0e99 refused");
	cr_assert_eq(v, 0, "0e99 = %llu", (unsigned long long)v);
	cr_assert_eq(hx_parse_bytes("17179869184G", &v), HX_PARSE_TOO_LARGE);
}

Test(parse, bytes_with_suffixes)
{
	uint64_t v;

	cr_assert_eq(hx_parse_bytes("512M", &v), 0);
	cr_assert_eq(v, 512ULL << 20, "512M = %llu", (unsigned long long)v);
	cr_assert_eq(hx_parse_bytes("12G", &v), 0);
	cr_assert_eq(v, 12ULL << 30);
	cr_assert_eq(hx_parse_bytes("64k", &v), 0);
	cr_assert_eq(v, 65536);
	cr_assert_eq(hx_parse_bytes("1e9", &v), 0);
	cr_assert_eq(v, 1000000000);
	cr_assert_eq(hx_parse_bytes("12Q", &v), -1);
	cr_assert_eq(hx_parse_bytes("G", &v), -1);
	cr_assert_eq(hx_parse_bytes("-1G", &v), -1);
	/* 2^64 bytes overflows after the suffix. */
	cr_assert_eq(hx_parse_bytes("17179869184G", &v), HX_PARSE_TOO_LARGE);
}

Test(parse, seconds)
{
	double v;

	cr_assert_eq(hx_parse_seconds("0.5", &v), 0);
	cr_assert_float_eq(v, 0.5, 1e-15);
	cr_assert_eq(hx_parse_seconds("1e-3", &v), 0);
	cr_assert_float_eq(v, 1e-3, 1e-18);
	cr_assert_eq(hx_parse_seconds("0", &v), -1);
	cr_assert_eq(hx_parse_seconds("-1", &v), -1);
	cr_assert_eq(hx_parse_seconds("nan", &v), -1);
	cr_assert_eq(hx_parse_seconds("inf", &v), -1);
	cr_assert_eq(hx_parse_seconds("1s", &v), -1);
}

/* Decimal numbers only: strtod's other forms are refused (compare's
 * --threshold 0x2 was 2 percent, --min-time 0x1 one second). */
Test(parse, decimal)
{
	double v = -1;

	cr_assert_eq(hx_parse_decimal("5", &v), 0);
	cr_expect_eq(v, 5.0);
	cr_assert_eq(hx_parse_decimal("0.05", &v), 0);
	cr_expect_eq(v, 0.05);
	cr_assert_eq(hx_parse_decimal(".5", &v), 0);
	cr_expect_eq(v, 0.5);
	cr_assert_eq(hx_parse_decimal("1e-3", &v), 0);
	cr_expect_eq(v, 1e-3);
	cr_assert_eq(hx_parse_decimal("0", &v), 0);
	cr_expect_eq(v, 0.0);
	const char *bad[] = {"", "0x2", "0X1p3", " 5", "5 ", "+5", "-5", "inf",
	    "nan", "infinity", "5x", ".", "e5", "1e", "1e+", "1e400", "1..2"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_expect_eq(
		    hx_parse_decimal(bad[i], &v), -1, "'%s' taken", bad[i]);
	cr_expect_eq(hx_parse_seconds("0x1", &v), -1);
}
