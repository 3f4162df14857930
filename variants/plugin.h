/*
 * plugin: how a shared library hands its own workloads and variants to the
 * harness (`harness run --plugin ./libmine.so WORKLOAD VARIANT`).
 *
 * A plugin is built against this header and variant.h, installed as
 * <fusebench/plugin.h> and <fusebench/variant.h> (`make install`;
 * `pkg-config --cflags fusebench` names the folder above fusebench/), in C
 * or C++ (the declarations are extern "C"), and defines one object named
 * fusebench_plugin:
 *
 *     #include <fusebench/plugin.h>
 *     ...
 *     const fb_plugin_t fusebench_plugin =
 *         FB_PLUGIN("mine", mine_workloads, mine_variants);
 *
 *     cc -shared -fPIC $(pkg-config --cflags fusebench) -o libmine.so mine.c
 *     g++ -std=c++20 -shared -fPIC $(pkg-config --cflags fusebench) ...
 *
 * (C++20 for designated initializers, given in member order;
 * tests/plugins/minimal.c is the smallest plugin, tests/plugins/cxx/ one
 * in C++.) `--plugin libmine.so` without a slash loads ./libmine.so when
 * that file is there.
 *
 * where the two tables are NULL-terminated arrays of pointers, exactly as
 * variants/variants.c lists the built-in ones. The harness refuses, with one
 * line, a library without that object, one built for another ABI version or
 * other struct sizes, a workload whose name is taken, and a table entry
 * without a required function, naming it ("variant 'fast': missing
 * callback 'step'"; variant.h says which callbacks may be NULL and what
 * NULL means). The helpers variant.h declares (model_bare,
 * model_allocator, params_check_range, variant_cache ...) are the harness's
 * own: a plugin calls them without linking anything.
 *
 * A plugin's workload may leave smoke NULL (then `harness list --smoke`
 * leaves it out).
 *
 * Parameters: those of the harness's table it uses (n seed chunk tile
 * steps threads), named in workload_t.params, and up to PARAMS_EXTRA_MAX
 * (16) of its own in workload_t.extra_params (name, meaning, bounds or
 * choices, default), given as --NAME VALUE or --param NAME=VALUE and found
 * in params_t.extra[i], exactly as interp declares its m, g and preset.
 *
 * Limits: its code runs in the measuring child, so a crash fails the run,
 * not the harness. Its own parameters go where the harness's go (sweep
 * lists, a CSV column each, the --resume match); docs/plugins.md.
 */
#ifndef FB_PLUGIN_H
#define FB_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* fusebench's version (semantic versioning), declared here alone: the
 * Makefile reads it for fusebench.pc's Version, and `harness --version`
 * prints it beside the git commit. */
#define FB_VERSION_SEMVER "0.17.0"

/* Raised whenever workload_t, variant_t or params_t change. */
#define FB_PLUGIN_ABI_VERSION 9

typedef struct fb_plugin_s {
	uint32_t abi_version; /* FB_PLUGIN_ABI_VERSION when built */
	/* The struct sizes it was built with: a second check of the ABI. */
	uint32_t sizeof_params, sizeof_workload, sizeof_variant;
	const char *name;
	const workload_t *const *workloads; /* NULL-terminated */
	const variant_t *const *variants;   /* NULL-terminated */
} fb_plugin_t;

/* The symbol the harness looks up. */
#define FB_PLUGIN_SYMBOL "fusebench_plugin"

/* The object a plugin defines (declared here so that it has external, C
 * linkage in C++ too, where a const object would otherwise be local). */
extern const fb_plugin_t fusebench_plugin;

#define FB_PLUGIN(name, workloads, variants)                                   \
	{                                                                      \
		FB_PLUGIN_ABI_VERSION, (uint32_t)sizeof(params_t),             \
		    (uint32_t)sizeof(workload_t), (uint32_t)sizeof(variant_t), \
		    (name), (workloads), (variants)                            \
	}

#ifdef __cplusplus
}
#endif

#endif /* FB_PLUGIN_H */
