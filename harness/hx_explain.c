/* hx_explain: `harness explain` forwarded to explain.py, which runs the
 * explain package of python/ (fusebench_explain) from this checkout
 * (hx_explain.h). */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_explain.h"
#include "variant.h"

/* The checkout that holds this binary (build/ALLOC/harness), into root. */
static int
checkout_root(char *root, size_t len)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	/* harness -> build/ALLOC -> build -> the checkout */
	snprintf(root, len, "%s", dirname(dirname(dirname(exe))));
	return 0;
}

int
hx_explain_paths(char *python, size_t plen, char *script, size_t slen,
    char *msg, size_t msglen)
{
	const char *py = getenv("FB_JAX_PYTHON"), *sc = getenv("FB_EXPLAIN");
	char root[4096] = ".";

	if ((py == NULL || sc == NULL) &&
	    checkout_root(root, sizeof(root)) != 0)
		snprintf(root, sizeof(root), ".");
	if (py != NULL)
		snprintf(python, plen, "%s", py);
	else
		snprintf(python, plen, "%s/build/venv/bin/python", root);
	if (sc != NULL)
		snprintf(script, slen, "%s", sc);
	else
		snprintf(script, slen, "%s/variants/jax/explain.py", root);
	if (access(python, X_OK) != 0) {
		snprintf(msg, msglen,
		    "no JAX environment: %s: %s (make jax, or set "
		    "FB_JAX_PYTHON)",
		    python, strerror(errno));
		return -1;
	}
	if (access(script, R_OK) != 0) {
		snprintf(msg, msglen, "%s: %s (set FB_EXPLAIN)", script,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* explain.py's options, as its argparse declares them (the script parses
 * them; this table is for help, the man page and the completion), less
 * the built-in workloads' own parameters, which it takes too and which
 * hx_explain_options adds from their declarations after --n. */
static const struct option explain_options[] = {
    {"program", required_argument, NULL, 0},
    {"n", required_argument, NULL, 0},
    {"steps", required_argument, NULL, 0},
    {"chunk", required_argument, NULL, 0},
    {"seed", required_argument, NULL, 0},
    {"json", required_argument, NULL, 0},
    {"chart", required_argument, NULL, 0},
    {"measure", no_argument, NULL, 0},
    {"try-fix", no_argument, NULL, 0},
    {"budget", required_argument, NULL, 0},
    {"static-argnums", required_argument, NULL, 0},
    {"no-jit", no_argument, NULL, 0},
    {"top", required_argument, NULL, 0},
    {"help", no_argument, NULL, 'h'},
};

/* The built-in workloads' own parameters (not a plugin's: explain.py runs
 * the programs of fb_programs.PROGRAMS alone), into o; the count. */
static size_t
explain_declared(struct option *o)
{
	size_t n = 0;

	for (size_t k = 0; workload_table[k] != NULL; k++) {
		const param_decl_t *d = workload_table[k]->extra_params;
		for (size_t i = 0; d != NULL && d[i].name != NULL; i++)
			o[n++] = (struct option){
			    d[i].name, required_argument, NULL, 0};
	}
	return n;
}

size_t
hx_explain_options(struct option *o)
{
	size_t n = 2,
	       count = sizeof(explain_options) / sizeof(explain_options[0]);

	memcpy(o, explain_options, 2 * sizeof(*o));
	n += explain_declared(o + n);
	memcpy(o + n, explain_options + 2, (count - 2) * sizeof(*o));
	n += count - 2;
	memset(&o[n], 0, sizeof(*o));
	return n;
}

void
hx_explain_usage(FILE *f)
{
	fprintf(f,
	    "usage: harness explain MODULE:FUNCTION MODULE:ARGS|SHAPE... "
	    "[options]\n"
	    "       harness explain --program NAME [options]\n"
	    "which arrays a JAX function's memory goes to, op by op and "
	    "under jit,\nby source line, and the fix it predicts (the package "
	    "python/fusebench_explain\nthrough variants/jax/explain.py, run by "
	    "build/venv; docs/explain.md)\n"
	    "  --program NAME            a program of fb_programs.PROGRAMS\n"
	    "  --n N                     points or particles (--program)\n");
	for (size_t k = 0; workload_table[k] != NULL; k++) {
		const param_decl_t *d = workload_table[k]->extra_params;
		for (size_t i = 0; d != NULL && d[i].name != NULL; i++) {
			char opt[64];
			snprintf(opt, sizeof(opt), "--%s V", d[i].name);
			fprintf(f, "  %-26s%s (--program, %s)\n", opt,
			    d[i].meaning, workload_table[k]->name);
		}
	}
	fprintf(f,
	    "  --steps S                 time steps (--program)\n"
	    "  --chunk C                 batch size (--program)\n"
	    "  --seed S                  the inputs' seed\n"
	    "  --json FILE               all of it as JSON\n"
	    "  --chart FILE              the liveness chart (.png or .svg)\n"
	    "  --measure                 run it; peak RSS beside the "
	    "prediction\n"
	    "  --budget BYTES            the lax.map batch size that fits "
	    "it\n"
	    "  --try-fix                 measure that batch size\n"
	    "  --static-argnums I,J      arguments that are Python values\n"
	    "  --no-jit                  op by op only\n"
	    "  --top K                   arrays and buffers listed\n");
}

int
hx_explain_main(int argc, char **argv)
{
	char python[4200], script[4200], msg[8600];
	char **args;

	if (argc == 2 &&
	    (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		hx_explain_usage(stdout);
		return HX_EXIT_OK;
	}
	if (hx_explain_paths(python, sizeof(python), script, sizeof(script),
		msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness explain: %s\n", msg);
		return HX_EXIT_USAGE;
	}
	if ((args = calloc((size_t)argc + 2, sizeof(*args))) == NULL) {
		fprintf(stderr, "harness explain: out of memory\n");
		return HX_EXIT_FAILURE;
	}
	args[0] = python;
	args[1] = script;
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	execv(python, args);
	fprintf(stderr, "harness explain: %s: %s\n", python, strerror(errno));
	free(args);
	return HX_EXIT_FAILURE;
}
