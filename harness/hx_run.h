/*
 * hx_run: one measured run of one variant, in the calling process.
 *
 * The protocol, after STREAM: build the inputs outside the measured region;
 * check the clock's resolution; one cold run, reported apart; warm-up runs,
 * discarded; then timed repeats (at least --repeat, more until --min-time of
 * measured time). Around every run: the allocator's per-thread peak is reset
 * (so the peak is workspace above the inputs), the OS high-water mark is
 * reset, page faults are read; counters count the timed repeats only. The
 * result is validated against the workload's float64 reference after all
 * timed runs; a result that disagrees makes the run "failed" and its times
 * do not count.
 *
 * hx_run_measure fills a record (hx_record) and never forks; hx_isolate
 * runs it in a child.
 */
#ifndef FB_HX_RUN_H
#define FB_HX_RUN_H

#include <jansson.h>
#include <stdint.h>

#include "hx_record.h"
#include "hx_timeline.h"
#include "variant.h"

typedef struct hx_run_config_s {
	const workload_t *workload;
	const variant_t *variant;
	params_t params;
	uint64_t repeat;   /* timed repeats after the cold run (0: cold only) */
	uint64_t warmup;   /* discarded runs between cold and timed */
	double min_time_s; /* keep repeating until this much measured time */
	const char *events;        /* libpfm4 names; NULL: the default set;
				      "none": no counters */
	uint64_t mem_limit;        /* bytes the model plus inputs may take */
	const char *timeline_path; /* CSV, or NULL */
	uint64_t timeline_interval_us;
	int validate;            /* compare with the reference (default 1) */
	const double *reference; /* a precomputed reference digest, or NULL */
	int cpu; /* pin the measuring process to this CPU; -1: not pinned */
	/* Sample where the timed runs' time goes (hx_profile.h) into the
	 * result's "profile". */
	int profile;
	/* Called in the measuring process before each run (cold, warm-up,
	 * timed); non-zero stops the measurement. NULL: none. Interleaved
	 * runs (hx_isolate_interleave) wait here for their turn. */
	int (*gate)(void *arg);
	void *gate_arg;
} hx_run_config_t;

/* An interleaved run whose last run took less than this many seconds
 * runs once untimed at its turn before each timed run (hx_run.c). */
#define HX_RUN_REWARM_S 0.25

/* The default --repeat of run and exec (sweep's is its own). */
#define HX_RUN_DEFAULT_REPEAT 5

/* Fills cfg with the defaults for workload w (its params defaults too). */
void hx_run_config_init(
    hx_run_config_t *cfg, const workload_t *w, const variant_t *v);

/* The memory guard's prediction of the measuring child's peak: the model
 * (allocator rounding), the inputs, the reference's own inputs when the
 * child computes the reference (taken as large as the variant's inputs:
 * the reference rebuilds them) and the timeline's sample buffer. */
uint64_t hx_run_predicted_bytes(const hx_run_config_t *cfg);

/* 1 when cfg asks for no counters (--events none). */
int hx_run_counters_off(const hx_run_config_t *cfg);

/* A record with what every outcome has (workload, variant, params, date,
 * settings, model, work), status ok; the caller frees it
 * (hx_record_free). */
void hx_run_record_init(const hx_run_config_t *cfg, hx_record_t *rec);

/* Measures into rec (initialized by hx_run_record_init): status ok, or
 * failed with the reason. Writes nothing. */
void hx_run_measure(const hx_run_config_t *cfg, hx_record_t *rec);

/* Measures, writes the timeline CSV when cfg asks for one, and returns the
 * result object (new reference); NULL only when memory for the result
 * itself ran out. */
json_t *hx_run_result(const hx_run_config_t *cfg);

/* The measured region (steps 0..steps-1 of one run), a function of its own
 * so that a simulator can count it alone (callgrind --toggle-collect).
 * Announces run and step to the timeline (NULL: none), fills step_times and
 * returns the index of a failed step, or -1. */
int64_t hx_run_measured(const variant_t *v, void *state, uint64_t steps,
    double *step_times, hx_timeline_t *timeline, int run);

#endif /* FB_HX_RUN_H */
