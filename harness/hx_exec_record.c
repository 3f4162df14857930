/*
 * hx_exec_record: what harness exec measured (an hx_exec_record_t) into
 * the shared hx_record_t and its JSON, and the RSS timeline as CSV. See
 * hx_exec.h.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hx_ceilings.h"
#include "hx_cli.h"
#include "hx_exec.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_isolate.h"
#include "hx_machine.h"
#include "hx_result.h"
#include "hx_stats.h"

int
hx_exec_timeline_csv(const hx_exec_record_t *rec, FILE *f)
{
	if (fprintf(f, "t_s,run,processes,rss_bytes\n") < 0)
		return -1;
	for (size_t i = 0; i < rec->timeline_count; i++) {
		const hx_exec_sample_t *s = &rec->timeline[i];
		if (fprintf(f, "%.6f,%d,%u,%llu\n", s->t_s, s->run,
			s->processes, (unsigned long long)s->rss_bytes) < 0)
			return -1;
	}
	return 0;
}

static json_t *
exec_u64(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* time_s: the cold run apart, the timed runs' wall times as samples. */
static int
exec_record_time(const hx_exec_record_t *er, hx_record_t *rec)
{
	rec->has_time = 1;
	rec->cold_s = er->runs[0].proc.wall_s;
	rec->clock_resolution_s = er->clock_resolution_s;
	rec->samples = calloc(er->nruns + 1, sizeof(double));
	rec->cpu_samples = calloc(er->nruns + 1, sizeof(double));
	if (rec->samples == NULL || rec->cpu_samples == NULL)
		return -1;
	for (size_t i = 0; i < er->nruns; i++) {
		if (er->runs[i].kind != HX_EXEC_TIMED)
			continue;
		rec->cpu_samples[rec->nsamples] = er->runs[i].proc.cpu_s;
		rec->samples[rec->nsamples++] = er->runs[i].proc.wall_s;
	}
	return 0;
}

/* The median of a per-run figure over the timed runs (the cold run's when
 * there are none). */
static uint64_t
exec_median_timed(const hx_exec_record_t *rec, int major)
{
	double *x = calloc(rec->nruns + 1, sizeof(double));
	size_t n = 0;
	uint64_t v;

	for (size_t i = 0; x != NULL && i < rec->nruns; i++) {
		const hx_proc_result_t *p = &rec->runs[i].proc;
		if (rec->runs[i].kind == HX_EXEC_TIMED)
			x[n++] =
			    (double)(major ? p->major_faults : p->minor_faults);
	}
	v = n > 0   ? (uint64_t)hx_stats_median(x, n)
	    : major ? rec->runs[0].proc.major_faults
		    : rec->runs[0].proc.minor_faults;
	free(x);
	return v;
}

/* memory: peaks over every run (the cold one is a real run too); what only
 * a process measurement knows goes to extra.memory. */
static void
exec_record_memory(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	uint64_t tree = 0, maxrss = 0, samples = 0;
	uint32_t procs = 0;
	int unsampled = 0;

	for (size_t i = 0; i < er->nruns; i++) {
		const hx_proc_result_t *p = &er->runs[i].proc;
		tree = p->peak_rss_bytes > tree ? p->peak_rss_bytes : tree;
		maxrss =
		    p->ru_maxrss_bytes > maxrss ? p->ru_maxrss_bytes : maxrss;
		procs = p->peak_processes > procs ? p->peak_processes : procs;
		samples += p->samples;
		unsampled |= p->samples == 0;
	}
	rec->has_peaks = 1;
	rec->peak_rss_bytes = tree > maxrss ? tree : maxrss;
	rec->workspace_source = "unavailable: a process measured from outside "
				"has no allocator peak (see peak_rss_bytes)";
	rec->cold_minor_faults = er->runs[0].proc.minor_faults;
	rec->cold_major_faults = er->runs[0].proc.major_faults;
	rec->minor_faults = exec_median_timed(er, 0);
	rec->major_faults = exec_median_timed(er, 1);
	json_object_set_new(rec->extra, "memory",
	    json_pack("{s:s, s:o, s:o, s:o, s:o, s:n, s:o}", "peak_rss_source",
		"the larger of the process tree's summed RSS (sampled every "
		"--timeline-interval) and the kernel's maxrss of its largest "
		"single process (wait4)",
		"tree_peak_rss_bytes", exec_u64(tree), "ru_maxrss_bytes",
		exec_u64(maxrss), "peak_processes", exec_u64(procs),
		"rss_samples", exec_u64(samples), "model_bytes",
		"mem_limit_bytes", exec_u64(cfg->mem_limit)));
	if (unsampled)
		json_array_append_new(rec->warnings,
		    json_string("a run ended before the first RSS sample: its "
				"peak is the kernel's maxrss alone"));
}

static json_t *
exec_runs_json(const hx_exec_record_t *rec)
{
	json_t *a = json_array();

	for (size_t i = 0; i < rec->nruns; i++) {
		const hx_proc_result_t *p = &rec->runs[i].proc;
		json_array_append_new(a,
		    json_pack("{s:s, s:f, s:f, s:o, s:o, s:o, s:o, s:o, s:o, "
			      "s:o, s:b, s:o, s:b}",
			"kind", hx_exec_kind_name(rec->runs[i].kind), "wall_s",
			p->wall_s, "cpu_s", p->cpu_s, "tree_peak_rss_bytes",
			exec_u64(p->peak_rss_bytes), "ru_maxrss_bytes",
			exec_u64(p->ru_maxrss_bytes), "processes",
			exec_u64(p->peak_processes), "minor_faults",
			exec_u64(p->minor_faults), "major_faults",
			exec_u64(p->major_faults), "exit_status",
			p->signal != 0 ? json_null()
				       : json_integer(p->exit_status),
			"signal",
			p->signal != 0 ? json_integer(p->signal) : json_null(),
			"guard_killed", p->guard_killed, "rss_samples",
			exec_u64(p->samples), "sampler_apart",
			p->sampler_apart));
	}
	return a;
}

/* counters: a copy of the sums (the record closes its own); with none,
 * an empty set and a note saying why. */
static int
exec_record_counters(const hx_exec_record_t *er, hx_record_t *rec)
{
	const hx_counters_t *cs = &er->counters;

	if (!er->counters_on || cs->c == NULL) {
		json_object_set_new(rec->extra, "counters", json_object());
		json_object_set_new(rec->extra, "pmu",
		    json_pack("{s:n, s:s}", "hardware_pmu", "note",
			er->counters_on ? "no run was counted"
					: "counters off (--events none)"));
		json_object_set_new(rec->extra, "derived", json_object());
		return 0;
	}
	rec->counters = *cs;
	rec->counters.c = malloc(cs->count * sizeof(*cs->c));
	if (rec->counters.c == NULL) {
		rec->counters.count = 0;
		return -1;
	}
	memcpy(rec->counters.c, cs->c, cs->count * sizeof(*cs->c));
	for (size_t i = 0; i < cs->count; i++)
		rec->counters.c[i].fd = -1;
	rec->has_counters = 1;
	rec->counter_runs =
	    er->counted_runs > 0 ? (double)er->counted_runs : 1.0;
	return 0;
}

/* result and validation (with --workload), reported and reported_runs. */
static void
exec_record_reported(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	const workload_t *w = cfg->workload;
	json_t *runs = json_array();

	for (size_t i = 0; i < er->nruns; i++)
		json_array_append(runs,
		    er->runs[i].reported != NULL ? er->runs[i].reported
						 : json_null());
	json_object_set(rec->extra, "reported",
	    er->nruns > 0 && er->runs[er->nruns - 1].reported != NULL
		? er->runs[er->nruns - 1].reported
		: json_null());
	json_object_set_new(rec->extra, "reported_runs", runs);
	if (w != NULL && er->has_digest) {
		rec->digest_count = w->digest_count;
		rec->digest_names = w->digest_names;
		memcpy(rec->digest, er->digest, sizeof(rec->digest));
	}
	if (w != NULL && er->has_reference && er->has_digest) {
		rec->has_reference = 1;
		memcpy(rec->reference, er->reference, sizeof(rec->reference));
		rec->validation =
		    er->valid ? HX_VALIDATION_OK : HX_VALIDATION_FAILED;
		snprintf(rec->validation_message,
		    sizeof(rec->validation_message), "%s", er->validation_msg);
		return;
	}
	json_object_set_new(rec->extra, "validation",
	    json_pack("{s:n, s:s}", "ok", "message",
		w == NULL ? "not validated (no --workload)"
			  : "not validated (no result)"));
}

/* command, exit_status, signal, runs and the timeline: exec's own. */
static void
exec_record_process(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	const hx_proc_result_t *last =
	    er->nruns > 0 ? &er->runs[er->nruns - 1].proc : NULL;
	json_t *cmd = json_array(), *x = rec->extra;
	uint64_t max = 0;

	for (size_t i = 0; cfg->argv[i] != NULL; i++)
		json_array_append_new(cmd, json_string(cfg->argv[i]));
	json_object_set_new(x, "command", cmd);
	json_object_set_new(x, "exit_status",
	    last == NULL || last->signal != 0
		? json_null()
		: json_integer(last->exit_status));
	json_object_set_new(x, "signal",
	    last != NULL && last->signal != 0 ? json_integer(last->signal)
					      : json_null());
	json_object_set_new(x, "runs", exec_runs_json(er));
	json_object_set_new(
	    x, "command_allocator", hx_exec_allocator_json(cfg));
	if (cfg->timeline_path == NULL)
		return;
	for (size_t i = 0; i < er->timeline_count; i++)
		max = er->timeline[i].rss_bytes > max
		    ? er->timeline[i].rss_bytes
		    : max;
	json_object_set_new(x, "timeline",
	    json_pack("{s:s, s:I, s:I, s:b, s:I}", "path", cfg->timeline_path,
		"interval_us", (json_int_t)cfg->timeline_interval_us, "samples",
		(json_int_t)er->timeline_count, "truncated",
		er->timeline_truncated, "max_rss_bytes", (json_int_t)max));
}

int
hx_exec_to_record(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	hx_record_init(rec);
	if (er->date[0] != '\0')
		snprintf(rec->date, sizeof(rec->date), "%s", er->date);
	rec->workload = cfg->workload != NULL ? cfg->workload->name : "exec";
	rec->variant = cfg->name;
	rec->description = "a command measured as a process (harness exec)";
	rec->params_of = cfg->workload;
	rec->params = cfg->params;
	if (er->failed)
		hx_record_fail(rec, "%s", er->reason);
	rec->has_window = er->has_window;
	rec->window = er->window;
	rec->has_settings = 1;
	rec->repeat = cfg->repeat;
	rec->warmup = cfg->warmup;
	rec->events = cfg->events;
	rec->extra = json_object();
	rec->warnings = json_array();
	if (rec->extra == NULL || rec->warnings == NULL)
		return -1;
	exec_record_process(cfg, er, rec);
	if (er->nruns > 0 && !er->failed && exec_record_time(er, rec) != 0)
		return -1;
	if (er->nruns > 0)
		exec_record_memory(cfg, er, rec);
	exec_record_reported(cfg, er, rec);
	return exec_record_counters(er, rec);
}

json_t *
hx_exec_json(const hx_exec_config_t *cfg, const hx_exec_record_t *er)
{
	hx_record_t rec;
	json_t *r = NULL;

	if (hx_exec_to_record(cfg, er, &rec) == 0)
		r = hx_record_to_json(&rec);
	hx_record_free(&rec);
	return r;
}
