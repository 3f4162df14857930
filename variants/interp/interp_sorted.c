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
 * Workspace: the grid-major copy, the keys (one int32 per point), the bucket
 * offsets (G int32) and the bucketed offsets t (one float per point).
 */
#include <stdlib.h>

#include "interp/interp.h"

static int
interp_sorted_setup(const params_t *p, void **state)
{
	interp_state_t *st;

	if (interp_setup(p, state) != 0)
		return -1;
	st = *state;
	for (uint64_t i = 1; i < st->in.m; i++) {
		if (st->in.a[i] != st->in.a[0] || st->in.dx[i] != st->in.dx[0] ||
		    st->in.lb[i] != st->in.lb[0] || st->in.ub[i] != st->in.ub[0]) {
			interp_state_teardown(st);
			*state = NULL;
			return -1;
		}
	}
	return 0;
}

/* Grid-major rows are padded with zeros to a multiple of 16 floats (one
 * 64-byte vector): the interpolant loop then has no scalar tail, and the
 * padding adds exact zeros to each sum. */
static uint64_t
interp_sorted_row(uint64_t m)
{
	return (m + 15) & ~(uint64_t)15;
}

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
	for (; j < len; j++) {
		interp_weights_t w = interp_weights(t[j]);
		float acc = 0.0f;

#pragma omp simd reduction(+ : acc)
		for (uint64_t i = 0; i < m; i++) {
			float v = r0[i] * w.w0 + r1[i] * w.w1 + r2[i] * w.w2 +
			    r3[i] * w.w3;
			acc += v * v;
		}
		total += acc;
	}
	return total;
}

static int
interp_sorted_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const uint64_t m = in->m, row = in->g + 2, mp = interp_sorted_row(m);
	const int32_t s_max = interp_s_max(in->g);
	float *grid_major = aligned_alloc(64, row * mp * sizeof(float));
	int32_t *key = malloc(in->n * sizeof(int32_t));
	/* Bucket b holds the points with s = b: offsets s_max + 2. */
	uint32_t *start = malloc(((uint64_t)s_max + 2) * sizeof(uint32_t));
	float *bucket_t = malloc(in->n * sizeof(float));
	double total = 0.0;
	int ret = -1;

	(void)k;
	if (grid_major == NULL || key == NULL || start == NULL ||
	    bucket_t == NULL)
		goto label_return;
	for (uint64_t kk = 0; kk < row; kk++) {
		for (uint64_t i = m; i < mp; i++)
			grid_major[kk * mp + i] = 0.0f;
	}
	for (uint64_t i = 0; i < m; i++) {
		for (uint64_t kk = 0; kk < row; kk++)
			grid_major[kk * mp + i] = in->table[i * row + kk];
	}

	/* Counting sort by cell: count, prefix-sum, scatter the offsets. */
	for (int32_t b = 0; b <= s_max + 1; b++)
		start[b] = 0;
	for (uint64_t n = 0; n < in->n; n++) {
		float t;

		interp_cell(in->x[n], in->a[0], in->dx[0], in->lb[0], in->ub[0],
		    s_max, &key[n], &t);
		start[key[n] + 1]++;
	}
	for (int32_t b = 0; b <= s_max; b++)
		start[b + 1] += start[b];
	for (uint64_t n = 0; n < in->n; n++) {
		int32_t s;
		float t;

		interp_cell(in->x[n], in->a[0], in->dx[0], in->lb[0], in->ub[0],
		    s_max, &s, &t);
		bucket_t[start[key[n]]++] = t;
	}
	/* The scatter advanced each start to the next bucket's: bucket b now
	 * runs from start[b-1] (0 for b = 0) to start[b]. */
	for (int32_t s = 0; s <= s_max; s++) {
		const uint32_t j0 = s == 0 ? 0 : start[s - 1];

		total += interp_sorted_bucket(grid_major + (uint64_t)s * mp, mp,
		    bucket_t + j0, start[s] - j0);
	}
	st->total = total;
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
	uint64_t b = round(model_mul(model_mul(p->g + 2,
	    interp_sorted_row(p->m)), 4));

	b = model_add(b, round(model_mul(p->n, 4)));
	b = model_add(b, round(model_mul(p->g, 4)));
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
	.model_formula = "(G+2)*ceil16(M)*4 + N*4 + G*4 + N*4",
	.model_bytes = interp_sorted_model,
	.setup = interp_sorted_setup,
	.reset = interp_state_reset,
	.step = interp_sorted_step,
	.digest = interp_state_digest,
	.teardown = interp_state_teardown,
	.flops = interp_sorted_flops,
	.bytes = interp_sorted_bytes,
};
