/*
 * hx_exec_plan: harness exec's command line into a plan: the shared
 * options (the workload and its parameters, the measurement settings,
 * the outputs), then the commands, in either form ("-- COMMAND ARGS",
 * several split by "-n NAME --"; or quoted commands for /bin/sh -c), each
 * with its label, and the workload's parameters for the commands'
 * environment. See hx_exec.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_counters.h"
#include "hx_exec.h"
#include "hx_isolate.h"

/* exec's own options; parameters and settings come from hx_cli. */
static const hx_cli_opt_t exec_own[] = {{"workload", 1}, {"name", 1},
    {"timeline", 1}, {"json", 1}, {"format", 1}, {"help", 0},
    {"fail-on-error", 0}, {"csv", 1}, {"aggregates-only", 0}, {"quiet", 0},
    {"allocator", 1}};
enum {
	EXEC_WORKLOAD,
	EXEC_NAME,
	EXEC_TIMELINE,
	EXEC_JSON,
	EXEC_FORMAT,
	EXEC_HELP,
	EXEC_FAIL_ON_ERROR,
	EXEC_CSV,
	EXEC_AGGREGATES_ONLY,
	EXEC_QUIET,
	EXEC_ALLOCATOR,
	EXEC_NOWN
};

/* The workload and its parameters, through the parameter table as for
 * harness run. */
static int
exec_params(
    const hx_cli_args_t *a, hx_run_config_t *rc, char *msg, size_t msglen)
{
	char inner[400];

	if (a->own[EXEC_WORKLOAD] == NULL) {
		for (size_t i = 0; i < hx_params_count; i++) {
			if (a->param[i] != NULL) {
				snprintf(msg, msglen, "--%s needs --workload",
				    hx_params[i].name);
				return -1;
			}
		}
		if (a->nextra > 0) {
			/* --NAME V or --param NAME=V: name it as given. */
			const char *eq = strchr(a->extra[0], '=');
			snprintf(msg, msglen, "--%.*s needs --workload",
			    eq != NULL ? (int)(eq - a->extra[0]) : 5,
			    eq != NULL ? a->extra[0] : "param");
			return -1;
		}
		return 0;
	}
	if (hx_cli_lookup(a->own[EXEC_WORKLOAD], NULL, &rc->workload, NULL, msg,
		msglen) != 0)
		return -1;
	rc->workload->defaults(&rc->params);
	hx_params_extra_defaults(rc->workload, &rc->params);
	if (hx_cli_apply_params(a, rc, msg, msglen) != 0)
		return -1;
	inner[0] = '\0';
	if (rc->workload->check(&rc->params, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "%s: %s", rc->workload->name, inner);
		return -1;
	}
	return 0;
}

/* Whether --threads was on the command line (its default, 1, is not
 * passed on to the command). */
static int
exec_threads_given(const hx_cli_args_t *a)
{
	const hx_param_t *p = hx_params_find("threads");
	return p != NULL && a->param[p - hx_params] != NULL;
}

/* The measurement settings (as harness run's) and exec's own options. */
static int
exec_options_apply(const hx_cli_args_t *a, hx_run_config_t *rc,
    hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	if (a->setting[HX_SET_MIN_TIME] != NULL) {
		snprintf(msg, msglen, "--min-time: exec does not take it");
		return -1;
	}
	rc->repeat = cfg->repeat;
	rc->warmup = cfg->warmup;
	rc->timeline_interval_us = cfg->timeline_interval_us;
	rc->mem_limit = 0;
	rc->events = NULL;
	rc->cpu = -1;
	if (hx_cli_apply_settings(a, rc, msg, msglen) != 0)
		return -1;
	if (a->own[EXEC_NAME] != NULL && a->own[EXEC_NAME][0] == '\0') {
		snprintf(msg, msglen, "--name: must not be empty");
		return -1;
	}
	if (a->own[EXEC_FORMAT] != NULL &&
	    hx_cli_parse_format(
		a->own[EXEC_FORMAT], &cfg->gbench, msg, msglen) != 0)
		return -1;
	if (a->own[EXEC_AGGREGATES_ONLY] != NULL) {
		if (!cfg->gbench) {
			snprintf(msg, msglen,
			    "--aggregates-only needs --format gbench");
			return -1;
		}
		cfg->gbench = HX_CLI_FORMAT_GBENCH_AGGREGATES;
	}
	cfg->workload = rc->workload;
	cfg->params = rc->params;
	cfg->repeat = rc->repeat;
	cfg->warmup = rc->warmup;
	cfg->timeline_interval_us = rc->timeline_interval_us;
	cfg->mem_limit = rc->mem_limit;
	cfg->events = rc->events;
	cfg->cpu = rc->cpu;
	cfg->name = a->own[EXEC_NAME];
	cfg->threads = exec_threads_given(a) ? (int)rc->params.threads : 0;
	cfg->timeline_path = a->own[EXEC_TIMELINE];
	cfg->json_path = a->own[EXEC_JSON];
	return hx_exec_allocator(cfg, a->own[EXEC_ALLOCATOR], msg, msglen);
}

/* What can be known wrong before anything runs: events, output folders. */
static int
exec_check(hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	if ((cfg->events == NULL || strcmp(cfg->events, "none") != 0) &&
	    hx_cli_check_events(cfg->events, msg, msglen) != 0)
		return -1;
	if (cfg->mem_limit == 0)
		cfg->mem_limit = hx_isolate_default_limit();
	return hx_cli_check_outputs(
	    cfg->json_path, cfg->timeline_path, msg, msglen);
}

/* The interpreters whose first operand, not their own name, labels a
 * command (python3 x.py: x.py). */
static const char *const exec_interpreters[] = {"python", "python2", "python3",
    "pypy", "pypy3", "node", "ruby", "perl", "bash", "sh", "dash", "zsh",
    "Rscript", "julia", "lua", "php", "uv", NULL};

static const char *
exec_base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

/* 1 when base (python3.11 counts as python3) is an interpreter. */
static int
exec_is_interpreter(const char *base)
{
	for (size_t i = 0; exec_interpreters[i] != NULL; i++) {
		size_t len = strlen(exec_interpreters[i]);
		if (strncmp(base, exec_interpreters[i], len) == 0 &&
		    (base[len] == '\0' ||
			(base[len] == '.' &&
			    isdigit((unsigned char)base[len + 1]))))
			return 1;
	}
	return 0;
}

static int
exec_is_shell(const char *base)
{
	return strcmp(base, "sh") == 0 || strcmp(base, "bash") == 0 ||
	    strcmp(base, "dash") == 0 || strcmp(base, "zsh") == 0;
}

void
hx_exec_label(char *const *argv, char *out, size_t len)
{
	const char *base = exec_base(argv[0]);

	snprintf(out, len, "%s", base);
	if (!exec_is_interpreter(base))
		return;
	for (size_t i = 1; argv[i] != NULL; i++) {
		if (strcmp(argv[i], "-m") == 0 && argv[i + 1] != NULL &&
		    argv[i + 1][0] != '\0') {
			snprintf(out, len, "%s", argv[i + 1]);
			return;
		}
		/* A program given inline: the interpreter's name (-e is
		 * perl's, node's and ruby's; a shell's is an option). */
		if (strcmp(argv[i], "-c") == 0 ||
		    (strcmp(argv[i], "-e") == 0 && !exec_is_shell(base)))
			return;
		if (argv[i][0] != '-' && argv[i][0] != '\0') {
			snprintf(out, len, "%s", exec_base(argv[i]));
			return;
		}
	}
}

/* The label of a quoted command: its words split at blanks (no quoting:
 * a label only). */
static void
exec_label_text(const char *text, char *out, size_t len)
{
	char buf[1024], *words[64], *save = NULL, *tok;
	size_t n = 0;

	snprintf(buf, sizeof(buf), "%s", text);
	for (tok = strtok_r(buf, " \t\n", &save); tok != NULL && n < 63;
	     tok = strtok_r(NULL, " \t\n", &save))
		words[n++] = tok;
	words[n] = NULL;
	if (n == 0)
		snprintf(out, len, "sh");
	else
		hx_exec_label(words, out, len);
}

/* Commands whose default labels collide are labelled by their whole
 * command line instead (sleep 0.01, sleep 0.02), then numbered. */
static void
exec_labels_unique(hx_exec_plan_t *plan)
{
	int clash[HX_EXEC_MAX_COMMANDS] = {0};

	for (size_t c = 0; c < plan->ncmds; c++) {
		for (size_t d = 0; d < plan->ncmds; d++)
			clash[c] |= d != c && !plan->named[c] &&
			    strcmp(plan->cmds[d].name, plan->cmds[c].name) == 0;
	}
	for (size_t c = 0; c < plan->ncmds; c++) {
		hx_exec_config_t *cfg = &plan->cmds[c];
		if (!clash[c])
			continue;
		cfg->name = plan->labels[c];
		if (plan->shell_argv[c][0] != NULL) {
			snprintf(plan->labels[c], sizeof(plan->labels[c]), "%s",
			    plan->shell_argv[c][2]);
		} else {
			char *p = plan->labels[c];
			size_t left = sizeof(plan->labels[c]);
			int w =
			    snprintf(p, left, "%s", exec_base(cfg->argv[0]));
			for (size_t i = 1;
			     cfg->argv[i] != NULL && w > 0 && (size_t)w < left;
			     i++) {
				p += w;
				left -= (size_t)w;
				w = snprintf(p, left, " %s", cfg->argv[i]);
			}
		}
	}
	for (size_t c = 0; c < plan->ncmds; c++) {
		int k = 1;
		for (size_t d = 0; d < c; d++)
			k +=
			    strcmp(plan->cmds[d].name, plan->cmds[c].name) == 0;
		if (k > 1) {
			char tmp[256];
			snprintf(tmp, sizeof(tmp), "%s", plan->cmds[c].name);
			snprintf(plan->labels[c], sizeof(plan->labels[c]),
			    "%.240s #%d", tmp, k);
			plan->cmds[c].name = plan->labels[c];
		}
	}
}

/* The workload's parameters as the command's environment (with
 * --workload): FUSEBENCH_WORKLOAD, FUSEBENCH_<NAME> for each in the
 * result's "params" object, FUSEBENCH_PARAMS as that object. */
static int
exec_env(hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	json_t *p;
	const char *key;
	json_t *v;
	char *text;

	if (cfg->workload == NULL)
		return 0;
	if ((p = hx_params_json(cfg->workload, &cfg->params)) == NULL ||
	    (text = json_dumps(p, JSON_COMPACT | JSON_SORT_KEYS)) == NULL) {
		json_decref(p);
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	snprintf(cfg->params_json, sizeof(cfg->params_json), "%s", text);
	free(text);
	snprintf(cfg->param_env_name[0], sizeof(cfg->param_env_name[0]),
	    "FUSEBENCH_WORKLOAD");
	snprintf(cfg->param_env_value[0], sizeof(cfg->param_env_value[0]), "%s",
	    cfg->workload->name);
	cfg->nparam_env = 1;
	json_object_foreach(p, key, v)
	{
		size_t k = cfg->nparam_env;
		const hx_param_t *tp = hx_params_find(key);
		/* --threads has its own variables (FUSEBENCH_THREADS); a
		 * chunk or tile of 0 means "the variant's default": absent. */
		if (strcmp(key, "threads") == 0 || k == HX_EXEC_MAX_PARAM_ENV ||
		    (tp != NULL && (tp->flags & HX_PARAM_ZERO_DEFAULT) &&
			json_integer_value(v) == 0))
			continue;
		snprintf(cfg->param_env_name[k], sizeof(cfg->param_env_name[k]),
		    "FUSEBENCH_%s", key);
		for (char *c = cfg->param_env_name[k]; *c != '\0'; c++)
			*c = (char)toupper((unsigned char)*c);
		if (json_is_string(v))
			snprintf(cfg->param_env_value[k],
			    sizeof(cfg->param_env_value[k]), "%s",
			    json_string_value(v));
		else
			snprintf(cfg->param_env_value[k],
			    sizeof(cfg->param_env_value[k]), "%lld",
			    (long long)json_integer_value(v));
		cfg->nparam_env++;
	}
	json_decref(p);
	return 0;
}

/* A new command of the plan from base; argv NULL for a quoted one (text),
 * name NULL for the default label. 0, or -1 with msg. */
static int
exec_add(hx_exec_plan_t *plan, const hx_exec_config_t *base, char *const *argv,
    char *text, const char *name, char *msg, size_t msglen)
{
	size_t c = plan->ncmds;
	hx_exec_config_t *cfg = &plan->cmds[c];

	if (c == HX_EXEC_MAX_COMMANDS) {
		snprintf(
		    msg, msglen, "more than %d commands", HX_EXEC_MAX_COMMANDS);
		return -1;
	}
	if ((argv == NULL ? text : argv[0]) == NULL ||
	    (argv == NULL ? text : argv[0])[0] == '\0') {
		snprintf(msg, msglen, "an empty command");
		return -1;
	}
	if (name != NULL && name[0] == '\0') {
		snprintf(msg, msglen, "--name: must not be empty");
		return -1;
	}
	*cfg = *base;
	if (argv == NULL) {
		plan->shell_argv[c][0] = "/bin/sh";
		plan->shell_argv[c][1] = "-c";
		plan->shell_argv[c][2] = text;
		plan->shell_argv[c][3] = NULL;
		argv = plan->shell_argv[c];
	}
	cfg->argv = argv;
	plan->named[c] = name != NULL;
	if (name != NULL)
		snprintf(plan->labels[c], sizeof(plan->labels[c]), "%s", name);
	else if (text != NULL)
		exec_label_text(text, plan->labels[c], sizeof(plan->labels[c]));
	else
		hx_exec_label(argv, plan->labels[c], sizeof(plan->labels[c]));
	cfg->name = plan->labels[c];
	plan->ncmds++;
	return 0;
}

/* A "-n NAME" or "--name NAME" at w[i] (or "--name=NAME"): its name, and
 * in *len the words it takes; NULL when w[i] is not one. */
static const char *
exec_name_at(char **w, int i, int n, int *len)
{
	if ((strcmp(w[i], "-n") == 0 || strcmp(w[i], "--name") == 0) &&
	    i + 1 < n) {
		*len = 2;
		return w[i + 1];
	}
	if (strncmp(w[i], "--name=", 7) == 0) {
		*len = 1;
		return w[i] + 7;
	}
	return NULL;
}

/* The "--" form: COMMAND words until "-n NAME --" (or "--name NAME --")
 * starts the next command; any other "--" is the command's own. The words
 * w[0 .. n) (w[n] NULL) are split in place by NULLs. */
static int
exec_split_dashes(hx_exec_plan_t *plan, const hx_exec_config_t *base,
    const char *name, char **w, int n, char *msg, size_t msglen)
{
	int start = 0;

	for (int i = 0; i < n; i++) {
		int len = 0;
		const char *next = exec_name_at(w, i, n, &len);
		if (next == NULL || i == start || i + len >= n ||
		    strcmp(w[i + len], "--") != 0)
			continue;
		w[i] = NULL; /* the end of this command's words */
		if (exec_add(plan, base, w + start, NULL, name, msg, msglen) !=
		    0)
			return -1;
		name = next;
		start = i + len + 1;
		i = start - 1;
	}
	if (start >= n) {
		snprintf(msg, msglen, "no command after '--'");
		return -1;
	}
	return exec_add(plan, base, w + start, NULL, name, msg, msglen);
}

/* The quoted-commands form: each word a command for /bin/sh -c, each
 * "-n NAME" the label of the command after it. */
static int
exec_split_quoted(hx_exec_plan_t *plan, const hx_exec_config_t *base,
    const char *name, char **w, int n, char *msg, size_t msglen)
{
	for (int i = 0; i < n; i++) {
		int len = 0;
		const char *next = exec_name_at(w, i, n, &len);
		if (next != NULL) {
			name = next;
			i += len - 1;
			continue;
		}
		if (w[i][0] == '-') {
			snprintf(msg, msglen,
			    "'%s': options go before the first command", w[i]);
			return -1;
		}
		if (exec_add(plan, base, NULL, w[i], name, msg, msglen) != 0)
			return -1;
		name = NULL;
	}
	if (name != NULL || plan->ncmds == 0) {
		snprintf(msg, msglen,
		    name != NULL ? "--name %s: no command after it"
				 : "needs '-- COMMAND [ARGS...]' or quoted "
				   "commands after the options",
		    name);
		return -1;
	}
	return 0;
}

/* argv with "-n" before the first "--" read as --name (getopt knows
 * long options only). A new array; NULL when out of memory. */
static char **
exec_argv_names(int argc, char **argv)
{
	char **v = calloc((size_t)argc + 1, sizeof(*v));
	int dashes = 0;

	for (int i = 0; v != NULL && i < argc; i++) {
		dashes |= strcmp(argv[i], "--") == 0;
		v[i] =
		    !dashes && strcmp(argv[i], "-n") == 0 ? "--name" : argv[i];
	}
	return v;
}

int
hx_exec_plan_parse(
    int argc, char **argv, hx_exec_plan_t *plan, char *msg, size_t msglen)
{
	hx_cli_args_t a;
	hx_run_config_t rc;
	hx_exec_config_t base;
	char **args;
	int stop = 0, dashes = 0, n;

	memset(plan, 0, sizeof(*plan));
	memset(&base, 0, sizeof(base));
	memset(&rc, 0, sizeof(rc));
	base.repeat = HX_RUN_DEFAULT_REPEAT;
	base.warmup = 1;
	base.timeline_interval_us = 1000;
	base.cpu = -1;
	if ((args = exec_argv_names(argc, argv)) == NULL) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	plan->words = args;
	if (hx_cli_getopt_prefix(argc, args, exec_own, EXEC_NOWN, &a, &stop,
		&dashes, msg, msglen) != 0)
		return a.own[EXEC_HELP] != NULL ? HX_EXEC_HELP : -1;
	if (a.own[EXEC_HELP] != NULL)
		return HX_EXEC_HELP;
	if (exec_params(&a, &rc, msg, msglen) != 0 ||
	    exec_options_apply(&a, &rc, &base, msg, msglen) != 0 ||
	    exec_check(&base, msg, msglen) != 0 ||
	    exec_env(&base, msg, msglen) != 0)
		return -1;
	plan->fail_on_error = a.own[EXEC_FAIL_ON_ERROR] != NULL;
	plan->quiet = a.own[EXEC_QUIET] != NULL;
	plan->csv_path = a.own[EXEC_CSV];
	base.csv_path = plan->csv_path;
	n = argc - stop;
	if ((dashes ? exec_split_dashes : exec_split_quoted)(plan, &base,
		a.own[EXEC_NAME], args + stop, n, msg, msglen) != 0)
		return -1;
	exec_labels_unique(plan);
	if (plan->ncmds > 1 && base.timeline_path != NULL) {
		snprintf(msg, msglen,
		    "--timeline takes one command (%zu given)", plan->ncmds);
		return -1;
	}
	if (hx_cli_check_csv(plan->csv_path, msg, msglen) != 0)
		return -1;
	return hx_cli_check_distinct(
	    base.json_path, plan->csv_path, base.timeline_path, msg, msglen);
}

void
hx_exec_plan_free(hx_exec_plan_t *plan)
{
	free(plan->words);
	plan->words = NULL;
}

size_t
hx_exec_options(struct option *o)
{
	return hx_cli_options(exec_own, EXEC_NOWN, HX_EXEC_WITHOUT, o);
}
