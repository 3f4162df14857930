/*
 * rp_jaxrule: the JAX constructs' advice re-graded on JAX (see
 * rp_jaxrule.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_jax.h"
#include "rp_jaxrule.h"
#include "rp_workloads.h"

#define MEM RP_VERDICT_MEMORY_FACTOR
#define TIME RP_VERDICT_TIME_RATIO
#define GET rp_vals_get

/* ---- decisions: pure functions of the measured values ---- */

static rp_decision_t
decide(rp_verdict_t v, const char *note)
{
	rp_decision_t d = {v, note};
	return d;
}

/* The rewrite cuts the un-jitted program's working bytes by MEM:
 * supported; otherwise not, and when the jaxprs have the same arithmetic
 * (same = 1) the note says the rewrite is the same program. Values: q, rw
 * (working bytes, un-jitted), same. */
static rp_decision_t
decide_rewrite(const rp_vals_t *x)
{
	if (GET(x, "rw") * MEM <= GET(x, "q"))
		return decide(RP_VERDICT_YES, "");
	return decide(RP_VERDICT_NO,
	    GET(x, "same") == 1
		? "; to JAX the rewrite is the same program (the same "
		  "arithmetic in its jaxpr), so it saves nothing by itself; "
		  "what jit saves is the next row"
		: "");
}

/* atleast_1d's axis adds memory when the program without it (the
 * rewrite: a scalar index) needs MEM times less: supported; else not.
 * Values: q, rw (working bytes, un-jitted). */
static rp_decision_t
decide_axis(const rp_vals_t *x)
{
	return decide(
	    GET(x, "rw") * MEM <= GET(x, "q") ? RP_VERDICT_YES : RP_VERDICT_NO,
	    "");
}

/* Said when the figure a rule compares against is under one full array:
 * within the noise of JAX's baseline process at such sizes. */
#define TOO_SMALL                                                              \
	"; at this size the peak is within the noise of JAX's baseline "       \
	"process (under one N x M array above it)"

/* jit at least halves the un-jitted peak (RP_VERDICT_JIT_CUT): supported,
 * a nuance when XLA's temporaries still hold at least one full (N,M)
 * array (unit); not supported when it does not halve it; not testable
 * when the un-jitted peak is under one array above the baseline. Values:
 * q, qj (peak RSS less the baseline), temp, unit. */
static rp_decision_t
decide_jit(const rp_vals_t *x)
{
	int cut = GET(x, "qj") * RP_VERDICT_JIT_CUT <= GET(x, "q");
	int still = GET(x, "temp") >= GET(x, "unit");

	if (!(GET(x, "q") >= GET(x, "unit")))
		return decide(RP_VERDICT_UNTESTABLE, TOO_SMALL);
	if (!cut)
		return decide(RP_VERDICT_NO, "");
	return still ? decide(RP_VERDICT_NUANCE,
			   "; jit does not remove the N x M arrays: XLA "
			   "keeps them as temporaries")
		     : decide(RP_VERDICT_YES, "");
}

/* The batched jitted loop cuts question_jit's working bytes by MEM:
 * supported, a nuance when it is TIME slower than lax.map or question_jit;
 * else not supported; not testable when question_jit's are under one
 * array (unit). Values: pbj, pqj (peak RSS less the baseline), tbj, tqj,
 * tl (warm calls; tl may be absent), unit. */
static rp_decision_t
decide_batch(const rp_vals_t *x)
{
	double tbj = GET(x, "tbj"), tl = GET(x, "tl"), tqj = GET(x, "tqj");
	int mem_ok = GET(x, "pbj") * MEM <= GET(x, "pqj");
	int slower = tbj > TIME * tqj || (!isnan(tl) && tbj > TIME * tl);

	if (!(GET(x, "pqj") >= GET(x, "unit")))
		return decide(RP_VERDICT_UNTESTABLE, TOO_SMALL);
	if (!mem_ok)
		return decide(RP_VERDICT_NO, "");
	return slower ? decide(RP_VERDICT_NUANCE,
			    "; the Python loop costs time against one "
			    "compiled program")
		      : decide(RP_VERDICT_YES, "");
}

/* fori_loop TIME faster than the Python loop of jitted steps: supported;
 * else a nuance when jit of the step is TIME faster than the step op by
 * op; else not supported. Values: tl, tf, ts, te (warm calls). */
static rp_decision_t
decide_fori(const rp_vals_t *x)
{
	if (GET(x, "tl") >= TIME * GET(x, "tf"))
		return decide(RP_VERDICT_YES, "");
	if (GET(x, "te") >= TIME * GET(x, "ts"))
		return decide(RP_VERDICT_NUANCE,
		    "; jit of the step is what helps: one fori_loop costs "
		    "what the Python loop of jitted steps does");
	return decide(RP_VERDICT_NO, "");
}

/* The first call costs TIME more than a warm one, and a call returns
 * RP_JAXRULE_WAIT times sooner unwaited than waited: supported; one of
 * the two: a nuance; neither: not supported. Values: first, warm, unb. */
static rp_decision_t
decide_wait(const rp_vals_t *x)
{
	double w = GET(x, "warm");
	int cold = GET(x, "first") >= TIME * w;
	int async = rp_jaxrule_dispatch(GET(x, "unb"), w);

	if (cold && async)
		return decide(RP_VERDICT_YES, "");
	if (cold || async)
		return decide(RP_VERDICT_NUANCE,
		    cold ? "; a call returns only once its work is done here"
			 : "; the first call costs what the others do");
	return decide(RP_VERDICT_NO, "");
}

/* ---- measurements ---- */

/* The ok one-core runs of labels (NULL-terminated) into out; -1 with
 * "why" for the first missing one. */
static int
need(const rp_data_t *D, const char *w, const char *const *labels,
    const json_t **out, rp_vals_t *x)
{
	char why[256];

	for (int i = 0; labels[i] != NULL; i++) {
		if ((out[i] = rp_jax_run(D, w, labels[i])) != NULL)
			continue;
		snprintf(why, sizeof(why), "no ok JAX run of %s/%s in the data",
		    w, labels[i]);
		rp_vals_str(x, "why", why);
		return -1;
	}
	rp_vals_num(x, "n", rp_num(out[0], "params.n"));
	return 0;
}

#define WARM(r) rp_jax_median((r), "warm_call_s")

static int
measure_rewrite(const rp_data_t *D, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ls[] = {"question", "rewrite", NULL};
	const json_t *r[2], *qj = rp_jax_run(D, w->name, "question_jit");
	const json_t *rj = rp_jax_run(D, w->name, "rewrite_jit");
	char file[96];
	json_t *j;
	int same, compared;

	snprintf(file, sizeof(file), "jax-jaxpr-%s.json", w->name);
	j = rp_jax_file(D, file);
	same = json_is_true(json_object_get(j, "same_arithmetic"));
	compared = j != NULL;

	json_decref(j);
	if (need(D, w->name, ls, r, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_work(D, r[0]));
	rp_vals_num(x, "rw", rp_jax_work(D, r[1]));
	rp_vals_num(x, "qj", rp_jax_temp(qj));
	rp_vals_num(x, "rj", rp_jax_temp(rj));
	rp_vals_num(x, "same", compared ? same : NAN);
	rp_vals_str(x, "jaxpr",
	    !compared  ? "not compared"
		: same ? "the same arithmetic"
		       : "different arithmetic");
	return 0;
}

static int
measure_jit(const rp_data_t *D, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ls[] = {"question", "question_jit", NULL};
	const json_t *r[2];

	if (need(D, w->name, ls, r, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_rss_work(D, r[0]));
	rp_vals_num(x, "qj", rp_jax_rss_work(D, r[1]));
	rp_vals_num(
	    x, "cut", rp_jax_rss_work(D, r[0]) / rp_jax_rss_work(D, r[1]));
	rp_vals_num(x, "temp", rp_jax_temp(r[1]));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	rp_vals_num(x, "units", rp_jax_temp(r[1]) / rp_jax_unit(r[1]));
	return 0;
}

static int
measure_batch(const rp_data_t *D, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ls[] = {"batched_jit", "question_jit", NULL};
	const json_t *r[2], *b = rp_jax_run(D, w->name, "batched");
	const json_t *l = rp_jax_run(D, w->name, "lax_map");

	if (need(D, w->name, ls, r, x) != 0)
		return -1;
	rp_vals_num(x, "pbj", rp_jax_rss_work(D, r[0]));
	rp_vals_num(x, "pqj", rp_jax_rss_work(D, r[1]));
	rp_vals_num(x, "pb", b != NULL ? rp_jax_rss_work(D, b) : NAN);
	rp_vals_num(x, "tbj", WARM(r[0]));
	rp_vals_num(x, "tqj", WARM(r[1]));
	rp_vals_num(x, "tl", WARM(l));
	rp_vals_num(x, "chunk", rp_num(r[0], "reported.params.chunk"));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	return 0;
}

static int
measure_fori(const rp_data_t *D, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ls[] = {"loop", "fori", "step", NULL};
	const json_t *r[3], *e = rp_jax_run(D, w->name, "step_eager");

	if (need(D, w->name, ls, r, x) != 0)
		return -1;
	rp_vals_num(x, "k", rp_num(r[0], "params.steps"));
	rp_vals_num(x, "tl", WARM(r[0]));
	rp_vals_num(x, "tf", WARM(r[1]));
	rp_vals_num(x, "ts", WARM(r[2]));
	rp_vals_num(x, "te", WARM(e));
	return 0;
}

static int
measure_wait(const rp_data_t *D, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ls[] = {"step", NULL};
	const json_t *r[1];

	if (need(D, w->name, ls, r, x) != 0)
		return -1;
	rp_vals_num(x, "first", rp_num(r[0], "reported.first_call_s"));
	rp_vals_num(x, "compile", rp_num(r[0], "reported.compile_s"));
	rp_vals_num(x, "warm", WARM(r[0]));
	rp_vals_num(x, "unb", rp_jax_median(r[0], "unblocked_call_s"));
	return 0;
}

/* ---- the rules ---- */

const rp_jaxrule_t rp_jaxrules[] = {
    {
	.id = "fuse",
	.construct = "the vmap rewrite (sum inside the inner vmap)",
	.measure = measure_rewrite,
	.decide = decide_rewrite,
	.measured = "un-jitted at N={n:n}: working bytes {q:b} (question) "
		    "and {rw:b} (rewrite); jitted, XLA's temporaries {qj:b} "
		    "and {rj:b}; jaxprs: {jaxpr:s}{note:s}",
    },
    {
	.id = "atleast-1d",
	.construct = "jnp.atleast_1d on the index (question) against a "
		     "scalar index (rewrite)",
	.measure = measure_rewrite,
	.decide = decide_axis,
	.measured = "un-jitted at N={n:n}: working bytes {q:b} with the axis "
		    "(question) and {rw:b} without it (rewrite); jaxprs: "
		    "{jaxpr:s}{note:s}",
    },
    {
	.id = "jit",
	.construct = "jax.jit",
	.measure = measure_jit,
	.decide = decide_jit,
	.measured = "at N={n:n}: peak RSS less the baseline {q:b} "
		    "(un-jitted) -> {qj:b} (jit), {cut:r} less; XLA's "
		    "temporaries {temp:b}, {units:f2} N x M float32 "
		    "arrays{note:s}",
    },
    {
	.id = "batch",
	.construct = "a Python loop over batches",
	.measure = measure_batch,
	.decide = decide_batch,
	.measured = "B={chunk:i} at N={n:n}: peak RSS less the baseline "
		    "{pbj:b} (batches of the jitted program) against {pqj:b} "
		    "(question_jit); calling the un-jitted program per batch "
		    "{pb:b}; warm {tbj:t} against {tqj:t} (question_jit) and "
		    "{tl:t} (lax.map){note:s}",
    },
    {
	.id = "compile-loop",
	.construct = "jax.lax.fori_loop around the jitted step",
	.measure = measure_fori,
	.decide = decide_fori,
	.measured = "{k:i} steps at N={n:n}: Python loop of jitted steps "
		    "{tl:t}, one fori_loop {tf:t}; one step jitted {ts:t}, "
		    "un-jitted {te:t}{note:s}",
    },
    {
	.id = "warm-up",
	.construct = "block_until_ready and a warm-up call",
	.measure = measure_wait,
	.decide = decide_wait,
	.measured = "the jitted step at N={n:n}: first call {first:t} "
		    "(compile {compile:t}) against {warm:t} warm; returned "
		    "unwaited in {unb:t}{note:s}",
    },
};

const size_t rp_jaxrules_count = sizeof(rp_jaxrules) / sizeof(rp_jaxrules[0]);

const rp_jaxrule_t *
rp_jaxrule_find(const char *id)
{
	for (size_t i = 0; i < rp_jaxrules_count; i++)
		if (strcmp(rp_jaxrules[i].id, id) == 0)
			return &rp_jaxrules[i];
	return NULL;
}

/* The C rule's verdict of the same id, from the C data. */
static rp_verdict_t
c_verdict(rp_report_t *R, const char *id)
{
	const rp_rule_t *c = rp_rule_find(id);
	return c != NULL ? rp_verdict_c(R, c) : RP_VERDICT_UNTESTABLE;
}

static void
jaxrule_row(rp_report_t *R, const rp_jaxrule_t *rule)
{
	const rp_rule_t *c = rp_rule_find(rule->id);
	rp_vals_t x = {.n = 0};
	rp_decision_t d = {RP_VERDICT_UNTESTABLE, ""};

	(void)c;
	rp_md(R, "| %s | %s | *%s* | ", rule->id, rule->construct,
	    rp_verdict_word(c_verdict(R, rule->id)));
	if (rule->measure(&R->data, &x) != 0) {
		rp_md(R, "%s (the JAX sizes: Tables J1 and J2)",
		    rp_vals_get_str(&x, "why"));
	} else {
		d = rule->decide(&x);
		rp_vals_str(&x, "note", d.note);
		rp_text_fill(R->md, rule->measured, &x);
	}
	rp_md(R, " | *%s* |\n", rp_verdict_word(d.verdict));
}

void
rp_jaxrule_write(rp_report_t *R)
{
	rp_md(R, "### Advice re-graded on JAX\n\n");
	rp_md(R,
	    "Each piece of advice that names a JAX construct, with the C "
	    "verdict of the table above beside the JAX measurement and the "
	    "verdict on it (the same thresholds; a call returning %.0fx "
	    "sooner unwaited than waited means a timing without "
	    "`block_until_ready` measures dispatch).\n\n",
	    RP_JAXRULE_WAIT);
	rp_md(R,
	    "| advice (its id) | JAX construct | C verdict | JAX measured | "
	    "JAX verdict |\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < rp_jaxrules_count; i++)
		jaxrule_row(R, &rp_jaxrules[i]);
	rp_md(R, "\n");
}
