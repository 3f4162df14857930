/*
 * rp_jax_speed: the speed question answered in JAX (see rp_jax_speed.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_jax.h"
#include "rp_jax_speed.h"
#include "rp_text.h"

#define F (&R->facts)

/* The names and numbers of a row of jax-keep.json (keep_table.py's keys)
 * and the facts they become (jaxspeed.keep.rowK.NAME). */
static const rp_fact_key_t keep_fields[] = {
    {"workload", "workload", RP_FACT_STRING},
    {"program", "program", RP_FACT_STRING},
    {"allocator", "allocator", RP_FACT_STRING},
    {"n", "n", RP_FACT_SIZE},
    {"temp_pages", "temp_pages", RP_FACT_COUNT},
    {"faults_default", "faults_per_call_default", RP_FACT_COUNT},
    {"cpu_default", "warm_cpu_default_s", RP_FACT_TIME},
    {"cpu_ratio", "cpu_ratio", RP_FACT_RATIO},
    {"rss_default", "peak_rss_default_bytes", RP_FACT_BYTES},
    {"held_default", "rss_after_default_bytes", RP_FACT_BYTES},
    {"saved_per_fault", "cpu_s_saved_per_fault", RP_FACT_TIME},
    {"fault_share", "fault_share_of_cpu_at_price", RP_FACT_PERCENT},
};
/* The row's numbers measured under the allocator that keeps pages: they
 * name the run of jax-keep.jsonl they came from (PROGRAM@ALLOCATOR). */
static const rp_fact_key_t keep_run_fields[] = {
    {"faults_keep", "faults_per_call_keep", RP_FACT_COUNT},
    {"cpu_keep", "warm_cpu_keep_s", RP_FACT_TIME},
    {"rss_keep", "peak_rss_keep_bytes", RP_FACT_BYTES},
    {"held_keep", "rss_after_keep_bytes", RP_FACT_BYTES},
};

/* The protocol's largest N and its timings there (jaxspeed.proto.NAME). */
static const rp_fact_key_t largest_fields[] = {
    {"step.largest_n", "n", RP_FACT_SIZE},
    {"step.at_largest", "step_jit.waited.median_s", RP_FACT_TIME},
    {"pair.at_largest", "pair_unjitted.waited.median_s", RP_FACT_TIME},
};
/* The protocol's floor, the quickest call it timed
 * (jaxspeed.proto.floor.NAME), and the swing of one step's calls
 * (jaxspeed.swing.NAME; its factors: the spans of waiting, of compiling
 * on the first call and again for a new bound, over the warm call). */
static const rp_fact_key_t floor_fields[] = {
    {"n", "n", RP_FACT_SIZE},
    {"s", "s", RP_FACT_TIME},
    {"eqns", "eqns", RP_FACT_COUNT},
    {"s_per_eqn", "s_per_eqn", RP_FACT_TIME},
    {"question_s_per_eqn", "question_s_per_eqn", RP_FACT_TIME},
};
static const rp_fact_key_t swing_fields[] = {
    {"n", "n", RP_FACT_SIZE},
    {"steps", "steps", RP_FACT_COUNT},
    {"first", "first_call_s", RP_FACT_TIME},
    {"first_compile", "first_call_compile_s", RP_FACT_TIME},
    {"new_bound", "new_bound_call_s", RP_FACT_TIME},
    {"span", "span", RP_FACT_RATIO},
    {"waiting", "factors.waited_over_unwaited", RP_FACT_RATIO},
    {"compiling", "factors.first_over_waited", RP_FACT_RATIO},
    {"recompiling", "factors.new_bound_over_waited", RP_FACT_RATIO},
};

/* The numbers at key of the elements of array a as the string fact
 * jaxspeed.GROUP.NAME, "1e5, 3e5, 1e6" (rp_text_fmt_n, which prints a
 * count under 1e5 whole; cut short past 255 characters). */
static void
list_fact(rp_report_t *R, const json_t *a, const char *key, const char *group,
    const char *name)
{
	char list[256] = "";
	const json_t *e;
	size_t i, used;

	json_array_foreach(a, i, e)
	{
		used = strlen(list);
		snprintf(list + used, sizeof(list) - used, "%s%s",
		    i ? ", " : "", rp_text_fmt_n(rp_num(e, key)));
	}
	rp_fact_str(F, list, NULL, "jaxspeed.%s.%s", group, name);
}

/* jax-keep.json: every row, a program by default and under an allocator
 * that keeps freed pages (jaxspeed.keep.rowK.*), and the price a fault
 * was set at. */
static void
keep_facts(rp_report_t *R)
{
	json_t *doc = rp_jax_file(&R->data, "jax-keep.json");
	const json_t *rows = json_object_get(doc, "rows"), *row;
	json_t *ids = json_array();
	double price = NAN;
	char p[32], variant[128];
	/* the runs keep_table.py read, jax-keep.jsonl */
	rp_query_t q = {.set = "jax-keep", .variant = variant};
	size_t i;

	rp_fact_bool(
	    F, json_array_size(rows) > 0, NULL, "jaxspeed.keep.present");
	json_array_foreach(rows, i, row)
	{
		rp_jax_next_row(ids, "jaxspeed.keep", p, sizeof(p));
		RP_FACTS_KEYS(F, row, NULL, p, keep_fields);
		snprintf(variant, sizeof(variant), "%s@%s",
		    rp_str(row, "program"), rp_str(row, "allocator"));
		q.workload = rp_str(row, "workload");
		q.n = rp_num(row, "n");
		RP_FACTS_KEYS(
		    F, row, rp_data_find(&R->data, &q), p, keep_run_fields);
		/* fb_verdict's object (keep_table.py writes it or null) */
		rp_fact_str(F,
		    rp_str(json_object_get(row, "verdict"), "verdict"), NULL,
		    "%s.verdict", p);
		if (isnan(price))
			price = rp_num(row, "fault_price_s");
	}
	rp_fact_list(F, ids, "jaxspeed.keep.rows");
	rp_fact_num(F, RP_FACT_TIME, price, NULL, "jaxspeed.keep.price");
	json_decref(doc);
}

/* Where one of the question's figures comes out (protocol.py's crossing):
 * the N, whether it was extrapolated, or why there is none. */
static void
crossing_facts(rp_report_t *R, const json_t *c, const char *name)
{
	rp_fact_num(F, RP_FACT_SIZE, round(rp_num(c, "n")), NULL,
	    "jaxspeed.proto.%s.n", name);
	rp_fact_bool(F, json_is_true(json_object_get(c, "extrapolated")), NULL,
	    "jaxspeed.proto.%s.extrapolated", name);
	rp_fact_str(F, rp_str_or_null(c, "beyond"), NULL,
	    "jaxspeed.proto.%s.beyond", name);
}

/* jax-protocol.json: the question's timings and the swing. */
static void
protocol_facts(rp_report_t *R)
{
	json_t *doc = rp_jax_file(&R->data, "jax-protocol.json");
	const json_t *q = json_object_get(doc, "question");
	const json_t *floor = json_object_get(q, "pair_floor");
	const json_t *sw = json_object_get(doc, "swing");
	const json_t *rows =
	    json_object_get(json_object_get(doc, "timings"), "rows");
	static const char *const ratios[] = {
	    "step_over_pair_waited", "step_over_pair_unwaited"};
	const json_t *row, *largest = NULL;
	double m, lo, hi;
	size_t i;

	rp_fact_bool(F, q != NULL, NULL, "jaxspeed.proto.present");
	crossing_facts(R, json_object_get(q, "step_jit_46_5ms_at"), "step");
	crossing_facts(
	    R, json_object_get(q, "pair_unjitted_2_32ms_at"), "pair");
	list_fact(R, rows, "n", "proto", "ns");
	/* The jitted step and the un-jitted pair function (the question's
	 * force function) waited for at the protocol's largest N, beside
	 * Table J3's step and jitted pair. */
	json_array_foreach(rows, i, row)
	{
		if (largest == NULL || rp_num(row, "n") > rp_num(largest, "n"))
			largest = row;
	}
	RP_FACTS_KEYS(F, largest, NULL, "jaxspeed.proto", largest_fields);
	/* The range of each ratio over the protocol's N (ratios[]). */
	for (int k = 0; k < 2; k++) {
		rp_jax_range(
		    json_object_get(q, "ratios"), ratios[k], 1, &m, &lo, &hi);
		rp_fact_num(F, RP_FACT_NUMBER, lo, NULL, "jaxspeed.proto.%s_lo",
		    ratios[k]);
		rp_fact_num(F, RP_FACT_NUMBER, hi, NULL, "jaxspeed.proto.%s_hi",
		    ratios[k]);
	}
	RP_FACTS_KEYS(F, floor, NULL, "jaxspeed.proto.floor", floor_fields);
	rp_fact_bool(F, sw != NULL, NULL, "jaxspeed.swing.present");
	RP_FACTS_KEYS(F, sw, NULL, "jaxspeed.swing", swing_fields);
	rp_fact_num(F, RP_FACT_TIME, rp_jax_median(sw, "unwaited_warm_s"), NULL,
	    "jaxspeed.swing.unwaited");
	rp_fact_num(F, RP_FACT_TIME, rp_jax_median(sw, "waited_warm_s"), NULL,
	    "jaxspeed.swing.waited");
	json_decref(doc);
}

/* A pair of jax-verdicts.json (verdicts.py's PAIRS): its names, and
 * fb_verdict's decision on the two programs' warm calls' CPU times as
 * rp_jax_pair_verdict reads it (jaxspeed.pair.rowK.NAME). */
static const rp_fact_key_t pair_fields[] = {
    {"workload", "workload", RP_FACT_STRING},
    {"first", "first", RP_FACT_STRING},
    {"second", "second", RP_FACT_STRING},
};
static const rp_fact_key_t pair_verdict_fields[] = {
    {"verdict", "verdict", RP_FACT_STRING},
    {"ratio", "ratio", RP_FACT_RATIO},
    {"lo", "interval.0", RP_FACT_RATIO},
    {"hi", "interval.1", RP_FACT_RATIO},
    {"samples", "samples.0", RP_FACT_COUNT},
};

/* jax-verdicts.json: every pair, as pair_fields and pair_verdict_fields
 * say. */
static void
pair_facts(rp_report_t *R)
{
	json_t *doc = rp_jax_file(&R->data, "jax-verdicts.json");
	const json_t *row;
	json_t *ids = json_array();
	char p[32];
	size_t i;

	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		rp_jax_next_row(ids, "jaxspeed.pair", p, sizeof(p));
		RP_FACTS_KEYS(F, row, NULL, p, pair_fields);
		RP_FACTS_KEYS(
		    F, rp_jax_pair_verdict(row), NULL, p, pair_verdict_fields);
	}
	rp_fact_list(F, ids, "jaxspeed.pair.rows");
	json_decref(doc);
}

/* jax-compiles.json: the compilations of each call of each protocol, as
 * "1, 0, 1, 0" (jaxspeed.compiles.PROTOCOL). */
static void
compiles_facts(rp_report_t *R)
{
	json_t *doc = rp_jax_file(&R->data, "jax-compiles.json");
	const json_t *c = json_object_get(doc, "compiles"), *calls;
	const char *name;
	json_t *names = json_array();

	rp_fact_bool(F, c != NULL, NULL, "jaxspeed.compiles.present");
	json_object_foreach((json_t *)c, name, calls)
	{
		if (!json_is_array(calls))
			continue; /* the protocol's settings (n, steps) */
		json_array_append_new(names, json_string(name));
		list_fact(R, calls, "compiles", "compiles", name);
	}
	rp_fact_list(F, names, "jaxspeed.compiles.protocols");
	json_decref(doc);
}

void
rp_jax_speed_facts(rp_report_t *R)
{
	keep_facts(R);
	protocol_facts(R);
	compiles_facts(R);
	pair_facts(R);
}
