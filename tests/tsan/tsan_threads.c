/*
 * tsan_threads: the threaded code under ThreadSanitizer, as a plain program
 * (`make SANITIZER=thread test-unit` runs it in place of the Criterion unit
 * tests, which cannot start under ThreadSanitizer: Criterion's test arena
 * is mapped where TSan keeps its shadow memory, Snaipe/Criterion#274).
 *
 * It runs every variant of every listed workload at its smoke
 * configuration with 1, 2 and 3 threads, twice each, checks the digest
 * against the float64 reference and the second run against the first (bit
 * for bit), then measures threaded runs the way `harness run` does in
 * process (the team's peaks, the sampler thread tracking the allocated
 * bytes, inherited counters). A race makes TSan fail the program
 * (halt_on_error); a wrong digest makes it exit 1.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "hx_run.h"
#include "variant.h"

/* Two measured runs of v at p; 0 when both agree with ref and each other. */
static int
tsan_variant(const variant_t *v, const params_t *p, const double *ref)
{
	const workload_t *w = v->workload;
	double got[2][DIGEST_MAX];
	void *state = NULL;
	char msg[256] = "";
	int bad = 0;

	if (v->setup(p, &state) != 0) {
		fprintf(stderr, "%s %s: setup failed\n", w->name, v->name);
		return -1;
	}
	for (int run = 0; run < 2; run++) {
		v->reset(state);
		for (uint64_t k = 0; k < w->steps(p); k++)
			bad |= v->step(state, k) != 0;
		v->digest(state, got[run]);
	}
	v->teardown(state);
	if (bad || w->validate(p, got[0], ref, msg, sizeof(msg)) != 0 ||
	    memcmp(got[0], got[1], sizeof(double) * (size_t)w->digest_count)) {
		fprintf(stderr, "%s %s, %d threads: %s\n", w->name, v->name,
		    variant_threads(p), bad ? "a step failed" : msg);
		return -1;
	}
	return 0;
}

static int
tsan_all_variants(void)
{
	int failed = 0, checked = 0;

	for (size_t i = 0; workload_table[i] != NULL; i++) {
		const workload_t *w = workload_table[i];
		double ref[DIGEST_MAX];
		params_t p;

		if (w->hidden)
			continue;
		w->smoke(&p);
		if (w->reference(&p, ref) != 0)
			return -1;
		for (uint64_t t = 1; t <= 3; t++) {
			p.threads = t;
			for (size_t j = 0; variant_table[j] != NULL; j++) {
				if (variant_table[j]->workload != w)
					continue;
				failed |=
				    tsan_variant(variant_table[j], &p, ref);
				checked++;
			}
		}
	}
	printf(
	    "tsan_threads: %d variant runs at 1, 2 and 3 threads\n", checked);
	return failed;
}

/* One in-process measurement with the sampler and counters, as `harness
 * run --no-fork --timeline-interval 100` makes it. */
static int
tsan_measure(const char *workload, const char *variant, uint64_t threads)
{
	const workload_t *w = workload_find(workload);
	const variant_t *v = variant_find(workload, variant);
	hx_run_config_t cfg;
	json_t *r;
	int ok;

	hx_run_config_init(&cfg, w, v);
	w->smoke(&cfg.params);
	cfg.params.threads = threads;
	cfg.repeat = 2;
	cfg.events = "perf::task-clock";
	cfg.timeline_interval_us = 100;
	r = hx_run_result(&cfg);
	ok = r != NULL &&
	    strcmp(json_string_value(json_object_get(r, "status")), "ok") == 0;
	if (!ok)
		fprintf(stderr, "%s %s, %llu threads: %s\n", workload, variant,
		    (unsigned long long)threads,
		    r == NULL
			? "no result"
			: json_string_value(json_object_get(r, "reason")));
	json_decref(r);
	return ok ? 0 : -1;
}

int
main(void)
{
	int failed = tsan_all_variants();

	failed |= tsan_measure("interp", "chunked", 2);
	failed |= tsan_measure("colony", "tiled", 3);
	printf("tsan_threads: %s\n", failed ? "FAILED" : "ok");
	return failed ? 1 : 0;
}
