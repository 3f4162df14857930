/*
 * Unit tests of the interp workload: every variant's total against the
 * float64 reference, single values against the spec's formula, exactness on
 * cubic polynomials, the memory models against the allocator's measured peak,
 * and the parameter checks. Failure messages name the inputs.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_mem.h"
#include "interp/interp.h"
#include "splitmix.h"

static params_t
params_make(uint64_t n, uint64_t m, uint64_t g, int preset, uint64_t chunk,
    uint64_t tile)
{
	params_t p;

	interp_workload.defaults(&p);
	p.n = n;
	p.extra[INTERP_PARAM_M] = m;
	p.extra[INTERP_PARAM_G] = g;
	p.extra[INTERP_PARAM_PRESET] = (uint64_t)preset;
	p.chunk = chunk;
	p.tile = tile;
	return p;
}

static const char *
preset_name(int preset)
{
	return preset == PRESET_SEED ? "seed" : "random";
}

/* One measured run of v as the harness drives it: setup, reset, step,
 * digest, teardown. Returns 0, or -1 when a stage failed. */
static int
variant_run(const variant_t *v, const params_t *p, double *total)
{
	void *state = NULL;
	int ret = -1;

	if (v->setup(p, &state) != 0)
		return -1;
	v->reset(state);
	for (uint64_t k = 0; k < interp_workload.steps(p); k++) {
		if (v->step(state, k) != 0)
			goto label_return;
	}
	v->digest(state, total);
	ret = 0;
label_return:
	v->teardown(state);
	return ret;
}

static bool
variant_is_interp(const variant_t *v)
{
	return strcmp(v->workload->name, "interp") == 0;
}

Test(interp_variants, totals_match_reference)
{
	/* Defaults (0) and odd chunk/tile values that do not divide N. */
	static const struct {
		uint64_t n, m, g, chunk, tile;
	} cases[] = {
	    {1000, 7, 64, 0, 0},
	    {1000, 7, 64, 97, 33},
	    {257, 13, 16, 0, 0},
	    {257, 13, 16, 5, 7},
	    {1, 1, 4, 0, 0},
	    {100, 301, 4, 3, 100},
	};
	int nvariants = 0;

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (int preset = 0; preset < 2; preset++) {
			params_t p = params_make(cases[c].n, cases[c].m,
			    cases[c].g, preset, cases[c].chunk, cases[c].tile);
			double ref[DIGEST_MAX], got[DIGEST_MAX];
			char msg[256] = "";

			cr_assert_eq(
			    interp_workload.check(&p, msg, sizeof(msg)), 0,
			    "check refused n=%llu m=%llu g=%llu: %s",
			    (unsigned long long)p.n,
			    (unsigned long long)interp_m(&p),
			    (unsigned long long)interp_g(&p), msg);
			cr_assert_eq(interp_workload.reference(&p, ref), 0);
			if (preset == PRESET_RANDOM) {
				cr_expect(ref[0] >
					1e-3 * (double)(p.n * interp_m(&p)),
				    "reference total %g is trivially small at "
				    "n=%llu m=%llu g=%llu",
				    ref[0], (unsigned long long)p.n,
				    (unsigned long long)interp_m(&p),
				    (unsigned long long)interp_g(&p));
			}
			for (size_t j = 0; variant_table[j] != NULL; j++) {
				const variant_t *v = variant_table[j];

				if (!variant_is_interp(v))
					continue;
				if (c == 0 && preset == 0)
					nvariants++;
				if (v->check != NULL) {
					cr_assert_eq(
					    v->check(&p, msg, sizeof(msg)), 0,
					    "%s refused: %s", v->name, msg);
				}
				cr_assert_eq(variant_run(v, &p, got), 0,
				    "%s failed to run at n=%llu m=%llu g=%llu "
				    "preset=%s chunk=%llu tile=%llu",
				    v->name, (unsigned long long)p.n,
				    (unsigned long long)interp_m(&p),
				    (unsigned long long)interp_g(&p),
				    preset_name(preset),
				    (unsigned long long)p.chunk,
				    (unsigned long long)p.tile);
				cr_expect_eq(interp_workload.validate(&p, got,
						 ref, msg, sizeof(msg)),
				    0,
				    "%s at n=%llu m=%llu g=%llu preset=%s "
				    "chunk=%llu tile=%llu: %s",
				    v->name, (unsigned long long)p.n,
				    (unsigned long long)interp_m(&p),
				    (unsigned long long)interp_g(&p),
				    preset_name(preset),
				    (unsigned long long)p.chunk,
				    (unsigned long long)p.tile, msg);
				if (preset == PRESET_RANDOM) {
					cr_expect(fabs(got[0]) > 0.0,
					    "%s total is zero at n=%llu m=%llu "
					    "g=%llu (random preset)",
					    v->name, (unsigned long long)p.n,
					    (unsigned long long)interp_m(&p),
					    (unsigned long long)interp_g(&p));
				}
			}
		}
	}
	cr_expect_geq(
	    nvariants, 7, "only %d interp variants in the table", nvariants);
}

/* |interp_value - interp_reference_value| within the spec's 1e-5*max|f|.
 *
 * One allowance, and only where the window holds the padded zero F[G+1]
 * (s = G-2): there the value jumps by O(max|f|) per unit of t, and t itself
 * carries the float32 rounding of xc/dx (half an ulp of a number near G, 2.4e-4
 * at G = 4096), which the float64 reference does not make. The allowance is
 * that rounding times the slope, |t32 - t64| * 1.5 * sum|F[s+k]| (|w_k'| <=
 * 1.5 on [-1/2, 1/2]); everywhere else the spec's tolerance stands alone. */
static void
value_expect(const interp_inputs_t *in, uint64_t i, float x, const char *what)
{
	float got = interp_value(in, i, x);
	double ref = interp_reference_value(in, i, x);
	double tol = 1e-5 * (double)in->max_abs_f;
	int32_t s;
	float t32;

	interp_cell(x, in->a[i], in->dx[i], in->lb[i], in->ub[i],
	    interp_s_max(in->g), &s, &t32);
	if (s == interp_s_max(in->g)) {
		const float *f = in->table + i * in->row + s;
		double xc = fmin(fmax((double)x, (double)in->lb[i]),
				(double)in->ub[i]) -
		    (double)in->a[i];
		double r = xc / (double)in->dx[i];
		float r32 = (fminf(fmaxf(x, in->lb[i]), in->ub[i]) - in->a[i]) /
		    in->dx[i];
		/* ix + 0.5 = r32 - t32 exactly (the subtraction of two
		 * nearby floats is exact), so t64 = r - (r32 - t32). */
		double t64 = r - ((double)r32 - (double)t32), slope = 0.0;

		for (int k = 0; k < 4; k++)
			slope += 1.5 * fabs((double)f[k]);
		tol += fabs(t64 - (double)t32) * slope;
	}
	cr_expect(fabs((double)got - ref) <= tol,
	    "%s: v_%llu(%.9g) = %.9g, reference %.9g (g=%llu, s=%d, diff "
	    "%.3g, tolerance %.3g)",
	    what, (unsigned long long)i, (double)x, (double)got, ref,
	    (unsigned long long)in->g, (int)s, fabs((double)got - ref), tol);
}

Test(interp_values, single_values_match_reference)
{
	static const uint64_t grids[] = {4, 5, 16, 64, 4096};

	for (size_t gi = 0; gi < sizeof(grids) / sizeof(grids[0]); gi++) {
		params_t p = params_make(3, 9, grids[gi], PRESET_RANDOM, 0, 0);
		interp_inputs_t in;
		uint64_t rng = 7;
		float dx;

		cr_assert_eq(interp_inputs_build(&p, &in), 0);
		dx = in.dx[0];
		for (uint64_t i = 0; i < in.m; i++) {
			value_expect(&in, i, 0.0f, "x=0");
			value_expect(&in, i, 1.0f, "x=1");
			value_expect(&in, i, in.ub[i], "x=ub");
			value_expect(&in, i, in.ub[i] + 0.5f, "beyond ub");
			value_expect(&in, i, 7.0f, "far beyond ub");
			value_expect(&in, i, -0.25f, "negative");
			value_expect(&in, i, -dx * 0.5f, "just negative");
			/* ix = 0: the window start clamped at the low end. */
			value_expect(&in, i, 0.3f * dx, "ix=0");
			value_expect(&in, i, 0.99f * dx, "ix=0 upper");
			for (uint64_t k = 0; k < in.g; k++) {
				value_expect(
				    &in, i, (float)k * dx, "grid node");
			}
			/* ix >= G-2: the window start clamped at the high
			 * end (ix runs to G+1 at ub). */
			for (uint64_t k = in.g - 2; k <= in.g + 1; k++) {
				value_expect(
				    &in, i, ((float)k + 0.5f) * dx, "ix>=G-2");
			}
			for (int r = 0; r < 200; r++) {
				value_expect(&in, i,
				    1.2f * splitmix_float(&rng) - 0.1f,
				    "random");
			}
		}
		interp_inputs_free(&in);
	}
}

/* The reference's total, computed block by block of points on every core,
 * against the pairs' squares summed point by point on one thread: at N =
 * 5,000 (two blocks of 2,048 and a part) a lost or repeated block or point
 * moves it by about a 2,000th. */
Test(interp_values, reference_total_is_every_pair_once)
{
	params_t p = params_make(5000, 7, 64, PRESET_RANDOM, 0, 0);
	interp_inputs_t in;
	double ref[DIGEST_MAX], total = 0.0;

	cr_assert_eq(interp_workload.reference(&p, ref), 0);
	cr_assert_eq(interp_inputs_build(&p, &in), 0);
	for (uint64_t n = 0; n < in.n; n++)
		for (uint64_t i = 0; i < in.m; i++) {
			double v = interp_reference_value(&in, i, in.x[n]);
			total += v * v;
		}
	interp_inputs_free(&in);
	cr_assert(fabs(ref[0] - total) <= 1e-12 * fabs(total),
	    "reference %.17g, pairs summed one by one %.17g (n=5000, m=7)",
	    ref[0], total);
}

Test(interp_values, hand_computed)
{
	params_t p = params_make(1, 5, 64, PRESET_RANDOM, 0, 0);
	interp_inputs_t in;
	double tol;

	cr_assert_eq(interp_inputs_build(&p, &in), 0);
	tol = 1e-5 * (double)in.max_abs_f;
	for (uint64_t i = 0; i < in.m; i++) {
		const float *f = in.table + i * in.row;
		float dx = in.dx[i];

		/* x = 0: ix = 0, t = -1/2, weights (0, 1, 0, 0) on F[0..3]:
		 * the value is F_i[1] = f_i[0] (= i/M for the random preset).
		 */
		cr_expect(fabs(interp_value(&in, i, 0.0f) - f[1]) <= tol,
		    "v_%llu(0) = %.9g, F[1] = %.9g", (unsigned long long)i,
		    (double)interp_value(&in, i, 0.0f), (double)f[1]);
		cr_expect(fabs((double)f[1] - (double)i / (double)in.m) <= 1e-6,
		    "f_%llu[0] = %.9g, expected i/M", (unsigned long long)i,
		    (double)f[1]);
		/* A negative point clamps to lb = 0. */
		cr_expect(fabs(interp_value(&in, i, -3.0f) - f[1]) <= tol,
		    "v_%llu(-3) = %.9g, F[1] = %.9g", (unsigned long long)i,
		    (double)interp_value(&in, i, -3.0f), (double)f[1]);
		/* At node k away from the ends the weight is all on f_i[k],
		 * whichever side of the node float32 puts x_k/dx. */
		for (uint64_t k = 2; k < in.g - 3; k += 7) {
			float got = interp_value(&in, i, (float)k * dx);

			cr_expect(fabs(got - f[k + 1]) <= tol,
			    "v_%llu(x_%llu) = %.9g, f[%llu] = %.9g",
			    (unsigned long long)i, (unsigned long long)k,
			    (double)got, (unsigned long long)k,
			    (double)f[k + 1]);
		}
		/* Midway between nodes k and k+1 (t = 0): the weights are A,
		 * (-1, 9, 9, -1)/16 on f[k-1..k+2]. */
		{
			uint64_t k = 10;
			double want = (-f[k] + 9.0 * f[k + 1] + 9.0 * f[k + 2] -
					  f[k + 3]) /
			    16.0;
			float got =
			    interp_value(&in, i, ((float)k + 0.5f) * dx);

			cr_expect(fabs(got - want) <= tol,
			    "v_%llu(x_%llu + dx/2) = %.9g, hand %.9g",
			    (unsigned long long)i, (unsigned long long)k,
			    (double)got, want);
		}
	}
	interp_inputs_free(&in);
}

/* Every node value is the spec's formula, f_i[k] = sin(2 pi (1 + i mod 7)
 * x_k) + i/M rounded once to float32, bit for bit: the build computes the
 * 7 frequencies' sines once for all rows, and must give each row what its
 * own call gives (M = 300 and M = 5, fewer rows than frequencies). */
Test(interp_values, node_values_are_the_formula_bit_for_bit)
{
	const uint64_t ms[] = {300, 5};

	for (size_t c = 0; c < sizeof(ms) / sizeof(ms[0]); c++) {
		params_t p = params_make(1, ms[c], 4096, PRESET_RANDOM, 0, 0);
		interp_inputs_t in;
		int bad = 0;

		cr_assert_eq(interp_inputs_build(&p, &in), 0);
		for (uint64_t i = 0; i < in.m; i++) {
			for (uint64_t k = 0; k < in.g; k++) {
				double x = (double)k * (double)in.dx[i];
				float want =
				    (float)(sin(2.0 * M_PI *
						(double)(1 + i % 7) * x) +
					(double)i / (double)in.m);
				float got = in.table[i * in.row + k + 1];

				if (memcmp(&got, &want, sizeof(got)) != 0 &&
				    bad++ < 3)
					cr_expect(0,
					    "m=%llu f_%llu[%llu] = %.9g, the "
					    "formula %.9g",
					    (unsigned long long)in.m,
					    (unsigned long long)i,
					    (unsigned long long)k, (double)got,
					    (double)want);
			}
		}
		cr_expect_eq(bad, 0, "m=%llu: %d node values differ",
		    (unsigned long long)in.m, bad);
		interp_inputs_free(&in);
	}
}

/* p(x) = c0 + c1 x + c2 x^2 + c3 x^3 */
static double
cubic_eval(const double *c, double x)
{
	return c[0] + x * (c[1] + x * (c[2] + x * c[3]));
}

Test(interp_values, exact_for_cubics)
{
	static const uint64_t grids[] = {8, 64, 1000};
	static const double cubics[][4] = {
	    {0.5, -1.0, 2.0, 3.0},
	    {-0.25, 0.0, 0.0, -1.5},
	    {1.0, 0.0, 0.0, 0.0},
	    {0.0, 1.0, -3.0, 2.0},
	};

	for (size_t gi = 0; gi < sizeof(grids) / sizeof(grids[0]); gi++) {
		const size_t nc = sizeof(cubics) / sizeof(cubics[0]);
		params_t p = params_make(1, nc, grids[gi], PRESET_RANDOM, 0, 0);
		interp_inputs_t in;
		uint64_t rng = 11, row = interp_row(grids[gi]);

		cr_assert_eq(interp_inputs_build(&p, &in), 0);
		in.max_abs_f = 0.0f;
		for (uint64_t i = 0; i < nc; i++) {
			for (uint64_t k = 0; k < in.g; k++) {
				float v = (float)cubic_eval(
				    cubics[i], (double)k * (double)in.dx[i]);

				in.table[i * row + k + 1] = v;
				if (fabsf(v) > in.max_abs_f)
					in.max_abs_f = fabsf(v);
			}
		}
		for (uint64_t i = 0; i < nc; i++) {
			/* Interior: the window f[ix-1..ix+2] lies inside the
			 * grid, so ix runs 1..G-3, x in [dx, (G-2) dx). */
			float dx = in.dx[i];
			float lo = dx, hi = (float)(in.g - 2) * dx;
			double tol = 1e-5 * (double)in.max_abs_f;

			for (int r = 0; r < 500; r++) {
				float x = lo + (hi - lo) * splitmix_float(&rng);
				double want = cubic_eval(cubics[i], (double)x);
				double ref = interp_reference_value(&in, i, x);
				float got = interp_value(&in, i, x);

				if (x >= hi)
					continue;
				cr_expect(fabs(ref - want) <= tol,
				    "reference of cubic %zu at x=%.9g (g=%llu) "
				    "= %.9g, p(x) = %.9g",
				    (size_t)i, (double)x,
				    (unsigned long long)in.g, ref, want);
				cr_expect(fabs((double)got - want) <= tol,
				    "interp_value of cubic %zu at x=%.9g "
				    "(g=%llu) = %.9g, p(x) = %.9g",
				    (size_t)i, (double)x,
				    (unsigned long long)in.g, (double)got,
				    want);
			}
		}
		interp_inputs_free(&in);
	}
}

/* The peak of bytes allocated minus freed by this thread across one measured
 * run (reset and step), as jemalloc's thread.peak counts it. */
static uint64_t
variant_peak(const variant_t *v, const params_t *p)
{
	void *state = NULL;
	uint64_t peak;

	cr_assert_eq(v->setup(p, &state), 0, "%s setup failed", v->name);
	hx_mem_peak_reset();
	v->reset(state);
	cr_assert_eq(v->step(state, 0), 0, "%s step failed", v->name);
	peak = hx_mem_peak_read();
	v->teardown(state);
	return peak;
}

Test(interp_models, peak_matches_model)
{
	static const uint64_t sizes[][2] = {{20000, 50}, {50000, 100}};

	if (!hx_mem_peak_supported())
		cr_skip_test("this build's allocator has no per-thread peak");
	for (size_t c = 0; c < 2; c++) {
		params_t p = params_make(
		    sizes[c][0], sizes[c][1], 4096, PRESET_RANDOM, 0, 0);

		for (size_t j = 0; variant_table[j] != NULL; j++) {
			const variant_t *v = variant_table[j];
			uint64_t model, peak;
			double slack;

			if (!variant_is_interp(v))
				continue;
			model = v->model_bytes(&p, hx_mem_round);
			peak = variant_peak(v, &p);
			slack = 0.05 * (double)model + 65536.0;
			cr_expect(fabs((double)peak - (double)model) <= slack,
			    "%s at n=%llu m=%llu g=%llu: measured peak %llu, "
			    "model %llu (%s)",
			    v->name, (unsigned long long)p.n,
			    (unsigned long long)interp_m(&p),
			    (unsigned long long)interp_g(&p),
			    (unsigned long long)peak, (unsigned long long)model,
			    v->model_formula);
			if (strcmp(v->name, "fused") == 0) {
				cr_expect_lt(peak, 65536,
				    "fused peak %llu at n=%llu m=%llu",
				    (unsigned long long)peak,
				    (unsigned long long)p.n,
				    (unsigned long long)interp_m(&p));
			}
		}
	}
}

Test(interp_workload, check_rejects_bad_parameters)
{
	params_t good = params_make(100, 3, 16, PRESET_RANDOM, 0, 0);
	struct {
		params_t p;
		const char *field, *value;
	} bad[10];
	int nbad = 0;
	char msg[256];

	cr_assert_eq(interp_workload.check(&good, msg, sizeof(msg)), 0,
	    "the good parameters were refused: %s", msg);
	bad[nbad].p = good, bad[nbad].p.n = 0;
	bad[nbad].field = "n", bad[nbad++].value = "0";
	bad[nbad].p = good, bad[nbad].p.extra[INTERP_PARAM_M] = 0;
	bad[nbad].field = "m", bad[nbad++].value = "0";
	bad[nbad].p = good, bad[nbad].p.extra[INTERP_PARAM_G] = 3;
	bad[nbad].field = "g", bad[nbad++].value = "3";
	bad[nbad].p = good, bad[nbad].p.extra[INTERP_PARAM_G] = 1u << 20,
	bad[nbad].p.extra[INTERP_PARAM_M] = 4096;
	bad[nbad].field = "m", bad[nbad++].value = "4096";
	bad[nbad].p = good, bad[nbad].p.chunk = 101;
	bad[nbad].field = "chunk", bad[nbad++].value = "101";
	bad[nbad].p = good, bad[nbad].p.tile = 1000;
	bad[nbad].field = "tile", bad[nbad++].value = "1000";
	bad[nbad].p = good, bad[nbad].p.steps = 2;
	bad[nbad].field = "steps", bad[nbad++].value = "2";
	bad[nbad].p = good, bad[nbad].p.steps = 0;
	bad[nbad].field = "steps", bad[nbad++].value = "0";
	for (int b = 0; b < nbad; b++) {
		msg[0] = '\0';
		cr_expect_eq(interp_workload.check(&bad[b].p, msg, sizeof(msg)),
		    -1, "%s=%s was accepted", bad[b].field, bad[b].value);
		cr_expect(strstr(msg, bad[b].field) != NULL &&
			strstr(msg, bad[b].value) != NULL,
		    "%s=%s: message \"%s\" does not name the value",
		    bad[b].field, bad[b].value, msg);
	}
}

/* The grid-major copy is the tables transposed, exactly: entry (k, i) of
 * the copy is table i's entry k, and the row's padding past M is zeros,
 * at M and G+2 that are multiples of neither the transpose's block (4, 8
 * or 16) nor its group of 64 rows, at 1 and 3 threads. */
Test(interp, grid_major_is_the_tables_transposed)
{
	static const uint64_t ms[] = {37, 300, 16}, gs[] = {61, 200, 62};

	for (size_t c = 0; c < sizeof(ms) / sizeof(ms[0]); c++) {
		const uint64_t m = ms[c], row = interp_row(gs[c]);
		const uint64_t mp = interp_grid_major_row(m);
		interp_inputs_t in = {.m = m, .g = gs[c], .row = row};
		uint64_t bad = 0;

		in.table = malloc(m * row * sizeof(float));
		cr_assert_not_null(in.table);
		for (uint64_t j = 0; j < m * row; j++)
			in.table[j] = (float)j + 0.5f;
		for (int threads = 1; threads <= 3; threads += 2) {
			float *gm = interp_grid_major(&in, threads);

			cr_assert_not_null(gm);
			for (uint64_t k = 0; k < gs[c] + 2; k++)
				for (uint64_t i = 0; i < mp; i++)
					bad += gm[k * mp + i] !=
					    (i < m ? in.table[i * row + k]
						   : 0.0f);
			free(gm);
			cr_expect_eq(bad, 0,
			    "M %llu, G %llu, %d threads: %llu entries wrong",
			    (unsigned long long)m, (unsigned long long)gs[c],
			    threads, (unsigned long long)bad);
		}
		free(in.table);
	}
}

/* The table's row stride holds the G+2 values and puts the 16 rows one
 * vector of interpolants gathers at one column in 16 different sets of a
 * 64-set L1 of 64-byte lines, at any column: G = 4096 (rows of 4098
 * floats, 8 bytes past 4 KiB, crowded them into 2 or 3 sets), powers of
 * two, and small grids. The built inputs use it. */
Test(interp, rows_of_one_gather_fall_in_sixteen_l1_sets)
{
	static const uint64_t gs[] = {4, 14, 62, 64, 254, 1022, 4094, 4096};

	for (size_t c = 0; c < sizeof(gs) / sizeof(gs[0]); c++) {
		const uint64_t row = interp_row(gs[c]);

		cr_expect(row >= gs[c] + 2 && row < gs[c] + 2 + 32,
		    "G %llu: row %llu floats", (unsigned long long)gs[c],
		    (unsigned long long)row);
		for (uint64_t col = 0; col < 16; col += 5) {
			uint64_t sets = 0; /* a bit per L1 set seen */
			for (uint64_t j = 0; j < 16; j++)
				sets |= 1ull << ((j * row + col) * 4 / 64 % 64);
			cr_expect_eq(__builtin_popcountll(sets), 16,
			    "G %llu, row %llu floats, column %llu: %d sets",
			    (unsigned long long)gs[c], (unsigned long long)row,
			    (unsigned long long)col,
			    __builtin_popcountll(sets));
		}
	}
	{
		params_t p = params_make(1, 3, 4096, PRESET_RANDOM, 0, 0);
		interp_inputs_t in;

		cr_assert_eq(interp_inputs_build(&p, &in), 0);
		cr_expect_eq(in.row, 4112, "G 4096: row %llu floats",
		    (unsigned long long)in.row);
		interp_inputs_free(&in);
	}
}
