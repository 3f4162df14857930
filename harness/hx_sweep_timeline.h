/*
 * hx_sweep_timeline: the names of a sweep's --timeline-dir files, and the
 * check that a sweep never writes over a timeline it did not make.
 *
 * A run's timeline is DIR/BASE-WORKLOAD-VARIANT-K=V-...csv: BASE the
 * prefix's last component (two sweeps with other prefixes can share a
 * folder), then every parameter of the run by name and value, so that two
 * runs of one sweep that differ in any parameter (m, g, seed, threads, a
 * workload's own) have two files. A name longer than fits in a folder ends
 * in a hash of the whole name instead of its tail.
 *
 * Limits: names of up to 200 bytes before the hash; characters other than
 * letters, digits and . _ = - in a value are written as _.
 */
#ifndef FB_HX_SWEEP_TIMELINE_H
#define FB_HX_SWEEP_TIMELINE_H

#include <stddef.h>

#include "hx_sweep_plan.h"

/* cfg's timeline path in plan->timeline_dir, for the sweep whose results
 * go to s->jsonl_path, into buf (len bytes). */
void hx_sweep_timeline_path(const sweep_plan_t *plan, const sweep_t *s,
    const hx_run_config_t *cfg, char *buf, size_t len);

/* Before the first run, with --timeline-dir: a timeline file the plan
 * would write that is already there belongs to an earlier sweep. Without
 * --force or --resume it is refused (-1 with msg naming it); with --force
 * it is set aside with the results (hx_sweep_set_aside_all); with --resume
 * the runs still to do write theirs again (an interrupted run's is not a
 * result). 0 otherwise. */
int hx_sweep_timelines_check(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen);

/* --force: the earlier sweep's files (PREFIX.jsonl, .csv, .gbench.json)
 * and the timelines the plan would write over, set aside under one
 * number (hx_file_set_aside). 0, or -1 with msg. */
int hx_sweep_set_aside_all(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen);

#endif /* FB_HX_SWEEP_TIMELINE_H */
