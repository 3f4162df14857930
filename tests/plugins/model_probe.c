/*
 * model_probe: a plugin whose work per unit is known by construction, for
 * the time model's tests (docs/model.md). Workload `probe`: an array of N
 * float32 values, each step passes over it until 2^24 units are done (a
 * unit is one element of one pass), a[i] = a[i] * s + t in `base`, the
 * same and one divide more per element in `div` (a[i] = (a[i] * s + t) /
 * d). So div's hot loop holds one divide per vector of elements more than
 * base's and nothing else, and with N from L1-sized to beyond the last
 * level the same loop moves its working set from L1 to DRAM. `gather`
 * adds tab[idx[i]] (random entries of a table of zeros in L1), `gather2`
 * also tab[idx[i] + 1], whose gather re-reads the first's lines.
 * `misnamed` runs base's pass but names div's as its hot loop: the model
 * prices a loop that never runs, which its profile check must say.
 * `ghost` runs base's pass, names it, and states div's loop as a pass of
 * every unit that never runs: the same check must say it of the pass.
 *
 * Built as the harness is (OPT in the Makefile) so that its vectors are the
 * ceilings' width. Limits: N from 1024 to 2^28; the digest is the sum of
 * the array, which settles at N (s = 0.75, t = 0.5, d = 1.25 have the
 * fixed point 1; s = 0.5, t = 0.5 too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fusebench/plugin.h>

/* Units a step does, whatever N. */
#define PROBE_UNITS ((uint64_t)1 << 24)

/* Entries of the table the gather variants read: 16 KiB, in L1. */
#define PROBE_TABLE 4096

typedef struct probe_state_s {
	float *a, *tab;
	int32_t *idx;
	uint64_t n, passes;
	float s, t, d;
	double digest;
} probe_state_t;

static void
probe_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->n = 4096;
	p->steps = 1;
}

static int
probe_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range(
	    "n", p->n, 1024, (uint64_t)1 << 28, msg, msglen);
}

static uint64_t
probe_passes(uint64_t n)
{
	return PROBE_UNITS / n > 0 ? PROBE_UNITS / n : 1;
}

static double
probe_units(const params_t *p)
{
	return (double)p->n * (double)probe_passes(p->n) *
	    (double)(p->steps > 0 ? p->steps : 1);
}

static uint64_t
probe_input_bytes(const params_t *p)
{
	return 4 * p->n;
}

static int
probe_reference(const params_t *p, double *digest)
{
	digest[0] = (double)p->n;
	return 0;
}

static int
probe_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	(void)p;
	if (got[0] > 0.999 * ref[0] && got[0] < 1.001 * ref[0])
		return 0;
	snprintf(msg, msglen, "digest %g, expected %g", got[0], ref[0]);
	return -1;
}

static const workload_t probe_workload = {
    .name = "probe",
    .description = "a pass over N floats, known work (tests only)",
    .params = "n steps",
    .unit = "element",
    .digest_count = 1,
    .digest_names = {"sum"},
    .defaults = probe_defaults,
    .check = probe_check,
    .units = probe_units,
    .input_bytes = probe_input_bytes,
    .reference = probe_reference,
    .validate = probe_validate,
};

static int
probe_setup(const params_t *p, void **state)
{
	probe_state_t *st = calloc(1, sizeof(*st));

	if (st == NULL || (st->a = malloc(4 * p->n)) == NULL) {
		free(st);
		return -1;
	}
	st->n = p->n;
	st->passes = probe_passes(p->n);
	*state = st;
	return 0;
}

static void probe_teardown(void *state);

/* probe_setup and, for the gather variants alone, the table and the
 * indices into it: random entries (a fixed LCG), so that no two
 * neighbouring elements gather from one line but by chance. The entries
 * are 0, so that the gathered terms leave the fixed point at 1. */
static int
probe_gather_setup(const params_t *p, void **state)
{
	probe_state_t *st;

	if (probe_setup(p, state) != 0)
		return -1;
	st = *state;
	if ((st->idx = malloc(4 * p->n)) == NULL ||
	    (st->tab = calloc(PROBE_TABLE + 1, 4)) == NULL) {
		probe_teardown(st);
		return -1;
	}
	for (uint64_t i = 0, x = 12345; i < p->n; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		st->idx[i] = (int32_t)((x >> 33) % PROBE_TABLE);
	}
	return 0;
}

static void
probe_reset(void *state)
{
	probe_state_t *st = state;

	for (uint64_t i = 0; i < st->n; i++)
		st->a[i] = 1.0f;
}

/* The two kernels: the same loop, one divide apart. */
static __attribute__((noinline)) void
probe_base_pass(float *restrict a, uint64_t n, float s, float t)
{
	for (uint64_t i = 0; i < n; i++)
		a[i] = a[i] * s + t;
}

static __attribute__((noinline)) void
probe_div_pass(float *restrict a, uint64_t n, float s, float t, float d)
{
	for (uint64_t i = 0; i < n; i++)
		a[i] = (a[i] * s + t) / d;
}

/* base and one gather per element (gather), or two from neighbouring
 * entries (gather2: the second re-reads the first's line but in the lanes
 * whose neighbour lies in the next one). */
static __attribute__((noinline)) void
probe_gather_pass(float *restrict a, const int32_t *restrict idx,
    const float *restrict tab, uint64_t n, float s, float t)
{
	for (uint64_t i = 0; i < n; i++)
		a[i] = a[i] * s + t + tab[idx[i]];
}

static __attribute__((noinline)) void
probe_gather2_pass(float *restrict a, const int32_t *restrict idx,
    const float *restrict tab, uint64_t n, float s, float t)
{
	for (uint64_t i = 0; i < n; i++)
		a[i] = a[i] * s + t + tab[idx[i]] + tab[idx[i] + 1];
}

/* Read from the state, so the compiler cannot fold them. */
static int
base_step(void *state, uint64_t k)
{
	probe_state_t *st = state;

	(void)k;
	st->s = 0.5f, st->t = 0.5f;
	for (uint64_t p = 0; p < st->passes; p++)
		probe_base_pass(st->a, st->n, st->s, st->t);
	return 0;
}

static int
div_step(void *state, uint64_t k)
{
	probe_state_t *st = state;

	(void)k;
	st->s = 0.75f, st->t = 0.5f, st->d = 1.25f;
	for (uint64_t p = 0; p < st->passes; p++)
		probe_div_pass(st->a, st->n, st->s, st->t, st->d);
	return 0;
}

static int
gather_step(void *state, uint64_t k)
{
	probe_state_t *st = state;

	(void)k;
	st->s = 0.5f, st->t = 0.5f;
	for (uint64_t p = 0; p < st->passes; p++)
		probe_gather_pass(st->a, st->idx, st->tab, st->n, st->s, st->t);
	return 0;
}

static int
gather2_step(void *state, uint64_t k)
{
	probe_state_t *st = state;

	(void)k;
	st->s = 0.5f, st->t = 0.5f;
	for (uint64_t p = 0; p < st->passes; p++)
		probe_gather2_pass(
		    st->a, st->idx, st->tab, st->n, st->s, st->t);
	return 0;
}

static void
probe_digest(void *state, double *digest)
{
	probe_state_t *st = state;
	double sum = 0;

	for (uint64_t i = 0; i < st->n; i++)
		sum += st->a[i];
	digest[0] = sum;
}

static void
probe_teardown(void *state)
{
	probe_state_t *st = state;

	free(st->a);
	free(st->idx);
	free(st->tab);
	free(st);
}

static uint64_t
probe_workspace(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	(void)round;
	return 0;
}

/* DRAM bytes a run moves when the array is beyond the caches: each pass
 * reads and writes it. */
static double
probe_bytes(const params_t *p)
{
	return 8.0 * probe_units(p);
}

#define PROBE_VARIANT(id, desc, hot, setup_fn, ...)                            \
	static const variant_t probe_##id = {.name = #id,                      \
	    .workload = &probe_workload,                                       \
	    .description = desc,                                               \
	    .idiom = "none (a test of the harness)",                           \
	    .model_formula = "0",                                              \
	    .model_bytes = probe_workspace,                                    \
	    .setup = setup_fn,                                                 \
	    .reset = probe_reset,                                              \
	    .step = id##_step,                                                 \
	    .digest = probe_digest,                                            \
	    .teardown = probe_teardown,                                        \
	    .bytes = probe_bytes,                                              \
	    .hot_symbol = hot,                                                 \
	    __VA_ARGS__}

PROBE_VARIANT(base, "a[i] = a[i] * s + t", "probe_base_pass", probe_setup);
PROBE_VARIANT(div, "a[i] = (a[i] * s + t) / d", "probe_div_pass", probe_setup);
PROBE_VARIANT(gather, "a[i] = a[i] * s + t + tab[idx[i]]", "probe_gather_pass",
    probe_gather_setup);
PROBE_VARIANT(gather2, "a[i] = a[i] * s + t + tab[idx[i]] + tab[idx[i] + 1]",
    "probe_gather2_pass", probe_gather_setup);

/* base's work, div's loop named (see the top). */
static int
misnamed_step(void *state, uint64_t k)
{
	return base_step(state, k);
}
PROBE_VARIANT(misnamed, "base's pass, div's named as the hot loop",
    "probe_div_pass", probe_setup);

/* base's work and hot loop, div's loop stated as a pass (see the top). */
static int
ghost_step(void *state, uint64_t k)
{
	return base_step(state, k);
}
PROBE_VARIANT(ghost, "base's pass, div's stated as a pass that never runs",
    "probe_base_pass", probe_setup,
    .passes = {{"probe_div_pass", 0, 0, probe_units, 1}});

static const workload_t *const probe_workloads[] = {&probe_workload, NULL};
static const variant_t *const probe_variants[] = {&probe_base, &probe_div,
    &probe_gather, &probe_gather2, &probe_misnamed, &probe_ghost, NULL};

const fb_plugin_t fusebench_plugin =
    FB_PLUGIN("model_probe", probe_workloads, probe_variants);
