/*
 * Unit tests of the report's threads section (reports/rp_scaling) and its
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
#include "rp_scaling.h"

#define EPS 1e-6

Test(report_scaling, decide_at_and_beside_its_thresholds)
{
	/* The bandwidth share decides first, at exactly its threshold. */
	cr_expect_eq(
	    rp_scaling_decide(RP_SCALING_BW_SHARE, 1.0), RP_SCALING_BANDWIDTH);
	cr_expect_eq(
	    rp_scaling_decide(RP_SCALING_BW_SHARE, 0.1), RP_SCALING_BANDWIDTH);
	cr_expect_eq(rp_scaling_decide(RP_SCALING_BW_SHARE - EPS, 0.1),
	    RP_SCALING_SHORT);
	/* Below the share: the efficiency, at and beside its threshold. */
	cr_expect_eq(
	    rp_scaling_decide(0.1, RP_SCALING_EFFICIENCY), RP_SCALING_SCALES);
	cr_expect_eq(rp_scaling_decide(0.1, RP_SCALING_EFFICIENCY - EPS),
	    RP_SCALING_SHORT);
	/* Without a share only a scaling efficiency decides; without an
	 * efficiency only a bandwidth share. */
	cr_expect_eq(
	    rp_scaling_decide(NAN, RP_SCALING_EFFICIENCY), RP_SCALING_SCALES);
	cr_expect_eq(rp_scaling_decide(NAN, RP_SCALING_EFFICIENCY - EPS),
	    RP_SCALING_UNTESTED);
	cr_expect_eq(rp_scaling_decide(0.9, NAN), RP_SCALING_BANDWIDTH);
	cr_expect_eq(rp_scaling_decide(0.1, NAN), RP_SCALING_UNTESTED);
	cr_expect_eq(rp_scaling_decide(NAN, NAN), RP_SCALING_UNTESTED);
	cr_expect_str_eq(
	    rp_scaling_word(RP_SCALING_BANDWIDTH), "stops at the triad");
	cr_expect_str_eq(rp_scaling_word(RP_SCALING_SCALES), "scales");
	cr_expect_str_eq(rp_scaling_word(RP_SCALING_SHORT), "scales short");
}

Test(report_scaling, threads_of_a_run)
{
	json_t *one = json_loads("{\"params\":{\"n\":10}}", 0, NULL);
	json_t *three = json_loads("{\"params\":{\"threads\":3}}", 0, NULL);

	cr_expect_eq(rp_scaling_threads(one), 1, "absent reads as 1");
	cr_expect_eq(rp_scaling_threads(three), 3);
	cr_expect_eq(rp_scaling_threads(NULL), 1);
	json_decref(one);
	json_decref(three);
}

/* ---- the section on crafted data ---- */

static char dir[64];

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
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_scaling_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
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

static char *
section_text(rp_data_t *D)
{
	static rp_report_t R;
	char msg[256] = "", *text = NULL;
	size_t len = 0;

	memset(&R, 0, sizeof(R));
	/* Figures count as drawn, so that their captions are written. */
	for (int i = 0; i < RP_REPORT_MAX_FIGS; i++)
		R.saved[i] = 1;
	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	R.md = open_memstream(&text, &len);
	cr_assert(R.md != NULL);
	rp_scaling_write(&R);
	fclose(R.md);
	if (D != NULL)
		*D = R.data;
	else
		rp_data_free(&R.data);
	return text;
}

#define expect_in(text, s)                                                     \
	cr_expect(strstr((text), (s)) != NULL, "missing \"%s\" in:\n%s", (s),  \
	    (text))

Test(report_scaling, section_rows_and_numbers)
{
	char *t;

	make_scaling_data();
	t = section_text(NULL);
	/* The time table: the scaling rule's word, then the one limiter
	 * verdict (no main run in this data: not measured). */
	expect_in(t,
	    "| fast | 1000 | 2 s | 1 s | 2.00x (100%) | scales | [not "
	    "measured](#what-limits-each-variant) |");
	expect_in(t,
	    "| stream | 1000 | 3 s | 2.5 s | 1.20x (60%) | stops at the "
	    "triad |");
	expect_in(t,
	    "| chunked | 1000 | 2 s | 1.6 s | 1.25x (62%) | scales "
	    "short |");
	/* The memory table. */
	expect_in(t,
	    "| fast | < 64 KiB (one thread) | 0 B | < 64 KiB / 0 B | 0 B | "
	    "1 GB/s (10.0% of triad) |");
	expect_in(t,
	    "| stream | 1 MB (one thread) | 1 MB | 1 MB / 900 kB | 1 MB | 6 "
	    "GB/s (60.0% of triad) |");
	expect_in(t,
	    "At 2 threads the largest speed-up is 2.00x (fast, "
	    "efficiency 100%). Of the 3 variants, 1 move bytes at 50% "
	    "or more of the triad bandwidth on 2 cores, 1 are below "
	    "that and scale with an efficiency of 80% or more, and 1 "
	    "do neither.");
	expect_in(t,
	    "`harness sweep --workload interp --threads 1,2 --repeat "
	    "3 --warmup 0`");
	expect_in(t, "](figures/fig-interp-threads.svg)");
	expect_in(t, "this data has no run of it there to quote");
	/* The chunk trade-off: B from the one-thread model, both doublings. */
	expect_in(t,
	    "B = 100). From 1 to 2 threads its workspace's upper "
	    "bound (the sum of the threads' peaks) goes from 400 kB "
	    "to 800 kB, 2.00x; the model goes from 404 kB to 808 kB, "
	    "2.00x. The lower bound (process-wide allocated bytes, "
	    "sampled) at 2 threads is 750 kB.");
	/* JAX at equal thread counts: its one-core run beside C at 1. */
	expect_in(t,
	    "| interp | question_jit | fast | 4 s / 500 ms = 8.00x | 3 s / "
	    "250 ms (2 threads) = 12.0x |");
	/* The goal's cases: sorted and cells absent here. */
	expect_in(t,
	    "cells at N = 65,536. As measured here: interp sorted at N = n/a, "
	    "n/a (not measured); colony "
	    "cells at N = n/a, n/a (not measured).");
	/* No colony runs: one line. */
	expect_in(t, "No colony runs at two or more thread counts");
	free(t);
	remove_dir();
}

Test(report_scaling, figure_speedups_and_ideal_line)
{
	const rp_fig_t *fig = rp_figure_find("fig-interp-threads");
	rp_data_t D;
	rp_plot_t P;
	const rp_block_t *b;
	char *t;

	cr_assert(fig != NULL);
	make_scaling_data();
	t = section_text(&D);
	free(t);
	memset(&P, 0, sizeof(P));
	cr_assert_eq(rp_figure_collect(&D, fig, &P), 0);
	b = rp_figure_block(&P, "stream");
	cr_assert(b != NULL && b->nrows == 2, "stream: %zu rows",
	    b != NULL ? b->nrows : 0);
	cr_expect(b->rows[0].v[0] == 1.0 && b->rows[0].v[1] == 1.0,
	    "T=1 row: %g %g", b->rows[0].v[0], b->rows[0].v[1]);
	cr_expect(b->rows[1].v[0] == 2.0 && fabs(b->rows[1].v[1] - 1.2) < 1e-9,
	    "T=2 row: %g %g", b->rows[1].v[0], b->rows[1].v[1]);
	cr_expect(strstr(P.prefix, "ideal: speed-up = threads") != NULL, "%s",
	    P.prefix);
	rp_figure_free(&P);
	rp_data_free(&D);
	remove_dir();
}

Test(report_scaling, without_threaded_runs)
{
	char *t;

	snprintf(dir, sizeof(dir), "/tmp/fb_rp_scaling_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	write_file("interp-main.jsonl",
	    RUN("interp", "fast", "1000", "", "2.0", "0.5", "0", "", "0"));
	t = section_text(NULL);
	expect_in(t, "No interp runs at two or more thread counts");
	expect_in(t, "No interp chunked runs at two thread counts");
	expect_in(t, "The data has no JAX program run on all cores");
	free(t);
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
Test(report_scaling, goal_prefers_its_own_sweep)
{
	char *t;

	snprintf(dir, sizeof(dir), "/tmp/fb_rp_scaling_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	write_file("interp-threads.jsonl",
	    GOAL("", "0.05", "2") GOAL(T2, "0.04", "2"));
	t = section_text(NULL);
	expect_in(t,
	    "interp sorted at N = 1e6, 1.25x (not reached; 2 and 2 "
	    "timed runs, set `interp-threads`)");
	free(t);
	write_file("goal-interp-sorted.jsonl",
	    GOAL("", "0.06", "10") GOAL(T2, "0.03", "10"));
	t = section_text(NULL);
	expect_in(t,
	    "interp sorted at N = 1e6, 2.00x (reached; 10 and 10 "
	    "timed runs, set `goal-interp-sorted`)");
	expect_in(t, "colony cells at N = n/a, n/a (not measured)");
	free(t);
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

	cr_expect_eq(rp_colony_steepest(n, t, 5), 1);
	cr_expect_eq(rp_colony_steepest(n, flat, 5), 4);
	cr_expect_eq(rp_colony_steepest(n, t, 1), 0);
	cr_expect_eq(rp_colony_steepest(n, t, 0), 0);
}
