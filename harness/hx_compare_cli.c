/*
 * hx_compare_cli: `harness compare` on the command line: its options, the
 * text and Markdown writers of a comparison, and its exit status. The
 * statistics and the matching are hx_compare.c.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_fields.h"
#include "hx_format.h"
#include "hx_gbench.h"
#include "hx_params.h"
#include "hx_parse.h"
#include "hx_result.h"
#include "hx_stats.h"

static const char compare_help[] =
    "usage: harness compare OLD NEW [--threshold PCT] [--alpha A] "
    "[--format F]\n"
    "\n"
    "Matches the runs of two result files (JSON lines as harness sweep writes\n"
    "them, one result object as harness run --json writes it, or Google\n"
    "Benchmark's JSON, fusebench's own converted or any other) by workload,\n"
    "variant and parameters, and prints for each: the median time old -> new\n"
    "with the change in percent and the Mann-Whitney U p value of the timed\n"
    "samples, the peak workspace change, and the change of every counter both\n"
    "runs counted.\n"
    "\n"
    "  --threshold PCT   a change smaller than this is not a regression (5)\n"
    "  --alpha A         significance level of the time test (0.05)\n"
    "  --format F        text (default), json or markdown (a table for CI\n"
    "                    comments)\n"
    "\n"
    "A run regressed when its median time grew by more than PCT percent with\n"
    "p < A, or its peak workspace grew by more than PCT percent (and more\n"
    "than 4096 bytes). Before testing, compare works out the smallest p the\n"
    "test can reach with the samples it has (0.1 with 3 against 3); when that\n"
    "is not below A, the run is INCONCLUSIVE, never \"no significant "
    "change\",\n"
    "with the timed repeats a side that would let the test decide. Each pair\n"
    "also gets a bootstrap 95% interval of the ratio of the medians, and the\n"
    "files are checked for different hosts, CPUs, compilers, flags and\n"
    "allocators (a warning each).\n"
    "\n"
    "Exit status: 0 no regression, 3 at least one regression, 4 none but at\n"
    "least one run inconclusive, 2 bad usage or input (unreadable file, not\n"
    "a result, no run in common), 1 failure.\n";

/* The string at a dotted path, or NULL. */
static const char *
compare_str(const json_t *r, const char *path)
{
	return json_string_value(hx_result_at(r, path));
}

/* How many entries have this verdict (or, with NULL, were compared). */
static size_t
count_verdict(const json_t *c, const char *verdict)
{
	const json_t *runs = json_object_get(c, "runs"), *e;
	size_t i, n = 0;

	json_array_foreach(runs, i, e)
	{
		const char *v = compare_str(e, "verdict");
		if (verdict != NULL ? strcmp(v, verdict) == 0
				    : json_object_get(e, "p") != NULL)
			n++;
	}
	return n;
}

/* The time line of a compared pair, text. */
static void
text_time(FILE *f, const json_t *e)
{
	char t0[HX_FORMAT_LEN], t1[HX_FORMAT_LEN];
	const json_t *ns = json_object_get(e, "samples");
	double n0 = json_number_value(json_array_get(ns, 0));
	double n1 = json_number_value(json_array_get(ns, 1));

	hx_format_time(t0, sizeof(t0), hx_result_number(e, "old_median_s"));
	hx_format_time(t1, sizeof(t1), hx_result_number(e, "new_median_s"));
	fprintf(f, "    time %s -> %s (%+.1f%%", t0, t1,
	    hx_result_number(e, "time_change_pct"));
	if (json_is_number(json_object_get(e, "p")))
		fprintf(f, ", p = %.3g, %.0f/%.0f samples)%s\n",
		    hx_result_number(e, "p"), n0, n1,
		    json_is_true(json_object_get(e, "slower"))
			? "  slower beyond the threshold"
			: "");
	else
		fprintf(f, ", untested: %.0f/%.0f samples)\n", n0, n1);
	if (json_is_true(json_object_get(e, "inconclusive")))
		fprintf(f,
		    "    cannot decide: with %.0f/%.0f samples the smallest "
		    "p the test can reach is %.3g, not below alpha; needs at "
		    "least %.0f timed repeats a side\n",
		    n0, n1,
		    json_is_number(json_object_get(e, "min_p"))
			? hx_result_number(e, "min_p")
			: 1.0,
		    hx_result_number(e, "repeats_needed"));
	if (isfinite(json_number_value(
		json_array_get(json_object_get(e, "ratio_ci95"), 0))))
		fprintf(f,
		    "    ratio of medians %.3f, 95%% bootstrap interval "
		    "[%.3f, %.3f]\n",
		    hx_result_number(e, "ratio"),
		    json_number_value(
			json_array_get(json_object_get(e, "ratio_ci95"), 0)),
		    json_number_value(
			json_array_get(json_object_get(e, "ratio_ci95"), 1)));
}

/* Memory and counters of a compared pair, text. */
static void
text_memory(FILE *f, const json_t *e)
{
	char m0[HX_FORMAT_LEN], m1[HX_FORMAT_LEN];
	const char *name;
	json_t *x;

	hx_format_bytes(m0, sizeof(m0), hx_result_number(e, "old_peak_bytes"));
	hx_format_bytes(m1, sizeof(m1), hx_result_number(e, "new_peak_bytes"));
	fprintf(f, "    peak workspace %s -> %s", m0, m1);
	if (json_is_number(json_object_get(e, "peak_change_pct")))
		fprintf(
		    f, " (%+.1f%%)", hx_result_number(e, "peak_change_pct"));
	fprintf(f, "%s\n",
	    json_is_true(json_object_get(e, "memory_grew"))
		? "  grew beyond the threshold"
		: "");
	json_object_foreach(json_object_get(e, "counters"), name, x)
	{
		double va = hx_result_number(x, "old");
		double vb = hx_result_number(x, "new");
		char ca[HX_FORMAT_LEN + 64], cb[HX_FORMAT_LEN + 64];
		hx_format_counter(ca, sizeof(ca), name, va);
		hx_format_counter(cb, sizeof(cb), name, vb);
		fprintf(f, "    %-28s %s -> %s per run", name, ca, cb);
		if (va != 0)
			fprintf(f, "  (%+.1f%%)", (vb - va) / va * 100.0);
		fputc('\n', f);
	}
}

static void
write_text(FILE *f, const json_t *c)
{
	const json_t *e;
	size_t i;

	fprintf(f,
	    "threshold %.3g%%, alpha %.3g; time is the median of the timed "
	    "repeats, p the two-sided Mann-Whitney U test of the samples\n",
	    hx_result_number(c, "threshold_pct"), hx_result_number(c, "alpha"));
	json_array_foreach(json_object_get(c, "warnings"), i, e)
	{
		fprintf(f, "warning: %s\n", json_string_value(e));
	}
	json_array_foreach(json_object_get(c, "runs"), i, e)
	{
		const char *v = compare_str(e, "verdict");
		fprintf(f, "%s: ", compare_str(e, "label"));
		if (strcmp(v, "not compared") == 0) {
			fprintf(
			    f, "not compared (%s)\n", compare_str(e, "reason"));
			continue;
		}
		if (strncmp(v, "only in", 7) == 0) {
			fprintf(f, "%s\n", v);
			continue;
		}
		fprintf(f, "%s\n",
		    strcmp(v, "regression") == 0         ? "REGRESSION"
			: strcmp(v, "inconclusive") == 0 ? "INCONCLUSIVE"
							 : v);
		text_time(f, e);
		text_memory(f, e);
	}
	fprintf(f, "%zu run(s) compared, %zu regression(s), %zu inconclusive\n",
	    count_verdict(c, NULL), count_verdict(c, "regression"),
	    count_verdict(c, "inconclusive"));
}

static void
write_markdown(FILE *f, const json_t *c)
{
	const json_t *e;
	size_t i;

	fprintf(f,
	    "| run | verdict | median old | median new | change | p (smallest "
	    "reachable) | ratio [95%% CI] | peak workspace |\n"
	    "|---|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(c, "runs"), i, e)
	{
		char t0[HX_FORMAT_LEN] = "", t1[HX_FORMAT_LEN] = "";
		char m0[HX_FORMAT_LEN] = "", m1[HX_FORMAT_LEN] = "";
		const json_t *ci = json_object_get(e, "ratio_ci95");
		if (json_object_get(e, "old_median_s") == NULL) {
			fprintf(f, "| %s | %s | | | | | | |\n",
			    compare_str(e, "label"), compare_str(e, "verdict"));
			continue;
		}
		hx_format_time(
		    t0, sizeof(t0), hx_result_number(e, "old_median_s"));
		hx_format_time(
		    t1, sizeof(t1), hx_result_number(e, "new_median_s"));
		hx_format_bytes(
		    m0, sizeof(m0), hx_result_number(e, "old_peak_bytes"));
		hx_format_bytes(
		    m1, sizeof(m1), hx_result_number(e, "new_peak_bytes"));
		fprintf(f,
		    "| %s | **%s** | %s | %s | %+.1f%% | %.3g (%.3g) | %.3f "
		    "[%.3f, %.3f] | %s → %s |\n",
		    compare_str(e, "label"), compare_str(e, "verdict"), t0, t1,
		    hx_result_number(e, "time_change_pct"),
		    hx_result_number(e, "p"), hx_result_number(e, "min_p"),
		    hx_result_number(e, "ratio"),
		    json_number_value(json_array_get(ci, 0)),
		    json_number_value(json_array_get(ci, 1)), m0, m1);
	}
	json_array_foreach(json_object_get(c, "warnings"), i, e)
	{
		fprintf(f, "\n> warning: %s\n", json_string_value(e));
	}
}

static int
parse_double(const char *s, double lo, double hi, double *out)
{
	double v;

	if (hx_parse_decimal(s, &v) != 0 || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_MARKDOWN };

/* One option's value; 0, or HX_EXIT_USAGE after a message. */
static int
compare_option(int opt, hx_compare_opts_t *o, int *format)
{
	if (opt == 't' &&
	    parse_double(optarg, 0.0, 1e6, &o->threshold_pct) != 0) {
		fprintf(stderr,
		    "harness compare: --threshold '%s' is not a percentage "
		    ">= 0\n",
		    optarg);
		return HX_EXIT_USAGE;
	}
	if (opt == 'a' &&
	    (parse_double(optarg, 0.0, 1.0, &o->alpha) != 0 ||
		o->alpha <= 0.0 || o->alpha >= 1.0)) {
		fprintf(stderr,
		    "harness compare: --alpha '%s' is not in (0,1)\n", optarg);
		return HX_EXIT_USAGE;
	}
	if (opt == 'f') {
		*format = strcmp(optarg, "text") == 0 ? FORMAT_TEXT
		    : strcmp(optarg, "json") == 0     ? FORMAT_JSON
		    : strcmp(optarg, "markdown") == 0 ? FORMAT_MARKDOWN
						      : -1;
		if (*format < 0) {
			fprintf(stderr,
			    "harness compare: --format '%s': text, json or "
			    "markdown\n",
			    optarg);
			return HX_EXIT_USAGE;
		}
	}
	return 0;
}

static const struct option compare_opts[] = {
    {"threshold", required_argument, NULL, 't'},
    {"alpha", required_argument, NULL, 'a'},
    {"format", required_argument, NULL, 'f'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

void
hx_compare_usage(FILE *f)
{
	fputs(compare_help, f);
}

size_t
hx_compare_options(struct option *o)
{
	return hx_cli_copy_options(compare_opts, o);
}

/* The options; 0, HX_COMPARE_HELP, or an exit status after a message. */
#define HX_COMPARE_HELP (-1)
static int
compare_parse(int argc, char **argv, hx_compare_opts_t *o, int *format)
{
	const struct option *opts = compare_opts;
	int opt, rc;

	hx_compare_opts_init(o);
	*format = FORMAT_TEXT;
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		if (opt == 'h')
			return HX_COMPARE_HELP;
		if (opt != 't' && opt != 'a' && opt != 'f') {
			fprintf(stderr, "harness compare: %s '%s'\n",
			    opt == ':' ? "missing value for" : "unknown option",
			    argv[optind - 1]);
			return HX_EXIT_USAGE;
		}
		if ((rc = compare_option(opt, o, format)) != 0)
			return rc;
	}
	if (argc - optind != 2) {
		fprintf(stderr,
		    "harness compare: needs two files, OLD and NEW "
		    "(harness compare --help)\n");
		return HX_EXIT_USAGE;
	}
	return 0;
}

/* Writes the comparison in its format; the exit status. */
static int
compare_write(const json_t *c, int format)
{
	size_t regressions = count_verdict(c, "regression");
	size_t inconclusive = count_verdict(c, "inconclusive");

	if (format == FORMAT_JSON) {
		json_dumpf(c, stdout, JSON_INDENT(2));
		fputc('\n', stdout);
	} else if (format == FORMAT_MARKDOWN) {
		write_markdown(stdout, c);
	} else {
		write_text(stdout, c);
	}
	return regressions > 0 ? HX_COMPARE_EXIT_REGRESSION
	    : inconclusive > 0 ? HX_COMPARE_EXIT_INCONCLUSIVE
			       : 0;
}

int
hx_compare_main(int argc, char **argv)
{
	hx_compare_opts_t o;
	json_t *old_runs = NULL, *new_runs = NULL, *c = NULL;
	int rc, format;
	char msg[4200];

	if ((rc = compare_parse(argc, argv, &o, &format)) != 0)
		return rc == HX_COMPARE_HELP ? (fputs(compare_help, stdout), 0)
					     : rc;
	rc = HX_EXIT_USAGE;
	if ((old_runs = hx_compare_load(argv[optind], msg, sizeof(msg))) ==
		NULL ||
	    (new_runs = hx_compare_load(argv[optind + 1], msg, sizeof(msg))) ==
		NULL) {
		fprintf(stderr, "harness compare: %s\n", msg);
		goto label_return;
	}
	if ((c = hx_compare_build(old_runs, new_runs, &o)) == NULL) {
		rc = HX_EXIT_FAILURE;
		goto label_return;
	}
	if (count_verdict(c, NULL) == 0 &&
	    count_verdict(c, "not compared") == 0) {
		fprintf(stderr,
		    "harness compare: no run of %s matches a run of %s "
		    "(workload, variant and parameters)\n",
		    argv[optind], argv[optind + 1]);
		goto label_return;
	}
	rc = compare_write(c, format);
label_return:
	json_decref(c);
	json_decref(old_runs);
	json_decref(new_runs);
	return rc;
}
