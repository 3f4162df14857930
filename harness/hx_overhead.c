/*
 * hx_overhead: the same run with the instrumentation on (the default
 * counters and a 1 ms memory timeline) and off (--events none, no timeline),
 * alternated so that drift on a shared machine hits both alike, each pair
 * back to back and in turn off first and on first, so that an order
 * effect falls on both. The overhead is the median over the pairs of
 * on/off - 1 (slow drift cancels within a pair), with the smallest and
 * largest pair beside it; the pairs' log ratios are tested with the
 * Wilcoxon signed-rank test, which keeps the pairing (7 pairs: its
 * smallest p is 0.0156).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_fields.h"
#include "hx_format.h"
#include "hx_isolate.h"
#include "hx_overhead.h"
#include "hx_result.h"
#include "hx_stats.h"

#define OVERHEAD_PAIRS 7

void
hx_overhead_usage(FILE *f)
{
	fprintf(f,
	    "usage: harness overhead [WORKLOAD VARIANT [run options]] [--json "
	    "FILE|-]\n\n"
	    "Measures what fusebench's instrumentation costs: the run "
	    "(default\ninterp tiled --n 2e6, about one second) alternately "
	    "with the default\ncounters and a 1 ms memory timeline, and with "
	    "neither, %d times each;\nprints both medians, the overhead in "
	    "percent and a signed-rank p.\n\n"
	    "  --json FILE|-             write the two medians, the overhead "
	    "and p as JSON\n"
	    "  run options               as harness run (harness run --help), "
	    "but --timeline\n"
	    "                            and --events none, which it "
	    "toggles itself\n",
	    OVERHEAD_PAIRS);
}

size_t
hx_overhead_options(struct option *o)
{
	size_t n = hx_cli_run_options(o), k = 0;

	/* run's, where --json is its own, less --timeline, which it refuses. */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(o[i].name, "timeline") != 0)
			o[k++] = o[i];
	}
	o[k] = (struct option){NULL, 0, NULL, 0};
	return k;
}

/* The measurements of the pairs. */
typedef struct overhead_s {
	hx_run_config_t on, off;
	double reference[DIGEST_MAX];
	char timeline[64];
	double med_on[OVERHEAD_PAIRS], med_off[OVERHEAD_PAIRS];
} overhead_t;

/* The options: our own --json FILE out first; the rest is a run for
 * run's parser, or nothing for the default run. 0, HX_CLI_HELP, or -1
 * with msg. */
static int
overhead_parse(int argc, char **argv, overhead_t *oh, const char **json_path,
    char *msg, size_t msglen)
{
	char *defaults[] = {
	    "run", "interp", "tiled", "--n", "2e6", "--repeat", "3", NULL};
	char *rest[64];
	int nrest = 0, rc;
	hx_cli_run_t cli;

	rest[nrest++] = "run";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return HX_CLI_HELP;
		if (strcmp(argv[i], "--json") == 0 && i + 1 == argc) {
			snprintf(msg, msglen, "option '--json' needs a value");
			return -1;
		}
		if (strcmp(argv[i], "--json") == 0 && *json_path != NULL) {
			snprintf(msg, msglen,
			    "--json given twice ('%.200s' and '%.200s'): "
			    "give it once",
			    *json_path, argv[i + 1]);
			return -1;
		}
		if (strcmp(argv[i], "--json") == 0) {
			*json_path = argv[++i];
		} else if (nrest == 63) {
			snprintf(msg, msglen, "too many arguments");
			return -1;
		} else {
			rest[nrest++] = argv[i];
		}
	}
	rest[nrest] = NULL;
	rc = nrest > 1
	    ? hx_cli_parse_run(nrest, rest, &oh->on, &cli, msg, msglen)
	    : hx_cli_parse_run(7, defaults, &oh->on, &cli, msg, msglen);
	if (rc != 0)
		return rc == HX_CLI_HELP ? HX_CLI_HELP : -1;
	if (oh->on.timeline_path != NULL || hx_run_counters_off(&oh->on)) {
		snprintf(msg, msglen,
		    "--timeline and --events none are what it toggles; leave "
		    "them out");
		return -1;
	}
	return hx_cli_check_outputs(*json_path, NULL, msg, msglen);
}

/* The two configurations, sharing one reference. 0, or -1 when out of
 * memory. */
static int
overhead_plan(overhead_t *oh)
{
	snprintf(oh->timeline, sizeof(oh->timeline),
	    "/tmp/fusebench-overhead-%d.csv", (int)getpid());
	oh->on.timeline_path = oh->timeline;
	oh->on.timeline_interval_us = 1000;
	oh->off = oh->on;
	oh->off.timeline_path = NULL;
	oh->off.events = "none";
	/* The reference once, here, rather than in each run. */
	if (oh->on.workload->reference(&oh->on.params, oh->reference) != 0)
		return -1;
	oh->on.reference = oh->off.reference = oh->reference;
	return 0;
}

/* The pairs, back to back, off first in the even ones and on first in
 * the odd. 0, or -1 after a message. */
static int
overhead_run(overhead_t *oh)
{
	char t_on[HX_FORMAT_LEN], t_off[HX_FORMAT_LEN];

	for (int k = 0; k < OVERHEAD_PAIRS; k++) {
		json_t *r_on = NULL, *r_off;
		int ok_off, ok_on;

		if (k % 2)
			r_on = hx_isolate_run(&oh->on, 1);
		r_off = hx_isolate_run(&oh->off, 1);
		if (k % 2 == 0)
			r_on = hx_isolate_run(&oh->on, 1);
		ok_off =
		    r_off != NULL && strcmp(hx_result_status(r_off), "ok") == 0;
		ok_on =
		    r_on != NULL && strcmp(hx_result_status(r_on), "ok") == 0;

		if (!ok_off || !ok_on) {
			fprintf(stderr,
			    "harness overhead: a run did not succeed: %s\n",
			    json_string_value(json_object_get(
				!ok_off ? r_off : r_on, "reason")));
			json_decref(r_off);
			json_decref(r_on);
			return -1;
		}
		oh->med_off[k] = hx_field_number(r_off, HX_F_TIME_MEDIAN);
		oh->med_on[k] = hx_field_number(r_on, HX_F_TIME_MEDIAN);
		fprintf(stderr, "[%d/%d] off %s, on %s\n", k + 1,
		    OVERHEAD_PAIRS,
		    hx_format_time(t_off, sizeof(t_off), oh->med_off[k]),
		    hx_format_time(t_on, sizeof(t_on), oh->med_on[k]));
		json_decref(r_off);
		json_decref(r_on);
	}
	unlink(oh->timeline);
	return 0;
}

/* The summary line and object (new reference). */
static json_t *
overhead_report(const overhead_t *oh)
{
	const hx_run_config_t *on = &oh->on;
	double m_on = hx_stats_median(oh->med_on, OVERHEAD_PAIRS);
	double m_off = hx_stats_median(oh->med_off, OVERHEAD_PAIRS);
	double ratio[OVERHEAD_PAIRS], diff[OVERHEAD_PAIRS], pct, lo, hi, p;
	char t_on[HX_FORMAT_LEN], t_off[HX_FORMAT_LEN];
	json_t *pairs = json_array(), *o;

	for (int k = 0; k < OVERHEAD_PAIRS; k++) {
		ratio[k] = (oh->med_on[k] / oh->med_off[k] - 1.0) * 100.0;
		diff[k] = log(oh->med_on[k] / oh->med_off[k]);
		json_array_append_new(pairs, json_real(ratio[k]));
	}
	pct = hx_stats_median(ratio, OVERHEAD_PAIRS);
	lo = hx_stats_quantile(ratio, OVERHEAD_PAIRS, 0.0);
	hi = hx_stats_quantile(ratio, OVERHEAD_PAIRS, 1.0);
	if (hx_stats_signed_rank(diff, OVERHEAD_PAIRS, &p) != 0)
		p = NAN;
	printf("%s/%s n=%llu: instrumented %s, bare %s: overhead "
	       "%+.2f%% (median of %d back-to-back pairs, off first and on "
	       "first in turn, from %+.2f%% to %+.2f%%; signed-rank p = "
	       "%.3g)\n",
	    on->workload->name, on->variant->name,
	    (unsigned long long)on->params.n,
	    hx_format_time(t_on, sizeof(t_on), m_on),
	    hx_format_time(t_off, sizeof(t_off), m_off), pct, OVERHEAD_PAIRS,
	    lo, hi, p);
	o = json_pack("{s:s, s:s, s:I, s:f, s:f, s:f, s:f, s:f, s:i, s:f, "
		      "s:s, s:o, s:s}",
	    "workload", on->workload->name, "variant", on->variant->name, "n",
	    (json_int_t)on->params.n, "median_on_s", m_on, "median_off_s",
	    m_off, "overhead_percent", pct, "pair_min_percent", lo,
	    "pair_max_percent", hi, "pairs", OVERHEAD_PAIRS, "signed_rank_p",
	    isnan(p) ? -1.0 : p, "on",
	    "default counters + 1 ms memory timeline", "pair_percents", pairs,
	    "order", "off first and on first in turn");
	return o;
}

int
hx_overhead_main(int argc, char **argv)
{
	overhead_t *oh = calloc(1, sizeof(*oh));
	const char *json_path = NULL;
	json_t *out = NULL;
	char msg[600];
	int rc = HX_EXIT_FAILURE;

	if (oh == NULL)
		return HX_EXIT_FAILURE;
	switch (overhead_parse(argc, argv, oh, &json_path, msg, sizeof(msg))) {
	case HX_CLI_HELP:
		hx_overhead_usage(stdout);
		rc = HX_EXIT_OK;
		goto label_return;
	case 0:
		break;
	default:
		hx_cli_error("overhead", msg);
		rc = HX_EXIT_USAGE;
		goto label_return;
	}
	if (overhead_plan(oh) != 0) {
		fprintf(stderr, "harness overhead: out of memory\n");
		goto label_return;
	}
	if (overhead_run(oh) != 0 || (out = overhead_report(oh)) == NULL)
		goto label_return;
	if (json_path != NULL &&
	    hx_result_write(json_path, out, msg, sizeof(msg)) != 0) {
		hx_cli_error("overhead", msg);
		goto label_return;
	}
	rc = HX_EXIT_OK;
label_return:
	json_decref(out);
	free(oh);
	return rc;
}
