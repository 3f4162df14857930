/*
 * Unit tests of the facts of the notebook's parts, interp and colony
 * (reports/rp_interp.c, rp_colony.c), from runs made here: the speed-ups
 * against the registration's baseline, why a variant has no main run,
 * which runs the noise band (the reference runs and each run's own
 * workload's main sets) and the repeated op-by-op timing are read from,
 * the notes made in the order the template prints them, and where
 * colony's steepest slope stands against its first faulting size.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fb_data_dir.h"
#include "rp_colony.h"
#include "rp_interp.h"
#include "rp_workloads.h"

static rp_report_t *R;

static void
setup(void)
{
	R = fb_report_new();
}

static void
teardown(void)
{
	fb_report_delete(R);
}

TestSuite(report_parts, .init = setup, .fini = teardown);

/* One run of WORKLOAD/VARIANT in SET at N: its median, timed repeats,
 * status and minor faults a run of `steps` steps. */
static void
add_run(const char *set, const char *w, const char *v, double n, double median,
    int repeats, const char *status, double faults)
{
	json_array_append_new(R->data.runs,
	    json_pack("{s:s, s:s, s:s, s:s, s:s, s:{s:f, s:i}, "
		      "s:{s:f, s:f, s:i}, s:{s:f}}",
		"_set", set, "workload", w, "variant", v, "status", status,
		"reason", "out of memory", "params", "n", n, "steps", 4,
		"time_s", "median", median, "cold", median, "repeats", repeats,
		"memory", "minor_faults", faults));
}

static const char *
text_of(const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&R->facts, name), "text"));
}

static const char *
str_of(const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

static int
is_true(const char *name)
{
	return json_is_true(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

/* Speed-ups are over the registration's baseline; a variant whose main
 * run failed says why; the noise band is read at the fastest and the
 * slowest main runs timed twice or more (eager, timed once, is neither);
 * eager's repeats are those at the largest N timed more than once. */
Test(report_parts, interp_rows_noise_and_repeats)
{
	const rp_workload_t *w = rp_workload_find("interp");

	add_run("interp-main", "interp", "eager", 1e6, 50, 0, "ok", 0);
	add_run("interp-main", "interp", "materialized", 1e6, 2, 10, "ok", 0);
	add_run("interp-main", "interp", "fused", 1e6, 0.5, 10, "ok", 0);
	add_run("interp-main", "interp", "sorted", 1e6, 0.02, 3, "ok", 0);
	add_run("interp-main", "interp", "tiled", 1e6, 0, 0, "failed", 0);
	add_run("interp-scale", "interp", "eager", 1e3, 0.1, 3, "ok", 0);
	add_run("interp-scale", "interp", "eager", 1e4, 1, 3, "ok", 0);
	add_run("interp-scale", "interp", "eager", 1e5, 10, 1, "ok", 0);
	add_run("interp-seed", "interp", "fused", 1e6, 0.25, 2, "ok", 0);
	rp_interp_facts(R, w);

	cr_expect_str_eq(str_of("part.interp.baseline"), w->baseline);
	cr_expect_float_eq(
	    rp_facts_num(&R->facts, "part.interp.fused.speedup"), 4, 1e-9);
	cr_expect_float_eq(
	    rp_facts_num(&R->facts, "part.interp.eager.speedup"), 0.04, 1e-9);
	cr_expect_str_eq(text_of("part.interp.tiled.missing"),
	    "interp/tiled was failed: out of memory");
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&R->facts, "part.interp.fused.missing"), "value")));
	cr_expect_str_eq(str_of("part.interp.noise.fast.variant"), "sorted");
	cr_expect_str_eq(
	    str_of("part.interp.noise.slow.variant"), "materialized");
	cr_expect(is_true("part.interp.repeated.present"));
	cr_expect_eq(rp_facts_num(&R->facts, "part.interp.repeated.n"), 1e4);
	/* Eager at 1e6 has its cold run alone (repeats 0), whose time is
	 * its median: 50 s in all, not the cold run counted twice. */
	cr_expect_eq(
	    rp_facts_num(&R->facts, "part.interp.repeated.main_repeats"), 0);
	cr_expect_str_eq(text_of("part.interp.repeated.main_total"), "50 s");
	cr_expect_float_eq(
	    rp_facts_num(&R->facts, "part.interp.fused.over_random"), 0.5,
	    1e-9);
	cr_expect(is_true("part.interp.seed.present"));
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&R->facts, "part.interp.allocators.n"), "value")));
	cr_expect_eq(R->facts.duplicates, 0);
}

/* The notes are made in the order the template prints them: the
 * simulator's (Table 1s) before the peaks' and then the intervals'. */
Test(report_parts, interp_notes_in_printed_order)
{
	add_run("interp-main", "interp", "fused", 1e6, 0.5, 10, "ok", 0);
	rp_interp_facts(R, rp_workload_find("interp"));

	cr_expect_str_eq(
	    str_of("part.interp.cachesim.note"), "[note 1](#note-1)");
	cr_expect_str_eq(str_of("part.interp.note.peaks"), "[note 2](#note-2)");
	cr_expect_str_eq(
	    str_of("part.interp.note.intervals"), "[note 3](#note-3)");
	/* Each note is its key; notes.md.j2 words it. */
	cr_expect_str_eq(
	    json_string_value(json_array_get(R->notes, 0)), "cachesim");
	cr_expect_str_eq(
	    json_string_value(json_array_get(R->notes, 1)), "peak_grain");
	cr_expect_str_eq(
	    json_string_value(json_array_get(R->notes, 2)), "intervals");
	/* No figure was drawn here: it says so, and makes no note. */
	cr_expect(!is_true("part.interp.figure.memory.drawn"));
	cr_expect_str_eq(
	    str_of("part.interp.figure.memory.cite"), "Figure (not drawn)");
	cr_expect_eq(json_array_size(R->notes), 3);
}

/* Eager timed after its cold run: "in all" is the cold run and the timed
 * runs summed (70 + 40 + 50 + 90 s), not the median times their count
 * (70 + 3 x 50). */
Test(report_parts, eager_in_all_is_its_runs_summed)
{
	json_array_append_new(R->data.runs,
	    json_pack("{s:s, s:s, s:s, s:s, s:{s:f}, s:{s:f, s:f, s:i, "
		      "s:[f, f, f]}}",
		"_set", "interp-main", "workload", "interp", "variant", "eager",
		"status", "ok", "params", "n", 1e6, "time_s", "median", 50.0,
		"cold", 70.0, "repeats", 3, "samples", 40.0, 50.0, 90.0));
	rp_interp_facts(R, rp_workload_find("interp"));
	cr_expect_float_eq(
	    rp_facts_num(&R->facts, "part.interp.repeated.main_total"), 250,
	    1e-9);
}

/* Colony's time figure with the baseline's times at five sizes, its
 * steepest local slope between the first two. */
static void
colony_time_plot(void)
{
	const rp_workload_t *w = rp_workload_find("colony");
	rp_plot_t *P =
	    (rp_plot_t *)rp_report_plot(R, rp_workload_fig(w, "time"));
	double n[] = {512, 1024, 2048, 4096, 8192};
	double t[] = {2.98e-4, 4.57e-3, 3.42e-2, 1.36e-1, 5.76e-1};
	rp_block_t *b;

	cr_assert(P != NULL);
	P->fig = rp_figure_find(rp_workload_fig(w, "time"));
	b = rp_figure_block_add(P, 0, w->baseline);
	cr_assert(b != NULL);
	for (int i = 0; i < 5; i++) {
		rp_row_t *r = rp_figure_row_add(b);
		cr_assert(r != NULL);
		r->v[0] = n[i], r->v[1] = t[i];
	}
}

/* Where the baseline's steps begin to fault (16 pages a step or more)
 * is where its slope is steepest, or is not: the decision follows the
 * scaling sweep's faults. */
Test(report_parts, colony_steepest_slope_against_faults)
{
	const rp_workload_t *w = rp_workload_find("colony");

	colony_time_plot();
	add_run("colony-main", "colony", "naive", 4096, 0.6, 10, "ok", 0);
	add_run("colony-main", "colony", "fused", 4096, 0.05, 10, "ok", 0);
	add_run("colony-scale", "colony", w->baseline, 512, 1, 3, "ok", 4);
	add_run("colony-scale", "colony", w->baseline, 1024, 1, 3, "ok", 80);
	rp_colony_facts(R, w);
	cr_expect(is_true("part.colony.steepest.present"));
	cr_expect_eq(rp_facts_num(&R->facts, "part.colony.steepest.from"), 512);
	cr_expect_eq(rp_facts_num(&R->facts, "part.colony.steepest.to"), 1024);
	cr_expect(is_true("part.colony.steepest.at_faults"));
	cr_expect_float_eq(
	    rp_facts_num(&R->facts, "part.colony.fused.speedup"), 12, 1e-9);
	cr_expect_eq(rp_facts_num(&R->facts, "part.colony.spread.count"), 0);
	cr_expect_eq(R->facts.duplicates, 0);

	/* Faults from N=2048 on: not where the slope is steepest. */
	rp_facts_free(&R->facts);
	cr_assert_eq(rp_facts_init(&R->facts), 0);
	json_array_clear(R->data.runs);
	add_run("colony-main", "colony", "naive", 4096, 0.6, 10, "ok", 0);
	add_run("colony-scale", "colony", w->baseline, 1024, 1, 3, "ok", 8);
	add_run("colony-scale", "colony", w->baseline, 2048, 1, 3, "ok", 80);
	rp_colony_facts(R, w);
	cr_expect(!is_true("part.colony.steepest.at_faults"));
	cr_expect_eq(
	    rp_facts_num(&R->facts, "part.colony.steepest.faults_from"), 2048);
}

/* One run of toy/a in set timed five times, at 1 s, or with spread at
 * 0.5 s and 1.5 s for two of them. */
static void
add_timed(const char *set, int spread)
{
	double lo = spread ? 0.5 : 1, hi = spread ? 1.5 : 1;

	json_array_append_new(R->data.runs,
	    json_pack("{s:s, s:s, s:s, s:s, s:{s:f, s:i, s:[f, f, f, f, f]}}",
		"_set", set, "workload", "toy", "variant", "a", "status", "ok",
		"time_s", "median", 1.0, "repeats", 5, "samples", lo, 1.0, 1.0,
		1.0, hi));
}

/* The noise band is read from the reference runs and from each run's own
 * workload's main sets (RP_DATA_MAIN_SETS, toy-main*): toy's runs in
 * interp's main set and in a set that only holds "-main" are neither. */
Test(report_parts, noise_from_a_runs_own_main_sets)
{
	add_timed("noise", 0);
	add_timed("toy-main", 0);
	add_timed("interp-main", 1);
	add_timed("jax-c-main", 1);
	cr_expect_eq(rp_report_noise_at(&R->data, 1.0), 0.0, "%g",
	    rp_report_noise_at(&R->data, 1.0));
}
