/*
 * hx_record_to_json with hand-made records: no variant runs. Each figure
 * the writer derives (median, step quantiles, work rates, misses per unit)
 * is checked against the value worked out by hand from the record.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hx_record.h"
#include "hx_result.h"
#include "variant.h"

static const char *const names[] = {"total"};

/* A finished, validated run: 3 timed samples, 2 steps each. */
static void
record_fill(hx_record_t *rec)
{
	static const double t[] = {0.30, 0.10, 0.20};
	static const double st[] = {0.05, 0.15, 0.04, 0.06, 0.11, 0.09};

	hx_record_init(rec);
	rec->workload = "interp";
	rec->variant = "hand";
	rec->description = "a record made by hand";
	rec->params_of = workload_find("interp");
	rec->params_of->defaults(&rec->params);
	rec->params.n = 1234;
	rec->has_settings = 1;
	rec->repeat = 3;
	rec->warmup = 1;
	rec->events = "perf::task-clock";
	rec->has_model = 1;
	rec->model_bytes = HX_RECORD_TOO_LARGE;
	rec->model_bare_bytes = 4000;
	rec->input_bytes = 100;
	rec->model_formula = "N*M*4";
	rec->has_work = 1;
	rec->unit = "pair";
	rec->units = 1e6;
	rec->flops = 4e9;
	rec->bytes = 2e9;
	rec->has_time = 1;
	rec->cold_s = 0.5;
	rec->nsamples = 3;
	rec->samples = malloc(sizeof(t));
	memcpy(rec->samples, t, sizeof(t));
	rec->has_steps = 1;
	rec->first_step_s = 0.25;
	rec->nsteps = 6;
	rec->step_samples = malloc(sizeof(st));
	memcpy(rec->step_samples, st, sizeof(st));
	rec->has_peaks = 1;
	rec->has_workspace = 1;
	rec->peak_workspace_bytes = 4096;
	rec->peak_rss_bytes = 1 << 20;
	rec->minor_faults = 7;
	rec->cold_minor_faults = 9;
	rec->digest_count = 1;
	rec->digest_names = names;
	rec->digest[0] = 2.5;
	rec->validation = HX_VALIDATION_OK;
	rec->has_reference = 1;
	rec->reference[0] = 2.5000001;
}

Test(record, finished_run_writes_every_figure)
{
	hx_record_t rec;
	json_t *r;

	record_fill(&rec);
	r = hx_record_to_json(&rec);
	cr_assert_not_null(r);
	cr_expect_str_eq(hx_result_status(r), "ok");
	cr_expect_null(json_object_get(r, "reason"));
	cr_expect_eq(hx_result_number(r, "params.n"), 1234.0);
	cr_expect_eq(hx_result_number(r, "params.m"), 300.0);
	/* The median of 0.30, 0.10, 0.20, and the cold run apart. */
	cr_expect_float_eq(hx_result_number(r, "time_s.median"), 0.20, 1e-12);
	cr_expect_float_eq(hx_result_number(r, "time_s.min"), 0.10, 1e-12);
	cr_expect_float_eq(hx_result_number(r, "time_s.cold"), 0.5, 1e-12);
	cr_expect_eq(hx_result_number(r, "time_s.repeats"), 3.0);
	/* Steps: the six timed ones, median of the middle two (0.06,
	 * 0.09). */
	cr_expect_eq(hx_result_number(r, "steps_s.count"), 6.0);
	cr_expect_float_eq(hx_result_number(r, "steps_s.median"), 0.075, 1e-12);
	cr_expect_float_eq(hx_result_number(r, "steps_s.first"), 0.25, 1e-12);
	/* Rates from the median: 4e9 flops in 0.2 s, 2e9 bytes. */
	cr_expect_float_eq(
	    hx_result_number(r, "work.gflops_per_s"), 20.0, 1e-9);
	cr_expect_float_eq(
	    hx_result_number(r, "work.ns_per_unit"), 200.0, 1e-9);
	cr_expect_float_eq(
	    hx_result_number(r, "work.intensity_flops_per_byte"), 2.0, 1e-12);
	/* A model too large for 64 bits is null, the bare one a number. */
	cr_expect(json_is_null(
	    json_object_get(json_object_get(r, "memory"), "model_bytes")));
	cr_expect_eq(hx_result_number(r, "memory.model_bare_bytes"), 4000.0);
	cr_expect_eq(
	    hx_result_number(r, "memory.peak_workspace_bytes"), 4096.0);
	cr_expect_eq(hx_result_number(r, "memory.minor_faults"), 7.0);
	cr_expect_eq(hx_result_number(r, "memory.cold_minor_faults"), 9.0);
	cr_expect_eq(hx_result_number(r, "result.total"), 2.5);
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	cr_expect_eq(hx_result_number(r, "settings.repeat"), 3.0);
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "settings"), "events")),
	    "perf::task-clock");
	cr_expect_null(json_object_get(r, "counters"), "no counters recorded");
	json_decref(r);
	hx_record_free(&rec);
}

Test(record, failed_run_keeps_reason_and_drops_figures)
{
	hx_record_t rec;
	json_t *r;

	record_fill(&rec);
	rec.has_time = rec.has_steps = rec.has_peaks = 0;
	rec.validation = HX_VALIDATION_FAILED;
	snprintf(rec.validation_message, sizeof(rec.validation_message),
	    "total 2.5 differs");
	hx_record_fail(&rec, "result disagrees: %s", rec.validation_message);
	r = hx_record_to_json(&rec);
	cr_expect_str_eq(hx_result_status(r), "failed");
	cr_expect_str_eq(json_string_value(json_object_get(r, "reason")),
	    "result disagrees: total 2.5 differs");
	cr_expect_null(json_object_get(r, "time_s"));
	cr_expect_null(json_object_get(r, "steps_s"));
	cr_expect(isnan(hx_result_number(r, "work.gflops_per_s")),
	    "rates without a time");
	cr_expect(json_is_false(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "validation"), "message")),
	    "total 2.5 differs");
	json_decref(r);
	hx_record_free(&rec);
}

/* What a whole-process measurement has: no workload parameters, no
 * model, no allocator peak, no digest; its own fields merged as they are,
 * never over the record's; a timeline of its own sampler's figures. */
Test(record, process_record_without_optional_sections)
{
	hx_record_t rec;
	json_t *r, *mem;

	hx_record_init(&rec);
	rec.workload = "exec";
	rec.variant = "python3";
	rec.has_time = 1;
	rec.cold_s = 1.0;
	rec.has_peaks = 1;
	rec.peak_rss_bytes = 123456789;
	rec.extra = json_pack("{s:{s:{s:f}}, s:i, s:s}", "reported", "result",
	    "total", 1.5, "exit_status", 0, "status", "overwritten?");
	rec.has_timeline = 1;
	rec.timeline_samples = 42;
	rec.timeline_max_live_bytes = 99;
	r = hx_record_to_json(&rec);
	mem = json_object_get(r, "memory");
	cr_expect_null(json_object_get(r, "params"));
	cr_expect_null(json_object_get(r, "work"));
	cr_expect_null(json_object_get(r, "result"));
	cr_expect_null(json_object_get(mem, "model_bytes"));
	cr_expect(json_is_null(json_object_get(mem, "peak_workspace_bytes")));
	cr_expect_eq(hx_result_number(r, "memory.peak_rss_bytes"), 123456789.0);
	/* Cold only: the median is the cold run. */
	cr_expect_float_eq(hx_result_number(r, "time_s.median"), 1.0, 1e-12);
	cr_expect_float_eq(
	    hx_result_number(r, "reported.result.total"), 1.5, 1e-12);
	cr_expect_eq(hx_result_number(r, "exit_status"), 0.0);
	cr_expect_str_eq(hx_result_status(r), "ok", "extra overwrote status");
	cr_expect_eq(hx_result_number(r, "timeline.samples"), 42.0);
	cr_expect_eq(hx_result_number(r, "timeline.max_live_bytes"), 99.0);
	json_decref(r);
	hx_record_free(&rec);
}

Test(record, date_is_utc_iso8601)
{
	char buf[32];
	hx_record_t rec;

	hx_record_date(buf, sizeof(buf), (time_t)0);
	cr_expect_str_eq(buf, "1970-01-01T00:00:00Z");
	hx_record_date(buf, sizeof(buf), (time_t)1795000000);
	cr_expect_str_eq(buf, "2026-11-18T11:06:40Z");
	hx_record_init(&rec);
	cr_expect_eq(strlen(rec.date), 20, "date '%s'", rec.date);
	cr_expect_eq(rec.date[10], 'T');
	cr_expect_eq(rec.date[19], 'Z');
	hx_record_free(&rec);
}

/* Allocations next to the peak: per step from per run and the steps; null
 * where the allocator does not count them. */
Test(record, allocations_per_step_and_unknown_counts)
{
	hx_record_t rec;
	json_t *r, *m;

	hx_record_init(&rec);
	rec.workload = "colony";
	rec.variant = "naive";
	rec.has_allocs = 1;
	rec.alloc_bytes_per_run = 4096;
	rec.allocs_per_run = 12;
	rec.steps_per_run = 4;
	r = hx_record_to_json(&rec);
	m = json_object_get(r, "memory");
	cr_expect(json_integer_value(
		      json_object_get(m, "allocated_bytes_per_run")) == 4096);
	cr_expect(json_integer_value(
		      json_object_get(m, "allocations_per_run")) == 12);
	cr_expect(
	    json_real_value(json_object_get(m, "allocations_per_step")) == 3.0);
	json_decref(r);
	rec.allocs_per_run = HX_RECORD_TOO_LARGE;
	rec.alloc_bytes_per_run = HX_RECORD_TOO_LARGE;
	r = hx_record_to_json(&rec);
	m = json_object_get(r, "memory");
	cr_expect(json_is_null(json_object_get(m, "allocations_per_run")));
	cr_expect(json_is_null(json_object_get(m, "allocations_per_step")));
	cr_expect(
	    strstr(json_string_value(json_object_get(m, "allocations_source")),
		"unavailable") != NULL);
	cr_expect(json_integer_value(json_object_get(r, "schema_version")) ==
	    HX_SCHEMA_VERSION);
	json_decref(r);
	hx_record_free(&rec);
}
