/*
 * hx_ceilings_latency: how long this core takes to pass a value along a
 * chain of dependent instructions, by class (hx_lat_t), and how many
 * instructions it holds waiting for their inputs (the waiting window), for
 * the time model's latency term (hx_flow.h, hx_model.h). Each kernel is a
 * noinline function of a few lines named hx_cl_*, whose compiled loop
 * test_ceilings_kernels disassembles; each is timed as the in-core
 * ceilings are (hx_ceilings_time).
 *
 * Limits: x86-64 (SSE2 intrinsics). The load is a vector load whose
 * address is the last load's value, less half a move there and back
 * between a vector and a general register (taken as symmetric) and an
 * integer instruction (the offset's sign extension); the
 * gather's indices come from its own result, all lanes one entry of a
 * table in L1; the window kernel needs inline assembly with AVX2 or
 * AVX-512, elsewhere NaN.
 */
#include "hx_ceilings.h"
#include "hx_ceilings_kernel.h"
#include "splitmix.h"
#include "variant.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <immintrin.h>

/* Links of each chain an iteration. */
#define HX_CL_LINKS 16
/* The window kernel: FMA links an iteration, and instructions waiting
 * on each link. */
#define HX_CL_WINDOW_LINKS 32
#define HX_CL_WINDOW_WAITS 4

/* Operands read through volatile so that no chain folds. Each chain
 * keeps its value fixed (x * 1 + 0, m / x alternating, sqrt(2.25) * 1.5):
 * no overflow, no subnormals. */
static volatile float hx_cl_one = 1.0f;
static volatile float hx_cl_m = 2.25f;
static volatile int64_t hx_cl_y = 0;

#define HX_CL_CHAIN(name, init, link)                                          \
	HX_CK_KERNEL void name(uint64_t iters, hx_vf_t *out)                   \
	{                                                                      \
		hx_vf_t one = {0}, m = {0}, z, a;                              \
                                                                               \
		one += hx_cl_one;                                              \
		m += hx_cl_m;                                                  \
		z = one - one;                                                 \
		a = init;                                                      \
		for (uint64_t i = 0; i < iters; i++) {                         \
			_Pragma("GCC unroll 16") for (int s = 0;               \
						      s < HX_CL_LINKS; s++)    \
			    a = link;                                          \
		}                                                              \
		*out = a + z + (m - m);                                        \
		variant_no_opt(out);                                           \
	}

#if defined(__AVX512F__)
#define HX_CL_SQRT(v) ((hx_vf_t)_mm512_sqrt_ps((__m512)(v)))
#elif defined(__AVX2__)
#define HX_CL_SQRT(v) ((hx_vf_t)_mm256_sqrt_ps((__m256)(v)))
#else
#define HX_CL_SQRT(v) ((hx_vf_t)_mm_sqrt_ps((__m128)(v)))
#endif

/* The lanes reversed: one permute (__builtin_shufflevector: gcc 12 and
 * clang alike). */
#if HX_CK_FLOATS == 16
#define HX_CL_REVERSE(a)                                                       \
	__builtin_shufflevector(                                               \
	    a, a, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#elif HX_CK_FLOATS == 8
#define HX_CL_REVERSE(a) __builtin_shufflevector(a, a, 7, 6, 5, 4, 3, 2, 1, 0)
#else
#define HX_CL_REVERSE(a) __builtin_shufflevector(a, a, 3, 2, 1, 0)
#endif

HX_CL_CHAIN(hx_cl_fma, one, a *one + z)
HX_CL_CHAIN(hx_cl_add, one, a + z)
HX_CL_CHAIN(hx_cl_mul, one, a *one)
HX_CL_CHAIN(hx_cl_div, m * 0.5f, m / a)
/* A square root and a multiply a link: the multiply's latency is taken
 * off. */
HX_CL_CHAIN(hx_cl_sqrt, m, HX_CL_SQRT(a) * (m - 0.75f))
/* Permutes, each kept (a barrier between them): gcc would otherwise
 * compose the constant permutations into one. */
static inline hx_vf_t
hx_cl_permute(hx_vf_t a)
{
	a = HX_CL_REVERSE(a);
	__asm__("" : "+x"(a));
	return a;
}
HX_CL_CHAIN(hx_cl_shuffle, one, hx_cl_permute(a))

/* Scalar integer adds, x = x + y, kept in a register. */
HX_CK_KERNEL void
hx_cl_int(uint64_t iters, int64_t *out)
{
	int64_t x = 1, y = hx_cl_y;

	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int s = 0; s < HX_CL_LINKS; s++) {
			x += y;
			__asm__("" : "+r"(x));
		}
	}
	*out = x;
	variant_no_opt(out);
}

/* A chase through vector loads from L1: each load's address is the last
 * load's first lane (0: a table of zeros), moved to a general register.
 * Its links hold that move too: hx_cl_move times the move there and
 * back, half of which is taken off. */
HX_CK_KERNEL void
hx_cl_load(uint64_t iters, const int32_t *table, int64_t *out)
{
	const char *base = (const char *)table;
	int64_t off = 0;

	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int s = 0; s < HX_CL_LINKS; s++) {
			hx_vi_t v;

			memcpy(&v, base + off, sizeof(v));
			/* In a vector register: a whole vector load. */
			__asm__("" : "+x"(v));
			off = v[0];
		}
	}
	*out = off;
	variant_no_opt(out);
}

/* A value moved from a general register to a vector register and back. */
HX_CK_KERNEL void
hx_cl_move(uint64_t iters, int64_t *out)
{
	int32_t x = (int32_t)hx_cl_y;

	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int s = 0; s < HX_CL_LINKS; s++) {
			__m128i v = _mm_cvtsi32_si128(x);

			__asm__("" : "+x"(v));
			x = _mm_cvtsi128_si32(v);
		}
	}
	*out = x;
	variant_no_opt(out);
}

#if defined(__AVX512F__)
#define HX_CL_GATHER(t, i) ((hx_vi_t)_mm512_i32gather_epi32((__m512i)(i), t, 4))
#elif defined(__AVX2__)
#define HX_CL_GATHER(t, i) ((hx_vi_t)_mm256_i32gather_epi32(t, (__m256i)(i), 4))
#endif

#if defined(HX_CL_GATHER)
/* Gathers whose indices are the last gather's values (a table of
 * zeros). */
HX_CK_KERNEL void
hx_cl_gather(uint64_t iters, const int32_t *table, hx_vi_t *out)
{
	hx_vi_t x = {0};

	for (uint64_t i = 0; i < iters; i++) {
#pragma GCC unroll 16
		for (int s = 0; s < HX_CL_LINKS; s++)
			x = HX_CL_GATHER(table, x);
	}
	*out = x;
	variant_no_opt(out);
}
#endif

#if defined(__AVX512F__)
#define HX_CL_WAIT(a)                                                          \
	__asm__ volatile("vpandd %0, %0, %%zmm16\n\t"                          \
			 "vpandd %0, %0, %%zmm17\n\t"                          \
			 "vpandd %0, %0, %%zmm18\n\t"                          \
			 "vpandd %0, %0, %%zmm19"                              \
			 :                                                     \
			 : "v"(a)                                              \
			 : "xmm16", "xmm17", "xmm18", "xmm19")
#define HX_CL_FRESH(a) __asm__ volatile("" : "+v"(a))
#elif defined(__AVX2__)
#define HX_CL_WAIT(a)                                                          \
	__asm__ volatile("vpand %0, %0, %%ymm12\n\t"                           \
			 "vpand %0, %0, %%ymm13\n\t"                           \
			 "vpand %0, %0, %%ymm14\n\t"                           \
			 "vpand %0, %0, %%ymm15"                               \
			 :                                                     \
			 : "x"(a)                                              \
			 : "xmm12", "xmm13", "xmm14", "xmm15")
#define HX_CL_FRESH(a) __asm__ volatile("" : "+x"(a))
#endif

#if defined(HX_CL_WAIT)
/* Independent iterations, each a fresh chain of HX_CL_WINDOW_LINKS FMAs
 * with HX_CL_WINDOW_WAITS integer instructions reading every link (their
 * results unused): the waiting instructions of several iterations fill
 * the scheduler, and the time an iteration says how many it holds. */
HX_CK_KERNEL void
hx_cl_window(uint64_t iters, hx_vf_t *out)
{
	hx_vf_t one = {0}, z, acc = {0};

	one += hx_cl_one;
	z = one - one;
	for (uint64_t i = 0; i < iters; i++) {
		hx_vf_t a = one;

		HX_CL_FRESH(a);
#pragma GCC unroll 32
		for (int s = 0; s < HX_CL_WINDOW_LINKS; s++) {
			a = a * one + z;
			HX_CL_WAIT(a);
		}
		acc += a;
	}
	*out = acc;
	variant_no_opt(out);
}
#endif

/* What one timed run of a kernel does. */
typedef struct hx_cl_job_s {
	int kernel; /* hx_lat_t, or HX_LAT_CLASSES for the window */
} hx_cl_job_t;

static void
hx_cl_run(uint64_t k, const void *arg)
{
	static hx_vf_t v;
	static hx_vi_t vi;
	static int64_t x;
	static const int32_t zeros[64] __attribute__((aligned(64)));
	const hx_cl_job_t *j = arg;

	switch (j->kernel) {
	case HX_LAT_FMA:
		hx_cl_fma(k, &v);
		break;
	case HX_LAT_ADD:
		hx_cl_add(k, &v);
		break;
	case HX_LAT_MUL:
		hx_cl_mul(k, &v);
		break;
	case HX_LAT_DIV:
		hx_cl_div(k, &v);
		break;
	case HX_LAT_SQRT:
		hx_cl_sqrt(k, &v);
		break;
	case HX_LAT_SHUFFLE:
		hx_cl_shuffle(k, &v);
		break;
	case HX_LAT_INT:
		hx_cl_int(k, &x);
		break;
	case HX_LAT_LOAD:
		hx_cl_load(k, zeros, &x);
		break;
	case HX_LAT_MOVE:
		hx_cl_move(k, &x);
		break;
#if defined(HX_CL_GATHER)
	case HX_LAT_GATHER:
		hx_cl_gather(k, zeros, &vi);
		break;
#endif
#if defined(HX_CL_WAIT)
	case HX_LAT_CLASSES:
		hx_cl_window(k, &v);
		break;
#endif
	default:
		(void)zeros, (void)vi;
		break;
	}
}

/* Seconds an iteration of kernel (hx_cl_job_t), best of runs; NaN when
 * the clock fails. */
static double
hx_cl_time(int kernel)
{
	hx_cl_job_t j = {kernel};
	uint64_t k;
	double best, spread;

	if (hx_ceilings_time(hx_cl_run, &j, 64, &k, &best, &spread) != 0)
		return NAN;
	return best / (double)k;
}

/* The window kernel's sum of starts an iteration, in FMA latencies
 * (hx_flow.h): link s starts at s, its waiting instructions at s + 1,
 * the iteration's last add at HX_CL_WINDOW_LINKS. */
double
hx_ceilings_window_starts(void)
{
	double sum = HX_CL_WINDOW_LINKS;

	for (int s = 0; s < HX_CL_WINDOW_LINKS; s++)
		sum += s + HX_CL_WINDOW_WAITS * (s + 1.0);
	return sum;
}

int
hx_ceilings_measure_latency(hx_ceilings_t *c)
{
	for (int l = 0; l < HX_LAT_CLASSES; l++) {
		double t;

		c->latency_s[l] = NAN;
		if (l == HX_LAT_MOVE) {
			/* Register moves are renamed: no latency. */
			c->latency_s[l] = 0.0;
			continue;
		}
#if !defined(HX_CL_GATHER)
		if (l == HX_LAT_GATHER)
			continue;
#endif
		t = hx_cl_time(l);
		if (isnan(t))
			return HX_CEILINGS_ECLOCK;
		c->latency_s[l] = t / HX_CL_LINKS;
	}
	/* The square root's links hold a multiply too; the load's, half a
	 * move there and back. */
	c->latency_s[HX_LAT_SQRT] -= c->latency_s[HX_LAT_MUL];
	{
		double move = hx_cl_time(HX_LAT_MOVE);

		if (isnan(move))
			return HX_CEILINGS_ECLOCK;
		/* ...and the sign extension of the offset (an integer
		 * instruction). */
		c->latency_s[HX_LAT_LOAD] -=
		    move / HX_CL_LINKS / 2.0 + c->latency_s[HX_LAT_INT];
	}
	c->wait_window = c->window_iteration_s = NAN;
#if defined(HX_CL_WAIT)
	c->window_iteration_s = hx_cl_time(HX_LAT_CLASSES);
	if (isnan(c->window_iteration_s))
		return HX_CEILINGS_ECLOCK;
	c->wait_window = hx_ceilings_window_starts() *
	    c->latency_s[HX_LAT_FMA] / c->window_iteration_s;
#endif
	return HX_CEILINGS_OK;
}

const char *
hx_ceilings_latency_name(int l)
{
	static const char *const names[HX_LAT_CLASSES] = {"fma", "add", "mul",
	    "div", "sqrt", "shuffle", "gather", "int", NULL, "load"};

	return l >= 0 && l < HX_LAT_CLASSES ? names[l] : NULL;
}

/* Angles the call kernel reads: random over [0, 2 pi) (the range colony's
 * angles are wrapped into), more than a branch predictor learns. A cosf
 * and a sinf of each angle took 4.0 ns over 1 Ki angles repeated, 5.7 ns
 * over 4 Ki, 7.9 ns over 16 Ki and 8.1 to 8.3 ns over 64 Ki to 1 Mi (the
 * Intel Xeon VM, 2026-12-06): the libraries branch on the angle's
 * quadrant, and the predictor learns a few thousand angles repeated. The
 * kernel over 1 Ki golden-ratio angles measured 2.7 ns a call, while
 * colony cells spent 8.3 ns a particle in libm (N = 4096, 5 steps,
 * --profile): colony's angles move every step, and the step's other
 * work lies between two visits of one particle. A power of two, so that
 * the index wraps by a mask; 256 kB, read in order. */
#define HX_CC_ANGLES 65536

static float hx_cc_angle[HX_CC_ANGLES];

/* k angles' cosf and sinf, summed (the sum keeps them), as colony_orient
 * calls them: both of one angle, one after the other. */
static __attribute__((noinline)) void
hx_cc_pair(uint64_t k, float *out)
{
	float acc = 0.0f;

	for (uint64_t i = 0; i < k; i++) {
		const float t = hx_cc_angle[i & (HX_CC_ANGLES - 1)];

		acc += cosf(t);
		acc += sinf(t);
	}
	*out = acc;
	variant_no_opt(out);
}

static void
hx_cc_run(uint64_t k, const void *arg)
{
	static float sum;

	(void)arg;
	hx_cc_pair(k, &sum);
}

const char *
hx_ceilings_call_name(int i)
{
	static const char *const names[HX_CEILINGS_CALLS] = {"sinf", "cosf"};

	return i >= 0 && i < HX_CEILINGS_CALLS ? names[i] : NULL;
}

int
hx_ceilings_measure_calls(hx_ceilings_t *c)
{
	uint64_t seed = 0x5eed, k;
	double best, spread;

	for (int i = 0; i < HX_CC_ANGLES; i++)
		hx_cc_angle[i] = 6.2831853f * splitmix_float(&seed);
	for (int i = 0; i < HX_CEILINGS_CALLS; i++)
		c->call_s[i] = NAN;
	if (hx_ceilings_time(hx_cc_run, NULL, 1024, &k, &best, &spread) != 0)
		return HX_CEILINGS_ECLOCK;
	/* A pair's time, half to each call: the second call of an angle
	 * predicts the branches the first took, and the pair is what colony
	 * makes (cosf alone over the same angles: 7.3 ns of the pair's 8.3). */
	for (int i = 0; i < HX_CEILINGS_CALLS; i++)
		c->call_s[i] = best / (double)k / HX_CEILINGS_CALLS;
	return HX_CEILINGS_OK;
}
