/*
 * hx_result: printing and writing result objects.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_fields.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_record.h"
#include "hx_result.h"

/* Every input is parsed with duplicate keys refused: {"a":1,"a":2} has no
 * one meaning, and jansson would keep the last silently. */
#define RESULT_JSON_FLAGS JSON_REJECT_DUPLICATES
/* The most a result file may hold (a sweep's JSON lines are a few MiB). */
#define RESULT_READ_MAX (1 << 30)

/* A string field, or "?" when missing (never NULL into printf). */
static const char *
str_or(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "?";
}

const char *
hx_result_status(const json_t *r)
{
	const char *s = json_string_value(json_object_get(r, HX_PATH(STATUS)));
	return s != NULL ? s : "failed";
}

/* Member key of object o, or element key of array o when key is digits. */
static json_t *
result_member(const json_t *o, const char *key)
{
	if (json_is_array(o) && key[0] != '\0' &&
	    strspn(key, "0123456789") == strlen(key))
		return json_array_get(o, (size_t)strtoul(key, NULL, 10));
	return json_object_get(o, key);
}

json_t *
hx_result_at(const json_t *r, const char *path)
{
	char key[128];
	const char *dot;

	while (r != NULL && (dot = strchr(path, '.')) != NULL) {
		size_t len = (size_t)(dot - path);
		if (len >= sizeof(key))
			return NULL;
		memcpy(key, path, len);
		key[len] = '\0';
		r = result_member(r, key);
		path = dot + 1;
	}
	return r != NULL ? result_member(r, path) : NULL;
}

double
hx_result_number(const json_t *r, const char *path)
{
	const json_t *o = hx_result_at(r, path);

	return json_is_number(o) ? json_number_value(o) : NAN;
}

/* "; simulated misses per pair: D1 0.52, LL 0.01" when r carries
 * --cachesim's figures. */
static void
print_cachesim(FILE *f, const json_t *r)
{
	double d1 = hx_field_number(r, HX_F_SIM_D1_PER_UNIT);
	double ll = hx_field_number(r, HX_F_SIM_LL_PER_UNIT);
	char a[HX_FORMAT_LEN], b[HX_FORMAT_LEN];

	if (isnan(d1) || isnan(ll))
		return;
	fprintf(f, "; simulated misses per %s: D1 %s, LL %s",
	    hx_field_string(r, HX_F_WORK_UNIT) ?: "?",
	    hx_format_count(a, sizeof(a), d1, NULL),
	    hx_format_count(b, sizeof(b), ll, NULL));
}

/* With --cachesim: "; simulated 8.07 instructions/pair, 3.31x the
 * minimum 2.44" (the minimum when the variant counts its flops). */
static void
print_insn(FILE *f, const json_t *r)
{
	const json_t *per = hx_field_get(r, HX_F_SIM_INSN_PER_UNIT);
	const json_t *min = hx_field_get(r, HX_F_SIM_INSN_MIN_PER_UNIT);
	const char *unit = hx_field_string(r, HX_F_WORK_UNIT);

	if (!json_is_number(per))
		return;
	fprintf(f, "; simulated %.3g instructions/%s", json_number_value(per),
	    unit != NULL ? unit : "unit");
	if (json_is_number(min) && json_number_value(min) > 0)
		fprintf(f, ", %.2fx the minimum %.3g",
		    json_number_value(per) / json_number_value(min),
		    json_number_value(min));
}

void
hx_result_print_median(FILE *f, const json_t *r)
{
	double ci_lo = hx_field_number(r, HX_F_TIME_CI_LO);
	double ci_hi = hx_field_number(r, HX_F_TIME_CI_HI);
	char med[32], lo[32], hi[32];

	hx_format_time(med, sizeof(med), hx_field_number(r, HX_F_TIME_MEDIAN));
	fprintf(f, "median %s", med);
	/* One timed run: its "interval" is that run twice, no interval. */
	if (hx_field_number(r, HX_F_TIME_REPEATS) == 1) {
		fprintf(f, " (one timed run: no interval)");
	} else if (!isnan(ci_lo) && !isnan(ci_hi)) {
		hx_format_time(lo, sizeof(lo), ci_lo);
		hx_format_time(hi, sizeof(hi), ci_hi);
		fprintf(f, " [%s, %s]", lo, hi);
	}
}

void
hx_result_print_line(FILE *f, const json_t *r)
{
	const char *status = hx_result_status(r);
	char cold[32], ws[32], model[48], rss[32];
	char faults[32], cold_faults[32];
	const workload_t *w =
	    hx_plugin_find_workload(str_or(r, HX_PATH(WORKLOAD)));

	fprintf(f, "%s/%s", str_or(r, HX_PATH(WORKLOAD)),
	    str_or(r, HX_PATH(VARIANT)));
	if (w != NULL)
		hx_params_label_changed(f, w, json_object_get(r, "params"));
	else
		fprintf(f, " n=%.0f", hx_result_number(r, "params.n"));
	if (strcmp(status, "ok") != 0) {
		fprintf(f, ": %s: %s\n", status, str_or(r, HX_PATH(REASON)));
		return;
	}
	hx_format_time(cold, sizeof(cold), hx_field_number(r, HX_F_TIME_COLD));
	hx_format_bytes(
	    ws, sizeof(ws), hx_field_number(r, HX_F_PEAK_WORKSPACE));
	/* A variant without a model (a plugin's) has no model_bytes. */
	if (hx_field_get(r, HX_F_MODEL_BYTES) == NULL) {
		snprintf(model, sizeof(model), "no model");
	} else {
		memcpy(model, "model ", 7);
		hx_format_bytes(model + 6, sizeof(model) - 6,
		    hx_field_number(r, HX_F_MODEL_BYTES));
	}
	hx_format_bytes(rss, sizeof(rss), hx_field_number(r, HX_F_PEAK_RSS));
	fprintf(f, ": ");
	hx_result_print_median(f, r);
	hx_format_count(faults, sizeof(faults),
	    hx_field_number(r, HX_F_MINOR_FAULTS), NULL);
	hx_format_count(cold_faults, sizeof(cold_faults),
	    hx_field_number(r, HX_F_COLD_MINOR_FAULTS), NULL);
	fprintf(f,
	    ", cold %s; workspace %s (%s); rss hwm %s; "
	    "page faults %s a run (cold %s); %s",
	    cold, ws, model, rss, faults, cold_faults,
	    json_is_true(hx_field_get(r, HX_F_VALIDATION_OK))
		? "matches the float64 reference"
		: "not validated");
	print_cachesim(f, r);
	print_insn(f, r);
	hx_field_summary_tail(f, r);
	fputc('\n', f);
}

void
hx_result_print_warnings(FILE *f, const json_t *r)
{
	const json_t *e;
	size_t i;

	/* The line they belong under is on stdout: out first, so that a pipe
	 * or file holding both shows them in order (a lost write stays in
	 * stdout's error flag for hx_file_close_stdout). */
	if (f != stdout)
		hx_file_flush_stdout();
	json_array_foreach(json_object_get(r, "warnings"), i, e)
	{
		if (json_is_string(e))
			fprintf(f, "  warning: %s\n", json_string_value(e));
	}
}

static int
json_writer(FILE *f, void *arg)
{
	if (json_dumpf((const json_t *)arg, f, JSON_INDENT(2)) != 0)
		return -1;
	return fputc('\n', f) == EOF ? -1 : 0;
}

int
hx_result_write(const char *path, const json_t *r, char *msg, size_t msglen)
{
	return hx_file_write_atomic(path, json_writer, (void *)r, msg, msglen);
}

/* Opens path for reading without waiting: a FIFO with no writer reads
 * as empty (an end of file now), never as a wait that lasts until one
 * comes. A folder, a device or a socket is refused. fd, or -1 with msg. */
static int
result_open(const char *path, char *msg, size_t msglen)
{
	struct stat st;
	int fd, fl;

	/* A folder read as a file gave "no result in the file", and a device
	 * such as /dev/zero one line without end, read until memory ran
	 * out: only a file or a pipe holds results. */
	if (stat(path, &st) == 0 &&
	    (S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode) ||
		S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))) {
		snprintf(msg, msglen, "%s: %s, not a file of results", path,
		    S_ISDIR(st.st_mode)        ? "a directory"
			: S_ISSOCK(st.st_mode) ? "a socket"
					       : "a device");
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		snprintf(
		    msg, msglen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

char *
hx_result_slurp(const char *path, size_t *len, char *msg, size_t msglen)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1), *more;
	ssize_t got;
	int fd;

	if (buf == NULL) {
		snprintf(msg, msglen, "%s: out of memory", path);
		return NULL;
	}
	if ((fd = result_open(path, msg, msglen)) < 0) {
		free(buf);
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			if (cap >= RESULT_READ_MAX ||
			    (more = realloc(buf, 2 * cap + 1)) == NULL) {
				snprintf(msg, msglen,
				    "%s: more than %d MiB, not a file of "
				    "results",
				    path, RESULT_READ_MAX >> 20);
				goto label_error;
			}
			buf = more;
			cap *= 2;
		}
		if ((got = read(fd, buf + n, cap - n)) < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(msg, msglen, "%s: cannot read: %s", path,
			    strerror(errno));
			goto label_error;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
label_error:
	close(fd);
	free(buf);
	return NULL;
}

json_t *
hx_result_parse_json(
    const char *path, const char *buf, size_t len, char *msg, size_t msglen)
{
	json_error_t err;
	json_t *o = json_loadb(buf, len, RESULT_JSON_FLAGS, &err);

	if (o == NULL)
		snprintf(msg, msglen, "%s:%d: not JSON (%s)", path, err.line,
		    err.text);
	return o;
}

json_t *
hx_result_load_json(const char *path, char *msg, size_t msglen)
{
	size_t len;
	char *buf = hx_result_slurp(path, &len, msg, msglen);
	json_t *o;

	if (buf == NULL)
		return NULL;
	o = hx_result_parse_json(path, buf, len, msg, msglen);
	free(buf);
	return o;
}

/* Whether v has the type kind k asks for; null stands for what could not
 * be had (a number not measured, a governor the machine does not show).
 * workload, variant and status are checked apart: never null. */
static int
result_kind_ok(const json_t *v, hx_field_kind_t k)
{
	switch (k) {
	case HX_FIELD_STRING:
		return json_is_string(v) || json_is_null(v);
	case HX_FIELD_BOOL:
		return json_is_boolean(v) || json_is_null(v);
	case HX_FIELD_INT:
	case HX_FIELD_BYTES:
	case HX_FIELD_REAL:
		return json_is_number(v) || json_is_null(v);
	case HX_FIELD_ARRAY:
		return json_is_array(v) || json_is_null(v);
	}
	return 0;
}

int
hx_result_check(const json_t *r, char *msg, size_t msglen)
{
	const json_t *v = json_object_get(r, "schema_version");
	const char *status;

	if (!json_is_object(r)) {
		snprintf(msg, msglen, "not a result object");
		return -1;
	}
	if (!json_is_string(json_object_get(r, "workload")) ||
	    !json_is_string(json_object_get(r, "variant"))) {
		snprintf(msg, msglen,
		    "not a result object (no workload and variant)");
		return -1;
	}
	/* A result of another schema is refused, never read as this one's
	 * (a field may mean something else there). Results without the
	 * field (Google Benchmark's, converted) are read. */
	if (v != NULL &&
	    (!json_is_integer(v) ||
		json_integer_value(v) != HX_SCHEMA_VERSION)) {
		char *t = json_dumps(v, JSON_ENCODE_ANY);
		snprintf(msg, msglen,
		    "schema_version %.40s: this harness reads version %d "
		    "(docs/result-schema.md); measure again with this harness",
		    t != NULL ? t : "?", HX_SCHEMA_VERSION);
		free(t);
		return -1;
	}
	for (int i = 0; i < HX_F_COUNT; i++) {
		const json_t *x = hx_result_at(r, hx_fields[i].path);
		if (x == NULL || result_kind_ok(x, hx_fields[i].kind))
			continue;
		snprintf(msg, msglen, "%s is not %s", hx_fields[i].path,
		    hx_fields[i].kind == HX_FIELD_STRING      ? "a string"
			: hx_fields[i].kind == HX_FIELD_BOOL  ? "true or false"
			: hx_fields[i].kind == HX_FIELD_ARRAY ? "an array"
							      : "a number");
		return -1;
	}
	status = json_string_value(json_object_get(r, "status"));
	if (json_object_get(r, "status") != NULL &&
	    (status == NULL ||
		(strcmp(status, "ok") != 0 && strcmp(status, "skipped") != 0 &&
		    strcmp(status, "failed") != 0))) {
		snprintf(msg, msglen,
		    "status is not \"ok\", \"skipped\" or \"failed\"");
		return -1;
	}
	if ((v = json_object_get(r, "params")) != NULL && !json_is_object(v)) {
		snprintf(msg, msglen, "params is not an object");
		return -1;
	}
	if (status != NULL && strcmp(status, "ok") == 0 &&
	    json_is_null(hx_result_at(r, "time_s.median"))) {
		snprintf(msg, msglen, "status ok with a null time_s.median");
		return -1;
	}
	return 0;
}

/* JSON lines: one object a line (blank lines skipped) into arr, each
 * line's number into lines[] (cap entries; past it, 0). 0, or -1 with msg
 * naming the line. */
static int
result_lines(const char *path, char *buf, json_t *arr, int *lines, size_t cap,
    char *msg, size_t msglen)
{
	json_error_t err;
	int lineno = 0;

	for (char *p = buf, *end; p != NULL && *p != '\0'; p = end) {
		json_t *r;
		if ((end = strchr(p, '\n')) != NULL)
			*end++ = '\0';
		lineno++;
		if (p[strspn(p, " \t\r")] == '\0')
			continue;
		if ((r = json_loads(p, RESULT_JSON_FLAGS, &err)) == NULL) {
			snprintf(msg, msglen, "%s:%d: not JSON (%s)", path,
			    lineno, err.text);
			return -1;
		}
		if (json_array_size(arr) < cap)
			lines[json_array_size(arr)] = lineno;
		json_array_append_new(arr, r);
	}
	return 0;
}

json_t *
hx_result_parse(
    const char *path, char *buf, size_t len, char *msg, size_t msglen)
{
	int lines[4096];
	json_error_t err;
	json_t *all, *arr = NULL;
	/* The first line that is not blank, and its number. */
	const char *start = buf + strspn(buf, " \t\r\n");
	size_t first = strcspn(start, "\n"), i;
	int first_line = 1;
	char inner[300];

	memset(lines, 0, sizeof(lines));
	/* The whole text first: one (indented) object or an array. */
	all = json_loadb(buf, len, RESULT_JSON_FLAGS, &err);
	if (all != NULL) {
		if (json_is_object(all)) {
			arr = json_array();
			json_array_append_new(arr, all);
		} else if (json_is_array(all)) {
			arr = all;
		} else {
			json_decref(all);
			snprintf(msg, msglen, "%s: not a result object", path);
			return NULL;
		}
		goto label_check;
	}
	/* Not JSON as a whole, and its first line is not a whole object
	 * either: an indented object or array with an error, reported on
	 * the line where it is (not line 1, where JSON lines would fail). */
	for (const char *c = buf; c < start; c++)
		first_line += *c == '\n';
	all = json_loadb(start, first, RESULT_JSON_FLAGS, NULL);
	json_decref(all);
	if (all == NULL && err.line > first_line) {
		snprintf(msg, msglen, "%s:%d: not JSON (%s)", path, err.line,
		    err.text);
		return NULL;
	}
	arr = json_array();
	if (arr == NULL ||
	    result_lines(path, buf, arr, lines,
		sizeof(lines) / sizeof(lines[0]), msg, msglen) != 0) {
		json_decref(arr);
		return NULL;
	}
label_check:
	if (arr == NULL || json_array_size(arr) == 0) {
		snprintf(msg, msglen, "%s: no result in the file", path);
		json_decref(arr);
		return NULL;
	}
	for (i = 0; i < json_array_size(arr); i++) {
		if (hx_result_check(
			json_array_get(arr, i), inner, sizeof(inner)) == 0)
			continue;
		if (i < sizeof(lines) / sizeof(lines[0]) && lines[i] > 0)
			snprintf(
			    msg, msglen, "%s:%d: %s", path, lines[i], inner);
		else
			snprintf(msg, msglen, "%s: entry %zu: %s", path, i + 1,
			    inner);
		json_decref(arr);
		return NULL;
	}
	return arr;
}

json_t *
hx_result_read(const char *path, char *msg, size_t msglen)
{
	size_t len;
	char *buf = hx_result_slurp(path, &len, msg, msglen);
	json_t *arr;

	if (buf == NULL)
		return NULL;
	arr = hx_result_parse(path, buf, len, msg, msglen);
	free(buf);
	return arr;
}
