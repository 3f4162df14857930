/*
 * hx_cachesim: simulated cache counts, for machines without a hardware PMU.
 *
 * Runs a command under valgrind's callgrind with its cache simulator
 * (--cache-sim=yes: the same simulator as cachegrind) and reads the totals of
 * the callgrind output file. With a toggle function, only the code executed
 * while that function is on the stack is counted (--toggle-collect), which
 * is how the measured region is isolated. Callgrind rather than cachegrind
 * because cachegrind in valgrind 3.19 cannot restrict counting to a region
 * (its start/stop client requests and --instr-at-start arrived in 3.22).
 *
 * Limits: a simulation, not the hardware. The simulated hierarchy is two
 * levels (I1/D1 and a unified LL, taken from CPUID and rounded to what the
 * simulator supports: associativity and size can differ from the real last
 * level; see ll_config), with no prefetcher, no TLB, no other cores, and the
 * program runs 20-100 times slower. The toggle function must be a real,
 * non-inlined function with a symbol (mark it noinline); children the command
 * execs or forks are not followed. Only one process at a time per output
 * file: each call uses its own temporary files and removes them.
 */
#ifndef FB_HX_CACHESIM_H
#define FB_HX_CACHESIM_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "hx_run.h"

typedef struct hx_cachesim_s {
	/* Instruction reads; data reads, writes. */
	uint64_t ir, dr, dw;
	/* First-level misses: instruction, data read, data write. */
	uint64_t i1mr, d1mr, d1mw;
	/* Last-level misses: instruction, data read, data write. */
	uint64_t ilmr, dlmr, dlmw;
	/* As callgrind states them: "49152 B, 64 B, 12-way associative". */
	char i1_config[64], d1_config[64], ll_config[64];
	char tool[64]; /* "valgrind-3.19.0 callgrind --cache-sim=yes" */
} hx_cachesim_t;

/*
 * Runs argv (argv[0] searched in PATH, NULL-terminated) under
 * valgrind --tool=callgrind --cache-sim=yes [--toggle-collect=toggle_fn],
 * with the command's stdout and stderr going to a temporary log, and fills
 * *out from the output's totals. toggle_fn NULL counts the whole program.
 * Returns 0, or -1 with a one-line message in msg (may be NULL) when
 * valgrind is missing, the command cannot run or exits non-zero, the output
 * cannot be read, or nothing was counted (a toggle function that never ran
 * or was inlined). Temporary files are removed in every case.
 */
int hx_cachesim_run(char *const argv[], const char *toggle_fn,
    hx_cachesim_t *out, char *msg, size_t msglen);

/*
 * A new JSON object { "simulated": true, "tool": "...", "i1": "...",
 * "d1": "...", "ll": "...", "Ir": n, "Dr": n, "Dw": n, "I1mr": n,
 * "D1mr": n, "D1mw": n, "ILmr": n, "DLmr": n, "DLmw": n }, owned by the
 * caller; NULL when out of memory.
 */
json_t *hx_cachesim_json(const hx_cachesim_t *s);

/*
 * The fewest instructions per unit of work the arithmetic needs: flops per
 * unit as fused multiply-adds (two flops a lane) at `lanes` float lanes.
 * 0 when flops, units or lanes is not positive.
 */
double hx_cachesim_insn_min(double flops, double units, int lanes);

/* hx_cachesim_measure handles at most this many run parameters. */
#define HX_CACHESIM_MAX_PARAMS 32

/*
 * Runs the configured variant once more under the simulator: the harness
 * binary (see FB_CACHESIM_HARNESS) with the same parameters (generated from
 * the parameter table), cold run only, in-process, no validation; only
 * hx_run_measured is counted. Adds the counts to r as "cachesim" (with
 * misses and instructions per unit of work, the instruction minimum of the
 * variant's flops at the simulated build's vector width). self is argv[0]
 * of this process.
 * 0, or -1 with msg.
 */
int hx_cachesim_measure(const hx_run_config_t *cfg, const char *self, json_t *r,
    char *msg, size_t msglen);

#endif /* FB_HX_CACHESIM_H */
