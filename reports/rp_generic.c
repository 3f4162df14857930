/*
 * rp_generic: the section on workloads the report does not know (see
 * rp_generic.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_generic.h"
#include "rp_workloads.h"

size_t
rp_generic_workloads(const rp_data_t *D, const char **out, size_t cap)
{
	size_t n = 0, i, k;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		const char *w = rp_field_str(r, RP_F_WORKLOAD);
		/* A workload with a section of its own is not generic. */
		if (w[0] == '\0' || rp_workload_find(w) != NULL)
			continue;
		for (k = 0; k < n && strcmp(out[k], w) != 0; k++)
			;
		if (k == n && n < cap)
			out[n++] = w;
	}
	return n;
}

/* 1 when the ok runs of w hold two values or more of the number
 * params.KEY (a run without it is not counted). */
static int
varies(const rp_data_t *D, const char *w, const char *key)
{
	const rp_query_t ok = {.workload = w}; /* its ok runs */
	double first = NAN;
	const json_t *r;

	for (size_t i = 0; (r = rp_data_next(D, &ok, &i)) != NULL;) {
		double x = rp_num(rp_field_json(r, RP_F_PARAMS), key);
		if (isnan(x))
			continue;
		if (isnan(first))
			first = x;
		else if (x != first)
			return 1;
	}
	return 0;
}

/* head, then the run's parameters: every key of params in the result's
 * order, "n=1000 passes=3"; with D, only the numbers other than n that
 * vary among the workload's ok runs, each " key=value" (a line's label,
 * head its variant: "temporary passes=2"). Writes buf. */
static const char *
params_text(const rp_data_t *D, const json_t *r, const char *head, char *buf,
    size_t len)
{
	const char *key;
	json_t *x;
	size_t used = (size_t)snprintf(buf, len, "%s", head);

	json_object_foreach(rp_field_json(r, RP_F_PARAMS), key, x)
	{
		char v[64];
		if (D != NULL &&
		    (strcmp(key, "n") == 0 || !json_is_number(x) ||
			!varies(D, rp_field_str(r, RP_F_WORKLOAD), key)))
			continue;
		if (json_is_string(x))
			snprintf(v, sizeof(v), "%s", json_string_value(x));
		else if (json_is_number(x))
			snprintf(v, sizeof(v), "%.10g", json_number_value(x));
		else
			continue;
		if (used >= len) /* cut short: the rest would not fit */
			break;
		used += (size_t)snprintf(buf + used, len - used, "%s%s=%s",
		    D != NULL || used > 0 ? " " : "", key, v);
	}
	return buf;
}

/* Run J of workload K (other_workloads.K.run.J.*): what its row prints.
 * A variant without a model (a plugin's: no memory.model_bytes) has
 * .has_model false, never a model of 0 B. */
static void
run_facts(rp_report_t *R, const json_t *r, int k, int j)
{
	rp_facts_t *F = &R->facts;
	char p[512], name[64];

	snprintf(name, sizeof(name), "other_workloads.%d.run.%d", k, j);
	rp_fact_str(F, rp_field_str(r, RP_F_VARIANT), r, "%s.variant", name);
	rp_fact_str(
	    F, params_text(NULL, r, "", p, sizeof(p)), r, "%s.params", name);
	rp_fact_str(F, rp_str(r, "_set"), r, "%s.set", name);
	rp_fact_str(F, rp_field_str(r, RP_F_STATUS), r, "%s.status", name);
	rp_fact_bool(F, strcmp(rp_field_str(r, RP_F_STATUS), "ok") == 0, r,
	    "%s.ok", name);
	rp_fact_str(F, rp_field_str(r, RP_F_REASON), r, "%s.reason", name);
	rp_fact_num(F, RP_FACT_TIME, rp_field(r, RP_F_TIME_MEDIAN), r,
	    "%s.median", name);
	rp_fact_str(F, rp_report_interval(r), r, "%s.interval", name);
	rp_fact_text(F, RP_FACT_BYTES, rp_field(r, RP_F_PEAK_WORKSPACE),
	    rp_report_peak(r), r, "%s.peak", name);
	rp_fact_bool(F, rp_field_json(r, RP_F_MODEL_BYTES) != NULL, r,
	    "%s.has_model", name);
	rp_fact_num(F, RP_FACT_BYTES, rp_field(r, RP_F_MODEL_BYTES), r,
	    "%s.model", name);
	rp_fact_num(F, RP_FACT_COUNT, rp_field(r, RP_F_ALLOCATIONS_PER_RUN), r,
	    "%s.allocations", name);
}

/* Workload K's table: every run of w, in the data's order. */
static void
table_facts(rp_report_t *R, const char *w, int k)
{
	const rp_query_t every = {.workload = w, .any_status = 1};
	const json_t *r;
	int j = 0;

	for (size_t i = 0; (r = rp_data_next(&R->data, &every, &i)) != NULL;)
		run_facts(R, r, k, ++j);
	rp_fact_num(
	    &R->facts, RP_FACT_COUNT, j, NULL, "other_workloads.%d.runs", k);
}

/* w's ok runs, one block a line's label (added when new; a run left out
 * when the plot is full), rows (N, median) sorted by N. 0, or -1 when
 * memory ran out. */
static int
collect(const rp_data_t *D, const char *w, rp_plot_t *P)
{
	const rp_query_t ok = {.workload = w}; /* its ok runs */
	const json_t *r;
	char label[64];

	for (size_t i = 0; (r = rp_data_next(D, &ok, &i)) != NULL;) {
		rp_block_t *b;
		rp_row_t *row;
		params_text(
		    D, r, rp_field_str(r, RP_F_VARIANT), label, sizeof(label));
		if ((b = (rp_block_t *)rp_figure_block(P, label)) == NULL &&
		    (b = rp_figure_block_add(P, P->nblocks, label)) == NULL)
			continue;
		if ((row = rp_figure_row_add(b)) == NULL)
			return -1;
		row->v[0] = rp_field(r, RP_F_N);
		row->v[1] = rp_field(r, RP_F_TIME_MEDIAN);
	}
	for (int k = 0; k < P->nblocks; k++)
		rp_figure_rows_sort(&P->blocks[k]);
	return 0;
}

/* The figure of workload K, w: the median time of each line against N,
 * its script's data kept (other_workloads.K.figure.*: .drawn, or .error the
 * reason it was not; .name, .title, .number, after every script kept). */
static void
figure(rp_report_t *R, const char *w, int k)
{
	char name[96], title[160];
	rp_fig_t fig = {
	    .script = "fig-other",
	    .cols = {{.field = RP_F_N, .fmt = "%.0f"},
		{.field = RP_F_TIME_MEDIAN}},
	    .block = "o",
	};
	rp_facts_t *F = &R->facts;
	rp_plot_t P = {.fig = &fig};
	size_t n = (size_t)snprintf(name, sizeof(name), "fig-other-");
	int rc, number = (int)json_array_size(R->scripts) + 1;

	/* A file name from the workload's: letters, digits, '-'. */
	for (const char *c = w; *c != '\0' && n < 94; c++)
		name[n++] = isalnum((unsigned char)*c) ? *c : '-';
	name[n] = '\0';
	fig.name = name;
	snprintf(title, sizeof(title), "%s: median time against N", w);
	P.refs = json_pack("{s:s}", "title", title);
	if ((rc = collect(&R->data, w, &P)) == 0)
		rc = rp_figure_script(R->scripts, &P, R->msg, sizeof(R->msg));
	else /* R->msg says why, not an earlier failure */
		snprintf(R->msg, sizeof(R->msg),
		    "figure %s: out of memory gathering its data", name);
	rp_figure_free(&P);
	rp_fact_bool(F, rc == 0, NULL, "other_workloads.%d.figure.drawn", k);
	rp_fact_str(F, rc != 0 ? R->msg : NULL, NULL,
	    "other_workloads.%d.figure.error", k);
	rp_fact_str(F, name, NULL, "other_workloads.%d.figure.name", k);
	rp_fact_str(F, title, NULL, "other_workloads.%d.figure.title", k);
	rp_fact_num(F, RP_FACT_COUNT, number, NULL,
	    "other_workloads.%d.figure.number", k);
	R->failed |= rc != 0;
}

void
rp_generic_facts(rp_report_t *R)
{
	const char *ws[RP_GENERIC_MAX + 1];
	size_t n = rp_generic_workloads(&R->data, ws, RP_GENERIC_MAX + 1);
	rp_facts_t *F = &R->facts;
	int k;

	for (k = 1; k <= (int)n && k <= RP_GENERIC_MAX; k++) {
		const char *w = ws[k - 1];
		int several = varies(&R->data, w, "n");
		rp_fact_str(F, w, NULL, "other_workloads.%d.name", k);
		table_facts(R, w, k);
		rp_fact_bool(
		    F, several, NULL, "other_workloads.%d.several_sizes", k);
		if (several)
			figure(R, w, k);
	}
	rp_fact_num(F, RP_FACT_COUNT, k - 1, NULL, "other_workloads.count");
	rp_fact_bool(F, n > RP_GENERIC_MAX, NULL, "other_workloads.more");
	rp_fact_num(
	    F, RP_FACT_COUNT, RP_GENERIC_MAX, NULL, "other_workloads.max");
}
