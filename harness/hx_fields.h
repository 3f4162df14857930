/*
 * hx_fields: the one table of result fields that more than one consumer
 * reads (jemalloc's stats.c feeding one emitter from one list).
 *
 * Each line of HX_FIELDS names one field: its identifier (HX_F_ID), its
 * path in the result object (docs/result-schema.md), its CSV column (NULL:
 * not in the CSV), its Google Benchmark counter name (NULL: not in gbench),
 * its label on the summary line (NULL: not in the generic tail of the
 * line), the unit the schema document gives it, and its kind. The CSV
 * writer, the gbench writer, the summary line, compare, the resume match,
 * the schema test and the fuzz list all iterate this table or name a field
 * by its identifier, so a path is written once and a typo does not compile.
 *
 * A new metric is its line here, the code that measures it (which calls
 * hx_record_set with its identifier) and its row in the schema document:
 * the record writes it at its path, and the CSV, gbench and the summary
 * line find it there.
 *
 * Limits: a path is dot-separated; a component made of digits indexes an
 * array (time_s.ci95.0). Fields that vary by name (params.*, counters.*,
 * derived.*) are not lines here: their writers iterate the object.
 */
#ifndef FB_HX_FIELDS_H
#define FB_HX_FIELDS_H

#include <jansson.h>
#include <stdio.h>

typedef enum hx_field_kind_e {
	HX_FIELD_STRING,
	HX_FIELD_BOOL,
	HX_FIELD_INT,   /* an integer count */
	HX_FIELD_BYTES, /* an integer, or null when too large */
	HX_FIELD_REAL,  /* a number */
	HX_FIELD_ARRAY  /* an array of numbers */
} hx_field_kind_t;

/* X(ID, PATH, CSV, GBENCH, SUMMARY, UNIT, KIND); the CSV's figure
 * columns are in this order. */
#define HX_FIELDS(X)                                                           \
	X(WORKLOAD, "workload", NULL, NULL, NULL, "", HX_FIELD_STRING)         \
	X(VARIANT, "variant", NULL, NULL, NULL, "", HX_FIELD_STRING)           \
	X(STATUS, "status", NULL, NULL, NULL, "", HX_FIELD_STRING)             \
	X(REASON, "reason", NULL, NULL, NULL, "", HX_FIELD_STRING)             \
	X(DATE, "date", NULL, NULL, NULL, "ISO 8601 UTC", HX_FIELD_STRING)     \
	X(HARNESS_VERSION, "harness_version", NULL, NULL, NULL, "",            \
	    HX_FIELD_STRING)                                                   \
	X(SCHEMA_VERSION, "schema_version", NULL, NULL, NULL, "",              \
	    HX_FIELD_INT)                                                      \
	X(SETTINGS_REPEAT, "settings.repeat", NULL, NULL, NULL, "runs",        \
	    HX_FIELD_INT)                                                      \
	X(SETTINGS_WARMUP, "settings.warmup", NULL, NULL, NULL, "runs",        \
	    HX_FIELD_INT)                                                      \
	X(SETTINGS_MIN_TIME, "settings.min_time_s", NULL, NULL, NULL, "s",     \
	    HX_FIELD_REAL)                                                     \
	X(SETTINGS_EVENTS, "settings.events", NULL, NULL, NULL, "",            \
	    HX_FIELD_STRING)                                                   \
	X(MACHINE_HOST, "machine.host", NULL, NULL, NULL, "", HX_FIELD_STRING) \
	X(MACHINE_CPU, "machine.cpu", NULL, NULL, NULL, "", HX_FIELD_STRING)   \
	X(MACHINE_CORES, "machine.cores", NULL, NULL, NULL, "", HX_FIELD_INT)  \
	X(MACHINE_GOVERNOR, "machine.governor", NULL, NULL, NULL, "",          \
	    HX_FIELD_STRING)                                                   \
	X(MACHINE_COMPILER, "machine.compiler", NULL, NULL, NULL, "",          \
	    HX_FIELD_STRING)                                                   \
	X(MACHINE_CFLAGS, "machine.cflags", NULL, NULL, NULL, "",              \
	    HX_FIELD_STRING)                                                   \
	X(MACHINE_ALLOCATOR, "machine.allocator", NULL, NULL, NULL, "",        \
	    HX_FIELD_STRING)                                                   \
	X(MACHINE_FLOAT_LANES, "machine.vector_float_lanes", NULL, NULL, NULL, \
	    "lanes", HX_FIELD_INT)                                             \
	X(LOAD_AVERAGE, "conditions.load_average_start", NULL, NULL, NULL,     \
	    "processes", HX_FIELD_ARRAY)                                       \
	X(CONDITIONS_CPU, "conditions.cpu", NULL, NULL, NULL, "",              \
	    HX_FIELD_INT)                                                      \
	X(REWARM_RUNS, "conditions.rewarm_runs", NULL, NULL, NULL, "runs",     \
	    HX_FIELD_INT)                                                      \
	X(INTERLEAVED_RUNS, "conditions.interleaved_runs", NULL, NULL, NULL,   \
	    "runs", HX_FIELD_INT)                                              \
	X(HOST_REPORTED, "conditions.host_reported_bytes", NULL, NULL, NULL,   \
	    "bytes", HX_FIELD_BYTES)                                           \
	X(EXIT_STATUS, "exit_status", NULL, NULL, NULL, "", HX_FIELD_INT)      \
	X(TIME_COLD, "time_s.cold", "time_cold", NULL, NULL, "s",              \
	    HX_FIELD_REAL)                                                     \
	X(TIME_MEDIAN, "time_s.median", "time_median", NULL, NULL, "s",        \
	    HX_FIELD_REAL)                                                     \
	X(TIME_MIN, "time_s.min", "time_min", NULL, NULL, "s", HX_FIELD_REAL)  \
	X(TIME_MAX, "time_s.max", "time_max", NULL, NULL, "s", HX_FIELD_REAL)  \
	X(TIME_CI, "time_s.ci95", NULL, NULL, NULL, "s", HX_FIELD_ARRAY)       \
	X(TIME_CI_LO, "time_s.ci95.0", "ci_lo", NULL, NULL, "s",               \
	    HX_FIELD_REAL)                                                     \
	X(TIME_CI_HI, "time_s.ci95.1", "ci_hi", NULL, NULL, "s",               \
	    HX_FIELD_REAL)                                                     \
	X(TIME_REPEATS, "time_s.repeats", "repeats", NULL, NULL, "runs",       \
	    HX_FIELD_INT)                                                      \
	X(TIME_SAMPLES, "time_s.samples", NULL, NULL, NULL, "s",               \
	    HX_FIELD_ARRAY)                                                    \
	X(TIME_CPU_SAMPLES, "time_s.cpu_samples", NULL, NULL, NULL, "s",       \
	    HX_FIELD_ARRAY)                                                    \
	X(STEPS_FIRST, "steps_s.first", "steps_first", NULL, NULL, "s",        \
	    HX_FIELD_REAL)                                                     \
	X(STEPS_MEDIAN, "steps_s.median", "steps_median", NULL, NULL, "s",     \
	    HX_FIELD_REAL)                                                     \
	X(STEPS_P90, "steps_s.p90", "steps_p90", NULL, NULL, "s",              \
	    HX_FIELD_REAL)                                                     \
	X(STEPS_P99, "steps_s.p99", "steps_p99", NULL, NULL, "s",              \
	    HX_FIELD_REAL)                                                     \
	X(STEPS_MAX, "steps_s.max", "steps_max", NULL, NULL, "s",              \
	    HX_FIELD_REAL)                                                     \
	X(MODEL_BYTES, "memory.model_bytes", "model_bytes", NULL, NULL,        \
	    "bytes", HX_FIELD_BYTES)                                           \
	X(MODEL_BARE_BYTES, "memory.model_bare_bytes", "model_bare_bytes",     \
	    NULL, NULL, "bytes", HX_FIELD_BYTES)                               \
	X(PEAK_WORKSPACE, "memory.peak_workspace_bytes",                       \
	    "peak_workspace_bytes", "max_bytes_used", NULL, "bytes",           \
	    HX_FIELD_BYTES)                                                    \
	X(PEAK_RSS, "memory.peak_rss_bytes", "peak_rss_bytes",                 \
	    "peak_rss_bytes", NULL, "bytes", HX_FIELD_BYTES)                   \
	X(RSS_BASELINE, "memory.rss_baseline_bytes", "rss_baseline_bytes",     \
	    NULL, NULL, "bytes", HX_FIELD_BYTES)                               \
	X(FREE_UNREPORTED, "memory.free_unreported_bytes", NULL, NULL, NULL,   \
	    "bytes", HX_FIELD_BYTES)                                           \
	X(INPUT_BYTES, "memory.input_bytes", "input_bytes", NULL, NULL,        \
	    "bytes", HX_FIELD_BYTES)                                           \
	X(MINOR_FAULTS, "memory.minor_faults", "minor_faults", "minor_faults", \
	    NULL, "faults", HX_FIELD_INT)                                      \
	X(COLD_MINOR_FAULTS, "memory.cold_minor_faults", "cold_minor_faults",  \
	    NULL, NULL, "faults", HX_FIELD_INT)                                \
	X(MAJOR_FAULTS, "memory.major_faults", "major_faults", "major_faults", \
	    NULL, "faults", HX_FIELD_INT)                                      \
	X(RU_MAXRSS, "memory.ru_maxrss_bytes", NULL, NULL, NULL, "bytes",      \
	    HX_FIELD_BYTES)                                                    \
	X(PEAK_PROCESSES, "memory.peak_processes", NULL, NULL, NULL,           \
	    "processes", HX_FIELD_INT)                                         \
	X(ALLOCATED_PER_RUN, "memory.allocated_bytes_per_run", NULL,           \
	    "total_allocated_bytes", NULL, "bytes", HX_FIELD_BYTES)            \
	X(ALLOCATIONS_PER_RUN, "memory.allocations_per_run", NULL,             \
	    "allocs_per_iter", NULL, "allocations", HX_FIELD_BYTES)            \
	X(WORK_UNIT, "work.unit", NULL, NULL, NULL, "", HX_FIELD_STRING)       \
	X(WORK_FLOPS, "work.flops", "flops", NULL, NULL, "flop",               \
	    HX_FIELD_REAL)                                                     \
	X(WORK_BYTES, "work.bytes", "bytes", NULL, NULL, "bytes",              \
	    HX_FIELD_REAL)                                                     \
	X(GFLOPS, "work.gflops_per_s", "gflops_per_s", NULL, NULL, "Gflop/s",  \
	    HX_FIELD_REAL)                                                     \
	X(GBYTES, "work.gbytes_per_s", "gbytes_per_s", NULL, NULL, "GB/s",     \
	    HX_FIELD_REAL)                                                     \
	X(NS_PER_UNIT, "work.ns_per_unit", "ns_per_unit", NULL, NULL, "ns",    \
	    HX_FIELD_REAL)                                                     \
	X(VALIDATION_OK, "validation.ok", NULL, NULL, NULL, "", HX_FIELD_BOOL) \
	X(SIM_D1_PER_UNIT, "cachesim.D1_misses_per_unit", NULL, NULL, NULL,    \
	    "misses/unit", HX_FIELD_REAL)                                      \
	X(SIM_LL_PER_UNIT, "cachesim.LL_misses_per_unit", NULL, NULL, NULL,    \
	    "misses/unit", HX_FIELD_REAL)                                      \
	X(SIM_INSN_PER_UNIT, "cachesim.instructions_per_unit", NULL, NULL,     \
	    NULL, "instructions/unit", HX_FIELD_REAL)                          \
	X(SIM_INSN_MIN_PER_UNIT, "cachesim.instructions_min_per_unit", NULL,   \
	    NULL, NULL, "instructions/unit", HX_FIELD_REAL)                    \
	X(MODEL_PREDICTED, "model.predicted_s", NULL, NULL, NULL, "s",         \
	    HX_FIELD_REAL)                                                     \
	X(MODEL_ERROR, "model.error", NULL, NULL, NULL, "", HX_FIELD_REAL)     \
	X(MODEL_LIMITER, "model.limiter", NULL, NULL, NULL, "",                \
	    HX_FIELD_STRING)                                                   \
	X(MODEL_UNEXPLAINED, "model.unexplained_s", NULL, NULL, NULL, "s",     \
	    HX_FIELD_REAL)                                                     \
	X(MODEL_TERMS, "model.terms", NULL, NULL, NULL, "", HX_FIELD_ARRAY)

#define HX_FIELD_ENUM(id, path, csv, gbench, summary, unit, kind) HX_F_##id,
typedef enum hx_field_id_e {
	HX_FIELDS(HX_FIELD_ENUM) HX_F_COUNT
} hx_field_id_t;
#undef HX_FIELD_ENUM

typedef struct hx_field_s {
	const char *path;    /* "time_s.median" */
	const char *csv;     /* CSV column, or NULL */
	const char *gbench;  /* Google Benchmark counter name, or NULL */
	const char *summary; /* label in the summary line's tail, or NULL */
	const char *unit;    /* as docs/result-schema.md gives it ("" none) */
	hx_field_kind_t kind;
} hx_field_t;

/* The table, indexed by hx_field_id_t (HX_F_COUNT entries). */
extern const hx_field_t hx_fields[HX_F_COUNT];

/* The path of field id. */
#define HX_PATH(id) (hx_fields[HX_F_##id].path)

/* The value of field id in result r (borrowed), or NULL when missing. */
json_t *hx_field_get(const json_t *r, hx_field_id_t id);
/* The number of field id in r; NAN when missing or not a number. */
double hx_field_number(const json_t *r, hx_field_id_t id);
/* The string of field id in r, or NULL. */
const char *hx_field_string(const json_t *r, hx_field_id_t id);

/* The CSV's figure columns, each followed by a comma. */
void hx_field_csv_header(FILE *f);
/* r's figures in those columns (empty where missing), each followed by a
 * comma. */
void hx_field_csv_row(FILE *f, const json_t *r);

/* Sets field id of object r to v (stolen), making the objects on its
 * path; 0, or -1 (v freed) when the path runs through a non-object or an
 * array index. */
int hx_field_set(json_t *r, hx_field_id_t id, json_t *v);

/* Google Benchmark's counters of r as members of the entry e, and back:
 * those of entry e into result r. */
void hx_field_gbench_counters(const json_t *r, json_t *e);
void hx_field_gbench_take(const json_t *e, json_t *r);

/* "; LABEL VALUE" for each field of r with a summary label, formatted
 * by its unit. */
void hx_field_summary_tail(FILE *f, const json_t *r);

#endif /* FB_HX_FIELDS_H */
