/*
 * rp_lesson_code: the JAX code of the lesson's fixes, read from the
 * markers of variants/jax (see rp_lesson.h), as facts for the template of
 * "What none of the answers said" (templates/lesson/fixes.md.j2), which
 * names the fixes and their programs.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rp_lesson.h"

static FILE *
open_in_repository(const rp_data_t *D, const char *path)
{
	char full[4400];
	FILE *f;

	snprintf(full, sizeof(full), "%s/../../%s", D->dir, path);
	if ((f = fopen(full, "r")) != NULL)
		return f;
	return fopen(path, "r");
}

int
rp_lesson_code(const rp_data_t *D, const char *path, const char *name,
    char *buf, size_t len)
{
	FILE *f = open_in_repository(D, path);
	char line[512], begin[128];
	int in = 0, n = 0;
	size_t used = 0;

	buf[0] = '\0';
	if (f == NULL)
		return 0;
	snprintf(begin, sizeof(begin), "# lesson:begin %s", name);
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *t = line + strspn(line, " ");
		if (!in) {
			in = strncmp(t, begin, strlen(begin)) == 0 &&
			    strchr(" \r\n", t[strlen(begin)]) != NULL;
			continue;
		}
		if (strncmp(t, "# lesson:end", 12) == 0)
			break;
		if (n == RP_LESSON_CODE_LINES || used + strlen(line) + 1 >= len)
			continue;
		memcpy(buf + used, line, strlen(line) + 1);
		used += strlen(line);
		n++;
	}
	fclose(f);
	return n;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The .py files of RP_LESSON_CODE_DIR in name order, found as
 * open_in_repository finds a file, into names; how many (at most
 * cap). */
static size_t
code_files(const rp_data_t *D, char (*names)[256], size_t cap)
{
	char dir[4400];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/../../%s", D->dir, RP_LESSON_CODE_DIR);
	if ((d = opendir(dir)) == NULL &&
	    (d = opendir(RP_LESSON_CODE_DIR)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < cap) {
		size_t len = strlen(e->d_name);
		int k;
		if (len <= 3 || strcmp(e->d_name + len - 3, ".py") != 0)
			continue;
		/* A name too long for the table is left out, not cut. */
		k = snprintf(names[n], sizeof(names[0]), "%s/%s",
		    RP_LESSON_CODE_DIR, e->d_name);
		if (k > 0 && (size_t)k < sizeof(names[0]))
			n++;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	return n;
}

/* Every marker of one file, unless an earlier file had its name. */
static void
file_code_facts(rp_report_t *R, const char *path, json_t *markers)
{
	FILE *f = open_in_repository(&R->data, path);
	char line[512], name[64], code[2048], fact[RP_FACTS_NAME_MAX];
	static const char begin[] = "# lesson:begin ";

	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		const char *t = line + strspn(line, " ");
		if (strncmp(t, begin, strlen(begin)) != 0 ||
		    sscanf(t + strlen(begin), "%63s", name) != 1)
			continue;
		/* An earlier file's marker of that name made the fact. */
		snprintf(fact, sizeof(fact), "lesson.code.%s.text", name);
		rp_facts_name_clean(fact);
		if (rp_facts_get(&R->facts, fact) != NULL ||
		    rp_lesson_code(&R->data, path, name, code, sizeof(code)) ==
			0)
			continue;
		json_array_append_new(markers, json_string(name));
		rp_fact_str(&R->facts, code, NULL, "lesson.code.%s.text", name);
		rp_fact_str(&R->facts, path, NULL, "lesson.code.%s.file", name);
	}
	if (f != NULL)
		fclose(f);
}

void
rp_lesson_code_facts(rp_report_t *R)
{
	char files[RP_LESSON_CODE_FILES][256];
	size_t n = code_files(&R->data, files, RP_LESSON_CODE_FILES);
	json_t *markers = json_array();

	for (size_t i = 0; i < n; i++)
		file_code_facts(R, files[i], markers);
	rp_fact_list(&R->facts, markers, "lesson.code_markers");
}
