/*
 * hx_sweep: many runs, one result object per line.
 *
 * The grid is the product of the variants and the value lists given
 * (--n 1e4,1e5 --chunk 1000,10000 ...; every parameter of the table takes a
 * list, and so does a workload's own: --param passes=1,2). Every run is
 * isolated in its own child (hx_isolate), so a crash or an out-of-memory is one
 * failed line and the sweep goes on. After each finished run both files
 * (OUT.jsonl and OUT.csv) are rewritten atomically, so an interrupted sweep
 * keeps every finished run and never leaves half a file; --resume skips the
 * runs that OUT.jsonl already holds with the same parameters and measurement
 * settings, pinned to the same CPU (--cpu). A progress line on stderr says
 * where it is, how long it has run and about how long is left.
 *
 * The float64 reference of a parameter set is computed by its first run and
 * handed to the others, so a sweep of six variants pays for it once.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_gbench.h"
#include "hx_isolate.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "hx_sweep.h"

#define SWEEP_MAX_LIST 64
#define SWEEP_MAX_VARIANTS 64
#define SWEEP_MAX_REFS 256
/* A sweep's default --repeat: with fewer than 4 samples a side, compare's
 * test cannot reach p < 0.05, and 10 leave room for outliers. */
#define SWEEP_DEFAULT_REPEAT 10

static const hx_cli_opt_t sweep_own[] = {{"workload", 1}, {"variants", 1},
    {"timeline-dir", 1}, {"resume", 0}, {"out", 1}, {"no-interleave", 0},
    {"format", 1}, {"force", 0}, {"quiet", 0}, {"help", 0}};
enum {
	S_WORKLOAD,
	S_VARIANTS,
	S_TIMELINE_DIR,
	S_RESUME,
	S_OUT,
	S_NO_INTERLEAVE,
	S_FORMAT,
	S_FORCE,
	S_QUIET,
	S_HELP,
	S_NOWN
};

/* A parameter's values; one entry (the default) when not given. */
typedef struct sweep_list_s {
	size_t count;
	uint64_t v[SWEEP_MAX_LIST];
} sweep_list_t;

typedef struct sweep_ref_s {
	params_t p;
	double digest[DIGEST_MAX];
} sweep_ref_t;

/* What to run: the grid of configurations, in order. */
typedef struct sweep_plan_s {
	const workload_t *w;
	const variant_t *variants[SWEEP_MAX_VARIANTS];
	size_t nvariants;
	sweep_list_t lists[HX_CLI_MAX_PARAMS];
	sweep_list_t extra_lists[PARAMS_EXTRA_MAX]; /* the workload's own */
	hx_run_config_t base;
	const char *timeline_dir;
	int resume;
	int force;      /* --force: the old files set aside, a new sweep */
	int interleave; /* variants of the same parameters take turns */
	hx_run_config_t *runs;
	size_t total;
} sweep_plan_t;

/* Where the results go. */
typedef struct sweep_s {
	json_t *results; /* array, in run order */
	char jsonl_path[4096], csv_path[4096];
	char gbench_path[4096]; /* with --format gbench, else "" */
	sweep_ref_t refs[SWEEP_MAX_REFS];
	size_t nrefs;
	size_t done, failures;
	double started;
	int quiet; /* --quiet: no warnings under each run's line */
} sweep_t;

static volatile sig_atomic_t sweep_interrupted;

static void
sweep_on_signal(int sig)
{
	(void)sig;
	sweep_interrupted = 1;
}

size_t
hx_sweep_options(struct option *o)
{
	return hx_cli_options(sweep_own, S_NOWN, 0, o);
}

void
hx_sweep_usage(FILE *f)
{
	char names[512];

	hx_cli_workload_names(names, sizeof(names));
	fprintf(f,
	    "usage: harness sweep --workload W --out PREFIX [options]\n\n"
	    "Runs every combination of the variants and value lists given, "
	    "each in\nits own child, and writes PREFIX.jsonl (one result "
	    "object a line) and\nPREFIX.csv (one row a run, for plotting), "
	    "both rewritten atomically\nafter every run.\n\n"
	    "  --workload W              one of %s\n"
	    "  --variants LIST|all       comma-separated variant names "
	    "(all)\n"
	    "parameters, each a comma-separated list (forms: 1e5,300000):\n",
	    names);
	hx_cli_params_usage(f, 1);
	fprintf(f,
	    "measurement, as for harness run, for every run (but --repeat "
	    "defaults to %d\nhere, so that harness compare can decide):\n",
	    SWEEP_DEFAULT_REPEAT);
	hx_cli_settings_usage(f, 0, SWEEP_DEFAULT_REPEAT);
	fputs("  --timeline-dir DIR        a memory timeline CSV per run in "
	      "DIR\n"
	      "  --resume                  keep PREFIX.jsonl's runs and skip "
	      "those made\n"
	      "                            with the same parameters and "
	      "settings\n"
	      "  --quiet                   no warnings under each run's line "
	      "(they stay\n"
	      "                            in the results)\n"
	      "  --force                   start again when PREFIX.jsonl holds "
	      "results: the\n"
	      "                            old files are kept as "
	      "PREFIX.jsonl.1 and so on\n"
	      "  --out PREFIX              output files PREFIX.jsonl and "
	      "PREFIX.csv\n"
	      "  --format json|gbench      gbench: also PREFIX.gbench.json, "
	      "Google\n"
	      "                            Benchmark's JSON of all runs\n"
	      "  --no-interleave           run each variant's repeats in a "
	      "block; by default\n"
	      "                            the variants of one parameter set "
	      "take turns, one\n"
	      "                            run each, so that drift hits all "
	      "alike\n\n"
	      "Exit status: 0 when every run is ok or skipped, 1 when a run "
	      "failed or\nthe sweep was interrupted (finished runs are kept), "
	      "2 bad input.\n",
	    f);
}

/* One value of a list: a table parameter's (ctx: the hx_param_t) or a
 * workload's own (ctx: the sweep_extra_t). 0, or -1 with msg. */
typedef int (*sweep_value_fn)(
    const void *ctx, const char *tok, uint64_t *out, char *msg, size_t msglen);

typedef struct sweep_extra_s {
	const workload_t *w;
	int index;
	const char *name;
} sweep_extra_t;

static int
table_value(
    const void *ctx, const char *tok, uint64_t *out, char *msg, size_t msglen)
{
	return hx_params_parse(ctx, tok, out, msg, msglen);
}

/* Through hx_params_extra_parse, so the bounds and messages are run's. */
static int
extra_value(
    const void *ctx, const char *tok, uint64_t *out, char *msg, size_t msglen)
{
	const sweep_extra_t *e = ctx;
	char arg[512];
	params_t p;

	memset(&p, 0, sizeof(p));
	snprintf(arg, sizeof(arg), "%s=%s", e->name, tok);
	if (hx_params_extra_parse(e->w, arg, &p, msg, msglen) != 0)
		return -1;
	*out = p.extra[e->index];
	return 0;
}

/* A comma-separated list of values of the option called name. */
static int
parse_list(const char *name, const char *arg, sweep_value_fn one,
    const void *ctx, sweep_list_t *l, char *msg, size_t msglen)
{
	char buf[1024], *save = NULL, *tok;
	size_t len = strlen(arg);

	if (len >= sizeof(buf)) {
		snprintf(msg, msglen, "--%s: list too long", name);
		return -1;
	}
	if (len == 0 || arg[0] == ',' || arg[len - 1] == ',' ||
	    strstr(arg, ",,") != NULL) {
		snprintf(
		    msg, msglen, "--%s '%s': empty value in list", name, arg);
		return -1;
	}
	memcpy(buf, arg, len + 1);
	l->count = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		if (l->count == SWEEP_MAX_LIST) {
			snprintf(msg, msglen, "--%s: more than %d values", name,
			    SWEEP_MAX_LIST);
			return -1;
		}
		if (one(ctx, tok, &l->v[l->count], msg, msglen) != 0)
			return -1;
		l->count++;
	}
	return 0;
}

static int
sweep_variants(sweep_plan_t *plan, const char *arg, char *msg, size_t msglen)
{
	char buf[1024], *save = NULL, *tok;

	if (strcmp(arg, "all") == 0) {
		const variant_t *v;
		for (size_t i = 0; (v = hx_plugin_variant(i)) != NULL &&
		     plan->nvariants < SWEEP_MAX_VARIANTS;
		     i++) {
			if (v->workload == plan->w)
				plan->variants[plan->nvariants++] = v;
		}
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", arg);
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		const variant_t *v;
		char inner[600];
		if (plan->nvariants == SWEEP_MAX_VARIANTS ||
		    hx_cli_lookup(plan->w->name, tok, &plan->w, &v, inner,
			sizeof(inner)) != 0) {
			snprintf(msg, msglen, "--variants: %s", inner);
			return -1;
		}
		plan->variants[plan->nvariants++] = v;
	}
	if (plan->nvariants == 0) {
		snprintf(msg, msglen, "--variants '%s': no variant named", arg);
		return -1;
	}
	return 0;
}

/* Every parameter's list: the values given (the workload must use the
 * parameter), else the one default. */
static int
sweep_lists(
    sweep_plan_t *plan, const hx_cli_args_t *a, char *msg, size_t msglen)
{
	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		sweep_list_t *l = &plan->lists[i];
		if (a->param[i] == NULL) {
			l->count = 1;
			l->v[0] = hx_params_get(&plan->base.params, p);
			continue;
		}
		if (hx_cli_param_usable(plan->w, p, msg, msglen) != 0 ||
		    parse_list(p->name, a->param[i], table_value, p, l, msg,
			msglen) != 0)
			return -1;
	}
	return 0;
}

/* The workload's own parameters' lists: --param NAME=V1,V2 (run's
 * --param NAME=V with a list), else the one default. */
static int
sweep_extra_lists(
    sweep_plan_t *plan, const hx_cli_args_t *a, char *msg, size_t msglen)
{
	for (size_t i = 0; i < PARAMS_EXTRA_MAX; i++) {
		plan->extra_lists[i].count = 1;
		plan->extra_lists[i].v[0] = plan->base.params.extra[i];
	}
	for (int k = 0; k < a->nextra; k++) {
		const char *arg = a->extra[k], *eq = strchr(arg, '=');
		sweep_extra_t e = {plan->w, -1, NULL};
		char name[128];
		if (eq != NULL)
			e.index = hx_params_extra_index(
			    plan->w, arg, (size_t)(eq - arg));
		if (e.index < 0) /* run's message for a bad name */
			return hx_params_extra_parse(
			    plan->w, arg, &plan->base.params, msg, msglen);
		e.name = plan->w->extra_params[e.index].name;
		snprintf(name, sizeof(name), "param %s", e.name);
		if (parse_list(name, eq + 1, extra_value, &e,
			&plan->extra_lists[e.index], msg, msglen) != 0)
			return -1;
	}
	return 0;
}

/* The options into a plan (without its grid). 0, HX_CLI_HELP, or -1. */
/* The number of results in the regular file path holds (0: none or
 * absent), or -1 when it holds something that is not results (reason in
 * why). */
static int
sweep_results_in(const char *path, char *why, size_t len)
{
	struct stat st;
	json_t *old;
	int n;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
		return 0;
	if ((old = hx_result_read(path, why, len)) == NULL)
		return strstr(why, "no result") != NULL ? 0 : -1;
	n = (int)json_array_size(old);
	json_decref(old);
	return n;
}

/* --out, --timeline-dir, and --resume against --force, before anything
 * runs: a prefix, files that can be written, a folder. 0, or -1 with
 * msg. */
static int
sweep_check_outputs(const sweep_plan_t *plan, sweep_t *s, const char *out,
    char *msg, size_t msglen)
{
	char inner[4200];

	if (out[0] == '\0') {
		snprintf(msg, msglen, "--out '': an empty prefix");
		return -1;
	}
	snprintf(s->jsonl_path, sizeof(s->jsonl_path), "%s.jsonl", out);
	snprintf(s->csv_path, sizeof(s->csv_path), "%s.csv", out);
	if (hx_file_check_writable(s->jsonl_path, inner, sizeof(inner)) != 0 ||
	    hx_file_check_writable(s->csv_path, inner, sizeof(inner)) != 0 ||
	    (s->gbench_path[0] != '\0' &&
		hx_file_check_writable(s->gbench_path, inner, sizeof(inner)) !=
		    0)) {
		snprintf(msg, msglen, "--out %s", inner);
		return -1;
	}
	if (plan->timeline_dir != NULL &&
	    hx_file_check_dir(plan->timeline_dir, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--timeline-dir %s", inner);
		return -1;
	}
	if (plan->resume && plan->force) {
		snprintf(msg, msglen,
		    "--resume and --force: choose one (continue the sweep in "
		    "%s, or start again)",
		    s->jsonl_path);
		return -1;
	}
	return 0;
}

/* Without --resume or --force, an earlier sweep's results in PREFIX.jsonl
 * are refused, never overwritten silently (after every value was checked,
 * so that a bad one is named first). 0, or -1 with msg. */
static int
sweep_check_earlier(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen)
{
	char inner[4200];
	int n, len = (int)(strlen(s->jsonl_path) - strlen(".jsonl"));
	const char *out = s->jsonl_path;

	if (plan->resume || plan->force ||
	    (n = sweep_results_in(s->jsonl_path, inner, sizeof(inner))) == 0)
		return 0;
	if (n < 0)
		snprintf(msg, msglen,
		    "--out %.*s: %.500s is there and is not a sweep's "
		    "results (%.500s); --force starts again and keeps it as "
		    "%.500s.1",
		    len, out, s->jsonl_path, inner, s->jsonl_path);
	else
		snprintf(msg, msglen,
		    "--out %.*s: %.500s already holds %d result%s; --resume "
		    "continues that sweep, --force starts again and keeps "
		    "the old files as %.500s.1 etc.",
		    len, out, s->jsonl_path, n, n == 1 ? "" : "s",
		    s->jsonl_path);
	return -1;
}

/* --force: an earlier sweep's files set aside under one number. */
static int
sweep_set_aside(const sweep_t *s, char *msg, size_t msglen)
{
	char gbench[4200];
	const char *paths[3] = {s->jsonl_path, s->csv_path, gbench};
	int k;

	snprintf(gbench, sizeof(gbench), "%.*s.gbench.json",
	    (int)(strlen(s->jsonl_path) - strlen(".jsonl")), s->jsonl_path);
	if (hx_file_set_aside(paths, 3, &k, msg, msglen) != 0)
		return -1;
	if (k > 0)
		fprintf(stderr,
		    "harness sweep: --force: the earlier results kept as "
		    "%s.%d (their .csv and .gbench.json with .%d too)\n",
		    s->jsonl_path, k, k);
	return 0;
}

static int
sweep_parse(int argc, char **argv, sweep_plan_t *plan, sweep_t *s, char *msg,
    size_t msglen)
{
	hx_cli_args_t a;

	if (hx_cli_getopt(argc, argv, sweep_own, S_NOWN, 0, &a, msg, msglen) !=
	    0)
		return -1;
	if (a.own[S_HELP] != NULL)
		return HX_CLI_HELP;
	if (a.own[S_WORKLOAD] == NULL || a.own[S_OUT] == NULL) {
		snprintf(msg, msglen,
		    "needs --workload and --out (harness sweep --help)");
		return -1;
	}
	if (hx_cli_lookup(
		a.own[S_WORKLOAD], NULL, &plan->w, NULL, msg, msglen) != 0 ||
	    sweep_variants(plan,
		a.own[S_VARIANTS] != NULL ? a.own[S_VARIANTS] : "all", msg,
		msglen) != 0)
		return -1;
	/* The measurement settings through the same function as run's. */
	hx_run_config_init(&plan->base, plan->w, plan->variants[0]);
	plan->base.repeat = SWEEP_DEFAULT_REPEAT;
	if (sweep_lists(plan, &a, msg, msglen) != 0 ||
	    sweep_extra_lists(plan, &a, msg, msglen) != 0 ||
	    hx_cli_apply_settings(&a, &plan->base, msg, msglen) != 0)
		return -1;
	plan->timeline_dir = a.own[S_TIMELINE_DIR];
	plan->resume = a.own[S_RESUME] != NULL;
	plan->interleave = a.own[S_NO_INTERLEAVE] == NULL;
	if (a.own[S_FORMAT] != NULL) {
		int gbench = 0;
		if (hx_cli_parse_format(
			a.own[S_FORMAT], &gbench, msg, msglen) != 0)
			return -1;
		if (gbench)
			snprintf(s->gbench_path, sizeof(s->gbench_path),
			    "%s.gbench.json", a.own[S_OUT]);
	}
	plan->force = a.own[S_FORCE] != NULL;
	s->quiet = a.own[S_QUIET] != NULL;
	return sweep_check_outputs(plan, s, a.own[S_OUT], msg, msglen);
}

/* The workload's own parameters of the schedule (schedule 1) or of the
 * inputs (0) from the mixed-radix digits in *rest. */
static void
sweep_grid_extra(
    const sweep_plan_t *plan, int schedule, hx_run_config_t *cfg, size_t *rest)
{
	for (size_t i = hx_params_extra_count(plan->w); i-- > 0;) {
		const sweep_list_t *l = &plan->extra_lists[i];
		if (!plan->w->extra_params[i].schedule != !schedule)
			continue;
		cfg->params.extra[i] = l->v[*rest % l->count];
		*rest /= l->count;
	}
}

/* Configuration k of the grid. Its index is read as mixed-radix digits:
 * the schedule's parameters vary fastest (last in the table first), then
 * the variant, then the inputs' parameters, the table's first (n) slowest,
 * so that runs of one size stay together. */
static void
sweep_grid_at(const sweep_plan_t *plan, size_t k, hx_run_config_t *cfg)
{
	size_t rest = k;

	*cfg = plan->base;
	for (size_t i = hx_params_count; i-- > 0;) {
		const sweep_list_t *l = &plan->lists[i];
		if (!(hx_params[i].flags & HX_PARAM_SCHEDULE))
			continue;
		hx_params_set(
		    &cfg->params, &hx_params[i], l->v[rest % l->count]);
		rest /= l->count;
	}
	sweep_grid_extra(plan, 1, cfg, &rest);
	cfg->variant = plan->variants[rest % plan->nvariants];
	rest /= plan->nvariants;
	sweep_grid_extra(plan, 0, cfg, &rest);
	for (size_t i = hx_params_count; i-- > 0;) {
		const sweep_list_t *l = &plan->lists[i];
		if (hx_params[i].flags & HX_PARAM_SCHEDULE)
			continue;
		hx_params_set(
		    &cfg->params, &hx_params[i], l->v[rest % l->count]);
		rest /= l->count;
	}
}

/* The whole grid, every configuration checked before the first run: a bad
 * value deep in a list must not cost the runs before it. */
static int
sweep_grid(sweep_plan_t *plan, char *msg, size_t msglen)
{
	plan->total = plan->nvariants;
	for (size_t i = 0; i < hx_params_count; i++)
		plan->total *= plan->lists[i].count;
	for (size_t i = 0; i < PARAMS_EXTRA_MAX; i++)
		plan->total *= plan->extra_lists[i].count;
	if ((plan->runs = calloc(plan->total, sizeof(*plan->runs))) == NULL) {
		snprintf(
		    msg, msglen, "out of memory for %zu runs", plan->total);
		return -1;
	}
	for (size_t k = 0; k < plan->total; k++) {
		sweep_grid_at(plan, k, &plan->runs[k]);
		if (hx_cli_check_config(&plan->runs[k], msg, msglen) != 0)
			return -1;
	}
	return 0;
}

/* 1 when result r was made with cfg's parameters and measurement
 * settings. */
static int
sweep_same_run(const json_t *r, const hx_run_config_t *cfg)
{
	const char *w = json_string_value(json_object_get(r, "workload"));
	const char *v = json_string_value(json_object_get(r, "variant"));
	const json_t *set = json_object_get(r, "settings");
	const char *events = json_string_value(json_object_get(set, "events"));
	const json_t *cpu =
	    json_object_get(json_object_get(r, "conditions"), "cpu");
	/* A result taken on another CPU (or pinned when this one is not, or
	 * the reverse) is taken again; one from before --cpu was unpinned. */
	json_int_t pinned = json_is_integer(cpu) ? json_integer_value(cpu) : -1;

	return w != NULL && v != NULL && strcmp(w, cfg->workload->name) == 0 &&
	    strcmp(v, cfg->variant->name) == 0 &&
	    hx_params_match_json(r, cfg->workload, &cfg->params) &&
	    hx_result_number(r, "settings.repeat") == (double)cfg->repeat &&
	    hx_result_number(r, "settings.warmup") == (double)cfg->warmup &&
	    hx_result_number(r, "settings.min_time_s") == cfg->min_time_s &&
	    events != NULL &&
	    strcmp(events, cfg->events != NULL ? cfg->events : "default") ==
	    0 &&
	    pinned == (json_int_t)cfg->cpu;
}

/* --resume: drops the runs the file already holds. */
static void
sweep_skip_done(sweep_plan_t *plan, const sweep_t *s)
{
	size_t kept = 0, i;
	json_t *prev;

	for (size_t k = 0; k < plan->total; k++) {
		int seen = 0;
		json_array_foreach(s->results, i, prev)
		{
			if (sweep_same_run(prev, &plan->runs[k]))
				seen = 1;
		}
		if (!seen)
			plan->runs[kept++] = plan->runs[k];
	}
	if (kept < plan->total)
		fprintf(stderr,
		    "harness sweep: resuming, %zu of %zu runs already done\n",
		    plan->total - kept, plan->total);
	plan->total = kept;
}

static void
csv_number(FILE *f, const json_t *r, const char *path)
{
	double v = hx_result_number(r, path);

	if (!isnan(v))
		fprintf(f, "%.10g", v);
	fputc(',', f);
}

static void
csv_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The figures after the parameters, as the CSV's columns. */
static const char *const csv_figures[] = {"time_s.cold", "time_s.median",
    "time_s.min", "time_s.max", "time_s.ci95.0", "time_s.ci95.1",
    "time_s.repeats", "steps_s.first", "steps_s.median", "steps_s.p90",
    "steps_s.p99", "steps_s.max", "memory.model_bytes",
    "memory.model_bare_bytes", "memory.peak_workspace_bytes",
    "memory.peak_rss_bytes", "memory.rss_baseline_bytes", "memory.input_bytes",
    "memory.minor_faults", "memory.cold_minor_faults", "memory.major_faults",
    "work.flops", "work.bytes", "work.gflops_per_s", "work.gbytes_per_s",
    "work.ns_per_unit"};
static const char csv_figure_names[] =
    "time_cold,time_median,time_min,time_max,ci_lo,ci_hi,repeats,"
    "steps_first,steps_median,steps_p90,steps_p99,steps_max,"
    "model_bytes,model_bare_bytes,peak_workspace_bytes,peak_rss_bytes,"
    "rss_baseline_bytes,input_bytes,minor_faults,cold_minor_faults,"
    "major_faults,flops,bytes,gflops_per_s,gbytes_per_s,ns_per_unit,";

static void
csv_row(FILE *f, const json_t *r, const json_t *extra_names)
{
	const json_t *ci =
	    json_object_get(json_object_get(r, "time_s"), "ci95");

	fprintf(f, "%s,%s,%s,",
	    json_string_value(json_object_get(r, "workload")),
	    json_string_value(json_object_get(r, "variant")),
	    hx_result_status(r));
	csv_string(f,
	    json_string_value(
		json_object_get(json_object_get(r, "machine"), "allocator")));
	fputc(',', f);
	hx_params_csv_row(f, json_object_get(r, "params"), extra_names);
	for (size_t k = 0; k < sizeof(csv_figures) / sizeof(csv_figures[0]);
	     k++) {
		if (strncmp(csv_figures[k], "time_s.ci95.", 12) == 0) {
			if (json_array_size(ci) == 2)
				fprintf(f, "%.10g",
				    json_number_value(json_array_get(ci,
					(size_t)(csv_figures[k][12] - '0'))));
			fputc(',', f);
			continue;
		}
		csv_number(f, r, csv_figures[k]);
	}
	csv_string(f, json_string_value(json_object_get(r, "reason")));
	fputc('\n', f);
}

static int
csv_writer(FILE *f, void *arg)
{
	const json_t *results = arg;
	/* One column per parameter a workload declares itself. */
	json_t *extra = hx_params_extra_names(results), *r;
	size_t i;

	if (extra == NULL)
		return -1;
	fputs("workload,variant,status,allocator,", f);
	hx_params_csv_header(f, extra);
	fprintf(f, "%sreason\n", csv_figure_names);
	json_array_foreach(results, i, r)
	{
		csv_row(f, r, extra);
	}
	json_decref(extra);
	return ferror(f) ? -1 : 0;
}

static int
jsonl_writer(FILE *f, void *arg)
{
	const json_t *results = arg;
	size_t i;
	json_t *r;

	json_array_foreach(results, i, r)
	{
		if (json_dumpf(r, f, JSON_COMPACT) != 0 ||
		    fputc('\n', f) == EOF)
			return -1;
	}
	return 0;
}

static int
sweep_save(sweep_t *s, char *msg, size_t msglen)
{
	if (hx_file_write_atomic(
		s->jsonl_path, jsonl_writer, s->results, msg, msglen) != 0 ||
	    (s->gbench_path[0] != '\0' && json_array_size(s->results) > 0 &&
		hx_gbench_write(s->gbench_path, s->results, msg, msglen) != 0))
		return -1;
	return hx_file_write_atomic(
	    s->csv_path, csv_writer, s->results, msg, msglen);
}

/* Reads PREFIX.jsonl for --resume; a missing file is an empty sweep. */
static int
sweep_load(sweep_t *s, char *msg, size_t msglen)
{
	json_t *old;
	char inner[4200];
	struct stat st;

	/* Only a regular file holds an earlier sweep (a FIFO is not read). */
	if (stat(s->jsonl_path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if ((old = hx_result_read(s->jsonl_path, inner, sizeof(inner))) ==
	    NULL) {
		/* An empty file is an empty sweep too. */
		if (strstr(inner, "no result") != NULL)
			return 0;
		snprintf(msg, msglen, "--resume: %s", inner);
		return -1;
	}
	json_array_extend(s->results, old);
	json_decref(old);
	return 0;
}

static const double *
sweep_ref_find(const sweep_t *s, const workload_t *w, const params_t *p)
{
	for (size_t i = 0; i < s->nrefs; i++) {
		if (hx_params_same_inputs(w, &s->refs[i].p, p))
			return s->refs[i].digest;
	}
	return NULL;
}

static void
sweep_ref_keep(sweep_t *s, const hx_run_config_t *cfg, const json_t *r)
{
	const json_t *ref =
	    json_object_get(json_object_get(r, "validation"), "reference");
	const workload_t *w = cfg->workload;
	sweep_ref_t *e;

	if (ref == NULL || s->nrefs == SWEEP_MAX_REFS ||
	    sweep_ref_find(s, w, &cfg->params) != NULL)
		return;
	e = &s->refs[s->nrefs];
	for (int d = 0; d < w->digest_count; d++) {
		const json_t *x = json_object_get(ref, w->digest_names[d]);
		if (!json_is_number(x))
			return;
		e->digest[d] = json_number_value(x);
	}
	e->p = cfg->params;
	s->nrefs++;
}

static void
format_duration(char *buf, size_t len, double s)
{
	if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%.0fm%02.0fs", floor(s / 60), fmod(s, 60));
	else
		snprintf(buf, len, "%.0fh%02.0fm", floor(s / 3600),
		    fmod(s / 60, 60));
}

static void
sweep_progress(
    const sweep_t *s, const hx_run_config_t *cfg, size_t k, size_t total)
{
	char el[32], left[32] = "?";
	double elapsed = hx_clock_now() - s->started;
	json_t *p = hx_params_json(cfg->workload, &cfg->params);

	format_duration(el, sizeof(el), elapsed);
	if (s->done > 0)
		format_duration(left, sizeof(left),
		    elapsed / (double)s->done * (double)(total - k));
	fprintf(stderr, "[%zu/%zu] %s/%s", k + 1, total, cfg->workload->name,
	    cfg->variant->name);
	hx_params_label(stderr, p);
	fprintf(stderr, " (elapsed %s, ~%s left)\n", el, left);
	json_decref(p);
}

/* Before run k: its timeline path (into tl, len bytes), its reference,
 * the progress line. */
static void
sweep_prepare(sweep_t *s, const sweep_plan_t *plan, hx_run_config_t *cfg,
    size_t k, char *tl, size_t len)
{
	if (plan->timeline_dir != NULL) {
		snprintf(tl, len, "%s/%s-%s-n%llu-c%llu-t%llu-k%llu.csv",
		    plan->timeline_dir, plan->w->name, cfg->variant->name,
		    (unsigned long long)cfg->params.n,
		    (unsigned long long)cfg->params.chunk,
		    (unsigned long long)cfg->params.tile,
		    (unsigned long long)cfg->params.steps);
		cfg->timeline_path = tl;
	}
	cfg->reference = sweep_ref_find(s, plan->w, &cfg->params);
	sweep_progress(s, cfg, k, plan->total);
}

/* After a run: r printed, kept and saved. 0, or -1 with msg. */
static int
sweep_keep(
    sweep_t *s, hx_run_config_t *cfg, json_t *r, char *msg, size_t msglen)
{
	hx_result_print_line(stderr, r);
	if (!s->quiet)
		hx_result_print_warnings(stderr, r);
	if (strcmp(hx_result_status(r), "failed") == 0)
		s->failures++;
	sweep_ref_keep(s, cfg, r);
	json_array_append_new(s->results, r);
	s->done++;
	cfg->timeline_path = NULL;
	return sweep_save(s, msg, msglen);
}

/* One run of the grid, kept and saved. 0, 1 (stop: interrupted), or -1
 * with msg (out of memory, or the files could not be written). */
static int
sweep_run_one(sweep_t *s, const sweep_plan_t *plan, hx_run_config_t *cfg,
    size_t k, char *msg, size_t msglen)
{
	char tl_path[4096];
	json_t *r;

	sweep_prepare(s, plan, cfg, k, tl_path, sizeof(tl_path));
	if ((r = hx_isolate_run(cfg, 1)) == NULL) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	if (sweep_interrupted) {
		/* Cut short by the same signal: it is not a result. */
		json_decref(r);
		return 1;
	}
	return sweep_keep(s, cfg, r, msg, msglen);
}

/* The reference of cfg's inputs, computed here when no run has it yet, so
 * that interleaved runs share it as consecutive ones do (not for a run the
 * memory guard will skip: its inputs may not fit). */
static void
sweep_ref_ensure(sweep_t *s, const hx_run_config_t *cfg)
{
	sweep_ref_t *e = &s->refs[s->nrefs];

	if (!cfg->validate || s->nrefs == SWEEP_MAX_REFS ||
	    sweep_ref_find(s, cfg->workload, &cfg->params) != NULL ||
	    hx_run_predicted_bytes(cfg) > cfg->mem_limit)
		return;
	if (cfg->workload->reference(&cfg->params, e->digest) != 0)
		return;
	e->p = cfg->params;
	s->nrefs++;
}

/* The runs idx[0..n-1] (same parameters, other variants), interleaved run
 * by run. 0, 1 (interrupted), or -1 with msg. */
static int
sweep_run_group(sweep_t *s, const sweep_plan_t *plan, const size_t *idx,
    size_t n, char *msg, size_t msglen)
{
	static char tl[SWEEP_MAX_VARIANTS][4096];
	hx_run_config_t cfgs[SWEEP_MAX_VARIANTS];
	json_t *r[SWEEP_MAX_VARIANTS];
	int rc = 0;

	sweep_ref_ensure(s, &plan->runs[idx[0]]);
	for (size_t i = 0; i < n; i++) {
		sweep_prepare(
		    s, plan, &plan->runs[idx[i]], idx[i], tl[i], sizeof(tl[i]));
		cfgs[i] = plan->runs[idx[i]];
	}
	if (hx_isolate_interleave(cfgs, n, r) != 0) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (sweep_interrupted || rc != 0)
			json_decref(r[i]);
		else
			rc = sweep_keep(
			    s, &plan->runs[idx[i]], r[i], msg, msglen);
	}
	return rc != 0 ? rc : sweep_interrupted ? 1 : 0;
}

/* The runs to take with run k (marked taken): those of the same
 * parameters, when interleaving; just k otherwise. Their count. */
static size_t
sweep_group(
    const sweep_plan_t *plan, size_t k, unsigned char *taken, size_t *idx)
{
	const hx_run_config_t *a = &plan->runs[k];
	size_t n = 0;

	idx[n++] = k;
	taken[k] = 1;
	for (size_t j = k + 1; plan->interleave && a->repeat > 0 &&
	     j < plan->total && n < SWEEP_MAX_VARIANTS;
	     j++) {
		int same = !taken[j];
		for (size_t i = 0; same && i < hx_params_count; i++)
			same = hx_params_get(&a->params, &hx_params[i]) ==
			    hx_params_get(&plan->runs[j].params, &hx_params[i]);
		if (same) {
			idx[n++] = j;
			taken[j] = 1;
		}
	}
	return n;
}

/* Runs the plan; the sweep's exit status. */
static int
sweep_execute(sweep_plan_t *plan, sweep_t *s)
{
	char msg[4600];
	int rc = 0, step = 0;

	unsigned char *taken = calloc(plan->total + 1, 1);
	size_t idx[SWEEP_MAX_VARIANTS], n;

	if (taken == NULL) {
		hx_cli_error("sweep", "out of memory");
		return HX_EXIT_FAILURE;
	}
	signal(SIGINT, sweep_on_signal);
	signal(SIGTERM, sweep_on_signal);
	s->started = hx_clock_now();
	for (size_t k = 0; k < plan->total && !sweep_interrupted && step == 0;
	     k++) {
		if (taken[k])
			continue;
		n = sweep_group(plan, k, taken, idx);
		step = n > 1
		    ? sweep_run_group(s, plan, idx, n, msg, sizeof(msg))
		    : sweep_run_one(
			  s, plan, &plan->runs[k], k, msg, sizeof(msg));
	}
	free(taken);
	if (step == 0 && s->done == 0 && !sweep_interrupted)
		step = sweep_save(s, msg, sizeof(msg));
	if (step < 0) {
		hx_cli_error("sweep", msg);
		return HX_EXIT_FAILURE;
	}
	if (sweep_interrupted) {
		fprintf(stderr,
		    "harness sweep: interrupted; %zu finished runs kept in "
		    "%s\n",
		    json_array_size(s->results), s->jsonl_path);
		return HX_EXIT_FAILURE;
	}
	fprintf(stderr, "harness sweep: %zu runs (%zu failed) in %s and %s\n",
	    s->done, s->failures, s->jsonl_path, s->csv_path);
	if (s->failures > 0)
		rc = HX_EXIT_FAILURE;
	return rc;
}

int
hx_sweep_main(int argc, char **argv)
{
	sweep_plan_t plan;
	sweep_t s;
	char msg[4600];
	int rc;

	memset(&plan, 0, sizeof(plan));
	memset(&s, 0, sizeof(s));
	/* Parse, plan, run. */
	rc = sweep_parse(argc, argv, &plan, &s, msg, sizeof(msg));
	if (rc == HX_CLI_HELP) {
		hx_sweep_usage(stdout);
		return HX_EXIT_OK;
	}
	if (rc == 0 && (s.results = json_array()) == NULL)
		snprintf(msg, sizeof(msg), "out of memory");
	if (rc != 0 || s.results == NULL ||
	    sweep_grid(&plan, msg, sizeof(msg)) != 0 ||
	    sweep_check_earlier(&plan, &s, msg, sizeof(msg)) != 0 ||
	    (plan.resume && sweep_load(&s, msg, sizeof(msg)) != 0) ||
	    (plan.force && sweep_set_aside(&s, msg, sizeof(msg)) != 0)) {
		hx_cli_error("sweep", msg);
		rc = HX_EXIT_USAGE;
		goto label_return;
	}
	if (plan.resume)
		sweep_skip_done(&plan, &s);
	rc = sweep_execute(&plan, &s);
label_return:
	free(plan.runs);
	json_decref(s.results);
	return rc;
}
