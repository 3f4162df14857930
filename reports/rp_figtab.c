/*
 * rp_figtab: the report's figures as data (the table rp_figure.h declares),
 * in the order they are numbered, and the three decorations that depend on
 * named runs or on the machine's ceilings.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_figure.h"
#include "rp_limiter.h"
#include "rp_limits.h"
#include "rp_report.h"
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
	const json_t *mat = rp_data_main_run(D, "interp", "materialized");
	const json_t *fus = rp_data_main_run(D, "interp", "fused");
	int km = rp_figure_variant_index(D, "interp", "materialized");
	int kf = rp_figure_variant_index(D, "interp", "fused");
	int kc = rp_figure_variant_index(D, "interp", "chunked");
	size_t len;

	snprintf(P->pre, sizeof(P->pre), "chunked_colour = %d\n",
	    rp_figure_colour_rgb(kc));
	if (mat != NULL) {
		snprintf(P->post, sizeof(P->post),
		    "$mat << EOD\n%.6g %.6g\nEOD\n",
		    rp_num(mat, "memory.peak_workspace_bytes"),
		    rp_num(mat, "time_s.median"));
		snprintf(P->suffix, sizeof(P->suffix),
		    ", $mat using 1:2 with points pt %d ps 2 lw 2 lc %s title "
		    "'materialized (one batch of N)'",
		    rp_figure_point(km), rp_figure_colour(km));
	}
	len = strlen(P->suffix);
	if (fus != NULL)
		snprintf(P->suffix + len, sizeof(P->suffix) - len,
		    ", %.6g with lines dt 2 lw 2 lc %s title 'fused, no "
		    "batch (workspace %s)'",
		    rp_num(fus, "time_s.median"), rp_figure_colour(kf),
		    rp_report_peak(fus));
}

/* The roofline: the x range reaches a decade past the most intense
 * schedule; a roof per memory level, min(bandwidth x I, FMA peak), from
 * `harness ceilings` (DRAM: the triad on arrays far larger than L3); each
 * variant's label names the level that holds its working set (peak
 * workspace plus inputs), whose roof applies to it. */
static void
decorate_roofline(const rp_data_t *D, rp_plot_t *P)
{
	static const char *const keys[] = {"l1_bytes_per_s", "l2_bytes_per_s",
	    "l3_bytes_per_s", "triad_bytes_per_s"};
	static const char *const names[] = {"L1", "L2", "L3", "DRAM"};
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	double xmax = 1000.0;
	size_t len = 0;

	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		rp_limiter_in_t in;
		rp_limiter_t v = rp_limiter_of(D, "interp", b->label, &in);
		char label[64];
		for (size_t j = 0; j < b->nrows; j++)
			while (b->rows[j].v[0] * 3.0 > xmax)
				xmax *= 10.0;
		snprintf(label, sizeof(label), "%s (%s; %s)", b->label,
		    in.level, rp_limiter_word(v.kind));
		snprintf(b->label, sizeof(b->label), "%s", label);
	}
	snprintf(P->pre, sizeof(P->pre), "set xrange [0.01:%g]\n", xmax);
	if (isnan(fma)) {
		snprintf(P->prefix, sizeof(P->prefix),
		    "1/0 title 'no ceilings.json in the data'");
		return;
	}
	for (int k = 0; k < 4; k++) {
		double bw = rp_num(D->ceilings, keys[k]) * 1e-9;
		if (isnan(bw))
			continue;
		snprintf(P->prefix + len, sizeof(P->prefix) - len,
		    "%s(x*%.4g < %.4g ? x*%.4g : %.4g) w l lw %d dt %d lc rgb "
		    "'%s' t '%s roof, %.0f GB/s%s'",
		    len ? ", " : "", bw, fma, bw, fma, k == 3 ? 2 : 1,
		    k == 3 ? 1 : 4 - k, k == 3 ? "black" : "#777777", names[k],
		    bw, k == 3 ? "; the flat part: FMA peak" : "");
		len = strlen(P->prefix);
	}
}

/* A reference line c*N^k through the first row of the named variant's
 * block, appended to P->prefix. */
static void
reference_slope(rp_plot_t *P, const char *variant, double k, int col)
{
	const rp_block_t *b = rp_figure_block(P, variant);
	size_t len = strlen(P->prefix);
	double x0, x1;

	if (b == NULL || b->nrows == 0 || !(b->rows[0].v[col] > 0))
		return;
	x0 = b->rows[0].v[0];
	x1 = b->rows[b->nrows - 1].v[0];
	snprintf(P->prefix + len, sizeof(P->prefix) - len,
	    "%s(x >= %.6g && x <= %.6g) ? %.6g*(x/%.6g)**%g : 1/0 with lines "
	    "dt %d lw 2 lc rgb '#555555' title 'slope N^%g (reference)'",
	    len ? ", " : "", x0 / 1.2, x1 * 1.2, b->rows[0].v[col], x0, k,
	    k == 1 ? 3 : 2, k);
	(void)variant;
}

/* interp time: N^1, the scaling every schedule should have at fixed M. */
static void
decorate_interp_time(const rp_data_t *D, rp_plot_t *P)
{
	(void)D;
	reference_slope(P, "materialized", 1, 1);
}

/* colony time: N^2 through fused (all pairs), N^1 through cells. */
static void
decorate_colony_time(const rp_data_t *D, rp_plot_t *P)
{
	(void)D;
	reference_slope(P, "fused", 2, 1);
	reference_slope(P, "cells", 1, 1);
}

/* The threads figures: each block's rows by thread count (a run leaves
 * params.threads out at 1), the time turned into the speed-up over the
 * block's time at one thread, and the ideal line, speed-up = threads. */
static void
decorate_threads(const rp_data_t *D, rp_plot_t *P)
{
	double tmax = 2.0;

	(void)D;
	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		double t1 = NAN;
		for (size_t j = 0; j < b->nrows; j++) {
			if (isnan(b->rows[j].v[0]))
				b->rows[j].v[0] = 1.0;
			if (b->rows[j].v[0] == 1.0)
				t1 = b->rows[j].v[1];
			if (b->rows[j].v[0] > tmax)
				tmax = b->rows[j].v[0];
		}
		rp_figure_rows_sort(b);
		for (size_t j = 0; j < b->nrows; j++)
			b->rows[j].v[1] = t1 / b->rows[j].v[1];
	}
	snprintf(P->pre, sizeof(P->pre),
	    "set xrange [0.8:%g]\nset xtics 1\nset yrange [0:%g]\n", tmax + 0.2,
	    tmax + 0.5);
	snprintf(P->prefix, sizeof(P->prefix),
	    "(x >= 1 && x <= %g) ? x : 1/0 with lines dt 2 lw 2 lc rgb "
	    "'black' title 'ideal: speed-up = threads'",
	    tmax);
}

/* Below this a workspace is drawn at it: 0 B cannot sit on a log axis. */
#define FLOOR_BYTES 1000.0
/* The marked floor and jemalloc's 64 KiB grain, on a bytes axis. */
#define BYTES_FLOOR_LINES                                                      \
	"set arrow from graph 0, first 1000 to graph 1, first 1000 nohead "    \
	"dt 4 lw 1.5 lc rgb 'black'\nset label '0 B (and anything under 1 "    \
	"kB) is drawn on this line' at graph 0.02, first 1000 offset 0,0.7 "   \
	"font ',10'\nset arrow from graph 0, first 65536 to graph 1, first "   \
	"65536 nohead dt 3 lw 1 lc rgb '#777777'\nset label 'jemalloc peak "   \
	"grain, 64 KiB: measured points below it are not measurements' at "    \
	"graph 0.02, first 65536 offset 0,0.7 font ',10' tc rgb '#555555'\n"

/* A log x axis that ends near the data, not at the next decade. */
#define XFIX "set autoscale xfix\nset offsets graph 0.04, graph 0.04, 0, 0\n"

/* Columns several figures share; a workspace of 0 B is drawn at 1 kB. */
#define COL_N                                                                  \
	{                                                                      \
		.path = "params.n", .fmt = "%.0f"                              \
	}
#define COL_PEAK                                                               \
	{                                                                      \
		.path = "memory.peak_workspace_bytes", .floor = FLOOR_BYTES    \
	}
#define COL_MODEL                                                              \
	{                                                                      \
		.path = "memory.model_bytes", .floor = FLOOR_BYTES             \
	}

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
	.cols = {{.path = "seconds", .floor = 1e-4},
	    {.path = "live bytes", .floor = 1e3}},
	.block = "l",
	.series = "{b} using 1:2 with steps lw 2 lc {c} title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no timelines in the data'",
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
	.settings = XFIX "set format y '%.0s %cB'\nset format x '%.0e'\n"
			 "set yrange [300:5e10]\n",
	.cols = {COL_N, COL_PEAK, COL_MODEL},
	.block = "m",
	.after_data = "set arrow from graph 0, first " QUESTION_PEAK
		      " to graph 1, first " QUESTION_PEAK
		      " nohead dt 2 lw 2 lc rgb 'black'\nset label 'the "
		      "question: about 14 GB (12*N*M*4 at N=1e6, M=300)' at "
		      "graph 0.02, first " QUESTION_PEAK
		      " offset 0,0.7\n" BYTES_FLOOR_LINES,
	.series = "{b} using 1:2 with points pt {p} ps 1.6 lw 2 lc {c} title "
		  "'{v} measured', {b} using 1:3 with lines dt 2 lw 1.5 lc {c} "
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
	.settings = XFIX "set format x '%.0e'\n",
	.cols = {COL_N, {.path = "time_s.median"},
	    {.path = "time_s.min", .fallback = "time_s.median"},
	    {.path = "time_s.max", .fallback = "time_s.median"}},
	.block = "t",
	.series = "{b} using 1:2:3:4 with yerrorlines pt {p} ps 1.3 lw 1.5 lc "
		  "{c} title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no interp scaling data'",
	.decorate = decorate_interp_time,
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
	.cols = {COL_PEAK, {.path = "time_s.median"}},
	.label = RP_LABEL_NUMBER,
	.label_path = "params.chunk",
	.label_fmt = "\"B=%.0f\"",
	.block = "c",
	.series = "{b} using 1:2 with linespoints pt 6 ps 1.5 lw 2 lc rgb "
		  "chunked_colour title 'chunked (B points at a time)', {b} "
		  "using 1:2:3 with labels offset 0,1 notitle",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no chunk sweep in the data'",
	.decorate = decorate_chunk,
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
	.cols = {{.path = "work.intensity_flops_per_byte"},
	    {.path = "work.gflops_per_s"}},
	.block = "v",
	.series = "{b} using 1:2 with points pt {p} ps 2 lw 2 lc {c} title "
		  "'{v}'",
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
	.settings = XFIX "set logscale x 2\n",
	.cols = {COL_N, {.path = "steps_s.median"}},
	.block = "t",
	.fit = 1,
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.4 lw 1.5 lc {c} "
		  "title '{v} ({k})'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no colony scaling data'",
	.decorate = decorate_colony_time,
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
	    XFIX "set logscale x 2\nset format y '%.0s %cB'\nset yrange "
		 "[300:*]\n",
	.after_data = BYTES_FLOOR_LINES,
	.cols = {COL_N, COL_PEAK, COL_MODEL},
	.block = "m",
	.fit = 1,
	.fit_min = 65536,
	.series = "{b} using 1:2 with points pt {p} ps 1.6 lw 2 lc {c} title "
		  "'{v} measured ({k})', {b} using 1:3 with lines dt 3 lc {c} "
		  "title '{v} model'",
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
	.xlabel = "step of the run (0: the very first)",
	.ylabel = "step time (s)",
	.cols = {{.path = "step", .fmt = "%.0f"}, {.path = "seconds"}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 0.8 lc {c} title "
		  "'{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no spread runs in the data'",
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
	.cols = {{.path = "time_s.cold", .divide_by = "time_s.median"}},
	.timed_only = 1,
	.label = RP_LABEL_W_VARIANT,
	.block = "r",
	.series = "{b} using 2:xtic(1) lc 4, 1 with lines dt 2 lc rgb 'black'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no timed runs in the data'",
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
	.cols = {{.path = "params.threads"}, {.path = "time_s.median"}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.5 lw 2 lc {c} "
		  "title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no interp runs with threads'",
	.decorate = decorate_threads,
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
	.cols = {{.path = "params.threads"}, {.path = "steps_s.median"}},
	.block = "s",
	.series = "{b} using 1:2 with linespoints pt {p} ps 1.5 lw 2 lc {c} "
		  "title '{v}'",
	.sep = EACH_LINE,
	.empty = "1/0 title 'no colony runs with threads'",
	.decorate = decorate_threads,
    },
};

const size_t rp_figures_count = sizeof(rp_figures) / sizeof(rp_figures[0]);
