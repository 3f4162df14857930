/*
 * rp_data: the report's input, read once from DATA_DIR and looked up by
 * name.
 *
 * Every *.jsonl file in DATA_DIR is read in file-name order through the
 * harness's one result reader (hx_result_read); a file's name less ".jsonl" is
 * the set of its runs (interp-main, ...), added to each run as "_set".
 * Beside them: the `harness ceilings` and `harness overhead` objects and
 * the cache simulations of cachesim/.
 *
 * A run is found by a query of names and parameters (rp_query_t), never by
 * its position; the report holds no list of variant names, only the
 * variants the data holds (rp_data_variants). Two runs' times are compared
 * by their own samples, one rule for every section (rp_data_speedup).
 *
 * Limits: the whole data set is held in memory (a full report is about
 * 100 runs); the first run that matches a query wins.
 */
#ifndef FB_RP_DATA_H
#define FB_RP_DATA_H

#include <jansson.h>
#include <stddef.h>

#include "hx_fields.h"

/* Workload W's main sets ("interp-main*": interp-main, interp-main-eager),
 * a convention of the data, read for any workload (a plugin's too) and
 * registered as sets.main; W a string literal, or "%s" for a format. */
#define RP_DATA_MAIN_SETS(W) W "-main*"
/* The most variants of one workload the report handles. */
#define RP_DATA_MAX_VARIANTS 32

typedef enum {
	RP_ALLOC_ANY = 0,
	RP_ALLOC_JEMALLOC, /* every allocator but glibc malloc */
	RP_ALLOC_GLIBC,
} rp_alloc_t;

/* What a run must match. A set is a shell glob (rp_data_set_matches):
 * "interp-main*" is interp-main and interp-main-eager; NULL strings and
 * 0 numbers match anything. */
typedef struct rp_query_s {
	const char *set;
	const char *workload;
	const char *variant;
	double n;       /* params.n */
	double threads; /* rp_data_threads of the run */
	rp_alloc_t alloc;
	int any_status;  /* 0: status "ok" only */
	int min_repeats; /* time_s.repeats at least this (0: any) */
} rp_query_t;

typedef struct rp_data_s {
	const char *dir;
	json_t *runs;     /* every result of the *.jsonl files */
	json_t *cachesim; /* the results in cachesim/ */
	/* DIR/NAME.json, NULL when missing: ceilings-after.json is the
	 * ceilings measured again after the main sweeps (how far the machine
	 * moved while they ran); ceilings-threads.json is `harness ceilings
	 * --threads T`'s. */
	json_t *ceilings, *ceilings_after, *ceilings_threads, *overhead;
	/* The table of experiments (rp_experiments.h); NULL when none. */
	struct rp_experiments_s *experiments;
} rp_data_t;

/* Reads dir into D. Returns 0, or -1 with "PATH: why" in msg (an unreadable
 * folder or file, a line that is not a result, no *.jsonl at all). On
 * failure D holds nothing to free; on success free it with rp_data_free. */
int rp_data_load(rp_data_t *D, const char *dir, char *msg, size_t msglen);
void rp_data_free(rp_data_t *D);

/* Whether set matches a query's set pattern, a shell glob as fnmatch(3) reads
 * it ("jax-*"; NULL matches all). */
int rp_data_set_matches(const char *pattern, const char *set);
/* Run r's thread count, the one reading of params.threads: its value cut
 * to a whole number; 1 when it is absent (the harness leaves it out at 1),
 * when r is NULL, and when it is under 1 or past INT_MAX. */
int rp_data_threads(const json_t *r);
/* The first run matching q, or NULL. */
const json_t *rp_data_find(const rp_data_t *D, const rp_query_t *q);
/* The next run matching q from the data's position *i on, with *i moved
 * past it; NULL when none is left. The runs that match q, in order:
 * for (size_t i = 0; (r = rp_data_next(D, &q, &i)) != NULL;) */
const json_t *rp_data_next(const rp_data_t *D, const rp_query_t *q, size_t *i);
/* The largest params.n among the runs of workload in set (any status and
 * allocator); NAN when none. */
double rp_data_max_n(const rp_data_t *D, const char *set, const char *workload);
/* The run matching q with the largest params.n, the first of equals;
 * NULL when none. */
const json_t *rp_data_largest(const rp_data_t *D, const rp_query_t *q);
/* A variant's main run in set: ok, jemalloc, at the largest N of the
 * workload's runs in set (rp_data_max_n); NULL when there is none. */
const json_t *rp_data_main(const rp_data_t *D, const char *set,
    const char *workload, const char *variant);
/* Each variant's main run: rp_data_main in the workload's main sets
 * (RP_DATA_MAIN_SETS). */
const json_t *rp_data_main_run(
    const rp_data_t *D, const char *workload, const char *variant);
/* The variants of workload that have a run matching q's set, allocator
 * and status (q NULL: any run), into out (borrowed from D); how many (at
 * most cap). Their order is stable: as they first appear in the workload's
 * main sets (RP_DATA_MAIN_SETS), then in its other sets. The JAX programs
 * and the C runs made at their sizes are no variants: a registered
 * workload's JAX sets (rp_workload_jax_set) and, for every workload, the
 * sets "jax-*" (jax-sweep.sh's, which no registration names) are left
 * out. */
size_t rp_data_variants(const rp_data_t *D, const char *workload,
    const rp_query_t *q, const char **out, size_t cap);
/* The first ok run in set of each variant of workload and each allocator,
 * variants in order, jemalloc before glibc, into out. Returns how many (at
 * most cap). */
size_t rp_data_runs_by_variant(const rp_data_t *D, const char *set,
    const char *workload, const json_t **out, size_t cap);
/* "jemalloc" or "glibc malloc": the allocator a run was measured with. */
const char *rp_data_alloc_name(const json_t *r);
/* A variant's own text, field "loops" or "notes" (variant_t's fields,
 * carried into each result): from its main run, else any run of it with
 * the field; for data that predates the field, from the variant table
 * this program is linked with (variant_find); NULL when none has it. */
const char *rp_data_variant_text(
    const rp_data_t *D, const char *w, const char *v, const char *field);
/* Why q found nothing: "no W/V run in the SET data" (when the data holds
 * no run of SET at all, with the command of the table of experiments that
 * makes it), or "W/V was STATUS: REASON" from the run that matches with
 * any status. Writes buf. */
const char *rp_data_why_missing(
    const rp_data_t *D, const rp_query_t *q, char *buf, size_t len);
/* The cache simulation of a workload's variant, or NULL. */
const json_t *rp_data_cachesim(
    const rp_data_t *D, const char *workload, const char *variant);
/* A cache simulation's instructions per unit of work: its own figure, or
 * for data that predates it Ir over the units; NAN when cs is NULL. */
double rp_data_insn_per_unit(const json_t *cs);
/* When the data was measured: the latest "date" field (UTC ISO 8601) of the
 * results, as "2026-11-30 12:34 UTC", or "not recorded in the data" when no
 * result carries one. Writes buf. */
const char *rp_data_date(const rp_data_t *D, char *buf, size_t len);

/* The chunk size B a chunked interp run used: params.chunk, or, when the
 * run took the variant's default (params.chunk 0), B from its bare model
 * B*M*4 + B*4. NAN when neither is there. */
double rp_data_chunk(const json_t *r);

/*
 * The result fields the report reads, each by an identifier: the harness's
 * table (hx_fields.h, RP_F_<ID> for its HX_F_<ID>) and, in RP_FIELDS as
 * X(ID, PATH), those only the report reads. A module reads a field as
 * rp_field(r, RP_F_N), never by its path, so a renamed field is one edit
 * and a misspelt one does not compile.
 */
#define RP_FIELDS(X)                                                           \
	X(N, "params.n")                                                       \
	X(M, "params.m")                                                       \
	X(G, "params.g")                                                       \
	X(STEPS, "params.steps")                                               \
	X(THREADS, "params.threads")                                           \
	X(CHUNK, "params.chunk")                                               \
	X(WORK_UNITS, "work.units")                                            \
	X(STEPS_SAMPLES, "steps_s.samples")                                    \
	X(STEPS_MIN, "steps_s.min")                                            \
	X(INTENSITY, "work.intensity_flops_per_byte")                          \
	X(SIM_IR, "cachesim.Ir")                                               \
	X(L1D_BYTES, "machine.caches.l1d_bytes")                               \
	X(L2_BYTES, "machine.caches.l2_bytes")                                 \
	X(L3_BYTES, "machine.caches.l3_bytes")                                 \
	X(MACHINE_MEMORY, "machine.memory_bytes")                              \
	X(MACHINE_KERNEL, "machine.kernel")                                    \
	X(OVERSIZE_THRESHOLD,                                                  \
	    "machine.allocator_policy.oversize_threshold_bytes")               \
	X(DIRTY_DECAY, "machine.allocator_policy.dirty_decay_ms")              \
	X(MUZZY_DECAY, "machine.allocator_policy.muzzy_decay_ms")              \
	X(POLICY_NOTE, "machine.allocator_policy.note")                        \
	X(PARAMS, "params")                                                    \
	X(COUNTERS, "counters")                                                \
	X(PMU_HARDWARE, "pmu.hardware_pmu")                                    \
	X(PMU_NOTE, "pmu.note")                                                \
	X(MODEL_FORMULA, "memory.model_formula")                               \
	X(IDIOM, "idiom")                                                      \
	X(DESCRIPTION, "description")                                          \
	X(JAX_FIRST_CALL, "reported.first_call_s")                             \
	X(THREADS_WORKSPACE_LOWER, "memory.threads.workspace_lower_bytes")     \
	X(TIMELINE_MAX_LIVE, "timeline.max_live_bytes")                        \
	X(STEAL, "conditions.steal_fraction")                                  \
	X(MODEL_FP_OVERLAP, "model.fp_overlap")                                \
	X(MODEL_WAIT_WINDOW, "model.work.wait_window")                         \
	X(MODEL_MCA_PROGRAM, "model.work.mca_program")                         \
	X(MODEL_GATHER_PER_UNIT, "model.work.gather_indices_per_unit")         \
	X(MODEL_GATHER_LEVEL, "model.work.gather_level")                       \
	X(MODEL_GATHER_BYTES, "model.work.gather_bytes")                       \
	X(MODEL_GATHER_FETCH_S, "model.work.gather_fetch_s")                   \
	X(MODEL_STREAM_BYTES, "model.work.stream_bytes_per_unit")              \
	X(MODEL_DIVSQRT_PER_UNIT, "model.work.per_unit.divsqrt")               \
	X(MODEL_FAULT_S, "model.work.fault_s")                                 \
	X(MODEL_HOST_FAULTS, "model.work.host_faults")                         \
	X(MODEL_HOST_FAULT_S, "model.work.host_fault_s")                       \
	X(MODEL_HOST_REPORTED_PAGES, "model.work.host_reported_pages")         \
	X(JAX_COMPILE, "reported.compile_s")                                   \
	X(JAX_B2B_RETURNED, "reported.back_to_back.returned_s")                \
	X(JAX_B2B_DONE, "reported.back_to_back.done_s")                        \
	X(JAX_B2B_CALLS, "reported.back_to_back.calls")                        \
	X(JAX_FAULTS_PER_CALL, "reported.faults.per_call_median")              \
	X(JAX_TEMP_PAGES, "reported.faults.temp_pages")                        \
	X(JAX_FAULT_SHARE, "reported.faults.share_of_cpu")                     \
	X(JAX_TEMP_BYTES, "reported.memory_analysis.temp_bytes")               \
	X(JAX_ARGUMENT_BYTES, "reported.memory_analysis.argument_bytes")       \
	X(JAX_OUTPUT_BYTES, "reported.memory_analysis.output_bytes")           \
	X(JAX_FLOPS, "reported.cost_analysis.flops")                           \
	X(JAX_TRANSCENDENTALS, "reported.cost_analysis.transcendentals")       \
	X(JAX_BYTES_ACCESSED, "reported.cost_analysis.bytes_accessed")         \
	X(JAX_LOOPS, "reported.cost_analysis.loops")                           \
	X(JAX_XLA_CALLS, "reported.cost_analysis.calls")                       \
	X(JAX_FLOAT_OPS, "reported.cost_analysis.float_ops_by_lanes")          \
	X(JAX_CHUNK, "reported.params.chunk")                                  \
	X(JAX_PREDICTED_PEAK, "reported.explain.predicted_peak_bytes")

#define RP_FIELD_HX_ID(id, path, csv, gbench, summary, unit, kind) RP_F_##id,
#define RP_FIELD_OWN_ID(id, path) RP_F_##id,
/* RP_F_NONE, no field (0: a table's row left without one), then the
 * harness's fields in its order and the report's own. */
typedef enum rp_field_e {
	RP_F_NONE = 0,
	HX_FIELDS(RP_FIELD_HX_ID) RP_FIELDS(RP_FIELD_OWN_ID) RP_F_COUNT
} rp_field_t;
#undef RP_FIELD_HX_ID
#undef RP_FIELD_OWN_ID

/* The path of field id ("time_s.median"); NULL for RP_F_NONE and past
 * the table. */
const char *rp_field_path(rp_field_t id);
/* The number of field id in run r; NAN when r is NULL, it is missing or
 * id is RP_F_NONE. */
double rp_field(const json_t *r, rp_field_t id);
/* The value of field id in r, borrowed (an object such as RP_F_PARAMS, an
 * array, null); NULL when r is NULL or it is missing. */
json_t *rp_field_json(const json_t *r, rp_field_t id);
/* The string of field id in r; "" when r is NULL or it is missing. */
const char *rp_field_str(const json_t *r, rp_field_t id);

/* What rp_data_speedup found of run b against run a; a number is NAN
 * when not computed (a run with under 2 samples, a time not positive, a
 * negative margin). */
typedef struct rp_speedup_s {
	/* The claim "b is faster beyond the margin": 1 yes (the verdict's
	 * word); 0 no (the interval of the speed-up lies at or below
	 * 1 + margin: the verdict said "first is faster" or "the same", or
	 * could not tell which, but b beyond the margin is excluded; from
	 * samples enough that the U test could decide at the level); NAN not
	 * decided at this noise (the interval reaches beyond the margin, the
	 * U test cannot tell the sets apart, or too few samples). */
	double faster;
	double lo, hi; /* median(a) / median(b)'s bootstrap interval */
	double spread; /* the wider set's (max - min) / median */
	size_t
	    samples; /* the fewer samples of the two runs (0: one has none) */
} rp_speedup_t;

/*
 * Whether run b is faster than run a by more than margin (0: any speed-up;
 * 0.10: more than 1.10x), by hx_stats_verdict at level (0.95) on their own
 * samples, the first 256: their steps' where a run times steps (what a
 * per-step comparison compares), else their repeats'. b is faster when the
 * interval of median(b) / median(a) lies below 1 / (1 + margin) and the U
 * test tells the sets apart. a and b may be NULL; the bootstrap's seed is
 * fixed, so the same runs give the same answer.
 */
rp_speedup_t rp_data_speedup(
    const json_t *a, const json_t *b, double margin, double level);
/*
 * A time claim ("the subject is faster beyond margin") from a verdict on
 * it, one rule for C's runs (rp_data_speedup) and JAX's verdict objects
 * (rp_advice.c): 1 where the verdict says yes; 0 where hi, the top of the
 * interval of the subject's speed-up, is at most 1 + margin and na and nb
 * samples a side are enough that the U test could decide at level; NAN
 * else (not decided at this noise). Pure.
 */
double rp_data_claim(
    int yes, double hi, double margin, size_t na, size_t nb, double level);

/* A number by a path made at run time ("params." plus a registered
 * parameter's name; NAN when r or path is NULL or it is missing; a path
 * known when compiling is a field), and a string member ("" if missing). */
double rp_num(const json_t *r, const char *path);
const char *rp_str(const json_t *r, const char *key);
/* The string at path ("a.b") of o; NULL when missing or empty (printed
 * as a null fact). */
const char *rp_str_or_null(const json_t *o, const char *path);
/* 1 when the run was measured with glibc malloc. */
int rp_is_glibc(const json_t *r);

#endif /* FB_RP_DATA_H */
