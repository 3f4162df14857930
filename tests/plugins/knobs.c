/*
 * knobs: a plugin workload with six parameters of its own (alpha ...
 * zeta), more than the four the harness once allowed, so the tests can
 * sweep over two of them and find all six in the CSV, compare's key and
 * the --resume match. Its digest weighs each parameter by its own power
 * of ten, so a value that did not reach the variant shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

static const param_decl_t knob_params[] = {
    {"alpha", "first knob", 0, 9, 1, 0, NULL, 0},
    {"beta", "second knob", 0, 9, 2, 0, NULL, 0},
    {"gamma", "third knob", 0, 9, 3, 0, NULL, 0},
    {"delta", "fourth knob", 0, 9, 4, 0, NULL, 0},
    {"epsilon", "fifth knob", 0, 9, 5, 0, NULL, 0},
    {"zeta", "sixth knob", 0, 9, 6, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, 0, NULL, 0},
};

static void
knobs_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 100;
}

static int
knobs_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 1u << 20, msg, msglen);
}

/* n + alpha * 10 + beta * 100 + ... + zeta * 10^6. */
static double
knobs_value(const params_t *p)
{
	double v = (double)p->n, w = 10;

	for (int i = 0; i < 6; i++, w *= 10)
		v += (double)p->extra[i] * w;
	return v;
}

static int
knobs_reference(const params_t *p, double *digest)
{
	digest[0] = knobs_value(p);
	return 0;
}

static int
knobs_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	if (got[0] == ref[0])
		return 0;
	snprintf(msg, msglen, "value %.17g, reference %.17g", got[0], ref[0]);
	return -1;
}

static const workload_t knobs_workload = {
    .name = "knobs",
    .description = "six parameters of its own (a test plugin)",
    .params = "n",
    .unit = "knob",
    .digest_count = 1,
    .digest_names = {"value"},
    .defaults = knobs_defaults,
    .check = knobs_check,
    .reference = knobs_reference,
    .validate = knobs_validate,
    .extra_params = knob_params,
};

static int
knobs_setup(const params_t *p, void **state)
{
	params_t *mine = malloc(sizeof(*mine));

	if (mine == NULL)
		return -1;
	*mine = *p;
	*state = mine;
	return 0;
}

static int
knobs_step(void *state, uint64_t k)
{
	(void)state;
	(void)k;
	return 0;
}

static void
knobs_digest(void *state, double *digest)
{
	digest[0] = knobs_value(state);
}

static void
knobs_teardown(void *state)
{
	free(state);
}

static const variant_t knobs_turn = {
    .name = "turn",
    .workload = &knobs_workload,
    .description = "reads its six knobs",
    .setup = knobs_setup,
    .step = knobs_step,
    .digest = knobs_digest,
    .teardown = knobs_teardown,
};

static const workload_t *const workloads[] = {&knobs_workload, NULL};
static const variant_t *const variants[] = {&knobs_turn, NULL};

const fb_plugin_t fusebench_plugin = FB_PLUGIN("knobs", workloads, variants);
