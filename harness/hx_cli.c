/*
 * hx_cli: the shared command line of the measuring commands.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_counters.h"
#include "hx_csv.h"
#include "hx_file.h"
#include "hx_gbench.h"
#include "hx_isolate.h"
#include "hx_parse.h"
#include "hx_plugin.h"
#include "hx_result.h"

/* getopt_long values: 256 + the option's place in the generated table. */
#define OPT_BASE 256
#define OPT_SETTINGS (OPT_BASE + HX_CLI_MAX_PARAMS)
#define OPT_OWN (OPT_SETTINGS + HX_SET_COUNT)
#define OPT_PARAM (OPT_OWN + HX_CLI_MAX_OWN)
#define OPT_DECLARED (OPT_PARAM + 1)

static const char *const setting_names[HX_SET_COUNT] = {"repeat", "warmup",
    "min-time", "events", "mem-limit", "timeline-interval", "cpu"};

/* The repeat line's "%llu" is the command's default. */
static const char *const setting_help[HX_SET_COUNT] = {
    "timed repeats after the cold run (%llu; 0: cold run only)",
    "discarded runs before the timed ones (1)",
    "repeat until S seconds were measured",
    "libpfm4 event names, comma-separated (default: cycles,\n"
    "                            instructions, cache, L1D, dTLB and branch\n"
    "                            misses, task-clock, page-faults,\n"
    "                            context-switches; none: no counters)",
    "largest predicted peak to attempt, with K M G\n"
    "                            suffixes (default 80% of available memory)",
    "timeline sampling interval in microseconds (1000)",
    "pin the measuring process to CPU N (default: not pinned)"};

static const char *const setting_value[HX_SET_COUNT] = {
    "R", "W", "S", "LIST", "BYTES", "US", "N"};

/* The getopt_long table: parameters (the table's, then the workloads'
 * own), settings, the command's own. */
static void
build_options(const hx_cli_opt_t *own, size_t nown, struct option *o)
{
	const char *names[HX_CLI_MAX_DECLARED];
	size_t k = 0,
	       ndeclared = hx_params_declared_names(names, HX_CLI_MAX_DECLARED);

	for (size_t i = 0; i < hx_params_count; i++)
		o[k++] = (struct option){hx_params[i].name, required_argument,
		    NULL, OPT_BASE + (int)i};
	for (size_t i = 0; i < ndeclared; i++) {
		/* One that a setting or the command's own option has stays
		 * --param NAME=V: the harness's option keeps its name. */
		int clash = strcmp(names[i], "param") == 0;
		for (int j = 0; j < HX_SET_COUNT; j++)
			clash |= strcmp(names[i], setting_names[j]) == 0;
		for (size_t j = 0; j < nown; j++)
			clash |= strcmp(names[i], own[j].name) == 0;
		if (!clash)
			o[k++] = (struct option){names[i], required_argument,
			    NULL, OPT_DECLARED + (int)i};
	}
	for (int i = 0; i < HX_SET_COUNT; i++)
		o[k++] = (struct option){setting_names[i], required_argument,
		    NULL, OPT_SETTINGS + i};
	for (size_t i = 0; i < nown; i++)
		o[k++] = (struct option){own[i].name,
		    own[i].has_value ? required_argument : no_argument, NULL,
		    OPT_OWN + (int)i};
	o[k++] = (struct option){"param", required_argument, NULL, OPT_PARAM};
	o[k] = (struct option){NULL, 0, NULL, 0};
}

/* One option as getopt_long returned it; 0, or -1 with msg. */
static int
take_option(int opt, char **argv, hx_cli_args_t *a, char *msg, size_t msglen)
{
	if (opt == '?' && optopt > 0 && optopt < 256) {
		/* A short option: optind may not have moved past it. */
		snprintf(msg, msglen, "unknown option '-%c'", optopt);
		return -1;
	}
	if (opt == '?') {
		snprintf(msg, msglen, "unknown option '%s'", argv[optind - 1]);
		return -1;
	}
	if (opt == ':') {
		snprintf(
		    msg, msglen, "option '%s' needs a value", argv[optind - 1]);
		return -1;
	}
	if (opt == OPT_PARAM || opt >= OPT_DECLARED) {
		const char *names[HX_CLI_MAX_DECLARED];
		if (a->nextra == HX_CLI_MAX_EXTRA) {
			snprintf(msg, msglen, "too many --param options");
			return -1;
		}
		if (opt == OPT_PARAM) {
			a->extra[a->nextra++] = optarg;
			return 0;
		}
		/* --NAME V is --param NAME=V. */
		hx_params_declared_names(names, HX_CLI_MAX_DECLARED);
		snprintf(a->extra_text[a->nextra], sizeof(a->extra_text[0]),
		    "%s=%s", names[opt - OPT_DECLARED], optarg);
		a->extra[a->nextra] = a->extra_text[a->nextra];
		a->nextra++;
	} else if (opt >= OPT_OWN)
		a->own[opt - OPT_OWN] = optarg != NULL ? optarg : "";
	else if (opt >= OPT_SETTINGS)
		a->setting[opt - OPT_SETTINGS] = optarg;
	else
		a->param[opt - OPT_BASE] = optarg;
	return 0;
}

size_t
hx_cli_options(
    const hx_cli_opt_t *own, size_t nown, unsigned without, struct option *o)
{
	size_t k = 0;

	build_options(own, nown, o);
	/* Leave out the settings the command refuses. */
	for (size_t i = 0; o[i].name != NULL; i++) {
		if (o[i].val >= OPT_SETTINGS && o[i].val < OPT_OWN &&
		    (without & (1u << (o[i].val - OPT_SETTINGS))) != 0)
			continue;
		o[k++] = o[i];
	}
	o[k] = (struct option){NULL, 0, NULL, 0};
	return k;
}

/* The index of the command's own --help, or -1. */
static int
help_index(const hx_cli_opt_t *own, size_t nown)
{
	for (size_t i = 0; i < nown; i++) {
		if (strcmp(own[i].name, "help") == 0)
			return (int)i;
	}
	return -1;
}

/* A command's own option that takes a value, given twice (--json a.json
 * --json b.json): the last would win silently and the first's file go
 * unwritten. Refused, both values named. 0, or -1 with msg. */
static int
cli_repeated(int opt, const hx_cli_opt_t *own, size_t nown,
    const hx_cli_args_t *a, char *msg, size_t msglen)
{
	size_t i = (size_t)(opt - OPT_OWN);

	if (opt < OPT_OWN || opt >= OPT_PARAM || i >= nown ||
	    !own[i].has_value || a->own[i] == NULL)
		return 0;
	snprintf(msg, msglen,
	    "--%s given twice ('%.1000s' and '%.1000s'): give it once",
	    own[i].name, a->own[i], optarg != NULL ? optarg : "");
	return -1;
}

/* getopt_long over argv with optstring; optind is left where it stopped
 * and *last just past the last option taken. -h is --help where the
 * command has one. 0, or -1 with msg. */
static int
cli_scan(int argc, char **argv, const char *optstring, const hx_cli_opt_t *own,
    size_t nown, hx_cli_args_t *a, int *last, char *msg, size_t msglen)
{
	struct option options[HX_CLI_MAX_OPTIONS];
	int opt;

	memset(a, 0, sizeof(*a));
	if (hx_params_count > HX_CLI_MAX_PARAMS || nown > HX_CLI_MAX_OWN) {
		snprintf(msg, msglen, "too many options for the option table");
		return -1;
	}
	build_options(own, nown, options);
	/* 0, not 1: glibc then forgets a short-option cluster ("-xy") that an
	 * earlier call stopped inside. */
	optind = 0;
	opterr = 0;
	*last = 1;
	while (
	    (opt = getopt_long(argc, argv, optstring, options, NULL)) != -1) {
		if (opt == 'h' && help_index(own, nown) >= 0)
			a->own[help_index(own, nown)] = "";
		else if (cli_repeated(opt, own, nown, a, msg, msglen) != 0)
			return -1;
		else if (take_option(
			     opt == 'h' ? '?' : opt, argv, a, msg, msglen) != 0)
			return -1;
		*last = optind;
	}
	return 0;
}

int
hx_cli_getopt(int argc, char **argv, const hx_cli_opt_t *own, size_t nown,
    int max_positional, hx_cli_args_t *a, char *msg, size_t msglen)
{
	int last;

	if (cli_scan(argc, argv, ":h", own, nown, a, &last, msg, msglen) != 0)
		return -1;
	for (int i = optind; i < argc; i++) {
		if (a->npositional == max_positional) {
			snprintf(
			    msg, msglen, "unexpected argument '%s'", argv[i]);
			return -1;
		}
		a->positional[a->npositional++] = argv[i];
	}
	return 0;
}

int
hx_cli_getopt_prefix(int argc, char **argv, const hx_cli_opt_t *own,
    size_t nown, hx_cli_args_t *a, int *stop, int *dashes, char *msg,
    size_t msglen)
{
	int last;

	/* '+': stop at the first word that is not an option ("-h" is
	 * --help where the command has one). */
	if (cli_scan(argc, argv, "+:h", own, nown, a, &last, msg, msglen) != 0)
		return -1;
	/* A "--" that is an option's value (--json --) does not end them. */
	*dashes = optind == last + 1 && optind <= argc &&
	    strcmp(argv[last], "--") == 0;
	*stop = optind;
	return 0;
}

int
hx_cli_param_usable(
    const workload_t *w, const hx_param_t *p, char *msg, size_t msglen)
{
	if (hx_params_used(w, p))
		return 0;
	snprintf(msg, msglen, "--%s: %s does not use it (its parameters: %s)",
	    p->name, w->name, w->params);
	return -1;
}

int
hx_cli_apply_params(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen)
{
	for (size_t i = 0; i < hx_params_count; i++) {
		uint64_t v;
		if (a->param[i] == NULL)
			continue;
		if (hx_cli_param_usable(
			cfg->workload, &hx_params[i], msg, msglen) != 0 ||
		    hx_params_parse(
			&hx_params[i], a->param[i], &v, msg, msglen) != 0)
			return -1;
		hx_params_set(&cfg->params, &hx_params[i], v);
	}
	return hx_cli_apply_extra(a, cfg, msg, msglen);
}

int
hx_cli_apply_extra(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen)
{
	for (int i = 0; i < a->nextra; i++) {
		if (hx_params_extra_parse(cfg->workload, a->extra[i],
			&cfg->params, msg, msglen) != 0)
			return -1;
	}
	return 0;
}

/* A count setting from 1 (0 when zero_ok) to max. */
static int
setting_count(const char *name, const char *arg, int zero_ok, uint64_t max,
    uint64_t *out, char *msg, size_t msglen)
{
	uint64_t v;
	int rc = hx_parse_count(arg, &v);

	if (rc != 0 && rc != HX_PARSE_TOO_LARGE) {
		snprintf(msg, msglen,
		    "--%s '%s': not a non-negative integer (forms: 100000, "
		    "1e6)",
		    name, arg);
		return -1;
	}
	if (rc == HX_PARSE_TOO_LARGE || v > max) {
		snprintf(msg, msglen, "--%s '%s': must be at most %llu", name,
		    arg, (unsigned long long)max);
		return -1;
	}
	if (v == 0 && !zero_ok) {
		snprintf(
		    msg, msglen, "--%s '%s': must be at least 1", name, arg);
		return -1;
	}
	*out = v;
	return 0;
}

int
hx_cli_apply_settings(
    const hx_cli_args_t *a, hx_run_config_t *cfg, char *msg, size_t msglen)
{
	const char *const *s = a->setting;

	if ((s[HX_SET_REPEAT] != NULL &&
		setting_count("repeat", s[HX_SET_REPEAT], 1, HX_CLI_MAX_REPEAT,
		    &cfg->repeat, msg, msglen) != 0) ||
	    (s[HX_SET_WARMUP] != NULL &&
		setting_count("warmup", s[HX_SET_WARMUP], 1, HX_CLI_MAX_REPEAT,
		    &cfg->warmup, msg, msglen) != 0) ||
	    (s[HX_SET_TIMELINE_INTERVAL] != NULL &&
		setting_count("timeline-interval", s[HX_SET_TIMELINE_INTERVAL],
		    0, HX_CLI_MAX_INTERVAL_US, &cfg->timeline_interval_us, msg,
		    msglen) != 0))
		return -1;
	if (s[HX_SET_MIN_TIME] != NULL &&
	    hx_parse_seconds(s[HX_SET_MIN_TIME], &cfg->min_time_s) != 0) {
		snprintf(msg, msglen,
		    "--min-time '%s': not a positive number of seconds",
		    s[HX_SET_MIN_TIME]);
		return -1;
	}
	if (s[HX_SET_MEM_LIMIT] != NULL &&
	    hx_parse_bytes(s[HX_SET_MEM_LIMIT], &cfg->mem_limit) ==
		HX_PARSE_TOO_LARGE) {
		snprintf(msg, msglen,
		    "--mem-limit '%s': must be at most 16E (2^64 - 1 bytes)",
		    s[HX_SET_MEM_LIMIT]);
		return -1;
	}
	if (s[HX_SET_MEM_LIMIT] != NULL &&
	    (hx_parse_bytes(s[HX_SET_MEM_LIMIT], &cfg->mem_limit) != 0 ||
		cfg->mem_limit == 0)) {
		snprintf(msg, msglen,
		    "--mem-limit '%s': not a positive byte count (forms: 512M, "
		    "12G, 1e9)",
		    s[HX_SET_MEM_LIMIT]);
		return -1;
	}
	if (s[HX_SET_EVENTS] != NULL)
		cfg->events = s[HX_SET_EVENTS];
	if (s[HX_SET_CPU] != NULL)
		return hx_cli_parse_cpu(s[HX_SET_CPU], &cfg->cpu, msg, msglen);
	return 0;
}

int
hx_cli_write_result(
    const char *path, int gbench, const json_t *r, char *msg, size_t msglen)
{
	json_t *one;
	int rc;

	if (!gbench)
		return hx_result_write(path, r, msg, msglen);
	if ((one = json_pack("[O]", r)) == NULL) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	rc = hx_gbench_write_opts(
	    path, one, gbench == HX_CLI_FORMAT_GBENCH_AGGREGATES, msg, msglen);
	json_decref(one);
	return rc;
}

int
hx_cli_write_results(
    const char *path, int gbench, json_t *results, char *msg, size_t msglen)
{
	if (json_array_size(results) == 1)
		return hx_cli_write_result(
		    path, gbench, json_array_get(results, 0), msg, msglen);
	if (gbench)
		return hx_gbench_write_opts(path, results,
		    gbench == HX_CLI_FORMAT_GBENCH_AGGREGATES, msg, msglen);
	return hx_file_write_atomic(
	    path, hx_csv_jsonl_write, results, msg, msglen);
}

int
hx_cli_parse_format(const char *arg, int *gbench, char *msg, size_t msglen)
{
	if (strcmp(arg, "json") != 0 && strcmp(arg, "gbench") != 0) {
		snprintf(msg, msglen,
		    "--format '%s': json (the result object) or gbench "
		    "(Google Benchmark's JSON)",
		    arg);
		return -1;
	}
	*gbench = strcmp(arg, "gbench") == 0;
	return 0;
}

int
hx_cli_parse_cpu(const char *arg, int *cpu, char *msg, size_t msglen)
{
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	uint64_t v;

	if (hx_parse_count(arg, &v) != 0 || (cpus > 0 && v >= (uint64_t)cpus)) {
		snprintf(msg, msglen,
		    "--cpu '%s': not a CPU of this machine (0 to %ld)", arg,
		    cpus - 1);
		return -1;
	}
	*cpu = (int)v;
	return 0;
}

void
hx_cli_params_usage(FILE *f, int lists)
{
	const workload_t *w;

	fprintf(f, "  %-26s%s\n",
	    lists ? "--param NAME=LIST" : "--param NAME=VALUE",
	    "a parameter the workload declares itself (see harness list)");
	for (size_t i = 0; i < hx_params_count; i++) {
		char opt[64];
		snprintf(opt, sizeof(opt), "--%s %s", hx_params[i].name,
		    lists ? "LIST" : "V");
		fprintf(f, "  %-26s%s\n", opt, hx_params[i].meaning);
	}
	/* The known workloads' own, each with the workload's name. */
	for (size_t k = 0; (w = hx_plugin_workload(k)) != NULL; k++) {
		for (size_t i = 0; !w->hidden && i < hx_params_extra_count(w);
		     i++) {
			char opt[64];
			snprintf(opt, sizeof(opt), "--%s %s",
			    w->extra_params[i].name, lists ? "LIST" : "V");
			fprintf(f, "  %-26s%s (%s)\n", opt,
			    w->extra_params[i].meaning, w->name);
		}
	}
}

void
hx_cli_settings_usage(FILE *f, unsigned without, uint64_t repeat)
{
	for (int i = 0; i < HX_SET_COUNT; i++) {
		char opt[64], help[512];
		if ((without & (1u << i)) != 0)
			continue;
		snprintf(opt, sizeof(opt), "--%s %s", setting_names[i],
		    setting_value[i]);
		/* A constant format of the table; repeat's takes a value. */
		snprintf(help, sizeof(help), "%s", setting_help[i]);
		if (i == HX_SET_REPEAT)
			snprintf(help, sizeof(help), setting_help[i],
			    (unsigned long long)repeat);
		fprintf(f, "  %-26s%s\n", opt, help);
	}
}

void
hx_cli_workload_names(char *buf, size_t len)
{
	const workload_t *w;

	buf[0] = '\0';
	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (w->hidden)
			continue;
		strncat(buf, buf[0] ? ", " : "", len - strlen(buf) - 1);
		strncat(buf, w->name, len - strlen(buf) - 1);
	}
}

int
hx_cli_lookup(const char *workload, const char *variant, const workload_t **w,
    const variant_t **v, char *msg, size_t msglen)
{
	char known[512] = "";
	const variant_t *y;

	if ((*w = hx_plugin_find_workload(workload)) == NULL) {
		hx_cli_workload_names(known, sizeof(known));
		snprintf(msg, msglen, "unknown workload '%s' (known: %s)",
		    workload, known);
		return -1;
	}
	if (variant == NULL ||
	    (*v = hx_plugin_find_variant(workload, variant)) != NULL)
		return 0;
	for (size_t i = 0; (y = hx_plugin_variant(i)) != NULL; i++) {
		if (y->workload != *w)
			continue;
		strncat(known, known[0] ? ", " : "",
		    sizeof(known) - strlen(known) - 1);
		strncat(known, y->name, sizeof(known) - strlen(known) - 1);
	}
	snprintf(msg, msglen, "unknown %s variant '%s' (known: %s)", workload,
	    variant, known);
	return -1;
}

int
hx_cli_check_config(hx_run_config_t *cfg, char *msg, size_t msglen)
{
	char inner[400];

	inner[0] = '\0';
	if (cfg->workload->check(&cfg->params, inner, sizeof(inner)) != 0 ||
	    (cfg->variant->check != NULL &&
		cfg->variant->check(&cfg->params, inner, sizeof(inner)) != 0)) {
		snprintf(msg, msglen, "%s %s: %s", cfg->workload->name,
		    cfg->variant->name, inner);
		return -1;
	}
	/* Unknown event names are bad input: find out before forking. */
	if (!hx_run_counters_off(cfg) &&
	    hx_cli_check_events(cfg->events, msg, msglen) != 0)
		return -1;
	if (cfg->mem_limit == 0)
		cfg->mem_limit = hx_isolate_default_limit();
	return 0;
}

int
hx_cli_check_csv(const char *path, char *msg, size_t msglen)
{
	char inner[4400];

	if (path != NULL &&
	    hx_file_check_writable(path, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--csv %s", inner);
		return -1;
	}
	return 0;
}

size_t
hx_cli_copy_options(const struct option *from, struct option *o)
{
	size_t n = 0;

	while ((o[n] = from[n]).name != NULL)
		n++;
	return n;
}

int
hx_cli_check_events(const char *events, char *msg, size_t msglen)
{
	char inner[400];
	hx_counters_t cs;

	if (hx_counters_open(&cs, events, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--events: %s", inner);
		return -1;
	}
	hx_counters_close(&cs);
	return 0;
}

int
hx_cli_check_outputs(
    const char *json_path, const char *timeline_path, char *msg, size_t msglen)
{
	char inner[4400];

	if (json_path != NULL &&
	    hx_file_check_writable(json_path, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--json %s", inner);
		return -1;
	}
	if (timeline_path != NULL && strcmp(timeline_path, "-") == 0) {
		snprintf(msg, msglen, "--timeline: needs a file name");
		return -1;
	}
	if (timeline_path != NULL &&
	    hx_file_check_writable(timeline_path, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--timeline %s", inner);
		return -1;
	}
	return 0;
}

int
hx_cli_check_distinct(const char *json_path, const char *csv_path,
    const char *timeline_path, char *msg, size_t msglen)
{
	const char *names[] = {"--json", "--csv", "--timeline"};
	const char *paths[] = {json_path, csv_path, timeline_path};

	return hx_file_check_distinct(names, paths, 3, msg, msglen);
}

int
hx_cli_stdout_is_data(const char *json_path, const char *csv_path)
{
	return (json_path != NULL && hx_file_is_stdout(json_path)) ||
	    (csv_path != NULL && hx_file_is_stdout(csv_path));
}

void
hx_cli_error(const char *cmd, const char *msg)
{
	fprintf(stderr, "harness %s: ", cmd);
	for (const char *c = msg; *c != '\0'; c++)
		fputc(
		    (unsigned char)*c < 0x20 || *c == 0x7f ? '?' : *c, stderr);
	fputc('\n', stderr);
}

void
hx_cli_error_option(const char *cmd, const char *option, const char *msg)
{
	char line[4800];

	/* A message that already names the option is printed as it is. */
	if (strncmp(msg, option, strlen(option)) == 0 &&
	    msg[strlen(option)] == ' ')
		snprintf(line, sizeof(line), "%s", msg);
	else
		snprintf(line, sizeof(line), "%s %s", option, msg);
	hx_cli_error(cmd, line);
}
