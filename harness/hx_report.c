/*
 * hx_report: REPORT.md and its figures from saved sweep data (see
 * hx_report.h). The report is written into a memory stream section by
 * section; figures are gnuplot scripts with their data inline, so that each
 * .gp file alone redraws its figure.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "hx_file.h"
#include "hx_format.h"
#include "hx_report.h"
#include "hx_result.h"
#include "hx_stats.h"

#define EXIT_BAD_INPUT 2
#define REPORT_MAX_FIGS 16
/* The question's reported peak: the spec's 12*N*M*4 bytes at 1e6 x 300. */
#define QUESTION_PEAK_BYTES 14.4e9
/* Timeline points per variant in a figure (bucket maxima). */
#define TIMELINE_POINTS 600

static const char *const interp_variants[] = {"eager", "materialized", "fused",
    "chunked", "tiled", "hoisted", "sorted", NULL};
static const char *const colony_variants[] = {
    "naive", "naive-reuse", "chunked", "fused", "tiled", "cells", NULL};

typedef struct report_fig_s {
	char name[64];
	char title[160];
} report_fig_t;

typedef struct report_s {
	const char *data_dir, *out_dir;
	char fig_dir[4096];
	json_t *runs;     /* every result, with "_set" added */
	json_t *ceilings; /* NULL when missing */
	json_t *overhead; /* harness overhead's object; NULL when missing */
	json_t *cachesim; /* array of results with "cachesim" */
	FILE *md;
	char *md_buf;
	size_t md_len;
	report_fig_t figs[REPORT_MAX_FIGS];
	int nfigs;
	time_t data_time; /* newest data file */
	int failed;       /* a figure could not be written */
	char msg[4600];
} report_t;

/* ---- reading the data ---------------------------------------------------- */

static int
ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void
note_mtime(report_t *R, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && st.st_mtime > R->data_time)
		R->data_time = st.st_mtime;
}

static int
load_jsonl(report_t *R, const char *path, const char *set)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0;

	if (f == NULL) {
		snprintf(
		    R->msg, sizeof(R->msg), "%s: %s", path, strerror(errno));
		return -1;
	}
	note_mtime(R, path);
	while ((len = getline(&line, &cap, f)) > 0) {
		json_error_t err;
		json_t *r;
		lineno++;
		if (strspn(line, " \t\r\n") == (size_t)len)
			continue;
		r = json_loads(line, 0, &err);
		if (!json_is_object(r) ||
		    !json_is_string(json_object_get(r, "workload"))) {
			snprintf(R->msg, sizeof(R->msg),
			    "%s:%d: not a result object", path, lineno);
			json_decref(r);
			free(line);
			fclose(f);
			return -1;
		}
		json_object_set_new(r, "_set", json_string(set));
		json_array_append_new(R->runs, r);
	}
	free(line);
	fclose(f);
	return 0;
}

static int
load_data(report_t *R)
{
	char path[4400];
	DIR *d;
	struct dirent *e;

	if ((d = opendir(R->data_dir)) == NULL) {
		snprintf(R->msg, sizeof(R->msg), "%s: %s", R->data_dir,
		    strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char set[256];
		if (!ends_with(e->d_name, ".jsonl") || strlen(e->d_name) > 250)
			continue;
		snprintf(set, sizeof(set), "%.*s", (int)(strlen(e->d_name) - 6),
		    e->d_name);
		snprintf(path, sizeof(path), "%s/%s", R->data_dir, e->d_name);
		if (load_jsonl(R, path, set) != 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	snprintf(path, sizeof(path), "%s/ceilings.json", R->data_dir);
	R->ceilings = json_load_file(path, 0, NULL);
	snprintf(path, sizeof(path), "%s/overhead.json", R->data_dir);
	R->overhead = json_load_file(path, 0, NULL);
	snprintf(path, sizeof(path), "%s/cachesim", R->data_dir);
	if ((d = opendir(path)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			char p2[4700];
			json_t *r;
			if (!ends_with(e->d_name, ".json"))
				continue;
			snprintf(p2, sizeof(p2), "%s/%s", path, e->d_name);
			r = json_load_file(p2, 0, NULL);
			if (json_is_object(json_object_get(r, "cachesim")))
				json_array_append_new(R->cachesim, r);
			else
				json_decref(r);
		}
		closedir(d);
	}
	if (json_array_size(R->runs) == 0) {
		snprintf(R->msg, sizeof(R->msg), "%s: no *.jsonl result files",
		    R->data_dir);
		return -1;
	}
	return 0;
}

/* ---- finding runs ---------------------------------------------------------
 */

static double
num(const json_t *r, const char *path)
{
	return r == NULL ? NAN : hx_result_number(r, path);
}

static const char *
str(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "";
}

static int
is_glibc(const json_t *r)
{
	const char *a = json_string_value(
	    json_object_get(json_object_get(r, "machine"), "allocator"));
	return a != NULL && strncmp(a, "glibc", 5) == 0;
}

/* The first run of set (a prefix of the run's set name), workload and
 * variant, with n (NAN: any), chunk (NAN: any) and allocator (0 jemalloc,
 * 1 glibc, -1 any). ok_only: status "ok" only. */
static const json_t *
find_run(const report_t *R, const char *set, const char *w, const char *v,
    double n, double chunk, int glibc, int ok_only)
{
	size_t i;
	json_t *r;

	json_array_foreach(R->runs, i, r)
	{
		if (strncmp(str(r, "_set"), set, strlen(set)) != 0 ||
		    strcmp(str(r, "workload"), w) != 0 ||
		    (v != NULL && strcmp(str(r, "variant"), v) != 0) ||
		    (!isnan(n) && num(r, "params.n") != n) ||
		    (!isnan(chunk) && num(r, "params.chunk") != chunk) ||
		    (glibc >= 0 && is_glibc(r) != glibc) ||
		    (ok_only && strcmp(str(r, "status"), "ok") != 0))
			continue;
		return r;
	}
	return NULL;
}

static const json_t *
ok_run(
    const report_t *R, const char *set, const char *w, const char *v, double n)
{
	return find_run(R, set, w, v, n, NAN, 0, 1);
}

/* The largest n of a set's runs (NAN when none). */
static double
set_max_n(const report_t *R, const char *set, const char *w)
{
	size_t i;
	json_t *r;
	double best = NAN;

	json_array_foreach(R->runs, i, r)
	{
		if (strncmp(str(r, "_set"), set, strlen(set)) == 0 &&
		    strcmp(str(r, "workload"), w) == 0 &&
		    (isnan(best) || num(r, "params.n") > best))
			best = num(r, "params.n");
	}
	return best;
}

/* Why a run is missing: its reason when it was skipped or failed. */
static const char *
why_missing(
    const report_t *R, const char *set, const char *w, const char *v, double n)
{
	const json_t *r = find_run(R, set, w, v, n, NAN, 0, 0);
	static char buf[512];

	if (r == NULL) {
		snprintf(
		    buf, sizeof(buf), "no %s/%s run in the %s data", w, v, set);
		return buf;
	}
	snprintf(buf, sizeof(buf), "%s/%s was %s: %s", w, v, str(r, "status"),
	    str(r, "reason"));
	return buf;
}

static const json_t *
cachesim_of(const report_t *R, const char *v)
{
	size_t i;
	json_t *r;

	json_array_foreach(R->cachesim, i, r)
	{
		if (strcmp(str(r, "variant"), v) == 0)
			return r;
	}
	return NULL;
}

/* ---- formatting ------------------------------------------------------------
 */

/* Human units; each call returns one of a few rotating buffers. */
static char *
rotbuf(void)
{
	static char b[16][48];
	static int k;
	return b[k++ % 16];
}

static const char *
fmt_time(double s)
{
	return hx_format_time(rotbuf(), 48, s);
}

static const char *
fmt_bytes(double x)
{
	return hx_format_bytes(rotbuf(), 48, x);
}

static const char *
fmt_num(double x, const char *f)
{
	char *b = rotbuf();
	if (isnan(x))
		snprintf(b, 48, "n/a");
	else
		snprintf(b, 48, f, x);
	return b;
}

static const char *
fmt_ratio(double x)
{
	return hx_format_ratio(rotbuf(), 48, x);
}

static const char *
fmt_n(double n)
{
	char *b = rotbuf();
	int e = isnan(n) || n <= 0 ? 0 : (int)floor(log10(n));
	double m = n / pow(10, e);

	if (isnan(n))
		snprintf(b, 48, "n/a");
	else if (n >= 1e5 && fabs(m - round(m)) < 1e-9)
		snprintf(b, 48, "%.0fe%d", round(m), e); /* 1e6, 3e5 */
	else
		snprintf(b, 48, "%.0f", n);
	return b;
}

static void
md(report_t *R, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(R->md, fmt, ap);
	va_end(ap);
}

/* ---- figures ---------------------------------------------------------------
 */

/* Starts a figure: returns a memory stream for the plot body (after the
 * terminal is set), to be passed to fig_end. */
typedef struct fig_body_s {
	FILE *f;
	char *buf;
	size_t len;
	char name[64];
	char title[160];
} fig_body_t;

static int
fig_begin(fig_body_t *b, const char *name, const char *title)
{
	memset(b, 0, sizeof(*b));
	snprintf(b->name, sizeof(b->name), "%s", name);
	snprintf(b->title, sizeof(b->title), "%s", title);
	b->f = open_memstream(&b->buf, &b->len);
	if (b->f == NULL)
		return -1;
	fprintf(b->f,
	    "set title \"%s\" noenhanced\nset key outside right "
	    "top noenhanced\nset grid\n",
	    title);
	return 0;
}

static int
fig_writer(FILE *f, void *arg)
{
	const fig_body_t *b = arg;

	fprintf(f,
	    "# %s: %s\n# written by harness report; redraw with "
	    "`gnuplot %s.gp` in this folder\n",
	    b->name, b->title, b->name);
	fprintf(f,
	    "set terminal svg size 960,600 dynamic font 'Sans,12' "
	    "background rgb 'white'\nset output '%s.svg'\n",
	    b->name);
	fwrite(b->buf, 1, b->len, f);
	fprintf(f,
	    "set output\nif (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
	    "{\n  set terminal pngcairo size 1200,750 font 'Sans,12'\n} "
	    "else {\n  set terminal png size 1200,750\n}\n"
	    "set output '%s.png'\nreplot\nset output\n",
	    b->name);
	return ferror(f) ? -1 : 0;
}

/* Writes NAME.gp and records the figure; returns its number (1-based) or
 * 0 on failure. */
static int
fig_end(report_t *R, fig_body_t *b)
{
	char path[4200];

	fclose(b->f);
	snprintf(path, sizeof(path), "%s/%s.gp", R->fig_dir, b->name);
	if (R->nfigs == REPORT_MAX_FIGS ||
	    hx_file_write_atomic(path, fig_writer, b, R->msg, sizeof(R->msg)) !=
		0) {
		free(b->buf);
		R->failed = 1;
		return 0;
	}
	free(b->buf);
	snprintf(
	    R->figs[R->nfigs].name, sizeof(R->figs[0].name), "%s", b->name);
	snprintf(
	    R->figs[R->nfigs].title, sizeof(R->figs[0].title), "%s", b->title);
	return ++R->nfigs;
}

/* "Figure 3 (figures/x.svg)" for a figure name; "Figure ? (name)" when it
 * was not drawn. */
static const char *
fig_cite(const report_t *R, const char *name)
{
	char *b = rotbuf();
	for (int i = 0; i < R->nfigs; i++) {
		if (strcmp(R->figs[i].name, name) == 0) {
			snprintf(b, 48, "Figure %d", i + 1);
			return b;
		}
	}
	snprintf(b, 48, "Figure (not drawn)");
	return b;
}

static void
md_figure(report_t *R, int k, const char *caption)
{
	if (k <= 0) {
		md(R, "*(a figure could not be written: %s)*\n\n", R->msg);
		return;
	}
	md(R,
	    "![Figure %d: %s](figures/%s.svg)\n\n**Figure %d.** %s "
	    "([SVG](figures/%s.svg), [PNG](figures/%s.png), "
	    "[gnuplot](figures/%s.gp))\n\n",
	    k, R->figs[k - 1].title, R->figs[k - 1].name, k, caption,
	    R->figs[k - 1].name, R->figs[k - 1].name, R->figs[k - 1].name);
}

/* A positive value for a log axis: 0 is drawn at floor. */
static double
logpos(double x, double floor_)
{
	return x > floor_ ? x : floor_;
}

/* ---- part 1: interp
 * ---------------------------------------------------------- */

typedef struct report_interp_s {
	double nq, mq;
	const json_t *main[8]; /* by interp_variants index */
	int fig_mem, fig_time, fig_timeline, fig_chunk, fig_roof, fig_cold;
} report_interp_t;

static void
interp_table(report_t *R, report_interp_t *I)
{
	const json_t *mat = I->main[1];
	double t_mat = num(mat, "time_s.median");

	md(R,
	    "| variant | median time [95%% CI] | cold | peak workspace "
	    "(measured) | model | RSS high-water | minor faults | "
	    "IPC (hardware) | D1 misses/pair (simulated) | "
	    "LL misses/pair (simulated) | GFLOP/s | speed-up vs "
	    "materialized |\n|---|---|---|---|---|---|---|---|---|---|---|"
	    "---|\n");
	for (int i = 0; interp_variants[i] != NULL; i++) {
		const char *v = interp_variants[i];
		const json_t *r = I->main[i], *cs = cachesim_of(R, v);
		const json_t *ci;
		if (r == NULL) {
			const json_t *any = find_run(
			    R, "interp-main", "interp", v, I->nq, NAN, 0, 0);
			md(R,
			    "| %s | not measured (%s) | | | %s | | | | | | | "
			    "|\n",
			    v,
			    why_missing(R, "interp-main", "interp", v, I->nq),
			    fmt_bytes(num(any, "memory.model_bytes")));
			continue;
		}
		ci = json_object_get(json_object_get(r, "time_s"), "ci95");
		md(R, "| %s | %s ", v, fmt_time(num(r, "time_s.median")));
		if (json_array_size(ci) == 2 && num(r, "time_s.repeats") >= 3)
			md(R, "[%s, %s] ",
			    fmt_time(json_number_value(json_array_get(ci, 0))),
			    fmt_time(json_number_value(json_array_get(ci, 1))));
		else
			md(R, "(%s timed run) ",
			    fmt_num(num(r, "time_s.repeats"), "%.0f"));
		md(R, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
		    fmt_time(num(r, "time_s.cold")),
		    fmt_bytes(num(r, "memory.peak_workspace_bytes")),
		    fmt_bytes(num(r, "memory.model_bytes")),
		    fmt_bytes(num(r, "memory.peak_rss_bytes")),
		    fmt_num(num(r, "memory.minor_faults"), "%.0f"),
		    fmt_num(num(r, "derived.ipc"), "%.2f"),
		    fmt_num(num(cs, "cachesim.D1_misses_per_unit"), "%.3g"),
		    fmt_num(num(cs, "cachesim.LL_misses_per_unit"), "%.3g"),
		    fmt_num(num(r, "work.gflops_per_s"), "%.3g"),
		    fmt_ratio(t_mat / num(r, "time_s.median")));
	}
	md(R, "\n");
}

static void
interp_counters_note(report_t *R, const report_interp_t *I)
{
	const json_t *r = NULL, *c;
	const char *name;
	json_t *e;
	char ok[512] = "", bad[512] = "";
	const json_t *cs = NULL;

	for (int i = 0; interp_variants[i] != NULL && r == NULL; i++)
		r = I->main[i];
	if (r == NULL)
		return;
	c = json_object_get(r, "counters");
	json_object_foreach((json_t *)c, name, e)
	{
		char *dst =
		    strcmp(str(e, "status"), "unsupported") == 0 ? bad : ok;
		size_t len = strlen(dst);
		snprintf(dst + len, 512 - len, "%s%s", len ? ", " : "", name);
	}
	md(R,
	    "Counters (`result.counters`, `result.pmu`): %s. Counted: %s. "
	    "Unsupported: %s. The IPC column needs hardware cycles and "
	    "instructions; where they are unsupported it says n/a, and the "
	    "cache behaviour comes from valgrind's simulator instead. ",
	    json_is_true(
		json_object_get(json_object_get(r, "pmu"), "hardware_pmu"))
		? "this machine has a hardware PMU"
		: str(json_object_get(r, "pmu"), "note"),
	    ok[0] ? ok : "none", bad[0] ? bad : "none");
	for (int i = 0; interp_variants[i] != NULL && cs == NULL; i++)
		cs = cachesim_of(R, interp_variants[i]);
	if (cs != NULL)
		md(R,
		    "The simulated columns are one run of each variant at "
		    "N=%s, M=%s under `%s` (D1 %s; last level %s, rounded "
		    "to what the simulator supports); they are misses per "
		    "(point, interpolant) "
		    "pair, simulated, not measured.\n\n",
		    fmt_n(num(cs, "params.n")), fmt_n(num(cs, "params.m")),
		    str(json_object_get(cs, "cachesim"), "tool"),
		    str(json_object_get(cs, "cachesim"), "d1"),
		    str(json_object_get(cs, "cachesim"), "ll"));
	else
		md(R,
		    "No cache simulation was run (valgrind missing or the "
		    "run failed), so the simulated columns say n/a.\n\n");
}

/* Scaling points: interp-scale and interp-main, jemalloc, default chunk. */
static int
is_interp_scaling(const json_t *r, const char *v)
{
	const char *set = str(r, "_set");
	return strcmp(str(r, "workload"), "interp") == 0 &&
	    strcmp(str(r, "variant"), v) == 0 && !is_glibc(r) &&
	    (strcmp(set, "interp-scale") == 0 ||
		strncmp(set, "interp-main", 11) == 0) &&
	    strcmp(str(r, "status"), "ok") == 0;
}

/* The runs of a selection sorted by n, into out (max cap). */
static size_t
collect_by_n(const report_t *R, int (*pick)(const json_t *, const char *),
    const char *v, const json_t **out, size_t cap)
{
	size_t i, k = 0;
	json_t *r;

	json_array_foreach(R->runs, i, r)
	{
		if (k < cap && pick(r, v))
			out[k++] = r;
	}
	for (size_t a = 1; a < k; a++)
		for (size_t b = a; b > 0 &&
		     num(out[b - 1], "params.n") > num(out[b], "params.n");
		     b--) {
			const json_t *t = out[b];
			out[b] = out[b - 1];
			out[b - 1] = t;
		}
	return k;
}

static void
interp_fig_memory(report_t *R, report_interp_t *I)
{
	fig_body_t b;
	const json_t *pts[64];
	int nplot = 0;

	if (fig_begin(&b, "fig-interp-memory",
		"interp: peak workspace against N (M fixed)") != 0)
		return;
	fprintf(b.f,
	    "set logscale xy\nset xlabel 'N (evaluation points)'\n"
	    "set ylabel 'peak workspace (bytes)'\nset format y "
	    "'%%.0e'\nset format x '%%.0e'\nset yrange [0.5:1e11]\n");
	for (int i = 0; interp_variants[i] != NULL; i++) {
		size_t k = collect_by_n(
		    R, is_interp_scaling, interp_variants[i], pts, 64);
		fprintf(b.f, "$m%d << EOD\n", i);
		for (size_t j = 0; j < k; j++)
			fprintf(b.f, "%.0f %.6g %.6g\n",
			    num(pts[j], "params.n"),
			    logpos(num(pts[j], "memory.peak_workspace_bytes"),
				1.0),
			    logpos(num(pts[j], "memory.model_bytes"), 1.0));
		fprintf(b.f, "EOD\n");
	}
	fprintf(b.f,
	    "set arrow from graph 0, first %.6g to graph 1, first "
	    "%.6g nohead dt 2 lw 2 lc rgb 'red'\nset label 'the "
	    "question: about 14 GB (12*N*M*4 at N=1e6, M=300)' at graph "
	    "0.02, first %.6g offset 0,0.7 tc rgb 'red'\n",
	    QUESTION_PEAK_BYTES, QUESTION_PEAK_BYTES, QUESTION_PEAK_BYTES);
	fprintf(b.f, "plot ");
	for (int i = 0; interp_variants[i] != NULL; i++) {
		fprintf(b.f,
		    "%s$m%d using 1:2 with points pt 7 ps 1.3 lc %d "
		    "title '%s measured', $m%d using 1:3 with lines dt "
		    "2 lw 1.5 lc %d title '%s model'",
		    nplot ? ", \\\n  " : "", i, i + 1, interp_variants[i], i,
		    i + 1, interp_variants[i]);
		nplot++;
	}
	fprintf(b.f, "\n");
	I->fig_mem = fig_end(R, &b);
}

static void
interp_fig_time(report_t *R, report_interp_t *I)
{
	fig_body_t b;
	const json_t *pts[64];

	if (fig_begin(&b, "fig-interp-time",
		"interp: median time against N (M fixed)") != 0)
		return;
	fprintf(b.f,
	    "set logscale xy\nset xlabel 'N (evaluation points)'\n"
	    "set ylabel 'median time per run (s)'\nset format x "
	    "'%%.0e'\n");
	for (int i = 0; interp_variants[i] != NULL; i++) {
		size_t k = collect_by_n(
		    R, is_interp_scaling, interp_variants[i], pts, 64);
		fprintf(b.f, "$t%d << EOD\n", i);
		for (size_t j = 0; j < k; j++) {
			const json_t *ci = json_object_get(
			    json_object_get(pts[j], "time_s"), "ci95");
			double med = num(pts[j], "time_s.median");
			fprintf(b.f, "%.0f %.6g %.6g %.6g\n",
			    num(pts[j], "params.n"), med,
			    json_array_size(ci) == 2
				? json_number_value(json_array_get(ci, 0))
				: med,
			    json_array_size(ci) == 2
				? json_number_value(json_array_get(ci, 1))
				: med);
		}
		fprintf(b.f, "EOD\n");
	}
	fprintf(b.f, "plot ");
	for (int i = 0; interp_variants[i] != NULL; i++)
		fprintf(b.f,
		    "%s$t%d using 1:2:3:4 with yerrorlines pt 7 lc %d "
		    "title '%s'",
		    i ? ", \\\n  " : "", i, i + 1, interp_variants[i]);
	fprintf(b.f, "\n");
	I->fig_time = fig_end(R, &b);
}

/* The timeline CSV of a run, by the file name its result records. */
static FILE *
open_timeline(const report_t *R, const json_t *r)
{
	const char *p = str(json_object_get(r, "timeline"), "path");
	const char *base = strrchr(p, '/');
	char path[4400];

	if (p[0] == '\0')
		return NULL;
	snprintf(path, sizeof(path), "%s/timelines/%s", R->data_dir,
	    base != NULL ? base + 1 : p);
	return fopen(path, "r");
}

static void
interp_fig_timeline(report_t *R, report_interp_t *I)
{
	fig_body_t b;
	int nseries = 0;
	char plot[4096] = "";

	if (fig_begin(&b, "fig-interp-timeline",
		"interp: allocator live bytes during the first (cold) run") !=
	    0)
		return;
	fprintf(b.f,
	    "set logscale xy\nset xlabel 'time since the run began "
	    "(s)'\nset ylabel 'live bytes above those before the run'\n"
	    "set format y '%%.0e'\n");
	for (int i = 0; interp_variants[i] != NULL; i++) {
		FILE *f =
		    I->main[i] != NULL ? open_timeline(R, I->main[i]) : NULL;
		double *t = NULL, *live = NULL, lo = INFINITY, t0 = NAN;
		double before = NAN; /* live bytes just before run 0 */
		size_t n = 0, cap = 0;
		char line[256];

		if (f == NULL)
			continue;
		while (fgets(line, sizeof(line), f) != NULL) {
			double ts, lb, rss;
			int run, step;
			if (sscanf(line, "%lf,%d,%d,%lf,%lf", &ts, &run, &step,
				&lb, &rss) != 5)
				continue;
			if (run == -1 && n == 0)
				before = lb;
			if (run != 0)
				continue;
			if (n == cap) {
				size_t ncap = cap ? 2 * cap : 4096;
				double *nt = realloc(t, ncap * sizeof(*t));
				double *nlive;

				if (nt == NULL)
					break;
				t = nt;
				nlive = realloc(live, ncap * sizeof(*live));
				if (nlive == NULL)
					break;
				live = nlive;
				cap = ncap;
			}
			if (isnan(t0))
				t0 = ts;
			t[n] = ts - t0;
			live[n++] = lb;
			if (lb < lo)
				lo = lb;
		}
		fclose(f);
		if (!isnan(before) && before < lo)
			lo = before;
		if (n > 0 && t != NULL && live != NULL) {
			size_t step =
			    (n + TIMELINE_POINTS - 1) / TIMELINE_POINTS;
			fprintf(b.f, "$l%d << EOD\n", i);
			for (size_t j = 0; j < n; j += step) {
				double mx = 0;
				for (size_t q = j; q < j + step && q < n; q++)
					if (live[q] - lo > mx)
						mx = live[q] - lo;
				fprintf(b.f, "%.6g %.6g\n", logpos(t[j], 1e-4),
				    logpos(mx, 1e3));
			}
			fprintf(b.f, "EOD\n");
			snprintf(plot + strlen(plot),
			    sizeof(plot) - strlen(plot),
			    "%s$l%d using 1:2 with steps lw 2 lc %d title '%s'",
			    nseries ? ", \\\n  " : "", i, i + 1,
			    interp_variants[i]);
			nseries++;
		}
		free(t);
		free(live);
	}
	if (nseries == 0) {
		fprintf(b.f,
		    "set label 'no timelines in the data' at graph "
		    "0.3, graph 0.5\nset xrange [1e-3:1]\nset yrange "
		    "[1e3:1e9]\nplot 1e3 notitle\n");
	} else {
		fprintf(b.f, "plot %s\n", plot);
	}
	I->fig_timeline = fig_end(R, &b);
}

static int
chunk_pick(const json_t *r, const char *unused)
{
	(void)unused;
	return strcmp(str(r, "_set"), "interp-chunk") == 0 &&
	    strcmp(str(r, "status"), "ok") == 0;
}

static void
interp_fig_chunk(report_t *R, report_interp_t *I)
{
	fig_body_t b;
	size_t i;
	json_t *r;
	int any = 0;

	if (fig_begin(&b, "fig-interp-chunk",
		"interp: the chunk size as a memory-time trade-off") != 0)
		return;
	fprintf(b.f,
	    "set logscale x\nset xlabel 'peak workspace (bytes)'\n"
	    "set ylabel 'median time per run (s)'\nset format x "
	    "'%%.0e'\nset offsets graph 0.05, graph 0.1, graph 0.1, "
	    "graph 0.1\n$c << EOD\n");
	json_array_foreach(R->runs, i, r)
	{
		if (chunk_pick(r, NULL)) {
			fprintf(b.f, "%.6g %.6g \"B=%.0f\"\n",
			    logpos(num(r, "memory.peak_workspace_bytes"), 1.0),
			    num(r, "time_s.median"), num(r, "params.chunk"));
			any = 1;
		}
	}
	fprintf(b.f, "EOD\n");
	if (I->main[1] != NULL)
		fprintf(b.f, "$mat << EOD\n%.6g %.6g\nEOD\n",
		    num(I->main[1], "memory.peak_workspace_bytes"),
		    num(I->main[1], "time_s.median"));
	fprintf(b.f, "plot %s",
	    any ? "$c using 1:2 with linespoints pt 7 "
		  "lc 4 title 'chunked (B points at a "
		  "time)', $c using 1:2:3 with labels "
		  "offset 0,1 notitle"
		: "1/0 title 'no chunk sweep in the data'");
	if (I->main[1] != NULL)
		fprintf(b.f,
		    ", $mat using 1:2 with points pt 5 ps 1.5 lc 2 "
		    "title 'materialized'");
	if (I->main[2] != NULL)
		fprintf(b.f,
		    ", %.6g with lines dt 2 lw 2 lc 3 title 'fused "
		    "(workspace %s)'",
		    num(I->main[2], "time_s.median"),
		    fmt_bytes(num(I->main[2], "memory.peak_workspace_bytes")));
	fprintf(b.f, "\n");
	I->fig_chunk = fig_end(R, &b);
}

static void
interp_fig_roofline(report_t *R, report_interp_t *I)
{
	fig_body_t b;
	double bw = num(R->ceilings, "triad_bytes_per_s");
	double fma = num(R->ceilings, "fma_flops_per_s");
	int any = 0;

	if (fig_begin(&b, "fig-roofline",
		"interp: roofline with this machine's measured ceilings (one "
		"core)") != 0)
		return;
	/* The x range reaches a decade past the most intense schedule:
	 * fused and tiled sit far right when their tables stay in cache. */
	double xmax = 1000.0;
	for (int i = 0; interp_variants[i] != NULL; i++) {
		double x = I->main[i] != NULL
		    ? num(I->main[i], "work.intensity_flops_per_byte")
		    : NAN;
		while (!isnan(x) && x * 3.0 > xmax)
			xmax *= 10.0;
	}
	fprintf(b.f,
	    "set logscale xy\nset xlabel 'arithmetic intensity "
	    "(FLOP per DRAM byte the schedule moves)'\n"
	    "set ylabel 'GFLOP/s'\nset xrange [0.01:%g]\nset yrange "
	    "[0.01:1000]\nset samples 400\n$v << EOD\n",
	    xmax);
	for (int i = 0; interp_variants[i] != NULL; i++) {
		const json_t *r = I->main[i];
		if (r == NULL || isnan(num(r, "work.intensity_flops_per_byte")))
			continue;
		fprintf(b.f, "%.6g %.6g %s\n",
		    num(r, "work.intensity_flops_per_byte"),
		    num(r, "work.gflops_per_s"), interp_variants[i]);
		any = 1;
	}
	fprintf(b.f, "EOD\n");
	if (!isnan(bw) && !isnan(fma))
		fprintf(b.f,
		    "roof(x) = (x * %.6g < %.6g) ? x * %.6g : %.6g\n"
		    "plot roof(x) with lines lw 2 lc rgb 'black' title "
		    "'min(triad %.1f GB/s x I, FMA %.1f GFLOP/s)'",
		    bw * 1e-9, fma * 1e-9, bw * 1e-9, fma * 1e-9, bw * 1e-9,
		    fma * 1e-9);
	else
		fprintf(b.f, "plot 1/0 title 'no ceilings.json in the data'");
	if (any)
		fprintf(b.f,
		    ", $v using 1:2 with points pt 7 ps 1.5 lc 7 "
		    "title 'variants at N=%s', $v using 1:2:3 with "
		    "labels offset 0,1 notitle",
		    fmt_n(I->nq));
	fprintf(b.f, "\n");
	I->fig_roof = fig_end(R, &b);
}

/* Cold time over median, interp and colony variants at their main sizes. */
static void
fig_cold(report_t *R, report_interp_t *I, const json_t *const *colony)
{
	fig_body_t b;

	if (fig_begin(&b, "fig-cold-warm",
		"first (cold) run time over the median of the timed runs") != 0)
		return;
	fprintf(b.f,
	    "set style data histograms\nset style fill solid 0.6 "
	    "border -1\nset boxwidth 0.8\nset ylabel 'cold time / "
	    "median time'\nset xtics rotate by -35 noenhanced\nset "
	    "yrange [0:*]\nset key off\n$r << EOD\n");
	for (int i = 0; interp_variants[i] != NULL; i++)
		if (I->main[i] != NULL && num(I->main[i], "time_s.repeats") > 0)
			fprintf(b.f, "\"interp/%s\" %.6g\n", interp_variants[i],
			    num(I->main[i], "time_s.cold") /
				num(I->main[i], "time_s.median"));
	for (int i = 0; colony_variants[i] != NULL; i++)
		if (colony[i] != NULL)
			fprintf(b.f, "\"colony/%s\" %.6g\n", colony_variants[i],
			    num(colony[i], "time_s.cold") /
				num(colony[i], "time_s.median"));
	fprintf(b.f,
	    "EOD\nplot $r using 2:xtic(1) lc 4, 1 with lines dt 2 "
	    "lc rgb 'black'\n");
	I->fig_cold = fig_end(R, &b);
}

static void
part_interp(report_t *R, report_interp_t *I)
{
	const json_t *any;

	I->nq = set_max_n(R, "interp-main", "interp");
	any = find_run(R, "interp-main", "interp", NULL, I->nq, NAN, -1, 0);
	I->mq = num(any, "params.m");
	for (int i = 0; interp_variants[i] != NULL; i++)
		I->main[i] = ok_run(
		    R, "interp-main", "interp", interp_variants[i], I->nq);

	md(R, "## Part 1: interp, many interpolants at many points\n\n");
	md(R,
	    "The question evaluated M=300 cubic interpolants at N=10^6 points "
	    "with two nested vectorizing maps, squared and summed, and saw "
	    "about 14 GB. Table 1 is every variant at N=%s, M=%s (G=%s), "
	    "jemalloc build.\n\n",
	    fmt_n(I->nq), fmt_n(I->mq), fmt_n(num(any, "params.g")));
	md(R, "**Table 1.** interp at N=%s, M=%s.\n\n", fmt_n(I->nq),
	    fmt_n(I->mq));
	interp_table(R, I);
	interp_counters_note(R, I);

	interp_fig_memory(R, I);
	interp_fig_time(R, I);
	interp_fig_timeline(R, I);
	interp_fig_chunk(R, I);
	interp_fig_roofline(R, I);

	md(R, "### Memory against N\n\n");
	if (I->main[0] != NULL)
		md(R,
		    "Eager (the op-by-op order of the original program) was "
		    "measured at the full size: peak workspace %s at N=%s, "
		    "against %s modelled with the allocator's size classes "
		    "(%s without them: the spec's 12*N*M*4). The question's "
		    "figure is %s.\n\n",
		    fmt_bytes(num(I->main[0], "memory.peak_workspace_bytes")),
		    fmt_n(I->nq),
		    fmt_bytes(num(I->main[0], "memory.model_bytes")),
		    fmt_bytes(num(I->main[0], "memory.model_bare_bytes")),
		    fmt_bytes(QUESTION_PEAK_BYTES));
	else
		md(R, "Eager was not measured at N=%s (%s).\n\n", fmt_n(I->nq),
		    why_missing(R, "interp-main", "interp", "eager", I->nq));
	md_figure(R, I->fig_mem,
	    "Points: measured peak workspace (jemalloc's per-thread peak "
	    "above the inputs). Dotted lines: each variant's own model "
	    "(`memory.model_bytes` of the same runs, with allocator size "
	    "classes). Red: the question's 14 GB. A workspace of 0 B (fused) "
	    "is drawn at 1 B.");
	md(R, "### Time against N\n\n");
	md_figure(R, I->fig_time,
	    "Median time per run with the 95% bootstrap interval of the "
	    "median as error bars.");
	md(R, "### Memory during one run\n\n");
	md_figure(R, I->fig_timeline,
	    "The allocator's live bytes, sampled every millisecond by a "
	    "second thread during each variant's first run at the question's "
	    "size, above the live bytes just before the run (bucket maxima; "
	    "values under 1 kB drawn at 1 kB). Eager climbs in steps as each "
	    "full-size temporary is made and freed; materialized holds one "
	    "(N,M) array; the others stay flat.");
	md(R, "### Chunk size: memory against time\n\n");
	md_figure(R, I->fig_chunk,
	    "The chunked variant (the materialized schedule B points at a "
	    "time) at N as in Table 1, for each B: its peak workspace and "
	    "median time. The square is materialized (one chunk of N); the "
	    "dashed line is fused's time.");
	md(R, "### Roofline\n\n");
	if (R->ceilings != NULL)
		md(R,
		    "Ceilings measured on this machine by `harness ceilings`: "
		    "STREAM triad %s/s on one core (%s), float32 FMA %s "
		    "GFLOP/s (%s, %s lanes).\n\n",
		    fmt_bytes(num(R->ceilings, "triad_bytes_per_s")),
		    str(R->ceilings, "triad_bytes_counted"),
		    fmt_num(num(R->ceilings, "fma_flops_per_s") * 1e-9, "%.1f"),
		    str(R->ceilings, "fma_isa"),
		    fmt_num(num(R->ceilings, "fma_vector_width"), "%.0f"));
	md_figure(R, I->fig_roof,
	    "Each variant at its arithmetic intensity (the schedule's FLOP "
	    "over the bytes it must move, `work.intensity_flops_per_byte`) "
	    "and achieved GFLOP/s (`work.gflops_per_s`).");

	/* The allocator comparison. */
	{
		double ng = set_max_n(R, "interp-glibc", "interp");
		md(R, "### Allocator: glibc malloc against jemalloc\n\n");
		if (isnan(ng)) {
			md(R, "No glibc interp runs in the data.\n\n");
		} else {
			md(R,
			    "**Table 2.** interp at N=%s with each allocator "
			    "(glibc has no per-thread peak, so RSS is the "
			    "memory figure to compare).\n\n| variant | "
			    "allocator | median time | cold | RSS high-water "
			    "| minor faults |\n|---|---|---|---|---|---|\n",
			    fmt_n(ng));
			for (int i = 0; i < 2; i++) {
				const char *v = interp_variants[i];
				for (int g = 0; g < 2; g++) {
					const json_t *r = find_run(R,
					    g ? "interp-glibc" : "interp-scale",
					    "interp", v, ng, NAN, g, 1);
					if (r == NULL)
						r = find_run(R, "interp",
						    "interp", v, ng, NAN, g, 1);
					md(R,
					    "| %s | %s | %s | %s | %s | %s |\n",
					    v, g ? "glibc" : "jemalloc",
					    fmt_time(num(r, "time_s.median")),
					    fmt_time(num(r, "time_s.cold")),
					    fmt_bytes(num(
						r, "memory.peak_rss_bytes")),
					    fmt_num(
						num(r, "memory.minor_faults"),
						"%.0f"));
				}
			}
			md(R, "\n");
		}
	}
}

/* ---- part 2: colony
 * ---------------------------------------------------------- */

typedef struct report_colony_s {
	double nc;
	const json_t *main[8];
	int fig_time, fig_mem, fig_spread;
	double exp_time[8], exp_r2[8], exp_mem[8], nlo[8], nhi[8];
	size_t npts[8];
} report_colony_t;

static int
is_colony_scaling(const json_t *r, const char *v)
{
	const char *set = str(r, "_set");
	return strcmp(str(r, "workload"), "colony") == 0 &&
	    strcmp(str(r, "variant"), v) == 0 && !is_glibc(r) &&
	    (strcmp(set, "colony-scale") == 0 ||
		strcmp(set, "colony-cells") == 0) &&
	    strcmp(str(r, "status"), "ok") == 0;
}

static void
colony_figs(report_t *R, report_colony_t *C)
{
	fig_body_t bt, bm;
	const json_t *pts[64];
	char plot_t[4096] = "", plot_m[4096] = "";
	int nt = 0;

	if (fig_begin(
		&bt, "fig-colony-time", "colony: time per step against N") != 0)
		return;
	if (fig_begin(&bm, "fig-colony-memory",
		"colony: peak workspace against N") != 0) {
		fclose(bt.f);
		free(bt.buf);
		return;
	}
	fprintf(bt.f,
	    "set logscale xy\nset xlabel 'N (bacteria)'\nset "
	    "ylabel 'median time per step (s)'\n");
	fprintf(bm.f,
	    "set logscale xy\nset xlabel 'N (bacteria)'\nset "
	    "ylabel 'peak workspace (bytes)'\nset format y '%%.0e'\n");
	for (int i = 0; colony_variants[i] != NULL; i++) {
		size_t k = collect_by_n(
		    R, is_colony_scaling, colony_variants[i], pts, 64);
		double x[64], y[64], m[64];
		int mem_ok = 1;

		C->npts[i] = k;
		C->exp_time[i] = C->exp_mem[i] = C->exp_r2[i] = NAN;
		if (k == 0)
			continue;
		fprintf(bt.f, "$t%d << EOD\n", i);
		fprintf(bm.f, "$m%d << EOD\n", i);
		for (size_t j = 0; j < k; j++) {
			x[j] = num(pts[j], "params.n");
			y[j] = num(pts[j], "steps_s.median");
			m[j] = num(pts[j], "memory.peak_workspace_bytes");
			if (!(m[j] > 0))
				mem_ok = 0;
			fprintf(bt.f, "%.0f %.6g\n", x[j], y[j]);
			fprintf(bm.f, "%.0f %.6g %.6g\n", x[j],
			    logpos(m[j], 1.0),
			    logpos(num(pts[j], "memory.model_bytes"), 1.0));
		}
		fprintf(bt.f, "EOD\n");
		fprintf(bm.f, "EOD\n");
		C->nlo[i] = x[0];
		C->nhi[i] = x[k - 1];
		C->exp_time[i] = hx_stats_fit_exponent(x, y, k, &C->exp_r2[i]);
		if (mem_ok)
			C->exp_mem[i] = hx_stats_fit_exponent(x, m, k, NULL);
		snprintf(plot_t + strlen(plot_t),
		    sizeof(plot_t) - strlen(plot_t),
		    "%s$t%d using 1:2 with linespoints pt 7 lc %d title '%s "
		    "(N^%s)'",
		    nt ? ", \\\n  " : "", i, i + 1, colony_variants[i],
		    fmt_num(C->exp_time[i], "%.2f"));
		snprintf(plot_m + strlen(plot_m),
		    sizeof(plot_m) - strlen(plot_m),
		    "%s$m%d using 1:2 with points pt 7 lc %d title '%s "
		    "measured "
		    "(N^%s)', $m%d using 1:3 with lines dt 3 lc %d title '%s "
		    "model'",
		    nt ? ", \\\n  " : "", i, i + 1, colony_variants[i],
		    fmt_num(C->exp_mem[i], "%.2f"), i, i + 1,
		    colony_variants[i]);
		nt++;
	}
	if (nt == 0) {
		fprintf(bt.f, "plot 1/0 title 'no colony scaling data'\n");
		fprintf(bm.f, "plot 1/0 title 'no colony scaling data'\n");
	} else {
		fprintf(bt.f, "plot %s\n", plot_t);
		fprintf(bm.f, "plot %s\n", plot_m);
	}
	C->fig_time = fig_end(R, &bt);
	C->fig_mem = fig_end(R, &bm);
}

/* The per-step spread runs: naive (jemalloc, glibc), naive-reuse, fused. */
typedef struct spread_s {
	const char *variant;
	int glibc;
	const char *label;
} spread_t;

static const spread_t spreads[] = {
    {"naive", 0, "naive, jemalloc"},
    {"naive", 1, "naive, glibc malloc"},
    {"naive-reuse", 0, "naive-reuse, jemalloc"},
    {"fused", 0, "fused, jemalloc"},
    {NULL, 0, NULL},
};

static const json_t *
spread_run(const report_t *R, const spread_t *s)
{
	return find_run(
	    R, "colony-spread", "colony", s->variant, NAN, NAN, s->glibc, 1);
}

static void
colony_spread(report_t *R, report_colony_t *C)
{
	fig_body_t b;
	char plot[2048] = "";
	int np = 0;

	if (fig_begin(&b, "fig-colony-spread",
		"colony: the time of every step of one run") != 0)
		return;
	fprintf(b.f,
	    "set logscale y\nset xlabel 'step'\nset ylabel 'step "
	    "time (s)'\n");
	for (int i = 0; spreads[i].variant != NULL; i++) {
		const json_t *r = spread_run(R, &spreads[i]);
		const json_t *a =
		    json_object_get(json_object_get(r, "steps_s"), "samples");
		size_t j;
		json_t *e;
		if (r == NULL)
			continue;
		fprintf(
		    b.f, "$s%d << EOD\n0 %.6g\n", i, num(r, "steps_s.first"));
		json_array_foreach(a, j, e)
		{
			fprintf(b.f, "%zu %.6g\n", j + 1, json_number_value(e));
		}
		fprintf(b.f, "EOD\n");
		snprintf(plot + strlen(plot), sizeof(plot) - strlen(plot),
		    "%s$s%d using 1:2 with linespoints pt 7 ps 0.6 lc %d title "
		    "'%s'",
		    np ? ", \\\n  " : "", i, i + 1, spreads[i].label);
		np++;
	}
	if (np == 0)
		fprintf(b.f, "plot 1/0 title 'no spread runs in the data'\n");
	else
		fprintf(b.f, "plot %s\n", plot);
	C->fig_spread = fig_end(R, &b);
}

static void
part_colony(report_t *R, report_colony_t *C)
{
	const json_t *naive;
	double t_naive;

	C->nc = set_max_n(R, "colony-main", "colony");
	for (int i = 0; colony_variants[i] != NULL; i++)
		C->main[i] = ok_run(
		    R, "colony-main", "colony", colony_variants[i], C->nc);
	naive = C->main[0];
	t_naive = num(naive, "time_s.median");

	md(R, "## Part 2: colony, pairwise contact forces\n\n");
	md(R,
	    "The question's compiled time step was much slower than its "
	    "force function alone and a many-step loop varied from "
	    "milliseconds to seconds. Table 3 is every variant at N=%s, "
	    "%s steps a run, jemalloc build.\n\n",
	    fmt_n(C->nc),
	    fmt_n(num(C->main[3] ? C->main[3] : naive, "params.steps")));
	md(R,
	    "**Table 3.** colony at N=%s.\n\n| variant | median time per "
	    "run [95%% CI] | cold run | median step | first step | peak "
	    "workspace (measured) | model | RSS high-water | minor faults "
	    "| ns per pair | GFLOP/s | speed-up vs naive |\n|---|---|---|---|"
	    "---|---|---|---|---|---|---|---|\n",
	    fmt_n(C->nc));
	for (int i = 0; colony_variants[i] != NULL; i++) {
		const json_t *r = C->main[i], *ci;
		if (r == NULL) {
			md(R,
			    "| %s | not measured (%s) | | | | | | | | | | |\n",
			    colony_variants[i],
			    why_missing(R, "colony-main", "colony",
				colony_variants[i], C->nc));
			continue;
		}
		ci = json_object_get(json_object_get(r, "time_s"), "ci95");
		md(R, "| %s | %s", colony_variants[i],
		    fmt_time(num(r, "time_s.median")));
		if (json_array_size(ci) == 2)
			md(R, " [%s, %s]",
			    fmt_time(json_number_value(json_array_get(ci, 0))),
			    fmt_time(json_number_value(json_array_get(ci, 1))));
		md(R, " | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
		    fmt_time(num(r, "time_s.cold")),
		    fmt_time(num(r, "steps_s.median")),
		    fmt_time(num(r, "steps_s.first")),
		    fmt_bytes(num(r, "memory.peak_workspace_bytes")),
		    fmt_bytes(num(r, "memory.model_bytes")),
		    fmt_bytes(num(r, "memory.peak_rss_bytes")),
		    fmt_num(num(r, "memory.minor_faults"), "%.0f"),
		    fmt_num(num(r, "work.ns_per_unit"), "%.3g"),
		    fmt_num(num(r, "work.gflops_per_s"), "%.3g"),
		    fmt_ratio(t_naive / num(r, "time_s.median")));
	}
	md(R, "\n");

	colony_figs(R, C);
	md(R, "### Memory and time per step against N\n\n");
	md(R,
	    "**Table 4.** Fitted exponents k of time per step ~ N^k and peak "
	    "workspace ~ N^k (least squares in log-log).\n\n| variant | N "
	    "range | points | time exponent | r^2 | memory exponent |\n"
	    "|---|---|---|---|---|---|\n");
	for (int i = 0; colony_variants[i] != NULL; i++) {
		if (C->npts[i] == 0)
			continue;
		md(R, "| %s | %s to %s | %zu | %s | %s | %s |\n",
		    colony_variants[i], fmt_n(C->nlo[i]), fmt_n(C->nhi[i]),
		    C->npts[i], fmt_num(C->exp_time[i], "%.2f"),
		    fmt_num(C->exp_r2[i], "%.3f"),
		    isnan(C->exp_mem[i]) ? "0 B: no exponent"
					 : fmt_num(C->exp_mem[i], "%.2f"));
	}
	md(R, "\n");
	md_figure(R, C->fig_time,
	    "Median time per step (the very first step of a run excluded) "
	    "against N. All-pairs variants grow as N^2; cells, with a cell "
	    "list of side r_cut, grows as N at fixed density: this is the "
	    "comparison of cells against all-pairs.");
	md_figure(R, C->fig_mem,
	    "Peak workspace against N: measured points and each variant's "
	    "model (dotted). 0 B is drawn at 1 B.");

	colony_spread(R, C);
	md(R,
	    "### The per-step time distribution\n\n**Table 5.** One run of "
	    "many steps per variant at N=%s: the very first step apart, the "
	    "distribution of the others.\n\n| run | steps | first step | "
	    "median | p90 | p99 | max | max / median | minor faults |\n"
	    "|---|---|---|---|---|---|---|---|---|\n",
	    fmt_n(C->nc));
	for (int i = 0; spreads[i].variant != NULL; i++) {
		const json_t *r = spread_run(R, &spreads[i]);
		if (r == NULL) {
			md(R, "| %s | 0 | not measured | | | | | | |\n",
			    spreads[i].label);
			continue;
		}
		md(R, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
		    spreads[i].label, fmt_num(num(r, "params.steps"), "%.0f"),
		    fmt_time(num(r, "steps_s.first")),
		    fmt_time(num(r, "steps_s.median")),
		    fmt_time(num(r, "steps_s.p90")),
		    fmt_time(num(r, "steps_s.p99")),
		    fmt_time(num(r, "steps_s.max")),
		    fmt_ratio(num(r, "steps_s.max") / num(r, "steps_s.median")),
		    fmt_num(num(r, "memory.cold_minor_faults"), "%.0f"));
	}
	md(R, "\n");
	{
		double worst = NAN;
		const char *wl = "";
		for (int i = 0; spreads[i].variant != NULL; i++) {
			const json_t *r = spread_run(R, &spreads[i]);
			double q =
			    num(r, "steps_s.max") / num(r, "steps_s.median");
			if (r != NULL && (isnan(worst) || q > worst)) {
				worst = q;
				wl = spreads[i].label;
			}
		}
		if (!isnan(worst))
			md(R,
			    "The widest spread here is %s between a run's "
			    "slowest step and its median (%s)%s\n\n",
			    fmt_ratio(worst), wl,
			    worst < 10
				? ". The question's spread of three orders of "
				  "magnitude is not reproduced by allocation "
				  "and page faults alone; what C lacks and the "
				  "array library has, compilation on first "
				  "call and asynchronous dispatch timed "
				  "without waiting, is the likelier cause."
				: ": allocation alone reaches the question's "
				  "order of spread.");
	}
	md_figure(R, C->fig_spread,
	    "Every step of one run (step 0 is the very first step of the "
	    "process). The question's 'milliseconds to seconds' spread is "
	    "the distance between these lines and their own spikes.");
}

/* ---- verdicts
 * ------------------------------------------------------------------ */

static const char *const verdict_words[] = {"supported",
    "supported with a nuance", "not supported", "not testable here"};
enum { V_YES, V_NUANCE, V_NO, V_UNTESTABLE };

static void
verdict_row(report_t *R, const char *advice, const char *question, int verdict,
    const char *figs, const char *fmt, ...)
{
	va_list ap;

	md(R, "| %s | %s | ", advice, question);
	va_start(ap, fmt);
	vfprintf(R->md, fmt, ap);
	va_end(ap);
	md(R, " | **%s** | %s |\n", verdict_words[verdict], figs);
}

static void
part_verdicts(report_t *R, report_interp_t *I, report_colony_t *C)
{
	const json_t *eager = I->main[0], *mat = I->main[1], *fus = I->main[2];
	const json_t *hoi = I->main[5];
	const json_t *cn = C->main[0], *cf = C->main[3];
	const json_t *cc = C->main[5];
	char figs[256];

	md(R, "## Advice and verdicts\n\n");
	md(R,
	    "Each piece of advice the two questions received, in our words, "
	    "with the measurement that tests it. Thresholds: a memory claim "
	    "is supported when the peak falls by at least 10x; a time claim "
	    "when the median improves by at least 10%% (ratio >= 1.10); "
	    "'with a nuance' when the claim holds but the data add a "
	    "condition or a larger effect the advice missed.\n\n");
	md(R,
	    "| advice | question | measured | verdict | figure |\n"
	    "|---|---|---|---|---|\n");

	/* 1. Fuse the reduction into the inner map. */
	snprintf(figs, sizeof(figs), "%s, %s, Table 1",
	    fig_cite(R, "fig-interp-memory"), fig_cite(R, "fig-interp-time"));
	if (mat == NULL || fus == NULL) {
		verdict_row(R, "Fuse the reduction into the inner map",
		    "interp", V_UNTESTABLE, figs, "%s",
		    why_missing(R, "interp-main", "interp",
			mat == NULL ? "materialized" : "fused", I->nq));
	} else {
		double pm = num(mat, "memory.peak_workspace_bytes");
		double pf = num(fus, "memory.peak_workspace_bytes");
		double sp =
		    num(mat, "time_s.median") / num(fus, "time_s.median");
		int mem_ok = pf * 10 <= pm;
		verdict_row(R, "Fuse the reduction into the inner map",
		    "interp",
		    mem_ok && sp >= 1.10 ? V_YES
			: mem_ok         ? V_NUANCE
					 : V_NO,
		    figs,
		    "at N=%s: peak workspace %s (materialized) -> %s (fused); "
		    "median %s -> %s (speed-up %s)%s",
		    fmt_n(I->nq), fmt_bytes(pm), fmt_bytes(pf),
		    fmt_time(num(mat, "time_s.median")),
		    fmt_time(num(fus, "time_s.median")), fmt_ratio(sp),
		    mem_ok && sp < 1.10 ? "; memory falls but time does not "
					  "improve by 10%"
					: "");
	}

	/* 2. Compile the whole function so buffers are reused. */
	snprintf(figs, sizeof(figs), "%s, %s", fig_cite(R, "fig-interp-memory"),
	    fig_cite(R, "fig-interp-timeline"));
	if (eager == NULL || mat == NULL || fus == NULL) {
		verdict_row(R,
		    "Compile the whole function (jit) so buffers are "
		    "reused",
		    "interp", V_UNTESTABLE, figs, "%s",
		    why_missing(R, "interp-main", "interp",
			eager == NULL     ? "eager"
			    : mat == NULL ? "materialized"
					  : "fused",
			I->nq));
	} else {
		double pe = num(eager, "memory.peak_workspace_bytes");
		double pm = num(mat, "memory.peak_workspace_bytes");
		double pf = num(fus, "memory.peak_workspace_bytes");
		double sp =
		    num(eager, "time_s.median") / num(mat, "time_s.median");
		int cut = pm * 2 <= pe, still = pm > 10 * (pf > 1 ? pf : 1);
		verdict_row(R,
		    "Compile the whole function (jit) so buffers are "
		    "reused",
		    "interp",
		    cut && still ? V_NUANCE
			: cut    ? V_YES
				 : V_NO,
		    figs,
		    "op by op (eager) %s -> compiled without fusion "
		    "(materialized) %s, %s less memory, speed-up %s; but the "
		    "compiled program still holds the (N,M) array: %s against "
		    "%s once the reduction is fused",
		    fmt_bytes(pe), fmt_bytes(pm), fmt_ratio(pe / pm),
		    fmt_ratio(sp), fmt_bytes(pm), fmt_bytes(pf));
	}

	/* 3. Batches of 10,000 points. */
	{
		const json_t *c10 = find_run(
		    R, "interp-chunk", "interp", "chunked", NAN, 10000, 0, 1);
		snprintf(
		    figs, sizeof(figs), "%s", fig_cite(R, "fig-interp-chunk"));
		if (c10 == NULL || mat == NULL || fus == NULL) {
			verdict_row(R,
			    "Process the points in batches of 10,000", "interp",
			    V_UNTESTABLE, figs, "%s",
			    c10 == NULL
				? "no chunked run with B=10000 in the "
				  "chunk sweep"
				: why_missing(R, "interp-main", "interp",
				      mat == NULL ? "materialized" : "fused",
				      I->nq));
		} else {
			double pc = num(c10, "memory.peak_workspace_bytes");
			double pm = num(mat, "memory.peak_workspace_bytes");
			double tc = num(c10, "time_s.median");
			double tm = num(mat, "time_s.median");
			double tf = num(fus, "time_s.median");
			int mem_ok = pc * 10 <= pm;
			int fused_better = tc >= 1.10 * tf;
			verdict_row(R,
			    "Process the points in batches of 10,000", "interp",
			    !mem_ok                              ? V_NO
				: fused_better || tc > tm * 1.10 ? V_NUANCE
								 : V_YES,
			    figs,
			    "B=10000 at N=%s: peak workspace %s, %s less than "
			    "materialized's %s; median %s against %s "
			    "(materialized) and %s (fused, %s workspace, no "
			    "batch size to choose)%s",
			    fmt_n(I->nq), fmt_bytes(pc), fmt_ratio(pm / pc),
			    fmt_bytes(pm), fmt_time(tc), fmt_time(tm),
			    fmt_time(tf),
			    fmt_bytes(num(fus, "memory.peak_workspace_bytes")),
			    fused_better ? "; fusing the reduction is faster "
					   "than batching"
				: tc > tm * 1.10 ? "; batching costs time here"
						 : "");
		}
	}

	/* 4. Avoid the O(N^2) intermediate by summing in place. */
	snprintf(figs, sizeof(figs), "%s, %s, Table 3",
	    fig_cite(R, "fig-colony-memory"), fig_cite(R, "fig-colony-time"));
	if (cn == NULL || cf == NULL) {
		verdict_row(R,
		    "Avoid the O(N^2) intermediate by summing each "
		    "particle's pairs in place",
		    "colony", V_UNTESTABLE, figs, "%s",
		    why_missing(R, "colony-main", "colony",
			cn == NULL ? "naive" : "fused", C->nc));
	} else {
		double pn = num(cn, "memory.peak_workspace_bytes");
		double pf = num(cf, "memory.peak_workspace_bytes");
		double sp =
		    num(cn, "steps_s.median") / num(cf, "steps_s.median");
		int mem_ok = pf * 10 <= pn;
		verdict_row(R,
		    "Avoid the O(N^2) intermediate by summing each "
		    "particle's pairs in place",
		    "colony",
		    mem_ok && sp >= 1.10 ? V_YES
			: mem_ok         ? V_NUANCE
					 : V_NO,
		    figs,
		    "at N=%s: peak workspace %s (naive) -> %s (fused); median "
		    "step %s -> %s (speed-up %s); memory exponent %s -> %s",
		    fmt_n(C->nc), fmt_bytes(pn), fmt_bytes(pf),
		    fmt_time(num(cn, "steps_s.median")),
		    fmt_time(num(cf, "steps_s.median")), fmt_ratio(sp),
		    fmt_num(C->exp_mem[0], "%.2f"),
		    isnan(C->exp_mem[3]) ? "none (0 B)"
					 : fmt_num(C->exp_mem[3], "%.2f"));
	}

	/* 5. Compile the whole step and the loop. */
	{
		const json_t *sn = spread_run(R, &spreads[0]);
		const json_t *sr = spread_run(R, &spreads[2]);
		snprintf(figs, sizeof(figs), "%s, Table 5",
		    fig_cite(R, "fig-colony-spread"));
		if (sn == NULL || sr == NULL) {
			verdict_row(R,
			    "Compile the whole step and the loop "
			    "(one compiled program, buffers kept)",
			    "colony", V_UNTESTABLE, figs, "%s",
			    why_missing(R, "colony-spread", "colony",
				sn == NULL ? "naive" : "naive-reuse", NAN));
		} else {
			double sp = num(sn, "steps_s.median") /
			    num(sr, "steps_s.median");
			double fr = num(sr, "steps_s.first") /
			    num(sr, "steps_s.median");
			verdict_row(R,
			    "Compile the whole step and the loop "
			    "(one compiled program, buffers kept)",
			    "colony", sp >= 1.10 ? V_NUANCE : V_NO, figs,
			    "keeping the (N,N) buffers across steps: median "
			    "step %s (fresh arrays) -> %s (reused), speed-up "
			    "%s; "
			    "minor faults %s -> %s per run; the first step of "
			    "the reusing run costs %s of its median (it "
			    "touches "
			    "the new pages). Nuance: the step is still O(N^2) "
			    "in memory; the compile-time part (tracing, "
			    "recompilation) has no counterpart in C and is not "
			    "testable here",
			    fmt_time(num(sn, "steps_s.median")),
			    fmt_time(num(sr, "steps_s.median")), fmt_ratio(sp),
			    fmt_num(
				num(sn, "memory.cold_minor_faults"), "%.0f"),
			    fmt_num(
				num(sr, "memory.cold_minor_faults"), "%.0f"),
			    fmt_ratio(fr));
		}
	}

	/* 6. Warm up and wait for the result before timing. */
	{
		double q[16], worst = NAN;
		const json_t *wr = NULL;
		const char *wv = "";
		size_t nq = 0;
		snprintf(
		    figs, sizeof(figs), "%s", fig_cite(R, "fig-cold-warm"));
		for (int w = 0; w < 2; w++) {
			const char *const *vs =
			    w ? colony_variants : interp_variants;
			for (int i = 0; vs[i] != NULL; i++) {
				const json_t *r = w ? C->main[i] : I->main[i];
				if (r == NULL || num(r, "time_s.repeats") < 1)
					continue;
				q[nq] = num(r, "time_s.cold") /
				    num(r, "time_s.median");
				if (isnan(worst) || q[nq] > worst) {
					worst = q[nq];
					wr = r;
					wv = vs[i];
				}
				nq++;
			}
		}
		if (nq == 0) {
			verdict_row(R,
			    "Measure after a warm-up and wait for the "
			    "result",
			    "colony", V_UNTESTABLE, figs,
			    "no run with timed repeats in the data");
		} else {
			double med = hx_stats_median(q, nq);
			double cold_f = num(wr, "memory.cold_minor_faults");
			double timed_f = num(wr, "memory.minor_faults");
			verdict_row(R,
			    "Measure after a warm-up and wait for the "
			    "result",
			    "colony",
			    med >= 1.10         ? V_YES
				: worst >= 1.10 ? V_NUANCE
						: V_NO,
			    figs,
			    "cold run over median of the timed runs, %zu "
			    "variants: median %s, largest %s (%s/%s, %s minor "
			    "faults in its cold run against %s in a timed "
			    "one)%s. Waiting for an asynchronous result is not "
			    "testable here: C runs synchronously, so the "
			    "harness always times finished work; nor is "
			    "compilation, the first-call cost the advice is "
			    "about",
			    nq, fmt_ratio(med), fmt_ratio(worst),
			    wr == C->main[0] || wr == C->main[1] ||
				    wr == C->main[2] || wr == C->main[3] ||
				    wr == C->main[4] || wr == C->main[5]
				? "colony"
				: "interp",
			    wv, fmt_num(cold_f, "%.0f"),
			    fmt_num(timed_f, "%.0f"),
			    med < 1.10 ? "; for most variants the first run "
					 "costs what the others do"
				       : "");
		}
	}
	md(R, "\n");

	/* What none of the answers said. */
	md(R, "### What none of the answers said\n\n");
	if (hoi != NULL && fus != NULL)
		md(R,
		    "- **Share the grid and fix the layout.** All %s "
		    "interpolants use the same grid, so the cell index and "
		    "the four weights depend on the point only; `hoisted` "
		    "computes them once per point and stores the tables "
		    "grid-major so the loop over interpolants reads "
		    "contiguous memory. At N=%s it takes %s against fused's "
		    "%s (speed-up %s) with %s of workspace (%s, Table 1).\n",
		    fmt_n(I->mq), fmt_n(I->nq),
		    fmt_time(num(hoi, "time_s.median")),
		    fmt_time(num(fus, "time_s.median")),
		    fmt_ratio(
			num(fus, "time_s.median") / num(hoi, "time_s.median")),
		    fmt_bytes(num(hoi, "memory.peak_workspace_bytes")),
		    fig_cite(R, "fig-interp-time"));
	if (hoi != NULL && I->main[6] != NULL)
		md(R,
		    "  Sorting the points by cell first (`sorted`) keeps each "
		    "cell's rows in L1: %s, a further speed-up of %s over "
		    "hoisted, for %s of workspace.\n",
		    fmt_time(num(I->main[6], "time_s.median")),
		    fmt_ratio(num(hoi, "time_s.median") /
			num(I->main[6], "time_s.median")),
		    fmt_bytes(num(I->main[6], "memory.peak_workspace_bytes")));
	if (hoi == NULL || fus == NULL)
		md(R,
		    "- **Share the grid and fix the layout**: not measured "
		    "(%s).\n",
		    why_missing(R, "interp-main", "interp", "hoisted", I->nq));
	if (cc != NULL && cf != NULL)
		md(R,
		    "- **Cell lists.** Contacts and sensing reach at most "
		    "r_cut, so a cell list finds the neighbours in O(N) "
		    "work. At N=%s `cells` takes %s per step against fused's "
		    "%s (speed-up %s), and its time grows as N^%s against "
		    "N^%s for fused (%s, Table 4). No answer questioned the "
		    "all-pairs formulation itself.\n",
		    fmt_n(C->nc), fmt_time(num(cc, "steps_s.median")),
		    fmt_time(num(cf, "steps_s.median")),
		    fmt_ratio(
			num(cf, "steps_s.median") / num(cc, "steps_s.median")),
		    fmt_num(C->exp_time[5], "%.2f"),
		    fmt_num(C->exp_time[3], "%.2f"),
		    fig_cite(R, "fig-colony-time"));
	else
		md(R, "- **Cell lists**: not measured (%s).\n",
		    why_missing(R, "colony-main", "colony", "cells", C->nc));
	{
		/* Against the fresh-array schedule at the largest N both the
		 * scaling sweeps measured. */
		const json_t *big_naive = NULL, *big_cells = NULL;
		size_t i;
		json_t *r;

		json_array_foreach(R->runs, i, r)
		{
			const json_t *c;
			if (strncmp(str(r, "_set"), "colony-scale", 12) != 0 ||
			    strcmp(str(r, "variant"), "naive") != 0 ||
			    strcmp(str(r, "status"), "ok") != 0)
				continue;
			c = ok_run(R, "colony-cells", "colony", "cells",
			    num(r, "params.n"));
			if (c != NULL &&
			    (big_naive == NULL ||
				num(r, "params.n") >
				    num(big_naive, "params.n"))) {
				big_naive = r;
				big_cells = c;
			}
		}
		if (big_naive != NULL)
			md(R,
			    "  Against the fresh-array schedule at N=%s: "
			    "`cells` "
			    "%s per step, `naive` %s (speed-up %s).\n",
			    fmt_n(num(big_naive, "params.n")),
			    fmt_time(num(big_cells, "steps_s.median")),
			    fmt_time(num(big_naive, "steps_s.median")),
			    fmt_ratio(num(big_naive, "steps_s.median") /
				num(big_cells, "steps_s.median")));
	}
	{
		const json_t *sj = spread_run(R, &spreads[0]);
		const json_t *sg = spread_run(R, &spreads[1]);
		if (sj != NULL && sg != NULL)
			md(R,
			    "- **The allocator's part in step-time "
			    "variance.** The fresh-array schedule frees its "
			    "(N,N) arrays and allocates them again every "
			    "step. With jemalloc its steps run from %s "
			    "(median) to %s (max, %s of the median) with %s "
			    "minor faults per step; with glibc malloc from %s "
			    "to %s (%s) with %s faults per step. The "
			    "workspace is %s, %s pages of 4 KiB: when the "
			    "faults per step match the pages, the allocator "
			    "handed the arrays back to the kernel and every "
			    "step pays to map them again, and how often and "
			    "how much it gives back is the allocator's "
			    "policy (%s, Table 5). Reusing the buffers "
			    "(naive-reuse) leaves %s faults in the whole "
			    "run, about one workspace's pages, touched once.\n",
			    fmt_time(num(sj, "steps_s.median")),
			    fmt_time(num(sj, "steps_s.max")),
			    fmt_ratio(num(sj, "steps_s.max") /
				num(sj, "steps_s.median")),
			    fmt_num(num(sj, "memory.cold_minor_faults") /
				    num(sj, "params.steps"),
				"%.0f"),
			    fmt_time(num(sg, "steps_s.median")),
			    fmt_time(num(sg, "steps_s.max")),
			    fmt_ratio(num(sg, "steps_s.max") /
				num(sg, "steps_s.median")),
			    fmt_num(num(sg, "memory.cold_minor_faults") /
				    num(sg, "params.steps"),
				"%.0f"),
			    fmt_bytes(num(sj, "memory.model_bytes")),
			    fmt_num(
				num(sj, "memory.model_bytes") / 4096, "%.0f"),
			    fig_cite(R, "fig-colony-spread"),
			    fmt_num(num(spread_run(R, &spreads[2]),
					"memory.cold_minor_faults"),
				"%.0f"));
		if (sj != NULL && sg != NULL) {
			/* The policies behind those faults, as each allocator
			 * stated them in the run's machine description. */
			const json_t *pj = json_object_get(
			    json_object_get(sj, "machine"), "allocator_policy");
			const json_t *pg = json_object_get(
			    json_object_get(sg, "machine"), "allocator_policy");
			if (json_is_number(json_object_get(
				pj, "oversize_threshold_bytes")))
				md(R,
				    "  This jemalloc serves requests of %s and "
				    "more (`opt.oversize_threshold`) from a "
				    "dedicated arena (dirty decay %s ms, muzzy "
				    "decay %s ms for the others); ",
				    fmt_bytes(
					num(pj, "oversize_threshold_bytes")),
				    fmt_num(num(pj, "dirty_decay_ms"), "%.0f"),
				    fmt_num(num(pj, "muzzy_decay_ms"), "%.0f"));
			if (json_is_string(json_object_get(pg, "note")))
				md(R, "%s.\n", str(pg, "note"));
		} else
			md(R,
			    "- **The allocator's part in step-time "
			    "variance**: not measured (no naive spread run "
			    "with both allocators).\n");
	}
	md(R, "\n");
}

/* ---- idiom map, machine
 * ---------------------------------------------------------- */

static void
part_idioms(report_t *R, report_interp_t *I, report_colony_t *C)
{
	md(R,
	    "## Idiom map\n\n| workload | variant | array-library idiom | "
	    "what the C code does |\n|---|---|---|---|\n");
	for (int w = 0; w < 2; w++) {
		const char *const *vs = w ? colony_variants : interp_variants;
		for (int i = 0; vs[i] != NULL; i++) {
			const json_t *r = w ? C->main[i] : I->main[i];
			if (r == NULL)
				r = find_run(R, "", w ? "colony" : "interp",
				    vs[i], NAN, NAN, -1, 0);
			if (r == NULL)
				continue;
			md(R, "| %s | %s | %s | %s |\n",
			    w ? "colony" : "interp", vs[i], str(r, "idiom"),
			    str(r, "description"));
		}
	}
	md(R, "\n");
}

static void
part_machine(report_t *R)
{
	const json_t *r = json_array_get(R->runs, 0), *m, *g = NULL;
	size_t i;
	json_t *e;
	char when[64];

	json_array_foreach(R->runs, i, e)
	{
		if (is_glibc(e) && g == NULL)
			g = e;
		if (!is_glibc(e))
			r = e;
	}
	m = json_object_get(r, "machine");
	strftime(
	    when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&R->data_time));
	md(R, "## Method and machine\n\n");
	md(R, "- CPU: %s, %s cores; caches: L1d %s, L2 %s, L3 %s\n",
	    str(m, "cpu"), fmt_num(num(m, "cores"), "%.0f"),
	    fmt_bytes(num(m, "caches.l1d_bytes")),
	    fmt_bytes(num(m, "caches.l2_bytes")),
	    fmt_bytes(num(m, "caches.l3_bytes")));
	md(R, "- Memory: %s; kernel: %s\n", fmt_bytes(num(m, "memory_bytes")),
	    str(m, "kernel"));
	md(R, "- Compiler: %s; flags: `%s`\n", str(m, "compiler"),
	    str(m, "cflags"));
	md(R, "- Allocators: %s", str(m, "allocator"));
	if (g != NULL)
		md(R, "; %s (`%s`)",
		    str(json_object_get(g, "machine"), "allocator"),
		    str(json_object_get(g, "machine"), "cflags"));
	md(R, "\n- Counters: %s\n",
	    str(json_object_get(r, "pmu"), "note")[0]
		? str(json_object_get(r, "pmu"), "note")
		: "hardware PMU available");
	if (R->ceilings != NULL)
		md(R,
		    "- Ceilings: triad %s/s, float32 FMA %s GFLOP/s, clock "
		    "resolution %s\n",
		    fmt_bytes(num(R->ceilings, "triad_bytes_per_s")),
		    fmt_num(num(R->ceilings, "fma_flops_per_s") * 1e-9, "%.1f"),
		    fmt_time(num(R->ceilings, "clock_resolution_s")));
	if (R->overhead != NULL)
		md(R,
		    "- Instrumentation's own cost (`harness overhead`, %s/%s "
		    "at N=%s, the default counters and a 1 ms memory timeline "
		    "on against both off, alternating runs): %s against %s, "
		    "%+.2f%%, the median of %s back-to-back pairs that ranged "
		    "from %+.2f%% to %+.2f%% (Mann-Whitney p = %s: %s)\n",
		    json_string_value(json_object_get(R->overhead, "workload")),
		    json_string_value(json_object_get(R->overhead, "variant")),
		    fmt_num(num(R->overhead, "n"), "%.0f"),
		    fmt_time(num(R->overhead, "median_on_s")),
		    fmt_time(num(R->overhead, "median_off_s")),
		    num(R->overhead, "overhead_percent"),
		    fmt_num(num(R->overhead, "pairs"), "%.0f"),
		    num(R->overhead, "pair_min_percent"),
		    num(R->overhead, "pair_max_percent"),
		    fmt_num(num(R->overhead, "mann_whitney_p"), "%.3g"),
		    num(R->overhead, "mann_whitney_p") >= 0 &&
			    num(R->overhead, "mann_whitney_p") < 0.05
			? "a difference beyond the run-to-run noise"
			: "not distinguishable from the run-to-run noise of "
			  "this machine");
	md(R, "- Data measured: %s; %zu runs in `%s`\n\n", when,
	    json_array_size(R->runs), R->data_dir);
	md(R,
	    "Each run is one forked child: inputs built outside the measured "
	    "region, one cold run reported apart, warm-up runs discarded, "
	    "timed repeats summarized by their median and a bootstrap 95%% "
	    "interval, results checked against a float64 reference after "
	    "the timed region. Peak workspace is jemalloc's per-thread peak "
	    "of live bytes, reset after the inputs are built; RSS and faults "
	    "come from the kernel.\n\nTo reproduce: `make report` (or `make "
	    "report QUICK=1` for small sizes in about a minute) runs the "
	    "sweeps and writes this file. To regenerate the report from the "
	    "saved data without measuring again: `build/jemalloc/harness "
	    "report reports/data reports`.\n");
}

/* ---- gnuplot
 * ---------------------------------------------------------------------- */

static int
have_gnuplot(void)
{
	const char *path = getenv("PATH");
	char buf[4096], *save = NULL, *dir;

	if (path == NULL)
		return 0;
	snprintf(buf, sizeof(buf), "%s", path);
	for (dir = strtok_r(buf, ":", &save); dir != NULL;
	     dir = strtok_r(NULL, ":", &save)) {
		char p[4200];
		snprintf(p, sizeof(p), "%s/gnuplot", dir);
		if (access(p, X_OK) == 0)
			return 1;
	}
	return 0;
}

static int
run_gnuplot(report_t *R, const char *name)
{
	char script[128];
	pid_t pid;
	int st;

	snprintf(script, sizeof(script), "%s.gp", name);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (chdir(R->fig_dir) != 0)
			_exit(127);
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		snprintf(R->msg, sizeof(R->msg), "gnuplot %s/%s failed",
		    R->fig_dir, script);
		return -1;
	}
	return 0;
}

static int
md_writer(FILE *f, void *arg)
{
	const report_t *R = arg;
	fwrite(R->md_buf, 1, R->md_len, f);
	return ferror(f) ? -1 : 0;
}

static const char report_help[] =
    "usage: harness report DATA_DIR OUT_DIR\n"
    "\n"
    "Writes OUT_DIR/REPORT.md and OUT_DIR/figures/*.gp|svg|png from the sweep\n"
    "data in DATA_DIR (*.jsonl, ceilings.json, cachesim/*.json, timelines/),\n"
    "as reports/make-report.sh leaves it. Measures nothing: the report can be\n"
    "regenerated from saved data. Needs gnuplot for the figures.\n"
    "\n"
    "Exit status: 0 done, 1 failure (unwritable output, gnuplot missing or\n"
    "failing), 2 bad usage or no data.\n";

int
hx_report_main(int argc, char **argv)
{
	report_t R;
	report_interp_t I;
	report_colony_t C;
	char path[4200];
	int rc = 1;

	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs(report_help, stdout);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr,
		    "harness report: needs DATA_DIR and OUT_DIR "
		    "(harness report --help)\n");
		return EXIT_BAD_INPUT;
	}
	memset(&R, 0, sizeof(R));
	memset(&I, 0, sizeof(I));
	memset(&C, 0, sizeof(C));
	R.data_dir = argv[1];
	R.out_dir = argv[2];
	R.runs = json_array();
	R.cachesim = json_array();
	if (load_data(&R) != 0) {
		fprintf(stderr, "harness report: %s\n", R.msg);
		rc = EXIT_BAD_INPUT;
		goto label_return;
	}
	snprintf(R.fig_dir, sizeof(R.fig_dir), "%s/figures", R.out_dir);
	if ((mkdir(R.out_dir, 0777) != 0 && errno != EEXIST) ||
	    (mkdir(R.fig_dir, 0777) != 0 && errno != EEXIST)) {
		fprintf(stderr, "harness report: %s: %s\n", R.fig_dir,
		    strerror(errno));
		goto label_return;
	}
	if ((R.md = open_memstream(&R.md_buf, &R.md_len)) == NULL)
		goto label_return;
	fprintf(stderr, "harness report: %zu runs from %s\n",
	    json_array_size(R.runs), R.data_dir);

	md(&R, "# What nested vectorizing maps cost: memory and time\n\n");
	md(&R,
	    "Two questions asked why nested vectorizing maps over an array "
	    "library used so much memory and time. This report measures "
	    "C versions of both programs, one schedule per array-library "
	    "idiom, and checks the advice the questions were given against "
	    "the measurements. Every number below is printed from the "
	    "data in `%s`; nothing is typed by hand. Sections: Part 1 "
	    "(interp), Part 2 (colony), Advice and verdicts, Idiom map, "
	    "Method and machine.\n\n",
	    R.data_dir);
	part_interp(&R, &I);
	part_colony(&R, &C);
	fig_cold(&R, &I, C.main);
	md(&R, "### Cold and warm runs\n\n");
	md_figure(&R, I.fig_cold,
	    "Each variant's first (cold) run over the median of its timed "
	    "runs, at the sizes of Tables 1 and 3. 1 means the first run "
	    "costs what the others do.");
	part_verdicts(&R, &I, &C);
	part_idioms(&R, &I, &C);
	part_machine(&R);
	fclose(R.md);
	R.md = NULL;

	snprintf(path, sizeof(path), "%s/REPORT.md", R.out_dir);
	if (hx_file_write_atomic(path, md_writer, &R, R.msg, sizeof(R.msg)) !=
	    0) {
		fprintf(stderr, "harness report: %s\n", R.msg);
		goto label_return;
	}
	if (R.failed) {
		fprintf(stderr, "harness report: %s\n", R.msg);
		goto label_return;
	}
	if (!have_gnuplot()) {
		fprintf(stderr,
		    "harness report: gnuplot is not installed: "
		    "%s written, figures not drawn (scripts in %s)\n",
		    path, R.fig_dir);
		goto label_return;
	}
	for (int i = 0; i < R.nfigs; i++) {
		fprintf(stderr, "harness report: drawing %s\n", R.figs[i].name);
		if (run_gnuplot(&R, R.figs[i].name) != 0) {
			fprintf(stderr, "harness report: %s\n", R.msg);
			goto label_return;
		}
	}
	fprintf(stderr, "harness report: %s and %d figures in %s\n", path,
	    R.nfigs, R.fig_dir);
	rc = 0;
label_return:
	if (R.md != NULL)
		fclose(R.md);
	free(R.md_buf);
	json_decref(R.runs);
	json_decref(R.ceilings);
	json_decref(R.cachesim);
	return rc;
}
