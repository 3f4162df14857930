/*
 * rp_workloads: the registration table and the figure table, the one file
 * that spells the workloads' names and their sets (see rp_workloads.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_figure_refs.h"
#include "rp_interp.h"
#include "rp_jax.h"
#include "rp_jax_programs.h"
#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_threads.h"
#include "rp_workloads.h"

/* The memory question's reported peak, marked on its memory figure: the
 * spec's 12*N*M*4 bytes at 1e6 x 300. */
#define QUESTION_PEAK "1.44e+10"

/* The fast C variants' schedules written in JAX (variants/jax). */
static const char *const interp_jax_fixes[] = {
    "hoisted", "hoisted_map", "hoisted_cache", "sorted", "scan", NULL};
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
	.jax_param = RP_F_M,
	.jax_letter = "M",
	.jax_after = rp_jax_interp_after,
	.jaxpr_what = "the question's program against the answer's rewrite "
		      "(the sum moved into the inner map)",
	.jax_jitted = "question_jit",
	.jax_fixes = interp_jax_fixes,
	.jax_asked = "question",
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
		.main = "colony-main*",
		.scale = "colony-scale",
		.scale_all = "colony-scale*",
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
	static const size_t at[RP_ROLE_COUNT] = {
	    [RP_ROLE_BASELINE] = offsetof(rp_workload_t, baseline),
	    [RP_ROLE_OP_BY_OP] = offsetof(rp_workload_t, op_by_op),
	    [RP_ROLE_FUSED] = offsetof(rp_workload_t, fused),
	    [RP_ROLE_CHUNKED] = offsetof(rp_workload_t, chunked),
	    [RP_ROLE_REUSE] = offsetof(rp_workload_t, reuse),
	    [RP_ROLE_SHARED_GRID] = offsetof(rp_workload_t, shared_grid),
	    [RP_ROLE_BY_CELL] = offsetof(rp_workload_t, by_cell),
	    [RP_ROLE_CELL_LISTS] = offsetof(rp_workload_t, cell_lists),
	};

	if (w == NULL || (unsigned)role >= RP_ROLE_COUNT)
		return NULL;
	return *(const char *const *)((const char *)w + at[role]);
}

size_t
rp_workload_main_runs(const rp_data_t *D, rp_variant_run_t *out, size_t cap)
{
	size_t n = 0;

	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++) {
		const char *vs[RP_DATA_MAX_VARIANTS];
		size_t nv = rp_data_variants(
		    D, k->name, NULL, vs, RP_DATA_MAX_VARIANTS);
		for (size_t i = 0; i < nv && n < cap; i++, n++) {
			rp_query_t q = {.workload = k->name,
			    .variant = vs[i],
			    .any_status = 1};
			out[n].workload = k->name;
			out[n].variant = vs[i];
			out[n].main = rp_data_main_run(D, k->name, vs[i]);
			out[n].any = out[n].main != NULL ? out[n].main
							 : rp_data_find(D, &q);
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

	snprintf(b, RP_TEXT_BUF, "fig-%s-%s", w->name, what);
	return b;
}

void
rp_workload_figure_facts(
    rp_report_t *R, const rp_workload_t *w, const char *fig, const char *what)
{
	char name[RP_FACTS_NAME_MAX];

	snprintf(name, sizeof(name), "part.%s.figure.%s", w->name, what);
	rp_report_figure_facts(R, fig, name);
}

void
rp_workload_rows_facts(rp_report_t *R, const rp_workload_t *w, double nq,
    const char *const *vs, size_t nv, int base_run)
{
	rp_facts_t *F = &R->facts;
	const json_t *base = rp_data_main_run(&R->data, w->name, w->baseline);
	char why[512], p[RP_FACTS_NAME_MAX], sp[RP_FACTS_NAME_MAX];

	rp_fact_str(F, w->baseline, base, "part.%s.baseline", w->name);
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		rp_query_t q = {.set = w->sets.main,
		    .workload = w->name,
		    .variant = vs[i],
		    .n = nq,
		    .alloc = RP_ALLOC_JEMALLOC};
		snprintf(p, sizeof(p), "part.%s.%s", w->name, vs[i]);
		snprintf(sp, sizeof(sp), "part.%s.%s.speedup", w->name, vs[i]);
		rp_facts_name_clean(sp);
		rp_fact_num(F, RP_FACT_RATIO,
		    rp_field(base, RP_F_TIME_MEDIAN) /
			rp_field(r, RP_F_TIME_MEDIAN),
		    r, "%s", sp);
		if (base_run)
			rp_fact_add_run(F, base, sp);
		rp_fact_str(F, r != NULL ? rp_report_warning_notes(R, r) : NULL,
		    r, "%s.warnings", p);
		rp_fact_str(F,
		    r == NULL
			? rp_data_why_missing(&R->data, &q, why, sizeof(why))
			: NULL,
		    NULL, "%s.missing", p);
	}
}

const char *
rp_workload_units(void)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (const rp_workload_t *k = rp_workloads;
	     k->name != NULL && len < sizeof(buf); k++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
		    "%s%s: %s", len ? "; " : "", k->name,
		    k->per_step ? "one step" : "the whole program");
	return buf;
}

int
rp_workload_per_step(const char *w)
{
	const rp_workload_t *k = rp_workload_find(w);

	return k != NULL && k->per_step;
}

/* ---- the figures, in the order they are numbered (rp_figure.h) ---- */

const rp_fig_t rp_figures[] = {
    {
	.name = "fig-interp-timeline",
	.title = "interp: allocator live bytes during the first (cold) run",
	.source = RP_SRC_TIMELINE,
	.sets = "interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "time since the run began (s)",
	.ylabel = "live bytes above those before the run",
	.settings =
	    "set format y '%.0s %cB'\nset arrow from graph 0, first 1000 "
	    "to graph 1, first 1000 nohead dt 4 lw 1.5 lc rgb "
	    "'black'\nset label 'under 1 kB (0 B included) is drawn "
	    "on this line' at graph 0.02, first 1000 offset 0,0.7 font "
	    "',10'\n",
	.cols = {{.name = "seconds", .floor = 1e-4},
	    {.name = "live bytes", .floor = 1e3}},
	.block = "l",
	.series = "{b} using 1:2 with steps lw 2 lc {c} title '{v}'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no timelines in the data",
    },
    {
	.name = "fig-interp-memory",
	.title = "interp: peak workspace against N (M fixed)",
	.source = RP_SRC_SCALING,
	.sets = "interp-scale interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "N (evaluation points)",
	.ylabel = "peak workspace",
	.settings = RP_FIG_XFIX "set format y '%.0s %cB'\nset format x '%.0e'\n"
				"set yrange [300:5e10]\n",
	.cols = {RP_FIG_COL_N, RP_FIG_COL_PEAK, RP_FIG_COL_MODEL},
	.block = "m",
	.after_data = "set arrow from graph 0, first " QUESTION_PEAK
		      " to graph 1, first " QUESTION_PEAK
		      " nohead dt 2 lw 2 lc rgb 'black'\nset label 'the "
		      "question: about 14 GB (12*N*M*4 at N=1e6, M=300)' at "
		      "graph 0.02, first " QUESTION_PEAK
		      " offset 0,0.7\n" RP_FIG_BYTES_FLOOR_LINES,
	.series = "{b} using 1:2 with points pt {p} ps 1.6 lw 2 lc {c} title "
		  "'{v} measured', {b} using 1:3 with lines dt 2 lw 1.5 lc {c} "
		  "title '{v} model'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no interp scaling data",
    },
    {
	.name = "fig-interp-time",
	.title = "interp: median time against N (M fixed)",
	.source = RP_SRC_SCALING,
	.sets = "interp-scale interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "N (evaluation points)",
	.ylabel = "median time per run (s)",
	.settings = RP_FIG_XFIX "set format x '%.0e'\n",
	.cols = {RP_FIG_COL_N, {.field = RP_F_TIME_MEDIAN},
	    {.field = RP_F_TIME_MIN, .fallback = RP_F_TIME_MEDIAN},
	    {.field = RP_F_TIME_MAX, .fallback = RP_F_TIME_MEDIAN}},
	.block = "t",
	.series = "{b} using 1:2:3:4 with yerrorlines pt {p} ps 1.3 lw 1.5 lc "
		  "{c} title '{v}'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no interp scaling data",
	.decorate = rp_figure_refs_interp_time,
    },
    {
	.name = "fig-interp-chunk",
	.title = "interp: the chunk size as a memory-time trade-off",
	.source = RP_SRC_RUNS,
	.sets = "interp-chunk interp-main*",
	.workload = "interp",
	.variants = "chunked",
	.logscale = "x",
	.xlabel = "peak workspace",
	.ylabel = "median time per run (s)",
	.settings = "set format x '%.0s %cB'\nset autoscale xfix\nset offsets "
		    "graph 0.06, graph 0.06, graph 0.1, graph 0.1\n",
	.cols = {RP_FIG_COL_PEAK, {.field = RP_F_TIME_MEDIAN}},
	.label = RP_LABEL_NUMBER,
	.label_field = RP_F_CHUNK,
	.label_fmt = "\"B=%.0f\"",
	.block = "c",
	.series = "{b} using 1:2 with linespoints pt 6 ps 1.5 lw 2 lc rgb "
		  "chunked_colour title 'chunked (B points at a time)', {b} "
		  "using 1:2:3 with labels offset 0,1 notitle",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no chunk sweep in the data",
	.decorate = rp_figure_refs_chunk,
    },
    {
	.name = "fig-roofline",
	.title = "interp: roofline with this machine's measured ceilings (one "
		 "core)",
	.source = RP_SRC_SCALING,
	.sets = "interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "arithmetic intensity (FLOP per byte the schedule moves)",
	.ylabel = "GFLOP/s",
	.settings = "set yrange [0.1:1000]\nset samples 400\n",
	.cols = {{.field = RP_F_INTENSITY}, {.field = RP_F_GFLOPS},
	    {.name = "model", .of = rp_limiter_roof}},
	.block = "v",
	/* Each variant's point, and the roof of its limiter (the GFLOP/s
	 * its largest model term alone would allow) as a bar over it. */
	.series = "{b} using 1:2 with points pt {p} ps 2 lw 2 lc {c} title "
		  "'{v}', {b} using 1:3:($1/1.8):($1*1.8) with xerrorbars pt "
		  "0 lw 3 lc {c} notitle",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no interp runs in the data",
	.decorate = rp_figure_refs_roofline,
    },
    {
	.name = "fig-colony-time",
	.title = "colony: time per step against N",
	.source = RP_SRC_SCALING,
	.sets = "colony-scale colony-cells",
	.workload = "colony",
	.logscale = "xy",
	.xlabel = "N (bacteria)",
	.ylabel = "median time per step (s)",
	.settings = RP_FIG_XFIX "set logscale x 2\n",
	.cols = {RP_FIG_COL_N, {.field = RP_F_STEPS_MEDIAN}},
	.block = "t",
	.fit = 1,
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.4 lw 1.5 lc {c} "
		  "title '{v} ({k})'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no colony scaling data",
	.decorate = rp_figure_refs_colony_time,
    },
    {
	.name = "fig-colony-memory",
	.title = "colony: peak workspace against N",
	.source = RP_SRC_SCALING,
	.sets = "colony-scale colony-cells",
	.workload = "colony",
	.logscale = "xy",
	.xlabel = "N (bacteria)",
	.ylabel = "peak workspace",
	.settings =
	    RP_FIG_XFIX "set logscale x 2\nset format y '%.0s %cB'\nset yrange "
			"[300:*]\n",
	.after_data = RP_FIG_BYTES_FLOOR_LINES,
	.cols = {RP_FIG_COL_N, RP_FIG_COL_PEAK, RP_FIG_COL_MODEL},
	.block = "m",
	.fit = 1,
	.fit_min = 65536,
	.series = "{b} using 1:2 with points pt {p} ps 1.6 lw 2 lc {c} title "
		  "'{v} measured ({k})', {b} using 1:3 with lines dt 3 lc {c} "
		  "title '{v} model'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no colony scaling data",
    },
    {
	.name = "fig-colony-spread",
	.title = "colony: the time of every step of one run",
	.source = RP_SRC_STEPS,
	.sets = "colony-spread*",
	.workload = "colony",
	.logscale = "y",
	.xlabel = "step of the run (0: the very first)",
	.ylabel = "step time (s)",
	.cols = {{.name = "step", .fmt = "%.0f"}, {.name = "seconds"}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 0.8 lc {c} title "
		  "'{v}'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no spread runs in the data",
    },
    {
	.name = "fig-cold-warm",
	.title = "first (cold) run time over the median of the timed runs",
	.source = RP_SRC_MAIN,
	.sets = "interp-main* colony-main*",
	.settings =
	    "set style data histograms\nset style fill solid 0.6 "
	    "border -1\nset boxwidth 0.8\nset ylabel 'cold time / "
	    "median time (ratio)'\nset xtics rotate by -35 noenhanced\nset "
	    "yrange [0:*]\nset key off\n",
	.cols = {{.field = RP_F_TIME_COLD, .divide_by = RP_F_TIME_MEDIAN}},
	.timed_only = 1,
	.label = RP_LABEL_W_VARIANT,
	.block = "r",
	.series = "{b} using 2:xtic(1) lc 4, 1 with lines dt 2 lc rgb 'black'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no timed runs in the data",
    },
    {
	/* The model's prediction in the four parts its rule adds, each over
	 * the measured median: a bar's top is predicted / measured, the
	 * dashed line at 1 the measured time. */
	.name = "fig-model-terms",
	.title = "where each variant's time goes: the time model's terms over "
		 "the measured median (one core)",
	.source = RP_SRC_MAIN,
	.sets = "interp-main* colony-main*",
	.settings =
	    "set style data histograms\nset style histogram rowstacked\n"
	    "set style fill solid 0.7 border -1\nset boxwidth 0.75\n"
	    "set ylabel 'predicted seconds / measured median'\nset xtics "
	    "rotate by -35 noenhanced\nset yrange [0:2]\nset key inside "
	    "left top box opaque\n",
	.cols = {{.name = "in_core",
		     .of = rp_limiter_model_part,
		     .divide_by = RP_F_TIME_MEDIAN},
	    {.name = "caches",
		.of = rp_limiter_model_part,
		.divide_by = RP_F_TIME_MEDIAN},
	    {.name = "dram",
		.of = rp_limiter_model_part,
		.divide_by = RP_F_TIME_MEDIAN},
	    {.name = "faults",
		.of = rp_limiter_model_part,
		.divide_by = RP_F_TIME_MEDIAN}},
	.timed_only = 1,
	.label = RP_LABEL_W_VARIANT,
	.block = "t",
	.series = "{b} using 2:xtic(1) lc rgb '#0072B2' title 'in-core "
		  "(compute, gathers, loads overlapped, plus the loops beside "
		  "the hot loop)', {b} "
		  "using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', {b} "
		  "using 4 lc rgb '#E69F00' title 'DRAM transfers', {b} using "
		  "5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 "
		  "lw 2 lc rgb 'black' title 'measured median'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no run with the time model (--model) in the data",
    },
    {
	.name = "fig-interp-threads",
	.title = "interp: speed-up against threads",
	.source = RP_SRC_SCALING,
	.sets = "interp-threads*",
	.workload = "interp",
	.xlabel = "threads (T)",
	.ylabel = "speed-up (time at 1 thread / time at T)",
	.settings = NULL,
	.cols = {{.field = RP_F_THREADS}, {.field = RP_F_TIME_MEDIAN}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.5 lw 2 lc {c} "
		  "title '{v}'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no interp runs with threads",
	.decorate = rp_figure_refs_threads,
    },
    {
	.name = "fig-colony-threads",
	.title = "colony: speed-up against threads",
	.source = RP_SRC_SCALING,
	.sets = "colony-threads*",
	.workload = "colony",
	.xlabel = "threads (T)",
	.ylabel = "speed-up (time per step at 1 thread / at T)",
	.settings = NULL,
	.cols = {{.field = RP_F_THREADS}, {.field = RP_F_STEPS_MEDIAN}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.5 lw 2 lc {c} "
		  "title '{v}'",
	.sep = RP_FIG_EACH_LINE,
	.empty = "no colony runs with threads",
	.decorate = rp_figure_refs_threads,
    },
};

const size_t rp_figures_count = sizeof(rp_figures) / sizeof(rp_figures[0]);
