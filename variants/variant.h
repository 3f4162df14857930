/*
 * variant: the one shape every workload and every variant of fusebench takes.
 *
 * A workload (interp, colony) fixes the mathematics, its parameters and an
 * independent float64 reference. A variant is one schedule of that workload:
 * what it materializes, in what order, with what layout. The harness only ever
 * sees these two tables; it never knows a workload's mathematics, and a
 * variant never includes instrumentation.
 *
 * A measured run is: reset (not timed), steps 0..steps-1 (each timed), digest
 * (not timed). Everything a step allocates through malloc counts as the
 * variant's workspace; everything setup allocates is the input.
 *
 * variants/ builds with -Ivariants alone into its own library (Makefile:
 * libvariants.a), and the build fails if a variant file reaches a harness
 * header: what a variant needs from the measuring side (the allocator's size
 * classes) comes in as a function argument.
 *
 * Threads: params_t.threads (T, 1 by default) is how many OpenMP threads a
 * step may use. With T = 1 a variant runs its single-threaded schedule on the
 * calling thread. With T > 1 it splits its work with a static schedule
 * (thread t always gets the same share for a given T), keeps per-thread
 * partial sums indexed by thread number and adds them in thread order, so a
 * given T gives the same digest on every run. The harness measures the
 * workspace as the sum of the team's per-thread peaks, so the team of a step
 * must be the one `#pragma omp parallel num_threads(T)` gives (libgomp's pool
 * threads, reused from region to region).
 *
 * Optional callbacks (a plugin may leave them NULL; the harness's own
 * variants fill them all): workload_t.steps (NULL: one step a run), .units
 * (NULL: N units, params_t.n), .input_bytes (NULL: no input bytes),
 * .smoke (NULL: left out of `harness list --smoke`), .extra_params (NULL:
 * none); variant_t.check (NULL: the workload's check alone), .reset (NULL:
 * nothing to restore between runs), .flops and .bytes (NULL: no count; the
 * result has no work.flops, work.bytes or rates from them), .model_bytes
 * (NULL: no model; the result has no memory.model_bytes, and summaries say
 * "no model"). Every other function pointer is required.
 *
 * Limits: libgomp is not fork-safe: a process that ran a parallel region must
 * not fork a child that runs one (the child hangs); the harness forks before
 * any region runs. C and C++ alike (the declarations are extern "C").
 */
#ifndef FB_VARIANT_H
#define FB_VARIANT_H

#include <stddef.h>
#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many parameters a workload declares for itself (a fixed
 * array keeps params_t a plain value that variants copy). */
#define PARAMS_EXTRA_MAX 16

/* The run parameters. 0 in chunk or tile means "the variant's default".
 * extra[i] holds the value of the workload's i-th declared parameter. */
typedef struct params_s {
	uint64_t n;
	uint64_t seed;
	uint64_t chunk, tile;
	uint64_t steps;
	uint64_t extra[PARAMS_EXTRA_MAX];
	/* OpenMP threads of a step; 0 counts as 1 (variant_threads). */
	uint64_t threads;
} params_t;

/* The most threads a run may ask for. */
#define VARIANT_THREADS_MAX 256

/* A parameter a workload declares for itself (interp's m, g and preset, a
 * plugin's): given as --NAME VALUE (or --param NAME=VALUE), written as
 * params.NAME, a CSV column, in the --resume match, compare's key and
 * short labels, like the harness's own. Its value is params_t.extra[i]. */
typedef struct param_decl_s {
	const char *name; /* NULL ends the list */
	const char *meaning;
	uint64_t lo, hi; /* bounds of a value given (a choice: ignored) */
	uint64_t def;    /* its default (a choice: the index) */
	int schedule;    /* 1: the schedule's, the reference ignores it */
	/* NULL: a count. Else one of these names, NULL-ended: the value is
	 * its index, and results and command lines carry the name. */
	const char *const *choices;
	/* 1: left out of short labels ("n=1000 m=30"); 0 (the usual):
	 * always in them. */
	int unlabelled;
} param_decl_t;

#define DIGEST_MAX 8

typedef struct workload_s {
	const char *name;
	const char *description;
	/* 1 for test-only workloads: not listed, runnable by name. */
	int hidden;
	/* The parameters it uses, by name, one space apart ("n seed steps");
	 * the harness refuses the others and leaves them out of results. */
	const char *params;
	/* What one unit of work is ("pair"), for per-unit figures. */
	const char *unit;
	int digest_count;
	const char *digest_names[DIGEST_MAX];
	/* Fills the workload's defaults into p (all fields). */
	void (*defaults)(params_t *p);
	/* Fills p with the smoke configuration: the defaults with sizes small
	 * enough that every variant runs in well under a second, under
	 * memcheck too. The generic agreement test and `make valgrind` run
	 * every variant there. */
	void (*smoke)(params_t *p);
	/* 0 if p is valid for the workload; else -1 with a one-line message
	 * naming the bad value in msg. */
	int (*check)(const params_t *p, char *msg, size_t msglen);
	/* Steps per measured run (interp: 1, colony: K). Optional: NULL is
	 * one step. */
	uint64_t (*steps)(const params_t *p);
	/* Units of work per measured run (interp: N*M pairs). Optional: NULL
	 * is N (params_t.n). */
	double (*units)(const params_t *p);
	/* Bytes setup allocates for the inputs. Optional: NULL is none. */
	uint64_t (*input_bytes)(const params_t *p);
	/* The independent float64 evaluation of the digest. 0 on success,
	 * -1 on allocation failure. */
	int (*reference)(const params_t *p, double *digest);
	/* 0 when got agrees with ref within the workload's tolerance; else -1
	 * with the first disagreeing figure described in msg. */
	int (*validate)(const params_t *p, const double *got, const double *ref,
	    char *msg, size_t msglen);
	/* Its own parameters beyond the harness's table, NULL-name ended
	 * (at most PARAMS_EXTRA_MAX), or NULL. */
	const param_decl_t *extra_params;
} workload_t;

/* The in-core minimum of a variant's hot loop, from first principles: the
 * instructions the spec's arithmetic needs per unit of work (a pair), by
 * class, each operation one instruction per vector of the build's width
 * (a gather one instruction per vector too), and what a compiled loop may
 * spend beyond them per iteration, argued in the variant's file, never
 * taken from a measurement. tests/integration/test_insn.c counts the
 * compiled loop's instructions by class (objdump -d of the variant's
 * object, x86-64-v3 and native builds) and fails a loop above minimum
 * plus allowance, or one holding fewer multiply-adds, divides, square
 * roots or gathers than the minimum says the arithmetic needs. */
typedef struct variant_incore_s {
	/* The functions that may hold the hot loop, one space apart, as the
	 * object names them (a suffix such as .isra.0 is ignored): where
	 * the compiler inlines differently per build, each build's name.
	 * The hot loop is their innermost loop with the most arithmetic
	 * (multiply-add, divide, square root and gather) instructions. */
	const char *functions;
	/* Vectors of units one iteration of that loop computes (sorted's
	 * block: two points times two vectors of interpolants, 4). */
	double vectors;
	/* Per unit, at one lane: multiplies, adds and FMAs (an FMA one);
	 * divides and square roots; roundings and conversions; compares,
	 * selects, blends, min, max and clamps; gathered table reads. */
	double fma, divsqrt, round, select, gather;
	/* Instructions per iteration the loop may hold beyond the minimum
	 * (loop control, loads and stores of operands that are not memory
	 * operands, index set-up, register copies), and why. */
	double extra;
	const char *extra_why;
} variant_incore_t;

/* A loop that runs apart from the hot loop (a sort's scatter, a masked
 * diagonal block, a vector loop's remainder), for the time model
 * (docs/model.md): priced by the same in-core rule as the hot loop, its
 * time added to the prediction. */
typedef struct variant_pass_s {
	/* The function that holds it (a compiler's suffix, .constprop.0,
	 * allowed); NULL ends the list. */
	const char *function;
	/* 0: its widest loop (as the hot loop is picked); else its loops of
	 * that many lanes (4: a remainder vectorized on xmm; 1: scalar),
	 * the nth largest (0: the largest; a function with two such loops,
	 * or two copies of itself, .constprop.0 and .1, names each);
	 * VARIANT_PASS_AROUND: the code around its widest loop (the
	 * smallest loop holding it, its inner loops left out), an iteration
	 * an entry of that loop, which waits for that loop's chain. */
	int lanes, nth;
	/* Its iterations in one measured run (all steps), from the code. */
	double (*iterations_of)(const params_t *p);
	/* 1: iterations_of counts elements, one a lane of the loop found:
	 * its iterations are that over the loop's lanes (a loop the
	 * compiler vectorizes at the width it chooses). */
	int per_lane;
	/* 1: it prefetches the hot loop's data (its lines are the hot
	 * loop's data term already). Where a core waits in the prefetches
	 * (on an Intel Xeon VM a software prefetch holds a fill buffer until
	 * its line comes, so that interp hoisted's prefetch loop took 8.4 of
	 * its 13.3 ms, the row loop 2.4), the profile's check of the hot
	 * loop counts this pass's time with it. */
	int prefetches_hot;
	/* 1: it reads back what the hot loop stored (a materializing
	 * schedule's (N, M) or (N, N) arrays): the profile's split counts
	 * the data term's reads (hx_model_t.data_read_s) in it, shared
	 * evenly among such passes, not in the hot loop. */
	int reads_back;
} variant_pass_t;

/* variant_pass_t.lanes of the code around a loop. */
#define VARIANT_PASS_AROUND (-1)

/* The passes a variant may state. */
#define VARIANT_PASSES 10

typedef struct variant_s {
	const char *name;
	const workload_t *workload;
	const char *description;
	/* The array-library idiom this schedule corresponds to. */
	const char *idiom;
	/* The schedule's loop nest in one line of pseudo-code, for people
	 * and the report ("for n: for i: s += f(x[n], i)^2"). Optional: NULL
	 * is none (the report prints the description instead). */
	const char *loops;
	/* What the schedule stores and moves, in a sentence of facts about
	 * its code (not a measured cause), for the report's limits section.
	 * Optional: NULL is none. */
	const char *notes;
	/* The memory model as a formula, for people. */
	const char *model_formula;
	/* The model: predicted peak workspace bytes (above the inputs) of one
	 * measured run, each allocation of b bytes counted as round(b): pass
	 * model_bare for the schedule's own bytes; the harness passes its
	 * memory module's rounding for what the linked allocator hands out
	 * (its size classes). UINT64_MAX when it overflows. Optional: NULL
	 * is no model (shown as "no model"; model_formula is then unused). */
	uint64_t (*model_bytes)(const params_t *p, uint64_t (*round)(uint64_t));
	/* Optional: variant-specific parameter check, as workload.check. */
	int (*check)(const params_t *p, char *msg, size_t msglen);
	/* Builds the inputs. Returns 0 and an owned state, or -1. */
	int (*setup)(const params_t *p, void **state);
	/* Restores the inputs before each measured run. Optional: NULL is
	 * nothing to restore. */
	void (*reset)(void *state);
	/* One timed step; k counts from 0. Returns 0, or -1 when an allocation
	 * failed (the run is then recorded as failed). */
	int (*step)(void *state, uint64_t k);
	/* Writes the run's digest (workload.digest_count figures). */
	void (*digest)(void *state, double *digest);
	void (*teardown)(void *state);
	/* Floating-point operations and DRAM bytes of one measured run, from
	 * the schedule's own counts (the roofline's coordinates). Optional:
	 * NULL is no count (no work.flops, work.bytes or their rates). */
	double (*flops)(const params_t *p);
	double (*bytes)(const params_t *p);
	/* Optional: the in-core minimum of its hot loop (variant_incore_t);
	 * all zero is none (the instructions test then skips it). */
	variant_incore_t incore;
	/* Optional, for the time model (harness --model, docs/model.md): the
	 * functions that hold the hot loop, as a symbol prefix (NULL: those
	 * named as step's symbol up to "_step", e.g. interp_fused_), and the
	 * units of work one iteration of that loop does (0: its vector
	 * lanes times incore.vectors when the loop lies in one of
	 * incore.functions, else its lanes: one unit a lane), or, where
	 * that depends on the parameters, a function of them (colony cells:
	 * its loop runs over a cell's neighbourhood, not all N particles);
	 * NULL: hot_units. */
	const char *hot_symbol;
	double hot_units;
	double (*hot_units_of)(const params_t *p);
	/* 1 when the hot loop's loads stream through data read once a run
	 * (interp hoisted's table rows, a random point's four a call), so
	 * that they are served by the level its working set fits, not by
	 * L1; 0: its loads reuse what L1 holds. */
	int hot_streams;
	/* Optional, for the time model: the bytes the hot loop's gathers
	 * (with hot_streams, its streaming loads) range over while it runs,
	 * where a schedule keeps that less than its inputs (interp tiled: the
	 * two interpolants' tables an iteration runs against, 32.8 kB, for a
	 * whole tile of points; hoisted: its grid-major rows, not the tables
	 * it copied them from), so that they are priced at the level that
	 * holds those bytes. NULL: the run's inputs (memory.input_bytes), or
	 * for streaming loads its working set (inputs and workspace). */
	double (*gather_bytes_of)(const params_t *p);
	/* Optional, with gather_bytes_of: the bytes a unit of work brings
	 * into that part again from the level that holds all of the inputs,
	 * where the schedule leaves it and comes back (interp tiled: each
	 * tile's pass over two interpolants fetches their tables' lines
	 * anew, 4(G+2) bytes a table over 2T pairs). Each line is priced as a
	 * gather index from that level. NULL: none. */
	double (*gather_refill_of)(const params_t *p);
	/* Optional: the loops that run apart from the hot loop and take
	 * time of their own (a function NULL ends the list). */
	variant_pass_t passes[VARIANT_PASSES];
} variant_t;

/* The tables, in variants/variants.c. Each is terminated by NULL. */
extern const workload_t *const workload_table[];
extern const variant_t *const variant_table[];

/* Lookups by name; NULL when there is none. */
const workload_t *workload_find(const char *name);
const variant_t *variant_find(const char *workload, const char *name);

/* The identity rounding for model_bytes: each request counted as itself.
 * (Allocator size classes are the harness's to know, not a variant's.) */
uint64_t model_bare(uint64_t bytes);

/* Parameter checks shared by the workloads' check(): 0 when lo <= value <=
 * hi, else -1 with "NAME VALUE: must be ..." in msg. */
int params_check_range(const char *name, uint64_t value, uint64_t lo,
    uint64_t hi, char *msg, size_t msglen);
/* chunk and tile (0: the default) must not exceed n. */
int params_check_blocks(const params_t *p, char *msg, size_t msglen);

/* A data or unified cache of the first CPU at level 1, 2 or 3, as the
 * kernel describes it (sysfs), else as glibc does (sysconf: under KVM that
 * can be the host's, e.g. a 384 MiB L3 where the guest has 32 MiB). Fills
 * the size in bytes and, where known, the ways and the line size (else 0).
 * Returns 0, or -1 when neither source knows the cache. For tile sizes and
 * traffic models here, and the harness's machine description. */
int variant_cache(int level, long *bytes, long *ways, long *line);
/* The level's size in bytes, or fallback when unknown. */
uint64_t variant_cache_bytes(int level, uint64_t fallback);
/* How many CPUs share that cache with the first (its sysfs
 * shared_cpu_list: 1 for a core's own L1 or L2); 1 where sysfs does not
 * say. */
int variant_cache_sharers(int level);

/* The tile size of a tiled variant: p->tile when given, else as many items
 * of item_bytes as fill half the L1 data cache (the other half is for what
 * the tile is evaluated against), a multiple of 16 (one vector), at least
 * min_items, at most n. */
uint64_t variant_tile_items(
    const params_t *p, uint64_t item_bytes, uint64_t min_items);

/* Saturating arithmetic for the models: UINT64_MAX stands for "too large". */
uint64_t model_mul(uint64_t a, uint64_t b);
uint64_t model_add(uint64_t a, uint64_t b);

/* T of a run: p->threads, with 0 (a params_t made without it) as 1;
 * above VARIANT_THREADS_MAX (which the workloads' check refuses) as the
 * maximum, so that per-thread arrays of that size are always enough. */
static inline int
variant_threads(const params_t *p)
{
	if (p->threads == 0)
		return 1;
	return p->threads > VARIANT_THREADS_MAX ? VARIANT_THREADS_MAX
						: (int)p->threads;
}

/* The calling thread's number in its OpenMP team (0 outside a region or
 * in a build without OpenMP, where every pragma runs on one thread). */
#ifdef _OPENMP
static inline int
variant_thread_num(void)
{
	return omp_get_thread_num();
}
#else
static inline int
variant_thread_num(void)
{
	return 0;
}
#endif

/* Runs the block on the step's T threads (a local `threads`), or directly
 * on the calling thread when T is 1: libgomp allocates and frees a team
 * for every region it enters, even on one thread, and that would show in a
 * T = 1 run's workspace peak and allocation count. The block holds no
 * pragma lines; a worksharing loop inside is written _Pragma("omp for"),
 * which on one thread outside a region runs the whole loop. */
/* clang-format off */
#define VARIANT_PARALLEL(...)                                                  \
	do {                                                                   \
		if (threads > 1) {                                             \
			_Pragma("omp parallel num_threads(threads)")           \
			__VA_ARGS__                                            \
		} else {                                                       \
			__VA_ARGS__                                            \
		}                                                              \
	} while (0)
/* clang-format on */

/* Thread t's share [*lo, *hi) of n items split in T contiguous parts (the
 * first n % T parts one item longer): the same for a given T every run. */
static inline void
variant_share(uint64_t n, int t, int threads, uint64_t *lo, uint64_t *hi)
{
	const uint64_t q = n / (uint64_t)threads, r = n % (uint64_t)threads;
	const uint64_t ut = (uint64_t)t;

	*lo = ut * q + (ut < r ? ut : r);
	*hi = *lo + q + (ut < r ? 1 : 0);
}

/* Thread t's share [*lo, *hi) of n items split as variant_share splits
 * blocks of `block` items (the last block short): every share but the
 * last starts and ends on a block's edge. A vectorized loop run on each
 * share then takes the same items through its vector body and its
 * remainder at every T when block is a multiple of its lanes, so that
 * its values do not depend on T (gcc's remainder code contracts fewer
 * multiply-adds than its vector body). */
static inline void
variant_share_blocks(
    uint64_t n, uint64_t block, int t, int threads, uint64_t *lo, uint64_t *hi)
{
	uint64_t blo, bhi;

	variant_share((n + block - 1) / block, t, threads, &blo, &bhi);
	*lo = blo * block < n ? blo * block : n;
	*hi = bhi * block < n ? bhi * block : n;
}

/* The sum of T partial sums in thread order (a fixed order: the same total
 * for a given T every run). */
static inline double
variant_sum_partials(const double *partial, int threads)
{
	double total = 0.0;

	for (int t = 0; t < threads; t++)
		total += partial[t];
	return total;
}

/* A barrier that keeps the compiler from deleting measured work. */
static inline void
variant_no_opt(void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

#ifdef __cplusplus
}
#endif

#endif /* FB_VARIANT_H */
