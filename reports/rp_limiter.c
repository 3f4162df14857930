/*
 * rp_limiter: what limits each variant (see rp_limiter.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define F (&R->facts)

rp_limiter_t
rp_limiter_decide(const rp_limiter_in_t *in)
{
	rp_limiter_t v = {
	    RP_LIMIT_UNDETERMINED, "", {NAN, NAN, HX_PART_HOT, NAN, 0}};

	if (!(in->time_s > 0))
		v.kind = RP_LIMIT_UNMEASURED;
	else if (in->model_term == NULL)
		v.kind = RP_LIMIT_UNMODELLED;
	else if (fabs(in->model_error) <= RP_LIMITER_MODEL_TOLERANCE &&
	    strcmp(in->model_term, "not determined") != 0) {
		v.kind = RP_LIMIT_MODEL;
		snprintf(v.term, sizeof(v.term), "%s", in->model_term);
		v.rival = hx_model_rival(v.term, in->samples);
		if (v.rival.overturned)
			v.kind = RP_LIMIT_PROFILE;
	}
	return v;
}

const char *
rp_limiter_verdict_name(const rp_limiter_t *v)
{
	static const char *const names[] = {NULL, "undetermined", "unmodelled",
	    "unmeasured", "profile_disagrees"};

	return v->kind == RP_LIMIT_MODEL ? v->term : names[v->kind];
}

double
rp_limiter_term_seconds(const json_t *m, const char *name)
{
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		if (strcmp(rp_str(t, "name"), name) == 0)
			return rp_num(t, "seconds");
	}
	return 0.0;
}

rp_limiter_t
rp_limiter_of_run(const json_t *r)
{
	const char *said =
	    json_string_value(rp_field_json(r, RP_F_MODEL_LIMITER));
	char buf[HX_MODEL_LIMITER_LEN] = "";
	rp_limiter_in_t in = {.time_s = rp_field(r, RP_F_TIME_MEDIAN),
	    .model_term = said,
	    .model_error = rp_field(r, RP_F_MODEL_ERROR)};

	hx_model_profile_parts(r, in.samples, NULL, NULL, NULL);
	/* The rule on the run's own terms, so that data of a harness before
	 * it read the same; the harness's word where it named none. */
	if (said != NULL && strcmp(said, "not determined") != 0 &&
	    hx_model_limiter_of_json(
		json_object_get(r, "model"), buf, sizeof(buf))[0] != '\0')
		in.model_term = buf;
	return rp_limiter_decide(&in);
}

/* The model's prediction against the median under at (.predicted, .error;
 * beyond the tolerance .unexplained and .overpredicted). Beside it the
 * hypervisor's steal over the run's sweep (.steal, /proc/stat: time given
 * to other guests, which no term of the code can predict), the error with
 * the wall taken as 1 / (1 - steal) of the prediction (.error_with_steal,
 * returned; NAN without steal), and the free memory the guest's kernel
 * handed back to the host over the run (.host_reported). */
static double
prediction_facts(rp_report_t *R, const json_t *r, const char *at)
{
	static const rp_fact_field_t fields[] = {
	    {"predicted", RP_F_MODEL_PREDICTED, RP_FACT_TIME, RP_F_NONE},
	    {"error", RP_F_MODEL_ERROR, RP_FACT_PERCENT_SIGNED, RP_F_NONE},
	    {"steal", RP_F_STEAL, RP_FACT_PERCENT, RP_F_NONE},
	    {"host_reported", RP_F_HOST_REPORTED, RP_FACT_BYTES, RP_F_NONE},
	};
	double predicted = rp_field(r, RP_F_MODEL_PREDICTED);
	double median = rp_field(r, RP_F_TIME_MEDIAN);
	double steal = rp_field(r, RP_F_STEAL);
	double with_steal = steal >= 0 && steal < 1
	    ? (predicted / (1 - steal) - median) / median
	    : NAN;

	RP_FACTS_FIELDS(F, r, at, fields);
	rp_fact_num(F, RP_FACT_TIME,
	    fabs(rp_field(r, RP_F_MODEL_ERROR)) > RP_LIMITER_MODEL_TOLERANCE
		? fabs(predicted - median)
		: NAN,
	    r, "%s.unexplained", at);
	rp_fact_bool(F, predicted > median, r, "%s.overpredicted", at);
	rp_fact_num(F, RP_FACT_PERCENT_SIGNED, with_steal, r,
	    "%s.error_with_steal", at);
	return with_steal;
}

double
rp_limiter_model_part(const json_t *r, const char *part)
{
	const json_t *m = json_object_get(r, "model");
	double predicted = rp_num(m, "predicted_s"), sum = 0.0, added = 0.0;
	size_t i;
	json_t *t;

	if (!isfinite(predicted)) /* also without a model */
		return NAN;
	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		double s = rp_num(t, "seconds");
		const char *n = rp_str(t, "name");
		if (json_is_true(json_object_get(t, "in_core")) || !isfinite(s))
			continue;
		added += s;
		if (strcmp(part, "caches") == 0
			? strcmp(n, "l2") == 0 || strcmp(n, "l3") == 0
			: strcmp(n, part) == 0)
			sum += s;
	}
	if (strcmp(part, "in_core") == 0)
		return predicted - added;
	if (strcmp(part, "caches") == 0 || strcmp(part, "dram") == 0 ||
	    strcmp(part, "faults") == 0)
		return sum;
	return NAN;
}

double
rp_limiter_roof(const json_t *r, const char *arg)
{
	const json_t *terms =
	    json_object_get(json_object_get(r, "model"), "terms");
	double top = 0.0;
	size_t i;
	json_t *t;

	json_array_foreach(terms, i, t) top = fmax(top, rp_num(t, "seconds"));
	return top > 0 ? rp_field(r, RP_F_WORK_FLOPS) / top * 1e-9 : NAN;
}

/* Keeps the two largest x seen, best[0] >= best[1], with their terms
 * (a tie keeps the first). */
static void
keep_two(double x, const json_t *t, double best[2], const json_t *top[2])
{
	if (x > best[0]) {
		best[1] = best[0];
		top[1] = top[0];
		best[0] = x;
		top[0] = t;
	} else if (x > best[1]) {
		best[1] = x;
		top[1] = t;
	}
}

/* The profile's seconds read straight from model.profile. */
static const rp_fact_key_t profile_keys[] = {
    {"elsewhere", "elsewhere_s", RP_FACT_TIME},
    {"kernel", "kernel_s", RP_FACT_TIME},
    {"faults_predicted", "faults_predicted_s", RP_FACT_TIME},
};

/* Where a run's time went by its profile (harness --profile, the model's
 * model.profile), as P.profile.*: beside profile_keys, the hot loop's
 * and the passes' seconds measured and predicted (hx_model_profile_parts:
 * the passes null for a variant that states none; hot_prefetches where a
 * pass that prefetches the hot loop's data counts with it: a core that
 * waits for a prefetched line waits in the prefetch, as interp hoisted on
 * an Intel core, and the line is the hot loop's data term) and the
 * libraries' (others); and the profile's check of the limiter,
 * P.check.* (rp_limiter_t's own, other, other_part, p; .disagrees). */
static void
profile_facts(rp_report_t *R, const json_t *r, const char *p)
{
	static const char *const parts[] = {"hot", "passes", "kernel"};
	const json_t *mp =
	    json_object_get(json_object_get(r, "model"), "profile");
	double meas[HX_PARTS], pred[HX_PARTS];
	double others = mp != NULL ? 0.0 : NAN;
	char prefix[RP_FACTS_NAME_MAX + sizeof(".profile")];
	rp_limiter_t lim = rp_limiter_of_run(r);
	int prefetches = 0;
	const char *name;
	json_t *e;

	hx_model_profile_parts(r, NULL, meas, pred, &prefetches);
	json_object_foreach(json_object_get(mp, "other_objects"), name, e)
	{
		others += json_number_value(e);
	}
	snprintf(prefix, sizeof(prefix), "%s.profile", p);
	RP_FACTS_KEYS(F, mp, r, prefix, profile_keys);
	for (int k = HX_PART_HOT; k <= HX_PART_PASSES; k++) {
		rp_fact_num(
		    F, RP_FACT_TIME, meas[k], r, "%s.%s", prefix, parts[k]);
		rp_fact_num(F, RP_FACT_TIME, pred[k], r, "%s.%s_predicted",
		    prefix, parts[k]);
	}
	rp_fact_bool(F, prefetches, r, "%s.hot_prefetches", prefix);
	rp_fact_bool(F, mp != NULL, r, "%s.sampled", prefix);
	rp_fact_num(F, RP_FACT_COUNT,
	    rp_num(json_object_get(r, "profile"), "samples"), r, "%s.samples",
	    prefix);
	rp_fact_num(F, RP_FACT_TIME, others, r, "%s.others", prefix);
	rp_fact_bool(
	    F, lim.kind == RP_LIMIT_PROFILE, r, "%s.check.disagrees", p);
	rp_fact_num(F, RP_FACT_COUNT, lim.rival.own, r, "%s.check.own", p);
	rp_fact_num(F, RP_FACT_COUNT,
	    isnan(lim.rival.p) ? NAN : lim.rival.other, r, "%s.check.other", p);
	rp_fact_str(F, isnan(lim.rival.p) ? NULL : parts[lim.rival.part], r,
	    "%s.check.other_part", p);
	rp_fact_num(F, RP_FACT_NUMBER, lim.rival.p, r, "%s.check.p", p);
}

/* The section's counts: the first main run with a model and whether any
 * has a profile, over every workload; over one workload's rows, those
 * modelled, within the tolerance, and within it with the steal counted. */
typedef struct limits_tally_s {
	const json_t *any;
	int profiled, modelled, within, with_steal;
} limits_tally_t;

/* One variant's row: its prediction against its median, the two largest
 * terms (its median and its verdict are its own facts, W.V.median and
 * W.V.limiter); counted into t. */
static void
model_row_facts(rp_report_t *R, const char *w, const char *v, limits_tally_t *t)
{
	const json_t *r = rp_data_main_run(&R->data, w, v);
	const json_t *m = json_object_get(r, "model");
	/* Without a model every error is NAN, within nothing. */
	int within =
	    fabs(rp_field(r, RP_F_MODEL_ERROR)) <= RP_LIMITER_MODEL_TOLERANCE;
	double best[2] = {-INFINITY, -INFINITY}, with_steal;
	const json_t *top[2] = {NULL, NULL};
	const char *level = NULL;
	char p[RP_FACTS_NAME_MAX];
	size_t i;
	json_t *e;

	json_array_foreach(json_object_get(m, "terms"), i, e)
	{
		keep_two(rp_num(e, "seconds"), e, best, top);
	}
	snprintf(p, sizeof(p), "limits.%s.%s", w, v);
	rp_fact_bool(F, m != NULL, r, "%s.modelled", p);
	rp_fact_bool(F, within, r, "%s.within", p);
	with_steal = prediction_facts(R, r, p);
	rp_fact_str(
	    F, rp_data_variant_text(&R->data, w, v, "notes"), r, "%s.notes", p);
	/* The level that serves its gathers ("l3" for fused's: every table
	 * for every point; "l1" for tiled's: two tables for a tile), what
	 * they range over, and the rate of an index that fetches its line
	 * there (from L3, the gather ladder's at that size), in 10^9 indices
	 * a second. */
	if (rp_field(r, RP_F_MODEL_GATHER_PER_UNIT) > 0) {
		level = rp_field_str(r, RP_F_MODEL_GATHER_LEVEL);
		rp_fact_num(F, RP_FACT_BYTES,
		    rp_field(r, RP_F_MODEL_GATHER_BYTES), r, "%s.gather_bytes",
		    p);
		rp_fact_num(F, RP_FACT_FIXED2,
		    1e-9 / rp_field(r, RP_F_MODEL_GATHER_FETCH_S), r,
		    "%s.gather_rate", p);
	}
	rp_fact_str(F, level, r, "%s.gather_level", p);
	for (int k = 0; k < 2; k++) {
		const char *n = top[k] != NULL ? rp_str(top[k], "name") : NULL;
		rp_fact_str(F, n, r, "%s.term%d", p, k + 1);
		rp_fact_num(F, RP_FACT_TIME, rp_num(top[k], "seconds"), r,
		    "%s.term%d_s", p, k + 1);
		rp_fact_num(F, RP_FACT_PERCENT_WHOLE, rp_num(top[k], "share"),
		    r, "%s.term%d_share", p, k + 1);
	}
	profile_facts(R, r, p);
	t->any = t->any != NULL || m == NULL ? t->any : r;
	t->profiled |= json_object_get(m, "profile") != NULL;
	t->modelled += m != NULL;
	t->within += within;
	/* Without steal measured, as its error decides. */
	t->with_steal += isnan(with_steal)
	    ? within
	    : fabs(with_steal) <= RP_LIMITER_MODEL_TOLERANCE;
}

/* The gap in field between a pair's slow and fast runs (slow's less
 * fast's; NAN where either lacks it) as p.WHAT_gap, its size, and
 * p.WHAT_reversed, whether it is negative: the order is the schedules'
 * design, but a noisy run can measure (or the model predict) the faster
 * one slower; the words say so, not a negative time. */
static void
gap_facts(rp_report_t *R, rp_field_t field, const json_t *slow,
    const json_t *fast, const char *p, const char *what)
{
	double gap = rp_field(slow, field) - rp_field(fast, field);

	rp_fact_num2(
	    F, RP_FACT_TIME, fabs(gap), slow, fast, "%s.%s_gap", p, what);
	rp_fact_bool(F, gap < 0, slow, "%s.%s_reversed", p, what);
}

/* Why fast runs faster than slow, by their models: the two terms that
 * differ most (slow's seconds less fast's), and the largest term the two
 * share (the smaller of its two times), as limits.why.W.FAST.SLOW.*;
 * .modelled false when either run lacks a model. A pair's time names
 * both runs: the term is chosen by the pair, so that the same term of one
 * run in two pairs is two facts over different runs. */
static void
why_facts(rp_report_t *R, const char *w, const char *fast, const char *slow)
{
	const json_t *rf = rp_data_main_run(&R->data, w, fast);
	const json_t *rs = rp_data_main_run(&R->data, w, slow);
	const json_t *mf = json_object_get(rf, "model");
	const json_t *ms = json_object_get(rs, "model");
	const char *shared = NULL;
	const json_t *top[2] = {NULL, NULL};
	double gap[2] = {0, 0}, both = 0;
	char p[96]; /* limits.why.W.FAST.SLOW: its leaves fit a name */
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(ms, "terms"), i, t)
	{
		const char *n = rp_str(t, "name");
		double s = rp_num(t, "seconds"),
		       f = rp_limiter_term_seconds(mf, n);
		keep_two(s - f, t, gap, top);
		if (fmin(s, f) > both) {
			both = fmin(s, f);
			shared = n;
		}
	}
	snprintf(p, sizeof(p), "limits.why.%s.%s.%s", w, fast, slow);
	rp_fact_bool(F, mf != NULL && ms != NULL, rs, "%s.modelled", p);
	for (int k = 0; k < 2; k++) {
		const char *n = top[k] != NULL ? rp_str(top[k], "name") : NULL;
		rp_fact_str(F, n, rs, "%s.term%d", p, k + 1);
		rp_fact_num2(F, RP_FACT_TIME, rp_num(top[k], "seconds"), rs, rf,
		    "%s.term%d_slow", p, k + 1);
		rp_fact_num2(F, RP_FACT_TIME,
		    n != NULL ? rp_limiter_term_seconds(mf, n) : NAN, rf, rs,
		    "%s.term%d_fast", p, k + 1);
	}
	rp_fact_str(F, shared, rs, "%s.shared", p);
	rp_fact_num2(F, RP_FACT_TIME, shared != NULL ? both : NAN, rs, rf,
	    "%s.shared_s", p);
	gap_facts(R, RP_F_MODEL_PREDICTED, rs, rf, p, "predicted");
	gap_facts(R, RP_F_TIME_MEDIAN, rs, rf, p, "measured");
}

/* The facts of every workload's pairs (rp_workload_t.why), and their
 * list (limits.why_pairs: [w, fast, slow] each) for the table. */
static void
why_pairs_facts(rp_report_t *R)
{
	json_t *pairs = json_array();

	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		for (int i = 0; i < RP_WORKLOAD_WHY_MAX && w->why[i][0] != NULL;
		     i++) {
			why_facts(R, w->name, w->why[i][0], w->why[i][1]);
			json_array_append_new(pairs,
			    json_pack("[s, s, s]", w->name, w->why[i][0],
				w->why[i][1]));
		}
	}
	rp_fact_list(F, pairs, "limits.why_pairs");
}

/* The ceilings measured again after the main sweeps (ceilings-after.json)
 * against those the model divided by: each rate's move, after / before - 1
 * (limits.drift.KEY; NAN where either file lacks the rate), and the
 * largest move with its key. A prediction cannot hold closer than the
 * machine held still while its runs ran. */
static void
drift_facts(rp_report_t *R)
{
	static const char *const k[] = {"fma_flops_per_s", "divps_per_s",
	    "gather_l1_per_s", "gather_l3_per_s", "read_dram_bytes_per_s"};
	const json_t *a = R->data.ceilings, *b = R->data.ceilings_after;
	const char *most_key = NULL;
	double most = 0.0;

	rp_fact_bool(F, a != NULL && b != NULL, NULL, "limits.drift.measured");
	/* Without either file every rate is NAN, and no key has a move. */
	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		const double x = rp_num(a, k[i]), y = rp_num(b, k[i]);
		const double d = x > 0 && y > 0 ? y / x - 1.0 : NAN;

		rp_fact_num(F, RP_FACT_PERCENT_SIGNED, d, NULL,
		    "limits.drift.%s", k[i]);
		if (!isnan(d) && (most_key == NULL || fabs(d) > fabs(most)))
			most = d, most_key = k[i];
	}
	rp_fact_num(F, RP_FACT_PERCENT_SIGNED, most_key != NULL ? most : NAN,
	    NULL, "limits.drift.largest");
	rp_fact_str(F, most_key, NULL, "limits.drift.largest_key");
}

void
rp_limiter_facts(rp_report_t *R)
{
	limits_tally_t t = {NULL, 0, 0, 0, 0};

	rp_fact_num(F, RP_FACT_PERCENT_WHOLE, RP_LIMITER_MODEL_TOLERANCE, NULL,
	    "limits.tolerance");
	rp_fact_num(
	    F, RP_FACT_NUMBER, HX_MODEL_RIVAL_P, NULL, "limits.profile_p");
	for (const rp_workload_t *wl = rp_workloads; wl->name != NULL; wl++) {
		const char *vs[RP_DATA_MAX_VARIANTS], *w = wl->name;
		size_t nv = rp_data_variants(
		    &R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);

		t.modelled = t.within = t.with_steal = 0;
		for (size_t i = 0; i < nv; i++)
			model_row_facts(R, w, vs[i], &t);
		rp_fact_num(F, RP_FACT_COUNT, t.with_steal, NULL,
		    "limits.%s.within_with_steal", w);
		rp_fact_num(F, RP_FACT_COUNT, t.modelled, NULL,
		    "limits.%s.modelled", w);
		rp_fact_num(
		    F, RP_FACT_COUNT, t.within, NULL, "limits.%s.within", w);
	}
	/* Without a model the section is one sentence, and every limiter
	 * reads "not modelled": the rows' facts are the same either way. */
	rp_fact_bool(F, t.any != NULL, NULL, "limits.model_present");
	rp_fact_bool(F, t.profiled, NULL, "limits.profiled");
	why_pairs_facts(R);
	drift_facts(R);
	rp_report_figure_facts(R, "fig-model-terms", "limits.figure.terms");
	rp_fact_str(F, rp_str(json_object_get(t.any, "model"), "rule"), t.any,
	    "limits.rule");
	rp_fact_num(F, RP_FACT_FIXED2, rp_field(t.any, RP_F_MODEL_FP_OVERLAP),
	    t.any, "limits.fp_overlap");
	rp_fact_num(F, RP_FACT_NUMBER, rp_field(t.any, RP_F_MODEL_WAIT_WINDOW),
	    t.any, "limits.wait_window");
	/* The llvm-mca the issue term used (null: data from before the
	 * harness named it, or none read the loop). */
	rp_fact_str(F,
	    rp_str_or_null(t.any, rp_field_path(RP_F_MODEL_MCA_PROGRAM)), t.any,
	    "limits.mca_program");
}
