/*
 * hx_help: the commands' descriptions and what is generated from them.
 * See hx_help.h.
 */
#include <stdio.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_exec.h"
#include "hx_explain.h"
#include "hx_gbench.h"
#include "hx_help.h"
#include "hx_overhead.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_sweep.h"
#include "plugin.h"
#include "variant.h"

_Static_assert(HX_CLI_MAX_OPTIONS <= HX_HELP_MAX_OPTIONS,
    "a measuring command's options must fit an hx_help table");

/* The options of list and ceilings, whose parsers (main.c) read these
 * names by hand. */
static const struct option list_opts[] = {
    {"smoke", no_argument, NULL, 0},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};
static const struct option ceilings_opts[] = {
    {"threads", required_argument, NULL, 0},
    {"fault-ladder", required_argument, NULL, 0},
    {"no-host-probe", no_argument, NULL, 0},
    {"drift", no_argument, NULL, 0},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static size_t
list_options(struct option *o)
{
	return hx_cli_copy_options(list_opts, o);
}

static size_t
ceilings_options(struct option *o)
{
	return hx_cli_copy_options(ceilings_opts, o);
}

void
hx_help_list_usage(FILE *f)
{
	fputs("usage: harness list [--smoke]\n\n"
	      "Every workload and variant, one a line, with its memory model "
	      "at the\nworkload's default parameters.\n\n"
	      "  --smoke                   instead, one line a variant: "
	      "WORKLOAD VARIANT and\n"
	      "                            the run options of its workload's "
	      "small smoke\n"
	      "                            configuration\n",
	    f);
}

void
hx_help_ceilings_usage(FILE *f)
{
	fprintf(f,
	    "usage: harness ceilings [--threads T] [--no-host-probe]\n"
	    "       harness ceilings --drift\n"
	    "       harness ceilings --fault-ladder GIB\n\n"
	    "Measures memory bandwidth (a STREAM triad on arrays larger than "
	    "the\nlast-level cache) and float32 FMA throughput on one core, "
	    "or on T cores\nat once, and the cost of one minor fault (a first "
	    "write to a fresh page,\non the calling thread); on a virtual "
	    "machine whose kernel reports free\nmemory to its host, with one "
	    "thread, also the price of a fault of memory the\nhost took back "
	    "(a probe of the free memory not reported plus 4 GiB);\nwith one "
	    "thread, the price of a page's next touch after 1 s untouched\n"
	    "(about 3 s); prints them as JSON.\n\n"
	    "  --threads T               OpenMP threads, 1 to %d (1)\n"
	    "  --no-host-probe           without the probes of memory the host "
	    "took back\n"
	    "                            and of idle pages\n"
	    "                            (it faults several GiB; a second "
	    "measurement\n"
	    "                            that reads the rates only needs "
	    "none)\n"
	    "  --drift                   only the rates that show how far "
	    "the\n"
	    "                            machine's speed moved since an "
	    "earlier\n"
	    "                            measurement (FMA, divides, L1 and "
	    "L3 gathers,\n"
	    "                            DRAM read; one thread, a few "
	    "seconds)\n"
	    "  --fault-ladder GIB        instead, the price of a fault GiB by "
	    "GiB of\n"
	    "                            GIB GiB of fresh memory (a virtual "
	    "machine's\n"
	    "                            host may back the later GiBs "
	    "dearer)\n",
	    VARIANT_THREADS_MAX);
}

const hx_help_cmd_t hx_help_commands[] = {
    {"list", "[--smoke]", "workloads and variants with their models",
	hx_help_list_usage, list_options, ""},
    {"run", "WORKLOAD VARIANT... [options]",
	"measure variants (names or globs)", hx_cli_run_usage,
	hx_cli_run_options, "workload variant"},
    {"exec", "[options] -- COMMAND [ARGS...]", "measure commands as processes",
	hx_exec_usage, hx_exec_options, ""},
    {"sweep", "--workload W --out PREFIX", "many runs to JSON lines + CSV",
	hx_sweep_usage, hx_sweep_options, ""},
    {"ceilings", "[--threads T]", "memory bandwidth and FMA throughput",
	hx_help_ceilings_usage, ceilings_options, ""},
    {"overhead", "[WORKLOAD VARIANT [opts]]",
	"what the instrumentation itself costs", hx_overhead_usage,
	hx_overhead_options, "workload variant"},
    {"compare", "OLD NEW [options]", "median, memory and counter changes",
	hx_compare_usage, hx_compare_options, "files"},
    {"convert", "FILE [--out OUT]", "results as Google Benchmark JSON",
	hx_gbench_usage, hx_gbench_options, "files"},
    {"explain", "MODULE:FN ARGS... [opts]", "a JAX function's memory by line",
	hx_explain_usage, hx_explain_options, ""},
};

const size_t hx_help_ncommands =
    sizeof(hx_help_commands) / sizeof(hx_help_commands[0]);

const hx_help_cmd_t *
hx_help_find(const char *name)
{
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		if (strcmp(hx_help_commands[i].name, name) == 0)
			return &hx_help_commands[i];
	}
	return NULL;
}

void
hx_help_usage(FILE *f)
{
	int width = 0;

	for (size_t i = 0; i < hx_help_ncommands; i++) {
		int n = (int)(strlen(hx_help_commands[i].name) +
		    strlen(hx_help_commands[i].args) + 1);
		width = n > width ? n : width;
	}
	fputs("usage: harness COMMAND [--plugin LIB.so] [options]\n"
	      "       harness help [COMMAND]   a command's help (also "
	      "harness COMMAND -h)\n"
	      "       harness --version\n"
	      "       harness --man | --completion bash\n"
	      "\ncommands:\n",
	    f);
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		char head[128];
		snprintf(head, sizeof(head), "%s %s", hx_help_commands[i].name,
		    hx_help_commands[i].args);
		fprintf(f, "  %-*s  %s\n", width, head,
		    hx_help_commands[i].summary);
	}
}

/* Text as roff: backslashes escaped, hyphens as minus signs (so that an
 * option pasted from the page works), a line's leading '.' or '\''
 * guarded. */
static void
roff_text(FILE *f, const char *s)
{
	int bol = 1;

	for (; *s != '\0'; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", f);
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
		bol = *s == '\n';
	}
}

/* A command's usage text, as it prints it, in buf (cut at len). */
static void
usage_text(const hx_help_cmd_t *c, char *buf, size_t len)
{
	FILE *m = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (m == NULL)
		return;
	c->usage(m);
	fclose(m);
	buf[len - 1] = '\0';
}

/* One command: its usage as printed, then its options from the table. */
static void
man_command(FILE *f, const hx_help_cmd_t *c)
{
	struct option o[HX_HELP_MAX_OPTIONS];
	static char text[16384];
	size_t n = c->options(o);

	fprintf(f, ".SS %s\n.nf\n", c->name);
	usage_text(c, text, sizeof(text));
	roff_text(f, text);
	fputs(".fi\n.PP\nOptions:", f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\n\\fB\\-\\-%s\\fR%s", i > 0 ? "," : "",
		    o[i].name, o[i].has_arg ? " \\fIVALUE\\fR" : "");
	fputs(" (\\fB\\-h\\fR is \\fB\\-\\-help\\fR).\n", f);
}

static void
man_params(FILE *f)
{
	const workload_t *w;

	fputs(".SH RUN PARAMETERS\nOne table of parameters serves run, "
	      "sweep (as comma-separated lists),\nexec \\-\\-workload and "
	      "overhead; a workload refuses those it does not use.\n",
	    f);
	for (size_t i = 0; i < hx_params_count; i++) {
		fprintf(
		    f, ".TP\n\\fB\\-\\-%s\\fR \\fIV\\fR\n", hx_params[i].name);
		roff_text(f, hx_params[i].meaning);
		fputc('\n', f);
	}
	/* The known workloads' own parameters, from their declarations. */
	for (size_t k = 0; (w = hx_plugin_workload(k)) != NULL; k++) {
		for (size_t i = 0; !w->hidden && i < hx_params_extra_count(w);
		     i++) {
			fprintf(f, ".TP\n\\fB\\-\\-%s\\fR \\fIV\\fR\n",
			    w->extra_params[i].name);
			roff_text(f, w->extra_params[i].meaning);
			fprintf(f, " (%s's own)\n", w->name);
		}
	}
	fputs(".TP\n\\fB\\-\\-param\\fR \\fINAME\\fR=\\fIV\\fR\na parameter "
	      "a workload declares itself, as \\fB\\-\\-NAME\\fR (see harness "
	      "list)\n",
	    f);
}

int
hx_help_man(FILE *f)
{
	fprintf(f,
	    ".\\\" Generated by `harness --man` from the harness's command "
	    "and option tables.\n"
	    ".TH FUSEBENCH 1 \"\" \"fusebench %s\" \"User Commands\"\n"
	    ".SH NAME\nfusebench \\- measure the time and memory of "
	    "array\\-program schedules\n"
	    ".SH SYNOPSIS\n.B fusebench\n.I COMMAND\n"
	    "[\\fB\\-\\-plugin\\fR \\fILIB.so\\fR] [\\fIoptions\\fR]\n.br\n"
	    ".B fusebench help\n[\\fICOMMAND\\fR]\n.br\n"
	    ".B fusebench \\-\\-version\n"
	    ".SH DESCRIPTION\nfusebench is the harness of the fusebench "
	    "project, installed under that\nname by make install (in the "
	    "build tree it is build/jemalloc/harness,\nthe name its help "
	    "texts use). Every command prints its help with\n\\fB\\-h\\fR "
	    "or \\fB\\-\\-help\\fR, and \\fBfusebench help\\fR "
	    "\\fICOMMAND\\fR prints the same;\nthe sections below are "
	    "those texts. \\fB\\-\\-plugin\\fR \\fILIB.so\\fR, given to "
	    "any\ncommand, loads a plugin's workloads and variants first "
	    "(a name without a\nslash is ./LIB.so when that file "
	    "exists).\n.SH COMMANDS\n",
	    FB_VERSION_SEMVER);
	for (size_t i = 0; i < hx_help_ncommands; i++)
		man_command(f, &hx_help_commands[i]);
	man_params(f);
	fputs(".SH EXIT STATUS\n0 success; 1 a failure while running; 2 bad "
	      "usage or bad input (one\nline on stderr naming the value, "
	      "nothing measured); compare adds 3 (a\nregression) and 4 "
	      "(inconclusive).\n"
	      ".SH ENVIRONMENT\n.TP\n.B FUSEBENCH_REPORT\nexec: a fresh file "
	      "the measured command may write a JSON object to.\n.TP\n"
	      ".B FUSEBENCH_THREADS\nexec \\-\\-threads T: the thread count "
	      "the command is asked to use.\n"
	      ".SH SEE ALSO\nThe docs/ folder of the source tree; "
	      "pkg\\-config \\-\\-cflags fusebench for plugins\n"
	      "(<fusebench/plugin.h>).\n",
	    f);
	return ferror(f) ? -1 : 0;
}

/* Words of a shell list: the options of c ("--n --seed ..."), or only those
 * that take a value. */
static void
completion_options(FILE *f, const hx_help_cmd_t *c, int values_only)
{
	struct option o[HX_HELP_MAX_OPTIONS];
	size_t n = c->options(o);

	for (size_t i = 0; i < n; i++) {
		if (!values_only || o[i].has_arg)
			fprintf(f, " --%s", o[i].name);
	}
	if (!values_only)
		fputs(" -h", f);
}

/* _fusebench_opts CMD and _fusebench_vals CMD: case tables. */
static void
completion_tables(FILE *f)
{
	for (int values = 0; values < 2; values++) {
		fprintf(f, "_fusebench_%s() {\n\tcase $1 in\n",
		    values ? "vals" : "opts");
		for (size_t i = 0; i < hx_help_ncommands; i++) {
			fprintf(f, "\t%s) echo \"", hx_help_commands[i].name);
			completion_options(f, &hx_help_commands[i], values);
			fputs("\" ;;\n", f);
		}
		fputs("\tesac\n}\n", f);
	}
}

/* The built-in workloads and, per workload, its variants; the choices of
 * the parameters that have some. */
/* "--NAME) echo \" a b\" ;;" for a choice parameter (nothing for a count). */
static void
completion_choices(FILE *f, const hx_param_t *p)
{
	if (p->kind != HX_PARAM_CHOICE)
		return;
	fprintf(f, "\t--%s) echo \"", p->name);
	for (size_t k = 0; p->choices[k] != NULL; k++)
		fprintf(f, " %s", p->choices[k]);
	fputs("\" ;;\n", f);
}

static void
completion_names(FILE *f)
{
	const workload_t *w;
	const variant_t *v;

	fputs("_fusebench_workloads=\"", f);
	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (!w->hidden)
			fprintf(f, " %s", w->name);
	}
	fputs("\"\n_fusebench_variants() {\n\tcase $1 in\n", f);
	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (w->hidden)
			continue;
		fprintf(f, "\t%s) echo \"", w->name);
		for (size_t j = 0; (v = hx_plugin_variant(j)) != NULL; j++) {
			if (v->workload == w)
				fprintf(f, " %s", v->name);
		}
		fputs("\" ;;\n", f);
	}
	fputs("\tesac\n}\n_fusebench_choices() {\n\tcase $1 in\n", f);
	for (size_t i = 0; i < hx_params_count; i++)
		completion_choices(f, &hx_params[i]);
	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		for (size_t k = 0; !w->hidden && k < hx_params_extra_count(w);
		     k++) {
			hx_param_t p;
			hx_params_declared(w, k, &p);
			completion_choices(f, &p);
		}
	}
	fputs("\t--workload) echo \"$_fusebench_workloads\" ;;\n"
	      "\t--variants) echo \"all $(_fusebench_variants \"$2\")\" ;;\n"
	      "\tesac\n}\n",
	    f);
}

/* The function itself: find the command and the positional words before
 * the cursor, then offer what fits there. An empty reply falls back to
 * file names (complete -o default). */
static const char completion_body[] =
    "_fusebench() {\n"
    "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "\tlocal i w cmd= npos=0 first= workload=\n"
    "\tCOMPREPLY=()\n"
    "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
    "\t\tw=${COMP_WORDS[i]}\n"
    "\t\tif [[ $w == --plugin ]]; then ((i++)); continue; fi\n"
    "\t\tif [[ -z $cmd ]]; then\n"
    "\t\t\t[[ $w == -* ]] || cmd=$w\n"
    "\t\t\tcontinue\n"
    "\t\tfi\n"
    "\t\tif [[ $w == -- ]]; then\n"
    "\t\t\t((i == COMP_CWORD - 1)) &&\n"
    "\t\t\t\tCOMPREPLY=($(compgen -c -- \"$cur\"))\n"
    "\t\t\treturn 0\n"
    "\t\tfi\n"
    "\t\tif [[ \" $(_fusebench_vals \"$cmd\") \" == *\" $w \"* ]]; then\n"
    "\t\t\t[[ $w == --workload ]] && workload=${COMP_WORDS[i+1]}\n"
    "\t\t\t((i++))\n"
    "\t\t\tcontinue\n"
    "\t\tfi\n"
    "\t\tif [[ $w != -* ]]; then\n"
    "\t\t\t((npos == 0)) && first=$w\n"
    "\t\t\t((npos++))\n"
    "\t\tfi\n"
    "\tdone\n"
    "\tif [[ $prev == --plugin ]]; then\n"
    "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tif [[ -z $cmd || $cmd == help ]]; then\n"
    "\t\t[[ -z $cmd && $cur == -* ]] &&\n"
    "\t\t\tCOMPREPLY=($(compgen -W \"--help --version --man "
    "--completion --plugin\" -- \"$cur\")) ||\n"
    "\t\t\tCOMPREPLY=($(compgen -W \"$_fusebench_commands\" -- "
    "\"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tif [[ \" $(_fusebench_vals \"$cmd\") \" == *\" $prev \"* ]]; then\n"
    "\t\tw=$(_fusebench_choices \"$prev\" \"$workload\")\n"
    "\t\t[[ -n $w ]] && COMPREPLY=($(compgen -W \"$w\" -- \"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tif [[ $cur == -* ]]; then\n"
    "\t\tCOMPREPLY=($(compgen -W \"$(_fusebench_opts \"$cmd\")\" -- "
    "\"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tcase \" $_fusebench_takes_workload \" in\n"
    "\t*\" $cmd \"*)\n"
    "\t\t((npos == 0)) && w=$_fusebench_workloads\n"
    "\t\t((npos == 1)) && w=$(_fusebench_variants \"$first\")\n"
    "\t\t((npos < 2)) && COMPREPLY=($(compgen -W \"$w\" -- \"$cur\"))\n"
    "\t\t;;\n"
    "\tesac\n"
    "\treturn 0\n"
    "}\n"
    "complete -o default -F _fusebench fusebench harness\n";

int
hx_help_completion_bash(FILE *f)
{
	fputs("# bash completion for fusebench (harness in the build tree).\n"
	      "# Generated by `harness --completion bash` from the harness's "
	      "command and\n# option tables; make install puts it in "
	      "share/bash-completion/completions.\n"
	      "_fusebench_commands=\"help",
	    f);
	for (size_t i = 0; i < hx_help_ncommands; i++)
		fprintf(f, " %s", hx_help_commands[i].name);
	fputs("\"\n_fusebench_takes_workload=\"", f);
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		if (strcmp(hx_help_commands[i].positional,
			"workload variant") == 0)
			fprintf(f, " %s", hx_help_commands[i].name);
	}
	fputs("\"\n", f);
	completion_names(f);
	completion_tables(f);
	fputs(completion_body, f);
	return ferror(f) ? -1 : 0;
}
