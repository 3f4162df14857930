/*
 * interp: M cubic interpolants evaluated at N points, every value squared and
 * summed (workloads.md, "Workload interp").
 *
 * The mathematics lives here once: the cell and weights of a point
 * (interp_cell, interp_weights) and the value of one interpolant
 * (interp_value). Variants differ only in schedule and memory.
 *
 * The inputs keep what the question's code had: each interpolant carries its
 * own grid parameters (a, dx, lb, ub), as a vmapped constructor produces them,
 * even though every interpolant shares one grid. Only the hoisted variant
 * makes use of that sharing.
 *
 * Limits: G must fit an int32 index; N*M*16 must fit size_t for the variants
 * that materialize.
 */
#ifndef FB_INTERP_H
#define FB_INTERP_H

#include <math.h>
#include <stdint.h>

#include "variant.h"

typedef struct interp_inputs_s {
	uint64_t n, m, g;
	float *x;                /* N evaluation points */
	float *a, *dx, *lb, *ub; /* M each: per-interpolant grid parameters */
	float *table;            /* M rows of G+2: padded values F_i */
	float max_abs_f;         /* max |f_i[k]|, for tolerances */
} interp_inputs_t;

/* Every interp variant's state starts with the inputs and the total. */
typedef struct interp_state_s {
	params_t params;
	interp_inputs_t in;
	double total;
} interp_state_t;

extern const workload_t interp_workload;

/* The spec's polynomial coefficients, k = 0..3. */
extern const float interp_coef_a[4], interp_coef_b[4], interp_coef_c[4],
    interp_coef_d[4];

/* Builds the inputs for p. Returns 0, or -1 when an allocation failed (in is
 * then empty). interp_inputs_free releases them; it accepts a zeroed struct. */
int interp_inputs_build(const params_t *p, interp_inputs_t *in);
void interp_inputs_free(interp_inputs_t *in);
uint64_t interp_inputs_bytes(const params_t *p);

/* The shared setup/teardown/reset/digest of all interp variants: the state is
 * `size` bytes (an interp_state_t at its start), zeroed. */
int interp_state_setup(const params_t *p, size_t size, void **state);
void interp_state_teardown(void *state);
/* setup for variants whose state is a bare interp_state_t. */
int interp_setup(const params_t *p, void **state);
void interp_state_reset(void *state);
void interp_state_digest(void *state, double *digest);

/* The cell of point x on a grid (float32, the spec's arithmetic): the window
 * start s (already clamped to 0..G-2) and the offset t. */
static inline void
interp_cell(float x, float a, float dx, float lb, float ub, uint64_t g,
    int32_t *s, float *t)
{
	float xc = fminf(fmaxf(x, lb), ub) - a;
	float r = xc / dx;
	int32_t ix = (int32_t)floorf(r);
	int32_t hi = (int32_t)g + 2 - 4;

	*t = r - ((float)ix + 0.5f);
	*s = ix < 0 ? 0 : (ix > hi ? hi : ix);
}

/* The four weights at offset t. */
static inline void
interp_weights(float t, float w[4])
{
	for (int k = 0; k < 4; k++) {
		w[k] = interp_coef_a[k] +
		    t * (interp_coef_b[k] +
			    t * (interp_coef_c[k] + t * interp_coef_d[k]));
	}
}

/* v_i(x): interpolant i of in at point x, in float32. */
static inline float
interp_value(const interp_inputs_t *in, uint64_t i, float x)
{
	int32_t s;
	float t, w[4];
	const float *f = in->table + i * (in->g + 2);

	interp_cell(x, in->a[i], in->dx[i], in->lb[i], in->ub[i], in->g, &s, &t);
	interp_weights(t, w);
	return f[s] * w[0] + f[s + 1] * w[1] + f[s + 2] * w[2] +
	    f[s + 3] * w[3];
}

/* The independent float64 evaluation of v_i(x). The cell index is taken as
 * the float32 formula takes it (a discrete decision, compared elsewhere);
 * everything after it is computed in double. */
double interp_reference_value(const interp_inputs_t *in, uint64_t i, float x);

/* Shared model pieces. */
uint64_t interp_model_zero(const params_t *p, uint64_t (*round)(uint64_t));
double interp_flops_per_pair_recomputed(void);

#endif /* FB_INTERP_H */
