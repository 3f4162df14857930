/*
 * rp_verdict: each rule's verdict, C's and the final one, and the section
 * that prints them (see rp_verdict.h; the rules are rp_rules.c's, their
 * decisions rp_decide.c's).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_jaxrule.h"
#include "rp_verdict.h"

#define MEM RP_VERDICT_MEMORY_FACTOR
#define TIME RP_VERDICT_TIME_RATIO

const rp_rule_t *
rp_rule_find(const char *id)
{
	for (size_t i = 0; i < rp_rules_count; i++)
		if (strcmp(rp_rules[i].id, id) == 0)
			return &rp_rules[i];
	return NULL;
}

const char *
rp_verdict_word(rp_verdict_t v)
{
	static const char *const words[] = {"supported",
	    "supported with a nuance", "not supported", "not testable here",
	    "not testable in C"};
	return v <= RP_VERDICT_NOT_IN_C ? words[v] : "?";
}

rp_verdict_t
rp_verdict_c(const rp_report_t *R, const rp_rule_t *rule)
{
	rp_vals_t x = {.n = 0};

	rp_vals_num(&x, "tt", rp_report_time_threshold(&R->data, TIME));
	if (rule->measure(R, &x) != 0)
		return RP_VERDICT_UNTESTABLE;
	return rule->decide(&x).verdict;
}

rp_verdict_t
rp_verdict_final(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c, int *by_jax)
{
	const rp_jaxrule_t *j = rp_jaxrule_find(rule->id);
	rp_vals_t x = {.n = 0};

	*by_jax = 0;
	if (c != RP_VERDICT_NOT_IN_C || j == NULL ||
	    j->measure(&R->data, &x) != 0)
		return c;
	*by_jax = 1;
	return j->decide(&x).verdict;
}

const char *
rp_verdict_final_word(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c)
{
	static char buf[RP_TEXT_ROTATE][96];
	static unsigned turn;
	char *b = buf[turn++ % RP_TEXT_ROTATE];
	int by_jax;
	rp_verdict_t v = rp_verdict_final(R, rule, c, &by_jax);

	if (by_jax)
		snprintf(b, 96, "**%s** (in JAX; not testable in C)",
		    rp_verdict_word(v));
	else
		snprintf(b, 96, "**%s**", rp_verdict_word(v));
	return b;
}

static void
rule_row(rp_report_t *R, const rp_rule_t *rule)
{
	rp_vals_t x = {.n = 0};
	rp_decision_t d = {RP_VERDICT_UNTESTABLE, ""};

	rp_md(R, "| %s | %s | ", rule->advice, rp_rule_question(rule));
	rp_vals_num(&x, "tt", rp_report_time_threshold(&R->data, TIME));
	if (rule->measure(R, &x) != 0) {
		rp_md(R, "%s", rp_vals_get_str(&x, "why"));
	} else {
		d = rule->decide(&x);
		rp_vals_str(&x, "note", d.note);
		rp_text_fill(R->md, rule->measured, &x);
	}
	rp_md(R, " | %s | ", rp_verdict_final_word(R, rule, d.verdict));
	for (int i = 0; rp_rule_figure(rule, i) != NULL; i++)
		rp_md(R, "%s%s", i ? ", " : "",
		    rp_report_cite(R, rp_rule_figure(rule, i)));
	rp_md(R, "%s |\n", rule->tables != NULL ? rule->tables : "");
}

const char *
rp_verdict_jax_word(const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c)
{
	const rp_jaxrule_t *j = rp_jaxrule_find(rule->id);
	rp_vals_t x = {.n = 0};

	if (c == RP_VERDICT_NOT_IN_C || j == NULL ||
	    j->measure(&R->data, &x) != 0)
		return NULL;
	return rp_verdict_word(j->decide(&x).verdict);
}

void
rp_verdict_brief_write(rp_report_t *R)
{
	rp_md(R,
	    "## The advice, one line each\n\nThe verdict on the C data, "
	    "and beside it the verdict on the JAX programs where C also "
	    "decides and a JAX rule measured it ([Advice re-graded on "
	    "JAX](#advice-re-graded-on-jax)); where C cannot test the advice "
	    "and a JAX rule measured it, the verdict is the JAX one.\n\n| "
	    "advice | question | verdict | "
	    "in JAX |\n|---|---|---|---|\n");
	for (size_t i = 0; i < rp_rules_count; i++) {
		const rp_rule_t *rule = &rp_rules[i];
		rp_verdict_t c = rp_verdict_c(R, rule);
		const char *jax = rp_verdict_jax_word(R, rule, c);
		rp_md(R, "| %s | %s | [%s](#advice-and-verdicts) | %s%s%s |\n",
		    rule->advice, rp_rule_question(rule),
		    rp_verdict_final_word(R, rule, c), jax != NULL ? "*" : "",
		    jax != NULL ? jax : "-", jax != NULL ? "*" : "");
	}
	rp_md(R, "\n");
}

void
rp_verdict_write(rp_report_t *R)
{
	double noise = rp_report_noise(&R->data);
	double tt = rp_report_time_threshold(&R->data, TIME);

	rp_md(R, "## Advice and verdicts\n\n");
	rp_md(R,
	    "Each piece of advice the two questions received, in our words, "
	    "with the measurement that tests it. Thresholds: a memory claim "
	    "is supported when the peak falls by at least %.0fx; a time claim "
	    "when the median improves by at least %.0f%% or by twice the "
	    "machine's noise band (",
	    MEM, (TIME - 1) * 100);
	if (isnan(noise))
		rp_md(R, "not measured in this data");
	else
		rp_md(R, "+-%.1f%%", 100 * noise);
	rp_md(R,
	    "), whichever is larger: here a ratio of at least %.2f; 'with a "
	    "nuance' when the claim holds but the data add a condition or a "
	    "larger effect the advice missed; 'not testable in C' when the "
	    "advice is about what C has no counterpart of (compilation, "
	    "asynchronous dispatch, automatic differentiation, array "
	    "shapes): the row then says what the C data can say beside "
	    "it.\n\n",
	    tt);
	rp_md(R,
	    "| advice | question | measured | verdict | figure |\n"
	    "|---|---|---|---|---|\n");
	for (size_t i = 0; i < rp_rules_count; i++)
		rule_row(R, &rp_rules[i]);
	rp_md(R, "\n");
}
