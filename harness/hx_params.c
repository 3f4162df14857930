/*
 * hx_params: the parameter table and what is generated from it.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_params.h"
#include "hx_parse.h"
#include "hx_plugin.h"

static const char *const preset_names[] = {"random", "seed", NULL};

#define FIELD(f) offsetof(params_t, f), sizeof(((params_t *)0)->f)
#define NONE UINT64_MAX
/* The largest count: what a result's JSON integer holds. */
#define LARGEST ((uint64_t)INT64_MAX)

/* One line a parameter: name, meaning, kind, bounds, choices, flags, label
 * (0/1) and the value at which the label leaves it out. */
#define HX_PARAM(f, meaning, kind, lo, hi, choices, flags, label, omit)        \
	{                                                                      \
#f, meaning, kind, FIELD(f), lo, hi, choices, flags, label,    \
		    omit                                                       \
	}

const hx_param_t hx_params[] = {
    HX_PARAM(n, "size (interp: points; colony: particles)", HX_PARAM_COUNT, 1,
	LARGEST, NULL, 0, 1, NONE),
    HX_PARAM(m, "interpolants (interp)", HX_PARAM_COUNT, 1, LARGEST, NULL, 0, 1,
	NONE),
    HX_PARAM(g, "grid points per interpolant (interp)", HX_PARAM_COUNT, 1,
	LARGEST, NULL, 0, 0, NONE),
    HX_PARAM(preset, "inputs: seed (the question's) or random", HX_PARAM_CHOICE,
	0, 1, preset_names, 0, 0, NONE),
    HX_PARAM(seed, "SplitMix64 seed of the random inputs", HX_PARAM_COUNT, 0,
	LARGEST, NULL, 0, 0, NONE),
    HX_PARAM(chunk, "chunk size (absent: the variant's default)",
	HX_PARAM_COUNT, 1, LARGEST, NULL,
	HX_PARAM_ZERO_DEFAULT | HX_PARAM_SCHEDULE, 1, 0),
    HX_PARAM(tile, "tile size (absent: the variant's default)", HX_PARAM_COUNT,
	1, LARGEST, NULL, HX_PARAM_ZERO_DEFAULT | HX_PARAM_SCHEDULE, 1, 0),
    HX_PARAM(steps, "time steps per run (colony)", HX_PARAM_COUNT, 1, LARGEST,
	NULL, 0, 1, 1),
    HX_PARAM(threads, "OpenMP threads of each step (1: one core)",
	HX_PARAM_COUNT, 1, VARIANT_THREADS_MAX, NULL,
	HX_PARAM_SCHEDULE | HX_PARAM_OMIT_USUAL, 1, 1),
};

const size_t hx_params_count = sizeof(hx_params) / sizeof(hx_params[0]);

const hx_param_t *
hx_params_find(const char *name)
{
	for (size_t i = 0; i < hx_params_count; i++) {
		if (strcmp(hx_params[i].name, name) == 0)
			return &hx_params[i];
	}
	return NULL;
}

int
hx_params_used(const workload_t *w, const hx_param_t *p)
{
	size_t len = strlen(p->name);

	/* w->params is a list of names separated by single spaces. */
	for (const char *s = w->params; s != NULL && *s != '\0';) {
		const char *end = strchr(s, ' ');
		size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
		if (n == len && strncmp(s, p->name, len) == 0)
			return 1;
		if (end == NULL)
			break;
		s = end + 1;
	}
	return 0;
}

uint64_t
hx_params_get(const params_t *params, const hx_param_t *p)
{
	const char *field = (const char *)params + p->offset;
	int i;
	uint64_t u;

	if (p->size == sizeof(int)) {
		memcpy(&i, field, sizeof(i));
		return (uint64_t)i;
	}
	memcpy(&u, field, sizeof(u));
	return u;
}

void
hx_params_set(params_t *params, const hx_param_t *p, uint64_t v)
{
	char *field = (char *)params + p->offset;
	int i = (int)v;

	if (p->size == sizeof(int))
		memcpy(field, &i, sizeof(i));
	else
		memcpy(field, &v, sizeof(v));
}

static int
parse_choice(const hx_param_t *p, const char *arg, uint64_t *out, char *msg,
    size_t msglen)
{
	char names[128] = "";

	for (uint64_t i = 0; p->choices[i] != NULL; i++) {
		if (strcmp(arg, p->choices[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	for (size_t i = 0; p->choices[i] != NULL; i++) {
		strncat(names,
		    i == 0                  ? ""
			: p->choices[i + 1] ? ", "
					    : " or ",
		    sizeof(names) - strlen(names) - 1);
		strncat(
		    names, p->choices[i], sizeof(names) - strlen(names) - 1);
	}
	snprintf(msg, msglen, "--%s '%s': must be %s", p->name, arg, names);
	return -1;
}

int
hx_params_parse(const hx_param_t *p, const char *arg, uint64_t *out, char *msg,
    size_t msglen)
{
	uint64_t v;

	if (p->kind == HX_PARAM_CHOICE)
		return parse_choice(p, arg, out, msg, msglen);
	switch (hx_parse_count(arg, &v)) {
	case 0:
		break;
	case HX_PARSE_TOO_LARGE:
		snprintf(msg, msglen, "--%s '%s': must be at most %llu",
		    p->name, arg, (unsigned long long)p->hi);
		return -1;
	default:
		snprintf(msg, msglen,
		    "--%s '%s': not a non-negative integer (forms: 100000, "
		    "1e6)",
		    p->name, arg);
		return -1;
	}
	if (v < p->lo || v > p->hi) {
		snprintf(msg, msglen, "--%s '%s': must be at %s %llu", p->name,
		    arg, v < p->lo ? "least" : "most",
		    (unsigned long long)(v < p->lo ? p->lo : p->hi));
		return -1;
	}
	*out = v;
	return 0;
}

const char *
hx_params_format(const hx_param_t *p, uint64_t v, char *buf, size_t len)
{
	if (p->kind == HX_PARAM_CHOICE)
		snprintf(buf, len, "%s", p->choices[v]);
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

size_t
hx_params_extra_count(const workload_t *w)
{
	size_t n = 0;

	while (w->extra_params != NULL && n < PARAMS_EXTRA_MAX &&
	    w->extra_params[n].name != NULL)
		n++;
	return n;
}

void
hx_params_extra_defaults(const workload_t *w, params_t *params)
{
	for (size_t i = 0; i < hx_params_extra_count(w); i++)
		params->extra[i] = w->extra_params[i].def;
}

int
hx_params_extra_index(const workload_t *w, const char *name, size_t len)
{
	for (size_t i = 0; i < hx_params_extra_count(w); i++) {
		const char *d = w->extra_params[i].name;
		if (strlen(d) == len && strncmp(d, name, len) == 0)
			return (int)i;
	}
	return -1;
}

int
hx_params_extra_parse(const workload_t *w, const char *arg, params_t *params,
    char *msg, size_t msglen)
{
	const char *eq = strchr(arg, '=');
	size_t n = hx_params_extra_count(w), len;
	uint64_t v;

	len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
	for (size_t i = 0; eq != NULL && i < n; i++) {
		const param_decl_t *d = &w->extra_params[i];
		if (strlen(d->name) != len || strncmp(d->name, arg, len) != 0)
			continue;
		if (hx_parse_count(eq + 1, &v) != 0 || v < d->lo || v > d->hi) {
			snprintf(msg, msglen,
			    "--param %s '%s': must be an integer from %llu to "
			    "%llu",
			    d->name, eq + 1, (unsigned long long)d->lo,
			    (unsigned long long)d->hi);
			return -1;
		}
		params->extra[i] = v;
		return 0;
	}
	snprintf(msg, msglen,
	    "--param '%s': %s declares no such parameter (NAME=VALUE; its "
	    "own: %s)",
	    arg, w->name, n > 0 ? w->extra_params[0].name : "none");
	for (size_t i = 1; i < n; i++)
		snprintf(msg + strlen(msg) - 1, msglen - strlen(msg) + 1,
		    ", %s)", w->extra_params[i].name);
	return -1;
}

/* 1 when a result leaves p out at the value v (HX_PARAM_OMIT_USUAL). */
static int
omitted(const hx_param_t *p, uint64_t v)
{
	return (p->flags & HX_PARAM_OMIT_USUAL) && v == p->label_omit;
}

json_t *
hx_params_json(const workload_t *w, const params_t *params)
{
	json_t *o = json_object();

	for (size_t i = 0; o != NULL && i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		uint64_t v = hx_params_get(params, p);
		if (!hx_params_used(w, p) || omitted(p, v))
			continue;
		json_object_set_new(o, p->name,
		    p->kind == HX_PARAM_CHOICE ? json_string(p->choices[v])
					       : json_integer((json_int_t)v));
	}
	for (size_t i = 0; o != NULL && i < hx_params_extra_count(w); i++)
		json_object_set_new(o, w->extra_params[i].name,
		    json_integer((json_int_t)params->extra[i]));
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

/* A parameter's value in a params object, as one comparable figure: the
 * number, or for a choice its name's position; -1 when absent. */
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

/* Every key of a outside the table is in b with an equal value. */
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
	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		if ((p->flags & HX_PARAM_SCHEDULE) || !hx_params_used(w, p))
			continue;
		if (hx_params_get(a, p) != hx_params_get(b, p))
			return 0;
	}
	for (size_t i = 0; i < hx_params_extra_count(w); i++) {
		if (!w->extra_params[i].schedule && a->extra[i] != b->extra[i])
			return 0;
	}
	return 1;
}

void
hx_params_label(FILE *f, const json_t *params_json)
{
	const char *key;
	json_t *x;

	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		x = json_object_get(params_json, p->name);
		if (!p->label || !json_is_number(x) ||
		    json_number_value(x) == (double)p->label_omit)
			continue;
		fprintf(f, " %s=%.0f", p->name, json_number_value(x));
	}
	/* A workload's own parameters, always: two runs that differ only
	 * in one must not read alike. */
	json_object_foreach((json_t *)params_json, key, x)
	{
		if (hx_params_find(key) == NULL && json_is_number(x))
			fprintf(f, " %s=%.10g", key, json_number_value(x));
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
		if (json_is_string(x))
			fprintf(f, " %s=%s", key, json_string_value(x));
		else if (json_is_integer(x))
			fprintf(f, " %s=%" JSON_INTEGER_FORMAT, key,
			    json_integer_value(x));
		else if (json_is_number(x))
			fprintf(f, " %s=%.10g", key, json_number_value(x));
	}
	json_decref(defaults);
}

json_t *
hx_params_extra_names(const json_t *results)
{
	json_t *names = json_array(), *r, *x;
	const char *key;
	size_t i;

	json_array_foreach((json_t *)results, i, r)
	{
		json_object_foreach(json_object_get(r, "params"), key, x)
		{
			size_t k, seen = 0;
			json_t *name;
			if (names == NULL || hx_params_find(key) != NULL)
				continue;
			json_array_foreach(names, k, name)
			{
				seen |=
				    strcmp(json_string_value(name), key) == 0;
			}
			if (!seen)
				json_array_append_new(names, json_string(key));
		}
	}
	return names;
}

void
hx_params_csv_header(FILE *f, const json_t *extra_names)
{
	size_t i;
	const json_t *name;

	for (i = 0; i < hx_params_count; i++)
		fprintf(f, "%s,", hx_params[i].name);
	json_array_foreach((json_t *)extra_names, i, name)
	{
		fprintf(f, "%s,", json_string_value(name));
	}
}

void
hx_params_csv_row(FILE *f, const json_t *params_json, const json_t *extra_names)
{
	size_t k;
	const json_t *name;

	for (size_t i = 0; i < hx_params_count; i++) {
		const json_t *x =
		    json_object_get(params_json, hx_params[i].name);
		if (json_is_string(x))
			fputs(json_string_value(x), f);
		else if (json_is_number(x))
			fprintf(f, "%.10g", json_number_value(x));
		else if (x == NULL && params_json != NULL &&
		    (hx_params[i].flags & HX_PARAM_OMIT_USUAL))
			/* Left out at its usual value: a CSV reader sees it. */
			fprintf(f, "%llu",
			    (unsigned long long)hx_params[i].label_omit);
		fputc(',', f);
	}
	json_array_foreach((json_t *)extra_names, k, name)
	{
		const json_t *x =
		    json_object_get(params_json, json_string_value(name));
		if (json_is_number(x))
			fprintf(f, "%.10g", json_number_value(x));
		fputc(',', f);
	}
}

void
hx_params_argv(const workload_t *w, const params_t *params, char **argv,
    int *argc, char store[][HX_PARAMS_ARGV_SLOT])
{
	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		uint64_t v = hx_params_get(params, p);
		char *opt = store[2 * i], *val = store[2 * i + 1];
		if (!hx_params_used(w, p) || omitted(p, v) ||
		    ((p->flags & HX_PARAM_ZERO_DEFAULT) && v == 0))
			continue;
		snprintf(opt, HX_PARAMS_ARGV_SLOT, "--%s", p->name);
		hx_params_format(p, v, val, HX_PARAMS_ARGV_SLOT);
		argv[(*argc)++] = opt;
		argv[(*argc)++] = val;
	}
	for (size_t i = 0; i < hx_params_extra_count(w); i++) {
		char *opt = store[2 * hx_params_count + 2 * i];
		char *val = store[2 * hx_params_count + 2 * i + 1];
		snprintf(opt, HX_PARAMS_ARGV_SLOT, "--param");
		snprintf(val, HX_PARAMS_ARGV_SLOT, "%s=%llu",
		    w->extra_params[i].name,
		    (unsigned long long)params->extra[i]);
		argv[(*argc)++] = opt;
		argv[(*argc)++] = val;
	}
}

/* 1 when some known workload declares a parameter of its own called name
 * (its first len bytes). */
static int
own_declared(const char *name, size_t len)
{
	const workload_t *w;

	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (hx_params_extra_index(w, name, len) >= 0)
			return 1;
	}
	return 0;
}

/* 1 when taken (a getopt table, NULL-name ended) has an option called
 * name (its first len bytes). */
static int
option_taken(const struct option *taken, const char *name, size_t len)
{
	for (size_t i = 0; taken != NULL && taken[i].name != NULL; i++) {
		if (strlen(taken[i].name) == len &&
		    strncmp(taken[i].name, name, len) == 0)
			return 1;
	}
	return 0;
}

int
hx_params_own_options(
    int argc, char **argv, const struct option *taken, char *msg, size_t msglen)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq;
		size_t len;
		char *arg;
		if (strcmp(a, "--") == 0)
			break;
		if (strncmp(a, "--", 2) != 0)
			continue;
		a += 2;
		eq = strchr(a, '=');
		len = eq != NULL ? (size_t)(eq - a) : strlen(a);
		if (option_taken(taken, a, len) || !own_declared(a, len))
			continue;
		if (eq == NULL && i + 1 == argc) {
			snprintf(
			    msg, msglen, "option '%s' needs a value", argv[i]);
			return -1;
		}
		/* "--NAME=V" and "--NAME V" both become "--param NAME=V";
		 * the text lives as long as argv. */
		if (eq != NULL) {
			if (asprintf(&arg, "--param=%s", a) < 0)
				return -1;
			argv[i] = arg;
			continue;
		}
		if (asprintf(&arg, "%s=%s", a, argv[i + 1]) < 0)
			return -1;
		argv[i] = "--param";
		argv[++i] = arg;
	}
	return 0;
}
