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

#define FIELD(f) offsetof(params_t, f), sizeof(((params_t *)0)->f)
#define NONE UINT64_MAX
/* The largest count: what a result's JSON integer holds. */
#define LARGEST ((uint64_t)INT64_MAX)
/* The most time steps a run may take (see steps below). */
#define HX_PARAMS_STEPS_MAX 1000000

/* One line a parameter: name, meaning, kind, bounds, choices, flags, label
 * (0/1) and the value at which the label leaves it out. */
#define HX_PARAM(f, meaning, kind, lo, hi, choices, flags, label, omit)        \
	{                                                                      \
#f, meaning, kind, FIELD(f), lo, hi, choices, flags, label,    \
		    omit, -1                                                   \
	}

const hx_param_t hx_params[] = {
    HX_PARAM(n, "size N (each workload's unit: see harness list)",
	HX_PARAM_COUNT, 1, LARGEST, NULL, 0, 1, NONE),
    HX_PARAM(seed, "SplitMix64 seed of the random inputs", HX_PARAM_COUNT, 0,
	LARGEST, NULL, 0, 0, NONE),
    HX_PARAM(chunk, "chunk size (absent: the variant's default)",
	HX_PARAM_COUNT, 1, LARGEST, NULL,
	HX_PARAM_ZERO_DEFAULT | HX_PARAM_SCHEDULE, 1, 0),
    HX_PARAM(tile, "tile size (absent: the variant's default)", HX_PARAM_COUNT,
	1, LARGEST, NULL, HX_PARAM_ZERO_DEFAULT | HX_PARAM_SCHEDULE, 1, 0),
    /* Each step's time is kept for every run (8 bytes a step a run):
     * 1e9 steps asked for 8 GB of records and failed after the setup as
     * "out of memory"; the bound is named at the command line instead. */
    HX_PARAM(steps, "time steps per run (a workload of one step: 1)",
	HX_PARAM_COUNT, 1, HX_PARAMS_STEPS_MAX, NULL, 0, 1, 1),
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

	if (p->extra >= 0) /* the workload's own */
		return 1;
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

	if (p->extra >= 0)
		return params->extra[p->extra];
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

	if (p->extra >= 0)
		params->extra[p->extra] = v;
	else if (p->size == sizeof(int))
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
	uint64_t count = 0;

	while (p->kind == HX_PARAM_CHOICE && p->choices[count] != NULL)
		count++;
	if (p->kind == HX_PARAM_CHOICE && v < count)
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

void
hx_params_declared(const workload_t *w, size_t i, hx_param_t *out)
{
	const param_decl_t *d = &w->extra_params[i];

	memset(out, 0, sizeof(*out));
	out->name = d->name;
	out->meaning = d->meaning;
	out->kind = d->choices != NULL ? HX_PARAM_CHOICE : HX_PARAM_COUNT;
	out->lo = d->lo;
	out->hi = d->hi;
	out->choices = d->choices;
	if (d->choices != NULL) {
		size_t count = 0;
		while (d->choices[count] != NULL)
			count++;
		out->lo = 0;
		out->hi = count > 0 ? count - 1 : 0;
	}
	out->flags = d->schedule ? HX_PARAM_SCHEDULE : 0;
	out->label = !d->unlabelled;
	out->label_omit = NONE;
	out->extra = (int)i;
}

/* The own parameters w->params names right after position *s (a list
 * of names one space apart) appended to out at *n, up to the next name
 * that is not one; *s is left at that name. */
static void
of_named(const workload_t *w, const char **s, hx_param_t *out, size_t *n,
    unsigned *taken)
{
	while (*s != NULL && **s != '\0') {
		const char *end = strchr(*s, ' ');
		size_t len = end != NULL ? (size_t)(end - *s) : strlen(*s);
		int k = hx_params_extra_index(w, *s, len);
		if (k < 0)
			return;
		if (!(*taken & (1u << k)))
			hx_params_declared(w, (size_t)k, &out[(*n)++]);
		*taken |= 1u << k;
		*s = end != NULL ? end + 1 : NULL;
	}
}

size_t
hx_params_of(const workload_t *w, hx_param_t *out)
{
	size_t n = 0;
	unsigned taken = 0;
	const char *s = w->params;

	of_named(w, &s, out, &n, &taken);
	for (size_t i = 0; i < hx_params_count && n < HX_PARAMS_OF_MAX; i++) {
		size_t len = strlen(hx_params[i].name);
		const char *at;
		if (!hx_params_used(w, &hx_params[i]))
			continue;
		out[n++] = hx_params[i];
		/* Its position in w->params, then the own names after it. */
		for (at = w->params; at != NULL; at = strchr(at, ' ')) {
			at += *at == ' ';
			if (strncmp(at, hx_params[i].name, len) == 0 &&
			    (at[len] == ' ' || at[len] == '\0'))
				break;
		}
		at = at != NULL && at[len] == ' ' ? at + len + 1 : NULL;
		of_named(w, &at, out, &n, &taken);
	}
	for (size_t k = 0; k < hx_params_extra_count(w); k++) {
		if (taken & (1u << k))
			continue;
		hx_params_declared(w, k, &out[n]);
		out[n++].flags |= HX_PARAM_TRAILING;
	}
	return n;
}

const workload_t *
hx_params_workload_of(const json_t *result)
{
	const char *name =
	    json_string_value(json_object_get(result, "workload"));

	return name != NULL ? hx_plugin_find_workload(name) : NULL;
}

void
hx_params_smoke(const workload_t *w, params_t *params)
{
	params_t d;

	w->defaults(&d);
	w->smoke(params);
	for (size_t i = 0; i < hx_params_extra_count(w); i++) {
		if (params->extra[i] == d.extra[i])
			params->extra[i] = w->extra_params[i].def;
	}
}

/* The names of w's parameters, one space apart, into buf: what a message
 * about one it lacks lists. */
static const char *
params_names(const workload_t *w, char *buf, size_t len)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t n = hx_params_of(w, all);

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
		    i > 0 ? " " : "", all[i].name);
	return buf;
}

int
hx_params_extra_parse(const workload_t *w, const char *arg, params_t *params,
    char *msg, size_t msglen)
{
	const char *eq = strchr(arg, '=');
	size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
	int k = hx_params_extra_index(w, arg, len);
	char names[512];
	hx_param_t p;
	uint64_t v;

	if (eq == NULL) {
		snprintf(msg, msglen, "--param '%s': not NAME=VALUE", arg);
		return -1;
	}
	if (k < 0) {
		snprintf(msg, msglen,
		    "--%.*s: %s declares no such parameter (its parameters: "
		    "%s)",
		    (int)len, arg, w->name,
		    params_names(w, names, sizeof(names)));
		return -1;
	}
	hx_params_declared(w, (size_t)k, &p);
	if (hx_params_parse(&p, eq + 1, &v, msg, msglen) != 0)
		return -1;
	params->extra[k] = v;
	return 0;
}

size_t
hx_params_declared_names(const char **names, size_t max)
{
	const workload_t *w;
	size_t n = 0;

	for (size_t k = 0; (w = hx_plugin_workload(k)) != NULL; k++) {
		for (size_t i = 0; i < hx_params_extra_count(w); i++) {
			const char *name = w->extra_params[i].name;
			size_t j = 0;
			while (j < n && strcmp(names[j], name) != 0)
				j++;
			if (j == n && n < max)
				names[n++] = name;
		}
	}
	return n;
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
