/* rp_figure: gathering a figure's rows, and the decorations; the table is
 * in rp_workloads.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_figure.h"
#include "rp_limiter.h"
#include "rp_report.h"
#include "rp_threads.h"
#include "rp_workloads.h"

/* Timeline points per variant (bucket maxima). */
#define TIMELINE_POINTS 600

/* Variant k's colour and point type: Okabe-Ito's colour-blind-safe set
 * without its red, then more; open shapes first (circle, square, triangle
 * up and down, diamond, pentagon), so that two variants on one point both
 * show, then plus, cross, star. */
static const struct {
	int rgb, point;
} styles[] = {{0x0072B2, 6}, {0xE69F00, 4}, {0x009E73, 8}, {0xCC79A7, 10},
    {0x56B4E9, 12}, {0x8C6D31, 14}, {0x7F3C8D, 1}, {0x999933, 2}, {0x44AA99, 3},
    {0x332288, 6}};
#define STYLE(k)                                                               \
	styles[((k) < 0 ? 0 : (k)) % (sizeof(styles) / sizeof(styles[0]))]

/* Draws b in variant k's colour and point type; a glibc malloc run in grey
 * crosses. */
static void
block_style(rp_block_t *b, int k, int glibc)
{
	b->rgb = glibc ? 0x888888 : STYLE(k).rgb;
	b->point = glibc ? 2 : STYLE(k).point;
}

/* The index of variant v among w's variants in D (-1 when absent). */
static int
variant_index(const rp_data_t *D, const char *w, const char *v)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(D, w, NULL, vs, RP_DATA_MAX_VARIANTS);

	for (size_t k = 0; k < nv; k++)
		if (strcmp(vs[k], v) == 0)
			return (int)k;
	return -1;
}

const rp_fig_t *
rp_figure_find(const char *name)
{
	for (size_t i = 0; i < rp_figures_count; i++)
		if (strcmp(rp_figures[i].name, name) == 0)
			return &rp_figures[i];
	return NULL;
}

/* Whether name is in list, its items separated by spaces, each a name or
 * a prefix ending in '*' (NULL: every name is). */
static int
listed(const char *list, const char *name)
{
	char buf[256], *save = NULL, *item;

	if (list == NULL)
		return 1;
	snprintf(buf, sizeof(buf), "%s", list);
	for (item = strtok_r(buf, " ", &save); item != NULL;
	     item = strtok_r(NULL, " ", &save))
		if (rp_data_set_matches(item, name))
			return 1;
	return 0;
}

rp_block_t *
rp_figure_block_add(rp_plot_t *P, int number, const char *label)
{
	rp_block_t *b;

	if (P->nblocks == RP_PLOT_MAX_BLOCKS)
		return NULL;
	b = &P->blocks[P->nblocks++];
	*b = (rp_block_t){.fit = NAN, .fit_r2 = NAN, .law = "no fit"};
	if (number < 0)
		snprintf(b->name, sizeof(b->name), "%s", P->fig->block);
	else
		snprintf(
		    b->name, sizeof(b->name), "%s%d", P->fig->block, number);
	snprintf(b->label, sizeof(b->label), "%s", label);
	block_style(b, number, 0);
	return b;
}

rp_row_t *
rp_figure_row_add(rp_block_t *b)
{
	if (b->nrows == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 16;
		rp_row_t *grown = realloc(b->rows, cap * sizeof(*grown));
		if (grown == NULL)
			return NULL;
		b->rows = grown;
		b->cap = cap;
	}
	memset(&b->rows[b->nrows], 0, sizeof(rp_row_t));
	return &b->rows[b->nrows++];
}

/* Column col of run r. */
static double
col_value(const rp_col_t *col, const json_t *r)
{
	double x =
	    col->of != NULL ? col->of(r, col->name) : rp_field(r, col->field);

	if (isnan(x) && col->fallback != RP_F_NONE)
		x = rp_field(r, col->fallback);
	if (col->divide_by != RP_F_NONE)
		x /= rp_field(r, col->divide_by);
	return x;
}

/* A row from a run's fields, by the figure's columns. 0, or -1 when memory
 * ran out. */
static int
row_from_run(rp_block_t *b, const rp_fig_t *fig, const json_t *r)
{
	rp_row_t *row = rp_figure_row_add(b);
	int nan = 0;

	if (row == NULL)
		return -1;
	for (int c = 0; c < RP_FIG_COLS && RP_FIG_COL_USED(fig, c); c++) {
		row->v[c] = col_value(&fig->cols[c], r);
		nan |= isnan(row->v[c]);
	}
	if (fig->source == RP_SRC_MAIN) {
		snprintf(row->label, sizeof(row->label), "\"%s/%s\"",
		    rp_str(r, "workload"), rp_str(r, "variant"));
		b->nrows -= nan;
	}
	return 0;
}

void
rp_figure_rows_sort(rp_block_t *b)
{
	for (size_t a = 1; a < b->nrows; a++)
		for (size_t k = a;
		     k > 0 && b->rows[k - 1].v[0] > b->rows[k].v[0]; k--) {
			rp_row_t t = b->rows[k];
			b->rows[k] = b->rows[k - 1];
			b->rows[k - 1] = t;
		}
}

/* Run 0's samples in r's timeline CSV as a block of P numbered k (time
 * since its first sample, live bytes), then as TIMELINE_POINTS bucket
 * maxima at most of the live bytes above the lowest seen, counting the
 * sample just before run 0. 0 (no block when r is NULL, the file cannot be
 * read or has no sample of run 0), or -1 when P is full or memory ran out. */
static int
timeline_block(const rp_data_t *D, const json_t *r, int k, rp_plot_t *P)
{
	const char *p = rp_str(json_object_get(r, "timeline"), "path");
	const char *base = strrchr(p, '/');
	char path[4400], line[256];
	double t0 = NAN, before = NAN; /* the last sample before run 0 */
	double lo = INFINITY;
	size_t step, n = 0;
	rp_block_t *b;
	FILE *f;

	snprintf(path, sizeof(path), "%s/timelines/%s", D->dir,
	    base != NULL ? base + 1 : p);
	if (p[0] == '\0' || (f = fopen(path, "r")) == NULL)
		return 0;
	if ((b = rp_figure_block_add(P, k, rp_str(r, "variant"))) == NULL) {
		fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		double ts, lb, rss;
		int run, st;
		rp_row_t *row;
		if (sscanf(line, "%lf,%d,%d,%lf,%lf", &ts, &run, &st, &lb,
			&rss) != 5)
			continue;
		if (run == -1 && b->nrows == 0)
			before = lb;
		if (run != 0)
			continue;
		if (isnan(t0))
			t0 = ts;
		if ((row = rp_figure_row_add(b)) == NULL) {
			fclose(f);
			return -1;
		}
		row->v[0] = ts - t0;
		row->v[1] = lb;
		lo = fmin(lo, lb);
	}
	fclose(f);
	lo = fmin(lo, before); /* fmin passes over a NaN */
	step = (b->nrows + TIMELINE_POINTS - 1) / TIMELINE_POINTS;
	for (size_t j = 0; j < b->nrows; j += step) {
		double mx = 0;
		for (size_t q = j; q < j + step && q < b->nrows; q++)
			mx = fmax(mx, b->rows[q].v[1] - lo);
		b->rows[n].v[0] = b->rows[j].v[0];
		b->rows[n++].v[1] = mx;
	}
	if ((b->nrows = n) == 0) {
		free(b->rows);
		P->nblocks--;
	}
	return 0;
}

/* A block per run of fig's workload w in set (rp_data_runs_by_variant),
 * labelled with its allocator, of its step times: step 0 the very first,
 * then each sample. 0, or -1 when P is full or memory ran out. */
static int
collect_steps(const rp_data_t *D, const rp_fig_t *fig, const char *set,
    const char *w, rp_plot_t *P)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t nr =
	    rp_data_runs_by_variant(D, set, w, runs, RP_PLOT_MAX_BLOCKS);

	for (size_t i = 0; i < nr; i++) {
		const json_t *a = rp_field_json(runs[i], RP_F_STEPS_SAMPLES);
		const char *v = rp_str(runs[i], "variant");
		char label[64];
		rp_block_t *b;
		if (!listed(fig->variants, v))
			continue;
		snprintf(label, sizeof(label), "%s, %s", v,
		    rp_data_alloc_name(runs[i]));
		if ((b = rp_figure_block_add(P, P->nblocks, label)) == NULL)
			return -1;
		block_style(b, variant_index(D, w, v), rp_is_glibc(runs[i]));
		for (size_t j = 0; j <= json_array_size(a); j++) {
			rp_row_t *row = rp_figure_row_add(b);
			if (row == NULL)
				return -1;
			row->v[0] = (double)j;
			row->v[1] = j == 0
			    ? rp_field(runs[i], RP_F_STEPS_FIRST)
			    : json_number_value(json_array_get(a, j - 1));
		}
	}
	return 0;
}

/* Whether block b has a row at x (its column 0) already. */
static int
has_x(const rp_block_t *b, double x)
{
	for (size_t j = 0; b != NULL && j < b->nrows; j++)
		if (b->rows[j].v[0] == x)
			return 1;
	return 0;
}

/* fig's rows of q's variant, the k-th of its workload, in q's set (one
 * of fig's) by fig's source (rp_source_t): into one when not NULL, else into
 * the variant's block, made for its first row. A scaling figure's sets are read
 * in their order, and a variant's row at an x (column 0: N, or the threads) is
 * the first set's (colony's eager and naive at N=512 to 2048 in colony-eager:
 * naive's rows stay colony-scale's); with largest_n, only its runs at the
 * largest N it has there. 0, or -1 when P is full or memory ran out. */
static int
collect_variant(const rp_data_t *D, const rp_fig_t *fig, const rp_query_t *q,
    int k, rp_block_t *one, rp_plot_t *P)
{
	const json_t *r;
	rp_block_t *b = one;
	rp_query_t at = *q;
	size_t i = 0;

	if (fig->largest_n)
		at.n = rp_field(rp_data_largest(D, q), RP_F_N);
	if (fig->source == RP_SRC_MAIN) {
		/* No row without a main run, or from an untimed one. */
		r = rp_data_main(D, q->set, q->workload, q->variant);
		return rp_field(r, RP_F_TIME_REPEATS) >= 1
		    ? row_from_run(one, fig, r)
		    : 0;
	}
	if (fig->source == RP_SRC_TIMELINE)
		return timeline_block(
		    D, rp_data_main(D, q->set, q->workload, q->variant), k, P);
	if (b == NULL && fig->source == RP_SRC_SCALING)
		b = (rp_block_t *)rp_figure_block(P, q->variant);
	while (!isnan(at.n) && (r = rp_data_next(D, &at, &i)) != NULL) {
		if (fig->source == RP_SRC_SCALING &&
		    has_x(b, col_value(&fig->cols[0], r)))
			continue;
		if (b == NULL &&
		    (b = rp_figure_block_add(P, k, q->variant)) == NULL)
			return -1;
		if (row_from_run(b, fig, r) != 0)
			return -1;
	}
	return 0;
}

/* fig's rows of set (one of its sets) into one when not NULL, else a
 * block per variant or run. 0, or -1 when P is full or memory ran out. */
static int
collect_set(const rp_data_t *D, const rp_fig_t *fig, const char *set,
    rp_block_t *one, rp_plot_t *P)
{
	rp_query_t any = {.set = set, .any_status = 1};
	const char *w = fig->workload != NULL
	    ? fig->workload
	    : rp_str(rp_data_find(D, &any), "workload");
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv;

	if (fig->source == RP_SRC_STEPS)
		return collect_steps(D, fig, set, w, P);
	nv = rp_data_variants(D, w, NULL, vs, RP_DATA_MAX_VARIANTS);
	for (size_t k = 0; k < nv; k++) {
		rp_query_t q = {.set = set,
		    .workload = w,
		    .variant = vs[k],
		    .alloc = fig->source == RP_SRC_RUNS ? RP_ALLOC_ANY
							: RP_ALLOC_JEMALLOC};
		if (listed(fig->variants, vs[k]) &&
		    collect_variant(D, fig, &q, (int)k, one, P) != 0)
			return -1;
	}
	return 0;
}

/* The exponent of column fig->fit against column 0 per block, over the
 * rows at or above fit_min, and the law it reads as (rp_block_t.law). */
static void
fit_blocks(rp_plot_t *P)
{
	const rp_fig_t *fig = P->fig;

	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		size_t n = b->nrows, k = 0;
		double *x = malloc(2 * (n + 1) * sizeof(double));
		int zero = n > 0;
		if (x == NULL)
			continue;
		for (size_t j = 0; j < n; j++) {
			zero &= b->rows[j].v[fig->fit] == 0;
			if (b->rows[j].v[fig->fit] < fig->fit_min)
				continue;
			x[k] = b->rows[j].v[0];
			x[n + 1 + k++] = b->rows[j].v[fig->fit];
		}
		/* NAN (and its r2) from fewer than two rows */
		b->fit = hx_stats_fit_exponent(x, x + n + 1, k, &b->fit_r2);
		free(x);
		if (!isnan(b->fit))
			snprintf(b->law, sizeof(b->law), "N^%.2f", b->fit);
		else if (zero || (n > 0 && k == 0))
			snprintf(b->law, sizeof(b->law), "%s",
			    zero ? "0 B" : "< 64 KiB");
	}
}

int
rp_figure_collect(const rp_data_t *D, const rp_fig_t *fig, rp_plot_t *P)
{
	/* Rows gathered in the data's order: sorted by column 0. */
	int sort = fig->source == RP_SRC_SCALING || fig->source == RP_SRC_RUNS;
	char sets[256], *save = NULL, *set;
	rp_block_t *one = NULL;
	int rc = 0;

	memset(P, 0, sizeof(*P));
	P->fig = fig;
	snprintf(sets, sizeof(sets), "%s", fig->sets);
	/* The one block: P is empty, so it has room. */
	if (fig->source == RP_SRC_RUNS || fig->source == RP_SRC_MAIN)
		one = rp_figure_block_add(P, -1, "");
	/* Set by set: a main run is of one set, and a scaling figure's sets
	 * are read in their order (collect_variant). */
	for (set = strtok_r(sets, " ", &save); rc == 0 && set != NULL;
	     set = strtok_r(NULL, " ", &save))
		rc = collect_set(D, fig, set, one, P);
	for (int i = 0; sort && i < P->nblocks; i++)
		rp_figure_rows_sort(&P->blocks[i]);
	if (fig->fit > 0)
		fit_blocks(P);
	if (fig->decorate != NULL)
		fig->decorate(D, P);
	return rc;
}

void
rp_figure_free(rp_plot_t *P)
{
	for (int i = 0; i < P->nblocks; i++)
		free(P->blocks[i].rows);
	P->nblocks = 0;
	json_decref(P->refs);
	P->refs = NULL;
}

size_t
rp_figure_rows(const rp_plot_t *P)
{
	size_t n = 0;
	for (int i = 0; i < P->nblocks; i++)
		n += P->blocks[i].nrows;
	return n;
}

const rp_block_t *
rp_figure_block(const rp_plot_t *P, const char *label)
{
	for (int i = 0; i < P->nblocks; i++)
		if (strcmp(P->blocks[i].label, label) == 0)
			return &P->blocks[i];
	return NULL;
}

double
rp_figure_slope(const rp_block_t *b, size_t j)
{
	const double *lo = b->rows[j - 1].v, *hi = b->rows[j].v;

	return log(hi[1] / lo[1]) / log(hi[0] / lo[0]);
}

/* ---- the decorations ---- */

/* A number as JSON: null when it is not finite (JSON has no NaN). */
static json_t *
num(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* A colour (0xRRGGBB) as gnuplot names it, the JSON string "#RRGGBB";
 * NULL when memory ran out. */
static json_t *
rp_figure_rgb(int c)
{
	return json_sprintf("#%06X", (unsigned)c & 0xFFFFFF);
}

/* A block's rows as gnuplot reads them inline, a row a line. */
static void
write_block(FILE *f, const rp_fig_t *fig, const rp_block_t *b)
{
	for (size_t j = 0; j < b->nrows; j++) {
		const rp_row_t *row = &b->rows[j];
		if (fig->source == RP_SRC_MAIN)
			fprintf(f, "%s ", row->label);
		for (int c = 0; c < RP_FIG_COLS && RP_FIG_COL_USED(fig, c);
		     c++) {
			const rp_col_t *col = &fig->cols[c];
			double x = row->v[c];
			if (c > 0)
				fputc(' ', f);
			/* Below the column's floor at the floor (log axes). */
			fprintf(f, col->fmt ? col->fmt : "%.6g",
			    col->floor > 0 && !(x > col->floor) ? col->floor
								: x);
		}
		fputc('\n', f);
	}
}

/* A block with rows as {name, label, rgb, point, law, data}; NULL when
 * memory ran out. */
static json_t *
block_json(const rp_fig_t *fig, const rp_block_t *b)
{
	char *data = NULL;
	size_t len;
	FILE *f = open_memstream(&data, &len);
	json_t *o = NULL;

	if (f == NULL)
		return NULL;
	write_block(f, fig, b);
	if (fclose(f) == 0)
		o = json_pack("{s:s, s:s, s:o, s:i, s:s, s:s}", "name", b->name,
		    "label", b->label, "rgb", rp_figure_rgb(b->rgb), "point",
		    b->point, "law", b->law, "data", data);
	free(data);
	return o;
}

int
rp_figure_script(json_t *plots, const rp_plot_t *P, char *msg, size_t msglen)
{
	const rp_fig_t *fig = P->fig;
	json_t *blocks = json_array();

	for (int i = 0; blocks != NULL && i < P->nblocks; i++)
		if (P->blocks[i].nrows > 0 &&
		    json_array_append_new(
			blocks, block_json(fig, &P->blocks[i])) != 0) {
			json_decref(blocks);
			blocks = NULL;
		}
	if (blocks == NULL ||
	    json_array_append_new(plots,
		json_pack("{s:s, s:s, s:O?, s:o}", "name", fig->name, "script",
		    fig->script != NULL ? fig->script : fig->name, "refs",
		    P->refs, "blocks", blocks)) != 0) {
		snprintf(msg, msglen, "%s: out of memory", fig->name);
		return -1;
	}
	return 0;
}

/* The chunk figure: the baseline's one batch as a point, fused's time as a
 * line, and the chunked variant's colour. */
void
rp_figure_refs_chunk(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *mat = rp_data_main_run(D, w->name, w->baseline);
	const json_t *fus = rp_data_main_run(D, w->name, w->fused);
	int km = variant_index(D, w->name, w->baseline);
	int kf = variant_index(D, w->name, w->fused);
	int kc = variant_index(D, w->name, w->chunked);

	P->refs = json_pack("{s:s, s:i, s:o, s:o}", "kind", "chunk",
	    "chunked_rgb", STYLE(kc).rgb, "batch",
	    mat == NULL
		? json_null()
		: json_pack("{s:o, s:o, s:i, s:o, s:s}", "peak",
		      num(rp_field(mat, RP_F_PEAK_WORKSPACE)), "time",
		      num(rp_field(mat, RP_F_TIME_MEDIAN)), "point",
		      STYLE(km).point, "rgb", rp_figure_rgb(STYLE(km).rgb),
		      "variant", w->baseline),
	    "whole",
	    fus == NULL ? json_null()
			: json_pack("{s:o, s:o, s:s, s:s}", "time",
			      num(rp_field(fus, RP_F_TIME_MEDIAN)), "rgb",
			      rp_figure_rgb(STYLE(kf).rgb), "variant", w->fused,
			      "peak", rp_report_peak(fus)));
}

/* An in-core roof at gflops, what a unit reaches at one kind of
 * instruction's measured rate (what: the model's term, "gather"); not
 * drawn at or above the FMA peak. */
static void
roof_line(json_t *roofs, double gflops, double fma, const char *what,
    const char *from, double per_unit)
{
	if (gflops > 0 && gflops < fma)
		json_array_append_new(roofs,
		    json_pack("{s:f, s:s, s:s, s:o}", "gflops", gflops, "what",
			what, "from", from, "per_unit", num(per_unit)));
}

/* The in-core roofs: one for each level w's main runs gather from (interp:
 * L3 for fused's, L1 for tiled's), the FLOP of the first run gathering
 * there over its gathers' seconds as the time model priced them; and one
 * for the divides the model counted in that first run's compiled loop. */
static json_t *
in_core_roofs(const rp_data_t *D, const char *w, double fma)
{
	const char *vs[RP_DATA_MAX_VARIANTS], *drawn[4];
	size_t nv = rp_data_variants(D, w, NULL, vs, RP_DATA_MAX_VARIANTS);
	json_t *roofs = json_array();
	int ndrawn = 0;

	for (size_t k = 0; k < nv && ndrawn < 4; k++) {
		const json_t *r = rp_data_main_run(D, w, vs[k]);
		const char *level = rp_field_str(r, RP_F_MODEL_GATHER_LEVEL);
		const double per_unit = rp_field(r, RP_F_WORK_FLOPS) /
		    rp_field(r, RP_F_WORK_UNITS) * 1e-9;
		const double g = rp_field(r, RP_F_MODEL_GATHER_PER_UNIT);
		const double gather_s = rp_limiter_term_seconds(
		    json_object_get(r, "model"), "gather");
		int seen = 0;

		if (!(g > 0) || level[0] == '\0')
			continue;
		for (int i = 0; i < ndrawn; i++)
			seen |= strcmp(drawn[i], level) == 0;
		if (seen)
			continue;
		roof_line(roofs, rp_field(r, RP_F_WORK_FLOPS) * 1e-9 / gather_s,
		    fma, "gather", level, g);
		if (ndrawn == 0)
			roof_line(roofs,
			    rp_num(D->ceilings, "divps_per_s") * per_unit /
				rp_field(r, RP_F_MODEL_DIVSQRT_PER_UNIT),
			    fma, "divsqrt", "divps",
			    rp_field(r, RP_F_MODEL_DIVSQRT_PER_UNIT));
		drawn[ndrawn++] = level;
	}
	return roofs;
}

/* The roofline: a roof per memory level, min(bandwidth x I, FMA peak),
 * from `harness ceilings` (none without them: fma null); each variant's
 * mark (refs.marks by its block's name) names the level that holds its
 * working set, whose roof applies to it, and its limiter verdict. */
void
rp_figure_refs_roofline(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	double xmax = 1000.0;
	json_t *roofs = json_array(), *marks = json_object();

	for (int i = 0; i < P->nblocks; i++) {
		const rp_block_t *b = &P->blocks[i];
		const json_t *r = rp_data_main_run(D, w->name, b->label);
		rp_limiter_t v = rp_limiter_of_run(r);
		for (size_t j = 0; j < b->nrows; j++)
			while (b->rows[j].v[0] * 3.0 > xmax)
				xmax *= 10.0;
		json_object_set_new(marks, b->name,
		    json_pack("{s:s, s:s}", "level",
			rp_bandwidth_of_run(D, r).level, "limiter",
			rp_limiter_verdict_name(&v)));
	}
	for (int k = 0; k < 4 && !isnan(fma); k++) {
		rp_bandwidth_ceiling_t c =
		    rp_bandwidth_ceiling(D, rp_bandwidth_level_name(k), 1);
		if (!isnan(c.bytes_per_s))
			json_array_append_new(roofs,
			    json_pack("{s:s, s:i, s:f}", "level", c.level, "k",
				k, "gbytes", c.bytes_per_s * 1e-9));
	}
	P->refs =
	    json_pack("{s:s, s:f, s:o, s:o, s:o, s:o}", "kind", "roofline",
		"xmax", xmax, "fma", num(fma), "roofs", roofs, "in_core",
		isnan(fma) ? json_array() : in_core_roofs(D, w->name, fma),
		"marks", marks);
}

/* A reference line c*N^k through the first row of variant's block, over
 * its rows' span, onto P->refs's slopes (made the first time). */
static void
reference_slope(rp_plot_t *P, const char *variant, double k)
{
	const rp_block_t *b = rp_figure_block(P, variant);

	if (P->refs == NULL)
		P->refs = json_pack("{s:s, s:[]}", "kind", "slopes", "slopes");
	if (b == NULL || b->nrows == 0 || !(b->rows[0].v[1] > 0))
		return;
	json_array_append_new(json_object_get(P->refs, "slopes"),
	    json_pack("{s:o, s:o, s:o, s:o, s:f}", "from",
		num(b->rows[0].v[0] / 1.2), "to",
		num(b->rows[b->nrows - 1].v[0] * 1.2), "x0",
		num(b->rows[0].v[0]), "y0", num(b->rows[0].v[1]), "k", k));
}

/* The memory question's time: N^1 through its baseline, the scaling every
 * schedule should have at a fixed array width. */
void
rp_figure_refs_interp_time(const rp_data_t *D, rp_plot_t *P)
{
	reference_slope(
	    P, rp_workload_question(RP_QUESTION_MEMORY)->baseline, 1);
}

/* The speed question's time: N^2 through its fused answer (all pairs), N^1
 * through its cell lists. */
void
rp_figure_refs_colony_time(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);

	reference_slope(P, w->fused, 2);
	reference_slope(P, w->cell_lists, 1);
}

/* The threads figures: each block's time as the speed-up over its time at
 * one thread (a run leaves params.threads out at 1), and the most threads
 * for the ideal line. */
void
rp_figure_refs_threads(const rp_data_t *D, rp_plot_t *P)
{
	double tmax = 2.0;

	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		double t1 = NAN;
		for (size_t j = 0; j < b->nrows; j++) {
			if (isnan(b->rows[j].v[0]))
				b->rows[j].v[0] = 1.0;
			if (b->rows[j].v[0] == 1.0)
				t1 = b->rows[j].v[1];
			tmax = fmax(tmax, b->rows[j].v[0]);
		}
		rp_figure_rows_sort(b);
		for (size_t j = 0; j < b->nrows; j++)
			b->rows[j].v[1] = t1 / b->rows[j].v[1];
	}
	P->refs = json_pack("{s:s, s:f, s:f, s:f}", "kind", "threads", "tmax",
	    tmax, "x_to", tmax + 0.2, "y_to", tmax + 0.5);
}
