/*
 * hx_run: the measurement protocol of one run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "hx_ceilings.h"
#include "hx_counters.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_host.h"
#include "hx_mem.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_profile.h"
#include "hx_run.h"
#include "hx_stats.h"
#include "hx_timeline.h"

/* Repeats stop here even when --min-time is not reached. */
#define HX_RUN_MAX_REPEATS 1000
/* A timeline holds at most this many samples (16 minutes at 1 ms). */
#define HX_TIMELINE_CAPACITY 1000000

/* What the runs of one measurement leave behind, before the record. */
typedef struct run_log_s {
	uint64_t max_runs, steps;
	size_t done; /* runs finished, cold and warm-up included */
	double *time;
	double *cpu; /* each run's CPU time, all threads of the process */
	uint64_t *peak, *hwm, *minor, *major;
	double *step_times;  /* one run's steps */
	double *timed_steps; /* the timed runs' steps */
	double *cold_steps;  /* the cold run's steps after its first */
	double first_step;
	double measured; /* timed seconds so far */
	hx_mem_probe_t probe;
	uint64_t *allocated;    /* bytes each run allocated */
	int has_requests;       /* the allocator counts requests */
	uint64_t cold_requests; /* allocations of the cold run */
	/* T > 1: the team whose peaks are summed, the sampler of the
	 * process's allocated bytes (the timeline's, or one of its own when
	 * there is no --timeline: owned) and their level before the runs. */
	int threads;
	hx_mem_team_t team;
	hx_timeline_t *sampler, *own_sampler;
	uint64_t allocated_base;
	/* --profile: open from the first timed run on (its period set by the
	 * cold run's time). */
	int profiling;
	int profile_cold; /* a run of the cold run alone: it is sampled */
	hx_profile_t profile;
} run_log_t;

/* Samples kept by the sampler a threaded run starts for itself: none are
 * written, it only tracks the largest allocated bytes. */
#define HX_RUN_SAMPLER_CAPACITY 1

uint64_t
hx_run_predicted_bytes(const hx_run_config_t *cfg)
{
	const params_t *p = &cfg->params;
	uint64_t inputs = hx_plugin_input_bytes(cfg->workload, p);
	uint64_t b = model_add(
	    hx_plugin_model_bytes(cfg->variant, p, hx_mem_round), inputs);

	if (cfg->validate && cfg->reference == NULL)
		b = model_add(b, inputs);
	if (cfg->timeline_path != NULL)
		b = model_add(b,
		    model_mul(
			HX_TIMELINE_CAPACITY, sizeof(hx_timeline_sample_t)));
	return b;
}

int64_t __attribute__((noinline))
hx_run_measured(const variant_t *v, void *state, uint64_t steps,
    double *step_times, hx_timeline_t *timeline, int run)
{
	for (uint64_t k = 0; k < steps; k++) {
		double t0;
		hx_timeline_phase(timeline, run, (int)k);
		t0 = hx_clock_now();
		if (v->step(state, k) != 0)
			return (int64_t)k;
		step_times[k] = hx_clock_now() - t0;
	}
	return -1;
}

static void
log_free(run_log_t *log)
{
	free(log->time);
	free(log->cpu);
	free(log->peak);
	free(log->hwm);
	free(log->minor);
	free(log->major);
	free(log->step_times);
	free(log->timed_steps);
	free(log->cold_steps);
	if (log->profiling)
		hx_profile_close(&log->profile);
	free(log->allocated);
	hx_timeline_free(log->own_sampler);
}

static int
log_alloc(const hx_run_config_t *cfg, run_log_t *log)
{
	memset(log, 0, sizeof(*log));
	log->threads = variant_threads(&cfg->params);
	log->steps = hx_plugin_steps(cfg->workload, &cfg->params);
	log->max_runs = 1 + cfg->warmup +
	    (cfg->min_time_s > 0.0 ? HX_RUN_MAX_REPEATS : cfg->repeat);
	log->time = calloc(log->max_runs, sizeof(double));
	log->cpu = calloc(log->max_runs, sizeof(double));
	log->peak = calloc(log->max_runs, sizeof(uint64_t));
	log->hwm = calloc(log->max_runs, sizeof(uint64_t));
	log->minor = calloc(log->max_runs, sizeof(uint64_t));
	log->major = calloc(log->max_runs, sizeof(uint64_t));
	log->step_times = calloc(log->steps, sizeof(double));
	log->timed_steps = calloc(log->max_runs * log->steps, sizeof(double));
	log->cold_steps = calloc(log->steps, sizeof(double));
	log->allocated = calloc(log->max_runs, sizeof(uint64_t));
	return log->allocated != NULL && log->time != NULL &&
		log->cpu != NULL && log->peak != NULL && log->hwm != NULL &&
		log->minor != NULL && log->major != NULL &&
		log->step_times != NULL && log->timed_steps != NULL &&
		log->cold_steps != NULL
	    ? 0
	    : -1;
}

/* The inputs, outside the measured region; their size as the allocator
 * counts it. 0, or -1 with rec failed. */
static int
measure_setup(const hx_run_config_t *cfg, hx_record_t *rec,
    const hx_mem_probe_t *probe, void **state)
{
	uint64_t live0 = hx_mem_probe_read(probe), live1;

	if (cfg->variant->setup(&cfg->params, state) != 0) {
		*state = NULL;
		hx_record_fail(rec, "setup failed: could not build the inputs");
		return -1;
	}
	live1 = hx_mem_probe_read(probe);
	rec->has_input_measured = 1;
	rec->input_measured_bytes = live1 > live0 ? live1 - live0 : 0;
	return 0;
}

/* Counters and timeline. 0, or -1 with rec failed. */
static int
measure_instruments(
    const hx_run_config_t *cfg, hx_record_t *rec, const hx_mem_probe_t *probe)
{
	hx_counters_t *cs = &rec->counters;
	char msg[512];

	if (hx_run_counters_off(cfg)) {
		/* Counters off, for measuring the instrumentation's cost. */
		memset(cs, 0, sizeof(*cs));
		cs->hardware_pmu = -1;
		cs->paranoid = -9;
		snprintf(cs->pmu_note, sizeof(cs->pmu_note),
		    "counters off (--events none)");
	} else if ((variant_threads(&cfg->params) > 1
			   ? hx_counters_open_threads(
				 cs, cfg->events, msg, sizeof(msg))
			   : hx_counters_open(
				 cs, cfg->events, msg, sizeof(msg))) != 0) {
		memset(cs, 0, sizeof(*cs));
		hx_record_fail(rec, "%s", msg);
		return -1;
	} else if (variant_threads(&cfg->params) > 1 &&
	    hx_mem_team_started() > 1) {
		/* An earlier run in this process (--no-fork, tests) left
		 * pool threads that the new counters cannot inherit. */
		size_t len = strlen(cs->pmu_note);
		snprintf(cs->pmu_note + len, sizeof(cs->pmu_note) - len,
		    "; %d pool threads predate the counters, not counted",
		    hx_mem_team_started() - 1);
	}
	if (cfg->timeline_path != NULL &&
	    hx_timeline_start(&rec->timeline, probe, cfg->timeline_interval_us,
		HX_TIMELINE_CAPACITY) != 0) {
		rec->timeline = NULL;
		hx_record_fail(rec, "could not start the timeline sampler");
		return -1;
	}
	rec->timeline_path = cfg->timeline_path;
	rec->timeline_interval_us = cfg->timeline_interval_us;
	rec->has_baseline = 1;
	rec->rss_baseline_bytes = hx_os_rss_bytes();
	rec->allocator_before = hx_mem_allocator_stats();
	return 0;
}

/* A run on T > 1 threads: the sampler of the process's allocated bytes
 * (the timeline's when there is one) and their level now, before the runs.
 * 0, or -1 with rec failed. */
static int
measure_threads_start(const hx_run_config_t *cfg, hx_record_t *rec,
    const hx_mem_probe_t *probe, run_log_t *log)
{
	hx_timeline_t *sampler = rec->timeline;

	if (log->threads <= 1)
		return 0;
	if (sampler == NULL) {
		if (hx_timeline_start(&log->own_sampler, probe,
			cfg->timeline_interval_us,
			HX_RUN_SAMPLER_CAPACITY) != 0) {
			log->own_sampler = NULL;
			hx_record_fail(rec,
			    "could not start the sampler of "
			    "the allocated bytes");
			return -1;
		}
		sampler = log->own_sampler;
	}
	/* Start the team (libgomp's pool) first: what its threads allocate
	 * for themselves when they start, and its team structure, are the
	 * runtime's, not the variant's workspace (the per-thread peaks
	 * leave them out too). */
	hx_mem_team_peak_reset(&log->team, log->threads);
	log->allocated_base = hx_mem_team_allocated(log->threads);
	log->sampler = sampler;
	rec->has_threads = 1;
	rec->threads = (uint64_t)log->threads;
	rec->workspace_lower_interval_us = cfg->timeline_interval_us;
	return 0;
}

/* After the runs: the sampler's largest allocated bytes above the level
 * before them. */
static void
measure_threads_finish(hx_record_t *rec, run_log_t *log)
{
	uint64_t max;

	if (log->sampler == NULL)
		return;
	hx_timeline_stop(log->sampler);
	max = hx_timeline_max_allocated(log->sampler);
	/* No process-wide figure (an interposed allocator, e.g. a
	 * sanitizer's, answers mallinfo2 with zeros): no lower bound. */
	rec->has_workspace_lower = log->allocated_base > 0;
	rec->workspace_lower_bytes =
	    max > log->allocated_base ? max - log->allocated_base : 0;
}

/* Run i: reset, measured region, its memory figures. 0, or -1 with rec
 * failed. */
static int
measure_one(const hx_run_config_t *cfg, hx_record_t *rec, void *state,
    run_log_t *log, uint64_t i)
{
	const int timed = i > cfg->warmup;
	const int sampled = log->profiling && (timed || log->profile_cold);
	uint64_t minor0, major0, alloc0, req0 = 0, req1;
	int64_t failed;

	hx_timeline_phase(rec->timeline, (int)i, 0);
	hx_plugin_reset(cfg->variant, state);
	/* The pages a first touch can take at the guest's price (the time
	 * model's faults, hx_model.c), before the cold run and again before
	 * the first timed one, which a run before it has left as the timed
	 * runs find it; none under a kernel without free page reporting.
	 * Measured before the cold run alone, it overstated the host's
	 * faults of a variant that frees and faults again each run: the
	 * pages a run frees are not reported before the next run takes them
	 * back (interp materialized on an Intel Xeon VM: 193,311 of its
	 * 293,002 faults a run priced at the host's 10.2 us, 2.12 s predicted
	 * against 0.89 s of kernel time measured). Not before every run: a
	 * reading took 4.8 ms there (/proc/pagetypeinfo). */
	if (i == 0 || i == cfg->warmup + 1) {
		uint64_t u;

		if (hx_host_free_unreported_bytes(&u) == 0)
			hx_record_set(rec, HX_F_FREE_UNREPORTED, (double)u);
	}
	hx_os_hwm_reset();
	hx_os_faults(&minor0, &major0);
	if (log->threads > 1)
		hx_mem_team_peak_reset(&log->team, log->threads);
	else
		hx_mem_peak_reset();
	hx_timeline_track_allocated(log->sampler, 1);
	alloc0 = hx_mem_probe_allocated(&log->probe);
	/* Allocations are counted on the cold run alone (every run of a
	 * variant allocates alike): counting flushes the thread's cache. On
	 * T > 1 threads they are the calling thread's alone. */
	if (i == 0)
		log->has_requests = hx_mem_requests(&req0) == 0;
	if (timed)
		hx_counters_enable(&rec->counters);
	if (sampled)
		hx_profile_enable(&log->profile);
	log->cpu[i] = hx_clock_cpu_now();
	failed = hx_run_measured(cfg->variant, state, log->steps,
	    log->step_times, rec->timeline, (int)i);
	log->cpu[i] = hx_clock_cpu_now() - log->cpu[i];
	if (sampled) {
		hx_profile_disable(&log->profile);
		hx_profile_drain(&log->profile);
	}
	if (timed)
		hx_counters_disable(&rec->counters);
	hx_timeline_track_allocated(log->sampler, 0);
	if (i == 0 && log->has_requests)
		log->has_requests = hx_mem_requests(&req1) == 0;
	log->allocated[i] = hx_mem_probe_allocated(&log->probe) - alloc0;
	if (log->threads > 1) {
		log->peak[i] = hx_mem_team_peak_read(&log->team);
		rec->team_changed |= log->team.changed;
	} else {
		log->peak[i] = hx_mem_peak_read();
	}
	hx_os_faults(&log->minor[i], &log->major[i]);
	log->minor[i] -= minor0;
	log->major[i] -= major0;
	log->hwm[i] = hx_os_hwm_bytes();
	if (i == 0 && log->has_requests)
		log->cold_requests = req1 - req0;
	if (failed >= 0) {
		struct rlimit rl;
		char lim[32] = "none";

		if (getrlimit(RLIMIT_AS, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY)
			hx_format_bytes(lim, sizeof(lim), (double)rl.rlim_cur);
		hx_record_fail(rec,
		    "run %llu, step %lld: the variant could not allocate its "
		    "workspace (address-space limit %s, out of memory, or a "
		    "request no allocator serves)",
		    (unsigned long long)i, (long long)failed, lim);
		return -1;
	}
	for (uint64_t k = 0; k < log->steps; k++)
		log->time[i] += log->step_times[k];
	if (i == 0) {
		log->first_step = log->step_times[0];
		memcpy(log->cold_steps, log->step_times + 1,
		    (log->steps - 1) * sizeof(double));
	}
	if (timed) {
		/* Only the timed runs' steps: the cold and warm-up runs'
		 * would pull the step distribution toward their caches. */
		memcpy(&log->timed_steps[rec->nsamples * log->steps],
		    log->step_times, log->steps * sizeof(double));
		rec->nsamples++;
		log->measured += log->time[i];
	}
	return 0;
}

/* Seconds between two progress lines of one run (and before the first):
 * a run shorter than this prints none. */
#define HX_RUN_PROGRESS_S 10.0

/* After run i (started at t0; *last the time of the last line): a line on
 * stderr when HX_RUN_PROGRESS_S have passed, so that a long run says how
 * far it is instead of nothing for minutes. Between runs, outside the
 * measured region. */
static void
measure_progress(
    const hx_run_config_t *cfg, uint64_t i, double t0, double *last)
{
	double now = hx_clock_now(), per = (now - t0) / (double)(i + 1);
	uint64_t total = 1 + cfg->warmup + cfg->repeat;

	if (now - *last < HX_RUN_PROGRESS_S)
		return;
	*last = now;
	fprintf(stderr, "  %s/%s: %llu of ", cfg->workload->name,
	    cfg->variant->name, (unsigned long long)(i + 1));
	if (cfg->min_time_s > 0.0)
		fprintf(stderr, "%llu+ runs (until %.3g s timed)",
		    (unsigned long long)total, cfg->min_time_s);
	else
		fprintf(stderr, "%llu runs", (unsigned long long)total);
	fprintf(stderr, " (cold, %llu warm-up, %llu timed) in %.0f s",
	    (unsigned long long)cfg->warmup, (unsigned long long)cfg->repeat,
	    now - t0);
	if (cfg->min_time_s <= 0.0 && total > i + 1)
		fprintf(stderr, ", about %.0f s of runs left",
		    per * (double)(total - i - 1));
	fputc('\n', stderr);
}

/* --profile's sampling, after the cold run: a period of its CPU time over
 * HX_PROFILE_SAMPLES_PER_RUN; before it, at HX_PROFILE_COLD_PERIOD_NS,
 * when it is the only run (cold alone: it is the one sampled). 0, or -1
 * with rec failed. */
static int
measure_profile_open(hx_record_t *rec, run_log_t *log)
{
	double period = log->profile_cold
	    ? HX_PROFILE_COLD_PERIOD_NS
	    : log->cpu[0] / HX_PROFILE_SAMPLES_PER_RUN * 1e9;
	char msg[256];

	if (!(period >= HX_PROFILE_MIN_PERIOD_NS))
		period = HX_PROFILE_MIN_PERIOD_NS;
	if (hx_profile_open(
		&log->profile, (uint64_t)period, msg, sizeof(msg)) != 0) {
		hx_record_fail(rec, "%s", msg);
		return -1;
	}
	log->profiling = 1;
	return 0;
}

/* An interleaved run (one that waits at its gate while its siblings run)
 * whose last run took under HX_RUN_REWARM_S (hx_run.h) gets an untimed
 * run of its own at its turn, right before it. On a virtual machine a page left
 * untouched for a while costs far more at its next touch: on the Intel Xeon VM
 * (2026-12-06) one read a page of a 16 MiB block took 15 ns touched again at
 * once, 0.12 to 0.19 us after 0.05 s, 0.7 to 0.8 us after 0.5 s, 0.7 to 3.4 us
 * after 1 s and 5.8 to 7.4 us after 4 s, the process sleeping or spinning on
 * registers between (and 256 MiB written between, without a pause, cost
 * nothing), so that interp sorted, interleaved with the other variants'
 * seconds-long runs, ran 33.1 ms where alone it ran 24 to 25: its scatters 7.4
 * ms against 2.9 (its 5,500 pages at about 2 us). A longer run pays the same
 * once: 11 ms would be 4% of a 0.25 s run.
 *
 * The untimed run is the variant's run as a warm-up's would be, its
 * memory, counters and profile not read (measure_one resets them before
 * the timed run), counted in conditions.rewarm_runs; nonzero when a step
 * failed. */
static int
measure_rewarm(
    const hx_run_config_t *cfg, hx_record_t *rec, void *state, run_log_t *log)
{
	hx_timeline_phase(rec->timeline, -1, -1);
	hx_plugin_reset(cfg->variant, state);
	rec->window.rewarm_runs++;
	return hx_run_measured(cfg->variant, state, log->steps, log->step_times,
		   NULL, -1) >= 0;
}

/* The cold run, warm-ups and timed runs. 0, or -1 with rec failed. */
static int
measure_runs(
    const hx_run_config_t *cfg, hx_record_t *rec, void *state, run_log_t *log)
{
	double t0 = hx_clock_now(), last = t0;

	log->profile_cold = cfg->profile && cfg->repeat == 0 &&
	    cfg->warmup == 0 && cfg->min_time_s <= 0.0;
	if (log->profile_cold && measure_profile_open(rec, log) != 0)
		return -1;
	for (uint64_t i = 0; i < log->max_runs; i++) {
		if (i > cfg->warmup + cfg->repeat &&
		    (cfg->min_time_s <= 0.0 ||
			log->measured >= cfg->min_time_s))
			break;
		if (cfg->gate != NULL && cfg->gate(cfg->gate_arg) != 0) {
			hx_record_fail(rec,
			    "stopped while waiting for its turn "
			    "(interleaved runs)");
			return -1;
		}
		if (cfg->gate != NULL && i > cfg->warmup &&
		    log->time[i - 1] < HX_RUN_REWARM_S &&
		    measure_rewarm(cfg, rec, state, log) != 0) {
			hx_record_fail(rec,
			    "run %llu: a step failed in the untimed run "
			    "before it",
			    (unsigned long long)i);
			return -1;
		}
		if (measure_one(cfg, rec, state, log, i) != 0)
			return -1;
		log->done = i + 1;
		measure_progress(cfg, i, t0, &last);
		/* Between runs: what the harness does here (the profiler
		 * opened after the cold run) is no run's. */
		hx_timeline_phase(rec->timeline, -1, -1);
		if (i == 0 && cfg->profile && !log->profile_cold &&
		    measure_profile_open(rec, log) != 0)
			return -1;
	}
	if (log->profiling) {
		rec->profile = hx_profile_json(&log->profile,
		    (const void *)cfg->variant->step,
		    log->profile_cold ? 1 : rec->nsamples);
		hx_profile_close(&log->profile);
		log->profiling = 0;
	}
	measure_threads_finish(rec, log);
	hx_timeline_phase(rec->timeline, -1, -1);
	if (rec->timeline != NULL) {
		hx_timeline_stop(rec->timeline);
		hx_record_timeline_figures(rec);
	}
	rec->allocator_after = hx_mem_allocator_stats();
	hx_counters_read(&rec->counters);
	rec->counter_runs = (double)rec->nsamples;
	return 0;
}

/* The digest against the reference, outside the measured region. 0, or -1
 * with rec failed. */
static int
measure_validate(const hx_run_config_t *cfg, hx_record_t *rec, void *state)
{
	const workload_t *w = cfg->workload;

	cfg->variant->digest(state, rec->digest);
	rec->digest_count = w->digest_count;
	rec->digest_names = w->digest_names;
	if (!cfg->validate) {
		rec->validation = HX_VALIDATION_OFF;
		return 0;
	}
	if (cfg->reference != NULL) {
		memcpy(rec->reference, cfg->reference,
		    sizeof(double) * (size_t)w->digest_count);
	} else if (w->reference(&cfg->params, rec->reference) != 0) {
		hx_record_fail(rec, "out of memory for the reference");
		return -1;
	}
	rec->has_reference = 1;
	rec->validation = HX_VALIDATION_OK;
	if (w->validate(&cfg->params, rec->digest, rec->reference,
		rec->validation_message,
		sizeof(rec->validation_message)) != 0) {
		rec->validation = HX_VALIDATION_FAILED;
		hx_record_fail(rec,
		    "result disagrees with the float64 reference: %s",
		    rec->validation_message);
		return -1;
	}
	return 0;
}

/* The median of n counts, as a count. */
static uint64_t
median_count(const uint64_t *x, size_t n)
{
	double *d = calloc(n, sizeof(double));
	uint64_t m;

	if (d == NULL)
		return x[0];
	for (size_t i = 0; i < n; i++)
		d[i] = (double)x[i];
	m = (uint64_t)hx_stats_median(d, n);
	free(d);
	return m;
}

/* Bytes allocated per run (the timed runs' median) and allocations per run
 * (the cold run's), where the allocator counts them. */
static void
measure_allocations(hx_record_t *rec, const run_log_t *log, size_t first)
{
	rec->has_allocs = 1;
	rec->steps_per_run = log->steps;
	rec->alloc_bytes_per_run =
	    hx_mem_probe_allocated(&log->probe) == UINT64_MAX ? UINT64_MAX
	    : rec->nsamples > 0
	    ? median_count(&log->allocated[first], rec->nsamples)
	    : log->allocated[0];
	rec->allocs_per_run =
	    log->has_requests ? log->cold_requests : UINT64_MAX;
}

/* Times, steps and memory into the record. Memory: the peak over all runs
 * (cold included: it is a real run), faults of the cold run apart from the
 * timed ones. */
static void
measure_summarize(const hx_run_config_t *cfg, hx_record_t *rec, run_log_t *log)
{
	size_t first_timed = (size_t)cfg->warmup + 1;

	rec->has_time = 1;
	rec->cold_s = log->time[0];
	for (size_t i = 0; i < rec->nsamples; i++) {
		log->time[i] = log->time[first_timed + i];
		log->cpu[i] = log->cpu[first_timed + i];
	}
	rec->samples = log->time;
	log->time = NULL;
	rec->cpu_samples = log->cpu;
	log->cpu = NULL;
	if (log->steps > 1) {
		/* The timed runs' steps; with none (--repeat 0), the cold
		 * run's after its first, as time_s does with the cold run. */
		double **keep =
		    rec->nsamples > 0 ? &log->timed_steps : &log->cold_steps;
		rec->has_steps = 1;
		rec->first_step_s = log->first_step;
		rec->nsteps = rec->nsamples > 0 ? rec->nsamples * log->steps
						: log->steps - 1;
		rec->step_samples = *keep;
		*keep = NULL;
	}
	rec->has_counters = 1;
	rec->has_peaks = 1;
	rec->has_workspace = hx_mem_peak_supported();
	for (size_t i = 0; i < log->done; i++) {
		if (log->peak[i] > rec->peak_workspace_bytes)
			rec->peak_workspace_bytes = log->peak[i];
		if (log->hwm[i] > rec->peak_rss_bytes)
			rec->peak_rss_bytes = log->hwm[i];
	}
	rec->cold_minor_faults = log->minor[0];
	rec->cold_major_faults = log->major[0];
	rec->minor_faults = rec->nsamples > 0
	    ? median_count(&log->minor[first_timed], rec->nsamples)
	    : log->minor[0];
	rec->major_faults = rec->nsamples > 0
	    ? median_count(&log->major[first_timed], rec->nsamples)
	    : log->major[0];
	measure_allocations(rec, log, first_timed);
}

void
hx_run_measure(const hx_run_config_t *cfg, hx_record_t *rec)
{
	hx_mem_probe_t probe;
	run_log_t log;
	void *state = NULL;

	rec->clock_resolution_s = hx_clock_resolution();
	hx_mem_probe_init(&probe);
	if (measure_setup(cfg, rec, &probe, &state) != 0)
		return;
	if (log_alloc(cfg, &log) == 0)
		log.probe = probe;
	else {
		hx_record_fail(rec, "out of memory for the run records");
		goto label_return;
	}
	if (measure_instruments(cfg, rec, &probe) != 0 ||
	    measure_threads_start(cfg, rec, &probe, &log) != 0 ||
	    measure_runs(cfg, rec, state, &log) != 0 ||
	    measure_validate(cfg, rec, state) != 0)
		goto label_return;
	measure_summarize(cfg, rec, &log);
label_return:
	if (rec->timeline != NULL)
		hx_timeline_stop(rec->timeline);
	if (rec->status != HX_STATUS_OK) {
		/* A failed run keeps its reason and digest, not its
		 * figures. */
		rec->nsamples = 0;
		if (rec->timeline != NULL)
			hx_timeline_free(rec->timeline);
		rec->timeline = NULL;
		rec->has_timeline = 0;
	}
	log_free(&log);
	cfg->variant->teardown(state);
}

static int
timeline_writer(FILE *f, void *arg)
{
	return hx_timeline_write_csv(arg, f);
}

json_t *
hx_run_result(const hx_run_config_t *cfg)
{
	hx_record_t rec;
	char msg[512];
	json_t *r;

	hx_run_record_init(cfg, &rec);
	if (cfg->cpu >= 0 && hx_host_pin(cfg->cpu, msg, sizeof(msg)) != 0) {
		hx_record_fail(&rec, "%s", msg);
		goto label_write;
	}
	rec.has_window = 1;
	hx_host_begin(&rec.window, cfg->cpu);
	/* An interleaved run waits at its gate while its siblings run. */
	rec.window.shared = cfg->gate != NULL;
	hx_run_measure(cfg, &rec);
	hx_host_end(&rec.window);
	hx_host_allowed(rec.window.allowed, sizeof(rec.window.allowed));
	if (rec.timeline != NULL &&
	    hx_file_write_atomic(rec.timeline_path, timeline_writer,
		rec.timeline, msg, sizeof(msg)) != 0) {
		hx_record_fail(&rec, "--timeline %s", msg);
		hx_timeline_free(rec.timeline);
		rec.timeline = NULL;
		rec.has_timeline = 0;
	}
label_write:
	r = hx_record_to_json(&rec);
	hx_record_free(&rec);
	return r;
}
