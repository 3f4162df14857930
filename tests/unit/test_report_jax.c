/*
 * Unit tests of the report's JAX section (reports/rp_jax,
 * rp_jax_programs) on crafted data, no JAX needed: the model check at
 * its thresholds and just beside them;
 * the section's facts from a crafted data folder (the programs' warm
 * calls, the extrapolated peak of the question, the anchor, the idiom
 * map's facts), the JAX sets kept
 * out of the C variant lists, and why there is no section without JAX
 * runs. The words are templates/notebook/jax.md.j2 (tests/report).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_jax.h"
#include "rp_jax_programs.h"
#include "rp_run_facts.h"

#define EPS 1e-6

/* ---- the model check ---- */

/* The steps one call makes, by the program's role in its workload's
 * registration: a loop of steps (any label that begins with the loop's or
 * fori's) runs params.steps, the pair function none, anything else one. */
Test(report_jax, steps_per_call_by_the_programs_role)
{
	static const struct {
		const char *workload, *program;
		double steps;
	} cases[] = {
	    {"colony", "fori", 10},
	    {"colony", "loop_glibc", 10},
	    {"colony", "pair", 0},
	    {"colony", "step", 1},
	    {"interp", "question", 1},
	    {"interp", "loop", 1},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *r = json_pack("{s:s, s:s, s:{s:i}}", "workload",
		    cases[i].workload, "variant", cases[i].program, "params",
		    "steps", 10);
		cr_assert_not_null(r);
		cr_expect_eq(rp_jax_steps_per_call(r), cases[i].steps, "%s/%s",
		    cases[i].workload, cases[i].program);
		json_decref(r);
	}
}

/* The median and range of an array's numbers, or of its objects' member
 * key (a missing or non-number member left out), each over div; none when
 * div is not above 0 (a pair function's call makes no whole step). */
Test(report_jax, range_of_numbers_or_members)
{
	json_t *a = json_pack("[{s:f}, {s:s}, {s:f}, {}, {s:f}]", "r", 3.0, "r",
	    "x", "r", 9.0, "r", 6.0);
	json_t *b = json_pack("[f, s, f]", 2.0, "x", 4.0);
	double m, lo, hi;

	cr_assert_not_null(a);
	cr_assert_not_null(b);
	cr_expect_eq(rp_jax_range(a, "r", 3, &m, &lo, &hi), 3);
	cr_expect(m == 2 && lo == 1 && hi == 3, "%g %g %g", m, lo, hi);
	cr_expect_eq(rp_jax_range(b, NULL, 1, &m, &lo, &hi), 2);
	cr_expect(m == 3 && lo == 2 && hi == 4, "%g %g %g", m, lo, hi);
	cr_expect_eq(rp_jax_range(b, NULL, 0, &m, &lo, &hi), 0);
	cr_expect(isnan(m) && isnan(lo) && isnan(hi));
	json_decref(a);
	json_decref(b);
}

/* XLA's count priced, two calls of the compiled function a timed call:
 * 2 x 4e9 flops at half a 16e9 flop/s FMA ceiling (1 s), 2 x 2e9
 * transcendentals at 1e9 square roots/s of 4 lanes (1 s); 2 x 6e9 bytes
 * half at L3's read (3e9/s: 2 s) and half at its write rate (2e9/s: 3 s),
 * for 41 MB of buffers that L2 (1 MB) cannot hold and L3 (64 MB) can; a
 * 40 MB block of temporaries, over glibc's 32 MiB, mapped afresh: 2 x 500
 * pages at 1 ms + 1 ms (2 s) by default, none kept. XLA's code mostly
 * 4-lane (the ceiling's width: the same), then mostly 2-lane (compute at
 * half the rate: 4 s). 30 MB of temporaries fault nothing; 70 MB live in
 * DRAM; a loop or a missing rate predicts nothing. */
Test(report_jax, xla_count_priced_at_the_ceilings)
{
	json_t *c = json_pack("{s:f, s:f, s:i, s:f, s:f, s:f, s:f, s:f, s:f}",
	    "fma_flops_per_s", 16e9, "sqrtps_per_s", 1e9, "fma_vector_width", 4,
	    "read_l3_bytes_per_s", 3e9, "write_l3_bytes_per_s", 2e9,
	    "read_dram_bytes_per_s", 1e9, "write_dram_bytes_per_s", 1e9,
	    "minor_fault_s", 1e-3, "page_release_s", 1e-3);
	json_t *r = json_pack("{s:{s:{s:f, s:f}}, s:{s:{s:f, s:f, s:f},"
			      " s:{s:f, s:f, s:f, s:b, s:f}, s:{s:f}}}",
	    "machine", "caches", "l2_bytes", 1e6, "l3_bytes", 64e6, "reported",
	    "memory_analysis", "temp_bytes", 40e6, "argument_bytes", 0.5e6,
	    "output_bytes", 0.5e6, "cost_analysis", "flops", 4e9,
	    "transcendentals", 2e9, "bytes_accessed", 6e9, "loops", 0, "calls",
	    2.0, "faults", "temp_pages", 500.0);
	json_t *ma =
	    json_object_get(json_object_get(r, "reported"), "memory_analysis");
	rp_jax_xla_t m;

	cr_assert(c != NULL && r != NULL);
	cr_assert_eq(rp_jax_xla(c, r, 0, &m), 0);
	cr_expect_str_eq(m.level, "L3");
	cr_expect(m.lanes == 4 && !m.lanes_counted);
	cr_expect(fabs(m.compute_s - 2) < EPS && fabs(m.memory_s - 5) < EPS &&
		fabs(m.faults_s - 2) < EPS && fabs(m.predicted_s - 9) < EPS,
	    "%g %g %g %g", m.compute_s, m.memory_s, m.faults_s, m.predicted_s);
	cr_assert_eq(rp_jax_xla(c, r, 1, &m), 0);
	cr_expect(m.faults_s == 0 && fabs(m.predicted_s - 7) < EPS);
	json_object_set_new(
	    json_object_get(json_object_get(r, "reported"), "cost_analysis"),
	    "float_ops_by_lanes",
	    json_pack("{s:i, s:i, s:i}", "1", 900, "2", 10, "4", 50));
	cr_assert_eq(rp_jax_xla(c, r, 1, &m), 0);
	cr_expect(m.lanes_counted);
	cr_expect(m.lanes == 4 && fabs(m.compute_s - 2) < EPS, "%g %g", m.lanes,
	    m.compute_s);
	json_object_set_new(
	    json_object_get(json_object_get(r, "reported"), "cost_analysis"),
	    "float_ops_by_lanes", json_pack("{s:i, s:i}", "2", 60, "4", 50));
	cr_assert_eq(rp_jax_xla(c, r, 1, &m), 0);
	cr_expect(m.lanes == 2 && fabs(m.compute_s - 4) < EPS, "%g %g", m.lanes,
	    m.compute_s);
	json_object_del(
	    json_object_get(json_object_get(r, "reported"), "cost_analysis"),
	    "float_ops_by_lanes");
	json_object_set_new(ma, "temp_bytes", json_real(30e6));
	cr_assert_eq(rp_jax_xla(c, r, 0, &m), 0);
	cr_expect(m.faults_s == 0 && strcmp(m.level, "L3") == 0);
	json_object_set_new(ma, "temp_bytes", json_real(70e6));
	cr_assert_eq(rp_jax_xla(c, r, 1, &m), 0);
	cr_expect(strcmp(m.level, "DRAM") == 0 && fabs(m.memory_s - 12) < EPS,
	    "%s %g", m.level, m.memory_s);
	json_object_del(c, "write_dram_bytes_per_s");
	cr_expect_eq(rp_jax_xla(c, r, 1, &m), -1);
	cr_expect(isnan(m.predicted_s));
	json_object_set_new(
	    json_object_get(json_object_get(r, "reported"), "cost_analysis"),
	    "loops", json_true());
	cr_expect_eq(rp_jax_xla(c, r, 1, &m), -1);
	cr_expect(isnan(m.compute_s));
	json_decref(c);
	json_decref(r);
}

Test(report_jax, model_check_at_its_thresholds)
{
	const double unit = 1e6;

	/* Within 2x either way: confirmed, at the edges too. */
	cr_expect_str_eq(rp_jax_check_model(2e6, 1e6, unit), "confirmed");
	cr_expect_str_eq(rp_jax_check_model(0.5e6, 1e6, unit), "confirmed");
	cr_expect_str_eq(
	    rp_jax_check_model(2e6 * (1 + EPS), 1e6, unit), "not confirmed");
	cr_expect_str_eq(
	    rp_jax_check_model(0.5e6 * (1 - EPS), 1e6, unit), "not confirmed");
	/* A model of nothing (under 5% of one array): confirmed only when
	 * the working bytes are under 5% too. */
	cr_expect_str_eq(
	    rp_jax_check_model(0.05e6 * (1 - EPS), 0, unit), "confirmed");
	cr_expect_str_eq(rp_jax_check_model(0.05e6, 0, unit), "not confirmed");
	cr_expect_str_eq(rp_jax_check_model(7e6, 0, unit), "not confirmed");
	/* Missing figures: not measured. */
	cr_expect_str_eq(rp_jax_check_model(NAN, 1e6, unit), "not measured");
	cr_expect_str_eq(rp_jax_check_model(1e6, NAN, unit), "not measured");
}

/* ---- the section on crafted data ---- */

static char dir[64];

/* dir/name with text. */
static void
write_file(const char *name, const char *text)
{
	fb_write_file(dir, name, text);
}

/* A JAX run: label, N, peak RSS, temp bytes ("null" un-jitted), C
 * stand-in, first call, warm calls, unblocked calls. */
#define JAXRUN(w, label, n, peak, temp, c, first, warm, unb)                   \
	"{\"workload\":\"" w "\",\"variant\":\"" label "\",\"status\":\"ok\"," \
	"\"params\":{\"n\":" n ",\"m\":100,\"steps\":10},\"memory\":"          \
	"{\"peak_rss_bytes\":" peak "},\"reported\":{\"c_variant\":\"" c       \
	"\",\"first_call_s\":" first ",\"warm_call_s\":[" warm "],"            \
	"\"unblocked_call_s\":[" unb "],\"memory_analysis\":"                  \
	"{\"temp_bytes\":" temp "}}}\n"
#define CRUN(w, v, n, model, t)                                                \
	"{\"workload\":\"" w "\",\"variant\":\"" v "\",\"status\":\"ok\","     \
	"\"params\":{\"n\":" n                                                 \
	",\"m\":100},\"memory\":{\"model_bytes\":" model                       \
	"},\"time_s\":{\"median\":" t "},\"steps_s\":{\"median\":" t           \
	"},\"machine\":{\"allocator\":\"jemalloc\"}}\n"

/* The memory guard stopped the question at N=1e6: a row, not a point of
 * the line. */
#define STOPPED                                                                \
	"{\"workload\":\"interp\",\"variant\":\"question\",\"status\":"        \
	"\"failed\",\"reason\":\"memory guard\",\"params\":{\"n\":1e6,"        \
	"\"m\":100},\"memory\":{\"peak_rss_bytes\":99e9}}\n"

static rp_report_t R;

/* The section's facts of the data folder (with rp_run_facts's and the
 * questions' that report.c computes first), into R.facts. */
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

static void
make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_jax_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
}

static void
remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* interp at N=1e5, M=100 (one array 40 MB): the question un-jitted peaks
 * at 1.1 GB over a 100 MB baseline (1 GB working, the eager model 500 MB:
 * within 2x), and at 200 MB at N=1e4: a line of 10 kB a point over 100
 * MB, 10.1 GB at N=1e6. question_jit holds 280 MB of temporaries against
 * fused's model of 0. */
static void
make_jax_data(void)
{
	make_dir();
	write_file(
	    "interp-main.jsonl", CRUN("interp", "fused", "1000", "0", "0.001"));
	write_file("jax-base.jsonl",
	    JAXRUN("interp", "baseline", "1000", "100e6", "null", "eager",
		"0.1", "0.01", "0.01"));
	write_file("jax-interp.jsonl",
	    JAXRUN("interp", "question", "1e5", "1100e6", "null", "eager",
		"2.0", "1.0,1.2,0.8", "0.05") JAXRUN("interp", "question_jit",
		"1e5", "600e6", "280e6", "fused", "1.5", "0.5", "0.0001"));
	write_file("jax-interp-scale.jsonl",
	    JAXRUN("interp", "question", "1e4", "200e6", "null", "eager", "0.2",
		"0.1", "0.01") STOPPED);
	write_file("jax-c-interp.jsonl",
	    CRUN("interp", "eager", "1e5", "500e6", "0.3")
		CRUN("interp", "fused", "1e5", "0", "0.01"));
	write_file("jax-colony.jsonl",
	    JAXRUN("colony", "step", "1024", "300e6", "20e6", "fused", "2.0",
		"0.09", "0.0002") JAXRUN("colony", "loop", "1024", "300e6",
		"20e6", "fused, K steps", "2.0", "0.8", "0.001")
		JAXRUN("colony", "fori", "1024", "300e6", "20e6",
		    "fused, K steps", "2.0", "0.5", "0.0002"));
	write_file("jax-c-colony.jsonl",
	    CRUN("colony", "fused", "1024", "0", "0.004"));
	/* Two-thread C runs: faster, and never an anchor's one-core side. */
	write_file("jax-c-colony-threads.jsonl",
	    "{\"workload\":\"colony\",\"variant\":\"fused\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1024,\"m\":100,\"threads\":2},"
	    "\"memory\":{\"model_bytes\":0},\"time_s\":{\"median\":"
	    "0.002},\"steps_s\":{\"median\":0.002},\"machine\":"
	    "{\"allocator\":\"jemalloc\"}}\n");
	/* The runs kept for their memory, made beside the cache simulation:
	 * Table J1 prints no first call of them. */
	write_file("jax-plan.json",
	    "{\"memory_beside\": \"rewrite question@seed\"}\n");
	write_file("jax-jaxpr-interp.json",
	    "{\"a\":\"question\",\"b\":\"rewrite\",\"verdict\":\"same "
	    "computation\",\"same_arithmetic\":true,\"eqns\":{\"question\":64,"
	    "\"rewrite\":62},\"arithmetic_eqns\":{\"question\":37,\"rewrite\":"
	    "37},\"compiled\":null}\n");
}

/* A fact's value as a string (NULL when none). */
static const char *
fact_str(const rp_report_t *rp, const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&rp->facts, name), "value"));
}

/* What the idiom map prints of the crafted data: the programs each C
 * variant stands for, each checked against the stand-in's model at the
 * program's sizes. */
static void
idiom_map_facts(void)
{
	static rp_report_t M;
	char msg[256] = "";
	json_t *p;

	cr_assert_eq(
	    rp_data_load(&M.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&M.facts), 0);
	p = rp_jax_programs_of(&M.data, rp_workload_find("interp"), "eager", 0);
	cr_expect_eq(json_array_size(p), 1);
	cr_expect_str_eq(json_string_value(json_array_get(p, 0)), "question");
	json_decref(p);
	p = rp_jax_programs_of(&M.data, rp_workload_find("interp"), "tiled", 0);
	cr_expect_eq(json_array_size(p), 0);
	json_decref(p);
	/* No variant: every one-core program, in the data's order. */
	p = rp_jax_programs_of(&M.data, rp_workload_find("interp"), NULL, 0);
	cr_expect_eq(json_array_size(p), 2);
	cr_expect_str_eq(
	    json_string_value(json_array_get(p, 1)), "question_jit");
	json_decref(p);
	rp_run_facts_add(&M);
	rp_jax_programs_facts(&M);
	p = json_object_get(
	    rp_facts_get(&M.facts, "interp.fused.jax_programs"), "value");
	cr_expect_eq(json_array_size(p), 1);
	cr_expect_str_eq(
	    json_string_value(json_array_get(p, 0)), "question_jit");
	/* question: 1 GB working against eager's 500 MB (exactly 2x). */
	cr_expect_str_eq(fact_str(&M, "jax.interp.question.stand_in"), "eager");
	cr_expect_str_eq(
	    fact_str(&M, "jax.interp.question.check"), "confirmed");
	cr_expect_float_eq(
	    rp_facts_num(&M.facts, "jax.interp.question.work"), 1e9, 1);
	cr_expect_float_eq(
	    rp_facts_num(&M.facts, "jax.interp.question.model"), 500e6, 1);
	/* question_jit: 280 MB of temporaries against fused's 0. */
	cr_expect_str_eq(
	    fact_str(&M, "jax.interp.question_jit.check"), "not confirmed");
	cr_expect_float_eq(
	    rp_facts_num(&M.facts, "jax.interp.question_jit.model"), 0, 1e-9);
	rp_report_free(&M);
}

Test(report_jax, section_facts_from_crafted_data)
{
	static rp_data_t D;
	char msg[256];
	const char *vs[RP_DATA_MAX_VARIANTS];

	make_jax_data();
	section_facts();
	cr_expect_eq(num("jaxprog.interp.table"), 1);
	cr_expect_eq(num("jaxprog.colony.table"), 2);
	/* question's three warm calls: median 1 s, range 0.8-1.2 s. */
	cr_expect_eq(num("jax.interp.question.calls"), 3);
	cr_expect_float_eq(num("jax.interp.question.warm"), 1.0, EPS);
	cr_expect_float_eq(num("jax.interp.question.warm_lo"), 0.8, EPS);
	cr_expect_float_eq(num("jax.interp.question.warm_hi"), 1.2, EPS);
	/* One warm call is one measurement: the count says so. */
	cr_expect_eq(num("jax.interp.question_jit.calls"), 1);
	/* The question against N: a line of 10 kB a point over 100 MB
	 * carried to N=1e6 (the stopped run a row of its own, out of the
	 * line), and eager's model at the JAX size scaled. */
	cr_expect_float_eq(num("jaxprog.peak.at_question"), 10.1e9, 1e3);
	cr_expect_eq(num("jaxprog.peak.runs"), 2);
	cr_expect_eq(num("jaxprog.peak.largest.n"), 1e5);
	cr_expect_str_eq(fact_str(&R, "jaxprog.peak.row1.status"), "failed");
	cr_expect_str_eq(
	    json_string_value(json_array_get(
		json_object_get(
		    rp_facts_get(&R.facts, "jaxprog.peak.stopped"), "value"),
		0)),
	    "row1");
	cr_expect_float_eq(num("jaxprog.peak.c_model"), 5e9, 1);
	cr_expect(json_is_true(json_object_get(
	    rp_facts_get(&R.facts, "jaxprog.peak.c_scaled"), "value")));
	cr_expect(json_is_false(json_object_get(
	    rp_facts_get(&R.facts, "jaxprog.peak.measured_at_question"),
	    "value")));
	/* The anchor: question_jit 500 ms against its stand-in fused 10 ms:
	 * 50x; colony per step: fori 50 ms against fused 4 ms at one thread,
	 * not the two-thread run's 2 ms. */
	cr_expect_str_eq(
	    fact_str(&R, "jaxprog.best.row0.program"), "question_jit");
	cr_expect_str_eq(fact_str(&R, "jaxprog.best.row0.stand_in"), "fused");
	cr_expect_float_eq(num("jaxprog.best.row0.over_stand_in"), 50, EPS);
	cr_expect_float_eq(num("jaxprog.best.row0.over_c"), 50, EPS);
	cr_expect_str_eq(fact_str(&R, "jaxprog.best.row1.program"), "fori");
	cr_expect_str_eq(
	    fact_str(&R, "jaxprog.best.row1.c"), "jaxc.colony.fused");
	cr_expect_float_eq(num("jaxc.colony.fused.time"), 0.004, EPS);
	cr_expect_float_eq(num("jaxprog.best.row1.over_c"), 12.5, EPS);
	/* The loop over fori, each a fact: 0.8 s against 0.5 s. */
	cr_expect_float_eq(num("jaxprog.puzzle.loop_over_fori"), 1.6, EPS);
	/* The jaxpr comparisons the lesson and the advice read: interp's
	 * arithmetic the same; colony's not compared (no file), null. */
	cr_expect(json_is_true(json_object_get(
	    rp_facts_get(&R.facts, "jaxprog.jaxpr.interp.same_arithmetic"),
	    "value")));
	cr_expect_eq(num("jaxprog.jaxpr.interp.arith_b"), 37);
	cr_expect_str_eq(fact_str(&R, "jaxprog.sweep.memory_beside"),
	    "rewrite question@seed");
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&R.facts, "jaxprog.jaxpr.colony.same_arithmetic"),
	    "value")));
	rp_report_free(&R);

	/* The JAX sets kept out of the variants. */
	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_eq(rp_data_variants(&D, "interp", NULL, vs, 32), 1);
	cr_expect_str_eq(vs[0], "fused");
	rp_data_free(&D);
	idiom_map_facts();
	remove_dir();
}

Test(report_jax, why_absent_without_jax)
{
	make_dir();
	write_file(
	    "interp-main.jsonl", CRUN("interp", "fused", "1000", "0", "0.001"));
	write_file("jax-skipped.txt", "no JAX virtual environment: test\n");
	section_facts();
	cr_expect_str_eq(fact_str(&R, "jaxprog.skipped"),
	    "no JAX virtual environment: test");
	cr_expect(rp_facts_get(&R.facts, "jaxprog.interp.table") == NULL);
	rp_report_free(&R);
	remove_dir();
}
