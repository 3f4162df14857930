/*
 * interp sorted: hoisted plus locality. hoisted reads, for every point, four
 * grid-major rows (16 M bytes) from wherever the point's cell puts them: with
 * the points in random order that is the L3 cache for every point. Here the
 * points are first bucketed by cell (a counting sort on the window start s),
 * so that all the points of one cell run back to back against the same four
 * rows, which stay in the L1 cache; the loop is then bound by the
 * multiply-adds rather than by the L3 cache.
 *
 * A point's cell and offset are interp_cell's, computed once; the bucket
 * keeps the offset t itself rather than a permutation, so the evaluation
 * pass never goes back to the points. The sum over points runs in bucket
 * order; each point's sum over interpolants is hoisted's, in the same order.
 *
 * Threads split the points for the keys, the count (a row of counts
 * each) and the scatter, and the sorted positions for the evaluation.
 *
 * Workspace: the grid-major copy, the keys (one int32 per point), the bucket
 * offsets (G int32 per thread) and the bucketed offsets t (one float per
 * point).
 */
#include <stdlib.h>

#include "interp/interp.h"

/* One bucket: the points whose window starts at row r0 of the grid-major
 * table, four at a time so that every row vector loaded serves four points
 * and four independent accumulators hide the multiply-add latency. Each
 * point's arithmetic is hoisted's. */
static double
interp_sorted_bucket(const float *r0, uint64_t m, const float *t, uint32_t len)
{
	const float *r1 = r0 + m, *r2 = r1 + m, *r3 = r2 + m;
	double total = 0.0;
	uint32_t j = 0;

	for (; j + 4 <= len; j += 4) {
		interp_weights_t wa = interp_weights(t[j]);
		interp_weights_t wb = interp_weights(t[j + 1]);
		interp_weights_t wc = interp_weights(t[j + 2]);
		interp_weights_t wd = interp_weights(t[j + 3]);
		float acc_a = 0.0f, acc_b = 0.0f, acc_c = 0.0f, acc_d = 0.0f;

#pragma omp simd reduction(+ : acc_a, acc_b, acc_c, acc_d)
		for (uint64_t i = 0; i < m; i++) {
			float va = r0[i] * wa.w0 + r1[i] * wa.w1 +
			    r2[i] * wa.w2 + r3[i] * wa.w3;
			float vb = r0[i] * wb.w0 + r1[i] * wb.w1 +
			    r2[i] * wb.w2 + r3[i] * wb.w3;
			float vc = r0[i] * wc.w0 + r1[i] * wc.w1 +
			    r2[i] * wc.w2 + r3[i] * wc.w3;
			float vd = r0[i] * wd.w0 + r1[i] * wd.w1 +
			    r2[i] * wd.w2 + r3[i] * wd.w3;

			acc_a += va * va;
			acc_b += vb * vb;
			acc_c += vc * vc;
			acc_d += vd * vd;
		}
		total += (double)acc_a + (double)acc_b + (double)acc_c +
		    (double)acc_d;
	}
	for (; j < len; j++)
		total += interp_rows_sum_squares(r0, m, interp_weights(t[j]));
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

/* Counting sort of the points by cell, in parallel: each thread computes
 * the keys of its share of the points and counts them into its own row of
 * count (threads rows of `buckets`), the offsets are laid out bucket by
 * bucket and, within a bucket, thread by thread, and each thread scatters
 * its share's offsets t. The shares are contiguous, so every bucket keeps
 * the points' order: bucket_t is the same for every T. Afterwards
 * start[s] (row 0 of count) is where bucket s ends in bucket_t. */
static void
interp_sorted_buckets(const interp_inputs_t *in, int threads, int32_t *key,
    uint32_t *count, float *bucket_t)
{
	const int32_t s_max = interp_s_max(in->g);
	const uint64_t buckets = (uint64_t)s_max + 2;
	uint32_t next = 0;

	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint32_t *mine = count + (uint64_t)t * buckets;
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		for (uint64_t b = 0; b < buckets; b++)
			mine[b] = 0;
		for (uint64_t n = lo; n < hi; n++) {
			float tt;

			interp_cell(in->x[n], in->a[0], in->dx[0], in->lb[0],
			    in->ub[0], s_max, &key[n], &tt);
			mine[key[n]]++;
		}
	});
	/* Each thread's first position in each bucket. */
	for (uint64_t b = 0; b < buckets; b++) {
		for (int t = 0; t < threads; t++) {
			uint32_t c = count[(uint64_t)t * buckets + b];

			count[(uint64_t)t * buckets + b] = next;
			next += c;
		}
	}
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint32_t *mine = count + (uint64_t)t * buckets;
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		for (uint64_t n = lo; n < hi; n++) {
			int32_t s;
			float tt;

			interp_cell(in->x[n], in->a[0], in->dx[0], in->lb[0],
			    in->ub[0], s_max, &s, &tt);
			bucket_t[mine[key[n]]++] = tt;
		}
	});
	/* The last thread's part is the last of each bucket, so its row now
	 * holds where each bucket ends: row 0 takes it. */
	for (uint64_t b = 0; b < buckets; b++)
		count[b] = count[(uint64_t)(threads - 1) * buckets + b];
}

static int
interp_sorted_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const uint64_t mp = interp_grid_major_row(in->m);
	const int32_t s_max = interp_s_max(in->g);
	const int threads = variant_threads(&st->params);
	float *grid_major = interp_grid_major(in, threads);
	int32_t *key = malloc(in->n * sizeof(int32_t));
	/* Per thread, a count per bucket (s = 0 .. s_max + 1). */
	uint32_t *start = malloc(
	    (uint64_t)threads * ((uint64_t)s_max + 2) * sizeof(uint32_t));
	float *bucket_t = malloc(in->n * sizeof(float));
	double partial[VARIANT_THREADS_MAX];
	int ret = -1;

	(void)k;
	if (grid_major == NULL || key == NULL || start == NULL ||
	    bucket_t == NULL)
		goto label_return;
	interp_sorted_buckets(in, threads, key, start, bucket_t);
	/* Bucket b runs from start[b-1] (0 for b = 0) to start[b]. The
	 * threads split the sorted positions (a bucket can be cut between
	 * two). */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		partial[t] = interp_sorted_positions(
		    grid_major, mp, s_max, start, bucket_t, lo, hi);
	});
	st->total = variant_sum_partials(partial, threads);
	ret = 0;
label_return:
	free(grid_major);
	free(key);
	free(start);
	free(bucket_t);
	return ret;
}

static uint64_t
interp_sorted_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	uint64_t b = interp_grid_major_bytes(p, round);

	b = model_add(b, round(model_mul(p->n, 4)));
	b = model_add(b,
	    round(model_mul(model_mul(p->g, 4), (uint64_t)variant_threads(p))));
	return model_add(b, round(model_mul(p->n, 4)));
}

static double
interp_sorted_flops(const params_t *p)
{
	/* As hoisted: four multiply-adds and a square-accumulate per pair. */
	return 10.0 * (double)p->n * (double)p->m;
}

static double
interp_sorted_bytes(const params_t *p)
{
	/* The points twice, the keys written and read, the offsets t written
	 * and read, the transpose, and every row of the table once. */
	return 8.0 * (double)p->n + 16.0 * (double)p->n +
	    12.0 * (double)(p->g + 2) * (double)p->m;
}

const variant_t interp_sorted = {
    .name = "sorted",
    .workload = &interp_workload,
    .description = "hoisted, with the points bucketed by cell (counting "
		   "sort) so each cell's four rows stay in L1",
    .idiom = "what the best engineers would do beyond hoisting: sort the "
	     "queries by cell (argsort/searchsorted, or a counting sort), "
	     "then one pass per cell",
    .loops = "sort the points by cell; for each cell c: for n in c: for "
	     "i: s += (w_n . F[c..c+3, i])^2",
    .notes = "a counting sort of the points first (an N-sized "
	     "permutation); then each cell's four table rows are read "
	     "back to back",
    .model_formula = "(G+2)*ceil16(M)*4 + N*4 + T*G*4 + N*4",
    .model_bytes = interp_sorted_model,
    .setup = interp_shared_grid_setup,
    .reset = interp_state_reset,
    .step = interp_sorted_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_sorted_flops,
    .bytes = interp_sorted_bytes,
};
