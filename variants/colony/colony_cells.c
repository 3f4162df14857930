/*
 * colony cells: a cell list rebuilt every step. The box is cut into nc x nc
 * cells of side S/nc >= r_cut, particles are counting-sorted by cell into
 * contiguous structure-of-arrays copies, and each particle meets only the
 * particles of its 3x3 periodic neighbourhood (fused's arithmetic on those).
 * Time and workspace O(N) at the spec's fixed packing fraction. The sort
 * runs on one thread; the pair sums are split by rows of cells.
 *
 * Limits: needs nc >= 3 (a box of at least 3 r_cut), or the neighbourhood
 * would visit a cell twice; check() refuses smaller boxes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "colony/colony.h"

/* The cell list of one step, carved from one allocation: start[c] .. start[c
 * + 1] are cell c's particles in the sorted arrays; order maps a sorted
 * position back to the particle. */
typedef struct colony_cells_s {
	uint64_t nc;
	uint32_t *start, *cell, *order;
	float *x, *y, *ux, *uy, *a;
} colony_cells_t;

static uint64_t
colony_cells_side(const params_t *p)
{
	return colony_cells_per_side(p->n);
}

static uint64_t
colony_cells_alloc_bytes(uint64_t n, uint64_t nc)
{
	/* start (nc^2 + 1), cell and order (N each) as uint32, five float32
	 * arrays of N. */
	return model_mul(
	    model_add(model_add(model_mul(nc, nc), 1), model_mul(n, 7)), 4);
}

static int
colony_cells_check(const params_t *p, char *msg, size_t msglen)
{
	uint64_t need = 1;

	if (colony_cells_side(p) >= 3)
		return 0;
	while (colony_cells_side(&(params_t){.n = need}) < 3)
		need++;
	snprintf(msg, msglen,
	    "n %llu: box side %.2f is smaller than 3 cells of r_cut %g "
	    "(needs n >= %llu)",
	    (unsigned long long)p->n, (double)(float)colony_box_side(p->n),
	    (double)COLONY_R_CUT, (unsigned long long)need);
	return -1;
}

static void
colony_cells_build(const colony_state_t *st, colony_cells_t *c)
{
	const uint64_t n = st->n, nc = c->nc;
	const float inv_side = (float)nc * st->inv_box;

	for (uint64_t q = 0; q <= nc * nc; q++)
		c->start[q] = 0;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t cx = (uint64_t)(st->x[i] * inv_side);
		uint64_t cy = (uint64_t)(st->y[i] * inv_side);

		/* x < S can still round to cell nc. */
		cx = cx < nc ? cx : nc - 1;
		cy = cy < nc ? cy : nc - 1;
		c->cell[i] = (uint32_t)(cy * nc + cx);
		c->start[c->cell[i] + 1]++;
	}
	for (uint64_t q = 0; q < nc * nc; q++)
		c->start[q + 1] += c->start[q];
	/* Stable counting sort: particles keep their order within a cell.
	 * start[q] runs ahead while filling, then is moved back. */
	for (uint64_t i = 0; i < n; i++) {
		uint32_t s = c->start[c->cell[i]]++;

		c->order[s] = (uint32_t)i;
		c->x[s] = st->x[i];
		c->y[s] = st->y[i];
		c->ux[s] = st->ux[i];
		c->uy[s] = st->uy[i];
		c->a[s] = st->a[i];
	}
	for (uint64_t q = nc * nc; q > 0; q--)
		c->start[q] = c->start[q - 1];
	c->start[0] = 0;
}

/* The sums of the sorted particles in [first, end). */
static void
colony_cells_pairs(
    colony_state_t *st, const colony_cells_t *c, uint64_t first, uint64_t end)
{
	const uint64_t nc = c->nc;
	const float box = st->box;

	for (uint64_t i = first; i < end; i++) {
		const uint64_t cy = c->cell[c->order[i]] / nc;
		const uint64_t cx = c->cell[c->order[i]] % nc;
		const float xi = c->x[i], yi = c->y[i];
		const float uix = c->ux[i], uiy = c->uy[i];
		float sfx = 0.0f, sfy = 0.0f, stq = 0.0f, srho = 0.0f;

		for (uint64_t oy = 0; oy < 3; oy++) {
			const uint64_t row = (cy + nc + oy - 1) % nc * nc;
			/* Columns cx-1..cx+1 are contiguous in the sorted
			 * arrays unless the neighbourhood wraps in x; then
			 * two ranges. */
			uint64_t lo[2], hi[2], ranges = 1;

			if (cx == 0) {
				lo[0] = c->start[row + nc - 1];
				hi[0] = c->start[row + nc];
				lo[1] = c->start[row];
				hi[1] = c->start[row + 2];
				ranges = 2;
			} else if (cx == nc - 1) {
				lo[0] = c->start[row + nc - 2];
				hi[0] = c->start[row + nc];
				lo[1] = c->start[row];
				hi[1] = c->start[row + 1];
				ranges = 2;
			} else {
				lo[0] = c->start[row + cx - 1];
				hi[0] = c->start[row + cx + 2];
			}
			for (uint64_t r = 0; r < ranges; r++) {
#pragma omp simd reduction(+ : sfx, sfy, stq, srho)
				for (uint64_t j = lo[r]; j < hi[r]; j++) {
					float dx =
					    colony_min_image(c->x[j] - xi, box);
					float dy =
					    colony_min_image(c->y[j] - yi, box);
					colony_pair_t pt = colony_pair(dx, dy,
					    uix, uiy, c->ux[j], c->uy[j],
					    c->a[j], j == i);

					sfx += pt.fx;
					sfy += pt.fy;
					stq += pt.tqi;
					srho += pt.rhoi;
				}
			}
		}
		st->f_x[c->order[i]] = sfx;
		st->f_y[c->order[i]] = sfy;
		st->torque[c->order[i]] = stq;
		st->rho[c->order[i]] = srho;
	}
}

static int
colony_cells_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	const uint64_t n = st->n, nc = colony_cells_side(&st->params);
	const int threads = variant_threads(&st->params);
	colony_cells_t c;
	uint32_t *mem;

	if (nc < 3)
		return -1;
	mem = malloc(colony_cells_alloc_bytes(n, nc));
	if (mem == NULL)
		return -1;
	c.nc = nc;
	c.start = mem;
	c.cell = c.start + nc * nc + 1;
	c.order = c.cell + n;
	c.x = (float *)(c.order + n);
	c.y = c.x + n;
	c.ux = c.y + n;
	c.uy = c.ux + n;
	c.a = c.uy + n;
	colony_step_begin(st);
	colony_cells_build(st, &c);
	/* The threads split the rows of cells (nc >= 3 rows): the particles
	 * of rows [r0, r1) are contiguous in the sorted arrays. */
	VARIANT_PARALLEL({
		uint64_t r0, r1;

		variant_share(nc, variant_thread_num(), threads, &r0, &r1);
		colony_cells_pairs(st, &c, c.start[r0 * nc], c.start[r1 * nc]);
	});
	colony_step_end(st, k);
	free(mem);
	return 0;
}

static uint64_t
colony_cells_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(colony_cells_alloc_bytes(p->n, colony_cells_side(p)));
}

/* Candidate pairs per particle: the 3x3 cells' expected population. */
static double
colony_cells_candidates(const params_t *p)
{
	double nc = (double)colony_cells_side(p);

	return 9.0 * (double)p->n / (nc * nc);
}

static double
colony_cells_flops(const params_t *p)
{
	return colony_flops_per_pair() * colony_cells_candidates(p) *
	    (double)p->n * (double)p->steps;
}

static double
colony_cells_bytes(const params_t *p)
{
	/* The state arrays (19 of N), the sort's writes and reads (8 of N)
	 * and the scatter back (4 of N, random). */
	return 31.0 * 4.0 * (double)p->n * (double)p->steps;
}

const variant_t colony_cells = {
    .name = "cells",
    .workload = &colony_workload,
    .description = "cell list of side >= r_cut rebuilt every step, 3x3 "
		   "periodic neighbourhood, O(N)",
    .idiom = "neighbour list (jax_md.partition.cell_list), pairs skipped "
	     "beyond r_cut",
    .loops = "sort the particles into cells of side >= r_cut; for i: for "
	     "j in the 3 x 3 cells around i: f_i += pair(i, j)",
    .notes = "a cell list rebuilt every step; only the pairs of the 3 x "
	     "3 neighbouring cells are evaluated",
    .model_formula = "(nc^2 + 1 + 7 N) * 4",
    .model_bytes = colony_cells_model,
    .check = colony_cells_check,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_cells_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_cells_flops,
    .bytes = colony_cells_bytes,
};
