/*
 * rp_advice: the advice table, each row graded on C and on JAX, and its
 * facts (see rp_advice.h; the measurements are rp_advice_c.c's and
 * rp_advice_jax.c's, the decisions rp_advice_decide.c's, the words
 * templates/advice/words.j2).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_advice.h"

/* The thresholds the words state. */
static const struct {
	const char *name;
	rp_fact_kind_t kind;
	double value;
} thresholds[] = {
    {"memory_factor", RP_FACT_NUMBER, RP_ADVICE_MEMORY_FACTOR},
    {"time_ratio", RP_FACT_RATIO, RP_ADVICE_TIME_RATIO},
    {"level", RP_FACT_PERCENT, RP_ADVICE_LEVEL},
};

#define SIDE(m, d, f)                                                          \
	{                                                                      \
		.measure = m, .decide = rp_advice_decide_##d, .facts = f       \
	}
/* The values a side's words quote: a name and how it prints, ending in
 * a NULL name. */
#define VALUES(...)                                                            \
	((const rp_advice_value_t[]){__VA_ARGS__, {NULL, RP_ADVICE_STRING}})
/* A kind a line, as the table it is. */
/* clang-format off */
#define BYTES(n) {n, RP_FACT_BYTES}
#define TIME(n) {n, RP_FACT_TIME}
#define RATIO(n) {n, RP_FACT_RATIO}
#define SIZE(n) {n, RP_FACT_SIZE}
#define COUNT(n) {n, RP_FACT_COUNT}
#define SHARE(n) {n, RP_FACT_PERCENT}
#define FIXED2(n) {n, RP_FACT_FIXED2}
#define NUMBER(n) {n, RP_FACT_NUMBER}
#define STR(n) {n, RP_ADVICE_STRING}
/* clang-format on */
/* A time value's facts: its answer, its interval, its spread. */
#define TIMED(k) COUNT(k), RATIO(k "_lo"), RATIO(k "_hi"), SHARE(k "_spread")

const rp_advice_t rp_advice[] = {
    {"cause-nm", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_cause_nm, cause_nm,
	    VALUES(BYTES("nm"), BYTES("pm"), BYTES("pe"), NUMBER("k"))),
	SIDE(rp_advice_jax_cause_nm, jax_cause_nm,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("temp"), BYTES("unit"),
		FIXED2("units")))},
    {"stop-gradient", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_op_by_op, cannot, VALUES(BYTES("pe"), BYTES("bare"))),
	SIDE(rp_advice_jax_stop_gradient, no_cut,
	    VALUES(SIZE("n"), SIZE("m"), BYTES("with"), BYTES("without"),
		COUNT("eqns"), TIMED("unjitted"), TIMED("jitted")))},
    {"atleast-1d", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "memory"}},
	SIDE(rp_advice_c_op_by_op, cannot, VALUES(BYTES("gather"))),
	SIDE(rp_advice_jax_rewrite, axis,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("rw"), COUNT("same")))},
    {"fuse", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "time"}},
	SIDE(rp_advice_c_fuse, memory_time,
	    VALUES(SIZE("n"), BYTES("from"), STR("tos"), TIME("tb"), TIME("ta"),
		RATIO("speedup"), TIMED("faster"))),
	SIDE(rp_advice_jax_rewrite, rewrite,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("rw"), BYTES("before"),
		BYTES("after"), COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"jit", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_jit, jit,
	    VALUES(BYTES("op_by_op"), BYTES("from"), STR("fuseds"),
		RATIO("cut"), RATIO("speedup"))),
	SIDE(rp_advice_jax_jit, jax_jit,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("qj"), RATIO("cut"),
		BYTES("temp"), FIXED2("units"), TIMED("faster")))},
    {"batch", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "chunk"}},
	SIDE(rp_advice_c_batch, batch,
	    VALUES(SIZE("n"), COUNT("b"), BYTES("pc"), BYTES("pm"), STR("pf"),
		RATIO("less"), TIME("tc"), TIME("tm"), TIME("tf"),
		TIMED("fused_better"), TIMED("slower"))),
	SIDE(rp_advice_jax_batch, jax_batch,
	    VALUES(SIZE("n"), COUNT("chunk"), BYTES("pbj"), BYTES("pqj"),
		BYTES("pb"), TIME("tbj"), TIME("tqj"), TIME("tl"),
		TIMED("slower")))},
    {"cause-n2", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_cause_n2, cause_n2,
	    VALUES(SIZE("n"), TIME("tn"), TIME("tr"), TIME("tf"),
		RATIO("alloc"), RATIO("cost"), RATIO("insn"), RATIO("rest"),
		TIMED("traffic"))),
	SIDE(rp_advice_jax_pages, pages,
	    VALUES(SIZE("n"), STR("allocator"), COUNT("faults"), COUNT("pages"),
		RATIO("ratio"), SHARE("share"), TIMED("kept")))},
    {"in-place", RP_QUESTION_SPEED,
	{{RP_QUESTION_SPEED, "memory"}, {RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_in_place, memory_time,
	    VALUES(SIZE("n"), BYTES("from"), STR("tos"), TIME("tb"), TIME("ta"),
		RATIO("speedup"), TIMED("faster"))),
	SIDE(rp_advice_jax_per_particle, rewrite,
	    VALUES(SIZE("n"), BYTES("before"), BYTES("after"), COUNT("same"),
		COUNT("eq_a"), COUNT("eq_b"), TIME("ts"), TIME("tp")))},
    {"embed-jit", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_step, cannot, VALUES(TIME("tn"), TIME("tf"))),
	SIDE(rp_advice_jax_scope, same_program,
	    VALUES(COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"jit-scope", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_step, cannot, VALUES(TIME("tf"))),
	SIDE(rp_advice_jax_scope, same_program,
	    VALUES(COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"compile-loop", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(rp_advice_c_compile_loop, compile_loop,
	    VALUES(TIME("tn"), TIME("tr"), RATIO("speedup"), COUNT("fn"),
		COUNT("fr"), RATIO("first"), TIMED("faster"))),
	SIDE(rp_advice_jax_fori, fori,
	    VALUES(SIZE("n"), COUNT("k"), TIME("tl"), TIME("tf"), TIME("ts"),
		TIME("te"), TIMED("fori"), TIMED("jit_step")))},
    {"recompile", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(rp_advice_c_recompile, cannot, VALUES(RATIO("worst"))),
	SIDE(rp_advice_jax_swing, swing,
	    VALUES(SIZE("n"), RATIO("span"), RATIO("wait"), RATIO("first"),
		RATIO("bound"), RATIO("comp"), COUNT("shape_new"),
		COUNT("shape_again"), COUNT("weak_new"), COUNT("strong"),
		COUNT("static_new"), COUNT("traced_bound"),
		COUNT("static_bound")))},
    {"warm-up", RP_QUESTION_SPEED, {{RP_QUESTION_NONE, "cold-warm"}},
	SIDE(rp_advice_c_warm_up, cannot,
	    VALUES(COUNT("count"), RATIO("median"), RATIO("worst"),
		STR("worst_run"), COUNT("cold_faults"), COUNT("timed_faults"))),
	SIDE(rp_advice_jax_wait, wait,
	    VALUES(SIZE("n"), TIME("first"), TIME("compile"), TIME("warm"),
		TIME("unb")))},
    {"profiler", RP_QUESTION_SPEED, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_op_by_op, cannot, VALUES(BYTES("tl"), BYTES("pe"))),
	SIDE(rp_advice_jax_profiler, profiler,
	    VALUES(SIZE("n"), COUNT("spans"), COUNT("counters"),
		COUNT("memory_events"), TIME("kernels"), RATIO("session"),
		RATIO("call"), BYTES("trace_bytes")))},
};

const size_t rp_advice_count = sizeof(rp_advice) / sizeof(rp_advice[0]);

const rp_advice_t *
rp_advice_find(const char *id)
{
	for (size_t i = 0; i < rp_advice_count; i++)
		if (strcmp(rp_advice[i].id, id) == 0)
			return &rp_advice[i];
	return NULL;
}

const char *
rp_advice_word(rp_advice_verdict_t v)
{
	static const char *const words[] = {"supported", "nuance",
	    "not_supported", "undecided", "missing", "cannot"};
	return v <= RP_ADVICE_CANNOT ? words[v] : "?";
}

/* One side's decision on R's data ("missing" when its measurement
 * fails); x receives the values (may be NULL). */
static rp_advice_decision_t
side_decide(const rp_report_t *R, const rp_advice_side_t *s, rp_vals_t *x)
{
	rp_vals_t own = {.n = 0};
	rp_advice_decision_t missing = {RP_ADVICE_MISSING, ""};

	if (x == NULL)
		x = &own;
	if (s->measure(R, x) != 0)
		return missing;
	return s->decide(x);
}

rp_advice_verdict_t
rp_advice_final(rp_advice_verdict_t c, rp_advice_verdict_t jax, int *by_jax)
{
	*by_jax = jax != RP_ADVICE_MISSING && jax != RP_ADVICE_CANNOT;
	return *by_jax ? jax : c;
}

void
rp_advice_time(rp_vals_t *x, const char *key, const double *a, size_t na,
    const double *b, size_t nb, double margin)
{
	hx_verdict_t v;
	char name[64];
	int ok = hx_stats_verdict(a, na, b, nb, margin, RP_ADVICE_LEVEL, &v);

	if (ok != 0)
		v.word = HX_VERDICT_UNDECIDED, v.lo = v.hi = NAN,
		v.spread[0] = v.spread[1] = NAN;
	rp_vals_num(x, key,
	    v.word == HX_VERDICT_UNDECIDED    ? NAN
		: v.word == HX_VERDICT_SECOND ? 1.0
					      : 0.0);
	/* b's speed-up over a: the interval of median(a) / median(b). */
	snprintf(name, sizeof(name), "%s_lo", key);
	rp_vals_num(x, name, 1.0 / v.hi);
	snprintf(name, sizeof(name), "%s_hi", key);
	rp_vals_num(x, name, 1.0 / v.lo);
	snprintf(name, sizeof(name), "%s_spread", key);
	rp_vals_num(x, name, fmax(v.spread[0], v.spread[1]));
}

/* The values a side's words quote, as advice.ID.SIDE.NAME. */
static void
value_facts(rp_report_t *R, const char *id, const char *side,
    const rp_advice_value_t *t, const rp_vals_t *x)
{
	for (; t != NULL && t->name != NULL; t++)
		if (t->kind == RP_ADVICE_STRING)
			rp_fact_str(&R->facts, rp_vals_get_str(x, t->name),
			    NULL, "advice.%s.%s.%s", id, side, t->name);
		else
			rp_fact_num(&R->facts, (rp_fact_kind_t)t->kind,
			    rp_vals_get(x, t->name), NULL, "advice.%s.%s.%s",
			    id, side, t->name);
}

/* One side's verdict, note, why it could not be measured (a keyword, or
 * the data's own sentence) and what was missing, and its values; its
 * verdict. */
static rp_advice_verdict_t
side_facts(
    rp_report_t *R, const char *id, const char *side, const rp_advice_side_t *s)
{
	rp_vals_t x = {.n = 0};
	rp_advice_decision_t d = side_decide(R, s, &x);

	rp_fact_str(&R->facts, rp_advice_word(d.verdict), NULL,
	    "advice.%s.%s.verdict", id, side);
	rp_fact_str(&R->facts, d.note, NULL, "advice.%s.%s.note", id, side);
	rp_fact_str(&R->facts, rp_vals_get_str(&x, "why"), NULL,
	    "advice.%s.%s.why", id, side);
	rp_fact_str(&R->facts, rp_vals_get_str(&x, "what"), NULL,
	    "advice.%s.%s.what", id, side);
	value_facts(R, id, side, s->facts, &x);
	return d.verdict;
}

/* The figures a row cites, "Figure 3, Figure 5". */
static void
figure_facts(rp_report_t *R, const char *id, const rp_advice_t *a)
{
	char buf[256] = "", name[64];
	size_t used = 0;

	for (int k = 0; k < RP_ADVICE_FIGS && a->figures[k].what != NULL; k++) {
		const rp_advice_fig_t *f = &a->figures[k];
		if (f->of != RP_QUESTION_NONE)
			snprintf(name, sizeof(name), "%s",
			    rp_workload_fig(
				rp_workload_question(f->of), f->what));
		else
			snprintf(name, sizeof(name), "fig-%s", f->what);
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
		    k ? ", " : "", rp_report_cite(R, name));
		if (used >= sizeof(buf))
			break;
	}
	rp_fact_str(&R->facts, buf, NULL, "advice.%s.figures", id);
}

void
rp_advice_facts(rp_report_t *R)
{
	json_t *ids = json_array();
	char id[64];
	int by_jax;

	for (size_t i = 0; i < sizeof(thresholds) / sizeof(thresholds[0]); i++)
		rp_fact_num(&R->facts, thresholds[i].kind, thresholds[i].value,
		    NULL, "advice.%s", thresholds[i].name);
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		rp_advice_verdict_t c, j, v;

		snprintf(id, sizeof(id), "%s", a->id);
		rp_facts_name_clean(id);
		json_array_append_new(ids, json_string(id));
		rp_fact_str(&R->facts, rp_workload_question(a->question)->name,
		    NULL, "advice.%s.question", id);
		c = side_facts(R, id, "c", &a->c);
		j = side_facts(R, id, "jax", &a->jax);
		v = rp_advice_final(c, j, &by_jax);
		rp_fact_str(&R->facts, rp_advice_word(v), NULL,
		    "advice.%s.verdict", id);
		rp_fact_str(
		    &R->facts, by_jax ? "jax" : "c", NULL, "advice.%s.by", id);
		figure_facts(R, id, a);
	}
	rp_fact_list(&R->facts, ids, "advice.ids");
}
