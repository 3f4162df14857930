/*
 * hx_plugin: built-in and plugin tables. See hx_plugin.h.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "hx_params.h"
#include "hx_plugin.h"
#include "plugin.h"

static const fb_plugin_t *loaded[HX_PLUGIN_MAX];
static char loaded_path[HX_PLUGIN_MAX][4096];
static size_t nloaded;

const char *
hx_plugin_path(const workload_t *w)
{
	for (size_t p = 0; p < nloaded; p++) {
		for (size_t n = 0; loaded[p]->workloads[n] != NULL; n++) {
			if (loaded[p]->workloads[n] == w)
				return loaded_path[p];
		}
	}
	return NULL;
}

const workload_t *
hx_plugin_workload(size_t i)
{
	size_t n = 0;

	while (workload_table[n] != NULL)
		n++;
	if (i < n)
		return workload_table[i];
	i -= n;
	for (size_t p = 0; p < nloaded; p++) {
		for (n = 0; loaded[p]->workloads[n] != NULL; n++) {
			if (i-- == 0)
				return loaded[p]->workloads[n];
		}
	}
	return NULL;
}

const variant_t *
hx_plugin_variant(size_t i)
{
	size_t n = 0;

	while (variant_table[n] != NULL)
		n++;
	if (i < n)
		return variant_table[i];
	i -= n;
	for (size_t p = 0; p < nloaded; p++) {
		for (n = 0; loaded[p]->variants[n] != NULL; n++) {
			if (i-- == 0)
				return loaded[p]->variants[n];
		}
	}
	return NULL;
}

const workload_t *
hx_plugin_find_workload(const char *name)
{
	const workload_t *w;

	for (size_t i = 0; (w = hx_plugin_workload(i)) != NULL; i++) {
		if (strcmp(w->name, name) == 0)
			return w;
	}
	return NULL;
}

const variant_t *
hx_plugin_find_variant(const char *workload, const char *name)
{
	const variant_t *v;

	for (size_t i = 0; (v = hx_plugin_variant(i)) != NULL; i++) {
		if (strcmp(v->workload->name, workload) == 0 &&
		    strcmp(v->name, name) == 0)
			return v;
	}
	return NULL;
}

/* A required entry of a plugin's table: what it is, its name, and
 * whether the plugin filled it. */
typedef struct required_s {
	const char *kind, *field;
	int present;
} required_t;

#define REQ_FIELD(s, f)                                                        \
	{                                                                      \
		"field", #f, (s)->f != NULL                                    \
	}
#define REQ_CALLBACK(s, f)                                                     \
	{                                                                      \
		"callback", #f, (s)->f != NULL                                 \
	}

/* The first entry of req[0..n) that is missing, or NULL. */
static const required_t *
first_missing(const required_t *req, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!req[i].present)
			return &req[i];
	}
	return NULL;
}

/* A workload's entries and parameters. 0, or -1 with msg. */
static int
check_workload(const workload_t *w, char *msg, size_t msglen)
{
	char names[256], *save = NULL;
	const required_t req[] = {REQ_FIELD(w, name), REQ_FIELD(w, params),
	    REQ_FIELD(w, unit), REQ_CALLBACK(w, defaults),
	    REQ_CALLBACK(w, check), REQ_CALLBACK(w, reference),
	    REQ_CALLBACK(w, validate)};
	const required_t *missing =
	    first_missing(req, sizeof(req) / sizeof(req[0]));

	if (missing != NULL) {
		snprintf(msg, msglen, "workload '%s': missing %s '%s'",
		    w->name != NULL ? w->name : "?", missing->kind,
		    missing->field);
		return -1;
	}
	if (w->digest_count < 1 || w->digest_count > DIGEST_MAX) {
		snprintf(msg, msglen,
		    "workload '%s': digest_count %d is not 1 to %d", w->name,
		    w->digest_count, DIGEST_MAX);
		return -1;
	}
	if (hx_plugin_find_workload(w->name) != NULL) {
		snprintf(
		    msg, msglen, "workload '%s' is already known", w->name);
		return -1;
	}
	for (size_t i = 0;
	     w->extra_params != NULL && w->extra_params[i].name != NULL; i++) {
		const param_decl_t *d = &w->extra_params[i];
		hx_param_t p;
		memset(&p, 0, sizeof(p));
		if (i < PARAMS_EXTRA_MAX)
			hx_params_declared(w, i, &p); /* a choice's bounds */
		if (i == PARAMS_EXTRA_MAX || hx_params_find(d->name) != NULL ||
		    (d->choices != NULL && d->choices[0] == NULL) ||
		    p.lo > d->def || d->def > p.hi) {
			snprintf(msg, msglen,
			    "workload '%s': parameter '%s' is one too many, "
			    "a name the harness has, or its default is out of "
			    "its bounds",
			    w->name, d->name);
			return -1;
		}
	}
	snprintf(names, sizeof(names), "%s", w->params);
	for (char *p = strtok_r(names, " ", &save); p != NULL;
	     p = strtok_r(NULL, " ", &save)) {
		if (hx_params_find(p) == NULL &&
		    hx_params_extra_index(w, p, strlen(p)) < 0) {
			snprintf(msg, msglen,
			    "workload '%s' uses parameter '%s', which the "
			    "harness does not have",
			    w->name, p);
			return -1;
		}
	}
	return 0;
}

/* A variant's entries and its workload (one of the plugin's). */
static int
check_variant(
    const fb_plugin_t *pl, const variant_t *v, char *msg, size_t msglen)
{
	const required_t req[] = {REQ_FIELD(v, name), REQ_FIELD(v, workload),
	    REQ_CALLBACK(v, setup), REQ_CALLBACK(v, step),
	    REQ_CALLBACK(v, digest), REQ_CALLBACK(v, teardown)};
	const required_t *missing =
	    first_missing(req, sizeof(req) / sizeof(req[0]));
	int mine = 0;

	if (missing != NULL) {
		snprintf(msg, msglen, "variant '%s': missing %s '%s'",
		    v->name != NULL ? v->name : "?", missing->kind,
		    missing->field);
		return -1;
	}
	for (size_t i = 0; pl->workloads[i] != NULL; i++)
		mine |= pl->workloads[i] == v->workload;
	if (!mine) {
		snprintf(msg, msglen,
		    "variant '%s': its workload is not one of this plugin's",
		    v->name);
		return -1;
	}
	return 0;
}

/* The object's ABI and tables. 0, or -1 with msg. */
static int
check_plugin(const fb_plugin_t *pl, char *msg, size_t msglen)
{
	if (pl->abi_version != FB_PLUGIN_ABI_VERSION ||
	    pl->sizeof_params != sizeof(params_t) ||
	    pl->sizeof_workload != sizeof(workload_t) ||
	    pl->sizeof_variant != sizeof(variant_t)) {
		snprintf(msg, msglen,
		    "built for plugin ABI version %u, this harness has "
		    "version %d: rebuild it against this harness's "
		    "fusebench/plugin.h",
		    pl->abi_version, FB_PLUGIN_ABI_VERSION);
		return -1;
	}
	if (pl->workloads == NULL || pl->variants == NULL ||
	    pl->workloads[0] == NULL) {
		snprintf(msg, msglen, "no workload in its tables");
		return -1;
	}
	for (size_t i = 0; pl->workloads[i] != NULL; i++) {
		if (check_workload(pl->workloads[i], msg, msglen) != 0)
			return -1;
	}
	for (size_t i = 0; pl->variants[i] != NULL; i++) {
		if (check_variant(pl, pl->variants[i], msg, msglen) != 0)
			return -1;
	}
	return 0;
}

int
hx_plugin_load(const char *path, char *msg, size_t msglen)
{
	char inner[400], here[4096];
	const char *file = path;
	void *h;
	const fb_plugin_t *pl;

	if (nloaded == HX_PLUGIN_MAX) {
		snprintf(msg, msglen, "--plugin %s: at most %d plugins", path,
		    HX_PLUGIN_MAX);
		return -1;
	}
	/* dlopen searches the loader's folders for a name without a '/',
	 * never the current one: a file of that name here is meant. */
	if (strchr(path, '/') == NULL && access(path, F_OK) == 0 &&
	    (size_t)snprintf(here, sizeof(here), "./%s", path) < sizeof(here))
		file = here;
	if ((h = dlopen(file, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(msg, msglen, "--plugin %s: cannot load it: %s", path,
		    dlerror());
		return -1;
	}
	pl = dlsym(h, FB_PLUGIN_SYMBOL);
	if (pl == NULL) {
		snprintf(msg, msglen,
		    "--plugin %s: no symbol '" FB_PLUGIN_SYMBOL
		    "': not a fusebench plugin (see fusebench/plugin.h)",
		    path);
		dlclose(h);
		return -1;
	}
	if (check_plugin(pl, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "--plugin %s: %s", path, inner);
		dlclose(h);
		return -1;
	}
	snprintf(
	    loaded_path[nloaded], sizeof(loaded_path[nloaded]), "%s", file);
	loaded[nloaded++] = pl;
	return 0;
}

int
hx_plugin_from_argv(int *argc, char **argv, char *msg, size_t msglen)
{
	int out = 0, i;

	for (i = 0; i < *argc; i++) {
		const char *a = argv[i], *path = NULL;
		if (strcmp(a, "--") == 0)
			break;
		if (strcmp(a, "--plugin") == 0) {
			if (i + 1 == *argc) {
				snprintf(msg, msglen,
				    "option '--plugin' needs a value");
				return -1;
			}
			path = argv[++i];
		} else if (strncmp(a, "--plugin=", 9) == 0) {
			path = a + 9;
		}
		/* dlopen("") is the harness itself: a plugin of nothing. */
		if (path != NULL && path[0] == '\0') {
			snprintf(msg, msglen,
			    "--plugin '': an empty file name (a shared "
			    "library's path)");
			return -1;
		}
		if (path == NULL)
			argv[out++] = argv[i];
		else if (hx_plugin_load(path, msg, msglen) != 0)
			return -1;
	}
	for (; i < *argc; i++)
		argv[out++] = argv[i];
	argv[out] = NULL;
	*argc = out;
	return 0;
}

uint64_t
hx_plugin_steps(const workload_t *w, const params_t *p)
{
	return w->steps != NULL ? w->steps(p) : 1;
}

double
hx_plugin_units(const workload_t *w, const params_t *p)
{
	return w->units != NULL ? w->units(p) : (double)p->n;
}

uint64_t
hx_plugin_input_bytes(const workload_t *w, const params_t *p)
{
	return w->input_bytes != NULL ? w->input_bytes(p) : 0;
}

void
hx_plugin_reset(const variant_t *v, void *state)
{
	if (v->reset != NULL)
		v->reset(state);
}

double
hx_plugin_flops(const variant_t *v, const params_t *p)
{
	return v->flops != NULL ? v->flops(p) : NAN;
}

double
hx_plugin_bytes(const variant_t *v, const params_t *p)
{
	return v->bytes != NULL ? v->bytes(p) : NAN;
}

uint64_t
hx_plugin_model_bytes(
    const variant_t *v, const params_t *p, uint64_t (*round)(uint64_t))
{
	return v->model_bytes != NULL ? v->model_bytes(p, round) : 0;
}
