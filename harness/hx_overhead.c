/*
 * hx_overhead: the same run with the instrumentation on (the default
 * counters and a 1 ms memory timeline) and off (--events none, no timeline),
 * alternated so that drift on a shared machine hits both alike. The
 * overhead is the median over the pairs of on/off - 1 (each pair measured
 * back to back, so slow drift cancels), with the smallest and largest pair
 * beside it; the difference is also tested with Mann-Whitney U on the pooled
 * timed samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_isolate.h"
#include "hx_overhead.h"
#include "hx_result.h"
#include "hx_stats.h"

#define EXIT_BAD_INPUT 2
#define OVERHEAD_PAIRS 7
#define OVERHEAD_MAX_SAMPLES 4096

static const char overhead_help[] =
    "usage: harness overhead [WORKLOAD VARIANT [run options]] [--json FILE|-]\n"
    "\n"
    "Measures what fusebench's instrumentation costs: the run (default\n"
    "interp tiled --n 2e6, about one second) alternately with the default\n"
    "counters and a 1 ms memory timeline, and with neither, five times each;\n"
    "prints both medians, the overhead in percent and a Mann-Whitney p.\n";

/* Appends r's timed samples to x. */
static size_t
take_samples(const json_t *r, double *x, size_t n)
{
	const json_t *a =
	    json_object_get(json_object_get(r, "time_s"), "samples");
	size_t i;
	json_t *v;

	json_array_foreach(a, i, v)
	{
		if (n < OVERHEAD_MAX_SAMPLES)
			x[n++] = json_number_value(v);
	}
	return n;
}

int
hx_overhead_main(int argc, char **argv)
{
	char *defaults[] = {
	    "run", "interp", "tiled", "--n", "2e6", "--repeat", "3", NULL};
	char **rargv = defaults, msg[600], tl[64];
	int rargc = 7, rc = 1;
	const char *json_path = NULL;
	hx_run_config_t on, off;
	hx_cli_run_t cli;
	double *xon = NULL, *xoff = NULL, med_on[OVERHEAD_PAIRS],
	       med_off[OVERHEAD_PAIRS], reference[DIGEST_MAX];
	size_t non = 0, noff = 0;
	hx_mwu_t mw;
	json_t *out = NULL;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			fputs(overhead_help, stdout);
			return 0;
		}
	}
	/* Our own option, --json FILE, out first; whatever is left is a run
	 * for run's parser, or nothing for the default run. */
	{
		char **rest = calloc((size_t)argc + 2, sizeof(*rest));
		int nrest = 0;

		if (rest == NULL)
			return 1;
		rest[nrest++] = "run";
		for (int i = 1; i < argc; i++) {
			if (strcmp(argv[i], "--json") == 0) {
				if (i + 1 == argc) {
					free(rest);
					hx_cli_error("overhead",
					    "option '--json' needs a value");
					return EXIT_BAD_INPUT;
				}
				json_path = argv[++i];
				continue;
			}
			rest[nrest++] = argv[i];
		}
		rest[nrest] = NULL;
		if (nrest > 1) {
			rargv = rest;
			rargc = nrest;
		} else {
			free(rest);
		}
	}
	if (hx_cli_parse_run(rargc, rargv, &on, &cli, msg, sizeof(msg)) != 0) {
		hx_cli_error("overhead", msg);
		goto label_return_bad;
	}
	if (on.timeline_path != NULL || hx_run_counters_off(&on)) {
		fprintf(stderr,
		    "harness overhead: --timeline and --events none "
		    "are what it toggles; leave them out\n");
		goto label_return_bad;
	}
	snprintf(
	    tl, sizeof(tl), "/tmp/fusebench-overhead-%d.csv", (int)getpid());
	on.timeline_path = tl;
	on.timeline_interval_us = 1000;
	off = on;
	off.timeline_path = NULL;
	off.events = "none";
	/* The reference once, here, rather than in each of the ten runs. */
	if (on.workload->reference(&on.params, reference) != 0) {
		fprintf(stderr, "harness overhead: out of memory\n");
		goto label_return;
	}
	on.reference = off.reference = reference;
	xon = calloc(OVERHEAD_MAX_SAMPLES, sizeof(double));
	xoff = calloc(OVERHEAD_MAX_SAMPLES, sizeof(double));
	if (xon == NULL || xoff == NULL)
		goto label_return;

	for (int k = 0; k < OVERHEAD_PAIRS; k++) {
		json_t *r_off = hx_isolate_run(&off, 1);
		json_t *r_on = hx_isolate_run(&on, 1);
		if (r_off == NULL || r_on == NULL ||
		    strcmp(hx_result_status(r_off), "ok") != 0 ||
		    strcmp(hx_result_status(r_on), "ok") != 0) {
			fprintf(stderr,
			    "harness overhead: a run did not succeed: "
			    "%s\n",
			    json_string_value(json_object_get(r_off != NULL &&
					strcmp(hx_result_status(r_off), "ok") !=
					    0
				    ? r_off
				    : r_on,
				"reason")));
			json_decref(r_off);
			json_decref(r_on);
			goto label_return;
		}
		med_off[k] = hx_result_number(r_off, "time_s.median");
		med_on[k] = hx_result_number(r_on, "time_s.median");
		noff = take_samples(r_off, xoff, noff);
		non = take_samples(r_on, xon, non);
		fprintf(stderr, "[%d/%d] off %.4f s, on %.4f s\n", k + 1,
		    OVERHEAD_PAIRS, med_off[k], med_on[k]);
		json_decref(r_off);
		json_decref(r_on);
	}
	unlink(tl);
	{
		double m_on = hx_stats_median(med_on, OVERHEAD_PAIRS);
		double m_off = hx_stats_median(med_off, OVERHEAD_PAIRS);
		double ratio[OVERHEAD_PAIRS], pct, lo, hi;

		for (int k = 0; k < OVERHEAD_PAIRS; k++)
			ratio[k] = (med_on[k] / med_off[k] - 1.0) * 100.0;
		pct = hx_stats_median(ratio, OVERHEAD_PAIRS);
		lo = hx_stats_quantile(ratio, OVERHEAD_PAIRS, 0.0);
		hi = hx_stats_quantile(ratio, OVERHEAD_PAIRS, 1.0);

		if (hx_stats_mann_whitney(xon, non, xoff, noff, &mw) != 0)
			mw.p = NAN;
		out = json_pack("{s:s, s:s, s:I, s:f, s:f, s:f, s:f, s:f, s:i, "
				"s:f, s:s}",
		    "workload", on.workload->name, "variant", on.variant->name,
		    "n", (json_int_t)on.params.n, "median_on_s", m_on,
		    "median_off_s", m_off, "overhead_percent", pct,
		    "pair_min_percent", lo, "pair_max_percent", hi, "pairs",
		    OVERHEAD_PAIRS, "mann_whitney_p", isnan(mw.p) ? -1.0 : mw.p,
		    "on", "default counters + 1 ms memory timeline");
		printf(
		    "%s/%s n=%llu: instrumented %.4f s, bare %.4f s: overhead "
		    "%+.2f%% (median of %d back-to-back pairs, from %+.2f%% "
		    "to %+.2f%%; Mann-Whitney p = %.3g over %zu+%zu "
		    "samples)\n",
		    on.workload->name, on.variant->name,
		    (unsigned long long)on.params.n, m_on, m_off, pct,
		    OVERHEAD_PAIRS, lo, hi, mw.p, non, noff);
		if (json_path != NULL &&
		    hx_result_write(json_path, out, msg, sizeof(msg)) != 0) {
			hx_cli_error("overhead", msg);
			goto label_return;
		}
	}
	rc = 0;
label_return:
	json_decref(out);
	free(xon);
	free(xoff);
	if (rargv != defaults)
		free(rargv);
	return rc;
label_return_bad:
	if (rargv != defaults)
		free(rargv);
	return EXIT_BAD_INPUT;
}
