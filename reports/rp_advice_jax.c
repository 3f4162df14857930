/*
 * rp_advice_jax: the JAX side of the advice table (rp_advice.h): each
 * row's values from the JAX programs' runs (rp_jax.h) and files
 * (jax-verdicts.json, jax-keep.json, jax-protocol.json,
 * jax-compiles.json, jax-jaxpr-W.json of reports/jax-sweep.sh). A time
 * claim is fb_verdict's verdict between two programs' warm calls, read
 * as rp_advice_time's values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_advice.h"
#include "rp_jax.h"

/* fb_verdict's words (variants/jax/fb_verdict.py). */
static const char second_faster[] = "second is faster";
static const char first_faster[] = "first is faster";
static const char undecided[] = "not decided at this noise";

/* What is missing: why (a keyword the words explain) and what. */
static int
missing(rp_vals_t *x, const char *why, const char *what)
{
	rp_vals_str(x, "why", why);
	rp_vals_str(x, "what", what);
	return -1;
}

/* The ok one-core runs of programs (NULL-terminated) into out; -1 with
 * "why" for the first missing one. */
static int
need(const rp_report_t *R, const rp_workload_t *w, const char *const *ps,
    const json_t **out, rp_vals_t *x)
{
	char what[128];

	for (int i = 0; ps[i] != NULL; i++) {
		if ((out[i] = rp_jax_run(&R->data, w->name, ps[i])) != NULL)
			continue;
		snprintf(what, sizeof(what), "%s/%s", w->name, ps[i]);
		return missing(x, "no_jax_run", what);
	}
	rp_vals_num(x, "n", rp_field(out[0], RP_F_N));
	return 0;
}

/* A JAX data file, or -1 with "why". New reference. */
static json_t *
need_file(const rp_report_t *R, const char *name, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, name);

	if (j == NULL)
		missing(x, "no_file", name);
	return j;
}

/* A verdict object of fb_verdict as the values KEY (1 when its word is
 * yes, 0 when it names the other side or the same, NAN when not
 * decided or absent), KEY_lo and KEY_hi (the second's speed-up over the
 * first) and KEY_spread (the wider set's). */
static void
verdict_vals(rp_vals_t *x, const char *key, const json_t *v, const char *yes)
{
	const char *word = json_string_value(json_object_get(v, "verdict"));
	const json_t *iv = json_object_get(v, "interval");
	const json_t *sp = json_object_get(v, "spread");
	double s0 = json_number_value(json_array_get(sp, 0));
	double s1 = json_number_value(json_array_get(sp, 1));
	char name[64];

	rp_vals_num(x, key,
	    word == NULL || strcmp(word, undecided) == 0 ? NAN
		: strcmp(word, yes) == 0                 ? 1.0
							 : 0.0);
	snprintf(name, sizeof(name), "%s_lo", key);
	rp_vals_num(x, name, 1.0 / json_number_value(json_array_get(iv, 1)));
	snprintf(name, sizeof(name), "%s_hi", key);
	rp_vals_num(x, name, 1.0 / json_number_value(json_array_get(iv, 0)));
	snprintf(name, sizeof(name), "%s_spread", key);
	rp_vals_num(x, name, v == NULL ? NAN : s0 > s1 ? s0 : s1);
}

/* jax-verdicts.json's verdict on the CPU time of first against second
 * of workload w, as verdict_vals' values. */
static void
pair_verdict(const rp_report_t *R, const rp_workload_t *w, const char *key,
    const char *first, const char *second, const char *yes, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, "jax-verdicts.json"), *row;
	const json_t *found = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    strcmp(rp_str(row, "first"), first) == 0 &&
		    strcmp(rp_str(row, "second"), second) == 0)
			found = json_object_get(row, "by_cpu");
	}
	verdict_vals(x, key, found, yes);
	json_decref(j);
}

/* Whether a jaxpr comparison found the same program: the same
 * arithmetic, and under jit the same instructions; NAN when none. */
static double
same_program(const json_t *j)
{
	if (j == NULL)
		return NAN;
	return json_is_true(json_object_get(j, "same_arithmetic")) &&
	    json_is_true(json_object_get(
		json_object_get(j, "compiled"), "same_instructions"));
}

/* The jaxpr comparison of workload w's two programs as values same, eq_a,
 * eq_b (their equations); -1 with "why" when the file is missing. */
static int
jaxpr(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	char file[96];
	json_t *j;

	snprintf(file, sizeof(file), "jax-jaxpr-%s.json", w->name);
	if ((j = need_file(R, file, x)) == NULL)
		return -1;
	rp_vals_num(x, "same", same_program(j));
	rp_vals_num(x, "eq_a",
	    rp_num(json_object_get(j, "arithmetic_eqns"), rp_str(j, "a")));
	rp_vals_num(x, "eq_b",
	    rp_num(json_object_get(j, "arithmetic_eqns"), rp_str(j, "b")));
	json_decref(j);
	return 0;
}

int
rp_advice_jax_cause_nm(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"question", "question_jit", NULL};
	const json_t *r[2];

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_work(&R->data, r[0]));
	rp_vals_num(x, "temp", rp_jax_temp(r[1]));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	rp_vals_num(x, "units", rp_jax_temp(r[1]) / rp_jax_unit(r[1]));
	return 0;
}

int
rp_advice_jax_stop_gradient(const rp_report_t *R, rp_vals_t *x)
{
	json_t *j = need_file(R, "jax-protocol.json", x);
	const json_t *s = json_object_get(j, "stop_gradient");

	if (j == NULL)
		return -1;
	if (s == NULL) {
		json_decref(j);
		return missing(
		    x, "no_part", "jax-protocol.json: stop_gradient");
	}
	rp_vals_num(x, "n", rp_num(s, "n"));
	rp_vals_num(x, "m", rp_num(s, "m"));
	rp_vals_num(x, "with", rp_num(s, "temp_bytes_with"));
	rp_vals_num(x, "without", rp_num(s, "temp_bytes_without"));
	rp_vals_num(x, "eqns", rp_num(s, "stop_gradient_eqns"));
	verdict_vals(x, "unjitted",
	    json_object_get(json_object_get(s, "unjitted"), "verdict"),
	    second_faster);
	verdict_vals(x, "jitted",
	    json_object_get(json_object_get(s, "jit"), "verdict"),
	    second_faster);
	json_decref(j);
	return 0;
}

/* The vmap rewrite (the sum inside the inner vmap; a scalar index): the
 * question against the rewrite, un-jitted and jitted, and their jaxprs. */
int
rp_advice_jax_rewrite(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {
	    "question", "rewrite", "question_jit", "rewrite_jit", NULL};
	const json_t *r[4];

	if (need(R, w, ps, r, x) != 0 || jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_work(&R->data, r[0]));
	rp_vals_num(x, "rw", rp_jax_work(&R->data, r[1]));
	rp_vals_num(x, "before", rp_jax_temp(r[2]));
	rp_vals_num(x, "after", rp_jax_temp(r[3]));
	return 0;
}

/* The per-particle rewrite of the jitted step, graded as the vmap
 * rewrite is: XLA's temporaries of the two jitted programs and their
 * jaxprs; beside it their warm calls and the verdict between them, which
 * jax-verdicts.json reads as the noise of two processes. */
int
rp_advice_jax_per_particle(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"step", "per_particle", NULL};
	const json_t *r[2];

	if (need(R, w, ps, r, x) != 0 || jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "before", rp_jax_temp(r[0]));
	rp_vals_num(x, "after", rp_jax_temp(r[1]));
	rp_vals_num(x, "ts", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tp", rp_jax_warm_call(r[1]));
	return 0;
}

/* Compilation scope: the double-vmapped step (the force function called
 * inside the jitted step) against the per-particle step (the sum written
 * inside it): their jaxprs. */
int
rp_advice_jax_scope(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);

	if (jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "shown", rp_vals_get(x, "same"));
	return 0;
}

int
rp_advice_jax_jit(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"question", "question_jit", NULL};
	const json_t *r[2];
	double q, qj;

	if (need(R, w, ps, r, x) != 0)
		return -1;
	q = rp_jax_rss_work(&R->data, r[0]);
	qj = rp_jax_rss_work(&R->data, r[1]);
	rp_vals_num(x, "q", q);
	rp_vals_num(x, "qj", qj);
	rp_vals_num(x, "cut", q / qj);
	rp_vals_num(x, "temp", rp_jax_temp(r[1]));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	rp_vals_num(x, "units", rp_jax_temp(r[1]) / rp_jax_unit(r[1]));
	pair_verdict(R, w, "faster", ps[0], ps[1], second_faster, x);
	return 0;
}

int
rp_advice_jax_batch(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"batched_jit", "question_jit", NULL};
	const json_t *r[2], *b = rp_jax_run(&R->data, w->name, "batched");
	const json_t *l = rp_jax_run(&R->data, w->name, "lax_map");

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "pbj", rp_jax_rss_work(&R->data, r[0]));
	rp_vals_num(x, "pqj", rp_jax_rss_work(&R->data, r[1]));
	rp_vals_num(x, "pb", b != NULL ? rp_jax_rss_work(&R->data, b) : NAN);
	rp_vals_num(x, "tbj", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tqj", rp_jax_warm_call(r[1]));
	rp_vals_num(x, "tl", rp_jax_warm_call(l));
	rp_vals_num(x, "chunk", rp_field(r[0], RP_F_JAX_CHUNK));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	/* The batches are slower when question_jit (the first) is faster. */
	pair_verdict(R, w, "slower", ps[1], ps[0], first_faster, x);
	return 0;
}

/* The jitted step's faults a call against XLA's temporary pages, and the
 * step with the allocator keeping freed pages against the default
 * (jax-keep.json), at the setting that helps it most. */
int
rp_advice_jax_pages(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	json_t *j = need_file(R, "jax-keep.json", x), *row;
	const json_t *found = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    strcmp(rp_str(row, "program"), "step") == 0 &&
		    (found == NULL ||
			rp_num(row, "cpu_ratio") > rp_num(found, "cpu_ratio")))
			found = row;
	}
	if (found == NULL) {
		json_decref(j);
		return missing(x, "no_part", "jax-keep.json: step");
	}
	rp_vals_num(x, "n", rp_num(found, "n"));
	rp_vals_str(x, "allocator", rp_str(found, "allocator"));
	rp_vals_num(x, "faults", rp_num(found, "faults_per_call_default"));
	rp_vals_num(x, "pages", rp_num(found, "temp_pages"));
	rp_vals_num(x, "ratio", rp_num(found, "cpu_ratio"));
	rp_vals_num(x, "share", rp_num(found, "fault_share_of_cpu_at_price"));
	verdict_vals(
	    x, "kept", json_object_get(found, "verdict"), second_faster);
	json_decref(j);
	return 0;
}

int
rp_advice_jax_fori(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"loop", "fori", "step", NULL};
	const json_t *r[3], *e = rp_jax_run(&R->data, w->name, "step_eager");

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "k", rp_field(r[0], RP_F_STEPS));
	rp_vals_num(x, "tl", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tf", rp_jax_warm_call(r[1]));
	rp_vals_num(x, "ts", rp_jax_warm_call(r[2]));
	rp_vals_num(x, "te", rp_jax_warm_call(e));
	pair_verdict(R, w, "fori", "loop", "fori", second_faster, x);
	pair_verdict(R, w, "jit_step", "step_eager", "step", second_faster, x);
	return 0;
}

/* The compilations of a protocol's call (jax-compiles.json: protocol
 * name, its k-th call). */
static double
compiles(const json_t *c, const char *protocol, size_t k)
{
	return rp_num(
	    json_array_get(json_object_get(c, protocol), k), "compiles");
}

/* The swing of the question's loop decomposed (jax-protocol.json) and
 * the compilations each protocol makes (jax-compiles.json). */
int
rp_advice_jax_swing(const rp_report_t *R, rp_vals_t *x)
{
	json_t *p = need_file(R, "jax-protocol.json", x);
	json_t *c = p != NULL ? need_file(R, "jax-compiles.json", x) : NULL;
	const json_t *s = json_object_get(p, "swing");
	const json_t *f = json_object_get(s, "factors");
	const json_t *cc = json_object_get(c, "compiles");
	double first = rp_num(f, "first_over_waited");
	double bound = rp_num(f, "new_bound_over_waited");

	if (p == NULL || c == NULL) {
		json_decref(p);
		return -1;
	}
	if (s == NULL || cc == NULL) {
		json_decref(p);
		json_decref(c);
		return missing(x, "no_part",
		    s == NULL ? "jax-protocol.json: swing"
			      : "jax-compiles.json");
	}
	rp_vals_num(x, "n", rp_num(s, "n"));
	rp_vals_num(x, "span", rp_num(s, "span"));
	rp_vals_num(x, "wait", rp_num(f, "waited_over_unwaited"));
	rp_vals_num(x, "first", first);
	rp_vals_num(x, "bound", bound);
	rp_vals_num(x, "comp", first > bound || isnan(bound) ? first : bound);
	rp_vals_num(x, "shape_new", compiles(cc, "second_shape", 2));
	rp_vals_num(x, "shape_again", compiles(cc, "second_shape", 3));
	rp_vals_num(
	    x, "weak_new", compiles(cc, "python_scalar_and_weak_type", 1));
	rp_vals_num(
	    x, "strong", compiles(cc, "python_scalar_and_weak_type", 2));
	rp_vals_num(x, "static_new", compiles(cc, "python_scalar_static", 1));
	rp_vals_num(x, "traced_bound", compiles(cc, "fori_traced_bound", 1));
	rp_vals_num(x, "static_bound", compiles(cc, "fori_static_bound", 1));
	json_decref(p);
	json_decref(c);
	return 0;
}

int
rp_advice_jax_wait(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"step", NULL};
	const json_t *r[1];

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "first", rp_field(r[0], RP_F_JAX_FIRST_CALL));
	rp_vals_num(x, "compile", rp_field(r[0], RP_F_JAX_COMPILE));
	rp_vals_num(x, "warm", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "unb", rp_jax_median(r[0], "unblocked_call_s"));
	return 0;
}

/* What a profiler trace of the jitted steps shows and what it costs
 * (jax-protocol.json's profiler). */
int
rp_advice_jax_profiler(const rp_report_t *R, rp_vals_t *x)
{
	json_t *j = need_file(R, "jax-protocol.json", x);
	const json_t *p = json_object_get(j, "profiler");
	const json_t *t = json_object_get(p, "trace");

	if (j == NULL)
		return -1;
	if (t == NULL) {
		json_decref(j);
		return missing(x, "no_part", "jax-protocol.json: profiler");
	}
	rp_vals_num(x, "n", rp_num(p, "n"));
	rp_vals_num(x, "spans", rp_num(t, "spans"));
	rp_vals_num(x, "counters", rp_num(t, "counter_events"));
	rp_vals_num(x, "memory_events",
	    (double)json_array_size(json_object_get(t, "memory_named_events")));
	rp_vals_num(x, "kernels", rp_num(t, "kernels_us") / 1e6);
	rp_vals_num(x, "session", rp_num(p, "session_over_plain"));
	rp_vals_num(x, "call", rp_num(p, "call_over_plain"));
	rp_vals_num(x, "trace_bytes", rp_num(p, "trace_bytes"));
	json_decref(j);
	return 0;
}
