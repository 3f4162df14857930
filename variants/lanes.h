/*
 * lanes: float32 sums kept in the lanes of a vector (GCC vector
 * extensions), and their sum by halves.
 *
 * A loop that sums with `omp simd reduction` ends, in gcc 12's lowering,
 * by storing the accumulator to the stack and adding its lanes one by one:
 * 16 dependent scalar additions a sum with AVX-512 (about 50 cycles of
 * latency). Where a sum ends every few vectors (a row of interp hoisted,
 * 19 vectors at M = 300; a particle of colony cells) that tail is a large
 * part of the time. A loop that sums into a lanes_N_t vector and adds its
 * lanes with lanes_sum_N takes log2(N) additions instead.
 *
 * Limits: float32 only; widths 4, 8 and 16 (a build narrower than the
 * vector splits it, as GCC does for every vector extension). Vectors go
 * by pointer: passed by value they would change the ABI between the AVX2
 * and AVX-512 builds (-Wpsabi).
 */
#ifndef FB_LANES_H
#define FB_LANES_H

typedef float lanes_16_t __attribute__((vector_size(64)));
typedef float lanes_8_t __attribute__((vector_size(32)));
typedef float lanes_4_t __attribute__((vector_size(16)));
typedef float lanes_2_t __attribute__((vector_size(8)));

/* The sum of *v's 4 lanes: two additions deep. */
static inline __attribute__((always_inline)) float
lanes_sum_4(const lanes_4_t *v)
{
	lanes_2_t h2 = __builtin_shufflevector(*v, *v, 0, 1) +
	    __builtin_shufflevector(*v, *v, 2, 3);

	return h2[0] + h2[1];
}

/* The sum of *v's 8 lanes: three additions deep. */
static inline __attribute__((always_inline)) float
lanes_sum_8(const lanes_8_t *v)
{
	lanes_4_t h4 = __builtin_shufflevector(*v, *v, 0, 1, 2, 3) +
	    __builtin_shufflevector(*v, *v, 4, 5, 6, 7);

	return lanes_sum_4(&h4);
}

/* The sum of *v's 16 lanes: four additions deep. */
static inline __attribute__((always_inline)) float
lanes_sum_16(const lanes_16_t *v)
{
	lanes_8_t h8 = __builtin_shufflevector(*v, *v, 0, 1, 2, 3, 4, 5, 6, 7) +
	    __builtin_shufflevector(*v, *v, 8, 9, 10, 11, 12, 13, 14, 15);

	return lanes_sum_8(&h8);
}

#endif
