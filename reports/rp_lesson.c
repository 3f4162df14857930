/* rp_lesson: the lesson, the report's first part (see rp_lesson.h). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rp_interp.h"
#include "rp_jax.h"
#include "rp_lesson.h"
#include "rp_report.h"
#include "rp_workloads.h"

#define F (&R->facts)

/* The colony question's own figures, as it reported them: the only
 * numbers of the report not read from the data. */
enum { FORCE_ALONE, IN_STEP, LOOP_FASTEST, LOOP_SLOWEST, QUESTION_FIGURES };
static const struct {
	const char *name; /* the fact: question.speed.NAME */
	double seconds;
} question_colony[QUESTION_FIGURES] = {
    [FORCE_ALONE] = {"force_alone", 2.32e-3},
    [IN_STEP] = {"in_step", 46.5e-3},
    [LOOP_FASTEST] = {"loop_fastest", 2e-3},
    [LOOP_SLOWEST] = {"loop_slowest", 3.0},
};

/* The interp question's reported peak (the spec's 12*N*M*4 at N=1e6,
 * M=300, rounded as the question gave it). */
#define QUESTION_INTERP_BYTES 14e9
/* The one (N,M) float32 array an answer named as the cause, as it gave it
 * (N*M*4 at N=1e6, M=300, rounded). */
#define QUESTION_INTERP_ARRAY_BYTES 1.2e9

/* ---- the words that follow the measured values ---- */

const char *
rp_lesson_saves(double faster, double m_fix, double m_base)
{
	int m = m_fix * RP_ADVICE_TIME_RATIO <= m_base;

	if (!(m_fix >= 0) || !(m_base > 0))
		return NULL;
	if (isnan(faster))
		return m ? "memory_time_undecided" : "time_undecided";
	return faster == 1 ? (m ? "both" : "time") : m ? "memory" : "neither";
}

int
rp_lesson_afresh(double faults_per_call, double temp_pages)
{
	if (!(faults_per_call >= 0) || !(temp_pages > 0))
		return -1;
	return faults_per_call >= RP_LESSON_AFRESH_SHARE * temp_pages;
}

int
rp_lesson_dispatch_only(const double *unwaited, const double *waited, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(unwaited[i] > 0) || !(waited[i] > 0) ||
		    !rp_advice_dispatch(unwaited[i], waited[i]))
			return 0;
	return n > 0;
}

const char *
rp_lesson_against(double measured, double question)
{
	double r = measured / question;

	if (!(r > 0))
		return "beside";
	return r >= 1.0 / RP_LESSON_SAME_FACTOR && r <= RP_LESSON_SAME_FACTOR
	    ? "close to"
	    : "not";
}

int
rp_lesson_jit_keeps_full_arrays(double jit_temp, double unit)
{
	return jit_temp >= unit;
}

int
rp_lesson_map_bounds_memory(double map_temp, double jit_temp, double batches)
{
	return map_temp * RP_ADVICE_BATCH_SHARE * batches <= jit_temp;
}

/* ---- the JAX code of the fixes ---- */

/* A path of the repository: DATA/../../path when that exists (the
 * checkout the data was measured in), else the source tree's (a data set
 * outside any checkout still gets the lesson's code), else path itself.
 * Returns buf or path. */
static const char *
in_repository(const rp_data_t *D, const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%s/../../%s", D->dir, path);
	if (access(buf, F_OK) == 0)
		return buf;
	snprintf(buf, len, "%s/../%s", rp_report_source_dir(), path);
	return access(buf, F_OK) == 0 ? buf : path;
}

static int
is_py(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len > 3 && strcmp(e->d_name + len - 3, ".py") == 0;
}

/* Every block of one file, read in one pass, unless an earlier file had
 * its name: the lines between "# lesson:begin NAME" and "# lesson:end",
 * at most RP_LESSON_CODE_LINES of them; a block with no line is left
 * out. */
static void
file_code_facts(rp_report_t *R, const char *path, json_t *markers)
{
	static const char begin[] = "# lesson:begin ", end[] = "# lesson:end";
	char full[4400], line[512], name[64] = "", code[2048];
	char fact[RP_FACTS_NAME_MAX];
	FILE *f = fopen(in_repository(&R->data, path, full, sizeof(full)), "r");
	int lines = 0;

	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		const char *t = line + strspn(line, " ");
		if (name[0] == '\0') {
			/* Outside a block, only its begin marker counts. */
			if (strncmp(t, begin, strlen(begin)) == 0)
				sscanf(t + strlen(begin), "%63s", name);
			code[0] = '\0';
			lines = 0;
		} else if (strncmp(t, end, strlen(end)) != 0) {
			if (lines < RP_LESSON_CODE_LINES &&
			    strlen(code) + strlen(line) + 1 < sizeof(code)) {
				strcat(code, line);
				lines++;
			}
		} else {
			snprintf(
			    fact, sizeof(fact), "lesson.code.%s.text", name);
			rp_facts_name_clean(fact);
			if (lines > 0 && rp_facts_get(F, fact) == NULL) {
				json_array_append_new(
				    markers, json_string(name));
				rp_fact_str(F, code, NULL, "%s", fact);
				rp_fact_str(
				    F, path, NULL, "lesson.code.%s.file", name);
			}
			name[0] = '\0';
		}
	}
	if (f != NULL)
		fclose(f);
}

/* The report sets no locale: alphasort is strcmp's name order. */
void
rp_lesson_code_facts(rp_report_t *R)
{
	char dir[4400], path[300];
	struct dirent **e = NULL;
	json_t *markers = json_array();
	int n = scandir(
	    in_repository(&R->data, RP_LESSON_CODE_DIR, dir, sizeof(dir)), &e,
	    is_py, alphasort);

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", RP_LESSON_CODE_DIR,
		    e[i]->d_name);
		file_code_facts(R, path, markers);
		free(e[i]);
	}
	free(e);
	rp_fact_list(F, markers, "lesson.code_markers");
}

/* ---- the memory question ---- */

/* The facts of templates/lesson/memory.md (lesson.memory.*): what the
 * runs of rp_run_facts do not hold, the decisions among its words. */
static void
memory_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const rp_data_t *D = &R->data;
	const json_t *jq = rp_jax_run(D, w, w->jax_asked);
	double jit_temp =
	    rp_field(rp_jax_run(D, w, w->jax_jitted), RP_F_JAX_TEMP_BYTES);
	const json_t *jm = rp_jax_run(D, w, w->jax_map);
	double map_temp = rp_field(jm, RP_F_JAX_TEMP_BYTES);
	double batches = rp_field(jm, RP_F_N) / rp_field(jm, RP_F_JAX_CHUNK);
	const char *main_variants[] = {w->op_by_op, w->baseline, w->fused};
	int missing = jq == NULL;

	rp_fact_str(F, w->name, NULL, "lesson.memory.workload");
	rp_fact_num(F, RP_FACT_BYTES, QUESTION_INTERP_BYTES, NULL,
	    "question.memory.peak");
	rp_fact_num(F, RP_FACT_BYTES, QUESTION_INTERP_ARRAY_BYTES, NULL,
	    "question.memory.array");
	rp_fact_bool(F,
	    rp_lesson_jit_keeps_full_arrays(jit_temp, rp_jax_unit(jq)), NULL,
	    "lesson.memory.jit_keeps_full_arrays");
	rp_fact_bool(F,
	    rp_lesson_map_bounds_memory(map_temp, jit_temp, batches), jm,
	    "lesson.memory.map_bounds_memory");
	rp_fact_num(
	    F, RP_FACT_NUMBER, batches, jm, "lesson.memory.map_batches");
	for (size_t i = 0; i < 3; i++)
		missing |=
		    rp_data_main_run(D, w->name, main_variants[i]) == NULL;
	rp_fact_bool(F, missing, NULL, "lesson.memory.some_runs_missing");
	/* The figure of the allocator's live bytes: its facts. */
	rp_interp_timeline_facts(R, w);
}

/* ---- the speed question ---- */

/* What the decomposition reproduces, each clause decided from the
 * measured calls: the step over the pair function (the JAX section's
 * fact jaxprog.puzzle.step_over_pair) against the question's ratio;
 * whether every jitted call returned unwaited in a tenth of its waited
 * time (dispatch, not work); the span from the quickest unwaited return
 * to the slowest first call; the step's own warm calls. */
static void
puzzle_facts(rp_report_t *R, const json_t *pair, const json_t *step,
    const json_t *loop, const json_t *fori)
{
	const json_t *jit[] = {pair, step, fori};
	double unw[3], warm[3], umin = NAN, umax = NAN, lo = NAN, hi = NAN, med;
	double ratio = rp_facts_num(F, "jaxprog.puzzle.step_over_pair");
	double q = question_colony[IN_STEP].seconds /
	    question_colony[FORCE_ALONE].seconds;
	double first = fmax(rp_field(loop, RP_F_JAX_FIRST_CALL),
	    rp_field(fori, RP_F_JAX_FIRST_CALL));
	int dispatch, many;

	for (int i = 0; i < 3; i++) {
		unw[i] = rp_jax_median(jit[i], "reported.unblocked_call_s");
		warm[i] = rp_jax_warm_call(jit[i]);
		umin = fmin(umin, unw[i]);
		umax = fmax(umax, unw[i]);
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

/* The facts of templates/lesson/speed.md (lesson.speed.*); the last:
 * whether the jitted step maps its temporaries afresh every call, the
 * speed lesson's first cause, or not at this size. */
static void
speed_facts(rp_report_t *R)
{
	static const char *const temporaries[] = {"unknown", "kept", "afresh"};
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const rp_data_t *D = &R->data;
	const json_t *fori = rp_jax_run(D, w, w->jax_fori);
	const json_t *loop = rp_jax_run(D, w, w->jax_loop);
	const json_t *step = rp_jax_run(D, w, w->jax_jitted);
	int afresh;

	rp_fact_str(F, w->name, NULL, "lesson.speed.workload");
	for (size_t k = 0; k < QUESTION_FIGURES; k++)
		rp_fact_num(F, RP_FACT_TIME, question_colony[k].seconds, NULL,
		    "question.speed.%s", question_colony[k].name);
	puzzle_facts(R, rp_jax_run(D, w, w->jax_pair), step, loop, fori);
	afresh = rp_lesson_afresh(rp_field(step, RP_F_JAX_FAULTS_PER_CALL),
	    rp_field(step, RP_F_JAX_TEMP_PAGES));
	rp_fact_str(
	    F, temporaries[afresh + 1], step, "lesson.speed.step_temporaries");
}

void
rp_lesson_advice_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const json_t *fori = rp_jax_run(&R->data, w, w->jax_fori);
	const json_t *loop = rp_jax_run(&R->data, w, w->jax_loop);
	const json_t *side = json_object_get(
	    rp_facts_get(F, "advice.compile_loop.jax.verdict"), "value");
	/* A side the data lacks is unmeasured, not undecided. */
	const char *saves = json_is_string(side) &&
		strcmp(json_string_value(side), "missing") != 0
	    ? rp_lesson_saves(rp_facts_num(F, "advice.compile_loop.jax.fori"),
		  rp_field(fori, RP_F_JAX_TEMP_BYTES),
		  rp_field(loop, RP_F_JAX_TEMP_BYTES))
	    : NULL;

	rp_fact_str(F, saves != NULL ? saves : "unmeasured", fori,
	    "lesson.speed.fori_saved");
}

void
rp_lesson_facts(rp_report_t *R)
{
	memory_facts(R);
	speed_facts(R);
	rp_lesson_code_facts(R);
}
