/*
 * Instructions per unit of work against the arithmetic's minimum: every
 * listed variant run once under the simulator (harness run --cachesim) at
 * its workload's smoke configuration. A variant fails when it executes
 * more than twice the instructions its flops need as fused multiply-adds
 * at the simulated build's vector width, unless it states a larger
 * allowance and the reason in its own file (variant_t.insn_allowance).
 * That catches code-generation accidents such as a loop left scalar or
 * loop-invariant loads gathered per lane, which no timing test may.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_spawn.h"

/* Without an allowance of its own a variant may execute this many times
 * its instruction minimum. */
#define INSN_DEFAULT_ALLOWANCE 2.0

/* Options added to a workload's smoke configuration: smoke's M = 4 fills
 * half of one 8-lane vector, so the vectorized loops over interpolants
 * would never run their vector body and the count would be the scalar
 * remainder's. */
static const struct {
	const char *workload, *option, *value;
} insn_extra[] = {
    {"interp", "--m", "64"},
};

/* The smoke lines of `harness list --smoke` into dir/smoke.txt. */
static void
insn_smoke_list(const char *dir, char *path, size_t len)
{
	char err[300];
	char *argv[] = {"list", "--smoke", NULL};

	snprintf(path, len, "%s/smoke.txt", dir);
	snprintf(err, sizeof(err), "%s/list.err", dir);
	cr_assert_eq(fb_wait(fb_start_exe(fb_harness(), argv, path, err)), 0,
	    "harness list --smoke failed");
}

/* One smoke line ("W V --opt value ...") run under the simulator; its
 * result's cachesim object checked. */
static void
insn_check_line(char *line, const char *dir)
{
	char *argv[FB_MAX_ARGS], *save = NULL, *tok, json[300], err[300];
	char out[300], cmd[2048], *line_out;
	const char *w, *v;
	int a = 0;
	json_t *r, *c;
	double ratio, allow;

	argv[a++] = "run";
	for (tok = strtok_r(line, " \n", &save); tok != NULL && a < 30;
	     tok = strtok_r(NULL, " \n", &save))
		argv[a++] = tok;
	cr_assert_geq(a, 3, "short smoke line");
	w = argv[1];
	v = argv[2];
	for (size_t i = 0; i < sizeof(insn_extra) / sizeof(insn_extra[0]);
	     i++) {
		if (strcmp(insn_extra[i].workload, w) == 0) {
			argv[a++] = (char *)insn_extra[i].option;
			argv[a++] = (char *)insn_extra[i].value;
		}
	}
	snprintf(json, sizeof(json), "%s/%s-%s.json", dir, w, v);
	snprintf(err, sizeof(err), "%s/%s-%s.err", dir, w, v);
	snprintf(out, sizeof(out), "%s/%s-%s.out", dir, w, v);
	argv[a++] = "--repeat";
	argv[a++] = "0";
	argv[a++] = "--warmup";
	argv[a++] = "0";
	argv[a++] = "--no-validate";
	argv[a++] = "--events";
	argv[a++] = "none";
	argv[a++] = "--cachesim";
	argv[a++] = "--json";
	argv[a++] = json;
	argv[a] = NULL;
	fb_join(argv, cmd, sizeof(cmd));
	cr_assert_eq(fb_wait(fb_start_exe(fb_harness(), argv, out, err)), 0,
	    "%s failed", cmd);
	/* The summary line carries the figure too. */
	line_out = fb_slurp(out);
	cr_expect(line_out != NULL && strstr(line_out, "simulated ") != NULL &&
		strstr(line_out, " instructions/pair, ") != NULL &&
		strstr(line_out, "x the minimum ") != NULL,
	    "%s: summary line without the instruction figure: %s", cmd,
	    line_out != NULL ? line_out : "(none)");
	free(line_out);
	r = json_load_file(json, 0, NULL);
	cr_assert_not_null(r, "%s wrote no result", cmd);
	c = json_object_get(r, "cachesim");
	cr_assert_not_null(c, "%s: no cachesim object", cmd);
	cr_assert(json_is_number(json_object_get(c, "instructions_over_min")),
	    "%s: no instructions_over_min (does the variant count flops?)",
	    cmd);
	ratio = json_number_value(json_object_get(c, "instructions_over_min"));
	allow = json_is_number(json_object_get(c, "insn_allowance"))
	    ? json_number_value(json_object_get(c, "insn_allowance"))
	    : INSN_DEFAULT_ALLOWANCE;
	if (json_object_get(c, "insn_allowance") != NULL) {
		const char *why =
		    json_string_value(json_object_get(c, "insn_allowance_why"));

		cr_expect(why != NULL && strlen(why) > 20,
		    "%s/%s states an allowance of %.2f without a reason", w, v,
		    allow);
	}
	cr_expect_leq(ratio, allow,
	    "%s/%s: %.3g simulated instructions per unit, %.2fx the minimum "
	    "%.3g of its flops (allowed %.2fx): %s",
	    w, v,
	    json_number_value(json_object_get(c, "instructions_per_unit")),
	    ratio,
	    json_number_value(json_object_get(c, "instructions_min_per_unit")),
	    allow, cmd);
	json_decref(r);
}

Test(insn, every_variant_within_its_instruction_allowance, .timeout = 600)
{
	char dir[256], list[300], *text, *line, *save = NULL;

	if (system("command -v valgrind >/dev/null 2>&1") != 0)
		cr_skip_test("valgrind is not installed");
	fb_tmpdir(dir, sizeof(dir));
	insn_smoke_list(dir, list, sizeof(list));
	text = fb_slurp(list);
	cr_assert_not_null(text);
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		char copy[1024];

		snprintf(copy, sizeof(copy), "%s", line);
		insn_check_line(copy, dir);
	}
	free(text);
	fb_rmdir(dir);
}
