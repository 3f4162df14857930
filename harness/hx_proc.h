/*
 * hx_proc: one command run as a watched process tree.
 *
 * The command is forked into its own process group, held before execve
 * while the caller attaches to it (counters), then released and watched
 * until it exits: every interval the resident bytes of its whole tree are
 * summed (the root, every descendant found by parent pid, and every process
 * in its process group), a memory guard kills the group when that sum passes
 * a limit, its standard error is passed through to ours with the last line
 * kept, and wait4 gives its exit status, faults and the kernel's maxrss.
 * The end of the run is seen through a pidfd, so the wall time does not
 * depend on the sampling interval.
 *
 * Limits:
 * - The tree's RSS is sampled: a peak shorter than the interval can be
 *   missed (the kernel's ru_maxrss, kept beside it, is a true high-water
 *   mark, but of the largest single process only). Pages shared between
 *   processes of the tree (after fork, before they are written) count once
 *   per process.
 * - This kernel has no /proc/PID/task/TID/children, so descendants are found
 *   by reading /proc: every new pid's stat is read once (parent, group), and
 *   each sample costs one directory listing plus one statm read per live
 *   member (about 60 us for one process on this machine). A process that
 *   leaves both the tree and the group (setsid after its parent died) is
 *   neither counted nor guarded.
 * - Processes left in the group when the root exits are killed (SIGKILL),
 *   so that nothing of one run outlives it.
 * - SIGINT, SIGTERM and SIGHUP during a run kill the tree; the run then says
 *   it was interrupted and the caller should stop.
 */
#ifndef FB_HX_PROC_H
#define FB_HX_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The tree of one root, as the sampler knows it. */
typedef struct hx_proc_tree_s hx_proc_tree_t;

/* A tree rooted at root (its process group is root too). NULL when out of
 * memory. */
hx_proc_tree_t *hx_proc_tree_new(pid_t root);
/* Sums the resident bytes of every live process of the tree into *rss and
 * counts them into *count; 0, or -1 when /proc cannot be read. */
int hx_proc_tree_sample(hx_proc_tree_t *t, uint64_t *rss, uint32_t *count);
void hx_proc_tree_free(hx_proc_tree_t *t);

/* Variables the command's environment gets, at most this many. */
#define HX_PROC_MAX_ENV 24

/* One variable of the command's environment: set to value, or, with
 * if_unset, only when the harness's environment does not have it. */
typedef struct hx_proc_env_s {
	const char *name, *value; /* name NULL: an unused slot */
	int if_unset;
} hx_proc_env_t;

typedef struct hx_proc_opts_s {
	char *const *argv; /* the command, NULL-terminated; argv[0] by PATH */
	hx_proc_env_t env[HX_PROC_MAX_ENV];
	int stdout_to_stderr; /* the command's stdout goes to our stderr */
	uint64_t mem_limit;   /* bytes of tree RSS; 0: no guard */
	uint64_t interval_us; /* sampling interval, at least 1 */
	int pin, cpu;         /* pin: the command runs on CPU cpu only */
	/* Called with the child held before execve; 0, or -1 to give up (the
	 * child is killed, hx_proc_run fails with msg). May be NULL. */
	int (*attach)(pid_t pid, void *arg, char *msg, size_t msglen);
	void *attach_arg;
	/* Called for every sample with the CLOCK_MONOTONIC seconds at which it
	 * began; may be NULL. */
	void (*on_sample)(double now, uint64_t rss, uint32_t count, void *arg);
	void *sample_arg;
} hx_proc_opts_t;

#define HX_PROC_LINE 512

typedef struct hx_proc_result_s {
	double wall_s;            /* release before execve to exit seen */
	uint64_t peak_rss_bytes;  /* the largest sampled tree sum */
	uint32_t peak_processes;  /* the most processes in one sample */
	uint64_t samples;         /* samples taken */
	int sampler_apart;        /* sampled from CPUs outside the command's */
	uint64_t ru_maxrss_bytes; /* wait4: largest single process */
	uint64_t minor_faults;    /* wait4: the root and waited-for children */
	uint64_t major_faults;    /* likewise */
	double cpu_s;             /* wait4: user + system seconds, likewise */
	int exit_status;          /* 0..255, or -1 when killed by a signal */
	int signal;               /* the signal that ended it, else 0 */
	int guard_killed;         /* the memory guard killed the tree */
	uint64_t guard_rss_bytes; /* the sampled sum that tripped it */
	int interrupted;          /* the signal that asked us to stop, or 0 */
	char last_line[HX_PROC_LINE]; /* last non-empty stderr line, or "" */
} hx_proc_result_t;

/* Runs o->argv to its end (or until the guard or a signal kills it) and
 * fills r. A command that cannot be executed exits 127 with the reason as
 * its last stderr line. Returns 0, or -1 with msg when the run could not be
 * made (fork, pipes, pidfd, attach). */
int hx_proc_run(
    const hx_proc_opts_t *o, hx_proc_result_t *r, char *msg, size_t msglen);

#endif /* FB_HX_PROC_H */
