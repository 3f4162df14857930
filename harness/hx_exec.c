/*
 * hx_exec: the command harness exec: its help, parsing and planning, the
 * summary line and main. Running is hx_exec_run.c, the result
 * hx_exec_record.c. See hx_exec.h.
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

static const char hx_exec_help[] =
    "usage: harness exec [options] -- COMMAND [ARGS...]\n"
    "\n"
    "Measures any command as a process, under the protocol of harness run:\n"
    "one cold run reported apart, warm-up runs, timed repeats (each a fresh\n"
    "process); wall time, peak RSS of the whole process tree (sampled) and\n"
    "the kernel's maxrss, page faults, counters inherited by the tree, an\n"
    "RSS timeline. The tree runs in its own process group and is killed when\n"
    "its RSS passes --mem-limit. A non-zero exit or a signal makes the run\n"
    "failed, with the last stderr line as the reason.\n"
    "\n"
    "FUSEBENCH_REPORT names a fresh file: a JSON object the command writes\n"
    "there is merged into the result under \"reported\" (all runs' under\n"
    "\"reported_runs\"). With --workload, reported.result (the digest by\n"
    "name, e.g. {\"total\": ...}) is checked against the float64 reference.\n"
    "With --threads T the command's environment has FUSEBENCH_THREADS=T,\n"
    "and OMP_NUM_THREADS=T unless it is already set.\n"
    "\n"
    "  --workload W              validate the reported result as W's\n"
    "  --name LABEL              the result's variant (default: the\n"
    "                            command's base name)\n"
    "  --timeline FILE           RSS timeline CSV of all runs\n";

static const char hx_exec_help_tail[] =
    "  --json FILE|-             write the result object (- = stdout; the\n"
    "                            command's stdout then goes to stderr)\n"
    "  --format json|gbench      what --json writes: the result object, or\n"
    "                            Google Benchmark's JSON\n"
    "\n"
    "Exit status: 0 measured (the result's status says whether the command\n"
    "failed), 1 the harness failed, 2 bad usage.\n";

/* exec's own options; parameters and settings come from hx_cli. */
static const hx_cli_opt_t exec_own[] = {{"workload", 1}, {"name", 1},
    {"timeline", 1}, {"json", 1}, {"format", 1}, {"help", 0}};
enum {
	EXEC_WORKLOAD,
	EXEC_NAME,
	EXEC_TIMELINE,
	EXEC_JSON,
	EXEC_FORMAT,
	EXEC_HELP,
	EXEC_NOWN
};

/* The workload and its parameters, through the parameter table as for
 * harness run. */
static int
exec_params(
    const hx_cli_args_t *a, hx_run_config_t *rc, char *msg, size_t msglen)
{
	char inner[400];

	if (a->own[EXEC_WORKLOAD] == NULL) {
		for (size_t i = 0; i < hx_params_count; i++) {
			if (a->param[i] != NULL) {
				snprintf(msg, msglen, "--%s needs --workload",
				    hx_params[i].name);
				return -1;
			}
		}
		if (a->nextra > 0) {
			snprintf(msg, msglen, "--param needs --workload");
			return -1;
		}
		return 0;
	}
	if (hx_cli_lookup(a->own[EXEC_WORKLOAD], NULL, &rc->workload, NULL, msg,
		msglen) != 0)
		return -1;
	rc->workload->defaults(&rc->params);
	hx_params_extra_defaults(rc->workload, &rc->params);
	if (hx_cli_apply_params(a, rc, msg, msglen) != 0)
		return -1;
	inner[0] = '\0';
	if (rc->workload->check(&rc->params, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "%s: %s", rc->workload->name, inner);
		return -1;
	}
	return 0;
}

/* Whether --threads was on the command line (its default, 1, is not
 * passed on to the command). */
static int
exec_threads_given(const hx_cli_args_t *a)
{
	const hx_param_t *p = hx_params_find("threads");
	return p != NULL && a->param[p - hx_params] != NULL;
}

/* The measurement settings (as harness run's) and exec's own options. */
static int
exec_options_apply(const hx_cli_args_t *a, hx_run_config_t *rc,
    hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	if (a->setting[HX_SET_MIN_TIME] != NULL) {
		snprintf(msg, msglen, "--min-time: exec does not take it");
		return -1;
	}
	rc->repeat = cfg->repeat;
	rc->warmup = cfg->warmup;
	rc->timeline_interval_us = cfg->timeline_interval_us;
	rc->mem_limit = 0;
	rc->events = NULL;
	rc->cpu = -1;
	if (hx_cli_apply_settings(a, rc, msg, msglen) != 0)
		return -1;
	if (a->own[EXEC_NAME] != NULL && a->own[EXEC_NAME][0] == '\0') {
		snprintf(msg, msglen, "--name: must not be empty");
		return -1;
	}
	if (a->own[EXEC_FORMAT] != NULL &&
	    hx_cli_parse_format(
		a->own[EXEC_FORMAT], &cfg->gbench, msg, msglen) != 0)
		return -1;
	cfg->workload = rc->workload;
	cfg->params = rc->params;
	cfg->repeat = rc->repeat;
	cfg->warmup = rc->warmup;
	cfg->timeline_interval_us = rc->timeline_interval_us;
	cfg->mem_limit = rc->mem_limit;
	cfg->events = rc->events;
	cfg->cpu = rc->cpu;
	cfg->name = a->own[EXEC_NAME];
	cfg->threads = exec_threads_given(a) ? (int)rc->params.threads : 0;
	cfg->timeline_path = a->own[EXEC_TIMELINE];
	cfg->json_path = a->own[EXEC_JSON];
	return 0;
}

/* What can be known wrong before anything runs: events, output folders. */
static int
exec_check(hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	char inner[400];
	hx_counters_t cs;

	if (cfg->events == NULL || strcmp(cfg->events, "none") != 0) {
		if (hx_counters_open(&cs, cfg->events, inner, sizeof(inner)) !=
		    0) {
			snprintf(msg, msglen, "--events: %s", inner);
			return -1;
		}
		hx_counters_close(&cs);
	}
	if (cfg->mem_limit == 0)
		cfg->mem_limit = hx_isolate_default_limit();
	return hx_cli_check_outputs(
	    cfg->json_path, cfg->timeline_path, msg, msglen);
}

int
hx_exec_parse(
    int argc, char **argv, hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	hx_cli_args_t a;
	hx_run_config_t rc;
	hx_exec_config_t tmp;
	int cmd = 0;

	memset(&tmp, 0, sizeof(tmp));
	memset(&rc, 0, sizeof(rc));
	tmp.repeat = 5;
	tmp.warmup = 1;
	tmp.timeline_interval_us = 1000;
	tmp.cpu = -1;
	if (hx_cli_getopt_command(
		argc, argv, exec_own, EXEC_NOWN, &a, &cmd, msg, msglen) != 0)
		return a.own[EXEC_HELP] != NULL ? HX_EXEC_HELP : -1;
	if (a.own[EXEC_HELP] != NULL)
		return HX_EXEC_HELP;
	if (exec_params(&a, &rc, msg, msglen) != 0 ||
	    exec_options_apply(&a, &rc, &tmp, msg, msglen) != 0 ||
	    exec_check(&tmp, msg, msglen) != 0)
		return -1;
	tmp.argv = argv + cmd;
	if (tmp.name == NULL) {
		const char *slash = strrchr(argv[cmd], '/');
		tmp.name =
		    slash != NULL && slash[1] != '\0' ? slash + 1 : argv[cmd];
	}
	*cfg = tmp;
	return 0;
}

/* One line for people, from the result object. */
static void
exec_print_line(FILE *f, const json_t *r)
{
	const json_t *ci =
	    json_object_get(json_object_get(r, "time_s"), "ci95");
	const json_t *rep = json_object_get(r, "reported");
	char med[HX_FORMAT_LEN], lo[HX_FORMAT_LEN], hi[HX_FORMAT_LEN];
	char cold[HX_FORMAT_LEN], rss[HX_FORMAT_LEN], one[HX_FORMAT_LEN];

	fprintf(f, "%s/%s: ", json_string_value(json_object_get(r, "workload")),
	    json_string_value(json_object_get(r, "variant")));
	hx_format_bytes(
	    rss, sizeof(rss), hx_result_number(r, "memory.peak_rss_bytes"));
	if (strcmp(hx_result_status(r), "ok") != 0) {
		fprintf(f, "%s: %s (peak rss %s)\n", hx_result_status(r),
		    json_string_value(json_object_get(r, "reason")), rss);
		return;
	}
	hx_format_time(med, sizeof(med), hx_result_number(r, "time_s.median"));
	hx_format_time(cold, sizeof(cold), hx_result_number(r, "time_s.cold"));
	/* Cold only: no interval, the one figure for both ends. */
	hx_format_time(lo, sizeof(lo),
	    ci != NULL ? json_number_value(json_array_get(ci, 0))
		       : hx_result_number(r, "time_s.median"));
	hx_format_time(hi, sizeof(hi),
	    ci != NULL ? json_number_value(json_array_get(ci, 1))
		       : hx_result_number(r, "time_s.median"));
	hx_format_bytes(
	    one, sizeof(one), hx_result_number(r, "memory.ru_maxrss_bytes"));
	fprintf(f,
	    "median %s [%s, %s], cold %s; peak rss %s (tree of %.0f; "
	    "largest process %s); faults %.0f (cold %.0f); exit %.0f",
	    med, lo, hi, cold, rss,
	    hx_result_number(r, "memory.peak_processes"), one,
	    hx_result_number(r, "memory.minor_faults"),
	    hx_result_number(r, "memory.cold_minor_faults"),
	    hx_result_number(r, "exit_status"));
	if (json_is_object(rep)) {
		const char *key;
		const json_t *v;
		const char *sep = "; reported: ";
		json_object_foreach((json_t *)rep, key, v)
		{
			fprintf(f, "%s%s", sep, key);
			sep = ", ";
		}
	}
	if (json_is_true(
		json_object_get(json_object_get(r, "validation"), "ok")))
		fprintf(f, "; matches the float64 reference");
	fputc('\n', f);
}

static int
exec_timeline_writer(FILE *f, void *arg)
{
	return hx_exec_timeline_csv(arg, f);
}

int
hx_exec_main(int argc, char **argv)
{
	hx_exec_config_t cfg;
	hx_exec_record_t rec;
	json_t *r;
	char msg[1024];
	int rc;

	rc = hx_exec_parse(argc, argv, &cfg, msg, sizeof(msg));
	if (rc == HX_EXEC_HELP) {
		fputs(hx_exec_help, stdout);
		fputs("W's parameters (as harness run; --workload first):\n",
		    stdout);
		hx_cli_params_usage(stdout, 0);
		fputs("measurement (as harness run; --min-time is run's "
		      "alone, and --mem-limit\nhere is the tree's RSS that "
		      "kills the run):\n",
		    stdout);
		hx_cli_settings_usage(stdout);
		fputs(hx_exec_help_tail, stdout);
		return 0;
	}
	if (rc != 0) {
		hx_cli_error("exec", msg);
		return 2;
	}
	rc = hx_exec_measure(&cfg, &rec, msg, sizeof(msg));
	if (rc == HX_EXEC_INTERRUPTED) {
		int sig = rec.runs[rec.nruns - 1].proc.interrupted;
		fprintf(stderr,
		    "harness exec: interrupted by signal %d: the command was "
		    "killed, nothing written\n",
		    sig);
		hx_exec_record_free(&rec);
		return 128 + sig;
	}
	if (rc != 0) {
		hx_cli_error("exec", msg);
		hx_exec_record_free(&rec);
		return 1;
	}
	if (cfg.timeline_path != NULL &&
	    hx_file_write_atomic(cfg.timeline_path, exec_timeline_writer, &rec,
		msg, sizeof(msg)) != 0 &&
	    !rec.failed) {
		rec.failed = 1;
		snprintf(rec.reason, sizeof(rec.reason), "%s", msg);
	}
	if ((r = hx_exec_json(&cfg, &rec)) == NULL) {
		fprintf(stderr, "harness exec: out of memory\n");
		hx_exec_record_free(&rec);
		return 1;
	}
	hx_exec_record_free(&rec);
	exec_print_line(cfg.json_path != NULL && strcmp(cfg.json_path, "-") == 0
		? stderr
		: stdout,
	    r);
	rc = 0;
	if (cfg.json_path != NULL &&
	    hx_cli_write_result(
		cfg.json_path, cfg.gbench, r, msg, sizeof(msg)) != 0) {
		hx_cli_error("exec", msg);
		rc = 1;
	}
	json_decref(r);
	return rc;
}
