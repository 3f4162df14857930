/*
 * rp_bandwidth: the one rule by which the report reads a run's bytes moved
 * a second as a share of bandwidth: against the triad of the cache level
 * that holds the run's working set (its peak workspace and its inputs, by
 * the cache sizes the run recorded: rp_bandwidth_level), measured on as many
 * cores as the run used: `harness ceilings` (ceilings.json) for one thread,
 * `harness ceilings --threads T` (ceilings-threads.json) for T. What limits
 * each variant (one thread) and the threads section (T threads) both read
 * it here, so that "stops at the triad" and "bandwidth" mean the same
 * thing, and each prints the ceiling it used.
 *
 * Limits: a run of T threads whose T-core ceilings were not measured has
 * no ceiling (NAN), never the one-core ceiling scaled; a working set of
 * NAN bytes (no peak recorded) is taken as DRAM's.
 */
#ifndef FB_RP_BANDWIDTH_H
#define FB_RP_BANDWIDTH_H

#include "rp_data.h"

typedef struct rp_bandwidth_ceiling_s {
	const char *level;  /* "L1", "L2", "L3" or "DRAM" */
	int cores;          /* the cores the triad was measured on */
	double bytes_per_s; /* the triad there; NAN when not measured */
	const char *file;   /* the data file it comes from */
} rp_bandwidth_ceiling_t;

/* The cache level whose size first holds bytes, from a run's
 * machine.caches: "L1", "L2", "L3" or "DRAM". */
const char *rp_bandwidth_level(const json_t *r, double bytes);

/* The triad of level ("L1" ... "DRAM") measured on cores cores; pure. */
rp_bandwidth_ceiling_t rp_bandwidth_ceiling(
    const rp_data_t *D, const char *level, int cores);

/* The ceiling of run r: the level of its working set and the threads it
 * ran (params.threads; 1 when absent). NULL r gives DRAM on one core. */
rp_bandwidth_ceiling_t rp_bandwidth_of_run(const rp_data_t *D, const json_t *r);

/* r's bytes moved per second (work.gbytes_per_s) over its ceiling; NAN
 * when either is unknown. */
double rp_bandwidth_share(const rp_data_t *D, const json_t *r);

/* "37.7 GB/s, the DRAM triad on 2 cores" (or "not measured: the DRAM
 * triad on 2 cores") into buf of size len; returns buf. */
char *rp_bandwidth_text(const rp_bandwidth_ceiling_t *c, char *buf, size_t len);

#endif /* FB_RP_BANDWIDTH_H */
