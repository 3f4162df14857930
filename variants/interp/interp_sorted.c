/*
 * interp sorted: hoisted plus locality. hoisted reads, for every point, four
 * grid-major rows (16 M bytes) from wherever the point's cell puts them: with
 * the points in random order that is the L3 cache for every point. Here the
 * points are first bucketed by cell (a radix sort on the window start s),
 * so that all the points of one cell run back to back against the same four
 * rows, which stay in the L1 cache; the loop is then bound by the
 * multiply-adds rather than by the L3 cache.
 *
 * The sort is a two-pass radix sort (most significant digit first) on the
 * cell. A count of the points by cell gives every bucket's place; pass 1
 * moves the points x into super-buckets of 16 cells, pass 2 moves each
 * super-bucket's points into their cells, keeping their offsets t (not a
 * permutation, so the evaluation never goes back to the points). Each pass
 * stores to a few hundred places at once at most, and fetches the lines it
 * is about to store to: one pass straight into G buckets stored to G
 * places, and nearly every store waited for its line (2.4 ms of 15.2 at
 * N = 10^6, against 2.1 ms for both passes now). Staging each cell's
 * offsets in a 64-byte line of its own and copying a line out when full
 * (one pass, software write-combining) stored into 4,096 lines, 256 KiB
 * that the L1 cache does not hold: 32.2 to 32.3 ms a run against 31.0 to
 * 31.2 ms (Zen 4 VM, 2026-12-05, the two builds alternating three times,
 * `harness run interp sorted --n 1e6 --m 300 --repeat 20 --warmup 2 --cpu
 * 0`), its pass 11.1% of the samples against 8.5% for both passes here
 * (perf record -e task-clock). A point's cell and offset
 * are interp_cell's, in vectorized loops, computed again by each step that
 * needs them rather than kept in arrays of N.
 *
 * Within a bucket the loop runs column block by column block: a block of
 * the four rows is loaded into registers once and serves every point of
 * the bucket (up to SORTED_POINTS at a time, their weights made
 * beforehand), each lane summing its pairs' squares in float32; each
 * chunk's lanes are added in float64. The per-pair arithmetic is hoisted's
 * (four multiply-adds and a square-accumulate); the order of the float32
 * sums is not: they run over points within a lane, not over interpolants
 * within a point.
 *
 * Where the time goes (perf record of harness run interp sorted --repeat
 * 30 --no-validate, one thread, N = 10^6, M = 300, the machine shared):
 * the bucket loop 80.5% of the step's samples, the sort's two passes
 * 13.6% and its count 2.5%, the grid-major copy 3.4%. The bucket's loop
 * is its minimum plus what it needs (tests/integration/test_insn.c). In
 * every build it is sorted_block2: an iteration is two points against two
 * vectors of interpolants, each point's four weights broadcast once and
 * serving both vectors, 20 multiply-adds, 8 broadcasts and 4 of loop
 * control. With AVX-512 the rows' 19 vectors (M = 300) leave one over,
 * which sorted_block1 takes: four points against one vector, the weights
 * the multiply-adds' broadcast memory operands ({1to16}). That form was
 * the AVX-512 build's whole loop until 2026-12-06: 20 loads an iteration
 * for 20 multiply-adds held an Intel core with two load and two FMA ports
 * at its loads (the time model's load term 14.0 ms, the loop measured
 * 14.9 of a 19.3 to 19.8 ms run); the two-vector form issues 8 for 20
 * and the loop took 12.5 ms, the run 17.6 to 18.5 ms (Intel Xeon VM,
 * `harness run interp sorted --n 1e6 --m 300 --repeat 10 --warmup 2
 * --cpu 0 --profile`, the two forms alternating three times). The FMA
 * ceiling puts the loop's multiply-adds at 12.4 ms there: the loop is at
 * it, and what keeps the run near 70% of the FMA peak is the sort, the
 * weights and the copy around it. On a Zen 4 core the two forms take the
 * same time, at its multiply-add pipes' bound (82% of the peak for the
 * run); LLVM 19's model of that core puts each 64-byte broadcast on a
 * multiply-add pipe, which the ceilings' broadcast kernel measures the
 * core not to do (docs/model.md, "Broadcasts, checked against a kernel").
 *
 * Threads split the points for the count (a row of counts each) and
 * pass 1, the super-buckets for pass 2, and the sorted positions for the
 * evaluation.
 *
 * Workspace: the grid-major copy, the points by super-bucket and the
 * offsets t by cell (one float per point each), the counts (G int32 per
 * thread) and the super-buckets' positions (G/16 int32 per thread).
 */
#include <stdlib.h>

#include "interp/interp.h"

/* float32 lanes of the bucket kernel's vectors: one register of the
 * build's widest (a 64-byte vector on AVX2 is split through the stack);
 * interp_grid_major_row pads the rows to a multiple of 16, so of each. */
#if defined(__AVX512F__)
#define SORTED_LANES 16
#elif defined(__AVX__)
#define SORTED_LANES 8
#else
#define SORTED_LANES 4
#endif
/* The place of the scatters' scalar store loops among their scalar
 * loops, largest first: after the keys' two scalar remainders in the
 * AVX-512 build; first in the AVX2 build, whose keys' loop has no scalar
 * remainder (its loops: the keys at 8 lanes and the stores, in each of
 * the two copies). */
#if INTERP_LANES == 16
#define SORTED_STORES_NTH 2
#else
#define SORTED_STORES_NTH 0
#endif
/* Points the sort's loops take at a time (their cells' keys in an array
 * of this many). */
#define SORTED_CHUNK 256
/* Points of a bucket whose weights are made at once (their four weights
 * in four arrays, 16 KiB, so that the loop making them vectorizes); the
 * chunk then runs against every column block of the bucket's rows. At
 * N = 10^6 a cell holds 244 points on average and nearly every bucket is
 * one chunk (interp_sorted_chunks). */
#define SORTED_POINTS 1024

typedef float sorted_vec_t __attribute__((vector_size(4 * SORTED_LANES)));

/* Vectors by value stay inside one function: passing or returning them
 * would change the ABI between the AVX2 and AVX-512 builds (-Wpsabi). */
#define SORTED_LOAD(v, p) __builtin_memcpy(&(v), (p), sizeof(v))

static inline float
sorted_hsum(const sorted_vec_t *v)
{
	float s = 0.0f;

	for (int l = 0; l < SORTED_LANES; l++)
		s += (*v)[l];
	return s;
}

/* The weights of one chunk of points, by weight. */
typedef struct sorted_weights_s {
	float w0[SORTED_POINTS], w1[SORTED_POINTS], w2[SORTED_POINTS],
	    w3[SORTED_POINTS];
} sorted_weights_t;

/* v^2 summed over the chunk's len points and the interpolants [i, i + 2
 * vectors) of the four rows at r0 (rows mp apart), added lane by lane to
 * *acc. The eight row vectors are loaded once and serve every point of the
 * chunk: per point and vector four multiply-adds and the
 * square-accumulate, two points at a time into four accumulators
 * (independent chains hide the latency). The hot loop of every build,
 * inlined into sorted_blocks. */
static inline __attribute__((always_inline)) void
sorted_block2(const float *r0, uint64_t mp, uint64_t i,
    const sorted_weights_t *w, uint32_t len, sorted_vec_t *acc)
{
	const float *r1 = r0 + mp, *r2 = r1 + mp, *r3 = r2 + mp;
	sorted_vec_t a0, a1, b0, b1, c0, c1, d0, d1;
	sorted_vec_t s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
	uint32_t j = 0;

	SORTED_LOAD(a0, r0 + i);
	SORTED_LOAD(a1, r0 + i + SORTED_LANES);
	SORTED_LOAD(b0, r1 + i);
	SORTED_LOAD(b1, r1 + i + SORTED_LANES);
	SORTED_LOAD(c0, r2 + i);
	SORTED_LOAD(c1, r2 + i + SORTED_LANES);
	SORTED_LOAD(d0, r3 + i);
	SORTED_LOAD(d1, r3 + i + SORTED_LANES);

	for (; j + 2 <= len; j += 2) {
		const float p0 = w->w0[j], p1 = w->w1[j], p2 = w->w2[j],
			    p3 = w->w3[j];
		const float q0 = w->w0[j + 1], q1 = w->w1[j + 1],
			    q2 = w->w2[j + 1], q3 = w->w3[j + 1];
		sorted_vec_t v0 = a0 * p0 + b0 * p1 + c0 * p2 + d0 * p3;
		sorted_vec_t v1 = a1 * p0 + b1 * p1 + c1 * p2 + d1 * p3;
		sorted_vec_t u0 = a0 * q0 + b0 * q1 + c0 * q2 + d0 * q3;
		sorted_vec_t u1 = a1 * q0 + b1 * q1 + c1 * q2 + d1 * q3;

		s0 += v0 * v0;
		s1 += v1 * v1;
		s2 += u0 * u0;
		s3 += u1 * u1;
	}
	if (j < len) {
		const float p0 = w->w0[j], p1 = w->w1[j], p2 = w->w2[j],
			    p3 = w->w3[j];
		sorted_vec_t v0 = a0 * p0 + b0 * p1 + c0 * p2 + d0 * p3;
		sorted_vec_t v1 = a1 * p0 + b1 * p1 + c1 * p2 + d1 * p3;

		s0 += v0 * v0;
		s1 += v1 * v1;
	}
	*acc += (s0 + s2) + (s1 + s3);
}

#if SORTED_LANES == 16
/* v^2 summed over the chunk's len points and one vector of interpolants
 * [i, i + SORTED_LANES) of the four rows at r0, added lane by lane to
 * *acc: four points at a time, each a chain of its own into its own
 * accumulator, every weight read once (the multiply-adds' broadcast
 * memory operands). The AVX-512 build's last vector when the rows hold
 * an odd number (19 at M = 300), inlined into sorted_blocks. */
static inline __attribute__((always_inline)) void
sorted_block1(const float *r0, uint64_t mp, uint64_t i,
    const sorted_weights_t *w, uint32_t len, sorted_vec_t *acc)
{
	sorted_vec_t a, b, c, d;
	sorted_vec_t s[4] = {{0}, {0}, {0}, {0}};
	uint32_t j = 0;

	SORTED_LOAD(a, r0 + i);
	SORTED_LOAD(b, r0 + mp + i);
	SORTED_LOAD(c, r0 + 2 * mp + i);
	SORTED_LOAD(d, r0 + 3 * mp + i);

	for (; j + 4 <= len; j += 4) {
		for (int q = 0; q < 4; q++) {
			sorted_vec_t v = a * w->w0[j + q] + b * w->w1[j + q] +
			    c * w->w2[j + q] + d * w->w3[j + q];

			s[q] += v * v;
		}
	}
	for (; j < len; j++) {
		sorted_vec_t v =
		    a * w->w0[j] + b * w->w1[j] + c * w->w2[j] + d * w->w3[j];

		s[0] += v * v;
	}
	*acc += (s[0] + s[1]) + (s[2] + s[3]);
}
#endif

/* v^2 summed over the chunk's len points and every column block of the
 * four rows at r0 (rows mp floats apart), in float32 lane by lane, the
 * lanes added at the end: two vectors of interpolants a block, and with
 * AVX-512 the one left over when mp / 16 is odd (mp is a multiple of 16,
 * interp_grid_major_row). A function of its own, in every build: the
 * time model finds the hot loop in it by its name, and prices the code
 * around that loop, a block's entry (its eight row vectors loaded, its
 * accumulators set and added), as a pass: 3% of a run's samples at
 * N = 10^6 when each block was a call of its own. */
static __attribute__((noinline)) float
sorted_blocks(
    const float *r0, uint64_t mp, const sorted_weights_t *w, uint32_t len)
{
	sorted_vec_t acc = {0};
	uint64_t i = 0;

	for (; i + 2 * SORTED_LANES <= mp; i += 2 * SORTED_LANES)
		sorted_block2(r0, mp, i, w, len, &acc);
#if SORTED_LANES == 16
	if (i < mp)
		sorted_block1(r0, mp, i, w, len, &acc);
#endif
	return sorted_hsum(&acc);
}

/* One bucket: the points whose window starts at row r0 of the grid-major
 * table (rows mp floats apart, mp a multiple of 16), SORTED_POINTS at a
 * time: their weights made once, then every column block of the four rows
 * (which stay in the L1 cache) runs against all of them. */
static double
interp_sorted_bucket(const float *r0, uint64_t mp, const float *t, uint32_t len)
{
	sorted_weights_t w;
	double total = 0.0;

	for (uint32_t c0 = 0; c0 < len; c0 += SORTED_POINTS) {
		const uint32_t n =
		    len - c0 < SORTED_POINTS ? len - c0 : SORTED_POINTS;
		const float *tc = t + c0;

#pragma omp simd
		for (uint32_t j = 0; j < n; j++) {
			interp_weights_t q = interp_weights(tc[j]);

			w.w0[j] = q.w0;
			w.w1[j] = q.w1;
			w.w2[j] = q.w2;
			w.w3[j] = q.w3;
		}
		/* Each lane sums its pairs in float32 (at most SORTED_POINTS
		 * points of mp / 16 blocks); float64 once per chunk. */
		total += (double)sorted_blocks(r0, mp, &w, n);
	}
	return total;
}

/* The bucketed points at sorted positions [lo, hi): the buckets that
 * overlap them, cut to them. start[s] is where bucket s ends (see
 * interp_sorted_step). */
static double
interp_sorted_positions(const float *grid_major, uint64_t mp, int32_t s_max,
    const uint32_t *start, const float *bucket_t, uint64_t lo, uint64_t hi)
{
	double total = 0.0;
	int32_t s = 0;

	while (s <= s_max && start[s] <= lo)
		s++;
	for (; s <= s_max && lo < hi; s++) {
		const uint64_t end = start[s] < hi ? start[s] : hi;

		total += interp_sorted_bucket(grid_major + (uint64_t)s * mp, mp,
		    bucket_t + lo, (uint32_t)(end - lo));
		lo = end;
	}
	return total;
}

/* Cells per super-bucket of the sort's first pass: 2^SORTED_SUPER_BITS. */
#define SORTED_SUPER_BITS 4
/* How far ahead of a bucket's next store its line is fetched for writing
 * (two lines): a store to a line not in the L1 cache waits for it, and the
 * buckets' lines come from the L3 cache. */
#define SORTED_WRITE_AHEAD 32

/* The sort's buffers and counts (see interp_sorted_buckets). */
typedef struct sorted_sort_s {
	float *bucket_x; /* the points by super-bucket, N */
	float *bucket_t; /* the offsets t by cell, N */
	uint32_t *count; /* threads rows of `buckets` */
	uint32_t *super; /* threads rows of `supers` */
	uint64_t buckets, supers;
} sorted_sort_t;

/* Super-buckets of the G buckets (window starts 0 .. G-1). */
static uint64_t
interp_sorted_supers(uint64_t g)
{
	return (g + ((uint64_t)1 << SORTED_SUPER_BITS) - 1) >>
	    SORTED_SUPER_BITS;
}

/* For the n points x[0..n) on the shared grid, in one vectorized loop: their
 * cells into key and, when t_out is not NULL, their offsets t into t_out. */
static void
interp_sorted_cells(const interp_inputs_t *in, const float *restrict x,
    uint64_t n, int32_t *restrict key, float *restrict t_out)
{
	const float a = in->a[0], dx = in->dx[0], lb = in->lb[0],
		    ub = in->ub[0];
	const int32_t s_max = interp_s_max(in->g);

	/* Kept a loop: with `omp simd`, gcc 12 peeled the count's copy of
	 * this loop (at most SORTED_CHUNK / 16 iterations) into straight-line
	 * code, which the time model cannot price as a pass. `unroll 1` and
	 * `omp simd` cannot both stand before one loop; gcc vectorizes it
	 * without the latter. */
	if (t_out == NULL) {
#pragma GCC unroll 1
		for (uint64_t j = 0; j < n; j++) {
			float tt;

			interp_cell(x[j], a, dx, lb, ub, s_max, &key[j], &tt);
		}
		return;
	}
#pragma omp simd
	for (uint64_t j = 0; j < n; j++)
		interp_cell(x[j], a, dx, lb, ub, s_max, &key[j], &t_out[j]);
}

/* One pass of the sort over the points x[lo, hi): each point's cell c
 * computed again, SORTED_CHUNK points at a time (rather than kept in an
 * array of N), and the point stored at out[next[c >> shift]++]: its x in
 * pass 1 (shift SORTED_SUPER_BITS, next a thread's positions in the
 * super-buckets), its offset t in pass 2 (shift 0, over one super-bucket,
 * next the cells' positions). The line of each store is fetched
 * SORTED_WRITE_AHEAD floats ahead. Each pass stores to a few hundred
 * places at once at most; one pass straight into the cells' buckets
 * stored to G places, and missed the L1 cache on nearly every store. */
static void
interp_sorted_scatter(const interp_inputs_t *in, const float *restrict x,
    uint64_t lo, uint64_t hi, int shift, int keep_t, uint32_t *restrict next,
    float *restrict out)
{
	int32_t key[SORTED_CHUNK];
	float t[SORTED_CHUNK];

	for (uint64_t n0 = lo; n0 < hi; n0 += SORTED_CHUNK) {
		const uint64_t len =
		    hi - n0 < SORTED_CHUNK ? hi - n0 : SORTED_CHUNK;
		const float *v = keep_t ? t : x + n0;

		interp_sorted_cells(in, x + n0, len, key, t);
		for (uint64_t j = 0; j < len; j++) {
			const uint32_t q = next[key[j] >> shift]++;

			__builtin_prefetch(&out[q + SORTED_WRITE_AHEAD], 1);
			out[q] = v[j];
		}
	}
}

/* The points [lo, hi) counted by cell into count. */
static void
interp_sorted_count(
    const interp_inputs_t *in, uint64_t lo, uint64_t hi, uint32_t *count)
{
	int32_t key[SORTED_CHUNK];

	for (uint64_t n0 = lo; n0 < hi; n0 += SORTED_CHUNK) {
		const uint64_t len =
		    hi - n0 < SORTED_CHUNK ? hi - n0 : SORTED_CHUNK;

		interp_sorted_cells(in, in->x + n0, len, key, NULL);
		for (uint64_t j = 0; j < len; j++)
			count[key[j]]++;
	}
}

/* The layout of both passes from the threads' counts per cell: each
 * thread's first position in each super-bucket (in super), and where each
 * cell starts (in row 0 of count). Within a super-bucket, and so within a
 * cell, the threads' points come in thread order. */
static void
interp_sorted_layout(sorted_sort_t *so, int threads)
{
	const uint64_t bk = so->buckets;
	uint32_t next = 0;

	for (uint64_t sb = 0; sb < so->supers; sb++) {
		const uint64_t b0 = sb << SORTED_SUPER_BITS;
		const uint64_t b1 = b0 + ((uint64_t)1 << SORTED_SUPER_BITS);

		for (int t = 0; t < threads; t++) {
			const uint32_t *c = so->count + (uint64_t)t * bk;

			so->super[(uint64_t)t * so->supers + sb] = next;
			for (uint64_t b = b0; b < b1 && b < bk; b++)
				next += c[b];
		}
	}
	next = 0;
	for (uint64_t b = 0; b < bk; b++) {
		uint32_t c = 0;

		for (int t = 0; t < threads; t++)
			c += so->count[(uint64_t)t * bk + b];
		so->count[b] = next;
		next += c;
	}
}

/* Counting sort of the points by cell, in parallel and in two passes (an
 * MSD radix sort): each thread computes the keys of its share of the
 * points (one vectorized loop) and counts them into its own row of count;
 * pass 1 moves each thread's points into their super-buckets of
 * 2^SORTED_SUPER_BITS cells, pass 2 each super-bucket's into its cells,
 * the threads splitting the super-buckets. The shares are contiguous and
 * both passes keep order, so every bucket keeps the points' order:
 * bucket_t is the same for every T. Afterwards count[s] (row 0) is where
 * bucket s ends in bucket_t. */
static void
interp_sorted_buckets(const interp_inputs_t *in, int threads, sorted_sort_t *so)
{
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint32_t *mine = so->count + (uint64_t)t * so->buckets;
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		for (uint64_t b = 0; b < so->buckets; b++)
			mine[b] = 0;
		interp_sorted_count(in, lo, hi, mine);
	});
	interp_sorted_layout(so, threads);
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		interp_sorted_scatter(in, in->x, lo, hi, SORTED_SUPER_BITS, 0,
		    so->super + (uint64_t)t * so->supers, so->bucket_x);
	});
	/* The last thread's row of super now holds where each super-bucket
	 * ends. */
	VARIANT_PARALLEL({
		const uint32_t *end =
		    so->super + (uint64_t)(threads - 1) * so->supers;
		uint64_t lo, hi;

		variant_share(
		    so->supers, variant_thread_num(), threads, &lo, &hi);
		for (uint64_t sb = lo; sb < hi; sb++)
			interp_sorted_scatter(in, so->bucket_x,
			    sb == 0 ? 0 : end[sb - 1], end[sb], 0, 1, so->count,
			    so->bucket_t);
	});
}

static int
interp_sorted_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const uint64_t mp = interp_grid_major_row(in->m);
	const int32_t s_max = interp_s_max(in->g);
	const int threads = variant_threads(&st->params);
	/* Per thread, a count per bucket (s = 0 .. s_max + 1) and a
	 * position per super-bucket. */
	sorted_sort_t so = {.buckets = (uint64_t)s_max + 2,
	    .supers = interp_sorted_supers(in->g)};
	float *grid_major = interp_grid_major(in, threads);
	double partial[VARIANT_THREADS_MAX];
	int ret = -1;

	(void)k;
	/* The counts first: jemalloc serves blocks up to 32 KiB from its
	 * thread cache without updating the thread's peak (thread.peak), so
	 * a small block allocated after the last large one would be missing
	 * from the harness's per-thread peak. */
	so.count = malloc((uint64_t)threads * so.buckets * sizeof(uint32_t));
	so.super = malloc((uint64_t)threads * so.supers * sizeof(uint32_t));
	so.bucket_x = malloc(in->n * sizeof(float));
	so.bucket_t = malloc(in->n * sizeof(float));
	if (grid_major == NULL || so.bucket_x == NULL || so.bucket_t == NULL ||
	    so.count == NULL || so.super == NULL)
		goto label_return;
	interp_sorted_buckets(in, threads, &so);
	/* Bucket b runs from count[b-1] (0 for b = 0) to count[b]. The
	 * threads split the sorted positions (a bucket can be cut between
	 * two). */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		partial[t] = interp_sorted_positions(
		    grid_major, mp, s_max, so.count, so.bucket_t, lo, hi);
	});
	st->total = variant_sum_partials(partial, threads);
	ret = 0;
label_return:
	free(grid_major);
	free(so.bucket_x);
	free(so.bucket_t);
	free(so.count);
	free(so.super);
	return ret;
}

static uint64_t
interp_sorted_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	const uint64_t threads = (uint64_t)variant_threads(p);
	uint64_t b = interp_grid_major_bytes(p, round);

	/* The points by super-bucket and the offsets by cell. */
	for (int k = 0; k < 2; k++)
		b = model_add(b, round(model_mul(p->n, 4)));
	b = model_add(b, round(model_mul(model_mul(interp_g(p), 4), threads)));
	return model_add(b,
	    round(model_mul(
		model_mul(interp_sorted_supers(interp_g(p)), 4), threads)));
}

/* The sort's loops, for the time model's passes: each runs once a point
 * a step (the cells' keys of a chunk, the count, the two scatters'
 * stores: interp_point_iterations), or once a vector of 16 points (the
 * scatters' keys, vectorized over a chunk of SORTED_CHUNK, a multiple of
 * 16). */
static double
interp_sorted_per_vector(const params_t *p)
{
	return interp_point_iterations(p) / (double)INTERP_LANES;
}

/* The chunks of SORTED_POINTS the buckets make in a step: a bucket of L
 * points makes ceil(L / SORTED_POINTS). The points are uniform over the
 * G - 1 cells (x in [0, 1), dx = 1 / (G - 1)), so a cell's count is
 * binomial, taken as Poisson of mean N / (G - 1), and this is its
 * expectation (every point in cell 0 with the seed preset). */
static double
interp_sorted_chunks(const params_t *p)
{
	const double cells = (double)interp_g(p) - 1.0;
	const double lambda = (double)p->n / cells;
	const double hi = lambda + 12.0 * sqrt(lambda) + SORTED_POINTS;
	double e = 0.0;

	if (interp_preset(p) == PRESET_SEED)
		return ceil((double)p->n / SORTED_POINTS);
	for (double l = 1.0; l <= hi; l += 1.0)
		e += exp(l * log(lambda) - lambda - lgamma(l + 1.0)) *
		    ceil(l / SORTED_POINTS);
	return cells * e;
}

/* A block's entry in sorted_blocks, once a two-vector column block of
 * every chunk, a step. */
static double
interp_sorted_block_entries(const params_t *p)
{
	return interp_sorted_chunks(p) *
	    (double)(interp_grid_major_row(interp_m(p)) / (2 * SORTED_LANES)) *
	    (double)p->steps;
}

#if SORTED_LANES == 16
/* sorted_block1's loop over the last vector, where the rows hold an odd
 * number of vectors: floor(L / 4) iterations a chunk of L points, taken
 * as (L - 1.5) / 4 (L mod 4 even over 0 to 3); the one-point loop after
 * it, 1.5 iterations a chunk, is left out (6,000 a step at N = 10^6). */
static double
interp_sorted_tail_iterations(const params_t *p)
{
	const uint64_t vectors =
	    interp_grid_major_row(interp_m(p)) / SORTED_LANES;

	if (vectors % 2 == 0)
		return 0.0;
	return ((double)p->n - 1.5 * interp_sorted_chunks(p)) / 4.0 *
	    (double)p->steps;
}
/* The pass of that loop: the second largest of 16 lanes in
 * sorted_blocks, after sorted_block2's. */
#define SORTED_TAIL_PASS                                                       \
	{"sorted_blocks", SORTED_LANES, 1, interp_sorted_tail_iterations},
#else
#define SORTED_TAIL_PASS
#endif

static double
interp_sorted_flops(const params_t *p)
{
	/* As hoisted: four multiply-adds and a square-accumulate per pair. */
	return 10.0 * (double)p->n * (double)interp_m(p);
}

static double
interp_sorted_bytes(const params_t *p)
{
	/* The points twice (count, pass 1), the points by super-bucket and
	 * the offsets t each written and read, the transpose, and every row
	 * of the table once. */
	return 8.0 * (double)p->n + 16.0 * (double)p->n +
	    12.0 * (double)(interp_g(p) + 2) * (double)interp_m(p);
}

const variant_t interp_sorted = {
    .name = "sorted",
    .workload = &interp_workload,
    .description = "hoisted, with the points bucketed by cell (a two-pass "
		   "radix sort) so each cell's four rows stay in L1",
    .idiom = "what the best engineers would do beyond hoisting: sort the "
	     "queries by cell (argsort/searchsorted, or a counting sort), "
	     "then one pass per cell",
    .loops = "sort the points by cell; for each cell c: for n in c: for "
	     "i: s += (w_n . F[c..c+3, i])^2",
    .notes = "a two-pass radix sort of the points first (two arrays "
	     "of N floats); then each cell's four table rows are read "
	     "back to back",
    .model_formula = "(G+2)*ceil16(M)*4 + 2*N*4 + T*G*4 + T*ceil(G/16)*4",
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
	 * rows (in registers) with the point's weights (a multiply and 3 FMAs)
	 * and the square summed (an FMA): 5 multiply-adds a pair; vectors 4:
	 * an iteration of the hot loop (sorted_block2) is two points against
	 * two vectors of interpolants. */
    {.functions = "sorted_blocks",
	.vectors = 4,
	.fma = 5,
	.divsqrt = 0,
	.round = 0,
	.select = 0,
	.gather = 0,
	.extra = 12,
	.extra_why =
	    "the eight weights of the iteration's two points broadcast "
	    "to vectors (each serves two vectors of interpolants: 8), "
	    "and the loop control (point counter and weight pointer "
	    "advanced, compare, branch: 4): 12"},
    /* The loops beside the hot loop: each bucket chunk's weights (16
     * lanes; a chunk's last len % 16 points, at most 15, run in the
     * vector epilogue but are priced as whole vectors); a column block's
     * entry in sorted_blocks, once per block of every chunk; with
     * AVX-512, the last vector's loop (SORTED_TAIL_PASS); the counting sort
     * before the cells' loop (16.5% of the samples in the scatters, 3.2% in the
     * count: perf record -e cpu-clock, N = 1e6): the count's keys (16 lanes)
     * and its increments (scalar), each scatter's keys (16 lanes) and its
     * stores (scalar), in its two copies. The scalar loops listed first in the
     * count and the scatters are the keys' remainder, which a chunk of a
     * multiple of 16 points never runs. */
    .passes =
	{
	    {"interp_sorted_bucket", INTERP_LANES, 0, interp_sorted_per_vector},
	    {"sorted_blocks", VARIANT_PASS_AROUND, 0,
		interp_sorted_block_entries},
	    SORTED_TAIL_PASS{"interp_sorted_count", INTERP_LANES, 0,
		interp_sorted_per_vector},
	    {"interp_sorted_count", 1, 1, interp_point_iterations},
	    {"interp_sorted_scatter", INTERP_LANES, 0,
		interp_sorted_per_vector},
	    {"interp_sorted_scatter", INTERP_LANES, 1,
		interp_sorted_per_vector},
	    {"interp_sorted_scatter", 1, SORTED_STORES_NTH,
		interp_point_iterations},
	    {"interp_sorted_scatter", 1, SORTED_STORES_NTH + 1,
		interp_point_iterations},
	},
};
