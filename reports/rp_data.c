/*
 * rp_data: reading DATA_DIR and finding runs by name (see rp_data.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hx_result.h"
#include "hx_stats.h"
#include "rp_data.h"
#include "rp_experiments.h"
#include "rp_workloads.h"
#include "variant.h"

/* Calls each(arg, DIR/NAME) for every NAME in dir that starts with
 * prefix and ends with suffix, in name order (the report runs in the C
 * locale, where alphasort is strcmp), until one fails. 0; -1 when one
 * failed; 1, with errno, when dir cannot be read. */
static int
each_file(const char *dir, const char *prefix, const char *suffix,
    int (*each)(void *arg, const char *path, char *msg, size_t msglen),
    void *arg, char *msg, size_t msglen)
{
	char path[4600];
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), rc = 0;

	if (n < 0)
		return 1;
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t a = strlen(name), b = strlen(suffix);
		if (rc == 0 && a >= b && strcmp(name + a - b, suffix) == 0 &&
		    strncmp(name, prefix, strlen(prefix)) == 0) {
			snprintf(path, sizeof(path), "%s/%s", dir, name);
			rc = each(arg, path, msg, msglen);
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Appends the results of one file: a .jsonl file's runs to D->runs, each
 * with its set (the file's name less ".jsonl"); a cache simulation file's
 * results that have a "cachesim" member to D->cachesim, others skipped. A
 * file that is not a result is refused (its file and line in msg), not
 * skipped: the report would call its figures "not in this data"; so is
 * a set whose file name has 250 characters or more. */
static int
load_results(void *arg, const char *path, char *msg, size_t msglen)
{
	rp_data_t *D = arg;
	const char *name = strrchr(path, '/') + 1;
	size_t len = strlen(name), i;
	int is_set = len >= 6 && strcmp(name + len - 6, ".jsonl") == 0;
	json_t *arr, *r;

	if (is_set && len >= 250) {
		snprintf(msg, msglen,
		    "%s: a set's file name of %zu characters (at most 249)",
		    path, len);
		return -1;
	}
	if ((arr = hx_result_read(path, msg, msglen)) == NULL)
		return -1;
	json_array_foreach(arr, i, r)
	{
		if (is_set) {
			json_object_set_new(r, "_set",
			    json_stringn(name, len - strlen(".jsonl")));
			json_array_append(D->runs, r);
		} else if (json_is_object(json_object_get(r, "cachesim")))
			json_array_append(D->cachesim, r);
	}
	json_decref(arr);
	return 0;
}

/* path as a JSON object, duplicate keys refused, into *arg (a json_t **),
 * or checked and dropped when arg is NULL (an explain or JAX file, checked
 * before a section reads it). A file that is not one (a syntax error, an
 * array) is refused with its file and line: the report prints no verdict
 * from it and does not call it "not determined". 0, or -1 with msg. */
static int
read_object(void *arg, const char *path, char *msg, size_t msglen)
{
	json_t *o = hx_result_load_json(path, msg, msglen);

	if (o != NULL && !json_is_object(o)) {
		snprintf(msg, msglen, "%s:1: not a JSON object", path);
		json_decref(o);
		o = NULL;
	}
	if (arg != NULL)
		*(json_t **)arg = o;
	else
		json_decref(o);
	return o != NULL ? 0 : -1;
}

/* A memory timeline (harness --timeline): its header, then rows of as
 * many numbers. */
static int
check_timeline(void *arg, const char *path, char *msg, size_t msglen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *p, *end;
	size_t cap = 0;
	int lineno = 0, columns = 0, commas, rc = 0;

	if (f == NULL) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\r\n")] = '\0';
		for (commas = 0, p = line; *p != '\0'; p++)
			commas += *p == ',';
		if (++lineno == 1) {
			columns = commas;
			rc = strncmp(line, "t_s,", 4) == 0 ? 0 : -1;
			continue;
		}
		/* Numbers, each but the last ended by a comma. */
		for (p = line;; p = end + 1) {
			strtod(p, &end);
			if (end == p || *end != ',')
				break;
		}
		if (end == p || *end != '\0' || commas != columns)
			rc = -1;
	}
	if (rc != 0)
		snprintf(msg, msglen, "%s:%d: not a memory timeline row (%s)",
		    path, lineno,
		    lineno == 1 ? "its header is t_s,..."
				: "as many numbers as the header's columns");
	free(line);
	fclose(f);
	return rc;
}

/* The objects beside the results: a missing file leaves NULL (the report
 * says the data lacks it), one that is there but corrupt is refused. Then
 * the cache simulations (a missing folder holds none) and the other
 * inputs, each refused when it is there but corrupt, before a section
 * reads it. */
static int
load_others(rp_data_t *D, char *msg, size_t msglen)
{
	static const char *const files[] = {"ceilings.json",
	    "ceilings-after.json", "ceilings-threads.json", "overhead.json"};
	json_t **into[] = {&D->ceilings, &D->ceilings_after,
	    &D->ceilings_threads, &D->overhead};
	char path[4400];
	struct stat st;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", D->dir, files[i]);
		if ((stat(path, &st) == 0 || errno != ENOENT) &&
		    read_object(into[i], path, msg, msglen) != 0)
			return -1;
	}
	snprintf(path, sizeof(path), "%s/cachesim", D->dir);
	if (each_file(path, "", ".json", load_results, D, msg, msglen) < 0)
		return -1;
	D->experiments = rp_experiments_load(D->dir);
	if (D->experiments != NULL && D->experiments->filled &&
	    D->experiments->bad[0] != '\0') {
		snprintf(msg, msglen, "%s", D->experiments->bad);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/timelines", D->dir);
	if (each_file(D->dir, "explain-", ".json", read_object, NULL, msg,
		msglen) < 0 ||
	    each_file(D->dir, "jax-", ".json", read_object, NULL, msg, msglen) <
		0 ||
	    each_file(path, "", ".csv", check_timeline, NULL, msg, msglen) < 0)
		return -1;
	return 0;
}

int
rp_data_load(rp_data_t *D, const char *dir, char *msg, size_t msglen)
{
	int rc;

	memset(D, 0, sizeof(*D));
	D->dir = dir;
	D->runs = json_array();
	D->cachesim = json_array();
	rc = each_file(dir, "", ".jsonl", load_results, D, msg, msglen);
	if (rc > 0)
		snprintf(msg, msglen, "%s: %s", dir, strerror(errno));
	else if (rc == 0 && json_array_size(D->runs) == 0)
		snprintf(msg, msglen, "%s: no *.jsonl result files", dir);
	if (rc != 0 || json_array_size(D->runs) == 0 ||
	    load_others(D, msg, msglen) != 0) {
		rp_data_free(D);
		return -1;
	}
	return 0;
}

void
rp_data_free(rp_data_t *D)
{
	json_decref(D->runs);
	json_decref(D->cachesim);
	json_decref(D->ceilings);
	json_decref(D->ceilings_after);
	json_decref(D->ceilings_threads);
	json_decref(D->overhead);
	free(D->experiments);
	memset(D, 0, sizeof(*D));
}

#define RP_FIELD_HX_PATH(id, path, csv, gbench, summary, unit, kind) path,
#define RP_FIELD_OWN_PATH(id, path) path,
static const char *const field_paths[RP_F_COUNT] = {
    NULL, HX_FIELDS(RP_FIELD_HX_PATH) RP_FIELDS(RP_FIELD_OWN_PATH)};
#undef RP_FIELD_HX_PATH
#undef RP_FIELD_OWN_PATH
_Static_assert((int)RP_F_TIME_MEDIAN == (int)HX_F_TIME_MEDIAN + 1 &&
	(int)RP_F_N == (int)HX_F_COUNT + 1,
    "the harness's fields come after RP_F_NONE, in its order");

const char *
rp_field_path(rp_field_t id)
{
	return (unsigned)id < RP_F_COUNT ? field_paths[id] : NULL;
}

double
rp_field(const json_t *r, rp_field_t id)
{
	return rp_num(r, rp_field_path(id));
}

json_t *
rp_field_json(const json_t *r, rp_field_t id)
{
	const char *path = rp_field_path(id);

	return path == NULL ? NULL : hx_result_at(r, path);
}

/* A run's timed samples into out (at most max), as rp_data_speedup reads
 * them. How many; 0 when r is NULL or has none. */
static size_t
rp_data_samples(const json_t *r, double *out, size_t max)
{
	const json_t *a = rp_field_json(r, RP_F_STEPS_SAMPLES);
	size_t i, n = 0;
	json_t *e;

	if (!json_is_array(a))
		a = rp_field_json(r, RP_F_TIME_SAMPLES);
	json_array_foreach(a, i, e)
	{
		if (n < max && json_is_number(e))
			out[n++] = json_number_value(e);
	}
	return n;
}

/* The most samples of a run rp_data_speedup reads. */
#define SAMPLES_MAX 256

double
rp_data_claim(
    int yes, double hi, double margin, size_t na, size_t nb, double level)
{
	/* 2 samples a side never decide: their interval is no 95% one. */
	if (yes)
		return 1.0;
	return hi <= 1.0 + margin && hx_stats_mwu_min_p(na, nb) < 1.0 - level
	    ? 0.0
	    : NAN;
}

rp_speedup_t
rp_data_speedup(const json_t *a, const json_t *b, double margin, double level)
{
	double sa[SAMPLES_MAX], sb[SAMPLES_MAX];
	size_t na = rp_data_samples(a, sa, SAMPLES_MAX),
	       nb = rp_data_samples(b, sb, SAMPLES_MAX);
	rp_speedup_t s = {NAN, NAN, NAN, NAN, na < nb ? na : nb};
	hx_verdict_t v;

	if (hx_stats_verdict(sa, na, sb, nb, margin, level, &v) != 0)
		return s;
	/* v's ratio is median(b) / median(a): its inverse is the speed-up. */
	s.lo = 1.0 / v.hi;
	s.hi = 1.0 / v.lo;
	s.faster = rp_data_claim(
	    v.word == HX_VERDICT_SECOND, s.hi, margin, na, nb, level);
	s.spread = fmax(v.spread[0], v.spread[1]);
	return s;
}

const char *
rp_field_str(const json_t *r, rp_field_t id)
{
	const char *s = json_string_value(rp_field_json(r, id));

	return s != NULL ? s : "";
}

const char *
rp_str_or_null(const json_t *o, const char *path)
{
	const char *s = json_string_value(hx_result_at(o, path));

	return s != NULL && s[0] ? s : NULL;
}

double
rp_num(const json_t *r, const char *path)
{
	return r == NULL || path == NULL ? NAN : hx_result_number(r, path);
}

const char *
rp_str(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "";
}

int
rp_is_glibc(const json_t *r)
{
	return strncmp(rp_field_str(r, RP_F_MACHINE_ALLOCATOR), "glibc", 5) ==
	    0;
}

int
rp_data_set_matches(const char *pattern, const char *set)
{
	return pattern == NULL || fnmatch(pattern, set, 0) == 0;
}

int
rp_data_threads(const json_t *r)
{
	double t = rp_field(r, RP_F_THREADS);

	/* NAN (absent) compares false. */
	return t >= 1 && t <= INT_MAX ? (int)t : 1;
}

/* Whether a run matches q. */
static int
run_matches(const json_t *r, const rp_query_t *q)
{
	return rp_data_set_matches(q->set, rp_str(r, "_set")) &&
	    (q->workload == NULL ||
		strcmp(rp_field_str(r, RP_F_WORKLOAD), q->workload) == 0) &&
	    (q->variant == NULL ||
		strcmp(rp_field_str(r, RP_F_VARIANT), q->variant) == 0) &&
	    (q->n == 0 || rp_field(r, RP_F_N) == q->n) &&
	    (q->threads == 0 || rp_data_threads(r) == q->threads) &&
	    (q->alloc == RP_ALLOC_ANY ||
		rp_is_glibc(r) == (q->alloc == RP_ALLOC_GLIBC)) &&
	    (q->any_status ||
		strcmp(rp_field_str(r, RP_F_STATUS), "ok") == 0) &&
	    (q->min_repeats == 0 ||
		rp_field(r, RP_F_TIME_REPEATS) >= q->min_repeats);
}

/* The next of runs from *i on that matches q, with *i moved past it. */
static const json_t *
next_match(const json_t *runs, const rp_query_t *q, size_t *i)
{
	while (*i < json_array_size(runs)) {
		const json_t *r = json_array_get(runs, (*i)++);
		if (run_matches(r, q))
			return r;
	}
	return NULL;
}

const json_t *
rp_data_find(const rp_data_t *D, const rp_query_t *q)
{
	return next_match(D->runs, q, &(size_t){0});
}

const json_t *
rp_data_next(const rp_data_t *D, const rp_query_t *q, size_t *i)
{
	return next_match(D->runs, q, i);
}

const json_t *
rp_data_largest(const rp_data_t *D, const rp_query_t *q)
{
	const json_t *best = NULL, *r;

	for (size_t i = 0; (r = rp_data_next(D, q, &i)) != NULL;) {
		double n = rp_field(r, RP_F_N), b = rp_field(best, RP_F_N);
		/* A run without N is smaller than one with it. */
		if (best == NULL || n > b || (isnan(b) && !isnan(n)))
			best = r;
	}
	return best;
}

double
rp_data_max_n(const rp_data_t *D, const char *set, const char *workload)
{
	rp_query_t q = {.set = set, .workload = workload, .any_status = 1};

	return rp_field(rp_data_largest(D, &q), RP_F_N);
}

const json_t *
rp_data_main(const rp_data_t *D, const char *set, const char *workload,
    const char *variant)
{
	rp_query_t q = {.set = set,
	    .workload = workload,
	    .variant = variant,
	    .n = rp_data_max_n(D, set, workload),
	    .alloc = RP_ALLOC_JEMALLOC};

	return isnan(q.n) ? NULL : rp_data_find(D, &q);
}

const json_t *
rp_data_main_run(const rp_data_t *D, const char *workload, const char *variant)
{
	char set[64];

	snprintf(set, sizeof(set), RP_DATA_MAIN_SETS("%s"), workload);
	return rp_data_main(D, set, workload, variant);
}

/* Adds r's variant to out unless it is there, or when q (NULL: any run)
 * finds no run of it. */
static size_t
add_variant(const rp_data_t *D, const rp_query_t *q, const json_t *r,
    const char **out, size_t k, size_t cap)
{
	rp_query_t one = q != NULL ? *q : (rp_query_t){0};

	one.workload = rp_field_str(r, RP_F_WORKLOAD);
	one.variant = rp_field_str(r, RP_F_VARIANT);
	for (size_t j = 0; j < k; j++)
		if (strcmp(out[j], one.variant) == 0)
			return k;
	if (k < cap && (q == NULL || rp_data_find(D, &one) != NULL))
		out[k++] = one.variant;
	return k;
}

size_t
rp_data_variants(const rp_data_t *D, const char *workload, const rp_query_t *q,
    const char **out, size_t cap)
{
	const rp_workload_t *w = rp_workload_find(workload);
	char main_set[128];
	size_t k = 0, i;
	json_t *r;

	snprintf(main_set, sizeof(main_set), RP_DATA_MAIN_SETS("%s"), workload);
	for (int pass = 0; pass < 2; pass++)
		json_array_foreach(D->runs, i, r)
		{
			const char *set = rp_str(r, "_set");
			if (strcmp(rp_field_str(r, RP_F_WORKLOAD), workload) ==
				0 &&
			    !rp_data_set_matches("jax-*", set) &&
			    !rp_workload_jax_set(w, set) &&
			    (pass == 1 || rp_data_set_matches(main_set, set)))
				k = add_variant(D, q, r, out, k, cap);
		}
	return k;
}

size_t
rp_data_runs_by_variant(const rp_data_t *D, const char *set,
    const char *workload, const json_t **out, size_t cap)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(D, workload, NULL, vs, RP_DATA_MAX_VARIANTS);
	size_t k = 0;

	for (size_t i = 0; i < nv; i++)
		for (int a = RP_ALLOC_JEMALLOC; a <= RP_ALLOC_GLIBC; a++) {
			rp_query_t q = {.set = set,
			    .workload = workload,
			    .variant = vs[i],
			    .alloc = (rp_alloc_t)a};
			const json_t *r = rp_data_find(D, &q);
			if (r != NULL && k < cap)
				out[k++] = r;
		}
	return k;
}

const char *
rp_data_alloc_name(const json_t *r)
{
	return rp_is_glibc(r) ? "glibc malloc" : "jemalloc";
}

const char *
rp_data_why_missing(
    const rp_data_t *D, const rp_query_t *q, char *buf, size_t len)
{
	rp_query_t any = *q;
	const json_t *r;
	const char *set = q->set != NULL ? q->set : "";
	int setlen = (int)strcspn(set, "*"); /* a pattern's prefix */
	char cmd[1200];

	any.any_status = 1;
	if ((r = rp_data_find(D, &any)) == NULL) {
		rp_query_t in_set = {.set = q->set, .any_status = 1};
		const struct rp_experiment_s *e =
		    rp_experiments_find(D->experiments, q->set, q->variant);
		size_t k =
		    (size_t)snprintf(buf, len, "no %s/%s run in the %.*s data",
			q->workload ? q->workload : "",
			q->variant ? q->variant : "", setlen, set);
		if (e != NULL && k < len && rp_data_find(D, &in_set) == NULL)
			snprintf(buf + k, len - k,
			    "; made by `%s` in the data folder",
			    rp_experiments_command(e, cmd, sizeof(cmd)));
	} else
		snprintf(buf, len, "%s/%s was %s: %s",
		    rp_field_str(r, RP_F_WORKLOAD),
		    rp_field_str(r, RP_F_VARIANT), rp_field_str(r, RP_F_STATUS),
		    rp_field_str(r, RP_F_REASON));
	return buf;
}

const json_t *
rp_data_cachesim(const rp_data_t *D, const char *workload, const char *variant)
{
	rp_query_t q = {
	    .workload = workload, .variant = variant, .any_status = 1};

	return next_match(D->cachesim, &q, &(size_t){0});
}

double
rp_data_insn_per_unit(const json_t *cs)
{
	double ipu = rp_field(cs, RP_F_SIM_INSN_PER_UNIT);

	return isnan(ipu)
	    ? rp_field(cs, RP_F_SIM_IR) / rp_field(cs, RP_F_WORK_UNITS)
	    : ipu;
}

const char *
rp_data_date(const rp_data_t *D, char *buf, size_t len)
{
	const char *latest = NULL;
	int y, mo, d, h, mi;
	const json_t *sets[2] = {D->runs, D->cachesim};

	for (int s = 0; s < 2; s++) {
		size_t i;
		json_t *r;
		json_array_foreach(sets[s], i, r)
		{
			const char *date = rp_field_str(r, RP_F_DATE);
			/* ISO 8601 in UTC sorts as text. */
			if (date[0] != '\0' &&
			    (latest == NULL || strcmp(date, latest) > 0))
				latest = date;
		}
	}
	if (latest == NULL)
		snprintf(buf, len, "not recorded in the data");
	else if (sscanf(latest, "%4d-%2d-%2dT%2d:%2d", &y, &mo, &d, &h, &mi) ==
	    5)
		snprintf(
		    buf, len, "%04d-%02d-%02d %02d:%02d UTC", y, mo, d, h, mi);
	else
		snprintf(buf, len, "%s", latest);
	return buf;
}

double
rp_data_chunk(const json_t *r)
{
	double b = rp_field(r, RP_F_CHUNK);

	if (b > 0)
		return b;
	return rp_field(r, RP_F_MODEL_BARE_BYTES) /
	    (4.0 * (rp_field(r, RP_F_M) + 1.0));
}

const char *
rp_data_variant_text(
    const rp_data_t *D, const char *w, const char *v, const char *field)
{
	rp_query_t q = {.workload = w, .variant = v, .any_status = 1};
	const json_t *r = rp_data_main_run(D, w, v);
	const char *s = json_string_value(json_object_get(r, field));
	const variant_t *vt;

	for (size_t i = 0; s == NULL && (r = rp_data_next(D, &q, &i)) != NULL;)
		s = json_string_value(json_object_get(r, field));
	if (s != NULL || (vt = variant_find(w, v)) == NULL)
		return s;
	return strcmp(field, "loops") == 0 ? vt->loops
	    : strcmp(field, "notes") == 0  ? vt->notes
					   : NULL;
}
