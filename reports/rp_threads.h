/*
 * rp_threads: the report's section "Every core: threads" (threads.*): for
 * each workload a table of each variant's time at every thread count in
 * its threads sets, with its speed-up, parallel efficiency, workspace
 * bounds against the model and limiter (rp_threads_decide) at the most
 * threads, and a figure of speed-up against threads; the chunk trade-off
 * with threads; and the C variants beside the JAX programs at equal thread
 * counts (the sets of reports/jax-sweep.sh).
 *
 * The limiter reads a run's bytes moved a second by the report's one
 * bandwidth rule (rp_bandwidth_* below, shared with the roofline's labels).
 *
 * Limits: a variant's row is its runs at the largest N it has in the sets;
 * at most RP_THREADS_MAX_T thread counts are shown (the smallest).
 */
#ifndef FB_RP_THREADS_H
#define FB_RP_THREADS_H

#include "rp_data.h"
#include "rp_report.h"
#include "rp_workloads.h"

/* At most this many thread counts in a table. */
#define RP_THREADS_MAX_T 4
/* A variant whose bytes moved per second at T threads reach this share of
 * the triad bandwidth on T cores is bandwidth-bound: more threads cannot
 * add bandwidth the memory does not have. */
#define RP_THREADS_BW_SHARE 0.5
/* A parallel efficiency (speed-up / T) at or above this scales. */
#define RP_THREADS_EFFICIENCY 0.8
/* Beside an efficiency over 100%: a one-thread run that took this many
 * times what the variant's own sizes around its N predict
 * (threads.W.V.first_over_predicted) was slow, and the speed-up over it
 * overstates the threads'. */
#define RP_THREADS_SLOW_FIRST 1.25

/* The speed-up issue 13 asks of two threads for interp sorted at the
 * question's size and colony cells at N = 65,536 on this 2-core machine. */
#define RP_THREADS_GOAL 1.6

typedef enum {
	RP_THREADS_UNTESTED,  /* a figure is missing */
	RP_THREADS_BANDWIDTH, /* at the triad ceiling's share or above */
	RP_THREADS_SCALES,    /* below it, efficiency at the threshold */
	RP_THREADS_SHORT,     /* below both: the threads do not pay here */
} rp_threads_limiter_t;

/* The limiter from the share of the triad bandwidth a variant's bytes per
 * second reach at T threads and its efficiency at T; pure. The bandwidth
 * rule decides first (a known share at or above RP_THREADS_BW_SHARE);
 * without a share, only an efficiency at the threshold decides (scales). */
rp_threads_limiter_t rp_threads_decide(double bw_share, double efficiency);

/* The section's facts (threads.*), for templates/notebook/threads.md.j2. */
void rp_threads_facts(rp_report_t *R);
/* After interp's threads table: why interp eager is not at the question's
 * size, with what its runs there would cost (its cold run's time, times
 * the runs of the threads sweep at each of its thread counts;
 * rp_workloads.h's threads_after): the facts threads.W.after.*. */
void rp_threads_interp_after(rp_report_t *R, const rp_workload_t *w);

typedef struct rp_bandwidth_ceiling_s {
	const char *level;  /* "L1", "L2", "L3" or "DRAM" */
	int cores;          /* the cores the triad was measured on */
	double bytes_per_s; /* the triad there; NAN when not measured */
} rp_bandwidth_ceiling_t;

/* The triad of level ("L1" ... "DRAM") measured on cores cores
 * (ceilings.json for one, ceilings-threads.json for more); NAN where it
 * was not measured on that many, never the one-core triad scaled; pure. */
rp_bandwidth_ceiling_t rp_bandwidth_ceiling(
    const rp_data_t *D, const char *level, int cores);
/* The first level, from level `from` (0 L1, 1 L2, 2 L3, 3 DRAM), whose
 * size in run r's machine.caches holds bytes; 3 (DRAM) where none does or
 * a size or bytes is unknown (NAN). Pure. */
int rp_bandwidth_level(const json_t *r, double bytes, int from);
/* Level i's name ("L1" ... "DRAM") as rp_bandwidth_ceiling_t says it. */
const char *rp_bandwidth_level_name(int i);
/* The ceiling of run r: the first level whose size in r's machine.caches
 * holds its working set (peak workspace and inputs; NAN bytes fit none),
 * else DRAM, on the threads it ran (rp_data_threads). NULL r gives DRAM on
 * one core. */
rp_bandwidth_ceiling_t rp_bandwidth_of_run(const rp_data_t *D, const json_t *r);
/* The bytes a unit of r's variant streams from a cache again by its
 * main run's time model (model.work.stream_bytes_per_unit: a hot loop
 * that re-reads its tables, as hoisted's; the model's data term beyond
 * work.bytes); 0 where that model has none or there is no model. */
double rp_bandwidth_stream(const rp_data_t *D, const json_t *r);
/* r's bytes moved per second at the time the report prints for it, the
 * bytes the time model prices: work.bytes and the stream
 * (rp_bandwidth_stream times work.units). A step's bytes (over
 * params.steps) over its median step where the workload is timed by the
 * step (rp_jax_c_unit_time), else a run's over its median run
 * (work.gbytes_per_s and the stream). A step's rate leaves out the first
 * step's page faults, as the step's time does. The stream is read against
 * the ceiling of the level that holds the run's working set, whole; the
 * model prices it at the level of the bytes it ranges over (L3 for
 * hoisted, as its working set) less the share L2 serves
 * (model.work.stream_l2_share, 21% for hoisted), which this rate reads
 * against that level's triad too. */
double rp_bandwidth_rate(const rp_data_t *D, const json_t *r);
/* rp_bandwidth_rate over r's ceiling; NAN when either is unknown. */
double rp_bandwidth_share(const rp_data_t *D, const json_t *r);

#endif /* FB_RP_THREADS_H */
