/*
 * shapes: a plugin workload whose one parameter of its own is a choice
 * among names (--shape round|square|flat, default square), so the tests can
 * find a choice where the harness's choices go: parsed by name, refused
 * with the names it may be, written by name in the params object and the
 * CSV, and matched by name on --resume. Its digest is n * 10 + the
 * choice's index, so a value that did not reach the variant shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

static const char *const shape_names[] = {"round", "square", "flat", NULL};

static const param_decl_t shape_params[] = {
    {"shape", "the shape (a test of a choice)", 0, 0, 1, 0, shape_names, 0},
    {NULL, NULL, 0, 0, 0, 0, NULL, 0},
};

static void
shapes_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 10;
}

static int
shapes_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 1000, msg, msglen);
}

static int
shapes_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n * 10 + (double)p->extra[0];
	return 0;
}

static int
shapes_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	if (got[0] == ref[0])
		return 0;
	snprintf(msg, msglen, "value %.17g, reference %.17g", got[0], ref[0]);
	return -1;
}

static const workload_t shapes_workload = {
    .name = "shapes",
    .description = "one choice of its own (a test plugin)",
    .params = "n",
    .unit = "shape",
    .digest_count = 1,
    .digest_names = {"value"},
    .defaults = shapes_defaults,
    .check = shapes_check,
    .reference = shapes_reference,
    .validate = shapes_validate,
    .extra_params = shape_params,
};

static int
shapes_setup(const params_t *p, void **state)
{
	params_t *mine = malloc(sizeof(*mine));

	if (mine == NULL)
		return -1;
	*mine = *p;
	*state = mine;
	return 0;
}

static int
shapes_step(void *state, uint64_t k)
{
	(void)state;
	(void)k;
	return 0;
}

static void
shapes_digest(void *state, double *digest)
{
	shapes_reference(state, digest);
}

static void
shapes_teardown(void *state)
{
	free(state);
}

static const variant_t shapes_draw = {
    .name = "draw",
    .workload = &shapes_workload,
    .description = "reads its shape",
    .setup = shapes_setup,
    .step = shapes_step,
    .digest = shapes_digest,
    .teardown = shapes_teardown,
};

static const workload_t *const workloads[] = {&shapes_workload, NULL};
static const variant_t *const variants[] = {&shapes_draw, NULL};

const fb_plugin_t fusebench_plugin = FB_PLUGIN("shapes", workloads, variants);
