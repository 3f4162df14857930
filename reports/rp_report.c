/*
 * rp_report: figures cited, notes, a run's figures as printed (see
 * rp_report.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_report.h"
#include "rp_text.h"

void
rp_report_free(rp_report_t *R)
{
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS; i++)
		rp_figure_free(&R->plots[i]);
	json_decref(R->notes);
	R->notes = NULL;
	rp_data_free(&R->data);
	rp_facts_free(&R->facts);
	json_decref(R->scripts);
	R->scripts = NULL;
}

/* Where render.py and templates/ are: the Makefile defines it as the
 * source tree's reports/. */
#ifndef RP_REPORTS_DIR
#define RP_REPORTS_DIR "reports"
#endif

const rp_plot_t *
rp_report_plot(const rp_report_t *R, const char *name)
{
	const rp_fig_t *fig = rp_figure_find(name);
	long i = fig != NULL ? fig - rp_figures : -1;

	return i >= 0 && i < RP_REPORT_MAX_FIGS ? &R->plots[i] : NULL;
}

/* The figure's number among those saved; 0 when it was not. */
static int
figure_number(const rp_report_t *R, const char *name)
{
	const rp_plot_t *p = rp_report_plot(R, name);
	int k = 0;

	if (p == NULL || !R->saved[p - R->plots])
		return 0;
	for (const rp_plot_t *q = R->plots; q <= p; q++)
		k += R->saved[q - R->plots];
	return k;
}

const char *
rp_report_cite(const rp_report_t *R, const char *name)
{
	char *b = rp_text_buf();
	int k = figure_number(R, name);

	if (k == 0)
		return "Figure (not drawn)";
	snprintf(b, RP_TEXT_BUF, "Figure %d", k);
	return b;
}

void
rp_report_figure_facts(rp_report_t *R, const char *name, const char *fact)
{
	int k = figure_number(R, name), drawn = k > 0;

	rp_fact_bool(&R->facts, drawn, NULL, "%s.drawn", fact);
	rp_fact_num(
	    &R->facts, RP_FACT_COUNT, drawn ? k : NAN, NULL, "%s.number", fact);
	rp_fact_str(&R->facts, name, NULL, "%s.file", fact);
	rp_fact_str(&R->facts, rp_report_cite(R, name), NULL, "%s.cite", fact);
	rp_fact_str(&R->facts, drawn ? NULL : R->msg, NULL, "%s.error", fact);
	/* The note every embedded figure points to. */
	rp_fact_str(&R->facts,
	    drawn ? rp_report_note(R, "figure_scripts") : NULL, NULL, "%s.note",
	    fact);
}

const char *
rp_report_note(rp_report_t *R, const char *text)
{
	char *b = rp_text_buf();
	size_t k, n;

	if (R->notes == NULL)
		R->notes = json_array();
	n = json_array_size(R->notes);
	for (k = 0; k < n; k++)
		if (strcmp(json_string_value(json_array_get(R->notes, k)),
			text) == 0)
			break;
	if (k == n && json_array_append_new(R->notes, json_string(text)) != 0) {
		R->failed = 1;
		snprintf(R->msg, sizeof(R->msg), "out of memory");
		return ""; /* no link to a note not kept */
	}
	snprintf(b, RP_TEXT_BUF, "[note %zu](#note-%zu)", k + 1, k + 1);
	return b;
}

void
rp_report_notes_facts(rp_report_t *R)
{
	rp_fact_list(&R->facts,
	    R->notes != NULL ? json_copy(R->notes) : json_array(),
	    "notes.list");
}

/* A warning as a kind of caveat: each number in it becomes X, so that
 * runs warned alike point to one note. Writes out. */
static const char *
warning_kind(const char *w, char *out, size_t n)
{
	size_t k = 0;
	int numbers = 0;

	for (const char *p = w; *p != '\0' && k + 2 < n; p++) {
		if (isdigit((unsigned char)*p) &&
		    (p == w || !isalpha((unsigned char)p[-1]))) {
			out[k++] = 'X';
			numbers = 1;
			while (isdigit((unsigned char)p[1]) ||
			    (p[1] == '.' && isdigit((unsigned char)p[2])))
				p++;
		} else
			out[k++] = *p;
	}
	out[k] = '\0';
	if (numbers && k + 60 < n)
		snprintf(out + k, n - k,
		    " (X: each run's own figure, in its result's warnings)");
	return out;
}

const char *
rp_report_warning_notes(rp_report_t *R, const json_t *r)
{
	char kind[512];
	char *b = rp_text_buf();
	const json_t *ws = json_object_get(r, "warnings");
	size_t i, len = 0;
	json_t *w;

	b[0] = '\0';
	json_array_foreach(ws, i, w)
	{
		const char *t = json_string_value(w);
		if (t == NULL || len > 200)
			continue;
		if (strstr(t, "interval of the median") != NULL)
			t = "wide_interval";
		else
			t = warning_kind(t, kind, sizeof(kind));
		snprintf(b + len, 256 - len, "%s%s", len ? ", " : "",
		    rp_report_note(R, t));
		len = strlen(b);
	}
	return len ? b : "none";
}

const char *
rp_report_interval(const json_t *r)
{
	char *b = rp_text_buf();
	double k = rp_field(r, RP_F_TIME_REPEATS);
	double lo = rp_field(r, RP_F_TIME_CI_LO);
	double hi = rp_field(r, RP_F_TIME_CI_HI);

	if (isnan(k) || k < 1)
		snprintf(b, RP_TEXT_BUF, "cold run only");
	else if (k < 2)
		snprintf(b, RP_TEXT_BUF, "one timed run");
	else if (k >= RP_REPORT_CI_MIN && !isnan(lo) && !isnan(hi))
		snprintf(b, RP_TEXT_BUF, "95%% CI %s-%s, n = %.0f",
		    rp_text_fmt_time(lo), rp_text_fmt_time(hi), k);
	else
		snprintf(b, RP_TEXT_BUF, "range %s-%s, n = %.0f",
		    rp_text_fmt_time(rp_field(r, RP_F_TIME_MIN)),
		    rp_text_fmt_time(rp_field(r, RP_F_TIME_MAX)), k);
	return b;
}

const char *
rp_report_peak(const json_t *r)
{
	double p = rp_field(r, RP_F_PEAK_WORKSPACE);

	return !isnan(p) && p < RP_REPORT_PEAK_GRAIN ? "< 64 KiB"
						     : rp_text_fmt_bytes(p);
}

/* A run's own noise band: half the distance between the 10th and 90th
 * percentiles of its timed runs over their median (0.05 is +-5%); NAN
 * below RP_REPORT_BAND_MIN timed runs. */
static double
run_band(const json_t *r)
{
	const json_t *a = rp_field_json(r, RP_F_TIME_SAMPLES), *e;
	double x[256], band = NAN;
	size_t i, n = 0;

	json_array_foreach(a, i, e)
	{
		if (n < sizeof(x) / sizeof(x[0]) && json_is_number(e))
			x[n++] = json_number_value(e);
	}
	/* The timed runs the harness counted (a copy of samples without
	 * repeats, as the report tests make, is no measurement). */
	if (n >= RP_REPORT_BAND_MIN &&
	    !(rp_field(r, RP_F_TIME_REPEATS) < RP_REPORT_BAND_MIN))
		band = (hx_stats_quantile(x, n, 0.9) -
			   hx_stats_quantile(x, n, 0.1)) /
		    (2.0 * hx_stats_median(x, n));
	return band;
}

double
rp_report_noise_at(const rp_data_t *D, double seconds)
{
	double x[256];
	size_t i, n = 0;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		const char *set = rp_str(r, "_set");
		double t = rp_field(r, RP_F_TIME_MEDIAN), b = run_band(r);
		char mains[128]; /* the run's own workload's main sets */
		snprintf(mains, sizeof(mains), RP_DATA_MAIN_SETS("%s"),
		    rp_field_str(r, RP_F_WORKLOAD));
		if (n < 256 && !isnan(b) &&
		    (strcmp(set, "noise") == 0 ||
			rp_data_set_matches(mains, set)) &&
		    t * RP_REPORT_LENGTH_CLASS >= seconds &&
		    t <= seconds * RP_REPORT_LENGTH_CLASS)
			x[n++] = b;
	}
	return n > 0 ? hx_stats_median(x, n) : NAN;
}

const char *
rp_report_source_dir(void)
{
	return RP_REPORTS_DIR;
}
