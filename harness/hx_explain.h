/*
 * hx_explain: `harness explain ARGS...`, forwarded to variants/jax/explain.py
 * (which arrays a JAX function's memory goes to, by source line; see
 * docs/explain.md) run by the JAX programs' virtual environment.
 *
 * The interpreter is $FB_JAX_PYTHON, else build/venv/bin/python under the
 * checkout that holds this harness binary (its folder's grandparent: the
 * binary is build/ALLOC/harness); the script is $FB_EXPLAIN, else
 * variants/jax/explain.py there. The harness process becomes the script
 * (execv): its exit status and output are explain's.
 *
 * Limits: needs `make jax` (build/venv); a harness copied out of its
 * checkout needs both variables.
 */
#ifndef FB_HX_EXPLAIN_H
#define FB_HX_EXPLAIN_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* The interpreter and script explain would run, into python and script.
 * Returns 0, or -1 with a one-line reason in msg (not found, or not
 * executable). */
int hx_explain_paths(char *python, size_t plen, char *script, size_t slen,
    char *msg, size_t msglen);

/* The command: argv[0] is "explain", the rest go to explain.py. Returns
 * only on failure: HX_EXIT_USAGE when there is no JAX environment,
 * HX_EXIT_FAILURE when execv failed (one line on stderr). */
int hx_explain_main(int argc, char **argv);

/* explain's help (harness explain -h) and its options for the help
 * table (hx_help.h): fills o with them, NULL-ended; returns the count. */
void hx_explain_usage(FILE *f);
size_t hx_explain_options(struct option *o);

#endif /* FB_HX_EXPLAIN_H */
