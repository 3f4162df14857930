/*
 * A sweep's files beside its results: the timelines of --timeline-dir
 * (one file a run, never another sweep's written over) and the lock that
 * keeps a second sweep off a prefix in use.
 */
#include <jansson.h>

#include "fb_spawn.h"

#define SWEEP_M48                                                              \
	"sweep", "--workload", "interp", "--variants", "fused", "--n", "1000", \
	    "--m", "4,8", "--repeat", "1", "--warmup", "0", "--events",        \
	    "none", "--timeline-dir", "tl"

/* The timeline path each result of path records, into paths (up to n). */
static size_t
recorded_timelines(const char *path, char paths[][4096], size_t n)
{
	FILE *f = fopen(path, "r");
	char line[65536];
	size_t k = 0;

	cr_assert(f != NULL, "%s: %s", path, strerror(errno));
	while (k < n && fgets(line, sizeof(line), f) != NULL) {
		json_t *r = json_loads(line, 0, NULL);
		const char *p = json_string_value(
		    json_object_get(json_object_get(r, "timeline"), "path"));
		snprintf(paths[k++], 4096, "%s", p != NULL ? p : "");
		json_decref(r);
	}
	fclose(f);
	return k;
}

/* Two runs that differ only in m: two timeline files, each the one its
 * result names (they were one file, the second run's, named by n alone). */
Test(sweep_files, one_timeline_a_run, .timeout = 60)
{
	char dir[4096], tl[2][4096], *err = NULL;
	char *args[] = {SWEEP_M48, "--out", "s", NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0 && mkdir("tl", 0755) == 0);
	rc = fb_run(args, dir, &err);
	cr_assert_eq(rc, 0, "exit %d: %s", rc, err);
	free(err);
	cr_assert_eq(recorded_timelines("s.jsonl", tl, 2), 2);
	cr_expect(strcmp(tl[0], tl[1]) != 0, "both runs name %s", tl[0]);
	for (int i = 0; i < 2; i++) {
		char *text = fb_slurp(tl[i]);
		cr_expect(text != NULL && strncmp(text, "t_s,", 4) == 0,
		    "%s is not a timeline", tl[i]);
		cr_expect(strncmp(tl[i], "tl/s-interp-fused-", 18) == 0,
		    "%s: not named by the prefix, workload and variant", tl[i]);
		free(text);
	}
	cr_expect(
	    strstr(tl[0], "-m=4-") != NULL && strstr(tl[1], "-m=8-") != NULL,
	    "the names do not say m: %s, %s", tl[0], tl[1]);
	cr_expect_eq(fb_count_entries("tl"), 2, "%d files in tl",
	    fb_count_entries("tl"));
	fb_rmdir("tl");
	fb_rmdir(dir);
}

/* An earlier sweep's timelines with its results gone: refused (one line,
 * exit 2, nothing written); --force keeps each as .1. */
Test(sweep_files, earlier_timelines_kept, .timeout = 60)
{
	char dir[4096], tl[2][4096], aside[4200], *err = NULL, *before;
	char *args[] = {SWEEP_M48, "--out", "s", NULL};
	char *force[] = {SWEEP_M48, "--out", "s", "--force", NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0 && mkdir("tl", 0755) == 0);
	cr_assert_eq(fb_run(args, dir, NULL), 0);
	cr_assert_eq(recorded_timelines("s.jsonl", tl, 2), 2);
	before = fb_slurp(tl[0]);
	unlink("s.jsonl");
	unlink("s.csv");
	rc = fb_run(args, dir, &err);
	cr_expect_eq(rc, 2, "exit %d: %s", rc, err);
	cr_expect_eq(fb_lines(err), 1, "%s", err);
	cr_expect(err != NULL && strstr(err, "is already there") != NULL &&
		strstr(err, tl[0]) != NULL,
	    "stderr: %s", err);
	cr_expect(access("s.jsonl", F_OK) != 0, "s.jsonl written");
	free(err);
	rc = fb_run(force, dir, &err);
	cr_expect_eq(rc, 0, "--force: exit %d: %s", rc, err);
	free(err);
	snprintf(aside, sizeof(aside), "%s.1", tl[0]);
	err = fb_slurp(aside);
	cr_expect(err != NULL && before != NULL && strcmp(err, before) == 0,
	    "%s is not the earlier timeline", aside);
	cr_expect_eq(access(tl[0], F_OK), 0, "no new %s", tl[0]);
	free(err);
	free(before);
	fb_rmdir("tl");
	fb_rmdir(dir);
}

/* A second sweep to a prefix in use is refused at once (it would have run
 * and then written its runs over the first's, or the first over its own);
 * the first is untouched and leaves no lock file. A lock file a killed
 * sweep left locks nothing; a file of that name that is no lock is kept. */
Test(sweep_files, one_sweep_a_prefix_at_a_time, .timeout = 60)
{
	char dir[4096], err_path[4200], *err = NULL, *text;
	char *slow[] = {"sweep", "--workload", "selftest", "--variants", "slow",
	    "--n", "1500", "--repeat", "0", "--warmup", "0", "--events", "none",
	    "--out", "s", NULL};
	char *small[] = {"sweep", "--workload", "selftest", "--variants",
	    "slow", "--n", "1", "--repeat", "0", "--warmup", "0", "--events",
	    "none", "--out", "s", "--force", NULL};
	pid_t first;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	first = fb_start(slow, NULL, err_path);
	for (int i = 0; i < 500 && access("s.jsonl.lock", F_OK) != 0; i++)
		usleep(10000);
	cr_assert_eq(access("s.jsonl.lock", F_OK), 0, "no lock file");
	rc = fb_run(small, dir, &err);
	cr_expect_eq(rc, 2, "second sweep: exit %d: %s", rc, err);
	cr_expect_eq(fb_lines(err), 1, "%s", err);
	cr_expect(err != NULL && strstr(err, "another sweep (pid ") != NULL,
	    "stderr: %s", err);
	free(err);
	rc = fb_wait(first);
	unlink(err_path);
	cr_expect_eq(rc, 0, "first sweep: exit %d", rc);
	text = fb_slurp("s.jsonl");
	cr_expect(text != NULL && fb_lines(text) == 1 &&
		strstr(text, "\"n\":1500") != NULL,
	    "s.jsonl is not the first sweep's one run: %s", text);
	free(text);
	cr_expect(access("s.jsonl.lock", F_OK) != 0, "the lock file is left");

	/* A killed sweep's lock file: taken over. */
	fb_write("s.jsonl.lock", "harness sweep lock, pid 999999\n");
	rc = fb_run(small, dir, &err);
	cr_expect_eq(rc, 0, "over a stale lock: exit %d: %s", rc, err);
	free(err);
	cr_expect(access("s.jsonl.lock", F_OK) != 0, "the lock file is left");
	/* Someone else's file of that name: refused, kept. */
	fb_write("s.jsonl.lock", "not a lock\n");
	rc = fb_run(small, dir, &err);
	cr_expect_eq(rc, 2, "over another file: exit %d: %s", rc, err);
	cr_expect(err != NULL && strstr(err, "is not a sweep's lock") != NULL,
	    "stderr: %s", err);
	free(err);
	text = fb_slurp("s.jsonl.lock");
	cr_expect(text != NULL && strcmp(text, "not a lock\n") == 0,
	    "s.jsonl.lock changed: %s", text);
	free(text);
	fb_rmdir(dir);
}

/* The lock is on the file: with s.jsonl a link to t.jsonl, a sweep to s
 * while one to t runs is refused (both exited 0 and one's results were
 * gone), and the lock file is t's. */
Test(sweep_files, one_lock_for_a_link_and_its_target, .timeout = 60)
{
	char dir[4096], err_path[4200], *err = NULL, *text;
	char *slow[] = {"sweep", "--workload", "selftest", "--variants", "slow",
	    "--n", "1500", "--repeat", "0", "--warmup", "0", "--events", "none",
	    "--out", "t", NULL};
	char *via_link[] = {"sweep", "--workload", "selftest", "--variants",
	    "slow", "--n", "1", "--repeat", "0", "--warmup", "0", "--events",
	    "none", "--out", "s", NULL};
	pid_t first;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(symlink("t.jsonl", "s.jsonl") == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	first = fb_start(slow, NULL, err_path);
	for (int i = 0; i < 500 && access("t.jsonl.lock", F_OK) != 0; i++)
		usleep(10000);
	cr_assert_eq(access("t.jsonl.lock", F_OK), 0, "no lock file");
	rc = fb_run(via_link, dir, &err);
	cr_expect_eq(rc, 2, "sweep through the link: exit %d: %s", rc, err);
	cr_expect(err != NULL && strstr(err, "another sweep (pid ") != NULL,
	    "stderr: %s", err);
	cr_expect(
	    access("s.jsonl.lock", F_OK) != 0, "a lock by the link's name");
	free(err);
	rc = fb_wait(first);
	unlink(err_path);
	cr_expect_eq(rc, 0, "first sweep: exit %d", rc);
	text = fb_slurp("t.jsonl");
	cr_expect(text != NULL && fb_lines(text) == 1 &&
		strstr(text, "\"n\":1500") != NULL,
	    "t.jsonl is not the first sweep's run: %s", text);
	free(text);
	fb_rmdir(dir);
}

/* A sweep killed by SIGKILL between its write and its rename leaves
 * PREFIX.jsonl.tmp.XXXXXX: the next sweep to the prefix removes it, and
 * no file that only looks like one. */
Test(sweep_files, stale_temporaries_removed_on_the_next_start, .timeout = 60)
{
	char dir[4096], *err = NULL;
	char *args[] = {"sweep", "--workload", "selftest", "--variants", "slow",
	    "--n", "1", "--repeat", "0", "--warmup", "0", "--events", "none",
	    "--out", "s", NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	fb_write("s.jsonl.tmp.Ab12Cd", "{\"partial\":\n");
	fb_write("s.csv.tmp.xY9zQ0", "n,seed\n");
	fb_write("s.jsonl.tmp.notours", "kept\n");
	rc = fb_run(args, dir, &err);
	cr_expect_eq(rc, 0, "exit %d: %s", rc, err);
	cr_expect(
	    err != NULL && strstr(err, "removed 2 temporary files") != NULL,
	    "stderr: %s", err);
	free(err);
	cr_expect(
	    access("s.jsonl.tmp.Ab12Cd", F_OK) != 0, "jsonl's stale file");
	cr_expect(access("s.csv.tmp.xY9zQ0", F_OK) != 0, "csv's stale file");
	cr_expect_eq(access("s.jsonl.tmp.notours", F_OK), 0, "a file not ours");
	fb_rmdir(dir);
}
