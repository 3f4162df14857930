/*
 * rp_advice: the advice table, each row graded on C and on JAX, and its
 * facts (see rp_advice.h; the measurements are rp_advice_c.c's and
 * rp_advice_jax.c's, the decisions rp_advice_decide.c's, the words
 * templates/advice/words.j2).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
    {"jit_cut", RP_FACT_NUMBER, RP_ADVICE_JIT_CUT},
    {"wait", RP_FACT_NUMBER, RP_ADVICE_WAIT},
    {"level", RP_FACT_PERCENT, RP_ADVICE_LEVEL},
};

#define SIDE(m, d, f)                                                          \
	{                                                                      \
		.measure = m, .decide = rp_advice_decide_##d, .facts = f       \
	}
/* A time value's facts: its answer, its interval, its spread. */
#define TIMED(k) k ":i " k "_lo:r " k "_hi:r " k "_spread:p "

const rp_advice_t rp_advice[] = {
    {"cause-nm", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_cause_nm, cause_nm, "n:n nm:b pm:b pe:b k:g3"),
	SIDE(rp_advice_jax_cause_nm, jax_cause_nm,
	    "n:n q:b temp:b unit:b units:f2")},
    {"stop-gradient", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_op_by_op, cannot, "pe:b bare:b"),
	SIDE(rp_advice_jax_stop_gradient, no_cut,
	    "n:n m:n with:b without:b eqns:i " TIMED("unjitted")
		TIMED("jitted"))},
    {"atleast-1d", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "memory"}},
	SIDE(rp_advice_c_op_by_op, cannot, "gather:b"),
	SIDE(rp_advice_jax_rewrite, axis, "n:n q:b rw:b same:i")},
    {"fuse", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "time"}},
	SIDE(rp_advice_c_fuse, memory_time,
	    "n:n from:b to:b tos:s tb:t ta:t speedup:r " TIMED("faster")),
	SIDE(rp_advice_jax_rewrite, rewrite,
	    "n:n q:b rw:b before:b after:b same:i eq_a:i eq_b:i")},
    {"jit", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_jit, jit,
	    "op_by_op:b from:b fused_peak:b fuseds:s cut:r speedup:r"),
	SIDE(rp_advice_jax_jit, jax_jit,
	    "n:n q:b qj:b cut:r temp:b units:f2 " TIMED("faster"))},
    {"batch", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "chunk"}},
	SIDE(rp_advice_c_batch, batch,
	    "n:n b:i pc:b pm:b pf:s less:r tc:t tm:t tf:t " TIMED(
		"fused_better") TIMED("slower")),
	SIDE(rp_advice_jax_batch, jax_batch,
	    "n:n chunk:i pbj:b pqj:b pb:b tbj:t tqj:t tl:t " TIMED("slower"))},
    {"cause-n2", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_cause_n2, cause_n2,
	    "n:n tn:t tr:t tf:t alloc:r cost:r insn:r rest:r " TIMED("costly")
		TIMED("traffic") TIMED("extra")),
	SIDE(rp_advice_jax_pages, pages,
	    "n:n allocator:s faults:i pages:i ratio:r share:p " TIMED("kept"))},
    {"in-place", RP_QUESTION_SPEED,
	{{RP_QUESTION_SPEED, "memory"}, {RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_in_place, memory_time,
	    "n:n from:b to:b tos:s tb:t ta:t speedup:r " TIMED("faster")),
	SIDE(rp_advice_jax_per_particle, rewrite,
	    "n:n before:b after:b same:i eq_a:i eq_b:i ts:t tp:t")},
    {"embed-jit", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_step, cannot, "tn:t tf:t"),
	SIDE(rp_advice_jax_scope, same_program, "same:i eq_a:i eq_b:i")},
    {"jit-scope", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(rp_advice_c_step, cannot, "tn:t tf:t"),
	SIDE(rp_advice_jax_scope, same_program, "same:i eq_a:i eq_b:i")},
    {"compile-loop", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(rp_advice_c_compile_loop, compile_loop,
	    "tn:t tr:t speedup:r fn:i fr:i first:r " TIMED("faster")),
	SIDE(rp_advice_jax_fori, fori,
	    "n:n k:i tl:t tf:t ts:t te:t " TIMED("fori") TIMED("jit_step"))},
    {"recompile", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(rp_advice_c_recompile, cannot, "worst:r"),
	SIDE(rp_advice_jax_swing, swing,
	    "n:n span:r wait:r first:r bound:r comp:r shape_new:i "
	    "shape_again:i weak_new:i strong:i static_new:i traced_bound:i "
	    "static_bound:i")},
    {"warm-up", RP_QUESTION_SPEED, {{RP_QUESTION_NONE, "cold-warm"}},
	SIDE(rp_advice_c_warm_up, cannot,
	    "count:i median:r worst:r worst_run:s cold_faults:i "
	    "timed_faults:i"),
	SIDE(rp_advice_jax_wait, wait, "n:n first:t compile:t warm:t unb:t")},
    {"profiler", RP_QUESTION_SPEED, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(rp_advice_c_op_by_op, cannot, "tl:b pe:b"),
	SIDE(rp_advice_jax_profiler, profiler,
	    "n:n spans:i counters:i memory_events:i kernels:t session:r "
	    "call:r trace_bytes:b")},
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

rp_advice_decision_t
rp_advice_side(const rp_report_t *R, const rp_advice_side_t *s, rp_vals_t *x)
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

/* The fact kind of a kind letter of a row's facts (rp_advice_side_t);
 * -1 for a string. */
static int
kind_of(const char *k)
{
	static const struct {
		const char *letter;
		rp_fact_kind_t kind;
	} kinds[] = {{"b", RP_FACT_BYTES}, {"t", RP_FACT_TIME},
	    {"r", RP_FACT_RATIO}, {"n", RP_FACT_SIZE}, {"i", RP_FACT_COUNT},
	    {"p", RP_FACT_PERCENT}, {"f2", RP_FACT_FIXED2},
	    {"g3", RP_FACT_NUMBER}};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kinds[i].letter, k) == 0)
			return (int)kinds[i].kind;
	return -1;
}

/* The values a side's words quote, as advice.ID.SIDE.NAME. */
static void
value_facts(rp_report_t *R, const char *id, const char *side, const char *spec,
    const rp_vals_t *x)
{
	char buf[512], *save = NULL, *tok;

	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	     tok = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(tok, ':');
		int kind;
		if (colon == NULL)
			continue;
		*colon = '\0';
		kind = kind_of(colon + 1);
		if (kind < 0)
			rp_fact_str(&R->facts, rp_vals_get_str(x, tok), NULL,
			    "advice.%s.%s.%s", id, side, tok);
		else
			rp_fact_num(&R->facts, (rp_fact_kind_t)kind,
			    rp_vals_get(x, tok), NULL, "advice.%s.%s.%s", id,
			    side, tok);
	}
}

/* One side's verdict, note, why it could not be measured (a keyword, or
 * the data's own sentence) and what was missing, and its values; its
 * verdict. */
static rp_advice_verdict_t
side_facts(
    rp_report_t *R, const char *id, const char *side, const rp_advice_side_t *s)
{
	rp_vals_t x = {.n = 0};
	rp_advice_decision_t d = rp_advice_side(R, s, &x);

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
