/*
 * Faults injected into the harness from outside, through its binary
 * (FB_HARNESS): the measuring child killed with SIGKILL mid-run, output
 * that cannot be written (an unwritable folder, /dev/full, a file-size limit
 * hit in the middle of the write), a sweep interrupted by SIGINT, runs
 * refused or stopped by the memory guard, and variants that crash. Each must
 * be reported clearly (status and reason, or one line on stderr and the
 * right exit status) and lose nothing written before.
 */
#include <ctype.h>
#include <sys/resource.h>
#include <time.h>

#include <jansson.h>

#include "fb_spawn.h"

#define SENTINEL "{\"previous\": \"result, must survive\"}\n"

static void
sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* A child of parent, found through /proc/PID/stat; 0 when none yet. */
static pid_t
child_of(pid_t parent)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pid_t found = 0;

	cr_assert(d != NULL, "cannot read /proc");
	while (found == 0 && (e = readdir(d)) != NULL) {
		char path[300], buf[512], *p;
		FILE *f;
		int ppid;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fgets(buf, sizeof(buf), f) != NULL &&
		    (p = strrchr(buf, ')')) != NULL &&
		    sscanf(p + 1, " %*c %d", &ppid) == 1 && ppid == parent)
			found = (pid_t)atoi(e->d_name);
		fclose(f);
	}
	closedir(d);
	return found;
}

static json_t *
load_json(const char *path)
{
	json_error_t err;
	json_t *r = json_load_file(path, 0, &err);

	cr_assert(
	    r != NULL, "%s: not JSON: %s (line %d)", path, err.text, err.line);
	return r;
}

static const char *
str_field(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "(missing)";
}

Test(faults, child_killed_by_sigkill_mid_run)
{
	char dir[4096], path[4200], err_path[4200];
	pid_t pid, child = 0;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	{
		char *args[] = {"run", "selftest", "slow", "--n", "3000",
		    "--repeat", "0", "--warmup", "0", "--json", path, NULL};
		pid = fb_start(args, NULL, err_path);
	}
	/* The harness forks one measuring child; kill that one. */
	for (int i = 0; i < 500 && child == 0; i++) {
		sleep_ms(10);
		child = child_of(pid);
	}
	cr_assert(child > 0, "no measuring child of harness pid %d", pid);
	sleep_ms(200); /* into the 3 s step */
	cr_assert(
	    kill(child, SIGKILL) == 0, "kill %d: %s", child, strerror(errno));
	rc = fb_wait(pid);
	cr_expect(
	    rc == 1, "exit %d after the child was killed, expected 1", rc);
	r = load_json(path);
	cr_expect(strcmp(str_field(r, "status"), "failed") == 0,
	    "status %s, expected failed", str_field(r, "status"));
	cr_expect(strstr(str_field(r, "reason"), "signal 9") != NULL,
	    "reason does not say signal 9: %s", str_field(r, "reason"));
	cr_expect(strcmp(str_field(r, "variant"), "slow") == 0);
	cr_expect(fb_count_tmp(dir) == 0, "temporary files left in %s", dir);
	json_decref(r);
	fb_rmdir(dir);
}

/*
 * Runs `harness run ARGS --json DIR/r.json` (args ends with NULL, at most 12
 * entries) and expects exit 1 and a result object whose status is failed
 * and whose reason contains reason.
 */
static void
expect_failed_run(const char *const args[], const char *reason)
{
	char dir[4096], path[4200];
	char *full[16], *err = NULL;
	json_t *r;
	int rc, n = 0;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	for (; args[n] != NULL; n++)
		full[n] = (char *)args[n];
	full[n++] = "--json";
	full[n++] = path;
	full[n] = NULL;
	rc = fb_run(full, dir, &err);
	cr_expect(rc == 1, "exit %d, expected 1: %s", rc, err);
	r = load_json(path);
	cr_expect(strcmp(str_field(r, "status"), "failed") == 0);
	cr_expect(strstr(str_field(r, "reason"), reason) != NULL,
	    "reason lacks '%s': %s", reason, str_field(r, "reason"));
	json_decref(r);
	free(err);
	fb_rmdir(dir);
}

Test(faults, variant_crash_is_a_failed_result)
{
	const char *const args[] = {"run", "selftest", "crash", NULL};

	expect_failed_run(args, "signal 11");
}

/* A folder nobody can write into, for root too and with or without /sys:
 * a path under a regular file (ENOTDIR). Exit 1 or 2, one line naming the
 * path, no file made, the regular file unchanged. */
Test(faults, unwritable_output_folder)
{
	char dir[4096], plain[4200], path[4300];
	char *err = NULL, *after;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(plain, sizeof(plain), "%s/plain", dir);
	fb_write(plain, SENTINEL);
	snprintf(path, sizeof(path), "%s/r.json", plain);
	{
		char *args[] = {"run", "selftest", "ok", "--json", path, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 1 || rc == 2, "exit %d, expected 1 or 2: %s", rc, err);
	cr_expect(fb_lines(err) == 1 && strstr(err, path) != NULL,
	    "stderr does not name %s in one line: %s", path, err);
	after = fb_slurp(plain);
	cr_expect(after != NULL && strcmp(after, SENTINEL) == 0,
	    "the regular file changed: %s", after);
	cr_expect(fb_count_entries(dir) == 1, "%d files in %s, expected 1",
	    fb_count_entries(dir), dir);
	free(after);
	free(err);
	fb_rmdir(dir);
}

Test(faults, missing_output_folder_is_bad_input)
{
	char dir[4096];
	char *err = NULL;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	{
		char *args[] = {"run", "selftest", "ok", "--json",
		    "/dev/full/r.json", NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 2, "exit %d, expected 2: %s", rc, err);
	cr_expect(fb_lines(err) == 1 && strstr(err, "/dev/full") != NULL,
	    "stderr: %s", err);
	free(err);
	fb_rmdir(dir);
}

/* --json - with standard output on a full device. */
Test(faults, stdout_on_dev_full)
{
	char dir[4096], err_path[4200];
	char *err;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	{
		char *args[] = {"run", "selftest", "ok", "--json", "-", NULL};
		rc = fb_wait(fb_start(args, "/dev/full", err_path));
	}
	err = fb_slurp(err_path);
	cr_expect(rc == 1, "exit %d, expected 1: %s", rc, err);
	cr_expect(err != NULL && strstr(err, "No space left") != NULL,
	    "stderr does not say the device is full: %s", err);
	free(err);
	fb_rmdir(dir);
}

/*
 * The device fills up in the middle of the write: RLIMIT_FSIZE of 64 bytes
 * (SIGXFSZ ignored, so write gets EFBIG, as ENOSPC would). The existing
 * result must survive whole and no temporary file be left. stderr goes to a
 * pipe: the limit applies to every regular file.
 */
Test(faults, write_fails_midway_existing_file_kept)
{
	char dir[4096], path[4200], err[4096] = "";
	char *after;
	int fds[2], status, rc;
	ssize_t n, got = 0;
	pid_t pid;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	fb_write(path, SENTINEL);
	cr_assert(pipe(fds) == 0);
	pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = {64, 64};
		char *argv[] = {(char *)fb_harness(), "run", "selftest", "ok",
		    "--json", path, NULL};
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(fds[1], 2);
		close(fds[0]);
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &rl);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], err + got, sizeof(err) - 1 - (size_t)got)) > 0)
		got += n;
	err[got] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	cr_expect(rc == 1, "exit %d, expected 1: %s", rc, err);
	cr_expect(strstr(err, path) != NULL && strstr(err, "write failed"),
	    "stderr does not name the failed write: %s", err);
	after = fb_slurp(path);
	cr_expect(after != NULL && strcmp(after, SENTINEL) == 0,
	    "the existing result changed: %s", after);
	cr_expect(fb_count_tmp(dir) == 0, "temporary files left in %s", dir);
	free(after);
	fb_rmdir(dir);
}

/* Lines of path that parse as result objects; -1 when one does not. */
static int
jsonl_results(const char *path, const char *status)
{
	char *text = fb_slurp(path), *line, *save = NULL;
	int n = 0;

	if (text == NULL)
		return -1;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		json_t *r = json_loads(line, 0, NULL);
		if (!json_is_object(r) ||
		    strcmp(str_field(r, "status"), status) != 0) {
			json_decref(r);
			free(text);
			return -1;
		}
		json_decref(r);
		n++;
	}
	free(text);
	return n;
}

/*
 * A sweep of five 400 ms runs, SIGINT to its process group (as a terminal's
 * Ctrl-C) once the first run is in the file: every finished run kept, each
 * line a whole result object, the CSV in step, no temporary file, exit 1.
 */
Test(faults, sweep_interrupted_by_sigint, .timeout = 60)
{
	char dir[4096], prefix[4200], jsonl[4300], csv[4300], err_path[4200];
	char *err, *csv_text;
	int rc, lines = 0, csv_lines;
	pid_t pid;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/sweep", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", prefix);
	snprintf(csv, sizeof(csv), "%s.csv", prefix);
	snprintf(err_path, sizeof(err_path), "%s/../%s.err", dir,
	    strrchr(dir, '/') + 1);
	{
		char *args[] = {"sweep", "--workload", "selftest", "--variants",
		    "slow", "--n", "400,401,402,403,404", "--repeat", "0",
		    "--warmup", "0", "--out", prefix, NULL};
		pid = fb_start(args, NULL, err_path);
	}
	for (int i = 0; i < 1000 && lines < 1; i++) {
		sleep_ms(10);
		lines = jsonl_results(jsonl, "ok");
	}
	cr_assert(lines >= 1, "no finished run in %s after 10 s", jsonl);
	sleep_ms(100); /* into the next run */
	cr_assert(kill(-pid, SIGINT) == 0);
	rc = fb_wait(pid);
	err = fb_slurp(err_path);
	unlink(err_path);
	lines = jsonl_results(jsonl, "ok");
	cr_expect(rc == 1, "exit %d after SIGINT, expected 1: %s", rc, err);
	cr_expect(lines >= 1 && lines < 5,
	    "%d whole ok results in %s, expected 1..4", lines, jsonl);
	cr_expect(err != NULL && strstr(err, "interrupted") != NULL,
	    "stderr does not say interrupted: %s", err);
	csv_text = fb_slurp(csv);
	csv_lines = fb_lines(csv_text);
	cr_expect(csv_lines == lines + 1, "%s: %d lines, expected %d", csv,
	    csv_lines, lines + 1);
	cr_expect(fb_count_tmp(dir) == 0, "temporary files left in %s", dir);
	free(csv_text);
	free(err);

	/* --resume after the interruption: the kept runs are not rerun and
	 * not lost. */
	{
		char *args[] = {"sweep", "--workload", "selftest", "--variants",
		    "slow", "--n", "400,401,402,403,404", "--repeat", "0",
		    "--warmup", "0", "--out", prefix, "--resume", NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 0, "resume: exit %d: %s", rc, err);
	cr_expect(jsonl_results(jsonl, "ok") == 5, "resume: %d results",
	    jsonl_results(jsonl, "ok"));
	free(err);
	fb_rmdir(dir);
}

/* Whether pid is gone (or a zombie no one reaps: a container's init). */
static int
process_gone(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	int gone = 1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 1;
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		gone = p[2] == 'Z' || p[2] == 'X';
	fclose(f);
	return gone;
}

/* Starts args, waits for its measuring child, SIGTERMs the harness alone
 * (as kill PID would, not the group as a terminal does) and returns the
 * exit status; *child gets the child's pid, *ms how long the harness took
 * to exit. */
static int
term_the_harness_alone(
    char *const args[], const char *err_path, pid_t *child, double *ms)
{
	struct timespec t0, t1;
	pid_t pid = fb_start(args, NULL, err_path);
	int rc;

	*child = 0;
	for (int i = 0; i < 500 && *child == 0; i++) {
		sleep_ms(10);
		*child = child_of(pid);
	}
	cr_assert(*child != 0, "no measuring child of %d after 5 s", pid);
	sleep_ms(100); /* into the run */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	cr_assert(kill(pid, SIGTERM) == 0);
	rc = fb_wait(pid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	return rc;
}

/* SIGTERM to harness run alone: the measuring child dies with it, rather
 * than measuring on for the rest of its run and writing --timeline after
 * the harness has exited. */
Test(faults, run_terminated_leaves_no_child, .timeout = 60)
{
	char dir[4096], err_path[4200], tl[4200];
	double ms;
	pid_t child;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	snprintf(tl, sizeof(tl), "%s/tl.csv", dir);
	{
		char *args[] = {"run", "selftest", "slow", "--n", "8000",
		    "--repeat", "0", "--warmup", "0", "--events", "none",
		    "--timeline", tl, NULL};
		rc = term_the_harness_alone(args, err_path, &child, &ms);
	}
	cr_expect(rc == 128 + SIGTERM, "exit %d after SIGTERM", rc);
	for (int i = 0; i < 200 && !process_gone(child); i++)
		sleep_ms(10);
	cr_expect(process_gone(child),
	    "the measuring child %d still runs 2 s after the harness was "
	    "killed",
	    child);
	cr_expect(
	    access(tl, F_OK) != 0, "%s written after the harness died", tl);
	unlink(err_path);
	fb_rmdir(dir);
}

/* SIGTERM to a sweep of `variants` at `n` (into a fresh folder, no timed
 * runs beyond `repeat`): it exits 1 within 3 s, its measuring child gone,
 * no PREFIX.jsonl written, and (when said is not NULL) stderr says so. */
static void
sweep_stops_at_once(const char *workload, const char *variants, const char *n,
    const char *repeat, const char *said)
{
	char dir[4096], prefix[4200], jsonl[4300], err_path[4200], *err;
	double ms;
	pid_t child;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", prefix);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	{
		char *args[] = {"sweep", "--workload", (char *)workload,
		    "--variants", (char *)variants, "--n", (char *)n,
		    "--repeat", (char *)repeat, "--warmup", "0", "--events",
		    "none", "--out", prefix, NULL};
		rc = term_the_harness_alone(args, err_path, &child, &ms);
	}
	err = fb_slurp(err_path);
	unlink(err_path);
	cr_expect(rc == 1, "exit %d after SIGTERM, expected 1: %s", rc, err);
	cr_expect(ms < 3000, "the sweep took %.0f ms to stop: %s", ms, err);
	cr_expect(
	    process_gone(child), "the measuring child %d still runs", child);
	cr_expect(said == NULL || (err != NULL && strstr(err, said) != NULL),
	    "stderr: %s", err);
	cr_expect(access(jsonl, F_OK) != 0, "%s written", jsonl);
	free(err);
	fb_rmdir(dir);
}

/* SIGTERM to harness sweep alone: it stops now, the run under way killed
 * (it would not be kept), not after that run's 8 s. */
Test(faults, sweep_terminated_stops_at_once, .timeout = 60)
{
	sweep_stops_at_once("selftest", "slow", "8000", "0",
	    "interrupted before a run finished; nothing written");
}

/* SIGTERM while a sweep computes the float64 reference of two interleaved
 * runs (8 s at n = 3e6 here): it stops now, not after the reference and
 * then the runs it would still have started (17 s in all). */
Test(faults, sweep_terminated_during_its_reference, .timeout = 60)
{
	sweep_stops_at_once("interp", "fused,tiled", "3e6", "1", NULL);
}

/* A run whose model plus inputs exceed --mem-limit is skipped before
 * anything is allocated or forked, with a reason naming both numbers. */
Test(faults, memory_guard_refuses_the_run)
{
	char dir[4096], path[4200];
	char *err = NULL;
	const char *reason;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	{
		char *args[] = {"run", "interp", "eager", "--n", "1e5",
		    "--mem-limit", "1M", "--json", path, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 0, "exit %d, expected 0 (skipped): %s", rc, err);
	r = load_json(path);
	reason = str_field(r, "reason");
	cr_expect(strcmp(str_field(r, "status"), "skipped") == 0, "status %s",
	    str_field(r, "status"));
	cr_expect(strstr(reason, "1048576 bytes") != NULL &&
		strstr(reason, "predicted peak") != NULL &&
		strstr(reason, "exceeds the memory limit") != NULL,
	    "reason does not name the prediction and the limit: %s", reason);
	/* Nothing measured: no times, no peak. */
	cr_expect(
	    json_object_get(r, "time_s") == NULL, "a skipped run has times");
	cr_expect(json_object_get(
		      json_object_get(r, "memory"), "peak_rss_bytes") == NULL,
	    "a skipped run has a peak RSS");
	json_decref(r);
	free(err);
	fb_rmdir(dir);
}

/* A variant that allocates far beyond its model (1 GiB, model 1 KiB) is
 * stopped by the child's address-space limit: failed, with the reason. */
Test(faults, address_space_limit_stops_a_hog)
{
	const char *const args[] = {"run", "selftest", "hog", "--n", "1024",
	    "--mem-limit", "64M", "--repeat", "0", "--warmup", "0", NULL};

	expect_failed_run(args, "could not allocate");
}

/* A crash in the middle of a sweep is one failed line; the sweep goes on. */
Test(faults, sweep_survives_a_crashing_variant)
{
	char dir[4096], prefix[4200], jsonl[4300];
	char *err = NULL, *text;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/sweep", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", prefix);
	{
		char *args[] = {"sweep", "--workload", "selftest", "--variants",
		    "crash,ok", "--out", prefix, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 1, "exit %d, expected 1: %s", rc, err);
	text = fb_slurp(jsonl);
	cr_expect(fb_lines(text) == 2, "%d lines: %s", fb_lines(text), text);
	cr_expect(text != NULL && strstr(text, "signal 11") != NULL &&
		strstr(text, "\"status\":\"ok\"") != NULL,
	    "%s", text);
	free(text);
	free(err);
	fb_rmdir(dir);
}
