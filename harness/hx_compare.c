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
	size_t len;
	/* Read once: a pipe (compare <(cat a.jsonl) b.jsonl) has no second
	 * reading. */
	char *buf = hx_result_slurp(path, &len, msg, msglen);
	json_t *o, *r;

	if (buf == NULL)
		return NULL;
	o = json_loadb(buf, len, JSON_REJECT_DUPLICATES, NULL);
	/* Google Benchmark's JSON (one object with "benchmarks"). */
	if (hx_gbench_is(o)) {
		char inner[400];
		r = hx_gbench_to_results(o, inner, sizeof(inner));
		if (r == NULL)
			snprintf(msg, msglen, "%s: %s", path, inner);
	} else {
		r = hx_result_parse(path, buf, len, msg, msglen);
	}
	json_decref(o);
	free(buf);
	return r;
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

/* "dot/fused n=1000 passes=3" as a new string (NULL: out of memory). */
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
	hx_params_label(
	    f, hx_params_workload_of(r), json_object_get(r, "params"));
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

/* A warning when the two files' first runs ran under different allocator
 * settings (machine.allocator_policy: jemalloc's opt.* values, MALLOC_CONF,
 * GLIBC_TUNABLES): a peak or a time may move with the setting alone. */
static void
policy_warning(const json_t *a, const json_t *b, json_t *w)
{
	const json_t *pa = hx_result_at(a, "machine.allocator_policy");
	const json_t *pb = hx_result_at(b, "machine.allocator_policy");
	const json_t *va;
	const char *key;
	char list[1400] = "", msg[2048];
	size_t at = 0;

	if (!json_is_object(pa) || !json_is_object(pb))
		return;
	/* The settings both files record (an older file lacks some). */
	json_object_foreach((json_t *)pa, key, va)
	{
		const json_t *vb = json_object_get(pb, key);
		char *ta, *tb;
		if (vb == NULL || json_equal(va, vb) || at >= sizeof(list))
			continue;
		ta = json_dumps(va, JSON_ENCODE_ANY);
		tb = json_dumps(vb, JSON_ENCODE_ANY);
		at += (size_t)snprintf(list + at, sizeof(list) - at,
		    "%s%s %.200s against %.200s", at > 0 ? ", " : "", key,
		    ta != NULL ? ta : "?", tb != NULL ? tb : "?");
		free(ta);
		free(tb);
	}
	if (at == 0)
		return;
	snprintf(msg, sizeof(msg),
	    "the files ran under different allocator settings "
	    "(machine.allocator_policy: %s): a change may be the setting's, "
	    "not the code's",
	    list);
	json_array_append_new(w, json_string(msg));
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
	policy_warning(a, b, w);
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
json_t *
hx_compare_build(
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
