/*
 * selftest: a hidden workload whose variants misbehave on purpose, so that
 * the tests can check that the harness survives them: `crash` dies of
 * SIGSEGV in its first step, `hog` allocates and touches far more than its
 * model says (and is stopped by the address-space limit), `slow` sleeps so a
 * test can interrupt or kill it mid-run, and `ok` is a well-behaved
 * baseline whose digest is exactly N.
 *
 * Not listed by `harness list`; runnable by name.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "variant.h"

typedef struct selftest_state_s {
	params_t params;
	double digest;
} selftest_state_t;

static void
selftest_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 1000;
	p->seed = 42;
	p->steps = 1;
}

static int
selftest_check(const params_t *p, char *msg, size_t msglen)
{
	(void)p;
	(void)msg;
	(void)msglen;
	return 0;
}

static uint64_t
selftest_steps(const params_t *p)
{
	return p->steps;
}

static double
selftest_units(const params_t *p)
{
	return (double)p->n;
}

static uint64_t
selftest_input_bytes(const params_t *p)
{
	(void)p;
	return sizeof(selftest_state_t);
}

static int
selftest_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n;
	return 0;
}

static int
selftest_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	if (got[0] != ref[0]) {
		snprintf(msg, msglen, "digest %g, expected %g", got[0], ref[0]);
		return -1;
	}
	return 0;
}

const workload_t selftest_workload = {
    .name = "selftest",
    .description = "variants that misbehave on purpose (tests only)",
    .hidden = 1,
    .params = "n seed steps",
    .unit = "item",
    .digest_count = 1,
    .digest_names = {"n"},
    .defaults = selftest_defaults,
    .smoke = selftest_defaults,
    .check = selftest_check,
    .steps = selftest_steps,
    .units = selftest_units,
    .input_bytes = selftest_input_bytes,
    .reference = selftest_reference,
    .validate = selftest_validate,
};

static int
selftest_setup(const params_t *p, void **state)
{
	selftest_state_t *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return -1;
	st->params = *p;
	*state = st;
	return 0;
}

static void
selftest_reset(void *state)
{
	((selftest_state_t *)state)->digest = 0.0;
}

static void
selftest_digest(void *state, double *digest)
{
	digest[0] = ((selftest_state_t *)state)->digest;
}

static void
selftest_teardown(void *state)
{
	free(state);
}

static uint64_t
selftest_model_n(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(p->n);
}

static double
selftest_zero(const params_t *p)
{
	(void)p;
	return 0.0;
}

/* ok: allocates N bytes, as its model says, and counts to N. */
static int
selftest_ok_step(void *state, uint64_t k)
{
	selftest_state_t *st = state;
	char *buf = malloc(st->params.n);

	(void)k;
	if (buf == NULL)
		return -1;
	memset(buf, 1, st->params.n);
	variant_no_opt(buf);
	st->digest = (double)st->params.n;
	free(buf);
	return 0;
}

static int
selftest_crash_step(void *state, uint64_t k)
{
	(void)state;
	(void)k;
	raise(SIGSEGV);
	return 0;
}

/* hog: N MiB, far beyond its model of N bytes; the address-space limit
 * refuses it (malloc fails) or, without one, it takes what it gets. */
static int
selftest_hog_step(void *state, uint64_t k)
{
	selftest_state_t *st = state;
	size_t bytes = (size_t)st->params.n << 20;
	char *buf = malloc(bytes);

	(void)k;
	if (buf == NULL)
		return -1;
	memset(buf, 1, bytes);
	variant_no_opt(buf);
	free(buf);
	st->digest = (double)st->params.n;
	return 0;
}

/* slow: N milliseconds a step. */
static int
selftest_slow_step(void *state, uint64_t k)
{
	selftest_state_t *st = state;
	struct timespec ts = {(time_t)(st->params.n / 1000),
	    (long)(st->params.n % 1000) * 1000000L};

	(void)k;
	nanosleep(&ts, NULL);
	st->digest = (double)st->params.n;
	return 0;
}

#define SELFTEST_VARIANT(vname, desc, fn)                                      \
	const variant_t selftest_##fn = {                                      \
	    .name = vname,                                                     \
	    .workload = &selftest_workload,                                    \
	    .description = desc,                                               \
	    .idiom = "none (a test of the harness)",                           \
	    .model_formula = "N",                                              \
	    .model_bytes = selftest_model_n,                                   \
	    .setup = selftest_setup,                                           \
	    .reset = selftest_reset,                                           \
	    .step = selftest_##fn##_step,                                      \
	    .digest = selftest_digest,                                         \
	    .teardown = selftest_teardown,                                     \
	    .flops = selftest_zero,                                            \
	    .bytes = selftest_zero,                                            \
	}

SELFTEST_VARIANT("ok", "allocates N bytes, digest N", ok);
SELFTEST_VARIANT("crash", "dies of SIGSEGV in its first step", crash);
SELFTEST_VARIANT("hog", "allocates and touches N MiB, model N bytes", hog);
SELFTEST_VARIANT("slow", "sleeps N ms a step", slow);
