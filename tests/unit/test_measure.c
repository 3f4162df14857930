/*
 * The measuring parts of the harness: the allocator's peak, the OS
 * high-water mark, the memory timeline and one whole measured run.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <jansson.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "hx_mem.h"
#include "hx_run.h"
#include "hx_timeline.h"
#include "variant.h"

#define MIB (1ULL << 20)

Test(measure, peak_sees_a_known_allocation)
{
	char *p;
	uint64_t peak;

	if (!hx_mem_peak_supported())
		cr_skip_test("this build's allocator has no per-thread peak");
	hx_mem_peak_reset();
	p = malloc(48 * MIB);
	cr_assert_not_null(p);
	variant_no_opt(p);
	free(p);
	peak = hx_mem_peak_read();
	/* Within jemalloc's 64 KiB event interval, and the size class of a
	 * 48 MiB request is exactly 48 MiB. */
	cr_assert(peak >= 48 * MIB && peak <= 48 * MIB + 65536,
	    "peak after malloc(48 MiB) and free: %llu bytes",
	    (unsigned long long)peak);
	hx_mem_peak_reset();
	cr_assert_lt(hx_mem_peak_read(), 65536,
	    "peak right after a reset: %llu",
	    (unsigned long long)hx_mem_peak_read());
}

Test(measure, hwm_is_reset_between_runs)
{
	size_t bytes = 256 * MIB;
	char *p;
	uint64_t before, after_touch, after_reset;

	/* mmap, not malloc: the pages must leave the process when freed. */
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	cr_assert_neq(p, MAP_FAILED);
	before = hx_os_hwm_bytes();
	memset(p, 1, bytes);
	after_touch = hx_os_hwm_bytes();
	munmap(p, bytes);
	cr_assert_geq(after_touch, before + bytes - 8 * MIB,
	    "VmHWM %llu before, %llu after touching 256 MiB",
	    (unsigned long long)before, (unsigned long long)after_touch);
	if (hx_os_hwm_reset() != 0)
		cr_skip_test("the kernel refuses clear_refs");
	after_reset = hx_os_hwm_bytes();
	cr_assert_lt(after_reset, after_touch - 200 * MIB,
	    "VmHWM %llu after the reset, %llu before it",
	    (unsigned long long)after_reset, (unsigned long long)after_touch);
}

Test(measure, timeline_catches_a_known_spike)
{
	hx_mem_probe_t probe;
	hx_timeline_t *tl;
	struct timespec hold = {0, 30 * 1000 * 1000};
	uint64_t max_live = 0, max_rss = 0, base;
	const hx_timeline_sample_t *s;
	char *p;
	size_t n;

	hx_mem_probe_init(&probe);
	base = hx_mem_probe_read(&probe);
	cr_assert_eq(hx_timeline_start(&tl, &probe, 1000, 10000), 0);
	nanosleep(&hold, NULL);
	hx_timeline_phase(tl, 0, 0);
	p = malloc(64 * MIB);
	cr_assert_not_null(p);
	memset(p, 1, 64 * MIB);
	variant_no_opt(p);
	nanosleep(&hold, NULL);
	free(p);
	hx_timeline_phase(tl, 0, 1);
	nanosleep(&hold, NULL);
	/* The sampler thread may not have run since the free (a busy VM
	 * held it for the whole 30 ms once, and the last sample was the
	 * spike's): wait, up to 2 s, for a sample of the phase set after
	 * the free, which is what the last check below reads. */
	for (int k = 0; k < 200; k++) {
		n = hx_timeline_count(tl);
		if (n > 0 && hx_timeline_samples(tl)[n - 1].step == 1)
			break;
		nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
	}
	hx_timeline_stop(tl);
	n = hx_timeline_count(tl);
	s = hx_timeline_samples(tl);
	cr_assert_gt(n, 30, "only %zu samples in 90 ms at 1 ms", n);
	for (size_t i = 0; i < n; i++) {
		if (s[i].live_bytes > max_live)
			max_live = s[i].live_bytes;
		if (s[i].rss_bytes > max_rss)
			max_rss = s[i].rss_bytes;
	}
#if defined(__SANITIZE_ADDRESS__)
	/* ASan's allocator is not glibc's: mallinfo2 sees none of it. */
	max_live = base + 64 * MIB;
#endif
	cr_assert_geq(max_live, base + 60 * MIB,
	    "the timeline's largest live figure %llu, base %llu",
	    (unsigned long long)max_live, (unsigned long long)base);
	cr_assert_geq(max_rss, 64 * MIB, "largest RSS sample %llu",
	    (unsigned long long)max_rss);
	/* The spike is over by the last sample. */
#if !defined(__SANITIZE_ADDRESS__)
	cr_assert_lt(s[n - 1].live_bytes, base + 8 * MIB, "last sample %llu",
	    (unsigned long long)s[n - 1].live_bytes);
#endif
	hx_timeline_free(tl);
}

/* One measured run of the well-behaved test variant, in this process. */
static json_t *
measure_selftest(const char *variant, uint64_t n, const char *events)
{
	hx_run_config_t cfg;
	const workload_t *w = workload_find("selftest");
	const variant_t *v = variant_find("selftest", variant);

	cr_assert_not_null(w);
	cr_assert_not_null(v);
	hx_run_config_init(&cfg, w, v);
	cfg.params.n = n;
	cfg.repeat = 3;
	cfg.warmup = 1;
	cfg.events = events;
	cfg.mem_limit = 1ULL << 30;
	return hx_run_result(&cfg);
}

Test(measure, run_result_has_every_field_and_round_trips)
{
	json_t *r = measure_selftest("ok", 4 * MIB, NULL), *back;
	char *text;
	static const char *const fields[] = {"workload", "variant", "status",
	    "params", "result", "time_s", "memory", "counters", "machine"};

	cr_assert_not_null(r);
	cr_assert_str_eq(json_string_value(json_object_get(r, "status")), "ok",
	    "status %s: %s", json_string_value(json_object_get(r, "status")),
	    json_string_value(json_object_get(r, "reason")));
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		cr_assert_not_null(
		    json_object_get(r, fields[i]), "no %s", fields[i]);
	cr_assert_eq(json_array_size(json_object_get(
			 json_object_get(r, "time_s"), "samples")),
	    3);
	cr_assert_float_eq(json_number_value(json_object_get(
			       json_object_get(r, "result"), "n")),
	    (double)(4 * MIB), 0.5);
	if (hx_mem_peak_supported()) {
		json_int_t peak = json_integer_value(json_object_get(
		    json_object_get(r, "memory"), "peak_workspace_bytes"));
		cr_assert(peak >= (json_int_t)(4 * MIB) &&
			peak <= (json_int_t)(4 * MIB + 65536),
		    "peak workspace %lld for a 4 MiB step", (long long)peak);
	}
	text = json_dumps(r, JSON_COMPACT);
	cr_assert_not_null(text);
	back = json_loads(text, 0, NULL);
	cr_assert_not_null(back, "the result does not parse back");
	cr_assert(json_equal(r, back), "the result changed in a round trip");
	free(text);
	json_decref(back);
	json_decref(r);
}

Test(measure, unsupported_event_keeps_the_run_going)
{
	/* cycles: unsupported on a machine without a hardware PMU, ok on one
	 * with; either way the run succeeds and the counter has a status. */
	json_t *r =
	    measure_selftest("ok", 1 * MIB, "perf::cycles,perf::task-clock");
	json_t *c =
	    json_object_get(json_object_get(r, "counters"), "perf::cycles");
	const char *st = json_string_value(json_object_get(c, "status"));

	cr_assert_str_eq(json_string_value(json_object_get(r, "status")), "ok");
	cr_assert_not_null(st);
	if (strcmp(st, "unsupported") == 0) {
		cr_assert_neq(json_string_length(json_object_get(c, "reason")),
		    0, "an unsupported counter without a reason");
	} else {
		cr_assert(strcmp(st, "ok") == 0 || strcmp(st, "scaled") == 0,
		    "status %s", st);
	}
	cr_assert_str_eq(json_string_value(json_object_get(
			     json_object_get(json_object_get(r, "counters"),
				 "perf::task-clock"),
			     "status")),
	    "ok");
	json_decref(r);
}

Test(measure, failed_allocation_is_a_failed_run)
{
	json_t *r;
	hx_run_config_t cfg;

	hx_run_config_init(
	    &cfg, workload_find("selftest"), variant_find("selftest", "hog"));
	/* 2^40 MiB: no allocator will hand that out. */
	cfg.params.n = 1ULL << 40;
	cfg.mem_limit = 1ULL << 30;
	cfg.repeat = 1;
	r = hx_run_result(&cfg);
	cr_assert_str_eq(
	    json_string_value(json_object_get(r, "status")), "failed");
	cr_assert_not_null(
	    strstr(json_string_value(json_object_get(r, "reason")),
		"could not allocate"),
	    "reason: %s", json_string_value(json_object_get(r, "reason")));
	json_decref(r);
}

/* steps_s pools the timed runs' steps only: 3 timed runs of 4 steps are
 * 12 samples, whatever the cold and warm-up runs did. */
Test(measure, step_times_are_the_timed_runs_only)
{
	hx_run_config_t cfg;
	json_t *r;

	hx_run_config_init(
	    &cfg, workload_find("selftest"), variant_find("selftest", "ok"));
	cfg.params.n = 1024;
	cfg.params.steps = 4;
	cfg.repeat = 3;
	cfg.warmup = 2;
	cfg.events = "none";
	cfg.mem_limit = 1ULL << 30;
	r = hx_run_result(&cfg);
	cr_assert_str_eq(json_string_value(json_object_get(r, "status")), "ok");
	cr_expect_eq(json_integer_value(json_object_get(
			 json_object_get(r, "steps_s"), "count")),
	    12, "steps_s.count %lld for 3 timed runs of 4 steps",
	    (long long)json_integer_value(
		json_object_get(json_object_get(r, "steps_s"), "count")));
	cr_expect_eq(json_array_size(json_object_get(
			 json_object_get(r, "steps_s"), "samples")),
	    12);
	json_decref(r);
	/* Cold only: the cold run's steps after its first stand for them. */
	cfg.repeat = 0;
	cfg.warmup = 0;
	r = hx_run_result(&cfg);
	cr_expect_eq(json_integer_value(json_object_get(
			 json_object_get(r, "steps_s"), "count")),
	    3);
	json_decref(r);
}

/* The timeline's step column carries the step being run: 3 steps of 20 ms
 * sampled every millisecond show steps 0, 1 and 2. */
Test(measure, timeline_rows_carry_the_step)
{
	char path[] = "/tmp/fusebench-tl-XXXXXX";
	int fd = mkstemp(path), seen[3] = {0, 0, 0};
	hx_run_config_t cfg;
	json_t *r;
	FILE *f;
	char line[256];

	cr_assert_geq(fd, 0);
	close(fd);
	hx_run_config_init(
	    &cfg, workload_find("selftest"), variant_find("selftest", "slow"));
	cfg.params.n = 20; /* milliseconds a step */
	cfg.params.steps = 3;
	cfg.repeat = 1;
	cfg.warmup = 0;
	cfg.events = "none";
	cfg.mem_limit = 1ULL << 30;
	cfg.timeline_path = path;
	r = hx_run_result(&cfg);
	cr_assert_str_eq(json_string_value(json_object_get(r, "status")), "ok",
	    "%s", json_string_value(json_object_get(r, "reason")));
	f = fopen(path, "r");
	cr_assert_not_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		double t;
		int run, step;
		if (sscanf(line, "%lf,%d,%d,", &t, &run, &step) == 3 &&
		    step >= 0 && step < 3)
			seen[step]++;
	}
	fclose(f);
	unlink(path);
	cr_expect(seen[0] > 0 && seen[1] > 0 && seen[2] > 0,
	    "samples in steps 0, 1, 2: %d, %d, %d", seen[0], seen[1], seen[2]);
	json_decref(r);
}

/* The guard's prediction: model, inputs, the reference's inputs when the
 * child computes the reference, and the timeline's buffer when asked. */
Test(measure, guard_counts_reference_and_timeline)
{
	hx_run_config_t cfg;
	const workload_t *w = workload_find("interp");
	uint64_t model, inputs, bare, with_ref, with_tl;
	double ref[DIGEST_MAX] = {0};

	hx_run_config_init(&cfg, w, variant_find("interp", "materialized"));
	cfg.params.n = 1000;
	model = cfg.variant->model_bytes(&cfg.params, hx_mem_round);
	inputs = w->input_bytes(&cfg.params);
	cfg.reference = ref;
	bare = hx_run_predicted_bytes(&cfg);
	cr_expect_eq(bare, model + inputs);
	cfg.reference = NULL;
	with_ref = hx_run_predicted_bytes(&cfg);
	cr_expect_eq(with_ref, model + 2 * inputs,
	    "with the reference: %llu, model %llu, inputs %llu",
	    (unsigned long long)with_ref, (unsigned long long)model,
	    (unsigned long long)inputs);
	cfg.timeline_path = "/tmp/unused.csv";
	with_tl = hx_run_predicted_bytes(&cfg);
	cr_expect_geq(with_tl,
	    with_ref + 1000000 * sizeof(hx_timeline_sample_t),
	    "the timeline's buffer is left out: %llu",
	    (unsigned long long)with_tl);
	cfg.validate = 0;
	cr_expect_eq(hx_run_predicted_bytes(&cfg), with_tl - inputs);
}

/* Every result carries its start date, UTC, within the run. */
Test(measure, result_has_its_start_date)
{
	time_t before = time(NULL), after;
	json_t *r = measure_selftest("ok", 1 * MIB, "none");
	const char *d = json_string_value(json_object_get(r, "date"));
	struct tm tm;

	after = time(NULL);
	cr_assert_not_null(d);
	memset(&tm, 0, sizeof(tm));
	cr_assert_not_null(
	    strptime(d, "%Y-%m-%dT%H:%M:%SZ", &tm), "date %s", d);
	cr_expect(timegm(&tm) >= before && timegm(&tm) <= after,
	    "date %s outside the run", d);
	json_decref(r);
}

/* The thread IDs of this process, into tid[] (at most max); their count. */
static size_t
task_ids(pid_t *tid, size_t max)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	size_t n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)) != NULL && n < max) {
		if (atoi(e->d_name) > 0)
			tid[n++] = (pid_t)atoi(e->d_name);
	}
	closedir(d);
	return n;
}

/* Whether a thread of this process that is not in before[0..nb) may run
 * on CPU c; -1 when there is none. */
static int
new_thread_may_use(const pid_t *before, size_t nb, int c)
{
	pid_t now[256];
	const size_t n = task_ids(now, 256);
	int found = -1;

	for (size_t i = 0; i < n; i++) {
		cpu_set_t set;
		int old = 0;

		for (size_t j = 0; j < nb; j++)
			old |= before[j] == now[i];
		if (old || sched_getaffinity(now[i], sizeof(set), &set) != 0)
			continue;
		found = found == 1 || CPU_ISSET(c, &set);
	}
	return found;
}

/* A measured thread pinned to one CPU keeps it: the sampler moves to
 * the CPUs it does not use; a thread on every CPU leaves it none. */
Test(measure, the_timeline_sampler_leaves_a_pinned_threads_cpu)
{
	const long n = sysconf(_SC_NPROCESSORS_CONF);
	cpu_set_t saved, one, all;
	hx_mem_probe_t probe;
	hx_timeline_t *tl;
	pid_t before[256];
	size_t nb;
	int c = -1;

	cr_assert_eq(sched_getaffinity(0, sizeof(saved), &saved), 0);
	for (int i = 0; i < CPU_SETSIZE && c < 0; i++)
		if (CPU_ISSET(i, &saved))
			c = i;
	if (CPU_COUNT(&saved) < 2)
		cr_skip_test("one CPU allowed: nowhere else to go");
	CPU_ZERO(&one);
	CPU_SET(c, &one);
	cr_assert_eq(sched_setaffinity(0, sizeof(one), &one), 0);
	hx_mem_probe_init(&probe);
	nb = task_ids(before, 256);
	cr_assert_eq(hx_timeline_start(&tl, &probe, 1000, 100), 0);
	cr_expect_eq(hx_timeline_apart(tl), 1);
	cr_expect_eq(new_thread_may_use(before, nb, c), 0,
	    "the sampler may still run on the measured CPU %d", c);
	hx_timeline_stop(tl);
	hx_timeline_free(tl);
	/* Every CPU the machine has: none left for the sampler. */
	CPU_ZERO(&all);
	for (long i = 0; i < n && i < CPU_SETSIZE; i++)
		CPU_SET((int)i, &all);
	if (sched_setaffinity(0, sizeof(all), &all) == 0) {
		cr_assert_eq(hx_timeline_start(&tl, &probe, 1000, 100), 0);
		cr_expect_eq(hx_timeline_apart(tl), 0);
		hx_timeline_stop(tl);
		hx_timeline_free(tl);
	}
	sched_setaffinity(0, sizeof(saved), &saved);
}
