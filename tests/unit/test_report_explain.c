/*
 * Unit tests of the report's explain section (reports/rp_explain) on
 * crafted data, no JAX needed: the unit and the error it prints, the
 * section from a crafted explain file (predicted beside measured, the
 * arrays and buffers with their source lines, the chart copied into
 * figures/ or said to be missing), and no section without explain files.
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

Test(report_explain, unit_is_one_full_array)
{
	json_t *i = json_loads("{\"program\":{\"workload\":\"interp\","
			       "\"params\":{\"n\":100000,\"m\":300}}}",
	    0, NULL);
	json_t *c = json_loads("{\"program\":{\"workload\":\"colony\","
			       "\"params\":{\"n\":1024}}}",
	    0, NULL);
	json_t *none = json_loads("{\"program\":null}", 0, NULL);

	cr_expect_eq(rp_explain_unit(i), 100000.0 * 300 * 4);
	cr_expect_eq(rp_explain_unit(c), 1024.0 * 1024 * 4);
	cr_expect(isnan(rp_explain_unit(none)));
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

static char *
section_text(void)
{
	static rp_report_t R;
	char msg[256] = "", *text = NULL;
	size_t len = 0;

	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	snprintf(R.fig_dir, sizeof(R.fig_dir), "%s", figs);
	R.md = open_memstream(&text, &len);
	cr_assert(R.md != NULL);
	rp_explain_write(&R);
	fclose(R.md);
	rp_data_free(&R.data);
	return text;
}

static void
setup(void)
{
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
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(report_explain, section_puts_predicted_beside_measured, .init = setup,
    .fini = teardown)
{
	char *t;

	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	t = section_text();
	cr_expect(strstr(t, "## Where the memory goes") != NULL, "%s", t);
	cr_expect(strstr(t,
		      "| predicted op by op, above the inputs (explain) "
		      "| 120 kB | 3.00 |") != NULL,
	    "%s", t);
	cr_expect(strstr(t, "| 150 kB | 3.75 | +25% |") != NULL, "%s", t);
	cr_expect(strstr(t, "| 80 kB | 2.00 | 0.67x |") != NULL, "%s", t);
	cr_expect(strstr(t,
		      "| 80 kB | 2.00 | `f32[1000,10,2]` | gather | "
		      "f.py:55 (q) |") != NULL,
	    "%s", t);
	cr_expect(
	    strstr(t, "| `f32[1000]` | input | (argument) |") != NULL, "%s", t);
	cr_expect(strstr(t, "| fusion (gather) | f.py:55 |") != NULL, "%s", t);
	cr_expect(strstr(t, "step 7 of 20, the `mul` at f.py:41 (w)") != NULL,
	    "%s", t);
	cr_expect(strstr(t, "THE VERDICT.") != NULL, "%s", t);
	cr_expect(strstr(t, "is not in the data folder") != NULL, "%s", t);
	free(t);
}

Test(report_explain, chart_is_copied_into_figures, .init = setup,
    .fini = teardown)
{
	char path[160], *t;

	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	fb_write_file(dir, "explain-interp-question.svg", "<svg>chart</svg>\n");
	fb_write_file(dir, "explain-interp-question.png", "PNG\n");
	t = section_text();
	cr_expect(strstr(t, "](figures/explain-interp-question.svg)") != NULL,
	    "%s", t);
	snprintf(path, sizeof(path), "%s/explain-interp-question.svg", figs);
	cr_expect_eq(access(path, R_OK), 0, "%s not copied", path);
	snprintf(path, sizeof(path), "%s/explain-interp-question.png", figs);
	cr_expect_eq(access(path, R_OK), 0, "%s not copied", path);
	free(t);
}

Test(report_explain, no_section_without_explain_files, .init = setup,
    .fini = teardown)
{
	char *t = section_text();
	cr_expect_str_eq(t, "");
	free(t);
}

/* The lesson's one line, and the file found by workload. */
Test(report_explain, peaks_line_and_lookup_by_workload, .init = setup,
    .fini = teardown)
{
	rp_data_t D;
	char msg[256] = "", line[512];
	const char *name = NULL;
	json_t *e;

	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect(rp_explain_of(&D, "interp", &name) == NULL);
	fb_write_file(dir, "explain-interp-question.json", EXPLAIN_JSON);
	e = rp_explain_of(&D, "interp", &name);
	cr_assert(e != NULL);
	cr_expect_str_eq(name, "interp-question");
	cr_expect(rp_explain_of(&D, "colony", NULL) == NULL);
	cr_expect_str_eq(rp_explain_peaks(e, line, sizeof(line)),
	    "predicted 120 kB above the inputs (3.00 full arrays) at the "
	    "`mul` of f.py:41 (w), step 7 of 20; measured 150 kB (3.75 "
	    "arrays, +25%)");
	json_decref(e);
	rp_data_free(&D);
}

/* The buffers' table ends with their total and the bytes they share. */
Test(report_explain, buffers_total_row, .init = setup, .fini = teardown)
{
	char *json = strdup(EXPLAIN_JSON), *t, *at;
	char crafted[4096];

	cr_assert(json != NULL);
	at = strstr(json, "\"buffers\":[");
	cr_assert(at != NULL);
	snprintf(crafted, sizeof(crafted),
	    "%.*s\"buffers_bytes\":100000,\"shared_bytes\":20000,%s",
	    (int)(at - json), json, at);
	fb_write_file(dir, "explain-interp-question.json", crafted);
	t = section_text();
	cr_expect(strstr(t,
		      "| 100 kB | 2.50 | all 1 buffers, 20 kB of them sharing "
		      "memory | | |") != NULL,
	    "%s", t);
	free(t);
	free(json);
}
