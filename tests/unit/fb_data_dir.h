/*
 * fb_data_dir.h: writing the files of a crafted data folder for the report
 * tests (runs as JSON lines, ceilings, JAX results). Test code only: a
 * failure is a Criterion assertion.
 */
#ifndef FB_TESTS_DATA_DIR_H
#define FB_TESTS_DATA_DIR_H

#include <criterion/criterion.h>
#include <stdio.h>

/* Writes text as dir/name, replacing what was there. */
static inline void
fb_write_file(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	cr_assert(f != NULL, "%s", path);
	fputs(text, f);
	fclose(f);
}

#endif
