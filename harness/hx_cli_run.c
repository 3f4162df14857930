/*
 * hx_cli_run: harness run's command line (its own options, its help, the
 * variants it names and their configurations); the options and settings
 * every command shares are hx_cli.c. See hx_cli.h.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_model.h"
#include "hx_select.h"

static const hx_cli_opt_t run_own[] = {{"json", 1}, {"timeline", 1},
    {"cachesim", 0}, {"no-validate", 0}, {"no-fork", 0}, {"format", 1},
    {"quiet", 0}, {"help", 0}, {"csv", 1}, {"aggregates-only", 0}, {"model", 0},
    {"ceilings", 1}, {"profile", 0}};
enum {
	RUN_JSON,
	RUN_TIMELINE,
	RUN_CACHESIM,
	RUN_NO_VALIDATE,
	RUN_NO_FORK,
	RUN_FORMAT,
	RUN_QUIET,
	RUN_HELP,
	RUN_CSV,
	RUN_AGGREGATES_ONLY,
	RUN_MODEL,
	RUN_CEILINGS,
	RUN_PROFILE,
	RUN_NOWN
};

size_t
hx_cli_run_options(struct option *o)
{
	return hx_cli_options(run_own, RUN_NOWN, 0, o);
}

void
hx_cli_run_usage(FILE *f)
{
	fputs("usage: harness run WORKLOAD VARIANT[,VARIANT...] [VARIANT...] "
	      "[options]\n"
	      "\n"
	      "VARIANT: a name or a glob ('col*', '*'); several are measured "
	      "in turns\n(run k of each before run k+1 of any), each "
	      "summarized, then a relative\ntable; --json then writes JSON "
	      "lines, one result a line.\n\n"
	      "Measures one variant: inputs built outside the measured "
	      "region, one cold\nrun reported apart, warm-up runs, timed "
	      "repeats; peak workspace from the\nallocator, RSS high-water "
	      "mark, page faults, counters; the result checked\nagainst the "
	      "workload's float64 reference. Runs in a forked child.\n\n"
	      "parameters (defaults are the workload's; a workload refuses "
	      "those it does\nnot use, see harness list):\n",
	    f);
	hx_cli_params_usage(f, 0);
	fputs("measurement:\n", f);
	hx_cli_settings_usage(f, 0, HX_RUN_DEFAULT_REPEAT);
	fputs("  --timeline FILE           memory timeline CSV of the run\n"
	      "  --cachesim                also count simulated cache misses "
	      "(valgrind)\n"
	      "  --model                   predict each time from the "
	      "ceilings and the\n"
	      "                            counted work; name the limiter "
	      "(docs/model.md)\n"
	      "  --ceilings FILE           the ceilings --model uses (harness "
	      "ceilings'\n"
	      "                            JSON; default: measured first, a "
	      "few seconds)\n"
	      "  --profile                 sample where the timed runs' time "
	      "goes (the\n"
	      "                            kernel's task-clock); with --model, "
	      "each priced\n"
	      "                            loop's measured seconds beside its "
	      "prediction\n"
	      "  --no-validate             skip the float64 reference check\n"
	      "  --no-fork                 measure in this process (for "
	      "debuggers)\n"
	      "output:\n"
	      "  --json FILE|-             write the result object (- = "
	      "stdout)\n"
	      "  --format json|gbench      what --json writes: the result "
	      "object (json),\n"
	      "                            or Google Benchmark's JSON "
	      "(gbench)\n"
	      "  --aggregates-only         with --format gbench: only the "
	      "mean, median and\n"
	      "                            stddev rows\n"
	      "  --csv FILE                the results as CSV (the sweep's "
	      "columns)\n"
	      "  --quiet                   leave out the warnings printed on "
	      "stderr under\n"
	      "                            the summary line (they stay in the "
	      "JSON)\n\n"
	      "Numbers: plain integers or forms like 1e6. Exit status: 0 ok "
	      "or skipped,\n1 failed while running, 2 bad input.\n",
	    f);
}

/* run's own options and the output paths. */
static int
run_own_options(const hx_cli_args_t *a, hx_run_config_t *cfg, hx_cli_run_t *cli,
    char *msg, size_t msglen)
{
	cfg->timeline_path = a->own[RUN_TIMELINE];
	cfg->validate = a->own[RUN_NO_VALIDATE] == NULL;
	cli->no_fork = a->own[RUN_NO_FORK] != NULL;
	cli->cachesim = a->own[RUN_CACHESIM] != NULL;
	cli->model = a->own[RUN_MODEL] != NULL;
	cli->ceilings_path = a->own[RUN_CEILINGS];
	cfg->profile = a->own[RUN_PROFILE] != NULL;
	if (cli->ceilings_path != NULL && !cli->model) {
		snprintf(msg, msglen, "--ceilings needs --model");
		return -1;
	}
	if (cli->ceilings_path != NULL &&
	    hx_model_ceilings(cli->ceilings_path, msg, msglen) == NULL)
		return -1;
	cli->json_path = a->own[RUN_JSON];
	cli->csv_path = a->own[RUN_CSV];
	cli->quiet = a->own[RUN_QUIET] != NULL;
	if (a->own[RUN_FORMAT] != NULL &&
	    hx_cli_parse_format(
		a->own[RUN_FORMAT], &cli->gbench, msg, msglen) != 0)
		return -1;
	if (a->own[RUN_AGGREGATES_ONLY] != NULL) {
		if (!cli->gbench) {
			snprintf(msg, msglen,
			    "--aggregates-only needs --format gbench");
			return -1;
		}
		cli->gbench = HX_CLI_FORMAT_GBENCH_AGGREGATES;
	}
	if (cli->nvariants > 1 && cfg->timeline_path != NULL) {
		snprintf(msg, msglen,
		    "--timeline takes one variant (%zu given)", cli->nvariants);
		return -1;
	}
	/* Every variant's configuration is checked before the first run. */
	for (size_t i = 0; i < cli->nvariants; i++) {
		hx_run_config_t each = *cfg;
		each.variant = cli->variants[i];
		if (hx_cli_check_config(&each, msg, msglen) != 0)
			return -1;
	}
	if (hx_cli_check_config(cfg, msg, msglen) != 0 ||
	    hx_cli_check_csv(cli->csv_path, msg, msglen) != 0)
		return -1;
	if (hx_cli_check_outputs(
		cli->json_path, cfg->timeline_path, msg, msglen) != 0)
		return -1;
	return hx_cli_check_distinct(
	    cli->json_path, cli->csv_path, cfg->timeline_path, msg, msglen);
}

int
hx_cli_parse_run(int argc, char **argv, hx_run_config_t *cfg, hx_cli_run_t *cli,
    char *msg, size_t msglen)
{
	hx_cli_args_t a;
	hx_run_config_t tmp;
	const workload_t *w = NULL;
	const variant_t *v = NULL;

	memset(cli, 0, sizeof(*cli));
	if (hx_cli_getopt(argc, argv, run_own, RUN_NOWN, HX_CLI_MAX_POSITIONAL,
		&a, msg, msglen) != 0)
		return -1;
	if (a.own[RUN_HELP] != NULL)
		return HX_CLI_HELP;
	if (a.npositional < 2) {
		snprintf(msg, msglen,
		    "needs WORKLOAD and VARIANT (see harness list)");
		return -1;
	}
	if (hx_cli_lookup(a.positional[0], NULL, &w, NULL, msg, msglen) != 0)
		return -1;
	for (int i = 1; i < a.npositional; i++) {
		if (hx_select_variants(w, a.positional[i], cli->variants,
			HX_CLI_MAX_VARIANTS, &cli->nvariants, msg, msglen) != 0)
			return -1;
	}
	v = cli->variants[0];
	/* Options apply after the workload's defaults, so their order on
	 * the line does not matter. */
	hx_run_config_init(&tmp, w, v);
	if (hx_cli_apply_params(&a, &tmp, msg, msglen) != 0 ||
	    hx_cli_apply_settings(&a, &tmp, msg, msglen) != 0 ||
	    run_own_options(&a, &tmp, cli, msg, msglen) != 0)
		return -1;
	*cfg = tmp;
	return 0;
}
