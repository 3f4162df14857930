/*
 * Unit tests of the exercises' facts (reports/rp_exercise): each formula
 * at known values, the batch exercise 1 picks from a crafted chunk sweep,
 * an exercise whose run is missing marked so, and the committed data's
 * answers against its runs.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_exercise.h"

/* The committed report's answers: 1204000 bytes for B=1000, M=300; 870
 * for a 1 MiB L2; 262144 faults at N=8192 (the two 256 MiB arrays and the
 * 512 MiB one, all above 8 MiB); 480000000 bytes at N=1e5, M=100. */
Test(report_exercise, formulas_at_known_values)
{
	cr_expect_eq(rp_exercise_batch_bytes(1000, 300), 1204000);
	cr_expect_eq(rp_exercise_l2_batch(1048576, 300), 870);
	cr_expect_eq(rp_exercise_l2_batch(1204, 300), 1);
	cr_expect_eq(rp_exercise_l2_batch(1203, 300), 0);
	cr_expect_eq(rp_exercise_fault_pages(8192, 8388608), 262144);
	/* At N=1024 only the (N,N,2) array, 8 MiB, is at the threshold: its
	 * 2048 pages; the (N,N) ones, 4 MiB, are reused. */
	cr_expect_eq(rp_exercise_fault_pages(1024, 8388608), 2048);
	cr_expect_eq(rp_exercise_fault_pages(1024, 8388609), 0);
	cr_expect(isnan(rp_exercise_fault_pages(1024, NAN)));
	cr_expect(isnan(rp_exercise_fault_pages(NAN, 8388608)));
	cr_expect_eq(rp_exercise_eager_bytes(1e5, 100), 480e6);
}

static char dir[64];

#define CHUNKED(b)                                                             \
	"{\"workload\":\"interp\",\"variant\":\"chunked\",\"status\":\"ok\","  \
	"\"params\":{\"n\":100000,\"m\":300,\"chunk\":" b "},\"time_s\":"      \
	"{\"median\":0.5},\"memory\":{\"peak_workspace_bytes\":1310720,"       \
	"\"model_bytes\":1314816},\"machine\":{\"allocator\":\"jemalloc "      \
	"5.3\",\"caches\":{\"l2_bytes\":1048576}}}\n"

/* The exercises' facts of a data folder holding one file. */
static void
facts_of(rp_report_t *R, const char *file, const char *text)
{
	char msg[256] = "";

	memset(R, 0, sizeof(*R));
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_exercise_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(dir, file, text);
	cr_assert_eq(
	    rp_data_load(&R->data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R->facts), 0);
	rp_exercise_facts(R);
}

static void
free_facts(rp_report_t *R)
{
	char cmd[128];

	rp_facts_free(&R->facts);
	rp_data_free(&R->data);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

static int
is_true(const rp_report_t *R, const char *name)
{
	return json_is_true(
	    json_object_get(rp_facts_get(&R->facts, name), "value"));
}

/* Exercise 1 takes the smallest B of at least RP_EXERCISE_MIN_BATCH, and
 * the largest B when none is that large; the L2 answer comes from the
 * same run. */
Test(report_exercise, the_batch_of_the_chunk_sweep)
{
	rp_report_t R;

	facts_of(&R, "interp-chunk.jsonl",
	    CHUNKED("500") CHUNKED("4000") CHUNKED("2000") CHUNKED("100"));
	cr_expect(is_true(&R, "exercises.batch.measured"));
	cr_expect_eq(rp_facts_num(&R.facts, "exercises.batch.b"), 2000);
	cr_expect_eq(rp_facts_num(&R.facts, "exercises.batch.predicted"),
	    2000 * 300 * 4 + 2000 * 4);
	cr_expect(is_true(&R, "exercises.l2.measured"));
	cr_expect_eq(rp_facts_num(&R.facts, "exercises.l2.b"), 870);
	/* No naive scaling run, no eager-against-M run. */
	cr_expect(!is_true(&R, "exercises.faults.measured"));
	cr_expect(isnan(rp_facts_num(&R.facts, "exercises.faults.predicted")));
	cr_expect(!is_true(&R, "exercises.eager.measured"));
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		rp_facts_get(&R.facts, "exercises.eager.set"), "value")),
	    "interp-eager-m");
	cr_expect_eq(R.facts.duplicates, 0);
	free_facts(&R);

	facts_of(&R, "interp-chunk.jsonl", CHUNKED("100") CHUNKED("500"));
	cr_expect_eq(rp_facts_num(&R.facts, "exercises.batch.b"), 500);
	free_facts(&R);
}

/* The committed data's answers: each prediction within the allocator's
 * grain or a page or two of what was measured. */
Test(report_exercise, committed_data_answers_hold)
{
	rp_report_t R;
	char msg[512] = "";
	double pred, meas;

	if (access("reports/data/interp-main.jsonl", R_OK) != 0)
		cr_skip_test("run from the repository root");
	memset(&R, 0, sizeof(R));
	cr_assert_eq(rp_data_load(&R.data, "reports/data", msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_exercise_facts(&R);
	cr_expect(is_true(&R, "exercises.batch.measured"));
	cr_expect_geq(
	    rp_facts_num(&R.facts, "exercises.batch.b"), RP_EXERCISE_MIN_BATCH);
	meas = rp_facts_num(&R.facts, "exercises.batch.peak_exact");
	cr_expect(fabs(meas -
		      rp_facts_num(&R.facts, "exercises.batch.model")) <= 65536,
	    "%g", meas);
	pred = rp_facts_num(&R.facts, "exercises.faults.predicted");
	meas = rp_facts_num(&R.facts, "exercises.faults.per_step");
	cr_expect(pred > 0 && fabs(meas - pred) <= 0.01 * pred + 2,
	    "%g against %g", meas, pred);
	cr_expect_geq(rp_facts_num(&R.facts, "exercises.eager.peak_exact"),
	    rp_facts_num(&R.facts, "exercises.eager.predicted"));
	rp_facts_free(&R.facts);
	rp_data_free(&R.data);
}
