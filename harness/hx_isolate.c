/*
 * hx_isolate: fork, limit, measure, report back.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hx_host.h"
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

/* In an interleaved child: the pipe it signals "at the gate" on, and the
 * one its turn comes on (-1: not interleaved). */
static int isolate_gate_w = -1, isolate_go_r = -1;

/* A state, not CPU time (hx_isolate.h): the process's CPU clock adds
 * another core's running thread only at the scheduler's tick (4 ms here),
 * so a short window misses it. */
int
hx_isolate_others_running(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	long self = (long)syscall(SYS_gettid);
	int running = 0;

	if (d == NULL)
		return 0;
	while (!running && (e = readdir(d)) != NULL) {
		char path[64], buf[256], *p;
		long tid = strtol(e->d_name, NULL, 10);
		FILE *f;

		if (tid <= 0 || tid == self)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%ld/stat", tid);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		/* pid (comm) S ...: the state follows the last ')'. */
		if (fgets(buf, sizeof(buf), f) != NULL &&
		    (p = strrchr(buf, ')')) != NULL && p[1] == ' ')
			running = p[2] == 'R';
		fclose(f);
	}
	closedir(d);
	return running;
}

/* Until the child's other threads are idle: after a run of T threads,
 * libgomp's workers spin at their barrier for a while (milliseconds here)
 * before they sleep, and a child spinning at its gate takes a core from the
 * next child's run. Seen: sorted at 2 threads, interleaved after hoisted at
 * 2, ran 12-14.7 ms, as at one thread, against 7.8 ms swept alone. Idle:
 * none of them running; checked every millisecond, at most 250 ms. */
static void
child_settle(void)
{
	const struct timespec ms = {0, 1000000};

	for (int k = 0; k < 250 && hx_isolate_others_running(); k++)
		nanosleep(&ms, NULL);
}

/* cfg->gate of an interleaved child: at the gate (its other threads idle),
 * wait for the turn. */
static int
child_gate(void *arg)
{
	char c = 'g';

	(void)arg;
	child_settle();
	if (write(isolate_gate_w, &c, 1) != 1 || read(isolate_go_r, &c, 1) != 1)
		return -1;
	return 0;
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
	/* Past the last gate: the parent now reads the result alone. */
	if (isolate_gate_w >= 0)
		close(isolate_gate_w);
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

/* The measuring children alive now, for hx_isolate_stop_children (read
 * from a signal handler: plain stores of a pid_t, 0 a free slot). */
#define ISOLATE_MAX_LIVE 128
static volatile pid_t isolate_live[ISOLATE_MAX_LIVE];
/* Set by hx_isolate_stop_children: no child is started after it. */
static volatile sig_atomic_t isolate_stopping;

static void
live_add(pid_t pid)
{
	for (size_t i = 0; i < ISOLATE_MAX_LIVE; i++) {
		if (isolate_live[i] == 0) {
			isolate_live[i] = pid;
			return;
		}
	}
}

static void
live_remove(pid_t pid)
{
	for (size_t i = 0; i < ISOLATE_MAX_LIVE; i++) {
		if (isolate_live[i] == pid)
			isolate_live[i] = 0;
	}
}

void
hx_isolate_stop_children(void)
{
	isolate_stopping = 1;
	for (size_t i = 0; i < ISOLATE_MAX_LIVE; i++) {
		pid_t pid = isolate_live[i];
		if (pid > 0)
			kill(pid, SIGKILL);
	}
}

/* In a child just forked from parent: it outlives no harness. Killed with
 * it (by SIGTERM or SIGKILL), it would go on measuring on a core and write
 * its --timeline after the harness had exited. Exits (status 5) when the
 * parent is already gone. */
static void
child_die_with(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		_exit(5);
}

/* A measuring child: its pid, the pipe of its result and, interleaved,
 * of its gate (read) and turns (write; -1 otherwise). */
typedef struct isolate_child_s {
	pid_t pid;
	int result_fd, gate_fd, go_fd;
} isolate_child_t;

/* Forks the child for cfg (interleaved: with gate pipes). 0, or -1. */
static int
child_start(const hx_run_config_t *cfg, int interleaved, isolate_child_t *ch)
{
	int fds[2], gate[2] = {-1, -1}, go[2] = {-1, -1};
	uint64_t as_limit;
	pid_t parent;

	/* The child may map twice the limit on top of what it has now.
	 * jemalloc keeps the address space of the extents it frees
	 * (opt.retain) and grows it geometrically, so a run maps well past
	 * its peak: interp eager at N = 1e6 mapped at least 25.6 GB at its
	 * highest for a 16.1 GB workspace, and with 1.25 times the limit it
	 * ran out of address space when it started with 22.7 GB of
	 * MemAvailable (it ran with 23.7 GB). What a run keeps resident is
	 * bounded before it starts: a predicted peak over the limit is
	 * refused. */
	as_limit = hx_os_vm_bytes() + 2 * cfg->mem_limit + (256ULL << 20);
	if (pipe(fds) != 0)
		return -1;
	if (interleaved && (pipe(gate) != 0 || pipe(go) != 0)) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	fflush(NULL);
	parent = getpid();
	ch->pid = fork();
	if (ch->pid == 0) {
		hx_run_config_t mine = *cfg;

		child_die_with(parent);
		close(fds[0]);
		if (interleaved) {
			close(gate[0]);
			close(go[1]);
			isolate_gate_w = gate[1];
			isolate_go_r = go[0];
			mine.gate = child_gate;
		}
		child_main(&mine, fds[1], as_limit);
	}
	close(fds[1]);
	if (interleaved) {
		close(gate[1]);
		close(go[0]);
	}
	ch->result_fd = fds[0];
	ch->gate_fd = gate[0];
	ch->go_fd = go[1];
	if (ch->pid < 0) {
		close(fds[0]);
		if (interleaved) {
			close(gate[0]);
			close(go[1]);
		}
		return -1;
	}
	live_add(ch->pid);
	return 0;
}

/* Why a child that sent no result ended, as a failed result. */
static json_t *
child_failure(const hx_run_config_t *cfg, int status)
{
	char reason[256];

	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		snprintf(reason, sizeof(reason),
		    "the measuring child was killed by signal %d (%s)%s", sig,
		    strsignal(sig),
		    sig == SIGKILL
			? ": the kernel's OOM killer or an outside kill"
			: "");
	} else if (WIFEXITED(status)) {
		snprintf(reason, sizeof(reason),
		    "the measuring child exited with status %d and no result%s",
		    WEXITSTATUS(status),
		    WEXITSTATUS(status) == 3 ? " (out of memory for the result)"
					     : "");
	} else {
		snprintf(reason, sizeof(reason),
		    "the measuring child ended abnormally");
	}
	return base_result(cfg, HX_STATUS_FAILED, "%s", reason);
}

/* Reads the child's result, reaps it, closes its pipes. */
static json_t *
child_collect(const hx_run_config_t *cfg, isolate_child_t *ch)
{
	json_t *r = NULL;
	size_t len;
	char *text = read_all(ch->result_fd, &len);
	int status = 0;

	close(ch->result_fd);
	if (ch->gate_fd >= 0)
		close(ch->gate_fd);
	if (ch->go_fd >= 0)
		close(ch->go_fd);
	while (waitpid(ch->pid, &status, 0) < 0 && errno == EINTR)
		;
	live_remove(ch->pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && text != NULL)
		r = json_loads(text, 0, NULL);
	free(text);
	return r != NULL ? r : child_failure(cfg, status);
}

/* The skipped result when cfg's predicted peak passes its limit, or
 * NULL. */
static json_t *
over_limit(const hx_run_config_t *cfg)
{
	uint64_t predicted = hx_run_predicted_bytes(cfg);
	char p[64], l[64];

	if (predicted <= cfg->mem_limit)
		return NULL;
	format_gb(p, sizeof(p), predicted);
	format_gb(l, sizeof(l), cfg->mem_limit);
	return base_result(cfg, HX_STATUS_SKIPPED,
	    "predicted peak %s (model, inputs, reference, timeline) exceeds "
	    "the memory limit %s; not attempted",
	    p, l);
}

json_t *
hx_isolate_run(const hx_run_config_t *cfg, int fork_child)
{
	isolate_child_t ch;
	json_t *r;

	if ((r = over_limit(cfg)) != NULL)
		return r;
	if (!fork_child)
		return hx_run_result(cfg);
	if (isolate_stopping)
		return base_result(
		    cfg, HX_STATUS_FAILED, "not started: stopped");
	if (child_start(cfg, 0, &ch) != 0)
		return base_result(cfg, HX_STATUS_FAILED, "fork failed");
	return child_collect(cfg, &ch);
}

int
hx_isolate_reference(const hx_run_config_t *cfg, double *digest)
{
	double d[DIGEST_MAX];
	size_t len = (size_t)cfg->workload->digest_count * sizeof(double);
	int fds[2], status = 0, rc = -1;
	ssize_t got;
	pid_t pid, parent = getpid();

	if (isolate_stopping || pipe(fds) != 0)
		return -1;
	fflush(NULL);
	if ((pid = fork()) == 0) {
		close(fds[0]);
		child_die_with(parent);
		if (cfg->workload->reference(&cfg->params, d) != 0 ||
		    write_all(fds[1], (const char *)d, len) != 0)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0) {
		live_add(pid);
		while ((got = read(fds[0], d, len)) < 0 && errno == EINTR)
			;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		live_remove(pid);
		if (got == (ssize_t)len && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0) {
			memcpy(digest, d, len);
			rc = 0;
		}
	}
	close(fds[0]);
	return rc;
}

/* Waits until child k is at its gate: 1, or 0 when it ended instead (its
 * result is then in results[k]). */
static int
interleave_wait(
    const hx_run_config_t *cfg, isolate_child_t *ch, json_t **result)
{
	char c;
	ssize_t got;

	while ((got = read(ch->gate_fd, &c, 1)) < 0 && errno == EINTR)
		;
	if (got == 1)
		return 1;
	*result = child_collect(cfg, ch);
	return 0;
}

/* The turns: one run of each child still there, round after round. */
static void
interleave_rounds(const hx_run_config_t *cfgs, size_t n, isolate_child_t *ch,
    unsigned char *alive, json_t **results)
{
	size_t left = 0;

	for (size_t k = 0; k < n; k++)
		left += alive[k];
	while (left > 0) {
		for (size_t k = 0; k < n; k++) {
			char c = 'r';
			if (!alive[k])
				continue;
			if (write(ch[k].go_fd, &c, 1) != 1 ||
			    !interleave_wait(&cfgs[k], &ch[k], &results[k])) {
				if (results[k] == NULL)
					results[k] =
					    child_collect(&cfgs[k], &ch[k]);
				alive[k] = 0;
				left--;
			}
		}
	}
}

uint64_t
hx_isolate_group_bytes(const hx_run_config_t *cfg)
{
	const uint64_t predicted = hx_run_predicted_bytes(cfg);

	return predicted <= cfg->mem_limit ? predicted : 0;
}

/* The predicted peaks of the configs that will run, together. */
static uint64_t
interleave_total(const hx_run_config_t *cfgs, size_t n)
{
	uint64_t total = 0;

	for (size_t k = 0; k < n; k++)
		total += hx_isolate_group_bytes(&cfgs[k]);
	return total;
}

/* conditions.interleaved_runs of each result whose child took turns: how
 * many children did (itself included), so that the report can say whether
 * a sweep's thread counts or chunk sizes alternated (hx_sweep.c,
 * sweep_group). */
static void
interleave_mark(json_t **results, const isolate_child_t *ch, size_t n)
{
	json_int_t started = 0;

	for (size_t k = 0; k < n; k++)
		started += ch[k].pid > 0;
	for (size_t k = 0; k < n && started > 1; k++) {
		json_t *c = json_object_get(results[k], "conditions");

		if (ch[k].pid > 0 && json_is_object(c))
			json_object_set_new(
			    c, "interleaved_runs", json_integer(started));
	}
}

void
hx_isolate_group_other_busy(json_t **results, size_t n, int cpu, double other)
{
	for (size_t k = 0; k < n; k++) {
		json_t *c = json_object_get(results[k], "conditions");
		json_t *w = json_object_get(results[k], "warnings");

		if (json_object_get(c, "other_busy_fraction") == NULL)
			continue;
		json_object_set_new(c, "other_busy_fraction",
		    other >= 0 ? json_real(other) : json_null());
		if (json_is_array(w))
			hx_host_other_warning(w, cpu, other);
	}
}

int
hx_isolate_interleave(const hx_run_config_t *cfgs, size_t n, json_t **results)
{
	/* Pinned, a child cannot tell its siblings' runs on the CPU from
	 * another process's (hx_host_window_t.shared): the group's own
	 * window, over all of them reaped, says what others took
	 * (hx_isolate_group_other_busy). */
	hx_host_window_t group;
	int pinned_group;
	isolate_child_t *ch = calloc(n + 1, sizeof(*ch));
	unsigned char *alive = calloc(n + 1, 1);
	int rc = -1, sequential;

	if (ch == NULL || alive == NULL)
		goto label_return;
	for (size_t k = 0; k < n; k++)
		results[k] = over_limit(&cfgs[k]);
	sequential = n == 1 || interleave_total(cfgs, n) > cfgs[0].mem_limit;
	pinned_group = !sequential && cfgs[0].cpu >= 0;
	if (pinned_group)
		hx_host_begin(&group, cfgs[0].cpu);
	for (size_t k = 0; k < n; k++) {
		if (results[k] != NULL)
			continue;
		if (sequential) {
			results[k] = hx_isolate_run(&cfgs[k], 1);
			continue;
		}
		/* One at a time: each builds its inputs alone. */
		if (isolate_stopping)
			results[k] = base_result(
			    &cfgs[k], HX_STATUS_FAILED, "not started: stopped");
		else if (child_start(&cfgs[k], 1, &ch[k]) != 0)
			results[k] = base_result(
			    &cfgs[k], HX_STATUS_FAILED, "fork failed");
		else
			alive[k] =
			    interleave_wait(&cfgs[k], &ch[k], &results[k]);
	}
	interleave_rounds(cfgs, n, ch, alive, results);
	interleave_mark(results, ch, n);
	if (pinned_group) {
		hx_host_end(&group);
		hx_isolate_group_other_busy(
		    results, n, cfgs[0].cpu, hx_host_other_busy(&group));
	}
	rc = 0;
label_return:
	free(ch);
	free(alive);
	return rc;
}
