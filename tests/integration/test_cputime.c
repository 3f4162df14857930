/*
 * CPU time (time_s.cpu_samples) and gbench's cpu_time, on the cpu_burn test
 * plugin whose CPU time is known by construction: `burn two --n N` uses 2N
 * ms of CPU a run in two threads, `burn one` N ms, `burn sleep` none. The
 * bounds hold whatever else the machine runs (only wall times depend on the
 * load); no assertion compares a time with a fixed duration it could miss
 * on a busy machine except from the side the construction guarantees.
 */
#include <jansson.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

/* `harness run --plugin cpu_burn burn VARIANT --n MS` (format fmt) into
 * dir/r.json; the file's JSON. */
static json_t *
burn_run(const char *dir, const char *variant, const char *ms, const char *fmt)
{
	char json[4200], *err = NULL;
	char *args[] = {"run", "--plugin", (char *)fb_plugin("cpu_burn"),
	    "burn", (char *)variant, "--n", (char *)ms, "--repeat", "3",
	    "--warmup", "0", "--events", "none", "--format", (char *)fmt,
	    "--json", json, NULL};
	json_t *r;
	int rc;

	snprintf(json, sizeof(json), "%s/r.json", dir);
	rc = fb_run(args, dir, &err);
	cr_assert(rc == 0, "burn %s: exit %d: %s", variant, rc, err);
	free(err);
	r = json_load_file(json, 0, NULL);
	cr_assert(r != NULL, "%s: not JSON", json);
	return r;
}

static const json_t *
time_array(const json_t *r, const char *key)
{
	const json_t *a = json_object_get(json_object_get(r, "time_s"), key);

	cr_assert(json_array_size(a) == 3, "time_s.%s: %zu samples", key,
	    json_array_size(a));
	return a;
}

/* Every CPU sample within [lo, hi] seconds. */
static void
expect_cpu(const char *variant, double lo, double hi)
{
	char dir[4096];
	json_t *r;
	const json_t *cpu, *wall;

	fb_tmpdir(dir, sizeof(dir));
	r = burn_run(dir, variant, "30", "json");
	cpu = time_array(r, "cpu_samples");
	wall = time_array(r, "samples");
	for (size_t i = 0; i < 3; i++) {
		double c = json_number_value(json_array_get(cpu, i));
		double w = json_number_value(json_array_get(wall, i));
		cr_expect(c >= lo && c <= hi,
		    "burn %s --n 30, run %zu: cpu %g s (wall %g s), expected "
		    "%g..%g",
		    variant, i, c, w, lo, hi);
	}
	json_decref(r);
	fb_rmdir(dir);
}

/* Two threads of 30 ms each: 60 ms of CPU; one: 30 ms; a sleep: ~0. */
Test(cputime, run_counts_every_thread)
{
	expect_cpu("two", 0.057, 0.090);
	expect_cpu("one", 0.0285, 0.045);
	expect_cpu("sleep", 0.0, 0.005);
}

/* gbench: cpu_time is the CPU time (2 x 30 ms), real_time the wall time
 * (a sleep: 30 ms of wall, no CPU). */
Test(cputime, gbench_cpu_time_is_cpu_time)
{
	char dir[4096];
	const char *variants[] = {"two", "sleep"};

	fb_tmpdir(dir, sizeof(dir));
	for (size_t v = 0; v < 2; v++) {
		json_t *gb = burn_run(dir, variants[v], "30", "gbench");
		const json_t *bm = json_object_get(gb, "benchmarks"), *e;
		size_t i, iterations = 0;
		json_array_foreach(bm, i, e)
		{
			const char *type =
			    json_string_value(json_object_get(e, "run_type"));
			double cpu =
			    json_number_value(json_object_get(e, "cpu_time"));
			double real =
			    json_number_value(json_object_get(e, "real_time"));
			if (type == NULL || strcmp(type, "iteration") != 0)
				continue;
			iterations++;
			if (v == 0)
				cr_expect(cpu >= 57e6 && cpu <= 90e6,
				    "two: cpu_time %g ns (real %g)", cpu, real);
			else
				cr_expect(cpu < 5e6 && real >= 29e6,
				    "sleep: cpu_time %g ns, real_time %g ns",
				    cpu, real);
		}
		cr_expect(iterations == 3, "%s: %zu iteration entries",
		    variants[v], iterations);
		json_decref(gb);
	}
	fb_rmdir(dir);
}

/* exec: the command's CPU time (wait4's rusage of it and its waited-for
 * children). The harness itself burning 2 x 30 ms is at least 60 ms. */
Test(cputime, exec_counts_the_children)
{
	char dir[4096], json[4200], *err = NULL;
	char *args[] = {"exec", "--repeat", "2", "--warmup", "0", "--events",
	    "none", "--json", json, "--", (char *)fb_harness(), "run",
	    "--plugin", (char *)fb_plugin("cpu_burn"), "burn", "two", "--n",
	    "30", "--repeat", "0", "--warmup", "0", "--events", "none", NULL};
	json_t *r;
	const json_t *cpu;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/e.json", dir);
	rc = fb_run(args, dir, &err);
	cr_assert(rc == 0, "exec: exit %d: %s", rc, err);
	free(err);
	r = json_load_file(json, 0, NULL);
	cr_assert(r != NULL);
	cpu = json_object_get(json_object_get(r, "time_s"), "cpu_samples");
	cr_assert(
	    json_array_size(cpu) == 2, "%zu cpu samples", json_array_size(cpu));
	for (size_t i = 0; i < 2; i++)
		cr_expect(json_number_value(json_array_get(cpu, i)) >= 0.057,
		    "exec run %zu: cpu %g s", i,
		    json_number_value(json_array_get(cpu, i)));
	json_decref(r);
	fb_rmdir(dir);
}

/* An interleaved run shorter than HX_RUN_REWARM_S (0.25 s) gets an untimed
 * run of its own at its turn before each timed one, counted in
 * conditions.rewarm_runs (a burn of 60 ms: 3 of 3); a longer one (300
 * ms) none; the timed samples are the 3 asked for either way. */
Test(cputime, a_short_interleaved_run_is_rewarmed_at_its_turn)
{
	char dir[4096], out[4200];
	char *args[] = {"sweep", "--plugin", (char *)fb_plugin("cpu_burn"),
	    "--workload", "burn", "--variants", "one,sleep", "--n", "60,300",
	    "--repeat", "3", "--warmup", "0", "--events", "none", "--out", out,
	    NULL};
	json_t *all, *r;
	size_t i;

	fb_tmpdir(dir, sizeof(dir));
	all = fb_sweep_results(args, dir, out, sizeof(out));
	json_array_foreach(all, i, r)
	{
		const json_t *c = json_object_get(r, "conditions");
		json_int_t n = json_integer_value(
		    json_object_get(json_object_get(r, "params"), "n"));
		json_int_t k =
		    json_integer_value(json_object_get(c, "rewarm_runs"));

		cr_expect_eq(k, n < 250 ? 3 : 0,
		    "%s --n %lld: rewarm_runs %lld",
		    json_string_value(json_object_get(r, "variant")),
		    (long long)n, (long long)k);
		cr_expect_eq(json_array_size(json_object_get(
				 json_object_get(r, "time_s"), "samples")),
		    3);
	}
	cr_expect_eq(json_array_size(all), 4);
	json_decref(all);
	fb_rmdir(dir);
}
