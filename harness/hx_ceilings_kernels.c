/*
 * hx_ceilings_kernels: the in-core and per-level ceilings of hx_ceilings.h
 * (vector add, multiply, divide, square root, a scalar integer add; a
 * gather and streaming read, write and copy from each level; a large
 * allocation's price). Each kernel is a noinline function of a few lines
 * named hx_ck_*, whose compiled loop test_ceilings_kernels disassembles to
 * find the instruction it claims to measure. Each is timed as the FMA rate
 * is: calibrated to about HX_CK_RUN_S a run, then the best of several runs,
 * the spread kept.
 */
#include "hx_ceilings.h"
#include "hx_ceilings_kernel.h"
#include "hx_format.h"
#include "hx_mem.h"
#include "variant.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

/* One timed run lasts about this long, well under a scheduler time slice,
 * so that on a shared machine some of the runs find the core free; runs
 * per ceiling. */
#define HX_CK_RUN_S 0.0015
#define HX_CK_RUNS 15
/* The most times hx_ceilings_time doubles k after its timed runs. */
#define HX_CK_RETRIES 12
/* Rounds of the per-level kernels (hx_ceilings_measure_levels_core). */
#define HX_CK_LEVEL_ROUNDS 3

/* Independent chains: enough to cover latency x ports of the arithmetic
 * units on current x86 (4 cycles x 2 ports), and of the divider. */
#define HX_CK_CHAINS 12
/* Gathers in flight: independent index streams. */
#define HX_CK_GATHER_CHAINS 4
/* The FMAs of hx_ck_gather_mix an iteration (HX_CEILINGS_GATHER_MIX_FMAS):
 * this many rounds of two on each chain. */
#define HX_CK_GATHER_MIX_REPS (HX_CEILINGS_GATHER_MIX_FMAS / (2 * HX_CK_CHAINS))
_Static_assert(
    HX_CK_GATHER_MIX_REPS * 2 * HX_CK_CHAINS == HX_CEILINGS_GATHER_MIX_FMAS,
    "the gather mix's FMAs are whole rounds of two on each chain");

/* Operands read through volatile so that no kernel folds its constants.
 * x = x * 1 + 0 style chains keep values fixed: no overflow, no
 * subnormals, which would change the instructions' speed. */
static volatile float hx_ck_one = 1.0f;
static volatile float hx_ck_zero = 0.0f;
static volatile double hx_ck_m = 2.25;

/* Adds: x = x + 0 on each chain. */
HX_CK_KERNEL void
hx_ck_add(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t acc[HX_CK_CHAINS], z = {0};

	z += hx_ck_zero;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = z + (float)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = acc[j] + z;
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* Multiplies: x = x * 1 on each chain. */
HX_CK_KERNEL void
hx_ck_mul(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t acc[HX_CK_CHAINS], one = {0};

	one += hx_ck_one;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = one + (float)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = acc[j] * one;
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* Divides, float and double: x = m / x alternates between x0 and m / x0,
 * operands that are no special case for the divider. */
HX_CK_KERNEL void
hx_ck_divps(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t acc[HX_CK_CHAINS], m = {0};

	m += (float)hx_ck_m;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = m * 0.5f + 0.125f * (float)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = m / acc[j];
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

HX_CK_KERNEL void
hx_ck_divpd(uint64_t iters, hx_vd_t *out)
{
	hx_vd_t acc[HX_CK_CHAINS], m = {0};

	m += hx_ck_m;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = m * 0.5 + 0.125 * (double)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = m / acc[j];
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* Square roots: x = sqrt(x) * 1.5 settles at 2.25 (sqrt 1.5, exact). The
 * multiply runs on another unit than the square root. */
#if defined(__AVX512F__)
#define HX_CK_SQRTPS(v) ((hx_vf_t)_mm512_sqrt_ps((__m512)(v)))
#define HX_CK_SQRTPD(v) ((hx_vd_t)_mm512_sqrt_pd((__m512d)(v)))
#elif defined(__AVX2__)
#define HX_CK_SQRTPS(v) ((hx_vf_t)_mm256_sqrt_ps((__m256)(v)))
#define HX_CK_SQRTPD(v) ((hx_vd_t)_mm256_sqrt_pd((__m256d)(v)))
#else
#define HX_CK_SQRTPS(v) hx_ck_sqrtps_generic(v)
#define HX_CK_SQRTPD(v) hx_ck_sqrtpd_generic(v)
static hx_vf_t
hx_ck_sqrtps_generic(hx_vf_t v)
{
	for (int l = 0; l < HX_CK_FLOATS; l++)
		v[l] = sqrtf(v[l]);
	return v;
}
static hx_vd_t
hx_ck_sqrtpd_generic(hx_vd_t v)
{
	for (int l = 0; l < HX_CK_FLOATS / 2; l++)
		v[l] = sqrt(v[l]);
	return v;
}
#endif

HX_CK_KERNEL void
hx_ck_sqrtps(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t acc[HX_CK_CHAINS], k = {0};

	k += (float)hx_ck_m - 0.75f;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = k + 0.125f * (float)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = HX_CK_SQRTPS(acc[j]) * k;
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

HX_CK_KERNEL void
hx_ck_sqrtpd(uint64_t iters, hx_vd_t *out)
{
	hx_vd_t acc[HX_CK_CHAINS], k = {0};

	k += hx_ck_m - 0.75;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = k + 0.125 * (double)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = HX_CK_SQRTPD(acc[j]) * k;
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* FMAs and divides together, in the proportion of a pair kernel (12 FMAs,
 * 2 divides an iteration): whether the divider's work overlaps the FMAs'
 * (the time is the larger of the two) or adds to it tells the model how
 * to combine its floating-point terms. The divides are independent from
 * one iteration to the next (a divisor renewed by an add, each quotient
 * summed), as a pair kernel's are: chained (d = m / d), two divides an
 * iteration waited for the divider's latency, and the kernel measured
 * that latency (fp_overlap 0.16-0.24 where independent divides give
 * 0.58-0.64 on the development VM). */
HX_CK_KERNEL void
hx_ck_mix(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t acc[HX_CK_CHAINS], one = {0}, m = {0}, z, d0, d1;
	hx_vf_t q0 = {0}, q1 = {0};

	one += hx_ck_one;
	z = one - one;
	m += (float)hx_ck_m;
	d0 = m * 0.5f, d1 = m * 0.5f + 0.125f;
	for (int j = 0; j < HX_CK_CHAINS; j++)
		acc[j] = one + (float)j;
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int j = 0; j < HX_CK_CHAINS; j++)
			acc[j] = acc[j] * one + z;
		d0 = d0 + z;
		d1 = d1 + z;
		q0 += m / d0;
		q1 += m / d1;
	}
	for (int j = 0; j < HX_CK_CHAINS; j++)
		out[j] = acc[j] + q0 + q1;
	variant_no_opt(out);
}

/* Scalar integer adds, the price of the instructions of no vector class
 * (loop counters, address arithmetic, compares): x = x + y on 8 chains. */
HX_CK_KERNEL void
hx_ck_int(uint64_t iters, uint64_t *out)
{
	uint64_t y = (uint64_t)(hx_ck_one + 0.5f);
	uint64_t a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7;

	for (uint64_t i = 0; i < iters; i++) {
		a0 += y, a1 += y, a2 += y, a3 += y;
		a4 += y, a5 += y, a6 += y, a7 += y;
		/* Registers the compiler must keep: no folding of iters * y,
		 * no spilling to memory. */
		__asm__("" : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3));
		__asm__("" : "+r"(a4), "+r"(a5), "+r"(a6), "+r"(a7));
	}
	out[0] = a0, out[1] = a1, out[2] = a2, out[3] = a3;
	out[4] = a4, out[5] = a5, out[6] = a6, out[7] = a7;
	variant_no_opt(out);
}

/* A gather of HX_CK_FLOATS random float32 entries from table (mask + 1
 * entries, a power of two), per index stream per iteration; the indices
 * from a vector xorshift32, the values summed. */
#if defined(__AVX512F__)
#define HX_CK_GATHER(t, i) ((hx_vf_t)_mm512_i32gather_ps((__m512i)(i), t, 4))
#elif defined(__AVX2__)
#define HX_CK_GATHER(t, i) ((hx_vf_t)_mm256_i32gather_ps(t, (__m256i)(i), 4))
#else
#define HX_CK_GATHER(t, i) hx_ck_gather_generic(t, i)
static hx_vf_t
hx_ck_gather_generic(const float *t, hx_vu_t i)
{
	hx_vf_t v = {0};
	for (int l = 0; l < HX_CK_FLOATS; l++)
		v[l] = t[i[l]];
	return v;
}
#endif

/* The index streams of the gather kernels, each a vector xorshift32
 * seeded apart, and their sums at 0. Each call is seeded afresh by its
 * salt (hx_ck_job_run's count of calls): seeded alike, the 15 timed runs
 * of the DRAM gather re-read the same 6.7 MB of lines, from the L3
 * cache after the first. */
static inline __attribute__((always_inline)) void
hx_ck_gather_seed(hx_vu_t x[HX_CK_GATHER_CHAINS],
    hx_vf_t acc[HX_CK_GATHER_CHAINS], uint32_t salt)
{
	for (int j = 0; j < HX_CK_GATHER_CHAINS; j++) {
		for (int l = 0; l < HX_CK_FLOATS; l++)
			x[j][l] =
			    (2463534242u + 7919u * (uint32_t)(j * 64 + l) +
				2654435761u * salt) |
			    1u; /* never 0, xorshift's fixed point */
		acc[j] = (hx_vf_t){0};
	}
}

/* One gather of each stream: its next indices, masked into the table,
 * the entries summed. */
static inline __attribute__((always_inline)) void
hx_ck_gather_step(hx_vu_t x[HX_CK_GATHER_CHAINS],
    hx_vf_t acc[HX_CK_GATHER_CHAINS], const float *table, uint32_t mask)
{
#pragma GCC unroll 4
	for (int j = 0; j < HX_CK_GATHER_CHAINS; j++) {
		x[j] ^= x[j] << 13;
		x[j] ^= x[j] >> 17;
		x[j] ^= x[j] << 5;
		acc[j] += HX_CK_GATHER(table, x[j] & mask);
	}
}

HX_CK_KERNEL void
hx_ck_gather(uint64_t iters, const float *table, uint32_t mask, uint32_t salt,
    hx_vf_t *out)
{
	hx_vu_t x[HX_CK_GATHER_CHAINS];
	hx_vf_t acc[HX_CK_GATHER_CHAINS];

	hx_ck_gather_seed(x, acc, salt);
	for (uint64_t i = 0; i < iters; i++) {
		hx_ck_gather_step(x, acc, table, mask);
	}
	for (int j = 0; j < HX_CK_GATHER_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* hx_ck_gather's streams, each index read as a cubic interpolation reads
 * its table (interp_dot): 4 gathers at entries i, i + 1, i + 2 and i + 3,
 * i a multiple of 4 (mask's low bits clear), so that the last three
 * re-read the line the first fetches. Such a gather does not cost L1's
 * rate: from L3 it waits for the line in flight (on the Intel development
 * VM 4.7 ns a point against 3.4 for one gather, where L1's rate priced
 * the three others at 0.8). */
HX_CK_KERNEL void
hx_ck_gather_stencil(uint64_t iters, const float *table, uint32_t mask,
    uint32_t salt, hx_vf_t *out)
{
	hx_vu_t x[HX_CK_GATHER_CHAINS];
	hx_vf_t acc[HX_CK_GATHER_CHAINS];

	hx_ck_gather_seed(x, acc, salt);
	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 4
		for (int j = 0; j < HX_CK_GATHER_CHAINS; j++) {
			hx_vu_t k;

			x[j] ^= x[j] << 13;
			x[j] ^= x[j] >> 17;
			x[j] ^= x[j] << 5;
			k = x[j] & mask;
			acc[j] += (HX_CK_GATHER(table, k) +
				      HX_CK_GATHER(table + 1, k)) +
			    (HX_CK_GATHER(table + 2, k) +
				HX_CK_GATHER(table + 3, k));
		}
	}
	for (int j = 0; j < HX_CK_GATHER_CHAINS; j++)
		out[j] = acc[j];
	variant_no_opt(out);
}

/* hx_ck_gather's loop with HX_CEILINGS_GATHER_MIX_FMAS FMAs (12 on each of 12
 * independent chains) an iteration beside its 4 gathers, the proportion
 * of interp's gather loops (the rest of their in-core work, llvm-mca's
 * issue term, a quarter (fused) to all (tiled) of their gathers' time at
 * the measured rates): whether the FMAs hide under the gathers (the time
 * is the larger part's) or add to them tells the model how to combine
 * its gather term with the rest. With 24 FMAs an iteration, a tenth of
 * the gathers' time, they hid (0.77 to 1.0 from L2 in four runs); with
 * 144 they mostly add (0.15, 0.49 and 0.43 from L2; 0, 0.21 and 0 from
 * L3), and interp's loops do what the second says (docs/model.md). */
HX_CK_KERNEL void
hx_ck_gather_mix(uint64_t iters, const float *table, uint32_t mask,
    uint32_t salt, hx_vf_t *out)
{
	hx_vu_t x[HX_CK_GATHER_CHAINS];
	hx_vf_t acc[HX_CK_GATHER_CHAINS], f[HX_CK_CHAINS], one = {0};

	one += hx_ck_one;
	hx_ck_gather_seed(x, acc, salt);
	for (int j = 0; j < HX_CK_CHAINS; j++)
		f[j] = one + (float)j;
	for (uint64_t i = 0; i < iters; i++) {
		hx_ck_gather_step(x, acc, table, mask);
#pragma GCC unroll 16
		for (int rr = 0; rr < HX_CK_GATHER_MIX_REPS; rr++)
#pragma GCC unroll 16
			for (int j = 0; j < HX_CK_CHAINS; j++) {
				f[j] = f[j] * one + (one - one);
				f[j] = f[j] * one + (one - one);
			}
	}
	for (int j = 0; j < HX_CK_GATHER_CHAINS; j++)
		out[j] = acc[j] + f[j] + f[j + 4] + f[j + 8];
	variant_no_opt(out);
}

/* Streaming: read (sum), write (store), copy, of n vectors. Loop pattern
 * distribution is off so that write and copy stay these loops rather than
 * calls to memset and memcpy. */
HX_CK_KERNEL void
hx_ck_read(const hx_vf_t *p, size_t n, hx_vf_t *out)
{
	hx_vf_t s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};

	for (size_t i = 0; i + 4 <= n; i += 4) {
		s0 += p[i];
		s1 += p[i + 1];
		s2 += p[i + 2];
		s3 += p[i + 3];
	}
	*out = s0 + s1 + s2 + s3;
	variant_no_opt(out);
}

HX_CK_KERNEL HX_CK_NO_PATTERNS void
hx_ck_write(hx_vf_t *p, size_t n, hx_vf_t v)
{
	for (size_t i = 0; i < n; i++)
		p[i] = v;
	variant_no_opt(p);
}

HX_CK_KERNEL HX_CK_NO_PATTERNS void
hx_ck_copy(hx_vf_t *restrict dst, const hx_vf_t *restrict src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i];
	variant_no_opt(dst);
}

/* What one timed run does, for the timer: run kernel `kind` with size k
 * (iterations or passes). */
typedef struct hx_ck_job_s {
	int kind;
	const float *table;
	uint32_t mask;
	hx_vf_t *a, *b;
	size_t n;
} hx_ck_job_t;

enum {
	HX_CK_ADD,
	HX_CK_MUL,
	HX_CK_DIVPS,
	HX_CK_DIVPD,
	HX_CK_SQRTPS,
	HX_CK_SQRTPD,
	HX_CK_INT,
	HX_CK_MIX,
	HX_CK_GATHER_K,
	HX_CK_GATHER_STENCIL,
	HX_CK_GATHER_MIX,
	HX_CK_READ,
	HX_CK_WRITE,
	HX_CK_COPY
};

static void
hx_ck_job_run(const hx_ck_job_t *j, uint64_t k)
{
	static hx_vf_t out[HX_CK_CHAINS];
	static hx_vd_t dout[HX_CK_CHAINS];
	static uint64_t iout[8];
	static uint32_t salt; /* the gathers' seeds: a call's own */

	switch (j->kind) {
	case HX_CK_ADD:
		hx_ck_add(k, out);
		break;
	case HX_CK_MUL:
		hx_ck_mul(k, out);
		break;
	case HX_CK_DIVPS:
		hx_ck_divps(k, out);
		break;
	case HX_CK_DIVPD:
		hx_ck_divpd(k, dout);
		break;
	case HX_CK_SQRTPS:
		hx_ck_sqrtps(k, out);
		break;
	case HX_CK_SQRTPD:
		hx_ck_sqrtpd(k, dout);
		break;
	case HX_CK_INT:
		hx_ck_int(k, iout);
		break;
	case HX_CK_GATHER_K:
		hx_ck_gather(k, j->table, j->mask, ++salt, out);
		break;
	case HX_CK_GATHER_STENCIL:
		hx_ck_gather_stencil(k, j->table, j->mask, ++salt, out);
		break;
	case HX_CK_GATHER_MIX:
		hx_ck_gather_mix(k, j->table, j->mask, ++salt, out);
		break;
	case HX_CK_READ:
		for (uint64_t p = 0; p < k; p++)
			hx_ck_read(j->a, j->n, out);
		break;
	case HX_CK_MIX:
		hx_ck_mix(k, out);
		break;
	case HX_CK_WRITE:
		for (uint64_t p = 0; p < k; p++)
			hx_ck_write(j->a, j->n, out[0]);
		break;
	default:
		for (uint64_t p = 0; p < k; p++)
			hx_ck_copy(j->a, j->b, j->n);
		break;
	}
}

/* hx_ck_job_run through hx_ceilings_time's signature. */
static void
hx_ck_job_call(uint64_t k, const void *job)
{
	hx_ck_job_run(job, k);
}

/* Times job (hx_ceilings_time). */
static int
hx_ck_time(const hx_ck_job_t *j, uint64_t k0, uint64_t *k_out, double *best,
    double *spread)
{
	return hx_ceilings_time(hx_ck_job_call, j, k0, k_out, best, spread);
}

int
hx_ceilings_time(void (*run)(uint64_t k, const void *arg), const void *arg,
    uint64_t k0, uint64_t *k_out, double *best, double *spread)
{
	double sec[HX_CK_RUNS], t0, t1;
	uint64_t k = k0;

	for (;;) {
		t0 = hx_clock_now();
		run(k, arg);
		t1 = hx_clock_now();
		if (isnan(t0) || isnan(t1))
			return -1;
		if (t1 - t0 >= HX_CK_RUN_S || k >= (UINT64_C(1) << 40))
			break;
		k *= 2;
	}
	/* A run the host preempted while k was doubled stops the doubling
	 * early, and the timed runs then time far less work than a run
	 * should: on the Intel Xeon VM under a busy host the DRAM gather
	 * stopped at k = 16, whose 64 kB of lines the timed runs read from
	 * the core's caches, 2.1e9 indices a second against 7e7 (spread
	 * 0.96). While the best run is under half a run's length, k is
	 * doubled again. */
	for (int tries = 0;; tries++) {
		for (int r = 0; r < HX_CK_RUNS; r++) {
			t0 = hx_clock_now();
			run(k, arg);
			sec[r] = hx_clock_now() - t0;
		}
		if (hx_ceilings_best_of(sec, HX_CK_RUNS, best, spread) != 0)
			return -1;
		if (*best >= HX_CK_RUN_S / 2 || tries >= HX_CK_RETRIES ||
		    k >= (UINT64_C(1) << 40))
			break;
		k *= 2;
	}
	*k_out = k;
	return 0;
}

/* The arithmetic kernels: instructions per second. */
static int
hx_ck_measure_arith(hx_ceilings_t *c)
{
	static const int kinds[HX_CK_ARITH_COUNT] = {HX_CK_ADD, HX_CK_MUL,
	    HX_CK_DIVPS, HX_CK_DIVPD, HX_CK_SQRTPS, HX_CK_SQRTPD, HX_CK_INT};

	for (int i = 0; i < HX_CK_ARITH_COUNT; i++) {
		hx_ck_job_t j = {.kind = kinds[i]};
		uint64_t k;
		double best, spread;
		int per_iter = kinds[i] == HX_CK_INT ? 8 : HX_CK_CHAINS;

		if (hx_ck_time(&j, 64, &k, &best, &spread) != 0)
			return HX_CEILINGS_ECLOCK;
		c->arith_per_s[i] = (double)per_iter * (double)k / best;
		c->arith_spread[i] = spread;
	}
	return HX_CEILINGS_OK;
}

/* The mix of FMAs and divides (hx_ck_mix) against its parts measured
 * alone: c->fp_overlap = (sum - mix) / (sum - max), 1 when the divider's
 * time hides under the FMAs', 0 when it adds (clamped to [0, 1]). Needs
 * the FMA and divps rates measured before. */
static int
hx_ck_measure_mix(hx_ceilings_t *c)
{
	hx_ck_job_t j = {.kind = HX_CK_MIX};
	uint64_t k;
	double best, spread, fma, div, mix, sum, most;

	if (hx_ck_time(&j, 64, &k, &best, &spread) != 0)
		return HX_CEILINGS_ECLOCK;
	fma = HX_CK_CHAINS /
	    (c->fma_flops_per_s / (2.0 * (double)c->fma_vector_width));
	div = 2.0 / c->arith_per_s[HX_CEILINGS_DIVPS];
	mix = best / (double)k;
	sum = fma + div;
	most = fmax(fma, div);
	c->fp_mix_s = mix;
	c->fp_overlap = sum > most ? (sum - mix) / (sum - most) : 1.0;
	c->fp_overlap = fmin(1.0, fmax(0.0, c->fp_overlap));
	return HX_CEILINGS_OK;
}

/* The gathers from a table of `entries` floats (a power of two, filled):
 * one gather a point, indices a second and spread into rate[0], rate[1],
 * and the stencil of 4 into rate[2], rate[3]. */
static int
hx_ck_gather_rates(const float *table, size_t entries, double rate[4])
{
	hx_ck_job_t j = {.kind = HX_CK_GATHER_K, .table = table};
	uint64_t k;
	double best;

	j.mask = (uint32_t)(entries - 1);
	for (int s = 0; s < 2; s++) {
		if (hx_ck_time(&j, 16, &k, &best, &rate[2 * s + 1]) != 0)
			return HX_CEILINGS_ECLOCK;
		rate[2 * s] = (double)HX_CK_FLOATS * HX_CK_GATHER_CHAINS *
		    (double)k / best;
		j.kind = HX_CK_GATHER_STENCIL;
		j.mask &= ~3u;
	}
	return HX_CEILINGS_OK;
}

/* The gathers from a level's table of `entries` floats: one gather a
 * point, and the stencil of 4. */
static int
hx_ck_measure_gather(
    hx_ceilings_t *c, int level, const float *table, size_t entries)
{
	double rate[4];
	int ret = hx_ck_gather_rates(table, entries, rate);

	if (ret != HX_CEILINGS_OK)
		return ret;
	c->gather_per_s[level] = rate[0];
	c->gather_spread[level] = rate[1];
	c->gather_table_bytes[level] = 4.0 * (double)entries;
	c->gather_stencil_per_s[level] = rate[2];
	c->gather_stencil_spread[level] = rate[3];
	return HX_CEILINGS_OK;
}

/* The gather ladder (hx_ceilings_t.gather_ladder_*): each size from
 * twice L2's gather table (bytes l2), doubling, up to twice L3's (l3), a
 * table on memory mapped afresh and unmapped after, best of
 * HX_CK_LEVEL_ROUNDS rounds (the sizes in turn in each), as the levels'
 * rates. Up to twice L3's table, so that a set between L3's table and
 * twice it is priced between two sizes measured, not at the last one's
 * rate: on the Zen 4 VM L3's table is 4 MiB and interp's tables 4.9 MB. */
static int
hx_ck_measure_gather_ladder(hx_ceilings_t *c, size_t l2, size_t l3)
{
	int n = 0;

	c->gather_ladder_sizes = 0;
	for (size_t s = 2 * l2; s > 0 && s <= 2 * l3 && n < HX_CEILINGS_LADDER;
	     s *= 2) {
		c->gather_ladder_bytes[n] = (double)s;
		c->gather_ladder_per_s[n] = 0.0;
		c->gather_stencil_ladder_per_s[n++] = 0.0;
	}
	for (int round = 0; round < HX_CK_LEVEL_ROUNDS; round++) {
		for (int i = 0; i < n; i++) {
			const size_t bytes = (size_t)c->gather_ladder_bytes[i];
			float *t = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			double rate[4];
			int ret;

			if (t == MAP_FAILED)
				return HX_CEILINGS_ENOMEM;
			for (size_t e = 0; e < bytes / 4; e++)
				t[e] = 1.0f;
			ret = hx_ck_gather_rates(t, bytes / 4, rate);
			munmap(t, bytes);
			if (ret != HX_CEILINGS_OK)
				return ret;
			c->gather_ladder_per_s[i] =
			    fmax(c->gather_ladder_per_s[i], rate[0]);
			c->gather_stencil_ladder_per_s[i] =
			    fmax(c->gather_stencil_ladder_per_s[i], rate[2]);
		}
	}
	c->gather_ladder_sizes = n;
	return HX_CEILINGS_OK;
}

/* The gathers and FMAs together (hx_ck_gather_mix) from a table of
 * entries (the L3 or the L1 table, as that level's gather measured it)
 * against each alone: the seconds an iteration into *mix_s, and into
 * *overlap how far the FMAs hid under the gathers, as hx_ck_measure_mix's
 * fp_overlap (1 when they hide, 0 when they add). The gathers alone are timed
 * again here, a run of each in turn, both best of HX_CK_RUNS as the
 * other ceilings (what a free core does): a load that slows every run of
 * the mix still reads as an overlap of 0 (the medians of the runs'
 * ratios read 0 on the development VM, the mix 35% slower than the
 * gathers alone: what the load costs the mix, not how the core overlaps
 * them). Needs the FMA rate. */
static int
hx_ck_measure_gather_mix(const hx_ceilings_t *c, const float *table,
    size_t entries, double *mix_s, double *overlap)
{
	hx_ck_job_t mixj = {.kind = HX_CK_GATHER_MIX, .table = table};
	hx_ck_job_t gj = {.kind = HX_CK_GATHER_K, .table = table};
	double msec[HX_CK_RUNS], gsec[HX_CK_RUNS], best, gbest, spread;
	double fma, gather, mix, sum, most;
	uint64_t k;

	mixj.mask = gj.mask = (uint32_t)(entries - 1);
	if (hx_ck_time(&mixj, 16, &k, &best, &spread) != 0)
		return HX_CEILINGS_ECLOCK;
	for (int r = 0; r < HX_CK_RUNS; r++) {
		double t0 = hx_clock_now();

		hx_ck_job_run(&gj, k);
		gsec[r] = hx_clock_now() - t0;
		t0 = hx_clock_now();
		hx_ck_job_run(&mixj, k);
		msec[r] = hx_clock_now() - t0;
	}
	if (hx_ceilings_best_of(gsec, HX_CK_RUNS, &gbest, &spread) != 0 ||
	    hx_ceilings_best_of(msec, HX_CK_RUNS, &best, &spread) != 0)
		return HX_CEILINGS_ECLOCK;
	fma = HX_CEILINGS_GATHER_MIX_FMAS /
	    (c->fma_flops_per_s / (2.0 * (double)c->fma_vector_width));
	gather = gbest / (double)k;
	mix = best / (double)k;
	sum = fma + gather;
	most = fmax(fma, gather);
	*mix_s = mix;
	*overlap = sum > most ? (sum - mix) / (sum - most) : 1.0;
	*overlap = fmin(1.0, fmax(0.0, *overlap));
	return HX_CEILINGS_OK;
}

/* Stream s (HX_CEILINGS_READ, _WRITE, _COPY) over arrays of `bytes`
 * each (a, and b for copy): bytes a second the program reads plus writes
 * (a copy counts both), into *rate. */
static int
hx_ck_stream_rate(int s, void *a, void *b, size_t bytes, double *rate)
{
	static const int kinds[3] = {HX_CK_READ, HX_CK_WRITE, HX_CK_COPY};
	static const double moved[3] = {1.0, 1.0, 2.0};
	hx_ck_job_t j = {.kind = kinds[s], .a = a, .b = b};
	uint64_t k;
	double best, spread;

	j.n = bytes / HX_CK_BYTES;
	j.n -= j.n % 4;
	if (j.n == 0)
		return HX_CEILINGS_EINVAL;
	if (hx_ck_time(&j, 1, &k, &best, &spread) != 0)
		return HX_CEILINGS_ECLOCK;
	*rate = moved[s] * HX_CK_BYTES * (double)j.n * (double)k / best;
	return HX_CEILINGS_OK;
}

/* Read, write and copy of arrays of `bytes` each (a and b). */
static int
hx_ck_measure_stream(
    hx_ceilings_t *c, int level, void *a, void *b, size_t bytes)
{
	for (int s = 0; s < 3; s++) {
		int ret = hx_ck_stream_rate(
		    s, a, b, bytes, &c->stream_bytes_per_s[s][level]);

		if (ret != HX_CEILINGS_OK)
			return ret;
	}
	c->stream_array_bytes[level] = (double)bytes;
	return HX_CEILINGS_OK;
}

/* The read ladder (hx_ceilings_t.ladder_*): one page-aligned array of
 * the largest size, written once, then read at each size, best of runs
 * as the streams. */
static int
hx_ck_measure_ladder(hx_ceilings_t *c, size_t l3)
{
	size_t size[HX_CEILINGS_LADDER],
	    s = 2 * (size_t)c->stream_array_bytes[2];
	int n = 0, ret = HX_CEILINGS_OK;
	void *buf = NULL;

	c->ladder_sizes = 0;
	for (; s > 0 && s <= l3 && s <= HX_CEILINGS_MAX_DEFAULT_BYTES &&
	     n < HX_CEILINGS_LADDER;
	     s *= 2)
		size[n++] = s;
	if (n == 0)
		return HX_CEILINGS_OK;
	if (posix_memalign(&buf, 4096, size[n - 1]) != 0)
		return HX_CEILINGS_ENOMEM;
	for (size_t i = 0; i < size[n - 1] / 4; i++)
		((float *)buf)[i] = 1.0f;
	for (int i = 0; i < n && ret == HX_CEILINGS_OK; i++) {
		ret = hx_ck_stream_rate(HX_CEILINGS_READ, buf, NULL, size[i],
		    &c->ladder_read_bytes_per_s[i]);
		c->ladder_bytes[i] = (double)size[i];
		if (ret == HX_CEILINGS_OK)
			c->ladder_sizes = i + 1;
	}
	free(buf);
	return ret;
}

/* The largest power of two not above x (x >= 1). */
static size_t
hx_ck_pow2_floor(size_t x)
{
	size_t p = 1;

	while (p <= x / 2)
		p *= 2;
	return p;
}

/* The size of each cache level (index 0..2), fallbacks where unknown. */
static void
hx_ck_levels(size_t size[3])
{
	size[0] = (size_t)variant_cache_bytes(1, 32 << 10);
	size[1] = (size_t)variant_cache_bytes(2, 1 << 20);
	size[2] = (size_t)variant_cache_bytes(3, 32 << 20);
}

/* One round of the per-level kernels into r: the L1, L2 and L3 gathers
 * and streams, and the gathers with FMAs, on a buffer of its own; with
 * drift, the L1 and L3 gathers alone (hx_ceilings_measure_drift). */
static int
hx_ck_levels_round(hx_ceilings_t *r, const size_t size[3], int drift)
{
	size_t gbytes[3], sbytes[3];
	void *buf = NULL;
	int ret = HX_CEILINGS_OK;

	/* Gather tables of half L1 and half L2; for L3, between L2 and L3
	 * (the geometric mean, at most half L3), so that a VM's stated L3
	 * larger than one core's share still holds it. Streams: a quarter
	 * of each (two arrays for copy). */
	gbytes[0] = hx_ck_pow2_floor(size[0] / 2);
	gbytes[1] = hx_ck_pow2_floor(size[1] / 2);
	gbytes[2] = hx_ck_pow2_floor(
	    fmin(sqrt((double)size[1] * (double)size[2]), size[2] / 2.0));
	for (int l = 0; l < 3; l++)
		sbytes[l] = gbytes[l] / 2;
	/* Page-aligned, so that every invocation's tables start at the
	 * same place in a page. At 64 bytes jemalloc placed this block at a
	 * cache line of its first page that changed from run to run (its
	 * cache-oblivious offset: 0x200, 0x440, 0x7c0, ...), and the
	 * gathers' rates came in two states from one `harness ceilings` to
	 * the next, up to 2x apart: 8 of 23 invocations on the Intel VM
	 * read the L2 stencil at 8 x 10^8 points a second or more (up to
	 * 10.4), the rest 4.7 to 6.9. Page-aligned, 0 of 9 did (4.5 to 6.3)
	 * at first, but 8 of 14 did again the same evening (up to 10.0):
	 * the offset was not the cause, and the two states remain
	 * (docs/model.md, "How close it comes"). The alignment stays: it
	 * takes one thing that varied out of the measurement. */
	if (posix_memalign(&buf, 4096, 2 * gbytes[2]) != 0)
		return HX_CEILINGS_ENOMEM;
	for (size_t i = 0; i < 2 * gbytes[2] / 4; i++)
		((float *)buf)[i] = 1.0f;
	for (int l = 0; l < 3 && ret == HX_CEILINGS_OK; l++) {
		if (drift && l == 1)
			continue;
		ret = hx_ck_measure_gather(r, l, buf, gbytes[l] / 4);
		if (ret == HX_CEILINGS_OK && !drift)
			ret = hx_ck_measure_stream(
			    r, l, buf, (char *)buf + gbytes[2], sbytes[l]);
	}
	if (ret == HX_CEILINGS_OK && !drift)
		ret = hx_ck_measure_gather_mix(r, buf, gbytes[2] / 4,
		    &r->gather_mix_s, &r->gather_fp_overlap);
	if (ret == HX_CEILINGS_OK && !drift)
		ret = hx_ck_measure_gather_mix(r, buf, gbytes[0] / 4,
		    &r->gather_l1_mix_s, &r->gather_l1_fp_overlap);
	if (ret == HX_CEILINGS_OK && !drift)
		ret = hx_ck_measure_gather_mix(r, buf, gbytes[1] / 4,
		    &r->gather_l2_mix_s, &r->gather_l2_fp_overlap);
	free(buf);
	return ret;
}

/* One level's gather mix: the round's (mix, overlap) into the kept
 * (*mix, *overlap) when it is the first or hid more. */
static void
hx_ck_keep_mix(
    double *mix, double *overlap, double rmix, double roverlap, int first)
{
	if (first || roverlap > *overlap) {
		*mix = rmix;
		*overlap = roverlap;
	}
}

/* Keeps in c the faster of each per-level rate of c and r (the spreads
 * with them), and the gathers-with-FMAs of the round that overlapped
 * them more. */
static void
hx_ck_levels_keep(hx_ceilings_t *c, const hx_ceilings_t *r, int first)
{
	for (int l = 0; l < 3; l++) {
		if (first || r->gather_per_s[l] > c->gather_per_s[l]) {
			c->gather_per_s[l] = r->gather_per_s[l];
			c->gather_spread[l] = r->gather_spread[l];
			c->gather_table_bytes[l] = r->gather_table_bytes[l];
		}
		if (first ||
		    r->gather_stencil_per_s[l] > c->gather_stencil_per_s[l]) {
			c->gather_stencil_per_s[l] = r->gather_stencil_per_s[l];
			c->gather_stencil_spread[l] =
			    r->gather_stencil_spread[l];
		}
		for (int s = 0; s < 3; s++)
			if (first ||
			    r->stream_bytes_per_s[s][l] >
				c->stream_bytes_per_s[s][l])
				c->stream_bytes_per_s[s][l] =
				    r->stream_bytes_per_s[s][l];
		c->stream_array_bytes[l] = r->stream_array_bytes[l];
	}
	/* A load only hides less of the FMAs under the gathers (a slower
	 * mix reads as less overlap): the round that hid the most is what
	 * a free core does, as the best run is for a rate. */
	hx_ck_keep_mix(&c->gather_mix_s, &c->gather_fp_overlap, r->gather_mix_s,
	    r->gather_fp_overlap, first);
	hx_ck_keep_mix(&c->gather_l1_mix_s, &c->gather_l1_fp_overlap,
	    r->gather_l1_mix_s, r->gather_l1_fp_overlap, first);
	hx_ck_keep_mix(&c->gather_l2_mix_s, &c->gather_l2_fp_overlap,
	    r->gather_l2_mix_s, r->gather_l2_fp_overlap, first);
}

int
hx_ceilings_measure_levels_core(hx_ceilings_t *c)
{
	size_t size[3];
	int ret;

	if ((ret = hx_ck_measure_arith(c)) != HX_CEILINGS_OK ||
	    (ret = hx_ck_measure_mix(c)) != HX_CEILINGS_OK ||
	    (ret = hx_ceilings_measure_latency(c)) != HX_CEILINGS_OK ||
	    (ret = hx_ceilings_measure_calls(c)) != HX_CEILINGS_OK)
		return ret;
	hx_ck_levels(size);
	/* HX_CK_LEVEL_ROUNDS rounds, each on a buffer of its own, the best
	 * of each rate kept: one round's L3 gather rate varied by 30%
	 * between runs of `harness ceilings` on the development VM (1.58,
	 * 1.63 and 2.15 x 10^9 indices a second), the table's pages and
	 * the moment both changing. */
	for (int round = 0; round < HX_CK_LEVEL_ROUNDS; round++) {
		hx_ceilings_t r = *c;

		if ((ret = hx_ck_levels_round(&r, size, 0)) != HX_CEILINGS_OK)
			return ret;
		hx_ck_levels_keep(c, &r, round == 0);
	}
	if ((ret = hx_ck_measure_gather_ladder(c,
		 (size_t)c->gather_table_bytes[1],
		 (size_t)c->gather_table_bytes[2])) != HX_CEILINGS_OK)
		return ret;
	return hx_ck_measure_ladder(c, size[2]);
}

int
hx_ceilings_measure_dram_read(hx_ceilings_t *c, const float *a, size_t bytes)
{
	int ret = hx_ck_stream_rate(HX_CEILINGS_READ, (void *)a, NULL, bytes,
	    &c->stream_bytes_per_s[HX_CEILINGS_READ][3]);

	if (ret == HX_CEILINGS_OK)
		c->stream_array_bytes[3] = (double)bytes;
	return ret;
}

int
hx_ceilings_measure_drift_core(hx_ceilings_t *c)
{
	size_t size[3];
	int ret;

	if ((ret = hx_ck_measure_arith(c)) != HX_CEILINGS_OK)
		return ret;
	hx_ck_levels(size);
	for (int round = 0; round < HX_CK_LEVEL_ROUNDS; round++) {
		hx_ceilings_t r = *c;

		if ((ret = hx_ck_levels_round(&r, size, 1)) != HX_CEILINGS_OK)
			return ret;
		hx_ck_levels_keep(c, &r, round == 0);
	}
	return HX_CEILINGS_OK;
}

int
hx_ceilings_measure_dram(hx_ceilings_t *c, float *a, float *b, size_t bytes)
{
	size_t entries = hx_ck_pow2_floor(bytes / 4);
	int ret;

	ret = hx_ck_measure_gather(c, 3, b, entries);
	if (ret == HX_CEILINGS_OK)
		ret = hx_ck_measure_stream(c, 3, a, b, bytes);
	return ret;
}

/*
 * The allocator's price for a large block: malloc, a first write to each
 * page, free, of HX_CEILINGS_ALLOC_BYTES, against the same writes to a
 * block kept (reuse). Best of HX_CK_RUNS each.
 */
int
hx_ceilings_measure_alloc(hx_ceilings_t *c)
{
	const size_t bytes = HX_CEILINGS_ALLOC_BYTES, page = 4096;
	double fresh[HX_CK_RUNS], kept[HX_CK_RUNS], sp;
	char *keep = malloc(bytes);

	if (keep == NULL)
		return HX_CEILINGS_ENOMEM;
	memset(keep, 1, bytes);
	for (int r = 0; r < HX_CK_RUNS; r++) {
		double t0 = hx_clock_now();
		char *p = malloc(bytes);

		if (p == NULL) {
			free(keep);
			return HX_CEILINGS_ENOMEM;
		}
		for (size_t i = 0; i < bytes; i += page)
			p[i] = (char)r;
		variant_no_opt(p);
		free(p);
		fresh[r] = hx_clock_now() - t0;
		t0 = hx_clock_now();
		for (size_t i = 0; i < bytes; i += page)
			keep[i] = (char)r;
		variant_no_opt(keep);
		kept[r] = hx_clock_now() - t0;
	}
	free(keep);
	if (hx_ceilings_best_of(fresh, HX_CK_RUNS, &c->alloc_fresh_s, &sp) !=
		0 ||
	    hx_ceilings_best_of(kept, HX_CK_RUNS, &c->alloc_reuse_s, &sp) != 0)
		return HX_CEILINGS_ECLOCK;
	return HX_CEILINGS_OK;
}

/*
 * The price of giving a faulted page back: a mapping of
 * HX_CEILINGS_FAULT_PAGES pages (huge pages declined, as the fault's), a
 * first write to each page, then munmap timed alone, over the pages. The
 * fault's price (hx_os_fault_seconds) leaves the unmapping out; a run whose
 * pages fault afresh each run pays both (on the development VM about 0.3 us
 * a page against 1.5 us a fault).
 */
void
hx_ceilings_measure_release(hx_ceilings_t *c)
{
	const size_t page = 4096, bytes = HX_CEILINGS_FAULT_PAGES * page;
	double cost[HX_CEILINGS_FAULT_RUNS];

	for (int r = 0; r < HX_CEILINGS_FAULT_RUNS; r++) {
		char *p = hx_os_map_small_pages(bytes, 0);
		double t0;

		cost[r] = NAN;
		if (p == NULL)
			continue;
		for (size_t i = 0; i < bytes; i += page)
			p[i] = (char)r;
		variant_no_opt(p);
		t0 = hx_clock_now();
		if (munmap(p, bytes) == 0)
			cost[r] = (hx_clock_now() - t0) /
			    (double)HX_CEILINGS_FAULT_PAGES;
	}
	if (hx_ceilings_best_of(cost, HX_CEILINGS_FAULT_RUNS, &c->release_s,
		&c->release_spread) != 0)
		c->release_s = c->release_spread = NAN;
}
