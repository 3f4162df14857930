/*
 * `harness compare` on crafted files, through the command line: the
 * verdicts a regression check must get right at the repeat counts the
 * project uses (3 against 3 doubled is inconclusive, never "no significant
 * change"; 12 against 12 is a regression), the warning when the files come
 * from different machines, and the json and markdown formats.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

/* One result line with these samples (median computed), on host. */
static void
put_result(FILE *f, const double *t, size_t n, double scale, const char *host)
{
	json_t *s = json_array(), *r;
	double sorted[32], med;

	for (size_t i = 0; i < n; i++) {
		sorted[i] = t[i] * scale;
		json_array_append_new(s, json_real(sorted[i]));
	}
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			double x = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = x;
		}
	med = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
	r = json_pack("{s:s, s:s, s:s, s:{s:i}, s:{s:f, s:o}, s:{s:i}, "
		      "s:{s:s, s:s, s:s, s:s, s:s}}",
	    "workload", "interp", "variant", "fused", "status", "ok", "params",
	    "n", 1000, "time_s", "median", med, "samples", s, "memory",
	    "peak_workspace_bytes", 4096, "machine", "host", host, "cpu", "X",
	    "compiler", "gcc 12", "cflags", "-O3", "allocator", "jemalloc");
	json_dumpf(r, f, JSON_COMPACT);
	fputc('\n', f);
	json_decref(r);
}

/* OLD (scale 1, host a) and NEW (scale, host b) with n samples each. */
static void
write_pair(const char *dir, size_t n, double scale, const char *host_b)
{
	char p[4200];
	double t[32];
	FILE *f;

	for (size_t i = 0; i < n; i++)
		t[i] = 1.0 + 0.002 * (double)((i * 5) % n);
	snprintf(p, sizeof(p), "%s/old.jsonl", dir);
	cr_assert((f = fopen(p, "w")) != NULL);
	put_result(f, t, n, 1.0, "a");
	fclose(f);
	snprintf(p, sizeof(p), "%s/new.jsonl", dir);
	cr_assert((f = fopen(p, "w")) != NULL);
	put_result(f, t, n, scale, host_b);
	fclose(f);
}

/* harness compare [fmt] OLD NEW: exit status, stdout in *out. */
static int
compare(const char *dir, const char *format, char **out)
{
	char o[4200], n[4200], op[4200], ep[4200];
	char *args[] = {"compare", "--format", (char *)format, o, n, NULL};
	int rc;

	snprintf(o, sizeof(o), "%s/old.jsonl", dir);
	snprintf(n, sizeof(n), "%s/new.jsonl", dir);
	snprintf(op, sizeof(op), "%s/out", dir);
	snprintf(ep, sizeof(ep), "%s/err", dir);
	rc = fb_wait(fb_start(args, op, ep));
	*out = fb_slurp(op);
	cr_assert(*out != NULL);
	return rc;
}

Test(compare_trust, three_a_side_doubled_is_not_no_change)
{
	char dir[4096], *out;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	write_pair(dir, 3, 2.0, "a");
	rc = compare(dir, "text", &out);
	cr_expect(rc == 4, "exit %d, expected 4 (inconclusive):\n%s", rc, out);
	cr_expect(strstr(out, "no significant change") == NULL, "%s", out);
	cr_expect(strstr(out, "INCONCLUSIVE") != NULL, "%s", out);
	cr_expect(strstr(out, "smallest p the test can reach is 0.1") != NULL &&
		strstr(out, "needs at least 4 timed repeats") != NULL,
	    "%s", out);
	cr_expect(strstr(out, "warning:") == NULL, "same machine: %s", out);
	free(out);
	fb_rmdir(dir);
}

Test(compare_trust, twelve_a_side_doubled_is_a_regression)
{
	char dir[4096], *out;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	write_pair(dir, 12, 2.0, "a");
	rc = compare(dir, "text", &out);
	cr_expect(rc == 3, "exit %d, expected 3:\n%s", rc, out);
	cr_expect(
	    strstr(out, "interp/fused n=1000: REGRESSION") != NULL, "%s", out);
	cr_expect(strstr(out, "ratio of medians 2.000") != NULL, "%s", out);
	free(out);
	fb_rmdir(dir);
}

Test(compare_trust, different_machines_warn_and_formats)
{
	char dir[4096], *out;
	json_t *c;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	write_pair(dir, 12, 1.0, "b");
	rc = compare(dir, "json", &out);
	cr_expect(rc == 0, "exit %d: %s", rc, out);
	c = json_loads(out, 0, NULL);
	cr_assert(c != NULL, "not JSON: %s", out);
	cr_expect(
	    json_array_size(json_object_get(c, "warnings")) == 1, "%s", out);
	cr_expect(strstr(json_string_value(
			     json_array_get(json_object_get(c, "warnings"), 0)),
		      "different hosts") != NULL,
	    "%s", out);
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		json_array_get(json_object_get(c, "runs"), 0), "verdict")),
	    "no significant change");
	json_decref(c);
	free(out);
	rc = compare(dir, "markdown", &out);
	cr_expect(rc == 0);
	cr_expect(strncmp(out, "| run | verdict |", 17) == 0, "%s", out);
	cr_expect(strstr(out,
		      "| interp/fused n=1000 | **no significant "
		      "change** |") != NULL,
	    "%s", out);
	cr_expect(strstr(out,
		      "> warning: the files come from different "
		      "hosts") != NULL,
	    "%s", out);
	free(out);
	fb_rmdir(dir);
}
