/*
 * hx_counters: hardware and software event counts around the measured region,
 * through libpfm4 (names to perf_event_attr) and perf_event_open.
 *
 * Every event name is encoded by libpfm4 (PFM_OS_PERF_EVENT_EXT) and opened
 * for the calling thread only (pid 0, cpu -1, no inherit; hx_counters_open_pid
 * instead opens them on another process, inherited), user space only
 * (exclude_kernel and exclude_hv are forced on, whatever modifiers the name
 * carries), disabled, with PERF_FORMAT_TOTAL_TIME_ENABLED|RUNNING. Hardware
 * events form one group (leader: the first hardware event that opens); an
 * event that cannot join the group is opened on its own. Software events are
 * always opened on their own.
 *
 * Two worlds, both normal: with a hardware PMU driver every event counts;
 * without one (a VM whose hypervisor hides the PMU: perf_event_open gives
 * ENOENT for cycles) only software events count. Opening never fails because
 * the machine lacks a counter: such a counter carries HX_COUNTER_UNSUPPORTED
 * and a reason naming the errno's meaning, and hardware_pmu/pmu_note say
 * which world this is. Only bad input (a name libpfm4 does not know, an empty
 * or malformed list) is an error.
 *
 * Multiplexing: when the kernel time-shares counters, a count covers only
 * time_running of time_enabled and is scaled by enabled/running
 * (hx_counters_scale); below HX_COUNTERS_WARN_RATIO of the time the estimate
 * is flagged (warn, reason text, "warning" in the JSON).
 *
 * Limits: one thread (threads the measured code starts are not counted,
 * except with hx_counters_open_threads, which counts those it starts after
 * the open);
 * counts are user-space only; the generic "perf::" events map to different
 * native events per CPU (see HX_COUNTERS_DEFAULT); pfm_initialize is called
 * once per process and pfm_terminate never (other modules may use libpfm4).
 * Not thread-safe: one hx_counters_t per thread.
 */
#ifndef FB_HX_COUNTERS_H
#define FB_HX_COUNTERS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <jansson.h>

/*
 * The default events, as libpfm4 names. The "perf::" prefix pins the name to
 * libpfm4's generic perf_events PMU, which exists on every Linux machine, so
 * the name encodes the same way whatever CPU-specific PMU libpfm4 detects
 * (without the prefix, a native PMU listed earlier could claim the name).
 *   cycles, instructions      PERF_COUNT_HW_CPU_CYCLES / INSTRUCTIONS
 *   cache-misses              PERF_COUNT_HW_CACHE_MISSES: last-level misses on
 *                             Intel; on AMD Zen the kernel maps it to L2
 *                             misses from L1 (the kernel has no LLC-load-misses
 *                             for AMD Zen: ENOENT even with a PMU, so
 *                             LLC-load-misses is not the portable choice)
 *   L1-dcache-load-misses     PERF_COUNT_HW_CACHE_L1D:READ:MISS
 *   dTLB-load-misses          PERF_COUNT_HW_CACHE_DTLB:READ:MISS
 *   branch-misses             PERF_COUNT_HW_BRANCH_MISSES
 *   task-clock, page-faults,  software events (PERF_TYPE_SOFTWARE); libpfm4
 *   context-switches          4.13 lists them under "perf::" too (it has no
 *                             separate "perf_sw" PMU name)
 */
#define HX_COUNTERS_DEFAULT                                                    \
	"perf::cycles,perf::instructions,perf::cache-misses,"                  \
	"perf::L1-dcache-load-misses,perf::dTLB-load-misses,"                  \
	"perf::branch-misses,perf::task-clock,perf::page-faults,"              \
	"perf::context-switches"

/* Below this running/enabled ratio a scaled count is flagged as unreliable. */
#define HX_COUNTERS_WARN_RATIO 0.5

/* Error codes: 0 success, negative failure (hx_counters_strerror). */
enum {
	HX_COUNTERS_OK = 0,
	HX_COUNTERS_EINVAL = -1,   /* bad argument (NULL) */
	HX_COUNTERS_ELIST = -2,    /* empty or malformed event list */
	HX_COUNTERS_EEVENT = -3,   /* libpfm4 cannot encode an event name */
	HX_COUNTERS_EPFMINIT = -4, /* pfm_initialize failed */
	HX_COUNTERS_ENOMEM = -5,   /* out of memory */
	HX_COUNTERS_ESYS = -6,     /* ioctl or read on a counter failed */
};

typedef enum {
	HX_COUNTER_OK,          /* counted all the enabled time: exact */
	HX_COUNTER_SCALED,      /* multiplexed: value = raw * enabled/running */
	HX_COUNTER_UNSUPPORTED, /* did not open, or never scheduled: no value */
} hx_counter_status_t;

typedef struct hx_counter_s {
	char name[96]; /* as given in the list */
	int fd;        /* -1 when unsupported */
	int software;  /* PERF_TYPE_SOFTWARE: never grouped */
	hx_counter_status_t status;
	char reason[160]; /* why unsupported/scaled; "" when OK */
	/* Since the last reset, summed over enable/disable pairs. */
	uint64_t raw, time_enabled, time_running;
	double value;         /* scaled count; NAN when unsupported */
	double running_ratio; /* time_running / time_enabled, 1 when exact */
	int warn;             /* scaled from under HX_COUNTERS_WARN_RATIO */
	/* Private. */
	int leader; /* index of this counter's group leader (itself if alone) */
	uint64_t base_raw, base_enabled, base_running;
} hx_counter_t;

typedef struct hx_counters_s {
	size_t count;
	hx_counter_t *c; /* count entries, owned */
	/* 1: a hardware PMU driver is present (cycles opens); 0: absent
	 * (ENOENT/EOPNOTSUPP for cycles); -1: unknown (perf_event_open is
	 * forbidden, e.g. perf_event_paranoid=3, or failed otherwise). */
	int hardware_pmu;
	char pmu_note[200]; /* one line for people, saying the above */
	int paranoid; /* /proc/sys/kernel/perf_event_paranoid, -9 unread */
	/* 1: opened with hx_counters_open_threads (the threads started after
	 * the open are counted too, summed into each count). */
	int threads;
} hx_counters_t;

/*
 * Encodes and opens the events of list (comma-separated libpfm4 names; NULL
 * means HX_COUNTERS_DEFAULT), all disabled and zero. Returns 0 on success,
 * including when some or all counters are unsupported on this machine (their
 * status and reason say why). Returns a negative code with a one-line message
 * in msg (msg may be NULL) for bad input: an empty list, an empty name
 * (",,", a trailing comma), a name longer than 95 characters, or a name
 * libpfm4 cannot encode. On failure cs holds nothing to close.
 */
int hx_counters_open(
    hx_counters_t *cs, const char *list, char *msg, size_t msglen);

/*
 * As hx_counters_open, for another process pid (pid 0: the calling thread,
 * exactly hx_counters_open): its counters are inherited by every child and
 * thread it creates after this call, and they enable themselves when pid next
 * calls execve (enable_on_exec), so that opening them between fork and exec
 * counts the command from its first instruction to its exit, children
 * included. Read them after pid has exited (a child's counts are added when
 * it exits). hx_counters_enable is then not needed.
 */
int hx_counters_open_pid(
    hx_counters_t *cs, const char *list, pid_t pid, char *msg, size_t msglen);

/*
 * As hx_counters_open, for the calling thread and every thread it starts
 * after this call (inherited, summed into each count as it is read, with
 * the statuses of the calling thread's counters): a threaded run opens its
 * counters before its first parallel region starts libgomp's pool. Threads
 * that already exist (a pool started earlier in the process) are not
 * counted.
 */
int hx_counters_open_threads(
    hx_counters_t *cs, const char *list, char *msg, size_t msglen);

/*
 * Start and stop counting, around each measured repeat. Counts accumulate
 * across enable/disable pairs until hx_counters_reset. Unsupported counters
 * are skipped. Return 0 or HX_COUNTERS_ESYS (errno kept).
 */
int hx_counters_enable(hx_counters_t *cs);
int hx_counters_disable(hx_counters_t *cs);

/*
 * Zeroes counts and times. PERF_EVENT_IOC_RESET clears the count but not
 * time_enabled/time_running, so this takes a baseline of all three that
 * hx_counters_read subtracts. Returns 0 or HX_COUNTERS_ESYS.
 */
int hx_counters_reset(hx_counters_t *cs);

/*
 * Reads raw, time_enabled and time_running of every open counter and fills
 * value, running_ratio, status, reason and warn through hx_counters_scale.
 * Returns 0 or HX_COUNTERS_ESYS.
 */
int hx_counters_read(hx_counters_t *cs);

/*
 * The multiplexing arithmetic, in long double so that raw*enabled cannot
 * overflow:
 *   enabled == 0              never enabled: value raw, OK, ratio 1
 *   running >= enabled > 0    counted throughout: value raw, OK, ratio 1
 *   0 < running < enabled     value raw*enabled/running, SCALED,
 *                             ratio running/enabled (the caller flags
 *                             ratio < HX_COUNTERS_WARN_RATIO)
 *   running == 0 < enabled    never scheduled (multiplexed out, or a group
 *                             that does not fit the PMU): NAN, UNSUPPORTED,
 *                             ratio 0; the caller gives the reason
 * status and ratio may be NULL.
 */
double hx_counters_scale(uint64_t raw, uint64_t enabled, uint64_t running,
    hx_counter_status_t *status, double *ratio);

/*
 * Fills c's value, running_ratio, status, reason and warn from its raw,
 * time_enabled and time_running (hx_counters_read calls it for every open
 * counter): SCALED gets a reason saying how much of the time was counted,
 * and warn when under HX_COUNTERS_WARN_RATIO; never scheduled gets status
 * UNSUPPORTED, warn, and the reason "never scheduled (...)".
 */
void hx_counters_classify(hx_counter_t *c);

/*
 * A new JSON object { "<event>": { "value": value/runs or null, "status":
 * "ok"|"scaled"|"unsupported", "reason": "...", "raw": n, "time_enabled": n,
 * "time_running": n, "running_ratio": r, "software": b, "warning": b }, ... }
 * in list order; runs <= 0 counts as 1. The caller owns it (json_decref).
 * NULL when out of memory.
 */
json_t *hx_counters_json(const hx_counters_t *cs, double runs);

/* A new JSON object { "hardware_pmu": true|false|null, "note": "...",
 * "perf_event_paranoid": n }, owned by the caller; NULL when out of memory. */
json_t *hx_counters_pmu_json(const hx_counters_t *cs);

/*
 * The value (total since reset, scaled) of the counter called name, matched
 * exactly or by the part after "::" ("cycles" finds "perf::cycles"). Sets *ok
 * (may be NULL) to 1 when found with a value, else 0 and returns NAN. For
 * derived figures: IPC = get("instructions") / get("cycles").
 */
double hx_counters_get(const hx_counters_t *cs, const char *name, int *ok);

/* Closes every counter and frees cs->c; cs may then be opened again. */
void hx_counters_close(hx_counters_t *cs);

/* A static string for an error code of this module. */
const char *hx_counters_strerror(int code);

/* A static string for a status: "ok", "scaled", "unsupported". */
const char *hx_counters_status_name(hx_counter_status_t status);

#endif /* FB_HX_COUNTERS_H */
