/*
 * hx_ceilings: see hx_ceilings.h. The kernels are described as data (label,
 * bytes or flops per unit) in the comments next to them; rates are derived
 * from those counts and the best run's time.
 */
#include "hx_ceilings.h"
#include "hx_disasm.h"
#include "hx_format.h"
#include "hx_host.h"
#include "hx_mem.h"
#include "hx_stats.h"
#include "variant.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#include <immintrin.h>
#endif

#include "variant.h"

/* Triad inputs, chosen so that a = b + s c is exact in float32 whatever the
 * compiler contracts: 1 + 3 * 2 = 7. */
#define HX_TRIAD_B 1.0f
#define HX_TRIAD_C 2.0f
#define HX_TRIAD_S 3.0f
#define HX_TRIAD_A (HX_TRIAD_B + HX_TRIAD_S * HX_TRIAD_C)
/* Bytes one triad element moves, as STREAM counts: b, c read; a written. */
#define HX_TRIAD_BYTES_PER_ELEMENT (3.0 * sizeof(float))

/* FMA chains run x = x * m + a; with m = 1/2 and a = 1 every chain settles
 * at 2 (exact in float32), so values never overflow or go subnormal, which
 * would change the instruction's speed. */
#define HX_FMA_MUL 0.5f
#define HX_FMA_ADD 1.0f
/* One FMA run should last at least this long before runs are compared:
 * short, so that many runs fit in a fraction of a second and the best of
 * them finds a moment when no other process had the core. */
#define HX_FMA_MIN_RUN_S 0.002
/* Timed FMA runs per requested repeat. */
#define HX_FMA_RUNS_PER_REPEAT 4

/* Opaque to the optimizer: read through volatile so kernels cannot be
 * specialized for the constants. */
static volatile float hx_ceilings_opaque_s = HX_TRIAD_S;
static volatile float hx_ceilings_opaque_mul = HX_FMA_MUL;
static volatile float hx_ceilings_opaque_add = HX_FMA_ADD;

/* The shared clock; -1 when it fails. */
static int
hx_ceilings_now(double *t)
{
	*t = hx_clock_now();
	return isnan(*t) ? -1 : 0;
}

double
hx_clock_resolution(void)
{
	enum { SAMPLES = 20 };
	struct timespec ts;
	int64_t prev, next, best = INT64_MAX;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return NAN;
	prev = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	for (int i = 0; i < SAMPLES; i++) {
		/* Spin until the clock moves; the step is one observable
		 * increment. Starting from the reading that ended the previous
		 * spin avoids counting a partial tick. */
		do {
			if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
				return NAN;
			next = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
		} while (next == prev);
		if (next - prev < best)
			best = next - prev;
		prev = next;
	}
	return 1e-9 * (double)best;
}

/* STREAM's rule (4x the last-level cache), bounded as the header says. */
static size_t
hx_ceilings_default_bytes(void)
{
	long llc, ways, line;

	if (variant_cache(3, &llc, &ways, &line) != 0)
		llc = 0;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	size_t bytes = llc > 0 ? 4 * (size_t)llc : 0;

	if (bytes < HX_CEILINGS_MIN_DEFAULT_BYTES)
		bytes = HX_CEILINGS_MIN_DEFAULT_BYTES;
	if (bytes > HX_CEILINGS_MAX_DEFAULT_BYTES)
		bytes = HX_CEILINGS_MAX_DEFAULT_BYTES;
	if (pages > 0 && page > 0 && bytes > (size_t)pages * (size_t)page / 8)
		bytes = (size_t)pages * (size_t)page / 8;
	return bytes;
}

/* 2 MiB-aligned, with transparent huge pages requested (best effort), so
 * that first-touch costs less and TLB misses do not limit the triad. */
static float *
hx_ceilings_alloc(size_t bytes)
{
	void *p = NULL;

	if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	(void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

static __attribute__((noinline)) void
hx_ceilings_triad(float *restrict a, const float *restrict b,
    const float *restrict c, float s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
	variant_no_opt(a);
}

/*
 * The triad: repeats + 1 runs, the first skipped (a's page faults, cold TLB),
 * stopping early once the timed runs exceed HX_CEILINGS_TRIAD_BUDGET_S.
 * Writes the best time of one run to *best.
 */
/* passes triads over n elements, split across `threads` threads in one
 * parallel region (static: each thread always touches the same part, as
 * it did on first touch, so a part small enough stays in its core's
 * cache from pass to pass). */
static void
hx_ceilings_triad_team(float *restrict a, const float *restrict b,
    const float *restrict c, float s, size_t n, int threads, size_t passes)
{
#pragma omp parallel num_threads(threads) if (threads > 1)
	{
		uint64_t lo, hi;

		variant_share(n, variant_thread_num(), threads, &lo, &hi);
		for (size_t p = 0; p < passes; p++)
			hx_ceilings_triad(a + lo, b + lo, c + lo, s, hi - lo);
	}
}

static int
hx_ceilings_measure_triad(hx_ceilings_t *cl, size_t bytes, unsigned repeats,
    int threads, double *best)
{
	int ret = HX_CEILINGS_ENOMEM;
	size_t n = bytes / sizeof(float);
	float *a, *b, *c;
	double spent = 0.0;
	float s = hx_ceilings_opaque_s;

	a = hx_ceilings_alloc(bytes);
	b = hx_ceilings_alloc(bytes);
	c = hx_ceilings_alloc(bytes);
	if (a == NULL || b == NULL || c == NULL)
		goto label_return;
		/* a is left untouched: the skipped first run takes its page
		 * faults, which saves a third of the first-touch time. */
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
	for (size_t i = 0; i < n; i++) {
		b[i] = HX_TRIAD_B;
		c[i] = HX_TRIAD_C;
	}
	*best = INFINITY;
	for (unsigned k = 0; k <= repeats; k++) {
		double t0, t1;

		if (hx_ceilings_now(&t0) != 0)
			goto label_clock;
		hx_ceilings_triad_team(a, b, c, s, n, threads, 1);
		if (hx_ceilings_now(&t1) != 0)
			goto label_clock;
		if (k == 0)
			continue;
		if (t1 - t0 < *best)
			*best = t1 - t0;
		spent += t1 - t0;
		if (spent > HX_CEILINGS_TRIAD_BUDGET_S)
			break;
	}
	ret = HX_CEILINGS_OK;
	if (!(*best > 0.0))
		goto label_clock;
	/* Validation, outside the timed region: every a must be exact. */
	for (size_t i = 0; i < n; i++) {
		if (a[i] != HX_TRIAD_A) {
			ret = HX_CEILINGS_EVALID;
			break;
		}
	}
	/* The DRAM gather and streams on the arrays already touched (one
	 * thread's ceilings only). */
	if (ret == HX_CEILINGS_OK && threads == 1)
		ret = hx_ceilings_measure_dram(cl, a, b, bytes);
	goto label_return;
label_clock:
	ret = HX_CEILINGS_ECLOCK;
label_return:
	free(a);
	free(b);
	free(c);
	return ret;
}

/* Triad elements per timed sample of a cache-resident level: enough passes
 * over the small arrays that one sample moves about 200 MB, far above the
 * clock's resolution. */
#define HX_LEVEL_SAMPLE_ELEMS ((size_t)1 << 24)

/*
 * The triad on arrays that stay in one cache level, split across `threads`
 * threads (hx_ceilings_triad_team: a sample is one parallel region of
 * many passes). n elements in all: a, b and c touched first,
 * then repeats + 1 samples, the first skipped. Writes the best rate,
 * bytes per second, to *rate.
 */
static int
hx_ceilings_measure_level(size_t n, unsigned repeats, int threads, double *rate)
{
	int ret = HX_CEILINGS_ENOMEM;
	size_t bytes = n * sizeof(float), passes;
	float *a = hx_ceilings_alloc(bytes), *b = hx_ceilings_alloc(bytes);
	float *c = hx_ceilings_alloc(bytes);
	float s = hx_ceilings_opaque_s;
	double best = INFINITY;

	if (a == NULL || b == NULL || c == NULL || n == 0)
		goto label_return;
	/* Each thread moves HX_LEVEL_SAMPLE_ELEMS elements a sample, so that
	 * waking the team is a small part of it. */
	passes = HX_LEVEL_SAMPLE_ELEMS * (size_t)threads / n > 0
	    ? HX_LEVEL_SAMPLE_ELEMS * (size_t)threads / n
	    : 1;
	for (size_t i = 0; i < n; i++) {
		a[i] = 0.0f;
		b[i] = HX_TRIAD_B;
		c[i] = HX_TRIAD_C;
	}
	ret = HX_CEILINGS_ECLOCK;
	for (unsigned k = 0; k <= repeats; k++) {
		double t0, t1;
		if (hx_ceilings_now(&t0) != 0)
			goto label_return;
		hx_ceilings_triad_team(a, b, c, s, n, threads, passes);
		if (hx_ceilings_now(&t1) != 0)
			goto label_return;
		if (k > 0 && t1 - t0 < best)
			best = t1 - t0;
	}
	if (!(best > 0.0))
		goto label_return;
	ret = HX_CEILINGS_OK;
	for (size_t i = 0; i < n; i++)
		if (a[i] != HX_TRIAD_A)
			ret = HX_CEILINGS_EVALID;
	*rate = HX_TRIAD_BYTES_PER_ELEMENT * (double)n * (double)passes / best;
label_return:
	free(a);
	free(b);
	free(c);
	return ret;
}

/* Each cache level's triad, arrays of a quarter of the level each, on
 * `threads` threads: a level each core has its own of (L1, L2: cpu0's
 * level shared by one CPU) holds a quarter of itself for each thread, a
 * shared one (L3) a quarter of itself in all, so the team's rate is what
 * the level gives that many cores. */
static int
hx_ceilings_measure_levels(hx_ceilings_t *c, unsigned repeats, int threads)
{
	for (int level = 1; level <= 3; level++) {
		long size = 0, ways, line;
		size_t bytes;
		int ret, sharers, copies;

		c->level_bytes_per_s[level - 1] = NAN;
		c->level_array_bytes[level - 1] = NAN;
		if (variant_cache(level, &size, &ways, &line) != 0 ||
		    size < 4096)
			continue;
		sharers = variant_cache_sharers(level);
		copies = (threads + sharers - 1) / sharers;
		bytes = ((size_t)size / 4) & ~(size_t)63;
		ret = hx_ceilings_measure_level(bytes / sizeof(float) * copies,
		    repeats, threads, &c->level_bytes_per_s[level - 1]);
		if (ret != HX_CEILINGS_OK)
			return ret;
		c->level_array_bytes[level - 1] = (double)(bytes * copies);
	}
	return HX_CEILINGS_OK;
}

/*
 * The FMA kernel: HX_FMA_CHAINS independent accumulators, each iteration one
 * FMA per chain. Chains hide the FMA latency: a core with L cycles of
 * latency and T FMA ports needs L * T chains (4 * 2 = 8 on current x86), and
 * the chains must fit the register file with the two operands.
 */
#if defined(__AVX512F__)
#define HX_FMA_ISA "avx512f"
#define HX_FMA_LANES 16
#define HX_FMA_CHAINS 16
typedef __m512 hx_vec_t;
#define HX_VEC_SET1(x) _mm512_set1_ps(x)
#define HX_VEC_FMA(x, m, a) _mm512_fmadd_ps(x, m, a)
#define HX_VEC_STORE(p, v) _mm512_storeu_ps(p, v)
#elif defined(__AVX2__) && defined(__FMA__)
#define HX_FMA_ISA "avx2+fma"
#define HX_FMA_LANES 8
#define HX_FMA_CHAINS 12
typedef __m256 hx_vec_t;
#define HX_VEC_SET1(x) _mm256_set1_ps(x)
#define HX_VEC_FMA(x, m, a) _mm256_fmadd_ps(x, m, a)
#define HX_VEC_STORE(p, v) _mm256_storeu_ps(p, v)
#else
#define HX_FMA_ISA "generic"
#define HX_FMA_LANES 4
#define HX_FMA_CHAINS 8
typedef float hx_vec_t __attribute__((vector_size(16)));
#define HX_VEC_SET1(x) ((hx_vec_t){(x), (x), (x), (x)})
/* Contracted to one FMA where the target has one (-ffp-contract=fast). */
#define HX_VEC_FMA(x, m, a) ((x) * (m) + (a))
#define HX_VEC_STORE(p, v) memcpy((p), &(v), sizeof(hx_vec_t))
#endif

/* The starting value of chain j; distinct so no two chains are the same
 * computation. */
static float
hx_fma_start(int j)
{
	return 0.125f * (float)j;
}

static __attribute__((noinline)) void
hx_ceilings_fma(uint64_t iters, float mul, float add,
    float out[HX_FMA_CHAINS * HX_FMA_LANES])
{
	hx_vec_t acc[HX_FMA_CHAINS];
	hx_vec_t m = HX_VEC_SET1(mul), a = HX_VEC_SET1(add);

	for (int j = 0; j < HX_FMA_CHAINS; j++)
		acc[j] = HX_VEC_SET1(hx_fma_start(j));
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_FMA_CHAINS; j++)
			acc[j] = HX_VEC_FMA(acc[j], m, a);
	}
	for (int j = 0; j < HX_FMA_CHAINS; j++)
		HX_VEC_STORE(&out[j * HX_FMA_LANES], acc[j]);
	variant_no_opt(out);
}

/* Every lane of chain j must equal the scalar recurrence from its start. */
static int
hx_ceilings_fma_valid(uint64_t iters, float mul, float add,
    const float out[HX_FMA_CHAINS * HX_FMA_LANES])
{
	for (int j = 0; j < HX_FMA_CHAINS; j++) {
		float x = hx_fma_start(j);

		/* The recurrence reaches its fixed point within a few dozen
		 * steps; stop there rather than replay every iteration. */
		for (uint64_t i = 0; i < iters; i++) {
			float next = fmaf(x, mul, add);

			if (next == x)
				break;
			x = next;
		}
		for (int l = 0; l < HX_FMA_LANES; l++) {
			float got = out[j * HX_FMA_LANES + l];

			if (!(fabsf(got - x) <= 1e-6f * fabsf(x)))
				return -1;
		}
	}
	return 0;
}

/* The broadcast kernel's multipliers: every one `mul`, so its chains
 * compute the FMA kernel's recurrence; HX_FMA_CHAINS beyond the wrap, so
 * an iteration's reads never run past the table. */
#define HX_BCAST_WRAP 64
static float hx_bcast_table[HX_BCAST_WRAP + HX_FMA_CHAINS];

/* The FMA kernel with each multiplier read from hx_bcast_table every
 * iteration and broadcast, each broadcast serving two chains, so the
 * compiler broadcasts into a register (vbroadcastss) rather than into the
 * multiply-add's memory operand: 8 broadcasts for 16 multiply-adds an
 * iteration with AVX-512, as interp sorted's loop had 8 for 20 until
 * a4ebdd6. */
static __attribute__((noinline)) void
hx_ceilings_bcast(
    uint64_t iters, float add, float out[HX_FMA_CHAINS * HX_FMA_LANES])
{
	hx_vec_t acc[HX_FMA_CHAINS];
	hx_vec_t a = HX_VEC_SET1(add);

	for (int j = 0; j < HX_FMA_CHAINS; j++)
		acc[j] = HX_VEC_SET1(hx_fma_start(j));
	for (uint64_t i = 0; i < iters; i++) {
		const float *p =
		    hx_bcast_table + (i * (HX_FMA_CHAINS / 2)) % HX_BCAST_WRAP;

#pragma GCC unroll 16
		for (int j = 0; j < HX_FMA_CHAINS / 2; j++) {
			hx_vec_t m = HX_VEC_SET1(p[j]);

			acc[2 * j] = HX_VEC_FMA(acc[2 * j], m, a);
			acc[2 * j + 1] = HX_VEC_FMA(acc[2 * j + 1], m, a);
		}
	}
	for (int j = 0; j < HX_FMA_CHAINS; j++)
		HX_VEC_STORE(&out[j * HX_FMA_LANES], acc[j]);
	variant_no_opt(out);
}

/* The FMA kernel on every thread of a team at once, each into its own
 * out (threads rows). */
static void
hx_ceilings_fma_team(
    uint64_t iters, float mul, float add, float *out, int threads)
{
#pragma omp parallel num_threads(threads) if (threads > 1)
	hx_ceilings_fma(iters, mul, add,
	    out + (size_t)variant_thread_num() * HX_FMA_CHAINS * HX_FMA_LANES);
}

int
hx_ceilings_best_of(
    const double *seconds, size_t n, double *best, double *spread)
{
	double lo = INFINITY, hi = 0.0;

	for (size_t k = 0; k < n; k++) {
		if (!(seconds[k] > 0.0) || !isfinite(seconds[k]))
			continue;
		lo = seconds[k] < lo ? seconds[k] : lo;
		hi = seconds[k] > hi ? seconds[k] : hi;
	}
	if (!(hi > 0.0))
		return -1;
	*best = lo;
	/* In rates: (fastest - slowest) / fastest = 1 - lo / hi. */
	*spread = 1.0 - lo / hi;
	return 0;
}

static int
hx_ceilings_measure_fma(unsigned repeats, int threads, hx_ceilings_t *c)
{
	static float out[VARIANT_THREADS_MAX * HX_FMA_CHAINS * HX_FMA_LANES];
	float mul = hx_ceilings_opaque_mul, add = hx_ceilings_opaque_add;
	uint64_t iters = 1 << 14;
	const unsigned runs = repeats * HX_FMA_RUNS_PER_REPEAT;
	double t0, t1, best, spread;
	double *seconds = calloc(runs, sizeof(double));
	int ret = HX_CEILINGS_ECLOCK;

	/* Calibrate: double the length until one run is long enough; these
	 * runs are the warm-up the STREAM rule skips. */
	if (seconds == NULL)
		return HX_CEILINGS_ENOMEM;
	for (;;) {
		if (hx_ceilings_now(&t0) != 0)
			goto label_return;
		hx_ceilings_fma_team(iters, mul, add, out, threads);
		if (hx_ceilings_now(&t1) != 0)
			goto label_return;
		if (t1 - t0 >= HX_FMA_MIN_RUN_S || iters >= (UINT64_C(1) << 40))
			break;
		iters *= 2;
	}
	for (unsigned k = 0; k < runs; k++) {
		if (hx_ceilings_now(&t0) != 0)
			goto label_return;
		hx_ceilings_fma_team(iters, mul, add, out, threads);
		if (hx_ceilings_now(&t1) != 0)
			goto label_return;
		seconds[k] = t1 - t0;
	}
	if (hx_ceilings_best_of(seconds, runs, &best, &spread) != 0)
		goto label_return;
	ret = HX_CEILINGS_EVALID;
	for (int t = 0; t < threads; t++) {
		if (hx_ceilings_fma_valid(iters, mul, add,
			out + (size_t)t * HX_FMA_CHAINS * HX_FMA_LANES) != 0)
			goto label_return;
	}
	/* Flops of one run: 2 per lane per FMA, on every thread. */
	c->fma_flops_per_s = 2.0 * HX_FMA_LANES * HX_FMA_CHAINS *
	    (double)iters * (double)threads / best;
	c->fma_flops_spread = spread;
	c->fma_runs = (int)runs;
	ret = HX_CEILINGS_OK;
label_return:
	free(seconds);
	return ret;
}

/* The first loop of this program's function fn into *loop, where it holds
 * a multiply-add, and this program's file into self (objdump and
 * llvm-mca run in processes of their own, whose /proc/self is not ours):
 * 0, else -1. */
static int
hx_ceilings_fma_loop(const char *fn, char *self, size_t len, hx_loop_t *loop)
{
	char msg[256], *text;
	ssize_t n = readlink("/proc/self/exe", self, len - 1);
	size_t loops;

	if (n <= 0 || (size_t)n >= len - 1)
		return -1;
	self[n] = '\0';
	text = hx_disasm_functions(self, fn, 1, msg, sizeof(msg));
	if (text == NULL)
		return -1;
	loops = hx_disasm_loops(text, loop, 1);
	free(text);
	return loops > 0 && loop->kind[HX_INSN_FMA] >= 1 ? 0 : -1;
}

/* c->mca_cycle_s and mca_fma_cycles from the FMA kernel's loop in this
 * program, its rate measured with `threads` threads; NaN where llvm-mca
 * or the disassembly is missing. */
static void
hx_ceilings_mca_clock(hx_ceilings_t *c, int threads)
{
	char msg[256], self[4096];
	hx_loop_t loop;
	double per_insn;

	c->mca_cycle_s = c->mca_fma_cycles = NAN;
	snprintf(c->mca_program, sizeof(c->mca_program), "none: not run");
	if (hx_ceilings_fma_loop(
		"hx_ceilings_fma", self, sizeof(self), &loop) != 0)
		return;
	c->mca_fma_cycles =
	    hx_disasm_mca_cycles(self, loop.start, loop.end, msg, sizeof(msg));
	snprintf(c->mca_program, sizeof(c->mca_program), "%s%s",
	    c->mca_fma_cycles > 0.0 ? "" : "none: ", msg);
	/* Seconds of one FMA instruction on one thread. */
	per_insn = 2.0 * HX_FMA_LANES * (double)threads / c->fma_flops_per_s;
	if (c->mca_fma_cycles > 0.0)
		c->mca_cycle_s =
		    per_insn * loop.kind[HX_INSN_FMA] / c->mca_fma_cycles;
}

/* The broadcast kernel's last results, for their check. */
static float hx_bcast_out[HX_FMA_CHAINS * HX_FMA_LANES];

/* hx_ceilings_bcast through hx_ceilings_time's signature. */
static void
hx_ceilings_bcast_run(uint64_t k, const void *arg)
{
	(void)arg;
	hx_ceilings_bcast(k, hx_ceilings_opaque_add, hx_bcast_out);
}

/* c->bcast_cycles, mca_bcast_cycles, mca_bcast_load_cycles and
 * mca_broadcast_as_load (hx_ceilings_t) on the calling thread, timed as
 * the other kernels are (hx_ceilings_time); left unmeasured (NaN, -1)
 * without llvm-mca's cycle, where the kernel's loop holds no broadcast or
 * its result is wrong. */
static void
hx_ceilings_measure_bcast(hx_ceilings_t *c)
{
	const float mul = hx_ceilings_opaque_mul, add = hx_ceilings_opaque_add;
	char msg[256], self[4096];
	double best, spread;
	uint64_t iters;
	hx_loop_t loop;
	int broadcasts = 0;

	c->bcast_cycles = c->mca_bcast_cycles = c->mca_bcast_load_cycles = NAN;
	c->mca_broadcast_as_load = -1;
	if (!(c->mca_cycle_s > 0.0))
		return;
	for (size_t k = 0; k < sizeof(hx_bcast_table) / sizeof(float); k++)
		hx_bcast_table[k] = mul;
	if (hx_ceilings_time(hx_ceilings_bcast_run, NULL, 1 << 12, &iters,
		&best, &spread) != 0 ||
	    hx_ceilings_fma_valid(iters, mul, add, hx_bcast_out) != 0)
		return;
	if (hx_ceilings_fma_loop(
		"hx_ceilings_bcast", self, sizeof(self), &loop) != 0)
		return;
	c->bcast_cycles = best / (double)iters / c->mca_cycle_s;
	c->mca_bcast_cycles =
	    hx_disasm_mca_cycles(self, loop.start, loop.end, msg, sizeof(msg));
	c->mca_bcast_load_cycles = hx_disasm_mca_cycles_as(
	    self, loop.start, loop.end, 1, &broadcasts, msg, sizeof(msg));
	if (broadcasts == 0 || !(c->mca_bcast_cycles > 0.0) ||
	    !(c->mca_bcast_load_cycles > 0.0)) {
		c->mca_bcast_cycles = c->mca_bcast_load_cycles = NAN;
		return;
	}
	c->mca_broadcast_as_load =
	    fabs(c->mca_bcast_load_cycles - c->bcast_cycles) <
	    fabs(c->mca_bcast_cycles - c->bcast_cycles);
}

/* The cost of one minor fault, the best of HX_CEILINGS_FAULT_RUNS
 * mappings, on the calling thread (the others idle); not measured (NaN,
 * no runs) is no error: the other ceilings stand without it. */
static void
hx_ceilings_measure_fault(hx_ceilings_t *c)
{
	double cost[HX_CEILINGS_FAULT_RUNS];

	for (int k = 0; k < HX_CEILINGS_FAULT_RUNS; k++)
		cost[k] = hx_os_fault_seconds(HX_CEILINGS_FAULT_PAGES);
	c->fault_runs = HX_CEILINGS_FAULT_RUNS;
	if (hx_ceilings_best_of(cost, HX_CEILINGS_FAULT_RUNS, &c->fault_s,
		&c->fault_spread) != 0)
		c->fault_s = c->fault_spread = NAN, c->fault_runs = 0;
}

/* The idle page's prices (idle_page_s, idle_page_warm_s): the median of
 * HX_CEILINGS_IDLE_RUNS probes each. */
static void
hx_ceilings_measure_idle_page(hx_ceilings_t *c)
{
	double idle[HX_CEILINGS_IDLE_RUNS], warm[HX_CEILINGS_IDLE_RUNS];

	for (int k = 0; k < HX_CEILINGS_IDLE_RUNS; k++) {
		warm[k] = hx_os_idle_page_seconds(HX_CEILINGS_IDLE_PAGES, 0.0);
		idle[k] = hx_os_idle_page_seconds(
		    HX_CEILINGS_IDLE_PAGES, HX_CEILINGS_IDLE_GAP_S);
	}
	c->idle_page_s = hx_stats_median(idle, HX_CEILINGS_IDLE_RUNS);
	c->idle_page_warm_s = hx_stats_median(warm, HX_CEILINGS_IDLE_RUNS);
}

void
hx_ceilings_measure_host_fault(hx_ceilings_t *c)
{
	const size_t gib = (size_t)1 << 30;
	const uint64_t avail = hx_os_available_bytes();
	uint64_t unreported;
	size_t max, after;

	hx_ceilings_measure_idle_page(c);
	c->host_fault_s = c->host_fault_unreported_bytes = NAN;
	c->host_fault_after_bytes = NAN;
	if (!(c->fault_s > 0) ||
	    hx_host_free_unreported_bytes(&unreported) != 0)
		return;
	c->host_fault_unreported_bytes = (double)unreported;
	max = (size_t)unreported + HX_CEILINGS_HOST_BEYOND;
	if (avail < 2 * gib)
		return;
	if (max > avail - gib)
		max = (size_t)(avail - gib);
	if (max > HX_CEILINGS_HOST_MAX)
		max = HX_CEILINGS_HOST_MAX;
	if (hx_os_fault_host(max, (size_t)unreported, HX_CEILINGS_HOST_CHUNK,
		c->fault_s, 3.0, &c->host_fault_s, &after) >= 0)
		c->host_fault_after_bytes = (double)after;
}

/* *c with every measured figure NaN (null in the JSON) and no runs, for
 * `threads` threads: what a measurement leaves out reads as unmeasured,
 * never as 0 (a team's ceilings had printed latencies of 0 s). */
static void
hx_ceilings_clear(hx_ceilings_t *c, int threads)
{
	memset(c, 0, sizeof(*c));
	c->threads = threads;
	c->triad_bytes_per_s = c->triad_array_bytes = NAN;
	c->fma_flops_per_s = c->fma_flops_spread = NAN;
	c->mca_cycle_s = c->mca_fma_cycles = NAN;
	c->bcast_cycles = c->mca_bcast_cycles = c->mca_bcast_load_cycles = NAN;
	c->mca_broadcast_as_load = -1;
	c->fault_s = c->fault_spread = NAN;
	for (int i = 0; i < 3; i++)
		c->level_bytes_per_s[i] = c->level_array_bytes[i] = NAN;
	for (int i = 0; i < 4; i++) {
		c->gather_per_s[i] = c->gather_spread[i] = NAN;
		c->gather_stencil_per_s[i] = c->gather_stencil_spread[i] = NAN;
		c->gather_table_bytes[i] = c->stream_array_bytes[i] = NAN;
		for (int s = 0; s < 3; s++)
			c->stream_bytes_per_s[s][i] = NAN;
	}
	for (int i = 0; i < HX_CK_ARITH_COUNT; i++)
		c->arith_per_s[i] = c->arith_spread[i] = NAN;
	for (int i = 0; i < HX_LAT_CLASSES; i++)
		c->latency_s[i] = NAN;
	for (int i = 0; i < HX_CEILINGS_CALLS; i++)
		c->call_s[i] = NAN;
	c->wait_window = c->window_iteration_s = NAN;
	c->alloc_fresh_s = c->alloc_reuse_s = NAN;
	c->release_s = c->release_spread = NAN;
	c->host_fault_s = c->host_fault_unreported_bytes = NAN;
	c->host_fault_after_bytes = NAN;
	c->idle_page_s = c->idle_page_warm_s = NAN;
	c->fp_mix_s = c->fp_overlap = NAN;
	c->gather_mix_s = c->gather_fp_overlap = NAN;
	c->gather_l1_mix_s = c->gather_l1_fp_overlap = NAN;
	c->gather_l2_mix_s = c->gather_l2_fp_overlap = NAN;
}

int
hx_ceilings_measure(
    hx_ceilings_t *c, size_t triad_array_bytes, unsigned repeats)
{
	return hx_ceilings_measure_threads(c, triad_array_bytes, repeats, 1);
}

int
hx_ceilings_measure_threads(
    hx_ceilings_t *c, size_t triad_array_bytes, unsigned repeats, int threads)
{
	int ret = HX_CEILINGS_EINVAL;
	size_t bytes;
	double best;

	if (c == NULL || threads < 1 || threads > VARIANT_THREADS_MAX)
		goto label_return;
	hx_ceilings_clear(c, threads);
	if (repeats == 0)
		repeats = HX_CEILINGS_DEFAULT_REPEATS;
	bytes = triad_array_bytes == 0 ? hx_ceilings_default_bytes()
				       : triad_array_bytes;
	bytes &= ~(size_t)63;
	if (bytes < 1024)
		goto label_return;

	ret = HX_CEILINGS_ECLOCK;
	c->clock_resolution_s = hx_clock_resolution();
	if (!(c->clock_resolution_s > 0.0))
		goto label_return;

	ret = hx_ceilings_measure_triad(c, bytes, repeats, threads, &best);
	if (ret != HX_CEILINGS_OK)
		goto label_return;
	c->triad_array_bytes = (double)bytes;
	c->triad_bytes_per_s =
	    HX_TRIAD_BYTES_PER_ELEMENT * (double)(bytes / sizeof(float)) / best;

	ret = hx_ceilings_measure_levels(c, repeats, threads);
	if (ret != HX_CEILINGS_OK)
		goto label_return;
	ret = hx_ceilings_measure_fma(repeats, threads, c);
	if (ret != HX_CEILINGS_OK)
		goto label_return;
	c->fma_vector_width = HX_FMA_LANES;
	strncpy(c->fma_isa, HX_FMA_ISA, sizeof(c->fma_isa) - 1);
	hx_ceilings_mca_clock(c, threads);
	if (threads == 1)
		hx_ceilings_measure_bcast(c);
	hx_ceilings_measure_fault(c);
	hx_ceilings_measure_release(c);
	/* The in-core and per-level kernels measure one core: with a team
	 * they stay NaN (null in the JSON). */
	if (threads == 1 &&
	    ((ret = hx_ceilings_measure_levels_core(c)) != HX_CEILINGS_OK ||
		(ret = hx_ceilings_measure_alloc(c)) != HX_CEILINGS_OK))
		goto label_return;
label_return:
	return ret;
}

int
hx_ceilings_measure_drift(hx_ceilings_t *c)
{
	const size_t bytes = hx_ceilings_default_bytes() & ~(size_t)63;
	float *a;
	int ret;

	if (c == NULL)
		return HX_CEILINGS_EINVAL;
	hx_ceilings_clear(c, 1);
	c->drift_only = 1;
	c->clock_resolution_s = hx_clock_resolution();
	if (!(c->clock_resolution_s > 0.0))
		return HX_CEILINGS_ECLOCK;
	ret = hx_ceilings_measure_fma(HX_CEILINGS_DEFAULT_REPEATS, 1, c);
	if (ret != HX_CEILINGS_OK)
		return ret;
	c->fma_vector_width = HX_FMA_LANES;
	strncpy(c->fma_isa, HX_FMA_ISA, sizeof(c->fma_isa) - 1);
	/* DRAM's read first, on an array of the triad's size written once
	 * and freed, as the whole measurement streams its triad before the
	 * levels: the gather tables then lie where the allocator put them
	 * there (docs/counters.md, "The rates again, alone"). */
	if ((a = hx_ceilings_alloc(bytes)) == NULL)
		return HX_CEILINGS_ENOMEM;
	for (size_t i = 0; i < bytes / sizeof(float); i++)
		a[i] = 1.0f;
	ret = hx_ceilings_measure_dram_read(c, a, bytes);
	free(a);
	return ret != HX_CEILINGS_OK ? ret : hx_ceilings_measure_drift_core(c);
}

const char *
hx_ceilings_arith_name(int i)
{
	static const char *const names[HX_CK_ARITH_COUNT] = {
	    "add", "mul", "divps", "divpd", "sqrtps", "sqrtpd", "int"};

	return i >= 0 && i < HX_CK_ARITH_COUNT ? names[i] : NULL;
}

const char *
hx_ceilings_strerror(int err)
{
	switch (err) {
	case HX_CEILINGS_OK:
		return "success";
	case HX_CEILINGS_EINVAL:
		return "invalid argument (NULL result or array under 1 KiB)";
	case HX_CEILINGS_ENOMEM:
		return "cannot allocate the triad arrays";
	case HX_CEILINGS_EVALID:
		return "a ceiling kernel computed a wrong result";
	case HX_CEILINGS_ECLOCK:
		return "CLOCK_MONOTONIC failed or did not advance";
	default:
		return "unknown hx_ceilings error";
	}
}
