/*
 * Unit tests of the report's threads section (reports/rp_threads) and its
 * figures (the fig-*-threads entries of the figure table, rp_workloads.c): the
 * limiter rule at its thresholds and just beside them, a run's thread count,
 * and the section from a crafted data folder (the table's rows and numbers, the
 * limiter from ceilings-threads.json, the sentences, the chunk trade-off,
 * the JAX comparison) and the figure's speed-ups; without threaded runs,
 * the one line the section says.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_colony.h"
#include "rp_data.h"
#include "rp_figure.h"
#include "rp_threads.h"

#define EPS 1e-6

Test(report_threads, decide_at_and_beside_its_thresholds)
{
	/* The bandwidth share decides first, at exactly its threshold. */
	cr_expect_eq(
	    rp_threads_decide(RP_THREADS_BW_SHARE, 1.0), RP_THREADS_BANDWIDTH);
	cr_expect_eq(
	    rp_threads_decide(RP_THREADS_BW_SHARE, 0.1), RP_THREADS_BANDWIDTH);
	cr_expect_eq(rp_threads_decide(RP_THREADS_BW_SHARE - EPS, 0.1),
	    RP_THREADS_SHORT);
	/* Below the share: the efficiency, at and beside its threshold. */
	cr_expect_eq(
	    rp_threads_decide(0.1, RP_THREADS_EFFICIENCY), RP_THREADS_SCALES);
	cr_expect_eq(rp_threads_decide(0.1, RP_THREADS_EFFICIENCY - EPS),
	    RP_THREADS_SHORT);
	/* Without a share only a scaling efficiency decides; without an
	 * efficiency only a bandwidth share. */
	cr_expect_eq(
	    rp_threads_decide(NAN, RP_THREADS_EFFICIENCY), RP_THREADS_SCALES);
	cr_expect_eq(rp_threads_decide(NAN, RP_THREADS_EFFICIENCY - EPS),
	    RP_THREADS_UNTESTED);
	cr_expect_eq(rp_threads_decide(0.9, NAN), RP_THREADS_BANDWIDTH);
	cr_expect_eq(rp_threads_decide(0.1, NAN), RP_THREADS_UNTESTED);
	cr_expect_eq(rp_threads_decide(NAN, NAN), RP_THREADS_UNTESTED);
	/* Each verdict's words: section_rows_and_numbers (.scaling). */
}

/* rp_data_threads, which the queries, the tables and the bandwidth rule
 * read a run's thread count through: params.threads, 1 where the harness
 * leaves it out or writes null, and where it is none the harness writes
 * (under 1, past INT_MAX); a fraction cut down. */
Test(report_threads, threads_of_a_run)
{
	static const struct {
		const char *params;
		int threads;
	} cases[] = {{"{\"n\":10}", 1}, {"{\"threads\":null}", 1},
	    {"{\"threads\":3}", 3}, {"{\"threads\":1}", 1},
	    {"{\"threads\":0}", 1}, {"{\"threads\":-2}", 1},
	    {"{\"threads\":2.5}", 2}, {"{\"threads\":1e300}", 1},
	    {"{\"threads\":\"4\"}", 1}};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *r = json_pack(
		    "{s:o}", "params", json_loads(cases[i].params, 0, NULL));
		cr_expect_eq(rp_data_threads(r), cases[i].threads,
		    "params %s: %d threads, not %d", cases[i].params,
		    rp_data_threads(r), cases[i].threads);
		json_decref(r);
	}
	cr_expect_eq(rp_data_threads(NULL), 1);
}

/* ---- the section on crafted data ---- */

static char dir[64];

/* A new dir. */
static void
make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_threads_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
}

/* dir/name with text. */
static void
write_file(const char *name, const char *text)
{
	fb_write_file(dir, name, text);
}

/* A C run: threads ("" for one: the harness leaves it out), median time,
 * GB/s moved, peak workspace, lower bound ("" for one thread), model. */
#define RUN(w, v, n, thr, t, gbs, peak, lower, model)                          \
	"{\"workload\":\"" w "\",\"variant\":\"" v "\",\"status\":\"ok\","     \
	"\"params\":{\"n\":" n ",\"m\":100" thr "},\"settings\":{\"repeat\":"  \
	"3,\"warmup\":0},\"time_s\":{\"median\":" t "},\"steps_s\":"           \
	"{\"median\":" t "},\"work\":{\"gbytes_per_s\":" gbs "},\"memory\":"   \
	"{\"peak_workspace_bytes\":" peak ",\"model_bytes\":" model            \
	",\"model_formula\":\"T*(B*M*4 + B*4)\",\"model_bare_bytes\":"         \
	"40400" lower "},\"machine\":{\"allocator\":\"jemalloc 5.3\"}}\n"
#define T2 ",\"threads\":2"
#define LOWER(b) ",\"threads\":{\"count\":2,\"workspace_lower_bytes\":" b "}"

/* interp at N=1000 on 1 and 2 threads, against a triad of 10 GB/s on 2
 * cores: fast halves its time (2 s to 1 s, 1 GB/s: scales), stream moves
 * 6 GB/s (60%: bandwidth), chunked goes from 2 s to 1.6 s (1.25x, 62%:
 * neither) and doubles its workspace as its model does. */
static void
make_scaling_data(void)
{
	make_dir();
	write_file("interp-threads.jsonl",
	    RUN("interp", "fast", "1000", "", "2.0", "0.5", "0", "", "0") RUN(
		"interp", "stream", "1000", "", "3.0", "3.0", "1e6", "",
		"1e6") RUN("interp", "chunked", "1000", "", "2.0", "1.0", "4e5",
		"", "4.04e5") RUN("interp", "fast", "1000", T2, "1.0", "1.0",
		"0", LOWER("0"), "0") RUN("interp", "stream", "1000", T2, "2.5",
		"6.0", "1e6", LOWER("9e5"), "1e6") RUN("interp", "chunked",
		"1000", T2, "1.6", "1.0", "8e5", LOWER("7.5e5"), "8.08e5"));
	write_file("ceilings-threads.json",
	    "{\"threads\":2,\"triad_bytes_per_s\":1e10}\n");
	write_file("jax-interp.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"question_jit\",\"status\":"
	    "\"ok\",\"params\":{\"n\":500},\"reported\":{\"c_variant\":"
	    "\"fast\",\"warm_call_s\":[4.0]}}\n{\"workload\":\"interp\","
	    "\"variant\":\"question_jit@all\",\"status\":\"ok\",\"params\":"
	    "{\"n\":500},\"reported\":{\"c_variant\":\"fast\",\"warm_call_s\":"
	    "[3.0]}}\n");
	write_file("jax-c-interp.jsonl",
	    RUN("interp", "fast", "500", "", "0.5", "1", "0", "", "0"));
	write_file("jax-c-interp-threads.jsonl",
	    RUN("interp", "fast", "500", T2, "0.25", "1", "0", LOWER("0"),
		"0"));
}

static void
remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* The section's facts on the crafted data (rp_threads_facts); the
 * report's own data is read once per call. The words are the template's
 * (reports/templates/notebook/threads.md.j2), rendered from the committed
 * data's facts by make test-templates. */
static rp_report_t R;

static void
section_facts(rp_data_t *D)
{
	memset(&R, 0, sizeof(R));
	/* Figures count as drawn, so that their facts say so. */
	for (int i = 0; i < RP_REPORT_MAX_FIGS; i++)
		R.saved[i] = 1;
	fb_report_load(&R, dir);
	rp_threads_facts(&R);
	cr_expect_eq(R.facts.duplicates, 0, "a fact set twice");
	if (D != NULL) {
		*D = R.data;
		memset(&R.data, 0, sizeof(R.data));
	}
}

static void
section_free(void)
{
	json_decref(R.notes);
	rp_data_free(&R.data);
	rp_facts_free(&R.facts);
}

/* The printed text of a fact ("" when the fact is missing). */
static const char *
text(const char *name)
{
	const char *t = json_string_value(
	    json_object_get(rp_facts_get(&R.facts, name), "text"));
	return t != NULL ? t : "";
}

static int
truth(const char *name)
{
	return json_is_true(
	    json_object_get(rp_facts_get(&R.facts, name), "value"));
}

#define expect_text(name, want)                                                \
	cr_expect_str_eq(text(name), (want), "%s", (name))

Test(report_threads, section_rows_and_numbers)
{
	make_scaling_data();
	section_facts(NULL);
	/* The time table: the rule's word per variant. */
	expect_text("threads.interp.fast.n", "1000");
	expect_text("threads.interp.fast.time_first", "2 s");
	expect_text("threads.interp.fast.time_last", "1 s");
	expect_text("threads.interp.fast.speedup", "2.00x");
	expect_text("threads.interp.fast.efficiency", "100%");
	expect_text("threads.interp.fast.scaling", "scales");
	expect_text("threads.interp.stream.speedup", "1.20x");
	expect_text("threads.interp.stream.efficiency", "60%");
	expect_text("threads.interp.stream.scaling", "bandwidth");
	expect_text("threads.interp.chunked.speedup", "1.25x");
	expect_text("threads.interp.chunked.efficiency", "62%");
	expect_text("threads.interp.chunked.scaling", "short");
	/* The memory table. */
	expect_text(
	    "threads.interp.fast.workspace_first", "< 64 KiB (one thread)");
	expect_text("threads.interp.fast.workspace_last", "< 64 KiB / 0 B");
	expect_text("threads.interp.fast.model_last", "0 B");
	expect_text("threads.interp.fast.bytes_per_s", "1 GB");
	expect_text("threads.interp.fast.triad_share", "10.0%");
	/* The ceiling it is a share of: no caches recorded, so DRAM's, on
	 * the two cores the run used (rp_threads.h). */
	expect_text("threads.interp.fast.ceiling", "10 GB");
	expect_text("threads.interp.fast.ceiling_level", "DRAM");
	expect_text("threads.interp.fast.ceiling_cores", "2");
	expect_text(
	    "threads.interp.stream.workspace_first", "1 MB (one thread)");
	expect_text("threads.interp.stream.workspace_last", "1 MB / 900 kB");
	expect_text("threads.interp.stream.triad_share", "60.0%");
	/* The sentences under it. */
	expect_text("threads.interp.best_variant", "fast");
	expect_text("threads.interp.fast.speedup", "2.00x");
	expect_text("threads.interp.fast.efficiency", "100%");
	cr_expect_null(rp_facts_get(&R.facts, "threads.interp.best_speedup"),
	    "the best's speed-up is its own row's fact, not a second one");
	expect_text("threads.interp.count", "3");
	expect_text("threads.interp.count_bandwidth", "1");
	expect_text("threads.interp.count_scales", "1");
	expect_text("threads.interp.count_short", "1");
	expect_text("threads.interp.count_untested", "0");
	/* No samples in these runs: the speed-up is not decided by them. */
	expect_text("threads.interp.best_decided", "undecided");
	expect_text("threads.interp.best_samples", "0");
	/* The figure and its sweep. */
	cr_expect(truth("threads.interp.figure.drawn"));
	expect_text("threads.interp.counts", "1,2");
	expect_text("threads.interp.repeat", "3");
	expect_text("threads.interp.warmup", "0");
	cr_expect(truth("threads.interp.after.present"));
	cr_expect_not(truth("threads.interp.after.cost_known"));
	/* The chunk trade-off: B from the one-thread model, both doublings. */
	expect_text("threads.chunk.b", "100");
	expect_text("threads.chunk.peak_first", "400 kB");
	expect_text("threads.chunk.peak_last", "800 kB");
	expect_text("threads.chunk.peak_ratio", "2.00x");
	expect_text("threads.interp.chunked.model_first", "404 kB");
	expect_text("threads.interp.chunked.model_last", "808 kB");
	expect_text("threads.chunk.model_ratio", "2.00x");
	expect_text("threads.chunk.lower_last", "750 kB");
	/* JAX at equal thread counts: its one-core run beside C at 1. */
	expect_text("threads.jax.row0.program", "question_jit");
	expect_text("threads.jax.row0.c_variant", "fast");
	expect_text("threads.jax.row0.ratio_one", "8.00x");
	expect_text("threads.jax.row0.c_all", "250 ms");
	expect_text("threads.jax.row0.threads", "2");
	expect_text("threads.jax.row0.ratio_all", "12.0x");
	/* The goal's cases: sorted and cells absent here. */
	expect_text("threads.goal.case0.variant", "sorted");
	expect_text("threads.goal.case0.speedup", "n/a");
	expect_text("threads.goal.case0.verdict", "not measured");
	expect_text("threads.goal.case1.verdict", "not measured");
	/* No colony runs. */
	cr_expect_not(truth("threads.colony.measured"));
	cr_expect(truth("threads.interp.measured"));
	section_free();
	remove_dir();
}

/* fast at 1 and 2 threads with five timed samples each (b2 those at 2). */
static void
make_sampled_data(const char *b2)
{
	char two[512];

	make_dir();
	snprintf(two, sizeof(two),
	    "{\"workload\":\"interp\",\"variant\":\"fast\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1000,\"threads\":2},\"time_s\":"
	    "{\"median\":1.0,\"samples\":[%s]}}\n",
	    b2);
	char all[1024];
	snprintf(all, sizeof(all), "%s%s",
	    "{\"workload\":\"interp\",\"variant\":\"fast\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1000},\"time_s\":{\"median\":"
	    "2.0,\"samples\":[2.0,2.1,1.9,2.05,1.95]}}\n",
	    two);
	write_file("interp-threads.jsonl", all);
}

/* The best speed-up is decided by its two runs' own samples: apart, it
 * is "faster" with its interval and the least p five samples a side can
 * give; spread over each other (the same medians), not decided. */
Test(report_threads, best_speedup_decided_by_its_samples)
{
	make_sampled_data("1.0,1.05,0.95,1.02,0.98");
	section_facts(NULL);
	expect_text("threads.interp.best_variant", "fast");
	expect_text("threads.interp.best_decided", "faster");
	expect_text("threads.interp.best_samples", "5");
	/* The least p of 5 against 5: 2 / C(10, 5) = 2/252. */
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "threads.interp.best_least_p"), 2.0 / 252,
	    1e-12);
	cr_expect_neq(strcmp(text("threads.interp.best_interval"), "n/a"), 0);
	section_free();
	remove_dir();
	make_sampled_data("1.0,2.2,0.6,2.1,1.95");
	section_facts(NULL);
	expect_text("threads.interp.best_decided", "undecided");
	section_free();
	remove_dir();
	/* Apart the other way (the row's speed-up is its medians', the
	 * samples say the threaded runs were slower): decided, against. */
	make_sampled_data("3.0,3.1,2.9,3.05,2.95");
	section_facts(NULL);
	expect_text("threads.interp.best_decided", "not_faster");
	section_free();
	remove_dir();
}

Test(report_threads, figure_speedups_and_ideal_line)
{
	const rp_fig_t *fig = rp_figure_find("fig-interp-threads");
	rp_data_t D;
	rp_plot_t P;
	const rp_block_t *b;

	cr_assert(fig != NULL);
	make_scaling_data();
	section_facts(&D);
	section_free();
	memset(&P, 0, sizeof(P));
	cr_assert_eq(rp_figure_collect(&D, fig, &P), 0);
	b = rp_figure_block(&P, "stream");
	cr_assert(b != NULL && b->nrows == 2, "stream: %zu rows",
	    b != NULL ? b->nrows : 0);
	cr_expect(b->rows[0].v[0] == 1.0 && b->rows[0].v[1] == 1.0,
	    "T=1 row: %g %g", b->rows[0].v[0], b->rows[0].v[1]);
	cr_expect(b->rows[1].v[0] == 2.0 && fabs(b->rows[1].v[1] - 1.2) < 1e-9,
	    "T=2 row: %g %g", b->rows[1].v[0], b->rows[1].v[1]);
	/* The ideal line's end and the axes': the most threads, 2. */
	cr_expect_float_eq(
	    json_real_value(json_object_get(P.refs, "tmax")), 2.0, 1e-12);
	cr_expect_float_eq(
	    json_real_value(json_object_get(P.refs, "y_to")), 2.5, 1e-12);
	cr_expect_str_eq(
	    json_string_value(json_object_get(P.refs, "kind")), "threads");
	rp_figure_free(&P);
	rp_data_free(&D);
	remove_dir();
}

/* A variant swept in two threads sets at two N: its figure's rows are
 * the table's, at its largest N (1000: 2 s, then 1 s), one a thread
 * count, not both sets' (N=500 would put a third and fourth row, and a
 * speed-up over another N's one-thread time). */
Test(report_threads, figure_rows_at_the_tables_n)
{
	const rp_fig_t *fig = rp_figure_find("fig-interp-threads");
	rp_data_t D;
	rp_plot_t P;
	const rp_block_t *b;

	make_dir();
	write_file("interp-threads-fast.jsonl",
	    RUN("interp", "fast", "500", "", "0.5", "0.5", "0", "", "0")
		RUN("interp", "fast", "500", T2, "0.4", "1.0", "0", LOWER("0"),
		    "0"));
	write_file("interp-threads.jsonl",
	    RUN("interp", "fast", "1000", "", "2.0", "0.5", "0", "", "0")
		RUN("interp", "fast", "1000", T2, "1.0", "1.0", "0", LOWER("0"),
		    "0"));
	section_facts(&D);
	expect_text("threads.interp.fast.speedup", "2.00x");
	section_free();
	memset(&P, 0, sizeof(P));
	cr_assert_eq(rp_figure_collect(&D, fig, &P), 0);
	b = rp_figure_block(&P, "fast");
	cr_assert(b != NULL && b->nrows == 2, "fast: %zu rows",
	    b != NULL ? b->nrows : 0);
	cr_expect(b->rows[1].v[0] == 2.0 && fabs(b->rows[1].v[1] - 2.0) < 1e-9,
	    "T=2 row: %g %g", b->rows[1].v[0], b->rows[1].v[1]);
	rp_figure_free(&P);
	rp_data_free(&D);
	remove_dir();
}

/* A run of fast at n on one thread or more, its median time. */
#define T_RUN(n, thr, t)                                                       \
	"{\"workload\":\"interp\",\"variant\":\"fast\",\"status\":\"ok\","     \
	"\"params\":{\"n\":" n ",\"m\":100" thr "},\"settings\":"              \
	"{\"repeat\":3},\"time_s\":{\"median\":" t ",\"repeats\":3},"          \
	"\"machine\":{\"allocator\":\"jemalloc 5.3\"}}\n"

/* The section's facts with every figure gathered first, as report.c
 * does (the time figures predict a one-thread time), and their release
 * with the folder. */
static void
figured_facts(void)
{
	memset(&R, 0, sizeof(R));
	fb_report_load(&R, dir);
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS; i++)
		cr_assert_eq(
		    rp_figure_collect(&R.data, &rp_figures[i], &R.plots[i]), 0);
	rp_threads_facts(&R);
}

static void
figured_free(void)
{
	section_free();
	for (int i = 0; i < RP_REPORT_MAX_FIGS; i++)
		rp_figure_free(&R.plots[i]);
	remove_dir();
}

/* Beside an efficiency over 100% (9 ms to 3 ms on 2 threads at N=3000:
 * 150%), the one-thread time the variant's own sizes predict there: 2 ms
 * at N=1000 and 20 ms at N=10000 lie on a line of slope 1 in log-log, 6
 * ms at 3000; the run took 1.50x that, and over it the two threads'
 * speed-up is 2.00x. At a size with runs on one side only: no
 * prediction. */
Test(report_threads, one_thread_against_its_sizes)
{
	make_dir();
	write_file("interp-scale.jsonl", T_RUN("1000", "", "0.002"));
	write_file("interp-main.jsonl", T_RUN("10000", "", "0.02"));
	write_file("interp-threads.jsonl",
	    T_RUN("3000", "", "0.009") T_RUN("3000", T2, "0.003"));
	figured_facts();
	expect_text("threads.interp.fast.efficiency", "150%");
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "threads.interp.fast.predicted_first"),
	    0.006, 1e-12);
	expect_text("threads.interp.fast.first_over_predicted", "1.50x");
	expect_text("threads.interp.fast.speedup_over_predicted", "2.00x");
	expect_text("threads.slow_first", "1.25x");
	figured_free();

	make_dir();
	write_file("interp-main.jsonl", T_RUN("10000", "", "0.02"));
	write_file("interp-threads.jsonl",
	    T_RUN("3000", "", "0.009") T_RUN("3000", T2, "0.003"));
	figured_facts();
	cr_expect(isnan(rp_facts_num(
	    &R.facts, "threads.interp.fast.first_over_predicted")));
	figured_free();
}

Test(report_threads, without_threaded_runs)
{
	make_dir();
	write_file("interp-main.jsonl",
	    RUN("interp", "fast", "1000", "", "2.0", "0.5", "0", "", "0"));
	section_facts(NULL);
	cr_expect_not(truth("threads.interp.measured"));
	cr_expect_not(truth("threads.chunk.measured"));
	cr_expect_eq(json_array_size(json_object_get(
			 rp_facts_get(&R.facts, "threads.jax.rows"), "value")),
	    0);
	section_free();
	remove_dir();
}

/* A variant without its one-thread run: its row's N names the run it
 * came from (the two-thread one), so that the template finds the row's
 * set (its caption's "other rows"); the report once failed to render. */
Test(report_threads, a_row_without_its_one_thread_run_names_its_run)
{
	const json_t *runs;

	make_dir();
	write_file("interp-threads.jsonl",
	    RUN("interp", "fast", "1000", "", "2.0", "0.5", "0", "", "0")
		RUN("interp", "fast", "1000", T2, "1.0", "1.0", "0", LOWER("0"),
		    "0") RUN("interp", "stream", "1000", T2, "2.5", "6.0",
		    "1e6", LOWER("9e5"), "1e6"));
	section_facts(NULL);
	expect_text("threads.interp.stream.n", "1000");
	runs = json_object_get(
	    rp_facts_get(&R.facts, "threads.interp.stream.n"), "runs");
	cr_assert_eq(json_array_size(runs), 1);
	cr_expect(strncmp(json_string_value(json_array_get(runs, 0)),
		      "interp-threads/", 15) == 0,
	    "%s", json_string_value(json_array_get(runs, 0)));
	section_free();
	remove_dir();
}

/* A sorted run for the goal's sentence: threads, median, timed runs. */
#define GOAL(thr, t, reps)                                                     \
	"{\"workload\":\"interp\",\"variant\":\"sorted\",\"status\":\"ok\","   \
	"\"params\":{\"n\":1000000,\"m\":300" thr                              \
	"},\"time_s\":{\"median\":" t ",\"repeats\":" reps                     \
	"},\"machine\":{\"allocator\":\"jemalloc "                             \
	"5.3\"}}\n"

/* The goal reads interp sorted from its own sweep when there is one (2.00x
 * there), not from the table's interleaved set (1.25x). */
Test(report_threads, goal_prefers_its_own_sweep)
{
	make_dir();
	write_file("interp-threads.jsonl",
	    GOAL("", "0.05", "2") GOAL(T2, "0.04", "2"));
	section_facts(NULL);
	expect_text("threads.goal.case0.n", "1e6");
	expect_text("threads.goal.case0.speedup", "1.25x");
	expect_text("threads.goal.case0.verdict", "not reached");
	expect_text("threads.goal.case0.repeats_first", "2");
	expect_text("threads.goal.case0.set", "interp-threads");
	section_free();
	write_file("goal-interp-sorted.jsonl",
	    GOAL("", "0.06", "10") GOAL(T2, "0.03", "10"));
	section_facts(NULL);
	expect_text("threads.goal.case0.speedup", "2.00x");
	expect_text("threads.goal.case0.verdict", "reached");
	expect_text("threads.goal.case0.repeats_last", "10");
	expect_text("threads.goal.case0.set", "goal-interp-sorted");
	expect_text("threads.goal.case1.verdict", "not measured");
	section_free();
	remove_dir();
}

/* Two variants at 1 and 2 threads, each run's interleaved group of turns
 * (conditions.interleaved_runs; 0: the field left out). */
static void
write_turns(int turns)
{
	char line[512], all[2048] = "";

	for (int k = 0; k < 4; k++) {
		char cond[64] = "";

		if (turns > 0)
			snprintf(cond, sizeof(cond),
			    ",\"conditions\":{\"interleaved_runs\":%d}", turns);
		snprintf(line, sizeof(line),
		    "{\"workload\":\"interp\",\"variant\":\"%s\","
		    "\"status\":\"ok\",\"params\":{\"n\":1000,\"m\":100%s},"
		    "\"time_s\":{\"median\":1.0}%s,\"machine\":{"
		    "\"allocator\":\"jemalloc 5.3\"}}\n",
		    k % 2 ? "fast" : "slow", k >= 2 ? T2 : "", cond);
		strcat(all, line);
	}
	write_file("interp-threads.jsonl", all);
}

/* The thread counts took turns when each run's interleaved group held more
 * runs than the set has at its own thread count (4 against 2); a group of
 * one count's variants (2), or none recorded, did not. */
Test(report_threads, thread_counts_took_turns_by_the_runs_groups)
{
	static const struct {
		int turns, alternated;
	} cases[] = {{4, 1}, {2, 0}, {0, 0}};

	make_dir();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_turns(cases[i].turns);
		section_facts(NULL);
		cr_expect_eq(truth("threads.interp.alternated"),
		    cases[i].alternated, "interleaved_runs %d", cases[i].turns);
		section_free();
	}
	remove_dir();
}

/* The steepest local slope of naive's committed steps (N 512..8192,
 * slopes 3.94, 2.90, 1.99, 2.09) is the first interval; moving the kink
 * moves the answer; fewer than two sizes have none. */
Test(report_colony, steepest_local_slope)
{
	double n[] = {512, 1024, 2048, 4096, 8192};
	double t[] = {2.98e-4, 4.57e-3, 3.42e-2, 1.36e-1, 5.76e-1};
	double flat[] = {1, 4, 16, 64, 1024};
	rp_row_t rows[5], flat_rows[5];
	rp_block_t b = {.rows = rows, .nrows = 5};
	rp_block_t bf = {.rows = flat_rows, .nrows = 5};

	for (int j = 0; j < 5; j++) {
		rows[j].v[0] = flat_rows[j].v[0] = n[j];
		rows[j].v[1] = t[j];
		flat_rows[j].v[1] = flat[j];
	}
	cr_expect_eq(rp_colony_steepest(&b), 1);
	cr_expect_eq(rp_colony_steepest(&bf), 4);
	b.nrows = 1;
	cr_expect_eq(rp_colony_steepest(&b), 0);
	b.nrows = 0;
	cr_expect_eq(rp_colony_steepest(&b), 0);
	cr_expect_eq(rp_colony_steepest(NULL), 0);
}
