/*
 * env_report RESULT: writes {"result": RESULT, "fusebench_threads": ...,
 * "omp_num_threads": ...} to the file named by FUSEBENCH_REPORT, the two
 * variables' values as strings (null when unset), and exits 0; exits 9
 * when FUSEBENCH_REPORT is not set. For exec's --threads tests: RESULT is
 * the digest the test computed, so the run validates.
 */
#include <stdio.h>
#include <stdlib.h>

/* A variable's value as a JSON string, or null (values are digits). */
static void
put(FILE *f, const char *key, const char *value)
{
	if (value == NULL)
		fprintf(f, ", \"%s\": null", key);
	else
		fprintf(f, ", \"%s\": \"%s\"", key, value);
}

int
main(int argc, char **argv)
{
	const char *path = getenv("FUSEBENCH_REPORT");
	FILE *f;

	if (path == NULL || argc < 2) {
		fprintf(stderr, "env_report: FUSEBENCH_REPORT is not set\n");
		return 9;
	}
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		return 1;
	}
	fprintf(f, "{\"result\": %s", argv[1]);
	put(f, "fusebench_threads", getenv("FUSEBENCH_THREADS"));
	put(f, "omp_num_threads", getenv("OMP_NUM_THREADS"));
	fputs("}\n", f);
	return fclose(f) == 0 ? 0 : 1;
}
