/*
 * minimal: the smallest plugin there is, and the one docs show: a workload
 * with only its required entries (the sum 1 + 2 + ... + N) and one variant
 * with only setup, step, digest and teardown. Every optional callback is
 * NULL, so the harness's defaults apply: one step a run, N units, no input
 * bytes, nothing to reset, no flop or byte count, and no model (the
 * summary says "no model", the result has no memory.model_bytes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

static void
sum_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 1000;
}

static int
sum_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 1ULL << 32, msg, msglen);
}

/* The exact sum N (N + 1) / 2, as a double. */
static int
sum_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n * (double)(p->n + 1) / 2;
	return 0;
}

static int
sum_validate(const params_t *p, const double *got, const double *ref, char *msg,
    size_t msglen)
{
	(void)p;
	if (got[0] == ref[0])
		return 0;
	snprintf(msg, msglen, "sum %.17g, reference %.17g", got[0], ref[0]);
	return -1;
}

static const workload_t sum_workload = {
    .name = "sum",
    .description = "1 + 2 + ... + N (the minimal plugin)",
    .params = "n",
    .unit = "term",
    .digest_count = 1,
    .digest_names = {"sum"},
    .defaults = sum_defaults,
    .check = sum_check,
    .reference = sum_reference,
    .validate = sum_validate,
};

typedef struct sum_state_s {
	uint64_t n;
	double sum;
} sum_state_t;

static int
sum_setup(const params_t *p, void **state)
{
	sum_state_t *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return -1;
	st->n = p->n;
	*state = st;
	return 0;
}

static int
sum_step(void *state, uint64_t k)
{
	sum_state_t *st = state;
	double s = 0;

	(void)k;
	for (uint64_t i = 1; i <= st->n; i++)
		s += (double)i;
	st->sum = s;
	return 0;
}

static void
sum_digest(void *state, double *digest)
{
	digest[0] = ((sum_state_t *)state)->sum;
}

static void
sum_teardown(void *state)
{
	free(state);
}

static const variant_t sum_loop = {
    .name = "loop",
    .workload = &sum_workload,
    .description = "one loop",
    .setup = sum_setup,
    .step = sum_step,
    .digest = sum_digest,
    .teardown = sum_teardown,
};

static const workload_t *const workloads[] = {&sum_workload, NULL};
static const variant_t *const variants[] = {&sum_loop, NULL};

const fb_plugin_t fusebench_plugin = FB_PLUGIN("minimal", workloads, variants);
