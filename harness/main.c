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
 *
 * Exit status: 0 success, 2 bad usage or bad input (one line on stderr
 * naming the bad value), 1 a failure while running (compare adds 3: a
 * regression). Library modules return codes and never exit; this file and
 * the command modules' *_main functions (exec, sweep, overhead, compare) are
 * the only places that turn them into messages and exit statuses.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cachesim.h"
#include "hx_ceilings.h"
#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_counters.h"
#include "hx_exec.h"
#include "hx_file.h"
#include "hx_gbench.h"
#include "hx_isolate.h"
#include "hx_overhead.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "hx_sweep.h"
#include "variant.h"

/* The subcommands: name, arguments and a line of help, for dispatch and
 * for the usage text alike. */
typedef struct command_s {
	const char *name, *args, *help;
	int (*main)(int argc, char **argv);
} command_t;

static int cmd_list(int argc, char **argv);
static int cmd_run(int argc, char **argv);
static int cmd_ceilings(int argc, char **argv);

static const command_t commands[] = {
    {"list", "", "workloads and variants, with memory models", cmd_list},
    {"run", "WORKLOAD VARIANT [opts]", "measure one variant (--help)", cmd_run},
    {"exec", "[opts] -- COMMAND [ARGS]",
	"measure any program as a process (--help)", hx_exec_main},
    {"sweep", "[opts]", "many runs to JSON lines + CSV (--help)",
	hx_sweep_main},
    {"ceilings", "[--threads T]", "memory bandwidth and FMA throughput",
	cmd_ceilings},
    {"overhead", "[W V [opts]]", "what the instrumentation itself costs",
	hx_overhead_main},
    {"compare", "OLD NEW", "median, memory and counter changes",
	hx_compare_main},
    {"convert", "FILE [--out OUT]", "results as Google Benchmark JSON",
	hx_gbench_main},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void
usage(FILE *f)
{
	fputs("usage: harness COMMAND [--plugin LIB.so] [options]\n"
	      "       harness --version\n"
	      "\ncommands:\n",
	    f);
	for (size_t i = 0; i < NCOMMANDS; i++) {
		char head[64];
		snprintf(head, sizeof(head), "%s %s", commands[i].name,
		    commands[i].args);
		fprintf(f, "  %-29s%s\n", head, commands[i].help);
	}
}

/* One line a variant: "WORKLOAD VARIANT --n ... --steps ..." with the run
 * options (from the parameter table) of its workload's smoke configuration,
 * for memcheck and other quick passes over every variant. */
enum { LIST_MAX_PARAMS = 32 };

static void
list_smoke(const workload_t *w)
{
	params_t p;
	char store[HX_PARAMS_ARGV_MAX(LIST_MAX_PARAMS)][HX_PARAMS_ARGV_SLOT];
	char *args[HX_PARAMS_ARGV_MAX(LIST_MAX_PARAMS)];
	int n = 0;

	const variant_t *v;

	/* A plugin's workload may have no smoke configuration. */
	if (w->smoke == NULL)
		return;
	w->smoke(&p);
	hx_params_extra_defaults(w, &p);
	hx_params_argv(w, &p, args, &n, store);
	for (size_t j = 0; (v = hx_plugin_variant(j)) != NULL; j++) {
		if (v->workload != w)
			continue;
		printf("%s %s", w->name, v->name);
		for (int a = 0; a < n; a++)
			printf(" %s", args[a]);
		printf("\n");
	}
}

/* The variants of w with their models at w's defaults. */
static void
list_models(const workload_t *w)
{
	params_t p;
	const variant_t *v;

	w->defaults(&p);
	printf("%s: %s\n", w->name, w->description);
	for (size_t k = 0; k < hx_params_extra_count(w); k++) {
		const param_decl_t *d = &w->extra_params[k];
		printf("  --param %s=%llu..%llu (default %llu): %s\n", d->name,
		    (unsigned long long)d->lo, (unsigned long long)d->hi,
		    (unsigned long long)d->def, d->meaning);
	}
	for (size_t j = 0; (v = hx_plugin_variant(j)) != NULL; j++) {
		if (v->workload != w)
			continue;
		printf("  %-13s model %-18s = %10.4g bytes at defaults  "
		       "%s [%s]\n",
		    v->name, v->model_formula,
		    (double)v->model_bytes(&p, model_bare), v->description,
		    v->idiom);
	}
}

static int
cmd_list(int argc, char **argv)
{
	int smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
	const workload_t *w;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: harness list [--smoke]\n\nEvery workload and "
		       "variant, one a line, with its memory model at the "
		       "workload's default parameters.\n  --smoke  instead, "
		       "one line a variant: WORKLOAD VARIANT and the run "
		       "options of its workload's small smoke configuration\n");
		return HX_EXIT_OK;
	}
	if (argc > 2 || (argc == 2 && !smoke)) {
		fprintf(stderr, "harness list: unexpected argument '%s'\n",
		    argv[argc - 1]);
		return HX_EXIT_USAGE;
	}
	if (smoke && hx_params_count > LIST_MAX_PARAMS) {
		fprintf(stderr, "harness list: more than %d parameters\n",
		    LIST_MAX_PARAMS);
		return HX_EXIT_FAILURE;
	}
	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (w->hidden)
			continue;
		if (smoke)
			list_smoke(w);
		else
			list_models(w);
	}
	return HX_EXIT_OK;
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
		hx_cli_run_usage(stdout);
		return HX_EXIT_OK;
	}
	if (rc != 0) {
		hx_cli_error("run", msg);
		return HX_EXIT_USAGE;
	}
	r = hx_isolate_run(&cfg, !cli.no_fork);
	if (r == NULL) {
		fprintf(stderr, "harness run: out of memory\n");
		return HX_EXIT_FAILURE;
	}
	if (cli.cachesim && strcmp(hx_result_status(r), "ok") == 0 &&
	    hx_cachesim_measure(&cfg, argv[0], r, msg, sizeof(msg)) != 0)
		fprintf(stderr, "harness run: cachesim: %s\n", msg);
	hx_result_print_line(
	    cli.json_path != NULL && strcmp(cli.json_path, "-") == 0 ? stderr
								     : stdout,
	    r);
	if (cli.json_path != NULL &&
	    hx_cli_write_result(
		cli.json_path, cli.gbench, r, msg, sizeof(msg)) != 0) {
		hx_cli_error("run", msg);
		json_decref(r);
		return HX_EXIT_FAILURE;
	}
	rc = strcmp(hx_result_status(r), "failed") == 0 ? HX_EXIT_FAILURE
							: HX_EXIT_OK;
	json_decref(r);
	return rc;
}

/* ceilings' options: --threads T (1 to VARIANT_THREADS_MAX). 0, or -1
 * with the one-line reason in msg. */
static int
ceilings_parse(int argc, char **argv, int *threads, char *msg, size_t len)
{
	const hx_param_t *p = hx_params_find("threads");
	uint64_t v;

	*threads = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--threads") != 0) {
			snprintf(msg, len, "unexpected argument '%s'", argv[i]);
			return -1;
		}
		if (i + 1 == argc) {
			snprintf(msg, len, "'--threads' needs a value");
			return -1;
		}
		if (hx_params_parse(p, argv[++i], &v, msg, len) != 0)
			return -1;
		*threads = (int)v;
	}
	return 0;
}

static int
cmd_ceilings(int argc, char **argv)
{
	hx_ceilings_t c;
	json_t *o;
	char *text, msg[256];
	int err, threads;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: harness ceilings [--threads T]\n\nMeasures "
		       "memory bandwidth (a STREAM triad on arrays larger "
		       "than the last-level cache) and float32 FMA "
		       "throughput on one core, or on T cores at once with "
		       "--threads T (OpenMP threads, 1 to %d); prints them as "
		       "JSON.\n",
		    VARIANT_THREADS_MAX);
		return HX_EXIT_OK;
	}
	if (ceilings_parse(argc, argv, &threads, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness ceilings: %s\n", msg);
		return HX_EXIT_USAGE;
	}
	fprintf(stderr, "harness ceilings: measuring (a few seconds)...\n");
	if ((err = hx_ceilings_measure_threads(&c, 0, 0, threads)) != 0) {
		fprintf(stderr, "harness ceilings: %s\n",
		    hx_ceilings_strerror(err));
		return HX_EXIT_FAILURE;
	}
	o = hx_ceilings_json(&c);
	text = o != NULL ? json_dumps(o, JSON_INDENT(2)) : NULL;
	if (text == NULL) {
		json_decref(o);
		return HX_EXIT_FAILURE;
	}
	printf("%s\n", text);
	fprintf(stderr,
	    "triad %.1f GB/s, float32 FMA %.1f GFLOP/s (best of %d runs, "
	    "spread %.0f%%; %s, %d lanes, %d thread%s)\n",
	    c.triad_bytes_per_s * 1e-9, c.fma_flops_per_s * 1e-9, c.fma_runs,
	    100.0 * c.fma_flops_spread, c.fma_isa, c.fma_vector_width, threads,
	    threads == 1 ? "" : "s");
	free(text);
	json_decref(o);
	return HX_EXIT_OK;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return HX_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return HX_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("harness %s (result schema %d)\n", hx_record_version(),
		    HX_SCHEMA_VERSION);
		return HX_EXIT_OK;
	}
	for (size_t i = 0; i < NCOMMANDS; i++) {
		int n = argc - 1;
		char msg[4400];
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		/* --plugin PATH, wherever it is among the options. */
		if (hx_plugin_from_argv(&n, argv + 1, msg, sizeof(msg)) != 0) {
			fprintf(stderr, "harness %s: %s\n", argv[1], msg);
			return HX_EXIT_USAGE;
		}
		return commands[i].main(n, argv + 1);
	}
	fprintf(stderr, "harness: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return HX_EXIT_USAGE;
}
