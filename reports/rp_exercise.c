/*
 * rp_exercise: the exercises and their worked answers (see rp_exercise.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_exercise.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define N rp_text_fmt_n
#define T rp_text_fmt_time

/* The chunk sweep's run with the smallest B of at least 1000 (or its
 * largest B), NULL when there is none. */
static const json_t *
chunk_run(const rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.set = w->sets.chunk,
	    .workload = w->name,
	    .variant = "chunked",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *best = NULL, *r;
	size_t i;

	json_array_foreach(R->data.runs, i, r)
	{
		double b = rp_data_chunk(r), bb = rp_data_chunk(best);
		if (!rp_data_run_matches(r, &q))
			continue;
		if (best == NULL || (b >= 1000 && (bb < 1000 || b < bb)) ||
		    (bb < 1000 && b > bb))
			best = r;
	}
	return best;
}

static void
exercise_chunk(rp_report_t *R)
{
	const json_t *r = chunk_run(R);
	double b = rp_data_chunk(r), m = rp_num(r, "params.m");

	rp_md(R,
	    "1. **Predict the peak of a batch.** chunked keeps one (B,M) "
	    "float32 buffer and a B-vector of row sums. What is its peak "
	    "workspace for B=%s and M=%s?\n\n",
	    N(b), N(m));
	if (r == NULL) {
		rp_md(R, "   *No chunk sweep in the data.*\n\n");
		return;
	}
	rp_md(R,
	    "   **Answer 1.** B=%.0f, M=%.0f: predicted %.0f bytes (B*M*4 + "
	    "B*4); with the allocator's size classes %.0f bytes; measured "
	    "%.0f bytes (%s, median %s).\n\n",
	    b, m, b * m * 4 + b * 4, rp_num(r, "memory.model_bytes"),
	    rp_num(r, "memory.peak_workspace_bytes"), rp_report_peak(r),
	    T(rp_num(r, "time_s.median")));
}

static void
exercise_l2(rp_report_t *R)
{
	const json_t *r = chunk_run(R);
	double m = rp_num(r, "params.m");
	double l2 = rp_num(r, "machine.caches.l2_bytes");

	rp_md(R,
	    "2. **Choose B to fit L2.** This machine's L2 cache holds %s. "
	    "What is the largest B whose buffer and row sums (B*(M+1)*4 "
	    "bytes) fit in it, for M=%s?\n\n",
	    rp_text_fmt_bytes(l2), N(m));
	if (r == NULL || isnan(l2)) {
		rp_md(R, "   *No chunk sweep or cache sizes in the data.*\n\n");
		return;
	}
	rp_md(R,
	    "   **Answer 2.** L2=%.0f bytes, M=%.0f: B = floor(L2 / "
	    "((M+1)*4)) = %.0f. In practice choose less: the table rows and "
	    "the points share the cache. The section on limits lists the "
	    "measured medians by B with the level that holds each "
	    "buffer.\n\n",
	    l2, m, floor(l2 / ((m + 1) * 4)));
}

/* The largest-N naive run of the scaling sweep. */
static const json_t *
naive_run(const rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *best = NULL, *r;
	size_t i;

	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q) &&
		    (best == NULL ||
			rp_num(r, "params.n") > rp_num(best, "params.n")))
			best = r;
	}
	return best;
}

static void
exercise_faults(rp_report_t *R)
{
	const json_t *r = naive_run(R);
	double n = rp_num(r, "params.n");
	double thr =
	    rp_num(r, "machine.allocator_policy.oversize_threshold_bytes");
	double sizes[3] = {8 * n * n, 4 * n * n, 4 * n * n}, pages = 0;

	rp_md(R,
	    "3. **Predict the page faults of a step.** naive allocates an "
	    "(N,N,2) float32 forces array and two (N,N) arrays every step "
	    "and frees them after. jemalloc hands an allocation of at least "
	    "its oversize threshold (%s here) back to the kernel when it is "
	    "freed, so its pages must be faulted in again next step; smaller "
	    "ones are reused. How many minor faults a step at N=%s (4 KiB "
	    "pages)?\n\n",
	    rp_text_fmt_bytes(thr), N(n));
	if (r == NULL || isnan(thr)) {
		rp_md(R, "   *No naive scaling run in the data.*\n\n");
		return;
	}
	for (int k = 0; k < 3; k++)
		if (sizes[k] >= thr)
			pages += sizes[k] / 4096;
	rp_md(R,
	    "   **Answer 3.** N=%.0f, threshold %.0f bytes: the arrays are "
	    "%.0f, %.0f and %.0f bytes; those at or above the threshold make "
	    "predicted %.0f faults a step; measured %.0f faults a step (%.0f "
	    "in a timed run of %.0f steps).\n\n",
	    n, thr, sizes[0], sizes[1], sizes[2], pages,
	    rp_num(r, "memory.minor_faults") / rp_num(r, "params.steps"),
	    rp_num(r, "memory.minor_faults"), rp_num(r, "params.steps"));
}

static void
exercise_eager(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.set = w->sets.eager_m,
	    .workload = w->name,
	    .variant = "eager",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *r = rp_data_find(&R->data, &q);
	double n = rp_num(r, "params.n"), m = rp_num(r, "params.m");

	rp_md(R,
	    "4. **Predict eager's peak at another M.** From the liveness "
	    "walk, what is the op-by-op peak for N=%s points and "
	    "M=%s interpolants?\n\n",
	    N(n), N(m));
	if (r == NULL) {
		rp_md(R, "   *No %s run in the data.*\n\n", w->sets.eager_m);
		return;
	}
	rp_md(R,
	    "   **Answer 4.** N=%.0f, M=%.0f: predicted %.0f bytes "
	    "(12*N*M*4); with the allocator's size classes %.0f bytes; "
	    "measured %.0f bytes.\n\n",
	    n, m, 12 * n * m * 4, rp_num(r, "memory.model_bytes"),
	    rp_num(r, "memory.peak_workspace_bytes"));
}

void
rp_exercise_write(rp_report_t *R)
{
	rp_md(R, "## Exercises, for teachers\n\n");
	rp_md(R,
	    "Four questions to set before showing the tables, each answered "
	    "from this run's data. They use only the accounting section's "
	    "formulas and the machine's cache sizes.\n\n");
	exercise_chunk(R);
	exercise_l2(R);
	exercise_faults(R);
	exercise_eager(R);
}
