/*
 * interp sorted: hoisted plus locality. hoisted reads, for every point, four
 * grid-major rows (16 M bytes) from wherever the point's cell puts them: with
 * the points in random order that is the L3 cache for every point. Here the
 * points are first moved into super-buckets of 16 cells (a counting sort on
 * the cell's high bits), so that the points of one super-bucket run back to
 * back against its 19 rows (23 KiB at M = 300), which stay in the L1 cache;
 * the loop is then bound by the multiply-adds rather than by the L3 cache.
 *
 * The sort is one pass: a count of the points by super-bucket gives every
 * super-bucket's place, and the scatter moves the points x there. Order
 * within a super-bucket does not matter to the kernel, which takes each
 * point's own rows from L1. The scatter stores to 256 places at once (G =
 * 4096) and fetches the lines it is about to store to. A point's
 * super-bucket is a multiply, not the cell's divide (sorted_keys); its cell
 * and weights are interp_cell's, computed in the kernel's chunks.
 *
 * The kernel (sorted_points) takes two points at a time, each weight
 * broadcast once a point, against one vector of interpolants an
 * iteration: for each point four multiply-adds with the rows as memory
 * operands and the square summed, each point into its own accumulator
 * (two chains, so that a core with two multiply-add pipes is not held by
 * one chain's latency). 8 loads for 10 multiply-adds an iteration.
 *
 * Until 2026-12-06 the points were sorted down to their cells (a second
 * pass moved each super-bucket's points, their offsets t, into its 16
 * cells) and each cell's four rows were held in registers for all its
 * points, the weights broadcast from memory in the loop. That kernel ran
 * at the multiply-add bound too, and the second pass, the cells' count and
 * the cells' keys (with the divide) cost 1.1 to 1.3 ms a run more: 30.5
 * to 31.2 ms against 29.2 to 29.8 ms (Zen 4 VM, the two builds alternating
 * three and two times, `harness run interp sorted --n 1e6 --m 300 --repeat
 * 20 --warmup 2 --cpu 0 --events none`). Where the time goes now (perf
 * record -e cpu-clock, the same run, --repeat 40): the kernel 88.3% of the
 * samples, the scatter 4.0%, the count 1.6%, the cells and weights 1.8%,
 * the grid-major copy 2.3%. The kernel's multiply-adds at the ceilings'
 * FMA rate are 25.7 ms of the 29.3 (M = 300 rounded up to 304 lanes).
 *
 * Threads split the points for the count (a row of counts each) and the
 * scatter, and the sorted positions for the evaluation (a super-bucket can
 * be cut between two threads).
 *
 * Workspace: the grid-major copy, the points by super-bucket (one float per
 * point) and the counts (ceil(G/16) int32 per thread), which the layout
 * turns into each thread's positions.
 */
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"

/* Points the sort's loops take at a time (their super-buckets' keys in an
 * array of this many). */
#define SORTED_CHUNK 256
/* Points whose cells and weights are made at once (in five arrays,
 * 20 KiB, so that the loop making them vectorizes), then run through the
 * kernel: a super-bucket at N = 10^6 holds 3,906 points on average, four
 * chunks. */
#define SORTED_POINTS 1024
/* Cells per super-bucket: 2^SORTED_SUPER_BITS. Their rows, 16 + 3, are
 * 23 KiB at M = 300 (1,216 bytes a row), which the L1 cache holds. */
#define SORTED_SUPER_BITS 4
/* How far ahead of a super-bucket's next store its line is fetched for
 * writing (two lines): a store to a line not in the L1 cache waits for
 * it, and the super-buckets' lines come from the L3 cache. */
#define SORTED_WRITE_AHEAD 32

/* A chunk of points: each one's window start and four weights. */
typedef struct sorted_chunk_s {
	int32_t s[SORTED_POINTS];
	float w0[SORTED_POINTS], w1[SORTED_POINTS], w2[SORTED_POINTS],
	    w3[SORTED_POINTS];
} sorted_chunk_t;

/* v^2 summed over the chunk's len points (an even number) and all the
 * interpolants, from the grid-major table gm (rows mp floats apart, mp a
 * multiple of 16): two points at a time against one vector of
 * interpolants an iteration, each point's four rows the multiply-adds'
 * memory operands and its weights broadcast once for all its vectors,
 * each point into an accumulator of its own. Lane by lane in float32
 * over the chunk, the lanes added at the end. Never inlined: the time
 * model and the insn suite find the hot loop by this name. */
static __attribute__((noinline)) float
sorted_points(
    const float *gm, uint64_t mp, const sorted_chunk_t *c, uint32_t len)
{
	interp_lanes_t acc0 = {0}, acc1 = {0};

	for (uint32_t j = 0; j < len; j += 2) {
		const float *r0 = gm + (uint64_t)c->s[j] * mp;
		const float *q0 = gm + (uint64_t)c->s[j + 1] * mp;
		const float *r1 = r0 + mp, *r2 = r1 + mp, *r3 = r2 + mp;
		const float *q1 = q0 + mp, *q2 = q1 + mp, *q3 = q2 + mp;
		const float p0 = c->w0[j], p1 = c->w1[j], p2 = c->w2[j],
			    p3 = c->w3[j];
		const float u0 = c->w0[j + 1], u1 = c->w1[j + 1],
			    u2 = c->w2[j + 1], u3 = c->w3[j + 1];

		for (uint64_t i = 0; i < mp; i += INTERP_LANES) {
			interp_lanes_t a, b, d, e, f, g, h, k, v, u;

			memcpy(&a, r0 + i, sizeof(a));
			memcpy(&b, r1 + i, sizeof(b));
			memcpy(&d, r2 + i, sizeof(d));
			memcpy(&e, r3 + i, sizeof(e));
			memcpy(&f, q0 + i, sizeof(f));
			memcpy(&g, q1 + i, sizeof(g));
			memcpy(&h, q2 + i, sizeof(h));
			memcpy(&k, q3 + i, sizeof(k));
			v = a * p0 + b * p1 + d * p2 + e * p3;
			u = f * u0 + g * u1 + h * u2 + k * u3;
			acc0 += v * v;
			acc1 += u * u;
		}
	}
	acc0 += acc1;
	return interp_lanes_sum(&acc0);
}

/* The n points x[0..n) (one super-bucket's, or part of one), a chunk at a
 * time: their cells and weights in one vectorized loop, then the kernel.
 * Each chunk's float32 sum is added in float64. */
static double
sorted_super(const interp_inputs_t *in, const float *gm, uint64_t mp,
    const float *x, uint64_t n)
{
	const float a = in->a[0], dx = in->dx[0], lb = in->lb[0],
		    ub = in->ub[0];
	const int32_t s_max = interp_s_max(in->g);
	sorted_chunk_t c;
	double total = 0.0;

	for (uint64_t n0 = 0; n0 < n; n0 += SORTED_POINTS) {
		const uint32_t len =
		    (uint32_t)(n - n0 < SORTED_POINTS ? n - n0 : SORTED_POINTS);
		const float *xc = x + n0;

#pragma omp simd
		for (uint32_t j = 0; j < len; j++) {
			interp_weights_t q;
			float t;

			interp_cell(xc[j], a, dx, lb, ub, s_max, &c.s[j], &t);
			q = interp_weights(t);
			c.w0[j] = q.w0;
			c.w1[j] = q.w1;
			c.w2[j] = q.w2;
			c.w3[j] = q.w3;
		}
		/* The kernel takes points two at a time: an odd chunk's last
		 * is paired with the rows of its first, weighted 0 (len is
		 * then under SORTED_POINTS, an even number). */
		if (len % 2 != 0) {
			c.s[len] = c.s[0];
			c.w0[len] = c.w1[len] = c.w2[len] = c.w3[len] = 0.0f;
		}
		total += (double)sorted_points(gm, mp, &c, len + len % 2);
	}
	return total;
}

/* The sort's key of a point: its super-bucket, floor((x - a) / (16 dx))
 * clamped to [0, supers - 1], by a multiply rather than the cell's divide.
 * It decides only where a point is stored: a point the product puts one
 * super-bucket over from its cell (within a rounding of a boundary) is
 * still evaluated at its own cell, whose rows its neighbours' points
 * bring too. The count and the scatter compute it the same way. */
typedef struct sorted_keys_s {
	float a, scale, top;
} sorted_keys_t;

/* The keys of x[0..n) into key. */
static inline void
sorted_keys(const sorted_keys_t *k, const float *restrict x, uint64_t n,
    int32_t *restrict key)
{
	const float a = k->a, scale = k->scale, top = k->top;

	/* Selects, so that a NaN lands in super-bucket 0. Kept a loop:
	 * with `omp simd`, gcc 12 peeled it (at most SORTED_CHUNK / 16
	 * iterations) into straight-line code, which the time model cannot
	 * price as a pass; `unroll 1` and `omp simd` cannot both stand
	 * before one loop, and gcc vectorizes it without the latter. */
#pragma GCC unroll 1
	for (uint64_t j = 0; j < n; j++) {
		float u = (x[j] - a) * scale;

		u = u > 0.0f ? u : 0.0f;
		key[j] = (int32_t)(u < top ? u : top);
	}
}

/* The points [lo, hi) counted by super-bucket into count. Never inlined,
 * as the scatter: the time model finds their loops by these names. */
static __attribute__((noinline)) void
interp_sorted_count(const sorted_keys_t *k, const float *x, uint64_t lo,
    uint64_t hi, uint32_t *count)
{
	int32_t key[SORTED_CHUNK];

	for (uint64_t n0 = lo; n0 < hi; n0 += SORTED_CHUNK) {
		const uint64_t len =
		    hi - n0 < SORTED_CHUNK ? hi - n0 : SORTED_CHUNK;

		sorted_keys(k, x + n0, len, key);
		for (uint64_t j = 0; j < len; j++)
			count[key[j]]++;
	}
}

/* The points x[lo, hi) moved into their super-buckets: point n to
 * out[next[key]++], SORTED_CHUNK keys at a time; the line of each store
 * is fetched SORTED_WRITE_AHEAD floats ahead. */
static __attribute__((noinline)) void
interp_sorted_scatter(const sorted_keys_t *k, const float *restrict x,
    uint64_t lo, uint64_t hi, uint32_t *restrict next, float *restrict out)
{
	int32_t key[SORTED_CHUNK];

	for (uint64_t n0 = lo; n0 < hi; n0 += SORTED_CHUNK) {
		const uint64_t len =
		    hi - n0 < SORTED_CHUNK ? hi - n0 : SORTED_CHUNK;

		sorted_keys(k, x + n0, len, key);
		for (uint64_t j = 0; j < len; j++) {
			const uint32_t q = next[key[j]]++;

			__builtin_prefetch(&out[q + SORTED_WRITE_AHEAD], 1);
			out[q] = x[n0 + j];
		}
	}
}

/* Super-buckets of the G window starts (0 .. G-2, and G-1 for the key's
 * clamp). */
static uint64_t
interp_sorted_supers(uint64_t g)
{
	return (g + ((uint64_t)1 << SORTED_SUPER_BITS) - 1) >>
	    SORTED_SUPER_BITS;
}

/* The threads' counts (a row of supers each) turned, in place, into each
 * thread's first position in each super-bucket: super-bucket by
 * super-bucket, the threads' points in thread order. After the scatter
 * the last thread's row holds where each super-bucket ends. */
static void
interp_sorted_layout(uint32_t *count, uint64_t supers, int threads)
{
	uint32_t next = 0;

	for (uint64_t sb = 0; sb < supers; sb++)
		for (int t = 0; t < threads; t++) {
			uint32_t *c = count + (uint64_t)t * supers + sb;
			const uint32_t n = *c;

			*c = next;
			next += n;
		}
}

/* The bucketed points at positions [lo, hi): the super-buckets that
 * overlap them, cut to them. end[sb] is where super-bucket sb ends. */
static double
interp_sorted_positions(const interp_inputs_t *in, const float *gm, uint64_t mp,
    const uint32_t *end, uint64_t supers, const float *bucket_x, uint64_t lo,
    uint64_t hi)
{
	double total = 0.0;
	uint64_t sb = 0;

	while (sb < supers && end[sb] <= lo)
		sb++;
	for (; sb < supers && lo < hi; sb++) {
		const uint64_t e = end[sb] < hi ? end[sb] : hi;

		total += sorted_super(in, gm, mp, bucket_x + lo, e - lo);
		lo = e;
	}
	return total;
}

static int
interp_sorted_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const uint64_t mp = interp_grid_major_row(in->m);
	const uint64_t supers = interp_sorted_supers(in->g);
	const int threads = variant_threads(&st->params);
	const sorted_keys_t keys = {.a = in->a[0],
	    .scale = 1.0f / (in->dx[0] * (float)(1 << SORTED_SUPER_BITS)),
	    .top = (float)(supers - 1)};
	float *grid_major = interp_grid_major(in, threads);
	double partial[VARIANT_THREADS_MAX];
	uint32_t *count, *end;
	float *bucket_x;
	int ret = -1;

	(void)k;
	/* The counts first: jemalloc serves blocks up to 32 KiB from its
	 * thread cache without updating the thread's peak (thread.peak), so
	 * a small block allocated after the last large one would be missing
	 * from the harness's per-thread peak. */
	count = malloc((uint64_t)threads * supers * sizeof(uint32_t));
	bucket_x = malloc(in->n * sizeof(float));
	if (grid_major == NULL || count == NULL || bucket_x == NULL)
		goto label_return;
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint32_t *mine = count + (uint64_t)t * supers;
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		for (uint64_t sb = 0; sb < supers; sb++)
			mine[sb] = 0;
		interp_sorted_count(&keys, in->x, lo, hi, mine);
	});
	interp_sorted_layout(count, supers, threads);
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		interp_sorted_scatter(&keys, in->x, lo, hi,
		    count + (uint64_t)t * supers, bucket_x);
	});
	/* The threads split the sorted positions (a super-bucket can be cut
	 * between two). */
	end = count + (uint64_t)(threads - 1) * supers;
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		partial[t] = interp_sorted_positions(
		    in, grid_major, mp, end, supers, bucket_x, lo, hi);
	});
	st->total = variant_sum_partials(partial, threads);
	ret = 0;
label_return:
	free(grid_major);
	free(bucket_x);
	free(count);
	return ret;
}

static uint64_t
interp_sorted_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	const uint64_t threads = (uint64_t)variant_threads(p);
	const uint64_t b = interp_grid_major_bytes(p, round);

	/* The points by super-bucket, and the counts. */
	return model_add(model_add(b, round(model_mul(p->n, 4))),
	    round(model_mul(
		model_mul(interp_sorted_supers(interp_g(p)), 4), threads)));
}

/* The sort's loops, for the time model's passes: each runs once a point
 * a step (the count's increments, the scatter's stores:
 * interp_point_iterations), or once a vector of 16 points (the keys, the
 * cells and weights, vectorized over chunks of a multiple of 16). */
static double
interp_sorted_per_vector(const params_t *p)
{
	return interp_point_iterations(p) / (double)INTERP_LANES;
}

static double
interp_sorted_flops(const params_t *p)
{
	/* As hoisted: four multiply-adds and a square-accumulate per pair. */
	return 10.0 * (double)p->n * (double)interp_m(p);
}

static double
interp_sorted_bytes(const params_t *p)
{
	/* The points twice (count, scatter), the points by super-bucket
	 * written and read, the transpose, and every row of the table once. */
	return 8.0 * (double)p->n + 8.0 * (double)p->n +
	    12.0 * (double)(interp_g(p) + 2) * (double)interp_m(p);
}

const variant_t interp_sorted = {
    .name = "sorted",
    .workload = &interp_workload,
    .description = "hoisted, with the points bucketed by groups of 16 "
		   "cells (a counting sort) so each group's rows stay in L1",
    .idiom = "what the best engineers would do beyond hoisting: sort the "
	     "queries by cell (argsort/searchsorted, or a counting sort), "
	     "then one pass per cell",
    .loops = "sort the points into groups of 16 cells; for each group "
	     "g: for n in g: for i: s += (w_n . F[c_n..c_n+3, i])^2",
    .notes = "a counting sort of the points first (one array of N "
	     "floats); then each group's 19 table rows are read from the "
	     "L1 cache",
    .model_formula = "(G+2)*ceil16(M)*4 + N*4 + T*ceil(G/16)*4",
    .model_bytes = interp_sorted_model,
    .setup = interp_shared_grid_setup,
    .reset = interp_state_reset,
    .step = interp_sorted_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_sorted_flops,
    .bytes = interp_sorted_bytes,
    .incore =
	/* In-core minimum, per one pair: the dot product of the cell's four
	 * rows with the point's weights (a multiply and 3 FMAs, the rows
	 * their memory operands) and the square summed (an FMA): 5
	 * multiply-adds a pair; vectors 2: an iteration of the hot loop
	 * (sorted_points) is one point against two vectors of
	 * interpolants. */
    {.functions = "sorted_points",
	.vectors = 2,
	.fma = 5,
	.divsqrt = 0,
	.round = 0,
	.select = 0,
	.gather = 0,
	.extra = 3,
	.extra_why = "the loop control (column index advanced, compare, "
		     "branch): 3"},
    /* The loops beside the hot loop: each chunk's cells and weights (16
     * lanes; a chunk's last len % 16 points run in the vector epilogue
     * but are priced as whole vectors); a point's entry in sorted_points
     * (its row pointers, its weights broadcast and, with AVX-512 at
     * M = 300, the vector left over); the counting sort before it: the
     * count's keys (16 lanes) and its increments (scalar), the
     * scatter's keys and its stores. */
    .passes =
	{
	    {"sorted_super", INTERP_LANES, 0, interp_sorted_per_vector},
	    {"sorted_points", VARIANT_PASS_AROUND, 0, interp_point_iterations},
	    {"interp_sorted_count", INTERP_LANES, 0, interp_sorted_per_vector},
	    {"interp_sorted_count", 1, 0, interp_point_iterations},
	    {"interp_sorted_scatter", INTERP_LANES, 0,
		interp_sorted_per_vector},
	    {"interp_sorted_scatter", 1, 0, interp_point_iterations},
	},
};
