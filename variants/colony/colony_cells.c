/*
 * colony cells: a cell list rebuilt every step. The box is cut into nc x nc
 * cells of side S/nc >= r_cut, particles are counting-sorted by cell into
 * contiguous structure-of-arrays copies, and each particle meets only the
 * particles of its 3x3 periodic neighbourhood (fused's arithmetic on those).
 * A cell's neighbourhood (about 15 particles at the spec's packing) is
 * staged once into contiguous arrays padded to whole vectors, so that every
 * particle of the cell runs one full-vector loop over it, rather than three
 * or four short loops, each with a scalar remainder, over the sorted
 * arrays.
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
	/* Per thread, a staging area of colony_cells_stage_cap(N) entries. */
	float *stage;
} colony_cells_t;

/* A neighbourhood is staged padded to a multiple of this many entries (one
 * vector of the build's widest), so that the pair loop has no scalar
 * remainder: the padding lanes count as j = i and add exact zeros. */
#define COLONY_CELLS_PAD COLONY_LANES
/* Arrays of a staging area: x, y, ux, uy, a and the sorted positions. */
#define COLONY_CELLS_STAGED 6
/* A padding entry's position: never a particle's. */
#define COLONY_CELLS_NONE UINT32_MAX

/* Entries of one staging area: any neighbourhood (at most all N
 * particles) and its padding. */
static uint64_t
colony_cells_stage_cap(uint64_t n)
{
	return (n + 2 * COLONY_CELLS_PAD - 1) / COLONY_CELLS_PAD *
	    COLONY_CELLS_PAD;
}

static uint64_t
colony_cells_side(const params_t *p)
{
	return colony_cells_per_side(p->n);
}

static uint64_t
colony_cells_alloc_bytes(uint64_t n, uint64_t nc, uint64_t threads)
{
	/* start (nc^2 + 1), cell and order (N each) as uint32, five float32
	 * arrays of N, and a staging area of six arrays per thread. */
	uint64_t words =
	    model_add(model_add(model_mul(nc, nc), 1), model_mul(n, 7));

	words = model_add(words,
	    model_mul(threads,
		model_mul(COLONY_CELLS_STAGED, colony_cells_stage_cap(n))));
	return model_mul(words, 4);
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

/* Stages the 3x3 neighbourhood of cell (cx, cy) into the arrays at stage
 * (capacity cap each): its particles' x, y, ux, uy, a and sorted
 * positions, row by row, padded with copies of the last one marked
 * COLONY_CELLS_NONE to a multiple of COLONY_CELLS_PAD. Returns the padded
 * count. */
static uint64_t
colony_cells_stage(const colony_cells_t *c, uint64_t cx, uint64_t cy,
    float *stage, uint64_t cap)
{
	const uint64_t nc = c->nc;
	float *sx = stage, *sy = sx + cap, *sux = sy + cap, *suy = sux + cap;
	float *sa = suy + cap;
	uint32_t *sid = (uint32_t *)(sa + cap);
	uint64_t k = 0;

	for (uint64_t oy = 0; oy < 3; oy++) {
		const uint64_t row = (cy + nc + oy - 1) % nc * nc;
		/* Columns cx-1..cx+1 are contiguous in the sorted arrays
		 * unless the neighbourhood wraps in x; then two ranges. */
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
			for (uint64_t j = lo[r]; j < hi[r]; j++, k++) {
				sx[k] = c->x[j];
				sy[k] = c->y[j];
				sux[k] = c->ux[j];
				suy[k] = c->uy[j];
				sa[k] = c->a[j];
				sid[k] = (uint32_t)j;
			}
		}
	}
	/* k >= 1: the cell's own particle is in its neighbourhood. */
	for (; k % COLONY_CELLS_PAD != 0; k++) {
		sx[k] = sx[k - 1];
		sy[k] = sy[k - 1];
		sux[k] = sux[k - 1];
		suy[k] = suy[k - 1];
		sa[k] = sa[k - 1];
		sid[k] = COLONY_CELLS_NONE;
	}
	return k;
}

/* The sums of the particles of the cells [q0, q1) (row-major cell
 * numbers), each against its cell's staged neighbourhood. */
static void
colony_cells_pairs(colony_state_t *st, const colony_cells_t *c, uint64_t q0,
    uint64_t q1, float *stage)
{
	const uint64_t nc = c->nc, cap = colony_cells_stage_cap(st->n);
	const float box = st->box;
	const float *sx = stage, *sy = sx + cap, *sux = sy + cap;
	const float *suy = sux + cap, *sa = suy + cap;
	const uint32_t *sid = (const uint32_t *)(sa + cap);
	const colony_frame_t fr = colony_frame_make();

	for (uint64_t q = q0; q < q1; q++) {
		uint64_t kn;

		if (c->start[q] == c->start[q + 1])
			continue;
		kn = colony_cells_stage(c, q % nc, q / nc, stage, cap);
		for (uint64_t i = c->start[q]; i < c->start[q + 1]; i++) {
			const float xi = c->x[i], yi = c->y[i];
			const float uix = c->ux[i], uiy = c->uy[i];
			colony_lanes_t afx = {0}, afy = {0}, atq = {0},
				       arho = {0};

			/* The terms summed as colony_pair returns them, k_cc
			 * and the density factor applied a pair. Summed as
			 * colony_fused.c sums them (g n, arm_i g n, a_j w;
			 * k_cc once a particle) the loop has 4 instructions
			 * fewer a vector (68 against 72 native, 79 against 82
			 * on x86-64-v3) but took more CPU time (N = 20000,
			 * alternating builds, medians of 10: 22.98, 24.38,
			 * 22.11, 22.91 ms against 20.85, 22.96, 20.72, 20.83
			 * ms), so it stays. A vector a pass (kn is padded to
			 * whole vectors), its sums kept in lanes. */
			for (uint64_t k0 = 0; k0 < kn; k0 += COLONY_CELLS_PAD) {
				float tfx[COLONY_CELLS_PAD],
				    tfy[COLONY_CELLS_PAD],
				    ttq[COLONY_CELLS_PAD],
				    trho[COLONY_CELLS_PAD];

#pragma omp simd
				for (uint64_t l = 0; l < COLONY_CELLS_PAD;
				     l++) {
					const uint64_t k = k0 + l;
					float dx =
					    colony_min_image(sx[k] - xi, box);
					float dy =
					    colony_min_image(sy[k] - yi, box);
					int self = sid[k] == (uint32_t)i ||
					    sid[k] == COLONY_CELLS_NONE;
					colony_pair_t pt = colony_pair(dx, dy,
					    uix, uiy, sux[k], suy[k], sa[k],
					    self, fr);

					tfx[l] = pt.fx;
					tfy[l] = pt.fy;
					ttq[l] = pt.tqi;
					trho[l] = pt.rhoi;
				}
				colony_lanes_add(&afx, tfx);
				colony_lanes_add(&afy, tfy);
				colony_lanes_add(&atq, ttq);
				colony_lanes_add(&arho, trho);
			}
			const float sfx = colony_lanes_sum(&afx);
			const float sfy = colony_lanes_sum(&afy);
			const float stq = colony_lanes_sum(&atq);
			const float srho = colony_lanes_sum(&arho);

			st->f_x[c->order[i]] = sfx;
			st->f_y[c->order[i]] = sfy;
			st->torque[c->order[i]] = stq;
			st->rho[c->order[i]] = srho;
		}
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
	mem = malloc(colony_cells_alloc_bytes(n, nc, (uint64_t)threads));
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
	c.stage = c.a + n;
	colony_step_begin(st);
	colony_cells_build(st, &c);
	/* The threads split the rows of cells (nc >= 3 rows): the particles
	 * of rows [r0, r1) are contiguous in the sorted arrays. */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t r0, r1;

		variant_share(nc, t, threads, &r0, &r1);
		colony_cells_pairs(st, &c, r0 * nc, r1 * nc,
		    c.stage +
			(uint64_t)t * COLONY_CELLS_STAGED *
			    colony_cells_stage_cap(n));
	});
	colony_step_end(st, k);
	free(mem);
	return 0;
}

static uint64_t
colony_cells_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(colony_cells_alloc_bytes(
	    p->n, colony_cells_side(p), (uint64_t)variant_threads(p)));
}

/* Candidate pairs per particle: the 3x3 cells' expected population. */
static double
colony_cells_candidates(const params_t *p)
{
	double nc = (double)colony_cells_side(p);

	return 9.0 * (double)p->n / (nc * nc);
}

/* Units (ordered pairs of all N^2) one iteration of the pair loop stands
 * for, for the time model: the loop runs over a cell's staged
 * neighbourhood, padded to whole vectors (on average half a vector of
 * padding), once per particle, so N units a particle are spread over
 * (candidates + (PAD - 1) / 2) / PAD iterations. */
static double
colony_cells_hot_units(const params_t *p)
{
	const double staged =
	    colony_cells_candidates(p) + (COLONY_CELLS_PAD - 1) / 2.0;

	return (double)COLONY_CELLS_PAD * (double)p->n / staged;
}

/* The passes' iterations a run: every cell stages its 3x3
 * neighbourhood (each particle staged by 9 cells), pads it to a whole
 * vector (half a vector on average), and the build visits each particle
 * once a step. */
static double
colony_cells_staged(const params_t *p)
{
	return 9.0 * (double)p->n * (double)p->steps;
}

static double
colony_cells_padding(const params_t *p)
{
	const double nc = (double)colony_cells_side(p);

	return nc * nc * (COLONY_CELLS_PAD - 1) / 2.0 * (double)p->steps;
}

static double
colony_cells_per_particle(const params_t *p)
{
	return (double)p->n * (double)p->steps;
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
	     "3 neighbouring cells are evaluated, each neighbourhood staged "
	     "once into arrays padded to whole vectors",
    .model_formula = "(nc^2 + 1 + 7 N + T * 6 * (N + 2 V)) * 4, V lanes",
    .model_bytes = colony_cells_model,
    .check = colony_cells_check,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_cells_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_cells_flops,
    .bytes = colony_cells_bytes,
    .incore =
	/* In-core minimum: one pair's (colony.h, COLONY_PAIR_*) a lane. */
    {.functions = "colony_cells_pairs",
	.vectors = 1,
	.fma = COLONY_PAIR_FMA,
	.divsqrt = COLONY_PAIR_DIVSQRT,
	.round = COLONY_PAIR_ROUND,
	.select = COLONY_PAIR_SELECT,
	.gather = 0,
	.extra = 28,
	.extra_why =
	    "fused's 15 (loop control 3, the loads of u_j 2, copies and "
	    "reloads 10 on x86-64-v3), the self and padding lanes' mask "
	    "(two compares of the candidate's id, an or, the two selects "
	    "of g and w: 5), the candidate's id loaded (1), and k_cc and "
	    "the density factor applied a pair rather than a row (the "
	    "force, torque and density terms are summed as colony_pair "
	    "returns them: 4 multiplies and 3 more copies): 28"},
    .hot_units_of = colony_cells_hot_units,
    /* The code beside the pair loop (perf record -e cpu-clock -F 5000,
     * N = 4096, 5 steps, pinned; of colony_cells_pairs's samples, 72%
     * of the variant's: the pair loop 46%, the code around it 21%, the
     * staging 17%, its padding 12%): the particle's code around the
     * pair loop (its row set-up, the sums after it, which wait for the
     * loop's chain, and the stores), a particle an entry; the
     * neighbourhood staged a candidate an iteration, its padding, and
     * the cell build's index and counting-sort scatter, a particle an
     * iteration; and the step's own passes (COLONY_STEP_PASSES). */
    .passes =
	{
	    {"colony_cells_pairs", VARIANT_PASS_AROUND, 0,
		colony_cells_per_particle},
	    {"colony_cells_pairs", 1, 0, colony_cells_staged},
	    {"colony_cells_pairs", 1, 1, colony_cells_padding},
	    {"colony_cells_step", 1, 1, colony_cells_per_particle},
	    {"colony_cells_step", 1, 2, colony_cells_per_particle},
	    COLONY_STEP_PASSES,
	},
};
