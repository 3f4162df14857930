/*
 * hx_result: printing and writing result objects.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hx_file.h"
#include "hx_format.h"
#include "hx_result.h"

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
	const char *s = json_string_value(json_object_get(r, "status"));
	return s != NULL ? s : "failed";
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
		r = json_object_get(r, key);
		path = dot + 1;
	}
	return r != NULL ? json_object_get(r, path) : NULL;
}

double
hx_result_number(const json_t *r, const char *path)
{
	const json_t *o = hx_result_at(r, path);

	return json_is_number(o) ? json_number_value(o) : NAN;
}

/* With --cachesim: "; simulated 8.07 instructions/pair, 3.31x the
 * minimum 2.44" (the minimum when the variant counts its flops). */
static void
print_insn(FILE *f, const json_t *r)
{
	const json_t *per = hx_result_at(r, "cachesim.instructions_per_unit");
	const json_t *min =
	    hx_result_at(r, "cachesim.instructions_min_per_unit");
	const char *unit = json_string_value(hx_result_at(r, "work.unit"));

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
hx_result_print_line(FILE *f, const json_t *r)
{
	const char *status = hx_result_status(r);
	const json_t *ci =
	    json_object_get(json_object_get(r, "time_s"), "ci95");
	char med[32], lo[32], hi[32], cold[32], ws[32], model[32], rss[32];

	fprintf(f, "%s/%s n=%.0f", str_or(r, "workload"), str_or(r, "variant"),
	    hx_result_number(r, "params.n"));
	if (strcmp(status, "ok") != 0) {
		fprintf(f, ": %s: %s\n", status, str_or(r, "reason"));
		return;
	}
	hx_format_time(med, sizeof(med), hx_result_number(r, "time_s.median"));
	hx_format_time(cold, sizeof(cold), hx_result_number(r, "time_s.cold"));
	hx_format_bytes(
	    ws, sizeof(ws), hx_result_number(r, "memory.peak_workspace_bytes"));
	hx_format_bytes(
	    model, sizeof(model), hx_result_number(r, "memory.model_bytes"));
	hx_format_bytes(
	    rss, sizeof(rss), hx_result_number(r, "memory.peak_rss_bytes"));
	fprintf(f, ": median %s", med);
	if (json_array_size(ci) == 2) {
		hx_format_time(
		    lo, sizeof(lo), json_number_value(json_array_get(ci, 0)));
		hx_format_time(
		    hi, sizeof(hi), json_number_value(json_array_get(ci, 1)));
		fprintf(f, " [%s, %s]", lo, hi);
	}
	fprintf(f,
	    ", cold %s; workspace %s (model %s); rss hwm %s; "
	    "faults %.0f (cold %.0f); %s",
	    cold, ws, model, rss, hx_result_number(r, "memory.minor_faults"),
	    hx_result_number(r, "memory.cold_minor_faults"),
	    json_is_true(
		json_object_get(json_object_get(r, "validation"), "ok"))
		? "matches the float64 reference"
		: "not validated");
	print_insn(f, r);
	fputc('\n', f);
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

static int
is_result(const json_t *r)
{
	return json_is_object(r) &&
	    json_is_string(json_object_get(r, "workload")) &&
	    json_is_string(json_object_get(r, "variant"));
}

json_t *
hx_result_read(const char *path, char *msg, size_t msglen)
{
	json_error_t err;
	json_t *all, *arr = NULL;
	FILE *f;
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t len;
	int lineno = 0;

	/* The whole file first: one (indented) object or an array. */
	all = json_load_file(path, 0, &err);
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
	if ((f = fopen(path, "r")) == NULL) {
		snprintf(msg, msglen, "%s: cannot read: %s", path, err.text);
		return NULL;
	}
	arr = json_array();
	while ((len = getline(&line, &cap, f)) > 0) {
		json_t *r;
		lineno++;
		if (strspn(line, " \t\r\n") == (size_t)len)
			continue;
		if ((r = json_loads(line, 0, &err)) == NULL) {
			snprintf(msg, msglen, "%s:%d: not JSON (%s)", path,
			    lineno, err.text);
			free(line);
			fclose(f);
			json_decref(arr);
			return NULL;
		}
		json_array_append_new(arr, r);
	}
	free(line);
	fclose(f);
label_check:
	if (arr == NULL || json_array_size(arr) == 0) {
		snprintf(msg, msglen, "%s: no result in the file", path);
		json_decref(arr);
		return NULL;
	}
	for (i = 0; i < json_array_size(arr); i++) {
		if (!is_result(json_array_get(arr, i))) {
			snprintf(msg, msglen,
			    "%s: entry %zu is not a result object (no workload "
			    "and variant)",
			    path, i + 1);
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}
