/*
 * rp_run_facts: the facts of each measured run (see rp_run_facts.h).
 */
#include <math.h>
#include <stdio.h>

#include "rp_jax.h"
#include "rp_limiter.h"
#include "rp_run_facts.h"
#include "rp_workloads.h"

int
rp_run_facts_rss_nearer_live(const json_t *r)
{
	double rss = rp_field(r, RP_F_PEAK_RSS);

	return fabs(rss - rp_field(r, RP_F_MODEL_BARE_BYTES)) <
	    fabs(rss - rp_field(r, RP_F_MODEL_BYTES));
}

/* The facts W.V.NAME of each variant's main run that are its fields: .m
 * where the workload has one; .step, .first_step where it times steps;
 * .model in the allocator's size classes, .model_bare the live bytes. */
static const rp_fact_field_t run_fields[] = {
    {"n", RP_F_N, RP_FACT_SIZE, RP_F_NONE},
    {"m", RP_F_M, RP_FACT_SIZE, RP_F_NONE},
    {"median", RP_F_TIME_MEDIAN, RP_FACT_TIME, RP_F_NONE},
    {"step", RP_F_STEPS_MEDIAN, RP_FACT_TIME, RP_F_NONE},
    {"first_step", RP_F_STEPS_FIRST, RP_FACT_TIME, RP_F_NONE},
    {"cold", RP_F_TIME_COLD, RP_FACT_TIME, RP_F_NONE},
    {"gflops", RP_F_GFLOPS, RP_FACT_NUMBER, RP_F_NONE},
    {"ns_per_unit", RP_F_NS_PER_UNIT, RP_FACT_NUMBER, RP_F_NONE},
    {"model", RP_F_MODEL_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"faults", RP_F_MINOR_FAULTS, RP_FACT_COUNT, RP_F_NONE},
    {"rss", RP_F_PEAK_RSS, RP_FACT_BYTES, RP_F_NONE},
    {"model_bare", RP_F_MODEL_BARE_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"rss_base", RP_F_RSS_BASELINE, RP_FACT_BYTES, RP_F_NONE},
    {"free_unreported", RP_F_FREE_UNREPORTED, RP_FACT_BYTES, RP_F_NONE},
    {"fault_price", RP_F_MODEL_FAULT_S, RP_FACT_TIME, RP_F_NONE},
    {"host_faults", RP_F_MODEL_HOST_FAULTS, RP_FACT_COUNT, RP_F_NONE},
    {"host_fault_price", RP_F_MODEL_HOST_FAULT_S, RP_FACT_TIME, RP_F_NONE},
    {"host_reported_pages", RP_F_MODEL_HOST_REPORTED_PAGES, RP_FACT_COUNT,
	RP_F_NONE},
};

/* One variant's facts (rp_run_facts.h); what the variant is comes from
 * any run of it when it has no main run, since every run carries the
 * same. */
static void
variant_facts(rp_report_t *R, const rp_workload_t *w, const char *v)
{
	const rp_data_t *D = &R->data;
	rp_facts_t *F = &R->facts;
	rp_query_t q = {.workload = w->name, .variant = v, .any_status = 1};
	const json_t *r = rp_data_main_run(D, w->name, v);
	const json_t *cs = rp_data_cachesim(D, w->name, v);
	const json_t *any = r != NULL ? r : rp_data_find(D, &q);
	rp_limiter_t lim = rp_limiter_of_run(r);
	char name[RP_FACTS_NAME_MAX];

	snprintf(name, sizeof(name), "%s.%s", w->name, v);
	rp_fact_bool(F, r != NULL, r, "%s.measured", name);
	RP_FACTS_FIELDS(F, r, name, run_fields);
	rp_fact_str(F, r != NULL ? rp_report_interval(r) : NULL, r,
	    "%s.interval", name);
	rp_fact_text(F, RP_FACT_BYTES, rp_field(r, RP_F_PEAK_WORKSPACE),
	    rp_report_peak(r), r, "%s.peak", name);
	rp_fact_num(F, RP_FACT_BYTES, rp_jax_unit(r), r, "%s.unit", name);
	rp_fact_bool(
	    F, rp_run_facts_rss_nearer_live(r), r, "%s.rss_nearer_live", name);
	rp_fact_str(F, rp_limiter_verdict_name(&lim), r, "%s.limiter", name);
	rp_fact_num(F, RP_FACT_NUMBER, rp_data_insn_per_unit(cs), cs,
	    "%s.ir_per_unit", name);
	rp_fact_num(F, RP_FACT_SIZE, rp_data_chunk(r), r, "%s.chunk", name);
	rp_fact_str(F, rp_field_str(any, RP_F_IDIOM), any, "%s.idiom", name);
	rp_fact_str(F, rp_field_str(any, RP_F_DESCRIPTION), any,
	    "%s.description", name);
	rp_fact_str(F, rp_data_variant_text(D, w->name, v, "loops"), any,
	    "%s.loops", name);
	rp_fact_str(F, rp_field_str(any, RP_F_MODEL_FORMULA), any,
	    "%s.model_formula", name);
	rp_fact_num(F, RP_FACT_BYTES, rp_field(any, RP_F_MODEL_BYTES), any,
	    "%s.formula_model", name);
	rp_fact_num(F, RP_FACT_BYTES, rp_field(any, RP_F_MODEL_BARE_BYTES), any,
	    "%s.formula_bare", name);
	rp_fact_num(
	    F, RP_FACT_SIZE, rp_field(any, RP_F_N), any, "%s.formula_n", name);
	rp_fact_list(
	    F, rp_jax_programs_of(D, w, v, 0), "%s.jax_programs", name);
}

void
rp_run_facts_add(rp_report_t *R)
{
	const rp_data_t *D = &R->data;
	json_t *workloads = json_array();

	rp_fact_bool(&R->facts, rp_jax_present(D), NULL, "jax.present");
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		const char *vs[RP_DATA_MAX_VARIANTS];
		size_t nv = rp_data_variants(
		    D, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);
		json_t *names = json_array();

		json_array_append_new(workloads, json_string(w->name));
		for (size_t i = 0; i < nv; i++) {
			json_array_append_new(names, json_string(vs[i]));
			variant_facts(R, w, vs[i]);
		}
		rp_fact_list(&R->facts, names, "%s.variants", w->name);
		rp_fact_list(&R->facts, rp_jax_programs_of(D, w, NULL, 1),
		    "jax.%s.programs", w->name);
		rp_fact_bool(
		    &R->facts, w->per_step, NULL, "%s.per_step", w->name);
	}
	rp_fact_list(&R->facts, workloads, "workloads");
}

/* A variant's simulated counts per unit (part.W.cachesim.V.NAME). */
static const rp_fact_field_t cachesim_fields[] = {
    {"n", RP_F_N, RP_FACT_SIZE, RP_F_NONE},
    {"minimum", RP_F_SIM_INSN_MIN_PER_UNIT, RP_FACT_NUMBER, RP_F_NONE},
    {"d1", RP_F_SIM_D1_PER_UNIT, RP_FACT_NUMBER, RP_F_NONE},
    {"ll", RP_F_SIM_LL_PER_UNIT, RP_FACT_NUMBER, RP_F_NONE},
};

void
rp_run_facts_cachesim(
    rp_report_t *R, const rp_workload_t *w, const char **vs, size_t nv)
{
	rp_facts_t *F = &R->facts;
	double n = NAN; /* the first simulated variant's: the columns' N */
	json_t *names = json_array();
	int minimum = 0;
	char p[RP_FACTS_NAME_MAX];

	rp_fact_str(F, rp_report_note(R, "cachesim"), NULL,
	    "part.%s.cachesim.note", w->name);
	for (size_t i = 0; i < nv; i++) {
		const json_t *cs = rp_data_cachesim(&R->data, w->name, vs[i]);
		if (cs == NULL)
			continue;
		if (isnan(n))
			n = rp_field(cs, RP_F_N);
		minimum |= !isnan(rp_field(cs, RP_F_SIM_INSN_MIN_PER_UNIT));
		json_array_append_new(names, json_string(vs[i]));
		snprintf(p, sizeof(p), "part.%s.cachesim.%s", w->name, vs[i]);
		RP_FACTS_FIELDS(F, cs, p, cachesim_fields);
		rp_fact_bool(F, rp_field(cs, RP_F_N) != n, cs, "%s.other_n", p);
		rp_fact_num(F, RP_FACT_NUMBER, rp_data_insn_per_unit(cs), cs,
		    "%s.instructions", p);
	}
	rp_fact_num(F, RP_FACT_SIZE, n, NULL, "part.%s.cachesim.n", w->name);
	rp_fact_list(F, names, "part.%s.cachesim.variants", w->name);
	rp_fact_bool(F, minimum, NULL, "part.%s.cachesim.minimum", w->name);
}
