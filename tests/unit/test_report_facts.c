/*
 * Unit tests of rp_facts: a fact's name, value, unit, printed text and
 * runs, as render.py and the templates read them.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rp_facts.h"

static rp_facts_t F;

static void
setup(void)
{
	cr_assert_eq(rp_facts_init(&F), 0);
}

static void
teardown(void)
{
	rp_facts_free(&F);
}

static const char *
text_of(const char *name)
{
	return json_string_value(
	    json_object_get(rp_facts_get(&F, name), "text"));
}

TestSuite(report_facts, .init = setup, .fini = teardown);

/* Each kind prints as the tables print it; '-' becomes '_' in names. */
Test(report_facts, each_kind_prints_as_the_tables_do)
{
	rp_fact_num(&F, RP_FACT_TIME, 0.68, NULL, "interp.%s.median", "fused");
	rp_fact_num(&F, RP_FACT_BYTES, 1.35e9, NULL, "a.bytes");
	rp_fact_num(&F, RP_FACT_RATIO, 2.08, NULL, "a.ratio");
	rp_fact_num(&F, RP_FACT_SIZE, 1e6, NULL, "a.size");
	rp_fact_num(&F, RP_FACT_COUNT, 327695, NULL, "a.count");
	rp_fact_num(&F, RP_FACT_PERCENT, 0.591, NULL, "a.share");
	rp_fact_num(
	    &F, RP_FACT_TIME, 9.2e-3, NULL, "colony.%s.step", "naive-reuse");
	cr_expect_str_eq(text_of("interp.fused.median"), "680 ms");
	cr_expect_str_eq(text_of("a.bytes"), "1.35 GB");
	cr_expect_str_eq(text_of("a.ratio"), "2.08x");
	cr_expect_str_eq(text_of("a.size"), "1e6");
	cr_expect_str_eq(text_of("a.count"), "327695");
	cr_expect_str_eq(text_of("a.share"), "59.1%");
	cr_expect_str_eq(text_of("colony.naive_reuse.step"), "9.2 ms");
	cr_expect_float_eq(
	    rp_facts_num(&F, "interp.fused.median"), 0.68, 1e-12);
	cr_expect_str_eq(json_string_value(json_object_get(
			     rp_facts_get(&F, "interp.fused.median"), "unit")),
	    "s");
	cr_expect_eq(F.duplicates, 0);
}

/* A figure the data lacks is null and prints n/a; a string fact NULL
 * too; a name set twice is counted. */
/* A table of keys sets each one from its path, a missing one null. */
Test(report_facts, keys_from_a_table)
{
	static const rp_fact_key_t t[] = {
	    {"rss", "memory.peak_rss_bytes", RP_FACT_BYTES},
	    {"n", "params.n", RP_FACT_SIZE},
	    {"gone", "reported.absent", RP_FACT_TIME},
	};
	json_t *r = json_loads("{\"memory\":{\"peak_rss_bytes\":1.35e9},"
			       "\"params\":{\"n\":1e6}}",
	    0, NULL);

	cr_assert(r != NULL);
	RP_FACTS_KEYS(&F, r, r, "jax.interp.question", t);
	cr_expect_str_eq(text_of("jax.interp.question.rss"), "1.35 GB");
	cr_expect_str_eq(text_of("jax.interp.question.n"), "1e6");
	cr_expect_str_eq(text_of("jax.interp.question.gone"), "n/a");
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&F, "jax.interp.question.gone"), "value")));
	json_decref(r);
}

Test(report_facts, a_missing_figure_is_null_and_n_a)
{
	rp_fact_num(&F, RP_FACT_TIME, NAN, NULL, "x.median");
	rp_fact_str(&F, NULL, NULL, "x.limiter");
	rp_fact_bool(&F, 0, NULL, "x.measured");
	cr_expect(json_is_null(
	    json_object_get(rp_facts_get(&F, "x.median"), "value")));
	cr_expect_str_eq(text_of("x.median"), "n/a");
	cr_expect_str_eq(text_of("x.limiter"), "n/a");
	cr_expect(json_is_false(
	    json_object_get(rp_facts_get(&F, "x.measured"), "value")));
	cr_expect(isnan(rp_facts_num(&F, "x.median")));
	cr_expect(isnan(rp_facts_num(&F, "no.such.fact")));
	rp_fact_num(&F, RP_FACT_TIME, 1, NULL, "x.median");
	cr_expect_eq(F.duplicates, 1);
	cr_expect_str_eq(text_of("x.median"), "1 s");
}

/* The runs a fact came from: "SET/VARIANT n=N", the other side added. */
Test(report_facts, a_fact_names_its_runs)
{
	json_t *a = json_pack("{s:s, s:s, s:{s:f}}", "_set", "interp-main",
	    "variant", "fused", "params", "n", 1e6);
	json_t *b = json_pack("{s:s, s:s, s:{s:f}}", "_set", "interp-main",
	    "variant", "materialized", "params", "n", 1e6);
	const json_t *runs;

	rp_fact_num2(&F, RP_FACT_RATIO, 2.0, a, b, "r");
	runs = json_object_get(rp_facts_get(&F, "r"), "runs");
	cr_assert_eq(json_array_size(runs), 2);
	cr_expect_str_eq(json_string_value(json_array_get(runs, 0)),
	    "interp-main/fused n=1e6");
	cr_expect_str_eq(json_string_value(json_array_get(runs, 1)),
	    "interp-main/materialized n=1e6");
	json_decref(a);
	json_decref(b);
}

/* A table of a run's fields: each row PREFIX.NAME of its kind, a field
 * over another where the row says so, null for a missing run or field,
 * the run recorded; a table of an object's keys likewise, with no run. */
Test(report_facts, tables_of_fields_and_keys)
{
	static const rp_fact_field_t fields[] = {
	    {"median", RP_F_TIME_MEDIAN, RP_FACT_TIME, RP_F_NONE},
	    {"per_step", RP_F_MINOR_FAULTS, RP_FACT_COUNT, RP_F_STEPS},
	    {"m", RP_F_M, RP_FACT_SIZE, RP_F_NONE},
	};
	static const rp_fact_key_t keys[] = {
	    {"triad", "triad_bytes_per_s", RP_FACT_BYTES},
	    {"inner", "a.b", RP_FACT_COUNT},
	};
	json_t *r = json_pack("{s:s, s:s, s:{s:f, s:f}, s:{s:f}, s:{s:f}}",
	    "_set", "colony-main", "variant", "naive-reuse", "params", "n", 1e4,
	    "steps", 10.0, "time_s", "median", 0.68, "memory", "minor_faults",
	    350.0);
	json_t *o = json_pack(
	    "{s:f, s:{s:i}}", "triad_bytes_per_s", 1.35e10, "a", "b", 7);
	const json_t *runs;

	rp_facts_fields(&F, r, "colony.naive-reuse", fields, 3);
	cr_expect_str_eq(text_of("colony.naive_reuse.median"), "680 ms");
	cr_expect_float_eq(
	    rp_facts_num(&F, "colony.naive_reuse.per_step"), 35, 1e-12);
	cr_expect(isnan(rp_facts_num(&F, "colony.naive_reuse.m")));
	runs = json_object_get(
	    rp_facts_get(&F, "colony.naive_reuse.median"), "runs");
	cr_assert_eq(json_array_size(runs), 1);
	cr_expect_str_eq(json_string_value(json_array_get(runs, 0)),
	    "colony-main/naive-reuse n=10000");
	RP_FACTS_FIELDS(&F, NULL, "none", fields);
	cr_expect_not_null(rp_facts_get(&F, "none.median"));
	cr_expect(isnan(rp_facts_num(&F, "none.median")));
	RP_FACTS_KEYS(&F, o, NULL, "ceilings", keys);
	cr_expect_str_eq(text_of("ceilings.triad"), "13.5 GB");
	cr_expect_float_eq(rp_facts_num(&F, "ceilings.inner"), 7, 1e-12);
	cr_expect_eq(json_array_size(json_object_get(
			 rp_facts_get(&F, "ceilings.triad"), "runs")),
	    0);
	json_decref(r);
	json_decref(o);
}

/* The file: schema, version, data folder and facts, nothing else. */
Test(report_facts, the_file_is_read_back_whole)
{
	char dir[] = "/tmp/fb-facts-XXXXXX", path[64], msg[256];
	json_error_t err;
	json_t *doc;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/facts.json", dir);
	rp_fact_num(&F, RP_FACT_BYTES, 1204e6, NULL, "interp.eager.model_bare");
	cr_assert_eq(rp_facts_write(&F, "reports/data", path, msg, sizeof(msg)),
	    0, "%s", msg);
	doc = json_load_file(path, 0, &err);
	cr_assert_not_null(doc, "%s", err.text);
	cr_expect_str_eq(json_string_value(json_object_get(doc, "schema")),
	    "fusebench-facts");
	cr_expect_eq(json_integer_value(json_object_get(doc, "version")), 1);
	cr_expect_str_eq(
	    json_string_value(json_object_get(doc, "data")), "reports/data");
	cr_expect_float_eq(json_number_value(json_object_get(
			       json_object_get(json_object_get(doc, "facts"),
				   "interp.eager.model_bare"),
			       "value")),
	    1204e6, 1e-3);
	cr_expect_eq(json_object_size(doc), 4);
	json_decref(doc);
	unlink(path);
	rmdir(dir);
}
