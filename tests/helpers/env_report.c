/*
 * env_report RESULT: writes {"result": RESULT, "fusebench_threads": ...,
 * "omp_num_threads": ..., "fusebench_workload": ..., "fusebench_n": ...,
 * "fusebench_m": ..., "fusebench_g": ..., "fusebench_params": ...} to the
 * file named by FUSEBENCH_REPORT, the variables' values as strings (null
 * when unset; FUSEBENCH_PARAMS as the JSON it holds), and exits 0; exits 9
 * when FUSEBENCH_REPORT is not set. For exec's --threads and --workload
 * tests: RESULT is the digest the test computed, so the run validates.
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
	put(f, "fusebench_workload", getenv("FUSEBENCH_WORKLOAD"));
	put(f, "fusebench_n", getenv("FUSEBENCH_N"));
	put(f, "fusebench_m", getenv("FUSEBENCH_M"));
	put(f, "fusebench_g", getenv("FUSEBENCH_G"));
	fprintf(f, ", \"fusebench_params\": %s",
	    getenv("FUSEBENCH_PARAMS") != NULL ? getenv("FUSEBENCH_PARAMS")
					       : "null");
	fputs("}\n", f);
	return fclose(f) == 0 ? 0 : 1;
}
