/*
 * rp_advice: the advice table (rp_advice.h) and its facts. One function
 * measures a declared side (its JAX data, its runs, its values, then its
 * measure function) and one decides it by its rules; the functions above the
 * table measure what no declaration says. A time value is 1 (faster by
 * the margin), 0 (not) or NAN (not decided at this noise); a value not
 * measured never supports advice.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_result.h"
#include "hx_stats.h"
#include "rp_advice.h"
#include "rp_jax.h"

#define F (&R->facts)
#define MEM RP_ADVICE_MEMORY_FACTOR

/* A time claim's values after its key, and how each prints. */
static const char *const claim_suffix[] = {"", "_lo", "_hi", "_spread"};
static const rp_fact_kind_t claim_kind[] = {
    RP_FACT_COUNT, RP_FACT_RATIO, RP_FACT_RATIO, RP_FACT_PERCENT};

/* fb_verdict's words (variants/jax/fb_verdict.py) for a claim's yes. */
static const char second_faster[] = "second is faster";
static const char first_faster[] = "first is faster";

/* ---- what the sides share ---- */

/* What is missing: why (a keyword the words explain, or the data's own
 * sentence) and what; -1. */
static int
missing(rp_vals_t *x, const char *why, const char *what)
{
	rp_vals_str(x, "why", why);
	rp_vals_str(x, "what", what);
	return -1;
}

/* A time claim as the values KEY (the answer), KEY_lo and KEY_hi (the
 * interval of the claim's subject's speed-up: the second run's over the
 * first, or the first's where the claim is that the first is faster) and
 * KEY_spread (the wider set's). */
static void
time_vals(rp_vals_t *x, const char *key, double answer, double lo, double hi,
    double spread)
{
	double v[] = {answer, lo, hi, spread};
	char name[64];

	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "%s%s", key, claim_suffix[i]);
		rp_vals_num(x, name, v[i]);
	}
}

/* A verdict object of fb_verdict as a time claim's values, by the rule
 * rp_data_speedup reads C's with (rp_data_claim, with the verdict's margin
 * and "samples"): the interval is the speed-up of the claim's subject (the
 * second run, or the first where yes is first_faster).
 * An absent verdict is no answer, -1 with "why" where what names it; with
 * what NULL (a claim only shown beside the rules), not decided. */
static int
verdict_vals(rp_vals_t *x, const char *key, const json_t *v, const char *yes,
    const char *what)
{
	const char *word = json_string_value(json_object_get(v, "verdict"));
	double r0 = rp_num(v, "interval.0"), r1 = rp_num(v, "interval.1");
	const json_t *n = json_object_get(v, "samples");
	int first = strcmp(yes, first_faster) == 0;
	/* The verdict's ratio is median(second) / median(first). */
	double lo = first ? r0 : 1.0 / r1, hi = first ? r1 : 1.0 / r0;

	if (word == NULL) {
		time_vals(x, key, NAN, NAN, NAN, NAN);
		return what != NULL ? missing(x, "no_part", what) : 0;
	}
	time_vals(x, key,
	    rp_data_claim(strcmp(word, yes) == 0, hi,
		json_number_value(json_object_get(v, "margin")),
		(size_t)json_integer_value(json_array_get(n, 0)),
		(size_t)json_integer_value(json_array_get(n, 1)),
		RP_ADVICE_LEVEL),
	    lo, hi, fmax(rp_num(v, "spread.0"), rp_num(v, "spread.1")));
	return 0;
}

/* The row of jax-verdicts.json j that compares first with second of
 * workload w, or NULL. */
static const json_t *
pair_row(const json_t *j, const rp_workload_t *w, const char *first,
    const char *second)
{
	const json_t *row, *found = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    strcmp(rp_str(row, "first"), first) == 0 &&
		    strcmp(rp_str(row, "second"), second) == 0)
			found = row;
	}
	return found;
}

/* jax-verdicts.json's verdict on the CPU time of first against second
 * of workload w (beyond the process noise where it has that), as
 * verdict_vals' values; -1 when it has none. */
static int
pair_verdict(const rp_report_t *R, const rp_workload_t *w, const char *key,
    const char *first, const char *second, const char *yes, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, "jax-verdicts.json");
	char what[256];
	int ret;

	if (j == NULL)
		return missing(x, "no_file", "jax-verdicts.json");
	snprintf(what, sizeof(what), "jax-verdicts.json: %s %s against %s",
	    w->name, first, second);
	ret = verdict_vals(x, key,
	    rp_jax_pair_verdict(pair_row(j, w, first, second)), yes, what);
	json_decref(j);
	return ret;
}

/* Part `part` (a path) of JAX data file `file` (NULL: the whole file),
 * or NULL with "why"; *j holds the file (NULL when it is missing) for the
 * caller to json_decref. */
static const json_t *
need_part(const rp_report_t *R, const char *file, const char *part, json_t **j,
    rp_vals_t *x)
{
	const json_t *p;
	char what[128];

	if ((*j = rp_jax_file(&R->data, file)) == NULL) {
		missing(x, "no_file", file);
		return NULL;
	}
	if ((p = part != NULL ? hx_result_at(*j, part) : *j) == NULL) {
		snprintf(what, sizeof(what), "%s: %s", file, part);
		missing(x, "no_part", what);
	}
	return p;
}

/* The value of fact jaxprog.jaxpr.W.WHAT, workload w's jaxpr comparison
 * (rp_jax_programs.h); NULL when it is not set. */
static const json_t *
jaxpr_fact(const rp_report_t *R, const rp_workload_t *w, const char *what)
{
	char name[RP_FACTS_NAME_MAX];

	snprintf(name, sizeof(name), "jaxprog.jaxpr.%s.%s", w->name, what);
	rp_facts_name_clean(name);
	return json_object_get(rp_facts_get(F, name), "value");
}

/* The jaxpr comparison of workload w's two programs, as the JAX section's
 * facts hold it, as values same (the same arithmetic, and under jit the
 * same instructions), eq_a, eq_b (their arithmetic equations); -1 with
 * "why" when the file is missing. */
static int
jaxpr(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	const json_t *a = jaxpr_fact(R, w, "arith_a");
	const json_t *b = jaxpr_fact(R, w, "arith_b");

	if (!json_is_true(jaxpr_fact(R, w, "present")))
		return missing(
		    x, "no_file", json_string_value(jaxpr_fact(R, w, "file")));
	rp_vals_num(x, "same",
	    json_is_true(jaxpr_fact(R, w, "same_arithmetic")) &&
		json_is_true(jaxpr_fact(R, w, "same_instructions")));
	rp_vals_num(x, "eq_a", json_is_number(a) ? json_number_value(a) : NAN);
	rp_vals_num(x, "eq_b", json_is_number(b) ? json_number_value(b) : NAN);
	return 0;
}

/* The runs of side s of workload w into r: C's by role (the main runs,
 * or the spread set's), JAX's ok one-core runs by program; and the value
 * n. -1 with "why" for the first missing one it needs. */
static int
need_runs(const rp_report_t *R, const rp_advice_side_t *s,
    const rp_workload_t *w, const json_t **r, rp_vals_t *x)
{
	int c_main = s->source == RP_ADVICE_C_MAIN;
	double n = rp_data_max_n(&R->data, w->sets.main, w->name);
	rp_query_t q = {.set = c_main ? w->sets.main : w->sets.spread,
	    .workload = w->name,
	    .n = c_main ? n : 0,
	    .alloc = RP_ALLOC_JEMALLOC};
	char why[512];

	for (int i = 0; i < s->runs; i++) {
		if (s->source == RP_ADVICE_JAX) {
			r[i] = rp_jax_run(&R->data, w, s->programs[i]);
			if (r[i] != NULL ||
			    (s->optional > 0 && i >= s->optional))
				continue;
			snprintf(
			    why, sizeof(why), "%s/%s", w->name, s->programs[i]);
			return missing(x, "no_jax_run", why);
		}
		q.variant = rp_workload_role(w, s->roles[i]);
		if ((r[i] = rp_data_find(&R->data, &q)) == NULL)
			return missing(x,
			    rp_data_why_missing(&R->data, &q, why, sizeof(why)),
			    "");
	}
	if (c_main)
		rp_vals_num(x, "n", n);
	else if (s->source == RP_ADVICE_JAX && s->runs > 0)
		rp_vals_num(x, "n", rp_field(r[0], RP_F_N));
	return 0;
}

/* Quantity get (rp_advice_value_t's) of run r of workload w; NAN for no
 * run. */
static double
quantity(const rp_report_t *R, const rp_workload_t *w, int get, const json_t *r)
{
	if (r == NULL)
		return NAN;
	switch (get) {
	case RP_ADVICE_UNIT_TIME:
		return rp_jax_c_unit_time(r);
	case RP_ADVICE_ARRAY:
		return rp_jax_unit(r);
	case RP_ADVICE_GATHER:
		return 4.0 * quantity(R, w, RP_ADVICE_ARRAY, r);
	case RP_ADVICE_CHUNK:
		return rp_data_chunk(r);
	case RP_ADVICE_INSN:
		return rp_data_insn_per_unit(rp_data_cachesim(
		    &R->data, w->name, rp_field_str(r, RP_F_VARIANT)));
	case RP_ADVICE_WORK:
		return rp_jax_work(&R->data, r);
	case RP_ADVICE_RSS_WORK:
		return rp_jax_rss_work(&R->data, r);
	case RP_ADVICE_WARM:
		return rp_jax_warm_call(r);
	case RP_ADVICE_UNBLOCKED:
		return rp_jax_median(r, "reported.unblocked_call_s");
	default:
		return rp_field(r, (rp_field_t)get);
	}
}

/* Value v of side s from its runs r (a time claim: its four values; a
 * JAX claim on an optional run the data lacks is not decided); -1 with
 * "why" when a verdict on two runs the data has is missing. */
static int
value(const rp_report_t *R, const rp_advice_side_t *s, const rp_workload_t *w,
    const json_t **r, const rp_advice_value_t *v, rp_vals_t *x)
{
	const json_t *a = r[v->run], *b = r[v->over_run];
	double q, ratio;
	rp_speedup_t sp;

	if (v->get == RP_ADVICE_PEAK_TEXT) {
		rp_vals_str(x, v->name, rp_report_peak(a));
	} else if (v->get >= RP_ADVICE_FASTER && s->source == RP_ADVICE_JAX) {
		if (a == NULL || b == NULL)
			time_vals(x, v->name, NAN, NAN, NAN, NAN);
		else
			return pair_verdict(R, w, v->name, s->programs[v->run],
			    s->programs[v->over_run],
			    v->get == RP_ADVICE_FASTER ? second_faster
						       : first_faster,
			    x);
	} else if (v->get == RP_ADVICE_FASTER) {
		/* Beyond the ratio of over: 1 when it is not measured. */
		ratio = quantity(R, w, v->over, a) / quantity(R, w, v->over, b);
		sp = rp_data_speedup(a, b,
		    RP_ADVICE_TIME_RATIO * (ratio > 0 ? ratio : 1.0) - 1.0,
		    RP_ADVICE_LEVEL);
		time_vals(x, v->name, sp.faster, sp.lo, sp.hi, sp.spread);
	} else {
		q = quantity(R, w, v->get, a);
		if (v->over != RP_F_NONE)
			q /= quantity(R, w, v->over, b);
		rp_vals_num(x, v->name, q);
	}
	return 0;
}

int
rp_advice_measure(const rp_report_t *R, const rp_advice_t *a,
    const rp_advice_side_t *s, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(
	    s->of != RP_QUESTION_NONE ? s->of : a->question);
	const json_t *r[RP_ADVICE_RUNS] = {NULL}, *data = NULL;
	json_t *files[RP_ADVICE_PARTS] = {NULL};
	int ret = -1;

	for (int k = 0; k < RP_ADVICE_PARTS && s->data[k].file != NULL; k++)
		if ((data = need_part(R, s->data[k].file, s->data[k].part,
			 &files[k], x)) == NULL)
			goto label_return;
	if (need_runs(R, s, w, r, x) != 0)
		goto label_return;
	for (const rp_advice_value_t *v = s->values; v->name != NULL; v++) {
		if (v->path != NULL && v->print == RP_ADVICE_TIMED)
			verdict_vals(x, v->name, hx_result_at(data, v->path),
			    second_faster, NULL);
		else if (v->path != NULL)
			rp_vals_num(x, v->name, rp_num(data, v->path));
		else if (v->get != RP_F_NONE && value(R, s, w, r, v, x) != 0)
			goto label_return;
	}
	ret = s->measure != NULL ? s->measure(R, w, x) : 0;
label_return:
	for (int k = 0; k < RP_ADVICE_PARTS; k++)
		json_decref(files[k]);
	return ret;
}

/* Whether rule t's test holds for values x. */
static int
test_holds(const rp_advice_rule_t *t, const rp_vals_t *x)
{
	double a = t->a != NULL ? rp_vals_get(x, t->a) : NAN;
	double b = t->b != NULL ? rp_vals_get(x, t->b) : 1.0;

	switch (t->test) {
	case RP_ADVICE_AT_LEAST:
		return a >= t->factor * b;
	case RP_ADVICE_BELOW:
		return !(a >= t->factor * b);
	case RP_ADVICE_ABOVE:
		return a > t->factor * (b > 1 ? b : 1);
	case RP_ADVICE_NOT_ABOVE:
		return !(a > t->factor * (b > 1 ? b : 1));
	case RP_ADVICE_LOG_AT_LEAST:
		return log(a) >= t->factor * log(b);
	case RP_ADVICE_YES:
		return a == 1;
	case RP_ADVICE_NOT_YES:
		return !(a == 1);
	case RP_ADVICE_NOT_DECIDED:
		return isnan(a);
	default:
		return 1;
	}
}

rp_advice_decision_t
rp_advice_decide(const rp_advice_side_t *s, const rp_vals_t *x)
{
	const rp_advice_rule_t *t = s->rules;

	if (s->decide != NULL)
		return s->decide(x);
	while (!test_holds(t, x))
		t++;
	return (rp_advice_decision_t){t->verdict, t->note};
}

/* ---- what no declaration says ---- */

/* What the all-pairs arrays reused cost over fused beyond their extra
 * instructions: their traffic. */
static int
c_rest(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	rp_vals_num(x, "rest", rp_vals_get(x, "cost") / rp_vals_get(x, "insn"));
	return 0;
}

/* The jitted step's faults a call against XLA's temporary pages, and the
 * step with the allocator keeping freed pages against the default
 * (jax-keep.json), at the setting that helps it most. */
static int
jax_pages(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	json_t *j, *row;
	const json_t *keep = need_part(R, "jax-keep.json", NULL, &j, x);
	const json_t *found = NULL;
	char what[128];
	size_t i;
	int ret;

	if (keep == NULL)
		return -1;
	json_array_foreach(json_object_get(keep, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    w->jax_jitted != NULL &&
		    strcmp(rp_str(row, "program"), w->jax_jitted) == 0 &&
		    (found == NULL ||
			rp_num(row, "cpu_ratio") > rp_num(found, "cpu_ratio")))
			found = row;
	}
	if (found == NULL) {
		json_decref(j);
		snprintf(what, sizeof(what), "jax-keep.json: %s",
		    w->jax_jitted != NULL ? w->jax_jitted : "a jitted program");
		return missing(x, "no_part", what);
	}
	rp_vals_num(x, "n", rp_num(found, "n"));
	rp_vals_str(x, "allocator", rp_str(found, "allocator"));
	rp_vals_num(x, "faults", rp_num(found, "faults_per_call_default"));
	rp_vals_num(x, "pages", rp_num(found, "temp_pages"));
	rp_vals_num(x, "ratio", rp_num(found, "cpu_ratio"));
	rp_vals_num(x, "share", rp_num(found, "fault_share_of_cpu_at_price"));
	snprintf(what, sizeof(what), "jax-keep.json: the %s's verdict",
	    w->jax_jitted);
	ret = verdict_vals(
	    x, "kept", json_object_get(found, "verdict"), second_faster, what);
	json_decref(j);
	return ret;
}

static int
c_recompile(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	char name[RP_FACTS_NAME_MAX];
	double worst;

	snprintf(name, sizeof(name), "part.%s.spread.widest", w->name);
	worst = rp_facts_num(F, name);

	if (isnan(worst))
		return missing(x, "no_run", w->sets.spread);
	rp_vals_num(x, "worst", worst);
	return 0;
}

/* The swing of the question's loop decomposed, as the JAX speed section
 * reads it (jaxspeed.swing.*, rp_jax_speed.h): its span and the costlier
 * compilation (fmax keeps the one timed). */
static int
jax_swing(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	rp_vals_num(x, "span", rp_facts_num(F, "jaxspeed.swing.span"));
	rp_vals_num(x, "comp",
	    fmax(rp_facts_num(F, "jaxspeed.swing.compiling"),
		rp_facts_num(F, "jaxspeed.swing.recompiling")));
	return 0;
}

/* The cold run over the median of the timed ones, of every C main run
 * with timed repeats: their median and the largest. */
static int
c_warm_up(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	const json_t *runs[RP_WORKLOAD_MAX_RUNS];
	size_t nv = rp_workload_main_runs(&R->data, runs, RP_WORKLOAD_MAX_RUNS);
	double q[RP_WORKLOAD_MAX_RUNS], worst = NAN;
	const json_t *wr = NULL;
	size_t nq = 0;
	char label[128];

	for (size_t i = 0; i < nv; i++) {
		const json_t *r = runs[i];
		if (rp_field(r, RP_F_TIME_REPEATS) < 1)
			continue;
		q[nq] =
		    rp_field(r, RP_F_TIME_COLD) / rp_field(r, RP_F_TIME_MEDIAN);
		if (isnan(worst) || q[nq] > worst) {
			worst = q[nq];
			wr = r;
		}
		nq++;
	}
	if (nq == 0)
		return missing(x, "no_repeats", "");
	snprintf(label, sizeof(label), "%s/%s", rp_str(wr, "workload"),
	    rp_str(wr, "variant"));
	rp_vals_num(x, "count", (double)nq);
	rp_vals_num(x, "median", hx_stats_median(q, nq));
	rp_vals_num(x, "worst", worst);
	rp_vals_str(x, "worst_run", label);
	rp_vals_num(x, "cold_faults", rp_field(wr, RP_F_COLD_MINOR_FAULTS));
	rp_vals_num(x, "timed_faults", rp_field(wr, RP_F_MINOR_FAULTS));
	return 0;
}

/* The Python loop of jitted steps and the fori_loop with the allocator
 * keeping freed pages (jax-keep.json, jemalloc-keep): their CPU a call
 * (NAN where the file or a row is missing), and the time claim "kept",
 * whether fori_loop is still the faster with the pages kept, decided by
 * those runs' own samples (jax-verdicts.json's by_cpu_kept), with
 * kept_measured 1 where the data has it (the rules do without it else). */
static int
jax_loop_kept(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, "jax-keep.json"), *row;
	const char *const programs[] = {w->jax_loop, w->jax_fori};
	static const char *const keys[] = {"loop_kept", "fori_kept"};
	static const char kept_by[] = "jemalloc-keep";
	const json_t *v = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		for (int p = 0; p < 2; p++)
			if (programs[p] != NULL &&
			    strcmp(rp_str(row, "workload"), w->name) == 0 &&
			    strcmp(rp_str(row, "program"), programs[p]) == 0 &&
			    strcmp(rp_str(row, "allocator"), kept_by) == 0)
				rp_vals_num(
				    x, keys[p], rp_num(row, "warm_cpu_keep_s"));
	}
	json_decref(j);
	j = rp_jax_file(&R->data, "jax-verdicts.json");
	if (w->jax_loop != NULL && w->jax_fori != NULL)
		v = json_object_get(
		    json_object_get(pair_row(j, w, w->jax_loop, w->jax_fori),
			"by_cpu_kept"),
		    kept_by);
	rp_vals_num(x, "kept_measured",
	    json_string_value(json_object_get(v, "verdict")) != NULL);
	verdict_vals(x, "kept", v, second_faster, NULL);
	json_decref(j);
	return 0;
}

/* One fori_loop against a Python loop of jitted steps: where it is
 * faster, supported when it is still faster with the freed pages kept,
 * with a nuance when the kept runs exclude that (its saving was the
 * faults, which any program that keeps its buffers saves), undecided
 * between the two when they cannot tell (without kept runs: supported);
 * where it is not, the jitted step's own help, or not supported. */
static rp_advice_decision_t
decide_loop(const rp_vals_t *x)
{
	double fori = rp_vals_get(x, "fori");
	double kept = rp_vals_get(x, "kept");

	if (fori == 1 && (kept == 1 || rp_vals_get(x, "kept_measured") != 1))
		return (rp_advice_decision_t){RP_ADVICE_SUPPORTED, ""};
	if (fori == 1 && isnan(kept))
		return (rp_advice_decision_t){
		    RP_ADVICE_UNDECIDED, "pages_undecided"};
	if (fori == 1)
		return (rp_advice_decision_t){RP_ADVICE_NUANCE, "pages_alone"};
	if (isnan(fori))
		return (rp_advice_decision_t){
		    RP_ADVICE_UNDECIDED, "time_undecided"};
	if (rp_vals_get(x, "jit_step") == 1)
		return (rp_advice_decision_t){RP_ADVICE_NUANCE, "jit_step"};
	return (rp_advice_decision_t){RP_ADVICE_NOT_SUPPORTED, ""};
}

/* A cold first call and an asynchronous dispatch (rp_advice_dispatch):
 * supported; one of the two: a nuance. */
static rp_advice_decision_t
decide_wait(const rp_vals_t *x)
{
	double w = rp_vals_get(x, "warm");
	int cold = rp_vals_get(x, "first") >= RP_ADVICE_TIME_RATIO * w;
	int async = rp_advice_dispatch(rp_vals_get(x, "unb"), w);

	if (cold && async)
		return (rp_advice_decision_t){RP_ADVICE_SUPPORTED, ""};
	if (cold || async)
		return (rp_advice_decision_t){
		    RP_ADVICE_NUANCE, cold ? "no_async" : "no_cold"};
	return (rp_advice_decision_t){RP_ADVICE_NOT_SUPPORTED, ""};
}

/* What a profiler trace of the jitted steps shows and what it costs
 * (jax-protocol.json's profiler). */
static int
jax_profiler(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	json_t *j;
	const json_t *t =
	    need_part(R, "jax-protocol.json", "profiler.trace", &j, x);
	const json_t *p = json_object_get(j, "profiler");

	if (t != NULL) {
		rp_vals_num(x, "n", rp_num(p, "n"));
		rp_vals_num(x, "spans", rp_num(t, "spans"));
		rp_vals_num(x, "counters", rp_num(t, "counter_events"));
		rp_vals_num(x, "memory_events",
		    (double)json_array_size(
			json_object_get(t, "memory_named_events")));
		rp_vals_num(x, "kernels", rp_num(t, "kernels_us") / 1e6);
		rp_vals_num(x, "session", rp_num(p, "session_over_plain"));
		rp_vals_num(x, "call", rp_num(p, "call_over_plain"));
		rp_vals_num(x, "trace_bytes", rp_num(p, "trace_bytes"));
	}
	json_decref(j);
	return t != NULL ? 0 : -1;
}

/* ---- the table ---- */

/* A value: `get` of run `run`, over `over` of run `over_run`. */
#define OVER(name, print, get, run, over, over_run)                            \
	{                                                                      \
		name, print, get, run, over, over_run, NULL                    \
	}
/* A value of one run: `get` of run `run`. */
#define OF(name, print, get, run) OVER(name, print, get, run, RP_F_NONE, 0)
/* A value set by the side's runs (n) or its functions. */
#define SET(name, print) OF(name, print, RP_F_NONE, 0)
/* A ratio: `get` of run `run` over the same of run `over_run`. */
#define RATIO(name, get, run, over_run)                                        \
	OVER(name, RP_FACT_RATIO, get, run, get, over_run)
/* A time claim: whether run `second` is faster than run `first` by the
 * margin. */
#define FASTER(name, print, first, second)                                     \
	OVER(name, print, RP_ADVICE_FASTER, first, RP_F_NONE, second)
/* A value at `path` in the side's JAX data. */
#define AT(name, print, path)                                                  \
	{                                                                      \
		name, print, RP_F_NONE, 0, RP_F_NONE, 0, path                  \
	}
/* A rule on value a alone: the decision when test holds for a. */
#define WHEN(verdict, note, test, a)                                           \
	{                                                                      \
		verdict, note, test, a, 0, NULL                                \
	}
/* A time claim's rule: undecided while it is not decided at this noise. */
#define UNDECIDED_WHILE_OPEN(claim)                                            \
	WHEN(RP_ADVICE_UNDECIDED, "time_undecided", RP_ADVICE_NOT_DECIDED,     \
	    claim)
/* The last rule: the decision when no rule before it holds. */
#define OTHERWISE(verdict, note) WHEN(verdict, note, RP_ADVICE_OTHERWISE, NULL)
/* A side's values, ending in a NULL name. */
#define VALUES(...)                                                            \
	((const rp_advice_value_t[]){__VA_ARGS__, SET(NULL, RP_ADVICE_HIDDEN)})
/* A side's rules, the last one RP_ADVICE_OTHERWISE. */
#define RULES(...) ((const rp_advice_rule_t[]){__VA_ARGS__})

/* The rules of a side with no counterpart of the advice: "cannot" once
 * the value it shows beside the advice was measured. */
#define CANNOT_ONCE_MEASURED(shown)                                            \
	RULES(WHEN(RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_NOT_DECIDED, shown), \
	    OTHERWISE(RP_ADVICE_CANNOT, ""))

/* A C rewrite that takes the (N,M) or (N,N) arrays away: from -> to. */
static const rp_advice_value_t rewrite_values[] = {
    SET("n", RP_FACT_SIZE),
    OF("from", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0),
    OF("to", RP_ADVICE_HIDDEN, RP_F_PEAK_WORKSPACE, 1),
    OF("tos", RP_ADVICE_STRING, RP_ADVICE_PEAK_TEXT, 1),
    OF("tb", RP_FACT_TIME, RP_ADVICE_UNIT_TIME, 0),
    OF("ta", RP_FACT_TIME, RP_ADVICE_UNIT_TIME, 1),
    RATIO("speedup", RP_ADVICE_UNIT_TIME, 0, 1),
    FASTER("faster", RP_ADVICE_TIMED, 0, 1),
    SET(NULL, RP_ADVICE_HIDDEN),
};
static const rp_advice_rule_t rewrite_rules[] = {
    {RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW, "from", MEM, "to"},
    UNDECIDED_WHILE_OPEN("faster"),
    WHEN(RP_ADVICE_SUPPORTED, "", RP_ADVICE_YES, "faster"),
    OTHERWISE(RP_ADVICE_NUANCE, "time_not_better"),
};
/* A JAX rewrite (the sum inside the inner map; each particle's sum). */
static const rp_advice_rule_t jax_rewrite_rules[] = {
    {RP_ADVICE_SUPPORTED, "", RP_ADVICE_AT_LEAST, "before", MEM, "after"},
    WHEN(RP_ADVICE_NOT_SUPPORTED, "same_program", RP_ADVICE_YES, "same"),
    OTHERWISE(RP_ADVICE_NOT_SUPPORTED, ""),
};
/* Compilation scope: the step calling the force function against the
 * step with the sum written inside it. The same program refutes the
 * advice; else the jaxprs alone cannot say. */
static const rp_advice_value_t scope_values[] = {
    SET("eq_a", RP_FACT_COUNT),
    SET("eq_b", RP_FACT_COUNT),
    SET(NULL, RP_ADVICE_HIDDEN),
};
static const rp_advice_rule_t scope_rules[] = {
    WHEN(RP_ADVICE_NOT_SUPPORTED, "same_program", RP_ADVICE_YES, "same"),
    OTHERWISE(RP_ADVICE_MISSING, ""),
};

const rp_advice_t rp_advice[] = {
    /* nm: one (N,M) array; pm, pe: materialized's and op by op's peaks. */
    {"cause-nm", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	{RP_ADVICE_C_MAIN, 2, {RP_ROLE_OP_BY_OP, RP_ROLE_BASELINE},
	    .values = VALUES(OF("nm", RP_FACT_BYTES, RP_ADVICE_ARRAY, 1),
		OF("pm", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 1),
		OF("pe", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0),
		OVER("k", RP_FACT_NUMBER, RP_F_MODEL_BARE_BYTES, 0,
		    RP_ADVICE_ARRAY, 1)),
	    .rules = RULES(
		{RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW, "pm", 0.9, "nm"},
		{RP_ADVICE_SUPPORTED, "", RP_ADVICE_AT_LEAST, "pe", 2.0, "pm"},
		OTHERWISE(RP_ADVICE_NUANCE, "array_alone"))},
	{RP_ADVICE_JAX, 2, .programs = {"question", "question_jit"},
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("q", RP_FACT_BYTES, RP_ADVICE_WORK, 0),
		OF("temp", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 1),
		OF("unit", RP_FACT_BYTES, RP_ADVICE_ARRAY, 1),
		OVER("units", RP_FACT_FIXED2, RP_F_JAX_TEMP_BYTES, 1,
		    RP_ADVICE_ARRAY, 1)),
	    .rules = RULES({RP_ADVICE_SUPPORTED, "", RP_ADVICE_AT_LEAST, "temp",
			       2.0, "unit"},
		{RP_ADVICE_NUANCE, "array_alone", RP_ADVICE_AT_LEAST, "temp",
		    0.9, "unit"},
		OTHERWISE(RP_ADVICE_NOT_SUPPORTED, ""))}},
    /* stop_gradient does not reduce the temporaries. */
    {"stop-gradient", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "timeline"}},
	{RP_ADVICE_C_MAIN, 1, {RP_ROLE_OP_BY_OP},
	    .values = VALUES(OF("pe", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0),
		OF("bare", RP_FACT_BYTES, RP_F_MODEL_BARE_BYTES, 0)),
	    .rules = CANNOT_ONCE_MEASURED("pe")},
	/* Its temporaries with it and without, and the calls' time. */
	{RP_ADVICE_JAX_DATA, .data = {{"jax-protocol.json", "stop_gradient"}},
	    .values =
		VALUES(AT("n", RP_FACT_SIZE, "n"), AT("m", RP_FACT_SIZE, "m"),
		    AT("with", RP_FACT_BYTES, "temp_bytes_with"),
		    AT("without", RP_FACT_BYTES, "temp_bytes_without"),
		    AT("eqns", RP_FACT_COUNT, "stop_gradient_eqns"),
		    AT("unjitted", RP_ADVICE_TIMED, "unjitted.verdict"),
		    AT("jitted", RP_ADVICE_TIMED, "jit.verdict")),
	    .rules = RULES({RP_ADVICE_SUPPORTED, "", RP_ADVICE_AT_LEAST, "with",
			       1.0, "without"},
		OTHERWISE(RP_ADVICE_NOT_SUPPORTED, "reduces"))}},
    /* The rewrite has no needless axis: a scalar index. */
    {"atleast-1d", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "memory"}},
	{RP_ADVICE_C_MAIN, 1, {RP_ROLE_OP_BY_OP},
	    .values = VALUES(OF("gather", RP_FACT_BYTES, RP_ADVICE_GATHER, 0),
		OF("pe", RP_ADVICE_HIDDEN, RP_F_PEAK_WORKSPACE, 0)),
	    .rules = CANNOT_ONCE_MEASURED("pe")},
	{RP_ADVICE_JAX, 4,
	    .programs = {"question", "rewrite", "question_jit", "rewrite_jit"},
	    .measure = jaxpr,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("q", RP_FACT_BYTES, RP_ADVICE_WORK, 0),
		OF("rw", RP_FACT_BYTES, RP_ADVICE_WORK, 1),
		SET("same", RP_FACT_COUNT)),
	    .rules = RULES(
		{RP_ADVICE_SUPPORTED, "", RP_ADVICE_AT_LEAST, "q", MEM, "rw"},
		OTHERWISE(RP_ADVICE_NOT_SUPPORTED, ""))}},
    {"fuse", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "time"}},
	{RP_ADVICE_C_MAIN, 2, {RP_ROLE_BASELINE, RP_ROLE_FUSED},
	    .values = rewrite_values, .rules = rewrite_rules},
	{RP_ADVICE_JAX, 4,
	    .programs = {"question", "rewrite", "question_jit", "rewrite_jit"},
	    .measure = jaxpr,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("q", RP_FACT_BYTES, RP_ADVICE_WORK, 0),
		OF("rw", RP_FACT_BYTES, RP_ADVICE_WORK, 1),
		OF("before", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 2),
		OF("after", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 3),
		SET("eq_a", RP_FACT_COUNT), SET("eq_b", RP_FACT_COUNT)),
	    .rules = jax_rewrite_rules}},
    /* C: compiling without fusion (from) against op by op. JAX: q, qj are
     * peak RSS less the baseline, which is noise under one (N,M) array. */
    {"jit", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	{RP_ADVICE_C_MAIN, 3,
	    {RP_ROLE_OP_BY_OP, RP_ROLE_BASELINE, RP_ROLE_FUSED},
	    .values =
		VALUES(OF("op_by_op", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0),
		    OF("from", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 1),
		    OF("fused_peak", RP_ADVICE_HIDDEN, RP_F_PEAK_WORKSPACE, 2),
		    OF("fuseds", RP_ADVICE_STRING, RP_ADVICE_PEAK_TEXT, 2),
		    RATIO("cut", RP_F_PEAK_WORKSPACE, 0, 1),
		    RATIO("speedup", RP_F_TIME_MEDIAN, 0, 1)),
	    .rules = RULES({RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW,
			       "op_by_op", RP_ADVICE_JIT_CUT, "from"},
		{RP_ADVICE_NUANCE, "array_kept", RP_ADVICE_ABOVE, "from", MEM,
		    "fused_peak"},
		OTHERWISE(RP_ADVICE_SUPPORTED, ""))},
	{RP_ADVICE_JAX, 2, .programs = {"question", "question_jit"},
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("q", RP_FACT_BYTES, RP_ADVICE_RSS_WORK, 0),
		OF("qj", RP_FACT_BYTES, RP_ADVICE_RSS_WORK, 1),
		RATIO("cut", RP_ADVICE_RSS_WORK, 0, 1),
		OF("temp", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 1),
		OF("unit", RP_ADVICE_HIDDEN, RP_ADVICE_ARRAY, 1),
		OVER("units", RP_FACT_FIXED2, RP_F_JAX_TEMP_BYTES, 1,
		    RP_ADVICE_ARRAY, 1),
		FASTER("faster", RP_ADVICE_TIMED, 0, 1)),
	    .rules = RULES({RP_ADVICE_MISSING, "too_small", RP_ADVICE_BELOW,
			       "q", 1.0, "unit"},
		{RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW, "q",
		    RP_ADVICE_JIT_CUT, "qj"},
		{RP_ADVICE_NUANCE, "array_kept", RP_ADVICE_AT_LEAST, "temp",
		    1.0, "unit"},
		OTHERWISE(RP_ADVICE_SUPPORTED, ""))}},
    /* The batch size the advice names is chunked's default: Table 1's run,
     * measured in the same sweep as materialized and fused. */
    {"batch", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "chunk"}},
	{RP_ADVICE_C_MAIN, 3,
	    {RP_ROLE_BASELINE, RP_ROLE_FUSED, RP_ROLE_CHUNKED},
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("b", RP_FACT_COUNT, RP_ADVICE_CHUNK, 2),
		OF("pc", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 2),
		OF("pm", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0),
		OF("pf", RP_ADVICE_STRING, RP_ADVICE_PEAK_TEXT, 1),
		RATIO("less", RP_F_PEAK_WORKSPACE, 0, 2),
		OVER("batches", RP_FACT_NUMBER, RP_F_N, 2, RP_ADVICE_CHUNK, 2),
		OF("tc", RP_FACT_TIME, RP_F_TIME_MEDIAN, 2),
		OF("tm", RP_FACT_TIME, RP_F_TIME_MEDIAN, 0),
		OF("tf", RP_FACT_TIME, RP_F_TIME_MEDIAN, 1),
		FASTER("fused_better", RP_ADVICE_TIMED, 2, 1),
		OF("slower", RP_ADVICE_TIMED, RP_ADVICE_FASTER, 2)),
	    /* Batches bound the memory when they cut it by at least a
	     * share of their count, the cut they could give. */
	    .rules = RULES({RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW,
			       "less", RP_ADVICE_BATCH_SHARE, "batches"},
		WHEN(RP_ADVICE_NUANCE, "fused_faster", RP_ADVICE_YES,
		    "fused_better"),
		WHEN(RP_ADVICE_NUANCE, "batch_costs_time", RP_ADVICE_YES,
		    "slower"),
		/* Memory has decided for the advice: an open time claim
		 * leaves only "supported" against "with a nuance" open. */
		WHEN(RP_ADVICE_UNDECIDED, "nuance_undecided",
		    RP_ADVICE_NOT_DECIDED, "fused_better"),
		WHEN(RP_ADVICE_UNDECIDED, "nuance_undecided",
		    RP_ADVICE_NOT_DECIDED, "slower"),
		OTHERWISE(RP_ADVICE_SUPPORTED, ""))},
	{RP_ADVICE_JAX, 4,
	    .programs = {"batched_jit", "question_jit", "batched", "lax_map"},
	    .optional = 2,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("chunk", RP_FACT_COUNT, RP_F_JAX_CHUNK, 0),
		OF("pbj", RP_FACT_BYTES, RP_ADVICE_RSS_WORK, 0),
		OF("pqj", RP_FACT_BYTES, RP_ADVICE_RSS_WORK, 1),
		OF("pb", RP_FACT_BYTES, RP_ADVICE_RSS_WORK, 2),
		OF("tbj", RP_FACT_TIME, RP_ADVICE_WARM, 0),
		OF("tqj", RP_FACT_TIME, RP_ADVICE_WARM, 1),
		OF("tl", RP_FACT_TIME, RP_ADVICE_WARM, 3),
		OF("unit", RP_ADVICE_HIDDEN, RP_ADVICE_ARRAY, 1),
		RATIO("cut", RP_ADVICE_RSS_WORK, 1, 0),
		OVER("batches", RP_FACT_NUMBER, RP_F_N, 0, RP_F_JAX_CHUNK, 0),
		/* The batches are slower when question_jit is faster. */
		OF("slower", RP_ADVICE_TIMED, RP_ADVICE_FIRST_FASTER, 1)),
	    .rules = RULES({RP_ADVICE_MISSING, "too_small", RP_ADVICE_BELOW,
			       "pqj", 1.0, "unit"},
		{RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW, "cut",
		    RP_ADVICE_BATCH_SHARE, "batches"},
		WHEN(RP_ADVICE_UNDECIDED, "nuance_undecided",
		    RP_ADVICE_NOT_DECIDED, "slower"),
		WHEN(RP_ADVICE_NUANCE, "loop_costs_time", RP_ADVICE_YES,
		    "slower"),
		OTHERWISE(RP_ADVICE_SUPPORTED, ""))}},
    /* C: naive over naive-reuse is their allocation; naive-reuse over
     * fused beyond the ratio of their instructions, their traffic. JAX:
     * a step faster with its pages kept, faulting each of them, pays for
     * mapping them afresh, which says nothing of their traffic. */
    {"cause-n2", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	{RP_ADVICE_C_MAIN, 3, {RP_ROLE_BASELINE, RP_ROLE_REUSE, RP_ROLE_FUSED},
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("tn", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 0),
		OF("tr", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 1),
		OF("tf", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 2),
		RATIO("alloc", RP_F_STEPS_MEDIAN, 0, 1),
		RATIO("cost", RP_F_STEPS_MEDIAN, 1, 2),
		RATIO("insn", RP_ADVICE_INSN, 1, 2), SET("rest", RP_FACT_RATIO),
		FASTER("costly", RP_ADVICE_HIDDEN, 0, 2),
		OVER("traffic", RP_ADVICE_TIMED, RP_ADVICE_FASTER, 1,
		    RP_ADVICE_INSN, 2),
		FASTER("extra", RP_ADVICE_HIDDEN, 1, 2)),
	    .measure = c_rest,
	    .rules = RULES(UNDECIDED_WHILE_OPEN("costly"),
		UNDECIDED_WHILE_OPEN("traffic"),
		WHEN(RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_NOT_YES, "costly"),
		WHEN(RP_ADVICE_SUPPORTED, "", RP_ADVICE_YES, "traffic"),
		UNDECIDED_WHILE_OPEN("extra"),
		WHEN(RP_ADVICE_NUANCE, "instructions", RP_ADVICE_YES, "extra"),
		OTHERWISE(RP_ADVICE_NUANCE, "allocation"))},
	{.measure = jax_pages,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		SET("allocator", RP_ADVICE_STRING),
		SET("faults", RP_FACT_COUNT), SET("pages", RP_FACT_COUNT),
		SET("ratio", RP_FACT_RATIO), SET("share", RP_FACT_PERCENT),
		SET("kept", RP_ADVICE_TIMED)),
	    .rules = RULES(UNDECIDED_WHILE_OPEN("kept"),
		WHEN(RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_NOT_YES, "kept"),
		{RP_ADVICE_NUANCE, "pages", RP_ADVICE_AT_LEAST, "faults", 0.9,
		    "pages"},
		OTHERWISE(RP_ADVICE_NOT_SUPPORTED, ""))}},
    {"in-place", RP_QUESTION_SPEED,
	{{RP_QUESTION_SPEED, "memory"}, {RP_QUESTION_SPEED, "time"}},
	{RP_ADVICE_C_MAIN, 2, {RP_ROLE_BASELINE, RP_ROLE_FUSED},
	    .values = rewrite_values, .rules = rewrite_rules},
	{RP_ADVICE_JAX, 2, .programs = {"step", "per_particle"},
	    .measure = jaxpr,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("before", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 0),
		OF("after", RP_FACT_BYTES, RP_F_JAX_TEMP_BYTES, 1),
		SET("eq_a", RP_FACT_COUNT), SET("eq_b", RP_FACT_COUNT),
		OF("ts", RP_FACT_TIME, RP_ADVICE_WARM, 0),
		OF("tp", RP_FACT_TIME, RP_ADVICE_WARM, 1)),
	    .rules = jax_rewrite_rules}},
    /* Advice about compilation scope: the C step beside it. */
    {"embed-jit", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	{RP_ADVICE_C_MAIN, 2, {RP_ROLE_BASELINE, RP_ROLE_FUSED},
	    .values = VALUES(OF("tn", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 0),
		OF("tf", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 1)),
	    .rules = CANNOT_ONCE_MEASURED("tf")},
	{.measure = jaxpr, .values = scope_values, .rules = scope_rules}},
    {"jit-scope", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	{RP_ADVICE_C_MAIN, 2, {RP_ROLE_BASELINE, RP_ROLE_FUSED},
	    .values = VALUES(OF("tf", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 1)),
	    .rules = CANNOT_ONCE_MEASURED("tf")},
	{.measure = jaxpr, .values = scope_values, .rules = scope_rules}},
    /* C: the spread set's runs of many steps, buffers fresh or reused. */
    {"compile-loop", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	{RP_ADVICE_C_SPREAD, 2, {RP_ROLE_BASELINE, RP_ROLE_REUSE},
	    .values = VALUES(OF("tn", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 0),
		OF("tr", RP_FACT_TIME, RP_F_STEPS_MEDIAN, 1),
		RATIO("speedup", RP_F_STEPS_MEDIAN, 0, 1),
		OF("fn", RP_FACT_COUNT, RP_F_COLD_MINOR_FAULTS, 0),
		OF("fr", RP_FACT_COUNT, RP_F_COLD_MINOR_FAULTS, 1),
		OVER("first", RP_FACT_RATIO, RP_F_STEPS_FIRST, 1,
		    RP_F_STEPS_MEDIAN, 1),
		FASTER("faster", RP_ADVICE_TIMED, 0, 1)),
	    .rules = RULES(UNDECIDED_WHILE_OPEN("faster"),
		WHEN(RP_ADVICE_NUANCE, "still_n2", RP_ADVICE_YES, "faster"),
		OTHERWISE(RP_ADVICE_NOT_SUPPORTED, ""))},
	{RP_ADVICE_JAX, 4, .programs = {"loop", "fori", "step", "step_eager"},
	    .optional = 3, .measure = jax_loop_kept,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("k", RP_FACT_COUNT, RP_F_STEPS, 0),
		OF("tl", RP_FACT_TIME, RP_ADVICE_WARM, 0),
		OF("tf", RP_FACT_TIME, RP_ADVICE_WARM, 1),
		OF("ts", RP_FACT_TIME, RP_ADVICE_WARM, 2),
		OF("te", RP_FACT_TIME, RP_ADVICE_WARM, 3),
		FASTER("fori", RP_ADVICE_TIMED, 0, 1),
		FASTER("jit_step", RP_ADVICE_TIMED, 3, 2),
		SET("loop_kept", RP_FACT_TIME), SET("fori_kept", RP_FACT_TIME),
		SET("kept", RP_ADVICE_TIMED),
		SET("kept_measured", RP_ADVICE_HIDDEN)),
	    .decide = decide_loop}},
    /* span: the slowest call over the fastest; comp: a compiling call over
     * a warm one, the swing's cause when it makes half of it or more on a
     * log scale. */
    {"recompile", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	{.measure = c_recompile,
	    .values = VALUES(SET("worst", RP_FACT_RATIO)),
	    .rules = CANNOT_ONCE_MEASURED("worst")},
	/* The compilations each protocol makes (a protocol's calls, each
	 * with its compiles); the swing is read only to say it is missing. */
	{RP_ADVICE_JAX_DATA,
	    .data = {{"jax-protocol.json", "swing"},
		{"jax-compiles.json", "compiles"}},
	    .measure = jax_swing,
	    .values = VALUES(
		AT("shape_new", RP_FACT_COUNT, "second_shape.2.compiles"),
		AT("shape_again", RP_FACT_COUNT, "second_shape.3.compiles"),
		AT("weak_new", RP_FACT_COUNT,
		    "python_scalar_and_weak_type.1.compiles"),
		AT("strong", RP_FACT_COUNT,
		    "python_scalar_and_weak_type.2.compiles"),
		AT("static_new", RP_FACT_COUNT,
		    "python_scalar_static.1.compiles"),
		AT("traced_bound", RP_FACT_COUNT,
		    "fori_traced_bound.1.compiles"),
		AT("static_bound", RP_FACT_COUNT,
		    "fori_static_bound.1.compiles")),
	    .rules = RULES({RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_BELOW,
			       "comp", RP_ADVICE_TIME_RATIO, NULL},
		{RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_NOT_ABOVE, "span", 1.0,
		    NULL},
		{RP_ADVICE_SUPPORTED, "", RP_ADVICE_LOG_AT_LEAST, "comp", 0.5,
		    "span"},
		OTHERWISE(RP_ADVICE_NUANCE, "mostly_unwaited"))}},
    {"warm-up", RP_QUESTION_SPEED, {{RP_QUESTION_NONE, "cold-warm"}},
	{.measure = c_warm_up,
	    .values = VALUES(SET("count", RP_FACT_COUNT),
		SET("median", RP_FACT_RATIO), SET("worst", RP_FACT_RATIO),
		SET("worst_run", RP_ADVICE_STRING),
		SET("cold_faults", RP_FACT_COUNT),
		SET("timed_faults", RP_FACT_COUNT)),
	    .rules = CANNOT_ONCE_MEASURED("median")},
	{RP_ADVICE_JAX, 1, .programs = {"step"},
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		OF("first", RP_FACT_TIME, RP_F_JAX_FIRST_CALL, 0),
		OF("compile", RP_FACT_TIME, RP_F_JAX_COMPILE, 0),
		OF("warm", RP_FACT_TIME, RP_ADVICE_WARM, 0),
		OF("unb", RP_FACT_TIME, RP_ADVICE_UNBLOCKED, 0)),
	    .decide = decide_wait}},
    /* Spans show where the time goes, counter events where memory goes. */
    {"profiler", RP_QUESTION_SPEED, {{RP_QUESTION_MEMORY, "timeline"}},
	{RP_ADVICE_C_MAIN, 1, {RP_ROLE_OP_BY_OP}, .of = RP_QUESTION_MEMORY,
	    .values = VALUES(OF("tl", RP_FACT_BYTES, RP_F_TIMELINE_MAX_LIVE, 0),
		OF("pe", RP_FACT_BYTES, RP_F_PEAK_WORKSPACE, 0)),
	    .rules = CANNOT_ONCE_MEASURED("pe")},
	{.measure = jax_profiler,
	    .values = VALUES(SET("n", RP_FACT_SIZE),
		SET("spans", RP_FACT_COUNT), SET("counters", RP_FACT_COUNT),
		SET("memory_events", RP_FACT_COUNT),
		SET("kernels", RP_FACT_TIME), SET("session", RP_FACT_RATIO),
		SET("call", RP_FACT_RATIO), SET("trace_bytes", RP_FACT_BYTES)),
	    .rules = RULES({RP_ADVICE_NOT_SUPPORTED, "", RP_ADVICE_NOT_ABOVE,
			       "spans", 0.0, NULL},
		{RP_ADVICE_SUPPORTED, "", RP_ADVICE_ABOVE, "counters", 0.0,
		    NULL},
		OTHERWISE(RP_ADVICE_NUANCE, "no_memory"))}},
};

const size_t rp_advice_count = sizeof(rp_advice) / sizeof(rp_advice[0]);

const rp_advice_t *
rp_advice_find(const char *id)
{
	for (size_t i = 0; i < rp_advice_count; i++)
		if (strcmp(rp_advice[i].id, id) == 0)
			return &rp_advice[i];
	return NULL;
}

const char *
rp_advice_word(rp_advice_verdict_t v)
{
	static const char *const words[] = {"supported", "nuance",
	    "not_supported", "undecided", "missing", "cannot"};
	return v <= RP_ADVICE_CANNOT ? words[v] : "?";
}

rp_advice_verdict_t
rp_advice_final(rp_advice_verdict_t c, rp_advice_verdict_t jax, int *by_jax)
{
	*by_jax = jax != RP_ADVICE_MISSING && jax != RP_ADVICE_CANNOT;
	return *by_jax ? jax : c;
}

/* The facts of value v of a side, PREFIX.NAME: none when hidden, four of
 * a time claim. */
static void
value_facts(rp_report_t *R, const char *prefix, const rp_advice_value_t *v,
    const rp_vals_t *x)
{
	char name[64];

	if (v->print == RP_ADVICE_STRING)
		rp_fact_str(F, rp_vals_get_str(x, v->name), NULL, "%s.%s",
		    prefix, v->name);
	else if (v->print >= 0)
		rp_fact_num(F, (rp_fact_kind_t)v->print,
		    rp_vals_get(x, v->name), NULL, "%s.%s", prefix, v->name);
	for (int i = 0; v->print == RP_ADVICE_TIMED && i < 4; i++) {
		snprintf(name, sizeof(name), "%s%s", v->name, claim_suffix[i]);
		rp_fact_num(F, claim_kind[i], rp_vals_get(x, name), NULL,
		    "%s.%s", prefix, name);
	}
}

/* One side's verdict ("missing" when its measurement fails), note, why
 * it could not be measured and what was missing, and the values its
 * words quote, as advice.ID.SIDE.NAME; its verdict. */
static rp_advice_verdict_t
side_facts(rp_report_t *R, const char *id, const char *side,
    const rp_advice_t *a, const rp_advice_side_t *s)
{
	rp_vals_t x = {.n = 0};
	rp_advice_decision_t d = {RP_ADVICE_MISSING, ""};
	char p[128];

	snprintf(p, sizeof(p), "advice.%s.%s", id, side);
	if (rp_advice_measure(R, a, s, &x) == 0)
		d = rp_advice_decide(s, &x);
	rp_fact_str(F, rp_advice_word(d.verdict), NULL, "%s.verdict", p);
	rp_fact_str(F, d.note, NULL, "%s.note", p);
	rp_fact_str(F, rp_vals_get_str(&x, "why"), NULL, "%s.why", p);
	rp_fact_str(F, rp_vals_get_str(&x, "what"), NULL, "%s.what", p);
	for (const rp_advice_value_t *v = s->values; v->name != NULL; v++)
		value_facts(R, p, v, &x);
	return d.verdict;
}

/* The figures a row cites, "Figure 3, Figure 5". */
static void
figure_facts(rp_report_t *R, const char *id, const rp_advice_t *a)
{
	char buf[256] = "";
	size_t used = 0;

	for (int k = 0; k < RP_ADVICE_FIGS && a->figures[k].what != NULL; k++) {
		const rp_advice_fig_t *f = &a->figures[k];
		const char *name =
		    rp_workload_fig(rp_workload_question(f->of), f->what);
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
		    k ? ", " : "", rp_report_cite(R, name));
		if (used >= sizeof(buf))
			break;
	}
	rp_fact_str(F, buf, NULL, "advice.%s.figures", id);
}

void
rp_advice_facts(rp_report_t *R)
{
	static const char *const sides[] = {"c", "jax"};
	json_t *ids = json_array();
	char id[64];
	int by_jax;

	rp_fact_num(F, RP_FACT_PERCENT_WHOLE, RP_ADVICE_BATCH_SHARE, NULL,
	    "advice.batch_share");
	rp_fact_num(F, RP_FACT_NUMBER, RP_ADVICE_MEMORY_FACTOR, NULL,
	    "advice.memory_factor");
	rp_fact_num(
	    F, RP_FACT_RATIO, RP_ADVICE_TIME_RATIO, NULL, "advice.time_ratio");
	rp_fact_num(
	    F, RP_FACT_RATIO, RP_ADVICE_JIT_CUT, NULL, "advice.jit_cut");
	rp_fact_num(F, RP_FACT_PERCENT, RP_ADVICE_LEVEL, NULL, "advice.level");
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		rp_advice_verdict_t c, j, v;

		snprintf(id, sizeof(id), "%s", a->id);
		rp_facts_name_clean(id);
		json_array_append_new(ids, json_string(id));
		rp_fact_str(F, rp_workload_question(a->question)->name, NULL,
		    "advice.%s.question", id);
		c = side_facts(R, id, sides[0], a, &a->c);
		j = side_facts(R, id, sides[1], a, &a->jax);
		v = rp_advice_final(c, j, &by_jax);
		rp_fact_str(
		    F, rp_advice_word(v), NULL, "advice.%s.verdict", id);
		rp_fact_str(F, sides[by_jax], NULL, "advice.%s.by", id);
		figure_facts(R, id, a);
	}
	rp_fact_list(F, ids, "advice.ids");
}
