/*
 * hx_isolate: fork, limit, measure, report back.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hx_isolate.h"
#include "hx_mem.h"

#if defined(__SANITIZE_ADDRESS__)
#define HX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HX_ASAN 1
#endif
#endif

/* The fraction of MemAvailable a run may plan to use. */
#define HX_LIMIT_FRACTION 0.8

uint64_t
hx_isolate_default_limit(void)
{
	uint64_t avail = hx_os_available_bytes();

	if (avail == 0)
		avail = 1ULL << 30;
	return (uint64_t)((double)avail * HX_LIMIT_FRACTION);
}

static void
format_gb(char *buf, size_t len, uint64_t b)
{
	if (b == UINT64_MAX)
		snprintf(buf, len, "more than 2^64 bytes");
	else
		snprintf(buf, len, "%.3g GB (%llu bytes)", (double)b / 1e9,
		    (unsigned long long)b);
}

/* Everything the child writes, read until end of file. */
static char *
read_all(int fd, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap), *nb;
	ssize_t got;

	if (buf == NULL)
		return NULL;
	for (;;) {
		if (n + 1 >= cap) {
			if ((nb = realloc(buf, cap * 2)) == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

static int
write_all(int fd, const char *s, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		len -= (size_t)w;
	}
	return 0;
}

/* A result without a measurement: skipped, or failed before one. */
static json_t *__attribute__((format(printf, 3, 4))) base_result(
    const hx_run_config_t *cfg, hx_status_t status, const char *fmt, ...)
{
	hx_record_t rec;
	va_list ap;
	json_t *r;

	hx_run_record_init(cfg, &rec);
	rec.status = status;
	va_start(ap, fmt);
	vsnprintf(rec.reason, sizeof(rec.reason), fmt, ap);
	va_end(ap);
	r = hx_record_to_json(&rec);
	hx_record_free(&rec);
	return r;
}

static void
child_main(const hx_run_config_t *cfg, int fd, uint64_t as_limit)
{
	json_t *r;
	char *text;
	int status;

#ifndef HX_ASAN
	{
		struct rlimit rl = {as_limit, as_limit};
		setrlimit(RLIMIT_AS, &rl);
	}
#else
	(void)as_limit;
#endif
	r = hx_run_result(cfg);
	if (r == NULL)
		_exit(3);
	text = json_dumps(r, JSON_COMPACT);
	status = text == NULL || write_all(fd, text, strlen(text)) != 0 ? 4 : 0;
	/* Freed before _exit so that memcheck (--trace-children) sees a
	 * clean child; an unfreed result made valgrind's error exit code the
	 * child's and the run "failed". */
	free(text);
	json_decref(r);
	_exit(status);
}

json_t *
hx_isolate_run(const hx_run_config_t *cfg, int fork_child)
{
	uint64_t predicted = hx_run_predicted_bytes(cfg), as_limit;
	json_t *r;
	int fds[2], status;
	pid_t pid;
	char *text;
	size_t len;

	if (predicted > cfg->mem_limit) {
		char p[64], l[64];
		format_gb(p, sizeof(p), predicted);
		format_gb(l, sizeof(l), cfg->mem_limit);
		return base_result(cfg, HX_STATUS_SKIPPED,
		    "predicted peak %s (model, inputs, reference, timeline) "
		    "exceeds the memory "
		    "limit %s; not attempted",
		    p, l);
	}
	if (!fork_child)
		return hx_run_result(cfg);

	/* The child may map the limit on top of what it has now, with room
	 * for the allocator's own reservations. */
	as_limit = hx_os_vm_bytes() + cfg->mem_limit + cfg->mem_limit / 4 +
	    (256ULL << 20);
	if (pipe(fds) != 0)
		return NULL;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return base_result(cfg, HX_STATUS_FAILED, "fork failed");
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(cfg, fds[1], as_limit);
	}
	close(fds[1]);
	text = read_all(fds[0], &len);
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;

	r = NULL;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && text != NULL)
		r = json_loads(text, 0, NULL);
	free(text);
	if (r == NULL) {
		char reason[256];

		if (WIFSIGNALED(status)) {
			int sig = WTERMSIG(status);
			snprintf(reason, sizeof(reason),
			    "the measuring child was killed by signal %d "
			    "(%s)%s",
			    sig, strsignal(sig),
			    sig == SIGKILL ? ": the kernel's OOM killer or an "
					     "outside kill"
					   : "");
		} else if (WIFEXITED(status)) {
			snprintf(reason, sizeof(reason),
			    "the measuring child exited with status %d and no "
			    "result%s",
			    WEXITSTATUS(status),
			    WEXITSTATUS(status) == 3
				? " (out of memory for the result)"
				: "");
		} else {
			snprintf(reason, sizeof(reason),
			    "the measuring child ended abnormally");
		}
		r = base_result(cfg, HX_STATUS_FAILED, "%s", reason);
	}
	return r;
}
