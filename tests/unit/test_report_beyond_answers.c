/*
 * Unit tests of "Beyond the answers, measured" (reports/rp_beyond_answers):
 * the L1 rule at and beside its factor; the facts of the committed data
 * against its runs; a data folder without the section's runs, each part
 * marked not measured with the reason.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_beyond_answers.h"
#include "rp_figure.h"

Test(report_beyond_answers, keeps_l1_at_and_beside_its_factor)
{
	/* The committed data: 0.0129 against 0.26 misses a pair. */
	cr_expect(rp_beyond_keeps_l1(0.0129, 0.26));
	cr_expect(rp_beyond_keeps_l1(0.26 / RP_BEYOND_L1_FACTOR, 0.26));
	cr_expect(!rp_beyond_keeps_l1(0.0261, 0.26));
	cr_expect(!rp_beyond_keeps_l1(NAN, 0.26));
	cr_expect(!rp_beyond_keeps_l1(0.01, NAN));
}

static int
is_true(const rp_report_t *R, const char *name)
{
	return json_is_true(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

static const char *
str_of(const rp_report_t *R, const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

/* The largest N of the scaling sweep where naive and cells both ran (in
 * the same set), by two plain loops. */
static double
largest_n_of_both(const rp_data_t *D)
{
	double best = NAN;

	for (size_t i = 0; i < json_array_size(D->runs); i++) {
		const json_t *a = json_array_get(D->runs, i);
		if (strncmp(rp_str(a, "_set"), "colony-scale", 12) != 0 ||
		    strcmp(rp_str(a, "variant"), "naive") != 0)
			continue;
		for (size_t k = 0; k < json_array_size(D->runs); k++) {
			const json_t *b = json_array_get(D->runs, k);
			if (strcmp(rp_str(b, "_set"), rp_str(a, "_set")) == 0 &&
			    strcmp(rp_str(b, "variant"), "cells") == 0 &&
			    rp_num(b, "params.n") == rp_num(a, "params.n") &&
			    !(rp_num(a, "params.n") <= best))
				best = rp_num(a, "params.n");
		}
	}
	return best;
}

#define NUM(name) rp_facts_num(&R.facts, "beyond_the_answers." name)

Test(report_beyond_answers, committed_data_against_its_runs)
{
	static rp_report_t R;
	char msg[512] = "";
	const json_t *hoi, *fus, *srt;

	if (access("reports/data/interp-main.jsonl", R_OK) != 0)
		cr_skip_test("run from the repository root");
	memset(&R, 0, sizeof(R));
	cr_assert_eq(rp_data_load(&R.data, "reports/data", msg, sizeof(msg)), 0,
	    "%s", msg);
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS; i++)
		rp_figure_collect(&R.data, &rp_figures[i], &R.plots[i]);
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_beyond_answers_facts(&R);
	hoi = rp_data_main_run(&R.data, "interp", "hoisted");
	fus = rp_data_main_run(&R.data, "interp", "fused");
	srt = rp_data_main_run(&R.data, "interp", "sorted");
	cr_assert(hoi != NULL && fus != NULL && srt != NULL);
	cr_expect(is_true(&R, "beyond_the_answers.grid.measured"));
	cr_expect_null(str_of(&R, "beyond_the_answers.grid.why_missing"));
	cr_expect_float_eq(NUM("grid.speedup"),
	    rp_num(fus, "time_s.median") / rp_num(hoi, "time_s.median"), 1e-12);
	cr_expect_float_eq(NUM("grid.sorted_speedup"),
	    rp_num(hoi, "time_s.median") / rp_num(srt, "time_s.median"), 1e-12);
	cr_expect(is_true(&R, "beyond_the_answers.grid.sorted_keeps_l1"));
	/* The words look the variants up by these names: the ones whose
	 * runs the speed-ups above divide. */
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.grid.variant"), "hoisted");
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.grid.against"), "fused");
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.grid.sorted_variant"), "sorted");
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.cell_lists.variant"), "cells");
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.cell_lists.against"), "fused");
	cr_expect_str_eq(
	    str_of(&R, "beyond_the_answers.cell_lists.big_against"), "naive");
	/* Cells: fitted exponents near 1 and 2, and the largest N of the
	 * scaling sweep where naive and cells both ran. */
	cr_expect(is_true(&R, "beyond_the_answers.cell_lists.measured"));
	cr_expect(fabs(NUM("cell_lists.exponent") - 1) < 0.3, "%g",
	    NUM("cell_lists.exponent"));
	cr_expect(fabs(NUM("cell_lists.baseline_exponent") - 2) < 0.3, "%g",
	    NUM("cell_lists.baseline_exponent"));
	cr_expect_eq(NUM("cell_lists.big_n"), largest_n_of_both(&R.data));
	cr_expect_float_eq(NUM("cell_lists.big_speedup"),
	    NUM("cell_lists.big_naive_step") / NUM("cell_lists.big_cells_step"),
	    1e-12);
	/* The allocator: both spread runs, and the pages of the workspace. */
	cr_expect(is_true(&R, "beyond_the_answers.allocator.measured"));
	cr_expect_float_eq(NUM("allocator.workspace_pages"),
	    NUM("allocator.workspace") / 4096, 1e-9);
	cr_expect(
	    is_true(&R, "beyond_the_answers.allocator.jemalloc.policy_stated"));
	cr_expect_eq(R.facts.duplicates, 0);
	rp_report_free(&R);
}

/* The section's facts of a data folder with one interp main run, of
 * variant v, in dir (made here; the caller removes it). */
static void
one_run_facts(rp_report_t *R, char *dir, size_t len, const char *v)
{
	char msg[256] = "", run[512];

	memset(R, 0, sizeof(*R));
	snprintf(dir, len, "/tmp/fb_rp_beyond_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(run, sizeof(run),
	    "{\"workload\":\"interp\",\"variant\":\"%s\",\"status\":\"ok\","
	    "\"params\":{\"n\":1000,\"m\":10},\"time_s\":{\"median\":1.0},"
	    "\"memory\":{\"peak_workspace_bytes\":0},\"machine\":"
	    "{\"allocator\":\"jemalloc 5.3\"}}\n",
	    v);
	fb_write_file(dir, "interp-main.jsonl", run);
	cr_assert_eq(
	    rp_data_load(&R->data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R->facts), 0);
	rp_beyond_answers_facts(R);
}

static void
remove_dir(const char *dir)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(report_beyond_answers, missing_runs_say_why)
{
	static rp_report_t R;
	char dir[64];

	one_run_facts(&R, dir, sizeof(dir), "fused");
	cr_expect(!is_true(&R, "beyond_the_answers.grid.measured"));
	cr_expect(strstr(str_of(&R, "beyond_the_answers.grid.why_missing"),
		      "hoisted") != NULL,
	    "%s", str_of(&R, "beyond_the_answers.grid.why_missing"));
	cr_expect(!is_true(&R, "beyond_the_answers.cell_lists.measured"));
	cr_expect_not_null(
	    str_of(&R, "beyond_the_answers.cell_lists.why_missing"));
	cr_expect(!is_true(&R, "beyond_the_answers.cell_lists.big_measured"));
	cr_expect(!is_true(&R, "beyond_the_answers.allocator.measured"));
	cr_expect(isnan(NUM("grid.speedup")));
	cr_expect_eq(R.facts.duplicates, 0);
	rp_report_free(&R);
	remove_dir(dir);
}

/* With the faster variant measured and the one it is set against missing,
 * the reason is the missing one's (it named the measured run once). */
Test(report_beyond_answers, the_reason_is_the_missing_runs)
{
	static rp_report_t R;
	char dir[64];
	const char *why;

	one_run_facts(&R, dir, sizeof(dir), "hoisted");
	cr_expect(!is_true(&R, "beyond_the_answers.grid.measured"));
	why = str_of(&R, "beyond_the_answers.grid.why_missing");
	cr_assert_not_null(why);
	cr_expect(
	    strstr(why, "fused") != NULL && strstr(why, "hoisted") == NULL,
	    "%s", why);
	rp_report_free(&R);
	remove_dir(dir);
}
