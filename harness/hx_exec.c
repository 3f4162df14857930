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
#include "hx_csv.h"
#include "hx_exec.h"
#include "hx_fields.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_isolate.h"
#include "hx_machine.h"
#include "hx_result.h"
#include "hx_stats.h"
#include "hx_table.h"

static const char hx_exec_help[] =
    "usage: harness exec [options] [-n NAME] -- COMMAND [ARGS...]\n"
    "                    [-n NAME -- COMMAND [ARGS...]]...\n"
    "       harness exec [options] [-n NAME] 'COMMAND' [[-n NAME] "
    "'COMMAND']...\n"
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
    "and OMP_NUM_THREADS=T unless it is already set. With --workload W it\n"
    "has FUSEBENCH_WORKLOAD=W, FUSEBENCH_N, FUSEBENCH_M ... (each of W's\n"
    "parameters, upper case) and FUSEBENCH_PARAMS (them all as JSON).\n"
    "\n"
    "Several commands (each '-n NAME --' starts one; or quoted commands,\n"
    "run by /bin/sh -c) are measured interleaved, run k of each before run\n"
    "k+1 of any, and end with a relative table (fastest = 1.00x); --json\n"
    "then writes JSON lines, one result object a line.\n"
    "\n"
    "  --workload W              validate the reported result as W's\n"
    "  --name LABEL, -n LABEL    the result's variant, for the command\n"
    "                            after it (default: the script an\n"
    "                            interpreter runs, python3 x.py: x.py;\n"
    "                            else the command's base name)\n"
    "  --timeline FILE           RSS timeline CSV of all runs (one command)\n"
    "  --allocator NAME          run the commands under an allocator\n"
    "                            setting, recorded in the result's\n"
    "                            \"command_allocator\": jemalloc-keep\n"
    "                            (LD_PRELOAD=libjemalloc.so.2 and\n"
    "                            MALLOC_CONF=dirty_decay_ms:-1,\n"
    "                            muzzy_decay_ms:-1: freed pages kept),\n"
    "                            glibc-keep (GLIBC_TUNABLES=glibc.malloc.\n"
    "                            mmap_max=0:...arena_max=1:...\n"
    "                            trim_threshold=1099511627776) or default\n"
    "                            (nothing set); the command also gets\n"
    "                            FUSEBENCH_ALLOCATOR=NAME\n";

static const char hx_exec_help_tail[] =
    "  --json FILE|-             write the result object (- = stdout; the\n"
    "                            command's stdout then goes to stderr)\n"
    "  --format json|gbench      what --json writes: the result object, or\n"
    "                            Google Benchmark's JSON\n"
    "  --aggregates-only         with --format gbench: only the mean,\n"
    "                            median and stddev rows\n"
    "  --csv FILE                the results as CSV (sweep's columns)\n"
    "  --fail-on-error           exit 1 when a command failed\n"
    "  --quiet                   no warnings under each command's line\n"
    "\n"
    "Exit status: 0 measured (the result's status says whether the command\n"
    "failed; 1 with --fail-on-error), 1 the harness failed, 2 bad usage.\n";

/* One line for people, from the result object. */
static void
exec_print_line(FILE *f, const json_t *r)
{
	const json_t *rep = json_object_get(r, "reported");
	char cold[HX_FORMAT_LEN], rss[HX_FORMAT_LEN], one[HX_FORMAT_LEN];

	fprintf(f, "%s/%s: ", hx_field_string(r, HX_F_WORKLOAD),
	    hx_field_string(r, HX_F_VARIANT));
	hx_format_bytes(rss, sizeof(rss), hx_field_number(r, HX_F_PEAK_RSS));
	if (strcmp(hx_result_status(r), "ok") != 0) {
		fprintf(f, "%s: %s (peak rss %s)\n", hx_result_status(r),
		    hx_field_string(r, HX_F_REASON), rss);
		return;
	}
	hx_format_time(cold, sizeof(cold), hx_field_number(r, HX_F_TIME_COLD));
	hx_format_bytes(one, sizeof(one), hx_field_number(r, HX_F_RU_MAXRSS));
	hx_result_print_median(f, r);
	fprintf(f, ", cold %s; peak rss %s ", cold, rss);
	/* No sample saw the tree (each run ended before the first): its
	 * size is unknown, not 0; the peak is the kernel's maxrss. */
	if (hx_field_number(r, HX_F_PEAK_PROCESSES) < 1)
		fprintf(f, "(the kernel's maxrss; ended before a sample)");
	else
		fprintf(f, "(tree of %.0f; largest process %s)",
		    hx_field_number(r, HX_F_PEAK_PROCESSES), one);
	fprintf(f, "; faults %.0f (cold %.0f); exit %.0f",
	    hx_field_number(r, HX_F_MINOR_FAULTS),
	    hx_field_number(r, HX_F_COLD_MINOR_FAULTS),
	    hx_field_number(r, HX_F_EXIT_STATUS));
	if (json_is_string(json_object_get(
		json_object_get(r, "command_allocator"), "name")))
		fprintf(f, "; allocator %s",
		    json_string_value(json_object_get(
			json_object_get(r, "command_allocator"), "name")));
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
	if (json_is_true(hx_field_get(r, HX_F_VALIDATION_OK)))
		fprintf(f, "; matches the float64 reference");
	fputc('\n', f);
}

static int
exec_timeline_writer(FILE *f, void *arg)
{
	return hx_exec_timeline_csv(arg, f);
}

void
hx_exec_usage(FILE *f)
{
	fputs(hx_exec_help, f);
	fputs("W's parameters (as harness run; --workload first):\n", f);
	hx_cli_params_usage(f, 0);
	fputs("measurement (as harness run, but --mem-limit here is the "
	      "tree's RSS that\nkills the run):\n",
	    f);
	hx_cli_settings_usage(f, HX_EXEC_WITHOUT, HX_RUN_DEFAULT_REPEAT);
	fputs(hx_exec_help_tail, f);
}

/* The results of the measured records (each freed here): one object per
 * command, in the plan's order, into *out. 0, or -1 out of memory. */
static int
exec_results(const hx_exec_plan_t *plan, hx_exec_record_t *recs, json_t **out,
    int *write_failed, char *msg, size_t msglen)
{
	const hx_exec_config_t *first = &plan->cmds[0];
	json_t *results = json_array();
	int rc = results != NULL ? 0 : -1;

	/* The harness's own write error is the harness's: an error on its
	 * own line and exit status 1, never the measured command's failure
	 * in its result. */
	if (first->timeline_path != NULL &&
	    hx_file_write_atomic(first->timeline_path, exec_timeline_writer,
		&recs[0], msg, msglen) != 0) {
		hx_cli_error_option("exec", "--timeline", msg);
		*write_failed = 1;
	}
	for (size_t c = 0; c < plan->ncmds; c++) {
		json_t *r =
		    rc == 0 ? hx_exec_json(&plan->cmds[c], &recs[c]) : NULL;
		if (r == NULL || json_array_append_new(results, r) != 0)
			rc = -1;
		hx_exec_record_free(&recs[c]);
	}
	*out = results;
	if (rc != 0)
		snprintf(msg, msglen, "out of memory");
	return rc;
}

/* Summary lines, the relative table (several commands), --json and
 * --csv; the exit status. */
static int
exec_report(const hx_exec_plan_t *plan, json_t *results)
{
	const hx_exec_config_t *first = &plan->cmds[0];
	FILE *out = hx_cli_stdout_is_data(first->json_path, plan->csv_path)
	    ? stderr
	    : stdout;
	char msg[4600];
	size_t i, failed = 0;
	json_t *r;
	int rc = 0;

	json_array_foreach(results, i, r)
	{
		exec_print_line(out, r);
		if (!plan->quiet)
			hx_result_print_warnings(stderr, r);
		failed += strcmp(hx_result_status(r), "ok") != 0;
	}
	if (plan->ncmds > 1) {
		fputc('\n', out);
		hx_table_relative(out, results, "command");
	}
	if (first->json_path != NULL &&
	    hx_cli_write_results(first->json_path, first->gbench, results, msg,
		sizeof(msg)) != 0) {
		hx_cli_error_option("exec", "--json", msg);
		rc = 1;
	}
	if (plan->csv_path != NULL &&
	    hx_csv_save(plan->csv_path, results, msg, sizeof(msg)) != 0) {
		hx_cli_error_option("exec", "--csv", msg);
		rc = 1;
	}
	if (rc == 0 && failed > 0 && plan->fail_on_error) {
		fprintf(stderr,
		    "harness exec: %zu of %zu commands failed "
		    "(--fail-on-error)\n",
		    failed, plan->ncmds);
		rc = 1;
	}
	return rc;
}

int
hx_exec_main(int argc, char **argv)
{
	static hx_exec_plan_t plan;
	static hx_exec_record_t recs[HX_EXEC_MAX_COMMANDS];
	json_t *results = NULL;
	char msg[4600];
	int rc, sig = 0, write_failed = 0;

	rc = hx_exec_plan_parse(argc, argv, &plan, msg, sizeof(msg));
	if (rc == HX_EXEC_HELP) {
		hx_exec_usage(stdout);
		hx_exec_plan_free(&plan);
		return 0;
	}
	if (rc != 0) {
		hx_cli_error("exec", msg);
		hx_exec_plan_free(&plan);
		return 2;
	}
	rc = hx_exec_measure_plan(&plan, recs, &sig, msg, sizeof(msg));
	if (rc == HX_EXEC_INTERRUPTED) {
		fprintf(stderr,
		    "harness exec: interrupted by signal %d: the command was "
		    "killed, nothing written\n",
		    sig);
		rc = 128 + sig;
	} else if (rc != 0) {
		hx_cli_error("exec", msg);
		rc = 1;
	}
	if (rc != 0) {
		for (size_t c = 0; c < plan.ncmds; c++)
			hx_exec_record_free(&recs[c]);
	} else if (exec_results(&plan, recs, &results, &write_failed, msg,
		       sizeof(msg)) != 0) {
		hx_cli_error("exec", msg);
		rc = 1;
	} else {
		rc = exec_report(&plan, results);
		if (write_failed)
			rc = 1;
	}
	json_decref(results);
	hx_exec_plan_free(&plan);
	return rc;
}
