/*
 * hx_cachesim: valgrind's cache simulator on commands whose work is known,
 * and its failures. Skipped where valgrind is not installed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "hx_cachesim.h"

static int
have_program(const char *name)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", name);
	return system(cmd) == 0;
}

#define NEED_VALGRIND()                                                        \
	do {                                                                   \
		if (!have_program("valgrind"))                                 \
			cr_skip_test("valgrind not installed");                \
	} while (0)

Test(cachesim, whole_shell_loop, .timeout = 120)
{
	char *argv[] = {"/bin/sh", "-c",
	    "i=0; while [ $i -lt 1000 ]; do i=$((i+1)); done", NULL};
	hx_cachesim_t s;
	char msg[512] = "";
	json_t *obj;
	int ret;

	NEED_VALGRIND();
	ret = hx_cachesim_run(argv, NULL, &s, msg, sizeof(msg));
	cr_assert_eq(ret, 0, "cachesim(sh loop) = %d: %s", ret, msg);
	cr_expect(s.ir > 100000, "Ir %llu for a 1000-iteration shell loop",
	    (unsigned long long)s.ir);
	cr_expect(s.dr > 0 && s.dw > 0, "Dr %llu Dw %llu",
	    (unsigned long long)s.dr, (unsigned long long)s.dw);
	cr_expect(s.d1mr + s.d1mw <= s.dr + s.dw,
	    "D1 misses %llu+%llu > "
	    "accesses %llu+%llu",
	    (unsigned long long)s.d1mr, (unsigned long long)s.d1mw,
	    (unsigned long long)s.dr, (unsigned long long)s.dw);
	/* LL is only looked up on a first-level miss. */
	cr_expect(s.dlmr <= s.d1mr && s.dlmw <= s.d1mw && s.ilmr <= s.i1mr,
	    "LL misses (%llu %llu %llu) exceed L1 misses (%llu %llu %llu)",
	    (unsigned long long)s.dlmr, (unsigned long long)s.dlmw,
	    (unsigned long long)s.ilmr, (unsigned long long)s.d1mr,
	    (unsigned long long)s.d1mw, (unsigned long long)s.i1mr);
	cr_expect(strstr(s.d1_config, " B, ") != NULL, "d1 '%s'", s.d1_config);
	cr_expect(strstr(s.ll_config, " B, ") != NULL, "ll '%s'", s.ll_config);
	cr_expect(
	    strncasecmp(s.tool, "valgrind-", 9) == 0, "tool '%s'", s.tool);

	obj = hx_cachesim_json(&s);
	cr_assert(obj != NULL);
	cr_expect(json_is_true(json_object_get(obj, "simulated")));
	cr_expect(
	    json_integer_value(json_object_get(obj, "Ir")) == (json_int_t)s.ir);
	json_decref(obj);
}

/*
 * The toggle restricts counting to one function: a probe program whose
 * function does n volatile loads and stores. Built at test time; skipped
 * without a C compiler.
 */
Test(cachesim, toggle_counts_only_the_function, .timeout = 120)
{
	static const char src[] =
	    "#include <stdlib.h>\n"
	    "__attribute__((noinline)) void probe_work(long n) {\n"
	    "  static volatile long x[64];\n"
	    "  for (long i = 0; i < n; i++) x[i & 63] += i;\n"
	    "}\n"
	    "int main(void) {\n"
	    "  volatile long s = 0;\n"
	    "  for (long i = 0; i < 200000; i++) s += rand();\n"
	    "  probe_work(10000);\n"
	    "  return 0;\n"
	    "}\n";
	char dir[] = "/tmp/hx_cachesim_test.XXXXXX", path[128], cmd[512];
	char msg[512] = "";
	hx_cachesim_t whole, part;
	char *argv[] = {path, NULL};
	FILE *f;
	int ret;

	NEED_VALGRIND();
	if (!have_program("cc"))
		cr_skip_test("no C compiler to build the probe");
	cr_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/probe.c", dir);
	f = fopen(path, "w");
	cr_assert(f != NULL);
	fputs(src, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "cc -O1 -g -o %s/probe %s", dir, path);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	snprintf(path, sizeof(path), "%s/probe", dir);

	ret = hx_cachesim_run(argv, NULL, &whole, msg, sizeof(msg));
	cr_assert_eq(ret, 0, "cachesim(probe) = %d: %s", ret, msg);
	ret = hx_cachesim_run(argv, "probe_work", &part, msg, sizeof(msg));
	cr_assert_eq(ret, 0, "cachesim(probe, probe_work) = %d: %s", ret, msg);
	/* 10000 iterations: one load and one store each, a few instructions. */
	cr_expect(part.dr >= 10000 && part.dr < 12000,
	    "probe_work Dr %llu, want about 10000",
	    (unsigned long long)part.dr);
	cr_expect(part.dw >= 10000 && part.dw < 12000,
	    "probe_work Dw %llu, want about 10000",
	    (unsigned long long)part.dw);
	cr_expect(part.ir * 10 < whole.ir,
	    "toggled Ir %llu not much below whole-program Ir %llu",
	    (unsigned long long)part.ir, (unsigned long long)whole.ir);

	ret = hx_cachesim_run(
	    argv, "no_such_function_anywhere", &part, msg, sizeof(msg));
	cr_expect_eq(ret, -1, "a toggle that never runs gave %d", ret);
	cr_expect(
	    strstr(msg, "no_such_function_anywhere") != NULL, "msg '%s'", msg);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(cachesim, missing_program_fails_with_message, .timeout = 60)
{
	char *argv[] = {"/nonexistent/hx_no_such_program", NULL};
	hx_cachesim_t s;
	char msg[512] = "";
	int ret;

	NEED_VALGRIND();
	ret = hx_cachesim_run(argv, NULL, &s, msg, sizeof(msg));
	cr_expect_eq(ret, -1, "cachesim(missing program) = %d", ret);
	cr_expect(strstr(msg, "hx_no_such_program") != NULL, "msg '%s'", msg);
}

Test(cachesim, failing_command_fails_with_status, .timeout = 60)
{
	char *argv[] = {"/bin/sh", "-c", "echo oops >&2; exit 3", NULL};
	hx_cachesim_t s;
	char msg[512] = "";
	int ret;

	NEED_VALGRIND();
	ret = hx_cachesim_run(argv, NULL, &s, msg, sizeof(msg));
	cr_expect_eq(ret, -1, "cachesim(exit 3) = %d", ret);
	cr_expect(strstr(msg, "status 3") != NULL && strstr(msg, "oops"),
	    "msg '%s'", msg);
}

Test(cachesim, no_command_is_an_error)
{
	char *argv[] = {NULL};
	hx_cachesim_t s;
	char msg[128] = "";

	cr_expect_eq(hx_cachesim_run(argv, NULL, &s, msg, sizeof(msg)), -1);
	cr_expect(msg[0] != '\0');
}

Test(cachesim, instruction_minimum_is_flops_as_fmas)
{
	/* interp sorted: 10 flops a pair, 8 lanes: 5 FMAs per 8 pairs. */
	cr_expect_float_eq(hx_cachesim_insn_min(10.0 * 3e6, 3e6, 8), 0.625,
	    1e-12, "got %g", hx_cachesim_insn_min(10.0 * 3e6, 3e6, 8));
	/* AVX-512 halves it; one lane is a scalar FMA per two flops. */
	cr_expect_float_eq(
	    hx_cachesim_insn_min(39.0 * 100, 100, 16), 39.0 / 32, 1e-12);
	cr_expect_float_eq(hx_cachesim_insn_min(90.0, 1.0, 1), 45.0, 1e-12);
	/* Nothing to divide by, or no flops counted: no minimum. */
	cr_expect_eq(hx_cachesim_insn_min(10.0, 0.0, 8), 0.0);
	cr_expect_eq(hx_cachesim_insn_min(10.0, 1.0, 0), 0.0);
	cr_expect_eq(hx_cachesim_insn_min(0.0, 1.0, 8), 0.0);
	cr_expect_eq(hx_cachesim_insn_min(NAN, 1.0, 8), 0.0);
}
