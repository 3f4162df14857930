/*
 * hx_plugin: the tables of workloads and variants the harness measures:
 * the built-in ones (variants/variants.c), then those of plugins loaded
 * with --plugin (variants/plugin.h says what a plugin exports).
 *
 * Everything that lists or looks up workloads and variants (list, run,
 * sweep, exec --workload) goes through these functions, so a plugin's
 * workloads are measured exactly as the built-in ones.
 *
 * Limits: at most HX_PLUGIN_MAX plugins, loaded once and never unloaded;
 * a plugin's workload names must be new.
 */
#ifndef FB_HX_PLUGIN_H
#define FB_HX_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "variant.h"

#define HX_PLUGIN_MAX 8

/* Loads the plugin at path (dlopen: a path with a '/' is a file; a name
 * without one is the file ./NAME when there is one, else the loader's
 * search). 0, or -1 with one line in msg: not loadable, no
 * fusebench_plugin object, another ABI version or struct sizes, a taken
 * workload name, an entry without a required field or callback (named),
 * or an unknown parameter. */
int hx_plugin_load(const char *path, char *msg, size_t msglen);

/* Entry i of all workloads (variants), built-in first; NULL past the end. */
const workload_t *hx_plugin_workload(size_t i);
const variant_t *hx_plugin_variant(size_t i);

/* Lookups by name in all of them; NULL when there is none. */
const workload_t *hx_plugin_find_workload(const char *name);
const variant_t *hx_plugin_find_variant(const char *workload, const char *name);

/* The path the plugin that holds workload w was loaded from (as given to
 * hx_plugin_load), or NULL for a built-in workload. */
const char *hx_plugin_path(const workload_t *w);

/* The optional callbacks (variant.h) with their defaults where NULL:
 * one step, N units (params_t.n), no input bytes, nothing to reset, no
 * flop or byte count (NAN), no model (0: for sums where none counts as
 * nothing; a record says "no model"). */
uint64_t hx_plugin_steps(const workload_t *w, const params_t *p);
double hx_plugin_units(const workload_t *w, const params_t *p);
uint64_t hx_plugin_input_bytes(const workload_t *w, const params_t *p);
void hx_plugin_reset(const variant_t *v, void *state);
double hx_plugin_flops(const variant_t *v, const params_t *p);
double hx_plugin_bytes(const variant_t *v, const params_t *p);
uint64_t hx_plugin_model_bytes(
    const variant_t *v, const params_t *p, uint64_t (*round)(uint64_t));

/* Removes every "--plugin PATH" and "--plugin=PATH" of argv (up to a "--")
 * and loads them. Returns 0, or -1 with msg; *argc is updated. */
int hx_plugin_from_argv(int *argc, char **argv, char *msg, size_t msglen);

#endif /* FB_HX_PLUGIN_H */
