/*
 * Unit tests of the report's advice table (reports/rp_advice.c) and its
 * templates' value filler (reports/rp_text), without the committed data:
 * each side's decision at its thresholds and just beside them, with the
 * note it adds; the table's shape (every row graded on both sides, the
 * figures it cites declared); the facts of crafted data, where a time
 * claim inside the runs' own noise is not decided and the same claim with
 * the noise taken out is.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_data_dir.h"
#include "rp_advice.h"
#include "rp_figure.h"
#include "rp_jax_programs.h"
#include "rp_jax_speed.h"
#include "rp_lesson.h"
#include "rp_text.h"

/* A hair beside a threshold: far above rounding, far below any effect. */
#define EPS 1e-6

/* The decision of row id's side ("c" or "jax") for the values
 * name=value, NULL-terminated. */
static rp_advice_decision_t
decide(const char *id, const char *side, ...)
{
	const rp_advice_t *a = rp_advice_find(id);
	rp_vals_t x = {.n = 0};
	va_list ap;
	const char *name;

	cr_assert(a != NULL, "no row '%s'", id);
	va_start(ap, side);
	while ((name = va_arg(ap, const char *)) != NULL)
		rp_vals_num(&x, name, va_arg(ap, double));
	va_end(ap);
	return rp_advice_decide(strcmp(side, "c") == 0 ? &a->c : &a->jax, &x);
}

#define expect_verdict(d, want, ...)                                           \
	cr_expect_eq((d).verdict, (want), __VA_ARGS__)

/* ---- C ---- */

Test(report_advice, fuse_and_in_place_by_memory_and_time)
{
	static const char *const ids[] = {"fuse", "in-place"};

	for (int i = 0; i < 2; i++) {
		/* Peak falls exactly 10x, the time decided faster. */
		rp_advice_decision_t d = decide(ids[i], "c", "from", 10.0, "to",
		    1.0, "faster", 1.0, (char *)NULL);
		expect_verdict(d, RP_ADVICE_SUPPORTED, "%s", ids[i]);
		cr_expect_str_eq(d.note, "");
		/* The time decided not faster: memory alone, a nuance. */
		d = decide(ids[i], "c", "from", 10.0, "to", 1.0, "faster", 0.0,
		    (char *)NULL);
		expect_verdict(d, RP_ADVICE_NUANCE, "%s", ids[i]);
		cr_expect_str_eq(d.note, "time_not_better");
		/* Not decided at this noise: neither is the verdict. */
		d = decide(ids[i], "c", "from", 10.0, "to", 1.0, "faster", NAN,
		    (char *)NULL);
		expect_verdict(d, RP_ADVICE_UNDECIDED, "%s", ids[i]);
		cr_expect_str_eq(d.note, "time_undecided");
		/* Memory just under 10x: not supported, whatever the time. */
		d = decide(ids[i], "c", "from", 10.0, "to", 1.0 + EPS, "faster",
		    1.0, (char *)NULL);
		expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%s", ids[i]);
	}
	/* A fused workspace of 0 B is an infinite fall. */
	expect_verdict(decide("fuse", "c", "from", 1e9, "to", 0.0, "faster",
			   1.0, (char *)NULL),
	    RP_ADVICE_SUPPORTED);
}

Test(report_advice, jit_at_and_beside_its_thresholds)
{
	/* Halved exactly, and materialized exactly 10x fused: the compiled
	 * program no longer "still holds" more than 10x: supported. */
	rp_advice_decision_t d = decide("jit", "c", "op_by_op", 200.0, "from",
	    100.0, "fused_peak", 10.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("jit", "c", "op_by_op", 200.0, "from", 100.0, "fused_peak",
	    10.0 - EPS, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "array_kept");
	/* A 0 B fused workspace counts as 1 byte. */
	d = decide("jit", "c", "op_by_op", 20.0, "from", 10.0, "fused_peak",
	    0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "10 B against 0 B");
	d = decide("jit", "c", "op_by_op", 22.0, "from", 11.0, "fused_peak",
	    0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "11 B against 0 B");
	d = decide("jit", "c", "op_by_op", 200.0 - EPS, "from", 100.0,
	    "fused_peak", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
}

Test(report_advice, batch_by_memory_and_two_time_claims)
{
	/* 10x less memory from 20 batches (half their cut), neither fused
	 * nor materialized faster: yes. */
	rp_advice_decision_t d = decide("batch", "c", "less", 10.0, "batches",
	    20.0, "fused_better", 0.0, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("batch", "c", "less", 10.0, "batches", 20.0, "fused_better",
	    1.0, "slower", NAN, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "fused_faster");
	d = decide("batch", "c", "less", 10.0, "batches", 20.0, "fused_better",
	    0.0, "slower", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "batch_costs_time");
	/* One claim not decided and none holding: undecided, not a flip
	 * between "supported" and "with a nuance". */
	d = decide("batch", "c", "less", 10.0, "batches", 20.0, "fused_better",
	    NAN, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_UNDECIDED, "%d", d.verdict);
	/* The note says what is open: the nuance, the memory decided. */
	cr_expect_str_eq(d.note, "nuance_undecided");
	d = decide("batch", "c", "less", 10.0 - EPS, "batches", 20.0,
	    "fused_better", 0.0, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
}

Test(report_advice, compile_loop_by_its_time_claim)
{
	expect_verdict(decide("compile-loop", "c", "faster", 1.0, (char *)NULL),
	    RP_ADVICE_NUANCE);
	expect_verdict(decide("compile-loop", "c", "faster", 0.0, (char *)NULL),
	    RP_ADVICE_NOT_SUPPORTED);
	expect_verdict(decide("compile-loop", "c", "faster", NAN, (char *)NULL),
	    RP_ADVICE_UNDECIDED);
}

Test(report_advice, cause_nm_at_and_beside_its_thresholds)
{
	/* The array there (90% of N*M*4) and eager at two of it: yes. */
	rp_advice_decision_t d = decide("cause-nm", "c", "nm", 100.0, "pm",
	    90.0, "pe", 180.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("cause-nm", "c", "nm", 100.0, "pm", 90.0, "pe", 180.0 - EPS,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "array_alone");
	d = decide("cause-nm", "c", "nm", 100.0, "pm", 90.0 - EPS, "pe", 1000.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
}

Test(report_advice, cause_n2_by_its_time_claims)
{
	rp_advice_decision_t d = decide("cause-n2", "c", "costly", 1.0,
	    "traffic", 1.0, "extra", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("cause-n2", "c", "costly", 1.0, "traffic", 0.0, "extra", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "instructions");
	d = decide("cause-n2", "c", "costly", 1.0, "traffic", 0.0, "extra", 0.0,
	    (char *)NULL);
	cr_expect_str_eq(d.note, "allocation");
	d = decide("cause-n2", "c", "costly", 0.0, "traffic", 0.0, "extra", 0.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	d = decide("cause-n2", "c", "costly", 1.0, "traffic", NAN, "extra", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_UNDECIDED, "%d", d.verdict);
}

/* Advice about what C lacks is "cannot" on the C side once the value
 * shown beside it (its first rule's) was measured, whatever it is; and
 * no other row's C side ever is. */
Test(report_advice, what_c_cannot_test)
{
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		const rp_advice_rule_t *last = a->c.rules;
		rp_vals_t x = {.n = 0};

		while (last->test != RP_ADVICE_OTHERWISE)
			last++;
		if (last->verdict != RP_ADVICE_CANNOT) {
			cr_expect_neq(rp_advice_decide(&a->c, &x).verdict,
			    RP_ADVICE_CANNOT, "%s", a->id);
			continue;
		}
		expect_verdict(rp_advice_decide(&a->c, &x),
		    RP_ADVICE_NOT_SUPPORTED, "%s", a->id);
		rp_vals_num(&x, a->c.rules[0].a, 1000.0);
		expect_verdict(
		    rp_advice_decide(&a->c, &x), RP_ADVICE_CANNOT, "%s", a->id);
	}
	cr_expect_str_eq(rp_advice_word(RP_ADVICE_CANNOT), "cannot");
}

/* ---- JAX ---- */

/* The vmap rewrite and the per-particle rewrite are graded by the one
 * rule: the same program saves nothing. */
Test(report_advice, rewrites_graded_alike)
{
	cr_expect_eq(rp_advice_find("fuse")->jax.rules,
	    rp_advice_find("in-place")->jax.rules);
	rp_advice_decision_t d = decide("fuse", "jax", "before", 10.0, "after",
	    1.0, "same", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "10x less: %d", d.verdict);
	d = decide("in-place", "jax", "before", 10.0, "after", 1.0 + EPS,
	    "same", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	cr_expect_str_eq(d.note, "same_program");
	d = decide("fuse", "jax", "before", 10.0, "after", 9.0, "same", 0.0,
	    (char *)NULL);
	cr_expect_str_eq(d.note, "");
}

Test(report_advice, jax_memory_rules)
{
	rp_advice_decision_t d =
	    decide("atleast-1d", "jax", "q", 10.0, "rw", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide(
	    "atleast-1d", "jax", "q", 10.0, "rw", 1.0 + EPS, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	/* stop_gradient: the same temporaries with it: it does not reduce. */
	d = decide("stop-gradient", "jax", "with", 42.0, "without", 42.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("stop-gradient", "jax", "with", 42.0 - EPS, "without", 42.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	/* The cause: two arrays of temporaries, or one. */
	d = decide("cause-nm", "jax", "temp", 2.0, "unit", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide(
	    "cause-nm", "jax", "temp", 2.0 - EPS, "unit", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	d = decide(
	    "cause-nm", "jax", "temp", 0.9 - EPS, "unit", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
}

Test(report_advice, jax_jit_rule)
{
	rp_advice_decision_t d = decide("jit", "jax", "q", 2.0, "qj", 1.0,
	    "temp", 1.0 - EPS, "unit", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("jit", "jax", "q", 2.0, "qj", 1.0, "temp", 1.0, "unit", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	d = decide("jit", "jax", "q", 2.0, "qj", 1.0 + EPS, "temp", 0.0, "unit",
	    1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	/* Under one array above the baseline: not testable here. */
	d = decide("jit", "jax", "q", 1.0 - EPS, "qj", 0.1, "temp", 0.0, "unit",
	    1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_MISSING, "%d", d.verdict);
	cr_expect_str_eq(d.note, "too_small");
}

Test(report_advice, jax_batch_rule)
{
	rp_advice_decision_t d =
	    decide("batch", "jax", "pbj", 1.0, "pqj", 10.0, "cut", 2.5,
		"batches", 5.0, "unit", 1.0, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("batch", "jax", "pbj", 1.0, "pqj", 10.0, "cut", 2.5,
	    "batches", 5.0, "unit", 1.0, "slower", 1.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	d = decide("batch", "jax", "pbj", 1.0, "pqj", 10.0, "cut", 2.5,
	    "batches", 5.0, "unit", 1.0, "slower", NAN, (char *)NULL);
	expect_verdict(d, RP_ADVICE_UNDECIDED, "%d", d.verdict);
	/* 5 batches cut less than half of 5x: not supported. */
	d = decide("batch", "jax", "pbj", 1.0, "pqj", 10.0, "cut", 2.5 - EPS,
	    "batches", 5.0, "unit", 1.0, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
	d = decide("batch", "jax", "pbj", 0.1, "pqj", 1.0 - EPS, "cut", 10.0,
	    "batches", 5.0, "unit", 1.0, "slower", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_MISSING, "%d", d.verdict);
}

Test(report_advice, jax_time_rules)
{
	/* fori_loop decided faster; undecided; jit of the step instead. */
	expect_verdict(decide("compile-loop", "jax", "fori", 1.0, "jit_step",
			   0.0, (char *)NULL),
	    RP_ADVICE_SUPPORTED);
	expect_verdict(decide("compile-loop", "jax", "fori", NAN, "jit_step",
			   1.0, (char *)NULL),
	    RP_ADVICE_UNDECIDED);
	expect_verdict(decide("compile-loop", "jax", "fori", 0.0, "jit_step",
			   1.0, (char *)NULL),
	    RP_ADVICE_NUANCE);
	expect_verdict(decide("compile-loop", "jax", "fori", 0.0, "jit_step",
			   NAN, (char *)NULL),
	    RP_ADVICE_NOT_SUPPORTED);
	/* fori_loop faster; with the freed pages kept, the kept runs' own
	 * samples (kept: 1 fori_loop still faster, 0 not, NAN not decided)
	 * decide the nuance: its saving was the faults; without kept runs
	 * (kept_measured not 1), the default runs' claim alone. */
	rp_advice_decision_t d = decide("compile-loop", "jax", "fori", 1.0,
	    "kept_measured", 1.0, "kept", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE);
	cr_expect_str_eq(d.note, "pages_alone");
	d = decide("compile-loop", "jax", "fori", 1.0, "kept_measured", 1.0,
	    "kept", NAN, (char *)NULL);
	expect_verdict(d, RP_ADVICE_UNDECIDED);
	cr_expect_str_eq(d.note, "pages_undecided");
	expect_verdict(decide("compile-loop", "jax", "fori", 1.0,
			   "kept_measured", 1.0, "kept", 1.0, (char *)NULL),
	    RP_ADVICE_SUPPORTED);
	expect_verdict(decide("compile-loop", "jax", "fori", 1.0,
			   "kept_measured", 0.0, "kept", NAN, (char *)NULL),
	    RP_ADVICE_SUPPORTED);
	/* The fresh pages: kept faster and the faults are the pages. */
	expect_verdict(decide("cause-n2", "jax", "kept", 1.0, "faults", 90.0,
			   "pages", 100.0, (char *)NULL),
	    RP_ADVICE_NUANCE);
	expect_verdict(decide("cause-n2", "jax", "kept", 1.0, "faults",
			   90.0 - EPS, "pages", 100.0, (char *)NULL),
	    RP_ADVICE_NOT_SUPPORTED);
	expect_verdict(decide("cause-n2", "jax", "kept", NAN, "faults", 100.0,
			   "pages", 100.0, (char *)NULL),
	    RP_ADVICE_UNDECIDED);
}

Test(report_advice, jax_wait_rule)
{
	rp_advice_decision_t d = decide("warm-up", "jax", "first", 1.1, "warm",
	    1.0, "unb", 0.1, (char *)NULL);
	expect_verdict(d, RP_ADVICE_SUPPORTED, "%d", d.verdict);
	d = decide("warm-up", "jax", "first", 1.1 - EPS, "warm", 1.0, "unb",
	    0.1, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "no_cold");
	d = decide("warm-up", "jax", "first", 1.1, "warm", 1.0, "unb",
	    0.1 + EPS, (char *)NULL);
	cr_expect_str_eq(d.note, "no_async");
	d = decide("warm-up", "jax", "first", 1.0, "warm", 1.0, "unb", 1.0,
	    (char *)NULL);
	expect_verdict(d, RP_ADVICE_NOT_SUPPORTED, "%d", d.verdict);
}

/* Compiling makes half the swing on a log scale or more: the swings are
 * compilation's; less: a nuance. A jaxpr the same: no overhead. */
Test(report_advice, jax_compile_rules)
{
	expect_verdict(decide("recompile", "jax", "span", 100.0, "comp", 10.0,
			   (char *)NULL),
	    RP_ADVICE_SUPPORTED);
	rp_advice_decision_t d = decide("recompile", "jax", "span", 100.0,
	    "comp", 10.0 - 1e-3, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE, "%d", d.verdict);
	cr_expect_str_eq(d.note, "mostly_unwaited");
	expect_verdict(decide("recompile", "jax", "span", 100.0, "comp",
			   1.1 - EPS, (char *)NULL),
	    RP_ADVICE_NOT_SUPPORTED);
	expect_verdict(decide("embed-jit", "jax", "same", 1.0, (char *)NULL),
	    RP_ADVICE_NOT_SUPPORTED);
	expect_verdict(decide("jit-scope", "jax", "same", 0.0, (char *)NULL),
	    RP_ADVICE_MISSING);
	expect_verdict(decide("profiler", "jax", "spans", 10.0, "counters", 1.0,
			   (char *)NULL),
	    RP_ADVICE_SUPPORTED);
	d = decide(
	    "profiler", "jax", "spans", 10.0, "counters", 0.0, (char *)NULL);
	expect_verdict(d, RP_ADVICE_NUANCE);
	cr_expect_str_eq(d.note, "no_memory");
}

/* ---- the table ---- */

/* A value that was not measured never supports advice, on either side. */
Test(report_advice, missing_values_never_support)
{
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_side_t *sides[] = {
		    &rp_advice[i].c, &rp_advice[i].jax};
		for (int k = 0; k < 2; k++) {
			rp_vals_t none = {.n = 0};
			rp_advice_decision_t d =
			    rp_advice_decide(sides[k], &none);
			cr_expect(d.verdict != RP_ADVICE_SUPPORTED &&
				d.verdict != RP_ADVICE_NUANCE,
			    "%s side %d with no values: %s", rp_advice[i].id, k,
			    rp_advice_word(d.verdict));
			cr_expect(
			    d.note != NULL, "%s: NULL note", rp_advice[i].id);
		}
	}
}

/* Every row is graded on both sides, cites declared figures, has a
 * unique id, and declares the kinds of the values its words quote. */
Test(report_advice, every_row_graded_on_both_sides)
{
	cr_assert(rp_advice_count > 0);
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		const rp_advice_side_t *sides[] = {&a->c, &a->jax};
		for (int k = 0; k < 2; k++)
			cr_expect((sides[k]->source != RP_ADVICE_OWN ||
				      sides[k]->measure != NULL) &&
				(sides[k]->rules != NULL ||
				    sides[k]->decide != NULL),
			    "row %s lacks side %d", a->id, k);
		cr_expect(a->figures[0].what != NULL, "%s cites none", a->id);
		for (int k = 0; k < RP_ADVICE_FIGS && a->figures[k].what; k++) {
			const char *name = rp_workload_fig(
			    rp_workload_question(a->figures[k].of),
			    a->figures[k].what);
			cr_expect(rp_figure_find(name) != NULL,
			    "%s cites '%s', not declared", a->id, name);
		}
		cr_expect_eq(rp_advice_find(a->id), a, "id %s twice", a->id);
		cr_expect(a->c.values != NULL && a->c.values[0].name != NULL,
		    "%s", a->id);
		cr_expect(
		    a->jax.values != NULL && a->jax.values[0].name != NULL,
		    "%s", a->id);
	}
}

/* The answer is JAX's where JAX decides, C's otherwise. */
Test(report_advice, the_answer_is_jax_where_jax_decides)
{
	int by;

	cr_expect_eq(
	    rp_advice_final(RP_ADVICE_SUPPORTED, RP_ADVICE_NOT_SUPPORTED, &by),
	    RP_ADVICE_NOT_SUPPORTED);
	cr_expect_eq(by, 1);
	cr_expect_eq(
	    rp_advice_final(RP_ADVICE_NUANCE, RP_ADVICE_UNDECIDED, &by),
	    RP_ADVICE_UNDECIDED);
	cr_expect_eq(by, 1);
	cr_expect_eq(
	    rp_advice_final(RP_ADVICE_SUPPORTED, RP_ADVICE_MISSING, &by),
	    RP_ADVICE_SUPPORTED);
	cr_expect_eq(by, 0);
	cr_expect_eq(rp_advice_final(RP_ADVICE_CANNOT, RP_ADVICE_CANNOT, &by),
	    RP_ADVICE_CANNOT);
	cr_expect_eq(by, 0);
}

Test(report_text, a_later_value_replaces_an_earlier_one)
{
	rp_vals_t x = {.n = 0};

	rp_vals_num(&x, "a", 1.0);
	rp_vals_str(&x, "s", "one");
	rp_vals_num(&x, "a", 2.0);
	rp_vals_str(&x, "s", "two");
	cr_expect_eq(x.n, 2);
	cr_expect_eq(rp_vals_get(&x, "a"), 2.0);
	cr_expect_str_eq(rp_vals_get_str(&x, "s"), "two");
	cr_expect(isnan(rp_vals_get(&x, "s")));
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

/* ---- the facts of crafted data ---- */

/* An interp main run: variant, peak workspace, its timed repeats. */
#define MAIN(v, peak, samples)                                                 \
	"{\"workload\":\"interp\",\"variant\":\"" v "\",\"status\":\"ok\","    \
	"\"params\":{\"n\":1000,\"m\":100},\"memory\":"                        \
	"{\"peak_workspace_bytes\":" peak "},\"time_s\":{\"median\":1,"        \
	"\"samples\":[" samples "]},\"machine\":{\"allocator\":"               \
	"\"jemalloc\"}}\n"

/* The advice's facts of the data in dir, after the JAX questions' and the
 * JAX speed section's facts that it reads, as report.c computes them. */
static void
facts_of(rp_report_t *R, const char *dir)
{
	char msg[256] = "";

	memset(R, 0, sizeof(*R));
	cr_assert_eq(
	    rp_data_load(&R->data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R->facts), 0);
	rp_jax_programs_question_facts(R);
	rp_jax_speed_facts(R);
	rp_advice_facts(R);
	rp_lesson_advice_facts(R);
}

/* dir (a mkdtemp template) made, with one main run of materialized: the
 * data folder the JAX-side tests add their files to. */
static void
one_run_dir(char *dir)
{
	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(
	    dir, "interp-main.jsonl", MAIN("materialized", "1e9", "1.0"));
}

static const char *
fact_str(const rp_report_t *R, const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

/* Fused's repeats a little faster than materialized's but inside their
 * spread: the fuse advice is not decided at this noise, with the spread
 * stated; the same medians with the spread taken out: supported. Every
 * row has its verdicts; a JAX side without its runs is "missing" and the
 * answer is then C's. */
Test(report_advice, facts_hold_still_inside_the_noise)
{
	char dir[64] = "/tmp/fb_rp_advice_XXXXXX", cmd[96];
	rp_report_t R;

	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(dir, "interp-main.jsonl",
	    MAIN("materialized", "1e9", "1.0,0.8,1.2,0.9,1.1")
		MAIN("fused", "1e6", "0.95,0.75,1.15,0.85,1.05"));
	facts_of(&R, dir);
	cr_expect_str_eq(fact_str(&R, "advice.fuse.c.verdict"), "undecided");
	cr_expect_str_eq(fact_str(&R, "advice.fuse.c.note"), "time_undecided");
	/* The wider spread: fused's, 0.4 over its median 0.95. */
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "advice.fuse.c.faster_spread"), 0.4 / 0.95,
	    1e-9);
	cr_expect(isnan(rp_facts_num(&R.facts, "advice.fuse.c.faster")));
	cr_expect_str_eq(fact_str(&R, "advice.fuse.jax.verdict"), "missing");
	cr_expect_str_eq(fact_str(&R, "advice.fuse.jax.why"), "no_jax_run");
	cr_expect_str_eq(
	    fact_str(&R, "advice.fuse.jax.what"), "interp/question");
	cr_expect_str_eq(fact_str(&R, "advice.fuse.verdict"), "undecided");
	cr_expect_str_eq(fact_str(&R, "advice.fuse.by"), "c");
	/* A JAX side whose file is missing says so, not that a part of it
	 * is (the colony step's kept pages read jax-keep.json). */
	cr_expect_str_eq(fact_str(&R, "advice.cause_n2.jax.why"), "no_file");
	cr_expect_str_eq(
	    fact_str(&R, "advice.cause_n2.jax.what"), "jax-keep.json");
	for (size_t i = 0; i < rp_advice_count; i++) {
		char name[96], id[64];
		snprintf(id, sizeof(id), "%s", rp_advice[i].id);
		rp_facts_name_clean(id);
		snprintf(name, sizeof(name), "advice.%s.verdict", id);
		cr_expect(fact_str(&R, name) != NULL, "%s", name);
	}
	cr_expect_eq(R.facts.duplicates, 0);
	rp_facts_free(&R.facts);
	rp_data_free(&R.data);

	fb_write_file(dir, "interp-main.jsonl",
	    MAIN("materialized", "1e9", "1.0,0.998,1.002,0.999,1.001")
		MAIN("fused", "1e6", "0.5,0.499,0.501,0.4995,0.5005"));
	facts_of(&R, dir);
	cr_expect_str_eq(fact_str(&R, "advice.fuse.c.verdict"), "supported");
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "advice.fuse.c.faster"), 1.0, 1e-12);
	cr_expect(rp_facts_num(&R.facts, "advice.fuse.c.faster_lo") > 1.9);
	rp_facts_free(&R.facts);
	rp_data_free(&R.data);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* colony's jaxpr comparison (jax-jaxpr-colony.json), as the JAX section's
 * facts hold it: the two scope advices' JAX side is missing without the
 * file, with the file named; refuted when both the arithmetic and the
 * compiled instructions are the same; not decided by the jaxprs alone
 * when the instructions differ. The equations are the arithmetic's. */
Test(report_advice, scope_read_from_the_jaxpr_facts)
{
	char dir[64] = "/tmp/fb_rp_advice_XXXXXX", cmd[96];
	static const char jaxpr[] =
	    "{\"a\":\"double_vmap_step\",\"b\":\"per_particle_step\","
	    "\"same_arithmetic\":true,\"arithmetic_eqns\":{"
	    "\"double_vmap_step\":167,\"per_particle_step\":160},"
	    "\"compiled\":{\"same_instructions\":%s}}\n";
	char text[sizeof(jaxpr) + 8];
	rp_report_t R;

	one_run_dir(dir);
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.embed_jit.jax.verdict"), "missing");
	cr_expect_str_eq(fact_str(&R, "advice.embed_jit.jax.why"), "no_file");
	cr_expect_str_eq(
	    fact_str(&R, "advice.jit_scope.jax.what"), "jax-jaxpr-colony.json");
	rp_report_free(&R);

	snprintf(text, sizeof(text), jaxpr, "true");
	fb_write_file(dir, "jax-jaxpr-colony.json", text);
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.embed_jit.jax.verdict"), "not_supported");
	cr_expect_str_eq(
	    fact_str(&R, "advice.embed_jit.jax.note"), "same_program");
	cr_expect_eq(rp_facts_num(&R.facts, "advice.embed_jit.jax.eq_a"), 167);
	cr_expect_eq(rp_facts_num(&R.facts, "advice.jit_scope.jax.eq_b"), 160);
	cr_expect_eq(R.facts.duplicates, 0);
	rp_report_free(&R);

	snprintf(text, sizeof(text), jaxpr, "false");
	fb_write_file(dir, "jax-jaxpr-colony.json", text);
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.jit_scope.jax.verdict"), "missing");
	cr_expect_str_eq(fact_str(&R, "advice.jit_scope.jax.why"), "");
	rp_report_free(&R);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* The recompile advice's JAX side: missing with the file named while
 * jax-protocol.json or jax-compiles.json is absent, with the part named
 * while the file lacks it (the swing, the compiles); with both, decided by
 * the swing's factors: compiling (the costlier of the first call's and a
 * new bound's) makes half the span on a log scale, supported. */
Test(report_advice, recompile_says_which_file_or_part_is_missing)
{
	static const struct {
		const char *file, *text, *why, *what;
	} steps[] = {
	    {"interp-main.jsonl", MAIN("materialized", "1e9", "1.0"), "no_file",
		"jax-protocol.json"},
	    {"jax-protocol.json", "{\"question\":{}}\n", "no_part",
		"jax-protocol.json: swing"},
	    {"jax-protocol.json",
		"{\"swing\":{\"n\":512,\"span\":50,\"factors\":{"
		"\"waited_over_unwaited\":5,\"first_over_waited\":4,"
		"\"new_bound_over_waited\":10}}}\n",
		"no_file", "jax-compiles.json"},
	    {"jax-compiles.json", "{\"n\":64}\n", "no_part",
		"jax-compiles.json: compiles"},
	    {"jax-compiles.json",
		"{\"compiles\":{\"second_shape\":[{\"compiles\":1},"
		"{\"compiles\":0},{\"compiles\":1},{\"compiles\":0}]}}\n",
		"", ""},
	};
	char dir[64] = "/tmp/fb_rp_advice_XXXXXX", cmd[96];
	rp_report_t R;

	cr_assert(mkdtemp(dir) != NULL);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		fb_write_file(dir, steps[i].file, steps[i].text);
		facts_of(&R, dir);
		cr_expect_str_eq(fact_str(&R, "advice.recompile.jax.why"),
		    steps[i].why, "step %zu", i);
		cr_expect_str_eq(fact_str(&R, "advice.recompile.jax.what"),
		    steps[i].what, "step %zu", i);
		cr_expect_str_eq(fact_str(&R, "advice.recompile.jax.verdict"),
		    steps[i].why[0] != '\0' ? "missing" : "supported",
		    "step %zu", i);
		rp_report_free(&R);
	}
	facts_of(&R, dir);
	cr_expect_eq(
	    rp_facts_num(&R.facts, "advice.recompile.jax.shape_new"), 1);
	cr_expect_eq(
	    rp_facts_num(&R.facts, "advice.recompile.jax.shape_again"), 0);
	cr_expect_eq(R.facts.duplicates, 0);
	rp_report_free(&R);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* A JAX time claim without its verdict is no answer: the side is
 * missing, with jax-verdicts.json named when the data lacks it and the
 * pair named when the file lacks its row, not "not decided at this
 * noise"; a claim on an optional program the data lacks (colony's
 * step_eager) is not decided, and the rules do without it. */
Test(report_advice, a_missing_verdict_is_missing_not_undecided)
{
/* jax-verdicts.json's loop against fori row, fori faster, and the rest
 * of the row (its closing brace at least). */
#define LOOP_FORI(rest)                                                        \
	"{\"rows\":[{\"workload\":\"colony\",\"first\":\"loop\","              \
	"\"second\":\"fori\",\"by_cpu\":{\"verdict\":\"second is faster\","    \
	"\"interval\":[0.5,0.8],\"spread\":[0.01,0.02]}" rest
#define JAX_RUN(p)                                                             \
	"{\"workload\":\"colony\",\"variant\":\"" p "\",\"status\":\"ok\","    \
	"\"params\":{\"n\":64,\"steps\":10}}\n"
	char dir[64] = "/tmp/fb_rp_advice_XXXXXX", cmd[96];
	rp_report_t R;

	one_run_dir(dir);
	fb_write_file(dir, "jax-colony.jsonl",
	    JAX_RUN("loop") JAX_RUN("fori") JAX_RUN("step"));
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.verdict"), "missing");
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.why"), "no_file");
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.what"), "jax-verdicts.json");
	/* The lesson's "what fori_loop saves" reads that side: unmeasured,
	 * not undecided. */
	cr_expect_str_eq(fact_str(&R, "lesson.speed.fori_saved"), "unmeasured");
	rp_report_free(&R);

	fb_write_file(dir, "jax-verdicts.json", "{\"rows\":[]}\n");
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.verdict"), "missing");
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.why"), "no_part");
	cr_expect_str_eq(fact_str(&R, "advice.compile_loop.jax.what"),
	    "jax-verdicts.json: colony loop against fori");
	rp_report_free(&R);

	fb_write_file(dir, "jax-verdicts.json", LOOP_FORI("}") "]}\n");
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.verdict"), "supported");
	cr_expect_eq(rp_facts_num(&R.facts, "advice.compile_loop.jax.fori"), 1);
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "advice.compile_loop.jax.fori_lo"), 1.25,
	    1e-12);
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "advice.compile_loop.jax.fori_spread"), 0.02,
	    1e-12);
	cr_expect(
	    isnan(rp_facts_num(&R.facts, "advice.compile_loop.jax.jit_step")));
	rp_report_free(&R);

	/* Two processes: where the row has the verdict beyond the process
	 * noise, the claim is that one (here not decided at a 20% margin). */
	fb_write_file(dir, "jax-verdicts.json",
	    LOOP_FORI(",\"by_cpu_beyond_process_noise\":{\"verdict\":"
		      "\"not decided at this noise\",\"interval\":[0.5,1.3],"
		      "\"margin\":0.2,\"samples\":[5,5],"
		      "\"spread\":[0.01,0.02]}}") "]}\n");
	facts_of(&R, dir);
	cr_expect(
	    isnan(rp_facts_num(&R.facts, "advice.compile_loop.jax.fori")));
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.verdict"), "undecided");
	rp_report_free(&R);

	/* With the freed pages kept: the Python loop faster by the kept
	 * runs' samples, the saving was the faults (the nuance); not decided
	 * by its word but with the interval excluding fori_loop faster beyond
	 * the margin (the committed data's 1.091 [1.020, 1.197]), the same;
	 * an interval that reaches past the margin, or 2 calls a side, which
	 * no U test can decide at 95%: not decided. */
	static const struct {
		const char *word;
		double lo, hi;
		int n;
		const char *verdict, *note;
		double kept; /* the claim's value; NAN: not decided */
	} kept[] = {
	    {"first is faster", 1.12, 1.3, 5, "nuance", "pages_alone", 0},
	    {"not decided at this noise", 1.02, 1.197, 5, "nuance",
		"pages_alone", 0},
	    /* Its speed-up reaches 1 / 0.95 = 1.053, over 1 but short of
	     * the margin: no all the same. */
	    {"not decided at this noise", 0.95, 1.05, 5, "nuance",
		"pages_alone", 0},
	    {"not decided at this noise", 0.85, 1.05, 5, "undecided",
		"pages_undecided", NAN},
	    {"not decided at this noise", 1.02, 1.197, 2, "undecided",
		"pages_undecided", NAN},
	};
	for (size_t k = 0; k < sizeof(kept) / sizeof(kept[0]); k++) {
		char text[512];

		snprintf(text, sizeof(text),
		    LOOP_FORI(",\"by_cpu_kept\":{\"jemalloc-keep\":{"
			      "\"verdict\":\"%s\",\"interval\":[%g,%g],"
			      "\"margin\":0.1,\"samples\":[%d,%d],"
			      "\"spread\":[0.1,0.1]}}}") "]}\n",
		    kept[k].word, kept[k].lo, kept[k].hi, kept[k].n, kept[k].n);
		fb_write_file(dir, "jax-verdicts.json", text);
		facts_of(&R, dir);
		cr_expect_str_eq(
		    fact_str(&R, "advice.compile_loop.jax.verdict"),
		    kept[k].verdict, "case %zu", k);
		cr_expect_str_eq(fact_str(&R, "advice.compile_loop.jax.note"),
		    kept[k].note, "case %zu", k);
		cr_expect(isnan(kept[k].kept)
			? isnan(rp_facts_num(
			      &R.facts, "advice.compile_loop.jax.kept"))
			: rp_facts_num(&R.facts,
			      "advice.compile_loop.jax.kept") == kept[k].kept,
		    "case %zu", k);
		/* The interval is fori_loop's speed-up: 1 / the ratio's. */
		cr_expect_float_eq(
		    rp_facts_num(&R.facts, "advice.compile_loop.jax.kept_hi"),
		    1 / kept[k].lo, 1e-12, "case %zu", k);
		rp_report_free(&R);
	}
	/* A kept verdict too few samples made (null) is no kept verdict:
	 * the default runs' claim alone. */
	fb_write_file(dir, "jax-verdicts.json",
	    LOOP_FORI(",\"by_cpu_kept\":{\"jemalloc-keep\":null}}") "]}\n");
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.compile_loop.jax.verdict"), "supported");
	rp_report_free(&R);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
#undef JAX_RUN
#undef LOOP_FORI
}

/* A claim only shown beside the rules (stop_gradient's two call timings)
 * is not decided without its verdict, and the side is still decided by
 * its memory; its interval is no number, not an infinite one. */
Test(report_advice, a_shown_claim_without_its_verdict_is_not_decided)
{
	char dir[64] = "/tmp/fb_rp_advice_XXXXXX", cmd[96];
	rp_report_t R;

	one_run_dir(dir);
	fb_write_file(dir, "jax-protocol.json",
	    "{\"stop_gradient\":{\"n\":1000,\"m\":10,\"temp_bytes_with\":100,"
	    "\"temp_bytes_without\":100,\"stop_gradient_eqns\":1}}\n");
	facts_of(&R, dir);
	cr_expect_str_eq(
	    fact_str(&R, "advice.stop_gradient.jax.verdict"), "supported");
	cr_expect(
	    isnan(rp_facts_num(&R.facts, "advice.stop_gradient.jax.unjitted")));
	cr_expect(isnan(
	    rp_facts_num(&R.facts, "advice.stop_gradient.jax.unjitted_hi")));
	rp_report_free(&R);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}
