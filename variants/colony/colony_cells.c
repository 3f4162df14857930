/*
 * colony cells: a cell list rebuilt every step. The box is cut into nc x nc
 * cells of side S/nc >= r_cut, particles are counting-sorted by cell into
 * contiguous structure-of-arrays copies, and each particle meets only the
 * particles of its 3x3 periodic neighbourhood (fused's arithmetic on those).
 * Each row of cells is staged once as a band of columns: for each column
 * cx (and the two wrapped ones, -1 and nc), the cells (cx, cy-1), (cx, cy)
 * and (cx, cy+1) one after another. A cell's 3x3 neighbourhood (about 15
 * particles at the spec's packing) is then one contiguous range of the
 * band, three columns, and every particle of the cell runs one vector loop
 * over it, lanes past its end masked, rather than three or four short
 * loops, each with a scalar remainder, over the sorted arrays. Staging
 * every cell's own neighbourhood instead copied each particle 9 times a
 * step, padded each copy to whole vectors through a loop that read back
 * what it had just stored, and took 1.43 to 1.49 ms a run where the band
 * takes 1.14 to 1.18 ms, and 0.99 to 1.01 ms with each cell copied as one
 * vector (N = 4096, 5 steps, pinned, medians of 30, alternating builds).
 * Time and workspace O(N) at the spec's fixed packing fraction. The sort
 * runs on one thread; the pair sums are split by rows of cells.
 *
 * Limits: needs nc >= 3 (a box of at least 3 r_cut), or the neighbourhood
 * would visit a cell twice; check() refuses smaller boxes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colony/colony.h"

/* The cell list of one step, carved from one allocation: start[c] .. start[c
 * + 1] are cell c's particles in the sorted arrays; order maps a sorted
 * position back to the particle. */
typedef struct colony_cells_s {
	uint64_t nc;
	uint32_t *start, *cell, *order;
	float *x, *y, *ux, *uy, *a;
	/* Per thread, a band of colony_cells_band_words(N, nc) words. */
	float *band;
} colony_cells_t;

/* The pair loop's vector: lanes past a neighbourhood's end are masked,
 * as the particle's own lane is, and add exact zeros. */
#define COLONY_CELLS_PAD COLONY_LANES
/* Arrays of a band: x, y, ux, uy, a, the sorted positions and the band
 * columns. */
#define COLONY_CELLS_STAGED 7
/* The position of an entry past a band's end: never a particle's. */
#define COLONY_CELLS_NONE UINT32_MAX

/* Entries of each array of a band: three rows of cells (at most all N
 * particles), the two wrapped columns' copies (at most N more) and one
 * vector read past the end. */
static uint64_t
colony_cells_band_cap(uint64_t n)
{
	return 2 * n + COLONY_CELLS_PAD;
}

/* Words of one thread's band: its six arrays and where each of its nc + 2
 * columns starts, and its end. */
static uint64_t
colony_cells_band_words(uint64_t n, uint64_t nc)
{
	return model_add(
	    model_mul(COLONY_CELLS_STAGED, colony_cells_band_cap(n)),
	    model_add(nc, 3));
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
	 * arrays of N and a vector each (colony_cells_band reads a vector
	 * from a cell's first particle), and a band per thread. */
	uint64_t words = model_add(model_add(model_mul(nc, nc), 1),
	    model_add(model_mul(n, 7), 5 * COLONY_CELLS_PAD));

	words = model_add(
	    words, model_mul(threads, colony_cells_band_words(n, nc)));
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
	const float last = (float)(nc - 1);

	/* The step refuses fewer than 3 cells a side; said here, gcc no
	 * longer makes a copy of the index loop for nc = 1 (a loop that
	 * never runs, which the time model would price). */
	if (nc < 3)
		__builtin_unreachable();
	for (uint64_t q = 0; q <= nc * nc; q++)
		c->start[q] = 0;
	for (uint64_t i = 0; i < n; i++) {
		float fx = st->x[i] * inv_side, fy = st->y[i] * inv_side;

		/* x < S can still round to cell nc: clamped before the
		 * conversion, a minimum (the same cell for 0 <= x). Clamped
		 * after it, gcc made cy's clamp a branch and laid the common
		 * path outside the loop's first range, which the time model
		 * then priced alone. */
		fx = fx < last ? fx : last;
		fy = fy < last ? fy : last;
		/* Through int32 (cells fit it): a float's conversion to
		 * uint64 is one instruction with AVX-512 only, a branch
		 * without. */
		c->cell[i] = (uint32_t)(int32_t)fy * (uint32_t)nc +
		    (uint32_t)(int32_t)fx;
		c->start[c->cell[i] + 1]++;
	}
	for (uint64_t q = 0; q < nc * nc; q++)
		c->start[q + 1] += c->start[q];
	/* Stable counting sort: particles keep their order within a cell.
	 * start[q] runs ahead while filling, then is moved back. The scatter
	 * stores the ids alone; the arrays are gathered in sorted order after
	 * it. Scattering all six (the ids and five arrays, 96 kB at N = 4096,
	 * over the 48 kB L1 of the Intel Xeon VM) took 6.0 ns a particle
	 * against 1.9 ns its instructions priced (N = 4096, 5 steps,
	 * --profile): a store to a line not in L1 waits in the store buffer
	 * for it, in order, where loads that miss overlap. */
	for (uint64_t i = 0; i < n; i++)
		c->order[c->start[c->cell[i]]++] = (uint32_t)i;
	{
		const uint32_t *restrict order = c->order;
		const float *restrict x = st->x, *restrict y = st->y;
		const float *restrict ux = st->ux, *restrict uy = st->uy;
		const float *restrict a = st->a;
		float *restrict cx = c->x, *restrict cy = c->y;
		float *restrict cux = c->ux, *restrict cuy = c->uy;
		float *restrict ca = c->a;

		/* simd: restrict is not taken from these block-scope copies
		 * (as in colony_integrate). */
#pragma omp simd
		for (uint64_t s = 0; s < n; s++) {
			const int32_t i = (int32_t)order[s];

			cx[s] = x[i];
			cy[s] = y[i];
			cux[s] = ux[i];
			cuy[s] = uy[i];
			ca[s] = a[i];
		}
	}
	for (uint64_t q = nc * nc; q > 0; q--)
		c->start[q] = c->start[q - 1];
	c->start[0] = 0;
}

/* A band's arrays (colony_cells_band): x, y, ux, uy, a, the sorted
 * positions and the band columns, cap entries each. */
typedef struct colony_cells_band_s {
	float *f[5];
	uint32_t *sid, *bcol;
} colony_cells_band_t;

static colony_cells_band_t
colony_cells_band_at(float *band, uint64_t cap)
{
	return (colony_cells_band_t){
	    {band, band + cap, band + 2 * cap, band + 3 * cap, band + 4 * cap},
	    (uint32_t *)(band + 5 * cap), (uint32_t *)(band + 6 * cap)};
}

/* Copies the count particles of the sorted arrays from j into band column
 * b's entries from k, one at a time: a cell of more than a vector. Not
 * inlined: the band's loop holds no other loop. */
static __attribute__((noinline)) void
colony_cells_band_long(const colony_cells_t *c, uint64_t j, uint64_t count,
    const colony_cells_band_t *B, uint32_t b, uint64_t k)
{
	for (uint64_t l = 0; l < count; l++) {
		B->f[0][k + l] = c->x[j + l];
		B->f[1][k + l] = c->y[j + l];
		B->f[2][k + l] = c->ux[j + l];
		B->f[3][k + l] = c->uy[j + l];
		B->f[4][k + l] = c->a[j + l];
		B->sid[k + l] = (uint32_t)(j + l);
		B->bcol[k + l] = b;
	}
}

/* Stages the band of row cy into the arrays at band (cap entries each):
 * band column b (cell column b - 1, wrapped: -1 is nc - 1, nc is 0) holds
 * the particles of the cells (b - 1, cy - 1), (b - 1, cy) and (b - 1, cy +
 * 1) one after another, their x, y, ux, uy, a, sorted positions and b,
 * and starts at col[b]; col[nc + 2] is the band's end, after which one
 * vector's entries are zeros of column COLONY_CELLS_NONE (the pair loop's
 * last vector reads them, masked). A cell of at most a vector is copied
 * as one whole vector of each array, its entries past the cell then
 * overwritten by the next cell's: a loop over a cell's 1.5 particles (at
 * the spec's packing) took a third of colony_cells_pairs's samples. */
static void
colony_cells_band(const colony_cells_t *c, uint64_t cy, float *band,
    uint64_t cap, uint32_t *col)
{
	typedef float vec_t __attribute__((vector_size(4 * COLONY_CELLS_PAD)));
	typedef uint32_t ivec_t
	    __attribute__((vector_size(4 * COLONY_CELLS_PAD)));
	const uint64_t nc = c->nc;
	const colony_cells_band_t B = colony_cells_band_at(band, cap);
	const float *const src[5] = {c->x, c->y, c->ux, c->uy, c->a};
	ivec_t iota = {0};
	uint64_t k = 0;

	/* The first cell of rows cy - 1, cy and cy + 1, wrapped, once a band;
	 * a column's wrap is a compare (wrapped with %, the column and each
	 * of its three cells took a 64-bit divide). */
	const uint64_t rows[3] = {(cy == 0 ? nc - 1 : cy - 1) * nc, cy * nc,
	    (cy + 1 == nc ? 0 : cy + 1) * nc};

	for (uint32_t l = 0; l < COLONY_CELLS_PAD; l++)
		iota[l] = l;
	for (uint64_t b = 0; b < nc + 2; b++) {
		const uint64_t cx = b == 0 ? nc - 1 : b == nc + 1 ? 0 : b - 1;
		const ivec_t column = iota * 0 + (uint32_t)b;

		col[b] = (uint32_t)k;
		/* Not unrolled: the time model counts this loop a cell an
		 * iteration (colony_cells_staged). */
#pragma GCC unroll 1
		for (uint64_t oy = 0; oy < 3; oy++) {
			const uint64_t q = rows[oy] + cx;
			const uint64_t j = c->start[q];
			const uint64_t count = c->start[q + 1] - j;

			/* Unlikely: gcc laid the common whole-vector
			 * copy out after the column loop's jump back,
			 * outside the range the time model prices and
			 * the profile sums for that loop (a fifth of
			 * colony_cells_pairs's samples read as
			 * "elsewhere"). */
			if (__builtin_expect(count > COLONY_CELLS_PAD, 0)) {
				colony_cells_band_long(
				    c, j, count, &B, (uint32_t)b, k);
			} else {
				const ivec_t ids = iota + (uint32_t)j;

				for (int a = 0; a < 5; a++) {
					vec_t v;

					memcpy(&v, src[a] + j, sizeof(v));
					memcpy(B.f[a] + k, &v, sizeof(v));
				}
				memcpy(B.sid + k, &ids, sizeof(ids));
				memcpy(B.bcol + k, &column, sizeof(column));
			}
			k += count;
		}
	}
	col[nc + 2] = (uint32_t)k;
	for (uint64_t l = 0; l < COLONY_CELLS_PAD; l++, k++) {
		for (int a = 0; a < 5; a++)
			B.f[a][k] = 0.0f;
		B.sid[k] = B.bcol[k] = COLONY_CELLS_NONE;
	}
}

/* The sums of the particles of the rows of cells [r0, r1), each against
 * its cell's neighbourhood: three columns of the row's band. */
static void
colony_cells_pairs(colony_state_t *st, const colony_cells_t *c, uint64_t r0,
    uint64_t r1, float *band)
{
	const uint64_t nc = c->nc, cap = colony_cells_band_cap(st->n);
	const float box = st->box;
	const colony_cells_band_t B = colony_cells_band_at(band, cap);
	const float *sx = B.f[0], *sy = B.f[1], *sux = B.f[2], *suy = B.f[3];
	const float *sa = B.f[4];
	const uint32_t *sid = B.sid, *bcol = B.bcol;
	uint32_t *col = (uint32_t *)band + COLONY_CELLS_STAGED * cap;
	const colony_frame_t fr = colony_frame_make();

	for (uint64_t cy = r0; cy < r1; cy++) {
		if (c->start[cy * nc] == c->start[cy * nc + nc])
			continue;
		colony_cells_band(c, cy, band, cap, col);
		for (uint64_t cx = 0; cx < nc; cx++) {
			const uint64_t q = cy * nc + cx;
			const uint64_t lo = col[cx], hi = col[cx + 3];
			/* Entries past the range are of later band
			 * columns: a compare of each lane's column (a
			 * compare of the lane's index with the range's end
			 * took 5 more instructions a vector on AVX2). */
			const uint32_t last = (uint32_t)cx + 2;

			for (uint64_t i = c->start[q]; i < c->start[q + 1];
			     i++) {
				const float xi = c->x[i], yi = c->y[i];
				const float uix = c->ux[i], uiy = c->uy[i];
				colony_lanes_t afx = {0}, afy = {0}, atq = {0},
					       arho = {0};

				/* The terms summed as colony_pair returns
				 * them, k_cc and the density factor applied
				 * a pair. Summed as colony_fused.c sums them
				 * (g n, arm_i g n, a_j w; k_cc once a
				 * particle) the loop has 4 instructions fewer
				 * a vector (68 against 72 native, 79 against
				 * 82 on x86-64-v3) but took more CPU time (N
				 * = 20000, alternating builds, medians of 10:
				 * 22.98, 24.38, 22.11, 22.91 ms against
				 * 20.85, 22.96, 20.72, 20.83 ms), so it
				 * stays. A vector a pass, from the range's
				 * first entry, its sums kept in lanes. */
				for (uint64_t k0 = lo; k0 < hi;
				     k0 += COLONY_CELLS_PAD) {
					float tfx[COLONY_CELLS_PAD],
					    tfy[COLONY_CELLS_PAD],
					    ttq[COLONY_CELLS_PAD],
					    trho[COLONY_CELLS_PAD];

#pragma omp simd
					for (uint64_t l = 0;
					     l < COLONY_CELLS_PAD; l++) {
						const uint64_t k = k0 + l;
						float dx = colony_min_image(
						    sx[k] - xi, box);
						float dy = colony_min_image(
						    sy[k] - yi, box);
						/* | not ||: both loads
						 * unconditional (|| had gcc
						 * mask bcol's load). */
						int self =
						    (sid[k] == (uint32_t)i) |
						    (bcol[k] > last);
						colony_pair_t pt = colony_pair(
						    dx, dy, uix, uiy, sux[k],
						    suy[k], sa[k], self, fr);

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
				st->f_x[c->order[i]] = colony_lanes_sum(&afx);
				st->f_y[c->order[i]] = colony_lanes_sum(&afy);
				st->torque[c->order[i]] =
				    colony_lanes_sum(&atq);
				st->rho[c->order[i]] = colony_lanes_sum(&arho);
			}
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
	c.y = c.x + n + COLONY_CELLS_PAD;
	c.ux = c.y + n + COLONY_CELLS_PAD;
	c.uy = c.ux + n + COLONY_CELLS_PAD;
	c.a = c.uy + n + COLONY_CELLS_PAD;
	c.band = c.a + n + COLONY_CELLS_PAD;
	colony_step_begin(st);
	colony_cells_build(st, &c);
	/* The threads split the rows of cells (nc >= 3 rows): the particles
	 * of rows [r0, r1) are contiguous in the sorted arrays. */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t r0, r1;

		variant_share(nc, t, threads, &r0, &r1);
		colony_cells_pairs(st, &c, r0, r1,
		    c.band + (uint64_t)t * colony_cells_band_words(n, nc));
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
 * for, for the time model: the loop runs over a cell's neighbourhood in
 * whole vectors from its first entry (on average half a vector past its
 * end), once per particle, so N units a particle are spread over
 * (candidates + (PAD - 1) / 2) / PAD iterations. */
static double
colony_cells_hot_units(const params_t *p)
{
	const double staged =
	    colony_cells_candidates(p) + (COLONY_CELLS_PAD - 1) / 2.0;

	return (double)COLONY_CELLS_PAD * (double)p->n / staged;
}

/* The passes' iterations a run: each row of cells stages a band of nc + 2
 * columns of three cells, a cell an iteration (a cell of more than a
 * vector is rare at the spec's packing: about 1.5 particles a cell); the
 * build visits each particle once a step. */
static double
colony_cells_staged(const params_t *p)
{
	const double nc = (double)colony_cells_side(p);

	return 3.0 * (nc + 2.0) * nc * (double)p->steps;
}

/* The build's loop over the cells (the counts' prefix sums): nc^2
 * iterations a step. */
static double
colony_cells_cells(const params_t *p)
{
	const double nc = (double)colony_cells_side(p);

	return nc * nc * (double)p->steps;
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
	     "3 neighbouring cells are evaluated, each row of cells staged "
	     "once as a band of columns, a neighbourhood one range of it",
    .model_formula =
	"(nc^2 + 1 + 7 N + 5 V + T * (7 * (2 N + V) + nc + 3)) * 4, "
	"V lanes",
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
	.extra = 31,
	.extra_why =
	    "loop control (3), the loads of u_j (2), the candidate's id "
	    "loaded (1), the self and tail lanes' mask (a compare of the "
	    "candidate's id, one of its band column with the "
	    "neighbourhood's last, an or, the two selects of g and w: 5), "
	    "k_cc and the density factor applied a pair rather than a row "
	    "(the force, torque and density terms are summed as colony_pair "
	    "returns them: 4 multiplies and 3 copies: 7), and on x86-64-v3 "
	    "13 register copies and reloads (its 16 registers hold the "
	    "row's four invariants, the seven band arrays' bases, the "
	    "neighbourhood's end and last column, and the pair's "
	    "temporaries): 31"},
    .hot_units_of = colony_cells_hot_units,
    /* The code beside the pair loop: the particle's code around it (its
     * row set-up, the sums after it, which wait for the loop's chain,
     * and the stores; 21% of colony_cells_pairs's samples with the
     * neighbourhoods staged cell by cell, perf record -e cpu-clock -F
     * 5000, N = 4096, 5 steps, pinned), a particle an entry; the band's
     * staging, a cell an iteration; the cell build's index and count
     * and its counting-sort scatter of the ids, a particle an iteration
     * (the build's two largest scalar loops), its counts' prefix sums, a
     * cell an iteration (their zeroing and moving back are calls of
     * memset and memmove), and its gather of the arrays in sorted order,
     * a particle a lane; and the step's own passes (COLONY_STEP_PASSES).
     * Until 2026-12-05 the build's entries named its second and third
     * loops, a particle an iteration: the index's rare path and the
     * counts' zeroing (30 us predicted at N = 4096, 5 steps), while its
     * scatter, 60% of the step's own samples (perf annotate), was priced
     * by none. */
    .passes =
	{
	    {"colony_cells_pairs", VARIANT_PASS_AROUND, 0,
		colony_step_particles},
	    {"colony_cells_pairs", 1, 0, colony_cells_staged},
	    {"colony_cells_step", 1, 0, colony_step_particles},
	    {"colony_cells_step", 1, 1, colony_step_particles},
	    {"colony_cells_step", 1, 2, colony_cells_cells},
	    {"colony_cells_step", 0, 0, colony_step_particles, 1},
	    COLONY_STEP_PASSES,
	},
};
