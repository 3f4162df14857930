/*
 * colony kernel tests: the pair term on hand-checked geometries (parallel
 * rods, crossing rods, beyond r_cut, across the periodic boundary), the
 * other side of colony_pair_both against the pair computed from j's frame,
 * and the cell list against fused on states with particles at the box edges.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "colony/colony.h"
#include "variant.h"

static int
colony_close(float got, float want, float tol)
{
	return fabsf(got - want) <= tol;
}

Test(colony_kernel, parallel_rods_side_by_side)
{
	/* Both rods along x, j 0.8 above i: the spec's parallel case takes
	 * s = 0 (i's head, (1, 0)) and t = 0 (j's head), so n = (0, -0.8),
	 * F = 50 (1 - 0.8) (0, -1) = (0, -10), torque 1 * -10, and the
	 * density a_j (1 - 0.8/4)^2 = 0.5 * 0.64. */
	colony_pair_t pt = colony_pair(
	    0.0f, 0.8f, 1.0f, 0.0f, 1.0f, 0.0f, 0.5f, 0, colony_frame_make());

	cr_expect(colony_close(pt.fx, 0.0f, 1e-5f), "fx %.9g, want 0", pt.fx);
	cr_expect(
	    colony_close(pt.fy, -10.0f, 1e-4f), "fy %.9g, want -10", pt.fy);
	cr_expect(colony_close(pt.tqi, -10.0f, 1e-4f), "torque %.9g, want -10",
	    pt.tqi);
	cr_expect(colony_close(pt.rhoi, 0.32f, 1e-6f), "rho %.9g, want 0.32",
	    pt.rhoi);
}

Test(colony_kernel, integer_clamps_order_floats)
{
	/* The kernel's clamps compare float bit patterns as int32: every
	 * negative float (-0 and -inf too) must land on +0, and the upper
	 * bound must hold for non-negative values up to +inf. */
	static const float in[] = {
	    -1.0f, -0.0f, -INFINITY, 0.75f, 2.5f, INFINITY, 1e-30f};
	static const float want[] = {
	    0.0f, 0.0f, 0.0f, 0.75f, 2.0f, 2.0f, 1e-30f};

	for (size_t c = 0; c < sizeof(in) / sizeof(in[0]); c++) {
		float got = colony_clamp_to(in[c], 2.0f);

		cr_expect(got == want[c] && !signbit(got),
		    "clamp_to(%g, 2) = %g, want %g", in[c], got, want[c]);
	}
	cr_expect(
	    colony_positive(-3.0f) == 0.0f && colony_positive(3.0f) == 3.0f,
	    "positive(-3) %g, positive(3) %g", colony_positive(-3.0f),
	    colony_positive(3.0f));
	cr_expect(
	    colony_negative(3.0f) == 0.0f && colony_negative(-3.0f) == -3.0f,
	    "negative(3) %g, negative(-3) %g", colony_negative(3.0f),
	    colony_negative(-3.0f));
}

Test(colony_kernel, nearly_parallel_rods_touch_near_i_head)
{
	/* j turned by 5e-4 rad from i (1 - c^2 = 2.5e-7, the spec's parallel
	 * case: s = 0, k_i at i's head, arm 1). The kernel takes
	 * arm_i = clamp(A + c arm_j), off the head by at most
	 * |d| |u_i - c u_j| = 0.85 * 5e-4; the force is 50 (1 - 0.8) along -y
	 * up to the same order. */
	const float th = 5e-4f;
	colony_pair_t pt = colony_pair(0.3f, 0.8f, 1.0f, 0.0f, cosf(th),
	    sinf(th), 1.0f, 0, colony_frame_make());

	cr_expect(colony_close(pt.arm_i, 1.0f, 5e-4f), "arm_i %.9g, want 1",
	    pt.arm_i);
	cr_expect(colony_close(pt.fy, -10.0f, 0.05f) &&
		colony_close(pt.fx, 0.0f, 0.05f),
	    "force (%g, %g), want about (0, -10)", pt.fx, pt.fy);
	cr_expect(colony_close(pt.tqi, pt.arm_i * pt.fy - 0.0f * pt.fx, 1e-5f),
	    "torque %g, arm %g x force (%g, %g)", pt.tqi, pt.arm_i, pt.fx,
	    pt.fy);
}

Test(colony_kernel, crossing_rods_pushed_apart_along_centre_line)
{
	/* i along x, j along y centred at d = (0.3, 0.2): j's segment
	 * x = 0.3, y in [-0.8, 1.2] crosses i's at (0.3, 0). dist = 0, so the
	 * force is k_cc 2R = 50 along -d/|d|, applied at k_i = (0.3, 0). */
	const float dx = 0.3f, dy = 0.2f, dl = sqrtf(dx * dx + dy * dy);
	colony_pair_t pt = colony_pair(
	    dx, dy, 1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0, colony_frame_make());
	float fx = -50.0f * dx / dl, fy = -50.0f * dy / dl;

	cr_expect(
	    colony_close(pt.fx, fx, 1e-4f), "fx %.9g, want %.9g", pt.fx, fx);
	cr_expect(
	    colony_close(pt.fy, fy, 1e-4f), "fy %.9g, want %.9g", pt.fy, fy);
	cr_expect(colony_close(pt.tqi, 0.3f * fy, 1e-4f),
	    "torque %.9g, want %.9g", pt.tqi, 0.3f * fy);
}

Test(colony_kernel, beyond_cutoff_is_exactly_zero)
{
	static const float d[][2] = {
	    {4.0f, 0.5f}, {0.0f, 4.0f}, {-3.0f, -3.0f}, {10.0f, 0.0f}};

	for (size_t c = 0; c < sizeof(d) / sizeof(d[0]); c++) {
		colony_pair_t pt = colony_pair(d[c][0], d[c][1], 1.0f, 0.0f,
		    1.0f, 0.0f, 1.0f, 0, colony_frame_make());

		cr_expect(pt.fx == 0.0f && pt.fy == 0.0f && pt.tqi == 0.0f &&
			pt.rhoi == 0.0f,
		    "d (%g, %g): force (%g, %g) torque %g rho %g, want 0",
		    d[c][0], d[c][1], pt.fx, pt.fy, pt.tqi, pt.rhoi);
	}
}

Test(colony_kernel, self_pair_contributes_nothing)
{
	colony_pair_t pt = colony_pair(
	    0.0f, 0.0f, 0.6f, 0.8f, 0.6f, 0.8f, 1.0f, 1, colony_frame_make());

	cr_expect(
	    pt.fx == 0.0f && pt.fy == 0.0f && pt.tqi == 0.0f && pt.rhoi == 0.0f,
	    "self: force (%g, %g) torque %g rho %g, want 0", pt.fx, pt.fy,
	    pt.tqi, pt.rhoi);
}

Test(colony_kernel, self_lane_of_touching_rods_adds_exactly_zero)
{
	/* tiled masks a triangle row's first lanes (pairs already counted,
	 * and i itself) with self: every term it sums must then be exactly 0
	 * even for rods that touch, crossing or not. */
	static const float cfg[][4] = {
	    {0.5f, 0.7f, 0.3f, 1.9f}, {0.3f, 0.2f, 0.0f, 1.5707964f}};

	for (size_t c = 0; c < sizeof(cfg) / sizeof(cfg[0]); c++) {
		colony_pair_t on = colony_pair_both(cfg[c][0], cfg[c][1],
		    cosf(cfg[c][2]), sinf(cfg[c][2]), cosf(cfg[c][3]),
		    sinf(cfg[c][3]), 0.5f, 0.5f, 0, colony_frame_make());
		colony_pair_t off = colony_pair_both(cfg[c][0], cfg[c][1],
		    cosf(cfg[c][2]), sinf(cfg[c][2]), cosf(cfg[c][3]),
		    sinf(cfg[c][3]), 0.5f, 0.5f, 1, colony_frame_make());

		cr_assert(on.g != 0.0f && on.w != 0.0f, "case %zu touches", c);
		cr_expect(off.g == 0.0f && off.w == 0.0f && off.fx == 0.0f &&
			off.fy == 0.0f && off.tqi == 0.0f && off.tqj == 0.0f &&
			off.rhoi == 0.0f && off.rhoj == 0.0f,
		    "case %zu masked: g %g w %g force (%g, %g) torques (%g, "
		    "%g) rho (%g, %g)",
		    c, off.g, off.w, off.fx, off.fy, off.tqi, off.tqj, off.rhoi,
		    off.rhoj);
	}
}

Test(colony_kernel, periodic_boundary_equals_middle_of_box)
{
	/* The same pair once straddling x = 0 and once in the middle. */
	const float box = (float)colony_box_side(16);
	const float xi[2] = {0.2f, 0.5f * box + 0.2f};
	const float xj[2] = {box - 0.5f, 0.5f * box - 0.5f};
	const float yi = 3.0f, yj = 3.4f;
	colony_pair_t pt[2];

	for (int c = 0; c < 2; c++) {
		float dx = colony_min_image(xj[c] - xi[c], box);
		float dy = colony_min_image(yj - yi, box);

		pt[c] = colony_pair(dx, dy, cosf(0.3f), sinf(0.3f), cosf(2.0f),
		    sinf(2.0f), 0.7f, 0, colony_frame_make());
	}
	cr_assert(pt[1].fx != 0.0f, "the middle pair should touch");
	cr_expect(colony_close(pt[0].fx, pt[1].fx, 1e-3f) &&
		colony_close(pt[0].fy, pt[1].fy, 1e-3f) &&
		colony_close(pt[0].tqi, pt[1].tqi, 1e-3f) &&
		colony_close(pt[0].rhoi, pt[1].rhoi, 1e-5f),
	    "box %g: across the boundary (%g, %g, %g, %g), in the middle "
	    "(%g, %g, %g, %g)",
	    box, pt[0].fx, pt[0].fy, pt[0].tqi, pt[0].rhoi, pt[1].fx, pt[1].fy,
	    pt[1].tqi, pt[1].rhoi);
}

Test(colony_kernel, other_side_matches_pair_from_j)
{
	/* For rods that are not parallel the closest points do not depend
	 * on whose frame computes them: colony_pair_both's j side equals
	 * colony_pair of i on j. */
	static const float cfg[][4] = {{0.5f, 0.7f, 0.3f, 1.9f},
	    {1.2f, -0.4f, 2.5f, 0.1f}, {-0.9f, 1.1f, 4.0f, 5.5f},
	    {0.3f, 0.2f, 0.0f, 1.5707964f}};

	for (size_t c = 0; c < sizeof(cfg) / sizeof(cfg[0]); c++) {
		float dx = cfg[c][0], dy = cfg[c][1];
		float uix = cosf(cfg[c][2]), uiy = sinf(cfg[c][2]);
		float ujx = cosf(cfg[c][3]), ujy = sinf(cfg[c][3]);
		colony_pair_t both = colony_pair_both(dx, dy, uix, uiy, ujx,
		    ujy, 0.25f, 0.75f, 0, colony_frame_make());
		colony_pair_t ji = colony_pair(-dx, -dy, ujx, ujy, uix, uiy,
		    0.25f, 0, colony_frame_make());

		cr_expect(colony_close(-both.fx, ji.fx, 1e-3f) &&
			colony_close(-both.fy, ji.fy, 1e-3f) &&
			colony_close(both.tqj, ji.tqi, 1e-3f) &&
			colony_close(both.rhoj, ji.rhoi, 1e-6f),
		    "case %zu: from i (%g, %g, %g, %g), from j (%g, %g, %g, "
		    "%g)",
		    c, -both.fx, -both.fy, both.tqj, both.rhoj, ji.fx, ji.fy,
		    ji.tqi, ji.rhoi);
	}
}

/* One step of variant name on the state of p with its initial positions
 * replaced: every third particle pushed to an x edge of the box, every fifth
 * to a y edge (every fifteenth to a corner). */
static colony_state_t *
colony_edge_step(const char *name, const params_t *p)
{
	const variant_t *v = variant_find("colony", name);
	colony_state_t *st = NULL;

	cr_assert_not_null(v, "%s", name);
	cr_assert_eq(v->setup(p, (void **)&st), 0);
	for (uint64_t i = 0; i < st->n; i++) {
		float edge[4] = {
		    0.0f, 1e-4f, st->box - 1e-4f, nextafterf(st->box, 0.0f)};

		if (i % 3 == 0)
			st->x_init[i] = edge[(i / 3) % 4];
		if (i % 5 == 0)
			st->y_init[i] = edge[(i / 5) % 4];
	}
	v->reset(st);
	cr_assert_eq(
	    v->step(st, 0), 0, "%s n %llu", name, (unsigned long long)p->n);
	return st;
}

Test(colony_kernel, cells_equal_fused_at_edges)
{
	/* n 16 and 22: a box of exactly 3 cells; 500: 13 cells. */
	static const uint64_t sizes[] = {16, 22, 500};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p;
		colony_state_t *f, *c;

		colony_workload.defaults(&p);
		p.n = sizes[s];
		p.seed = 1000 + s;
		f = colony_edge_step("fused", &p);
		c = colony_edge_step("cells", &p);
		if (s < 2) {
			cr_assert_eq(colony_cells_per_side(p.n), 3, "n %llu",
			    (unsigned long long)p.n);
		}
		for (uint64_t i = 0; i < p.n; i++) {
			cr_expect(colony_close(c->f_x[i], f->f_x[i],
				      1e-3f + 1e-5f * fabsf(f->f_x[i])) &&
				colony_close(c->f_y[i], f->f_y[i],
				    1e-3f + 1e-5f * fabsf(f->f_y[i])) &&
				colony_close(c->torque[i], f->torque[i],
				    1e-3f + 1e-5f * fabsf(f->torque[i])) &&
				colony_close(c->rho[i], f->rho[i], 1e-5f),
			    "n %llu particle %llu at (%g, %g): cells (%g, %g, "
			    "%g, %g), fused (%g, %g, %g, %g)",
			    (unsigned long long)p.n, (unsigned long long)i,
			    f->x[i], f->y[i], c->f_x[i], c->f_y[i],
			    c->torque[i], c->rho[i], f->f_x[i], f->f_y[i],
			    f->torque[i], f->rho[i]);
		}
		colony_state_teardown(f);
		colony_state_teardown(c);
	}
}
