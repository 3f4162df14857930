/*
 * hx_result: printing and writing result objects.
 */
#include <math.h>
#include <string.h>

#include "hx_file.h"
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

double
hx_result_number(const json_t *r, const char *path)
{
	char key[128];
	const char *p = path, *dot;
	const json_t *o = r;

	while (o != NULL && (dot = strchr(p, '.')) != NULL) {
		size_t len = (size_t)(dot - p);
		if (len >= sizeof(key))
			return NAN;
		memcpy(key, p, len);
		key[len] = '\0';
		o = json_object_get(o, key);
		p = dot + 1;
	}
	o = o != NULL ? json_object_get(o, p) : NULL;
	return json_is_number(o) ? json_number_value(o) : NAN;
}

/* Bytes for people: 1.34 GB. */
static void
human_bytes(char *buf, size_t len, double b)
{
	if (isnan(b))
		snprintf(buf, len, "n/a");
	else if (b >= 1e9)
		snprintf(buf, len, "%.3g GB", b / 1e9);
	else if (b >= 1e6)
		snprintf(buf, len, "%.3g MB", b / 1e6);
	else if (b >= 1e3)
		snprintf(buf, len, "%.3g kB", b / 1e3);
	else
		snprintf(buf, len, "%.0f B", b);
}

static void
human_time(char *buf, size_t len, double t)
{
	if (isnan(t))
		snprintf(buf, len, "n/a");
	else if (t >= 1.0)
		snprintf(buf, len, "%.3f s", t);
	else if (t >= 1e-3)
		snprintf(buf, len, "%.3f ms", t * 1e3);
	else
		snprintf(buf, len, "%.3f us", t * 1e6);
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
	human_time(med, sizeof(med), hx_result_number(r, "time_s.median"));
	human_time(cold, sizeof(cold), hx_result_number(r, "time_s.cold"));
	human_bytes(
	    ws, sizeof(ws), hx_result_number(r, "memory.peak_workspace_bytes"));
	human_bytes(
	    model, sizeof(model), hx_result_number(r, "memory.model_bytes"));
	human_bytes(
	    rss, sizeof(rss), hx_result_number(r, "memory.peak_rss_bytes"));
	fprintf(f, ": median %s", med);
	if (json_array_size(ci) == 2) {
		human_time(
		    lo, sizeof(lo), json_number_value(json_array_get(ci, 0)));
		human_time(
		    hi, sizeof(hi), json_number_value(json_array_get(ci, 1)));
		fprintf(f, " [%s, %s]", lo, hi);
	}
	fprintf(f,
	    ", cold %s; workspace %s (model %s); rss hwm %s; "
	    "faults %.0f (cold %.0f); %s\n",
	    cold, ws, model, rss, hx_result_number(r, "memory.minor_faults"),
	    hx_result_number(r, "memory.cold_minor_faults"),
	    json_is_true(
		json_object_get(json_object_get(r, "validation"), "ok"))
		? "matches the float64 reference"
		: "not validated");
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
