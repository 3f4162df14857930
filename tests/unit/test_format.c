/*
 * hx_format: units chosen by magnitude, after rounding, everywhere.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "hx_format.h"

typedef struct format_case_s {
	double x;
	const char *want;
} format_case_t;

Test(format, times)
{
	static const format_case_t cases[] = {{1.35, "1.35 s"},
	    {0.651, "651 ms"}, {12.3e-6, "12.3 us"}, {45e-9, "45 ns"},
	    /* Rounded first: no "1e+03 us", no "0.045 us". */
	    {999.96e-6, "1 ms"}, {1e-3, "1 ms"}, {0.99996, "1 s"},
	    {0.045e-6, "45 ns"}, {0.3e-9, "0.3 ns"}, {0, "0 s"},
	    /* A difference of equal sums, not a time. */
	    {-4.336808689942018e-19, "0 s"}, {2e-12, "0.002 ns"},
	    {4000, "4000 s"}, {NAN, "n/a"}};
	char buf[HX_FORMAT_LEN];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hx_format_time(buf, sizeof(buf), cases[i].x);
		cr_expect_str_eq(buf, cases[i].want,
		    "hx_format_time(%g) = \"%s\", want \"%s\"", cases[i].x, buf,
		    cases[i].want);
	}
}

Test(format, bytes)
{
	static const format_case_t cases[] = {{512, "512 B"}, {0, "0 B"},
	    {4600, "4.6 kB"}, {12.6e6, "12.6 MB"}, {1.35e9, "1.35 GB"},
	    {999999, "1 MB"}, {999.6, "1 kB"}, {1.65e13, "16.5 TB"},
	    {1.65e16, "16500 TB"}, {-2048, "-2.05 kB"}};
	char buf[HX_FORMAT_LEN];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hx_format_bytes(buf, sizeof(buf), cases[i].x);
		cr_expect_str_eq(buf, cases[i].want,
		    "hx_format_bytes(%g) = \"%s\", want \"%s\"", cases[i].x,
		    buf, cases[i].want);
	}
}

Test(format, counts_with_their_unit)
{
	static const struct {
		double x;
		const char *unit, *want;
	} cases[] = {{3, "page-faults", "3 page-faults"},
	    {1.0 / 6, "page-faults", "0.167 page-faults"},
	    {2.0, "page-faults", "2 page-faults"},
	    {123.4, "misses", "123 misses"},
	    {12.34e6, "cycles", "12.3M cycles"}, {4000, NULL, "4k"},
	    {0, "", "0"}};
	char buf[HX_FORMAT_LEN];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hx_format_count(buf, sizeof(buf), cases[i].x, cases[i].unit);
		cr_expect_str_eq(buf, cases[i].want,
		    "hx_format_count(%g, %s) = \"%s\", want \"%s\"", cases[i].x,
		    cases[i].unit, buf, cases[i].want);
	}
}

Test(format, counters_by_name)
{
	char buf[HX_FORMAT_LEN + 64];

	cr_expect_str_eq(
	    hx_format_counter(buf, sizeof(buf), "perf::task-clock", 11393.3),
	    "11.4 us");
	cr_expect_str_eq(
	    hx_format_counter(buf, sizeof(buf), "perf::page-faults", 1.0 / 6),
	    "0.167 page-faults");
	cr_expect_str_eq(hx_format_counter(buf, sizeof(buf), "cycles", 2.5e9),
	    "2.5G cycles");
}
