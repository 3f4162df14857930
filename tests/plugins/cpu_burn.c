/*
 * cpu_burn: a plugin whose CPU time is known by construction, for the tests
 * of time_s.cpu_samples. Each step of `burn two` runs two threads that each
 * spin until their own CPU clock (CLOCK_THREAD_CPUTIME_ID) has advanced N
 * milliseconds; `burn one` spins in the calling thread alone; `burn sleep`
 * sleeps N milliseconds. A run of one step therefore uses about 2N, N and
 * 0 ms of CPU, whatever else the machine is doing (only the wall time
 * depends on the load).
 *
 * Limits: N up to 10 s; the digest is N.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <fusebench/plugin.h>

typedef struct burn_state_s {
	uint64_t ms;
	double digest;
} burn_state_t;

static void
burn_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 20;
	p->steps = 1;
}

static int
burn_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 10000, msg, msglen);
}

static uint64_t
burn_steps(const params_t *p)
{
	(void)p;
	return 1;
}

static double
burn_units(const params_t *p)
{
	return (double)p->n;
}

static uint64_t
burn_input_bytes(const params_t *p)
{
	(void)p;
	return 0;
}

static int
burn_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n;
	return 0;
}

static int
burn_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	if (got[0] == ref[0])
		return 0;
	snprintf(msg, msglen, "digest %g, expected %g", got[0], ref[0]);
	return -1;
}

static const workload_t burn_workload = {
    .name = "burn",
    .description = "spins a known CPU time (tests only)",
    .params = "n steps",
    .unit = "ms",
    .digest_count = 1,
    .digest_names = {"ms"},
    .defaults = burn_defaults,
    .check = burn_check,
    .steps = burn_steps,
    .units = burn_units,
    .input_bytes = burn_input_bytes,
    .reference = burn_reference,
    .validate = burn_validate,
};

static double
thread_cpu_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Spins until this thread has used *(uint64_t *)arg ms of CPU. */
static void *
burn_spin(void *arg)
{
	double until = thread_cpu_s() + 1e-3 * (double)*(uint64_t *)arg;
	volatile uint64_t sink = 0;

	while (thread_cpu_s() < until)
		sink++;
	return NULL;
}

static int
burn_setup(const params_t *p, void **state)
{
	static burn_state_t st;

	st.ms = p->n;
	*state = &st;
	return 0;
}

static void
burn_reset(void *state)
{
	((burn_state_t *)state)->digest = 0;
}

static void
burn_digest(void *state, double *digest)
{
	digest[0] = ((burn_state_t *)state)->digest;
}

static void
burn_teardown(void *state)
{
	(void)state;
}

static int
one_step(void *state, uint64_t k)
{
	burn_state_t *st = state;

	(void)k;
	burn_spin(&st->ms);
	st->digest = (double)st->ms;
	return 0;
}

static int
two_step(void *state, uint64_t k)
{
	burn_state_t *st = state;
	pthread_t t;

	(void)k;
	if (pthread_create(&t, NULL, burn_spin, &st->ms) != 0)
		return -1;
	burn_spin(&st->ms);
	pthread_join(t, NULL);
	st->digest = (double)st->ms;
	return 0;
}

static int
sleep_step(void *state, uint64_t k)
{
	burn_state_t *st = state;
	struct timespec ts = {
	    (time_t)(st->ms / 1000), (long)(st->ms % 1000) * 1000000L};

	(void)k;
	nanosleep(&ts, NULL);
	st->digest = (double)st->ms;
	return 0;
}

static uint64_t
no_workspace(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	(void)round;
	return 0;
}

static double
no_work(const params_t *p)
{
	(void)p;
	return 0;
}

#define BURN_VARIANT(id, desc)                                                 \
	static const variant_t burn_##id = {                                   \
	    .name = #id,                                                       \
	    .workload = &burn_workload,                                        \
	    .description = desc,                                               \
	    .idiom = "none (a test of the harness)",                           \
	    .model_formula = "0",                                              \
	    .model_bytes = no_workspace,                                       \
	    .setup = burn_setup,                                               \
	    .reset = burn_reset,                                               \
	    .step = id##_step,                                                 \
	    .digest = burn_digest,                                             \
	    .teardown = burn_teardown,                                         \
	    .flops = no_work,                                                  \
	    .bytes = no_work,                                                  \
	}

BURN_VARIANT(one, "N ms of CPU in the calling thread");
BURN_VARIANT(two, "N ms of CPU in each of two threads");
BURN_VARIANT(sleep, "sleeps N ms");

static const workload_t *const burn_workloads[] = {&burn_workload, NULL};
static const variant_t *const burn_variants[] = {
    &burn_one, &burn_two, &burn_sleep, NULL};

const fb_plugin_t fusebench_plugin =
    FB_PLUGIN("cpu_burn", burn_workloads, burn_variants);
