/*
 * hx_fields: the table of result fields and the writers made from it. See
 * hx_fields.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_fields.h"
#include "hx_format.h"
#include "hx_result.h"

#define HX_FIELD_ROW(id, path, csv, gbench, summary, unit, kind)               \
	[HX_F_##id] = {path, csv, gbench, summary, unit, kind},
const hx_field_t hx_fields[HX_F_COUNT] = {HX_FIELDS(HX_FIELD_ROW)};
#undef HX_FIELD_ROW

json_t *
hx_field_get(const json_t *r, hx_field_id_t id)
{
	return id < HX_F_COUNT ? hx_result_at(r, hx_fields[id].path) : NULL;
}

double
hx_field_number(const json_t *r, hx_field_id_t id)
{
	const json_t *v = hx_field_get(r, id);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

const char *
hx_field_string(const json_t *r, hx_field_id_t id)
{
	return json_string_value(hx_field_get(r, id));
}

void
hx_field_csv_header(FILE *f)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		if (hx_fields[i].csv != NULL)
			fprintf(f, "%s,", hx_fields[i].csv);
	}
}

void
hx_field_csv_row(FILE *f, const json_t *r)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		double v;
		if (hx_fields[i].csv == NULL)
			continue;
		v = hx_field_number(r, (hx_field_id_t)i);
		if (!isnan(v))
			fprintf(f, "%.10g", v);
		fputc(',', f);
	}
}

void
hx_field_gbench_counters(const json_t *r, json_t *e)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		json_t *v;
		if (hx_fields[i].gbench == NULL)
			continue;
		v = hx_field_get(r, (hx_field_id_t)i);
		if (json_is_number(v))
			json_object_set(e, hx_fields[i].gbench, v);
	}
}

void
hx_field_summary_tail(FILE *f, const json_t *r)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		const hx_field_t *d = &hx_fields[i];
		char buf[HX_FORMAT_LEN];
		double v;
		if (d->summary == NULL ||
		    isnan(v = hx_field_number(r, (hx_field_id_t)i)))
			continue;
		if (strcmp(d->unit, "s") == 0)
			hx_format_time(buf, sizeof(buf), v);
		else if (strcmp(d->unit, "bytes") == 0)
			hx_format_bytes(buf, sizeof(buf), v);
		else
			hx_format_count(buf, sizeof(buf), v, NULL);
		fprintf(f, "; %s %s", d->summary, buf);
	}
}

int
hx_field_set(json_t *r, hx_field_id_t id, json_t *v)
{
	const char *path = id < HX_F_COUNT ? hx_fields[id].path : NULL;
	const char *dot;
	char key[128];

	while (path != NULL && r != NULL && (dot = strchr(path, '.')) != NULL) {
		size_t len = (size_t)(dot - path);
		json_t *sub;
		if (len >= sizeof(key))
			break;
		memcpy(key, path, len);
		key[len] = '\0';
		if ((sub = json_object_get(r, key)) == NULL) {
			sub = json_object();
			json_object_set_new(r, key, sub);
		}
		r = json_is_object(sub) ? sub : NULL;
		path = dot + 1;
	}
	if (path == NULL || r == NULL || strchr(path, '.') != NULL) {
		json_decref(v);
		return -1;
	}
	return json_object_set_new(r, path, v);
}

void
hx_field_gbench_take(const json_t *e, json_t *r)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		json_t *v;
		if (hx_fields[i].gbench == NULL)
			continue;
		v = json_object_get(e, hx_fields[i].gbench);
		if (json_is_number(v))
			hx_field_set(r, (hx_field_id_t)i, json_incref(v));
	}
}
