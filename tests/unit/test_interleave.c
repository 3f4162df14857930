/*
 * hx_isolate_interleave: two variants whose every step writes its letter
 * to one shared file must leave their letters alternating (ABAB...), one
 * run each in turn (a short timed run's turn two: an untimed run first),
 * where running them one after the other leaves AAAABBBB;
 * and a crashing child among them becomes a failed result while the other
 * finishes.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>
#include <pthread.h>
#include <time.h>

#include "hx_isolate.h"

extern const workload_t selftest_workload;

static int trace_fd = -1;

typedef struct trace_state_s {
	double n;
	double digest;
} trace_state_t;

static int
trace_setup(const params_t *p, void **state)
{
	trace_state_t *st = calloc(1, sizeof(*st));
	if (st == NULL)
		return -1;
	st->n = (double)p->n;
	*state = st;
	return 0;
}

static void
trace_reset(void *state)
{
	((trace_state_t *)state)->digest = 0;
}

static void
trace_digest(void *state, double *d)
{
	d[0] = ((trace_state_t *)state)->digest;
}

static int
trace_step(void *state, char letter)
{
	trace_state_t *st = state;
	if (write(trace_fd, &letter, 1) != 1)
		return -1;
	st->digest = st->n;
	return 0;
}

static int
trace_a_step(void *state, uint64_t k)
{
	(void)k;
	return trace_step(state, 'A');
}

static int
trace_b_step(void *state, uint64_t k)
{
	(void)k;
	return trace_step(state, 'B');
}

static int
trace_crash_step(void *state, uint64_t k)
{
	(void)state;
	(void)k;
	raise(SIGSEGV);
	return 0;
}

static uint64_t
trace_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	return round(0);
}

static double
trace_zero(const params_t *p)
{
	(void)p;
	return 0;
}

#define TRACE_VARIANT(id, fn)                                                  \
	static const variant_t trace_##id = {.name = #id,                      \
	    .workload = &selftest_workload,                                    \
	    .description = "writes its letter each step",                      \
	    .idiom = "test",                                                   \
	    .model_formula = "0",                                              \
	    .model_bytes = trace_model,                                        \
	    .setup = trace_setup,                                              \
	    .reset = trace_reset,                                              \
	    .step = fn,                                                        \
	    .digest = trace_digest,                                            \
	    .teardown = free,                                                  \
	    .flops = trace_zero,                                               \
	    .bytes = trace_zero}

TRACE_VARIANT(a, trace_a_step);
TRACE_VARIANT(b, trace_b_step);
TRACE_VARIANT(crash, trace_crash_step);

/* Runs the variants interleaved; the letters written, into buf. */
static void
interleave(
    const variant_t *const *v, size_t n, json_t **r, char *buf, size_t len)
{
	char path[] = "/tmp/fb_interleave.XXXXXX";
	hx_run_config_t cfgs[4];
	ssize_t got;

	trace_fd = mkstemp(path);
	cr_assert(trace_fd >= 0);
	for (size_t i = 0; i < n; i++) {
		hx_run_config_init(&cfgs[i], &selftest_workload, v[i]);
		cfgs[i].repeat = 2;
		cfgs[i].warmup = 1;
		cfgs[i].events = "none";
		cfgs[i].mem_limit = 1ULL << 30;
	}
	cr_assert(hx_isolate_interleave(cfgs, n, r) == 0);
	got = pread(trace_fd, buf, len - 1, 0);
	buf[got > 0 ? got : 0] = '\0';
	close(trace_fd);
	unlink(path);
}

static const char *
status(const json_t *r)
{
	return json_string_value(json_object_get(r, "status"));
}

Test(interleave, two_variants_take_turns_run_by_run)
{
	const variant_t *const v[] = {&trace_a, &trace_b};
	json_t *r[2];
	char buf[64];

	interleave(v, 2, r, buf, sizeof(buf));
	/* cold, warm-up, two timed: four runs each, one step a run; a timed
	 * run's turn begins with an untimed one, its last run having taken
	 * under HX_RUN_REWARM_S (hx_run.c): AA, then BB. */
	cr_expect_str_eq(buf, "ABABAABBAABB");
	cr_expect_str_eq(status(r[0]), "ok");
	cr_expect_str_eq(status(r[1]), "ok");
	cr_expect_str_eq(
	    json_string_value(json_object_get(r[1], "variant")), "b");
	json_decref(r[0]);
	json_decref(r[1]);
}

Test(interleave, a_crashing_child_fails_alone)
{
	const variant_t *const v[] = {&trace_a, &trace_crash, &trace_b};
	json_t *r[3];
	char buf[64];

	interleave(v, 3, r, buf, sizeof(buf));
	cr_expect_str_eq(buf, "ABABAABBAABB");
	cr_expect_str_eq(status(r[0]), "ok");
	cr_expect_str_eq(status(r[1]), "failed");
	/* Killed by SIGSEGV; under AddressSanitizer, which catches it, an
	 * exit without a result. */
	cr_expect(strstr(json_string_value(json_object_get(r[1], "reason")),
		      "the measuring child") != NULL);
	cr_expect_str_eq(status(r[2]), "ok");
	for (int i = 0; i < 3; i++)
		json_decref(r[i]);
}

/* A thread that spins is running; one blocked on a condition is not. */
static pthread_mutex_t spin_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spin_cond = PTHREAD_COND_INITIALIZER;
static volatile int spin_mode; /* 1 spin, 2 block, 0 end */

static void *
spin_thread(void *arg)
{
	(void)arg;
	while (spin_mode == 1)
		;
	pthread_mutex_lock(&spin_lock);
	while (spin_mode == 2)
		pthread_cond_wait(&spin_cond, &spin_lock);
	pthread_mutex_unlock(&spin_lock);
	return NULL;
}

Test(interleave, a_spinning_thread_is_seen_a_sleeping_one_is_not)
{
	const struct timespec ms = {0, 1000000};
	pthread_t t;
	int seen = 0;

	spin_mode = 1;
	cr_assert_eq(pthread_create(&t, NULL, spin_thread, NULL), 0);
	for (int k = 0; k < 100 && !seen; k++) {
		nanosleep(&ms, NULL);
		seen = hx_isolate_others_running();
	}
	cr_expect(seen, "the spinning thread was not seen running");
	spin_mode = 2;
	seen = 1;
	for (int k = 0; k < 1000 && seen; k++) {
		nanosleep(&ms, NULL);
		seen = hx_isolate_others_running();
	}
	cr_expect(!seen, "the blocked thread still reads as running");
	pthread_mutex_lock(&spin_lock);
	spin_mode = 0;
	pthread_cond_signal(&spin_cond);
	pthread_mutex_unlock(&spin_lock);
	pthread_join(t, NULL);
}
