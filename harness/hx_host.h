/*
 * hx_host: where and under which conditions a result was taken, for its
 * provenance and for warnings about noise.
 *
 * What the host is (hx_host_describe, added to the "machine" object): its
 * name, whether the CPU says it runs under a hypervisor, the CPU frequency
 * governor and scaling range of cpu0 (where cpufreq is exposed), and
 * address-space randomization (/proc/sys/kernel/randomize_va_space).
 *
 * What happened around one measurement (hx_host_window_t, the "conditions"
 * object): the load average at its start, the steal time over it from
 * /proc/stat (all CPUs, or the pinned one), the CPU it was pinned to
 * (--cpu) and the CPUs the measuring process was allowed, as read back from
 * the kernel, and, when pinned, how busy other processes kept that CPU (its
 * busy time in /proc/stat less the measuring process's and its children's
 * own CPU time). Each condition known to add noise (load above the CPU
 * count, another process busy on the pinned CPU above HX_HOST_OTHER_WARN,
 * steal above HX_HOST_STEAL_WARN, a governor that scales) becomes a warning
 * that names it.
 *
 * Limits: Linux only; without --cpu, "another process busy on our core" is
 * judged from the load average, which counts the whole machine; /proc/stat
 * counts in ticks (10 ms), so windows under HX_HOST_MIN_TICKS ticks give no
 * busy fraction; steal is only meaningful on
 * a virtual machine (elsewhere the kernel reports 0).
 *
 * On a virtual machine whose kernel hands free memory back to its host
 * (free page reporting, virtio-balloon), the memory handed back over the
 * window, where the kernel counts it (HX_HOST_REPORTED_KIB; null
 * elsewhere). It counts the whole machine's frees, not the run's alone;
 * a page handed back and faulted in again costs the host's fault on top
 * of the guest's (docs/model.md: eager's faults on the Zen 4 VM).
 */
#ifndef FB_HX_HOST_H
#define FB_HX_HOST_H

#include <jansson.h>
#include <sched.h>
#include <stdint.h>

/* Steal time above this fraction of the CPU time warns. */
#define HX_HOST_STEAL_WARN 0.03
/* Memory handed back to the host over a window above this warns. */
#define HX_HOST_REPORTED_WARN (256ULL << 20)
/* Where a kernel with free page reporting counts the KiB it handed back
 * (the Firecracker guest kernels'; mainline kernels do not count it). */
#define HX_HOST_REPORTED_KIB                                                   \
	"/sys/module/page_reporting/parameters/reported_kib"
/* Other processes busy on the pinned CPU above this fraction warns. */
#define HX_HOST_OTHER_WARN 0.10
/* The shortest window (in /proc/stat ticks) that gives a busy fraction. */
#define HX_HOST_MIN_TICKS 10

typedef struct hx_host_window_s {
	int cpu;                 /* the pinned CPU, or -1 */
	int load_ok;             /* getloadavg worked */
	double load[3];          /* 1, 5, 15 minutes, at the start */
	int steal_ok;            /* /proc/stat had a steal column both times */
	uint64_t steal0, total0; /* jiffies at the start */
	uint64_t steal1, total1; /* and at the end */
	uint64_t busy0, busy1;   /* the CPU's busy ticks */
	uint64_t own0, own1;     /* this process's and its children's ticks */
	int reported_ok;         /* HX_HOST_REPORTED_KIB read both times */
	uint64_t reported0, reported1; /* its KiB at the start and end */
	char allowed[256]; /* the measuring process's CPUs ("0-3"), or
			      "" when it was not this process */
	/* The CPU is taken in turns with sibling processes (an interleaved
	 * group's): this process cannot tell their ticks from others', so
	 * no other-busy figure (the group sets it). */
	int shared;
	/* Of a shared window: the untimed runs made at the run's turn right
	 * before timed ones (hx_run.c, HX_RUN_REWARM_S). */
	uint64_t rewarm_runs;
} hx_host_window_t;

/* Pins the calling process to cpu. 0, or -1 with msg (no such CPU, or
 * not allowed). */
int hx_host_pin(int cpu, char *msg, size_t msglen);

/* The CPUs this process may run on, as a list ("0,2-3") in buf. */
void hx_host_allowed(char *buf, size_t len);
/* Moves the calling thread to the allowed CPUs outside theirs (the CPUs of
 * the code it watches), so that its wake-ups do not land in that code's
 * time. 1 when it moved; 0 when no allowed CPU is outside theirs (one
 * CPU, a cpuset, or theirs every CPU), and the thread stays where it
 * was. */
int hx_host_leave(const cpu_set_t *theirs);

/* Starts a window (reads the load and steal now); cpu is -1 or the pinned
 * CPU, whose /proc/stat line then gives the steal. */
void hx_host_begin(hx_host_window_t *w, int cpu);

/* Ends it (reads steal again). */
void hx_host_end(hx_host_window_t *w);

/* The steal time over the window as a fraction of the CPU time; -1 when
 * unknown. */
double hx_host_steal(const hx_host_window_t *w);

/* The count of KiB in the first line of the file at path
 * (HX_HOST_REPORTED_KIB: free page reporting's) into kib: 0, or -1 when it
 * is missing or not a count (hx_parse_count). */
int hx_host_reported_kib(const char *path, uint64_t *kib);

/* The bytes the kernel handed back to the host over the window; -1 when it
 * does not count them. */
double hx_host_reported(const hx_host_window_t *w);

/* The fraction of the pinned CPU's time that other processes kept it
 * busy over the window; -1 when not pinned or the window is too short. */
double hx_host_other_busy(const hx_host_window_t *w);

/* The "conditions" object; appends noise warnings to warnings. */
json_t *hx_host_window_json(const hx_host_window_t *w, json_t *warnings);
/* Appends to warnings, when other (hx_host_other_busy) is above
 * HX_HOST_OTHER_WARN, the one that says another process kept cpu busy. */
void hx_host_other_warning(json_t *warnings, int cpu, double other);

/* Adds host, virtual, governor, scaling_min_khz, scaling_max_khz, aslr to
 * machine; appends a warning to warnings (may be NULL) when the governor
 * scales the frequency. */
void hx_host_describe(json_t *machine, json_t *warnings);

/* Free page reporting (a balloon that hands the guest's free memory back to
 * its host, Linux's mm/page_reporting.c) reports free blocks of
 * 2^order pages and up; smaller free blocks stay backed by the host, and
 * the page allocator serves a page from the smallest block it has. */
/* The bytes of free memory in blocks under 2^order pages that buddyinfo
 * (the text of /proc/buddyinfo, or of /proc/pagetypeinfo: its Movable rows
 * alone) lists over all its zones, pages of `page` bytes. */
uint64_t hx_host_buddy_below(const char *buddyinfo, int order, size_t page);
/* Where the virtio devices are (HX_HOST_VIRTIO_DIR): 1 when one is a
 * balloon (device 0x0005) that negotiated free page reporting (feature
 * bit 5, VIRTIO_BALLOON_F_REPORTING: the features file's sixth
 * character), else 0. */
#define HX_HOST_VIRTIO_DIR "/sys/bus/virtio/devices"
int hx_host_virtio_reporting(const char *dir);
/* The free memory the guest has not reported to its host now: the bytes
 * of free blocks under /sys/module/page_reporting/parameters/
 * page_reporting_order (hx_host_buddy_below: the movable ones of
 * /proc/pagetypeinfo, which a process's pages come from, where it can be
 * read, as root; else all of /proc/buddyinfo). A first touch of that much
 * fresh memory takes pages the host still backs; beyond it, pages the host
 * took back (at least: blocks freed in the last seconds may not be
 * reported yet). 0, or -1 where no driver reports free memory (a virtio
 * balloon with free page reporting, hx_host_virtio_reporting, or Hyper-V's
 * hv_balloon: a kernel built with page reporting on bare metal has the
 * parameter and reports nothing), the kernel has no page reporting, or
 * /proc/buddyinfo cannot be read. */
int hx_host_free_unreported_bytes(uint64_t *bytes);
#endif /* FB_HX_HOST_H */
