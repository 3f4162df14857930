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
#include "hx_fields.h"
#include "hx_format.h"
#include "hx_gbench.h"
#include "hx_params.h"
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
	const json_t *a = hx_field_get(r, HX_F_TIME_SAMPLES);
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

size_t
hx_compare_repeats_needed(double alpha)
{
	for (size_t n = 2; n < 1000; n++) {
		if (hx_stats_mwu_min_p(n, n) < alpha)
			return n;
	}
	return 1000;
}

/* The test's reach and the ratio's interval. */
static void
compare_reach(const double *a, const double *b, const hx_compare_opts_t *o,
    hx_compare_verdict_t *v)
{
	v->ratio = v->new_median / v->old_median;
	v->ratio_lo = v->ratio_hi = NAN;
	v->min_p = hx_stats_mwu_min_p(v->old_samples, v->new_samples);
	v->inconclusive = !(v->min_p < o->alpha);
	if (v->inconclusive)
		v->repeats_needed = hx_compare_repeats_needed(o->alpha);
	if (v->old_samples >= 2 && v->new_samples >= 2 &&
	    hx_stats_ratio_ci(a, v->old_samples, b, v->new_samples,
		HX_STATS_SUMMARY_RESAMPLES, 0.95, &v->ratio_lo,
		&v->ratio_hi) != 0)
		v->ratio_lo = v->ratio_hi = NAN;
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
	v->old_median = hx_field_number(old_r, HX_F_TIME_MEDIAN);
	v->new_median = hx_field_number(new_r, HX_F_TIME_MEDIAN);
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
	compare_reach(a, b, o, v);

	v->old_peak = hx_field_number(old_r, HX_F_PEAK_WORKSPACE);
	v->new_peak = hx_field_number(new_r, HX_F_PEAK_WORKSPACE);
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
	json_t *o = json_load_file(path, 0, NULL), *r;

	/* Google Benchmark's JSON (one object with "benchmarks"). */
	if (hx_gbench_is(o)) {
		char inner[200];
		r = hx_gbench_to_results(o, inner, sizeof(inner));
		if (r == NULL)
			snprintf(msg, msglen, "%s: %s", path, inner);
		json_decref(o);
		return r;
	}
	json_decref(o);
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

/* The string at a dotted path, or NULL. */
static const char *
compare_str(const json_t *r, const char *path)
{
	return json_string_value(hx_result_at(r, path));
}

/* "interp/fused n=1000 m=30" as a new string (NULL: out of memory). */
static char *
compare_label(const json_t *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return NULL;
	fprintf(f, "%s/%s", hx_field_string(r, HX_F_WORKLOAD),
	    hx_field_string(r, HX_F_VARIANT));
	hx_params_label(f, json_object_get(r, "params"));
	fclose(f);
	return buf;
}

/* A number, or null when it is not one. */
static json_t *
num_or_null(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* Counters that both runs counted: name -> {old, new}. */
static json_t *
counters_json(const json_t *a, const json_t *b)
{
	const json_t *ca = json_object_get(a, "counters");
	const json_t *cb = json_object_get(b, "counters");
	json_t *out = json_object(), *ea;
	const char *name;

	json_object_foreach((json_t *)ca, name, ea)
	{
		const json_t *eb = json_object_get(cb, name);
		const json_t *va = json_object_get(ea, "value");
		const json_t *vb = json_object_get(eb, "value");
		const char *sa = compare_str(ea, "status");
		const char *sb = compare_str(eb, "status");
		if (sa == NULL || sb == NULL ||
		    strcmp(sa, "unsupported") == 0 ||
		    strcmp(sb, "unsupported") == 0 || !json_is_number(va) ||
		    !json_is_number(vb))
			continue;
		json_object_set_new(out, name,
		    json_pack("{s:f, s:f}", "old", json_number_value(va), "new",
			json_number_value(vb)));
	}
	return out;
}

static const char *
verdict_name(const hx_compare_verdict_t *v)
{
	return v->regression  ? "regression"
	    : v->inconclusive ? "inconclusive"
	    : v->faster       ? "faster"
			      : "no significant change";
}

/* One matched pair as an object: its verdict and figures. */
static json_t *
pair_json(const json_t *a, const json_t *b, const hx_compare_opts_t *o)
{
	hx_compare_verdict_t v;
	json_t *p = json_object();

	if (strcmp(hx_result_status(a), "ok") != 0 ||
	    strcmp(hx_result_status(b), "ok") != 0 ||
	    hx_compare_runs(a, b, o, &v) != 0) {
		char why[160];
		snprintf(why, sizeof(why), "status %s -> %s",
		    hx_result_status(a), hx_result_status(b));
		json_object_set_new(p, "verdict", json_string("not compared"));
		json_object_set_new(p, "reason",
		    json_string(strcmp(hx_result_status(a), "ok") == 0 &&
				strcmp(hx_result_status(b), "ok") == 0
			    ? "no median time"
			    : why));
		return p;
	}
	json_object_set_new(p, "verdict", json_string(verdict_name(&v)));
	json_object_set_new(p, "old_median_s", json_real(v.old_median));
	json_object_set_new(p, "new_median_s", json_real(v.new_median));
	json_object_set_new(p, "time_change_pct", json_real(v.time_change_pct));
	json_object_set_new(p, "samples",
	    json_pack(
		"[I,I]", (json_int_t)v.old_samples, (json_int_t)v.new_samples));
	json_object_set_new(p, "p", num_or_null(v.p));
	json_object_set_new(p, "min_p", num_or_null(v.min_p));
	json_object_set_new(p, "slower", json_boolean(v.slower));
	json_object_set_new(p, "inconclusive", json_boolean(v.inconclusive));
	if (v.inconclusive)
		json_object_set_new(p, "repeats_needed",
		    json_integer((json_int_t)v.repeats_needed));
	json_object_set_new(p, "ratio", num_or_null(v.ratio));
	json_object_set_new(p, "ratio_ci95",
	    json_pack(
		"[o,o]", num_or_null(v.ratio_lo), num_or_null(v.ratio_hi)));
	json_object_set_new(p, "old_peak_bytes", num_or_null(v.old_peak));
	json_object_set_new(p, "new_peak_bytes", num_or_null(v.new_peak));
	json_object_set_new(
	    p, "peak_change_pct", num_or_null(v.peak_change_pct));
	json_object_set_new(p, "memory_grew", json_boolean(v.memory_grew));
	json_object_set_new(p, "counters", counters_json(a, b));
	return p;
}

/* A warning for each machine field in which the two files' first runs
 * differ. */
static void
machine_warnings(const json_t *old_runs, const json_t *new_runs, json_t *w)
{
	static const struct {
		hx_field_id_t id;
		const char *what;
	} fields[] = {{HX_F_MACHINE_HOST, "host"}, {HX_F_MACHINE_CPU, "CPU"},
	    {HX_F_MACHINE_COMPILER, "compiler"},
	    {HX_F_MACHINE_CFLAGS, "compiler flags"},
	    {HX_F_MACHINE_ALLOCATOR, "allocator"}};
	const json_t *a = json_array_get(old_runs, 0);
	const json_t *b = json_array_get(new_runs, 0);

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		const char *sa = hx_field_string(a, fields[i].id);
		const char *sb = hx_field_string(b, fields[i].id);
		char msg[1024];
		if (sa == NULL || sb == NULL || strcmp(sa, sb) == 0)
			continue;
		snprintf(msg, sizeof(msg),
		    "the files come from different %ss (%s: '%s' against "
		    "'%s'): a change may be the machine's, not the code's",
		    fields[i].what, hx_fields[fields[i].id].path, sa, sb);
		json_array_append_new(w, json_string(msg));
	}
}

/* One entry of the comparison: a label, where it is, and its figures. */
static void
add_entry(json_t *runs, const json_t *r, json_t *entry)
{
	char *label = compare_label(r);

	json_object_set_new(
	    entry, "label", json_string(label != NULL ? label : "?"));
	json_object_set(entry, "workload", json_object_get(r, "workload"));
	json_object_set(entry, "variant", json_object_get(r, "variant"));
	if (json_object_get(r, "params") != NULL)
		json_object_set(entry, "params", json_object_get(r, "params"));
	json_array_append_new(runs, entry);
	free(label);
}

/* Every old run against its first unused match among the new ones. */
static json_t *
compare_build(
    const json_t *old_runs, const json_t *new_runs, const hx_compare_opts_t *o)
{
	unsigned char *used = calloc(json_array_size(new_runs) + 1, 1);
	json_t *runs = json_array(), *c;
	size_t i, j;

	if (used == NULL)
		return NULL;
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
		add_entry(runs, a,
		    b != NULL ? pair_json(a, b, o)
			      : json_pack("{s:s}", "verdict", "only in OLD"));
	}
	for (j = 0; j < json_array_size(new_runs); j++) {
		if (!used[j])
			add_entry(runs, json_array_get(new_runs, j),
			    json_pack("{s:s}", "verdict", "only in NEW"));
	}
	free(used);
	c = json_pack("{s:f, s:f, s:[], s:o}", "threshold_pct",
	    o->threshold_pct, "alpha", o->alpha, "warnings", "runs", runs);
	machine_warnings(old_runs, new_runs, json_object_get(c, "warnings"));
	return c;
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
	size_t n = 0;

	while ((o[n] = compare_opts[n]).name != NULL)
		n++;
	return n;
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
	if ((c = compare_build(old_runs, new_runs, &o)) == NULL) {
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
