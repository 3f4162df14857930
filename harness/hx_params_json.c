/*
 * hx_params_json: a workload's parameters as a result's params object, the
 * match of two such objects (--resume, compare), short labels, the CSV
 * columns and the command line that repeats them. The declarations are in
 * hx_params.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_params.h"

/* 1 when a result leaves p out at the value v (HX_PARAM_OMIT_USUAL). */
static int
omitted(const hx_param_t *p, uint64_t v)
{
	return (p->flags & HX_PARAM_OMIT_USUAL) && v == p->label_omit;
}

json_t *
hx_params_json(const workload_t *w, const params_t *params)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t n = hx_params_of(w, all);
	json_t *o = json_object();
	char name[64];

	for (size_t i = 0; o != NULL && i < n; i++) {
		const hx_param_t *p = &all[i];
		uint64_t v = hx_params_get(params, p);
		if (omitted(p, v))
			continue;
		json_object_set_new(o, p->name,
		    p->kind == HX_PARAM_CHOICE ? json_string(hx_params_format(
						     p, v, name, sizeof(name)))
					       : json_integer((json_int_t)v));
	}
	return o;
}

int
hx_params_match_json(
    const json_t *r, const workload_t *w, const params_t *params)
{
	json_t *mine = hx_params_json(w, params);
	int same = mine != NULL &&
	    hx_params_same_json(mine, json_object_get(r, "params"));

	json_decref(mine);
	return same;
}

/* A table parameter's value in a params object, as one comparable figure:
 * the number, or for a choice its name's position; -1 when absent. */
static double
json_value(const json_t *params, const hx_param_t *p)
{
	const json_t *x = json_object_get(params, p->name);

	if (x == NULL && (p->flags & HX_PARAM_OMIT_USUAL))
		return (double)p->label_omit;
	if (x == NULL)
		return -1.0;
	if (json_is_number(x))
		return json_number_value(x);
	if (json_is_string(x) && p->kind == HX_PARAM_CHOICE) {
		for (size_t i = 0; p->choices[i] != NULL; i++) {
			if (strcmp(p->choices[i], json_string_value(x)) == 0)
				return (double)i;
		}
	}
	return NAN; /* unequal to everything */
}

/* Every key of a outside the table (a workload's own: a count is a JSON
 * integer, a choice its name) is in b with an equal value. */
static int
same_extra(const json_t *a, const json_t *b)
{
	const char *key;
	json_t *x;

	json_object_foreach((json_t *)a, key, x)
	{
		if (hx_params_find(key) == NULL &&
		    !json_equal(x, json_object_get(b, key)))
			return 0;
	}
	return 1;
}

int
hx_params_same_json(const json_t *a, const json_t *b)
{
	for (size_t i = 0; i < hx_params_count; i++) {
		if (json_value(a, &hx_params[i]) !=
		    json_value(b, &hx_params[i]))
			return 0;
	}
	return same_extra(a, b) && same_extra(b, a);
}

int
hx_params_same_inputs(const workload_t *w, const params_t *a, const params_t *b)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t n = hx_params_of(w, all);

	for (size_t i = 0; i < n; i++) {
		if (!(all[i].flags & HX_PARAM_SCHEDULE) &&
		    hx_params_get(a, &all[i]) != hx_params_get(b, &all[i]))
			return 0;
	}
	return 1;
}

int
hx_params_value_text(const json_t *x, char *buf, size_t len)
{
	if (json_is_string(x))
		snprintf(buf, len, "%s", json_string_value(x));
	else if (json_is_integer(x))
		snprintf(
		    buf, len, "%" JSON_INTEGER_FORMAT, json_integer_value(x));
	else if (json_is_number(x))
		snprintf(buf, len, "%.10g", json_number_value(x));
	else
		return -1;
	return 0;
}

/* One value of a params object as a label or CSV cell shows it. */
static void
put_value(FILE *f, const json_t *x)
{
	char text[512];

	if (hx_params_value_text(x, text, sizeof(text)) == 0)
		fputs(text, f);
}

/* 1 when the label shows key at the value x: a table parameter by its
 * rule, one of w's own unless unlabelled, any other when w is unknown. */
static int
labelled(const workload_t *w, const char *key, const json_t *x)
{
	const hx_param_t *p = hx_params_find(key);
	int k;

	if (p != NULL)
		return p->label && json_is_number(x) &&
		    json_number_value(x) != (double)p->label_omit;
	if (w == NULL)
		return json_is_number(x) || json_is_string(x);
	k = hx_params_extra_index(w, key, strlen(key));
	return k < 0 || !w->extra_params[k].unlabelled;
}

void
hx_params_label(FILE *f, const workload_t *w, const json_t *params_json)
{
	const char *key;
	json_t *x;

	/* In the object's order, the order hx_params_json writes: two runs
	 * that differ only in a workload's own parameter must not read
	 * alike. */
	json_object_foreach((json_t *)params_json, key, x)
	{
		if (!labelled(w, key, x))
			continue;
		fprintf(f, " %s=", key);
		put_value(f, x);
	}
}

void
hx_params_label_changed(FILE *f, const workload_t *w, const json_t *params_json)
{
	params_t d;
	json_t *defaults, *x;
	const char *key;

	w->defaults(&d);
	hx_params_extra_defaults(w, &d);
	defaults = hx_params_json(w, &d);
	json_object_foreach((json_t *)params_json, key, x)
	{
		if (strcmp(key, "n") != 0 &&
		    json_equal(x, json_object_get(defaults, key)))
			continue;
		fprintf(f, " %s=", key);
		put_value(f, x);
	}
	json_decref(defaults);
}

/* The position of name in the array of names, or -1. */
static int
column_index(const json_t *columns, const char *name)
{
	size_t i;
	json_t *c;

	json_array_foreach((json_t *)columns, i, c)
	{
		if (strcmp(json_string_value(c), name) == 0)
			return (int)i;
	}
	return -1;
}

/* One params object's names merged into columns: a new name goes after
 * the name before it in the object, past the table's names the object
 * lacks (so a plugin's own come after threads, as they always did). */
static void
columns_merge(json_t *columns, const json_t *params)
{
	const char *key;
	json_t *x;
	int at = -1; /* the column of the object's previous name */

	json_object_foreach((json_t *)params, key, x)
	{
		int k = column_index(columns, key);
		if (k >= 0) {
			at = k;
			continue;
		}
		while (at + 1 < (int)json_array_size(columns)) {
			const char *next =
			    json_string_value(json_array_get(columns, at + 1));
			if (hx_params_find(next) == NULL ||
			    json_object_get(params, next) != NULL)
				break;
			at++;
		}
		json_array_insert_new(
		    columns, (size_t)(at + 1), json_string(key));
		at++;
	}
}

json_t *
hx_params_csv_columns(const json_t *results)
{
	json_t *columns = json_array(), *r;
	size_t i;

	for (i = 0; columns != NULL && i < hx_params_count; i++)
		json_array_append_new(columns, json_string(hx_params[i].name));
	json_array_foreach((json_t *)results, i, r)
	{
		if (columns != NULL)
			columns_merge(columns, json_object_get(r, "params"));
	}
	return columns;
}

void
hx_params_csv_header(FILE *f, const json_t *columns)
{
	size_t i;
	const json_t *name;

	json_array_foreach((json_t *)columns, i, name)
	{
		fprintf(f, "%s,", json_string_value(name));
	}
}

void
hx_params_csv_row(FILE *f, const json_t *params_json, const json_t *columns)
{
	size_t k;
	const json_t *name;

	json_array_foreach((json_t *)columns, k, name)
	{
		const char *key = json_string_value(name);
		const hx_param_t *p = hx_params_find(key);
		const json_t *x = json_object_get(params_json, key);
		if (json_is_number(x))
			fprintf(f, "%.10g", json_number_value(x));
		else if (x != NULL)
			put_value(f, x);
		else if (p != NULL && params_json != NULL &&
		    (p->flags & HX_PARAM_OMIT_USUAL))
			/* Left out at its usual value: a CSV reader sees it. */
			fprintf(f, "%llu", (unsigned long long)p->label_omit);
		fputc(',', f);
	}
}

void
hx_params_argv(const workload_t *w, const params_t *params, char **argv,
    int *argc, char store[][HX_PARAMS_ARGV_SLOT])
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t n = hx_params_of(w, all);

	for (size_t i = 0; i < n; i++) {
		const hx_param_t *p = &all[i];
		uint64_t v = hx_params_get(params, p);
		char *opt = store[2 * i], *val = store[2 * i + 1], text[48];
		if (omitted(p, v) ||
		    ((p->flags & HX_PARAM_ZERO_DEFAULT) && v == 0))
			continue;
		hx_params_format(p, v, text, sizeof(text));
		if (p->extra >= 0) {
			snprintf(opt, HX_PARAMS_ARGV_SLOT, "--param");
			snprintf(
			    val, HX_PARAMS_ARGV_SLOT, "%s=%s", p->name, text);
		} else {
			snprintf(opt, HX_PARAMS_ARGV_SLOT, "--%s", p->name);
			snprintf(val, HX_PARAMS_ARGV_SLOT, "%s", text);
		}
		argv[(*argc)++] = opt;
		argv[(*argc)++] = val;
	}
}
