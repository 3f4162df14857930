/*
 * fuzz_parse: the command line's numbers and options.
 *
 * The input is the text of a command line, one argument a line. Every line
 * goes through hx_parse_count, hx_parse_bytes and hx_parse_seconds; then the
 * lines become argv for `harness run` (hx_cli_parse_run, which also checks
 * the configuration: workload and variant checks, event names through
 * libpfm4, --mem-limit), or, when the first line is "sweep", for
 * hx_sweep_main with a final "--out" into a folder that does not exist, so
 * that every list and option is parsed and checked and nothing runs; or,
 * when it is "exec", for hx_exec_plan_parse (the commands are split and
 * labelled, nothing runs).
 *
 * Properties checked beyond "no crash, no leak, no UB": a count that parses
 * prints back to a string that parses to the same value; a refused line has
 * a one-line message.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_exec.h"
#include "hx_parse.h"
#include "hx_sweep.h"

#define FUZZ_MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_numbers(const char *s)
{
	uint64_t v, w;
	double d;
	char buf[32];

	if (hx_parse_count(s, &v) == 0) {
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
		if (hx_parse_count(buf, &w) != 0 || w != v)
			abort();
	}
	if (hx_parse_bytes(s, &v) == 0 && hx_parse_count(s, &w) == 0 && v != w)
		abort();
	if (hx_parse_seconds(s, &d) == 0 && !(d > 0.0))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *argv[FUZZ_MAX_ARGS + 4], *p;
	int argc = 0;

	if (size > 4096)
		return 0;
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	argv[argc++] = "run";
	for (p = text; argc < FUZZ_MAX_ARGS;) {
		char *nl = strchr(p, '\n');
		if (nl != NULL)
			*nl = '\0';
		check_numbers(p);
		argv[argc++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	argv[argc] = NULL;
	if (argc > 1 && strcmp(argv[1], "sweep") == 0) {
		/* argv[1..] is the sweep's own argv; --out last wins. */
		argv[argc++] = "--out";
		argv[argc++] = "/nonexistent-fusebench-fuzz/out";
		argv[argc] = NULL;
		int rc = hx_sweep_main(argc - 1, argv + 1);
		/* 0 for --help, else 2: the folder is missing, nothing runs. */
		if (rc != 0 && rc != 2)
			abort();
	} else if (argc > 1 && strcmp(argv[1], "exec") == 0) {
		static hx_exec_plan_t plan;
		char msg[4600];
		int rc = hx_exec_plan_parse(
		    argc - 1, argv + 1, &plan, msg, sizeof(msg));
		if (rc == -1 && (msg[0] == '\0' || strchr(msg, '\n') != NULL))
			abort();
		/* Every command has a command word and a label. */
		for (size_t c = 0; rc == 0 && c < plan.ncmds; c++) {
			if (plan.cmds[c].argv[0] == NULL ||
			    plan.cmds[c].name == NULL ||
			    plan.cmds[c].name[0] == '\0')
				abort();
		}
		hx_exec_plan_free(&plan);
	} else {
		hx_run_config_t cfg;
		hx_cli_run_t cli;
		char msg[512];
		int rc =
		    hx_cli_parse_run(argc, argv, &cfg, &cli, msg, sizeof(msg));
		if (rc == -1 && (msg[0] == '\0' || strlen(msg) >= sizeof(msg)))
			abort();
	}
	free(text);
	return 0;
}
