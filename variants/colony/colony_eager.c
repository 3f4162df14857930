/*
 * colony eager: the pair function's primitives dispatched one by one, as an
 * un-jitted double vmap runs them. Each primitive makes one full array,
 * (N,N) when it mixes i and j, (N) when it uses only one of them, and every
 * array is freed right after its last use, as an eager array library frees a
 * temporary when its last reference goes.
 *
 * The program is the spec's pair term written as a JAX function of scalars,
 * mapped over j (inner) and i (outer) and called without jit (h = L/2 = 1):
 *
 *   dx = xj - xi; dx = dx - S*floor(dx/S + 0.5)        (and dy alike)
 *   pix, piy, qix, qiy = h*uxi, h*uyi, -h*uxi, -h*uyi
 *   pjx, pjy = dx + h*uxj, dy + h*uyj; qjx, qjy = dx - h*uxj, dy - h*uyj
 *   d1 = q_i - p_i; d2 = q_j - p_j; r = p_i - p_j       (per component)
 *   aa, ee, ff, cc, bb = d1.d1, d2.d2, d2.r, d1.r, d1.d2; den = aa*ee - bb*bb
 *   s = where(den > 1e-6*aa*ee, clip((bb*ff - cc*ee)/den, 0, 1), 0)
 *   t = (bb*s + ff)/ee
 *   s = where(t < 0, clip(-cc/aa, 0, 1),
 *             where(t > 1, clip((bb - cc)/aa, 0, 1), s))
 *   t = clip(t, 0, 1); k_i = p_i + s*d1; k_j = p_j + t*d2; n = k_i - k_j
 *   dist = sqrt(nx*nx + ny*ny); dlen = sqrt(dx*dx + dy*dy)
 *   cross = dist < 1e-4; dsafe = where(dlen > 0, dlen, 1)
 *   ux = where(cross, -dx/dsafe, nx/dist)               (and uy alike)
 *   dist = where(cross, 0, dist)
 *   mag = where((dist < 2R) & (dlen > 0), k_cc*(2R - dist), 0)
 *   fx, fy = mag*ux, mag*uy; tau = kix*fy - kiy*fx
 *   w = maximum(1 - dlen/R_s, 0); rho = where(i == j, 0, w_a*aj*w**2)
 *   return stack([fx, fy]), tau, rho
 *
 * COLONY_EAGER_OPS below is its double vmap's primitive list, in dispatch
 * order: the list jax.make_jaxpr shows for it (JAX 0.10.2), one line per
 * primitive (jnp.clip and jnp.where dispatch as one call each). Left out:
 * the O(N) reshapes that line an (N) operand up against an (N,N) one. The
 * forces leave the map as a stack, (2,N,N), then a transpose, (N,N,2), and
 * are summed over j with the torques and densities.
 *
 * The model is the same list walked without computing: the peak of the bytes
 * live after each primitive's output is allocated. Model and code agree by
 * construction; the measured peak checks the allocation order. The peak
 * comes at sn = bb*ff - cc*ee: dx, dy, pjx, pjy, d2x, d2y, ee, ff, cc, bb,
 * den, sn and its two products live as float32 (N,N) arrays, the bool skew
 * as one byte a pair, and p_i, d1 and aa as five (N) arrays: 57 N^2 + 20 N
 * bytes, 3.6 times naive's three outputs (16 N^2).
 *
 * Limits: this is the lower bound of eager dispatch. A Python pair function
 * keeps every intermediate it names alive until it returns, so a program
 * that names them, as the one above does, holds more than this. Slow: 107
 * passes over N*N elements per step, each into a fresh allocation (at
 * N = 4096, 64 MiB arrays that the allocator maps anew, so the step is
 * mostly page faults); a memory demonstration, not a schedule to time.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "colony/colony.h"

/* What a value is indexed by: i (ROW), j (COL), both (PAIR), or neither
 * (a scalar: the op's constant or the box side). */
enum { EAGER_SCALAR = 0, EAGER_ROW = 1, EAGER_COL = 2, EAGER_PAIR = 3 };

enum {
	EAGER_ADD,
	EAGER_SUB,
	EAGER_MUL,
	EAGER_DIV,
	EAGER_MAX,
	EAGER_NEG,
	EAGER_FLOOR,
	EAGER_SQRT,
	EAGER_SQUARE,    /* integer_pow y=2 */
	EAGER_CLIP,      /* jnp.clip(a, 0, 1): one call */
	EAGER_LT,        /* bool */
	EAGER_GT,        /* bool */
	EAGER_AND,       /* bool */
	EAGER_SELECT,    /* jnp.where(a, b, c): one call */
	EAGER_SELF,      /* i == j, bool */
	EAGER_STACK,     /* (2,N,N) from two (N,N) */
	EAGER_TRANSPOSE, /* (2,N,N) to (N,N,2) */
	EAGER_SUMJ,      /* sum over j: PAIR to ROW */
};

/* The primitives: X(value, primitive, operand a, b, c, constant). KC is the
 * constant k, NO no operand. h = L/2 = 1, 2R = 1, R_s = 4, w_a = 1,
 * k_cc = 50. */
#define COLONY_EAGER_OPS(X)                                                    \
	X(DX0, SUB, XJ, XI, NO, 0) /* minimum image of x */                    \
	X(DXS, DIV, DX0, BOX, NO, 0)                                           \
	X(DXH, ADD, DXS, KC, NO, 0.5f)                                         \
	X(DXF, FLOOR, DXH, NO, NO, 0)                                          \
	X(DXW, MUL, BOX, DXF, NO, 0)                                           \
	X(DX, SUB, DX0, DXW, NO, 0)                                            \
	X(DY0, SUB, YJ, YI, NO, 0) /* minimum image of y */                    \
	X(DYS, DIV, DY0, BOX, NO, 0)                                           \
	X(DYH, ADD, DYS, KC, NO, 0.5f)                                         \
	X(DYF, FLOOR, DYH, NO, NO, 0)                                          \
	X(DYW, MUL, BOX, DYF, NO, 0)                                           \
	X(DY, SUB, DY0, DYW, NO, 0)                                            \
	X(PIX, MUL, KC, UXI, NO, 1.0f) /* endpoints */                         \
	X(PIY, MUL, KC, UYI, NO, 1.0f)                                         \
	X(QIX, MUL, KC, UXI, NO, -1.0f)                                        \
	X(QIY, MUL, KC, UYI, NO, -1.0f)                                        \
	X(HJX, MUL, KC, UXJ, NO, 1.0f)                                         \
	X(PJX, ADD, DX, HJX, NO, 0)                                            \
	X(HJY, MUL, KC, UYJ, NO, 1.0f)                                         \
	X(PJY, ADD, DY, HJY, NO, 0)                                            \
	X(HJX2, MUL, KC, UXJ, NO, 1.0f)                                        \
	X(QJX, SUB, DX, HJX2, NO, 0)                                           \
	X(HJY2, MUL, KC, UYJ, NO, 1.0f)                                        \
	X(QJY, SUB, DY, HJY2, NO, 0)                                           \
	X(D1X, SUB, QIX, PIX, NO, 0)                                           \
	X(D1Y, SUB, QIY, PIY, NO, 0)                                           \
	X(D2X, SUB, QJX, PJX, NO, 0)                                           \
	X(D2Y, SUB, QJY, PJY, NO, 0)                                           \
	X(RX, SUB, PIX, PJX, NO, 0)                                            \
	X(RY, SUB, PIY, PJY, NO, 0)                                            \
	X(AAX, MUL, D1X, D1X, NO, 0) /* dot products */                        \
	X(AAY, MUL, D1Y, D1Y, NO, 0)                                           \
	X(AA, ADD, AAX, AAY, NO, 0)                                            \
	X(EEX, MUL, D2X, D2X, NO, 0)                                           \
	X(EEY, MUL, D2Y, D2Y, NO, 0)                                           \
	X(EE, ADD, EEX, EEY, NO, 0)                                            \
	X(FFX, MUL, D2X, RX, NO, 0)                                            \
	X(FFY, MUL, D2Y, RY, NO, 0)                                            \
	X(FF, ADD, FFX, FFY, NO, 0)                                            \
	X(CCX, MUL, D1X, RX, NO, 0)                                            \
	X(CCY, MUL, D1Y, RY, NO, 0)                                            \
	X(CC, ADD, CCX, CCY, NO, 0)                                            \
	X(BBX, MUL, D1X, D2X, NO, 0)                                           \
	X(BBY, MUL, D1Y, D2Y, NO, 0)                                           \
	X(BB, ADD, BBX, BBY, NO, 0)                                            \
	X(DENA, MUL, AA, EE, NO, 0)                                            \
	X(DENB, MUL, BB, BB, NO, 0)                                            \
	X(DEN, SUB, DENA, DENB, NO, 0)                                         \
	X(THR0, MUL, KC, AA, NO, 1e-6f)                                        \
	X(THR, MUL, THR0, EE, NO, 0)                                           \
	X(SKEW, GT, DEN, THR, NO, 0)                                           \
	X(SNA, MUL, BB, FF, NO, 0) /* s and t */                               \
	X(SNB, MUL, CC, EE, NO, 0)                                             \
	X(SN, SUB, SNA, SNB, NO, 0)                                            \
	X(S0, DIV, SN, DEN, NO, 0)                                             \
	X(S1, CLIP, S0, NO, NO, 0)                                             \
	X(S2, SELECT, SKEW, S1, KC, 0.0f)                                      \
	X(T0A, MUL, BB, S2, NO, 0)                                             \
	X(T0B, ADD, T0A, FF, NO, 0)                                            \
	X(T0, DIV, T0B, EE, NO, 0)                                             \
	X(TNEG, LT, T0, KC, NO, 0.0f)                                          \
	X(SLOA, NEG, CC, NO, NO, 0)                                            \
	X(SLOB, DIV, SLOA, AA, NO, 0)                                          \
	X(SLO, CLIP, SLOB, NO, NO, 0)                                          \
	X(TBIG, GT, T0, KC, NO, 1.0f)                                          \
	X(SHIA, SUB, BB, CC, NO, 0)                                            \
	X(SHIB, DIV, SHIA, AA, NO, 0)                                          \
	X(SHI, CLIP, SHIB, NO, NO, 0)                                          \
	X(S3, SELECT, TBIG, SHI, S2, 0)                                        \
	X(S, SELECT, TNEG, SLO, S3, 0)                                         \
	X(T, CLIP, T0, NO, NO, 0)                                              \
	X(KIXA, MUL, S, D1X, NO, 0) /* contact points */                       \
	X(KIX, ADD, PIX, KIXA, NO, 0)                                          \
	X(KIYA, MUL, S, D1Y, NO, 0)                                            \
	X(KIY, ADD, PIY, KIYA, NO, 0)                                          \
	X(KJXA, MUL, T, D2X, NO, 0)                                            \
	X(KJX, ADD, PJX, KJXA, NO, 0)                                          \
	X(KJYA, MUL, T, D2Y, NO, 0)                                            \
	X(KJY, ADD, PJY, KJYA, NO, 0)                                          \
	X(NX, SUB, KIX, KJX, NO, 0)                                            \
	X(NY, SUB, KIY, KJY, NO, 0)                                            \
	X(NNX, MUL, NX, NX, NO, 0)                                             \
	X(NNY, MUL, NY, NY, NO, 0)                                             \
	X(NN, ADD, NNX, NNY, NO, 0)                                            \
	X(DIST0, SQRT, NN, NO, NO, 0)                                          \
	X(DDX, MUL, DX, DX, NO, 0)                                             \
	X(DDY, MUL, DY, DY, NO, 0)                                             \
	X(DD, ADD, DDX, DDY, NO, 0)                                            \
	X(DLEN, SQRT, DD, NO, NO, 0)                                           \
	X(CROSS, LT, DIST0, KC, NO, 1e-4f) /* the unit normal */               \
	X(APART, GT, DLEN, KC, NO, 0.0f)                                       \
	X(DSAFE, SELECT, APART, DLEN, KC, 1.0f)                                \
	X(CXA, NEG, DX, NO, NO, 0)                                             \
	X(CX, DIV, CXA, DSAFE, NO, 0)                                          \
	X(NXU, DIV, NX, DIST0, NO, 0)                                          \
	X(UNX, SELECT, CROSS, CX, NXU, 0)                                      \
	X(CYA, NEG, DY, NO, NO, 0)                                             \
	X(CY, DIV, CYA, DSAFE, NO, 0)                                          \
	X(NYU, DIV, NY, DIST0, NO, 0)                                          \
	X(UNY, SELECT, CROSS, CY, NYU, 0)                                      \
	X(DIST, SELECT, CROSS, KC, DIST0, 0.0f)                                \
	X(TOUCH, LT, DIST, KC, NO, 1.0f) /* force and torque */                \
	X(APART2, GT, DLEN, KC, NO, 0.0f)                                      \
	X(CONTACT, AND, TOUCH, APART2, NO, 0)                                  \
	X(MAGA, SUB, KC, DIST, NO, 1.0f)                                       \
	X(MAGB, MUL, KC, MAGA, NO, 50.0f)                                      \
	X(MAG, SELECT, CONTACT, MAGB, KC, 0.0f)                                \
	X(FX, MUL, MAG, UNX, NO, 0)                                            \
	X(FY, MUL, MAG, UNY, NO, 0)                                            \
	X(TQA, MUL, KIX, FY, NO, 0)                                            \
	X(TQB, MUL, KIY, FX, NO, 0)                                            \
	X(TQ, SUB, TQA, TQB, NO, 0)                                            \
	X(WA, DIV, DLEN, KC, NO, 4.0f) /* density */                           \
	X(WB, SUB, KC, WA, NO, 1.0f)                                           \
	X(W, MAX, WB, KC, NO, 0.0f)                                            \
	X(SELF, SELF, NO, NO, NO, 0)                                           \
	X(AJW, MUL, KC, AJ, NO, 1.0f)                                          \
	X(W2, SQUARE, W, NO, NO, 0)                                            \
	X(RHO0, MUL, AJW, W2, NO, 0)                                           \
	X(RHO, SELECT, SELF, KC, RHO0, 0.0f)                                   \
	X(FST, STACK, FX, FY, NO, 0) /* out of the map, summed */              \
	X(F, TRANSPOSE, FST, NO, NO, 0)                                        \
	X(FSUM, SUMJ, F, NO, NO, 0)                                            \
	X(TSUM, SUMJ, TQ, NO, NO, 0)                                           \
	X(RSUM, SUMJ, RHO, NO, NO, 0)

/* Value slots: no operand, the constant, the box side, the inputs (the
 * state's arrays seen from i and from j), then one per primitive. */
#define EAGER_SLOT(name, code, a, b, c, k) V_##name,
enum {
	V_NO,
	V_KC,
	V_BOX,
	V_XI,
	V_YI,
	V_UXI,
	V_UYI,
	V_XJ,
	V_YJ,
	V_UXJ,
	V_UYJ,
	V_AJ,
	V_FIRST_OP,
	V_BEFORE_OPS = V_FIRST_OP - 1,
	COLONY_EAGER_OPS(EAGER_SLOT) V_COUNT
};
#undef EAGER_SLOT
#define EAGER_OP_COUNT (V_COUNT - V_FIRST_OP)

typedef struct colony_eager_op_s {
	int code;
	int a, b, c;
	float k;
} colony_eager_op_t;

#define EAGER_OP(name, code, a, b, c, k) {EAGER_##code, V_##a, V_##b, V_##c, k},
static const colony_eager_op_t colony_eager_ops[EAGER_OP_COUNT] = {
    COLONY_EAGER_OPS(EAGER_OP)};
#undef EAGER_OP

/* Each value's shape and lifetime, derived from the list alone. */
typedef struct colony_eager_plan_s {
	int kind[V_COUNT];
	int is_bool[V_COUNT];
	int comps[V_COUNT];
	/* Index of the last primitive that reads the value; EAGER_OP_COUNT
	 * for the results, which live to the end of the step. */
	int last[V_COUNT];
} colony_eager_plan_t;

static void
colony_eager_plan(colony_eager_plan_t *pl)
{
	memset(pl, 0, sizeof(*pl));
	for (int v = V_XI; v <= V_AJ; v++) {
		pl->kind[v] = v < V_XJ ? EAGER_ROW : EAGER_COL;
		pl->comps[v] = 1;
	}
	for (int p = 0; p < EAGER_OP_COUNT; p++) {
		const colony_eager_op_t *op = &colony_eager_ops[p];
		int out = V_FIRST_OP + p, code = op->code;

		pl->kind[out] =
		    pl->kind[op->a] | pl->kind[op->b] | pl->kind[op->c];
		pl->comps[out] = code == EAGER_STACK ? 2 : pl->comps[op->a];
		pl->comps[out] = pl->comps[out] > 0 ? pl->comps[out] : 1;
		if (code == EAGER_SELF)
			pl->kind[out] = EAGER_PAIR;
		if (code == EAGER_SUMJ)
			pl->kind[out] = EAGER_ROW;
		pl->is_bool[out] = code == EAGER_LT || code == EAGER_GT ||
		    code == EAGER_AND || code == EAGER_SELF;
		pl->last[out] = EAGER_OP_COUNT;
		pl->last[op->a] = p;
		pl->last[op->b] = p;
		pl->last[op->c] = p;
	}
}

/* The bytes of value v at size n, or UINT64_MAX. */
static uint64_t
colony_eager_bytes(const colony_eager_plan_t *pl, int v, uint64_t n)
{
	uint64_t elems = pl->kind[v] == EAGER_PAIR ? model_mul(n, n) : n;

	return model_mul(model_mul(elems, (uint64_t)pl->comps[v]),
	    pl->is_bool[v] ? 1 : sizeof(float));
}

/* The values primitive p reads for the last time (made by primitives, each
 * once): they are freed right after it. Returns how many, up to 3. */
static int
colony_eager_dying(const colony_eager_plan_t *pl, int p, int *dead)
{
	const colony_eager_op_t *op = &colony_eager_ops[p];
	const int args[3] = {op->a, op->b, op->c};
	int count = 0;

	for (int x = 0; x < 3; x++) {
		int v = args[x], seen = 0;

		for (int y = 0; y < count; y++)
			seen |= dead[y] == v;
		if (v >= V_FIRST_OP && pl->last[v] == p && !seen)
			dead[count++] = v;
	}
	return count;
}

static uint64_t
colony_eager_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	colony_eager_plan_t pl;
	uint64_t live = 0, peak = 0;

	colony_eager_plan(&pl);
	for (int q = 0; q < EAGER_OP_COUNT; q++) {
		int dead[3] = {0, 0, 0};
		int count = colony_eager_dying(&pl, q, dead);

		live = model_add(
		    live, round(colony_eager_bytes(&pl, V_FIRST_OP + q, p->n)));
		if (live == UINT64_MAX)
			return UINT64_MAX;
		peak = live > peak ? live : peak;
		for (int d = 0; d < count; d++)
			live -= round(colony_eager_bytes(&pl, dead[d], p->n));
	}
	return peak;
}

/* Operand v seen from row i: where its row starts and its step along j
 * (0 when it does not depend on j). */
typedef struct colony_eager_arg_s {
	const float *f;
	const uint8_t *b;
	uint64_t js;
} colony_eager_arg_t;

static colony_eager_arg_t
colony_eager_arg(const colony_eager_plan_t *pl, void *const *data, int v,
    const float *kc, uint64_t i, uint64_t n)
{
	int kind = pl->kind[v];
	uint64_t off = kind == EAGER_PAIR ? i * n : (kind == EAGER_ROW ? i : 0);
	colony_eager_arg_t arg = {NULL, NULL, 0};

	if (v == V_KC) {
		arg.f = kc;
		return arg;
	}
	if (data[v] == NULL)
		return arg; /* no operand */
	arg.f = (const float *)data[v] + off;
	arg.b = (const uint8_t *)data[v] + off;
	arg.js = (kind & EAGER_COL) ? 1 : 0;
	return arg;
}

/* One row of an elementwise primitive: cols elements of out. */
static void
colony_eager_row(int code, void *out, colony_eager_arg_t a,
    colony_eager_arg_t b, colony_eager_arg_t c, uint64_t cols)
{
	const float *fa = a.f, *fb = b.f, *fc = c.f;
	const uint64_t sa = a.js, sb = b.js, sc = c.js;
	float *fo = out;
	uint8_t *bo = out;

#define EAGER_FOR(expr)                                                        \
	for (uint64_t j = 0; j < cols; j++)                                    \
		expr;                                                          \
	break
	switch (code) {
	case EAGER_ADD:
		EAGER_FOR(fo[j] = fa[j * sa] + fb[j * sb]);
	case EAGER_SUB:
		EAGER_FOR(fo[j] = fa[j * sa] - fb[j * sb]);
	case EAGER_MUL:
		EAGER_FOR(fo[j] = fa[j * sa] * fb[j * sb]);
	case EAGER_DIV:
		EAGER_FOR(fo[j] = fa[j * sa] / fb[j * sb]);
	case EAGER_MAX:
		EAGER_FOR(fo[j] = isless(fa[j * sa], fb[j * sb]) ? fb[j * sb]
								 : fa[j * sa]);
	case EAGER_NEG:
		EAGER_FOR(fo[j] = -fa[j * sa]);
	case EAGER_FLOOR:
		EAGER_FOR(fo[j] = floorf(fa[j * sa]));
	case EAGER_SQRT:
		EAGER_FOR(fo[j] = sqrtf(fa[j * sa]));
	case EAGER_SQUARE:
		EAGER_FOR(fo[j] = fa[j * sa] * fa[j * sa]);
	case EAGER_CLIP:
		/* NaN stays NaN, as in jnp.clip. */
		EAGER_FOR(fo[j] = isless(fa[j * sa], 0.0f)
			? 0.0f
			: (isgreater(fa[j * sa], 1.0f) ? 1.0f : fa[j * sa]));
	case EAGER_LT:
		EAGER_FOR(bo[j] = isless(fa[j * sa], fb[j * sb]));
	case EAGER_GT:
		EAGER_FOR(bo[j] = isgreater(fa[j * sa], fb[j * sb]));
	case EAGER_AND:
		EAGER_FOR(bo[j] = a.b[j * sa] & b.b[j * sb]);
	case EAGER_SELECT:
		EAGER_FOR(fo[j] = a.b[j * sa] ? fb[j * sb] : fc[j * sc]);
	}
#undef EAGER_FOR
}

/* The primitives that are not elementwise, from in to out at size n. */
static void
colony_eager_special(
    int code, void *out, const void *in, const void *in2, uint64_t n)
{
	const uint64_t nn = n * n;
	const float *f = in;
	float *o = out;

	if (code == EAGER_SELF) {
		memset(out, 0, nn);
		for (uint64_t i = 0; i < n; i++)
			((uint8_t *)out)[i * n + i] = 1;
	} else if (code == EAGER_STACK) {
		memcpy(o, in, nn * sizeof(float));
		memcpy(o + nn, in2, nn * sizeof(float));
	} else if (code == EAGER_TRANSPOSE) {
		for (uint64_t e = 0; e < nn; e++) {
			o[2 * e] = f[e];
			o[2 * e + 1] = f[nn + e];
		}
	}
}

/* SUMJ: each row of in (comps values a pair) summed over j, in float32. */
static void
colony_eager_sumj(float *out, const float *in, int comps, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		for (int c = 0; c < comps; c++) {
			const float *row = in + i * n * (uint64_t)comps + c;
			float acc = 0.0f;

			for (uint64_t j = 0; j < n; j++)
				acc += row[j * (uint64_t)comps];
			out[i * (uint64_t)comps + c] = acc;
		}
	}
}

/* Runs primitive p into data[its value], which is allocated. */
static void
colony_eager_exec(const colony_eager_plan_t *pl, void **data, int p, uint64_t n)
{
	const colony_eager_op_t *op = &colony_eager_ops[p];
	const int out = V_FIRST_OP + p;
	const uint64_t rows = (pl->kind[out] & EAGER_ROW) ? n : 1;
	const uint64_t cols = (pl->kind[out] & EAGER_COL) ? n : 1;
	const uint64_t width = cols * (uint64_t)(pl->is_bool[out] ? 1 : 4);
	if (op->code == EAGER_SUMJ) {
		colony_eager_sumj(data[out], data[op->a], pl->comps[op->a], n);
	} else if (op->code == EAGER_SELF || op->code == EAGER_STACK ||
	    op->code == EAGER_TRANSPOSE) {
		colony_eager_special(
		    op->code, data[out], data[op->a], data[op->b], n);
	} else {
		for (uint64_t i = 0; i < rows; i++)
			colony_eager_row(op->code,
			    (char *)data[out] + i * width,
			    colony_eager_arg(pl, data, op->a, &op->k, i, n),
			    colony_eager_arg(pl, data, op->b, &op->k, i, n),
			    colony_eager_arg(pl, data, op->c, &op->k, i, n),
			    cols);
	}
}

static int
colony_eager_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	colony_eager_plan_t pl;
	void *data[V_COUNT] = {NULL};
	const float *fsum, *tsum, *rsum;
	int ret = -1;

	colony_step_begin(st);
	colony_eager_plan(&pl);
	data[V_BOX] = &st->box;
	data[V_XI] = data[V_XJ] = st->x;
	data[V_YI] = data[V_YJ] = st->y;
	data[V_UXI] = data[V_UXJ] = st->ux;
	data[V_UYI] = data[V_UYJ] = st->uy;
	data[V_AJ] = st->a;
	for (int p = 0; p < EAGER_OP_COUNT; p++) {
		int dead[3] = {0, 0, 0};
		int count = colony_eager_dying(&pl, p, dead);
		int out = V_FIRST_OP + p;

		data[out] = malloc(colony_eager_bytes(&pl, out, st->n));
		if (data[out] == NULL)
			goto label_return;
		colony_eager_exec(&pl, data, p, st->n);
		for (int d = 0; d < count; d++) {
			free(data[dead[d]]);
			data[dead[d]] = NULL;
		}
	}
	fsum = data[V_FSUM];
	tsum = data[V_TSUM];
	rsum = data[V_RSUM];
	for (uint64_t i = 0; i < st->n; i++) {
		st->f_x[i] = fsum[2 * i];
		st->f_y[i] = fsum[2 * i + 1];
		st->torque[i] = tsum[i];
		st->rho[i] = rsum[i];
	}
	colony_step_end(st, k);
	ret = 0;
label_return:
	for (int v = V_FIRST_OP; v < V_COUNT; v++)
		free(data[v]);
	return ret;
}

/* Per pair and step, from the list: the arithmetic primitives over (N,N)
 * arrays (flops) and the bytes each (N,N) primitive reads and writes
 * (every array streams through memory once it exceeds the caches). */
static void
colony_eager_counts(double *flops, double *bytes)
{
	colony_eager_plan_t pl;

	colony_eager_plan(&pl);
	*flops = *bytes = 0.0;
	for (int p = 0; p < EAGER_OP_COUNT; p++) {
		const colony_eager_op_t *op = &colony_eager_ops[p];
		const int args[4] = {V_FIRST_OP + p, op->a, op->b, op->c};

		if (pl.kind[args[0]] != EAGER_PAIR)
			continue;
		*flops += op->code <= EAGER_CLIP;
		for (int x = 0; x < 4; x++) {
			if (pl.kind[args[x]] == EAGER_PAIR)
				*bytes +=
				    (double)colony_eager_bytes(&pl, args[x], 1);
		}
	}
}

static double
colony_eager_flops(const params_t *p)
{
	double flops, bytes;

	colony_eager_counts(&flops, &bytes);
	return flops * (double)p->n * (double)p->n * (double)p->steps;
}

static double
colony_eager_traffic(const params_t *p)
{
	double flops, bytes;

	colony_eager_counts(&flops, &bytes);
	return bytes * (double)p->n * (double)p->n * (double)p->steps;
}

const variant_t colony_eager = {
    .name = "eager",
    .workload = &colony_workload,
    .description = "op by op: the pair function's primitives one at a "
		   "time over full (N,N) arrays, each freed after its last "
		   "use",
    .idiom = "vmap(vmap(pair)), un-jitted (op-by-op dispatch)",
    .loops = "for each primitive p of pair: A_p = new (N,N) array; for "
	     "i, j: A_p[i,j] = p(...); free A_p after its last use; sum "
	     "the rows",
    .notes = "one new (N,N) array per primitive of the pair function, "
	     "each freed after its last use",
    .model_formula = "14*N*N*4 + N*N + 5*N*4",
    .model_bytes = colony_eager_model,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_eager_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_eager_flops,
    .bytes = colony_eager_traffic,
    /* No in-core minimum (variant_incore_t): its work is one loop per
     * primitive, each a few operations over arrays that come from memory,
     * so no one loop is its hot loop and none is bound in the core. */
};
