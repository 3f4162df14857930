/*
 * hx_cli: the options of `harness run` (and the parts `sweep` shares),
 * parsed strictly into a run configuration.
 *
 * Every bad value gets a one-line message naming the option and the value;
 * the caller prints it and exits 2. Nothing is measured or written before
 * all options are known to be good.
 */
#ifndef FB_HX_CLI_H
#define FB_HX_CLI_H

#include <jansson.h>
#include <stddef.h>

#include "hx_run.h"

#define HX_CLI_HELP 1

typedef struct hx_cli_run_s {
	const char *json_path; /* --json, or NULL */
	int no_fork;           /* --no-fork: measure in this process */
	int cachesim;          /* --cachesim */
} hx_cli_run_t;

extern const char hx_cli_run_help[];

/* Parses argv ("run WORKLOAD VARIANT [options]", argv[0] = "run"). Returns 0,
 * HX_CLI_HELP for --help, or -1 with msg set. */
int hx_cli_parse_run(int argc, char **argv, hx_run_config_t *cfg,
    hx_cli_run_t *cli, char *msg, size_t msglen);

/* Resolves names to table entries; -1 with msg naming the unknown one. */
int hx_cli_lookup(const char *workload, const char *variant,
    const workload_t **w, const variant_t **v, char *msg, size_t msglen);

/* Checks a configuration as a whole (workload and variant checks, event
 * names, memory limit); -1 with msg. */
int hx_cli_check_config(hx_run_config_t *cfg, char *msg, size_t msglen);

/* Runs the same variant once more under valgrind's cache simulator (cold
 * run only, no validation) and adds the simulated counts to r as
 * "cachesim". self is argv[0] of this process. 0, or -1 with msg. */
int hx_cli_cachesim(const hx_run_config_t *cfg, const char *self, json_t *r,
    char *msg, size_t msglen);

/* Prints "harness CMD: MSG" as one line on stderr: control characters in
 * msg (a bad value may carry a newline) are shown as '?'. */
void hx_cli_error(const char *cmd, const char *msg);

#endif /* FB_HX_CLI_H */
