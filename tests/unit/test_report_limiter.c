/*
 * Unit tests of the limiter rule (reports/rp_limiter): the model's
 * tolerance on both sides, the verdict without a model or a run, and the
 * model's parts and roof (the facts a verdict is worded from:
 * test_report_limiter_model.c). Also the lesson's reader of the JAX code
 * between its markers (reports/rp_lesson).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "hx_stats.h"
#include "rp_data.h"
#include "rp_lesson.h"
#include "rp_limiter.h"

#define EPS 1e-6

/* A run of 1 s whose model names divsqrt and predicts it exactly. */
static rp_limiter_in_t
modelled(void)
{
	rp_limiter_in_t in = {
	    .time_s = 1.0, .model_term = "divsqrt", .model_error = 0.0};
	return in;
}

/* The model decides: its largest term within the tolerance, "not
 * determined" beyond it (by the prediction's error, either side) or where
 * the harness said so; a run without a model is "not modelled", no run
 * "not measured". */
Test(report_limiter, the_model_decides)
{
	rp_limiter_in_t in = modelled();
	rp_limiter_t v;

	in.model_error = -RP_LIMITER_MODEL_TOLERANCE;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_MODEL);
	cr_expect_str_eq(v.term, "divsqrt");
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "divsqrt");
	in.model_error = RP_LIMITER_MODEL_TOLERANCE + EPS;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	in.model_error = -RP_LIMITER_MODEL_TOLERANCE - EPS;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	in.model_error = 0.01;
	in.model_term = "not determined";
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_UNDETERMINED);
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "undetermined");
	in.model_term = "dram";
	v = rp_limiter_decide(&in);
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "dram");
	in.model_term = NULL;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_UNMODELLED);
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "unmodelled");
	in.time_s = NAN;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_UNMEASURED);
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "unmeasured");
}

/* Which term is largest, checked where the runs were sampled: a part
 * that holds one term (the kernel its faults, the passes' loops its
 * passes) must not take more samples than the limiter's part, beyond the
 * tolerance and by a sign test at HX_MODEL_RIVAL_P. The hot loop
 * holds several terms, so its samples overturn nothing. */
Test(report_limiter, the_profile_checks_which_term_is_largest)
{
	rp_limiter_in_t in = modelled();
	rp_limiter_t v;

	/* gathers the largest term, but the kernel (one term: faults) took
	 * 600 samples against the whole hot loop's 400: the faults alone
	 * outweigh every hot-loop term. p = P(X <= 400), X ~ B(1000, 1/2). */
	in.model_term = "gather";
	in.samples[HX_PART_HOT] = 400;
	in.samples[HX_PART_PASSES] = 50;
	in.samples[HX_PART_KERNEL] = 600;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_PROFILE);
	cr_expect_str_eq(rp_limiter_verdict_name(&v), "profile_disagrees");
	cr_expect_eq(v.rival.part, HX_PART_KERNEL);
	cr_expect_float_eq(v.rival.own, 400, EPS);
	cr_expect_float_eq(v.rival.other, 600, EPS);
	cr_expect_float_eq(v.rival.p, hx_stats_sign_test(400, 1000), 1e-15);
	cr_expect(v.rival.p < 1e-9, "p = %g", v.rival.p);
	/* More, and by the test, but within the tolerance (480 < 1.25 x
	 * 400): the runs pooled vary more than the test assumes. */
	in.samples[HX_PART_KERNEL] = 480;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_MODEL);
	cr_expect(v.rival.p < HX_MODEL_RIVAL_P, "p = %g", v.rival.p);
	/* "A or B" counts both terms' parts: the hot loop and the kernel
	 * against the passes' 50. */
	in.model_term = "gather or faults";
	in.samples[HX_PART_KERNEL] = 600;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_MODEL);
	cr_expect_str_eq(v.term, "gather or faults");
	cr_expect(isnan(v.rival.p));
	/* colony naive-reuse (the report of 08:22): faults the largest term,
	 * the hot loop 610 samples against the kernel's 522. The hot loop
	 * holds the in-core terms and DRAM's: no one of them need be above
	 * the faults, so nothing is overturned. */
	in.model_term = "faults";
	in.samples[HX_PART_HOT] = 610;
	in.samples[HX_PART_PASSES] = 307;
	in.samples[HX_PART_KERNEL] = 522;
	v = rp_limiter_decide(&in);
	cr_expect_eq(v.kind, RP_LIMIT_MODEL);
	cr_expect(isnan(v.rival.p));
	/* colony cells: passes the largest term, 4 samples in the passes,
	 * none in the kernel. */
	in.model_term = "passes";
	in.samples[HX_PART_HOT] = 2;
	in.samples[HX_PART_PASSES] = 4;
	in.samples[HX_PART_KERNEL] = 0;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_MODEL);
	/* A run not sampled (NAN parts): nothing checks it. */
	in.model_term = "gather";
	for (int k = 0; k < HX_PARTS; k++)
		in.samples[k] = NAN;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_MODEL);
	/* A miss beyond the tolerance is "not determined" before any
	 * profile. */
	in.samples[HX_PART_HOT] = 400;
	in.samples[HX_PART_KERNEL] = 600;
	in.model_error = RP_LIMITER_MODEL_TOLERANCE + EPS;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
}

/* A run of interp-main whose model names `said` and predicts `pred` s
 * of `meas` s with gathers 0.651 s, faults 0.593 s, issue 0.139 s. */
static void
model_run(FILE *f, const char *v, const char *said, double pred, double meas)
{
	fprintf(f,
	    "{\"workload\":\"interp\",\"variant\":\"%s\",\"status\":\"ok\","
	    "\"params\":{\"n\":1000,\"m\":10},\"time_s\":{\"median\":%g},"
	    "\"model\":{\"limiter\":\"%s\",\"predicted_s\":%g,"
	    "\"measured_s\":%g,\"error\":%g,\"terms\":["
	    "{\"name\":\"issue\",\"seconds\":0.139},"
	    "{\"name\":\"gather\",\"seconds\":0.651},"
	    "{\"name\":\"faults\",\"seconds\":0.593}]}}\n",
	    v, meas, said, pred, meas, (pred - meas) / meas);
}

/* A term within the prediction's miss of the largest is named beside it,
 * whatever the harness that made the data said (data made before the
 * rule read "gather"): the miss could be either term's. */
Test(report_limiter, a_term_within_the_miss_is_named_too)
{
	static rp_report_t R;
	char dir[64], path[96], msg[256] = "";
	const char *const want[] = {
	    "gather or faults", "gather", "undetermined", "undetermined"};
	const char *const v[] = {"materialized", "fused", "tiled", "chunked"};
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/fb_rp_limiter_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/interp-main.jsonl", dir);
	cr_assert((f = fopen(path, "w")) != NULL);
	/* 0.25 s missed > 0.058 s between gathers and faults. */
	model_run(f, v[0], "gather", 1.5, 1.75);
	/* 0.02 s missed < 0.058 s. */
	model_run(f, v[1], "gather", 1.5, 1.52);
	/* 0.53 s missed, within 25% of 2.13 s: all three terms within it,
	 * none the limiter. */
	model_run(f, v[2], "gather", 1.6, 2.13);
	model_run(f, v[3], "not determined", 1.0, 2.0);
	fclose(f);
	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	for (int i = 0; i < 4; i++) {
		rp_limiter_t l = rp_limiter_of_run(
		    rp_data_main_run(&R.data, "interp", v[i]));
		cr_expect_str_eq(
		    rp_limiter_verdict_name(&l), want[i], "%s", v[i]);
	}
	rp_data_free(&R.data);
	unlink(path);
	rmdir(dir);
}

/* The stacked figure's parts and the limiter's roof from a hand-made
 * model: the in-core part is what the prediction holds beyond the terms
 * that add. */
Test(report_limiter, model_parts_and_the_roof_of_the_limiter)
{
	json_t *r = json_pack(
	    "{s:{s:f}, s:{s:f, s:[{s:s, s:f, s:b}, {s:s, s:f, s:b}, {s:s, "
	    "s:f, s:b}, {s:s, s:f, s:b}, {s:s, s:f, s:b}, {s:s, s:f, s:b}]}}",
	    "work", "flops", 6e9, "model", "predicted_s", 1.0, "terms", "name",
	    "gather", "seconds", 0.6, "in_core", 1, "name", "fma", "seconds",
	    0.1, "in_core", 1, "name", "l3", "seconds", 0.1, "in_core", 0,
	    "name", "l2", "seconds", 0.05, "in_core", 0, "name", "dram",
	    "seconds", 0.2, "in_core", 0, "name", "faults", "seconds", 0.05,
	    "in_core", 0);
	json_t *bare = json_pack("{s:{s:f}}", "work", "flops", 6e9);

	cr_assert_not_null(r);
	cr_expect_float_eq(rp_limiter_model_part(r, "in_core"), 0.6, 1e-12,
	    "1 s predicted less 0.4 s that adds: %g",
	    rp_limiter_model_part(r, "in_core"));
	cr_expect_float_eq(
	    rp_limiter_model_part(r, "caches"), 0.15, 1e-12, "l2 and l3");
	cr_expect_float_eq(rp_limiter_model_part(r, "dram"), 0.2, 1e-12);
	cr_expect_float_eq(rp_limiter_model_part(r, "faults"), 0.05, 1e-12);
	cr_expect(isnan(rp_limiter_model_part(r, "gather")),
	    "an in-core term is not a part of its own");
	cr_expect(isnan(rp_limiter_model_part(bare, "in_core")), "no model");
	cr_expect_float_eq(rp_limiter_roof(r, NULL), 10.0, 1e-9,
	    "6 GFLOP over the gathers' 0.6 s: %g GFLOP/s",
	    rp_limiter_roof(r, NULL));
	cr_expect(isnan(rp_limiter_roof(bare, NULL)));
	json_decref(r);
	json_decref(bare);
}

/* A block is the lines between its own markers: a longer name that
 * begins with it is another block, the markers may be indented. */
Test(report_lesson, code_between_the_markers)
{
	char dir[64], sub[128], cmd[320];
	rp_report_t R;

	memset(&R, 0, sizeof(R));
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_lesson_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(cmd, sizeof(cmd),
	    "mkdir -p %s/reports/data %s/" RP_LESSON_CODE_DIR, dir, dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(sub, sizeof(sub), "%s/" RP_LESSON_CODE_DIR, dir);
	fb_write_file(sub, "f.py",
	    "x = 1\n    # lesson:begin hoisted_map\nignored\n# lesson:end\n"
	    "# lesson:begin hoisted\ndef f(x):\n    return x\n"
	    "    # lesson:end\ny = 2\n");
	/* DATA/../.. is the repository: dir. */
	snprintf(sub, sizeof(sub), "%s/reports/data", dir);
	R.data.dir = sub;
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_lesson_code_facts(&R);
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "lesson.code.hoisted.text"), "value")),
	    "def f(x):\n    return x\n");
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "lesson.code.hoisted_map.text"),
		"value")),
	    "ignored\n");
	rp_facts_free(&R.facts);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* Every marker of the repository's variants/jax becomes a fact, files in
 * name order: a NAME in two files is the first file's, a block with no
 * line is left out, a file other than .py is not read. */
Test(report_lesson, every_marker_is_a_fact)
{
	char dir[64], sub[128], cmd[320];
	rp_report_t R;
	const json_t *list;

	memset(&R, 0, sizeof(R));
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_code_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(cmd, sizeof(cmd),
	    "mkdir -p %s/reports/data %s/" RP_LESSON_CODE_DIR, dir, dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(sub, sizeof(sub), "%s/" RP_LESSON_CODE_DIR, dir);
	fb_write_file(sub, "b.py",
	    "# lesson:begin hoisted\nsecond = 2\n# lesson:end\n"
	    "  # lesson:begin scan\n  acc = 0\n  # lesson:end\n"
	    "# lesson:begin empty\n# lesson:end\n");
	fb_write_file(
	    sub, "a.py", "# lesson:begin hoisted\nfirst = 1\n# lesson:end\n");
	fb_write_file(sub, "c.txt", "# lesson:begin other\nx\n# lesson:end\n");
	snprintf(sub, sizeof(sub), "%s/reports/data", dir);
	R.data.dir = sub;
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_lesson_code_facts(&R);
	list = json_object_get(
	    rp_facts_get(&R.facts, "lesson.code_markers"), "value");
	cr_assert_eq(json_array_size(list), 2);
	cr_expect_str_eq(json_string_value(json_array_get(list, 0)), "hoisted");
	cr_expect_str_eq(json_string_value(json_array_get(list, 1)), "scan");
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "lesson.code.hoisted.text"), "value")),
	    "first = 1\n");
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "lesson.code.hoisted.file"), "value")),
	    RP_LESSON_CODE_DIR "/a.py");
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "lesson.code.scan.text"), "value")),
	    "  acc = 0\n");
	cr_expect_null(rp_facts_get(&R.facts, "lesson.code.empty.text"));
	cr_expect_null(rp_facts_get(&R.facts, "lesson.code.other.text"));
	cr_expect_eq(R.facts.duplicates, 0);
	rp_facts_free(&R.facts);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* The lesson's words follow the advice's time claim and the memory: the
 * committed data's fori loop against the Python loop (decided faster, XLA
 * temporaries 59.8 MB against 58.7 MB) saves time, not memory; memory
 * changes where its figures cross the 10% margin, time with the claim. */
Test(report_lesson, saves_follows_both_figures)
{
	cr_expect_str_eq(rp_lesson_saves(1, 59.8e6, 58.7e6), "time");
	cr_expect_str_eq(rp_lesson_saves(1, 14.7e6, 58.7e6), "both");
	cr_expect_str_eq(rp_lesson_saves(0, 14.7e6, 58.7e6), "memory");
	cr_expect_str_eq(rp_lesson_saves(0, 58e6, 58.7e6), "neither");
	cr_expect_str_eq(
	    rp_lesson_saves(NAN, 14.7e6, 58.7e6), "memory_time_undecided");
	cr_expect_str_eq(rp_lesson_saves(NAN, 58e6, 58.7e6), "time_undecided");
	/* At the margin exactly: 10% less is saved. */
	cr_expect_str_eq(rp_lesson_saves(1, 1.0, 1.1), "both");
	cr_expect_null(rp_lesson_saves(1, 1, 0));
	cr_expect_null(rp_lesson_saves(1, -1, 2));
	cr_expect_str_eq(rp_lesson_saves(1, 0, 1), "both");
}

/* The report's step faults every temporary page in (14,340 faults a call
 * against 14,338 pages); the quick report's at N=256 faults none of its
 * 896; half the pages is the line; a missing figure decides nothing. */
Test(report_lesson, afresh_when_faults_reach_half_the_pages)
{
	cr_expect_eq(rp_lesson_afresh(14340, 14338), 1);
	cr_expect_eq(rp_lesson_afresh(0, 896), 0);
	cr_expect_eq(rp_lesson_afresh(448, 896), 1);
	cr_expect_eq(rp_lesson_afresh(447, 896), 0);
	cr_expect_eq(rp_lesson_afresh(NAN, 896), -1);
	cr_expect_eq(rp_lesson_afresh(10, 0), -1);
}

/* Unwaited returns a tenth of the waited call or less read as dispatch;
 * the un-jitted step (89.9 ms unwaited, 94.9 ms waited) does not. */
Test(report_lesson, dispatch_only_when_every_call_returns_soon)
{
	double unw[] = {180e-6, 188e-6, 187e-6},
	       warm[] = {34.3e-3, 51.8e-3, 269e-3};
	double eager_unw[] = {180e-6, 89.9e-3},
	       eager_warm[] = {34.3e-3, 94.9e-3};
	double edge_unw[] = {0.1}, edge_warm[] = {1.0};
	double no_unw[] = {NAN}, no_warm[] = {1.0};

	cr_expect_eq(rp_lesson_dispatch_only(unw, warm, 3), 1);
	cr_expect_eq(rp_lesson_dispatch_only(eager_unw, eager_warm, 2), 0);
	cr_expect_eq(rp_lesson_dispatch_only(edge_unw, edge_warm, 1), 1);
	edge_unw[0] = 0.1001;
	cr_expect_eq(rp_lesson_dispatch_only(edge_unw, edge_warm, 1), 0);
	cr_expect_eq(rp_lesson_dispatch_only(no_unw, no_warm, 1), 0);
	cr_expect_eq(rp_lesson_dispatch_only(unw, warm, 0), 0);
}

/* 1.51x against the question's 20.0x is "not"; within 2x is "close to". */
Test(report_lesson, against_the_question_within_a_factor)
{
	cr_expect_str_eq(rp_lesson_against(1.51, 20.0), "not");
	cr_expect_str_eq(rp_lesson_against(12.0, 20.0), "close to");
	cr_expect_str_eq(rp_lesson_against(10.0, 20.0), "close to");
	cr_expect_str_eq(rp_lesson_against(9.9, 20.0), "not");
	cr_expect_str_eq(rp_lesson_against(41.0, 20.0), "not");
	cr_expect_str_eq(rp_lesson_against(NAN, 20.0), "beside");
}

/* The JAX fix's decisions follow the temporaries (their words are in
 * reports/templates/lesson/memory.md.j2): the committed data (840 MB under
 * jit, arrays of 120 MB; lax.map 72 MB) keeps full arrays and is bounded
 * by lax.map; other data decides otherwise. */
Test(report_lesson, jax_fix_decisions_follow_the_data)
{
	cr_expect(rp_lesson_jit_keeps_full_arrays(840e6, 120e6));
	cr_expect(rp_lesson_jit_keeps_full_arrays(120e6, 120e6));
	cr_expect_not(rp_lesson_jit_keeps_full_arrays(100e6, 120e6));
	cr_expect_not(rp_lesson_jit_keeps_full_arrays(NAN, 120e6));
	/* 5 batches can cut 5x: 420 MB to 72 MB (5.8x) is bounded; half
	 * of the batches' cut exactly is bounded, a little less is not. */
	cr_expect(rp_lesson_map_bounds_memory(72e6, 420e6, 5));
	cr_expect(rp_lesson_map_bounds_memory(72e6, 180e6, 5));
	cr_expect_not(rp_lesson_map_bounds_memory(73e6, 180e6, 5));
	/* 100 batches (the question's N=1e6, B=1e4) need 50x. */
	cr_expect_not(rp_lesson_map_bounds_memory(72e6, 420e6, 100));
	cr_expect_not(rp_lesson_map_bounds_memory(NAN, 720e6, 5));
	cr_expect_not(rp_lesson_map_bounds_memory(72e6, 720e6, NAN));
}

/* A data set outside any checkout, read from a folder with no
 * variants/jax either, still gets the lesson's code: from the source tree
 * the report was built from, as the templates are found. Before, the
 * lesson silently had no code blocks. */
Test(report_lesson, code_from_the_build_tree_for_data_elsewhere)
{
	char dir[64], sub[128], cmd[320], here[4096];
	rp_report_t R;
	const char *text;

	memset(&R, 0, sizeof(R));
	cr_assert(getcwd(here, sizeof(here)) != NULL);
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_far_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/a/data", dir);
	cr_assert_eq(system(cmd), 0);
	cr_assert_eq(chdir(dir), 0);
	snprintf(sub, sizeof(sub), "%s/a/data", dir);
	R.data.dir = sub;
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_lesson_code_facts(&R);
	text = json_string_value(json_object_get(
	    rp_facts_get(&R.facts, "lesson.code.hoisted.text"), "value"));
	cr_expect(text != NULL && strstr(text, "return") != NULL,
	    "no hoisted block from the build's variants/jax: %s",
	    text != NULL ? text : "(none)");
	cr_expect_not_null(rp_facts_get(&R.facts, "lesson.code.sorted.text"));
	rp_facts_free(&R.facts);
	cr_expect_eq(chdir(here), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}
