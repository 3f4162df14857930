/*
 * hx_record: what one measured run produced, as plain data, the step that
 * finishes it and the one function that writes it as the result object
 * (docs/interface.md, docs/result-schema.md).
 *
 * Measuring, finishing and writing are three steps (Google Benchmark's
 * runner, GetResults and PrintRunData): hx_run_measure fills a record and
 * writes nothing; hx_record_finish derives every figure (time statistics,
 * step quantiles, rates, counter-derived figures, warnings) and takes the
 * machine snapshot; hx_record_format only formats a finished record, so
 * the format can change without touching the measurement and the writer
 * can be tested with a hand-made finished record and no machine. The same
 * record serves a whole-process measurement
 * (`harness exec`): every section but the head is optional (a has_* flag),
 * and what such a run alone knows goes into the optional `extra` object.
 *
 * A figure of the field table (hx_fields.h) that no section below holds
 * is measured with hx_record_set and written at its path.
 *
 * Limits: a record is filled by one thread; strings it points to (names,
 * formulas, paths) must outlive it; arrays and JSON objects it holds are
 * owned and freed by hx_record_free.
 */
#ifndef FB_HX_RECORD_H
#define FB_HX_RECORD_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "hx_counters.h"
#include "hx_fields.h"
#include "hx_host.h"
#include "hx_stats.h"
#include "hx_timeline.h"
#include "variant.h"

typedef enum hx_status_e {
	HX_STATUS_OK,
	HX_STATUS_SKIPPED,
	HX_STATUS_FAILED
} hx_status_t;

typedef enum hx_validation_e {
	HX_VALIDATION_NONE,  /* not reached: no "validation" object */
	HX_VALIDATION_OFF,   /* --no-validate */
	HX_VALIDATION_OK,    /* agrees with the reference */
	HX_VALIDATION_FAILED /* disagrees: message says where */
} hx_validation_t;

/* The result schema's version: documented in docs/result-schema.md;
 * raised when a field changes meaning or goes away. */
#define HX_SCHEMA_VERSION 2

/* The harness's version (git describe at build time, or "unknown"). */
const char *hx_record_version(void);

/* Bytes that overflow a model are UINT64_MAX, written as null. */
#define HX_RECORD_TOO_LARGE UINT64_MAX

typedef struct hx_record_s {
	/* Head: always written. */
	const char *workload, *variant;
	const char *description, *idiom; /* NULL: left out */
	/* The variant's loop nest and its note (variant_t.loops, .notes);
	 * NULL: left out. */
	const char *loops, *notes;
	/* The parameters, as workload params_of declares them; NULL: none. */
	const workload_t *params_of;
	params_t params;
	hx_status_t status;
	char reason[640];
	char date[32]; /* the run's start, UTC, ISO 8601 */

	/* The conditions around the measurement ("conditions"). */
	int has_window;
	hx_host_window_t window;

	/* The measurement settings, for --resume's match ("settings"). */
	int has_settings;
	uint64_t repeat, warmup;
	double min_time_s;
	const char *events; /* NULL: the default set */

	/* The variant's model and inputs (memory.model_bytes ...); no_model:
	 * the variant has none (a plugin's), only the inputs are written. */
	int has_model, no_model;
	uint64_t model_bytes, model_bare_bytes, input_bytes, mem_limit_bytes;
	const char *model_formula;
	/* The work of one run from the schedule's own counts ("work"); flops
	 * and bytes NAN when the variant has no count (left out). */
	int has_work;
	const char *unit;
	double units, flops, bytes;

	/* Times: the cold run apart, the timed samples (owned). */
	int has_time;
	double cold_s, clock_resolution_s;
	double *samples;
	size_t nsamples;
	/* The CPU time of each timed sample, in the same order (owned; NULL
	 * when not measured): all threads of the measuring process (run), or
	 * the command's waited-for processes (exec). */
	double *cpu_samples;
	/* Steps: the cold run's first step, the timed runs' steps (owned;
	 * with no timed run, the cold run's steps after its first). */
	int has_steps;
	double first_step_s;
	double *step_samples;
	size_t nsteps;

	/* Memory. The inputs as the allocator counted them: */
	int has_input_measured;
	uint64_t input_measured_bytes;
	/* Before the runs: the RSS and the allocator's statistics (owned,
	 * optional). */
	int has_baseline;
	uint64_t rss_baseline_bytes;
	json_t *allocator_before, *allocator_after;
	/* Over the runs: peaks over all, faults of the cold run apart, the
	 * timed runs' median faults. The workspace (the allocator's peak of
	 * live bytes above the inputs) is optional. */
	int has_peaks, has_workspace;
	uint64_t peak_workspace_bytes, peak_rss_bytes;
	uint64_t minor_faults, major_faults;
	uint64_t cold_minor_faults, cold_major_faults;
	/* Allocations: bytes allocated per run (freed or not; the timed
	 * runs' median) and requests per run (the cold run's), UINT64_MAX
	 * where the allocator does not count them; the steps of a run. */
	int has_allocs;
	uint64_t alloc_bytes_per_run, allocs_per_run, steps_per_run;
	/* A run on T > 1 threads ("memory.threads"): peak_workspace_bytes is
	 * then the largest sum of the team's per-thread peaks (an upper
	 * bound); the lower bound is the largest process-wide allocated
	 * bytes the sampler saw above the level before the runs. */
	int has_threads, has_workspace_lower; /* lower: 0 when unknown */
	uint64_t threads;
	uint64_t workspace_lower_bytes, workspace_lower_interval_us;
	int team_changed; /* a run's team was not the reset one */

	/* Counters, summed over counter_runs timed runs (owned: closed by
	 * hx_record_free when counters.c is set). */
	int has_counters;
	hx_counters_t counters;
	double counter_runs;

	/* The digest and its check against the reference. */
	int digest_count; /* 0: no "result" */
	const char *const *digest_names;
	double digest[DIGEST_MAX];
	hx_validation_t validation;
	int has_reference;
	double reference[DIGEST_MAX];
	char validation_message[512];

	/* The memory timeline: its figures, where it was written, and the
	 * sampler that holds its samples (owned, optional: a measurement
	 * with a sampler of its own fills the figures alone). */
	int has_timeline;
	const char *timeline_path;
	uint64_t timeline_interval_us;
	size_t timeline_samples;
	int timeline_truncated;
	int timeline_apart; /* the sampler on CPUs outside the run's */
	uint64_t timeline_max_live_bytes;
	hx_timeline_t *timeline;

	/* What a measurement without an allocator peak says instead of
	 * the glibc sentence in memory.peak_workspace_source (NULL: that). */
	const char *workspace_source;

	/* Warnings the measurement found, written before the writer's own
	 * (owned, optional: an array of strings). */
	json_t *warnings;

	/* Fields merged into the result object where the record wrote no
	 * field of the same name, member by member, into objects too: an
	 * extra "memory" object adds to the record's memory (owned,
	 * optional; exec: "command", "exit_status", "reported", "runs"). */
	json_t *extra;
	/* --profile: where the timed runs' time went (hx_profile_json),
	 * written as "profile"; NULL: none (owned). */
	json_t *profile;

	/* Figures of the field table measured with hx_record_set. */
	double figure[HX_F_COUNT];
	unsigned char figure_set[HX_F_COUNT];

	/* What hx_record_finish derives from the above (owned); the writer
	 * formats only these and the measured fields. */
	int finished;
	/* The machine: this machine's, read by finish, unless set before
	 * (a writer test's hand-made object; finish then adds nothing). */
	json_t *machine;
	json_t *conditions;   /* from the window; NULL without one */
	json_t *all_warnings; /* warnings, then each finish found */
	int has_summary;      /* summary of the timed samples (n > 0) */
	hx_summary_t summary;
	unsigned char *outlier_flags; /* per timed sample; NULL: none */
	double median_s;              /* the timed median, or the cold run */
	double step_q[5];             /* median, p90, p99, min, max */
	/* Work rates at the median time: NAN where there is no count. */
	double gflops_per_s, gbytes_per_s, ns_per_unit, intensity;
	json_t *derived; /* ipc and misses per unit; NULL without counters */
} hx_record_t;

/* Zeroes rec, status ok, date now. */
void hx_record_init(hx_record_t *rec);

/* Sets status failed (or skipped) and the reason (printf format). */
void hx_record_fail(hx_record_t *rec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void hx_record_skip(hx_record_t *rec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The date of time t as "2026-11-30T12:34:56Z" in buf (at least 21
 * bytes). */
void hx_record_date(char *buf, size_t len, time_t t);

/* Derives the figures and reads the machine (see above); once: a
 * finished record is left as it is. 0, or -1 when out of memory. */
int hx_record_finish(hx_record_t *rec);

/* Sets the figure id (a field of hx_fields.h) to v; the writer puts it at
 * the field's path where no section wrote that path. */
void hx_record_set(hx_record_t *rec, hx_field_id_t id, double v);

/* The result object of a finished record (a new reference), or NULL when
 * rec is not finished or out of memory. Formats only. */
json_t *hx_record_format(const hx_record_t *rec);

/* hx_record_finish, then hx_record_format. */
json_t *hx_record_to_json(hx_record_t *rec);

/* Fills rec's timeline figures from its sampler (rec->timeline). */
void hx_record_timeline_figures(hx_record_t *rec);

/* Frees what rec owns (samples, JSON objects, counters, timeline); rec
 * can be initialized again. */
void hx_record_free(hx_record_t *rec);

#endif /* FB_HX_RECORD_H */
