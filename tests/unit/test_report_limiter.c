/*
 * Unit tests of the limiter rule (reports/rp_limiter): each discriminator
 * at its threshold and just beside it, the order in which they decide,
 * "not determined" when none passes (the instructions without their
 * minimum never decide), and the verdict's sentence. Also the lesson's
 * reader of the JAX code between its markers (reports/rp_lesson).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fb_data_dir.h"
#include "rp_lesson.h"
#include "rp_limiter.h"

#define EPS 1e-6

/* Inputs that pass no test: 1 s a run, every share 10%. */
static rp_limiter_in_t
quiet(void)
{
	rp_limiter_in_t in = {.time_s = 1.0,
	    .gflops = 10,
	    .fma = 100,
	    .bytes_per_s = 1e9,
	    .triad = 10e9,
	    .level = "L3",
	    .miss_bytes_s = 1e9,
	    .miss_triad = 10e9,
	    .miss_level = "L3",
	    .ipu = NAN,
	    .ipu_min = NAN,
	    .allowance = NAN,
	    .ipu_low = NAN,
	    .faults = 1000,
	    .fault_cost_s = 1e-4,
	    .twin = "w a against b"};
	return in;
}

Test(report_limiter, each_discriminator_at_and_beside_its_threshold)
{
	rp_limiter_in_t in = quiet();

	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	in.gflops = 100 * RP_LIMITER_SHARE;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_COMPUTE);
	in.gflops = 100 * RP_LIMITER_SHARE - EPS;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);

	in = quiet();
	in.bytes_per_s = 10e9 * RP_LIMITER_SHARE;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_BANDWIDTH);
	in.bytes_per_s -= 1;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);

	in = quiet();
	in.miss_bytes_s = 10e9 * RP_LIMITER_SHARE;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_CACHE);
	in.miss_bytes_s -= 1;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);

	/* 5000 faults at 100 us are 0.5 s of 1 s. */
	in = quiet();
	in.faults = 5000;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_FAULTS);
	cr_expect_float_eq(rp_limiter_decide(&in).share, 0.5, 1e-12);
	in.faults = 4999;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	/* Faults without a measured cost decide nothing. */
	in.faults = 1e9;
	in.fault_cost_s = NAN;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
}

Test(report_limiter, instructions_decide_only_against_their_minimum)
{
	rp_limiter_in_t in = quiet();

	/* 46 instructions a unit and a sibling at 16: still not determined
	 * without the arithmetic's minimum. */
	in.ipu = 46;
	in.ipu_low = 16;
	in.low_name = "materialized";
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	in.ipu_min = 46 / RP_LIMITER_INSN_ALLOWANCE;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_INSTRUCTIONS);
	in.ipu_min = 46 / RP_LIMITER_INSN_ALLOWANCE + EPS;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	/* The data's allowance replaces the default. */
	in.ipu_min = 20;
	in.allowance = 3.0;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNDETERMINED);
	in.allowance = 2.3;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_INSTRUCTIONS);
}

Test(report_limiter, first_passing_test_wins_and_no_run_is_unmeasured)
{
	rp_limiter_in_t in = quiet();

	in.gflops = 90;
	in.faults = 1e6;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_COMPUTE);
	in.time_s = NAN;
	cr_expect_eq(rp_limiter_decide(&in).kind, RP_LIMIT_UNMEASURED);
	cr_expect_str_eq(
	    rp_limiter_word(RP_LIMIT_UNDETERMINED), "not determined");
	cr_expect_str_eq(rp_limiter_word(RP_LIMIT_FAULTS), "page faults");
}

static char *
sentence(const rp_limiter_in_t *in)
{
	static char buf[1024];
	FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
	rp_limiter_t v = rp_limiter_decide(in);

	cr_assert(f != NULL);
	rp_limiter_sentence(f, in, &v);
	fclose(f);
	return buf;
}

Test(report_limiter, sentences_name_a_cause_only_when_decided)
{
	rp_limiter_in_t in = quiet();
	const char *s;

	in.ipu = 46.1;
	in.ipu_low = 16.2;
	in.low_name = "materialized";
	s = sentence(&in);
	cr_expect(
	    strncmp(s, "not determined here: 10.0% of the FMA peak", 42) == 0,
	    "%s", s);
	cr_expect(strstr(s,
		      "would be decided by its instructions per unit "
		      "(46.1 simulated; materialized: 16.2) against "
		      "the arithmetic's minimum") != NULL,
	    "%s", s);
	in.faults = 6000;
	s = sentence(&in);
	cr_expect(strstr(s,
		      "page faults: 6000 a run at 100 us each (measured "
		      "by w a against b) are 60.0% of its time") != NULL,
	    "%s", s);
}

Test(report_lesson, code_between_the_markers)
{
	char dir[64], sub[128], code[512];
	rp_data_t D = {.dir = NULL};
	int n;

	snprintf(dir, sizeof(dir), "/tmp/fb_rp_lesson_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(sub, sizeof(sub), "%s/reports", dir);
	cr_assert(mkdir(sub, 0777) == 0);
	snprintf(sub, sizeof(sub), "%s/reports/data", dir);
	cr_assert(mkdir(sub, 0777) == 0);
	snprintf(sub, sizeof(sub), "%s/v", dir);
	cr_assert(mkdir(sub, 0777) == 0);
	fb_write_file(sub, "f.py",
	    "x = 1\n    # lesson:begin hoisted_map\nignored\n# lesson:end\n"
	    "# lesson:begin hoisted\ndef f(x):\n    return x\n"
	    "    # lesson:end\ny = 2\n");
	/* DATA/../.. is the repository: dir. */
	snprintf(sub, sizeof(sub), "%s/reports/data", dir);
	D.dir = sub;
	n = rp_lesson_code(&D, "v/f.py", "hoisted", code, sizeof(code));
	cr_expect_eq(n, 2, "%d: %s", n, code);
	cr_expect_str_eq(code, "def f(x):\n    return x\n");
	cr_expect_eq(
	    rp_lesson_code(&D, "v/f.py", "scan", code, sizeof(code)), 0);
	cr_expect_str_eq(code, "");
	cr_expect_eq(
	    rp_lesson_code(&D, "v/none.py", "hoisted", code, sizeof(code)), 0);
	snprintf(sub, sizeof(sub), "rm -rf %s", dir);
	cr_expect_eq(system(sub), 0);
}
