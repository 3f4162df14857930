/*
 * colony reference: an independent float64 evaluation of the spec, written
 * from the spec's text and sharing no code with the float32 kernel in
 * colony.h. All pairs for small runs; a float64 cell list (side >= r_cut,
 * 3x3 periodic neighbourhood) for large ones, so that N = 65536 validates in
 * seconds.
 *
 * The inputs are the spec's float32 initial state (x_i = S*u1 and so on in
 * float32, S itself rounded to float32 as the float32 state's box), widened
 * to double; from there every operation is double.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "colony/colony.h"
#include "splitmix.h"

/* Above this many pair evaluations per run the reference uses the cell list
 * (when the box has at least 3 cells a side): about a second of all pairs. */
#define COLONY_REF_ALL_PAIRS_MAX 2e8

static const double ref_l = 2.0, ref_r = 0.5, ref_k_cc = 50.0;
static const double ref_f_prop = 1.0, ref_t_prop = 0.05, ref_w_a = 1.0;
static const double ref_r_s = 4.0, ref_a_th = 0.5, ref_gamma = 1.0;
static const double ref_dt = 0.01, ref_r_cut = 4.0;

typedef struct colony_ref_s {
	uint64_t n;
	double box;
	double *x, *y, *theta, *a, *ux, *uy;
	double *fx, *fy, *tq, *rho;
	/* Each bacterium's moves summed over the steps, never wrapped. */
	double *disp_x, *disp_y;
	/* Cell list: head of each cell's chain, next in chain. */
	uint64_t cells;
	int64_t *head, *next;
} colony_ref_t;

static double
ref_clamp01(double v)
{
	return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v);
}

static double
ref_wrap(double v, double period)
{
	v -= period * floor(v / period);
	return (v >= period || v < 0.0) ? 0.0 : v;
}

/* Adds the pair term of j on i to the sums of i. */
static void
ref_pair_add(colony_ref_t *c, uint64_t i, uint64_t j)
{
	double dx = c->x[j] - c->x[i], dy = c->y[j] - c->y[i];
	double h = ref_l / 2.0, dlen, w;
	double pix, piy, qix, qiy, pjx, pjy, qjx, qjy;
	double d1x, d1y, d2x, d2y, rx, ry, aa, ee, ff, cc, bb, den, s, t;
	double kix, kiy, kjx, kjy, nx, ny, dist, ux, uy;

	dx -= c->box * floor(dx / c->box + 0.5);
	dy -= c->box * floor(dy / c->box + 0.5);
	dlen = sqrt(dx * dx + dy * dy);
	w = 1.0 - dlen / ref_r_s;
	if (w > 0.0)
		c->rho[i] += ref_w_a * c->a[j] * w * w;
	if (dlen >= ref_r_cut || dlen == 0.0)
		return;

	pix = h * c->ux[i];
	piy = h * c->uy[i];
	qix = -h * c->ux[i];
	qiy = -h * c->uy[i];
	pjx = dx + h * c->ux[j];
	pjy = dy + h * c->uy[j];
	qjx = dx - h * c->ux[j];
	qjy = dy - h * c->uy[j];
	d1x = qix - pix;
	d1y = qiy - piy;
	d2x = qjx - pjx;
	d2y = qjy - pjy;
	rx = pix - pjx;
	ry = piy - pjy;
	aa = d1x * d1x + d1y * d1y;
	ee = d2x * d2x + d2y * d2y;
	ff = d2x * rx + d2y * ry;
	cc = d1x * rx + d1y * ry;
	bb = d1x * d2x + d1y * d2y;
	den = aa * ee - bb * bb;
	s = den > 1e-6 * aa * ee ? ref_clamp01((bb * ff - cc * ee) / den) : 0.0;
	t = (bb * s + ff) / ee;
	if (t < 0.0) {
		t = 0.0;
		s = ref_clamp01(-cc / aa);
	} else if (t > 1.0) {
		t = 1.0;
		s = ref_clamp01((bb - cc) / aa);
	}
	kix = pix + s * d1x;
	kiy = piy + s * d1y;
	kjx = pjx + t * d2x;
	kjy = pjy + t * d2y;
	nx = kix - kjx;
	ny = kiy - kjy;
	dist = sqrt(nx * nx + ny * ny);
	if (dist < 1e-4) {
		dist = 0.0;
		ux = -dx / dlen;
		uy = -dy / dlen;
	} else {
		ux = nx / dist;
		uy = ny / dist;
	}
	if (dist < 2.0 * ref_r) {
		double fx = ref_k_cc * (2.0 * ref_r - dist) * ux;
		double fy = ref_k_cc * (2.0 * ref_r - dist) * uy;

		c->fx[i] += fx;
		c->fy[i] += fy;
		c->tq[i] += kix * fy - kiy * fx;
	}
}

static void
ref_free(colony_ref_t *c)
{
	double **arrays[12] = {&c->x, &c->y, &c->theta, &c->a, &c->ux, &c->uy,
	    &c->fx, &c->fy, &c->tq, &c->rho, &c->disp_x, &c->disp_y};

	for (int f = 0; f < 12; f++)
		free(*arrays[f]);
	free(c->head);
	free(c->next);
	memset(c, 0, sizeof(*c));
}

static int
ref_alloc(colony_ref_t *c, uint64_t n, int cells)
{
	double **arrays[12] = {&c->x, &c->y, &c->theta, &c->a, &c->ux, &c->uy,
	    &c->fx, &c->fy, &c->tq, &c->rho, &c->disp_x, &c->disp_y};
	double box = c->box;

	memset(c, 0, sizeof(*c));
	c->box = box;
	c->n = n;
	for (int f = 0; f < 12; f++) {
		*arrays[f] = calloc(n, sizeof(double));
		if (*arrays[f] == NULL)
			goto label_error;
	}
	if (cells) {
		c->cells = (uint64_t)floor(c->box / ref_r_cut);
		c->head = malloc(c->cells * c->cells * sizeof(int64_t));
		c->next = malloc(n * sizeof(int64_t));
		if (c->head == NULL || c->next == NULL)
			goto label_error;
	}
	return 0;
label_error:
	ref_free(c);
	return -1;
}

static void
ref_sums_all_pairs(colony_ref_t *c)
{
	for (uint64_t i = 0; i < c->n; i++) {
		for (uint64_t j = 0; j < c->n; j++) {
			if (j != i)
				ref_pair_add(c, i, j);
		}
	}
}

static uint64_t
ref_cell_coord(double v, double side, uint64_t cells)
{
	int64_t k = (int64_t)floor(v / side);

	if (k < 0)
		k = 0;
	if (k >= (int64_t)cells)
		k = (int64_t)cells - 1;
	return (uint64_t)k;
}

static void
ref_sums_cells(colony_ref_t *c)
{
	uint64_t nc = c->cells;
	double side = c->box / (double)nc;

	for (uint64_t q = 0; q < nc * nc; q++)
		c->head[q] = -1;
	for (uint64_t i = 0; i < c->n; i++) {
		uint64_t q = ref_cell_coord(c->y[i], side, nc) * nc +
		    ref_cell_coord(c->x[i], side, nc);

		c->next[i] = c->head[q];
		c->head[q] = (int64_t)i;
	}
	for (uint64_t i = 0; i < c->n; i++) {
		uint64_t cx = ref_cell_coord(c->x[i], side, nc);
		uint64_t cy = ref_cell_coord(c->y[i], side, nc);

		for (uint64_t oy = 0; oy < 3; oy++) {
			for (uint64_t ox = 0; ox < 3; ox++) {
				uint64_t qx = (cx + nc + ox - 1) % nc;
				uint64_t qy = (cy + nc + oy - 1) % nc;

				for (int64_t j = c->head[qy * nc + qx]; j >= 0;
				     j = c->next[j]) {
					if ((uint64_t)j != i)
						ref_pair_add(c, i, (uint64_t)j);
				}
			}
		}
	}
}

/* The spec's initial state: float32 uniforms scaled in float32, widened. */
static void
ref_init(colony_ref_t *c, uint64_t seed, float box32)
{
	uint64_t rng = seed;

	for (uint64_t i = 0; i < c->n; i++) {
		float u1 = splitmix_float(&rng), u2 = splitmix_float(&rng);
		float u3 = splitmix_float(&rng), u4 = splitmix_float(&rng);

		c->x[i] = (double)(box32 * u1);
		c->y[i] = (double)(box32 * u2);
		c->theta[i] = (double)((float)(2.0 * M_PI) * u3);
		c->a[i] = (double)u4;
	}
}

/* Spec steps 4-7 from the pair sums; the moves also go to disp_x, disp_y. */
static void
ref_integrate(colony_ref_t *c)
{
	for (uint64_t i = 0; i < c->n; i++) {
		double fx = c->fx[i] + ref_f_prop * c->a[i] * c->ux[i];
		double fy = c->fy[i] + ref_f_prop * c->a[i] * c->uy[i];
		double t = c->tq[i] + ref_t_prop * c->a[i];
		double mx = fx / (ref_gamma * ref_l) * ref_dt;
		double my = fy / (ref_gamma * ref_l) * ref_dt;

		c->a[i] = ref_clamp01(c->rho[i] / ref_a_th);
		c->x[i] = ref_wrap(c->x[i] + mx, c->box);
		c->y[i] = ref_wrap(c->y[i] + my, c->box);
		c->disp_x[i] += mx;
		c->disp_y[i] += my;
		c->theta[i] = ref_wrap(c->theta[i] +
			12.0 * t / (ref_gamma * ref_l * ref_l * ref_l) * ref_dt,
		    2.0 * M_PI);
	}
}

/* Whether to use the cell list: 1, 0, or -1 when CELLS is forced on a box
 * under three cells. */
static int
ref_use_cells(const params_t *p, int method, double box)
{
	double pairs = (double)p->n * (double)p->n * (double)p->steps;
	int cells;

	if (method == COLONY_REF_CELLS)
		cells = 1;
	else if (method == COLONY_REF_ALL_PAIRS)
		cells = 0;
	else
		cells = pairs > COLONY_REF_ALL_PAIRS_MAX;
	if (cells && floor(box / ref_r_cut) < 3.0)
		return method == COLONY_REF_CELLS ? -1 : 0;
	return cells;
}

int
colony_reference_run(const params_t *p, int method, double *digest)
{
	colony_ref_t c;
	float box32 = (float)colony_box_side(p->n);
	double sd = 0.0, sa = 0.0;
	int cells = ref_use_cells(p, method, box32);

	c.box = box32;
	if (cells < 0 || ref_alloc(&c, p->n, cells) != 0)
		return -1;
	ref_init(&c, p->seed, box32);
	for (uint64_t k = 0; k < p->steps; k++) {
		for (uint64_t i = 0; i < c.n; i++) {
			c.x[i] = ref_wrap(c.x[i], c.box);
			c.y[i] = ref_wrap(c.y[i], c.box);
			c.ux[i] = cos(c.theta[i]);
			c.uy[i] = sin(c.theta[i]);
			c.fx[i] = c.fy[i] = c.tq[i] = c.rho[i] = 0.0;
		}
		if (cells)
			ref_sums_cells(&c);
		else
			ref_sums_all_pairs(&c);
		if (k == 0) {
			digest[0] = digest[1] = digest[2] = 0.0;
			for (uint64_t i = 0; i < c.n; i++) {
				digest[0] += fabs(c.fx[i]) + fabs(c.fy[i]);
				digest[1] += fabs(c.tq[i]);
				digest[2] += c.rho[i];
			}
		}
		ref_integrate(&c);
	}
	for (uint64_t i = 0; i < c.n; i++) {
		sd += fabs(c.disp_x[i]) + fabs(c.disp_y[i]);
		sa += c.a[i];
	}
	digest[3] = sd;
	digest[4] = sa / (double)c.n;
	ref_free(&c);
	return 0;
}
