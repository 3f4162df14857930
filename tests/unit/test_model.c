/*
 * hx_model: the units of work one iteration of a variant's hot loop stands
 * for (hx_model_units), from hand-made variants and loops, so that each
 * source of the figure (a function of the parameters, a stated constant,
 * the in-core entry's vectors, the lanes) is seen to win where it should.
 */
#include <criterion/criterion.h>
#include <math.h>
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

/* A result of 1e6 units over 10 ms whose working set is twice L2. */
static json_t *
result_beyond_l2(void)
{
	double l2 = (double)variant_cache_bytes(2, 0);

	return json_pack("{s:{s:f}, s:{s:f}, s:{s:f, s:f}}", "work", "units",
	    1e6, "time_s", "median", 0.01, "memory", "input_bytes",
	    2.0 * (l2 > 0 ? l2 : 1048576.0), "peak_workspace_bytes", 0.0);
}

Test(model, streaming_loads_are_a_data_term)
{
	json_t *c = json_pack("{s:f, s:f, s:i, s:f, s:f, s:f, s:f, s:f, s:f}",
	    "add_per_s", 1e10, "fma_flops_per_s", 3.2e11, "fma_vector_width",
	    16, "read_l1_bytes_per_s", 4e11, "read_l2_bytes_per_s", 2e11,
	    "read_l3_bytes_per_s", 1e11, "read_dram_bytes_per_s", 4e10,
	    "int_per_s", 1e10, "mul_per_s", 1e10);
	json_t *r = result_beyond_l2();
	hx_loop_t l = loop_in("probe_rows");
	hx_model_t reused, streamed;
	char msg[256];
	double load = NAN, level = NAN, rate;

	l.kind[HX_INSN_LOAD] = 4;
	/* 16 FMAs a loop at 1e10 a second: 100 us, above the L1 loads. */
	l.kind[HX_INSN_FMA] = 16;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, c, &reused, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 1, c, &streamed, msg, sizeof(msg)), 0,
	    "%s", msg);
	for (int i = 0; i < reused.nterms; i++)
		if (strcmp(reused.term[i].name, "load") == 0)
			load = reused.term[i].seconds;
	/* 1e6 units / 16 a loop x 4 loads of 64 bytes = 16 MB, from L1. */
	cr_expect_float_eq(load, 16e6 / 4e11, 1e-12, "%g", load);
	cr_assert_not_null(streamed.stream_level);
	cr_expect(strcmp(streamed.stream_level, "l3") == 0 ||
		strcmp(streamed.stream_level, "dram") == 0,
	    "twice L2 is served beyond it: %s", streamed.stream_level);
	rate = strcmp(streamed.stream_level, "l3") == 0 ? 1e11 : 4e10;
	cr_expect_float_eq(streamed.bytes_stream_per_unit, 16.0, 1e-9);
	for (int i = 0; i < streamed.nterms; i++) {
		if (strcmp(streamed.term[i].name, streamed.stream_level) == 0)
			level = streamed.term[i].seconds;
		if (strcmp(streamed.term[i].name, "load") == 0)
			cr_expect_eq(streamed.term[i].seconds, 0.0,
			    "the loads are the data term's, not L1's");
	}
	cr_expect_float_eq(level, 16e6 / rate, 1e-12, "%g", level);
	cr_expect_float_eq(streamed.predicted_s - reused.predicted_s,
	    16e6 / rate, 1e-9,
	    "the data term adds to the FMAs' 100 us (the L1 loads' 40 us "
	    "were under them)");
	json_decref(r);
	json_decref(c);
}

/* The seconds of term name in m; NaN when m has none. */
static double
term_of(const hx_model_t *m, const char *name)
{
	for (int i = 0; i < m->nterms; i++)
		if (strcmp(m->term[i].name, name) == 0)
			return m->term[i].seconds;
	return NAN;
}

/* A run that faults 1000 pages pays each fault and each page's release
 * (a page that faults afresh every run was given back in one); ceilings
 * without the release's price count the fault alone. */
Test(model, faults_pay_the_page_release)
{
	json_t *c = json_pack("{s:f, s:f, s:i, s:f, s:f}", "add_per_s", 1e10,
	    "fma_flops_per_s", 3.2e11, "fma_vector_width", 16, "minor_fault_s",
	    1.5e-6, "page_release_s", 0.25e-6);
	json_t *r = json_pack("{s:{s:f}, s:{s:f}, s:{s:f}}", "work", "units",
	    1e6, "time_s", "median", 0.01, "memory", "minor_faults", 1000.0);
	hx_loop_t l = loop_in("probe_rows");
	hx_model_t with, without;
	char msg[256];

	cr_assert_eq(hx_model_compute(r, &l, 16, 0, c, &with, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_float_eq(term_of(&with, "faults"), 1000 * 1.75e-6, 1e-12,
	    "1000 x (1.5 us + 0.25 us): %g", term_of(&with, "faults"));
	json_object_del(c, "page_release_s");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, c, &without, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(term_of(&without, "faults"), 1000 * 1.5e-6, 1e-12,
	    "%g", term_of(&without, "faults"));
	json_decref(r);
	json_decref(c);
}
