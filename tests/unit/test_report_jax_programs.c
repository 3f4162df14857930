/*
 * Unit tests of the fixes, the same schedule and the fastest in JAX
 * (reports/rp_jax_programs, rp_jax) on crafted data, no JAX needed: the
 * "pays" rule at its edges; the warm calls' median and range; the C lookup
 * that never takes a run of more than one thread (the old `jax-c-%s*`
 * pattern also matched the -threads sets); the section's facts: each row
 * names the runs whose facts it prints, and its verdicts and ratios.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_jax.h"
#include "rp_jax_programs.h"
#include "rp_run_facts.h"
#include "rp_threads.h"

#define EPS 1e-9

Test(report_jax_programs, pays_only_when_the_ranges_do_not_meet)
{
	/* Every fix call faster than every question call. */
	cr_expect_str_eq(rp_jax_pays(0.1, 0.2, 0.2 + EPS, 3), "pays");
	/* Touching ranges: not distinguishable, never a win. */
	cr_expect_str_eq(rp_jax_pays(0.1, 0.2, 0.2, 3), "not distinguishable");
	cr_expect_str_eq(rp_jax_pays(1, 4, 2, 3), "not distinguishable");
	cr_expect_str_eq(rp_jax_pays(3 + EPS, 4, 2, 3), "costs");
	cr_expect_str_eq(rp_jax_pays(NAN, 4, 2, 3), "not measured");
}

static json_t *
parse(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);
	cr_assert(j != NULL, "%s: %s", text, e.text);
	return j;
}

Test(report_jax_programs, warm_median_range_and_steps)
{
	json_t *r = parse("{\"workload\":\"interp\",\"variant\":\"hoisted\","
			  "\"reported\":{\"warm_call_s\":[0.5,0.1,0.3,0.2,"
			  "0.4]}}");
	json_t *loop = parse("{\"workload\":\"colony\",\"variant\":\"loop\","
			     "\"params\":{\"steps\":10},\"reported\":{"
			     "\"warm_call_s\":[1,2,3]}}");
	json_t *none = parse("{\"workload\":\"interp\",\"variant\":\"q\","
			     "\"reported\":{\"warm_call_s\":[]}}");
	double m, lo, hi;

	cr_expect_eq(rp_jax_warm(r, 1, &m, &lo, &hi), 5);
	cr_expect(m == 0.3 && lo == 0.1 && hi == 0.5, "%g %g %g", m, lo, hi);
	/* A call of K steps is K units of colony work. */
	cr_expect_eq(rp_jax_warm(loop, 1, &m, &lo, &hi), 3);
	cr_expect(fabs(m - 0.2) < EPS && fabs(hi - 0.3) < EPS, "%g %g", m, hi);
	cr_expect_eq(rp_jax_warm(loop, 0, &m, &lo, &hi), 3);
	cr_expect(m == 2 && hi == 3, "per call: %g %g", m, hi);
	cr_expect_eq(rp_jax_warm(none, 1, &m, &lo, &hi), 0);
	cr_expect(isnan(m));
	json_decref(r);
	json_decref(loop);
	json_decref(none);
}

/* ---- the section on crafted data ---- */

static char dir[64];

#define JAXRUN(w, label, n, peak, temp, c, first, warm)                        \
	"{\"workload\":\"" w "\",\"variant\":\"" label "\",\"status\":\"ok\"," \
	"\"params\":{\"n\":" n ",\"m\":100,\"steps\":10},\"memory\":"          \
	"{\"peak_rss_bytes\":" peak "},\"reported\":{\"c_variant\":\"" c       \
	"\",\"first_call_s\":" first ",\"warm_call_s\":[" warm "],"            \
	"\"memory_analysis\":{\"temp_bytes\":" temp "}}}\n"
/* A C run of `threads` threads ("" for the harness's default). */
#define CRUN(w, v, n, threads, t, lo, hi)                                      \
	"{\"workload\":\"" w "\",\"variant\":\"" v "\",\"status\":\"ok\","     \
	"\"params\":{\"n\":" n ",\"m\":100" threads "},\"memory\":"            \
	"{\"model_bytes\":0},\"time_s\":{\"median\":" t ",\"min\":" lo         \
	",\"max\":" hi "},\"machine\":{\"allocator\":\"jemalloc\"}}\n"

static void
make_data(void)
{
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_jaxprog_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(dir, "interp-main.jsonl",
	    CRUN("interp", "fused", "1000", "", "0.001", "0.001", "0.001"));
	fb_write_file(dir, "jax-base.jsonl",
	    JAXRUN("interp", "baseline", "1000", "100e6", "null", "eager",
		"0.1", ""));
	fb_write_file(dir, "jax-interp.jsonl",
	    JAXRUN("interp", "question_jit", "1e5", "600e6", "280e6", "fused",
		"1.5", "2.0,2.2,1.9,2.1,2.0")
		JAXRUN("interp", "hoisted", "1e5", "150e6", "40e6", "hoisted",
		    "0.5", "0.020,0.021,0.019,0.030,0.020") JAXRUN("interp",
		    "scan", "1e5", "110e6", "1e6", "tiled (loop order)", "0.5",
		    "1.9,2.0,3.0,2.1,2.2") JAXRUN("interp", "hoisted@all",
		    "1e5", "150e6", "40e6", "hoisted", "0.5", "0.001"));
	/* The sorted run of two threads sorts first (file-name order) and
	 * is faster: it must not be taken. */
	fb_write_file(dir, "jax-c-interp-threads.jsonl",
	    CRUN("interp", "hoisted", "1e5", ",\"threads\":2", "0.001", "0.001",
		"0.001") CRUN("interp", "sorted", "1e5", ",\"threads\":2",
		"0.0005", "0.0005", "0.0005"));
	fb_write_file(dir, "jax-c-interp.jsonl",
	    CRUN("interp", "hoisted", "1e5", "", "0.010", "0.009", "0.012")
		CRUN("interp", "tiled", "1e5", ",\"threads\":1", "0.100",
		    "0.090", "0.110") CRUN("interp", "sorted", "1e5", "",
		    "0.008", "0.007", "0.009"));
	fb_write_file(dir, "jax-plan.json",
	    "{\"seconds\": 240, \"large_n\": 1e6, \"large_n_from\": \"an "
	    "earlier sweep\", \"large_n_tunables\": "
	    "\"glibc.malloc.hugetlb=1\"}\n");
}

static void
remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

static rp_report_t R;

/* The section's facts of the data folder (with rp_run_facts's and the
 * questions' that report.c computes first). */
static void
section_facts(void)
{
	memset(&R, 0, sizeof(R));
	fb_report_load(&R, dir);
	rp_run_facts_add(&R);
	rp_jax_programs_question_facts(&R);
	rp_jax_programs_facts(&R);
}

static double
num(const char *name)
{
	return rp_facts_num(&R.facts, name);
}

/* A string fact's value; "" when none. */
static const char *
str(const char *name)
{
	const char *s = json_string_value(
	    json_object_get(rp_facts_get(&R.facts, name), "value"));
	return s != NULL ? s : "";
}

Test(report_jax_programs, c_lookup_takes_one_thread_only)
{
	static rp_data_t D;
	char msg[256] = "";
	const json_t *c;

	make_data();
	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), 0, "%s", msg);
	c = rp_jax_c_one_thread(&D, "jax-c-interp*", "interp", "hoisted");
	cr_assert(c != NULL);
	cr_expect_str_eq(rp_str(c, "_set"), "jax-c-interp");
	cr_expect_eq(rp_data_threads(c), 1);
	/* The models' lookup, by the registration's pattern, likewise. */
	c = rp_jax_c_one_thread(
	    &D, rp_workload_find("interp")->sets.jax_c, "interp", "sorted");
	cr_expect_str_eq(rp_str(c, "_set"), "jax-c-interp");
	rp_data_free(&D);
	remove_dir();
}

Test(report_jax_programs, fixes_against_the_question)
{
	const json_t *missing;

	make_data();
	section_facts();
	/* hoisted: 20 ms (19-30 ms) against question_jit's 2 s (1.9-2.2):
	 * the row names both runs' facts. */
	cr_expect_str_eq(str("jaxprog.fixes.row0.program"), "hoisted");
	cr_expect_str_eq(str("jaxprog.fixes.row0.jax"), "jax.interp.hoisted");
	cr_expect_str_eq(
	    str("jaxprog.fixes.row0.question"), "jax.interp.question_jit");
	cr_expect_str_eq(str("jaxprog.fixes.row0.pays"), "pays");
	cr_expect_float_eq(num("jaxprog.fixes.row0.speedup"), 100, EPS);
	cr_expect_float_eq(num("jax.interp.hoisted.per_step"), 0.020, EPS);
	cr_expect_float_eq(num("jax.interp.hoisted.unit_lo"), 0.019, EPS);
	cr_expect_float_eq(num("jax.interp.hoisted.unit_hi"), 0.030, EPS);
	cr_expect_float_eq(num("jax.interp.hoisted.rss_work"), 50e6, 1);
	/* scan's range meets the question's. */
	cr_expect_str_eq(str("jaxprog.fixes.row1.program"), "scan");
	cr_expect_str_eq(str("jaxprog.fixes.row1.pays"), "not distinguishable");
	/* A fix without a run has no row, and is named. */
	missing = json_object_get(
	    rp_facts_get(&R.facts, "jaxprog.fixes.missing"), "value");
	cr_expect_str_eq(json_string_value(json_array_get(missing, 0)),
	    "hoisted_map (jax-interp)");
	cr_expect_str_eq(json_string_value(json_array_get(missing, 2)),
	    "sorted (jax-interp)");
	cr_expect(rp_facts_get(&R.facts, "jaxprog.fixes.row2.program") == NULL);
	rp_report_free(&R);
	remove_dir();
}

Test(report_jax_programs, same_schedule_and_the_fastest)
{
	make_data();
	section_facts();
	/* Same schedule: the one-thread C runs, thread counts read. */
	cr_expect_str_eq(str("jaxprog.same.row0.program"), "hoisted");
	cr_expect_str_eq(str("jaxprog.same.row0.c"), "jaxc.interp.hoisted");
	cr_expect_float_eq(num("jaxc.interp.hoisted.time"), 0.010, EPS);
	cr_expect_float_eq(num("jaxc.interp.hoisted.lo"), 0.009, EPS);
	cr_expect_float_eq(num("jaxc.interp.hoisted.hi"), 0.012, EPS);
	cr_expect_eq(num("jaxc.interp.hoisted.threads"), 1);
	cr_expect_float_eq(num("jaxprog.same.row0.over_c"), 2.0, EPS);
	/* No jax-keep.json: no kept-pages figure. */
	cr_expect(isnan(num("jaxprog.same.row0.kept_over_c")));
	cr_expect_str_eq(str("jaxprog.same.row1.c_variant"), "tiled");
	cr_expect_float_eq(num("jaxc.interp.tiled.time"), 0.100, EPS);
	/* The @all run is no one-core counterpart: two rows only. */
	cr_expect(rp_facts_get(&R.facts, "jaxprog.same.row2.program") == NULL);
	/* Best against best: C sorted at one thread (8 ms), not the
	 * two-thread 0.5 ms; JAX hoisted (20 ms). */
	cr_expect_str_eq(str("jaxprog.best.row0.c_variant"), "sorted");
	cr_expect_str_eq(str("jaxprog.best.row0.program"), "hoisted");
	cr_expect_float_eq(num("jaxc.interp.sorted.time"), 0.008, EPS);
	cr_expect_float_eq(num("jaxprog.best.row0.over_c"), 2.5, EPS);
	/* The sweep's time, and where the large run came from. */
	cr_expect_eq(num("jaxprog.sweep.seconds"), 240);
	cr_expect_str_eq(str("jaxprog.sweep.large_n_from"), "an earlier sweep");
	cr_expect_eq(num("jaxprog.peak.large_n"), 1e6);
	cr_expect_str_eq(
	    str("jaxprog.peak.large_n_tunables"), "glibc.malloc.hugetlb=1");
	rp_report_free(&R);
	remove_dir();
}

/* A size at which no JAX program ran to the end: its best-against-best
 * row names no program and takes its size from the C side. */
Test(report_jax_programs, fastest_without_a_jax_program)
{
	make_data();
	fb_write_file(dir, "jax-colony-large.jsonl",
	    "{\"workload\":\"colony\",\"variant\":\"cells\",\"status\":"
	    "\"failed\",\"reason\":\"memory guard\",\"params\":{\"n\":"
	    "4096,\"steps\":10}}\n");
	fb_write_file(dir, "jax-c-large-colony.jsonl",
	    CRUN("colony", "cells", "4096", "", "0.002", "0.002", "0.003"));
	section_facts();
	cr_expect_str_eq(str("jaxprog.best.row1.workload"), "colony");
	cr_expect_str_eq(str("jaxprog.best.row1.c_variant"), "cells");
	cr_expect_str_eq(str("jaxprog.best.row1.program"), "");
	cr_expect_eq(num("jaxprog.best.row1.n"), 4096);
	cr_expect(isnan(num("jaxprog.best.row1.over_c")));
	rp_report_free(&R);
	remove_dir();
}

/* The allocator that keeps freed pages (jax-keep.json): the fastest
 * setting whose kept run succeeded at the program's own size, per unit,
 * set over the same C run as the default. */
Test(report_jax_programs, kept_pages_at_the_fastest_setting)
{
	make_data();
	fb_write_file(dir, "jax-keep.json",
	    "{\"rows\":["
	    "{\"workload\":\"interp\",\"program\":\"hoisted\",\"n\":1e5,"
	    "\"allocator\":\"jemalloc-keep\",\"status\":{\"keep\":\"ok\"},"
	    "\"warm_wall_keep_s\":0.015},"
	    "{\"workload\":\"interp\",\"program\":\"hoisted\",\"n\":1e5,"
	    "\"allocator\":\"glibc-keep\",\"status\":{\"keep\":\"ok\"},"
	    "\"warm_wall_keep_s\":0.012},"
	    "{\"workload\":\"interp\",\"program\":\"hoisted\",\"n\":1e5,"
	    "\"allocator\":\"broken-keep\",\"status\":{\"keep\":\"failed\"},"
	    "\"warm_wall_keep_s\":0.001},"
	    "{\"workload\":\"interp\",\"program\":\"hoisted\",\"n\":1e4,"
	    "\"allocator\":\"small-keep\",\"status\":{\"keep\":\"ok\"},"
	    "\"warm_wall_keep_s\":0.0001},"
	    "{\"workload\":\"colony\",\"program\":\"pair\",\"n\":1024,"
	    "\"allocator\":\"jemalloc-keep\",\"status\":{\"keep\":\"ok\"},"
	    "\"warm_wall_keep_s\":0.01}]}\n");
	/* colony's pair function: a call is no step. */
	fb_write_file(dir, "jax-colony.jsonl",
	    JAXRUN("colony", "pair", "1024", "100e6", "1e6", "fused", "0.5",
		"0.01,0.01,0.01"));
	section_facts();
	cr_expect_float_eq(num("jax.interp.hoisted.kept_warm"), 0.012, EPS);
	cr_expect_str_eq(
	    str("jax.interp.hoisted.kept_allocator"), "glibc-keep");
	/* hoisted's C run takes 10 ms: 1.2x kept, 2x by default. */
	cr_expect_str_eq(str("jaxprog.same.row0.program"), "hoisted");
	cr_expect_float_eq(num("jaxprog.same.row0.kept_over_c"), 1.2, EPS);
	cr_expect_float_eq(num("jaxprog.same.row0.over_c"), 2.0, EPS);
	/* A program jax-keep.json did not measure: null, never another's. */
	cr_expect(isnan(num("jax.interp.scan.kept_warm")));
	/* The pair function's call is no step: no time a step kept and no
	 * allocator named for it, where its 0 steps a call had made the
	 * time infinite (printed as none) beside jemalloc-keep. */
	cr_expect(rp_facts_get(&R.facts, "jax.colony.pair.per_step") != NULL);
	cr_expect(isnan(num("jax.colony.pair.kept_warm")), "%g",
	    num("jax.colony.pair.kept_warm"));
	cr_expect_str_eq(str("jax.colony.pair.kept_allocator"), "");
	rp_report_free(&R);
	remove_dir();
}

/* Faults a warm call beside XLA's temporary pages, and their share of
 * the call, as the run reported them. */
Test(report_jax_programs, faults_beside_temporary_pages)
{
	make_data();
	fb_write_file(dir, "jax-interp.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"hoisted\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1e5,\"m\":100},\"memory\":{"
	    "\"peak_rss_bytes\":150e6},\"reported\":{\"c_variant\":"
	    "\"hoisted\",\"warm_call_s\":[0.02],\"faults\":{"
	    "\"per_call_median\":9766,\"temp_pages\":9765.625,"
	    "\"share_of_cpu\":0.25}}}\n");
	section_facts();
	cr_expect_eq(num("jax.interp.hoisted.faults"), 9766);
	cr_expect_float_eq(num("jax.interp.hoisted.temp_pages"), 9765.625, EPS);
	cr_expect_float_eq(num("jax.interp.hoisted.fault_share"), 0.25, EPS);
	rp_report_free(&R);
	remove_dir();
}
