/*
 * Unit tests of the report's registration table (reports/rp_workloads):
 * every registered workload has a section, an array size and a JAX
 * parameter; one full array is 4 bytes times its dimensions; only the
 * registered workloads are found, and only colony counts per step; each
 * question has its workload; each role names a variant of the variant
 * table that the committed data measured, one variant per role; and a made-up
 * workload registered in a table of the test's own gets its own section's
 * facts, not the generic section, and without threads sets, without
 * the roles the threads section reads or without the C sets beside its
 * JAX programs has none measured there; its sets are read from its entry,
 * never spelled from its name, and its JAX sets, whatever their names,
 * hold none of its variants. The JAX programs named by role are measured.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rp_generic.h"
#include "rp_jax.h"
#include "rp_run_facts.h"
#include "rp_threads.h"
#include "rp_workloads.h"
#include "variant.h"

Test(report_workloads, every_entry_is_complete)
{
	int n = 0;

	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++, n++) {
		cr_expect(w->facts != NULL, "%s: no section", w->name);
		cr_expect(w->baseline != NULL && w->op_by_op != NULL);
		cr_expect(w->array_dims != NULL && w->array_dims[0] != '\0');
		cr_expect(w->jax_param != RP_F_NONE && w->jax_letter != NULL);
		cr_expect(rp_workload_find(w->name) == w);
	}
	cr_expect_eq(n, 2);
	cr_expect(rp_workload_find("dot") == NULL);
	cr_expect(rp_workload_find(NULL) == NULL);
}

Test(report_workloads, one_full_array_and_per_step)
{
	json_t *p = json_pack("{s:i, s:i}", "n", 1000, "m", 10);

	cr_expect_eq(rp_workload_array_bytes("interp", p), 1000.0 * 10 * 4);
	cr_expect_eq(rp_workload_array_bytes("colony", p), 1000.0 * 1000 * 4);
	cr_expect(isnan(rp_workload_array_bytes("dot", p)));
	cr_expect_eq(rp_workload_find("colony")->per_step, 1);
	cr_expect_eq(rp_workload_find("interp")->per_step, 0);
	json_decref(p);
}

Test(report_workloads, each_question_has_its_workload)
{
	const rp_workload_t *m = rp_workload_question(RP_QUESTION_MEMORY);
	const rp_workload_t *s = rp_workload_question(RP_QUESTION_SPEED);

	cr_expect(m != s && m->name[0] != '\0' && s->name[0] != '\0');
	cr_expect_eq(rp_workload_find(m->name), m);
	cr_expect(m->sets.main != NULL && s->sets.main != NULL);
	cr_expect_str_eq(rp_workload_question(RP_QUESTION_NONE)->name, "");
}

/* The modules name a question's variants by role: each role a registered
 * workload fills is one of its variants in the table this program links,
 * with runs in the committed data (else a section prints "not measured"
 * after a variant is renamed), and no two roles are one variant. The roles the
 * modules read for each question are filled. */
Test(report_workloads, roles_name_measured_variants)
{
	const rp_workload_t *m = rp_workload_question(RP_QUESTION_MEMORY);
	const rp_workload_t *s = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.any_status = 1};
	rp_data_t D;
	char msg[512];

	cr_assert_eq(
	    rp_data_load(&D, "reports/data", msg, sizeof(msg)), 0, "%s", msg);
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		const char *r[RP_ROLE_COUNT];
		for (int i = 0; i < RP_ROLE_COUNT; i++)
			r[i] = rp_workload_role(w, (rp_role_t)i);
		for (int i = 0; i < RP_ROLE_COUNT; i++) {
			if (r[i] == NULL)
				continue;
			cr_expect_not_null(variant_find(w->name, r[i]), "%s/%s",
			    w->name, r[i]);
			q.workload = w->name;
			q.variant = r[i];
			cr_expect_not_null(
			    rp_data_find(&D, &q), "%s/%s", w->name, r[i]);
			for (int j = i + 1; j < RP_ROLE_COUNT; j++)
				cr_expect(
				    r[j] == NULL || strcmp(r[i], r[j]) != 0,
				    "%s: %s twice", w->name, r[i]);
		}
	}
	cr_expect(m->fused != NULL && m->chunked != NULL &&
	    m->shared_grid != NULL && m->by_cell != NULL);
	cr_expect(
	    s->fused != NULL && s->reuse != NULL && s->cell_lists != NULL);
	rp_data_free(&D);
}

/* The JAX programs the modules read by role are measured in the committed
 * data's JAX set (else a fact reads null after a program is renamed in
 * run.py), and the memory question's lesson has its lax.map program. */
Test(report_workloads, jax_roles_name_measured_programs)
{
	rp_data_t D;
	char msg[512];

	cr_assert_eq(
	    rp_data_load(&D, "reports/data", msg, sizeof(msg)), 0, "%s", msg);
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		const char *p[] = {w->jax_asked, w->jax_map, w->jax_jitted,
		    w->jax_pair, w->jax_loop, w->jax_fori};
		for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++)
			cr_expect(p[i] == NULL || rp_jax_run(&D, w, p[i]),
			    "%s: no run of %s in %s", w->name, p[i],
			    w->sets.jax);
	}
	cr_expect_not_null(rp_workload_question(RP_QUESTION_MEMORY)->jax_map);
	/* A role a workload does not register (NULL) has no run, not the
	 * first program of its JAX set: colony has no lax.map program. */
	const rp_workload_t *c = rp_workload_question(RP_QUESTION_SPEED);
	cr_expect_null(c->jax_map);
	cr_expect_null(rp_jax_run(&D, c, c->jax_map),
	    "%s: a NULL role read a run of %s", c->name, c->sets.jax);
	rp_data_free(&D);
}

/* A made-up workload's section's facts: its name and main set from its
 * entry, its variants' main runs from the data. */
static void
toy_facts(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *vr[RP_WORKLOAD_MAX_RUNS];
	size_t n = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);

	rp_fact_str(&R->facts, w->sets.main, NULL, "part.%s.main", w->name);
	for (size_t i = 0; i < n; i++)
		rp_fact_num(&R->facts, RP_FACT_SIZE, rp_num(vr[i], "params.n"),
		    vr[i], "part.%s.%s.n", rp_str(vr[i], "workload"),
		    rp_str(vr[i], "variant"));
}

/* The dimensions every toy workload registers: its arrays are N long. */
#define TOY_DIMS .array_dims = "n", .jax_param = RP_F_N, .jax_letter = "N"

static const rp_workload_t toy_table[] = {
    {
	.name = "toy",
	.question = RP_QUESTION_SPEED,
	.facts = toy_facts,
	.sets = {.main = "toy-main*"},
	TOY_DIMS,
    },
    {.name = NULL},
};

/* One ok run of toy/VARIANT in SET at N. */
static json_t *
toy_run(const char *set, const char *variant, int n)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:{s:i}}", "_set", set,
	    "workload", "toy", "variant", variant, "status", "ok", "params",
	    "n", n);
}

/* toy_run at T threads, from a sweep of repeat timed runs (warm-up 1). */
static json_t *
toy_threads_run(
    const char *set, const char *variant, int n, int threads, int repeat)
{
	json_t *r = toy_run(set, variant, n);

	json_object_set_new(
	    json_object_get(r, "params"), "threads", json_integer(threads));
	json_object_set_new(r, "settings",
	    json_pack("{s:i, s:i}", "repeat", repeat, "warmup", 1));
	return r;
}

/* A report with no runs yet, the built-in workloads kept for
 * toy_report_free. */
static const rp_workload_t *toy_builtin;

static rp_report_t *
toy_report_new(void)
{
	rp_report_t *R = calloc(1, sizeof(*R));

	cr_assert(R != NULL);
	R->data.runs = json_array();
	toy_builtin = rp_workloads;
	return R;
}

/* Registers table in place of the built-in workloads, facts empty. */
static void
toy_register(rp_report_t *R, const rp_workload_t *table)
{
	rp_workloads = table;
	cr_assert_eq(rp_facts_init(&R->facts), 0);
}

/* The built-in workloads back; R and its runs and facts freed. */
static void
toy_report_free(rp_report_t *R)
{
	rp_workloads = toy_builtin;
	rp_facts_free(&R->facts);
	json_decref(R->data.runs);
	free(R);
}

/* Registering a workload in the table is all it takes for it to get a
 * section of its own (not rp_generic's), with its own sets and names. */
Test(report_workloads, a_registered_workload_gets_its_section)
{
	rp_report_t *R = toy_report_new();
	const char *generic[4];

	json_array_append_new(R->data.runs, toy_run("toy-scale", "b", 1000));
	json_array_append_new(R->data.runs, toy_run("toy-main", "a", 100));
	json_array_append_new(R->data.runs, toy_run("toy-main", "b", 100));
	cr_expect_eq(rp_generic_workloads(&R->data, generic, 4), 1,
	    "unregistered, toy gets the generic section");
	toy_register(R, toy_table);
	rp_workloads_facts(R);
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R->facts, "part.toy.main"), "value")),
	    "toy-main*");
	cr_expect_eq(rp_facts_num(&R->facts, "part.toy.a.n"), 100);
	cr_expect_eq(rp_facts_num(&R->facts, "part.toy.b.n"), 100);
	cr_expect_eq(R->facts.duplicates, 0);
	cr_expect_eq(rp_generic_workloads(&R->data, generic, 4), 0);
	cr_expect_eq(rp_workload_question(RP_QUESTION_SPEED), &toy_table[0]);
	cr_expect_str_eq(
	    rp_workload_fig(&toy_table[0], "time"), "fig-toy-time");
	cr_expect_null(rp_workload_find("interp"), "only toy registered");
	/* toy has no JAX set: a JAX run of another workload at XLA's default
	 * threading is no row of its threads section's JAX table. */
	json_array_append_new(
	    R->data.runs, toy_run("jax-interp", "question_jit@all", 1000));
	rp_threads_facts(R);
	cr_expect_eq(json_array_size(json_object_get(
			 rp_facts_get(&R->facts, "threads.jax.rows"), "value")),
	    0);
	toy_report_free(R);
}

/* A memory question registered without the threads sets (threads,
 * threads_main, threads_goal), its roles filled and interp's after facts
 * asked for. */
static const rp_workload_t toy_memory_table[] = {
    {
	.name = "toy",
	.question = RP_QUESTION_MEMORY,
	.facts = toy_facts,
	.sets = {.main = "toy-main*"},
	.op_by_op = "a",
	.chunked = "b",
	.by_cell = "b",
	.threads_after = rp_threads_interp_after,
	TOY_DIMS,
    },
    {.name = NULL},
};

/* The value of fact name: borrowed, NULL when absent. */
static const json_t *
fact(const rp_report_t *R, const char *name)
{
	return json_object_get(rp_facts_get(&R->facts, name), "value");
}

/* Without a threads set a workload has none measured in every part of the
 * threads section, though its main set holds runs at 1 and 2 threads: a
 * NULL set matches every set, so the chunk trade-off, the goal's case and
 * the after facts took those runs (after.runs: 0 runs, not unknown). */
Test(report_workloads, no_threads_set_is_none_measured)
{
	rp_report_t *R = toy_report_new();

	for (int k = 0; k < 4; k++)
		json_array_append_new(R->data.runs,
		    toy_threads_run(
			"toy-main", k % 2 ? "b" : "a", 100, 1 + k / 2, 5));
	toy_register(R, toy_memory_table);
	rp_threads_facts(R);
	cr_expect(json_is_false(fact(R, "threads.toy.measured")));
	cr_expect(json_is_false(fact(R, "threads.chunk.measured")));
	cr_expect(json_is_null(fact(R, "threads.goal.case0.n")));
	cr_expect_str_eq(
	    json_string_value(fact(R, "threads.goal.case0.verdict")),
	    "not measured");
	cr_expect(json_is_false(fact(R, "threads.toy.after.smaller_n")));
	cr_expect(json_is_null(fact(R, "threads.toy.after.runs")));
	cr_expect_eq(R->facts.duplicates, 0);
	toy_report_free(R);
}

/* Two questions registered with their threads sets but none of the roles
 * the threads section reads (chunked, op_by_op, by_cell, cell_lists). */
static const rp_workload_t toy_roleless_table[] = {
    {
	.name = "toy",
	.question = RP_QUESTION_MEMORY,
	.facts = toy_facts,
	.sets = {.main = "toy-main*",
	    .threads = "toy-threads*",
	    .threads_main = "toy-threads",
	    .threads_goal = "toy-goal"},
	.threads_after = rp_threads_interp_after,
	TOY_DIMS,
    },
    {
	.name = "ball",
	.question = RP_QUESTION_SPEED,
	.facts = toy_facts,
	.sets = {.main = "ball-main*",
	    .threads = "ball-threads*",
	    .threads_goal = "ball-goal"},
	TOY_DIMS,
    },
    {.name = NULL},
};

/* Without a role a workload has no run of it: its sets hold runs of
 * variant a at 1 and 2 threads, and a NULL variant matches every variant,
 * so the chunk trade-off, the goal's cases and the after facts took a's. */
Test(report_workloads, no_role_is_none_measured)
{
	static const char *const sets[] = {
	    "toy-main", "toy-threads", "toy-goal", "ball-threads", "ball-goal"};
	rp_report_t *R = toy_report_new();

	for (size_t s = 0; s < sizeof(sets) / sizeof(sets[0]); s++)
		for (int t = 1; t <= 2; t++)
			json_array_append_new(R->data.runs,
			    json_pack("{s:s, s:s, s:s, s:s, s:{s:i, s:i}, "
				      "s:{s:f, s:f}, s:{s:i, s:i}}",
				"_set", sets[s], "workload",
				sets[s][0] == 't' ? "toy" : "ball", "variant",
				"a", "status", "ok", "params", "n", 100,
				"threads", t, "time_s", "median", 1.0 / t,
				"cold", 1.0, "settings", "repeat", 5, "warmup",
				1));
	toy_register(R, toy_roleless_table);
	rp_threads_facts(R);
	cr_expect(json_is_true(fact(R, "threads.toy.measured")),
	    "its own table reads the data's variants");
	cr_expect(json_is_false(fact(R, "threads.chunk.measured")));
	for (int k = 0; k < 2; k++) {
		char p[64];
		snprintf(p, sizeof(p), "threads.goal.case%d.n", k);
		cr_expect(json_is_null(fact(R, p)), "%s", p);
		snprintf(p, sizeof(p), "threads.goal.case%d.verdict", k);
		cr_expect_str_eq(
		    json_string_value(fact(R, p)), "not measured", "%s", p);
	}
	cr_expect(json_is_false(fact(R, "threads.toy.after.smaller_n")));
	cr_expect(json_is_false(fact(R, "threads.toy.after.cost_known")));
	cr_expect_eq(R->facts.duplicates, 0);
	toy_report_free(R);
}

/* A workload registered with its JAX programs but without the C sets
 * beside them (jax_c_one, jax_c_threads). */
static const rp_workload_t toy_jax_table[] = {
    {
	.name = "toy",
	.facts = toy_facts,
	.sets = {.main = "toy-main*", .jax = "jax-toy"},
	TOY_DIMS,
    },
    {.name = NULL},
};

/* The threads section's JAX row reads its C runs from the registered
 * sets only: toy's runs in sets named the way interp's and colony's are
 * (jax-c-toy, jax-c-toy-threads) are no C side of its row. */
Test(report_workloads, no_jax_c_set_is_none_measured)
{
	static const char *const sets[] = {"jax-c-toy", "jax-c-toy-threads"};
	rp_report_t *R = toy_report_new();

	for (int k = 0; k < 2; k++) {
		json_array_append_new(R->data.runs,
		    json_pack("{s:s, s:s, s:s, s:s, s:{s:i}, s:{s:s}}", "_set",
			"jax-toy", "workload", "toy", "variant",
			k ? "p@all" : "p", "status", "ok", "params", "n", 100,
			"reported", "c_variant", "a"));
		json_array_append_new(R->data.runs,
		    json_pack("{s:s, s:s, s:s, s:s, s:{s:i, s:i}, s:{s:f}}",
			"_set", sets[k], "workload", "toy", "variant", "a",
			"status", "ok", "params", "n", 100, "threads", 1 + k,
			"time_s", "median", 1.0));
	}
	toy_register(R, toy_jax_table);
	rp_threads_facts(R);
	cr_expect_str_eq(
	    json_string_value(fact(R, "threads.jax.row0.program")), "p");
	cr_expect(json_is_null(fact(R, "threads.jax.row0.c_one")));
	cr_expect(json_is_null(fact(R, "threads.jax.row0.c_all")));
	cr_expect_eq(R->facts.duplicates, 0);
	toy_report_free(R);
}

/* A workload whose sets are not named the way interp's are: its JAX
 * programs in toy-jax (not jax-toy), its threads sweeps toy-sweep* with the
 * main one toy-sweep-main (not toy-sweep, the pattern less its '*'). */
static const rp_workload_t toy_renamed_table[] = {
    {
	.name = "toy",
	.facts = toy_facts,
	.sets = {.main = "toy-main*",
	    .threads = "toy-sweep*",
	    .threads_main = "toy-sweep-main",
	    .jax = "toy-jax"},
	TOY_DIMS,
    },
    {.name = NULL},
};

/* One ok JAX run of toy, label, standing for C variant a, its warm call
 * taking call seconds, in set. */
static json_t *
toy_jax_run(const char *set, const char *label, double call)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:{s:i}, s:{s:s, s:[f]}}",
	    "_set", set, "workload", "toy", "variant", label, "status", "ok",
	    "params", "n", 100, "reported", "c_variant", "a", "warm_call_s",
	    call);
}

/* The sets are read from the registration, never spelled from the
 * workload's name: the runs in sets named the way interp's are (jax-toy,
 * toy-sweep) are decoys, and were read (the JAX row's one-core program
 * and the programs a stands for from jax-toy, the threads figure's repeat
 * from toy-sweep). */
Test(report_workloads, sets_come_from_the_registration)
{
	static const char *const sweeps[] = {"toy-sweep", "toy-sweep-main"};
	rp_report_t *R = toy_report_new();
	const json_t *programs;

	json_array_append_new(R->data.runs, toy_jax_run("toy-jax", "p", 2.0));
	json_array_append_new(
	    R->data.runs, toy_jax_run("toy-jax", "p@all", 1.0));
	json_array_append_new(R->data.runs, toy_jax_run("jax-toy", "p", 9.0));
	json_array_append_new(
	    R->data.runs, toy_jax_run("jax-toy", "decoy", 9.0));
	for (int s = 0; s < 2; s++)
		for (int t = 1; t <= 2; t++)
			json_array_append_new(R->data.runs,
			    toy_threads_run(sweeps[s], "a", 100, t, 3 + 2 * s));
	toy_register(R, toy_renamed_table);
	rp_threads_facts(R);
	rp_run_facts_add(R);
	cr_expect_str_eq(
	    json_string_value(fact(R, "threads.jax.row0.program")), "p");
	cr_expect_eq(rp_facts_num(&R->facts, "threads.jax.row0.jax_one"), 2.0,
	    "the one-core run of toy-jax");
	cr_expect_eq(rp_facts_num(&R->facts, "threads.toy.repeat"), 5,
	    "the settings of toy-sweep-main");
	programs = fact(R, "toy.a.jax_programs");
	cr_expect_eq(json_array_size(programs), 1);
	cr_expect_str_eq(json_string_value(json_array_get(programs, 0)), "p");
	cr_expect_eq(R->facts.duplicates, 0);
	toy_report_free(R);
}

/* The JAX programs of a workload are no variants of its C tables, by its
 * registered sets: toy's programs in toy-jax (a set not named jax-*) are
 * not listed beside its C variant a, nor are those of the sets the data
 * names jax-* (jax-toy, which no registration names). */
Test(report_workloads, registered_jax_sets_hold_no_variants)
{
	rp_report_t *R = toy_report_new();
	const json_t *vr[RP_WORKLOAD_MAX_RUNS];
	const char *vs[4];
	size_t n;

	json_array_append_new(R->data.runs, toy_jax_run("toy-jax", "p", 2.0));
	json_array_append_new(R->data.runs, toy_run("toy-main", "a", 100));
	json_array_append_new(R->data.runs, toy_jax_run("jax-toy", "q", 2.0));
	toy_register(R, toy_renamed_table);
	n = rp_data_variants(&R->data, "toy", NULL, vs, 4);
	cr_expect_eq(n, 1, "toy's variants: %zu, the first %s", n, vs[0]);
	cr_expect_str_eq(vs[0], "a");
	n = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);
	cr_expect_eq(n, 1, "toy's main runs: %zu", n);
	toy_report_free(R);
}
