/*
 * rp_figtab: the report's figures as data (the table rp_figure.h declares),
 * in the order they are numbered, and the three decorations that depend on
 * named runs or on the machine's ceilings.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_figure.h"
#include "rp_text.h"

/* Continuation between two blocks' plot elements: one a line. */
#define EACH_LINE ", \\\n  "
/* The question's reported peak: the spec's 12*N*M*4 bytes at 1e6 x 300. */
#define QUESTION_PEAK "1.44e+10"

/* The chunk figure's references: materialized (one chunk of N) as a
 * point, fused's time as a line. */
static void
decorate_chunk(const rp_data_t *D, rp_plot_t *P)
{
	const json_t *mat =
	    rp_data_main(D, "interp-main*", "interp", "materialized");
	const json_t *fus = rp_data_main(D, "interp-main*", "interp", "fused");
	size_t len;

	if (mat != NULL) {
		snprintf(P->post, sizeof(P->post),
		    "$mat << EOD\n%.6g %.6g\nEOD\n",
		    rp_num(mat, "memory.peak_workspace_bytes"),
		    rp_num(mat, "time_s.median"));
		snprintf(P->suffix, sizeof(P->suffix),
		    ", $mat using 1:2 with points pt 5 ps 1.5 lc 2 title "
		    "'materialized'");
	}
	len = strlen(P->suffix);
	if (fus != NULL)
		snprintf(P->suffix + len, sizeof(P->suffix) - len,
		    ", %.6g with lines dt 2 lw 2 lc 3 title 'fused (workspace "
		    "%s)'",
		    rp_num(fus, "time_s.median"),
		    rp_text_fmt_bytes(
			rp_num(fus, "memory.peak_workspace_bytes")));
}

/* The roofline: the x range reaches a decade past the most intense
 * schedule, and the roof is min(triad bandwidth x I, FMA peak). */
static void
decorate_roofline(const rp_data_t *D, rp_plot_t *P)
{
	double bw = rp_num(D->ceilings, "triad_bytes_per_s") * 1e-9;
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	double xmax = 1000.0;

	for (int i = 0; i < P->nblocks; i++)
		for (size_t j = 0; j < P->blocks[i].nrows; j++)
			while (P->blocks[i].rows[j].v[0] * 3.0 > xmax)
				xmax *= 10.0;
	snprintf(P->pre, sizeof(P->pre), "set xrange [0.01:%g]\n", xmax);
	if (isnan(bw) || isnan(fma)) {
		snprintf(P->prefix, sizeof(P->prefix),
		    "1/0 title 'no ceilings.json in the data'");
		return;
	}
	snprintf(P->post, sizeof(P->post),
	    "roof(x) = (x * %.6g < %.6g) ? x * %.6g : %.6g\n", bw, fma, bw,
	    fma);
	snprintf(P->prefix, sizeof(P->prefix),
	    "roof(x) with lines lw 2 lc rgb 'black' title 'min(triad %.1f "
	    "GB/s x I, FMA %.1f GFLOP/s)'",
	    bw, fma);
}

/* Columns several figures share; a workspace of 0 B is drawn at 1 B. */
#define COL_N                                                                  \
	{                                                                      \
		.path = "params.n", .fmt = "%.0f"                              \
	}
#define COL_PEAK                                                               \
	{                                                                      \
		.path = "memory.peak_workspace_bytes", .floor = 1.0            \
	}
#define COL_MODEL                                                              \
	{                                                                      \
		.path = "memory.model_bytes", .floor = 1.0                     \
	}

const rp_fig_t rp_figures[] = {
    {
	.name = "fig-interp-memory",
	.title = "interp: peak workspace against N (M fixed)",
	.source = RP_SRC_SCALING,
	.sets = "interp-scale interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "N (evaluation points)",
	.ylabel = "peak workspace (bytes)",
	.settings = "set format y '%.0e'\nset format x '%.0e'\n"
		    "set yrange [0.5:1e11]\n",
	.cols = {COL_N, COL_PEAK, COL_MODEL},
	.block = "m",
	.after_data =
	    "set arrow from graph 0, first " QUESTION_PEAK
	    " to graph 1, first " QUESTION_PEAK
	    " nohead dt 2 lw 2 lc rgb 'red'\nset label 'the "
	    "question: about 14 GB (12*N*M*4 at N=1e6, M=300)' at "
	    "graph 0.02, first " QUESTION_PEAK " offset 0,0.7 tc rgb 'red'\n",
	.series = "{b} using 1:2 with points pt 7 ps 1.3 lc {c} title '{v} "
		  "measured', {b} using 1:3 with lines dt 2 lw 1.5 lc {c} "
		  "title '{v} model'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no interp scaling data'",
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
	.settings = "set format x '%.0e'\n",
	.cols = {COL_N, {.path = "time_s.median"},
	    {.path = "time_s.ci95.0", .fallback = "time_s.median"},
	    {.path = "time_s.ci95.1", .fallback = "time_s.median"}},
	.block = "t",
	.series = "{b} using 1:2:3:4 with yerrorlines pt 7 lc {c} title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no interp scaling data'",
    },
    {
	.name = "fig-interp-timeline",
	.title = "interp: allocator live bytes during the first (cold) run",
	.source = RP_SRC_TIMELINE,
	.sets = "interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "time since the run began (s)",
	.ylabel = "live bytes above those before the run",
	.settings = "set format y '%.0e'\n",
	.cols = {{.path = "seconds", .floor = 1e-4},
	    {.path = "live bytes", .floor = 1e3}},
	.block = "l",
	.series = "{b} using 1:2 with steps lw 2 lc {c} title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no timelines in the data'",
    },
    {
	.name = "fig-interp-chunk",
	.title = "interp: the chunk size as a memory-time trade-off",
	.source = RP_SRC_RUNS,
	.sets = "interp-chunk interp-main*",
	.workload = "interp",
	.variants = "chunked",
	.logscale = "x",
	.xlabel = "peak workspace (bytes)",
	.ylabel = "median time per run (s)",
	.settings = "set format x '%.0e'\nset offsets graph 0.05, graph 0.1, "
		    "graph 0.1, graph 0.1\n",
	.cols = {COL_PEAK, {.path = "time_s.median"}},
	.label = RP_LABEL_NUMBER,
	.label_path = "params.chunk",
	.label_fmt = "\"B=%.0f\"",
	.block = "c",
	.series = "{b} using 1:2 with linespoints pt 7 lc 4 title 'chunked (B "
		  "points at a time)', {b} using 1:2:3 with labels offset 0,1 "
		  "notitle",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no chunk sweep in the data'",
	.decorate = decorate_chunk,
    },
    {
	.name = "fig-roofline",
	.title = "interp: roofline with this machine's measured ceilings (one "
		 "core)",
	.source = RP_SRC_MAIN,
	.sets = "interp-main*",
	.workload = "interp",
	.logscale = "xy",
	.xlabel = "arithmetic intensity (FLOP per DRAM byte the schedule "
		  "moves)",
	.ylabel = "GFLOP/s",
	.settings = "set yrange [0.01:1000]\nset samples 400\n",
	.cols = {{.path = "work.intensity_flops_per_byte"},
	    {.path = "work.gflops_per_s"}},
	.label = RP_LABEL_VARIANT,
	.block = "v",
	.series = "{b} using 1:2 with points pt 7 ps 1.5 lc 7 title 'variants "
		  "at N={n}', {b} using 1:2:3 with labels offset 0,1 notitle",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no interp runs in the data'",
	.decorate = decorate_roofline,
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
	.cols = {COL_N, {.path = "steps_s.median"}},
	.block = "t",
	.fit = 1,
	.series = "{b} using 1:2 with linespoints pt 7 lc {c} title '{v} "
		  "(N^{k})'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no colony scaling data'",
    },
    {
	.name = "fig-colony-memory",
	.title = "colony: peak workspace against N",
	.source = RP_SRC_SCALING,
	.sets = "colony-scale colony-cells",
	.workload = "colony",
	.logscale = "xy",
	.xlabel = "N (bacteria)",
	.ylabel = "peak workspace (bytes)",
	.settings = "set format y '%.0e'\n",
	.cols = {COL_N, COL_PEAK, COL_MODEL},
	.block = "m",
	.fit = 1,
	.series = "{b} using 1:2 with points pt 7 lc {c} title '{v} measured "
		  "(N^{k})', {b} using 1:3 with lines dt 3 lc {c} title '{v} "
		  "model'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no colony scaling data'",
    },
    {
	.name = "fig-colony-spread",
	.title = "colony: the time of every step of one run",
	.source = RP_SRC_STEPS,
	.sets = "colony-spread*",
	.workload = "colony",
	.logscale = "y",
	.xlabel = "step",
	.ylabel = "step time (s)",
	.cols = {{.path = "step", .fmt = "%.0f"}, {.path = "seconds"}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt 7 ps 0.6 lc {c} title "
		  "'{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no spread runs in the data'",
    },
    {
	.name = "fig-cold-warm",
	.title = "first (cold) run time over the median of the timed runs",
	.source = RP_SRC_MAIN,
	.sets = "interp-main* colony-main*",
	.settings = "set style data histograms\nset style fill solid 0.6 "
		    "border -1\nset boxwidth 0.8\nset ylabel 'cold time / "
		    "median time'\nset xtics rotate by -35 noenhanced\nset "
		    "yrange [0:*]\nset key off\n",
	.cols = {{.path = "time_s.cold", .divide_by = "time_s.median"}},
	.label = RP_LABEL_W_VARIANT,
	.block = "r",
	.series = "{b} using 2:xtic(1) lc 4, 1 with lines dt 2 lc rgb 'black'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no timed runs in the data'",
    },
};

const size_t rp_figures_count = sizeof(rp_figures) / sizeof(rp_figures[0]);
