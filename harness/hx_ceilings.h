/*
 * hx_ceilings: this machine's own ceilings for a roofline, measured the way
 * STREAM measures: the clock's resolution first, then a triad for memory
 * bandwidth and a float32 FMA kernel for arithmetic throughput, each
 * repeated with the first (cold) run skipped, the best run kept, and results
 * validated after the timed region.
 *
 * Limits:
 * - Both kernels run on the calling thread (one core's ceilings), or with
 *   hx_ceilings_measure_threads on a team of T OpenMP threads at once (T
 *   cores' ceilings, for runs with --threads T): the triad's arrays split
 *   statically (first touch by the thread that later streams them), one
 *   FMA kernel per thread, its flops counted T times.
 * - Triad bytes are counted as STREAM counts them, 3 arrays per element
 *   (read b, read c, write a). With ordinary (write-allocate) stores the
 *   hardware also reads a before writing it, so DRAM moves 4 arrays and the
 *   true traffic is 4/3 of what is reported; the 3-array figure is kept
 *   because it compares with published STREAM numbers and with variants'
 *   byte counts, which likewise count what the schedule reads and writes.
 * - The FMA rate is the best of 4 x repeats runs of about 2 ms each (40
 *   by default), so that on a shared machine one of them finds the core
 *   free; fma_flops_spread says how far the slowest fell behind and
 *   fma_runs how many there were (hx_ceilings_best_of).
 * - The FMA kernel keeps independent accumulator chains of 512-bit (when
 *   compiled with __AVX512F__), 256-bit (__FMA__ and __AVX2__) or 128-bit
 *   generic vectors; a CPU whose FMA latency times throughput exceeds the
 *   chain count would be underestimated. Flops count 2 per lane per FMA.
 * - The measurement takes under about 5 s at the default array size on a
 *   current x86-64 server core (3-4 s for 3 x 1.5 GiB on the development
 *   VM); the triad stops repeating once its timed runs have used
 *   HX_CEILINGS_TRIAD_BUDGET_S, after at least one counted run. Most of the
 *   rest is first touch of the arrays; in a VM whose host has taken back the
 *   guest's free memory, that first touch alone can take several seconds
 *   more (12 s seen once on the development VM).
 * - Another busy thread on the same core (or memory channel) lowers the
 *   numbers; run it on a quiet machine.
 * - The cache levels' bandwidths (for a roofline with one roof per level)
 *   are the same triad on three arrays that together fill three quarters
 *   of the level (its size from the machine's cache description), swept
 *   many times per timed sample; they are what one core reaches from that
 *   level, streaming, and NaN when the level's size is unknown. A shared
 *   L3 in a VM may hold less than its stated size for this core.
 */
#ifndef FB_HX_CEILINGS_H
#define FB_HX_CEILINGS_H

#include <stddef.h>

#include <jansson.h>
#include <stdint.h>

#include "hx_disasm.h"

/* The arithmetic ceilings, in this order (names: hx_ceilings_arith_name). */
enum {
	HX_CEILINGS_ADD,    /* vaddps */
	HX_CEILINGS_MUL,    /* vmulps */
	HX_CEILINGS_DIVPS,  /* vdivps */
	HX_CEILINGS_DIVPD,  /* vdivpd */
	HX_CEILINGS_SQRTPS, /* vsqrtps */
	HX_CEILINGS_SQRTPD, /* vsqrtpd */
	HX_CEILINGS_INT,    /* scalar integer add */
	HX_CK_ARITH_COUNT
};
/* The library calls timed, in this order: sinf, cosf. */
#define HX_CEILINGS_CALLS 2
/* The most sizes of the read ladder (hx_ceilings_t.ladder_bytes). */
#define HX_CEILINGS_LADDER 8
/* The streams, in this order. */
enum { HX_CEILINGS_READ, HX_CEILINGS_WRITE, HX_CEILINGS_COPY };
/* The large allocation's size. */
#define HX_CEILINGS_ALLOC_BYTES ((size_t)64 << 20)
/* The FMAs beside the 4 gathers of an iteration of the gather mix
 * (gather_mix_s, gather_l1_mix_s, gather_l2_mix_s): about the time of
 * the gathers from L2 (both about 35 ns on the Intel VM of 2026-12-03). */
#define HX_CEILINGS_GATHER_MIX_FMAS 144

typedef struct hx_ceilings_s {
	/* Best triad rate, bytes per second, 3 arrays counted (see above). */
	double triad_bytes_per_s;
	/* Bytes of each of the three triad arrays. */
	double triad_array_bytes;
	/* Best float32 FMA rate on one core, flops per second: the fastest of
	 * fma_runs short timed runs (about 2 ms each, under a
	 * scheduler time slice). */
	double fma_flops_per_s;
	/* (best - worst) / best of those runs' rates: how much the runs
	 * disagreed (another process on the core shows here, not in the
	 * best). */
	double fma_flops_spread;
	int fma_runs;
	/* float32 lanes per FMA instruction of the kernel (16, 8 or 4). */
	int fma_vector_width;
	/* Smallest observable CLOCK_MONOTONIC increment, seconds. */
	double clock_resolution_s;
	/* "avx512f", "avx2+fma" or "generic". */
	char fma_isa[32];
	/* Seconds of one llvm-mca cycle on this core: the FMA kernel's
	 * measured seconds an iteration (one thread's share of
	 * fma_flops_per_s) over the cycles llvm-mca simulates for its
	 * compiled loop (hx_disasm_mca_cycles), so that a loop's simulated
	 * cycles price at the clock the vector units ran at; and those
	 * cycles. NaN without llvm-mca; mca_program, the llvm-mca that
	 * simulated the loop (hx_disasm_mca_tool), or "none: " and why. */
	double mca_cycle_s;
	double mca_fma_cycles;
	char mca_program[280];
	/* llvm-mca's price of a broadcast from memory, checked: the FMA
	 * kernel with each multiplier read from memory and broadcast every
	 * iteration, one broadcast serving two chains (the form of interp
	 * sorted's loop until a4ebdd6), timed on one thread (bcast_cycles: its
	 * seconds an iteration over mca_cycle_s) against llvm-mca's cycles for
	 * its loop as compiled (mca_bcast_cycles) and with each broadcast fed
	 * as the load of its element (mca_bcast_load_cycles).
	 * mca_broadcast_as_load is 1 where the second is the nearer to the
	 * measured cycles, so the model's issue term feeds llvm-mca every
	 * loop's broadcasts as loads, 0 where the first is, -1 where any is
	 * missing (null in the JSON). On an AMD Zen 4 VM LLVM 19 puts each
	 * 64-byte broadcast on a multiply-add pipe, which the core does not. */
	double bcast_cycles;
	double mca_bcast_cycles;
	double mca_bcast_load_cycles;
	int mca_broadcast_as_load;
	/* Triad rate with the arrays resident in L1d, L2, L3 (index 0..2),
	 * bytes per second counted as above, on `threads` threads (a private
	 * level holds a quarter of itself for each, a shared one a quarter
	 * in all), and each array's bytes in all; NaN when the level's size
	 * is unknown. */
	double level_bytes_per_s[3];
	double level_array_bytes[3];
	/* Threads both kernels ran on at once. */
	int threads;
	/* 1 when only the rates a later measurement compares were measured
	 * (hx_ceilings_measure_drift); the rest is NaN. */
	int drift_only;
	/* The cost of one minor fault (hx_os_fault_seconds: a first write to a
	 * fresh 4 KiB page), seconds, on the calling thread alone: the best of
	 * fault_runs mappings of HX_CEILINGS_FAULT_PAGES pages, and their
	 * spread; NaN (fault_runs 0) when it could not be measured. */
	double fault_s;
	double fault_spread;
	int fault_runs;
	/* The price of giving back one such page (munmap of the faulted
	 * mapping, per page), seconds, best of fault_runs, and the spread: a
	 * run that faults its pages afresh each run gave them back in the
	 * run before (hx_model.h). NaN when not measured. */
	double release_s;
	double release_spread;
	/* The price of a fault of memory the host took back, on a virtual
	 * machine whose balloon reports free memory to its host
	 * (hx_ceilings_measure_host_fault): seconds a fault; the free memory
	 * the guest had not reported when the probe began (the pages a
	 * first touch gets at the guest's price, hx_host_free_unreported_bytes)
	 * and where in the probe's mapping the dear faults began (the whole
	 * probe when none came). NaN when not measured or not found. */
	double host_fault_s;
	double host_fault_unreported_bytes;
	double host_fault_after_bytes;
	/* A page's next touch after HX_CEILINGS_IDLE_GAP_S untouched, and at
	 * once (hx_os_idle_page_seconds; the median of
	 * HX_CEILINGS_IDLE_RUNS each): seconds a page. Part of the host
	 * probe; NaN when not measured. */
	double idle_page_s;
	double idle_page_warm_s;
	/* In-core ceilings (hx_ceilings_kernels.c), on the calling thread,
	 * instructions per second at the build's widest vector, indexed by
	 * HX_CEILINGS_ARITH_*, best of short runs and their spread. */
	double arith_per_s[HX_CK_ARITH_COUNT];
	double arith_spread[HX_CK_ARITH_COUNT];
	/* 12 FMAs and 2 divides of independent chains together: seconds an
	 * iteration, and how far the divides hid under the FMAs (1: the
	 * time is the larger part's, 0: the parts add), for the model's
	 * rule (hx_model.h). */
	double fp_mix_s;
	double fp_overlap;
	/* 4 gathers from the L3 table and 144 FMAs of 12 independent chains
	 * (about the gathers' time from L2) together: seconds an iteration,
	 * and how far the FMAs hid under the gathers (1: fully, 0: the times
	 * add), for the model's rule joining the gathers with the rest of a
	 * loop's in-core work. */
	double gather_mix_s;
	double gather_fp_overlap;
	/* The same with the gathers from the L1 table, for a loop whose
	 * gathers L1 serves (interp tiled's: a tile of points against one
	 * table): 0.42 there against 0.56 from L3 on the development VM,
	 * with 24 FMAs beside the gathers. */
	double gather_l1_mix_s;
	double gather_l1_fp_overlap;
	/* The same from the L2 table, for a loop whose gathers L2 serves
	 * (interp tiled's on a 48 kB L1: two tables beside a tile of points,
	 * 57 kB), where the model had used L3's. */
	double gather_l2_mix_s;
	double gather_l2_fp_overlap;
	/* A gather of fma_vector_width float32 entries at random indices from
	 * a table resident in L1, L2, L3, DRAM (index 0..3): indices per
	 * second, spread, and the table's bytes. */
	double gather_per_s[4];
	double gather_spread[4];
	double gather_table_bytes[4];
	/* The stencil of a cubic interpolation from the same tables: 4
	 * gathers at adjacent entries of one random index, in one line,
	 * points a second (a point: one index and its 4 entries). The model
	 * prices a gather lane that re-reads a line an earlier gather of its
	 * iteration fetched at a third of the stencil's time over one
	 * gather's (hx_model.c). Its spread as the one gather's: the stencil
	 * from L3 has read 0.23 and 0.27 G points a second from one `harness
	 * ceilings` to the next on the Intel Xeon VM (2026-12-06). */
	double gather_stencil_per_s[4];
	double gather_stencil_spread[4];
	/* Streaming read, write, copy (HX_CEILINGS_STREAM_*) per level
	 * (0..3), bytes per second the program reads plus writes (copy
	 * counts both), vector loads and stores; and each array's bytes. */
	double stream_bytes_per_s[3][4];
	double stream_array_bytes[4];
	/* The read stream on one array of each size from twice L3's stream
	 * array, doubling, up to the stated L3 (at most
	 * HX_CEILINGS_MAX_DEFAULT_BYTES and HX_CEILINGS_LADDER sizes), bytes
	 * per second, best of runs. A VM may state more L3 than one core
	 * gets (the Intel Xeon VM states 480 MiB and read 16 GB/s, DRAM's
	 * rate, from 126 MB): the time model takes L3 to hold what the
	 * ladder reads faster than halfway to DRAM (hx_model.c). 0 sizes
	 * where the stated L3 is under the first. */
	int ladder_sizes;
	double ladder_bytes[HX_CEILINGS_LADDER];
	double ladder_read_bytes_per_s[HX_CEILINGS_LADDER];
	/* Gathers at random indices, one gather a point and the stencil of
	 * 4 (as gather_per_s and gather_stencil_per_s), from tables of each
	 * size from twice L2's gather table, doubling, up to twice L3's
	 * (gather_table_bytes[2]), each on memory mapped afresh, so with the
	 * pages a variant's tables get (the L3 table lies where the
	 * allocator puts it: on the Intel Xeon VM, in the triad's huge
	 * pages). The time model prices gathers from L3 at the rate of
	 * their own tables' size (hx_model.c). 0 sizes where L3's table is
	 * under the first. */
	int gather_ladder_sizes;
	double gather_ladder_bytes[HX_CEILINGS_LADDER];
	double gather_ladder_per_s[HX_CEILINGS_LADDER];
	double gather_stencil_ladder_per_s[HX_CEILINGS_LADDER];
	/* malloc, a first write to each 4 KiB page, free, of
	 * HX_CEILINGS_ALLOC_BYTES (fresh), and the same writes to a block
	 * kept (reuse), seconds, best of runs: fresh - reuse is the
	 * allocator's and the kernel's price of a large block. */
	double alloc_fresh_s;
	double alloc_reuse_s;
	/* Latencies, seconds, by hx_lat_t (hx_ceilings_latency.c): one
	 * dependent chain of each kind of instruction at the build's widest
	 * vector (integer: scalar adds; load: a pointer chase in L1; gather:
	 * indices from a gather's own result), best of short runs; NaN where
	 * the build has no such kernel. HX_LAT_MOVE is 0. */
	double latency_s[HX_LAT_CLASSES];
	/* The instructions the core holds waiting for their inputs
	 * (hx_flow.h): a kernel of independent iterations, each a chain of
	 * FMAs with integer work waiting on every link, timed; its sum of
	 * starts (at the measured FMA latency) over its time an iteration.
	 * NaN where the build has no such kernel. */
	double wait_window;
	double window_iteration_s;
	/* Seconds a call of each library function (hx_ceilings_call_name)
	 * takes in a loop over angles in [0, 2 pi), best of short runs: the
	 * price of a call the time model finds in a loop (hx_disasm.h). */
	double call_s[HX_CEILINGS_CALLS];
} hx_ceilings_t;

/* Error codes; negative, as libpfm's. */
enum {
	HX_CEILINGS_OK = 0,
	HX_CEILINGS_EINVAL = -1, /* NULL c or a too small array */
	HX_CEILINGS_ENOMEM = -2, /* the triad arrays could not be allocated */
	HX_CEILINGS_EVALID = -3, /* a kernel's result was wrong */
	HX_CEILINGS_ECLOCK = -4  /* clock_gettime failed or does not advance */
};

/* Repeats when the caller passes 0. */
#define HX_CEILINGS_DEFAULT_REPEATS 10
/* Default triad arrays are at least this large... */
#define HX_CEILINGS_MIN_DEFAULT_BYTES ((size_t)256 << 20)
/* ...and at most this large: STREAM's rule for a last-level cache of
 * 256 MiB. A guest may state its host's whole L3: the Intel Xeon VM
 * states 480 MiB, which made 1.9 GB arrays, while a one-thread triad ran
 * at 15.1 GB/s on arrays of 64, 128, 256 and 512 MiB and 15.4 GB/s at
 * 2 GiB (2026-12-06), the cache this guest gets long left behind; their
 * first touch, at the host's price for pages it took back, was half of
 * `harness ceilings`'s 33 s (perf: clear_page_erms 49% of its samples).
 * At 1 GiB there: 19.7 s, the triad and DRAM rates within 2% of the
 * 1.9 GB arrays'. Where one core sees more L3 than 256 MiB, the arrays
 * are under four times it, and the cache's share may lift the triad. */
#define HX_CEILINGS_MAX_DEFAULT_BYTES ((size_t)1 << 30)
/* ...and the triad stops repeating after this many timed seconds. */
#define HX_CEILINGS_TRIAD_BUDGET_S 1.0
/* The fault cost's mapping, 64 MiB of 4 KiB pages (about 20 ms a run),
 * and its runs. */
#define HX_CEILINGS_FAULT_PAGES 16384
#define HX_CEILINGS_FAULT_RUNS 5

/*
 * Measures the ceilings into *c. triad_array_bytes is the size of each of
 * the three float arrays (rounded down to 64 bytes, at least 1 KiB); 0 means
 * 4 times the last-level cache that sysconf(_SC_LEVEL3_CACHE_SIZE) reports
 * (STREAM's rule), at least HX_CEILINGS_MIN_DEFAULT_BYTES and at most
 * HX_CEILINGS_MAX_DEFAULT_BYTES and an eighth of physical memory. repeats
 * counts the timed runs of each kernel after its skipped first run; 0 means
 * HX_CEILINGS_DEFAULT_REPEATS. Returns HX_CEILINGS_OK, or a negative
 * HX_CEILINGS_E* code with *c unspecified. Allocates and frees the arrays
 * itself.
 */
int hx_ceilings_measure(
    hx_ceilings_t *c, size_t triad_array_bytes, unsigned repeats);
/* As hx_ceilings_measure, on `threads` threads at once (1 to
 * VARIANT_THREADS_MAX; else HX_CEILINGS_EINVAL). */
int hx_ceilings_measure_threads(
    hx_ceilings_t *c, size_t triad_array_bytes, unsigned repeats, int threads);
/*
 * The rates that tell how far the machine's speed moved since an earlier
 * measurement, alone, on the calling thread: the FMA rate, the arithmetic
 * kernels (divides among them), the L1 and L3 gathers (best of the same
 * rounds) and DRAM's read on an array of the default triad size. The rest
 * of *c is NaN and drift_only 1. `harness ceilings --drift` took 4.9 s
 * where the whole measurement took 21 s (Intel Xeon VM, 2026-12-06): no
 * triad, no levels' streams, no read ladder, no fault or allocation.
 * DRAM's read runs first, as the triad does in the whole measurement:
 * the gather tables then reuse its huge-page memory, as they do there
 * (docs/counters.md, "The rates again, alone").
 */
int hx_ceilings_measure_drift(hx_ceilings_t *c);

/*
 * The best of n timed runs of one kernel: the shortest positive, finite
 * time into *best, and into *spread the runs' disagreement as rates,
 * (fastest - slowest) / fastest = 1 - shortest / longest (0 when all
 * agree). Times that are not positive and finite are ignored. Returns 0,
 * or -1 (outputs untouched) when no time counts.
 */
int hx_ceilings_best_of(
    const double *seconds, size_t n, double *best, double *spread);

/*
 * The in-core ceilings and the L1, L2, L3 gathers and streams into *c
 * (hx_ceilings_kernels.c; one thread); the DRAM gather and streams on the
 * caller's arrays a and b of bytes each (touched already); the large
 * allocation's price. Each returns HX_CEILINGS_OK or a negative code.
 */
int hx_ceilings_measure_levels_core(hx_ceilings_t *c);
int hx_ceilings_measure_dram(
    hx_ceilings_t *c, float *a, float *b, size_t bytes);
int hx_ceilings_measure_alloc(hx_ceilings_t *c);
/* hx_ceilings_measure_drift's parts (one thread): DRAM's read of the
 * caller's array a of bytes (touched already); the arithmetic kernels and
 * the L1 and L3 gathers, best of the levels' rounds. */
int hx_ceilings_measure_dram_read(
    hx_ceilings_t *c, const float *a, size_t bytes);
int hx_ceilings_measure_drift_core(hx_ceilings_t *c);
/* The page release's price into c->release_s and release_spread (NaN when
 * the mapping fails: no error, as the fault's). */
void hx_ceilings_measure_release(hx_ceilings_t *c);
/* The host's fault price (host_fault_*): where the kernel reports free
 * pages, one mapping of the free memory not reported plus
 * HX_CEILINGS_HOST_BEYOND (at most the memory available less 1 GiB, and
 * HX_CEILINGS_HOST_MAX), faulted HX_CEILINGS_HOST_CHUNK at a time until,
 * past the memory not reported, HX_OS_HOST_SKIP + HX_OS_HOST_CHUNKS chunks
 * in a row cost over 3 x fault_s a fault, the price the median of the
 * last HX_OS_HOST_CHUNKS (hx_os_fault_host): `harness ceilings` took 13.4 s
 * against 6.8 s with --no-host-probe on the Zen 4 VM (2026-12-05), with
 * four chunks; the twelve more add about 3 s at 15 us a fault.
 * Needs fault_s; not part of hx_ceilings_measure, whose callers in tests need
 * no such probe: `harness ceilings` and --model without --ceilings call it.
 * It measures the idle page's price (idle_page_*) first, fault_s or not. */
#define HX_CEILINGS_HOST_BEYOND ((size_t)4 << 30)
/* The idle page's probe (idle_page_*): a 16 MiB mapping, idle 1 s, three
 * times: the probe takes about 3 s more. */
#define HX_CEILINGS_IDLE_PAGES 4096
#define HX_CEILINGS_IDLE_GAP_S 1.0
#define HX_CEILINGS_IDLE_RUNS 3
#define HX_CEILINGS_HOST_MAX ((size_t)12 << 30)
#define HX_CEILINGS_HOST_CHUNK ((size_t)64 << 20)
void hx_ceilings_measure_host_fault(hx_ceilings_t *c);

/* The latencies and the waiting window into c (hx_ceilings_latency.c):
 * HX_CEILINGS_OK, or HX_CEILINGS_ECLOCK. Needs nothing measured before. */
int hx_ceilings_measure_latency(hx_ceilings_t *c);
/* The library calls' prices into c->call_s (hx_ceilings_latency.c):
 * HX_CEILINGS_OK, or HX_CEILINGS_ECLOCK. */
int hx_ceilings_measure_calls(hx_ceilings_t *c);
/* The JSON name of latency class l ("fma", "add", ..., "load"), NULL for
 * HX_LAT_MOVE and out of range. */
const char *hx_ceilings_latency_name(int l);
/* The window kernel's sum of its instructions' starts an iteration, in
 * FMA latencies (hx_flow.h's rule applied to its chain): the tests check
 * it against hx_flow on the kernel's compiled loop. */
double hx_ceilings_window_starts(void);

/*
 * Times run(k, arg): k doubled from k0 until a run lasts about 1.5 ms
 * (those runs are the warm-up), then 15 runs at that k, k doubled and the
 * 15 runs again while the best is under half that length (a preempted
 * run stopped the doubling early); *k_out the size, *best and *spread as
 * hx_ceilings_best_of. 0, or -1 when the clock fails.
 */
int hx_ceilings_time(void (*run)(uint64_t k, const void *arg), const void *arg,
    uint64_t k0, uint64_t *k_out, double *best, double *spread);

/* "sinf", "cosf" for calls 0 and 1; NULL out of range. */
const char *hx_ceilings_call_name(int i);

/* "add", "mul", "divps", "divpd", "sqrtps", "sqrtpd", "int" for
 * HX_CEILINGS_ADD..INT; NULL out of range. */
const char *hx_ceilings_arith_name(int i);

/* A static description of an hx_ceilings_measure return code. */
const char *hx_ceilings_strerror(int err);

/*
 * A new jansson object with every field of *c, plus "triad_bytes_counted"
 * and "minor_fault_counted" saying how bytes and faults were counted; a field
 * that is not finite becomes null. The caller owns the reference (json_decref).
 * Returns NULL when c is NULL or jansson cannot allocate.
 */
json_t *hx_ceilings_json(const hx_ceilings_t *c);

/*
 * The smallest observable increment of clock_gettime(CLOCK_MONOTONIC) in
 * seconds, as STREAM's checktick finds it: the minimum, over 20 samples, of
 * the step between consecutive distinct readings. On a vDSO clock this is
 * the cost of a call rather than the counter's granularity. Returns NAN when
 * clock_gettime fails.
 */
double hx_clock_resolution(void);

#endif /* FB_HX_CEILINGS_H */
