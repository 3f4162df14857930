/*
 * example: a plugin workload, built as a shared library apart from the
 * harness (make builds build/<alloc>/plugins/libexample.so) and run with
 * `harness run --plugin build/jemalloc/plugins/libexample.so dot fused`.
 *
 * The workload: the dot product of two vectors of N doubles, x_i = 1/(i+1)
 * and y_i = i+1 (so every product is 1 and the exact answer is N), and
 * their sum of squares, each taken `--param passes=P` times in a step (a
 * parameter the workload declares itself; the digest is P times as
 * large). Two variants: `fused` makes one pass and allocates
 * nothing; `temporary` first writes the products into a fresh array of N
 * doubles (the eager array-library way), then sums it. A third, `crash`,
 * dies in its step: the tests use it to check that a plugin's crash fails
 * the run and not the harness.
 *
 * It uses only what <fusebench/plugin.h> declares, as a user's plugin
 * would (docs/plugins.md builds a plugin the same way from the installed
 * header).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

typedef struct dot_state_s {
	uint64_t n, passes;
	double *x, *y;
	double dot, squares;
} dot_state_t;

static void
dot_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 100000;
	p->seed = 1;
	p->steps = 1;
}

/* A size every variant runs in well under a second, under memcheck too. */
static void
dot_smoke(params_t *p)
{
	dot_defaults(p);
	p->n = 1000;
}

static int
dot_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 1ULL << 31, msg, msglen);
}

static uint64_t
dot_steps(const params_t *p)
{
	(void)p;
	return 1;
}

static double
dot_units(const params_t *p)
{
	return (double)p->n;
}

static uint64_t
dot_input_bytes(const params_t *p)
{
	return 2 * p->n * sizeof(double);
}

/* The float64 reference: a plain loop in index order, times the passes. */
static int
dot_reference(const params_t *p, double *digest)
{
	digest[0] = digest[1] = 0;
	for (uint64_t i = 0; i < p->n; i++) {
		double x = 1.0 / (double)(i + 1), y = (double)(i + 1);
		digest[0] += x * y;
		digest[1] += x * x + y * y;
	}
	digest[0] *= (double)p->extra[0];
	digest[1] *= (double)p->extra[0];
	return 0;
}

/* The workload's own parameter: extra[0]. */
static const param_decl_t dot_params[] = {
    {"passes", "passes over the vectors in one step", 1, 64, 1, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, 0, NULL, 0},
};

static int
dot_validate(const params_t *p, const double *got, const double *ref, char *msg,
    size_t msglen)
{
	(void)p;
	for (int d = 0; d < 2; d++) {
		double tol = 1e-9 * (ref[d] < 0 ? -ref[d] : ref[d]) + 1e-12;
		double diff = got[d] - ref[d];
		if (diff > tol || diff < -tol) {
			snprintf(msg, msglen, "%s %.17g, reference %.17g",
			    d == 0 ? "dot" : "squares", got[d], ref[d]);
			return -1;
		}
	}
	return 0;
}

static const workload_t dot_workload = {
    .name = "dot",
    .description = "dot product of two vectors (a plugin example)",
    .params = "n seed steps",
    .unit = "element",
    .digest_count = 2,
    .digest_names = {"dot", "squares"},
    .defaults = dot_defaults,
    .smoke = dot_smoke,
    .check = dot_check,
    .steps = dot_steps,
    .units = dot_units,
    .input_bytes = dot_input_bytes,
    .reference = dot_reference,
    .validate = dot_validate,
    .extra_params = dot_params,
};

static int
dot_setup(const params_t *p, void **state)
{
	dot_state_t *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return -1;
	st->n = p->n;
	st->passes = p->extra[0];
	st->x = malloc(p->n * sizeof(double));
	st->y = malloc(p->n * sizeof(double));
	if (st->x == NULL || st->y == NULL) {
		free(st->x);
		free(st->y);
		free(st);
		return -1;
	}
	for (uint64_t i = 0; i < p->n; i++) {
		st->x[i] = 1.0 / (double)(i + 1);
		st->y[i] = (double)(i + 1);
	}
	*state = st;
	return 0;
}

static void
dot_reset(void *state)
{
	dot_state_t *st = state;
	st->dot = st->squares = 0;
}

static void
dot_digest(void *state, double *digest)
{
	dot_state_t *st = state;
	digest[0] = st->dot;
	digest[1] = st->squares;
}

static void
dot_teardown(void *state)
{
	dot_state_t *st = state;
	free(st->x);
	free(st->y);
	free(st);
}

static int
fused_step(void *state, uint64_t k)
{
	dot_state_t *st = state;
	double dot = 0, sq = 0;

	(void)k;
	for (uint64_t r = 0; r < st->passes; r++) {
		for (uint64_t i = 0; i < st->n; i++) {
			dot += st->x[i] * st->y[i];
			sq += st->x[i] * st->x[i] + st->y[i] * st->y[i];
		}
	}
	st->dot = dot;
	st->squares = sq;
	return 0;
}

/* The products in a fresh array, then their sum, each pass. */
static int
temporary_step(void *state, uint64_t k)
{
	dot_state_t *st = state;
	double dot = 0, sq = 0;

	(void)k;
	for (uint64_t r = 0; r < st->passes; r++) {
		double *t = malloc(st->n * sizeof(double));
		if (t == NULL)
			return -1;
		for (uint64_t i = 0; i < st->n; i++)
			t[i] = st->x[i] * st->y[i];
		variant_no_opt(t);
		for (uint64_t i = 0; i < st->n; i++) {
			dot += t[i];
			sq += st->x[i] * st->x[i] + st->y[i] * st->y[i];
		}
		free(t);
	}
	st->dot = dot;
	st->squares = sq;
	return 0;
}

static int
crash_step(void *state, uint64_t k)
{
	(void)state;
	(void)k;
	raise(SIGSEGV);
	return 0;
}

static uint64_t
no_workspace(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	(void)round;
	return 0;
}

static uint64_t
one_array(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(p->n * sizeof(double));
}

static double
dot_flops(const params_t *p)
{
	return 5.0 * (double)p->n * (double)p->extra[0];
}

static double
dot_bytes(const params_t *p)
{
	return 16.0 * (double)p->n * (double)p->extra[0];
}

#define DOT_VARIANT(id, label, desc, formula, model, fn)                       \
	static const variant_t dot_##id = {                                    \
	    .name = label,                                                     \
	    .workload = &dot_workload,                                         \
	    .description = desc,                                               \
	    .idiom = "C loop",                                                 \
	    .model_formula = formula,                                          \
	    .model_bytes = model,                                              \
	    .setup = dot_setup,                                                \
	    .reset = dot_reset,                                                \
	    .step = fn,                                                        \
	    .digest = dot_digest,                                              \
	    .teardown = dot_teardown,                                          \
	    .flops = dot_flops,                                                \
	    .bytes = dot_bytes,                                                \
	}

DOT_VARIANT(
    fused, "fused", "one pass, no workspace", "0", no_workspace, fused_step);
DOT_VARIANT(temporary, "temporary", "products in a fresh array, then summed",
    "8N", one_array, temporary_step);
DOT_VARIANT(crash, "crash", "dies in its step (tests only)", "0", no_workspace,
    crash_step);

static const workload_t *const dot_workloads[] = {&dot_workload, NULL};
static const variant_t *const dot_variants[] = {
    &dot_fused, &dot_temporary, &dot_crash, NULL};

const fb_plugin_t fusebench_plugin =
    FB_PLUGIN("example", dot_workloads, dot_variants);
