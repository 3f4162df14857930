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

/* Runs v twice at its workload's smoke configuration: the first digest
 * against the reference ref, the second against the first. */
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
	    "%s %s at n %llu: %s", w->name, v->name, (unsigned long long)p->n,
	    msg);
	for (int f = 0; f < w->digest_count; f++) {
		cr_expect_eq(got[f], again[f],
		    "%s %s: %s %.9g on the first run, %.9g on the second",
		    w->name, v->name, w->digest_names[f], got[f], again[f]);
	}
}

Test(variants, every_variant_agrees_with_reference_at_smoke)
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

Test(variants, smoke_differs_from_defaults_only_in_sizes)
{
	/* The smoke configuration is the defaults made small: the same seed
	 * and preset, so the smoke run exercises the default inputs' code. */
	for (size_t w = 0; workload_table[w] != NULL; w++) {
		const workload_t *wl = workload_table[w];
		params_t d, s;

		wl->defaults(&d);
		wl->smoke(&s);
		cr_expect(d.seed == s.seed && d.preset == s.preset,
		    "%s: smoke seed %llu preset %d, defaults %llu %d", wl->name,
		    (unsigned long long)s.seed, s.preset,
		    (unsigned long long)d.seed, d.preset);
		cr_expect_leq(s.n, d.n, "%s: smoke n %llu above the default",
		    wl->name, (unsigned long long)s.n);
	}
}
