/*
 * hx_help: the commands' descriptions, in one table, and what is generated
 * from it: the top-level usage, `harness help CMD`, the man page and the
 * bash completion script.
 *
 * Each command's entry names its usage printer (the text of CMD -h) and a
 * function that fills in the option table its parser reads (getopt_long's
 * struct option; the run parameters and measurement settings come from
 * their own tables, hx_params and hx_cli). The man page is each command's
 * usage under its own heading plus the options from those tables; the
 * completion script offers each command's options, the workloads and
 * variants of the built-in tables, and files for values that name one.
 * The Makefile runs `harness --man` and `harness --completion bash` at
 * build time; `make install` installs both.
 *
 * Limits: the dispatch to each command's main stays in main.c (the table
 * here is descriptions only, so the tests can link it); the completion
 * knows the built-in workloads and variants, not a plugin's.
 */
#ifndef FB_HX_HELP_H
#define FB_HX_HELP_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* Room for any command's option table (hx_help_cmd_t.options). */
#define HX_HELP_MAX_OPTIONS 64

typedef struct hx_help_cmd_s {
	const char *name;    /* "run" */
	const char *args;    /* "WORKLOAD VARIANT [options]" */
	const char *summary; /* one line for the top-level usage */
	/* Prints the command's help (CMD -h, help CMD) to f. */
	void (*usage)(FILE *f);
	/* Fills o (HX_HELP_MAX_OPTIONS entries) with the options the
	 * command reads, NULL-ended; returns their count. */
	size_t (*options)(struct option *o);
	/* Its positional arguments, for the completion: "workload
	 * variant" (run), "files" (compare, convert) or "" (none). */
	const char *positional;
} hx_help_cmd_t;

/* The commands, in the order the usage lists them. */
extern const hx_help_cmd_t hx_help_commands[];
extern const size_t hx_help_ncommands;

/* The entry called name, or NULL. */
const hx_help_cmd_t *hx_help_find(const char *name);

/* The top-level usage (harness -h). */
void hx_help_usage(FILE *f);

/* list's and ceilings' help (their parsers are main.c's). */
void hx_help_list_usage(FILE *f);
void hx_help_ceilings_usage(FILE *f);

/* The man page (roff, section 1) and the bash completion script. 0, or
 * -1 when writing failed. */
int hx_help_man(FILE *f);
int hx_help_completion_bash(FILE *f);

#endif /* FB_HX_HELP_H */
