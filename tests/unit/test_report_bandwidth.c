/*
 * Unit tests of the report's one bandwidth rule (rp_bandwidth_* in
 * reports/rp_threads.c): the triad taken by the level that holds a run's
 * working set and by the cores it ran on, never a one-core ceiling for a
 * run of two threads.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "rp_data.h"
#include "rp_threads.h"

#define CACHES                                                                 \
	"\"machine\":{\"caches\":{\"l1d_bytes\":49152,\"l2_bytes\":1048576,"   \
	"\"l3_bytes\":33554432}}"

static json_t *
parse(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);

	cr_assert(j != NULL, "%s: %s", text, e.text);
	return j;
}

/* One core's ceilings and two cores', each level apart (bytes/s). */
static void
ceilings(rp_data_t *D)
{
	memset(D, 0, sizeof(*D));
	D->ceilings = parse("{\"l1_bytes_per_s\":3e11,\"l2_bytes_per_s\":"
			    "1.5e11,\"l3_bytes_per_s\":5e10,"
			    "\"triad_bytes_per_s\":2e10}");
	D->ceilings_threads = parse("{\"threads\":2,\"l1_bytes_per_s\":6e11,"
				    "\"l2_bytes_per_s\":3e11,"
				    "\"l3_bytes_per_s\":8e10,"
				    "\"triad_bytes_per_s\":3e10}");
}

static void
release(rp_data_t *D)
{
	json_decref(D->ceilings);
	json_decref(D->ceilings_threads);
}

Test(report_bandwidth, the_level_and_the_cores_choose_the_triad)
{
	rp_data_t D;
	rp_bandwidth_ceiling_t c;

	ceilings(&D);
	c = rp_bandwidth_ceiling(&D, "L3", 1);
	cr_expect_float_eq(c.bytes_per_s, 5e10, 1, "L3, one core");
	c = rp_bandwidth_ceiling(&D, "L3", 2);
	cr_expect_float_eq(c.bytes_per_s, 8e10, 1, "L3, two cores");
	c = rp_bandwidth_ceiling(&D, "DRAM", 2);
	cr_expect_float_eq(c.bytes_per_s, 3e10, 1, "DRAM, two cores");
	/* Four cores were never measured: no ceiling, not two cores'. */
	c = rp_bandwidth_ceiling(&D, "DRAM", 4);
	cr_expect(isnan(c.bytes_per_s), "%g", c.bytes_per_s);
	release(&D);
}

Test(report_bandwidth, a_run_is_read_against_its_own_level_and_threads)
{
	rp_data_t D;
	/* 2 MB of working set (L3) on two threads moving 40 GB/s: half of
	 * the two-core L3 triad (80 GB/s), not 133% of the DRAM one. */
	json_t *l3two =
	    parse("{\"params\":{\"threads\":2},\"memory\":"
		  "{\"peak_workspace_bytes\":1e6,\"input_bytes\":"
		  "1e6},\"work\":{\"gbytes_per_s\":40}," CACHES "}");
	/* The same on one thread (no params.threads): one core's L3. */
	json_t *l3one =
	    parse("{\"params\":{},\"memory\":"
		  "{\"peak_workspace_bytes\":1e6,\"input_bytes\":"
		  "1e6},\"work\":{\"gbytes_per_s\":40}," CACHES "}");
	/* 1 GB: DRAM. */
	json_t *dram = parse("{\"params\":{\"threads\":2},\"memory\":"
			     "{\"peak_workspace_bytes\":1e9,\"input_bytes\":"
			     "0},\"work\":{\"gbytes_per_s\":15}," CACHES "}");
	rp_bandwidth_ceiling_t c;

	ceilings(&D);
	c = rp_bandwidth_of_run(&D, l3two);
	cr_expect_str_eq(c.level, "L3");
	cr_expect_eq(c.cores, 2);
	cr_expect_float_eq(rp_bandwidth_share(&D, l3two), 0.5, 1e-9);
	cr_expect_float_eq(c.bytes_per_s, 8e10, 1, "L3, two cores");
	c = rp_bandwidth_of_run(&D, l3one);
	cr_expect_eq(c.cores, 1);
	cr_expect_float_eq(rp_bandwidth_share(&D, l3one), 0.8, 1e-9);
	cr_expect_float_eq(c.bytes_per_s, 5e10, 1, "L3, one core");
	c = rp_bandwidth_of_run(&D, dram);
	cr_expect_str_eq(c.level, "DRAM");
	cr_expect_float_eq(rp_bandwidth_share(&D, dram), 0.5, 1e-9);
	json_decref(l3two);
	json_decref(l3one);
	json_decref(dram);
	release(&D);
}

/* A workload timed by the step is read at its step's rate, as its time is
 * printed: colony's 1.5 GB a run over 3 steps, 25 ms a median step, moves
 * 20 GB/s, not the 1.5 GB over its 150 ms median run (10 GB/s) that
 * work.gbytes_per_s holds with the first step's faults in it. A workload
 * timed by the run keeps work.gbytes_per_s. */
Test(report_bandwidth, a_step_timed_run_is_read_at_its_step_s_rate)
{
	rp_data_t D;
	json_t *colony = parse(
	    "{\"workload\":\"colony\",\"params\":{\"threads\":2,\"steps\":3},"
	    "\"memory\":{\"peak_workspace_bytes\":1e9,\"input_bytes\":0},"
	    "\"time_s\":{\"median\":0.15},\"steps_s\":{\"median\":0.025},"
	    "\"work\":{\"bytes\":1.5e9,\"gbytes_per_s\":10}," CACHES "}");
	json_t *interp =
	    parse("{\"workload\":\"interp\",\"params\":{\"threads\":2},"
		  "\"memory\":{\"peak_workspace_bytes\":1e9,\"input_bytes\":0},"
		  "\"time_s\":{\"median\":0.15},"
		  "\"work\":{\"bytes\":1.5e9,\"gbytes_per_s\":10}," CACHES "}");

	ceilings(&D);
	cr_expect_float_eq(rp_bandwidth_rate(&D, colony), 2e10, 1, "colony");
	cr_expect_float_eq(rp_bandwidth_share(&D, colony), 2e10 / 3e10, 1e-9);
	cr_expect_float_eq(rp_bandwidth_rate(&D, interp), 1e10, 1, "interp");
	json_decref(colony);
	json_decref(interp);
	release(&D);
}

/* A hot loop that streams its tables from a cache again (hoisted) moves
 * the bytes its main run's time model counts for the stream, beside its
 * work.bytes: 16 B a unit over 1e9 units in a 0.5 s median is 32 GB/s on
 * top of the 1 GB/s work.bytes gives, 33 GB/s, 41% of the two-core L3
 * triad. A variant whose main run has no stream, or no main run, moves
 * its work.bytes alone. */
Test(report_bandwidth, the_model_s_stream_is_counted_beside_work_bytes)
{
	rp_data_t D;
	json_t *streams = parse(
	    "{\"workload\":\"interp\",\"variant\":\"hoisted\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1000,\"threads\":2},\"memory\":"
	    "{\"peak_workspace_bytes\":1e6,\"input_bytes\":1e6},"
	    "\"time_s\":{\"median\":0.5},\"work\":{\"units\":1e9,\"bytes\":"
	    "5e8,\"gbytes_per_s\":1}," CACHES "}");
	json_t *alone = parse(
	    "{\"workload\":\"interp\",\"variant\":\"fused\",\"status\":"
	    "\"ok\",\"params\":{\"n\":1000,\"threads\":2},\"memory\":"
	    "{\"peak_workspace_bytes\":1e6,\"input_bytes\":1e6},"
	    "\"time_s\":{\"median\":0.5},\"work\":{\"units\":1e9,\"bytes\":"
	    "5e8,\"gbytes_per_s\":1}," CACHES "}");

	ceilings(&D);
	D.runs = parse("[{\"_set\":\"interp-main\",\"workload\":\"interp\","
		       "\"variant\":\"hoisted\",\"status\":\"ok\",\"params\":"
		       "{\"n\":1000},\"model\":{\"work\":"
		       "{\"stream_bytes_per_unit\":16}}},"
		       "{\"_set\":\"interp-main\",\"workload\":\"interp\","
		       "\"variant\":\"fused\",\"status\":\"ok\",\"params\":"
		       "{\"n\":1000},\"model\":{\"work\":"
		       "{\"stream_bytes_per_unit\":0}}}]");
	cr_expect_float_eq(rp_bandwidth_stream(&D, streams), 16, 1e-9);
	cr_expect_float_eq(rp_bandwidth_rate(&D, streams), 3.3e10, 1);
	cr_expect_float_eq(
	    rp_bandwidth_share(&D, streams), 3.3e10 / 8e10, 1e-9);
	cr_expect_float_eq(rp_bandwidth_stream(&D, alone), 0, 1e-9);
	cr_expect_float_eq(rp_bandwidth_rate(&D, alone), 1e9, 1);
	json_decref(D.runs);
	D.runs = json_array();
	cr_expect_float_eq(
	    rp_bandwidth_rate(&D, streams), 1e9, 1, "no main run");
	json_decref(D.runs);
	json_decref(streams);
	json_decref(alone);
	release(&D);
}
