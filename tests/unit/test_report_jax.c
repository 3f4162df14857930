/*
 * Unit tests of the report's JAX section (reports/rp_jax,
 * rp_jax_programs, rp_jaxrule) on crafted data, no JAX needed: the model
 * check and each re-graded rule at their thresholds and just beside them;
 * the section's facts from a crafted data folder (the programs' warm
 * calls, the extrapolated peak of the question, the anchor, the idiom
 * map's facts, the rules' rows kept as their block), the JAX sets kept
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
#include "rp_jaxrule.h"
#include "rp_run_facts.h"

#define EPS 1e-6

/* ---- the model check ---- */

Test(report_jax, model_check_at_its_thresholds)
{
	const double unit = 1e6;

	/* Within 2x either way: confirmed, at the edges too. */
	cr_expect_eq(rp_jax_check_model(2e6, 1e6, unit), RP_JAX_CONFIRMED);
	cr_expect_eq(rp_jax_check_model(0.5e6, 1e6, unit), RP_JAX_CONFIRMED);
	cr_expect_eq(
	    rp_jax_check_model(2e6 * (1 + EPS), 1e6, unit), RP_JAX_REFUTED);
	cr_expect_eq(
	    rp_jax_check_model(0.5e6 * (1 - EPS), 1e6, unit), RP_JAX_REFUTED);
	/* A model of nothing (under 5% of one array): confirmed only when
	 * the working bytes are under 5% too. */
	cr_expect_eq(
	    rp_jax_check_model(0.05e6 * (1 - EPS), 0, unit), RP_JAX_CONFIRMED);
	cr_expect_eq(rp_jax_check_model(0.05e6, 0, unit), RP_JAX_REFUTED);
	cr_expect_eq(rp_jax_check_model(7e6, 0, unit), RP_JAX_REFUTED);
	/* Missing figures: not measured. */
	cr_expect_eq(rp_jax_check_model(NAN, 1e6, unit), RP_JAX_UNTESTED);
	cr_expect_eq(rp_jax_check_model(1e6, NAN, unit), RP_JAX_UNTESTED);
	cr_expect_str_eq(rp_jax_check_word(RP_JAX_REFUTED), "not confirmed");
}

/* ---- the rules ---- */

static rp_decision_t
decide(const char *id, ...)
{
	const rp_jaxrule_t *rule = rp_jaxrule_find(id);
	rp_vals_t x = {.n = 0};
	va_list ap;
	const char *name;

	cr_assert(rule != NULL, "no JAX rule '%s'", id);
	cr_assert(rp_rule_find(id) != NULL, "no C rule '%s'", id);
	va_start(ap, id);
	while ((name = va_arg(ap, const char *)) != NULL)
		rp_vals_num(&x, name, va_arg(ap, double));
	va_end(ap);
	return rule->decide(&x);
}

Test(report_jax, rewrite_rule)
{
	rp_decision_t d =
	    decide("fuse", "q", 10.0, "rw", 1.0, "same", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES, "10x less: %d", d.verdict);
	d = decide(
	    "fuse", "q", 10.0, "rw", 1.0 + EPS, "same", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
	cr_expect(strstr(d.note, "same program") != NULL, "%s", d.note);
	d = decide("fuse", "q", 10.0, "rw", 9.0, "same", 0.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
	cr_expect_str_eq(d.note, "");
}

/* atleast_1d's axis: the question (with it) against the rewrite (a scalar
 * index) must differ tenfold for the advice to hold; 1.60 GB against 1.59
 * GB, the committed figures, does not. */
Test(report_jax, axis_rule)
{
	rp_decision_t d =
	    decide("atleast-1d", "q", 10.0, "rw", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES);
	d = decide("atleast-1d", "q", 10.0, "rw", 1.0 + EPS, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
	d = decide("atleast-1d", "q", 1.60e9, "rw", 1.59e9, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
}

Test(report_jax, jit_rule)
{
	/* Halved, temporaries under one array: supported. */
	rp_decision_t d = decide("jit", "q", 2.0, "qj", 1.0, "temp", 1.0 - EPS,
	    "unit", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES, "%d", d.verdict);
	/* Halved, one full array of temporaries: a nuance. */
	d = decide(
	    "jit", "q", 2.0, "qj", 1.0, "temp", 1.0, "unit", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	cr_expect(strstr(d.note, "temporaries") != NULL, "%s", d.note);
	/* Not halved: not supported. */
	d = decide("jit", "q", 2.0, "qj", 1.0 + EPS, "temp", 0.0, "unit", 1.0,
	    (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
	/* The un-jitted peak under one array above the baseline: noise. */
	d = decide("jit", "q", 1.0 - EPS, "qj", 0.0, "temp", 0.0, "unit", 1.0,
	    (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_UNTESTABLE);
	cr_expect(strstr(d.note, "noise") != NULL, "%s", d.note);
}

Test(report_jax, batch_rule)
{
	/* 10x less, exactly 1.10x the time of question_jit: supported. */
	rp_decision_t d = decide("batch", "pbj", 1.0, "pqj", 10.0, "tbj", 1.1,
	    "tqj", 1.0, "unit", 10.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES, "%d", d.verdict);
	/* A hair slower: a nuance. */
	d = decide("batch", "pbj", 1.0, "pqj", 10.0, "tbj", 1.1 + EPS, "tqj",
	    1.0, "unit", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	/* lax.map, when measured, counts too. */
	d = decide("batch", "pbj", 1.0, "pqj", 10.0, "tbj", 1.0, "tqj", 1.0,
	    "tl", 0.5, "unit", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	/* Memory not 10x less: not supported. */
	d = decide("batch", "pbj", 1.0 + EPS, "pqj", 10.0, "tbj", 1.0, "tqj",
	    1.0, "unit", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
	/* question_jit under one array above the baseline: noise. */
	d = decide("batch", "pbj", 0.0, "pqj", 10.0 - EPS, "tbj", 1.0, "tqj",
	    1.0, "unit", 10.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_UNTESTABLE);
}

Test(report_jax, fori_rule)
{
	rp_decision_t d = decide("compile-loop", "tl", 1.1, "tf", 1.0, "ts",
	    1.0, "te", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES, "%d", d.verdict);
	d = decide("compile-loop", "tl", 1.1 - EPS, "tf", 1.0, "ts", 1.0, "te",
	    1.1, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	cr_expect(strstr(d.note, "fori_loop") != NULL, "%s", d.note);
	d = decide("compile-loop", "tl", 1.0, "tf", 1.0, "ts", 1.0, "te",
	    1.1 - EPS, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
}

Test(report_jax, wait_rule)
{
	rp_decision_t d = decide(
	    "warm-up", "first", 1.1, "warm", 1.0, "unb", 0.1, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_YES, "%d", d.verdict);
	d = decide("warm-up", "first", 1.1, "warm", 1.0, "unb", 0.1 + EPS,
	    (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	d = decide("warm-up", "first", 1.1 - EPS, "warm", 1.0, "unb", 0.1,
	    (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NUANCE);
	d = decide(
	    "warm-up", "first", 1.0, "warm", 1.0, "unb", 1.0, (char *)NULL);
	cr_expect_eq(d.verdict, RP_VERDICT_NO);
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

static rp_report_t R;

/* The section's facts of the data folder (with rp_run_facts's), into
 * R.facts. */
static void
section_facts(void)
{
	char msg[256] = "";

	memset(&R, 0, sizeof(R));
	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_run_facts_add(&R);
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
		"0.1", "0.01"));
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
	p = rp_jax_programs_of(&M.data, "interp", "eager");
	cr_expect_eq(json_array_size(p), 1);
	cr_expect_str_eq(json_string_value(json_array_get(p, 0)), "question");
	json_decref(p);
	p = rp_jax_programs_of(&M.data, "interp", "tiled");
	cr_expect_eq(json_array_size(p), 0);
	json_decref(p);
	rp_run_facts_add(&M);
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
	const char *advice;

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
	 * carried to N=1e6, and eager's model at the JAX size scaled. */
	cr_expect_float_eq(num("jaxprog.peak.at_question"), 10.1e9, 1e3);
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
	/* The rules re-graded on JAX: their block, kept whole. */
	advice = json_string_value(
	    json_object_get(R.facts.markdown, "notebook.jax_advice"));
	cr_assert(advice != NULL);
	cr_expect(strstr(advice, "| *supported with a nuance* |") != NULL);
	cr_expect(strstr(advice, "no ok JAX run of interp/rewrite") != NULL);
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
