/*
 * hx_proc: a command as a watched process tree. See hx_proc.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hx_format.h"
#include "hx_host.h"
#include "hx_proc.h"

/* When /proc/sys/kernel/pid_max cannot be read: the kernel's ceiling. */
#define HX_PROC_PID_MAX_DEFAULT 4194304
/* How long stderr is drained after the tree ended (a process outside the
 * group may still hold the pipe). */
#define HX_PROC_DRAIN_MS 200

struct hx_proc_tree_s {
	pid_t root;
	long pid_max;
	long page_size;
	/* Bitmaps over pids: every pid read once, and the tree's members. */
	unsigned char *seen, *member;
};

static int
bit_get(const unsigned char *b, long i)
{
	return (b[i >> 3] >> (i & 7)) & 1;
}

static void
bit_set(unsigned char *b, long i)
{
	b[i >> 3] |= (unsigned char)(1u << (i & 7));
}

static long
read_pid_max(void)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	long v = 0;

	if (f != NULL) {
		if (fscanf(f, "%ld", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v > 0 && v <= HX_PROC_PID_MAX_DEFAULT ? v
						     : HX_PROC_PID_MAX_DEFAULT;
}

hx_proc_tree_t *
hx_proc_tree_new(pid_t root)
{
	hx_proc_tree_t *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	t->root = root;
	t->pid_max = read_pid_max();
	t->page_size = sysconf(_SC_PAGESIZE);
	t->seen = calloc((size_t)t->pid_max / 8 + 1, 1);
	t->member = calloc((size_t)t->pid_max / 8 + 1, 1);
	if (t->seen == NULL || t->member == NULL || root <= 0 ||
	    root >= t->pid_max) {
		hx_proc_tree_free(t);
		return NULL;
	}
	bit_set(t->seen, root);
	bit_set(t->member, root);
	return t;
}

void
hx_proc_tree_free(hx_proc_tree_t *t)
{
	if (t == NULL)
		return;
	free(t->seen);
	free(t->member);
	free(t);
}

/* A small /proc file into buf; its length, or -1. */
static ssize_t
read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

/* Is pid (seen for the first time) in the tree: a child of a member, or in
 * the root's process group? */
static int
tree_admits(const hx_proc_tree_t *t, long pid)
{
	char path[64], buf[1024], *p;
	int ppid, pgrp;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (read_small(path, buf, sizeof(buf)) <= 0)
		return 0;
	/* The command name may hold spaces and ')': skip to the last ')'. */
	if ((p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 1, " %*c %d %d", &ppid, &pgrp) != 2)
		return 0;
	return pgrp == (int)t->root ||
	    (ppid > 0 && ppid < t->pid_max && bit_get(t->member, ppid));
}

/* Resident bytes of pid (statm's second field), 0 when gone. */
static uint64_t
pid_rss(const hx_proc_tree_t *t, long pid)
{
	char path[64], buf[256];
	unsigned long long size, resident;

	snprintf(path, sizeof(path), "/proc/%ld/statm", pid);
	if (read_small(path, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%llu %llu", &size, &resident) != 2)
		return 0;
	return (uint64_t)resident * (uint64_t)t->page_size;
}

int
hx_proc_tree_sample(hx_proc_tree_t *t, uint64_t *rss, uint32_t *count)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	uint64_t sum = 0;
	uint32_t n = 0;

	if (d == NULL)
		return -1;
	/* Ascending pids: a parent is usually met before its children. */
	while ((e = readdir(d)) != NULL) {
		long pid;
		uint64_t b;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = strtol(e->d_name, NULL, 10);
		if (pid <= 0 || pid >= t->pid_max)
			continue;
		if (!bit_get(t->seen, pid)) {
			bit_set(t->seen, pid);
			if (tree_admits(t, pid))
				bit_set(t->member, pid);
		}
		if (!bit_get(t->member, pid))
			continue;
		if ((b = pid_rss(t, pid)) > 0) {
			sum += b;
			n++;
		}
	}
	closedir(d);
	*rss = sum;
	*count = n;
	return 0;
}

/* Set by the handler of SIGINT, SIGTERM and SIGHUP during a run. */
static volatile sig_atomic_t proc_stop;

static void
proc_on_signal(int sig)
{
	proc_stop = sig;
}

static const int proc_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define PROC_NSIGNALS (sizeof(proc_signals) / sizeof(proc_signals[0]))

/* In the child: own group, stderr into the pipe, wait for the go, exec. */
static void __attribute__((noreturn))
proc_child(const hx_proc_opts_t *o, int go_fd, int err_fd, const sigset_t *mask)
{
	char c;

	setpgid(0, 0);
	for (size_t i = 0; i < PROC_NSIGNALS; i++)
		signal(proc_signals[i], SIG_DFL);
	if (o->stdout_to_stderr)
		dup2(STDERR_FILENO, STDOUT_FILENO);
	dup2(err_fd, STDERR_FILENO);
	if (read(go_fd, &c, 1) != 1)
		_exit(127);
	sigprocmask(SIG_SETMASK, mask, NULL);
	for (size_t i = 0; i < HX_PROC_MAX_ENV; i++) {
		if (o->env[i].name != NULL)
			setenv(o->env[i].name, o->env[i].value,
			    !o->env[i].if_unset);
	}
	if (o->pin) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(o->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0) {
			dprintf(STDERR_FILENO,
			    "harness exec: cannot pin to CPU %d: %s\n", o->cpu,
			    strerror(errno));
			_exit(127);
		}
	}
	execvp(o->argv[0], o->argv);
	dprintf(STDERR_FILENO, "harness exec: cannot run '%s': %s\n",
	    o->argv[0], strerror(errno));
	_exit(127);
}

/* Moves the calling (watching) thread off the command's CPUs for the run:
 * o->cpu when pinned, else the CPUs it inherits from us (a harness started
 * under `taskset -c 0`, as reports/jax-sweep.sh starts its one-thread
 * runs). Sharing them, every sample (each interval) would interrupt the
 * command: a 1 ms sampler on the measured CPU made interp's loops 7 to 12%
 * slower on a 2-core VM (hx_timeline.c). *saved gets our CPUs back
 * (proc_back). 1 when moved; 0 when no allowed CPU is outside the
 * command's (an unpinned command, one CPU, a cpuset). */
static int
proc_apart(const hx_proc_opts_t *o, cpu_set_t *saved)
{
	cpu_set_t theirs;

	if (sched_getaffinity(0, sizeof(*saved), saved) != 0)
		return 0;
	theirs = *saved;
	if (o->pin) {
		CPU_ZERO(&theirs);
		CPU_SET(o->cpu, &theirs);
	}
	return hx_host_leave(&theirs);
}

static void
proc_back(int moved, const cpu_set_t *saved)
{
	if (moved)
		sched_setaffinity(0, sizeof(*saved), saved);
}

/* The line being written on stderr and the last complete one. */
typedef struct proc_lines_s {
	char cur[HX_PROC_LINE];
	size_t len;
} proc_lines_t;

static void
lines_end(proc_lines_t *l, hx_proc_result_t *r)
{
	while (l->len > 0 && isspace((unsigned char)l->cur[l->len - 1]))
		l->len--;
	if (l->len > 0) {
		memcpy(r->last_line, l->cur, l->len);
		r->last_line[l->len] = '\0';
	}
	l->len = 0;
}

/* Passes what fd holds to our stderr and follows its lines. Returns 1 at
 * end of file, else 0. */
static int
proc_drain(int fd, proc_lines_t *l, hx_proc_result_t *r)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		ssize_t off = 0, w;
		while (off < n &&
		    (w = write(STDERR_FILENO, buf + off, (size_t)(n - off))) >
			0)
			off += w;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n')
				lines_end(l, r);
			else if (l->len + 1 < sizeof(l->cur))
				l->cur[l->len++] = buf[i];
		}
	}
	if (n == 0)
		lines_end(l, r);
	return n == 0;
}

static struct timespec
proc_timespec(double s)
{
	struct timespec ts;

	if (s < 0)
		s = 0;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	return ts;
}

/* One sample: the tree's RSS, the guard, the caller's timeline. */
static void
proc_sample(
    const hx_proc_opts_t *o, hx_proc_tree_t *t, pid_t pid, hx_proc_result_t *r)
{
	double now = hx_clock_now();
	uint64_t rss;
	uint32_t count;

	if (hx_proc_tree_sample(t, &rss, &count) != 0)
		return;
	r->samples++;
	if (rss > r->peak_rss_bytes)
		r->peak_rss_bytes = rss;
	if (count > r->peak_processes)
		r->peak_processes = count;
	if (o->mem_limit > 0 && rss > o->mem_limit && !r->guard_killed) {
		killpg(pid, SIGKILL);
		r->guard_killed = 1;
		r->guard_rss_bytes = rss;
	}
	if (o->on_sample != NULL)
		o->on_sample(now, rss, count, o->sample_arg);
}

/*
 * Samples every interval until the pidfd says the root ended; passes stderr
 * through meanwhile. Returns the time the end was seen.
 */
static double
proc_watch(const hx_proc_opts_t *o, hx_proc_tree_t *t, pid_t pid, int pidfd,
    int *err_fd, proc_lines_t *lines, const sigset_t *mask, hx_proc_result_t *r)
{
	const double interval = (double)o->interval_us * 1e-6;
	double next = hx_clock_now() + interval, now;

	for (;;) {
		struct pollfd p[2] = {{pidfd, POLLIN, 0}, {*err_fd, POLLIN, 0}};
		struct timespec ts = proc_timespec(next - hx_clock_now());
		int n = ppoll(p, *err_fd >= 0 ? 2 : 1, &ts, mask);

		if (n < 0 && errno != EINTR)
			return hx_clock_now();
		if (proc_stop && !r->interrupted) {
			killpg(pid, SIGKILL);
			r->interrupted = proc_stop;
		}
		if (n > 0 && *err_fd >= 0 && p[1].revents != 0 &&
		    proc_drain(*err_fd, lines, r)) {
			close(*err_fd);
			*err_fd = -1;
		}
		if (n > 0 && (p[0].revents & (POLLIN | POLLHUP)) != 0)
			return hx_clock_now();
		if ((now = hx_clock_now()) >= next) {
			proc_sample(o, t, pid, r);
			next += interval;
			if (next < now)
				next = now + interval;
		}
	}
}

/* After the root ended: stragglers killed, the root reaped, stderr read to
 * its end (or for HX_PROC_DRAIN_MS). */
static void
proc_finish(pid_t pid, int err_fd, proc_lines_t *lines, hx_proc_result_t *r)
{
	struct rusage ru;
	int status = 0;
	double until = hx_clock_now() + HX_PROC_DRAIN_MS * 1e-3;

	/* The zombie root still holds the group's id: no reuse race. */
	killpg(pid, SIGKILL);
	memset(&ru, 0, sizeof(ru));
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status)) {
		r->exit_status = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		r->exit_status = -1;
		r->signal = WTERMSIG(status);
	}
	r->ru_maxrss_bytes = (uint64_t)ru.ru_maxrss * 1024;
	r->minor_faults = (uint64_t)ru.ru_minflt;
	r->major_faults = (uint64_t)ru.ru_majflt;
	r->cpu_s = hx_rusage_cpu_s(&ru);
	while (err_fd >= 0) {
		struct pollfd p = {err_fd, POLLIN, 0};
		double left = until - hx_clock_now();
		if (left <= 0 || poll(&p, 1, (int)(left * 1e3) + 1) <= 0)
			break;
		if (proc_drain(err_fd, lines, r))
			break;
	}
	lines_end(lines, r);
}

/* Signals that would leave the tree running are caught for the run's
 * length and only delivered inside ppoll; the old actions and mask saved. */
static void
proc_catch_signals(struct sigaction *old_sa, sigset_t *old_mask)
{
	struct sigaction sa;
	sigset_t block;

	proc_stop = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = proc_on_signal;
	sigemptyset(&block);
	for (size_t i = 0; i < PROC_NSIGNALS; i++) {
		sigaddset(&block, proc_signals[i]);
		sigaction(proc_signals[i], &sa, &old_sa[i]);
	}
	sigprocmask(SIG_BLOCK, &block, old_mask);
}

static void
proc_restore_signals(const struct sigaction *old_sa, const sigset_t *old_mask)
{
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	for (size_t i = 0; i < PROC_NSIGNALS; i++)
		sigaction(proc_signals[i], &old_sa[i], NULL);
}

int
hx_proc_run(
    const hx_proc_opts_t *o, hx_proc_result_t *r, char *msg, size_t msglen)
{
	int go[2] = {-1, -1}, err[2] = {-1, -1}, pidfd = -1, ret = -1;
	struct sigaction old_sa[PROC_NSIGNALS];
	sigset_t old_mask;
	cpu_set_t cpus;
	hx_proc_tree_t *t = NULL;
	proc_lines_t lines;
	pid_t pid = -1;
	double t0;

	memset(r, 0, sizeof(*r));
	memset(&lines, 0, sizeof(lines));
	r->exit_status = -1;
	if (pipe2(go, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
		snprintf(msg, msglen, "pipe: %s", strerror(errno));
		goto label_close;
	}
	proc_catch_signals(old_sa, &old_mask);
	fflush(NULL);
	if ((pid = fork()) < 0) {
		snprintf(msg, msglen, "fork: %s", strerror(errno));
		goto label_restore;
	}
	if (pid == 0)
		proc_child(o, go[0], err[1], &old_mask);
	close(go[0]);
	close(err[1]);
	go[0] = err[1] = -1;
	setpgid(pid, pid);
	if ((pidfd = (int)syscall(SYS_pidfd_open, pid, 0)) < 0) {
		snprintf(msg, msglen, "pidfd_open: %s", strerror(errno));
		goto label_kill;
	}
	if ((t = hx_proc_tree_new(pid)) == NULL) {
		snprintf(msg, msglen, "out of memory for the process tree");
		goto label_kill;
	}
	if (o->attach != NULL &&
	    o->attach(pid, o->attach_arg, msg, msglen) != 0)
		goto label_kill;
	fcntl(err[0], F_SETFL, fcntl(err[0], F_GETFL) | O_NONBLOCK);
	/* The child has its CPUs (it pins itself after the go, before
	 * exec); we leave them. */
	r->sampler_apart = proc_apart(o, &cpus);
	t0 = hx_clock_now();
	if (write(go[1], "x", 1) != 1) {
		snprintf(msg, msglen, "cannot release the command: %s",
		    strerror(errno));
		proc_back(r->sampler_apart, &cpus);
		goto label_kill;
	}
	r->wall_s =
	    proc_watch(o, t, pid, pidfd, &err[0], &lines, &old_mask, r) - t0;
	proc_finish(pid, err[0], &lines, r);
	proc_back(r->sampler_apart, &cpus);
	ret = 0;
	goto label_restore;
label_kill:
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
label_restore:
	proc_restore_signals(old_sa, &old_mask);
label_close:
	for (int i = 0; i < 2; i++) {
		if (go[i] >= 0)
			close(go[i]);
		if (err[i] >= 0)
			close(err[i]);
	}
	if (pidfd >= 0)
		close(pidfd);
	hx_proc_tree_free(t);
	return ret;
}
