/*
 * hx_isolate: each measured run in a forked child, behind an address-space
 * limit, so that a run that crashes, is killed or runs out of memory becomes
 * a "failed" result and the runs after it go on.
 *
 * The child measures (hx_run_result) and sends its result object back
 * through a pipe; the parent waits and turns any other ending into a failed
 * result that names the signal or exit status. Before forking, a run whose
 * predicted peak (hx_run_predicted_bytes) exceeds the memory limit is skipped,
 * never attempted.
 *
 * Limits: the address-space limit is not applied in AddressSanitizer builds
 * (ASan reserves terabytes of shadow address space).
 */
#ifndef FB_HX_ISOLATE_H
#define FB_HX_ISOLATE_H

#include <jansson.h>

#include "hx_run.h"

/* The default memory limit: a safe fraction of the memory available now. */
uint64_t hx_isolate_default_limit(void);

/* Runs cfg in a child (or in this process when fork_child is 0). Returns the
 * result object (status ok, skipped or failed), owned by the caller; NULL
 * only when out of memory. */
json_t *hx_isolate_run(const hx_run_config_t *cfg, int fork_child);

/*
 * Runs cfgs[0..n-1] each in its own child, interleaved run by run: every
 * child builds its inputs in turn, then they take turns, one run (cold,
 * warm-up or timed) of each in order, so that a drift of the machine hits
 * all of them alike; only one measures at any time. A child that ends
 * (finished or failed) is collected before the next one runs. Configs over
 * the memory limit are skipped as by hx_isolate_run; when the others'
 * predicted peaks together pass the limit, they run one after another
 * instead. results[i] receives cfgs[i]'s result (owned by the caller).
 * Returns 0, or -1 when out of memory (results then hold NULLs).
 */
int hx_isolate_interleave(
    const hx_run_config_t *cfgs, size_t n, json_t **results);

/* What cfg adds to an interleaved group's predicted peaks, which together
 * must stay under the limit for its runs to take turns: its predicted
 * peak, or 0 when that passes its own limit (it is skipped, never
 * started). */
uint64_t hx_isolate_group_bytes(const hx_run_config_t *cfg);

/* Sets conditions.other_busy_fraction of each of results[0..n) that has
 * one (a pinned run's, null from its own window: hx_host_window_t.shared)
 * to other (negative: null), the time others than the group's own
 * processes kept cpu busy over the group, with its warning
 * (hx_host_other_warning). */
void hx_isolate_group_other_busy(
    json_t **results, size_t n, int cpu, double other);

/* 1 when a thread of this process other than the caller is running or
 * waiting for a CPU (state R in /proc/self/task/TID/stat), else 0. An
 * interleaved child waits at its gate until this is 0 (at most 250 ms):
 * libgomp's workers spin at their barrier for milliseconds after a run
 * before they sleep, and would take a core from the next child's run. */
int hx_isolate_others_running(void);

/* cfg's float64 reference digest into digest (digest_count figures),
 * computed in a child like a run (so that a sweep stopped meanwhile
 * stops it too). 0, or -1 (stopped, or the reference failed). */
int hx_isolate_reference(const hx_run_config_t *cfg, double *digest);

/* Kills (SIGKILL) every measuring child alive now; async-signal-safe,
 * for a handler that stops a sweep at once instead of after the runs under
 * way. Their results then read "failed", killed by signal 9, and no child
 * is started after it (those runs fail, "not started: stopped"). A child
 * also dies when the process that forked it does (PR_SET_PDEATHSIG). */
void hx_isolate_stop_children(void);

#endif /* FB_HX_ISOLATE_H */
