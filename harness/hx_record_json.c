/*
 * hx_record_json: the result object from a finished record (see
 * hx_record.h). Only formatting: every figure was derived, and the machine
 * read, by hx_record_finish (hx_record.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_fields.h"
#include "hx_params.h"
#include "hx_record.h"

static const char *const status_names[] = {"ok", "skipped", "failed"};

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

/* The indices of the timed samples finish flagged as outliers. */
static json_t *
outliers_json(const hx_record_t *rec)
{
	json_t *idx = json_array();

	for (size_t i = 0; rec->outlier_flags != NULL && i < rec->nsamples;
	     i++) {
		if (rec->outlier_flags[i])
			json_array_append_new(idx, json_integer((json_int_t)i));
	}
	return idx;
}

/* time_s: the cold run apart, statistics of the timed samples. */
static json_t *
time_json(const hx_record_t *rec)
{
	json_t *o = json_object();
	const hx_summary_t *s = &rec->summary;
	size_t n = rec->nsamples;

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
	if (!rec->has_summary) {
		json_decref(o);
		return NULL;
	}
	json_object_set_new(o, "median", json_real(s->median));
	json_object_set_new(o, "min", json_real(s->min));
	json_object_set_new(o, "max", json_real(s->max));
	json_object_set_new(o, "mean", json_real(s->mean));
	json_object_set_new(o, "mad", json_real(s->mad));
	json_object_set_new(o, "ci95", json_pack("[f,f]", s->ci_lo, s->ci_hi));
	json_object_set_new(
	    o, "outliers", json_integer((json_int_t)s->outliers));
	json_object_set_new(o, "outlier_samples", outliers_json(rec));
	json_object_set_new(o, "samples", doubles_json(rec->samples, n));
	if (rec->cpu_samples != NULL)
		json_object_set_new(
		    o, "cpu_samples", doubles_json(rec->cpu_samples, n));
	return o;
}

/* steps_s: the very first step apart, the timed runs' steps. */
static json_t *
steps_json(const hx_record_t *rec)
{
	json_t *o = json_object();
	size_t n = rec->nsteps;

	json_object_set_new(o, "first", json_real(rec->first_step_s));
	json_object_set_new(o, "count", json_integer((json_int_t)n));
	if (n == 0)
		return o;
	json_object_set_new(o, "median", json_real(rec->step_q[0]));
	json_object_set_new(o, "p90", json_real(rec->step_q[1]));
	json_object_set_new(o, "p99", json_real(rec->step_q[2]));
	json_object_set_new(o, "min", json_real(rec->step_q[3]));
	json_object_set_new(o, "max", json_real(rec->step_q[4]));
	json_object_set_new(o, "samples", doubles_json(rec->step_samples, n));
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

static json_t *
work_json(const hx_record_t *rec)
{
	json_t *work =
	    json_pack("{s:s, s:f}", "unit", rec->unit, "units", rec->units);

	if (work == NULL)
		return NULL;
	/* No count (a plugin without flops or bytes): no field, no rate. */
	if (!isnan(rec->flops))
		json_object_set_new(work, "flops", json_real(rec->flops));
	if (!isnan(rec->bytes))
		json_object_set_new(work, "bytes", json_real(rec->bytes));
	if (!isnan(rec->gflops_per_s))
		json_object_set_new(
		    work, "gflops_per_s", json_real(rec->gflops_per_s));
	if (!isnan(rec->gbytes_per_s))
		json_object_set_new(
		    work, "gbytes_per_s", json_real(rec->gbytes_per_s));
	if (!isnan(rec->ns_per_unit))
		json_object_set_new(
		    work, "ns_per_unit", json_real(rec->ns_per_unit));
	if (!isnan(rec->intensity))
		json_object_set_new(work, "intensity_flops_per_byte",
		    json_real(rec->intensity));
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
	double runs = rec->counter_runs > 0 ? rec->counter_runs : 1.0;

	json_object_set_new(
	    r, "counters", hx_counters_json(&rec->counters, runs));
	json_object_set_new(r, "pmu", hx_counters_pmu_json(&rec->counters));
	json_object_set(r, "derived", rec->derived);
}

static json_t *
timeline_json(const hx_record_t *rec)
{
	return json_pack("{s:s?, s:I, s:I, s:b, s:I, s:b}", "path",
	    rec->timeline_path, "interval_us",
	    (json_int_t)rec->timeline_interval_us, "samples",
	    (json_int_t)rec->timeline_samples, "truncated",
	    rec->timeline_truncated, "max_live_bytes",
	    (json_int_t)rec->timeline_max_live_bytes, "sampler_apart",
	    rec->timeline_apart);
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
	if (rec->loops != NULL)
		json_object_set_new(r, "loops", json_string(rec->loops));
	if (rec->notes != NULL)
		json_object_set_new(r, "notes", json_string(rec->notes));
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

/* The figures measured with hx_record_set, each at its path where the
 * record wrote nothing there. */
static void
figures_json(const hx_record_t *rec, json_t *r)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		double v = rec->figure[i];
		json_t *j;
		if (!rec->figure_set[i] || hx_field_get(r, (hx_field_id_t)i))
			continue;
		switch (hx_fields[i].kind) {
		case HX_FIELD_INT:
			j = json_integer((json_int_t)v);
			break;
		case HX_FIELD_BYTES:
			j = isfinite(v) && v >= 0 ? json_integer((json_int_t)v)
						  : json_null();
			break;
		case HX_FIELD_BOOL:
			j = json_boolean(v != 0);
			break;
		default:
			j = isfinite(v) ? json_real(v) : json_null();
		}
		hx_field_set(r, (hx_field_id_t)i, j);
	}
}

json_t *
hx_record_format(const hx_record_t *rec)
{
	json_t *r;

	if (!rec->finished || (r = json_object()) == NULL)
		return NULL;
	head_json(rec, r);
	json_object_set_new(r, "memory", memory_json(rec));
	if (rec->has_work)
		json_object_set_new(r, "work", work_json(rec));
	json_object_set(r, "machine", rec->machine);
	if (rec->conditions != NULL)
		json_object_set(r, "conditions", rec->conditions);
	if (rec->status != HX_STATUS_OK)
		json_object_set_new(r, "reason", json_string(rec->reason));
	if (rec->digest_count > 0)
		digest_json(rec, r);
	if (rec->has_time)
		json_object_set_new(r, "time_s", time_json(rec));
	if (rec->has_steps)
		json_object_set_new(r, "steps_s", steps_json(rec));
	if (rec->has_counters)
		counters_json(rec, r);
	if (rec->has_timeline)
		json_object_set_new(r, "timeline", timeline_json(rec));
	figures_json(rec, r);
	if (rec->profile != NULL)
		json_object_set(r, "profile", rec->profile);
	if (json_is_object(rec->extra))
		merge_missing(r, rec->extra);
	json_object_set(r, "warnings", rec->all_warnings);
	return r;
}
