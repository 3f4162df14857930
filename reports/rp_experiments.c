/*
 * rp_experiments: the table of experiments (see rp_experiments.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rp_data.h"
#include "rp_experiments.h"

/* Reads the table at path into E (zeroed), skipping a line that is not a
 * row (the first in E->bad). Returns 0, or -1 when the file cannot be
 * opened, E left as it was. */
static int
experiments_read(rp_experiments_t *E, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096], *p;
	int lineno = 0, k;

	if (f == NULL)
		return -1;
	snprintf(E->path, sizeof(E->path), "%s", path);
	while (fgets(line, sizeof(line), f) != NULL) {
		rp_experiment_t *e = &E->rows[E->n];
		char *const to[] = {
		    e->set, e->workload, e->variants, e->arguments, e->purpose};
		const size_t size[] = {sizeof(e->set), sizeof(e->workload),
		    sizeof(e->variants), sizeof(e->arguments),
		    sizeof(e->purpose)};
		int tabs = 0;
		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		for (p = line; *p != '\0'; p++)
			tabs += *p == '\t';
		if ((tabs != 4 || strchr(line, '\n') == NULL) && !E->bad[0])
			snprintf(E->bad, sizeof(E->bad),
			    "%.4000s:%d: not a row of five tab-separated "
			    "fields "
			    "(set, workload, variants, arguments, purpose)",
			    path, lineno);
		if (E->n == RP_EXPERIMENTS_MAX)
			continue;
		/* The first five tab-separated fields; a line with more
		 * (flagged above) keeps its first five. */
		line[strcspn(line, "\r\n")] = '\0';
		for (k = 0, p = line; k < 5 && p != NULL; k++)
			snprintf(to[k], size[k], "%s", strsep(&p, "\t"));
		E->n += k == 5 && strcmp(e->set, "set") != 0;
	}
	fclose(f);
	return 0;
}

rp_experiments_t *
rp_experiments_load(const char *data_dir)
{
	rp_experiments_t *E = calloc(1, sizeof(*E));
	char path[4200];

	if (E == NULL)
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", data_dir, RP_EXPERIMENTS_FILE);
	if (experiments_read(E, path) == 0)
		E->filled = 1;
	else if (experiments_read(E, RP_EXPERIMENTS_FALLBACK) != 0) {
		free(E);
		return NULL;
	}
	return E;
}

/* Whether the comma-separated list names v. */
static int
list_names(const char *list, const char *v)
{
	size_t n = strlen(v);

	for (const char *p = list; *p != '\0';) {
		size_t k = strcspn(p, ",");
		if (k == n && strncmp(p, v, n) == 0)
			return 1;
		p += k + (p[k] == ',');
	}
	return 0;
}

int
rp_experiments_has_variant(const rp_experiment_t *e, const char *variant)
{
	static const char except[] = "all-except ";

	if (variant == NULL || strcmp(e->variants, "all") == 0)
		return 1;
	if (strncmp(e->variants, except, sizeof(except) - 1) == 0)
		return !list_names(e->variants + sizeof(except) - 1, variant);
	return list_names(e->variants, variant);
}

const rp_experiment_t *
rp_experiments_find(
    const rp_experiments_t *E, const char *pattern, const char *variant)
{
	for (size_t i = 0; E != NULL && pattern != NULL && i < E->n; i++)
		/* Either of them may be a prefix ending in '*'. */
		if ((rp_data_set_matches(pattern, E->rows[i].set) ||
			rp_data_set_matches(E->rows[i].set, pattern)) &&
		    rp_experiments_has_variant(&E->rows[i], variant))
			return &E->rows[i];
	return NULL;
}

const char *
rp_experiments_command(const rp_experiment_t *e, char *buf, size_t len)
{
	static const char glibc[] = "ALLOC=glibc ";
	const char *args = e->arguments, *prog = "build/jemalloc/harness";
	const char *rest;
	const char *w = e->workload, *v = e->variants, *s = e->set;
	size_t k;

	if (strncmp(args, glibc, sizeof(glibc) - 1) == 0) {
		prog = "build/glibc/harness";
		args += sizeof(glibc) - 1;
	}
	k = strcspn(args, " ");
	rest = args + k;
	if (k == 5 && strncmp(args, "sweep", k) == 0)
		snprintf(buf, len,
		    "%s sweep --workload %s --variants %s%s --out %s", prog, w,
		    v, rest, s);
	else if (k == 3 && strncmp(args, "run", k) == 0)
		snprintf(buf, len,
		    "%s run %s V%s --json %s/%s-V.json, for each V of %s", prog,
		    w, rest, s, w, v);
	else if (k == 8 && strncmp(args, "ceilings", k) == 0)
		snprintf(buf, len, "%s ceilings%s > %s.json", prog, rest, s);
	else if (k == 8 && strncmp(args, "overhead", k) == 0)
		snprintf(buf, len, "%s overhead %s %s%s --json %s.json", prog,
		    w, v, rest, s);
	else if (k == 12 && strncmp(args, "jax-sweep.sh", k) == 0)
		snprintf(
		    buf, len, "sh reports/jax-sweep.sh full|quick DATA_DIR");
	else
		snprintf(buf, len, "%s %s", prog, args);
	return buf;
}

int
rp_experiments_present(const char *dir, const char *set)
{
	size_t n = strlen(set);
	char path[4400];
	struct stat st;
	DIR *d;
	struct dirent *e;
	int found = 0;

	if (n == 0 || set[n - 1] != '*') {
		static const char *const ext[] = {".jsonl", ".json", ""};
		for (int i = 0; i < 3; i++) {
			snprintf(
			    path, sizeof(path), "%s/%s%s", dir, set, ext[i]);
			if (stat(path, &st) == 0)
				return 1;
		}
		return 0;
	}
	if ((d = opendir(dir)) == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL)
		found = strncmp(e->d_name, set, n - 1) == 0;
	closedir(d);
	return found;
}
