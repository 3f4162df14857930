/*
 * The tables' own tests: every variant of every listed workload agrees with
 * its workload's float64 reference at the workload's smoke configuration,
 * and a second measured run on the same state gives the same digest. The
 * variants come from variant_table, so a new variant is tested here the day
 * its table line is added.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "variant.h"

/* One measured run as the harness makes it: reset, steps, digest. */
static void
variants_measured_run(
    const variant_t *v, void *state, const params_t *p, double *digest)
{
	v->reset(state);
	for (uint64_t k = 0; k < v->workload->steps(p); k++) {
		cr_assert_eq(v->step(state, k), 0, "%s %s: step %llu failed",
		    v->workload->name, v->name, (unsigned long long)k);
	}
	v->digest(state, digest);
}

/* Runs v twice at its workload's smoke configuration (at p->threads
 * threads): the first digest against the reference ref, the second against
 * the first, bit for bit (a fixed T sums in a fixed order). */
static void
variants_check_smoke(const variant_t *v, const params_t *p, const double *ref)
{
	const workload_t *w = v->workload;
	double got[DIGEST_MAX], again[DIGEST_MAX];
	void *state = NULL;
	char msg[256] = "";

	if (v->check != NULL) {
		cr_assert_eq(v->check(p, msg, sizeof(msg)), 0,
		    "%s %s refuses its smoke configuration: %s", w->name,
		    v->name, msg);
	}
	cr_assert_eq(
	    v->setup(p, &state), 0, "%s %s: setup failed", w->name, v->name);
	variants_measured_run(v, state, p, got);
	variants_measured_run(v, state, p, again);
	v->teardown(state);
	cr_expect_eq(w->validate(p, got, ref, msg, sizeof(msg)), 0,
	    "%s %s at n %llu, %d threads: %s", w->name, v->name,
	    (unsigned long long)p->n, variant_threads(p), msg);
	for (int f = 0; f < w->digest_count; f++) {
		cr_expect_eq(got[f], again[f],
		    "%s %s, %d threads: %s %.17g on the first run, %.17g on "
		    "the second",
		    w->name, v->name, variant_threads(p), w->digest_names[f],
		    got[f], again[f]);
	}
}

/* Every variant of every listed workload at the smoke configuration with
 * `threads` threads. */
static void
variants_check_all(uint64_t threads)
{
	int workloads = 0;

	for (size_t w = 0; workload_table[w] != NULL; w++) {
		const workload_t *wl = workload_table[w];
		double ref[DIGEST_MAX];
		params_t p;
		char msg[256] = "";
		int nvariants = 0;

		if (wl->hidden)
			continue;
		cr_assert_not_null(
		    wl->smoke, "%s: no smoke configuration", wl->name);
		wl->smoke(&p);
		p.threads = threads;
		cr_assert_eq(wl->check(&p, msg, sizeof(msg)), 0,
		    "%s refuses its own smoke configuration: %s", wl->name,
		    msg);
		cr_assert_eq(wl->reference(&p, ref), 0, "%s: reference failed",
		    wl->name);
		for (size_t v = 0; variant_table[v] != NULL; v++) {
			if (variant_table[v]->workload != wl)
				continue;
			variants_check_smoke(variant_table[v], &p, ref);
			nvariants++;
		}
		cr_expect_gt(nvariants, 1, "%s: %d variants in the table",
		    wl->name, nvariants);
		workloads++;
	}
	cr_expect_geq(workloads, 2, "%d listed workloads", workloads);
}

Test(variants, every_variant_agrees_with_reference_at_smoke)
{
	variants_check_all(1);
}

/* Two threads on this two-core machine, and three: more threads than
 * cores, and shares of unequal length. */
Test(variants, every_variant_agrees_with_reference_at_2_threads)
{
	variants_check_all(2);
}

Test(variants, every_variant_agrees_with_reference_at_3_threads)
{
	variants_check_all(3);
}

/* v at p, set up afresh with a threads and with b, one measured run each:
 * the two digests, bit for bit. */
static void
variants_expect_same_digest(
    const variant_t *v, params_t p, uint64_t a, uint64_t b)
{
	double da[DIGEST_MAX], db[DIGEST_MAX];
	void *state = NULL;

	p.threads = a;
	cr_assert_eq(v->setup(&p, &state), 0);
	variants_measured_run(v, state, &p, da);
	v->teardown(state);
	p.threads = b;
	cr_assert_eq(v->setup(&p, &state), 0);
	variants_measured_run(v, state, &p, db);
	v->teardown(state);
	for (int f = 0; f < v->workload->digest_count; f++)
		cr_expect_eq(da[f], db[f],
		    "%s %s: %s %.17g at %llu threads, %.17g at %llu",
		    v->workload->name, v->name, v->workload->digest_names[f],
		    da[f], (unsigned long long)a, db[f], (unsigned long long)b);
}

/* colony's state at the end of a run does not depend on T where each
 * particle's sums are made by one thread in one order (every variant but
 * tiled, whose threads' force buffers add in thread order): N = 1003, a
 * multiple of neither a vector nor T, so that the shares of the step's
 * vectorized integration end inside a vector. Its shares are whole
 * blocks of 16 (variant_share_blocks); split particle by particle, at 3
 * threads a particle went through the loop's remainder, which gcc
 * contracts differently from its vector body, and sum_disp moved in
 * its 12th digit. */
Test(variants, colony_state_does_not_depend_on_threads)
{
	int checked = 0;

	for (size_t v = 0; variant_table[v] != NULL; v++) {
		const variant_t *var = variant_table[v];
		params_t p;

		if (strcmp(var->workload->name, "colony") != 0 ||
		    strcmp(var->name, "tiled") == 0)
			continue;
		var->workload->smoke(&p);
		p.n = 1003;
		p.steps = 3;
		for (uint64_t t = 2; t <= 3; t++)
			variants_expect_same_digest(var, p, 1, t);
		checked++;
	}
	cr_expect_geq(checked, 5, "%d colony variants", checked);
}

/* One thread's schedule is the one from before threads existed: T = 1 and
 * a params_t without the field (0) give the same digest, bit for bit. */
Test(variants, zero_threads_is_one_thread)
{
	for (size_t v = 0; variant_table[v] != NULL; v++) {
		const variant_t *var = variant_table[v];
		params_t p;

		if (var->workload->hidden)
			continue;
		var->workload->smoke(&p);
		variants_expect_same_digest(var, p, 1, 0);
	}
}

Test(variants, threads_out_of_bounds_refused)
{
	for (size_t w = 0; workload_table[w] != NULL; w++) {
		const workload_t *wl = workload_table[w];
		char msg[256] = "";
		params_t p;

		if (wl->hidden)
			continue;
		wl->smoke(&p);
		p.threads = VARIANT_THREADS_MAX + 1;
		cr_expect_neq(wl->check(&p, msg, sizeof(msg)), 0,
		    "%s accepts %d threads", wl->name, VARIANT_THREADS_MAX + 1);
		cr_expect(
		    strstr(msg, "threads") != NULL, "%s: '%s'", wl->name, msg);
		p.threads = VARIANT_THREADS_MAX;
		cr_expect_eq(wl->check(&p, msg, sizeof(msg)), 0, "%s: %s",
		    wl->name, msg);
	}
}

Test(variants, smoke_differs_from_defaults_only_in_sizes)
{
	/* The smoke configuration is the defaults made small: the same seed
	 * and preset, so the smoke run exercises the default inputs' code. */
	for (size_t w = 0; workload_table[w] != NULL; w++) {
		const workload_t *wl = workload_table[w];
		params_t d, s;

		wl->defaults(&d);
		wl->smoke(&s);
		cr_expect(d.seed == s.seed,
		    "%s: smoke seed %llu, defaults %llu", wl->name,
		    (unsigned long long)s.seed, (unsigned long long)d.seed);
		/* Its own choices (interp's preset) as well. */
		for (size_t i = 0; wl->extra_params != NULL &&
		     wl->extra_params[i].name != NULL;
		     i++) {
			if (wl->extra_params[i].choices == NULL)
				continue;
			cr_expect_eq(s.extra[i], d.extra[i],
			    "%s: smoke %s %llu, defaults %llu", wl->name,
			    wl->extra_params[i].name,
			    (unsigned long long)s.extra[i],
			    (unsigned long long)d.extra[i]);
		}
		cr_expect_leq(s.n, d.n, "%s: smoke n %llu above the default",
		    wl->name, (unsigned long long)s.n);
	}
}
