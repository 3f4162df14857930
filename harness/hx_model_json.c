/*
 * hx_model_json: the model as the result's "model" member and as a line for
 * people; the ceilings it reads (hx_model.h).
 */
#include "hx_ceilings.h"
#include "hx_model.h"
#include "hx_profile.h"
#include "hx_result.h"
#include "hx_stats.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A number, or null for one JSON cannot hold. */
static json_t *
hx_model_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* The passes: [{function, loop, loop_instructions, calls, iterations,
 * seconds}] a run, calls an object of the calls an iteration by callee. */
static json_t *
hx_model_passes_json(const hx_model_t *m)
{
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < m->npasses; i++) {
		const hx_model_pass_t *ps = &m->pass[i];
		json_t *calls = json_object();
		char range[64];

		for (int k = 0; calls != NULL && k < ps->loop.ncallees; k++)
			json_object_set_new(calls, ps->loop.callee[k],
			    json_real(ps->loop.calls[k]));
		snprintf(range, sizeof(range), "0x%llx-0x%llx",
		    (unsigned long long)ps->loop.start,
		    (unsigned long long)ps->loop.end);
		json_array_append_new(a,
		    json_pack("{s:s, s:s, s:i, s:o*, s:o, s:o, s:b}",
			"function", ps->loop.function, "loop", range,
			"loop_instructions", ps->loop.insns, "calls", calls,
			"iterations", hx_model_num(ps->iterations), "seconds",
			hx_model_num(ps->seconds), "prefetches_hot",
			ps->prefetches_hot));
	}
	return a;
}

/* The work object: what was counted, per unit. */
static json_t *
hx_model_work_json(const hx_model_t *m)
{
	json_t *w = json_object(), *cls = json_object();
	char range[64];

	if (w == NULL || cls == NULL) {
		json_decref(w);
		json_decref(cls);
		return NULL;
	}
	for (int c = 0; c < HX_INSN_CLASSES; c++)
		json_object_set_new(cls, hx_insn_class_name(c),
		    hx_model_num(m->class_per_unit[c]));
	snprintf(range, sizeof(range), "0x%llx-0x%llx",
	    (unsigned long long)m->loop.start, (unsigned long long)m->loop.end);
	json_object_set_new(w, "hot_function", json_string(m->loop.function));
	json_object_set_new(w, "hot_loop", json_string(range));
	json_object_set_new(
	    w, "loop_instructions", json_integer(m->loop.insns));
	json_object_set_new(w, "mca_cycles_per_iteration",
	    hx_model_num(m->loop.mca_cycles > 0.0 ? m->loop.mca_cycles : NAN));
	json_object_set_new(w, "mca_cycles_broadcasts_as_loads",
	    hx_model_num(m->loop.mca_cycles > 0.0 && m->loop.mca_broadcasts > 0
		    ? m->loop.mca_bload_cycles
		    : NAN));
	json_object_set_new(w, "mca_program",
	    m->loop.mca_cycles > 0.0 ? json_string(m->loop.mca_note)
				     : json_null());
	json_object_set_new(
	    w, "iterations_per_unit", hx_model_num(m->iters_per_unit));
	json_object_set_new(
	    w, "instructions_per_unit", hx_model_num(m->insn_per_unit));
	json_object_set_new(w, "simulated_instructions_per_unit",
	    hx_model_num(m->sim_insn_per_unit));
	json_object_set_new(w, "per_unit", cls);
	json_object_set_new(
	    w, "gather_indices_per_unit", hx_model_num(m->gathers_per_unit));
	json_object_set_new(w, "gather_repeats_per_unit",
	    hx_model_num(m->gather_repeats_per_unit));
	json_object_set_new(w, "gather_bytes", hx_model_num(m->gather_bytes));
	json_object_set_new(w, "gather_level", json_string(m->gather_level));
	json_object_set_new(
	    w, "gather_l2_share", hx_model_num(m->gather_l2_share));
	json_object_set_new(
	    w, "gather_fetch_s", hx_model_num(m->gather_fetch_s[0]));
	json_object_set_new(
	    w, "gather_repeat_s", hx_model_num(m->gather_fetch_s[1]));
	json_object_set_new(w, "gather_refill_bytes_per_unit",
	    hx_model_num(m->gather_refill_level != NULL
		    ? m->gather_refill_per_unit
		    : 0.0));
	json_object_set_new(w, "gather_refill_level",
	    m->gather_refill_level != NULL ? json_string(m->gather_refill_level)
					   : json_null());
	json_object_set_new(w, "bytes_source", json_string(m->bytes_source));
	json_object_set_new(w, "bytes_level", json_string(m->data_level));
	json_object_set_new(
	    w, "l2_bytes_per_unit", hx_model_num(m->bytes_l2_per_unit));
	json_object_set_new(
	    w, "dram_bytes_per_unit", hx_model_num(m->bytes_dram_per_unit));
	json_object_set_new(w, "minor_faults", hx_model_num(m->faults));
	json_object_set_new(w, "fault_s", hx_model_num(m->fault_s));
	json_object_set_new(w, "page_release_s", hx_model_num(m->release_s));
	json_object_set_new(w, "host_faults", hx_model_num(m->host_faults));
	json_object_set_new(w, "host_fault_s", hx_model_num(m->host_fault_s));
	json_object_set_new(
	    w, "free_unreported_bytes", hx_model_num(m->free_unreported));
	json_object_set_new(
	    w, "host_reported_pages", hx_model_num(m->reported_pages));
	json_object_set_new(
	    w, "stream_bytes_per_unit", hx_model_num(m->bytes_stream_per_unit));
	json_object_set_new(w, "passes", hx_model_passes_json(m));
	json_object_set_new(w, "wait_per_iteration_s", hx_model_num(m->wait_s));
	json_object_set_new(w, "chain_s", hx_model_num(m->chain_s));
	json_object_set_new(w, "wait_window", hx_model_num(m->wait_window));
	json_object_set_new(w, "stream_level",
	    m->stream_level != NULL ? json_string(m->stream_level)
				    : json_null());
	json_object_set_new(
	    w, "stream_l2_share", hx_model_num(m->stream_l2_share));
	return w;
}

json_t *
hx_model_json(const hx_model_t *m)
{
	json_t *o = json_object(), *terms = json_array();

	if (o == NULL || terms == NULL) {
		json_decref(o);
		json_decref(terms);
		return NULL;
	}
	for (int i = 0; i < m->nterms; i++)
		json_array_append_new(terms,
		    json_pack("{s:s, s:o, s:o, s:b}", "name", m->term[i].name,
			"seconds", hx_model_num(m->term[i].seconds), "share",
			hx_model_num(m->term[i].seconds / m->predicted_s),
			"in_core", m->term[i].in_core));
	json_object_set_new(o, "predicted_s", hx_model_num(m->predicted_s));
	json_object_set_new(o, "measured_s", hx_model_num(m->measured_s));
	json_object_set_new(o, "error", hx_model_num(m->error));
	json_object_set_new(o, "limiter", json_string(m->limiter));
	json_object_set_new(o, "unexplained_s", hx_model_num(m->unexplained_s));
	json_object_set_new(o, "terms", terms);
	json_object_set_new(o, "issue_missing",
	    m->issue_missing[0] != '\0' ? json_string(m->issue_missing)
					: json_null());
	json_object_set_new(o, "rule",
	    json_string(
		"max(gather, rest) + (1 - gather_fp_overlap) x "
		"min(gather, rest) + passes + sum(data terms) + faults "
		"x (fault + page release), host_faults (the pages the run "
		"added beyond the free memory not reported to the host, "
		"and its share of the pages handed to the host while it "
		"ran) at host_fault_s instead of fault; rest = max(fp, load, "
		"store, "
		"other, latency, issue); latency = sum of the loop's "
		"instructions' starts on its dependency chains / "
		"wait_window; issue = llvm-mca's cycles an iteration (its "
		"broadcasts from memory as loads where the ceilings' "
		"mca_broadcast_as_load is 1) x mca_cycle_s; fp = max + (1 - "
		"fp_overlap) x (sum - max) "
		"of fma, addmul, divsqrt, shuffle; gather_fp_overlap "
		"the ceilings' at the gathers' level"));
	json_object_set_new(o, "fp_s", hx_model_num(m->fp_s));
	json_object_set_new(o, "fp_overlap", hx_model_num(m->fp_overlap));
	json_object_set_new(
	    o, "gather_fp_overlap", hx_model_num(m->gather_fp_overlap));
	json_object_set_new(o, "work", hx_model_work_json(m));
	return o;
}

const json_t *
hx_model_ceilings(const char *path, char *msg, size_t len)
{
	static json_t *kept;
	hx_ceilings_t c;
	json_error_t err;
	int rc;

	if (kept != NULL)
		return kept;
	if (path != NULL) {
		kept = json_load_file(path, 0, &err);
		if (kept == NULL) {
			snprintf(msg, len, "cannot read the ceilings %s: %s",
			    path, err.text);
		} else if (!json_is_object(kept) ||
		    !json_is_number(json_object_get(kept, "add_per_s"))) {
			/* Not harness ceilings' JSON, or an older one without
			 * the in-core kernels. */
			snprintf(msg, len,
			    "the ceilings %s have no add_per_s: not the JSON "
			    "of this harness's ceilings",
			    path);
			json_decref(kept);
			kept = NULL;
		}
		return kept;
	}
	fprintf(stderr,
	    "harness: measuring the ceilings for --model (a few "
	    "seconds)...\n");
	if ((rc = hx_ceilings_measure(&c, 0, 0)) != HX_CEILINGS_OK) {
		snprintf(msg, len, "ceilings: %s", hx_ceilings_strerror(rc));
		return NULL;
	}
	hx_ceilings_measure_host_fault(&c);
	kept = hx_ceilings_json(&c);
	if (kept == NULL)
		snprintf(msg, len, "out of memory");
	return kept;
}

/* "model: predicted 0.512 s, measured 0.499 s (+2.6%); gather 61%,
 * l2 20%; limiter gather" */
static void
hx_model_print(FILE *f, const hx_model_t *m)
{
	int order[HX_MODEL_TERMS];

	for (int i = 0; i < m->nterms; i++)
		order[i] = i;
	for (int i = 1; i < m->nterms; i++)
		for (int j = i; j > 0 &&
		     m->term[order[j]].seconds > m->term[order[j - 1]].seconds;
		     j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	fprintf(f, "  model: predicted %.4g s, measured %.4g s (%+.1f%%);",
	    m->predicted_s, m->measured_s, 100.0 * m->error);
	for (int i = 0; i < m->nterms && i < 4; i++)
		fprintf(f, "%s %s %.4g s (%.0f%%)", i ? "," : "",
		    m->term[order[i]].name, m->term[order[i]].seconds,
		    100.0 * m->term[order[i]].seconds / m->predicted_s);
	fprintf(f, "; limiter %s", m->limiter);
	if (isfinite(m->unexplained_s))
		fprintf(f, " (%.4g s unexplained)", m->unexplained_s);
	fputc('\n', f);
	if (m->issue_missing[0] != '\0')
		fprintf(f, "  model: no issue term: %s\n", m->issue_missing);
}

const char *
hx_model_limiter_of_json(const json_t *model, char *buf, size_t len)
{
	const char *names[HX_MODEL_TERMS];
	double s[HX_MODEL_TERMS];
	int n = 0;
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(model, "terms"), i, t)
	{
		const char *name =
		    json_string_value(json_object_get(t, "name"));
		if (n < HX_MODEL_TERMS && name != NULL) {
			names[n] = name;
			s[n++] =
			    json_number_value(json_object_get(t, "seconds"));
		}
	}
	return hx_model_limiter_name(names, s, n,
	    fabs(json_number_value(json_object_get(model, "predicted_s")) -
		json_number_value(json_object_get(model, "measured_s"))),
	    buf, len);
}

/* Seconds a run of the term called name, 0 when the model has none. */
static double
hx_model_term_s(const hx_model_t *m, const char *name)
{
	for (int i = 0; i < m->nterms; i++)
		if (strcmp(m->term[i].name, name) == 0)
			return m->term[i].seconds;
	return 0.0;
}

/* The model's ranges: the hot loop (0) and each pass's loop, [lo, hi). */
static int
hx_model_ranges(const hx_model_t *m, uint64_t range[][2])
{
	int n = 0;

	range[n][0] = m->loop.start;
	range[n++][1] = m->loop.end + 1;
	for (int i = 0; i < m->npasses; i++) {
		range[n][0] = m->pass[i].loop.start;
		range[n++][1] = m->pass[i].loop.end + 1;
	}
	return n;
}

/* Seconds a run the profile puts in range i of the n, less the ranges
 * inside it (and an identical one listed before it). */
static double
hx_model_range_s(const json_t *prof, const uint64_t range[][2], int n, int i)
{
	uint64_t inner[1 + VARIANT_PASSES][2];
	int k = 0;

	for (int j = 0; j < n; j++) {
		int same =
		    range[j][0] == range[i][0] && range[j][1] == range[i][1];
		if (j == i || (same && j > i) || range[j][0] < range[i][0] ||
		    range[j][1] > range[i][1])
			continue;
		inner[k][0] = range[j][0];
		inner[k++][1] = range[j][1];
	}
	return hx_profile_seconds(prof, range[i][0], range[i][1], inner, k);
}

int
hx_model_reads_back(const hx_model_t *m)
{
	int n = 0;

	for (int i = 0; i < m->npasses; i++)
		n += m->pass[i].reads_back != 0;
	return n;
}

double
hx_model_hot_loop_s(const hx_model_t *m)
{
	return m->predicted_s - hx_model_term_s(m, "passes") -
	    hx_model_term_s(m, "faults") -
	    (hx_model_reads_back(m) > 0 ? m->data_read_s : 0.0);
}

double
hx_model_pass_s(const hx_model_t *m, int i)
{
	return m->pass[i].seconds +
	    (m->pass[i].reads_back ? m->data_read_s / hx_model_reads_back(m)
				   : 0.0);
}

/* The profile's split (r's "profile", hx_profile.h) by the ranges the
 * model priced, seconds a run, each beside its prediction: the hot loop
 * (hx_model_hot_loop_s), each pass's loop (hx_model_pass_s; the
 * loops inside it apart), the rest of the variant's object, the kernel
 * (beside the faults' term) and each other object. Printed on f when not
 * NULL. NULL when out of memory. */
static json_t *
hx_model_profile_json(const hx_model_t *m, const json_t *prof, FILE *f)
{
	uint64_t range[1 + VARIANT_PASSES][2];
	const int n = hx_model_ranges(m, range);
	const double all = hx_profile_seconds(prof, 0, UINT64_MAX, NULL, 0);
	const double hot = hx_model_range_s(prof, range, n, 0);
	const double hot_pred = hx_model_hot_loop_s(m);
	const json_t *others = json_object_get(prof, "objects");
	const json_t *kernel = json_object_get(prof, "kernel_s");
	json_t *o = json_object(), *passes = json_array(), *e;
	double placed = hot;
	const char *name;

	if (o == NULL || passes == NULL) {
		json_decref(o);
		json_decref(passes);
		return NULL;
	}
	if (f != NULL)
		fprintf(f,
		    "  profile (%lld samples of task-clock): hot loop %.4g s "
		    "(predicted %.4g s)",
		    (long long)json_integer_value(
			json_object_get(prof, "samples")),
		    hot, hot_pred);
	for (int i = 0; i < m->npasses; i++) {
		double s = hx_model_range_s(prof, range, n, i + 1);
		placed += s;
		json_array_append_new(passes,
		    json_pack("{s:o, s:o}", "measured_s", hx_model_num(s),
			"predicted_s", hx_model_num(hx_model_pass_s(m, i))));
		if (f != NULL)
			fprintf(f, "%s %s %.4g s (%.4g s)",
			    i == 0 ? "; passes" : ",", m->pass[i].loop.function,
			    s, hx_model_pass_s(m, i));
	}
	json_object_set_new(o, "hot_loop_s", hx_model_num(hot));
	json_object_set_new(o, "hot_loop_predicted_s", hx_model_num(hot_pred));
	json_object_set_new(o, "passes", passes);
	json_object_set_new(o, "elsewhere_s", hx_model_num(all - placed));
	json_object_set(o, "kernel_s", (json_t *)kernel);
	json_object_set_new(o, "faults_predicted_s",
	    hx_model_num(hx_model_term_s(m, "faults")));
	json_object_set(o, "other_objects", (json_t *)others);
	if (f == NULL)
		return o;
	fprintf(f, "; elsewhere in the variant's object %.4g s", all - placed);
	if (json_is_number(kernel))
		fprintf(f, "; kernel %.4g s (faults predicted %.4g s)",
		    json_number_value(kernel), hx_model_term_s(m, "faults"));
	else
		fprintf(f, "; kernel not sampled (perf_event_paranoid)");
	json_object_foreach((json_t *)others, name, e)
	{
		fprintf(f, "; %s %.4g s", name, json_number_value(e));
	}
	fputc('\n', f);
	return o;
}

/* Samples a profile needs before its hot loop is compared with the
 * model's, and the share of the predicted hot-loop time below which the
 * profile says the model priced another loop than the one that runs. */
#define HX_MODEL_CHECK_SAMPLES 100
#define HX_MODEL_CHECK_SHARE 0.25
/* Samples a pass's prediction must be worth in the profile before the
 * profile may say it does not run, and the share of it under which the
 * profile says so. At 10, a pass the model prices at three times what it
 * takes failed a CI run (2026-12-06, Intel Xeon VM): interp
 * materialized's scalar remainder at N = 1e5, 5.2 ms a run predicted,
 * 13 samples' worth, ran 1.67 ms, about 4 samples, and under 2 of them
 * fall by chance 7% of the time (Poisson). At 30, such a pass expects 10
 * and shows under 3 by chance 0.3% of the time, and a pass that never
 * runs (the test plugin's ghost) is still caught. A quarter, the hot loop's
 * share, was too high for passes: neighbouring loops trade samples (interp
 * chunked's first pass read 3.3 to 4.3 ms of 6.5 ms predicted at N = 1e5, and
 * once in six runs of the test under a quarter). */
#define HX_MODEL_CHECK_PASS_SAMPLES 30
#define HX_MODEL_CHECK_PASS_SHARE 0.1

/* A warning on r for each stated pass whose prediction is worth
 * HX_MODEL_CHECK_PASS_SAMPLES samples of r's profile or more (a run's
 * seconds over them all: the samples fall over every profiled run, the
 * profile's seconds are a run's) and that the profile puts under
 * HX_MODEL_CHECK_PASS_SHARE of it in: the model then
 * prices a loop that does not run much (interp sorted's count once named
 * its keys' scalar remainder, which never runs, as the keys' loop: 1.9 ms
 * a run predicted, none in the profile). w is r's warnings. */
static void
hx_model_pass_check(const json_t *r, const hx_model_t *m, json_t *w)
{
	const json_t *prof = json_object_get(r, "profile");
	const json_t *passes = json_object_get(
	    json_object_get(json_object_get(r, "model"), "profile"), "passes");
	const double samples =
	    (double)json_integer_value(json_object_get(prof, "samples"));
	const double per_sample = m->measured_s / samples;
	char text[320];

	if (!(per_sample > 0) || !json_is_array(passes))
		return;
	for (int i = 0; i < m->npasses; i++) {
		/* The loop's own instructions: the samples of the functions
		 * it calls (colony_orient's cosf and sinf) fall in their own
		 * objects, not in its range. */
		const double pred = hx_model_pass_s(m, i) - m->pass[i].calls_s;
		const double got = json_number_value(json_object_get(
		    json_array_get(passes, (size_t)i), "measured_s"));

		if (!(pred >= HX_MODEL_CHECK_PASS_SAMPLES * per_sample) ||
		    !(got < HX_MODEL_CHECK_PASS_SHARE * pred))
			continue;
		snprintf(text, sizeof(text),
		    "the profile puts %.3g s a run in the pass the model "
		    "priced at %.3g s (%s, its loop at %#llx): the model "
		    "prices a pass that does not run",
		    got, pred, m->pass[i].loop.function,
		    (unsigned long long)m->pass[i].loop.start);
		json_array_append_new(w, json_string(text));
	}
}

/* The limiter against the profile (hx_model_rival): a warning where a
 * part that holds one term took more samples than the limiter's, beyond
 * the tolerance and the sign test; only for a limiter the prediction
 * names (within HX_MODEL_TOLERANCE). */
static void
hx_model_rival_check(const json_t *r, const hx_model_t *m, json_t *w)
{
	static const char *const parts[] = {"the hot loop",
	    "the stated passes' loops", "the kernel (page faults)"};
	double s[HX_PARTS];
	hx_model_rival_t v;
	char text[400];

	if (m->limiter == NULL || strcmp(m->limiter, "not determined") == 0 ||
	    !(fabs(m->error) <= HX_MODEL_TOLERANCE))
		return;
	hx_model_profile_parts(r, s, NULL, NULL, NULL);
	v = hx_model_rival(m->limiter, s);
	if (!v.overturned)
		return;
	snprintf(text, sizeof(text),
	    "the profile samples %s, which holds one term, %.0f times "
	    "against %.0f for the limiter's part (%s; sign test p = %.3g): "
	    "by the profile that term is larger, and the limiter is not "
	    "determined",
	    parts[v.part], v.other, v.own, m->limiter, v.p);
	json_array_append_new(w, json_string(text));
}

/* A warning on r when its profile (hx_model_profile_json, in r's model)
 * puts under HX_MODEL_CHECK_SHARE of the hot loop's predicted seconds in
 * the hot loop (with the passes that prefetch its data, which may wait for
 * its lines: variant_pass_t.prefetches_hot), where that prediction is at
 * least that share of the
 * measured median: the model then priced code that does not run much (a
 * jump back taken for a loop once made it price interp sorted's
 * remainder code; the profile put 0.7 ms of 25.9 ms predicted there);
 * and the same of each stated pass (hx_model_pass_check). */
static void
hx_model_profile_check(json_t *r, const hx_model_t *m)
{
	const json_t *pr = json_object_get(
	    json_object_get(json_object_get(r, "model"), "profile"),
	    "hot_loop_s");
	const json_t *samples =
	    json_object_get(json_object_get(r, "profile"), "samples");
	const double hot_pred = hx_model_hot_loop_s(m);
	json_t *w = json_object_get(r, "warnings");
	double meas[HX_PARTS], got;
	int prefetches = 0;
	char text[320];

	if (json_is_array(w))
		hx_model_rival_check(r, m, w);
	if (!json_is_number(pr) || !json_is_array(w) ||
	    json_integer_value(samples) < HX_MODEL_CHECK_SAMPLES)
		return;
	/* The hot loop with the passes that prefetch its data. */
	hx_model_profile_parts(r, NULL, meas, NULL, &prefetches);
	got = meas[HX_PART_HOT];
	if (hot_pred >= HX_MODEL_CHECK_SHARE * m->measured_s &&
	    got < HX_MODEL_CHECK_SHARE * hot_pred) {
		snprintf(text, sizeof(text),
		    "the profile puts %.3g s a run in the hot loop%s the model "
		    "priced at %.3g s (%s): the model's hot loop is not where "
		    "the time goes",
		    got, prefetches ? " and its prefetches" : "", hot_pred,
		    m->loop.function);
		json_array_append_new(w, json_string(text));
	}
	hx_model_pass_check(r, m, w);
}

hx_part_t
hx_model_term_part(const char *term)
{
	return strcmp(term, "faults") == 0 ? HX_PART_KERNEL
	    : strcmp(term, "passes") == 0  ? HX_PART_PASSES
					   : HX_PART_HOT;
}

int
hx_model_profile_parts(const json_t *r, double *samples, double *meas,
    double *pred, int *prefetches)
{
	const json_t *m = json_object_get(r, "model");
	const json_t *mp = json_object_get(m, "profile");
	const json_t *stated =
	    json_object_get(json_object_get(m, "work"), "passes");
	/* A sample stands for its period, spread over the runs sampled. */
	const double per = hx_result_number(r, "profile.period_s") /
	    hx_result_number(r, "profile.runs");
	double s[HX_PARTS] = {hx_result_number(mp, "hot_loop_s"), 0.0,
	    hx_result_number(mp, "kernel_s")};
	double q[HX_PARTS] = {hx_result_number(mp, "hot_loop_predicted_s"), 0.0,
	    hx_result_number(mp, "faults_predicted_s")};
	int summed = 0, pre = 0;
	size_t i;
	json_t *e;

	json_array_foreach(json_object_get(mp, "passes"), i, e)
	{
		const int hot = json_is_true(json_object_get(
		    json_array_get(stated, i), "prefetches_hot"));
		const hx_part_t k = hot ? HX_PART_HOT : HX_PART_PASSES;

		s[k] += hx_result_number(e, "measured_s");
		q[k] += hx_result_number(e, "predicted_s");
		pre |= hot;
		summed += !hot;
	}
	if (summed == 0)
		s[HX_PART_PASSES] = q[HX_PART_PASSES] = NAN;
	for (int k = 0; k < HX_PARTS; k++) {
		if (samples != NULL)
			samples[k] =
			    mp != NULL && per > 0 ? round(s[k] / per) : NAN;
		if (meas != NULL)
			meas[k] = mp != NULL ? s[k] : NAN;
		if (pred != NULL)
			pred[k] = mp != NULL ? q[k] : NAN;
	}
	if (prefetches != NULL)
		*prefetches = pre;
	return summed;
}

hx_model_rival_t
hx_model_rival(const char *limiter, const double *samples)
{
	hx_model_rival_t v = {0.0, -1.0, HX_PART_HOT, NAN, 0};
	int own[HX_PARTS] = {0};
	char terms[HX_MODEL_LIMITER_LEN], *save = NULL;

	snprintf(terms, sizeof(terms), "%s", limiter);
	for (char *t = strtok_r(terms, " ", &save); t != NULL;
	     t = strtok_r(NULL, " ", &save))
		if (strcmp(t, "or") != 0)
			own[hx_model_term_part(t)] = 1;
	for (int k = 0; k < HX_PARTS; k++) {
		if (isnan(samples[k]))
			continue;
		if (own[k])
			v.own += samples[k];
		else if (k != HX_PART_HOT && samples[k] > v.other) {
			v.other = samples[k];
			v.part = (hx_part_t)k;
		}
	}
	if (v.other > v.own) {
		v.p = hx_stats_sign_test(
		    (size_t)v.own, (size_t)(v.own + v.other));
		v.overturned = v.p < HX_MODEL_RIVAL_P &&
		    v.other > (1.0 + HX_MODEL_TOLERANCE) * v.own;
	}
	return v;
}

int
hx_model_apply(json_t *r, const variant_t *v, const params_t *p,
    const char *ceilings_path, FILE *f, char *msg, size_t len)
{
	const json_t *c = hx_model_ceilings(ceilings_path, msg, len);
	hx_loop_t loop;
	hx_model_pass_t pass[VARIANT_PASSES];
	hx_model_t m;
	json_t *o, *prof;
	int npass;

	if (c == NULL || hx_model_work(v, &loop, msg, len) != 0 ||
	    hx_model_passes_work(v, p, pass, &npass, msg, len) != 0 ||
	    hx_model_compute(r, &loop, hx_model_units(v, p, &loop),
		v->hot_streams,
		v->gather_bytes_of != NULL && p != NULL ? v->gather_bytes_of(p)
							: NAN,
		c, &m, msg, len) != 0)
		return -1;
	hx_model_add_passes(&m, c, pass, npass);
	if (v->gather_refill_of != NULL && p != NULL)
		hx_model_add_refill(&m, r, c, v->gather_refill_of(p));
	if ((o = hx_model_json(&m)) == NULL ||
	    json_object_set_new(r, "model", o) != 0) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
	if (f != NULL)
		hx_model_print(f, &m);
	prof = json_object_get(r, "profile");
	if (prof != NULL &&
	    json_object_set_new(
		o, "profile", hx_model_profile_json(&m, prof, f)) != 0) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
	hx_model_profile_check(r, &m);
	return 0;
}
