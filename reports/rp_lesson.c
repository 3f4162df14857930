/*
 * rp_lesson: the lesson, the report's first part (see rp_lesson.h).
 */
#include <math.h>
#include <stdio.h>

#include "rp_interp.h"
#include "rp_jax.h"
#include "rp_lesson.h"
#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_workloads.h"

/* The colony question's own figures, as it reported them: the only
 * numbers of the report not read from the data. */
static const struct {
	const char *name; /* the fact: question.speed.NAME */
	double seconds;
} question_colony[] = {
    {"force_alone", 2.32e-3},
    {"in_step", 46.5e-3},
    {"loop_fastest", 2e-3},
    {"loop_slowest", 3.0},
};

/* The interp question's reported peak (the spec's 12*N*M*4 at N=1e6,
 * M=300, rounded as the question gave it). */
#define QUESTION_INTERP_BYTES 14e9
/* The one (N,M) float32 array an answer named as the cause, as it gave it
 * (N*M*4 at N=1e6, M=300, rounded). */
#define QUESTION_INTERP_ARRAY_BYTES 1.2e9

/* ---- the memory question ---- */

/* The facts of templates/lesson/memory.md (lesson.memory.*): what the
 * runs of rp_run_facts do not hold, the decisions among its words. */
static void
memory_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const rp_data_t *D = &R->data;
	rp_facts_t *F = &R->facts;
	const json_t *jq = rp_jax_run(D, w->name, "question");
	double jit_temp = rp_jax_temp(rp_jax_run(D, w->name, "question_jit"));
	double map_temp = rp_jax_temp(rp_jax_run(D, w->name, "lax_map"));
	json_t *jaxpr = rp_jax_file(D, "jax-jaxpr-interp.json");
	const json_t *same = json_object_get(jaxpr, "same_arithmetic");
	const char *main_variants[] = {w->op_by_op, w->baseline, w->fused};
	int missing = jq == NULL;

	rp_fact_str(F, w->name, NULL, "lesson.memory.workload");
	rp_fact_num(F, RP_FACT_BYTES, QUESTION_INTERP_BYTES, NULL,
	    "question.memory.peak");
	rp_fact_num(F, RP_FACT_BYTES, QUESTION_INTERP_ARRAY_BYTES, NULL,
	    "question.memory.array");
	/* The jaxpr comparison: true, false, or null when not compared. */
	if (json_is_boolean(same))
		rp_fact_bool(F, json_is_true(same), NULL,
		    "lesson.memory.rewrite_same_program");
	else
		rp_fact_str(
		    F, NULL, NULL, "lesson.memory.rewrite_same_program");
	rp_fact_bool(F,
	    rp_lesson_jit_keeps_full_arrays(jit_temp, rp_jax_unit(jq)), NULL,
	    "lesson.memory.jit_keeps_full_arrays");
	rp_fact_bool(F, rp_lesson_map_bounds_memory(map_temp, jit_temp), NULL,
	    "lesson.memory.map_bounds_memory");
	for (size_t i = 0; i < 3; i++)
		missing |=
		    rp_data_main_run(D, w->name, main_variants[i]) == NULL;
	rp_fact_bool(F, missing, NULL, "lesson.memory.some_runs_missing");
	json_decref(jaxpr);
	/* The figure of the allocator's live bytes: its facts. */
	rp_interp_timeline_facts(R, w);
}

/* ---- the speed question ---- */

/* What the decomposition reproduces, each clause decided from the
 * measured calls: the step over the pair function against the question's
 * ratio; whether every jitted call returned unwaited in a tenth of its
 * waited time (dispatch, not work); the span from the quickest unwaited
 * return to the slowest first call; the step's own warm calls. */
static void
puzzle_facts(rp_report_t *R, const json_t *pair, const json_t *step,
    const json_t *loop, const json_t *fori)
{
	const json_t *jit[] = {pair, step, fori};
	rp_facts_t *F = &R->facts;
	double unw[3], warm[3], umin = NAN, umax = NAN, lo = NAN, hi = NAN, med;
	double ratio = rp_jax_warm_call(step) / rp_jax_warm_call(pair);
	double q = question_colony[1].seconds / question_colony[0].seconds;
	double first = fmax(rp_field(loop, RP_F_JAX_FIRST_CALL),
	    rp_field(fori, RP_F_JAX_FIRST_CALL));
	int dispatch, many;

	for (int i = 0; i < 3; i++) {
		unw[i] = rp_jax_median(jit[i], "unblocked_call_s");
		warm[i] = rp_jax_warm_call(jit[i]);
		umin = isnan(umin) || unw[i] < umin ? unw[i] : umin;
		umax = isnan(umax) || unw[i] > umax ? unw[i] : umax;
	}
	dispatch = rp_lesson_dispatch_only(unw, warm, 3);
	rp_fact_num(F, RP_FACT_RATIO, q, NULL, "question.speed.step_over_pair");
	rp_fact_str(F, rp_lesson_against(ratio, q), NULL,
	    "lesson.speed.against_question");
	rp_fact_bool(F, dispatch, NULL, "lesson.speed.unwaited_is_dispatch");
	rp_fact_num(F, RP_FACT_TIME, umax, NULL, "lesson.speed.unwaited_max");
	rp_fact_num(F, RP_FACT_TIME, umin, NULL, "lesson.speed.span_from");
	rp_fact_num(F, RP_FACT_TIME, first, NULL, "lesson.speed.span_to");
	many = rp_jax_warm(step, 0, &med, &lo, &hi) > 1;
	rp_fact_bool(F, many, step, "lesson.speed.step_warm_measured");
	rp_fact_num(F, RP_FACT_TIME, lo, step, "lesson.speed.step_warm_lo");
	rp_fact_num(F, RP_FACT_TIME, hi, step, "lesson.speed.step_warm_hi");
	rp_fact_bool(F, many && hi <= RP_LESSON_SAME_FACTOR * lo, step,
	    "lesson.speed.step_work_steady");
}

/* The facts of templates/lesson/speed.md (lesson.speed.*). */
/* Whether the jitted step maps its temporaries afresh every call: the
 * speed lesson's first cause, or not at this size. */
static void
afresh_facts(rp_report_t *R, const json_t *step)
{
	int a =
	    rp_lesson_afresh(rp_num(step, "reported.faults.per_call_median"),
		rp_num(step, "reported.faults.temp_pages"));

	rp_fact_str(&R->facts,
	    a < 0   ? "unknown"
		: a ? "afresh"
		    : "kept",
	    step, "lesson.speed.step_temporaries");
}

static void
speed_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const rp_data_t *D = &R->data;
	rp_facts_t *F = &R->facts;
	const json_t *n = rp_data_main_run(D, w->name, w->baseline);
	const json_t *fori = rp_jax_run(D, w->name, "fori");
	const json_t *loop = rp_jax_run(D, w->name, "loop");
	rp_limiter_in_t in;
	rp_limiter_t v = rp_limiter_of(D, w->name, w->baseline, &in);
	const char *saves;

	rp_fact_str(F, w->name, NULL, "lesson.speed.workload");
	for (size_t k = 0; k < 4; k++)
		rp_fact_num(F, RP_FACT_TIME, question_colony[k].seconds, NULL,
		    "question.speed.%s", question_colony[k].name);
	puzzle_facts(R, rp_jax_run(D, w->name, "pair"),
	    rp_jax_run(D, w->name, "step"), loop, fori);
	rp_limiter_verdict_facts(F, &in, &v, n, "lesson.speed.naive_limiter");
	saves = rp_lesson_saves(rp_jax_warm_call(fori), rp_jax_warm_call(loop),
	    rp_jax_temp(fori), rp_jax_temp(loop));
	rp_fact_str(F, saves != NULL ? saves : "unmeasured", fori,
	    "lesson.speed.fori_saved");
	afresh_facts(R, rp_jax_run(D, w->name, "step"));
}

/* ---- the limiters in brief ---- */

/* How many variants the model leaves undetermined: whether the lesson
 * says what "not determined" means. */
static void
limits_facts(rp_report_t *R)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t n = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);
	int undetermined = 0;

	for (size_t i = 0; i < n; i++) {
		rp_limiter_in_t in;
		rp_limiter_t v =
		    rp_limiter_of(&R->data, vr[i].workload, vr[i].variant, &in);
		undetermined += v.kind == RP_LIMIT_UNDETERMINED;
	}
	rp_fact_num(&R->facts, RP_FACT_COUNT, undetermined, NULL,
	    "limiters.undetermined");
}

void
rp_lesson_facts(rp_report_t *R)
{
	memory_facts(R);
	speed_facts(R);
	rp_lesson_code_facts(R);
	limits_facts(R);
}
