/*
 * hx_sweep_plan: harness sweep's options, grid and resume match. See
 * hx_sweep_plan.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hx_cli.h"
#include "hx_fields.h"
#include "hx_file.h"
#include "hx_model.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "hx_select.h"
#include "hx_sweep.h"
#include "hx_sweep_plan.h"

static const hx_cli_opt_t sweep_own[] = {{"workload", 1}, {"variants", 1},
    {"timeline-dir", 1}, {"resume", 0}, {"out", 1}, {"no-interleave", 0},
    {"format", 1}, {"force", 0}, {"quiet", 0}, {"help", 0},
    {"aggregates-only", 0}, {"model", 0}, {"ceilings", 1}, {"profile", 0}};
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
	S_AGGREGATES_ONLY,
	S_MODEL,
	S_CEILINGS,
	S_PROFILE,
	S_NOWN
};

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
	    "both rewritten atomically\nafter every run, and ends with a "
	    "table of the results on stdout.\n\n"
	    "  --workload W              one of %s\n"
	    "  --variants LIST|all       comma-separated variant names or "
	    "globs\n"
	    "                            (fused,tiled; 'col*'; all = '*'; "
	    "default all)\n"
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
	      "  --model                   predict each run's time and name "
	      "its limiter\n"
	      "                            (as harness run --model; "
	      "docs/model.md)\n"
	      "  --ceilings FILE           the ceilings --model uses\n"
	      "  --profile                 sample where each run's time goes "
	      "(as harness\n"
	      "                            run --profile)\n"
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
	      "  --aggregates-only         with --format gbench: only the "
	      "mean, median and\n"
	      "                            stddev rows of each run\n"
	      "  --no-interleave           run each variant's repeats in a "
	      "block; by default\n"
	      "                            the runs of one input set (its "
	      "variants, thread\n"
	      "                            counts, chunk and tile sizes) take "
	      "turns, one\n"
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
	char inner[1200];

	if (hx_select_variants(plan->w, arg, plan->variants, SWEEP_MAX_VARIANTS,
		&plan->nvariants, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--variants: %s", inner);
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
		snprintf(name, sizeof(name), "%s", e.name);
		if (parse_list(name, eq + 1, extra_value, &e,
			&plan->extra_lists[e.index], msg, msglen) != 0)
			return -1;
	}
	return 0;
}

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
	/* d/ (or d/.) would write the hidden d/.jsonl and d/.csv: a
	 * prefix names files, its last part a name. */
	if (out[strlen(out) - 1] == '/' ||
	    strcmp(out + strlen(out) - (strlen(out) >= 2 ? 2 : 1),
		strlen(out) >= 2 ? "/." : ".") == 0 ||
	    strcmp(out, "..") == 0 ||
	    (strlen(out) >= 3 && strcmp(out + strlen(out) - 3, "/..") == 0)) {
		snprintf(msg, msglen,
		    "--out '%.1000s': a folder, not a prefix (d/s writes "
		    "d/s.jsonl and d/s.csv)",
		    out);
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

int
hx_sweep_prefix_len(const sweep_t *s)
{
	return (int)(strlen(s->jsonl_path) - strlen(".jsonl"));
}

void
hx_sweep_gbench_path(const sweep_t *s, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s.gbench.json", hx_sweep_prefix_len(s),
	    s->jsonl_path);
}

/* With no results in PREFIX.jsonl, a PREFIX.csv or PREFIX.gbench.json that
 * is a non-empty regular file is someone else's (a sweep writes its .csv
 * and .gbench.json beside its .jsonl, never alone): refused, not replaced.
 * 0, or -1 with msg. */
static int
sweep_check_strays(const sweep_t *s, char *msg, size_t msglen)
{
	int len = hx_sweep_prefix_len(s);
	char gbench[4200];
	const char *paths[2] = {s->csv_path, gbench};
	struct stat st;

	hx_sweep_gbench_path(s, gbench, sizeof(gbench));
	for (int i = 0; i < 2; i++)
		if (stat(paths[i], &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_size > 0) {
			snprintf(msg, msglen,
			    "--out %.*s: %.500s is there without the "
			    "sweep's results in %.500s; --force starts again "
			    "and keeps it as %.500s.1",
			    len, s->jsonl_path, paths[i], s->jsonl_path,
			    paths[i]);
			return -1;
		}
	return 0;
}

int
hx_sweep_check_earlier(
    const sweep_plan_t *plan, const sweep_t *s, char *msg, size_t msglen)
{
	char inner[4200];
	int n, len = hx_sweep_prefix_len(s);
	const char *out = s->jsonl_path;

	if (plan->force)
		return 0;
	n = sweep_results_in(s->jsonl_path, inner, sizeof(inner));
	if (n == 0)
		return sweep_check_strays(s, msg, msglen);
	if (plan->resume)
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

/* The options into a plan (without its grid). 0, HX_CLI_HELP, or -1. */
int
hx_sweep_parse(int argc, char **argv, sweep_plan_t *plan, sweep_t *s, char *msg,
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
	s->gbench_aggregates_only = a.own[S_AGGREGATES_ONLY] != NULL;
	if (s->gbench_aggregates_only && s->gbench_path[0] == '\0') {
		snprintf(
		    msg, msglen, "--aggregates-only needs --format gbench");
		return -1;
	}
	plan->force = a.own[S_FORCE] != NULL;
	s->quiet = a.own[S_QUIET] != NULL;
	s->model = a.own[S_MODEL] != NULL;
	s->ceilings_path = a.own[S_CEILINGS];
	plan->base.profile = a.own[S_PROFILE] != NULL;
	if (s->ceilings_path != NULL && !s->model) {
		snprintf(msg, msglen, "--ceilings needs --model");
		return -1;
	}
	if (s->ceilings_path != NULL &&
	    hx_model_ceilings(s->ceilings_path, msg, msglen) == NULL)
		return -1;
	return sweep_check_outputs(plan, s, a.own[S_OUT], msg, msglen);
}

/* The list of parameter p (the table's or the workload's own). */
static const sweep_list_t *
sweep_list_of(const sweep_plan_t *plan, const hx_param_t *p)
{
	if (p->extra >= 0)
		return &plan->extra_lists[p->extra];
	return &plan->lists[hx_params_find(p->name) - hx_params];
}

/* The parameters among all[0..n) of the schedule (schedule 1) or of the
 * inputs (0), placed (trailing 0) or after the others (1), set from the
 * mixed-radix digits in *rest, the last of them fastest. */
static void
sweep_grid_digits(const sweep_plan_t *plan, const hx_param_t *all, size_t n,
    int schedule, int trailing, hx_run_config_t *cfg, size_t *rest)
{
	for (size_t i = n; i-- > 0;) {
		const hx_param_t *p = &all[i];
		const sweep_list_t *l = sweep_list_of(plan, p);
		if (!(p->flags & HX_PARAM_SCHEDULE) != !schedule ||
		    !(p->flags & HX_PARAM_TRAILING) != !trailing)
			continue;
		hx_params_set(&cfg->params, p, l->v[*rest % l->count]);
		*rest /= l->count;
	}
}

/* Configuration k of the grid. Its index is read as mixed-radix digits:
 * the schedule's parameters vary fastest (last in the workload's order
 * first, hx_params_of), then the variant, then the inputs' parameters, the
 * first (n) slowest, so that runs of one size stay together. A workload's
 * own parameters that it does not place vary just inside the variant on
 * either side. */
static void
sweep_grid_at(const sweep_plan_t *plan, size_t k, hx_run_config_t *cfg)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t n = hx_params_of(plan->w, all), rest = k;

	*cfg = plan->base;
	sweep_grid_digits(plan, all, n, 1, 0, cfg, &rest);
	sweep_grid_digits(plan, all, n, 1, 1, cfg, &rest);
	cfg->variant = plan->variants[rest % plan->nvariants];
	rest /= plan->nvariants;
	sweep_grid_digits(plan, all, n, 0, 1, cfg, &rest);
	sweep_grid_digits(plan, all, n, 0, 0, cfg, &rest);
}

/* The whole grid, every configuration checked before the first run: a bad
 * value deep in a list must not cost the runs before it. */
int
hx_sweep_grid(sweep_plan_t *plan, char *msg, size_t msglen)
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
	const json_t *cpu = hx_field_get(r, HX_F_CONDITIONS_CPU);
	/* A result taken on another CPU (or pinned when this one is not, or
	 * the reverse) is taken again; one from before --cpu was unpinned. */
	json_int_t pinned = json_is_integer(cpu) ? json_integer_value(cpu) : -1;

	return w != NULL && v != NULL && strcmp(w, cfg->workload->name) == 0 &&
	    strcmp(v, cfg->variant->name) == 0 &&
	    hx_params_match_json(r, cfg->workload, &cfg->params) &&
	    hx_field_number(r, HX_F_SETTINGS_REPEAT) == (double)cfg->repeat &&
	    hx_field_number(r, HX_F_SETTINGS_WARMUP) == (double)cfg->warmup &&
	    hx_field_number(r, HX_F_SETTINGS_MIN_TIME) == cfg->min_time_s &&
	    events != NULL &&
	    strcmp(events, cfg->events != NULL ? cfg->events : "default") ==
	    0 &&
	    pinned == (json_int_t)cfg->cpu;
}

/* --resume: drops the runs the file already holds. */
void
hx_sweep_skip_done(sweep_plan_t *plan, const sweep_t *s)
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
