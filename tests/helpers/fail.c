/*
 * fail CODE [LINE...]: writes each LINE to standard error, one a line, and
 * exits with status CODE. For harness exec's failed-run tests.
 */
#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char **argv)
{
	for (int i = 2; i < argc; i++)
		fprintf(stderr, "%s\n", argv[i]);
	return argc > 1 ? atoi(argv[1]) : 1;
}
