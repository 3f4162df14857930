/*
 * hx_run: the measurement protocol of one run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hx_ceilings.h"
#include "hx_counters.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_machine.h"
#include "hx_mem.h"
#include "hx_run.h"
#include "hx_stats.h"
#include "hx_timeline.h"

/* Repeats stop here even when --min-time is not reached. */
#define HX_RUN_MAX_REPEATS 1000
/* A timeline holds at most this many samples (16 minutes at 1 ms). */
#define HX_TIMELINE_CAPACITY 1000000

void
hx_run_config_init(
    hx_run_config_t *cfg, const workload_t *w, const variant_t *v)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->workload = w;
	cfg->variant = v;
	w->defaults(&cfg->params);
	cfg->repeat = 5;
	cfg->warmup = 1;
	cfg->min_time_s = 0.0;
	cfg->timeline_interval_us = 1000;
	cfg->validate = 1;
}

uint64_t
hx_run_predicted_bytes(const hx_run_config_t *cfg)
{
	return model_add(cfg->variant->model_bytes(&cfg->params, hx_mem_round),
	    cfg->workload->input_bytes(&cfg->params));
}

static json_t *
params_json(const params_t *p)
{
	return json_pack("{s:I, s:I, s:I, s:s, s:I, s:I, s:I, s:I}", "n",
	    (json_int_t)p->n, "m", (json_int_t)p->m, "g", (json_int_t)p->g,
	    "preset", p->preset == PRESET_SEED ? "seed" : "random", "seed",
	    (json_int_t)p->seed, "chunk", (json_int_t)p->chunk, "tile",
	    (json_int_t)p->tile, "steps", (json_int_t)p->steps);
}

/* A uint64 that may be UINT64_MAX ("too large") as JSON. */
static json_t *
bytes_json(uint64_t b)
{
	if (b == UINT64_MAX)
		return json_null();
	return json_integer((json_int_t)b);
}

json_t *
hx_run_result_base(const hx_run_config_t *cfg)
{
	const variant_t *v = cfg->variant;
	json_t *r = json_object(), *mem = json_object(), *work;
	double units = cfg->workload->units(&cfg->params);

	if (r == NULL || mem == NULL) {
		json_decref(r);
		json_decref(mem);
		return NULL;
	}
	json_object_set_new(r, "workload", json_string(cfg->workload->name));
	json_object_set_new(r, "variant", json_string(v->name));
	json_object_set_new(r, "status", json_string("ok"));
	json_object_set_new(r, "description", json_string(v->description));
	json_object_set_new(r, "idiom", json_string(v->idiom));
	json_object_set_new(r, "params", params_json(&cfg->params));
	json_object_set_new(mem, "model_bytes",
	    bytes_json(v->model_bytes(&cfg->params, hx_mem_round)));
	json_object_set_new(mem, "model_bare_bytes",
	    bytes_json(v->model_bytes(&cfg->params, model_bare)));
	json_object_set_new(
	    mem, "model_formula", json_string(v->model_formula));
	json_object_set_new(mem, "input_bytes",
	    bytes_json(cfg->workload->input_bytes(&cfg->params)));
	json_object_set_new(
	    mem, "mem_limit_bytes", json_integer((json_int_t)cfg->mem_limit));
	json_object_set_new(r, "memory", mem);
	work = json_pack("{s:s, s:f, s:f, s:f}", "unit", cfg->workload->unit,
	    "units", units, "flops", v->flops(&cfg->params), "bytes",
	    v->bytes(&cfg->params));
	json_object_set_new(r, "work", work);
	json_object_set_new(r, "machine", hx_machine_json());
	return r;
}

int
hx_run_counters_off(const hx_run_config_t *cfg)
{
	return cfg->events != NULL && strcmp(cfg->events, "none") == 0;
}

int64_t __attribute__((noinline)) hx_run_measured(
    const variant_t *v, void *state, uint64_t steps, double *step_times)
{
	for (uint64_t k = 0; k < steps; k++) {
		double t0 = hx_clock_now();
		if (v->step(state, k) != 0)
			return (int64_t)k;
		step_times[k] = hx_clock_now() - t0;
	}
	return -1;
}

static void
set_failed(json_t *r, const char *reason)
{
	json_object_set_new(r, "status", json_string("failed"));
	json_object_set_new(r, "reason", json_string(reason));
}

static json_t *
doubles_json(const double *x, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_real(x[i]));
	return a;
}

/* time_s: the cold run apart, statistics of the timed repeats. */
static json_t *
time_json(
    double cold, const double *t, size_t n, double resolution, json_t *warnings)
{
	json_t *o = json_object();
	hx_summary_t s;

	json_object_set_new(o, "cold", json_real(cold));
	json_object_set_new(o, "clock_resolution_s", json_real(resolution));
	json_object_set_new(o, "repeats", json_integer((json_int_t)n));
	if (n == 0) {
		/* Cold only: the one figure stands for all of them. */
		json_object_set_new(o, "median", json_real(cold));
		json_object_set_new(o, "min", json_real(cold));
		json_object_set_new(o, "max", json_real(cold));
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
	{
		/* Which samples: a modified z-score above 3.5. */
		unsigned char *flags = calloc(n, 1);
		json_t *idx = json_array();
		if (flags != NULL &&
		    hx_stats_outliers(t, n, HX_STATS_OUTLIER_Z, flags) !=
			SIZE_MAX) {
			for (size_t i = 0; i < n; i++) {
				if (flags[i])
					json_array_append_new(
					    idx, json_integer((json_int_t)i));
			}
		}
		free(flags);
		json_object_set_new(o, "outlier_samples", idx);
	}
	json_object_set_new(o, "samples", doubles_json(t, n));
	if (n < 5) {
		json_array_append_new(warnings,
		    json_string("fewer than 5 timed repeats: the confidence "
				"interval is rough"));
	}
	if (s.ci_wide) {
		char w[160];
		snprintf(w, sizeof(w),
		    "the 95%% interval of the median [%.4g, %.4g] s is wider "
		    "than 5%% of the median: noisy machine or too few repeats",
		    s.ci_lo, s.ci_hi);
		json_array_append_new(warnings, json_string(w));
	}
	if (s.median < 100.0 * resolution) {
		json_array_append_new(warnings,
		    json_string(
			"the median is under 100 clock ticks: timing is "
			"at the clock's resolution"));
	}
	return o;
}

/* steps_s: the very first step apart, the others' distribution. */
static json_t *
steps_json(const double *first, const double *rest, size_t n)
{
	json_t *o = json_object();

	json_object_set_new(o, "first", json_real(*first));
	json_object_set_new(o, "count", json_integer((json_int_t)n));
	if (n > 0) {
		json_object_set_new(
		    o, "median", json_real(hx_stats_quantile(rest, n, 0.5)));
		json_object_set_new(
		    o, "p90", json_real(hx_stats_quantile(rest, n, 0.9)));
		json_object_set_new(
		    o, "p99", json_real(hx_stats_quantile(rest, n, 0.99)));
		json_object_set_new(
		    o, "min", json_real(hx_stats_quantile(rest, n, 0.0)));
		json_object_set_new(
		    o, "max", json_real(hx_stats_quantile(rest, n, 1.0)));
		json_object_set_new(o, "samples", doubles_json(rest, n));
	}
	return o;
}

static int
timeline_writer(FILE *f, void *arg)
{
	return hx_timeline_write_csv(arg, f);
}

/* Per-run records of the measured region. */
typedef struct run_record_s {
	double time;
	uint64_t peak, hwm, minor, major;
} run_record_t;

json_t *
hx_run_measure(const hx_run_config_t *cfg)
{
	const variant_t *v = cfg->variant;
	const workload_t *w = cfg->workload;
	const uint64_t steps = w->steps(&cfg->params);
	json_t *r = hx_run_result_base(cfg), *mem, *warnings = json_array();
	hx_counters_t counters;
	int counters_open = 0;
	hx_timeline_t *timeline = NULL;
	hx_mem_probe_t probe;
	void *state = NULL;
	run_record_t *runs = NULL;
	double *step_times = NULL, *rest_steps = NULL, *times = NULL;
	double digest[DIGEST_MAX], reference[DIGEST_MAX], resolution;
	uint64_t live0, live1, rss0, max_runs, nruns = 0, nrest = 0;
	double first_step = 0.0, measured = 0.0;
	char msg[512];

	if (r == NULL || warnings == NULL) {
		json_decref(r);
		json_decref(warnings);
		return NULL;
	}
	mem = json_object_get(r, "memory");
	resolution = hx_clock_resolution();

	/* Inputs, outside the measured region; their size as the allocator
	 * counts it. */
	hx_mem_probe_init(&probe);
	live0 = hx_mem_probe_read(&probe);
	if (v->setup(&cfg->params, &state) != 0) {
		set_failed(r, "setup failed: could not build the inputs");
		goto label_return;
	}
	live1 = hx_mem_probe_read(&probe);
	json_object_set_new(mem, "input_measured_bytes",
	    json_integer((json_int_t)(live1 > live0 ? live1 - live0 : 0)));

	max_runs = 1 + cfg->warmup +
	    (cfg->min_time_s > 0.0 ? HX_RUN_MAX_REPEATS : cfg->repeat);
	runs = calloc(max_runs, sizeof(*runs));
	times = calloc(max_runs, sizeof(*times));
	step_times = calloc(steps, sizeof(*step_times));
	rest_steps = calloc(max_runs * steps, sizeof(*rest_steps));
	if (runs == NULL || times == NULL || step_times == NULL ||
	    rest_steps == NULL) {
		set_failed(r, "out of memory for the run records");
		goto label_return;
	}
	if (hx_run_counters_off(cfg)) {
		/* Counters off, for measuring the instrumentation's cost. */
		memset(&counters, 0, sizeof(counters));
		counters.hardware_pmu = -1;
		counters.paranoid = -9;
		snprintf(counters.pmu_note, sizeof(counters.pmu_note),
		    "counters off (--events none)");
	} else {
		if (hx_counters_open(
			&counters, cfg->events, msg, sizeof(msg)) != 0) {
			set_failed(r, msg);
			goto label_return;
		}
		counters_open = 1;
	}
	if (cfg->timeline_path != NULL &&
	    hx_timeline_start(&timeline, &probe, cfg->timeline_interval_us,
		HX_TIMELINE_CAPACITY) != 0) {
		set_failed(r, "could not start the timeline sampler");
		goto label_return;
	}
	rss0 = hx_os_rss_bytes();
	json_object_set_new(
	    mem, "rss_baseline_bytes", json_integer((json_int_t)rss0));
	json_object_set_new(mem, "allocator_before", hx_mem_allocator_stats());

	for (uint64_t i = 0; i < max_runs; i++) {
		const int timed = i > cfg->warmup;
		int64_t failed_step;
		uint64_t minor0, major0;
		run_record_t *rec = &runs[i];

		if (i > cfg->warmup + cfg->repeat &&
		    (cfg->min_time_s <= 0.0 || measured >= cfg->min_time_s))
			break;
		hx_timeline_phase(timeline, (int)i, 0);
		v->reset(state);
		hx_os_hwm_reset();
		hx_os_faults(&minor0, &major0);
		hx_mem_peak_reset();
		if (timed)
			hx_counters_enable(&counters);
		failed_step = hx_run_measured(v, state, steps, step_times);
		if (timed)
			hx_counters_disable(&counters);
		rec->peak = hx_mem_peak_read();
		hx_os_faults(&rec->minor, &rec->major);
		rec->minor -= minor0;
		rec->major -= major0;
		rec->hwm = hx_os_hwm_bytes();
		if (failed_step >= 0) {
			snprintf(msg, sizeof(msg),
			    "run %llu, step %lld: the variant could not "
			    "allocate "
			    "its workspace (address-space limit or out of "
			    "memory)",
			    (unsigned long long)i, (long long)failed_step);
			set_failed(r, msg);
			goto label_return;
		}
		for (uint64_t k = 0; k < steps; k++)
			rec->time += step_times[k];
		if (i == 0)
			first_step = step_times[0];
		for (uint64_t k = (i == 0 ? 1 : 0); k < steps; k++)
			rest_steps[nrest++] = step_times[k];
		if (timed) {
			times[nruns++] = rec->time;
			measured += rec->time;
		}
	}
	hx_timeline_phase(timeline, -1, -1);
	if (timeline != NULL)
		hx_timeline_stop(timeline);
	json_object_set_new(mem, "allocator_after", hx_mem_allocator_stats());
	hx_counters_read(&counters);
	v->digest(state, digest);

	/* Validation, outside the measured region. */
	{
		json_t *res = json_object(), *val = json_object(), *ref = NULL;

		for (int d = 0; d < w->digest_count; d++)
			json_object_set_new(
			    res, w->digest_names[d], json_real(digest[d]));
		json_object_set_new(r, "result", res);
		if (cfg->validate) {
			if (cfg->reference != NULL) {
				memcpy(reference, cfg->reference,
				    sizeof(double) * (size_t)w->digest_count);
			} else if (w->reference(&cfg->params, reference) != 0) {
				set_failed(
				    r, "out of memory for the reference");
				json_decref(val);
				goto label_return;
			}
			ref = json_object();
			for (int d = 0; d < w->digest_count; d++)
				json_object_set_new(ref, w->digest_names[d],
				    json_real(reference[d]));
			json_object_set_new(val, "reference", ref);
			msg[0] = '\0';
			if (w->validate(&cfg->params, digest, reference, msg,
				sizeof(msg)) != 0) {
				char reason[600];
				snprintf(reason, sizeof(reason),
				    "result disagrees with the float64 "
				    "reference: "
				    "%s",
				    msg);
				json_object_set_new(val, "ok", json_false());
				json_object_set_new(
				    val, "message", json_string(msg));
				json_object_set_new(r, "validation", val);
				set_failed(r, reason);
				goto label_return;
			}
			json_object_set_new(val, "ok", json_true());
		} else {
			json_object_set_new(val, "ok", json_null());
			json_object_set_new(val, "message",
			    json_string("not validated (--no-validate)"));
		}
		json_object_set_new(r, "validation", val);
	}

	/* Times and steps. */
	json_object_set_new(r, "time_s",
	    time_json(
		runs[0].time, times, (size_t)nruns, resolution, warnings));
	if (steps > 1)
		json_object_set_new(r, "steps_s",
		    steps_json(&first_step, rest_steps, (size_t)nrest));

	/* Memory: the peak over all runs (cold included: it is a real run),
	 * faults of the cold run apart from the timed ones. */
	{
		uint64_t peak = 0, hwm = 0;
		double *minor = calloc(nruns + 1, sizeof(double));
		double *major = calloc(nruns + 1, sizeof(double));
		uint64_t j = 0;

		for (uint64_t i = 0; i <= cfg->warmup + nruns; i++) {
			if (runs[i].peak > peak)
				peak = runs[i].peak;
			if (runs[i].hwm > hwm)
				hwm = runs[i].hwm;
			if (i > cfg->warmup && minor != NULL && major != NULL) {
				minor[j] = (double)runs[i].minor;
				major[j++] = (double)runs[i].major;
			}
		}
		if (hx_mem_peak_supported()) {
			json_object_set_new(mem, "peak_workspace_bytes",
			    json_integer((json_int_t)peak));
			json_object_set_new(mem, "peak_workspace_source",
			    json_string(
				"jemalloc thread.peak, reset after setup"));
		} else {
			json_object_set_new(
			    mem, "peak_workspace_bytes", json_null());
			json_object_set_new(mem, "peak_workspace_source",
			    json_string(
				"unavailable: glibc malloc has no "
				"per-thread peak (see peak_rss_bytes)"));
		}
		json_object_set_new(
		    mem, "peak_rss_bytes", json_integer((json_int_t)hwm));
		json_object_set_new(mem, "cold_minor_faults",
		    json_integer((json_int_t)runs[0].minor));
		json_object_set_new(mem, "cold_major_faults",
		    json_integer((json_int_t)runs[0].major));
		json_object_set_new(mem, "minor_faults",
		    json_integer(j > 0 && minor != NULL
			    ? (json_int_t)hx_stats_median(minor, j)
			    : (json_int_t)runs[0].minor));
		json_object_set_new(mem, "major_faults",
		    json_integer(j > 0 && major != NULL
			    ? (json_int_t)hx_stats_median(major, j)
			    : (json_int_t)runs[0].major));
		free(minor);
		free(major);
	}

	/* Counters, per timed run, and what they derive. */
	{
		json_t *derived = json_object();
		int ok_c, ok_i;
		double runs_d = nruns > 0 ? (double)nruns : 1.0;
		double cycles = hx_counters_get(&counters, "cycles", &ok_c);
		double instr =
		    hx_counters_get(&counters, "instructions", &ok_i);
		double units = w->units(&cfg->params);

		json_object_set_new(
		    r, "counters", hx_counters_json(&counters, runs_d));
		json_object_set_new(r, "pmu", hx_counters_pmu_json(&counters));
		if (ok_c && ok_i && cycles > 0)
			json_object_set_new(
			    derived, "ipc", json_real(instr / cycles));
		for (size_t i = 0; i < counters.count; i++) {
			const hx_counter_t *c = &counters.c[i];
			char key[160];
			if (c->status == HX_COUNTER_UNSUPPORTED || units <= 0 ||
			    strstr(c->name, "miss") == NULL)
				continue;
			snprintf(
			    key, sizeof(key), "%s_per_%s", c->name, w->unit);
			json_object_set_new(
			    derived, key, json_real(c->value / runs_d / units));
		}
		json_object_set_new(r, "derived", derived);
	}

	/* Work rates from the schedule's own counts. */
	{
		json_t *work = json_object_get(r, "work");
		double t =
		    nruns > 0 ? hx_stats_median(times, nruns) : runs[0].time;
		double flops = v->flops(&cfg->params);
		double bytes = v->bytes(&cfg->params);
		double units = w->units(&cfg->params);

		if (t > 0) {
			json_object_set_new(
			    work, "gflops_per_s", json_real(flops / t * 1e-9));
			json_object_set_new(
			    work, "gbytes_per_s", json_real(bytes / t * 1e-9));
			json_object_set_new(
			    work, "ns_per_unit", json_real(t / units * 1e9));
		}
		if (bytes > 0)
			json_object_set_new(work, "intensity_flops_per_byte",
			    json_real(flops / bytes));
	}

	if (timeline != NULL) {
		json_t *tl = json_object();
		uint64_t max_live = 0;
		const hx_timeline_sample_t *s = hx_timeline_samples(timeline);

		for (size_t i = 0; i < hx_timeline_count(timeline); i++) {
			if (s[i].live_bytes > max_live)
				max_live = s[i].live_bytes;
		}
		json_object_set_new(
		    tl, "path", json_string(cfg->timeline_path));
		json_object_set_new(tl, "interval_us",
		    json_integer((json_int_t)cfg->timeline_interval_us));
		json_object_set_new(tl, "samples",
		    json_integer((json_int_t)hx_timeline_count(timeline)));
		json_object_set_new(tl, "truncated",
		    json_boolean(hx_timeline_truncated(timeline)));
		json_object_set_new(
		    tl, "max_live_bytes", json_integer((json_int_t)max_live));
		if (hx_file_write_atomic(cfg->timeline_path, timeline_writer,
			timeline, msg, sizeof(msg)) != 0) {
			set_failed(r, msg);
			json_decref(tl);
			goto label_return;
		}
		json_object_set_new(r, "timeline", tl);
	}

label_return:
	if (timeline != NULL)
		hx_timeline_free(timeline);
	if (counters_open)
		hx_counters_close(&counters);
	if (state != NULL)
		v->teardown(state);
	free(runs);
	free(times);
	free(step_times);
	free(rest_steps);
	json_object_set_new(r, "warnings", warnings);
	return r;
}
