/*
 * Writers that own only their file, outputs checked before measuring,
 * nothing lost silently, write errors as errors. Each test makes what it
 * writes to inside a temporary folder (the device with mknod there, never a
 * real /dev path), runs the harness, and checks the exit status, the one
 * line on stderr, and that what was there before is unchanged: the same
 * bytes, or the same device.
 */
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/sysmacros.h>

#include "fb_spawn.h"

/* A run that takes a fraction of a second; the output option follows. */
#define SMALL_RUN                                                              \
	"run", "interp", "fused", "--n", "1000", "--m", "4", "--repeat", "1",  \
	    "--warmup", "0", "--events", "none"
#define SMALL_SWEEP                                                            \
	"sweep", "--workload", "interp", "--variants", "fused", "--n", "1000", \
	    "--m", "4", "--repeat", "1", "--warmup", "0", "--events", "none"

#define SENTINEL "sentinel: not the harness's, must survive\n"

typedef struct outcome_s {
	int status;
	char *err; /* stderr, a new string */
	char *out; /* stdout, a new string */
} outcome_t;

/* Runs args in dir (the test's own process changes its folder: Criterion
 * forks each test) with stdout into dir/stdout.txt. */
static void
run_in(const char *dir, char *const args[], outcome_t *o)
{
	char out_path[4200], err_path[4200];

	cr_assert(chdir(dir) == 0, "chdir %s: %s", dir, strerror(errno));
	snprintf(out_path, sizeof(out_path), "%s/../%s.stdout", dir,
	    strrchr(dir, '/') + 1);
	snprintf(err_path, sizeof(err_path), "%s/../%s.stderr", dir,
	    strrchr(dir, '/') + 1);
	o->status = fb_wait(fb_start(args, out_path, err_path));
	o->out = fb_slurp(out_path);
	o->err = fb_slurp(err_path);
	unlink(out_path);
	unlink(err_path);
}

static void
outcome_free(outcome_t *o)
{
	free(o->err);
	free(o->out);
}

/* Exit status, one line on stderr holding needle. */
static void
expect_refused(const outcome_t *o, int status, const char *needle)
{
	cr_expect_eq(o->status, status, "exit %d, expected %d; stderr: %s",
	    o->status, status, o->err);
	cr_expect_eq(fb_lines(o->err), 1, "%d lines on stderr, expected 1: %s",
	    fb_lines(o->err), o->err);
	cr_expect(o->err != NULL && strstr(o->err, needle) != NULL,
	    "stderr does not say '%s': %s", needle, o->err);
}

/* A character device like /dev/null's (1, 3), made inside dir. */
static void
make_null_device(const char *path)
{
	cr_assert(mknod(path, S_IFCHR | 0666, makedev(1, 3)) == 0,
	    "mknod %s (the tests run as root): %s", path, strerror(errno));
}

static void
expect_null_device(const char *path)
{
	struct stat st;

	cr_assert(lstat(path, &st) == 0, "%s is gone", path);
	cr_expect(S_ISCHR(st.st_mode),
	    "%s is no longer a character device "
	    "(mode %o)",
	    path, st.st_mode);
	cr_expect(
	    st.st_rdev == makedev(1, 3), "%s is another device now", path);
}

Test(writers, json_to_a_device_writes_through_it)
{
	char dir[4096];
	char *args[] = {SMALL_RUN, "--json", "dev", NULL};
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	make_null_device("dev");
	run_in(dir, args, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	expect_null_device("dev");
	cr_expect_eq(fb_count_tmp(dir), 0, "a temporary file was left");
	outcome_free(&o);
	fb_rmdir(dir);
}

Test(writers, timeline_convert_and_sweep_to_a_device)
{
	char dir[4096];
	char *run[] = {
	    SMALL_RUN, "--timeline", "dev", "--json", "r.json", NULL};
	char *convert[] = {"convert", "r.json", "--out", "dev", NULL};
	char *sweep[] = {SMALL_SWEEP, "--out", "s", NULL};
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	make_null_device("dev");
	make_null_device("s.jsonl");
	run_in(dir, run, &o);
	cr_expect_eq(
	    o.status, 0, "--timeline dev: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	run_in(dir, convert, &o);
	cr_expect_eq(
	    o.status, 0, "convert --out dev: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	run_in(dir, sweep, &o);
	cr_expect_eq(o.status, 0, "sweep to s.jsonl a device: exit %d: %s",
	    o.status, o.err);
	outcome_free(&o);
	expect_null_device("dev");
	expect_null_device("s.jsonl");
	cr_expect_eq(access("s.csv", F_OK), 0, "the sweep's CSV is missing");
	fb_rmdir(dir);
}

Test(writers, json_to_a_fifo_reaches_its_reader)
{
	char dir[4096], *got, c;
	char *args[] = {SMALL_RUN, "--json", "fifo", NULL};
	struct stat st;
	outcome_t o;
	pid_t reader;
	int ready[2];

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(mkfifo("fifo", 0644) == 0, "mkfifo: %s", strerror(errno));
	cr_assert(pipe(ready) == 0);
	/* The reader copies what comes through into a file. It is there
	 * before the harness starts (a FIFO with no reader is refused):
	 * opened without waiting, it says so on the ready pipe, then waits
	 * in poll for the data (a FIFO no writer has opened yet polls
	 * nothing, not an end of file) and reads to the end. */
	if ((reader = fork()) == 0) {
		/* It dies with the test, or after a minute. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		alarm(60);
		int in = open("fifo", O_RDONLY | O_NONBLOCK);
		int out = open("read.json", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		struct pollfd p = {.fd = in, .events = POLLIN};
		char buf[4096];
		ssize_t n;
		if (in < 0 || write(ready[1], "r", 1) != 1)
			_exit(1);
		while (poll(&p, 1, -1) >= 0) {
			n = read(in, buf, sizeof(buf));
			if (n < 0 && errno == EAGAIN)
				continue;
			if (n <= 0)
				_exit(n == 0 ? 0 : 1);
			if (write(out, buf, (size_t)n) != n)
				_exit(1);
		}
		_exit(1);
	}
	cr_assert(
	    read(ready[0], &c, 1) == 1, "the FIFO's reader did not start");
	run_in(dir, args, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	cr_expect_eq(fb_wait(reader), 0, "the FIFO's reader failed");
	cr_expect(lstat("fifo", &st) == 0 && S_ISFIFO(st.st_mode),
	    "the FIFO is no longer a FIFO");
	got = fb_slurp("read.json");
	cr_expect(got != NULL && strstr(got, "\"schema_version\"") != NULL,
	    "the reader did not get the result: %s", got);
	free(got);
	outcome_free(&o);
	fb_rmdir(dir);
}

Test(writers, symlink_is_followed_and_stays_a_link)
{
	char dir[4096], link[256], *got;
	char *args[] = {SMALL_RUN, "--json", "link.json", NULL};
	char *dangling[] = {SMALL_RUN, "--json", "new-link.json", NULL};
	struct stat st;
	ssize_t n;
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(mkdir("sub", 0755) == 0);
	fb_write("sub/target.json", SENTINEL);
	cr_assert(symlink("sub/target.json", "link.json") == 0);
	cr_assert(symlink("sub/new.json", "new-link.json") == 0);
	run_in(dir, args, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	outcome_free(&o);
	cr_expect(lstat("link.json", &st) == 0 && S_ISLNK(st.st_mode),
	    "link.json is no longer a symlink");
	n = readlink("link.json", link, sizeof(link) - 1);
	cr_expect(n > 0 && strncmp(link, "sub/target.json", (size_t)n) == 0,
	    "the link points elsewhere now");
	got = fb_slurp("sub/target.json");
	cr_expect(got != NULL && strstr(got, "\"schema_version\"") != NULL,
	    "the target does not hold the result: %s", got);
	free(got);
	/* The temporary file went beside the target, and is gone. */
	cr_expect_eq(fb_count_tmp("sub"), 0, "a temporary file was left");
	/* A dangling link: its target is created. */
	run_in(dir, dangling, &o);
	cr_expect_eq(o.status, 0, "dangling: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	cr_expect(lstat("new-link.json", &st) == 0 && S_ISLNK(st.st_mode),
	    "new-link.json is no longer a symlink");
	got = fb_slurp("sub/new.json");
	cr_expect(got != NULL && strstr(got, "\"schema_version\"") != NULL,
	    "the dangling link's target was not written");
	free(got);
	fb_rmdir("sub");
	fb_rmdir(dir);
}

/* Bad output targets: exit 2 before measuring, one line, nothing changed. */
typedef struct bad_target_s {
	const char *option; /* --json, --timeline, --out (sweep), --timeline-dir
			     * (sweep), convert */
	const char *path;
	const char *needle;
} bad_target_t;

static const bad_target_t bad_targets[] = {
    {"--json", "adir", "adir: is a directory"},
    {"--json", "nodir/r.json", "does not exist"},
    {"--json", "afile/r.json", "Not a directory"},
    {"--json", "afile/deeper/r.json", "Not a directory"},
    {"--json", "", "empty file name"},
    {"--json", "loop", "Too many levels of symbolic links"},
    {"--timeline", "adir", "adir: is a directory"},
    {"--timeline", "nodir/t.csv", "does not exist"},
    {"--timeline", "afile/t.csv", "Not a directory"},
    {"--out", "", "empty prefix"},
    {"--out", "nodir/s", "does not exist"},
    {"--out", "afile/s", "Not a directory"},
    {"--timeline-dir", "nodir", "nodir: no such folder"},
    {"--timeline-dir", "afile", "afile: not a folder"},
    {"--timeline-dir", "", "empty folder name"},
    {"convert", "adir", "adir: is a directory"},
    {"convert", "nodir/g.json", "does not exist"},
    {"convert", "afile/g.json", "Not a directory"},
};
#define NBAD_TARGETS (sizeof(bad_targets) / sizeof(bad_targets[0]))

ParameterizedTestParameters(writers, bad_target_refused_before_measuring)
{
	static size_t idx[NBAD_TARGETS];

	for (size_t i = 0; i < NBAD_TARGETS; i++)
		idx[i] = i;
	return cr_make_param_array(size_t, idx, NBAD_TARGETS);
}

ParameterizedTest(size_t *i, writers, bad_target_refused_before_measuring)
{
	const bad_target_t *c = &bad_targets[*i];
	char dir[4096], line[1024], *a[FB_MAX_ARGS], *got;
	char *run[] = {SMALL_RUN, NULL}, *sweep[] = {SMALL_SWEEP, NULL};
	char **base = strcmp(c->option, "--out") == 0 ||
		strcmp(c->option, "--timeline-dir") == 0
	    ? sweep
	    : run;
	int k = 0;
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(mkdir("adir", 0755) == 0);
	fb_write("afile", SENTINEL);
	cr_assert(symlink("loop", "loop") == 0);
	fb_write("in.json",
	    "{\"workload\": \"interp\", \"variant\": "
	    "\"fused\", \"status\": \"ok\"}\n");
	if (strcmp(c->option, "convert") == 0) {
		a[k++] = "convert";
		a[k++] = "in.json";
		a[k++] = "--out";
	} else {
		for (; base[k] != NULL; k++)
			a[k] = base[k];
		if (strcmp(c->option, "--timeline-dir") == 0) {
			a[k++] = "--out";
			a[k++] = "s";
		}
		a[k++] = (char *)c->option;
	}
	a[k++] = (char *)c->path;
	a[k] = NULL;
	fb_join(a, line, sizeof(line));
	run_in(dir, a, &o);
	cr_expect_eq(
	    o.status, 2, "harness %s: exit %d: %s", line, o.status, o.err);
	cr_expect_eq(fb_lines(o.err), 1, "harness %s: %d lines: %s", line,
	    fb_lines(o.err), o.err);
	cr_expect(o.err != NULL && strstr(o.err, c->needle) != NULL,
	    "harness %s: stderr does not say '%s': %s", line, c->needle, o.err);
	cr_expect(o.err == NULL || strstr(o.err, "Permission denied") == NULL,
	    "harness %s: %s", line, o.err);
	cr_expect(o.out == NULL || o.out[0] == '\0',
	    "harness %s: measured anyway: %s", line, o.out);
	/* Nothing made or changed: the four entries made above only. */
	cr_expect_eq(fb_count_entries(dir), 4, "harness %s: %d entries", line,
	    fb_count_entries(dir));
	cr_expect_eq(fb_count_entries("adir"), 0,
	    "harness %s: wrote into "
	    "the folder",
	    line);
	got = fb_slurp("afile");
	cr_expect(got != NULL && strcmp(got, SENTINEL) == 0,
	    "harness %s: the file changed", line);
	free(got);
	outcome_free(&o);
	rmdir("adir");
	fb_rmdir(dir);
}

/* An existing sweep is refused, continued with --resume, or set aside with
 * --force: never overwritten silently. */
Test(writers, existing_sweep_prefix, .timeout = 120)
{
	char dir[4096], *before, *csv_before, *after;
	char *first[] = {SMALL_SWEEP, "--out", "s", NULL};
	char *tiled[] = {"sweep", "--workload", "interp", "--variants", "tiled",
	    "--n", "1000", "--m", "4", "--repeat", "1", "--warmup", "0",
	    "--events", "none", "--out", "s", NULL};
	char *resume[] = {SMALL_SWEEP, "--out", "s", "--resume", NULL};
	char *force[] = {"sweep", "--workload", "interp", "--variants", "tiled",
	    "--n", "1000", "--m", "4", "--repeat", "1", "--warmup", "0",
	    "--events", "none", "--out", "s", "--force", NULL};
	char *both[] = {SMALL_SWEEP, "--out", "s", "--force", "--resume", NULL};
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	run_in(dir, first, &o);
	cr_assert_eq(o.status, 0, "first sweep: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	before = fb_slurp("s.jsonl");
	csv_before = fb_slurp("s.csv");
	cr_assert(before != NULL && strstr(before, "\"fused\"") != NULL);

	/* Another sweep to the same prefix: refused, nothing touched. */
	run_in(dir, tiled, &o);
	expect_refused(&o, 2, "already holds 1 result");
	cr_expect(o.err != NULL && strstr(o.err, "--resume") != NULL &&
		strstr(o.err, "--force") != NULL,
	    "the two ways on are not named: %s", o.err);
	outcome_free(&o);
	after = fb_slurp("s.jsonl");
	cr_expect(after != NULL && strcmp(after, before) == 0,
	    "s.jsonl changed though the sweep was refused");
	free(after);

	run_in(dir, both, &o);
	expect_refused(&o, 2, "--resume and --force");
	outcome_free(&o);

	/* --resume: the run is there already; the file is the same. */
	run_in(dir, resume, &o);
	cr_expect_eq(o.status, 0, "--resume: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	after = fb_slurp("s.jsonl");
	cr_expect(after != NULL && strcmp(after, before) == 0,
	    "--resume of a finished sweep changed s.jsonl");
	free(after);

	/* --force: the old files kept as .1, byte for byte; a new sweep. */
	run_in(dir, force, &o);
	cr_expect_eq(o.status, 0, "--force: exit %d: %s", o.status, o.err);
	outcome_free(&o);
	after = fb_slurp("s.jsonl.1");
	cr_expect(after != NULL && strcmp(after, before) == 0,
	    "s.jsonl.1 is not the earlier s.jsonl");
	free(after);
	after = fb_slurp("s.csv.1");
	cr_expect(after != NULL && csv_before != NULL &&
		strcmp(after, csv_before) == 0,
	    "s.csv.1 is not the earlier s.csv");
	free(after);
	after = fb_slurp("s.jsonl");
	cr_expect(after != NULL && strstr(after, "\"tiled\"") != NULL &&
		strstr(after, "\"fused\"") == NULL,
	    "the new s.jsonl does not hold only the new sweep: %s", after);
	free(after);
	/* Again: the next free number. */
	run_in(dir, force, &o);
	cr_expect_eq(o.status, 0, "--force again: exit %d", o.status);
	outcome_free(&o);
	cr_expect_eq(access("s.jsonl.2", F_OK), 0, "no s.jsonl.2");
	after = fb_slurp("s.jsonl.1");
	cr_expect(
	    after != NULL && strcmp(after, before) == 0, "s.jsonl.1 changed");
	free(after);
	free(before);
	free(csv_before);
	fb_rmdir(dir);
}

/* A PREFIX.csv or PREFIX.gbench.json alone (no sweep's results beside it)
 * is someone else's file: refused, and kept as .1 with --force. */
Test(writers, lone_csv_or_gbench_at_the_prefix, .timeout = 60)
{
	const char *names[] = {"s.csv", "s.gbench.json"};
	char *first[] = {SMALL_SWEEP, "--out", "s", NULL};
	char *force[] = {SMALL_SWEEP, "--out", "s", "--force", NULL};
	char dir[4096], *after;
	outcome_t o;

	for (int i = 0; i < 2; i++) {
		fb_tmpdir(dir, sizeof(dir));
		cr_assert(chdir(dir) == 0);
		fb_write(names[i], SENTINEL);
		run_in(dir, first, &o);
		expect_refused(&o, 2, "without the sweep's results");
		outcome_free(&o);
		after = fb_slurp(names[i]);
		cr_expect(after != NULL && strcmp(after, SENTINEL) == 0,
		    "%s changed though the sweep was refused", names[i]);
		free(after);
		cr_expect_neq(access("s.jsonl", F_OK), 0, "s.jsonl was made");

		run_in(dir, force, &o);
		cr_expect_eq(
		    o.status, 0, "--force: exit %d: %s", o.status, o.err);
		outcome_free(&o);
		char kept[64];
		snprintf(kept, sizeof(kept), "%s.1", names[i]);
		after = fb_slurp(kept);
		cr_expect(after != NULL && strcmp(after, SENTINEL) == 0,
		    "%s is not the earlier %s", kept, names[i]);
		free(after);
		fb_rmdir(dir);
	}
}

/* A regular file of procfs or sysfs is the kernel's, not an output file:
 * refused before measuring (it would fail at the write, or as root change
 * a setting). /proc/self/fd/1 onto a regular file is that file: written. */
Test(writers, kernel_files_refused)
{
	char *proc[] = {SMALL_RUN, "--json", "/proc/version", NULL};
	char sysfile[] = "/sys/kernel/mm/transparent_hugepage/enabled";
	char *sys[] = {SMALL_RUN, "--json", sysfile, NULL};
	char *fd1[] = {SMALL_RUN, "--json", "/proc/self/fd/1", NULL};
	char dir[4096];
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	run_in(dir, proc, &o);
	expect_refused(
	    &o, 2, "/proc/version: a kernel interface file (procfs)");
	cr_expect(o.err == NULL || strstr(o.err, "write failed") == NULL);
	outcome_free(&o);
	if (access(sysfile, F_OK) == 0) {
		run_in(dir, sys, &o);
		expect_refused(&o, 2, "(sysfs), not an output file");
		outcome_free(&o);
	}
	run_in(dir, fd1, &o);
	cr_expect_eq(o.status, 0, "--json /proc/self/fd/1: exit %d: %s",
	    o.status, o.err);
	cr_expect(o.out != NULL && strstr(o.out, "\"schema_version\"") != NULL,
	    "the result did not reach stdout: %s", o.out);
	outcome_free(&o);
	fb_rmdir(dir);
}

/* Runs args with stdout on /dev/full (or a pipe nobody reads). */
static int
run_to(char *const args[], int closed_pipe, char **err)
{
	char dir[4096], err_path[4200];
	char *argv[FB_MAX_ARGS + 2];
	posix_spawn_file_actions_t fa;
	int fds[2] = {-1, -1}, rc, i;
	pid_t pid;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	argv[0] = (char *)fb_harness();
	for (i = 0; args[i] != NULL; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	posix_spawn_file_actions_init(&fa);
	if (closed_pipe) {
		cr_assert(pipe(fds) == 0);
		close(fds[0]); /* no reader: a write gets EPIPE */
		posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	} else {
		posix_spawn_file_actions_addopen(
		    &fa, 1, "/dev/full", O_WRONLY, 0);
	}
	posix_spawn_file_actions_addopen(
	    &fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "posix_spawn: %s", strerror(rc));
	if (fds[1] >= 0)
		close(fds[1]);
	rc = fb_wait(pid);
	*err = fb_slurp(err_path);
	fb_rmdir(dir);
	return rc;
}

Test(writers, lost_stdout_is_an_error)
{
	static const char *const cases[][16] = {{"list", NULL},
	    {"list", "--smoke", NULL}, {"--help", NULL}, {"--version", NULL},
	    {"sweep", "--help", NULL}, {"convert", "--help", NULL},
	    {"compare", "--help", NULL}, {"run", "--help", NULL},
	    {SMALL_RUN, NULL}};

	for (int pipe_case = 0; pipe_case < 2; pipe_case++) {
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			char *err = NULL, line[512];
			int rc =
			    run_to((char *const *)cases[i], pipe_case, &err);
			fb_join((char *const *)cases[i], line, sizeof(line));
			cr_expect_eq(rc, 1, "harness %s > %s: exit %d: %s",
			    line, pipe_case ? "closed pipe" : "/dev/full", rc,
			    err);
			cr_expect(err != NULL &&
				strstr(err,
				    pipe_case ? "Broken pipe"
					      : "No space left") != NULL,
			    "harness %s: stderr: %s", line, err);
			/* The run's warnings may come first; the error is
			 * the last line. */
			cr_expect(i + 1 == sizeof(cases) / sizeof(cases[0]) ||
				fb_lines(err) == 1,
			    "harness %s: %d lines: %s", line, fb_lines(err),
			    err);
			free(err);
		}
	}
}

/* Bounds instead of "not a number", on stderr, nothing on stdout. */
Test(writers, counts_refused_with_their_bound)
{
	static const struct {
		const char *opt, *value, *needle;
	} cases[] = {{"--n", "1e30", "--n '1e30': must be at most "},
	    {"--m", "99999999999999999999999", "must be at most"},
	    {"--repeat", "1e9", "--repeat '1e9': must be at most 1000000"},
	    {"--repeat", "1e30", "must be at most 1000000"},
	    {"--warmup", "2000000", "must be at most 1000000"},
	    {"--timeline-interval", "1e30", "must be at most 60000000"},
	    {"--mem-limit", "1e30", "must be at most"}};
	char dir[4096];

	fb_tmpdir(dir, sizeof(dir));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *args[] = {SMALL_RUN, (char *)cases[i].opt,
		    (char *)cases[i].value, NULL};
		outcome_t o;
		run_in(dir, args, &o);
		expect_refused(&o, 2, cases[i].needle);
		cr_expect(o.out == NULL || o.out[0] == '\0',
		    "%s %s: stdout: %s", cases[i].opt, cases[i].value, o.out);
		outcome_free(&o);
	}
	fb_rmdir(dir);
}

/* A result's warnings under its line on stderr; --quiet leaves them out;
 * the line names the parameters changed from the defaults. */
Test(writers, warnings_and_parameters_on_the_terminal)
{
	char dir[4096];
	char *loud[] = {"run", "interp", "tiled", "--n", "1000", "--m", "4",
	    "--tile", "64", "--preset", "seed", "--repeat", "1", "--warmup",
	    "0", "--events", "none", NULL};
	char *quiet[] = {"run", "interp", "tiled", "--n", "1000", "--m", "4",
	    "--repeat", "1", "--warmup", "0", "--events", "none", "--quiet",
	    NULL};
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	run_in(dir, loud, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	cr_expect(o.err != NULL &&
		strstr(o.err,
		    "  warning: one timed run: no confidence interval") != NULL,
	    "the repeats warning is not on stderr: %s", o.err);
	cr_expect(o.out != NULL &&
		strstr(o.out, "interp/tiled n=1000 m=4 preset=seed tile=64:") !=
		    NULL,
	    "the line does not name the changed parameters: %s", o.out);
	outcome_free(&o);
	run_in(dir, quiet, &o);
	cr_expect_eq(o.status, 0, "--quiet: exit %d: %s", o.status, o.err);
	cr_expect(o.err == NULL || strstr(o.err, "warning") == NULL,
	    "--quiet printed warnings: %s", o.err);
	cr_expect(o.out != NULL && strstr(o.out, "interp/tiled n=1000 m=4:"),
	    "%s", o.out);
	outcome_free(&o);
	fb_rmdir(dir);
}

/* stdout and stderr into one pipe (`2>&1 | ...`, a CI log): each warning
 * comes after the summary line it belongs to, not before it. */
Test(writers, warnings_follow_their_line_in_one_pipe)
{
	char dir[4096], out[4200], script[8400], *text, *line, *warn;
	char *args[] = {"-c", script, NULL};

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/both.txt", dir);
	snprintf(script, sizeof(script),
	    "'%s' run interp tiled --n 1000 --m 4 --repeat 1 --warmup 0 "
	    "--events none 2>&1 | cat > '%s'",
	    fb_harness(), out);
	cr_assert_eq(
	    fb_wait(fb_start_exe("/bin/sh", args, NULL, "/dev/null")), 0);
	text = fb_slurp(out);
	cr_assert(text != NULL);
	line = strstr(text, "interp/tiled n=1000 m=4:");
	warn = strstr(text, "  warning: one timed run: no confidence interval");
	cr_expect(line != NULL && warn != NULL && warn > line,
	    "the warning does not follow its line: %s", text);
	free(text);
	fb_rmdir(dir);
}

/* exec's results carry warnings too (one repeat: a rough interval), and
 * they come under its line; --quiet leaves them out. */
Test(writers, exec_warnings_and_quiet)
{
	char dir[4096];
	char *loud[] = {"exec", "--repeat", "1", "--", "true", NULL};
	char *quiet[] = {
	    "exec", "--repeat", "1", "--quiet", "--", "true", NULL};
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	run_in(dir, loud, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	cr_expect(o.err != NULL &&
		strstr(o.err,
		    "  warning: one timed run: no confidence interval") != NULL,
	    "exec's repeats warning is not on stderr: %s", o.err);
	outcome_free(&o);
	run_in(dir, quiet, &o);
	cr_expect_eq(o.status, 0, "--quiet: exit %d: %s", o.status, o.err);
	cr_expect(o.err == NULL || strstr(o.err, "warning") == NULL,
	    "exec --quiet printed warnings: %s", o.err);
	cr_expect(
	    o.out != NULL && strstr(o.out, "exec/true:") != NULL, "%s", o.out);
	outcome_free(&o);
	fb_rmdir(dir);
}

/* --json /dev/stdout with standard output a pipe: /proc's link names no
 * path ("pipe:[1234]"), so it is written through, not replaced. */
Test(writers, json_to_dev_stdout_on_a_pipe)
{
	char *argv[] = {
	    (char *)fb_harness(), SMALL_RUN, "--json", "/dev/stdout", NULL};
	posix_spawn_file_actions_t fa;
	char buf[65536];
	size_t got = 0;
	ssize_t n;
	int fds[2], rc;
	pid_t pid;

	cr_assert(pipe(fds) == 0);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "posix_spawn: %s", strerror(rc));
	close(fds[1]);
	while (got < sizeof(buf) - 1 &&
	    (n = read(fds[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	buf[got] = '\0';
	close(fds[0]);
	rc = fb_wait(pid);
	cr_expect_eq(rc, 0, "exit %d", rc);
	cr_expect(strstr(buf, "\"schema_version\"") != NULL,
	    "the result did not come through the pipe: %.200s", buf);
}

/* --json /dev/stdout with standard output a file: the result goes through
 * the stdout stream, the summary line to stderr, so the file is one JSON
 * object (not replaced beneath the shell's descriptor, not overwritten by
 * the line). */
Test(writers, json_to_dev_stdout_redirected_to_a_file)
{
	char dir[4096], out[4200], err[4200];
	char *args[] = {SMALL_RUN, "--json", "/dev/stdout", NULL};
	json_error_t e;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/out.json", dir);
	snprintf(err, sizeof(err), "%s/err.txt", dir);
	rc = fb_wait(fb_start(args, out, err));
	cr_expect_eq(rc, 0, "exit %d", rc);
	r = json_load_file(out, 0, &e);
	cr_expect(r != NULL && json_object_get(r, "schema_version") != NULL,
	    "stdout is not one result object: %s (line %d)", e.text, e.line);
	json_decref(r);
	fb_rmdir(dir);
}

/* A peak far above the model (selftest hog: N MiB against a model of N
 * bytes) is a warning in the result and under the line; a peak within the
 * model (selftest ok) is not. */
Test(writers, peak_above_the_model_is_a_warning)
{
	char dir[4096];
	char *hog[] = {"run", "selftest", "hog", "--n", "4", "--repeat", "1",
	    "--warmup", "0", "--events", "none", "--json", "r.json", NULL};
	char *ok[] = {"run", "selftest", "ok", "--n", "4096", "--repeat", "1",
	    "--warmup", "0", "--events", "none", "--json", "r.json", NULL};
	outcome_t o;
	char *json;

	fb_tmpdir(dir, sizeof(dir));
	run_in(dir, hog, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	cr_expect(o.err != NULL &&
		strstr(o.err, "  warning: measured peak workspace ") != NULL &&
		strstr(o.err, " MB is above the model's 8 B (N)") != NULL,
	    "no model warning on stderr: %s", o.err);
	json = fb_slurp("r.json");
	cr_expect(json != NULL &&
		strstr(json,
		    "the model leaves something "
		    "out") != NULL,
	    "no model warning in the result");
	free(json);
	outcome_free(&o);
	run_in(dir, ok, &o);
	cr_expect_eq(o.status, 0, "exit %d: %s", o.status, o.err);
	cr_expect(o.err == NULL || strstr(o.err, "model leaves") == NULL,
	    "a warning for a peak the model predicts: %s", o.err);
	outcome_free(&o);
	fb_rmdir(dir);
}

/* A FIFO with no reader would take the result never: refused before
 * measuring (it measured, then waited in open forever), naming the
 * option; a compare of a FIFO whose writer is gone reads it as empty. */
Test(writers, fifo_without_a_reader_refused_before_measuring, .timeout = 30)
{
	char dir[4096];
	char *run[] = {SMALL_RUN, "--json", "fifo", NULL};
	char *compare[] = {"compare", "fifo", "fifo", NULL};
	struct stat st;
	outcome_t o;

	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(mkfifo("fifo", 0644) == 0);
	run_in(dir, run, &o);
	cr_expect_eq(o.status, 2, "exit %d: %s", o.status, o.err);
	cr_expect_eq(fb_lines(o.err), 1, "%s", o.err);
	cr_expect(o.err != NULL &&
		strstr(o.err, "--json fifo: a FIFO with no reader") != NULL,
	    "stderr: %s", o.err);
	cr_expect(o.out == NULL || o.out[0] == '\0', "it measured: %s", o.out);
	outcome_free(&o);
	run_in(dir, compare, &o);
	cr_expect_eq(o.status, 2, "compare: exit %d: %s", o.status, o.err);
	cr_expect(o.err != NULL && strstr(o.err, "no result in the file"),
	    "stderr: %s", o.err);
	outcome_free(&o);
	cr_expect(lstat("fifo", &st) == 0 && S_ISFIFO(st.st_mode));
	fb_rmdir(dir);
}
