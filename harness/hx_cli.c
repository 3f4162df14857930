/*
 * hx_cli: option parsing for runs.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cachesim.h"
#include "hx_cli.h"
#include "hx_counters.h"
#include "hx_file.h"
#include "hx_isolate.h"
#include "hx_parse.h"

const char hx_cli_run_help[] =
    "usage: harness run WORKLOAD VARIANT [options]\n"
    "\n"
    "Measures one variant: inputs built outside the measured region, one cold\n"
    "run reported apart, warm-up runs, timed repeats; peak workspace from the\n"
    "allocator, RSS high-water mark, page faults, counters; the result checked\n"
    "against the workload's float64 reference. Runs in a forked child.\n"
    "\n"
    "parameters (defaults are the workload's):\n"
    "  --n N  --m M  --g G       sizes (interp: points, interpolants, grid;\n"
    "                            colony: particles)\n"
    "  --preset seed|random      inputs (interp: the question's or random)\n"
    "  --seed S                  SplitMix64 seed (42)\n"
    "  --chunk B  --tile T       chunk and tile sizes (absent: the variant's\n"
    "                            default)\n"
    "  --steps K                 colony time steps per run\n"
    "measurement:\n"
    "  --repeat R                timed repeats after the cold run (5; 0: cold\n"
    "                            run only)\n"
    "  --warmup W                discarded runs before the timed ones (1)\n"
    "  --min-time S              repeat until S seconds were measured\n"
    "  --events LIST             libpfm4 event names, comma-separated\n"
    "                            (default: cycles, instructions, cache,\n"
    "                            L1D, dTLB and branch misses, task-clock,\n"
    "                            page-faults, context-switches; none: no\n"
    "                            counters)\n"
    "  --mem-limit BYTES         largest predicted peak to attempt, with K M G\n"
    "                            suffixes (default 80% of available memory)\n"
    "  --timeline FILE           memory timeline CSV of the run\n"
    "  --timeline-interval US    sampling interval in microseconds (1000)\n"
    "  --cachesim                also count simulated cache misses (valgrind)\n"
    "  --no-validate             skip the float64 reference check\n"
    "  --no-fork                 measure in this process (for debuggers)\n"
    "output:\n"
    "  --json FILE|-             write the result object (- = stdout)\n"
    "\n"
    "Numbers: plain integers or forms like 1e6. Exit status: 0 ok or skipped,\n"
    "1 failed while running, 2 bad input.\n";

enum {
	OPT_N = 256, OPT_M, OPT_G, OPT_PRESET, OPT_SEED, OPT_CHUNK, OPT_TILE,
	OPT_STEPS, OPT_REPEAT, OPT_WARMUP, OPT_MIN_TIME, OPT_EVENTS,
	OPT_MEM_LIMIT, OPT_JSON, OPT_TIMELINE, OPT_TIMELINE_INTERVAL,
	OPT_CACHESIM, OPT_NO_VALIDATE, OPT_NO_FORK, OPT_HELP
};

static const struct option run_options[] = {
	{"n", required_argument, NULL, OPT_N},
	{"m", required_argument, NULL, OPT_M},
	{"g", required_argument, NULL, OPT_G},
	{"preset", required_argument, NULL, OPT_PRESET},
	{"seed", required_argument, NULL, OPT_SEED},
	{"chunk", required_argument, NULL, OPT_CHUNK},
	{"tile", required_argument, NULL, OPT_TILE},
	{"steps", required_argument, NULL, OPT_STEPS},
	{"repeat", required_argument, NULL, OPT_REPEAT},
	{"warmup", required_argument, NULL, OPT_WARMUP},
	{"min-time", required_argument, NULL, OPT_MIN_TIME},
	{"events", required_argument, NULL, OPT_EVENTS},
	{"mem-limit", required_argument, NULL, OPT_MEM_LIMIT},
	{"json", required_argument, NULL, OPT_JSON},
	{"timeline", required_argument, NULL, OPT_TIMELINE},
	{"timeline-interval", required_argument, NULL, OPT_TIMELINE_INTERVAL},
	{"cachesim", no_argument, NULL, OPT_CACHESIM},
	{"no-validate", no_argument, NULL, OPT_NO_VALIDATE},
	{"no-fork", no_argument, NULL, OPT_NO_FORK},
	{"help", no_argument, NULL, OPT_HELP},
	{NULL, 0, NULL, 0},
};

int
hx_cli_lookup(const char *workload, const char *variant,
    const workload_t **w, const variant_t **v, char *msg, size_t msglen)
{
	if ((*w = workload_find(workload)) == NULL) {
		char known[256] = "";
		for (size_t i = 0; workload_table[i] != NULL; i++) {
			if (workload_table[i]->hidden)
				continue;
			strncat(known, known[0] ? ", " : "",
			    sizeof(known) - strlen(known) - 1);
			strncat(known, workload_table[i]->name,
			    sizeof(known) - strlen(known) - 1);
		}
		snprintf(msg, msglen, "unknown workload '%s' (known: %s)",
		    workload, known);
		return -1;
	}
	if (variant != NULL && (*v = variant_find(workload, variant)) == NULL) {
		char known[512] = "";
		for (size_t i = 0; variant_table[i] != NULL; i++) {
			if (variant_table[i]->workload != *w)
				continue;
			strncat(known, known[0] ? ", " : "",
			    sizeof(known) - strlen(known) - 1);
			strncat(known, variant_table[i]->name,
			    sizeof(known) - strlen(known) - 1);
		}
		snprintf(msg, msglen, "unknown %s variant '%s' (known: %s)",
		    workload, variant, known);
		return -1;
	}
	return 0;
}

/* A count option: positive unless zero_ok. */
static int
parse_count_opt(const char *name, const char *arg, int zero_ok,
    uint64_t *out, char *msg, size_t msglen)
{
	uint64_t v;

	if (hx_parse_count(arg, &v) != 0) {
		snprintf(msg, msglen,
		    "--%s '%s': not a non-negative integer (forms: 100000, 1e6)",
		    name, arg);
		return -1;
	}
	if (v == 0 && !zero_ok) {
		snprintf(msg, msglen, "--%s '%s': must be at least 1", name, arg);
		return -1;
	}
	*out = v;
	return 0;
}

int
hx_cli_check_config(hx_run_config_t *cfg, char *msg, size_t msglen)
{
	char inner[400];
	hx_counters_t cs;
	int rc;

	inner[0] = '\0';
	if (cfg->workload->check(&cfg->params, inner, sizeof(inner)) != 0 ||
	    (cfg->variant->check != NULL &&
		cfg->variant->check(&cfg->params, inner, sizeof(inner)) != 0)) {
		snprintf(msg, msglen, "%s %s: %s", cfg->workload->name,
		    cfg->variant->name, inner);
		return -1;
	}
	/* Unknown event names are bad input: find out before forking. */
	if (!hx_run_counters_off(cfg)) {
		if ((rc = hx_counters_open(&cs, cfg->events, inner,
			 sizeof(inner))) != 0) {
			snprintf(msg, msglen, "--events: %s", inner);
			return -1;
		}
		hx_counters_close(&cs);
	}
	if (cfg->mem_limit == 0)
		cfg->mem_limit = hx_isolate_default_limit();
	return 0;
}

int
hx_cli_parse_run(int argc, char **argv, hx_run_config_t *cfg,
    hx_cli_run_t *cli, char *msg, size_t msglen)
{
	const char *positional[2];
	int npos = 0, opt;
	hx_run_config_t tmp;
	const workload_t *w = NULL;
	const variant_t *v = NULL;
	/* Options are collected first and applied after the workload's
	 * defaults, so their order on the line does not matter. */
	struct {
		int set;
		const char *arg;
	} given[OPT_HELP - OPT_N + 1];

	memset(given, 0, sizeof(given));
	memset(cli, 0, sizeof(*cli));
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":", run_options, NULL)) != -1) {
		if (opt == OPT_HELP)
			return HX_CLI_HELP;
		if (opt == '?') {
			snprintf(msg, msglen, "unknown option '%s'",
			    argv[optind - 1]);
			return -1;
		}
		if (opt == ':') {
			snprintf(msg, msglen, "option '%s' needs a value",
			    argv[optind - 1]);
			return -1;
		}
		given[opt - OPT_N].set = 1;
		given[opt - OPT_N].arg = optarg;
	}
	for (int i = optind; i < argc; i++) {
		if (npos == 2) {
			snprintf(msg, msglen, "unexpected argument '%s'", argv[i]);
			return -1;
		}
		positional[npos++] = argv[i];
	}
	if (npos < 2) {
		snprintf(msg, msglen,
		    "needs WORKLOAD and VARIANT (see harness list)");
		return -1;
	}
	if (hx_cli_lookup(positional[0], positional[1], &w, &v, msg, msglen) !=
	    0)
		return -1;
	hx_run_config_init(&tmp, w, v);

#define GIVEN(o) (given[(o)-OPT_N].set)
#define ARG(o) (given[(o)-OPT_N].arg)
#define COUNT(o, name, zero_ok, dst)                                          \
	do {                                                                  \
		if (GIVEN(o) && parse_count_opt(name, ARG(o), zero_ok, dst,   \
				    msg, msglen) != 0)                        \
			return -1;                                            \
	} while (0)
	COUNT(OPT_N, "n", 0, &tmp.params.n);
	COUNT(OPT_M, "m", 0, &tmp.params.m);
	COUNT(OPT_G, "g", 0, &tmp.params.g);
	COUNT(OPT_SEED, "seed", 1, &tmp.params.seed);
	COUNT(OPT_CHUNK, "chunk", 0, &tmp.params.chunk);
	COUNT(OPT_TILE, "tile", 0, &tmp.params.tile);
	COUNT(OPT_STEPS, "steps", 0, &tmp.params.steps);
	COUNT(OPT_REPEAT, "repeat", 1, &tmp.repeat);
	COUNT(OPT_WARMUP, "warmup", 1, &tmp.warmup);
	COUNT(OPT_TIMELINE_INTERVAL, "timeline-interval", 0,
	    &tmp.timeline_interval_us);
#undef COUNT
	if (GIVEN(OPT_PRESET)) {
		if (strcmp(ARG(OPT_PRESET), "seed") == 0) {
			tmp.params.preset = PRESET_SEED;
		} else if (strcmp(ARG(OPT_PRESET), "random") == 0) {
			tmp.params.preset = PRESET_RANDOM;
		} else {
			snprintf(msg, msglen,
			    "--preset '%s': must be seed or random",
			    ARG(OPT_PRESET));
			return -1;
		}
	}
	if (GIVEN(OPT_MIN_TIME) &&
	    hx_parse_seconds(ARG(OPT_MIN_TIME), &tmp.min_time_s) != 0) {
		snprintf(msg, msglen, "--min-time '%s': not a positive number "
				      "of seconds", ARG(OPT_MIN_TIME));
		return -1;
	}
	if (GIVEN(OPT_MEM_LIMIT)) {
		if (hx_parse_bytes(ARG(OPT_MEM_LIMIT), &tmp.mem_limit) != 0 ||
		    tmp.mem_limit == 0) {
			snprintf(msg, msglen,
			    "--mem-limit '%s': not a positive byte count "
			    "(forms: 512M, 12G, 1e9)", ARG(OPT_MEM_LIMIT));
			return -1;
		}
	}
	if (GIVEN(OPT_EVENTS))
		tmp.events = ARG(OPT_EVENTS);
	if (GIVEN(OPT_TIMELINE))
		tmp.timeline_path = ARG(OPT_TIMELINE);
	if (GIVEN(OPT_NO_VALIDATE))
		tmp.validate = 0;
	cli->no_fork = GIVEN(OPT_NO_FORK);
	cli->cachesim = GIVEN(OPT_CACHESIM);
	if (GIVEN(OPT_JSON))
		cli->json_path = ARG(OPT_JSON);
#undef GIVEN
#undef ARG
	if (hx_cli_check_config(&tmp, msg, msglen) != 0)
		return -1;
	if (cli->json_path != NULL &&
	    hx_file_check_writable(cli->json_path, msg, msglen) != 0)
		return -1;
	if (tmp.timeline_path != NULL &&
	    (strcmp(tmp.timeline_path, "-") == 0 ||
		hx_file_check_writable(tmp.timeline_path, msg, msglen) != 0)) {
		if (strcmp(tmp.timeline_path, "-") == 0)
			snprintf(msg, msglen, "--timeline: needs a file name");
		return -1;
	}
	*cfg = tmp;
	return 0;
}

int
hx_cli_cachesim(const hx_run_config_t *cfg, const char *self, json_t *r,
    char *msg, size_t msglen)
{
	char n[32], m[32], g[32], seed[32], chunk[32], tile[32], steps[32];
	char exe[4096];
	hx_cachesim_t sim;
	const params_t *p = &cfg->params;
	ssize_t len;

	/* valgrind 3.19 cannot decode AVX-512: prefer the build for
	 * x86-64-v3 beside this one (build/valgrind/harness, same sources),
	 * or $FB_CACHESIM_HARNESS; else this very binary. */
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0)
		exe[len] = '\0';
	else
		snprintf(exe, sizeof(exe), "%s", self);
	if (getenv("FB_CACHESIM_HARNESS") != NULL) {
		snprintf(exe, sizeof(exe), "%s", getenv("FB_CACHESIM_HARNESS"));
	} else {
		char *slash = strrchr(exe, '/');
		char alt[4096];
		if (slash != NULL) {
			*slash = '\0';
			if ((size_t)snprintf(alt, sizeof(alt), "%s/../valgrind/harness",
				exe) >= sizeof(alt))
				alt[0] = '\0';
			*slash = '/';
			if (access(alt, X_OK) == 0 &&
			    realpath(alt, exe) == NULL)
				snprintf(exe, sizeof(exe), "%s", alt);
		}
	}
	snprintf(n, sizeof(n), "%llu", (unsigned long long)p->n);
	snprintf(m, sizeof(m), "%llu", (unsigned long long)p->m);
	snprintf(g, sizeof(g), "%llu", (unsigned long long)p->g);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)p->seed);
	snprintf(chunk, sizeof(chunk), "%llu", (unsigned long long)p->chunk);
	snprintf(tile, sizeof(tile), "%llu", (unsigned long long)p->tile);
	snprintf(steps, sizeof(steps), "%llu", (unsigned long long)p->steps);
	{
		char *argv[40];
		int a = 0;
#define PUSH(s) (argv[a++] = (char *)(s))
		PUSH(exe); PUSH("run"); PUSH(cfg->workload->name);
		PUSH(cfg->variant->name);
		PUSH("--n"); PUSH(n); PUSH("--m"); PUSH(m); PUSH("--g"); PUSH(g);
		PUSH("--preset");
		PUSH(p->preset == PRESET_SEED ? "seed" : "random");
		PUSH("--seed"); PUSH(seed); PUSH("--steps"); PUSH(steps);
		/* 0 means "the variant's default" and is not an option value. */
		if (p->chunk != 0) {
			PUSH("--chunk"); PUSH(chunk);
		}
		if (p->tile != 0) {
			PUSH("--tile"); PUSH(tile);
		}
		PUSH("--repeat"); PUSH("0"); PUSH("--warmup"); PUSH("0");
		PUSH("--no-validate"); PUSH("--no-fork");
		PUSH("--events"); PUSH("perf::task-clock");
		argv[a] = NULL;
#undef PUSH
		if (hx_cachesim_run(argv, "hx_run_measured", &sim, msg,
			msglen) != 0)
			return -1;
	}
	{
		json_t *o = hx_cachesim_json(&sim);
		double units = cfg->workload->units(p);
		if (o == NULL)
			return -1;
		json_object_set_new(o, "runs", json_integer(1));
		json_object_set_new(o, "binary", json_string(exe));
		if (units > 0) {
			json_object_set_new(o, "D1_misses_per_unit",
			    json_real((double)(sim.d1mr + sim.d1mw) / units));
			json_object_set_new(o, "LL_misses_per_unit",
			    json_real((double)(sim.dlmr + sim.dlmw) / units));
		}
		json_object_set_new(r, "cachesim", o);
	}
	return 0;
}
