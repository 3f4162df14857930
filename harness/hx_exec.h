/*
 * hx_exec: `harness exec`, any command measured as a process under the
 * protocol of `harness run`: one cold run reported apart, warm-up runs,
 * timed repeats (each a fresh process), median and interval of the wall
 * times, the peak RSS of the whole process tree, faults, counters inherited
 * by the tree, an RSS timeline, and a memory guard that kills the tree when
 * its resident bytes (not its address space) pass --mem-limit.
 *
 * The command may report its own figures: FUSEBENCH_REPORT names a fresh
 * path in a private folder; a JSON object written there is kept per run
 * ("reported_runs") and the last run's is merged under "reported". With
 * --workload, reported.result (the workload's digest, by name) is validated
 * against the float64 reference as `run` validates.
 *
 * Measuring and writing are two steps: hx_exec_measure_plan fills an
 * hx_exec_record_t (the runs as they went), hx_exec_to_record turns it into
 * the shared hx_record_t (what only a process measurement knows, such as
 * command, exit_status, runs and reported, goes into the record's extra
 * object), and hx_record_to_json writes it, as it writes `harness run`'s.
 *
 * Limits: those of hx_proc (sampled tree RSS, shared pages counted per
 * process); wall time includes execve and the command's own start-up (an
 * interpreter's import time is part of it); the first failed run stops the
 * protocol of that command.
 *
 * Several commands in one call are measured interleaved (run k of each
 * before run k + 1 of any), so that drift on the machine hits them alike,
 * and end with a relative table (hx_table).
 */
#ifndef FB_HX_EXEC_H
#define FB_HX_EXEC_H

#include <getopt.h>
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hx_cli.h"
#include "hx_counters.h"
#include "hx_proc.h"
#include "hx_record.h"
#include "variant.h"

#define HX_EXEC_HELP 1
/* The settings exec refuses: --min-time (one bit a setting). */
#define HX_EXEC_WITHOUT (1u << HX_SET_MIN_TIME)
#define HX_EXEC_INTERRUPTED 1
/* At most this many commands in one call. */
#define HX_EXEC_MAX_COMMANDS 16
/* The workload's variables a command's environment gets (--workload). */
#define HX_EXEC_MAX_PARAM_ENV 16
/* The variables --allocator sets (FUSEBENCH_ALLOCATOR and at most two). */
#define HX_EXEC_MAX_ALLOC_ENV 3

typedef struct hx_exec_config_s {
	char *const *argv;          /* the command, NULL-terminated */
	const char *name;           /* --name, else argv[0]'s base name */
	const workload_t *workload; /* --workload, or NULL */
	params_t params;            /* with --workload */
	uint64_t repeat, warmup;
	uint64_t mem_limit;            /* tree RSS that trips the guard */
	const char *timeline_path;     /* CSV, or NULL */
	uint64_t timeline_interval_us; /* the sampler's (and guard's) */
	const char *events;            /* NULL: the default set; "none": off */
	const char *json_path;         /* --json, or NULL */
	const char *csv_path;          /* --csv, or NULL (as the plan's) */
	int cpu;    /* pin the command to this CPU; -1: not pinned */
	int gbench; /* --format gbench: --json writes Google Benchmark's JSON */
	/* --threads T as given (0: not given): the command's environment gets
	 * FUSEBENCH_THREADS=T, and OMP_NUM_THREADS=T unless it is set. */
	int threads;
	/* With --workload: FUSEBENCH_WORKLOAD, one FUSEBENCH_<NAME> for each
	 * parameter the workload uses, and FUSEBENCH_PARAMS (the "params"
	 * object as compact JSON) for the command's environment. */
	size_t nparam_env;
	char param_env_name[HX_EXEC_MAX_PARAM_ENV][40];
	char param_env_value[HX_EXEC_MAX_PARAM_ENV][64];
	char params_json[1024];
	/* --allocator NAME (NULL: not given): FUSEBENCH_ALLOCATOR=NAME and
	 * the allocator's own variables (hx_exec_allocator), each after
	 * what the harness's environment already has. */
	const char *alloc_name;
	size_t nalloc_env;
	char alloc_env_name[HX_EXEC_MAX_ALLOC_ENV][24];
	char alloc_env_value[HX_EXEC_MAX_ALLOC_ENV][1024];
} hx_exec_config_t;

/* What one call measures: its commands (each a configuration; they
 * differ only in argv and name), run interleaved. */
typedef struct hx_exec_plan_s {
	size_t ncmds;
	hx_exec_config_t cmds[HX_EXEC_MAX_COMMANDS];
	/* The quoted-commands form: /bin/sh -c TEXT. */
	char *shell_argv[HX_EXEC_MAX_COMMANDS][4];
	char labels[HX_EXEC_MAX_COMMANDS][256];
	int named[HX_EXEC_MAX_COMMANDS]; /* labelled by -n/--name */
	char **words;      /* argv's command words, NULL-split per command */
	int fail_on_error; /* --fail-on-error: exit 1 when a command failed */
	int quiet;         /* --quiet: no warnings under the summary lines */
	const char *csv_path; /* --csv, or NULL */
} hx_exec_plan_t;

typedef enum { HX_EXEC_COLD, HX_EXEC_WARMUP, HX_EXEC_TIMED } hx_exec_kind_t;

/* One run of the command. */
typedef struct hx_exec_run_s {
	hx_exec_kind_t kind;
	hx_proc_result_t proc;
	json_t *reported; /* what it wrote to FUSEBENCH_REPORT; owned */
} hx_exec_run_t;

typedef struct hx_exec_sample_s {
	double t_s; /* since the first run started */
	int run;
	uint32_t processes;
	uint64_t rss_bytes;
} hx_exec_sample_t;

/* Everything measured; hx_exec_json writes it. */
typedef struct hx_exec_record_s {
	int failed;
	char reason[1024];
	double clock_resolution_s;
	size_t nruns;
	hx_exec_run_t *runs; /* cold, warm-ups, timed: as far as they went */
	int counters_on;
	hx_counters_t counters; /* summed over the counted runs; fds closed */
	uint64_t counted_runs;
	hx_exec_sample_t *timeline;
	size_t timeline_count, timeline_cap;
	int timeline_truncated;
	double t_origin; /* CLOCK_MONOTONIC at the first run */
	char date[32];   /* the first run's start, UTC (hx_record_date) */
	int has_window;
	hx_host_window_t window; /* load and steal around all the runs */
	/* Validation (with --workload) of the last run that reported. */
	int has_digest, has_reference, valid;
	double digest[DIGEST_MAX], reference[DIGEST_MAX];
	char validation_msg[400];
} hx_exec_record_t;

/* Parses argv (argv[0] = "exec"): "exec [options] [-n NAME] -- COMMAND
 * [ARGS...] [-n NAME -- COMMAND [ARGS...]]..." or "exec [options] [-n
 * NAME] 'COMMAND' [-n NAME] 'COMMAND'..." (each run by /bin/sh -c).
 * Returns 0, HX_EXEC_HELP, or -1 with one line in msg. The caller frees
 * plan with hx_exec_plan_free in every case; plan must stay where it is
 * (its commands point into it). */
int hx_exec_plan_parse(
    int argc, char **argv, hx_exec_plan_t *plan, char *msg, size_t msglen);
void hx_exec_plan_free(hx_exec_plan_t *plan);

/* The default label of a command (argv NULL-terminated) into out: a
 * script's name for an interpreter (python3 x.py: x.py; python3 -m
 * pkg.mod: pkg.mod), else argv[0]'s base name. */
void hx_exec_label(char *const *argv, char *out, size_t len);

/* --allocator NAME into cfg (NULL: none given): "default" (nothing
 * changed, the name recorded), "jemalloc-keep" (LD_PRELOAD of Debian's
 * libjemalloc.so.2 with MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1:
 * freed pages are never purged) or "glibc-keep" (GLIBC_TUNABLES: no
 * block mmapped, one arena, the heap never trimmed). 0, or -1 with one
 * line in msg (an unknown name; jemalloc not installed). */
int hx_exec_allocator(
    hx_exec_config_t *cfg, const char *name, char *msg, size_t msglen);

/* The result's "command_allocator": {"name", "env": {VAR: value}} as
 * the command got them, or JSON null without --allocator. New reference; NULL
 * when out of memory. */
json_t *hx_exec_allocator_json(const hx_exec_config_t *cfg);

/* Fills out (initialized here; the caller frees it with hx_record_free in
 * every case) from what was measured; er keeps what it owns. Returns 0, or
 * -1 when out of memory. */
int hx_exec_to_record(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *out);

/* The result object (the schema of `harness run`, plus command,
 * exit_status, signal, runs, reported, reported_runs): hx_exec_to_record
 * then hx_record_to_json. New reference; NULL when out of memory. */
json_t *hx_exec_json(const hx_exec_config_t *cfg, const hx_exec_record_t *rec);

/* The timeline as CSV (t_s,run,processes,rss_bytes); 0 or -1. */
int hx_exec_timeline_csv(const hx_exec_record_t *rec, FILE *f);

/* Runs the protocol of every command of the plan, interleaved: run 1 of
 * each, then run 2 of each, ... (a command that fails stops there, the
 * others go on), into recs[0 .. plan->ncmds) (zeroed here). Returns 0
 * when measured (each rec says whether its command failed),
 * HX_EXEC_INTERRUPTED when a signal stopped it (*sig: which), -1 with msg
 * when the harness itself failed. The caller frees every rec with
 * hx_exec_record_free in every case. */
int hx_exec_measure_plan(const hx_exec_plan_t *plan, hx_exec_record_t *recs,
    int *sig, char *msg, size_t msglen);

void hx_exec_record_free(hx_exec_record_t *rec);

/* "cold", "warm-up" or "timed": a run's kind as the result names it. */
const char *hx_exec_kind_name(hx_exec_kind_t k);

/* The command: parse, measure, print one line, write --json. Returns the
 * exit status: 0 measured (even when the command failed), 2 bad usage, 1 a
 * failure of the harness, 128 + signal when interrupted. */
int hx_exec_main(int argc, char **argv);

/* `harness exec --help`, and the options it reads (getopt_long's table
 * in o, HX_CLI_MAX_OPTIONS entries, --min-time left out: exec refuses it;
 * the count). */
void hx_exec_usage(FILE *f);
size_t hx_exec_options(struct option *o);

#endif /* FB_HX_EXEC_H */
