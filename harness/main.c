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
 *   harness explain MODULE:FN ARGS...   a JAX function's memory by line
 *
 * Exit status: 0 success, 2 bad usage or bad input (one line on stderr
 * naming the bad value), 1 a failure while running (compare adds 3: a
 * regression). Library modules return codes and never exit; this file and
 * the command modules' *_main functions (exec, sweep, overhead, compare) are
 * the only places that turn them into messages and exit statuses.
 */
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cachesim.h"
#include "hx_ceilings.h"
#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_counters.h"
#include "hx_csv.h"
#include "hx_exec.h"
#include "hx_explain.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_gbench.h"
#include "hx_help.h"
#include "hx_isolate.h"
#include "hx_mem.h"
#include "hx_model.h"
#include "hx_overhead.h"
#include "hx_params.h"
#include "hx_parse.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "hx_sweep.h"
#include "hx_table.h"
#include "plugin.h"
#include "variant.h"

/* The subcommands' entry points, by name; what they are and their help
 * are hx_help's table (hx_help_commands), which the dispatch goes by. */
typedef struct command_s {
	const char *name;
	int (*main)(int argc, char **argv);
} command_t;

static int cmd_list(int argc, char **argv);
static int cmd_run(int argc, char **argv);
static int cmd_ceilings(int argc, char **argv);

static const command_t commands[] = {
    {"list", cmd_list},
    {"run", cmd_run},
    {"exec", hx_exec_main},
    {"sweep", hx_sweep_main},
    {"ceilings", cmd_ceilings},
    {"overhead", hx_overhead_main},
    {"compare", hx_compare_main},
    {"convert", hx_gbench_main},
    {"explain", hx_explain_main},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const command_t *
command_find(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	}
	return NULL;
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
	hx_params_smoke(w, &p);
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

/* One parameter w declares itself: "  dot --passes 1..64 (default 1):
 * meaning", a choice's names in place of the bounds. */
static void
list_own_param(const workload_t *w, size_t k)
{
	const param_decl_t *d = &w->extra_params[k];
	hx_param_t p;
	char def[64];

	hx_params_declared(w, k, &p);
	printf("  %s --%s ", w->name, d->name);
	if (d->choices != NULL) {
		for (size_t i = 0; d->choices[i] != NULL; i++)
			printf("%s%s", i > 0 ? "|" : "", d->choices[i]);
	} else
		printf("%llu..%llu", (unsigned long long)d->lo,
		    (unsigned long long)d->hi);
	printf(" (default %s): %s\n",
	    hx_params_format(&p, d->def, def, sizeof(def)), d->meaning);
}

/* The workloads' own parameters, after the workloads: a section of its
 * own, so that a script reading a workload's indented lines as its
 * variants (make-report.sh) finds only variants there. */
static void
list_own_params(void)
{
	const workload_t *w;
	int any = 0;

	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		for (size_t k = 0; !w->hidden && k < hx_params_extra_count(w);
		     k++) {
			if (!any++)
				printf("parameters the workloads declare "
				       "themselves (--NAME V, or --param "
				       "NAME=V):\n");
			list_own_param(w, k);
		}
	}
}

/* The variants of w with their models at w's defaults. */
static void
list_models(const workload_t *w)
{
	params_t p;
	const variant_t *v;

	w->defaults(&p);
	hx_params_extra_defaults(w, &p);
	printf("%s: %s\n", w->name, w->description);
	for (size_t j = 0; (v = hx_plugin_variant(j)) != NULL; j++) {
		const char *desc = v->description != NULL ? v->description : "";
		if (v->workload != w)
			continue;
		char model[HX_FORMAT_LEN];
		/* A plugin's variant may have no model (model_bytes NULL). */
		if (v->model_bytes == NULL)
			printf("  %-13s no model %29s  %s", v->name, "", desc);
		else {
			hx_format_bytes(model, sizeof(model),
			    (double)v->model_bytes(&p, model_bare));
			printf("  %-13s model %-18s = %8s at defaults  %s",
			    v->name,
			    v->model_formula != NULL ? v->model_formula : "",
			    model, desc);
		}
		printf(v->idiom != NULL ? " [%s]\n" : "\n", v->idiom);
	}
}

static int
cmd_list(int argc, char **argv)
{
	int smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
	const workload_t *w;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		hx_help_list_usage(stdout);
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
	if (!smoke)
		list_own_params();
	return HX_EXIT_OK;
}

/* Every variant of cli measured (interleaved when there are several and
 * each runs in a child), into results in cli's order. 0, or -1 when out
 * of memory. */
static int
run_measure(const hx_run_config_t *cfg, const hx_cli_run_t *cli,
    hx_run_config_t *cfgs, json_t *results)
{
	json_t *r[HX_CLI_MAX_VARIANTS] = {NULL};
	size_t n = cli->nvariants;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		cfgs[i] = *cfg;
		cfgs[i].variant = cli->variants[i];
	}
	if (n > 1 && !cli->no_fork) {
		if (hx_isolate_interleave(cfgs, n, r) != 0)
			rc = -1;
	} else {
		for (size_t i = 0; i < n; i++)
			r[i] = hx_isolate_run(&cfgs[i], !cli->no_fork);
	}
	for (size_t i = 0; i < n; i++) {
		if (r[i] == NULL || json_array_append_new(results, r[i]) != 0)
			rc = -1;
	}
	return rc;
}

/* Summary lines (and the relative table of several), --json and --csv;
 * the exit status. */
static int
run_report(const char *self, const hx_run_config_t *cfgs,
    const hx_cli_run_t *cli, json_t *results)
{
	/* Standard output is --json's or --csv's file then: the lines for
	 * people go to stderr. */
	FILE *out = hx_cli_stdout_is_data(cli->json_path, cli->csv_path)
	    ? stderr
	    : stdout;
	char msg[4600];
	size_t i;
	json_t *r;
	int rc = HX_EXIT_OK;

	json_array_foreach(results, i, r)
	{
		if (cli->cachesim && strcmp(hx_result_status(r), "ok") == 0 &&
		    hx_cachesim_measure(&cfgs[i], self, r, msg, sizeof(msg)) !=
			0)
			fprintf(stderr, "harness run: cachesim: %s\n", msg);
		hx_result_print_line(out, r);
		if (cli->model && strcmp(hx_result_status(r), "ok") == 0 &&
		    hx_model_apply(r, cfgs[i].variant, &cfgs[i].params,
			cli->ceilings_path, out, msg, sizeof(msg)) != 0)
			fprintf(stderr, "harness run: model: %s\n", msg);
		if (!cli->quiet)
			hx_result_print_warnings(stderr, r);
		if (strcmp(hx_result_status(r), "failed") == 0)
			rc = HX_EXIT_FAILURE;
	}
	if (json_array_size(results) > 1) {
		fputc('\n', out);
		hx_table_relative(out, results, "variant");
	}
	if (cli->json_path != NULL &&
	    hx_cli_write_results(
		cli->json_path, cli->gbench, results, msg, sizeof(msg)) != 0) {
		hx_cli_error_option("run", "--json", msg);
		return HX_EXIT_FAILURE;
	}
	if (cli->csv_path != NULL &&
	    hx_csv_save(cli->csv_path, results, msg, sizeof(msg)) != 0) {
		hx_cli_error_option("run", "--csv", msg);
		return HX_EXIT_FAILURE;
	}
	return rc;
}

static int
cmd_run(int argc, char **argv)
{
	static hx_run_config_t cfgs[HX_CLI_MAX_VARIANTS];
	static hx_cli_run_t cli;
	hx_run_config_t cfg;
	json_t *results;
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
	if ((results = json_array()) == NULL ||
	    run_measure(&cfg, &cli, cfgs, results) != 0) {
		fprintf(stderr, "harness run: out of memory\n");
		json_decref(results);
		return HX_EXIT_FAILURE;
	}
	rc = run_report(argv[0], cfgs, &cli, results);
	json_decref(results);
	return rc;
}

/* The most GiB --fault-ladder maps. */
#define LADDER_MAX_GIB 4096

/* --fault-ladder's GiB: 1 to LADDER_MAX_GIB, and at least 1 GiB under
 * what the machine has available (the ladder is meant to reach memory
 * the process has not touched, not to swap or be killed). */
static int
ladder_parse(const char *s, uint64_t *gib, char *msg, size_t len)
{
	const uint64_t avail = hx_os_available_bytes() >> 30;

	if (hx_parse_count(s, gib) != 0 || *gib < 1 || *gib > LADDER_MAX_GIB) {
		snprintf(msg, len,
		    "--fault-ladder '%s': must be a whole number of GiB, 1 to "
		    "%d",
		    s, LADDER_MAX_GIB);
		return -1;
	}
	if (avail > 0 && *gib + 1 > avail) {
		snprintf(msg, len,
		    "--fault-ladder %s: more than the %llu GiB this machine "
		    "has available, less one",
		    s, (unsigned long long)(avail - 1));
		return -1;
	}
	return 0;
}

/* ceilings' options: --threads T (1 to VARIANT_THREADS_MAX), or
 * --fault-ladder GIB (*gib; 0 when not given); --no-host-probe clears
 * *probe. 0, or -1 with the one-line reason in msg. */
static int
ceilings_parse(int argc, char **argv, int *threads, uint64_t *gib, int *probe,
    int *drift, char *msg, size_t len)
{
	const hx_param_t *p = hx_params_find("threads");
	uint64_t v;

	*threads = 1;
	*gib = 0;
	*probe = 1;
	*drift = 0;
	for (int i = 1; i < argc; i++) {
		int ladder = strcmp(argv[i], "--fault-ladder") == 0;
		if (strcmp(argv[i], "--no-host-probe") == 0) {
			*probe = 0;
			continue;
		}
		if (strcmp(argv[i], "--drift") == 0) {
			*drift = 1;
			continue;
		}
		if (!ladder && strcmp(argv[i], "--threads") != 0) {
			snprintf(msg, len, "unexpected argument '%s'", argv[i]);
			return -1;
		}
		if (i + 1 == argc) {
			snprintf(msg, len, "'%s' needs a value", argv[i]);
			return -1;
		}
		if (ladder ? ladder_parse(argv[++i], gib, msg, len)
			   : hx_params_parse(p, argv[++i], &v, msg, len))
			return -1;
		if (!ladder)
			*threads = (int)v;
	}
	if (*drift && (*threads > 1 || *gib > 0)) {
		snprintf(msg, len,
		    "--drift measures one thread's rates alone: "
		    "not with --threads or --fault-ladder");
		return -1;
	}
	return 0;
}

/* Progress of the fault ladder: one line a GiB as it is measured. */
static void
ladder_step(size_t k, double s)
{
	fprintf(stderr, "GiB %zu: %.2f us a fault\n", k, s * 1e6);
}

/* harness ceilings --fault-ladder GIB: the price of a fault GiB by GiB
 * (hx_os_fault_ladder), as JSON on stdout and a line a GiB on stderr. */
static int
ceilings_fault_ladder(uint64_t gib)
{
	double *per = calloc((size_t)gib, sizeof(double)), release;
	json_t *o = json_object(), *a = json_array();
	char *text = NULL;

	fprintf(stderr,
	    "harness ceilings: faulting %llu GiB of fresh memory, a GiB at a "
	    "time...\n",
	    (unsigned long long)gib);
	if (per == NULL || o == NULL || a == NULL ||
	    hx_os_fault_ladder((size_t)gib, (size_t)1 << 30, per, &release,
		ladder_step) != 0) {
		fprintf(stderr, "harness ceilings: could not map %llu GiB\n",
		    (unsigned long long)gib);
		free(per);
		json_decref(o);
		json_decref(a);
		return HX_EXIT_FAILURE;
	}
	for (uint64_t g = 0; g < gib; g++)
		json_array_append_new(
		    a, isnan(per[g]) ? json_null() : json_real(per[g]));
	json_object_set_new(o, "fault_ladder_s", a);
	json_object_set_new(
	    o, "fault_ladder_page_release_s", json_real(release));
	text = json_dumps(o, JSON_INDENT(2));
	if (text != NULL)
		printf("%s\n", text);
	fprintf(stderr, "the release %.2f us a page\n", release * 1e6);
	free(text);
	free(per);
	json_decref(o);
	return text != NULL ? HX_EXIT_OK : HX_EXIT_FAILURE;
}

static int
cmd_ceilings(int argc, char **argv)
{
	hx_ceilings_t c;
	json_t *o;
	char *text, msg[256];
	int err, threads, probe, drift;
	uint64_t gib;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		hx_help_ceilings_usage(stdout);
		return HX_EXIT_OK;
	}
	if (ceilings_parse(argc, argv, &threads, &gib, &probe, &drift, msg,
		sizeof(msg)) != 0) {
		fprintf(stderr, "harness ceilings: %s\n", msg);
		return HX_EXIT_USAGE;
	}
	if (gib > 0)
		return ceilings_fault_ladder(gib);
	fprintf(stderr, "harness ceilings: measuring (a few seconds)...\n");
	err = drift ? hx_ceilings_measure_drift(&c)
		    : hx_ceilings_measure_threads(&c, 0, 0, threads);
	if (err != 0) {
		fprintf(stderr, "harness ceilings: %s\n",
		    hx_ceilings_strerror(err));
		return HX_EXIT_FAILURE;
	}
	if (threads == 1 && probe && !drift)
		hx_ceilings_measure_host_fault(&c);
	o = hx_ceilings_json(&c);
	text = o != NULL ? json_dumps(o, JSON_INDENT(2)) : NULL;
	if (text == NULL) {
		json_decref(o);
		return HX_EXIT_FAILURE;
	}
	printf("%s\n", text);
	free(text);
	json_decref(o);
	if (drift) {
		fprintf(stderr,
		    "float32 FMA %.1f GFLOP/s (best of %d runs), divps %.2f "
		    "G/s, gathers from L1 %.2f and L3 %.2f G indices/s, DRAM "
		    "read %.1f GB/s (the drift rates alone)\n",
		    c.fma_flops_per_s * 1e-9, c.fma_runs,
		    c.arith_per_s[HX_CEILINGS_DIVPS] * 1e-9,
		    c.gather_per_s[0] * 1e-9, c.gather_per_s[2] * 1e-9,
		    c.stream_bytes_per_s[HX_CEILINGS_READ][3] * 1e-9);
		return HX_EXIT_OK;
	}
	fprintf(stderr,
	    "triad %.1f GB/s, float32 FMA %.1f GFLOP/s (best of %d runs, "
	    "spread %.0f%%; %s, %d lanes, %d thread%s); ",
	    c.triad_bytes_per_s * 1e-9, c.fma_flops_per_s * 1e-9, c.fma_runs,
	    100.0 * c.fma_flops_spread, c.fma_isa, c.fma_vector_width, threads,
	    threads == 1 ? "" : "s");
	if (c.fault_runs > 0)
		fprintf(stderr,
		    "one minor fault %.2f us (best of %d, spread %.0f%%)\n",
		    c.fault_s * 1e6, c.fault_runs, 100.0 * c.fault_spread);
	else
		fprintf(stderr, "one minor fault not measured\n");
	if (c.host_fault_s > 0)
		fprintf(stderr,
		    "a fault of memory the host took back %.2f us (from %.2f "
		    "GiB into fresh memory; %.2f GiB free and not reported to "
		    "the host)\n",
		    c.host_fault_s * 1e6,
		    c.host_fault_after_bytes / 1073741824.0,
		    c.host_fault_unreported_bytes / 1073741824.0);
	return HX_EXIT_OK;
}

/* harness help [COMMAND]: the top-level usage, or COMMAND's help. */
static int
cmd_help(int argc, char **argv)
{
	const hx_help_cmd_t *c;

	if (argc < 3) {
		hx_help_usage(stdout);
		return HX_EXIT_OK;
	}
	if (argc > 3 || (c = hx_help_find(argv[2])) == NULL) {
		fprintf(stderr, "harness help: unknown command '%s' (%s)\n",
		    argv[2], "harness help lists them");
		return HX_EXIT_USAGE;
	}
	c->usage(stdout);
	return HX_EXIT_OK;
}

/* The generated files: --man, --completion bash. */
static int
cmd_generate(int argc, char **argv)
{
	int rc;

	if (strcmp(argv[1], "--man") == 0 && argc == 2)
		rc = hx_help_man(stdout);
	else if (argc == 3 && strcmp(argv[2], "bash") == 0)
		rc = hx_help_completion_bash(stdout);
	else {
		fprintf(stderr, "harness: --man, or --completion bash\n");
		return HX_EXIT_USAGE;
	}
	return rc != 0 || fflush(stdout) != 0 ? HX_EXIT_FAILURE : HX_EXIT_OK;
}

/* A write to a closed pipe fails with EPIPE (reported as an error at the
 * end) instead of killing us without a word. A handler, not SIG_IGN: a
 * caught signal is reset by execve, so the commands exec measures still
 * get the default. */
static void
on_sigpipe(int sig)
{
	(void)sig;
}

/* rc, or HX_EXIT_FAILURE with one line when standard output lost a write
 * (a full disk, /dev/full, a closed pipe): nothing printed is lost
 * silently. A command that already failed has said why. */
static int
finish(int rc)
{
	char msg[256];

	if (hx_file_close_stdout(msg, sizeof(msg)) == 0)
		return rc;
	if (rc != HX_EXIT_FAILURE && rc != HX_EXIT_USAGE)
		fprintf(stderr, "harness: %s\n", msg);
	return HX_EXIT_FAILURE;
}

static int
dispatch(int argc, char **argv)
{
	const hx_help_cmd_t *c;
	const command_t *cmd;
	struct option own[HX_HELP_MAX_OPTIONS];
	int n = argc - 1;
	char msg[4400];

	if (argc < 2) {
		hx_help_usage(stderr);
		return HX_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		hx_help_usage(stdout);
		return HX_EXIT_OK;
	}
	if (strcmp(argv[1], "help") == 0)
		return cmd_help(argc, argv);
	if (strcmp(argv[1], "--version") == 0 && argc > 2) {
		hx_cli_error("--version", "takes no argument");
		return HX_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("harness %s (commit %s, result schema %d)\n",
		    FB_VERSION_SEMVER, hx_record_version(), HX_SCHEMA_VERSION);
		return HX_EXIT_OK;
	}
	if (strcmp(argv[1], "--man") == 0 ||
	    strcmp(argv[1], "--completion") == 0)
		return cmd_generate(argc, argv);
	if ((c = hx_help_find(argv[1])) == NULL ||
	    (cmd = command_find(c->name)) == NULL) {
		/* One line, as for any bad input; not the whole usage. */
		fprintf(stderr,
		    "harness: unknown command '%s' (harness --help lists "
		    "them)\n",
		    argv[1]);
		return HX_EXIT_USAGE;
	}
	/* --plugin PATH, wherever it is among the options. */
	if (hx_plugin_from_argv(&n, argv + 1, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness %s: %s\n", argv[1], msg);
		return HX_EXIT_USAGE;
	}
	/* A workload's own parameters as --NAME, once the plugin is known. */
	c->options(own);
	if (hx_params_own_options(n, argv + 1, own, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness %s: %s\n", argv[1], msg);
		return HX_EXIT_USAGE;
	}
	return cmd->main(n, argv + 1);
}

int
main(int argc, char **argv)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigpipe;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGPIPE, &sa, NULL);
	return finish(dispatch(argc, argv));
}
