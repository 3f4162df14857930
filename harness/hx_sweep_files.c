/* hx_sweep_files: a sweep's timeline files (hx_sweep_files.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_file.h"
#include "hx_params.h"
#include "hx_sweep_files.h"

#define TIMELINE_NAME_MAX 200

/* Appends s to buf at *at, each character outside [A-Za-z0-9._=-] as _. */
static void
name_put(char *buf, size_t len, size_t *at, const char *s)
{
	for (; *s != '\0' && *at + 1 < len; s++) {
		char c = *s;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		    c == '=' || c == '-';
		buf[(*at)++] = ok ? c : '_';
	}
	buf[*at] = '\0';
}

/* The prefix's last component: PREFIX.jsonl less its folder and suffix. */
static void
prefix_base(const sweep_t *s, char *buf, size_t len)
{
	const char *p = s->jsonl_path, *slash = strrchr(p, '/');
	const char *base = slash != NULL ? slash + 1 : p;

	snprintf(
	    buf, len, "%.*s", hx_sweep_prefix_len(s) - (int)(base - p), base);
}

/* BASE-WORKLOAD-VARIANT-K=V... (without the folder and .csv). */
static void
timeline_name(
    const sweep_t *s, const hx_run_config_t *cfg, char *buf, size_t len)
{
	char base[4096], value[64];
	json_t *p = hx_params_json(cfg->workload, &cfg->params), *x;
	const char *key;
	size_t at = 0;

	buf[0] = '\0';
	prefix_base(s, base, sizeof(base));
	name_put(buf, len, &at, base);
	name_put(buf, len, &at, "-");
	name_put(buf, len, &at, cfg->workload->name);
	name_put(buf, len, &at, "-");
	name_put(buf, len, &at, cfg->variant->name);
	json_object_foreach(p, key, x)
	{
		if (hx_params_value_text(x, value, sizeof(value)) != 0)
			continue;
		name_put(buf, len, &at, "-");
		name_put(buf, len, &at, key);
		name_put(buf, len, &at, "=");
		name_put(buf, len, &at, value);
	}
	json_decref(p);
}

void
hx_sweep_files_timeline_path(const sweep_plan_t *plan, const sweep_t *s,
    const hx_run_config_t *cfg, char *buf, size_t len)
{
	char name[8192];
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	timeline_name(s, cfg, name, sizeof(name));
	if (strlen(name) > TIMELINE_NAME_MAX) {
		for (const char *c = name; *c != '\0'; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
		snprintf(name + TIMELINE_NAME_MAX - 17, 18, "-%016llx",
		    (unsigned long long)h);
	}
	snprintf(buf, len, "%s/%s.csv", plan->timeline_dir, name);
}

/* Whether path exists (a dangling link counts). */
static int
path_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

int
hx_sweep_files_check_timelines(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen)
{
	char path[4096], inner[4400];

	if (plan->timeline_dir == NULL)
		return 0;
	for (size_t k = 0; k < plan->total; k++) {
		hx_sweep_files_timeline_path(
		    plan, s, &plan->runs[k], path, sizeof(path));
		/* A name taken by what no timeline can replace (a folder,
		 * an immutable file, a FIFO without a reader) is found now,
		 * with --force and --resume too, not after the run. */
		if (hx_file_check_writable(path, inner, sizeof(inner)) != 0) {
			snprintf(msg, msglen, "--timeline-dir %.1000s: %.3000s",
			    plan->timeline_dir, inner);
			return -1;
		}
		if (plan->force || plan->resume || !path_exists(path))
			continue;
		snprintf(msg, msglen,
		    "--timeline-dir %.1000s: %.1500s is already there (an "
		    "earlier sweep's timeline); --force starts again and "
		    "keeps it as %.1500s.1",
		    plan->timeline_dir, path, path);
		return -1;
	}
	return 0;
}

/* The paths --force sets aside: the sweep's three, then the timelines
 * the plan would write that exist. A new array (free it), *n its size. */
static char **
aside_paths(const sweep_plan_t *plan, const sweep_t *s, size_t *n)
{
	char **paths = calloc(plan->total + 3, sizeof(*paths));
	char path[4096];

	*n = 0;
	if (paths == NULL)
		return NULL;
	paths[(*n)++] = strdup(s->jsonl_path);
	paths[(*n)++] = strdup(s->csv_path);
	hx_sweep_gbench_path(s, path, sizeof(path));
	paths[(*n)++] = strdup(path);
	for (size_t k = 0; plan->timeline_dir != NULL && k < plan->total; k++) {
		hx_sweep_files_timeline_path(
		    plan, s, &plan->runs[k], path, sizeof(path));
		if (path_exists(path))
			paths[(*n)++] = strdup(path);
	}
	return paths;
}

int
hx_sweep_files_set_aside(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen)
{
	size_t n = 0;
	char **paths = aside_paths(plan, s, &n);
	int k = 0, rc = -1;
	struct stat st;
	int had_results = stat(s->jsonl_path, &st) == 0 && S_ISREG(st.st_mode);

	snprintf(msg, msglen, "out of memory");
	for (size_t i = 0; paths != NULL && i < n; i++)
		if (paths[i] == NULL)
			goto label_return;
	if (paths == NULL ||
	    hx_file_set_aside((const char *const *)paths, n, &k, msg, msglen) !=
		0)
		goto label_return;
	if (k > 0 && had_results)
		fprintf(stderr,
		    "harness sweep: --force: the earlier results kept as "
		    "%s.%d (their .csv and .gbench.json with .%d too%s)\n",
		    s->jsonl_path, k, k,
		    n > 3 ? ", and the timelines this sweep writes again" : "");
	else if (k > 0)
		fprintf(stderr,
		    "harness sweep: --force: the earlier files this sweep "
		    "writes again kept with .%d\n",
		    k);
	rc = 0;
label_return:
	for (size_t i = 0; paths != NULL && i < n; i++)
		free(paths[i]);
	free(paths);
	return rc;
}

#define LOCK_TEXT "harness sweep lock, pid "

/* The lock is keyed on the file PREFIX.jsonl resolves to, not on its
 * name: with s.jsonl a link to t.jsonl, sweeps to s and to t take one
 * lock, so neither replaces the other's results. */
static void
lock_path(const sweep_t *s, char *buf, size_t len)
{
	char target[4096];

	if (hx_file_resolve(s->jsonl_path, target, sizeof(target)) != 0)
		snprintf(target, sizeof(target), "%s", s->jsonl_path);
	snprintf(buf, len, "%s.lock", target);
}

/* Opens path: made new, or an existing regular file that holds a sweep's
 * lock text (its pid into *pid, 0 if none). fd, or -1 with msg. */
static int
lock_open(const char *path, long *pid, char *msg, size_t msglen)
{
	char text[64] = "";
	struct stat st;
	ssize_t n;
	int fd = open(
	    path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);

	*pid = 0;
	if (fd >= 0 || errno != EEXIST) {
		if (fd < 0)
			snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return fd;
	}
	fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (n = pread(fd, text, sizeof(text) - 1, 0)) >= 0) {
		text[n] = '\0';
		if (n == 0 ||
		    strncmp(text, LOCK_TEXT, strlen(LOCK_TEXT)) == 0) {
			*pid = strtol(text + strlen(LOCK_TEXT), NULL, 10);
			return fd;
		}
	}
	if (fd >= 0)
		close(fd);
	snprintf(msg, msglen,
	    "--out %.*s: %s is there and is not a sweep's lock; move it "
	    "away to sweep to this prefix",
	    (int)(strlen(path) - strlen(".jsonl.lock")), path, path);
	return -1;
}

/* With the lock held no other sweep writes these files: a temporary
 * file beside them is what a sweep killed by SIGKILL left. */
static void
lock_remove_stale(const sweep_t *s)
{
	char gbench[4096];
	int n;

	hx_sweep_gbench_path(s, gbench, sizeof(gbench));
	n = hx_file_remove_stale(s->jsonl_path) +
	    hx_file_remove_stale(s->csv_path) + hx_file_remove_stale(gbench);
	if (n > 0)
		fprintf(stderr,
		    "harness sweep: removed %d temporary file%s an earlier "
		    "sweep left when it was killed\n",
		    n, n == 1 ? "" : "s");
}

int
hx_sweep_files_lock(const sweep_t *s, int *fd, char *msg, size_t msglen)
{
	char path[4200], text[64];
	struct stat a, b;
	long pid;
	int f;

	*fd = -1;
	lock_path(s, path, sizeof(path));
	for (int tries = 0; tries < 8; tries++) {
		if ((f = lock_open(path, &pid, msg, msglen)) < 0)
			return -1;
		if (flock(f, LOCK_EX | LOCK_NB) != 0) {
			snprintf(msg, msglen,
			    "--out %.*s: another sweep (pid %ld) is writing %s "
			    "now; wait for it, or sweep to another prefix",
			    hx_sweep_prefix_len(s), s->jsonl_path, pid,
			    s->jsonl_path);
			close(f);
			return -1;
		}
		/* Locked; still the file the name holds (the last holder
		 * may have removed it between our open and our lock)? */
		if (fstat(f, &a) == 0 && stat(path, &b) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			int len = snprintf(text, sizeof(text),
			    LOCK_TEXT "%ld\n", (long)getpid());
			if (ftruncate(f, 0) != 0 ||
			    pwrite(f, text, (size_t)len, 0) != len)
				errno = 0; /* the flock is the lock */
			*fd = f;
			lock_remove_stale(s);
			return 0;
		}
		close(f);
	}
	snprintf(msg, msglen, "%s: cannot take the lock", path);
	return -1;
}

void
hx_sweep_files_unlock(const sweep_t *s, int fd)
{
	char path[4200];

	if (fd < 0)
		return;
	lock_path(s, path, sizeof(path));
	unlink(path);
	close(fd);
}
