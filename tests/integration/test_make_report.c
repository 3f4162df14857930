/*
 * Integration tests of reports/make-report.sh and of the table of
 * experiments it runs (reports/experiments.tsv).
 *
 * make_report: the script in a scratch copy of reports/ with a stand-in
 * harness (a shell script: `list` from the real harness, every other
 * command writes its output file, or fails on the set FB_FAIL_SET names)
 * and no JAX: a failure midway leaves the previous data folder as it was
 * and says where the partial data is; a bare `false` as the harness fails
 * before measuring and leaves it too; a run to the end replaces it with
 * the new data, which carries the table as it ran (sizes and variant lists
 * filled in) and the times of its steps.
 *
 * report_missing: the quick report's data (made once for the whole binary by
 * test_report.c's hook) less one set: the report prints, for it, the
 * command of its row in the data's own table.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fb_spawn.h"

#define QUICK_DIR "reports/out-quick"

/* The stand-in harness: $FB_REAL_HARNESS lists, everything else writes the
 * file its output option names (a sweep's SET.jsonl and SET.csv); a sweep
 * whose --out is $FB_FAIL_SET fails. */
static const char fake_harness[] =
    "#!/bin/sh\n"
    "[ \"$1\" = list ] && exec \"$FB_REAL_HARNESS\" list\n"
    "sub=$1; out=; json=\n"
    "while [ $# -gt 0 ]; do\n"
    "  case $1 in --out) out=$2 ;; --json) json=$2 ;; esac; shift\n"
    "done\n"
    "if [ -n \"$out\" ] && [ \"$out\" = \"${FB_FAIL_SET:-}\" ]; then\n"
    "  echo \"stand-in harness: $sub --out $out fails\" >&2; exit 1\n"
    "fi\n"
    "[ -n \"$out\" ] && { echo '{}' > \"$out.jsonl\"; : > \"$out.csv\"; }\n"
    "[ -n \"$json\" ] && echo '{}' > \"$json\"\n"
    "[ \"$sub\" = ceilings ] && echo '{}'\n"
    "exit 0\n";

static char root[256];

/* A scratch root with reports/{make-report.sh,jax-sweep.sh,experiments.tsv,
 * thin-timelines.py},
 * the stand-in harness, and an old data folder holding old.txt. */
static void
make_root(void)
{
	char path[512], cmd[1024];

	fb_tmpdir(root, sizeof(root));
	snprintf(cmd, sizeof(cmd),
	    "mkdir -p '%s/reports/out-quick/data' && cp reports/make-report.sh "
	    "reports/jax-sweep.sh reports/experiments.tsv "
	    "reports/thin-timelines.py '%s/reports/'",
	    root, root);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	snprintf(path, sizeof(path), "%s/harness", root);
	fb_write(path, fake_harness);
	cr_assert_eq(chmod(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/reports/out-quick/data/old.txt", root);
	fb_write(path, "the previous run's data\n");
}

/* Runs make-report.sh quick in the scratch root with harness h; returns its
 * exit status, stderr in *err (a new string). */
static int
run_script(const char *h, const char *fail_set, char **err)
{
	char cmd[4096], errpath[512];
	int st;

	snprintf(errpath, sizeof(errpath), "%s/stderr", root);
	snprintf(cmd, sizeof(cmd),
	    "FB_REAL_HARNESS='%s' FB_HARNESS='%s' FB_HARNESS_GLIBC='%s' "
	    "FB_REPORT=true FB_JAX_PYTHON=/nonexistent FB_FAIL_SET='%s' "
	    "sh '%s/reports/make-report.sh' quick >/dev/null 2>'%s'",
	    fb_harness(), h, h, fail_set, root, errpath);
	st = system(cmd);
	*err = fb_slurp(errpath);
	cr_assert(*err != NULL);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static int
exists(const char *rel)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	return stat(path, &st) == 0;
}

static char *
slurp_rel(const char *rel)
{
	char path[512];
	char *s;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	s = fb_slurp(path);
	cr_assert(s != NULL, "cannot read %s", path);
	return s;
}

TestSuite(make_report, .init = make_root, .timeout = 120);

Test(make_report, a_failure_midway_leaves_the_old_data)
{
	char h[300], *err;
	int rc;

	snprintf(h, sizeof(h), "%s/harness", root);
	rc = run_script(h, "colony-scale", &err);
	cr_expect_neq(rc, 0, "make-report.sh went on past a failed sweep");
	cr_expect(exists("reports/out-quick/data/old.txt"),
	    "the old data was not kept: %s", err);
	cr_expect(!exists("reports/out-quick/data/interp-main.jsonl"),
	    "new data reached the data folder before the run ended");
	cr_expect(exists("reports/out-quick/data.new/interp-main.jsonl"),
	    "the sweeps before the failure are not in data.new");
	cr_expect(!exists("reports/out-quick/data.new/colony-scale.jsonl"));
	cr_expect(strstr(err,
		      "the partial data is in "
		      "reports/out-quick/data.new") != NULL,
	    "%s", err);
	cr_expect(strstr(err, "reports/out-quick/data is as it was") != NULL,
	    "%s", err);
	free(err);
	fb_rmdir(root);
}

Test(make_report, a_harness_that_fails_at_once_leaves_the_old_data)
{
	char *err;
	int rc = run_script("false", "", &err);

	cr_expect_neq(rc, 0);
	cr_expect(exists("reports/out-quick/data/old.txt"), "%s", err);
	cr_expect(strstr(err, "no variants") != NULL, "%s", err);
	free(err);
	fb_rmdir(root);
}

Test(make_report, a_run_to_the_end_replaces_the_data)
{
	char h[300], *err, *table, *times;
	int rc;

	snprintf(h, sizeof(h), "%s/harness", root);
	rc = run_script(h, "", &err);
	cr_assert_eq(rc, 0, "%s", err);
	cr_expect(!exists("reports/out-quick/data/old.txt"));
	cr_expect(!exists("reports/out-quick/data.new"));
	cr_expect(!exists("reports/out-quick/data.old"));
	cr_expect(exists("reports/out-quick/data/colony-scale.jsonl"));
	cr_expect(exists("reports/out-quick/data/ceilings.json"));
	cr_expect(exists("reports/out-quick/data/overhead.json"));
	cr_expect(exists("reports/out-quick/data/jax-skipped.txt"));
	/* The table as it ran: sizes and variant lists filled in. */
	table = slurp_rel("reports/out-quick/data/experiments.tsv");
	cr_expect(strstr(table, "$NQ") == NULL, "%s", table);
	cr_expect(strstr(table, "\tall-except") == NULL, "%s", table);
	cr_expect(
	    strstr(table, "colony-scale\tcolony\tnaive,") != NULL, "%s", table);
	cr_expect(
	    strstr(table, "--n 2e4 --m 50 --repeat 10") != NULL, "%s", table);
	/* The main sweeps' pin, expanded: "--cpu C" or nothing. */
	cr_expect(strstr(table, "$PIN") == NULL, "%s", table);
	times = slurp_rel("reports/out-quick/data/make-report-times.tsv");
	cr_expect(strstr(times, "step\tinterp-main\t") != NULL, "%s", times);
	cr_expect(strstr(times, "total\tsweeps\t") != NULL, "%s", times);
	cr_expect(strstr(err, "s in all") != NULL, "%s", err);
	free(table);
	free(times);
	free(err);
	fb_rmdir(root);
}

/* ---- a missing set, named with its command ---- */

/* The row of set in the table at path: its arguments (a new string). */
static char *
row_arguments(const char *path, const char *set)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	size_t n = strlen(set);
	char *found = NULL;

	cr_assert(f != NULL, "%s", path);
	while (found == NULL && fgets(line, sizeof(line), f) != NULL) {
		char *a, *b;
		if (strncmp(line, set, n) != 0 || line[n] != '\t')
			continue;
		/* set, workload, variants, then the arguments */
		a = strchr(strchr(line + n + 1, '\t') + 1, '\t') + 1;
		b = strchr(a, '\t');
		found = strndup(a, (size_t)(b - a));
	}
	fclose(f);
	cr_assert(found != NULL, "no row %s in %s", set, path);
	return found;
}

Test(report_missing, a_set_is_named_with_its_command, .timeout = 60)
{
	const char *report = getenv("FB_REPORT");
	char dir[256], cmd[4096], path[512], want[1024], *md, *args;
	FILE *st = fopen(QUICK_DIR "/test.status", "r");
	int status = -1;

	cr_assert(report != NULL, "FB_REPORT must name the report program");
	cr_assert(st != NULL, "the quick report was not made");
	cr_assert_eq(fscanf(st, "%d", &status), 1);
	fclose(st);
	cr_assert_eq(status, 0, "make-report.sh quick failed");
	fb_tmpdir(dir, sizeof(dir));
	snprintf(cmd, sizeof(cmd),
	    "cp -r " QUICK_DIR "/data '%s/data' && rm '%s/data/colony-cells'.* "
	    "&& '%s' '%s/data' '%s/out' >/dev/null 2>&1",
	    dir, dir, report, dir, dir);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	snprintf(path, sizeof(path), "%s/data/experiments.tsv", dir);
	args = row_arguments(path, "colony-cells");
	snprintf(want, sizeof(want),
	    "- Not in the data: `colony-cells`, made by "
	    "`build/jemalloc/harness sweep --workload colony --variants cells "
	    "%s --out colony-cells` in the data folder",
	    args + strlen("sweep "));
	snprintf(path, sizeof(path), "%s/out/REPORT.md", dir);
	md = fb_slurp(path);
	cr_assert(md != NULL);
	cr_expect(strstr(md, want) != NULL, "REPORT.md lacks: %s", want);
	cr_expect(strstr(md, "- Not in the data: `colony-main`") == NULL,
	    "a set that is there is named missing");
	cr_expect(strstr(md, "- The sweeps took ") != NULL);
	free(md);
	free(args);
	fb_rmdir(dir);
}
