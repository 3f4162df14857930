/*
 * hx_sweep_files: the files a sweep keeps beside PREFIX.jsonl: the
 * names of its --timeline-dir files, the check that it never writes over
 * a timeline it did not make, and PREFIX.jsonl.lock, which keeps a second
 * sweep off a prefix while one runs (each rewrites the whole file after
 * every run: the last writer's runs would be all that is left).
 *
 * A run's timeline is DIR/BASE-WORKLOAD-VARIANT-K=V-...csv: BASE the
 * prefix's last component (two sweeps with other prefixes can share a
 * folder), then every parameter of the run by name and value, so that two
 * runs of one sweep that differ in any parameter (m, g, seed, threads, a
 * workload's own) have two files. A name longer than fits in a folder ends
 * in a hash of the whole name instead of its tail.
 *
 * The lock is flock(2) on PREFIX.jsonl.lock, which holds "harness sweep
 * lock, pid N": the kernel drops it when the sweep ends, however it ends,
 * so a file left by a killed sweep locks nothing; a file of that name that
 * is not such a lock is someone else's and refused, never replaced.
 *
 * Limits: names of up to 200 bytes before the hash; characters other than
 * letters, digits and . _ = - in a value are written as _. The lock holds
 * on one machine (flock over NFS depends on the server).
 */
#ifndef FB_HX_SWEEP_FILES_H
#define FB_HX_SWEEP_FILES_H

#include <stddef.h>

#include "hx_sweep_plan.h"

/* cfg's timeline path in plan->timeline_dir, for the sweep whose results
 * go to s->jsonl_path, into buf (len bytes). */
void hx_sweep_files_timeline_path(const sweep_plan_t *plan, const sweep_t *s,
    const hx_run_config_t *cfg, char *buf, size_t len);

/* Before the first run, with --timeline-dir: a timeline file the plan
 * would write that is already there belongs to an earlier sweep. Without
 * --force or --resume it is refused (-1 with msg naming it); with --force
 * it is set aside with the results (hx_sweep_files_set_aside); with --resume
 * the runs still to do write theirs again (an interrupted run's is not a
 * result). 0 otherwise. */
int hx_sweep_files_check_timelines(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen);

/* --force: the earlier sweep's files (PREFIX.jsonl, .csv, .gbench.json)
 * and the timelines the plan would write over, set aside under one
 * number (hx_file_set_aside). 0, or -1 with msg. */
int hx_sweep_files_set_aside(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen);

/* Takes PREFIX.jsonl.lock: 0 and *fd its descriptor, or -1 with msg
 * (another sweep holds it, naming its pid; or the name is not a lock). */
int hx_sweep_files_lock(const sweep_t *s, int *fd, char *msg, size_t msglen);

/* Removes the lock file and releases fd (-1: nothing to release). */
void hx_sweep_files_unlock(const sweep_t *s, int fd);

#endif /* FB_HX_SWEEP_FILES_H */
