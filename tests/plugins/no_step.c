/*
 * no_step: a plugin whose variant lacks a required callback (step); the
 * harness must refuse it naming the callback.
 */
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

static void
nostep_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 10;
}

static int
nostep_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 100, msg, msglen);
}

static int
nostep_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n;
	return 0;
}

static int
nostep_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	(void)msg;
	(void)msglen;
	return got[0] == ref[0] ? 0 : -1;
}

static const workload_t nostep_workload = {
    .name = "nostep",
    .description = "a variant without its step",
    .params = "n",
    .unit = "item",
    .digest_count = 1,
    .digest_names = {"n"},
    .defaults = nostep_defaults,
    .check = nostep_check,
    .reference = nostep_reference,
    .validate = nostep_validate,
};

static int
nostep_setup(const params_t *p, void **state)
{
	(void)p;
	*state = NULL;
	return 0;
}

static void
nostep_digest(void *state, double *digest)
{
	(void)state;
	digest[0] = 0;
}

static void
nostep_teardown(void *state)
{
	(void)state;
}

static const variant_t nostep_broken = {
    .name = "broken",
    .workload = &nostep_workload,
    .setup = nostep_setup,
    .digest = nostep_digest,
    .teardown = nostep_teardown,
};

static const workload_t *const workloads[] = {&nostep_workload, NULL};
static const variant_t *const variants[] = {&nostep_broken, NULL};

const fb_plugin_t fusebench_plugin = FB_PLUGIN("no_step", workloads, variants);
