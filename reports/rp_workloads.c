/* rp_workloads: the registration table and the figure table. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_interp.h"
#include "rp_jax_programs.h"
#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_threads.h"
#include "rp_workloads.h"

/* The fast C variants' schedules written in JAX (variants/jax). */
static const char *const interp_jax_fixes[] = {
    "hoisted", "hoisted_map", "hoisted_cache", "sorted", "scan", "gram", NULL};
static const char *const colony_jax_fixes[] = {"chunked", "cells", NULL};

static const rp_workload_t registered[] = {
    {
	.name = "interp",
	.question = RP_QUESTION_MEMORY,
	.facts = rp_interp_facts,
	.baseline = "materialized",
	.op_by_op = "eager",
	.fused = "fused",
	.chunked = "chunked",
	.shared_grid = "hoisted",
	.by_cell = "sorted",
	.why = {{"fused", "materialized"}, {"tiled", "materialized"},
	    {"tiled", "fused"}},
	.sets =
	    {
		.main = RP_DATA_MAIN_SETS("interp"),
		.scale_all = "interp-scale*",
		.all = "interp*",
		.chunk = "interp-chunk",
		.seed_all = "interp-seed*",
		.glibc = "interp-glibc*",
		.eager_m = "interp-eager-m",
		.threads = "interp-threads*",
		.threads_main = "interp-threads",
		.threads_goal = "goal-interp-sorted",
		.jax = "jax-interp",
		.jax_c = "jax-c-interp*",
		.jax_c_one = "jax-c-interp",
		.jax_c_threads = "jax-c-interp-threads",
		.jax_scale = "jax-interp-scale",
		.jax_all = "jax-interp*",
	    },
	.array_dims = "n m",
	.per_step = 0,
	.jax_param = RP_F_M,
	.jax_letter = "M",
	.jax_after = rp_jax_interp_after,
	.jaxpr_what = "the question's program against the answer's rewrite "
		      "(the sum moved into the inner map)",
	.jax_jitted = "question_jit",
	.jax_fixes = interp_jax_fixes,
	.jax_asked = "question",
	.jax_map = "lax_map",
	.threads_after = rp_threads_interp_after,
	.explain = "interp-question",
	.explain_program = "question",
	.explain_what = "the interp question's program, un-jitted",
    },
    {
	.name = "colony",
	.question = RP_QUESTION_SPEED,
	.facts = rp_colony_facts,
	.baseline = "naive",
	.op_by_op = "eager",
	.fused = "fused",
	.chunked = "chunked",
	.reuse = "naive-reuse",
	.cell_lists = "cells",
	.why = {{"fused", "naive"}},
	.sets =
	    {
		.main = RP_DATA_MAIN_SETS("colony"),
		.scale_all = "colony-scale*",
		.spread = "colony-spread*",
		.threads = "colony-threads*",
		.threads_main = "colony-threads",
		.threads_goal = "colony-threads-cells",
		.jax = "jax-colony",
		.jax_c = "jax-c-colony*",
		.jax_c_one = "jax-c-colony",
		.jax_c_threads = "jax-c-colony-threads",
		.jax_large = "jax-colony-large",
		.jax_c_large = "jax-c-large-colony",
	    },
	.array_dims = "n n",
	.per_step = 1,
	.jax_param = RP_F_STEPS,
	.jax_letter = "K",
	.jax_after = rp_jax_colony_after,
	.jaxpr_what = "the double-vmap step against the per-particle sum",
	.jax_jitted = "step",
	.jax_fixes = colony_jax_fixes,
	.jax_pair = "pair",
	.jax_loop = "loop",
	.jax_fori = "fori",
	.explain = "colony-step",
	.explain_program = "step_eager",
	.explain_what = "one colony step with the double vmap, un-jitted",
    },
    {.name = NULL},
};

const rp_workload_t *rp_workloads = registered;

void
rp_workloads_facts(rp_report_t *R)
{
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++)
		w->facts(R, w);
}

const rp_workload_t *
rp_workload_find(const char *w)
{
	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++)
		if (w != NULL && strcmp(k->name, w) == 0)
			return k;
	return NULL;
}

int
rp_workload_jax_set(const rp_workload_t *w, const char *set)
{
	static const rp_workload_sets_t none = {NULL};
	const rp_workload_sets_t *s = w != NULL ? &w->sets : &none;
	const char *const jax[] = {s->jax, s->jax_c, s->jax_scale, s->jax_all,
	    s->jax_large, s->jax_c_large, s->jax_c_one, s->jax_c_threads};

	for (size_t i = 0; i < sizeof(jax) / sizeof(jax[0]); i++)
		if (jax[i] != NULL && rp_data_set_matches(jax[i], set))
			return 1;
	return 0;
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

const char *
rp_workload_role(const rp_workload_t *w, rp_role_t role)
{
	return w != NULL && (unsigned)role < RP_ROLE_COUNT ? w->role[role]
							   : NULL;
}

size_t
rp_workload_main_runs(const rp_data_t *D, const json_t **out, size_t cap)
{
	size_t n = 0;

	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++) {
		const char *vs[RP_DATA_MAX_VARIANTS];
		size_t nv = rp_data_variants(
		    D, k->name, NULL, vs, RP_DATA_MAX_VARIANTS);
		for (size_t i = 0; i < nv && n < cap; i++) {
			out[n] = rp_data_main_run(D, k->name, vs[i]);
			n += out[n] != NULL; /* kept only when there is one */
		}
	}
	return n;
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
	char *b = rp_text_buf();

	snprintf(
	    b, RP_TEXT_BUF, "fig-%s%s%s", w->name, w->name[0] ? "-" : "", what);
	return b;
}

void
rp_workload_figure_facts(
    rp_report_t *R, const rp_workload_t *w, const char *fig, const char *what)
{
	char name[RP_FACTS_NAME_MAX];

	snprintf(name, sizeof(name), "part.%s.figure.%s", w->name, what);
	rp_report_figure_facts(
	    R, fig != NULL ? fig : rp_workload_fig(w, what), name);
}

void
rp_workload_rows_facts(rp_report_t *R, const rp_workload_t *w, double nq,
    const char *const *vs, size_t nv, int base_run)
{
	rp_facts_t *F = &R->facts;
	const json_t *base = rp_data_main_run(&R->data, w->name, w->baseline);
	char why[512], p[RP_FACTS_NAME_MAX];

	rp_fact_str(F, w->baseline, base, "part.%s.baseline", w->name);
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		rp_query_t q = {.set = w->sets.main,
		    .workload = w->name,
		    .variant = vs[i],
		    .n = nq,
		    .alloc = RP_ALLOC_JEMALLOC};
		snprintf(p, sizeof(p), "part.%s.%s", w->name, vs[i]);
		rp_fact_num2(F, RP_FACT_RATIO,
		    rp_field(base, RP_F_TIME_MEDIAN) /
			rp_field(r, RP_F_TIME_MEDIAN),
		    r, base_run ? base : NULL, "%s.speedup", p);
		rp_fact_str(F, r != NULL ? rp_report_warning_notes(R, r) : NULL,
		    r, "%s.warnings", p);
		rp_fact_str(F,
		    r == NULL
			? rp_data_why_missing(&R->data, &q, why, sizeof(why))
			: NULL,
		    NULL, "%s.missing", p);
	}
}

/* ---- the figures, in the order they are numbered (rp_figure.h) ---- */

/* A column of fig-model-terms: one part of the model's prediction over
 * the measured median. */
#define MODEL_PART(part)                                                       \
	{                                                                      \
		.name = part, .of = rp_limiter_model_part,                     \
		.divide_by = RP_F_TIME_MEDIAN                                  \
	}

/* The B a chunked run used (rp_data_chunk), as a column. */
static double
chunk_column(const json_t *r, const char *name)
{
	return rp_data_chunk(r);
}

const rp_fig_t rp_figures[] = {
    {
	.name = "fig-interp-timeline",
	.source = RP_SRC_TIMELINE,
	.sets = "interp-main*",
	.workload = "interp",
	.cols = {{.name = "seconds", .floor = 1e-4},
	    {.name = "live bytes", .floor = 1e3}},
	.block = "l",
    },
    {
	.name = "fig-interp-memory",
	.source = RP_SRC_SCALING,
	.sets = "interp-scale interp-main*",
	.workload = "interp",
	.cols = {RP_FIG_COL_N, RP_FIG_COL_PEAK, RP_FIG_COL_MODEL},
	.block = "m",
    },
    {
	.name = "fig-interp-time",
	.source = RP_SRC_SCALING,
	.sets = "interp-scale interp-main*",
	.workload = "interp",
	.cols = {RP_FIG_COL_N, {.field = RP_F_TIME_MEDIAN},
	    {.field = RP_F_TIME_MIN, .fallback = RP_F_TIME_MEDIAN},
	    {.field = RP_F_TIME_MAX, .fallback = RP_F_TIME_MEDIAN}},
	.block = "t",
	.decorate = rp_figure_refs_interp_time,
    },
    {
	.name = "fig-interp-chunk",
	.source = RP_SRC_RUNS,
	.sets = "interp-chunk interp-main*",
	.workload = "interp",
	.variants = "chunked",
	.cols = {RP_FIG_COL_PEAK, {.field = RP_F_TIME_MEDIAN},
	    {.of = chunk_column, .fmt = "\"B=%.0f\""}},
	.block = "c",
	.decorate = rp_figure_refs_chunk,
    },
    {
	.name = "fig-roofline",
	.source = RP_SRC_SCALING,
	.sets = "interp-main*",
	.workload = "interp",
	.largest_n = 1, /* the main run rp_figure_refs_roofline reads */
	.cols = {{.field = RP_F_INTENSITY}, {.field = RP_F_GFLOPS},
	    {.name = "model", .of = rp_limiter_roof}},
	.block = "v",
	.decorate = rp_figure_refs_roofline,
    },
    {
	.name = "fig-colony-time",
	.source = RP_SRC_SCALING,
	.sets = "colony-scale colony-cells colony-eager",
	.workload = "colony",
	.cols = {RP_FIG_COL_N, {.field = RP_F_STEPS_MEDIAN}},
	.block = "t",
	.fit = 1,
	.decorate = rp_figure_refs_colony_time,
    },
    {
	.name = "fig-colony-memory",
	.source = RP_SRC_SCALING,
	.sets = "colony-scale colony-cells colony-eager",
	.workload = "colony",
	.cols = {RP_FIG_COL_N, RP_FIG_COL_PEAK, RP_FIG_COL_MODEL},
	.block = "m",
	.fit = 1,
	.fit_min = 65536,
    },
    {
	.name = "fig-colony-spread",
	.source = RP_SRC_STEPS,
	.sets = "colony-spread*",
	.workload = "colony",
	.cols = {{.name = "step", .fmt = "%.0f"}, {.name = "seconds"}},
	.block = "s",
    },
    {
	.name = "fig-cold-warm",
	.source = RP_SRC_MAIN,
	.sets = "interp-main* colony-main*",
	.cols = {{.field = RP_F_TIME_COLD, .divide_by = RP_F_TIME_MEDIAN}},
	.block = "r",
    },
    {
	/* The model's prediction in the four parts its rule adds, each over
	 * the measured median: a bar's top is predicted / measured, the
	 * dashed line at 1 the measured time. */
	.name = "fig-model-terms",
	.source = RP_SRC_MAIN,
	.sets = "interp-main* colony-main*",
	.cols = {MODEL_PART("in_core"), MODEL_PART("caches"),
	    MODEL_PART("dram"), MODEL_PART("faults")},
	.block = "t",
    },
    {
	.name = "fig-interp-threads",
	.source = RP_SRC_SCALING,
	.sets = "interp-threads*",
	.workload = "interp",
	.largest_n = 1,
	.cols = {{.field = RP_F_THREADS}, {.field = RP_F_TIME_MEDIAN}},
	.block = "s",
	.decorate = rp_figure_refs_threads,
    },
    {
	.name = "fig-colony-threads",
	.source = RP_SRC_SCALING,
	.sets = "colony-threads*",
	.workload = "colony",
	.largest_n = 1,
	.cols = {{.field = RP_F_THREADS}, {.field = RP_F_STEPS_MEDIAN}},
	.block = "s",
	.decorate = rp_figure_refs_threads,
    },
};

const size_t rp_figures_count = sizeof(rp_figures) / sizeof(rp_figures[0]);
