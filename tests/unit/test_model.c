/*
 * hx_model: the units of work one iteration of a variant's hot loop stands
 * for (hx_model_units), from hand-made variants and loops, so that each
 * source of the figure (a function of the parameters, a stated constant,
 * the in-core entry's vectors, the lanes) is seen to win where it should.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "colony/colony.h"
#include "hx_flow.h"
#include "hx_model.h"
#include "hx_profile.h"

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

/* The gather loop of the tests below: 16 gathered indices (one gather
 * of 16 lanes) and 4 FMAs an iteration. */
static hx_loop_t
gather_loop(void)
{
	hx_loop_t l = loop_in("probe_rows");

	l.kind[HX_INSN_FMA] = 4;
	l.kind[HX_INSN_GATHER] = 1;
	l.gather_lanes = 16;
	return l;
}

/* The limiter's names: the largest term, and the one within the miss of
 * it; "not determined" where two are; none without terms. */
Test(model, the_limiter_names_every_term_within_the_miss)
{
	const char *const names[] = {"issue", "gather", "faults"};
	const double s[] = {0.139, 0.651, 0.593};
	char buf[HX_MODEL_LIMITER_LEN];

	cr_expect_str_eq(
	    hx_model_limiter_name(names, s, 3, 0.02, buf, sizeof(buf)),
	    "gather");
	cr_expect_str_eq(
	    hx_model_limiter_name(names, s, 3, 0.06, buf, sizeof(buf)),
	    "gather or faults");
	cr_expect_str_eq(
	    hx_model_limiter_name(names, s, 3, 0.6, buf, sizeof(buf)),
	    "not determined");
	cr_expect_str_eq(
	    hx_model_limiter_name(names, s, 0, 0.6, buf, sizeof(buf)), "");
	/* Cut to the buffer, never past it. */
	cr_expect_str_eq(
	    hx_model_limiter_name(names, s, 3, 0.06, buf, 10), "gather or");
}

/* A prediction's verdict: the limiter within the tolerance (1.38 s
 * predicted against 1.40 s: a miss of 0.02 s), "not determined" beyond
 * it (against 2 s: -31%) or against no measurement. */
Test(model, the_verdict_names_a_limiter_only_within_the_tolerance)
{
	const char *const names[] = {"issue", "gather", "faults"};
	const double s[] = {0.139, 0.651, 0.593};
	char buf[HX_MODEL_LIMITER_LEN];

	cr_expect_str_eq(
	    hx_model_verdict(names, s, 3, 1.383, 1.403, buf, sizeof(buf)),
	    "gather");
	cr_expect_str_eq(
	    hx_model_verdict(names, s, 3, 1.383, 2.0, buf, sizeof(buf)),
	    "not determined");
	cr_expect_str_eq(
	    hx_model_verdict(names, s, 3, 1.383, NAN, buf, sizeof(buf)),
	    "not determined");
}

/* The profile split into the parts a term's time lands in, as samples:
 * a part's seconds a run over what a sample stands for (1 ms over 5
 * runs); a pass that prefetches the hot loop's data counts with it. Then
 * the limiter's check: only a part of one term (kernel, passes) is its
 * rival. */
Test(model, the_profile_parts_and_the_limiter_s_rival)
{
	json_t *r = json_loads(
	    "{\"profile\": {\"period_s\": 0.001, \"runs\": 5},"
	    " \"model\": {\"work\": {\"passes\": [{}, "
	    "{\"prefetches_hot\": true}]},"
	    " \"profile\": {\"hot_loop_s\": 0.122, "
	    "\"hot_loop_predicted_s\": 0.0825, \"kernel_s\": 0.1044, "
	    "\"faults_predicted_s\": 0.133, \"passes\": ["
	    "{\"measured_s\": 0.05, \"predicted_s\": 0.04},"
	    "{\"measured_s\": 0.01, \"predicted_s\": 0.02}]}}}",
	    0, NULL);
	double s[HX_PARTS], meas[HX_PARTS], pred[HX_PARTS];
	int pre = 0;
	hx_model_rival_t v;

	cr_assert_not_null(r);
	cr_expect_eq(hx_model_profile_parts(r, s, meas, pred, &pre), 1);
	cr_expect_eq(pre, 1);
	cr_expect_float_eq(s[HX_PART_HOT], 660, 1e-9, "%g", s[HX_PART_HOT]);
	cr_expect_float_eq(s[HX_PART_PASSES], 250, 1e-9);
	cr_expect_float_eq(s[HX_PART_KERNEL], 522, 1e-9);
	cr_expect_float_eq(meas[HX_PART_HOT], 0.132, 1e-12);
	cr_expect_float_eq(pred[HX_PART_HOT], 0.1025, 1e-12);
	cr_expect_float_eq(pred[HX_PART_KERNEL], 0.133, 1e-12);
	/* faults: the hot loop's 660 against the kernel's 522 overturns
	 * nothing (it holds several terms); the passes' 250 are fewer. */
	v = hx_model_rival("faults", s);
	cr_expect_eq(v.overturned, 0);
	cr_expect(isnan(v.p));
	/* A gather limiter (the hot loop, 660) against the kernel's 522:
	 * fewer; at 900 the kernel's one term outweighs the whole loop. */
	cr_expect_eq(hx_model_rival("gather", s).overturned, 0);
	s[HX_PART_KERNEL] = 900;
	v = hx_model_rival("gather", s);
	cr_expect_eq(v.overturned, 1);
	cr_expect_eq(v.part, HX_PART_KERNEL);
	cr_expect_float_eq(v.own, 660, 1e-9);
	/* Not sampled: every part NAN, nothing to check. */
	json_object_del(json_object_get(r, "model"), "profile");
	hx_model_profile_parts(r, s, NULL, NULL, NULL);
	cr_expect(isnan(s[HX_PART_HOT]) && isnan(s[HX_PART_KERNEL]));
	cr_expect_eq(hx_model_rival("gather", s).overturned, 0);
	json_decref(r);
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
	    hx_model_compute(r, &l, 16, 0, NAN, c, &reused, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 1, NAN, c, &streamed, msg, sizeof(msg)),
	    0, "%s", msg);
	for (int i = 0; i < reused.nterms; i++)
		if (strcmp(reused.term[i].name, "load") == 0)
			load = reused.term[i].seconds;
	/* 1e6 units / 16 a loop x 4 loads of 64 bytes = 16 MB, from L1. */
	cr_expect_float_eq(load, 16e6 / 4e11, 1e-12, "%g", load);
	cr_assert_not_null(streamed.stream_level);
	cr_expect(strcmp(streamed.stream_level, "l3") == 0 ||
		strcmp(streamed.stream_level, "dram") == 0,
	    "twice L2 is served beyond it: %s", streamed.stream_level);
	/* From L3, L2 serves its share of the working set read at random
	 * (hx_model_l2_share: half, the set is twice L2) at its rate. */
	rate = strcmp(streamed.stream_level, "l3") == 0
	    ? 1.0 / (0.5 / 2e11 + 0.5 / 1e11)
	    : 4e10;
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
	/* A loop of ymm loads streams 32 bytes a load, half the bytes of
	 * the ceilings' 16-lane vectors. */
	l.vector_bytes = 32;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 1, NAN, c, &streamed, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_float_eq(streamed.bytes_stream_per_unit, 8.0, 1e-9, "%g",
	    streamed.bytes_stream_per_unit);
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

/* work.bytes as a copy's, half read and half written: the reads add to
 * the loop's in-core 100 us; the writes too, but where a pass reads back
 * what the hot loop stored (reads_back), only past the loop. The level is
 * the working set's, L3 held to what the ceilings' read ladder read at
 * L3's pace: a set of 3 S, the ladder fast at 2 S and slow at 4 S, is
 * DRAM's; without the ladder, the stated L3's (S an eighth of it). */
Test(model, data_writes_hide_under_the_loop_and_the_ladder_bounds_l3)
{
	const double l2 = (double)variant_cache_bytes(2, 0);
	const double l3 = (double)variant_cache_bytes(3, 0);
	const double s = l3 / 8.0;
	json_t *c = json_pack(
	    "{s:f, s:f, s:i, s:f, s:f, s:f, s:f, s:f, s:[f, f], s:[f, f]}",
	    "add_per_s", 1e10, "fma_flops_per_s", 3.2e11, "fma_vector_width",
	    16, "read_l3_bytes_per_s", 1e11, "write_l3_bytes_per_s", 1e11,
	    "read_dram_bytes_per_s", 4e10, "write_dram_bytes_per_s", 1e10,
	    "stream_l3_array_bytes", s, "read_ladder_bytes", 2.0 * s, 4.0 * s,
	    "read_ladder_bytes_per_s", 9e10, 5e10);
	json_t *r = json_pack("{s:{s:f, s:f}, s:{s:f}, s:{s:f, s:f}}", "work",
	    "units", 1e6, "bytes", 4e6, "time_s", "median", 0.01, "memory",
	    "input_bytes", 3.0 * s, "peak_workspace_bytes", 0.0);
	hx_loop_t l = loop_in("probe_rows");
	hx_model_pass_t back;
	hx_model_t m;
	char msg[256];

	if (!(l3 > 0) || !(3.0 * s > l2)) {
		cr_skip_test("this machine states no L3 eight times past L2");
		return;
	}
	/* A pass of no instructions that reads back what the loop stored. */
	memset(&back, 0, sizeof(back));
	back.reads_back = 1;
	/* 16 FMAs a loop at 1e10 a second: 100 us in the core. */
	l.kind[HX_INSN_FMA] = 16;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_assert_str_eq(m.data_level, "dram", "the ladder read 4 S slowly");
	/* 2 MB read at 4e10: 50 us; 2 MB written at 1e10: 200 us, all of
	 * it where no pass reads back what the loop stored. */
	cr_expect_float_eq(
	    term_of(&m, "dram"), 250e-6, 1e-12, "%g", term_of(&m, "dram"));
	cr_expect_float_eq(m.predicted_s, 350e-6, 1e-12, "%g", m.predicted_s);
	/* With such a pass, 100 us of the writes are past the loop. */
	hx_model_add_passes(&m, c, &back, 1);
	cr_expect_float_eq(
	    term_of(&m, "dram"), 150e-6, 1e-12, "%g", term_of(&m, "dram"));
	cr_expect_float_eq(m.predicted_s, 250e-6, 1e-12, "%g", m.predicted_s);
	/* Without the ladder, L3 (at 1e11 both ways): the 20 us of writes
	 * hide under the loop, the 20 us of reads add. */
	json_object_del(c, "read_ladder_bytes");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	hx_model_add_passes(&m, c, &back, 1);
	cr_assert_str_eq(m.data_level, "l3");
	cr_expect_float_eq(
	    term_of(&m, "l3"), 20e-6, 1e-12, "%g", term_of(&m, "l3"));
	cr_expect_float_eq(m.predicted_s, 120e-6, 1e-12, "%g", m.predicted_s);
	json_decref(r);
	json_decref(c);
}

/* The profile's split: the data term's reads are the time of the passes
 * that read back what the hot loop stored, shared evenly, not the hot
 * loop's; without such a pass they stay in the hot loop. */
Test(model, reads_back_move_the_data_reads_to_their_passes)
{
	hx_model_t m;

	memset(&m, 0, sizeof(m));
	m.term[0] = (hx_model_term_t){.name = "passes", .seconds = 0.010};
	m.term[1] = (hx_model_term_t){.name = "faults", .seconds = 0.050};
	m.term[2] = (hx_model_term_t){.name = "dram", .seconds = 0.090};
	m.nterms = 3;
	m.predicted_s = 0.300;
	m.data_read_s = 0.080;
	m.npasses = 3;
	m.pass[0].seconds = 0.004;
	m.pass[1].seconds = 0.006;
	m.pass[2].seconds = 0.000;
	cr_expect_float_eq(hx_model_hot_loop_s(&m), 0.240, 1e-12, "%g",
	    hx_model_hot_loop_s(&m));
	cr_expect_float_eq(hx_model_pass_s(&m, 0), 0.004, 1e-12);
	m.pass[0].reads_back = m.pass[2].reads_back = 1;
	cr_expect_float_eq(hx_model_hot_loop_s(&m), 0.160, 1e-12, "%g",
	    hx_model_hot_loop_s(&m));
	cr_expect_float_eq(
	    hx_model_pass_s(&m, 0), 0.044, 1e-12, "%g", hx_model_pass_s(&m, 0));
	cr_expect_float_eq(hx_model_pass_s(&m, 1), 0.006, 1e-12);
	cr_expect_float_eq(hx_model_pass_s(&m, 2), 0.040, 1e-12);
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

	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &with, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(term_of(&with, "faults"), 1000 * 1.75e-6, 1e-12,
	    "1000 x (1.5 us + 0.25 us): %g", term_of(&with, "faults"));
	json_object_del(c, "page_release_s");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &without, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_float_eq(term_of(&without, "faults"), 1000 * 1.5e-6, 1e-12,
	    "%g", term_of(&without, "faults"));
	json_decref(r);
	json_decref(c);
}

/* A run that added 3000 pages to its RSS when only 1000 pages' worth of
 * free memory was not reported to the host: 2000 of its 5000 faults take
 * pages the host took back and pay the host's price; the rest the guest's.
 * Without the host's price, or without the run's free memory, every fault
 * pays the guest's; a run within the unreported memory pays no host fault. */
/* Ceilings with a fault at 1.5 us, its page's release at 0.25 us and a
 * fault of memory the host took back at 15 us. */
static json_t *
host_ceilings(void)
{
	return json_pack("{s:f, s:f, s:i, s:f, s:f, s:f}", "add_per_s", 1e10,
	    "fma_flops_per_s", 3.2e11, "fma_vector_width", 16, "minor_fault_s",
	    1.5e-6, "page_release_s", 0.25e-6, "host_fault_s", 15e-6);
}

/* A run of 5000 faults that added 3000 pages to its RSS with 1000 pages'
 * worth of free memory not reported to the host. */
static json_t *
host_run(void)
{
	return json_pack("{s:{s:f}, s:{s:f}, s:{s:f, s:f, s:f, s:f}}", "work",
	    "units", 1e6, "time_s", "median", 0.01, "memory", "minor_faults",
	    5000.0, "peak_rss_bytes", 4096.0 * 3100, "rss_baseline_bytes",
	    4096.0 * 100, "free_unreported_bytes", 4096.0 * 1000);
}

Test(model, faults_past_the_unreported_memory_pay_the_hosts_price)
{
	json_t *c = host_ceilings(), *r = host_run();
	hx_loop_t l = loop_in("probe_rows");
	hx_model_t m;
	char msg[256];

	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.host_faults, 2000.0, 1e-9, "%g", m.host_faults);
	cr_expect_float_eq(term_of(&m, "faults"),
	    3000 * 1.75e-6 + 2000 * 15.25e-6, 1e-12,
	    "3000 x (1.5 + 0.25) us + 2000 x (15 + 0.25) us: %g",
	    term_of(&m, "faults"));
	json_object_set_new(json_object_get(r, "memory"),
	    "free_unreported_bytes", json_real(4096.0 * 4000));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(term_of(&m, "faults"), 5000 * 1.75e-6, 1e-12,
	    "within the unreported memory: %g", term_of(&m, "faults"));
	json_object_del(json_object_get(r, "memory"), "free_unreported_bytes");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(term_of(&m, "faults"), 5000 * 1.75e-6, 1e-12,
	    "no free page reporting: %g", term_of(&m, "faults"));
	json_decref(r);
	json_decref(c);
}

/* The pages the guest handed to its host while a result's runs ran
 * (conditions.host_reported_bytes), a run's share of them (cold run, 2
 * warm-ups, 5 timed: 8 runs share 8,000 pages), pay the host's price on
 * top of the pages past the unreported memory (2000): 3000 of the 5000
 * faults. Not where the result was interleaved with others (the count
 * is the group's), and never more than the faults. */
Test(model, pages_handed_to_the_host_during_the_runs_pay_the_hosts_price)
{
	json_t *c = host_ceilings(), *r = host_run();
	hx_loop_t l = loop_in("probe_rows");
	hx_model_t m;
	char msg[256];

	json_object_set_new(
	    r, "settings", json_pack("{s:i, s:i}", "repeat", 5, "warmup", 2));
	json_object_set_new(r, "conditions",
	    json_pack("{s:f}", "host_reported_bytes", 4096.0 * 8000));

	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(
	    m.reported_pages, 1000.0, 1e-9, "%g", m.reported_pages);
	cr_expect_float_eq(m.host_faults, 3000.0, 1e-9, "%g", m.host_faults);
	cr_expect_float_eq(term_of(&m, "faults"),
	    2000 * 1.75e-6 + 3000 * 15.25e-6, 1e-12, "%g",
	    term_of(&m, "faults"));
	/* Four times as many handed back: capped at the run's faults. */
	json_object_set_new(json_object_get(r, "conditions"),
	    "host_reported_bytes", json_real(4096.0 * 32000));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.host_faults, 5000.0, 1e-9, "%g", m.host_faults);
	/* Interleaved with another result: the pages are the group's. */
	json_object_set_new(json_object_get(r, "conditions"),
	    "interleaved_runs", json_integer(2));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.reported_pages, 0.0, 1e-9, "%g", m.reported_pages);
	cr_expect_float_eq(m.host_faults, 2000.0, 1e-9, "%g", m.host_faults);
	json_decref(r);
	json_decref(c);
}

/* Ceilings of round rates: 1e9 FMAs, adds, multiplies and integer
 * instructions a second, 1e9 gathered indices from each level. */
static json_t *
round_ceilings(double gather_fp_overlap)
{
	json_t *c = json_pack(
	    "{s:f, s:f, s:i, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f}",
	    "add_per_s", 1e9, "fma_flops_per_s", 32e9, "fma_vector_width", 16,
	    "mul_per_s", 1e9, "int_per_s", 1e9, "read_l1_bytes_per_s", 1e12,
	    "write_l1_bytes_per_s", 1e12, "gather_l1_per_s", 1e9,
	    "gather_l2_per_s", 1e9, "gather_l3_per_s", 1e9, "gather_dram_per_s",
	    1e9, "fp_overlap", 0.0);

	if (isfinite(gather_fp_overlap))
		json_object_set_new(
		    c, "gather_fp_overlap", json_real(gather_fp_overlap));
	return c;
}

/* A hot loop of 16 gathered indices and 4 FMAs an iteration, 1e6 units at
 * 16 a loop: gathers 1e6 x 16 / 16 / 1e9 = 1 ms, FMAs 0.25 ms. The FMAs
 * add to the gathers as far as the measured overlap leaves them: all of
 * them at 0, none at 1 or without the ceiling (the maximum), a quarter at
 * 0.75. */
Test(model, gathers_and_fp_combine_by_the_measured_overlap)
{
	json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units", 1e6,
	    "time_s", "median", 0.01);
	hx_loop_t l = gather_loop();
	static const double overlap[3] = {0.0, 1.0, 0.75};
	static const double want[3] = {1.25e-3, 1e-3, 1.0625e-3};
	char msg[256];

	for (int i = 0; i < 4; i++) {
		json_t *c = round_ceilings(i < 3 ? overlap[i] : NAN);
		hx_model_t m;

		cr_assert_eq(hx_model_compute(
				 r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)),
		    0, "%s", msg);
		cr_expect_float_eq(m.predicted_s, i < 3 ? want[i] : 1e-3, 1e-12,
		    "overlap %g: %g s", i < 3 ? overlap[i] : NAN,
		    m.predicted_s);
		json_decref(c);
	}
	json_decref(r);
}

/* The issue term: the hot loop's cycles an iteration as llvm-mca
 * simulates them (hx_loop_t.mca_cycles) at the ceilings' mca_cycle_s. The
 * loop above at 80 cycles of 0.5 ns, 62,500 iterations: 2.5 ms, over its
 * gathers' 1 ms: the limiter, its maximum with them (not their sum) the
 * prediction. Without mca_cycle_s, or without the cycles, no such term. */
Test(model, issue_is_the_simulated_cycles_at_the_calibrated_clock)
{
	json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units", 1e6,
	    "time_s", "median", 0.0025);
	json_t *c = round_ceilings(1.0);
	hx_loop_t l = gather_loop();
	hx_model_t m;
	char msg[256];
	int found = 0;

	l.mca_cycles = 80;
	json_object_set_new(c, "mca_cycle_s", json_real(0.5e-9));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	for (int i = 0; i < m.nterms; i++)
		if (strcmp(m.term[i].name, "issue") == 0) {
			found = 1;
			cr_expect_float_eq(m.term[i].seconds, 2.5e-3, 1e-12);
		}
	cr_expect(found, "no issue term");
	cr_expect_str_eq(m.limiter, "issue");
	cr_expect_float_eq(m.predicted_s, 2.5e-3, 1e-12, "%g", m.predicted_s);
	cr_expect_str_empty(m.issue_missing);
	/* The loop with its broadcasts as loads at 40 cycles: taken where
	 * the ceilings measured that form nearer (mca_broadcast_as_load 1),
	 * 1.25 ms; the loop as compiled where they measured the other (0)
	 * or nothing. */
	l.mca_bload_cycles = 40;
	l.mca_broadcasts = 8;
	json_object_set_new(c, "mca_broadcast_as_load", json_integer(1));
	cr_expect_float_eq(hx_model_mca_cycles(&l, c), 40.0, 1e-12);
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 1.25e-3, 1e-12, "%g", m.predicted_s);
	json_object_set_new(c, "mca_broadcast_as_load", json_integer(0));
	cr_expect_float_eq(hx_model_mca_cycles(&l, c), 80.0, 1e-12);
	json_object_set_new(c, "mca_broadcast_as_load", json_null());
	cr_expect_float_eq(hx_model_mca_cycles(&l, c), 80.0, 1e-12);
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 2.5e-3, 1e-12, "%g", m.predicted_s);
	l.mca_bload_cycles = 80;
	json_object_del(c, "mca_cycle_s");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	for (int i = 0; i < m.nterms; i++)
		cr_expect(strcmp(m.term[i].name, "issue") != 0,
		    "an issue term without the clock");
	cr_expect_float_eq(m.predicted_s, 1e-3, 1e-12, "%g", m.predicted_s);
	cr_expect(strstr(m.issue_missing, "mca_cycle_s") != NULL,
	    "left out without saying the clock is missing: '%s'",
	    m.issue_missing);
	/* No cycles (no llvm-mca read the loop): left out, saying why. */
	json_object_set_new(c, "mca_cycle_s", json_real(0.5e-9));
	l.mca_cycles = 0;
	snprintf(l.mca_note, sizeof(l.mca_note),
	    "llvm-mca: error: found an "
	    "unsupported instruction");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 1e-3, 1e-12, "%g", m.predicted_s);
	cr_expect(strstr(m.issue_missing, "unsupported instruction") != NULL,
	    "left out without llvm-mca's reason: '%s'", m.issue_missing);
	json_decref(c);
	json_decref(r);
}

/* The gathers and the rest of the loop's in-core work (here the issue
 * term, 2.5 ms, over the FMAs' 0.25 ms) combine by the overlap the
 * ceilings measured at the gathers' level, as the gathers and the FMAs
 * of the ceilings' mix did: gathers 1 ms and issue 2.5 ms are 2.5 ms at
 * overlap 1, 3.5 ms at 0, 3 ms at 0.5. Kept on twice L1 (L2 serves
 * them), L2's own overlap decides, not L3's; without it, L3's. */
Test(model, gathers_and_the_rest_combine_by_their_levels_overlap)
{
	json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units", 1e6,
	    "time_s", "median", 0.003);
	json_t *c = round_ceilings(0.0);
	hx_loop_t l = gather_loop();
	double l1 = (double)variant_cache_bytes(1, 0);
	double l2 = (double)variant_cache_bytes(2, 0);
	hx_model_t m;
	char msg[256];

	l.mca_cycles = 80;
	json_object_set_new(c, "mca_cycle_s", json_real(0.5e-9));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(
	    m.predicted_s, 3.5e-3, 1e-12, "overlap 0: %g", m.predicted_s);
	json_object_set_new(c, "gather_fp_overlap", json_real(0.5));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(
	    m.predicted_s, 3e-3, 1e-12, "overlap 0.5: %g", m.predicted_s);
	cr_expect_float_eq(m.gather_fp_overlap, 0.5, 1e-12);
	if (l1 > 0 && l2 > 2 * l1) {
		json_decref(r);
		r = result_beyond_l2();
		json_object_set_new(c, "gather_l1_fp_overlap", json_real(0.0));
		json_object_set_new(c, "gather_l2_fp_overlap", json_real(1.0));
		cr_assert_eq(hx_model_compute(
				 r, &l, 16, 0, 2 * l1, c, &m, msg, sizeof(msg)),
		    0, "%s", msg);
		cr_expect_str_eq(m.gather_level, "l2");
		cr_expect_float_eq(m.gather_fp_overlap, 1.0, 1e-12);
		cr_expect_float_eq(m.predicted_s, 2.5e-3, 1e-12,
		    "L2's overlap 1: %g", m.predicted_s);
		json_object_del(c, "gather_l2_fp_overlap");
		cr_assert_eq(hx_model_compute(
				 r, &l, 16, 0, 2 * l1, c, &m, msg, sizeof(msg)),
		    0, "%s", msg);
		cr_expect_float_eq(
		    m.gather_fp_overlap, 0.5, 1e-12, "without L2's, L3's");
	}
	json_decref(c);
	json_decref(r);
}

/* Gathers from a table past L2 that the level picked puts in L3: L2
 * serves its share of them (its size over the table's, a half at twice
 * L2) at L2's rate, and L3 the rest at its own, the L3 ceiling's rate
 * measured on a table of 8 times L2 less that table's eighth from L2.
 * The loop of the tests above: 1e6 lanes at 2e9 (L2) and 1e9 (the L3
 * ceiling) a second: L3's own (1 ns - 0.5 ns / 8) / (7 / 8) = 15 / 14 ns,
 * the mix 0.5 x 0.5 + 0.5 x 15 / 14 ns = 11 / 14 ns, the FMAs hidden. */
Test(model, gathers_from_l3_come_from_l2_in_its_share)
{
	json_t *r = result_beyond_l2();
	json_t *c = round_ceilings(1.0);
	hx_loop_t l = gather_loop();
	const double l2 = (double)variant_cache_bytes(2, 0);
	hx_model_t m;
	char msg[256];

	json_object_set_new(c, "gather_l2_per_s", json_real(2e9));
	json_object_set_new(c, "gather_l3_table_bytes", json_real(8.0 * l2));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	if (!(l2 > 0) || strcmp(m.gather_level, "l3") != 0) {
		cr_expect_float_eq(m.predicted_s, 1e-3, 1e-12,
		    "no L2 share beyond L3 (%s): %g", m.gather_level,
		    m.predicted_s);
	} else {
		cr_expect_float_eq(m.predicted_s, 11.0 / 14.0 * 1e-3, 1e-12,
		    "half from L2, half from L3's own: %g", m.predicted_s);
	}
	/* A ceiling without its table's size: its rate as measured. */
	json_object_del(c, "gather_l3_table_bytes");
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 1e-3, 1e-12, "%g", m.predicted_s);
	json_decref(c);
	json_decref(r);
}

/* The gathers of a schedule that keeps them on a small part of its inputs
 * (variant_t.gather_bytes_of: interp tiled's two tables) are priced at the
 * level that holds that part, and combined with the FMAs by that level's
 * measured overlap. The loop of the test above, its inputs twice L2: from
 * beyond L2 its gathers take 1e6 / 1e9 = 1 ms, the FMAs (0.25 ms) hidden
 * (overlap 1); kept on 16 KB, L1 serves them at 4e9 a second, 0.25 ms, and
 * the FMAs add (L1's overlap 0): 0.5 ms, or hide when the ceilings lack
 * L1's overlap (L3's then). */
Test(model, gathers_are_priced_where_the_schedule_keeps_them)
{
	json_t *r = result_beyond_l2();
	json_t *c = round_ceilings(1.0);
	hx_loop_t l = gather_loop();
	hx_model_t m;
	char msg[256];

	json_object_set_new(c, "gather_l1_per_s", json_real(4e9));
	json_object_set_new(c, "gather_l2_per_s", json_real(2e9));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect(strcmp(m.gather_level, "l3") == 0 ||
		strcmp(m.gather_level, "dram") == 0,
	    "the inputs, twice L2: %s", m.gather_level);
	cr_expect_float_eq(m.predicted_s, 1e-3, 1e-12, "%g", m.predicted_s);
	/* Three quarters of the indices re-read lines an earlier gather
	 * fetched (interp's F[s + 1] .. F[s + 3]): without the stencil's
	 * ceiling those at L1's rate, 0.25 ms + 0.75 x 1e6 / 4e9 s. */
	l.gather_repeat_lanes = 12;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.gather_repeats_per_unit, 0.75, 1e-12);
	cr_expect_float_eq(m.predicted_s, 0.4375e-3, 1e-12,
	    "a quarter from L3, the rest from L1: %g", m.predicted_s);
	/* With the stencil measured at the gathers' level (4 gathers a
	 * point at 5e8 points a second: 2 ns, one gather's 1 ns and 3
	 * re-reads at a third of a nanosecond each), the re-reads take its
	 * price: 0.25 ms + 0.75e6 x (1/3) ns = 0.5 ms. */
	json_object_set_new(c, "gather_stencil_l3_per_s", json_real(5e8));
	json_object_set_new(c, "gather_stencil_dram_per_s", json_real(5e8));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 0.5e-3, 1e-12,
	    "re-reads at the stencil's price: %g", m.predicted_s);
	/* A stencil no slower than one gather says nothing of the
	 * re-reads: L1's rate again. */
	json_object_set_new(c, "gather_stencil_l3_per_s", json_real(2e9));
	json_object_set_new(c, "gather_stencil_dram_per_s", json_real(2e9));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 0.4375e-3, 1e-12,
	    "a stencil faster than a gather: %g", m.predicted_s);
	l.gather_repeat_lanes = 0;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 16384, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_str_eq(m.gather_level, "l1");
	cr_expect_float_eq(m.gather_bytes, 16384.0, 1e-9);
	cr_expect_float_eq(m.predicted_s, 0.25e-3, 1e-12,
	    "L1's gathers, the FMAs hidden by L3's overlap: %g", m.predicted_s);
	json_object_set_new(c, "gather_l1_fp_overlap", json_real(0.0));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 16384, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 0.5e-3, 1e-12,
	    "L1's gathers and the FMAs added by L1's overlap: %g",
	    m.predicted_s);
	json_decref(c);
	json_decref(r);
}

/* Gathers that L3 serves are priced at the rate the ceilings' gather
 * ladder measured at their tables' size: the logarithm of the rate linear
 * in the logarithm of the size. The loop of the tests above (16 gathered
 * indices and 4 FMAs an iteration, 1e6 units, the FMAs hidden), its tables
 * at 2^1.5 L2 (L2 of this machine), between the ladder's 2 L2 (1e9 a
 * second) and 4 L2 (5e8): 7.07e8 a second, 1.414 ms; beyond the ladder, the
 * last size's rate; without it, L3's own rate. The stencil's ladder, at
 * half those rates, prices the re-reads: (2.828 - 1.414) / 3 ns each. */
Test(model, l3_gathers_take_the_ladders_rate_at_their_tables_size)
{
	const double l2 = variant_cache_bytes(2, 0) > 0
	    ? (double)variant_cache_bytes(2, 0)
	    : 1048576.0;
	json_t *r = result_beyond_l2();
	json_t *c = round_ceilings(1.0);
	hx_loop_t l = gather_loop();
	hx_model_t m;
	char msg[256];

	/* L3 holds 32 L2, by the read ladder, whatever this machine
	 * states. */
	json_object_set_new(c, "read_l3_bytes_per_s", json_real(1e11));
	json_object_set_new(c, "read_dram_bytes_per_s", json_real(1e10));
	json_object_set_new(c, "stream_l3_array_bytes", json_real(16.0 * l2));
	json_object_set_new(
	    c, "read_ladder_bytes", json_pack("[f, f]", 32.0 * l2, 64.0 * l2));
	json_object_set_new(
	    c, "read_ladder_bytes_per_s", json_pack("[f, f]", 9e10, 1e10));
	json_object_set_new(c, "gather_l2_table_bytes", json_real(l2 / 2.0));
	json_object_set_new(c, "gather_l2_per_s", json_real(2e9));
	json_object_set_new(c, "gather_ladder_bytes",
	    json_pack("[f, f, f]", 2.0 * l2, 4.0 * l2, 8.0 * l2));
	json_object_set_new(
	    c, "gather_ladder_per_s", json_pack("[f, f, f]", 1e9, 5e8, 2.5e8));
	json_object_set_new(c, "gather_stencil_ladder_per_s",
	    json_pack("[f, f, f]", 5e8, 2.5e8, 1.25e8));
	cr_assert_eq(hx_model_compute(r, &l, 16, 0, pow(2.0, 1.5) * l2, c, &m,
			 msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_str_eq(m.gather_level, "l3");
	cr_expect_float_eq(m.predicted_s, 1e-3 * sqrt(2.0), 1e-9,
	    "between the ladder's first two sizes: %g", m.predicted_s);
	cr_expect_float_eq(m.gather_l2_share, 0.0, 1e-12);
	/* Three quarters re-read: a quarter at 1.414 ns, the rest at the
	 * stencil's less one gather's, over 3: 0.707 ms in all. */
	l.gather_repeat_lanes = 12;
	cr_assert_eq(hx_model_compute(r, &l, 16, 0, pow(2.0, 1.5) * l2, c, &m,
			 msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_float_eq(m.predicted_s, 0.5e-3 * sqrt(2.0), 1e-9,
	    "re-reads at the stencil ladder's price: %g", m.predicted_s);
	l.gather_repeat_lanes = 0;
	/* Past the ladder's last size, still in L3: its rate. */
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 16.0 * l2, c, &m, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_str_eq(m.gather_level, "l3");
	cr_expect_float_eq(m.predicted_s, 4e-3, 1e-9, "%g", m.predicted_s);
	/* Between L2's table and the first size: from L2's rate. At 1.5
	 * L2 (log2 of 3 between 0.5 and 2 L2's log2 of 4), 2e9 x (1/2)^(log
	 * 3 / log 4). */
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 1.5 * l2, c, &m, msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_str_eq(m.gather_level, "l3");
	cr_expect_float_eq(m.predicted_s,
	    1e6 / (2e9 * pow(0.5, log(3.0) / log(4.0))), 1e-9, "%g",
	    m.predicted_s);
	/* Ceilings from before the ladder: L3's own rate. */
	json_object_del(c, "gather_ladder_bytes");
	cr_assert_eq(hx_model_compute(r, &l, 16, 0, pow(2.0, 1.5) * l2, c, &m,
			 msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect_float_eq(m.predicted_s, 1e-3, 1e-9, "%g", m.predicted_s);
	json_decref(c);
	json_decref(r);
}

/* A schedule that leaves its gathers' part and comes back (interp tiled)
 * fetches that part's lines again from the level of all the inputs: the
 * loop of the test above kept on 16 KB (L1: 0.25 ms, the FMAs added, L1's
 * overlap 0: 0.5 ms), its inputs twice L2; 128 bytes a unit brought back
 * is 2 lines, 2e6 gather indices from beyond L2 at 1e9 a second: 2 ms
 * more, a data term of that level, added. With the inputs in the gathers'
 * own level there is nothing to bring back; a refill of 0 prices none. */
Test(model, a_refill_is_priced_from_the_level_of_the_inputs)
{
	json_t *r = result_beyond_l2();
	json_t *c = round_ceilings(1.0);
	hx_loop_t l = gather_loop();
	hx_model_t m;
	char msg[256];
	double term = NAN;

	json_object_set_new(c, "gather_l1_per_s", json_real(4e9));
	json_object_set_new(c, "gather_l1_fp_overlap", json_real(0.0));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 16384, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	cr_expect_float_eq(m.predicted_s, 0.5e-3, 1e-12, "%g", m.predicted_s);
	hx_model_add_refill(&m, r, c, 0.0);
	cr_expect_float_eq(m.predicted_s, 0.5e-3, 1e-12, "no refill");
	cr_expect_null(m.gather_refill_level);
	hx_model_add_refill(&m, r, c, 128.0);
	cr_expect_float_eq(m.predicted_s, 2.5e-3, 1e-12,
	    "2 lines a unit from beyond L2: %g", m.predicted_s);
	cr_assert_not_null(m.gather_refill_level);
	cr_expect(strcmp(m.gather_refill_level, "l3") == 0 ||
		strcmp(m.gather_refill_level, "dram") == 0,
	    "%s", m.gather_refill_level);
	for (int i = 0; i < m.nterms; i++)
		if (strcmp(m.term[i].name, m.gather_refill_level) == 0)
			term = m.term[i].seconds;
	cr_expect_float_eq(term, 2e-3, 1e-12, "its level's term: %g", term);
	cr_expect_float_eq(m.error, (2.5e-3 - 0.01) / 0.01, 1e-9,
	    "recombined against the measured 10 ms: %g", m.error);
	/* The inputs in L1 with the gathers: nothing comes back. */
	json_object_set_new(
	    json_object_get(r, "memory"), "input_bytes", json_real(16384.0));
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, 16384, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	hx_model_add_refill(&m, r, c, 128.0);
	cr_expect_float_eq(m.predicted_s, 0.5e-3, 1e-12, "%g", m.predicted_s);
	cr_expect_null(m.gather_refill_level);
	json_decref(c);
	json_decref(r);
}

/* Two passes beside the hot loop: each priced by the in-core rule an
 * iteration (a scalar loop of 3 integer instructions and an add: 3 ns, its
 * add under them; a loop of 2 FMAs and 2 adds, fp_overlap 0: 4 ns) times
 * its iterations, their sum the term "passes", added to the hot loop's
 * prediction, not overlapping it. */
Test(model, passes_add_their_in_core_time)
{
	json_t *c = round_ceilings(NAN);
	json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units", 1e6,
	    "time_s", "median", 0.01);
	hx_loop_t l = loop_in("probe_rows");
	hx_model_pass_t pass[2];
	hx_model_t m;
	char msg[256];
	double hot;

	l.kind[HX_INSN_FMA] = 16; /* 1e6 / 16 x 16 / 1e9: 1 ms */
	memset(pass, 0, sizeof(pass));
	pass[0].loop = loop_in("probe_scatter");
	pass[0].loop.kind[HX_INSN_OTHER] = 3;
	pass[0].loop.kind[HX_INSN_ADD] = 1;
	pass[0].iterations = 1e5;
	pass[1].loop = loop_in("probe_keys");
	pass[1].loop.kind[HX_INSN_FMA] = 2;
	pass[1].loop.kind[HX_INSN_ADD] = 2;
	pass[1].iterations = 1e4;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	hot = m.predicted_s;
	cr_expect_float_eq(hot, 1e-3, 1e-12, "%g", hot);
	hx_model_add_passes(&m, c, pass, 2);
	cr_assert_eq(m.npasses, 2);
	cr_expect_float_eq(
	    m.pass[0].seconds, 1e5 * 3e-9, 1e-15, "%g", m.pass[0].seconds);
	cr_expect_float_eq(
	    m.pass[1].seconds, 1e4 * 4e-9, 1e-15, "%g", m.pass[1].seconds);
	cr_expect_float_eq(
	    term_of(&m, "passes"), 3.4e-4, 1e-15, "%g", term_of(&m, "passes"));
	cr_expect_float_eq(m.predicted_s, hot + 3.4e-4, 1e-12,
	    "the passes add: %g", m.predicted_s);
	json_decref(r);
	json_decref(c);
}

/* A pass that calls two library functions: its own instructions by the
 * in-core rule (3 integer ones: 3 ns an iteration), and each call at the
 * ceilings' measured price (cosf 20 ns, sinf 30 ns), added; a callee the
 * ceilings do not price (memcpy) counts nothing. */
Test(model, a_pass_pays_its_calls_at_their_measured_price)
{
	json_t *c = round_ceilings(NAN);
	json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units", 1e6,
	    "time_s", "median", 0.01);
	hx_loop_t l = loop_in("probe_rows");
	hx_model_pass_t pass;
	hx_model_t m;
	char msg[256];

	json_object_set_new(c, "call_cosf_s", json_real(20e-9));
	json_object_set_new(c, "call_sinf_s", json_real(30e-9));
	l.kind[HX_INSN_FMA] = 16;
	memset(&pass, 0, sizeof(pass));
	pass.loop = loop_in("probe_angles");
	cr_assert_eq(hx_disasm_count(&pass.loop, "call", "f3e0 <cosf@plt>"), 0);
	cr_assert_eq(hx_disasm_count(&pass.loop, "call", "f4a0 <sinf@plt>"), 0);
	cr_assert_eq(
	    hx_disasm_count(&pass.loop, "call", "f100 <memcpy@plt>"), 0);
	cr_assert_eq(hx_disasm_count(&pass.loop, "call", "4e860 <f+0x10>"), 0);
	cr_assert_eq(pass.loop.ncallees, 3, "cosf, sinf and memcpy: %d",
	    pass.loop.ncallees);
	cr_expect_str_eq(pass.loop.callee[0], "cosf");
	cr_expect_float_eq(pass.loop.calls[1], 1.0, 1e-12);
	pass.loop.kind[HX_INSN_OTHER] = 3;
	pass.iterations = 1e4;
	cr_assert_eq(
	    hx_model_compute(r, &l, 16, 0, NAN, c, &m, msg, sizeof(msg)), 0,
	    "%s", msg);
	hx_model_add_passes(&m, c, &pass, 1);
	cr_expect_float_eq(m.pass[0].seconds, 1e4 * (3e-9 + 20e-9 + 30e-9),
	    1e-15, "%g", m.pass[0].seconds);
	json_decref(r);
	json_decref(c);
}

/* Skips a test of what gcc made of the variants outside the measuring
 * builds: those at -O2 and up with AVX2 or AVX-512 (not the -O1 sanitizer
 * build, nor one without AVX2). */
#if defined(__AVX2__)
#define MEASURING_BUILD_ONLY()                                                 \
	do {                                                                   \
		if (strstr(FB_CFLAGS, "SANITIZER=") != NULL ||                 \
		    strstr(FB_CFLAGS, " -O1") != NULL)                         \
			cr_skip_test(                                          \
			    "an -O1 sanitizer build (%s)", FB_CFLAGS);         \
	} while (0)
#else
#define MEASURING_BUILD_ONLY() cr_skip_test("not an AVX2 or AVX-512 build")
#endif

/* Every pass a built-in variant states is in this build's code, at its
 * lanes, and runs at least once at the variant's defaults: a pass whose
 * loop the compiler moved (another width, inlined) would silently drop
 * out of the prediction. The measuring builds only (-O2 and up, AVX2 or
 * AVX-512). */
Test(model, stated_passes_are_in_the_code)
{
	int checked = 0;

	MEASURING_BUILD_ONLY();
	for (const variant_t *const *v = variant_table; *v != NULL; v++) {
		hx_model_pass_t pass[VARIANT_PASSES];
		params_t p;
		char msg[256];
		int stated = 0, n = -1;

		while (stated < VARIANT_PASSES &&
		    (*v)->passes[stated].function != NULL)
			stated++;
		if (stated == 0)
			continue;
		(*v)->workload->defaults(&p);
		cr_assert_eq(
		    hx_model_passes_work(*v, &p, pass, &n, msg, sizeof(msg)), 0,
		    "%s/%s: %s", (*v)->workload->name, (*v)->name, msg);
		cr_expect_eq(n, stated, "%s/%s: %d of %d passes found",
		    (*v)->workload->name, (*v)->name, n, stated);
		for (int i = 0; i < n; i++)
			cr_expect(
			    pass[i].iterations >= 1 && pass[i].loop.insns > 0,
			    "%s/%s pass %d: %g iterations of %d instructions",
			    (*v)->workload->name, (*v)->name, i,
			    pass[i].iterations, pass[i].loop.insns);
		checked++;
	}
	cr_expect_geq(checked, 2, "interp sorted and hoisted state passes");
}

/* The stated pass of variant w/v whose loop lies in function fn, at the
 * variant's defaults on one thread; fails when it has none. */
static hx_model_pass_t
pass_in(const char *w, const char *v, const char *fn)
{
	const variant_t *var = variant_find(w, v);
	hx_model_pass_t pass[VARIANT_PASSES];
	params_t p;
	char msg[256];
	int n = 0;

	cr_assert_not_null(var, "no variant %s/%s", w, v);
	var->workload->defaults(&p);
	p.threads = 1;
	cr_assert_eq(hx_model_passes_work(var, &p, pass, &n, msg, sizeof(msg)),
	    0, "%s", msg);
	for (int i = 0; i < n; i++)
		if (strcmp(pass[i].loop.function, fn) == 0) {
			pass[i].iterations /= (double)p.steps;
			return pass[i];
		}
	cr_assert_fail("%s/%s states no pass in %s", w, v, fn);
	return pass[0];
}

/* A pass is priced on the loop a run executes. On one thread
 * VARIANT_PARALLEL runs a region's serial copy, not the body OpenMP
 * outlines (._omp_fn.N), which the serial search leaves out. colony's
 * step ran its integration in such a region, and the serial copy gcc
 * made of it was a scalar loop with two branches a wrap (the outlined
 * one packed on xmm); one function both run now, vectorized: its pass
 * counts a particle a lane (per_lane), as chunked's sum of the stored
 * rows counts a pair a lane. The measuring builds only (-O2 and up,
 * AVX2 or AVX-512). */
Test(model, passes_price_the_loop_a_run_executes)
{
	char msg[256], exe[4096];
	char *all, *serial;
	hx_model_pass_t in, sum;
	params_t d;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	MEASURING_BUILD_ONLY();
	cr_assert_gt(len, 0);
	exe[len] = '\0';
	all =
	    hx_disasm_functions(exe, "colony_cells_step", 1, msg, sizeof(msg));
	serial = hx_disasm_functions(
	    exe, "colony_cells_step", HX_DISASM_SERIAL, msg, sizeof(msg));
	cr_assert(all != NULL && serial != NULL, "%s", msg);
	cr_expect_not_null(strstr(all, "<colony_cells_step._omp_fn.0>:"));
	cr_expect_not_null(strstr(serial, "<colony_cells_step>:"));
	cr_expect_null(strstr(serial, "._omp_fn.0>:"));
	free(all);
	free(serial);

	colony_workload.defaults(&d);
	in = pass_in("colony", "fused", "colony_integrate");
	cr_expect_geq(
	    in.loop.lanes, 8, "the integration at %d lanes", in.loop.lanes);
	cr_expect_float_eq(in.iterations, (double)d.n / in.loop.lanes, 1e-9,
	    "%g iterations a step", in.iterations);
	sum = pass_in("colony", "chunked", "colony_rows_sum");
	cr_expect_geq(sum.loop.lanes, 8);
	cr_expect_float_eq(sum.iterations,
	    (double)d.n * (double)d.n / sum.loop.lanes, 1e-9,
	    "%g iterations a step", sum.iterations);
}

/* The model's hot loop lies in the function the variant's in-core entry
 * names first (the one that holds its pair or point loop): where the
 * entry also named the caller it is inlined into, another loop there
 * could win (interp sorted on AVX2: sorted_block2 inlined into
 * interp_sorted_bucket, whose weights loop has more ymm instructions was
 * taken, and --profile found no sample in the loop priced), and it is a
 * loop of packed arithmetic (colony cells built for an Intel CPU: its
 * band's zmm copy loop was wider than its ymm pair loop and was taken).
 * The measuring builds only (-O2 and up, AVX2 or AVX-512). */
Test(model, hot_loops_lie_in_the_named_function)
{
	int checked = 0;

	MEASURING_BUILD_ONLY();
	for (const variant_t *const *v = variant_table; *v != NULL; v++) {
		hx_loop_t *loop = calloc(1, sizeof(*loop));
		char msg[256], first[128];
		size_t n;

		cr_assert_not_null(loop);
		if ((*v)->incore.functions == NULL ||
		    (*v)->hot_symbol != NULL || (*v)->workload->hidden) {
			free(loop);
			continue;
		}
		n = strcspn((*v)->incore.functions, " ");
		snprintf(first, sizeof(first), "%.*s", (int)n,
		    (*v)->incore.functions);
		cr_assert_eq(hx_model_work(*v, loop, msg, sizeof(msg)), 0,
		    "%s/%s: %s", (*v)->workload->name, (*v)->name, msg);
		cr_expect(strncmp(loop->function, first, n) == 0 &&
			(loop->function[n] == '\0' || loop->function[n] == '.'),
		    "%s/%s: hot loop in %s, not %s", (*v)->workload->name,
		    (*v)->name, loop->function, first);
		cr_expect_gt(loop->lanes, 1,
		    "%s/%s: hot loop %s+%#lx does no packed arithmetic (%d "
		    "instructions, %d-byte vectors)",
		    (*v)->workload->name, (*v)->name, loop->function,
		    (unsigned long)loop->start, loop->insns,
		    loop->vector_bytes);
		free(loop);
		checked++;
	}
	cr_expect_geq(checked, 9, "%d variants", checked);
}

/* A loop of 4 FMAs an iteration whose chain runs through a divide: at the
 * round ceilings its FMAs take 4 / (32e9 / 32) = 4 ns an iteration. With
 * latencies FMA 2 ns and divide 10 ns, each instruction reading the last
 * one's result, they start at 0, 2, 4, 14 and 16 ns: 36 ns of starts (the
 * chain 18 ns), over a window of 2 waiting instructions, 18 ns an
 * iteration: the latency term, the limiter, 1e6 units at 16 a loop =
 * 62500 iterations, 1.125 ms. With a window of 100 it is 0.36 ns an
 * iteration and the FMAs' 4 ns rule: 0.25 ms. */
Test(model, chains_limit_when_the_window_is_small)
{
	hx_loop_t *l = calloc(1, sizeof(*l));
	static const char *const insns[][2] = {
	    {"vfmadd231ps", "%zmm0,%zmm1,%zmm2"},
	    {"vfmadd231ps", "%zmm2,%zmm1,%zmm3"},
	    {"vdivps", "%zmm3,%zmm1,%zmm4"},
	    {"vfmadd231ps", "%zmm4,%zmm1,%zmm5"},
	    {"vfmadd231ps", "%zmm5,%zmm1,%zmm6"}};
	static const double window[2] = {2.0, 100.0},
			    want[2] = {1.125e-3, 0.25e-3};
	char msg[256];

	cr_assert_not_null(l);
	snprintf(l->function, sizeof(l->function), "probe_rows");
	l->lanes = 16;
	for (int i = 0; i < 5; i++)
		hx_flow_add(l, insns[i][0], insns[i][1]);
	l->kind[HX_INSN_FMA] = 4;
	for (int w = 0; w < 2; w++) {
		json_t *c = round_ceilings(1.0);
		json_t *r = json_pack("{s:{s:f}, s:{s:f}}", "work", "units",
		    1e6, "time_s", "median", want[w]);
		hx_model_t m;

		json_object_set_new(c, "latency_fma_s", json_real(2e-9));
		json_object_set_new(c, "latency_div_s", json_real(10e-9));
		json_object_set_new(c, "latency_load_s", json_real(1e-9));
		json_object_set_new(c, "wait_window", json_real(window[w]));
		cr_assert_eq(
		    hx_model_compute(r, l, 16, 0, NAN, c, &m, msg, sizeof(msg)),
		    0, "%s", msg);
		cr_expect_float_eq(m.predicted_s, want[w], 1e-12,
		    "window %g: %g s", window[w], m.predicted_s);
		cr_expect_float_eq(
		    m.chain_s, 18e-9, 1e-15, "chain %g s", m.chain_s);
		cr_expect_str_eq(m.limiter, w == 0 ? "latency" : "fma");
		json_decref(c);
		json_decref(r);
	}
	free(l);
}

/* A profile's seconds a run over a range: its samples at offsets in [lo,
 * hi) times the period over the runs, less those of the ranges inside it;
 * none without a profile. */
Test(model, profile_seconds_sum_a_range_less_its_inner_loops)
{
	json_t *prof = json_pack("{s:f, s:i, s:[[i,i],[i,i],[i,i],[i,i]]}",
	    "period_s", 1e-4, "runs", 4, "addresses", 0x100, 8, 0x180, 4, 0x1c0,
	    20, 0x300, 2);
	const uint64_t inner[1][2] = {{0x180, 0x1c1}};

	cr_assert_not_null(prof);
	/* 0x100 to 0x1ff holds 8 + 4 + 20 samples: 32 x 100 us / 4 runs. */
	cr_expect_float_eq(
	    hx_profile_seconds(prof, 0x100, 0x200, NULL, 0), 8e-4, 1e-12);
	/* Less the inner loop [0x180, 0x1c0]: 8 samples. */
	cr_expect_float_eq(
	    hx_profile_seconds(prof, 0x100, 0x200, inner, 1), 2e-4, 1e-12);
	/* hi is not in the range. */
	cr_expect_float_eq(
	    hx_profile_seconds(prof, 0x100, 0x1c0, NULL, 0), 3e-4, 1e-12);
	cr_expect_float_eq(
	    hx_profile_seconds(prof, 0, UINT64_MAX, NULL, 0), 8.5e-4, 1e-12);
	cr_expect(isnan(hx_profile_seconds(NULL, 0, 1, NULL, 0)));
	json_decref(prof);
}
