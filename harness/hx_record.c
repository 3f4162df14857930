/*
 * hx_record: filling and finishing a record (see hx_record.h); the
 * formatting is hx_record_json.c.
 */
#include <inttypes.h>
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
	json_decref(rec->profile);
	json_decref(rec->machine);
	json_decref(rec->conditions);
	json_decref(rec->all_warnings);
	json_decref(rec->derived);
	free(rec->outlier_flags);
	if (rec->counters.c != NULL)
		hx_counters_close(&rec->counters);
	if (rec->timeline != NULL)
		hx_timeline_free(rec->timeline);
	memset(rec, 0, sizeof(*rec));
}

static void
time_warnings(
    const hx_summary_t *s, size_t n, double resolution, json_t *warnings)
{
	char w[200];

	if (n == 1)
		json_array_append_new(warnings,
		    json_string("one timed run: no confidence interval (its "
				"bounds are that run; --repeat 5 or more)"));
	else if (n < 5) {
		snprintf(w, sizeof(w),
		    "fewer than 5 timed repeats: the interval is the runs' "
		    "range, which holds the median with probability %.1f%%",
		    100.0 * (1.0 - ldexp(1.0, 1 - (int)n)));
		json_array_append_new(warnings, json_string(w));
	}
	if (s->ci_wide) {
		char lo[HX_FORMAT_LEN], hi[HX_FORMAT_LEN], what[40] = "";
		if (n < HX_STATS_CI_MIN)
			snprintf(
			    what, sizeof(what), " (the range of %zu runs)", n);
		snprintf(w, sizeof(w),
		    "the %sinterval of the median [%s, %s]%s is wider than 5%% "
		    "of the median: noisy machine or too few repeats",
		    n < HX_STATS_CI_MIN ? "" : "95% ",
		    hx_format_time(lo, sizeof(lo), s->ci_lo),
		    hx_format_time(hi, sizeof(hi), s->ci_hi), what);
		json_array_append_new(warnings, json_string(w));
	}
	if (s->median < 100.0 * resolution)
		json_array_append_new(warnings,
		    json_string("the median is under 100 clock ticks: timing "
				"is at the clock's resolution"));
}

void
hx_record_timeline_figures(hx_record_t *rec)
{
	const hx_timeline_sample_t *s = hx_timeline_samples(rec->timeline);
	size_t n = hx_timeline_count(rec->timeline);

	rec->has_timeline = 1;
	rec->timeline_samples = n;
	rec->timeline_truncated = hx_timeline_truncated(rec->timeline);
	rec->timeline_apart = hx_timeline_apart(rec->timeline);
	rec->timeline_max_live_bytes = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i].live_bytes > rec->timeline_max_live_bytes)
			rec->timeline_max_live_bytes = s[i].live_bytes;
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

/* A one-thread run whose timeline sampler shared its CPU: the sampler's
 * wake-ups are in the timed runs (hx_timeline_apart). */
static void
sampler_warning(const hx_record_t *rec, json_t *warnings)
{
	char w[200];

	if (!rec->has_timeline || rec->timeline_apart || rec->has_threads ||
	    !rec->has_time)
		return;
	snprintf(w, sizeof(w),
	    "the timeline sampler shared the measured CPU (no other CPU "
	    "allowed): its wake-ups, every %" PRIu64 " us, are in the timed "
	    "runs",
	    rec->timeline_interval_us);
	json_array_append_new(warnings, json_string(w));
}

/* What the timed samples give: their summary, outliers and warnings. */
static int
finish_time(hx_record_t *rec, json_t *warnings)
{
	size_t n = rec->nsamples;

	rec->median_s = n > 0 ? hx_stats_median(rec->samples, n) : rec->cold_s;
	if (n == 0)
		return 0;
	if (hx_stats_summarize(rec->samples, n, &rec->summary) != 0)
		return -1;
	rec->has_summary = 1;
	rec->outlier_flags = calloc(n, 1);
	if (rec->outlier_flags == NULL ||
	    hx_stats_outliers(rec->samples, n, HX_STATS_OUTLIER_Z,
		rec->outlier_flags) == SIZE_MAX) {
		free(rec->outlier_flags);
		rec->outlier_flags = NULL;
	}
	time_warnings(&rec->summary, n, rec->clock_resolution_s, warnings);
	return 0;
}

/* The step quantiles: median, p90, p99, min, max. */
static void
finish_steps(hx_record_t *rec)
{
	static const double q[5] = {0.5, 0.9, 0.99, 0.0, 1.0};

	for (int i = 0; i < 5 && rec->nsteps > 0; i++)
		rec->step_q[i] =
		    hx_stats_quantile(rec->step_samples, rec->nsteps, q[i]);
}

/* Rates of the work at the median time; NAN where there is no count. */
static void
finish_work(hx_record_t *rec)
{
	double t = rec->has_time ? rec->median_s : 0.0;

	rec->gflops_per_s = rec->gbytes_per_s = rec->ns_per_unit = NAN;
	rec->intensity = NAN;
	if (rec->has_time && t > 0) {
		if (!isnan(rec->flops))
			rec->gflops_per_s = rec->flops / t * 1e-9;
		if (!isnan(rec->bytes))
			rec->gbytes_per_s = rec->bytes / t * 1e-9;
		rec->ns_per_unit = t / rec->units * 1e9;
	}
	if (rec->has_time && rec->bytes > 0 && !isnan(rec->flops))
		rec->intensity = rec->flops / rec->bytes;
}

/* derived: ipc and each miss counter per unit of work, per timed run. */
static json_t *
finish_derived(const hx_record_t *rec)
{
	const hx_counters_t *cs = &rec->counters;
	json_t *derived = json_object();
	double runs = rec->counter_runs > 0 ? rec->counter_runs : 1.0;
	int ok_c, ok_i;
	double cycles = hx_counters_get(cs, "cycles", &ok_c);
	double instr = hx_counters_get(cs, "instructions", &ok_i);

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
	return derived;
}

int
hx_record_finish(hx_record_t *rec)
{
	json_t *warnings;

	if (rec->finished)
		return 0;
	if ((warnings = json_array()) == NULL)
		return -1;
	if (json_is_array(rec->warnings))
		json_array_extend(warnings, rec->warnings);
	model_warning(rec, warnings);
	sampler_warning(rec, warnings);
	if (rec->machine == NULL && (rec->machine = hx_machine_json()) != NULL)
		hx_host_describe(rec->machine, warnings);
	if (rec->has_window)
		rec->conditions = hx_host_window_json(&rec->window, warnings);
	if (rec->has_time && finish_time(rec, warnings) != 0)
		rec->has_summary = 0;
	if (rec->has_steps)
		finish_steps(rec);
	if (rec->has_work)
		finish_work(rec);
	if (rec->has_counters)
		rec->derived = finish_derived(rec);
	rec->all_warnings = warnings;
	rec->finished = 1;
	return 0;
}

void
hx_record_set(hx_record_t *rec, hx_field_id_t id, double v)
{
	if (id >= HX_F_COUNT)
		return;
	rec->figure[id] = v;
	rec->figure_set[id] = 1;
}

json_t *
hx_record_to_json(hx_record_t *rec)
{
	return hx_record_finish(rec) == 0 ? hx_record_format(rec) : NULL;
}
