/* rp_workloads: the registration table (see rp_workloads.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_interp.h"
#include "rp_jax.h"
#include "rp_scaling.h"
#include "rp_text.h"
#include "rp_workloads.h"

const rp_workload_t rp_workloads[] = {
    {
	.name = "interp",
	.question = RP_QUESTION_MEMORY,
	.section = rp_interp_write,
	.sets =
	    {
		.main = "interp-main*",
		.scale = "interp-scale",
		.scale_all = "interp-scale*",
		.all = "interp*",
		.chunk = "interp-chunk",
		.seed = "interp-seed",
		.seed_all = "interp-seed*",
		.glibc = "interp-glibc*",
		.eager_m = "interp-eager-m",
		.threads = "interp-threads*",
		.threads_main = "interp-threads",
		.threads_goal = "goal-interp-sorted",
		.jax = "jax-interp",
		.jax_c = "jax-c-interp*",
		.jax_scale = "jax-interp-scale",
		.jax_all = "jax-interp*",
	    },
	.array_dims = "n m",
	.per_step = 0,
	.jax_param = "params.m",
	.jax_letter = "M",
	.jax_after = rp_jax_interp_after,
	.jaxpr_what = "the question's program against the answer's rewrite "
		      "(the sum moved into the inner map)",
	.threads_after = rp_scaling_interp_after,
	.explain = "interp-question",
	.explain_program = "question",
	.explain_what = "the interp question's program, un-jitted",
    },
    {
	.name = "colony",
	.question = RP_QUESTION_SPEED,
	.section = rp_colony_write,
	.sets =
	    {
		.main = "colony-main*",
		.scale = "colony-scale",
		.scale_all = "colony-scale*",
		.cells = "colony-cells",
		.cells_all = "colony-cells*",
		.spread = "colony-spread*",
		.threads = "colony-threads*",
		.threads_goal = "colony-threads-cells",
		.jax = "jax-colony",
		.jax_c = "jax-c-colony*",
		.jax_large = "jax-colony-large",
		.jax_c_large = "jax-c-large-colony",
	    },
	.array_dims = "n n",
	.per_step = 1,
	.jax_param = "params.steps",
	.jax_letter = "K",
	.jax_after = rp_jax_colony_after,
	.jaxpr_what = "the double-vmap step against the per-particle sum",
	.explain = "colony-step",
	.explain_program = "step_eager",
	.explain_what = "one colony step with the double vmap, un-jitted",
    },
    {.name = NULL},
};

const rp_workload_t *
rp_workload_find(const char *w)
{
	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++)
		if (w != NULL && strcmp(k->name, w) == 0)
			return k;
	return NULL;
}

const rp_workload_t *
rp_workload_question(rp_question_t q)
{
	static const rp_workload_t none = {.name = ""};

	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++)
		if (q != RP_QUESTION_NONE && k->question == q)
			return k;
	return &none;
}

double
rp_workload_array_bytes(const char *w, const json_t *params)
{
	const rp_workload_t *k = rp_workload_find(w);
	char dims[64], *save = NULL, *p;
	double b = 4;

	if (k == NULL)
		return NAN;
	snprintf(dims, sizeof(dims), "%s", k->array_dims);
	for (p = strtok_r(dims, " ", &save); p != NULL;
	     p = strtok_r(NULL, " ", &save))
		b *= rp_num(params, p);
	return b;
}

const char *
rp_workload_fig(const rp_workload_t *w, const char *what)
{
	static char buf[RP_TEXT_ROTATE][64];
	static unsigned turn;
	char *b = buf[turn++ % RP_TEXT_ROTATE];

	snprintf(b, 64, "fig-%s-%s", w->name, what);
	return b;
}

int
rp_workload_per_step(const char *w)
{
	const rp_workload_t *k = rp_workload_find(w);

	return k != NULL && k->per_step;
}
