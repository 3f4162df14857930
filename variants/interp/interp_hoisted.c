/*
 * interp hoisted: what the question's code threw away. Every interpolant
 * shares one grid, so a point's cell and four weights do not depend on the
 * interpolant: compute them once per point. Store the tables grid-major
 * (row k holds F_i[k] for all i), so that the loop over interpolants reads
 * four contiguous rows and vectorizes into fused multiply-adds.
 *
 * The grid-major copy is made inside the measured run and is the workspace.
 * setup refuses inputs whose interpolants do not share a grid.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"

/* How many points ahead the four rows are prefetched: the rows of a random
 * point come from the L3 cache, and one point's work is shorter than that
 * latency. */
#define INTERP_HOISTED_AHEAD 4

/* sum_i v_i^2 over one point's interpolants, from the four grid-major rows
 * at r0 (rows mp floats apart, mp a multiple of 16) and the point's
 * weights, summed in lanes and the lanes added by halves (lanes.h): an
 * omp simd reduction ended each point's 19 vectors (M = 300, AVX-512)
 * with 16 dependent scalar additions from the stack. They held a quarter
 * of this function's samples (perf record -e task-clock, N = 1e6), but
 * mostly as skid from the rows' L3 loads: the run went from 92.1 to 90.4
 * and 91.0 ms (Zen 4 VM, 2026-12-05, --repeat 10 --cpu 0). Never
 * inlined: the time model and the insn suite find the pair loop by this
 * name, and gcc 12 inlined it into interp_hoisted_points at
 * -march=znver3 while keeping it apart at -march=znver4, so that the
 * model found no loop on one machine. */
static __attribute__((noinline)) float
interp_rows_sum_squares(const float *r0, uint64_t mp, interp_weights_t w)
{
	const float *r1 = r0 + mp, *r2 = r1 + mp, *r3 = r2 + mp;
	interp_lanes_t acc = {0};

	for (uint64_t i = 0; i < mp; i += INTERP_LANES) {
		interp_lanes_t f0, f1, f2, f3, v;

		memcpy(&f0, r0 + i, sizeof(f0));
		memcpy(&f1, r1 + i, sizeof(f1));
		memcpy(&f2, r2 + i, sizeof(f2));
		memcpy(&f3, r3 + i, sizeof(f3));
		v = f0 * w.w0 + f1 * w.w1 + f2 * w.w2 + f3 * w.w3;
		acc += v * v;
	}
	return interp_lanes_sum(&acc);
}

/* The points [lo, hi) against the grid-major table; their sum. */
static double
interp_hoisted_points(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi)
{
	const float *grid_major = arg;
	const uint64_t mp = interp_grid_major_row(in->m);
	const int32_t s_max = interp_s_max(in->g);
	double total = 0.0;

	for (uint64_t n = lo; n < hi; n++) {
		int32_t s;
		float t;

		if (n + INTERP_HOISTED_AHEAD < hi) {
			const char *ahead;

			interp_cell(in->x[n + INTERP_HOISTED_AHEAD], in->a[0],
			    in->dx[0], in->lb[0], in->ub[0], s_max, &s, &t);
			ahead = (const char *)(grid_major + (uint64_t)s * mp);
			/* One prefetch a line (16 mp bytes: mp / 4 lines, mp a
			 * multiple of 16), four a turn: the loop's own
			 * counting was three instructions a prefetch. */
			for (uint64_t b = 0; b < 16 * mp; b += 256) {
				__builtin_prefetch(ahead + b);
				__builtin_prefetch(ahead + b + 64);
				__builtin_prefetch(ahead + b + 128);
				__builtin_prefetch(ahead + b + 192);
			}
		}
		interp_cell(in->x[n], in->a[0], in->dx[0], in->lb[0], in->ub[0],
		    s_max, &s, &t);
		total += interp_rows_sum_squares(
		    grid_major + (uint64_t)s * mp, mp, interp_weights(t));
	}
	return total;
}

static int
interp_hoisted_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const int threads = variant_threads(&st->params);
	float *grid_major = interp_grid_major(in, threads);

	(void)k;
	if (grid_major == NULL)
		return -1;
	/* One shared table; the threads split the points. */
	st->total =
	    interp_points_split(in, threads, interp_hoisted_points, grid_major);
	free(grid_major);
	return 0;
}

/* The bytes the row loop streams through: the grid-major table. */
static double
interp_hoisted_rows_bytes(const params_t *p)
{
	return (double)interp_grid_major_bytes(p, model_bare);
}

/* The prefetch loop's iterations a run: per point, one a turn of four
 * lines of its cell's rows, 16 mp bytes (interp_hoisted_points). */
static double
interp_hoisted_prefetches(const params_t *p)
{
	const double bytes = 16.0 * (double)interp_grid_major_row(interp_m(p));

	return (double)p->n * (double)p->steps * ceil(bytes / 256.0);
}

static double
interp_hoisted_flops(const params_t *p)
{
	/* Four multiply-adds and a square-accumulate per pair. */
	return 10.0 * (double)p->n * (double)interp_m(p);
}

static double
interp_hoisted_bytes(const params_t *p)
{
	/* DRAM traffic: the points, the tables read and the grid-major copy
	 * written; per point four of its rows come from the last-level cache
	 * when the copy fits there, else from DRAM. */
	return 4.0 * (double)p->n +
	    4.0 * (double)(interp_g(p) + 2) * (double)interp_m(p) +
	    interp_table_traffic(
		p, 1.0 + (double)p->n * 4.0 / (double)(interp_g(p) + 2));
}

const variant_t interp_hoisted = {
    .name = "hoisted",
    .workload = &interp_workload,
    .description = "cell and weights once per point (shared grid), tables "
		   "grid-major so the interpolant loop is contiguous",
    .idiom = "restructured program: weights outside the inner vmap, "
	     "tables transposed, one matrix-vector-like pass",
    .loops = "for n: cell c and weights w of x[n], once; for i: s += (w "
	     ". F[c..c+3, i])^2, the tables stored grid-major",
    .notes = "a point's cell and weights once, not once a pair; the loop "
	     "over interpolants reads four contiguous table rows",
    .model_formula = "(G+2)*ceil16(M)*4",
    .model_bytes = interp_grid_major_bytes,
    /* Its loads stream through the rows alone (5.24 MB at M = 300), not
     * the tables they were copied from. */
    .gather_bytes_of = interp_hoisted_rows_bytes,
    .setup = interp_shared_grid_setup,
    .reset = interp_state_reset,
    .step = interp_hoisted_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_hoisted_flops,
    .bytes = interp_hoisted_bytes,
    .incore =
	/* In-core minimum, per one pair with the point's weights hoisted out of
	 * the loop over interpolants: the dot product of the four grid-major
	 * rows with the weights (a multiply and 3 FMAs, the rows memory
	 * operands) and the square summed (an FMA): 5 multiply-adds a pair. */
    {.functions =
	    "interp_rows_sum_squares interp_hoisted_points interp_hoisted_step",
	.vectors = 1,
	.fma = 5,
	.divsqrt = 0,
	.round = 0,
	.select = 0,
	.gather = 0,
	.extra = 3,
	.extra_why =
	    "the loop control alone (the index added, compared, the "
	    "branch: 3): the four rows are the FMAs' memory operands and "
	    "the weights stay in registers"},
    /* The pair loop is interp.h's row sum, called once a point (the
     * points' own loop is the time model's innermost loop otherwise). */
    .hot_symbol = "interp_rows_sum_squares",
    /* Each call reads a random point's four rows (16 (M rounded up to 16)
     * bytes) once: a table of G + 2 rows beyond L2 (4.9 MB at the
     * question's G and M) serves them from L3. */
    .hot_streams = 1,
    /* The next point's rows prefetched, four lines a turn (19 turns a
     * point at M = 300): 47% of interp_hoisted_points's samples, which
     * hold 20% of the run's (perf record -e cpu-clock, N = 1e6). Its
     * instructions issue (the disassembler counts a prefetch as other);
     * the lines they fetch are the stream's data term already, and
     * where a prefetch waits for its line (an Intel core) the wait is
     * here, not in the row loop. */
    .passes = {{"interp_hoisted_points", 1, 0, interp_hoisted_prefetches,
		   .prefetches_hot = 1},
	/* The code around the prefetch loop, a point an iteration: the
	 * cells and offsets of the point and of the one ahead, the
	 * weights, the call and the sum. */
	{"interp_hoisted_points", VARIANT_PASS_AROUND, 0,
	    interp_point_iterations}},
};
