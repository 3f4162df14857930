/*
 * hx_record: the result object from a record (see hx_record.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hx_format.h"
#include "hx_machine.h"
#include "hx_mem.h"
#include "hx_params.h"
#include "hx_record.h"
#include "hx_stats.h"

#ifndef FB_VERSION
#define FB_VERSION "unknown"
#endif

static const char *const status_names[] = {"ok", "skipped", "failed"};

const char *
hx_record_version(void)
{
	return FB_VERSION;
}

void
hx_record_date(char *buf, size_t len, time_t t)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, len, "unknown");
}

void
hx_record_init(hx_record_t *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->status = HX_STATUS_OK;
	hx_record_date(rec->date, sizeof(rec->date), time(NULL));
}

static void
set_status(hx_record_t *rec, hx_status_t status, const char *fmt, va_list ap)
{
	rec->status = status;
	vsnprintf(rec->reason, sizeof(rec->reason), fmt, ap);
}

void
hx_record_fail(hx_record_t *rec, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_status(rec, HX_STATUS_FAILED, fmt, ap);
	va_end(ap);
}

void
hx_record_skip(hx_record_t *rec, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_status(rec, HX_STATUS_SKIPPED, fmt, ap);
	va_end(ap);
}

void
hx_record_free(hx_record_t *rec)
{
	free(rec->samples);
	free(rec->cpu_samples);
	free(rec->step_samples);
	json_decref(rec->allocator_before);
	json_decref(rec->allocator_after);
	json_decref(rec->warnings);
	json_decref(rec->extra);
	if (rec->counters.c != NULL)
		hx_counters_close(&rec->counters);
	if (rec->timeline != NULL)
		hx_timeline_free(rec->timeline);
	memset(rec, 0, sizeof(*rec));
}

/* Bytes that may be "too large" (null). */
static json_t *
bytes_json(uint64_t b)
{
	return b == HX_RECORD_TOO_LARGE ? json_null()
					: json_integer((json_int_t)b);
}

static json_t *
doubles_json(const double *x, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; a != NULL && i < n; i++)
		json_array_append_new(a, json_real(x[i]));
	return a;
}

/* Which timed samples are outliers: a modified z-score above 3.5. */
static json_t *
outliers_json(const double *t, size_t n)
{
	unsigned char *flags = calloc(n, 1);
	json_t *idx = json_array();

	if (flags != NULL &&
	    hx_stats_outliers(t, n, HX_STATS_OUTLIER_Z, flags) != SIZE_MAX) {
		for (size_t i = 0; i < n; i++) {
			if (flags[i])
				json_array_append_new(
				    idx, json_integer((json_int_t)i));
		}
	}
	free(flags);
	return idx;
}

static void
time_warnings(
    const hx_summary_t *s, size_t n, double resolution, json_t *warnings)
{
	char w[160];

	if (n < 5)
		json_array_append_new(warnings,
		    json_string("fewer than 5 timed repeats: the confidence "
				"interval is rough"));
	if (s->ci_wide) {
		char lo[HX_FORMAT_LEN], hi[HX_FORMAT_LEN];
		snprintf(w, sizeof(w),
		    "the 95%% interval of the median [%s, %s] is wider "
		    "than 5%% of the median: noisy machine or too few repeats",
		    hx_format_time(lo, sizeof(lo), s->ci_lo),
		    hx_format_time(hi, sizeof(hi), s->ci_hi));
		json_array_append_new(warnings, json_string(w));
	}
	if (s->median < 100.0 * resolution)
		json_array_append_new(warnings,
		    json_string("the median is under 100 clock ticks: timing "
				"is at the clock's resolution"));
}

/* time_s: the cold run apart, statistics of the timed samples. */
static json_t *
time_json(const hx_record_t *rec, json_t *warnings)
{
	json_t *o = json_object();
	const double *t = rec->samples;
	size_t n = rec->nsamples;
	hx_summary_t s;

	json_object_set_new(o, "cold", json_real(rec->cold_s));
	json_object_set_new(
	    o, "clock_resolution_s", json_real(rec->clock_resolution_s));
	json_object_set_new(o, "repeats", json_integer((json_int_t)n));
	if (n == 0) {
		/* Cold only: the one figure stands for all of them. */
		json_object_set_new(o, "median", json_real(rec->cold_s));
		json_object_set_new(o, "min", json_real(rec->cold_s));
		json_object_set_new(o, "max", json_real(rec->cold_s));
		json_object_set_new(o, "samples", json_array());
		return o;
	}
	if (hx_stats_summarize(t, n, &s) != 0) {
		json_decref(o);
		return NULL;
	}
	json_object_set_new(o, "median", json_real(s.median));
	json_object_set_new(o, "min", json_real(s.min));
	json_object_set_new(o, "max", json_real(s.max));
	json_object_set_new(o, "mean", json_real(s.mean));
	json_object_set_new(o, "mad", json_real(s.mad));
	json_object_set_new(o, "ci95", json_pack("[f,f]", s.ci_lo, s.ci_hi));
	json_object_set_new(
	    o, "outliers", json_integer((json_int_t)s.outliers));
	json_object_set_new(o, "outlier_samples", outliers_json(t, n));
	json_object_set_new(o, "samples", doubles_json(t, n));
	if (rec->cpu_samples != NULL)
		json_object_set_new(
		    o, "cpu_samples", doubles_json(rec->cpu_samples, n));
	time_warnings(&s, n, rec->clock_resolution_s, warnings);
	return o;
}

/* steps_s: the very first step apart, the timed runs' steps. */
static json_t *
steps_json(const hx_record_t *rec)
{
	json_t *o = json_object();
	const double *x = rec->step_samples;
	size_t n = rec->nsteps;

	json_object_set_new(o, "first", json_real(rec->first_step_s));
	json_object_set_new(o, "count", json_integer((json_int_t)n));
	if (n == 0)
		return o;
	json_object_set_new(
	    o, "median", json_real(hx_stats_quantile(x, n, 0.5)));
	json_object_set_new(o, "p90", json_real(hx_stats_quantile(x, n, 0.9)));
	json_object_set_new(o, "p99", json_real(hx_stats_quantile(x, n, 0.99)));
	json_object_set_new(o, "min", json_real(hx_stats_quantile(x, n, 0.0)));
	json_object_set_new(o, "max", json_real(hx_stats_quantile(x, n, 1.0)));
	json_object_set_new(o, "samples", doubles_json(x, n));
	return o;
}

/* The two measurements of a threaded run's workspace. */
static json_t *
memory_threads(const hx_record_t *rec)
{
	json_t *o = json_object();

	json_object_set_new(o, "count", json_integer((json_int_t)rec->threads));
	json_object_set_new(o, "workspace_upper_bytes",
	    rec->has_workspace
		? json_integer((json_int_t)rec->peak_workspace_bytes)
		: json_null());
	json_object_set_new(o, "workspace_upper_source",
	    json_string("the sum of the team's per-thread peaks "
			"(peak_workspace_bytes)"));
	json_object_set_new(o, "workspace_lower_bytes",
	    rec->has_workspace_lower
		? json_integer((json_int_t)rec->workspace_lower_bytes)
		: json_null());
	json_object_set_new(o, "workspace_lower_source",
	    json_string("the largest process-wide allocated bytes sampled, "
			"above the level before the runs"));
	json_object_set_new(o, "workspace_lower_interval_us",
	    json_integer((json_int_t)rec->workspace_lower_interval_us));
	json_object_set_new(o, "team_stable", json_boolean(!rec->team_changed));
	return o;
}

static void
memory_peaks(const hx_record_t *rec, json_t *mem)
{
	json_object_set_new(mem, "peak_workspace_bytes",
	    rec->has_workspace
		? json_integer((json_int_t)rec->peak_workspace_bytes)
		: json_null());
	json_object_set_new(mem, "peak_workspace_source",
	    json_string(!rec->has_workspace
		    ? (rec->workspace_source != NULL
			      ? rec->workspace_source
			      : "unavailable: glibc malloc has no per-thread "
				"peak (see peak_rss_bytes)")
		    : rec->has_threads
		    ? "jemalloc thread.peak of every thread of the team, "
		      "reset after setup, summed"
		    : "jemalloc thread.peak, reset after setup"));
	if (rec->has_threads)
		json_object_set_new(mem, "threads", memory_threads(rec));
	json_object_set_new(mem, "peak_rss_bytes",
	    json_integer((json_int_t)rec->peak_rss_bytes));
	json_object_set_new(mem, "cold_minor_faults",
	    json_integer((json_int_t)rec->cold_minor_faults));
	json_object_set_new(mem, "cold_major_faults",
	    json_integer((json_int_t)rec->cold_major_faults));
	json_object_set_new(
	    mem, "minor_faults", json_integer((json_int_t)rec->minor_faults));
	json_object_set_new(
	    mem, "major_faults", json_integer((json_int_t)rec->major_faults));
}

/* Bytes and counts of allocations next to the peak. */
static void
memory_allocations(const hx_record_t *rec, json_t *mem)
{
	uint64_t n = rec->allocs_per_run;

	json_object_set_new(mem, "allocated_bytes_per_run",
	    bytes_json(rec->alloc_bytes_per_run));
	json_object_set_new(mem, "allocations_per_run", bytes_json(n));
	json_object_set_new(mem, "allocations_per_step",
	    n == HX_RECORD_TOO_LARGE || rec->steps_per_run == 0
		? json_null()
		: json_real((double)n / (double)rec->steps_per_run));
	json_object_set_new(mem, "allocations_source",
	    json_string(n != HX_RECORD_TOO_LARGE
		    ? "jemalloc: bytes from thread.allocated (timed runs' "
		      "median), requests from the arenas' small and large "
		      "nrequests over the cold run"
		    : "unavailable: glibc malloc keeps no allocation counts "
		      "(mallinfo2 gives only bytes in use)"));
}

static json_t *
memory_json(const hx_record_t *rec)
{
	json_t *mem = json_object();

	if (rec->has_model && !rec->no_model) {
		json_object_set_new(
		    mem, "model_bytes", bytes_json(rec->model_bytes));
		json_object_set_new(
		    mem, "model_bare_bytes", bytes_json(rec->model_bare_bytes));
		if (rec->model_formula != NULL)
			json_object_set_new(mem, "model_formula",
			    json_string(rec->model_formula));
	}
	if (rec->has_model) {
		json_object_set_new(
		    mem, "input_bytes", bytes_json(rec->input_bytes));
		json_object_set_new(mem, "mem_limit_bytes",
		    json_integer((json_int_t)rec->mem_limit_bytes));
	}
	if (rec->has_input_measured)
		json_object_set_new(mem, "input_measured_bytes",
		    json_integer((json_int_t)rec->input_measured_bytes));
	if (rec->has_baseline)
		json_object_set_new(mem, "rss_baseline_bytes",
		    json_integer((json_int_t)rec->rss_baseline_bytes));
	if (rec->allocator_before != NULL)
		json_object_set(mem, "allocator_before", rec->allocator_before);
	if (rec->allocator_after != NULL)
		json_object_set(mem, "allocator_after", rec->allocator_after);
	if (rec->has_peaks)
		memory_peaks(rec, mem);
	if (rec->has_allocs)
		memory_allocations(rec, mem);
	return mem;
}

/* The median timed run, or the cold one when there was none. */
static double
median_time(const hx_record_t *rec)
{
	return rec->nsamples > 0 ? hx_stats_median(rec->samples, rec->nsamples)
				 : rec->cold_s;
}

static json_t *
work_json(const hx_record_t *rec)
{
	json_t *work =
	    json_pack("{s:s, s:f}", "unit", rec->unit, "units", rec->units);
	double t = rec->has_time ? median_time(rec) : 0.0;

	if (work == NULL)
		return NULL;
	/* No count (a plugin without flops or bytes): no field, no rate. */
	if (!isnan(rec->flops))
		json_object_set_new(work, "flops", json_real(rec->flops));
	if (!isnan(rec->bytes))
		json_object_set_new(work, "bytes", json_real(rec->bytes));
	if (!rec->has_time)
		return work;
	if (t > 0) {
		if (!isnan(rec->flops))
			json_object_set_new(work, "gflops_per_s",
			    json_real(rec->flops / t * 1e-9));
		if (!isnan(rec->bytes))
			json_object_set_new(work, "gbytes_per_s",
			    json_real(rec->bytes / t * 1e-9));
		json_object_set_new(
		    work, "ns_per_unit", json_real(t / rec->units * 1e9));
	}
	if (rec->bytes > 0 && !isnan(rec->flops))
		json_object_set_new(work, "intensity_flops_per_byte",
		    json_real(rec->flops / rec->bytes));
	return work;
}

/* result and validation. */
static void
digest_json(const hx_record_t *rec, json_t *r)
{
	json_t *res = json_object(), *val, *ref;

	for (int d = 0; d < rec->digest_count; d++)
		json_object_set_new(
		    res, rec->digest_names[d], json_real(rec->digest[d]));
	json_object_set_new(r, "result", res);
	if (rec->validation == HX_VALIDATION_NONE)
		return;
	val = json_object();
	if (rec->has_reference) {
		ref = json_object();
		for (int d = 0; d < rec->digest_count; d++)
			json_object_set_new(ref, rec->digest_names[d],
			    json_real(rec->reference[d]));
		json_object_set_new(val, "reference", ref);
	}
	if (rec->validation == HX_VALIDATION_OFF) {
		json_object_set_new(val, "ok", json_null());
		json_object_set_new(val, "message",
		    json_string("not validated (--no-validate)"));
	} else {
		json_object_set_new(val, "ok",
		    json_boolean(rec->validation == HX_VALIDATION_OK));
		if (rec->validation == HX_VALIDATION_FAILED)
			json_object_set_new(val, "message",
			    json_string(rec->validation_message));
	}
	json_object_set_new(r, "validation", val);
}

/* counters, pmu and what they derive, per timed run. */
static void
counters_json(const hx_record_t *rec, json_t *r)
{
	const hx_counters_t *cs = &rec->counters;
	json_t *derived = json_object();
	double runs = rec->counter_runs > 0 ? rec->counter_runs : 1.0;
	int ok_c, ok_i;
	double cycles = hx_counters_get(cs, "cycles", &ok_c);
	double instr = hx_counters_get(cs, "instructions", &ok_i);

	json_object_set_new(r, "counters", hx_counters_json(cs, runs));
	json_object_set_new(r, "pmu", hx_counters_pmu_json(cs));
	if (ok_c && ok_i && cycles > 0)
		json_object_set_new(derived, "ipc", json_real(instr / cycles));
	for (size_t i = 0; rec->has_work && i < cs->count; i++) {
		const hx_counter_t *c = &cs->c[i];
		char key[160];
		if (c->status == HX_COUNTER_UNSUPPORTED || rec->units <= 0 ||
		    strstr(c->name, "miss") == NULL)
			continue;
		snprintf(key, sizeof(key), "%s_per_%s", c->name, rec->unit);
		json_object_set_new(
		    derived, key, json_real(c->value / runs / rec->units));
	}
	json_object_set_new(r, "derived", derived);
}

void
hx_record_timeline_figures(hx_record_t *rec)
{
	const hx_timeline_sample_t *s = hx_timeline_samples(rec->timeline);
	size_t n = hx_timeline_count(rec->timeline);

	rec->has_timeline = 1;
	rec->timeline_samples = n;
	rec->timeline_truncated = hx_timeline_truncated(rec->timeline);
	rec->timeline_max_live_bytes = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i].live_bytes > rec->timeline_max_live_bytes)
			rec->timeline_max_live_bytes = s[i].live_bytes;
	}
}

static json_t *
timeline_json(const hx_record_t *rec)
{
	return json_pack("{s:s?, s:I, s:I, s:b, s:I}", "path",
	    rec->timeline_path, "interval_us",
	    (json_int_t)rec->timeline_interval_us, "samples",
	    (json_int_t)rec->timeline_samples, "truncated",
	    rec->timeline_truncated, "max_live_bytes",
	    (json_int_t)rec->timeline_max_live_bytes);
}

static json_t *
settings_json(const hx_record_t *rec)
{
	return json_pack("{s:I, s:I, s:f, s:s}", "repeat",
	    (json_int_t)rec->repeat, "warmup", (json_int_t)rec->warmup,
	    "min_time_s", rec->min_time_s, "events",
	    rec->events != NULL ? rec->events : "default");
}

static void
head_json(const hx_record_t *rec, json_t *r)
{
	json_object_set_new(
	    r, "schema_version", json_integer(HX_SCHEMA_VERSION));
	json_object_set_new(
	    r, "harness_version", json_string(hx_record_version()));
	json_object_set_new(r, "workload", json_string(rec->workload));
	json_object_set_new(r, "variant", json_string(rec->variant));
	json_object_set_new(
	    r, "status", json_string(status_names[rec->status]));
	if (rec->description != NULL)
		json_object_set_new(
		    r, "description", json_string(rec->description));
	if (rec->idiom != NULL)
		json_object_set_new(r, "idiom", json_string(rec->idiom));
	if (rec->params_of != NULL)
		json_object_set_new(
		    r, "params", hx_params_json(rec->params_of, &rec->params));
	json_object_set_new(r, "date", json_string(rec->date));
	if (rec->has_settings)
		json_object_set_new(r, "settings", settings_json(rec));
}

/* src's members into dst where dst has none of the name; into objects of
 * the same name member by member. */
static void
merge_missing(json_t *dst, json_t *src)
{
	const char *key;
	json_t *v, *mine;

	json_object_foreach(src, key, v)
	{
		mine = json_object_get(dst, key);
		if (mine == NULL)
			json_object_set(dst, key, v);
		else if (json_is_object(mine) && json_is_object(v))
			merge_missing(mine, v);
	}
}

/* A measured peak above the variant's model by more than the allocator's
 * grain: the model leaves something out. Threads: the team's sum is an
 * upper bound, so the lower bound is what is compared. */
static void
model_warning(const hx_record_t *rec, json_t *warnings)
{
	uint64_t peak = rec->peak_workspace_bytes;
	char w[256], a[HX_FORMAT_LEN], b[HX_FORMAT_LEN];

	if (!rec->has_model || !rec->has_peaks || !rec->has_workspace ||
	    rec->model_bytes == HX_RECORD_TOO_LARGE)
		return;
	if (rec->has_threads && rec->threads > 1)
		peak =
		    rec->has_workspace_lower ? rec->workspace_lower_bytes : 0;
	if (peak <= rec->model_bytes + HX_MEM_PEAK_GRAIN)
		return;
	snprintf(w, sizeof(w),
	    "measured peak workspace %s is above the model's %s (%s) by more "
	    "than the allocator's %d KiB grain: the model leaves something "
	    "out",
	    hx_format_bytes(a, sizeof(a), (double)peak),
	    hx_format_bytes(b, sizeof(b), (double)rec->model_bytes),
	    rec->model_formula, HX_MEM_PEAK_GRAIN / 1024);
	json_array_append_new(warnings, json_string(w));
}

json_t *
hx_record_to_json(const hx_record_t *rec)
{
	json_t *r = json_object(), *warnings = json_array(), *machine;

	if (r == NULL || warnings == NULL) {
		json_decref(r);
		json_decref(warnings);
		return NULL;
	}
	if (json_is_array(rec->warnings))
		json_array_extend(warnings, rec->warnings);
	head_json(rec, r);
	json_object_set_new(r, "memory", memory_json(rec));
	model_warning(rec, warnings);
	if (rec->has_work)
		json_object_set_new(r, "work", work_json(rec));
	if ((machine = hx_machine_json()) != NULL)
		hx_host_describe(machine, warnings);
	json_object_set_new(r, "machine", machine);
	if (rec->has_window)
		json_object_set_new(r, "conditions",
		    hx_host_window_json(&rec->window, warnings));
	if (rec->status != HX_STATUS_OK)
		json_object_set_new(r, "reason", json_string(rec->reason));
	if (rec->digest_count > 0)
		digest_json(rec, r);
	if (rec->has_time)
		json_object_set_new(r, "time_s", time_json(rec, warnings));
	if (rec->has_steps)
		json_object_set_new(r, "steps_s", steps_json(rec));
	if (rec->has_counters)
		counters_json(rec, r);
	if (rec->has_timeline)
		json_object_set_new(r, "timeline", timeline_json(rec));
	if (json_is_object(rec->extra))
		merge_missing(r, rec->extra);
	json_object_set_new(r, "warnings", warnings);
	return r;
}
