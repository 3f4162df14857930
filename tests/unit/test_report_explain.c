/*
 * Unit tests of the report's explain section (reports/rp_explain) on
 * crafted data, no JAX needed: the unit (rp_jax_unit of its program) and
 * the error it computes, the section's facts from a crafted explain file
 * (predicted beside measured, the arrays and buffers with their source
 * lines, the chart copied into figures/ or not), and none without explain
 * files. Its words are templates/notebook/explain.md.j2 (tests/report).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_explain.h"
#include "rp_facts.h"
#include "rp_jax.h"

Test(report_explain, unit_is_one_full_array)
{
	json_t *i = json_loads("{\"program\":{\"workload\":\"interp\","
			       "\"params\":{\"n\":100000,\"m\":300}}}",
	    0, NULL);
	json_t *c = json_loads("{\"program\":{\"workload\":\"colony\","
			       "\"params\":{\"n\":1024}}}",
	    0, NULL);
	json_t *none = json_loads("{\"program\":null}", 0, NULL);

	cr_expect_eq(
	    rp_jax_unit(json_object_get(i, "program")), 100000.0 * 300 * 4);
	cr_expect_eq(
	    rp_jax_unit(json_object_get(c, "program")), 1024.0 * 1024 * 4);
	cr_expect(isnan(rp_jax_unit(json_object_get(none, "program"))));
	json_decref(i);
	json_decref(c);
	json_decref(none);
}

Test(report_explain, error_is_relative_to_the_prediction)
{
	cr_expect_float_eq(rp_explain_error(100, 125), 0.25, 1e-12);
	cr_expect_float_eq(rp_explain_error(100, 80), -0.2, 1e-12);
	cr_expect(isnan(rp_explain_error(0, 80)));
	cr_expect(isnan(rp_explain_error(NAN, 80)));
	cr_expect(isnan(rp_explain_error(100, NAN)));
}

static char dir[64], figs[96];

/* interp at N=1000, M=10 (one array 40 kB): predicted 120 kB above the
 * inputs, measured 150 kB (+25%), XLA's temporaries 80 kB (0.67x). */
#define EXPLAIN_JSON                                                           \
	"{\"program\":{\"workload\":\"interp\",\"program\":\"question\","      \
	"\"params\":{\"n\":1000,\"m\":10}},\"verdict\":\"THE VERDICT.\","      \
	"\"op_by_op\":{\"peak_above_inputs_bytes\":120000,\"peak_step\":7,"    \
	"\"steps_count\":20,\"peak_arrays_count\":2,\"peak_label\":\"mul\","   \
	"\"peak_source\":\"f.py:41 (w)\",\"peak_arrays\":["                    \
	"{\"shape\":[1000,10,2],\"dtype_short\":\"f32\",\"bytes\":80000,"      \
	"\"primitive\":\"gather\",\"source\":\"f.py:55 (q)\"},"                \
	"{\"shape\":[1000],\"dtype_short\":\"f32\",\"bytes\":4000,"            \
	"\"primitive\":\"input\",\"source\":\"\"}]},"                          \
	"\"measured\":{\"method\":\"VmHWM after clear_refs 5\","               \
	"\"peak_above_before_bytes\":150000},"                                 \
	"\"jit\":{\"memory_analysis\":{\"temp_bytes\":80000},\"buffers\":["    \
	"{\"shape\":\"f32[1000,10,2]\",\"bytes\":80000,\"opcode\":\"fusion\"," \
	"\"op\":\"gather\",\"source\":\"f.py:55\"}]}}\n"

static rp_report_t R;

/* The section's facts of the data folder, into R.facts. */
static void
section_facts(void)
{
	fb_report_load(&R, dir);
	snprintf(R.fig_dir, sizeof(R.fig_dir), "%s", figs);
	rp_explain_facts(&R);
}

static double
num(const char *name)
{
	return rp_facts_num(&R.facts, name);
}

/* A fact's value as a string ("" when absent or not a string), or its
 * printed text (text). */
static const char *
str(const char *name, int text)
{
	const json_t *f = rp_facts_get(&R.facts, name);
	const char *s =
	    json_string_value(json_object_get(f, text ? "text" : "value"));
	return s != NULL ? s : "";
}

static void
setup(void)
{
	memset(&R, 0, sizeof(R));
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_explain_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(figs, sizeof(figs), "%s/figures", dir);
	cr_assert_eq(mkdir(figs, 0777), 0);
	fb_write_file(dir, "interp-main.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"fused\",\"status\":\"ok\","
	    "\"params\":{\"n\":1000,\"m\":10}}\n");
}

static void
teardown(void)
{
	char cmd[128];

	rp_facts_free(&R.facts);
	rp_data_free(&R.data);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(report_explain, predicted_beside_measured, .init = setup, .fini = teardown)
{
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	section_facts();
	cr_expect(json_is_true(json_object_get(
	    rp_facts_get(&R.facts, "explain.present"), "value")));
	cr_expect_eq(num("explain.interp.predicted"), 120000);
	cr_expect_float_eq(num("explain.interp.predicted_units"), 3.0, 1e-12);
	cr_expect_eq(num("explain.interp.measured"), 150000);
	cr_expect_float_eq(num("explain.interp.measured_units"), 3.75, 1e-12);
	cr_expect_float_eq(num("explain.interp.measured_error"), 0.25, 1e-12);
	cr_expect_str_eq(str("explain.interp.measured_error", 1), "+25%");
	cr_expect_float_eq(
	    num("explain.interp.temp_over_predicted"), 80000 / 120000.0, 1e-12);
	cr_expect_str_eq(str("explain.interp.temp_over_predicted", 1), "0.67x");
	cr_expect_eq(num("explain.interp.peak_step"), 7);
	cr_expect_eq(num("explain.interp.steps"), 20);
	cr_expect_str_eq(str("explain.interp.peak_label", 0), "mul");
	cr_expect_str_eq(str("explain.interp.peak_source", 0), "f.py:41 (w)");
	cr_expect_str_eq(str("explain.interp.unit_formula", 0), "N*M*4");
	cr_expect_str_eq(str("explain.interp.verdict", 0), "THE VERDICT.");
	/* C eager's model at its own size in full arrays (none here: no
	 * main run of eager), beside the prediction's at equal N. */
	cr_expect_str_eq(str("explain.interp.c_variant", 0), "eager");
	cr_expect(isnan(num("explain.interp.c_units")));
	/* No harness exec run of the program: no row for it. */
	cr_expect(json_is_false(json_object_get(
	    rp_facts_get(&R.facts, "explain.interp.run.present"), "value")));
}

/* C eager's twelve arrays at N=1000, M=10 (480 kB of 40 kB arrays). */
Test(report_explain, c_model_in_full_arrays, .init = setup, .fini = teardown)
{
	fb_write_file(dir, "interp-main.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"eager\",\"status\":\"ok\","
	    "\"params\":{\"n\":1000,\"m\":10},\"memory\":"
	    "{\"model_bare_bytes\":480000}}\n");
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	section_facts();
	cr_expect_float_eq(num("explain.interp.c_units"), 12.0, 1e-12);
}

Test(report_explain, arrays_and_buffers_with_their_lines, .init = setup,
    .fini = teardown)
{
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	section_facts();
	cr_expect_eq(num("explain.interp.alive.row0.bytes"), 80000);
	cr_expect_float_eq(
	    num("explain.interp.alive.row0.bytes_units"), 2.0, 1e-12);
	cr_expect_str_eq(
	    str("explain.interp.alive.row0.shape", 0), "f32[1000,10,2]");
	cr_expect_str_eq(str("explain.interp.alive.row0.made_by", 0), "gather");
	cr_expect_str_eq(
	    str("explain.interp.alive.row0.source", 0), "f.py:55 (q)");
	/* An argument has no source line: null, the template says so. */
	cr_expect_str_eq(
	    str("explain.interp.alive.row1.shape", 0), "f32[1000]");
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&R.facts, "explain.interp.alive.row1.source"),
	    "value")));
	cr_expect_eq(num("explain.interp.alive.more"), 0);
	/* A buffer: XLA's shape, its opcode and the op fused into it. */
	cr_expect_str_eq(
	    str("explain.interp.jit.row0.shape", 0), "f32[1000,10,2]");
	cr_expect_str_eq(str("explain.interp.jit.row0.made_by", 0), "fusion");
	cr_expect_str_eq(str("explain.interp.jit.row0.op", 0), "gather");
	cr_expect_eq(num("explain.interp.jit.count"), 1);
}

Test(report_explain, chart_is_copied_into_figures, .init = setup,
    .fini = teardown)
{
	char path[160];

	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	fb_write_file(dir, "explain-interp-question.svg", "<svg>chart</svg>\n");
	fb_write_file(dir, "explain-interp-question.png", "PNG\n");
	section_facts();
	cr_expect(json_is_true(json_object_get(
	    rp_facts_get(&R.facts, "explain.interp.chart"), "value")));
	snprintf(path, sizeof(path), "%s/explain-interp-question.svg", figs);
	cr_expect_eq(access(path, R_OK), 0, "%s not copied", path);
	snprintf(path, sizeof(path), "%s/explain-interp-question.png", figs);
	cr_expect_eq(access(path, R_OK), 0, "%s not copied", path);
}

Test(report_explain, chart_missing_is_a_false_fact, .init = setup,
    .fini = teardown)
{
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	section_facts();
	cr_expect(json_is_false(json_object_get(
	    rp_facts_get(&R.facts, "explain.interp.chart"), "value")));
}

Test(report_explain, no_section_without_explain_files, .init = setup,
    .fini = teardown)
{
	section_facts();
	cr_expect(json_is_false(json_object_get(
	    rp_facts_get(&R.facts, "explain.present"), "value")));
	cr_expect(rp_facts_get(&R.facts, "explain.interp.predicted") == NULL);
}

/* The file found by workload (explain-NAME.json, NAME the registration's
 * explain): interp's read, colony's absent. */
Test(report_explain, lookup_by_workload, .init = setup, .fini = teardown)
{
	section_facts();
	cr_expect(rp_facts_get(&R.facts, "explain.interp.verdict") == NULL);
	rp_facts_free(&R.facts);
	rp_data_free(&R.data);
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	section_facts();
	cr_expect_str_eq(str("explain.interp.verdict", 0), "THE VERDICT.");
	cr_expect(rp_facts_get(&R.facts, "explain.colony.verdict") == NULL);
}

/* The buffers' total and the bytes they share, and the rows past the
 * sixth summed into one. */
Test(
    report_explain, buffers_total_and_the_rest, .init = setup, .fini = teardown)
{
	char *json = strdup(EXPLAIN_JSON), *at;
	char crafted[8192], more[2048] = "";
	size_t used = 0;

	cr_assert(json != NULL);
	for (int k = 0; k < 7; k++)
		used += (size_t)snprintf(more + used, sizeof(more) - used,
		    "{\"shape\":\"f32[1]\",\"bytes\":%d,\"opcode\":\"copy\","
		    "\"source\":\"f.py:1\"},",
		    1000 * (k + 1));
	at = strstr(json, "\"buffers\":[");
	cr_assert(at != NULL);
	at += strlen("\"buffers\":[");
	snprintf(crafted, sizeof(crafted), "%.*s%s%s", (int)(at - json), json,
	    more, at);
	at = strstr(crafted, "\"buffers\":[");
	memmove(at + strlen("\"buffers_bytes\":100000,\"shared_bytes\":20000,"),
	    at, strlen(at) + 1);
	memcpy(at, "\"buffers_bytes\":100000,\"shared_bytes\":20000,",
	    strlen("\"buffers_bytes\":100000,\"shared_bytes\":20000,"));
	fb_write_file(dir, "explain-interp-question.json", crafted);
	section_facts();
	cr_expect_eq(num("explain.interp.jit.total"), 100000);
	cr_expect_float_eq(num("explain.interp.jit.total_units"), 2.5, 1e-12);
	cr_expect_eq(num("explain.interp.jit.shared"), 20000);
	cr_expect_eq(num("explain.interp.jit.count"), 8);
	/* Rows 0-5 listed; the seventh buffer (7 kB) and the crafted one
	 * (80 kB) summed. */
	cr_expect_eq(num("explain.interp.jit.more"), 2);
	cr_expect_eq(num("explain.interp.jit.more_bytes"), 87000);
	cr_expect(
	    rp_facts_get(&R.facts, "explain.interp.jit.row6.bytes") == NULL);
	free(json);
}
