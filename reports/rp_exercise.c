/* rp_exercise: the exercises and their answers (see rp_exercise.h). */
#include <math.h>

#include "rp_exercise.h"
#include "rp_workloads.h"

#define F (&R->facts)
#define COUNT RP_FACT_COUNT
#define SIZE RP_FACT_SIZE

double
rp_exercise_batch_bytes(double b, double m)
{
	return b * m * 4 + b * 4;
}

double
rp_exercise_l2_batch(double l2, double m)
{
	return floor(l2 / ((m + 1) * 4));
}

double
rp_exercise_fault_pages(double n, double threshold)
{
	double sizes[3] = {8 * n * n, 4 * n * n, 4 * n * n}, pages = 0;

	if (isnan(n) || isnan(threshold))
		return NAN;
	for (int k = 0; k < 3; k++)
		if (sizes[k] >= threshold)
			pages += sizes[k] / RP_REPORT_PAGE_BYTES;
	return pages;
}

double
rp_exercise_eager_bytes(double n, double m)
{
	return 12 * n * m * 4;
}

/* An exercise's run's model and peak to the byte, the answer's check. */
static const rp_fact_field_t model_fields[] = {
    {"model", RP_F_MODEL_BYTES, COUNT, RP_F_NONE},
    {"peak_exact", RP_F_PEAK_WORKSPACE, COUNT, RP_F_NONE},
};

/* The chunk sweep's run with the smallest B of at least
 * RP_EXERCISE_MIN_BATCH (or its largest B), NULL when there is none. */
static const json_t *
chunk_run(const rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.set = w->sets.chunk,
	    .workload = w->name,
	    .variant = w->chunked,
	    .alloc = RP_ALLOC_JEMALLOC};
	const double least = RP_EXERCISE_MIN_BATCH;
	const json_t *best = NULL, *r;

	for (size_t i = 0; (r = rp_data_next(&R->data, &q, &i)) != NULL;) {
		double b = rp_data_chunk(r), bb = rp_data_chunk(best);
		if (best == NULL || (b >= least && (bb < least || b < bb)) ||
		    (bb < least && b > bb))
			best = r;
	}
	return best;
}

/* Exercises 1 and 2: one chunked run, its B and M, the machine's L2. */
static void
batch_facts(rp_report_t *R)
{
	const json_t *r = chunk_run(R);
	double b = rp_data_chunk(r), m = rp_field(r, RP_F_M);
	double l2 = rp_field(r, RP_F_L2_BYTES);

	rp_fact_bool(F, r != NULL, r, "exercises.batch.measured");
	rp_fact_num(F, SIZE, b, r, "exercises.batch.b");
	rp_fact_num(F, SIZE, m, r, "exercises.batch.m");
	rp_fact_num(F, COUNT, b, r, "exercises.batch.b_exact");
	rp_fact_num(F, COUNT, m, r, "exercises.batch.m_exact");
	rp_fact_num(F, COUNT, rp_exercise_batch_bytes(b, m), r,
	    "exercises.batch.predicted");
	RP_FACTS_FIELDS(F, r, "exercises.batch", model_fields);
	rp_fact_text(F, RP_FACT_BYTES, rp_field(r, RP_F_PEAK_WORKSPACE),
	    rp_report_peak(r), r, "exercises.batch.peak");
	rp_fact_num(F, RP_FACT_TIME, rp_field(r, RP_F_TIME_MEDIAN), r,
	    "exercises.batch.median");

	rp_fact_bool(F, !isnan(l2), r, "exercises.l2.measured");
	rp_fact_num(F, RP_FACT_BYTES, l2, r, "exercises.l2.l2");
	rp_fact_num(F, COUNT, l2, r, "exercises.l2.l2_exact");
	rp_fact_num(F, COUNT, rp_exercise_l2_batch(l2, m), r, "exercises.l2.b");
}

/* Exercise 3: naive's faults a step against the arrays' pages. */
static void
faults_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	/* The baseline's run at the largest N of the scaling sweep. */
	rp_query_t q = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = w->baseline,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *r = rp_data_largest(&R->data, &q);
	double n = rp_field(r, RP_F_N);
	double thr = rp_field(r, RP_F_OVERSIZE_THRESHOLD);
	double faults = rp_field(r, RP_F_MINOR_FAULTS);
	double steps = rp_field(r, RP_F_STEPS);

	rp_fact_bool(F, !isnan(thr), r, "exercises.faults.measured");
	rp_fact_num(F, RP_FACT_BYTES, thr, r, "exercises.faults.threshold");
	rp_fact_num(F, COUNT, thr, r, "exercises.faults.threshold_exact");
	rp_fact_num(F, SIZE, n, r, "exercises.faults.n");
	rp_fact_num(F, COUNT, n, r, "exercises.faults.n_exact");
	rp_fact_num(F, COUNT, 8 * n * n, r, "exercises.faults.forces_bytes");
	rp_fact_num(F, COUNT, 4 * n * n, r, "exercises.faults.array_bytes");
	rp_fact_num(F, COUNT, rp_exercise_fault_pages(n, thr), r,
	    "exercises.faults.predicted");
	rp_fact_num(F, COUNT, faults / steps, r, "exercises.faults.per_step");
	rp_fact_num(F, COUNT, faults, r, "exercises.faults.total");
	rp_fact_num(F, COUNT, steps, r, "exercises.faults.steps");
}

/* Exercise 4: eager at another M. */
static void
eager_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.set = w->sets.eager_m,
	    .workload = w->name,
	    .variant = w->op_by_op,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *r = rp_data_find(&R->data, &q);
	double n = rp_field(r, RP_F_N), m = rp_field(r, RP_F_M);

	rp_fact_bool(F, r != NULL, r, "exercises.eager.measured");
	rp_fact_str(F, w->sets.eager_m, NULL, "exercises.eager.set");
	rp_fact_num(F, SIZE, n, r, "exercises.eager.n");
	rp_fact_num(F, SIZE, m, r, "exercises.eager.m");
	rp_fact_num(F, COUNT, n, r, "exercises.eager.n_exact");
	rp_fact_num(F, COUNT, m, r, "exercises.eager.m_exact");
	rp_fact_num(F, COUNT, rp_exercise_eager_bytes(n, m), r,
	    "exercises.eager.predicted");
	RP_FACTS_FIELDS(F, r, "exercises.eager", model_fields);
}

void
rp_exercise_facts(rp_report_t *R)
{
	batch_facts(R);
	faults_facts(R);
	eager_facts(R);
}
