/*
 * Unit tests of the noise band a time claim must clear (rp_report_noise,
 * reports/rp_report.c): read from the noise set's own spread, not from a
 * median of other runs' bands; without a noise set, from the main runs'.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "rp_data.h"
#include "rp_report.h"

static json_t *
parse(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);

	cr_assert(j != NULL, "%s: %s", text, e.text);
	return j;
}

/* A run of set with median m and its timed runs' samples. */
static json_t *
timed(const char *set, const char *samples, double median, int n)
{
	char text[512];
	json_t *r;

	snprintf(text, sizeof(text),
	    "{\"time_s\":{\"median\":%g,\"repeats\":%d,\"samples\":[%s]}}",
	    median, n, samples);
	r = parse(text);
	json_object_set_new(r, "_set", json_string(set));
	return r;
}

Test(report_noise, the_noise_band_is_the_noise_sets_own_spread)
{
	rp_data_t D;
	double b;

	memset(&D, 0, sizeof(D));
	D.runs = json_array();
	/* Two quiet main runs (+-1%) and the noise set's run, whose samples
	 * spread from 0.6 to 1.4 of their median. */
	json_array_append_new(
	    D.runs, timed("interp-main", "0.99,1.0,1.0,1.0,1.01", 1.0, 5));
	json_array_append_new(
	    D.runs, timed("colony-main", "0.99,1.0,1.0,1.0,1.01", 1.0, 5));
	json_array_append_new(
	    D.runs, timed("noise", "0.6,0.6,0.8,1.0,1.0,1.2,1.4,1.4", 1.0, 8));
	b = rp_report_noise(&D);
	/* Its own band: half its 10th-to-90th percentile spread, 0.4 here;
	 * the median of the runs' bands of its length would be 0.01. */
	cr_expect_float_eq(
	    b, rp_report_run_band(json_array_get(D.runs, 2)), 1e-12, "%g", b);
	cr_expect_gt(b, 0.3, "%g", b);
	cr_expect_float_eq(rp_report_time_threshold(&D, 1.1), 1 + 2 * b, 1e-12);
	/* Without the noise set: the main runs' own bands. */
	json_array_remove(D.runs, 2);
	b = rp_report_noise(&D);
	cr_expect_lt(b, 0.02, "%g", b);
	json_decref(D.runs);
}
