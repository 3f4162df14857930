/*
 * hx_compare: the change between two result files (see hx_compare.h).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_format.h"
#include "hx_params.h"
#include "hx_result.h"
#include "hx_stats.h"

static const char compare_help[] =
    "usage: harness compare OLD NEW [--threshold PCT] [--alpha A]\n"
    "\n"
    "Matches the runs of two result files (JSON lines as harness sweep writes\n"
    "them, or one result object as harness run --json writes it) by workload,\n"
    "variant and parameters, and prints for each: the median time old -> new\n"
    "with the change in percent and the Mann-Whitney U p value of the timed\n"
    "samples, the peak workspace change, and the change of every counter both\n"
    "runs counted.\n"
    "\n"
    "  --threshold PCT   a change smaller than this is not a regression (5)\n"
    "  --alpha A         significance level of the time test (0.05)\n"
    "\n"
    "A run regressed when its median time grew by more than PCT percent with\n"
    "p < A, or its peak workspace grew by more than PCT percent (and more\n"
    "than 4096 bytes). With fewer than 2 timed samples a side, time is\n"
    "reported as untested and never flagged.\n"
    "\n"
    "Exit status: 0 no regression, 3 at least one regression, 2 bad usage or\n"
    "input (unreadable file, not a result, no run in common), 1 failure.\n";

void
hx_compare_opts_init(hx_compare_opts_t *o)
{
	o->threshold_pct = 5.0;
	o->alpha = 0.05;
}

/* time_s.samples as a new array of doubles; *n = 0 and NULL when absent. */
static double *
samples_of(const json_t *r, size_t *n)
{
	const json_t *a =
	    json_object_get(json_object_get(r, "time_s"), "samples");
	double *x;
	size_t i;
	json_t *e;

	*n = 0;
	if (!json_is_array(a) || json_array_size(a) == 0)
		return NULL;
	if ((x = malloc(json_array_size(a) * sizeof(*x))) == NULL)
		return NULL;
	json_array_foreach(a, i, e)
	{
		if (json_is_number(e) && isfinite(json_number_value(e)))
			x[(*n)++] = json_number_value(e);
	}
	return x;
}

int
hx_compare_runs(const json_t *old_r, const json_t *new_r,
    const hx_compare_opts_t *o, hx_compare_verdict_t *v)
{
	double *a = NULL, *b = NULL;
	double limit = 1.0 + o->threshold_pct / 100.0;
	int rc = -1;

	memset(v, 0, sizeof(*v));
	v->p = NAN;
	v->old_median = hx_result_number(old_r, "time_s.median");
	v->new_median = hx_result_number(new_r, "time_s.median");
	if (isnan(v->old_median) || isnan(v->new_median) || v->old_median <= 0)
		goto label_return;
	v->time_change_pct =
	    (v->new_median - v->old_median) / v->old_median * 100.0;

	a = samples_of(old_r, &v->old_samples);
	b = samples_of(new_r, &v->new_samples);
	if (v->old_samples >= 2 && v->new_samples >= 2) {
		hx_mwu_t t;
		if (hx_stats_mann_whitney(
			a, v->old_samples, b, v->new_samples, &t) != 0)
			goto label_return;
		v->p = t.p;
		v->time_tested = 1;
		v->slower =
		    v->new_median > v->old_median * limit && t.p < o->alpha;
		v->faster =
		    v->new_median * limit < v->old_median && t.p < o->alpha;
	}

	v->old_peak = hx_result_number(old_r, "memory.peak_workspace_bytes");
	v->new_peak = hx_result_number(new_r, "memory.peak_workspace_bytes");
	v->peak_change_pct = NAN;
	if (!isnan(v->old_peak) && !isnan(v->new_peak)) {
		if (v->old_peak > 0)
			v->peak_change_pct =
			    (v->new_peak - v->old_peak) / v->old_peak * 100.0;
		v->memory_grew = v->new_peak > v->old_peak * limit &&
		    v->new_peak - v->old_peak > HX_COMPARE_MEM_FLOOR;
	}
	v->regression = v->slower || v->memory_grew;
	rc = 0;
label_return:
	free(a);
	free(b);
	return rc;
}

json_t *
hx_compare_load(const char *path, char *msg, size_t msglen)
{
	return hx_result_read(path, msg, msglen);
}

int
hx_compare_same_run(const json_t *a, const json_t *b)
{
	const char *wa = json_string_value(json_object_get(a, "workload"));
	const char *wb = json_string_value(json_object_get(b, "workload"));
	const char *va = json_string_value(json_object_get(a, "variant"));
	const char *vb = json_string_value(json_object_get(b, "variant"));

	/* An object without names matches nothing. */
	if (wa == NULL || wb == NULL || va == NULL || vb == NULL ||
	    strcmp(wa, wb) != 0 || strcmp(va, vb) != 0)
		return 0;
	return hx_params_same_json(
	    json_object_get(a, "params"), json_object_get(b, "params"));
}

static void
print_label(FILE *f, const json_t *r)
{
	fprintf(f, "%s/%s", json_string_value(json_object_get(r, "workload")),
	    json_string_value(json_object_get(r, "variant")));
	hx_params_label(f, json_object_get(r, "params"));
}

/* Counters that both runs counted (status ok or scaled), and the simulated
 * cache misses when both have them. */
static void
print_counters(FILE *f, const json_t *a, const json_t *b)
{
	const json_t *ca = json_object_get(a, "counters");
	const json_t *cb = json_object_get(b, "counters");
	const char *name;
	json_t *ea;

	json_object_foreach((json_t *)ca, name, ea)
	{
		const json_t *eb = json_object_get(cb, name);
		const char *sa =
		    json_string_value(json_object_get(ea, "status"));
		const char *sb =
		    json_string_value(json_object_get(eb, "status"));
		double va = json_number_value(json_object_get(ea, "value"));
		double vb = json_number_value(json_object_get(eb, "value"));

		if (sa == NULL || sb == NULL ||
		    strcmp(sa, "unsupported") == 0 ||
		    strcmp(sb, "unsupported") == 0 ||
		    !json_is_number(json_object_get(ea, "value")) ||
		    !json_is_number(json_object_get(eb, "value")))
			continue;
		fprintf(f, "    %-28s %14.6g -> %14.6g", name, va, vb);
		if (va != 0)
			fprintf(f, "  (%+.1f%%)", (vb - va) / va * 100.0);
		fputc('\n', f);
	}
	{
		double da = hx_result_number(a, "cachesim.D1_misses_per_unit");
		double db = hx_result_number(b, "cachesim.D1_misses_per_unit");
		if (!isnan(da) && !isnan(db))
			fprintf(f, "    %-28s %14.6g -> %14.6g  (simulated)\n",
			    "D1 misses per unit", da, db);
	}
}

static int
parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (s == NULL || *s == '\0')
		return -1;
	v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v) || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* The options; 0, HX_COMPARE_HELP, or an exit status after a message. */
#define HX_COMPARE_HELP (-1)
static int
compare_parse(int argc, char **argv, hx_compare_opts_t *o)
{
	static const struct option opts[] = {
	    {"threshold", required_argument, NULL, 't'},
	    {"alpha", required_argument, NULL, 'a'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int opt;

	hx_compare_opts_init(o);
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		if (opt == 'h')
			return HX_COMPARE_HELP;
		if (opt == 't' &&
		    parse_double(optarg, 0.0, 1e6, &o->threshold_pct) != 0) {
			fprintf(stderr,
			    "harness compare: --threshold '%s' is not a "
			    "percentage >= 0\n",
			    optarg);
			return HX_EXIT_USAGE;
		}
		if (opt == 'a' &&
		    (parse_double(optarg, 0.0, 1.0, &o->alpha) != 0 ||
			o->alpha <= 0.0 || o->alpha >= 1.0)) {
			fprintf(stderr,
			    "harness compare: --alpha '%s' is not in (0,1)\n",
			    optarg);
			return HX_EXIT_USAGE;
		}
		if (opt != 't' && opt != 'a') {
			fprintf(stderr, "harness compare: %s '%s'\n",
			    opt == ':' ? "missing value for" : "unknown option",
			    argv[optind - 1]);
			return HX_EXIT_USAGE;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr,
		    "harness compare: needs two files, OLD and NEW "
		    "(harness compare --help)\n");
		return HX_EXIT_USAGE;
	}
	return 0;
}

/* One matched pair, printed; 1 when it regressed. */
static int
compare_pair(const json_t *a, const json_t *b, const hx_compare_opts_t *o)
{
	hx_compare_verdict_t v;
	char t0[32], t1[32], m0[32], m1[32];

	if (strcmp(hx_result_status(a), "ok") != 0 ||
	    strcmp(hx_result_status(b), "ok") != 0) {
		printf(": not compared (status %s -> %s)\n",
		    hx_result_status(a), hx_result_status(b));
		return 0;
	}
	if (hx_compare_runs(a, b, o, &v) != 0) {
		printf(": not compared (no median time)\n");
		return 0;
	}
	hx_format_time(t0, sizeof(t0), v.old_median);
	hx_format_time(t1, sizeof(t1), v.new_median);
	hx_format_bytes(m0, sizeof(m0), v.old_peak);
	hx_format_bytes(m1, sizeof(m1), v.new_peak);
	printf(": %s\n    time %s -> %s (%+.1f%%",
	    v.regression   ? "REGRESSION"
		: v.faster ? "faster"
			   : "no significant change",
	    t0, t1, v.time_change_pct);
	if (v.time_tested)
		printf(", p = %.3g, %zu/%zu samples)%s\n", v.p, v.old_samples,
		    v.new_samples,
		    v.slower ? "  slower beyond the threshold" : "");
	else
		printf(", untested: %zu/%zu samples)\n", v.old_samples,
		    v.new_samples);
	printf("    peak workspace %s -> %s", m0, m1);
	if (!isnan(v.peak_change_pct))
		printf(" (%+.1f%%)", v.peak_change_pct);
	printf("%s\n", v.memory_grew ? "  grew beyond the threshold" : "");
	print_counters(stdout, a, b);
	return v.regression;
}

/* Every old run against its first unused match among the new ones;
 * *matched and the number of regressions. -1 when out of memory. */
static long
compare_all(const json_t *old_runs, const json_t *new_runs,
    const hx_compare_opts_t *o, size_t *matched)
{
	unsigned char *used = calloc(json_array_size(new_runs) + 1, 1);
	long regressions = 0;
	size_t i, j;

	if (used == NULL)
		return -1;
	for (i = 0; i < json_array_size(old_runs); i++) {
		const json_t *a = json_array_get(old_runs, i), *b = NULL;
		for (j = 0; j < json_array_size(new_runs) && b == NULL; j++) {
			if (!used[j] &&
			    hx_compare_same_run(
				a, json_array_get(new_runs, j))) {
				b = json_array_get(new_runs, j);
				used[j] = 1;
			}
		}
		print_label(stdout, a);
		if (b == NULL) {
			printf(": only in OLD\n");
			continue;
		}
		(*matched)++;
		regressions += compare_pair(a, b, o);
	}
	for (j = 0; j < json_array_size(new_runs); j++) {
		if (!used[j]) {
			print_label(stdout, json_array_get(new_runs, j));
			printf(": only in NEW\n");
		}
	}
	free(used);
	return regressions;
}

int
hx_compare_main(int argc, char **argv)
{
	hx_compare_opts_t o;
	json_t *old_runs = NULL, *new_runs = NULL;
	size_t matched = 0;
	long regressions;
	int rc;
	char msg[4200];

	if ((rc = compare_parse(argc, argv, &o)) != 0)
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
	printf("threshold %.3g%%, alpha %.3g; time is the median of the timed "
	       "repeats, p the two-sided Mann-Whitney U test of the samples\n",
	    o.threshold_pct, o.alpha);
	if ((regressions = compare_all(old_runs, new_runs, &o, &matched)) < 0) {
		rc = 1;
		goto label_return;
	}
	if (matched == 0) {
		fprintf(stderr,
		    "harness compare: no run of %s matches a run of %s "
		    "(workload, variant and parameters)\n",
		    argv[optind], argv[optind + 1]);
		goto label_return;
	}
	printf(
	    "%zu run(s) compared, %ld regression(s)\n", matched, regressions);
	rc = regressions > 0 ? HX_COMPARE_EXIT_REGRESSION : 0;
label_return:
	json_decref(old_runs);
	json_decref(new_runs);
	return rc;
}
