/*
 * Unit tests of the speed question in JAX (reports/rp_jax_speed) on crafted
 * files of reports/jax-sweep.sh, no JAX needed: jax-keep.json's rows (a
 * fault's share printed as a share, the verdict's word, the price
 * from the first row that has one), jax-protocol.json's crossings, the
 * range of its ratios over N and the swing's medians, jax-compiles.json's
 * calls joined (the protocol's settings left out), jax-verdicts.json's
 * pairs; without the files,
 * every part says it is absent.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_data_dir.h"
#include "rp_jax_speed.h"

#define EPS 1e-9

static char dir[64];
static rp_report_t R;

/* A keep row: program, its fault share, its verdict (an object of
 * fb_verdict, as keep_table.py writes it) and the price of a fault ("" for
 * none). */
#define KEEP_ROW(program, share, verdict, price)                               \
	"{\"workload\":\"colony\",\"program\":\"" program "\",\"n\":1024,"     \
	"\"allocator\":\"jemalloc-keep\",\"faults_per_call_default\":500,"     \
	"\"cpu_ratio\":1.25,\"fault_share_of_cpu_at_price\":" share            \
	",\"verdict\":" verdict price "}"

static void
make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_jaxspeed_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	/* The data folder needs one run. */
	fb_write_file(dir, "interp-main.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"fused\",\"status\":\"ok\","
	    "\"params\":{\"n\":1000,\"m\":100},\"time_s\":{\"median\":0.001},"
	    "\"machine\":{\"allocator\":\"jemalloc\"}}\n");
}

static void
speed_facts(void)
{
	memset(&R, 0, sizeof(R));
	fb_report_load(&R, dir);
	rp_jax_speed_facts(&R);
}

static void
remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

static const json_t *
value(const char *name)
{
	return json_object_get(rp_facts_get(&R.facts, name), "value");
}

/* A fact's text as the report prints it; "" when none. */
static const char *
text(const char *name)
{
	const char *s = json_string_value(
	    json_object_get(rp_facts_get(&R.facts, name), "text"));
	return s != NULL ? s : "";
}

Test(report_jax_speed, facts_of_the_three_files)
{
	make_dir();
	fb_write_file(dir, "jax-keep.json",
	    "{\"rows\":[" KEEP_ROW("step", "0.3091",
		"{\"verdict\":\"second is faster\"}", "") "," KEEP_ROW("fori",
		"0.05", "{\"verdict\":\"not decided at this noise\"}",
		",\"fault_price_s\":1.5e-6") "]}\n");
	fb_write_file(dir, "jax-protocol.json",
	    "{\"question\":{\"step_jit_46_5ms_at\":{\"n\":2047.6,"
	    "\"extrapolated\":true},\"pair_unjitted_2_32ms_at\":{\"n\":null,"
	    "\"beyond\":\"below the smallest N\"},\"ratios\":["
	    "{\"step_over_pair_waited\":3,\"step_over_pair_unwaited\":20},"
	    "{\"step_over_pair_waited\":5,\"step_over_pair_unwaited\":25},"
	    "{\"step_over_pair_waited\":4,\"step_over_pair_unwaited\":30}]},"
	    "\"timings\":{\"rows\":[{\"n\":64},{\"n\":1024}]},"
	    "\"swing\":{\"n\":512,\"unwaited_warm_s\":[3e-4,1e-4,2e-4],"
	    "\"waited_warm_s\":[0.04,0.03],\"factors\":"
	    "{\"waited_over_unwaited\":175}}}\n");
	fb_write_file(dir, "jax-compiles.json",
	    "{\"compiles\":{\"n\":64,\"second_shape\":[{\"compiles\":1},"
	    "{\"compiles\":0},{\"compiles\":1}]}}\n");
	speed_facts();

	cr_expect(json_is_true(value("jaxspeed.keep.present")));
	cr_expect_eq(json_array_size(value("jaxspeed.keep.rows")), 2);
	cr_expect_str_eq(text("jaxspeed.keep.row0.program"), "step");
	cr_expect_str_eq(text("jaxspeed.keep.row0.fault_share"), "30.9%");
	cr_expect_str_eq(text("jaxspeed.keep.row1.fault_share"), "5.0%");
	cr_expect_str_eq(
	    text("jaxspeed.keep.row0.verdict"), "second is faster");
	cr_expect_str_eq(
	    text("jaxspeed.keep.row1.verdict"), "not decided at this noise");
	/* The price is the first row's that has one: the second's. */
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "jaxspeed.keep.price"), 1.5e-6, EPS);

	/* The step's figure reached at N = 2048 (rounded), extrapolated;
	 * the pair's not reached, and why. */
	cr_expect_eq(rp_facts_num(&R.facts, "jaxspeed.proto.step.n"), 2048);
	cr_expect(json_is_true(value("jaxspeed.proto.step.extrapolated")));
	cr_expect(isnan(rp_facts_num(&R.facts, "jaxspeed.proto.pair.n")));
	cr_expect_str_eq(
	    text("jaxspeed.proto.pair.beyond"), "below the smallest N");
	cr_expect_str_eq(text("jaxspeed.proto.ns"), "64, 1024");
	cr_expect_eq(
	    rp_facts_num(&R.facts, "jaxspeed.proto.step_over_pair_waited_lo"),
	    3);
	cr_expect_eq(
	    rp_facts_num(&R.facts, "jaxspeed.proto.step_over_pair_unwaited_hi"),
	    30);

	/* The swing's medians: 0.2 ms unwaited, 35 ms (of two) waited. */
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "jaxspeed.swing.unwaited"), 2e-4, EPS);
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "jaxspeed.swing.waited"), 0.035, EPS);
	cr_expect_eq(rp_facts_num(&R.facts, "jaxspeed.swing.waiting"), 175);

	/* One protocol: its settings (n) are no protocol. */
	cr_expect_eq(json_array_size(value("jaxspeed.compiles.protocols")), 1);
	cr_expect_str_eq(text("jaxspeed.compiles.second_shape"), "1, 0, 1");
	rp_report_free(&R);
	remove_dir();
}

Test(report_jax_speed, each_part_absent_without_its_file)
{
	make_dir();
	speed_facts();
	cr_expect(json_is_false(value("jaxspeed.keep.present")));
	cr_expect(json_is_false(value("jaxspeed.proto.present")));
	cr_expect(json_is_false(value("jaxspeed.swing.present")));
	cr_expect(json_is_false(value("jaxspeed.compiles.present")));
	cr_expect_eq(json_array_size(value("jaxspeed.keep.rows")), 0);
	cr_expect_eq(json_array_size(value("jaxspeed.pair.rows")), 0);
	rp_report_free(&R);
	remove_dir();
}

/* jax-verdicts.json: two pairs, the second with a verdict beyond the
 * process noise beside its verdict by the CPU times alone. */
static const char verdicts_json[] =
    "{\"rows\":["
    "{\"workload\":\"interp\",\"first\":\"question_jit\","
    "\"second\":\"question_floor\",\"by_cpu\":{\"verdict\":"
    "\"second is faster\",\"ratio\":0.75,\"interval\":[0.7,0.8],"
    "\"samples\":[5,5]}},"
    "{\"workload\":\"colony\",\"first\":\"step\",\"second\":\"cells\","
    "\"by_cpu\":{\"verdict\":\"second is faster\",\"ratio\":0.5,"
    "\"interval\":[0.4,0.6],\"samples\":[5,5]},"
    "\"by_cpu_beyond_process_noise\":{\"verdict\":"
    "\"not decided at this noise\",\"ratio\":0.5,\"interval\":[0.3,1.2],"
    "\"samples\":[5,5]}}]}";

/* A row's names and its verdict beyond the process noise where the row
 * has one, else by the CPU times alone. */
Test(report_jax_speed, each_pair_with_its_verdict)
{
	make_dir();
	fb_write_file(dir, "jax-verdicts.json", verdicts_json);
	speed_facts();
	cr_expect_eq(json_array_size(value("jaxspeed.pair.rows")), 2);
	cr_expect_str_eq(text("jaxspeed.pair.row0.second"), "question_floor");
	cr_expect_str_eq(
	    text("jaxspeed.pair.row0.verdict"), "second is faster");
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "jaxspeed.pair.row0.hi"), 0.8, EPS);
	cr_expect_eq(rp_facts_num(&R.facts, "jaxspeed.pair.row0.samples"), 5);
	/* Beyond the process noise, not by_cpu's word. */
	cr_expect_str_eq(
	    text("jaxspeed.pair.row1.verdict"), "not decided at this noise");
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "jaxspeed.pair.row1.lo"), 0.3, EPS);
	rp_report_free(&R);
	remove_dir();
}
