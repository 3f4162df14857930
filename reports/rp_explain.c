/* rp_explain: "Where the memory goes" (see rp_explain.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hx_file.h"
#include "rp_explain.h"
#include "rp_jax.h"
#include "rp_text.h"

#define F (&R->facts)
/* The arrays and buffers listed one a row; the rest are one row. */
#define ROWS 6

double
rp_explain_error(double predicted, double measured)
{
	/* A NaN fails the comparison, and a NaN measured gives NaN. */
	return predicted > 0 ? (measured - predicted) / predicted : NAN;
}

/* "f32[100000,300,4]" of an array or buffer record into buf. */
static const char *
shape_text(const json_t *a, char *buf, size_t len)
{
	const json_t *dims = json_object_get(a, "shape");
	char *d;

	if (json_is_string(dims)) /* a buffer: XLA's own spelling */
		return snprintf(buf, len, "%s", json_string_value(dims)), buf;
	d = json_dumps(dims, JSON_COMPACT); /* "[100000,300,4]" */
	snprintf(buf, len, "%s%s", rp_str(a, "dtype_short"), d ? d : "[]");
	free(d);
	return buf;
}

/* Copies DATA/explain-NAME.EXT into figures/; 0, or -1 when it is not
 * in the data folder or could not be written (R->msg says why). */
static int
copy_chart(rp_report_t *R, const char *name, const char *ext)
{
	char from[4400], to[4400];

	snprintf(
	    from, sizeof(from), "%s/explain-%s.%s", R->data.dir, name, ext);
	snprintf(to, sizeof(to), "%s/explain-%s.%s", R->fig_dir, name, ext);
	if (access(from, R_OK) != 0)
		return -1;
	return hx_file_copy(from, to, R->msg, sizeof(R->msg));
}

/* A size in bytes and in full arrays (NAME, NAME_units). */
static void
bytes_facts(
    rp_report_t *R, double b, double unit, const char *prefix, const char *name)
{
	rp_fact_num(F, RP_FACT_BYTES, b, NULL, "%s.%s", prefix, name);
	rp_fact_num(
	    F, RP_FACT_FIXED2, b / unit, NULL, "%s.%s_units", prefix, name);
}

/* The first ROWS arrays alive at the peak, or XLA's buffers (jit), one
 * fact set a row (PREFIX.rowK.*), the rest summed (PREFIX.more_*). */
static void
arrays_facts(rp_report_t *R, const json_t *list, double unit, int jit,
    const char *prefix)
{
	json_t *names = json_array();
	char shape[128], row[160];
	size_t k, n = json_array_size(list);
	double rest = 0;

	for (k = 0; k < n; k++) {
		const json_t *a = json_array_get(list, k);
		if (k >= ROWS) {
			rest += rp_num(a, "bytes");
			continue;
		}
		rp_jax_next_row(names, prefix, row, sizeof(row));
		bytes_facts(R, rp_num(a, "bytes"), unit, row, "bytes");
		rp_fact_str(F, shape_text(a, shape, sizeof(shape)), NULL,
		    "%s.shape", row);
		rp_fact_str(F, rp_str(a, jit ? "opcode" : "primitive"), NULL,
		    "%s.made_by", row);
		rp_fact_str(F, jit ? rp_str_or_null(a, "op") : NULL, NULL,
		    "%s.op", row);
		rp_fact_str(
		    F, rp_str_or_null(a, "source"), NULL, "%s.source", row);
	}
	rp_fact_list(F, names, "%s.rows", prefix);
	rp_fact_num(F, RP_FACT_COUNT, n, NULL, "%s.count", prefix);
	rp_fact_num(F, RP_FACT_COUNT, n > ROWS ? (double)(n - ROWS) : 0, NULL,
	    "%s.more", prefix);
	bytes_facts(R, rest, unit, prefix, "more_bytes");
}

/* Its sizes in bytes, each with its share of one full array
 * (NAME_units). */
static const rp_fact_key_t explain_bytes[4] = {
    {"predicted", "op_by_op.peak_above_inputs_bytes", RP_FACT_BYTES},
    {"measured", "measured.peak_above_before_bytes", RP_FACT_BYTES},
    {"temp", "jit.memory_analysis.temp_bytes", RP_FACT_BYTES},
    {"jit.total", "jit.buffers_bytes", RP_FACT_BYTES},
};

/* Its other numbers, and the strings the section prints (null when
 * empty). */
static const rp_fact_key_t explain_nums[] = {
    {"jit.shared", "jit.shared_bytes", RP_FACT_BYTES},
    {"peak_step", "op_by_op.peak_step", RP_FACT_COUNT},
    {"steps", "op_by_op.steps_count", RP_FACT_COUNT},
    {"peak_count", "op_by_op.peak_arrays_count", RP_FACT_COUNT},
    {"n", "program.params.n", RP_FACT_SIZE},
    {"m", "program.params.m", RP_FACT_SIZE},
    {"peak_label", "op_by_op.peak_label", RP_FACT_STRING},
    {"peak_source", "op_by_op.peak_source", RP_FACT_STRING},
    {"method", "measured.method", RP_FACT_STRING},
    {"note", "measured.note", RP_FACT_STRING},
    {"verdict", "verdict", RP_FACT_STRING},
};

/* The harness's exec run of the walked program at the file's size, set
 * against the prediction pred (PREFIX.run.*). */
static void
run_facts(rp_report_t *R, const rp_workload_t *w, const json_t *e, double pred,
    double unit, const char *prefix)
{
	const json_t *run = rp_jax_run(&R->data, w, w->explain_program);
	double work;
	char pre[160];

	if (run != NULL &&
	    rp_field(run, RP_F_N) != rp_num(e, "program.params.n"))
		run = NULL; /* another size: not comparable */
	snprintf(pre, sizeof(pre), "%s.run", prefix);
	rp_fact_bool(F, run != NULL, run, "%s.present", pre);
	work = rp_jax_rss_work(&R->data, run); /* NAN without a run */
	bytes_facts(R, work, unit, pre, "work");
	rp_fact_num(F, RP_FACT_PERCENT_SIGNED, rp_explain_error(pred, work),
	    NULL, "%s.error", pre);
	bytes_facts(
	    R, rp_field(run, RP_F_JAX_PREDICTED_PEAK), unit, pre, "predicted");
}

/* The C variant that runs the program op by op, its model in full
 * arrays at its own size: the prediction's peak set beside it at equal
 * N (PREFIX.c_variant, PREFIX.c_units). */
static void
c_facts(rp_report_t *R, const rp_workload_t *w, const char *prefix)
{
	const json_t *c = w->op_by_op != NULL
	    ? rp_data_main_run(&R->data, w->name, w->op_by_op)
	    : NULL;

	rp_fact_str(F, w->op_by_op, c, "%s.c_variant", prefix);
	rp_fact_num(F, RP_FACT_FIXED2,
	    rp_field(c, RP_F_MODEL_BARE_BYTES) / rp_jax_unit(c), c,
	    "%s.c_units", prefix);
}

/* One explain file's facts (explain.W.*). */
static void
file_facts(rp_report_t *R, const rp_workload_t *w, const json_t *e)
{
	double unit = rp_jax_unit(json_object_get(e, "program"));
	double b[4]; /* explain_bytes': predicted, measured, temp, total */
	const json_t *o = json_object_get(e, "op_by_op");
	char prefix[96];
	size_t i;

	snprintf(prefix, sizeof(prefix), "explain.%s", w->name);
	rp_fact_str(F, w->explain, NULL, "%s.file", prefix);
	rp_fact_str(F, w->explain_program, NULL, "%s.program", prefix);
	rp_fact_str(F, w->explain_what, NULL, "%s.what", prefix);
	for (i = 0; i < 4; i++) {
		b[i] = rp_num(e, explain_bytes[i].key);
		bytes_facts(R, b[i], unit, prefix, explain_bytes[i].name);
	}
	RP_FACTS_KEYS(F, e, NULL, prefix, explain_nums);
	rp_fact_num(F, RP_FACT_PERCENT_SIGNED, rp_explain_error(b[0], b[1]),
	    NULL, "%s.measured_error", prefix);
	rp_fact_text(F, RP_FACT_RATIO, b[2] / b[0],
	    rp_text_fmt_num(b[2] / b[0], "%.2fx"), NULL,
	    "%s.temp_over_predicted", prefix);
	run_facts(R, w, e, b[0], unit, prefix);
	c_facts(R, w, prefix);
	snprintf(prefix, sizeof(prefix), "explain.%s.alive", w->name);
	arrays_facts(R, json_object_get(o, "peak_arrays"), unit, 0, prefix);
	snprintf(prefix, sizeof(prefix), "explain.%s.jit", w->name);
	arrays_facts(R, json_object_get(json_object_get(e, "jit"), "buffers"),
	    unit, 1, prefix);
}

/* One full array's formula from the registration ("n m": "N*M*4"). */
static void
unit_formula_fact(rp_report_t *R, const rp_workload_t *w)
{
	char f[64];
	size_t k = 0;

	for (const char *d = w->array_dims; *d != '\0' && k + 3 < sizeof(f);
	     d++)
		f[k++] = *d == ' ' ? '*' : (char)toupper((unsigned char)*d);
	snprintf(f + k, sizeof(f) - k, "*4");
	rp_fact_str(F, f, NULL, "explain.%s.unit_formula", w->name);
}

void
rp_explain_facts(rp_report_t *R)
{
	json_t *names = json_array(), *e;
	char file[128];

	/* Each registered workload's explain-NAME.json, NAME its explain. */
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		if (w->explain == NULL)
			continue;
		snprintf(file, sizeof(file), "explain-%s.json", w->explain);
		if ((e = rp_jax_file(&R->data, file)) == NULL)
			continue;
		json_array_append_new(names, json_string(w->name));
		unit_formula_fact(R, w);
		file_facts(R, w, e);
		rp_fact_bool(F,
		    copy_chart(R, w->explain, "svg") == 0 &&
			copy_chart(R, w->explain, "png") == 0,
		    NULL, "explain.%s.chart", w->name);
		json_decref(e);
	}
	rp_fact_bool(F, json_array_size(names) > 0, NULL, "explain.present");
	rp_fact_list(F, names, "explain.workloads");
}
