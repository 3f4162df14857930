/* rp_explain: explain's prediction beside the measurement (rp_explain.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "hx_file.h"
#include "rp_explain.h"
#include "rp_jax.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define ROWS 6

#define B(x) rp_text_fmt_bytes(x)
#define NUM(x, f) rp_text_fmt_num(x, f)

double
rp_explain_unit(const json_t *e)
{
	const json_t *p = json_object_get(e, "program");

	return rp_workload_array_bytes(
	    rp_str(p, "workload"), json_object_get(p, "params"));
}

double
rp_explain_error(double predicted, double measured)
{
	if (isnan(predicted) || isnan(measured) || predicted <= 0)
		return NAN;
	return (measured - predicted) / predicted;
}

/* "f32[100000,300,4]" of an array or buffer record into buf. */
static const char *
shape_text(const json_t *a, char *buf, size_t len)
{
	const json_t *dims = json_object_get(a, "shape");
	size_t k, used;

	if (json_is_string(dims)) /* a buffer: XLA's own spelling */
		return snprintf(buf, len, "%s", json_string_value(dims)), buf;
	used = (size_t)snprintf(buf, len, "%s[", rp_str(a, "dtype_short"));
	for (k = 0; k < json_array_size(dims) && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%lld",
		    k ? "," : "",
		    (long long)json_integer_value(json_array_get(dims, k)));
	if (used < len)
		snprintf(buf + used, len - used, "]");
	return buf;
}

/* The arrays alive at the peak (jit NULL), or the buffers of jit (its
 * "buffers", with their total and the bytes they share). */
static void
arrays_table(rp_report_t *R, const json_t *list, double unit, const json_t *jit)
{
	char shape[128];
	size_t k, n = json_array_size(list);
	double rest = 0;

	rp_md(R, "| bytes | arrays of N | shape | made by | source line |\n");
	rp_md(R, "|---:|---:|---|---|---|\n");
	for (k = 0; k < n; k++) {
		const json_t *a = json_array_get(list, k);
		double b = rp_num(a, "bytes");
		const char *src = rp_str(a, "source");

		if (k >= ROWS) {
			rest += b;
			continue;
		}
		rp_md(R, "| %s | %s | `%s` | %s%s%s%s | %s |\n", B(b),
		    NUM(b / unit, "%.2f"), shape_text(a, shape, sizeof(shape)),
		    jit ? rp_str(a, "opcode") : rp_str(a, "primitive"),
		    jit && rp_str(a, "op")[0] ? " (" : "",
		    jit ? rp_str(a, "op") : "",
		    jit && rp_str(a, "op")[0] ? ")" : "",
		    src[0] ? src
			: strcmp(rp_str(a, "primitive"), "constant") == 0
			? "(constant)"
			: "(argument)");
	}
	if (n > ROWS)
		rp_md(R, "| %s | %s | %zu more | | |\n", B(rest),
		    NUM(rest / unit, "%.2f"), n - ROWS);
	if (jit != NULL)
		rp_md(R,
		    "| %s | %s | all %zu buffers, %s of them sharing memory "
		    "| | |\n",
		    B(rp_num(jit, "buffers_bytes")),
		    NUM(rp_num(jit, "buffers_bytes") / unit, "%.2f"), n,
		    B(rp_num(jit, "shared_bytes")));
	rp_md(R, "\n");
}

typedef struct copy_s {
	FILE *src;
} copy_t;

static int
copy_writer(FILE *f, void *arg)
{
	copy_t *c = arg;
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), c->src)) > 0)
		if (fwrite(buf, 1, n, f) != n)
			return -1;
	return ferror(c->src) ? -1 : 0;
}

/* Copies DATA/explain-NAME.EXT into figures/; 0, or -1 when it is not
 * in the data folder or could not be written (R->msg says why). */
static int
copy_chart(rp_report_t *R, const char *name, const char *ext)
{
	char from[4400], to[4400];
	copy_t c;
	int rc;

	snprintf(
	    from, sizeof(from), "%s/explain-%s.%s", R->data.dir, name, ext);
	snprintf(to, sizeof(to), "%s/explain-%s.%s", R->fig_dir, name, ext);
	if ((c.src = fopen(from, "rb")) == NULL)
		return -1;
	rc = hx_file_write_atomic(to, copy_writer, &c, R->msg, sizeof(R->msg));
	fclose(c.src);
	return rc;
}

/* Predicted against measured, in one table. */
static void
figures_table(rp_report_t *R, const json_t *e, const json_t *run, double unit)
{
	const json_t *o = json_object_get(e, "op_by_op");
	double pred = rp_num(o, "peak_above_inputs_bytes");
	double meas = rp_num(e, "measured.peak_above_before_bytes");
	double temp = rp_num(e, "jit.memory_analysis.temp_bytes");

	rp_md(R,
	    "| figure | bytes | arrays of N | against the prediction |\n"
	    "|---|---:|---:|---:|\n");
	rp_md(R,
	    "| predicted op by op, above the inputs (explain) | %s | %s | "
	    "|\n",
	    B(pred), NUM(pred / unit, "%.2f"));
	rp_md(R,
	    "| measured op by op: peak RSS above the level before the "
	    "call (explain --measure, %s) | %s | %s | %s |\n",
	    rp_str(json_object_get(e, "measured"), "method"), B(meas),
	    NUM(meas / unit, "%.2f"),
	    NUM(100 * rp_explain_error(pred, meas), "%+.0f%%"));
	if (run != NULL) {
		double w = rp_jax_rss_work(&R->data, run);
		double p = rp_num(run, "reported.explain.predicted_peak_bytes");
		rp_md(R,
		    "| measured by `harness exec` (peak RSS less JAX's "
		    "baseline process, first call included) | %s | %s | "
		    "%s |\n",
		    B(w), NUM(w / unit, "%.2f"),
		    NUM(100 * rp_explain_error(pred, w), "%+.0f%%"));
		if (!isnan(p))
			rp_md(R,
			    "| predicted in that run's result "
			    "(`explain.predicted_peak_bytes`) | %s | %s "
			    "| |\n",
			    B(p), NUM(p / unit, "%.2f"));
	}
	rp_md(R, "| XLA's temporary bytes under jit | %s | %s | %s |\n\n",
	    B(temp), NUM(temp / unit, "%.2f"), NUM(temp / pred, "%.2fx"));
}

int
rp_explain_chart(
    rp_report_t *R, const char *name, const char *title, const char *caption)
{
	if (copy_chart(R, name, "svg") != 0 || copy_chart(R, name, "png") != 0)
		return -1;
	rp_md(R,
	    "![Figure (explain): %s](figures/explain-%s.svg)\n\n"
	    "**%s.** %s ([SVG](figures/explain-%s.svg), "
	    "[PNG](figures/explain-%s.png); drawn by `explain.py "
	    "--chart`).\n\n",
	    title, name, title, caption, name, name);
	return 0;
}

/* The chart of one file in the section, copied and embedded. */
static void
chart(rp_report_t *R, const char *name, const char *what)
{
	char title[256];

	snprintf(title, sizeof(title), "Liveness chart of %s", what);
	if (rp_explain_chart(R, name, title,
		"The live bytes at each step of the op-by-op walk, stacked "
		"by array (the largest alive at the peak each a band, the "
		"rest as other), the peak marked") != 0)
		rp_md(R,
		    "*(explain's chart of %s is not in the data folder "
		    "or could not be copied)*\n\n",
		    what);
}

json_t *
rp_explain_of(const rp_data_t *D, const char *workload, const char **name)
{
	const rp_workload_t *w = rp_workload_find(workload);
	char path[4400];

	if (w == NULL || w->explain == NULL)
		return NULL;
	snprintf(path, sizeof(path), "%s/explain-%s.json", D->dir, w->explain);
	if (name != NULL)
		*name = w->explain;
	return json_load_file(path, 0, NULL);
}

const char *
rp_explain_peaks(const json_t *e, char *buf, size_t len)
{
	const json_t *o = json_object_get(e, "op_by_op");
	double unit = rp_explain_unit(e);
	double pred = rp_num(o, "peak_above_inputs_bytes");
	double meas = rp_num(e, "measured.peak_above_before_bytes");
	char p[32], pu[32];

	snprintf(p, sizeof(p), "%s", B(pred));
	snprintf(pu, sizeof(pu), "%s", NUM(pred / unit, "%.2f"));
	snprintf(buf, len,
	    "predicted %s above the inputs (%s full arrays) at the `%s` of "
	    "%s, step %s of %s; measured %s (%s arrays, %s)",
	    p, pu, rp_str(o, "peak_label"), rp_str(o, "peak_source"),
	    NUM(rp_num(o, "peak_step"), "%.0f"),
	    NUM(rp_num(o, "steps_count"), "%.0f"), B(meas),
	    NUM(meas / unit, "%.2f"),
	    NUM(100 * rp_explain_error(pred, meas), "%+.0f%%"));
	return buf;
}

static void
one(rp_report_t *R, const rp_workload_t *w)
{
	char path[4400];
	json_t *e;
	const json_t *o, *run;
	double unit, n;

	snprintf(
	    path, sizeof(path), "%s/explain-%s.json", R->data.dir, w->explain);
	if ((e = json_load_file(path, 0, NULL)) == NULL)
		return;
	o = json_object_get(e, "op_by_op");
	unit = rp_explain_unit(e);
	n = rp_num(json_object_get(e, "program"), "params.n");
	run = rp_jax_run(&R->data, w->name, w->explain_program);
	if (run != NULL && rp_num(run, "params.n") != n)
		run = NULL; /* another size: not comparable */
	rp_md(R, "### %s (`%s`), N=%s\n\n", w->explain_what, w->explain_program,
	    rp_text_fmt_n(n));
	figures_table(R, e, run, unit);
	rp_md(R,
	    "The %s arrays alive at the predicted peak (step %s of %s, the "
	    "`%s` at %s), largest first:\n\n",
	    NUM(rp_num(o, "peak_arrays_count"), "%.0f"),
	    NUM(rp_num(o, "peak_step"), "%.0f"),
	    NUM(rp_num(o, "steps_count"), "%.0f"), rp_str(o, "peak_label"),
	    rp_str(o, "peak_source"));
	arrays_table(R, json_object_get(o, "peak_arrays"), unit, NULL);
	rp_md(R,
	    "Under jit, the buffers of XLA's temporary allocations, "
	    "largest first:\n\n");
	arrays_table(R, json_object_get(json_object_get(e, "jit"), "buffers"),
	    unit, json_object_get(e, "jit"));
	rp_md(R, "%s\n\n", rp_str(e, "verdict"));
	if (rp_str(json_object_get(e, "measured"), "note")[0])
		rp_md(R, "Note on the measurement: %s.\n\n",
		    rp_str(json_object_get(e, "measured"), "note"));
	chart(R, w->explain, w->explain_what);
	json_decref(e);
}

/* "N*M*4 for interp, N*N*4 for colony": each registered workload's full
 * array, from its array_dims. */
static void
units_text(rp_report_t *R)
{
	int first = 1;

	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		if (w->explain == NULL)
			continue;
		rp_md(R, "%s", first ? "" : ", ");
		for (const char *d = w->array_dims; *d != '\0'; d++)
			rp_md(R, "%c",
			    *d == ' ' ? '*' : toupper((unsigned char)*d));
		rp_md(R, "*4 for %s", w->name);
		first = 0;
	}
}

void
rp_explain_write(rp_report_t *R)
{
	char path[4400];
	size_t found = 0;
	const rp_workload_t *w;

	for (w = rp_workloads; w->name != NULL; w++) {
		if (w->explain == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/explain-%s.json", R->data.dir,
		    w->explain);
		found += access(path, R_OK) == 0;
	}
	if (found == 0)
		return;
	rp_md(R,
	    "## Where the memory goes, by source line (explain)\n\n"
	    "`variants/jax/explain.py` walks a JAX function's jaxpr in order, "
	    "each array alive from the equation that makes it to its last "
	    "use, and names the arrays alive at the peak with the line of "
	    "code that made each; under jit it lists the buffers XLA's "
	    "buffer assignment keeps, with their lines. Below, its "
	    "prediction beside what it measured (`--measure`: the peak RSS of "
	    "one warm call above the level just before it). Arrays of N: "
	    "bytes over one full array (");
	units_text(R);
	rp_md(R, "). Run it on your own function: docs/explain.md.\n\n");
	for (w = rp_workloads; w->name != NULL; w++)
		if (w->explain != NULL)
			one(R, w);
}
