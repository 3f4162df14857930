/*
 * harness: fusebench's command line.
 *
 *   harness list                        workloads and variants with models
 *   harness run WORKLOAD VARIANT [...]  measure one variant
 *   harness exec [...] -- COMMAND       measure any command as a process
 *   harness sweep [...]                 many runs, JSON lines and CSV
 *   harness ceilings                    the machine's bandwidth and FMA peak
 *   harness overhead [W V ...]          the instrumentation's own cost
 *   harness compare OLD NEW             changes between two result files
 *   harness report DATA OUT             REPORT.md from saved sweep data
 *
 * Exit status: 0 success, 2 bad usage or bad input (one line on stderr
 * naming the bad value), 1 a failure while running (compare adds 3: a
 * regression). Library modules return codes and never exit; this file and
 * the command modules' *_main functions (exec, sweep, overhead, compare,
 * report)
 * are the only places that turn them into messages and exit statuses.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_ceilings.h"
#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_counters.h"
#include "hx_exec.h"
#include "hx_file.h"
#include "hx_isolate.h"
#include "hx_overhead.h"
#include "hx_report.h"
#include "hx_result.h"
#include "hx_sweep.h"
#include "variant.h"

#define EXIT_BAD_INPUT 2

static const char *const usage_text =
    "usage: harness COMMAND [options]\n"
    "\n"
    "commands:\n"
    "  list                         workloads and variants, with memory "
    "models\n"
    "  run WORKLOAD VARIANT [opts]  measure one variant (harness run --help)\n"
    "  exec [opts] -- COMMAND ...   measure any command as a process (--help)\n"
    "  sweep [opts]                 many runs to JSON lines + CSV (--help)\n"
    "  ceilings                     memory bandwidth and FMA throughput\n"
    "  overhead [W V [opts]]        what the instrumentation itself costs\n"
    "  compare OLD NEW              median, memory and counter changes\n"
    "  report DATA_DIR OUT_DIR      REPORT.md and figures from sweep data\n";

static int
cmd_list(int argc, char **argv)
{
	params_t p;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: harness list\n\nEvery workload and variant, one "
		       "a line, with its memory model at the workload's "
		       "default parameters.\n");
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "harness list: unexpected argument '%s'\n",
		    argv[1]);
		return EXIT_BAD_INPUT;
	}
	for (size_t i = 0; workload_table[i] != NULL; i++) {
		const workload_t *w = workload_table[i];
		if (w->hidden)
			continue;
		w->defaults(&p);
		printf("%s: %s\n", w->name, w->description);
		for (size_t j = 0; variant_table[j] != NULL; j++) {
			const variant_t *v = variant_table[j];
			uint64_t b;
			if (v->workload != w)
				continue;
			b = v->model_bytes(&p, model_bare);
			printf(
			    "  %-13s model %-18s = %10.4g bytes at defaults  "
			    "%s [%s]\n",
			    v->name, v->model_formula, (double)b,
			    v->description, v->idiom);
		}
	}
	return 0;
}

static int
cmd_run(int argc, char **argv)
{
	hx_run_config_t cfg;
	hx_cli_run_t cli;
	json_t *r;
	char msg[512];
	int rc;

	rc = hx_cli_parse_run(argc, argv, &cfg, &cli, msg, sizeof(msg));
	if (rc == HX_CLI_HELP) {
		fputs(hx_cli_run_help, stdout);
		return 0;
	}
	if (rc != 0) {
		hx_cli_error("run", msg);
		return EXIT_BAD_INPUT;
	}
	r = hx_isolate_run(&cfg, !cli.no_fork);
	if (r == NULL) {
		fprintf(stderr, "harness run: out of memory\n");
		return 1;
	}
	if (cli.cachesim && strcmp(hx_result_status(r), "ok") == 0 &&
	    hx_cli_cachesim(&cfg, argv[0], r, msg, sizeof(msg)) != 0)
		fprintf(stderr, "harness run: cachesim: %s\n", msg);
	hx_result_print_line(
	    cli.json_path != NULL && strcmp(cli.json_path, "-") == 0 ? stderr
								     : stdout,
	    r);
	if (cli.json_path != NULL &&
	    hx_result_write(cli.json_path, r, msg, sizeof(msg)) != 0) {
		hx_cli_error("run", msg);
		json_decref(r);
		return 1;
	}
	rc = strcmp(hx_result_status(r), "failed") == 0 ? 1 : 0;
	json_decref(r);
	return rc;
}

static int
cmd_ceilings(int argc, char **argv)
{
	hx_ceilings_t c;
	json_t *o;
	char *text;
	int err;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: harness ceilings\n\nMeasures one core's memory "
		       "bandwidth (a STREAM triad on arrays larger than the "
		       "last-level cache) and float32 FMA throughput; prints "
		       "them as JSON.\n");
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "harness ceilings: unexpected argument '%s'\n",
		    argv[1]);
		return EXIT_BAD_INPUT;
	}
	fprintf(stderr, "harness ceilings: measuring (a few seconds)...\n");
	if ((err = hx_ceilings_measure(&c, 0, 0)) != 0) {
		fprintf(stderr, "harness ceilings: %s\n",
		    hx_ceilings_strerror(err));
		return 1;
	}
	o = hx_ceilings_json(&c);
	text = o != NULL ? json_dumps(o, JSON_INDENT(2)) : NULL;
	if (text == NULL) {
		json_decref(o);
		return 1;
	}
	printf("%s\n", text);
	fprintf(stderr,
	    "triad %.1f GB/s, float32 FMA %.1f GFLOP/s (%s, %d lanes)\n",
	    c.triad_bytes_per_s * 1e-9, c.fma_flops_per_s * 1e-9, c.fma_isa,
	    c.fma_vector_width);
	free(text);
	json_decref(o);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage_text, stderr);
		return EXIT_BAD_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (strcmp(argv[1], "list") == 0)
		return cmd_list(argc - 1, argv + 1);
	if (strcmp(argv[1], "run") == 0)
		return cmd_run(argc - 1, argv + 1);
	if (strcmp(argv[1], "exec") == 0)
		return hx_exec_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "sweep") == 0)
		return hx_sweep_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "ceilings") == 0)
		return cmd_ceilings(argc - 1, argv + 1);
	if (strcmp(argv[1], "overhead") == 0)
		return hx_overhead_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "compare") == 0)
		return hx_compare_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "report") == 0)
		return hx_report_main(argc - 1, argv + 1);
	fprintf(
	    stderr, "harness: unknown command '%s'\n%s", argv[1], usage_text);
	return EXIT_BAD_INPUT;
}
