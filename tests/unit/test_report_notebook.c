/*
 * Unit tests of the facts of the notebook's closing sections, whose words
 * are templates (reports/templates/notebook/): the overhead's significance
 * at its threshold, which of live bytes and size classes a run's RSS is
 * nearer, the notes numbered once in the order they were registered, and
 * the generic section of a plugin's workload on a crafted data folder
 * (every run a row, a run without a model, a failed run's reason, the
 * figure of several sizes, the workloads beyond the most listed).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_generic.h"
#include "rp_machine.h"
#include "rp_report.h"
#include "rp_run_facts.h"

static char dir[] = "/tmp/fb_rp_nb_XXXXXX";
static rp_report_t R;

static void
setup(void)
{
	cr_assert(mkdtemp(dir) != NULL);
	memset(&R, 0, sizeof(R));
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	cr_assert_not_null(R.scripts = json_array());
}

static void
teardown(void)
{
	char cmd[128];

	rp_report_free(&R);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
	strcpy(dir, "/tmp/fb_rp_nb_XXXXXX");
}

TestSuite(report_notebook, .init = setup, .fini = teardown);

static const json_t *
value_of(const char *name)
{
	return json_object_get(rp_facts_get(&R.facts, name), "value");
}

static const char *
text_of(const char *name)
{
	const char *t = json_string_value(
	    json_object_get(rp_facts_get(&R.facts, name), "text"));
	return t != NULL ? t : "(no such fact)";
}

Test(report_notebook, overhead_significance_at_its_threshold)
{
	cr_expect(rp_machine_significant(0.0));
	cr_expect(rp_machine_significant(RP_MACHINE_SIGNIFICANT_P * 0.999));
	cr_expect(!rp_machine_significant(RP_MACHINE_SIGNIFICANT_P));
	cr_expect(!rp_machine_significant(0.92));
	cr_expect(!rp_machine_significant(-1));
	cr_expect(!rp_machine_significant(NAN));
}

/* overhead.json's test: the pairs' signed-rank p where the data has it,
 * else (data from before it) the pooled samples' Mann-Whitney p, named
 * apart by .paired. */
Test(report_notebook, overhead_p_from_the_paired_test_or_the_old_one)
{
	R.data.overhead = json_pack(
	    "{s:f, s:f}", "signed_rank_p", 0.015625, "mann_whitney_p", 0.323);
	rp_machine_facts(&R);
	cr_expect_float_eq(
	    json_number_value(value_of("method.overhead.p")), 0.015625, 1e-12);
	cr_expect(json_is_true(value_of("method.overhead.paired")));
	cr_expect(json_is_true(value_of("method.overhead.significant")));
	json_decref(R.data.overhead);
	rp_facts_free(&R.facts);
	cr_assert_eq(rp_facts_init(&R.facts), 0);

	R.data.overhead = json_pack("{s:f}", "mann_whitney_p", 0.323);
	rp_machine_facts(&R);
	cr_expect_float_eq(
	    json_number_value(value_of("method.overhead.p")), 0.323, 1e-12);
	cr_expect(json_is_false(value_of("method.overhead.paired")));
	cr_expect(json_is_false(value_of("method.overhead.significant")));
	json_decref(R.data.overhead);
	R.data.overhead = NULL;
}

/* interp eager at N=1e6, M=300: 14.4 GB live, 16.1 GB in size classes. */
Test(report_notebook, rss_nearer_live_bytes_or_size_classes)
{
	json_t *r =
	    json_pack("{s:{s:f, s:f, s:f}}", "memory", "model_bare_bytes",
		14.4e9, "model_bytes", 16.1e9, "peak_rss_bytes", 14.4e9);

	cr_expect(rp_run_facts_rss_nearer_live(r));
	/* Just past the middle, 15.25 GB: nearer the size classes. */
	json_object_set_new(
	    json_object_get(r, "memory"), "peak_rss_bytes", json_real(15.26e9));
	cr_expect(!rp_run_facts_rss_nearer_live(r));
	json_object_set_new(
	    json_object_get(r, "memory"), "peak_rss_bytes", json_real(15.24e9));
	cr_expect(rp_run_facts_rss_nearer_live(r));
	json_object_del(json_object_get(r, "memory"), "peak_rss_bytes");
	cr_expect(!rp_run_facts_rss_nearer_live(r));
	json_decref(r);
}

/* A note registered twice keeps its first number; the list is in the
 * order of registration. */
Test(report_notebook, notes_numbered_once_in_order)
{
	const json_t *list;

	cr_expect_str_eq(rp_report_note(&R, "first"), "[note 1](#note-1)");
	cr_expect_str_eq(rp_report_note(&R, "second"), "[note 2](#note-2)");
	cr_expect_str_eq(rp_report_note(&R, "first"), "[note 1](#note-1)");
	rp_report_notes_facts(&R);
	list = value_of("notes.list");
	cr_assert_eq(json_array_size(list), 2);
	cr_expect_str_eq(json_string_value(json_array_get(list, 0)), "first");
	cr_expect_str_eq(json_string_value(json_array_get(list, 1)), "second");
}

/* Notes are kept however many there are: the 40th is note 40, in the
 * list, and an earlier one keeps its number. */
Test(report_notebook, every_note_is_kept_and_linked)
{
	char text[16];

	for (int k = 0; k < 40; k++) {
		snprintf(text, sizeof(text), "note%d", k);
		rp_report_note(&R, text);
	}
	cr_expect_str_eq(rp_report_note(&R, "note0"), "[note 1](#note-1)");
	cr_expect_str_eq(rp_report_note(&R, "one more"), "[note 41](#note-41)");
	rp_report_notes_facts(&R);
	cr_expect_eq(json_array_size(value_of("notes.list")), 41);
}

#define DOT(v, n, extra)                                                       \
	"{\"workload\":\"dot\",\"variant\":\"" v "\",\"_set\":\"dot\","        \
	"\"status\":\"ok\",\"params\":{\"n\":" n ",\"passes\":1},"             \
	"\"time_s\":{\"median\":0.002,\"repeats\":1},"                         \
	"\"memory\":{\"peak_workspace_bytes\":8e6,"                            \
	"\"allocations_per_run\":3" extra "}}\n"

static void
load(void)
{
	char msg[256], figs[128];

	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	snprintf(figs, sizeof(figs), "%s/figures", dir);
	cr_assert_eq(mkdir(figs, 0777), 0);
	snprintf(R.fig_dir, sizeof(R.fig_dir), "%s", figs);
}

/* Every run of a plugin's workload is a row, in the data's order. */
Test(report_notebook, a_plugin_workload_gets_its_rows)
{
	const json_t *fig;

	fb_write_file(dir, "interp-main.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"fused\",\"status\":"
	    "\"ok\",\"params\":{\"n\":100}}\n");
	fb_write_file(dir, "dot.jsonl",
	    DOT("fused", "1000", ",\"model_bytes\":0") DOT("temporary", "4000",
		"") "{\"workload\":\"dot\",\"variant\":\"crash\",\"_set\":"
		    "\"dot\",\"status\":\"failed\",\"reason\":\"killed by "
		    "signal 11\",\"params\":{\"n\":1000,\"passes\":1}}\n");
	load();
	rp_generic_facts(&R);
	cr_expect_str_eq(text_of("other_workloads.count"), "1");
	cr_expect_str_eq(text_of("other_workloads.1.name"), "dot");
	cr_expect_str_eq(text_of("other_workloads.1.runs"), "3");
	cr_expect_str_eq(text_of("other_workloads.1.run.1.variant"), "fused");
	cr_expect_str_eq(
	    text_of("other_workloads.1.run.1.params"), "n=1000 passes=1");
	cr_expect_str_eq(text_of("other_workloads.1.run.1.median"), "2 ms");
	cr_expect_str_eq(
	    text_of("other_workloads.1.run.1.interval"), "one timed run");
	cr_expect_str_eq(text_of("other_workloads.1.run.1.peak"), "8 MB");
	/* A model of 0 B is a model; none is "no model", never 0 B. */
	cr_expect(json_is_true(value_of("other_workloads.1.run.1.has_model")));
	cr_expect_str_eq(text_of("other_workloads.1.run.1.model"), "0 B");
	cr_expect(json_is_false(value_of("other_workloads.1.run.2.has_model")));
	cr_expect_str_eq(text_of("other_workloads.1.run.2.allocations"), "3");
	cr_expect(json_is_false(value_of("other_workloads.1.run.3.ok")));
	cr_expect_str_eq(
	    text_of("other_workloads.1.run.3.reason"), "killed by signal 11");
	/* Two sizes among the ok runs: a figure, numbered after the table's
	 * (none saved here). */
	cr_expect(json_is_true(value_of("other_workloads.1.several_sizes")));
	cr_expect(json_is_true(value_of("other_workloads.1.figure.drawn")));
	cr_expect_str_eq(
	    text_of("other_workloads.1.figure.name"), "fig-other-dot");
	cr_expect_str_eq(text_of("other_workloads.1.figure.number"), "1");

	/* Its script's data: the generic template, the title the section
	 * prints, and a block a line. */
	cr_assert_eq(json_array_size(R.scripts), 1);
	fig = json_array_get(R.scripts, 0);
	cr_expect_str_eq(
	    json_string_value(json_object_get(fig, "name")), "fig-other-dot");
	cr_expect_str_eq(
	    json_string_value(json_object_get(fig, "script")), "fig-other");
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(fig, "refs"), "title")),
	    "dot: median time against N");
	cr_expect_gt(json_array_size(json_object_get(fig, "blocks")), 0);
	cr_expect(json_is_false(value_of("other_workloads.more")));
	cr_expect_eq(R.facts.duplicates, 0);
}

/* One size: no figure; more workloads than the section lists: the first
 * RP_GENERIC_MAX, and it says so. */
Test(report_notebook, workloads_beyond_the_most_listed)
{
	char line[512], *all = calloc(RP_GENERIC_MAX + 2, sizeof(line));

	cr_assert(all != NULL);
	for (int k = 0; k <= RP_GENERIC_MAX; k++) {
		snprintf(line, sizeof(line),
		    "{\"workload\":\"w%d\",\"variant\":\"v\",\"status\":"
		    "\"ok\",\"params\":{\"n\":10}}\n",
		    k);
		strcat(all, line);
	}
	fb_write_file(dir, "other.jsonl", all);
	free(all);
	load();
	rp_generic_facts(&R);
	cr_expect_eq(
	    rp_facts_num(&R.facts, "other_workloads.count"), RP_GENERIC_MAX);
	cr_expect(json_is_true(value_of("other_workloads.more")));
	cr_expect_str_eq(text_of("other_workloads.1.name"), "w0");
	cr_expect_str_eq(text_of("other_workloads.8.name"), "w7");
	cr_expect_str_eq(text_of("other_workloads.9.name"), "(no such fact)");
	cr_expect(json_is_false(value_of("other_workloads.1.several_sizes")));
	cr_expect_eq(json_array_size(R.scripts), 0);
}
