/*
 * report TEXT: writes TEXT to the file named by FUSEBENCH_REPORT (as a
 * program reporting its own figures would) and exits 0; exits 9 when the
 * variable is not set.
 */
#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char **argv)
{
	const char *path = getenv("FUSEBENCH_REPORT");
	FILE *f;

	if (path == NULL || argc < 2) {
		fprintf(stderr, "report: FUSEBENCH_REPORT is not set\n");
		return 9;
	}
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		return 1;
	}
	fputs(argv[1], f);
	return fclose(f) == 0 ? 0 : 1;
}
