/*
 * fb_data_dir.h: crafted data for the report tests: writing the files of a
 * data folder (runs as JSON lines, ceilings, JAX results), and a report
 * whose facts are computed from such a folder or from runs made in memory.
 * Test code only: a failure is a Criterion assertion.
 */
#ifndef FB_TESTS_DATA_DIR_H
#define FB_TESTS_DATA_DIR_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "rp_report.h"

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

/* R's data read from the crafted folder dir, and its facts made empty;
 * R's other members are left as the caller set them. */
static inline void
fb_report_load(rp_report_t *R, const char *dir)
{
	char msg[256] = "";

	cr_assert_eq(
	    rp_data_load(&R->data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R->facts), 0);
}

/* A report with no runs yet (append them to ->data.runs) and empty facts;
 * fb_report_delete frees it. */
static inline rp_report_t *
fb_report_new(void)
{
	rp_report_t *R = calloc(1, sizeof(*R));

	cr_assert(R != NULL);
	R->data.runs = json_array();
	cr_assert_eq(rp_facts_init(&R->facts), 0);
	return R;
}

static inline void
fb_report_delete(rp_report_t *R)
{
	rp_report_free(R);
	free(R);
}

#endif
