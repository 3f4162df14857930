/*
 * hx_model: the units of work one iteration of a variant's hot loop stands
 * for (hx_model_units), from hand-made variants and loops, so that each
 * source of the figure (a function of the parameters, a stated constant,
 * the in-core entry's vectors, the lanes) is seen to win where it should.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "hx_model.h"

static double
units_of_n(const params_t *p)
{
	return (double)p->n / 4.0;
}

/* A loop of 16 lanes in function fn. */
static hx_loop_t
loop_in(const char *fn)
{
	hx_loop_t l;

	memset(&l, 0, sizeof(l));
	snprintf(l.function, sizeof(l.function), "%s", fn);
	l.lanes = 16;
	return l;
}

Test(model, units_from_the_in_core_entry)
{
	variant_t v = {.name = "probe"};
	hx_loop_t in_entry = loop_in("probe_pairs.constprop.0");
	hx_loop_t other = loop_in("probe_pairs_tail");

	v.incore.functions = "probe_rows probe_pairs";
	v.incore.vectors = 2;
	cr_expect_eq(hx_model_units(&v, NULL, &in_entry), 32.0,
	    "16 lanes x 2 vectors, the suffix ignored: %g",
	    hx_model_units(&v, NULL, &in_entry));
	cr_expect_eq(hx_model_units(&v, NULL, &other), 16.0,
	    "a loop outside the entry's functions (a longer name is not "
	    "a match): its lanes, %g",
	    hx_model_units(&v, NULL, &other));
	v.incore.vectors = 0;
	cr_expect_eq(hx_model_units(&v, NULL, &in_entry), 16.0);
}

Test(model, units_stated_by_the_variant)
{
	variant_t v = {.name = "probe"};
	hx_loop_t l = loop_in("probe_pairs");
	params_t p;

	memset(&p, 0, sizeof(p));
	p.n = 1000;
	v.incore.functions = "probe_pairs";
	v.incore.vectors = 2;
	v.hot_units = 24;
	cr_expect_eq(hx_model_units(&v, &p, &l), 24.0,
	    "hot_units over the entry's vectors: %g",
	    hx_model_units(&v, &p, &l));
	v.hot_units_of = units_of_n;
	cr_expect_eq(hx_model_units(&v, &p, &l), 250.0,
	    "hot_units_of(p) over both: %g", hx_model_units(&v, &p, &l));
	cr_expect_eq(
	    hx_model_units(&v, NULL, &l), 24.0, "no parameters: the constant");
}
