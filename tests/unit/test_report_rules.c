/*
 * Unit tests of the report's verdict rules (reports/rp_verdict) and its
 * templates (reports/rp_text), without data files: each rule's decision at
 * its thresholds and just beside them, with the note it adds, and the
 * template filler's formats and its refusal of unknown names.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rp_figure.h"
#include "rp_text.h"
#include "rp_verdict.h"

/* A hair beside a threshold: far above rounding, far below any effect. */
#define EPS 1e-6

/* The decision of rule id for the values name=value, NULL-terminated. */
static rp_decision_t
decide(const char *id, ...)
{
	const rp_rule_t *rule = rp_rule_find(id);
	rp_vals_t x = {.n = 0};
	va_list ap;
	const char *name;

	cr_assert(rule != NULL, "no rule '%s'", id);
	va_start(ap, id);
	while ((name = va_arg(ap, const char *)) != NULL)
		rp_vals_num(&x, name, va_arg(ap, double));
	va_end(ap);
	return rule->decide(&x);
}

#define expect_verdict(d, want, ...)                                           \
	cr_expect_eq((d).verdict, (want), __VA_ARGS__)

Test(report_rules, fuse_at_and_beside_its_thresholds)
{
	/* Peak falls exactly 10x and the median exactly 1.10x: supported. */
	rp_decision_t d = decide(
	    "fuse", "from", 10.0, "to", 1.0, "speedup", 1.10, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "10x and 1.10x: %d", d.verdict);
	cr_expect_str_eq(d.note, "");
	/* Time just under 1.10x: memory alone, a nuance with its note. */
	d = decide("fuse", "from", 10.0, "to", 1.0, "speedup", 1.10 - EPS,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "1.10x - eps: %d", d.verdict);
	cr_expect(strstr(d.note,
		      "does not improve beyond the time threshold") != NULL,
	    "%s", d.note);
	/* Memory just under 10x: not supported, whatever the time. */
	d = decide("fuse", "from", 10.0, "to", 1.0 + EPS, "speedup", 5.0,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "9.99999x: %d", d.verdict);
	/* A fused workspace of 0 B is an infinite fall. */
	d = decide(
	    "fuse", "from", 1e9, "to", 0.0, "speedup", 2.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "to 0 B: %d", d.verdict);
}

Test(report_rules, in_place_at_and_beside_its_thresholds)
{
	rp_decision_t d = decide("in-place", "from", 100.0, "to", 10.0,
	    "speedup", 1.10, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	d = decide("in-place", "from", 100.0, "to", 10.0, "speedup", 1.10 - EPS,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "");
	d = decide("in-place", "from", 100.0, "to", 10.0 + EPS, "speedup", 1.10,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

Test(report_rules, jit_at_and_beside_its_thresholds)
{
	/* Halved exactly, and materialized exactly 10x fused: the compiled
	 * program no longer "still holds" more than 10x: supported. */
	rp_decision_t d = decide(
	    "jit", "eager", 200.0, "from", 100.0, "fused", 10.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	/* Just over 10x fused's workspace: a nuance. */
	d = decide("jit", "eager", 200.0, "from", 100.0, "fused", 10.0 - EPS,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	/* A 0 B fused workspace counts as 1 byte. */
	d = decide(
	    "jit", "eager", 20.0, "from", 10.0, "fused", 0.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "10 B against 0 B: %d", d.verdict);
	d = decide(
	    "jit", "eager", 22.0, "from", 11.0, "fused", 0.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "11 B against 0 B: %d", d.verdict);
	/* Not quite halved: not supported. */
	d = decide("jit", "eager", 200.0 - EPS, "from", 100.0, "fused", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

Test(report_rules, batch_at_and_beside_its_thresholds)
{
	/* 10x less memory, batches as fast as materialized and fused not
	 * faster by 10%: supported, no note. */
	rp_decision_t d = decide("batch", "pc", 10.0, "pm", 100.0, "tc", 1.0,
	    "tm", 1.0, "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	cr_expect_str_eq(d.note, "");
	/* Fused exactly 1.10x faster than the batches: a nuance. */
	d = decide("batch", "pc", 10.0, "pm", 100.0, "tc", 1.1, "tm", 2.0, "tf",
	    1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	cr_expect(strstr(d.note, "fusing the reduction is faster") != NULL);
	d = decide("batch", "pc", 10.0, "pm", 100.0, "tc", 1.1 - EPS, "tm", 2.0,
	    "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	/* Batches more than 1.10x slower than materialized: a nuance; at
	 * exactly 1.10x not yet. */
	d = decide("batch", "pc", 10.0, "pm", 100.0, "tc", 1.1 + EPS, "tm", 1.0,
	    "tf", 2.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	cr_expect(strstr(d.note, "batching costs time") != NULL, "%s", d.note);
	d = decide("batch", "pc", 10.0, "pm", 100.0, "tc", 1.1, "tm", 1.0, "tf",
	    2.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	/* Memory just short of 10x: not supported. */
	d = decide("batch", "pc", 10.0 + EPS, "pm", 100.0, "tc", 1.0, "tm", 1.0,
	    "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

Test(report_rules, compile_loop_at_and_beside_its_threshold)
{
	rp_decision_t d = decide("compile-loop", "speedup", 1.10, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	d = decide("compile-loop", "speedup", 1.10 - EPS, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

/* Advice about what C lacks is "not testable in C" once the value shown
 * beside it was measured, whatever that value is. */
Test(report_rules, not_in_c_rules_never_grade_the_c_data)
{
	static const char *const ids[] = {"stop-gradient", "atleast-1d",
	    "embed-jit", "jit-scope", "recompile", "warm-up", "profiler"};
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		rp_decision_t d = decide(ids[i], "shown", 1.0, (char *)NULL);
		expect_verdict(
		    d, RP_VERDICT_NOT_IN_C, "%s: %d", ids[i], d.verdict);
		d = decide(ids[i], "shown", 1000.0, (char *)NULL);
		expect_verdict(
		    d, RP_VERDICT_NOT_IN_C, "%s: %d", ids[i], d.verdict);
	}
	cr_expect_str_eq(
	    rp_verdict_word(RP_VERDICT_NOT_IN_C), "not testable in C");
	/* And no other rule is ever "not testable in C": the advice C has
	 * a counterpart of is graded on the C data. */
	for (size_t i = 0; i < rp_rules_count; i++) {
		int listed = 0;
		rp_vals_t x = {.n = 0};
		for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++)
			listed |= strcmp(ids[k], rp_rules[i].id) == 0;
		rp_vals_num(&x, "shown", 1.0);
		if (!listed)
			cr_expect_neq(rp_rules[i].decide(&x).verdict,
			    RP_VERDICT_NOT_IN_C, "%s", rp_rules[i].id);
	}
}

/* The time threshold follows the noise band ("tt") when one is given. */
Test(report_rules, time_claims_follow_the_noise_threshold)
{
	rp_decision_t d = decide("fuse", "from", 10.0, "to", 1.0, "speedup",
	    1.50, "tt", 1.50, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "1.50 at tt 1.50: %d", d.verdict);
	d = decide("fuse", "from", 10.0, "to", 1.0, "speedup", 1.50 - EPS, "tt",
	    1.50, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "1.50-eps: %d", d.verdict);
}

Test(report_rules, cause_nm_at_and_beside_its_thresholds)
{
	/* The array there (90% of N*M*4) and eager at two of it: yes. */
	rp_decision_t d = decide(
	    "cause-nm", "nm", 100.0, "pm", 90.0, "pe", 180.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	d = decide("cause-nm", "nm", 100.0, "pm", 90.0, "pe", 180.0 - EPS,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	d = decide("cause-nm", "nm", 100.0, "pm", 90.0 - EPS, "pe", 1000.0,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

Test(report_rules, cause_n2_at_and_beside_its_thresholds)
{
	/* Traffic alone (reused arrays) 1.10x over fused: yes. */
	rp_decision_t d =
	    decide("cause-n2", "tn", 3.0, "tr", 1.10, "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	d = decide(
	    "cause-n2", "tn", 3.0, "tr", 1.10 - EPS, "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	cr_expect(strstr(d.note, "allocating") != NULL, "%s", d.note);
	d = decide(
	    "cause-n2", "tn", 1.10 - EPS, "tr", 1.0, "tf", 1.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
	/* With the instructions simulated, only the excess beyond them is
	 * traffic: the committed data (23 ms against 9.3 ms, 1.38x the
	 * instructions) leaves 1.79x: yes. */
	d = decide("cause-n2", "tn", 138.0, "tr", 23.0, "tf", 9.3, "insn",
	    1.384, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
	/* 1.5x over fused, all of it instructions: a nuance, not traffic. */
	d = decide("cause-n2", "tn", 3.0, "tr", 1.5, "tf", 1.0, "insn", 1.5,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NUANCE, "%d", d.verdict);
	cr_expect(strstr(d.note, "instructions") != NULL, "%s", d.note);
	d = decide("cause-n2", "tn", 3.0, "tr", 1.10 * 1.5, "tf", 1.0, "insn",
	    1.5, (char *)NULL);
	expect_verdict(d, RP_VERDICT_YES, "%d", d.verdict);
}

/* Advice about automatic differentiation or the array library's profiler
 * is not testable in C whatever the C values, as the stated rule says;
 * without the value it shows beside it, not supported. */
Test(report_rules, stop_gradient_and_profiler_are_not_in_c)
{
	rp_decision_t d = decide("stop-gradient", "pe", 90.0, "bare", 100.0,
	    "shown", 90.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NOT_IN_C, "%d", d.verdict);
	d = decide("stop-gradient", "pe", 1.0, "bare", 100.0, "shown", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_VERDICT_NOT_IN_C, "%d", d.verdict);
	d = decide(
	    "profiler", "tl", 90.0, "pe", 100.0, "shown", 90.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NOT_IN_C, "%d", d.verdict);
	d = decide("profiler", "tl", 90.0, "pe", 100.0, (char *)NULL);
	expect_verdict(d, RP_VERDICT_NO, "%d", d.verdict);
}

/* A value that was not measured never supports advice. */
Test(report_rules, missing_values_never_support)
{
	for (size_t i = 0; i < rp_rules_count; i++) {
		rp_vals_t none = {.n = 0};
		rp_decision_t d = rp_rules[i].decide(&none);
		cr_expect(d.verdict != RP_VERDICT_YES &&
			d.verdict != RP_VERDICT_NUANCE,
		    "rule %s with no values: %s", rp_rules[i].id,
		    rp_verdict_word(d.verdict));
		cr_expect(d.note != NULL, "rule %s: NULL note", rp_rules[i].id);
	}
}

/* Every figure a rule cites is declared, and every id is unique. */
Test(report_rules, rules_cite_declared_figures)
{
	cr_expect_eq(rp_rules_count, 14);
	for (size_t i = 0; i < rp_rules_count; i++) {
		const rp_rule_t *r = &rp_rules[i];
		cr_expect(rp_rule_figure(r, 0) != NULL,
		    "rule %s cites no figure", r->id);
		for (int k = 0; rp_rule_figure(r, k) != NULL; k++)
			cr_expect(rp_figure_find(rp_rule_figure(r, k)) != NULL,
			    "rule %s cites '%s', not in the figure table",
			    r->id, rp_rule_figure(r, k));
		cr_expect_eq(
		    rp_rule_find(r->id), r, "id %s is not unique", r->id);
	}
}

static char *
fill(const char *tmpl, const rp_vals_t *x, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f != NULL);
	*rc = rp_text_fill(f, tmpl, x);
	fclose(f);
	return buf;
}

Test(report_text, fills_each_kind)
{
	rp_vals_t x = {.n = 0};
	int rc;
	char *out;

	rp_vals_num(&x, "peak", 1.35e9);
	rp_vals_num(&x, "t", 0.651);
	rp_vals_num(&x, "sp", 2.08);
	rp_vals_num(&x, "n", 1e6);
	rp_vals_num(&x, "k", 65539.4);
	rp_vals_num(&x, "e", 1.98);
	rp_vals_num(&x, "none", NAN);
	rp_vals_str(&x, "who", "interp/fused");
	out = fill("{peak:b}|{t:t}|{sp:r}|{n:n}|{k:i}|{e:f2}|{who:s}|"
		   "{none:t}|plain {braces",
	    &x, &rc);
	cr_expect_eq(rc, 0);
	cr_expect_str_eq(out,
	    "1.35 GB|651 ms|2.08x|1e6|65539|1.98|interp/fused|n/a|plain "
	    "{braces");
	free(out);
}

Test(report_text, refuses_unknown_names_and_kinds)
{
	rp_vals_t x = {.n = 0};
	int rc;
	char *out;

	rp_vals_num(&x, "a", 1.0);
	out = fill("[{b:t}] [{a:zz}] [{a:i}]", &x, &rc);
	cr_expect_eq(rc, -1);
	cr_expect_str_eq(out, "[{?b:t}] [{?a:zz}] [1]");
	free(out);
	/* A later value replaces an earlier one of the same name. */
	rp_vals_num(&x, "a", 2.0);
	cr_expect_eq(rp_vals_get(&x, "a"), 2.0);
	cr_expect(isnan(rp_vals_get(&x, "missing")));
	cr_expect_str_eq(rp_vals_get_str(&x, "missing"), "");
}

Test(report_text, sizes_as_the_tables_print_them)
{
	cr_expect_str_eq(rp_text_fmt_n(1e6), "1e6");
	cr_expect_str_eq(rp_text_fmt_n(3e5), "3e5");
	cr_expect_str_eq(rp_text_fmt_n(2e4), "20000");
	cr_expect_str_eq(rp_text_fmt_n(4096), "4096");
	cr_expect_str_eq(rp_text_fmt_n(123456), "123456");
	cr_expect_str_eq(rp_text_fmt_n(NAN), "n/a");
}
