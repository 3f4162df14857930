/* hx_explain: `harness explain` forwarded to explain.py (hx_explain.h). */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_explain.h"

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

int
hx_explain_main(int argc, char **argv)
{
	char python[4200], script[4200], msg[8600];
	char **args;

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
