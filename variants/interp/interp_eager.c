/*
 * interp eager: the op-by-op order of an un-compiled nested map. Each
 * primitive produces one full-size (N,M) or (N,M,4) array and every array is
 * freed right after its last use, as an eager array library frees a
 * temporary when its last reference goes. The peak is the live set of
 * primitive 9: xr, ix, ratx, asx, s and v, twelve N*M float32 arrays.
 * Threads split each primitive's element loop; the arrays are the same.
 */
#include <stdlib.h>

#include "interp/interp.h"

/* Broadcast loops, split across the step's threads (a local `threads`):
 * j runs over the (N,M) elements, n and i are its indices; jk over
 * (N,M,4) elements with kk the last index; FOR_J over j alone. Each element
 * is computed as on one thread, so the arrays do not depend on T. */
/* clang-format off */
#define EAGER_PARALLEL_FOR(loop)                                               \
	VARIANT_PARALLEL({                                                     \
		_Pragma("omp for schedule(static)")                            \
		loop                                                           \
	})
#define FOR_NM(body)                                                           \
	EAGER_PARALLEL_FOR(                                                    \
	for (uint64_t n = 0; n < in->n; n++)                                   \
		for (uint64_t i = 0, j = n * m; i < m; i++, j++) {             \
			body;                                                  \
		})
#define FOR_NM4(body)                                                          \
	EAGER_PARALLEL_FOR(                                                    \
	for (uint64_t j = 0; j < nm; j++)                                      \
		for (uint64_t kk = 0, jk = j * 4; kk < 4; kk++, jk++) {        \
			body;                                                  \
		})
#define FOR_J(count, body)                                                     \
	EAGER_PARALLEL_FOR(                                                    \
	for (uint64_t j = 0; j < (count); j++) {                               \
		body;                                                          \
	})
/* clang-format on */

/* Allocation and release of one eager array; a failed allocation unwinds. */
#define EAGER_ALLOC(ptr, count)                                                \
	do {                                                                   \
		if (((ptr) = malloc((count) * sizeof(*(ptr)))) == NULL)        \
			goto label_return;                                     \
	} while (0)
#define EAGER_RELEASE(ptr)                                                     \
	do {                                                                   \
		free(ptr);                                                     \
		(ptr) = NULL;                                                  \
	} while (0)

/* Primitive 7: asx = A + ratx*(B + ratx*(C + ratx*D)), (N,M,4), one
 * (N,M,4) temporary made at a time and the one before it freed. Returns asx
 * (the caller frees it), or NULL with nothing held. */
static float *
interp_eager_weights(const float *ratx, uint64_t nm, int threads)
{
	float *u = NULL, *w = NULL, *asx = NULL;

	EAGER_ALLOC(u, nm * 4);
	FOR_NM4(u[jk] = ratx[j] * interp_coef_d[kk]);
	EAGER_ALLOC(w, nm * 4);
	FOR_NM4(w[jk] = interp_coef_c[kk] + u[jk]);
	EAGER_RELEASE(u);
	EAGER_ALLOC(u, nm * 4);
	FOR_NM4(u[jk] = ratx[j] * w[jk]);
	EAGER_RELEASE(w);
	EAGER_ALLOC(w, nm * 4);
	FOR_NM4(w[jk] = interp_coef_b[kk] + u[jk]);
	EAGER_RELEASE(u);
	EAGER_ALLOC(u, nm * 4);
	FOR_NM4(u[jk] = ratx[j] * w[jk]);
	EAGER_RELEASE(w);
	EAGER_ALLOC(asx, nm * 4);
	FOR_NM4(asx[jk] = interp_coef_a[kk] + u[jk]);
label_return:
	free(u);
	free(w);
	return asx;
}

/* Primitive 11 for one point: its M squares summed in float32, vectorized
 * as an array library's reduction is. */
static float
interp_eager_row_sum(const float *g, uint64_t m)
{
	float acc = 0.0f;

#pragma omp simd reduction(+ : acc)
	for (uint64_t i = 0; i < m; i++)
		acc += g[i];
	return acc;
}

/* One step: the spec's twelve primitives in order, each a pass over new
 * N x M arrays, as op-by-op execution runs them. One function on purpose,
 * though over 80 lines: the order of its allocations and releases is the
 * schedule, and its peak (the arrays live at primitive 9) is read off this
 * one listing. */
static int
interp_eager_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const uint64_t nm = in->n * in->m, m = in->m, row = in->row;
	const int32_t hi = (int32_t)in->g + 2 - 4;
	const int threads = variant_threads(&st->params);
	float *t1 = NULL, *t2 = NULL, *xr = NULL, *q = NULL, *ra = NULL,
	      *rb = NULL, *ratx = NULL, *asx = NULL, *s = NULL, *v = NULL,
	      *g = NULL, *rowsum = NULL;
	int32_t *ix = NULL;
	double total = 0.0;
	int ret = -1;

	(void)k;
	/* 1-3: clamp to the bounds and shift. */
	EAGER_ALLOC(t1, nm);
	/* Selects, not fmaxf/fminf, as interp_cell: their NaN rules keep gcc
	 * from vectorizing (the inputs are finite; the values are the same). */
	FOR_NM(t1[j] = in->x[n] < in->lb[i] ? in->lb[i] : in->x[n]);
	EAGER_ALLOC(t2, nm);
	FOR_NM(t2[j] = t1[j] > in->ub[i] ? in->ub[i] : t1[j]);
	EAGER_RELEASE(t1);
	EAGER_ALLOC(xr, nm);
	FOR_NM(xr[j] = t2[j] - in->a[i]);
	EAGER_RELEASE(t2);

	/* 4-5: the cell index, through a float array as floor-divide makes. */
	EAGER_ALLOC(q, nm);
	FOR_NM(q[j] = floorf(xr[j] / in->dx[i]));
	EAGER_ALLOC(ix, nm);
	FOR_J(nm, ix[j] = (int32_t)q[j]);
	EAGER_RELEASE(q);

	/* 6: the offset, with its two temporaries. */
	EAGER_ALLOC(ra, nm);
	FOR_NM(ra[j] = xr[j] / in->dx[i]);
	EAGER_ALLOC(rb, nm);
	FOR_J(nm, rb[j] = (float)ix[j] + 0.5f);
	EAGER_ALLOC(ratx, nm);
	FOR_J(nm, ratx[j] = ra[j] - rb[j]);
	EAGER_RELEASE(ra);
	EAGER_RELEASE(rb);

	/* 7: the weights by Horner's rule. */
	if ((asx = interp_eager_weights(ratx, nm, threads)) == NULL)
		goto label_return;

	/* 8: gather the four table values at the clamped window start. */
	EAGER_ALLOC(s, nm * 4);
	FOR_NM({
		int32_t c = ix[j] < 0 ? 0 : (ix[j] > hi ? hi : ix[j]);
		const float *f = in->table + i * row + c;
		for (int kk = 0; kk < 4; kk++)
			s[j * 4 + kk] = f[kk];
	});

	/* 9: the values. The schedule's peak is here: twelve N*M arrays. */
	EAGER_ALLOC(v, nm);
	FOR_J(nm, {
		float acc = 0.0f;
		for (int kk = 0; kk < 4; kk++)
			acc += s[j * 4 + kk] * asx[j * 4 + kk];
		v[j] = acc;
	});
	EAGER_RELEASE(xr);
	EAGER_RELEASE(ix);
	EAGER_RELEASE(ratx);
	EAGER_RELEASE(asx);
	EAGER_RELEASE(s);

	/* 10-12: square, reduce over M in float32, then over N in float64. */
	EAGER_ALLOC(g, nm);
	FOR_J(nm, g[j] = v[j] * v[j]);
	EAGER_RELEASE(v);
	EAGER_ALLOC(rowsum, in->n);
	FOR_J(in->n, rowsum[j] = interp_eager_row_sum(g + j * m, m));
	EAGER_RELEASE(g);
	for (uint64_t n = 0; n < in->n; n++)
		total += rowsum[n];
	st->total = total;
	ret = 0;
label_return:
	/* On success only rowsum is left; after a failure, whatever was live.
	 */
	free(t1);
	free(t2);
	free(xr);
	free(q);
	free(ra);
	free(rb);
	free(ratx);
	free(asx);
	free(s);
	free(v);
	free(g);
	free(rowsum);
	free(ix);
	return ret;
}

static uint64_t
interp_eager_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	uint64_t nm4 = round(model_mul(model_mul(p->n, interp_m(p)), 4));
	uint64_t nm16 = round(model_mul(model_mul(p->n, interp_m(p)), 16));

	/* Live at primitive 9: xr, ix, ratx, v (N,M) and asx, s (N,M,4). */
	return model_add(model_mul(nm4, 4), model_mul(nm16, 2));
}

static double
interp_eager_flops(const params_t *p)
{
	return interp_flops_per_pair_recomputed() * (double)p->n *
	    (double)interp_m(p);
}

static double
interp_eager_bytes(const params_t *p)
{
	/* Every primitive reads its inputs and writes its output once: about
	 * 29 (N,M) float32 arrays written and 46 read (the (N,M,4) ones count
	 * four times). */
	return 75.0 * 4.0 * (double)p->n * (double)interp_m(p);
}

const variant_t interp_eager = {
    .name = "eager",
    .workload = &interp_workload,
    .description = "op by op: one full-size array per primitive, freed "
		   "after its last use",
    .idiom = "nested vmap, un-jitted (op-by-op dispatch)",
    .loops = "for each primitive p: A_p = new (N,M) array; for n, i: "
	     "A_p[n,i] = p(...); free A_p after its last use",
    .notes = "one new (N,M) array per primitive, up to twelve alive at "
	     "once, each allocated and freed within the run",
    .model_formula = "12*N*M*4",
    .model_bytes = interp_eager_model,
    .setup = interp_setup,
    .reset = interp_state_reset,
    .step = interp_eager_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_eager_flops,
    .bytes = interp_eager_bytes,
    /* No in-core minimum (variant_incore_t): its work is one loop per
     * primitive, each a few operations over arrays that come from memory,
     * so no one loop is its hot loop and none is bound in the core. */
};
