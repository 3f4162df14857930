/*
 * hx_cachesim_measure: a run's simulated cache counts (hx_cachesim.h):
 * the x86-64-v3 build of this harness re-run under callgrind with the
 * same parameters, its counts and instructions per unit against the
 * arithmetic's minimum added to the result.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cachesim.h"
#include "hx_fields.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "variant.h"

/* The harness binary to simulate: $FB_CACHESIM_HARNESS, else the build for
 * x86-64-v3 beside this one (build/valgrind/harness, same sources: valgrind
 * 3.19 cannot decode AVX-512), else this very binary. */
static void
cachesim_harness(char *exe, size_t len, const char *self)
{
	ssize_t n = readlink("/proc/self/exe", exe, len - 1);
	char *slash, alt[4096];

	if (n > 0)
		exe[n] = '\0';
	else
		snprintf(exe, len, "%s", self);
	if (getenv("FB_CACHESIM_HARNESS") != NULL) {
		snprintf(exe, len, "%s", getenv("FB_CACHESIM_HARNESS"));
		return;
	}
	if ((slash = strrchr(exe, '/')) == NULL)
		return;
	*slash = '\0';
	if ((size_t)snprintf(alt, sizeof(alt), "%s/../valgrind/harness", exe) >=
	    sizeof(alt))
		alt[0] = '\0';
	*slash = '/';
	if (alt[0] != '\0' && access(alt, X_OK) == 0 &&
	    realpath(alt, exe) == NULL)
		snprintf(exe, len, "%s", alt);
}

/* What the simulated binary recorded about its own build in its result
 * (json_path): its compiler flags (a new string, or NULL when it wrote
 * none) and its vector width in float lanes (0 when it wrote none). The
 * binary simulated is another build (x86-64-v3), so the measuring binary's
 * would not be its own. */
static json_t *
cachesim_binary_build(const char *json_path, int *lanes)
{
	char msg[256];
	json_t *rs = hx_result_read(json_path, msg, sizeof(msg)), *f, *l;

	f = hx_field_get(json_array_get(rs, 0), HX_F_MACHINE_CFLAGS);
	f = json_is_string(f) ? json_copy(f) : NULL;
	l = hx_field_get(json_array_get(rs, 0), HX_F_MACHINE_FLOAT_LANES);
	*lanes = json_is_integer(l) ? (int)json_integer_value(l) : 0;
	json_decref(rs);
	return f;
}

double
hx_cachesim_insn_min(double flops, double units, int lanes)
{
	if (!(flops > 0) || !(units > 0) || lanes <= 0)
		return 0.0;
	/* One fused multiply-add is two flops in each lane. */
	return flops / units / (2.0 * (double)lanes);
}

/* Instructions per unit against the arithmetic's minimum as FMAs, into
 * o (the variants' in-core bounds are checked from their compiled loops:
 * tests/integration/test_insn.c). */
static void
cachesim_insn(json_t *o, const hx_cachesim_t *sim, const variant_t *v,
    const params_t *p, double units, int lanes)
{
	double min;

	if (!(units > 0))
		return;
	json_object_set_new(
	    o, "instructions_per_unit", json_real((double)sim->ir / units));
	if (lanes > 0)
		json_object_set_new(
		    o, "vector_float_lanes", json_integer(lanes));
	min = hx_cachesim_insn_min(hx_plugin_flops(v, p), units, lanes);
	if (min > 0) {
		json_object_set_new(
		    o, "instructions_min_per_unit", json_real(min));
		json_object_set_new(o, "instructions_over_min",
		    json_real((double)sim->ir / units / min));
	}
}

/* The simulated counts as the result's "cachesim" object. */
static json_t *
cachesim_result(const hx_cachesim_t *sim, const char *exe,
    const hx_run_config_t *cfg, const char *json_path)
{
	const double units = hx_plugin_units(cfg->workload, &cfg->params);
	json_t *o = hx_cachesim_json(sim), *cflags;
	int lanes;

	if (o == NULL)
		return NULL;
	json_object_set_new(o, "runs", json_integer(1));
	json_object_set_new(o, "binary", json_string(exe));
	if ((cflags = cachesim_binary_build(json_path, &lanes)) != NULL)
		json_object_set_new(o, "binary_cflags", cflags);
	if (units > 0) {
		json_object_set_new(o, "D1_misses_per_unit",
		    json_real((double)(sim->d1mr + sim->d1mw) / units));
		json_object_set_new(o, "LL_misses_per_unit",
		    json_real((double)(sim->dlmr + sim->dlmw) / units));
	}
	cachesim_insn(o, sim, cfg->variant, &cfg->params, units, lanes);
	return o;
}

int
hx_cachesim_measure(const hx_run_config_t *cfg, const char *self, json_t *r,
    char *msg, size_t msglen)
{
	char exe[4096];
	char store[HX_PARAMS_ARGV_MAX(HX_CACHESIM_MAX_PARAMS)]
		  [HX_PARAMS_ARGV_SLOT];
	char *argv[HX_PARAMS_ARGV_MAX(HX_CACHESIM_MAX_PARAMS) + 20];
	const char *plugin = hx_plugin_path(cfg->workload);
	char json_path[] = "/tmp/fusebench-cachesim-XXXXXX";
	int a = 0, fd = -1, ret = -1;
	hx_cachesim_t sim;
	json_t *o;

	if (hx_params_count > HX_CACHESIM_MAX_PARAMS) {
		snprintf(msg, msglen, "cachesim: too many parameters");
		return -1;
	}
	cachesim_harness(exe, sizeof(exe), self);
	argv[a++] = exe;
	argv[a++] = "run";
	/* A plugin's workload exists in the re-run harness only once it
	 * loads the same library. */
	if (plugin != NULL) {
		argv[a++] = "--plugin";
		argv[a++] = (char *)plugin;
	}
	argv[a++] = (char *)cfg->workload->name;
	argv[a++] = (char *)cfg->variant->name;
	hx_params_argv(cfg->workload, &cfg->params, argv, &a, store);
	/* The cold run alone, in this process, no validation. */
	argv[a++] = "--repeat";
	argv[a++] = "0";
	argv[a++] = "--warmup";
	argv[a++] = "0";
	argv[a++] = "--no-validate";
	argv[a++] = "--no-fork";
	argv[a++] = "--events";
	argv[a++] = "perf::task-clock";
	/* Its own result, for the flags it was built with. */
	if ((fd = mkstemp(json_path)) >= 0) {
		close(fd);
		argv[a++] = "--json";
		argv[a++] = json_path;
	}
	argv[a] = NULL;
	if (hx_cachesim_run(argv, "hx_run_measured", &sim, msg, msglen) != 0)
		goto label_return;
	if ((o = cachesim_result(&sim, exe, cfg, json_path)) == NULL)
		goto label_return;
	json_object_set_new(r, "cachesim", o);
	ret = 0;
label_return:
	if (fd >= 0)
		unlink(json_path);
	return ret;
}
