/*
 * fb_spawn: running the harness binary (FB_HARNESS) from the integration
 * tests, with its standard error captured, and the file checks the tests
 * share. Header-only: each test file includes it once.
 */
#ifndef FB_SPAWN_H
#define FB_SPAWN_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>

#include "hx_file.h"

extern char **environ;

#define FB_MAX_ARGS 48

/* The harness under test; the test fails when FB_HARNESS is not set. */
static inline const char *
fb_harness(void)
{
	const char *h = getenv("FB_HARNESS");

	cr_assert(h != NULL && access(h, X_OK) == 0,
	    "FB_HARNESS must name the harness binary (make test-integration "
	    "sets it), got %s",
	    h != NULL ? h : "(unset)");
	return h;
}

/* The path of the built plugin libNAME.so in $FB_PLUGINS (make
 * test-integration sets it; the test fails without it). Four calls' paths
 * stay valid at once. */
static inline const char *
fb_plugin(const char *name)
{
	static char path[4][4096];
	static int next;
	const char *dir = getenv("FB_PLUGINS");
	char *p = path[next++ % 4];

	cr_assert(dir != NULL,
	    "FB_PLUGINS must name the built plugins (make "
	    "test-integration sets it)");
	snprintf(p, sizeof(path[0]), "%s/lib%s.so", dir, name);
	return p;
}

/* A fresh folder under TMPDIR; the caller removes it (fb_rmdir). */
static inline void
fb_tmpdir(char *buf, size_t len)
{
	const char *t = getenv("TMPDIR");

	snprintf(buf, len, "%s/fbtest.XXXXXX", t != NULL ? t : "/tmp");
	cr_assert(mkdtemp(buf) != NULL, "mkdtemp %s: %s", buf, strerror(errno));
}

/* The test's folder and its files (hx_file_rmdir, as exec's own). */
static inline void
fb_rmdir(const char *dir)
{
	hx_file_rmdir(dir);
}

/* The whole file as a new string (NULL when it cannot be read). */
static inline char *
fb_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf != NULL) {
		size_t got = fread(buf, 1, (size_t)n, f);
		buf[got] = '\0';
	}
	fclose(f);
	return buf;
}

static inline void
fb_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert(f != NULL, "cannot write %s: %s", path, strerror(errno));
	fputs(text, f);
	fclose(f);
}

/* Names in dir that contain ".tmp." (a half-written atomic file). */
static inline int
fb_count_tmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strstr(e->d_name, ".tmp.") != NULL;
	closedir(d);
	return n;
}

static inline int
fb_count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n +=
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* The command line for failure messages. */
static inline void
fb_join(char *const argv[], char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; argv[i] != NULL; i++) {
		strncat(buf, i > 0 ? " '" : "'", len - strlen(buf) - 1);
		strncat(buf, argv[i], len - strlen(buf) - 1);
		strncat(buf, "'", len - strlen(buf) - 1);
	}
}

/*
 * Starts exe (fb_start: the harness) with args (NULL-terminated, without
 * argv[0]); stdout
 * to /dev/null or to out_path, stderr to err_path. Its own process group,
 * so a test can signal the harness and its child together. Returns the pid.
 */
static inline pid_t
fb_start_exe(const char *exe, char *const args[], const char *out_path,
    const char *err_path)
{
	char *argv[FB_MAX_ARGS + 2];
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	pid_t pid;
	int i, rc;

	argv[0] = (char *)exe;
	for (i = 0; args[i] != NULL; i++) {
		cr_assert(i < FB_MAX_ARGS, "too many arguments");
		argv[i + 1] = args[i];
	}
	argv[i + 1] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1,
	    out_path != NULL ? out_path : "/dev/null",
	    O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(
	    &fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	rc = posix_spawn(&pid, argv[0], &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	cr_assert(rc == 0, "posix_spawn %s: %s", argv[0], strerror(rc));
	return pid;
}

static inline pid_t
fb_start(char *const args[], const char *out_path, const char *err_path)
{
	return fb_start_exe(fb_harness(), args, out_path, err_path);
}

/* Exit status (0..255), or 128 + signal. */
static inline int
fb_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		cr_assert(errno == EINTR, "waitpid: %s", strerror(errno));
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

/* A helper program of tests/helpers by name, from FB_HELPERS (the path
 * is good until eight more calls). */
static inline const char *
fb_helper(const char *name)
{
	static char path[8][4096];
	static int next;
	const char *dir = getenv("FB_HELPERS");
	char *p = path[next++ % 8];

	cr_assert(dir != NULL,
	    "FB_HELPERS must name the built helpers (make test-integration "
	    "sets it)");
	snprintf(p, 4096, "%s/%s", dir, name);
	cr_assert(access(p, X_OK) == 0, "helper %s is not built", p);
	return p;
}

/* Runs to the end; *err (may be NULL) gets stderr as a new string. */
static inline int
fb_run(char *const args[], const char *dir, char **err)
{
	char err_path[4200];
	int rc;

	snprintf(err_path, sizeof(err_path), "%s/../%s.stderr", dir,
	    strrchr(dir, '/') + 1);
	rc = fb_wait(fb_start(args, NULL, err_path));
	if (err != NULL)
		*err = fb_slurp(err_path);
	unlink(err_path);
	return rc;
}

/* The results of a JSON-lines file (a result a line, each of which must
 * be JSON) as an array, owned. */
static inline json_t *
fb_jsonl_results(const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	json_t *all = json_array();
	FILE *f = fopen(path, "r");

	cr_assert(f != NULL, "no %s", path);
	while (getline(&line, &cap, f) > 0) {
		json_t *r = json_loads(line, 0, NULL);

		cr_assert(r != NULL, "%s: a line is not JSON", path);
		json_array_append_new(all, r);
	}
	free(line);
	fclose(f);
	return all;
}

/* A sweep whose args give `--out` the buffer out (of len bytes): out set to
 * dir/s, the sweep run to a zero exit, and the results of its dir/s.jsonl
 * (fb_jsonl_results). */
static inline json_t *
fb_sweep_results(char *const args[], const char *dir, char *out, size_t len)
{
	char jsonl[4300], *err = NULL;

	snprintf(out, len, "%s/s", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", out);
	cr_assert_eq(fb_run(args, dir, &err), 0, "%s", err);
	free(err);
	return fb_jsonl_results(jsonl);
}

/* Lines in s (a last line without a newline counts). */
static inline int
fb_lines(const char *s)
{
	int n = 0;

	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '\n' || s[1] == '\0')
			n++;
	}
	return n;
}

#endif /* FB_SPAWN_H */
