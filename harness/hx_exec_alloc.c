/*
 * hx_exec_alloc: harness exec --allocator NAME, the allocator settings a
 * command runs under, as environment variables. A program that takes large
 * temporaries from malloc at every call (XLA on the CPU does) gets them as
 * fresh pages each time when the allocator gives freed pages back to the
 * kernel, and faults every page in again; these settings keep the pages.
 * See hx_exec.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_exec.h"

/* Where Debian, Fedora and a local build put jemalloc's shared library. */
static const char *const alloc_jemalloc_dirs[] = {"/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib",
    NULL};

/* jemalloc never purges: freed pages stay dirty in its arenas for reuse. */
#define ALLOC_JEMALLOC_CONF "dirty_decay_ms:-1,muzzy_decay_ms:-1"
/*
 * glibc keeps freed pages only when no block is mmapped (mmap_max=0: a
 * block above mmap_threshold, which glibc caps at 32 MiB, is otherwise
 * mapped fresh and unmapped on free), every thread allocates from the
 * brk heap (arena_max=1: a secondary arena's heap holds 64 MiB at most),
 * and the top of the heap is never trimmed (trim_threshold 1 TiB).
 */
#define ALLOC_GLIBC_TUNABLES                                                   \
	"glibc.malloc.mmap_max=0:glibc.malloc.arena_max=1:"                    \
	"glibc.malloc.trim_threshold=1099511627776"

static const char *const alloc_names[] = {
    "default", "jemalloc-keep", "glibc-keep", NULL};

/* One variable for the command: value, after what the harness's own
 * environment has (joined by sep) when it has it. 0, or -1 with msg. */
static int
alloc_env_add(hx_exec_config_t *cfg, const char *name, const char *value,
    const char *sep, char *msg, size_t msglen)
{
	size_t k = cfg->nalloc_env;
	const char *old = getenv(name);
	int w;

	if (old != NULL && old[0] != '\0' && sep != NULL)
		w = snprintf(cfg->alloc_env_value[k],
		    sizeof(cfg->alloc_env_value[k]), "%s%s%s", old, sep, value);
	else
		w = snprintf(cfg->alloc_env_value[k],
		    sizeof(cfg->alloc_env_value[k]), "%s", value);
	if (w < 0 || (size_t)w >= sizeof(cfg->alloc_env_value[k])) {
		snprintf(msg, msglen,
		    "--allocator %s: %s with the environment's own is longer "
		    "than %zu bytes",
		    cfg->alloc_name, name, sizeof(cfg->alloc_env_value[k]) - 1);
		return -1;
	}
	snprintf(
	    cfg->alloc_env_name[k], sizeof(cfg->alloc_env_name[k]), "%s", name);
	cfg->nalloc_env++;
	return 0;
}

/* jemalloc's shared library, by the directories it is installed in. */
static int
alloc_find_jemalloc(char *out, size_t len, char *msg, size_t msglen)
{
	for (size_t i = 0; alloc_jemalloc_dirs[i] != NULL; i++) {
		snprintf(
		    out, len, "%s/libjemalloc.so.2", alloc_jemalloc_dirs[i]);
		if (access(out, R_OK) == 0)
			return 0;
	}
	snprintf(msg, msglen,
	    "--allocator jemalloc-keep: libjemalloc.so.2 is in none of "
	    "/usr/lib/x86_64-linux-gnu, /usr/lib/aarch64-linux-gnu, "
	    "/usr/lib64, "
	    "/usr/lib, /usr/local/lib (Debian: apt-get install libjemalloc2)");
	return -1;
}

int
hx_exec_allocator(
    hx_exec_config_t *cfg, const char *name, char *msg, size_t msglen)
{
	char lib[256];
	size_t i;

	cfg->alloc_name = NULL;
	cfg->nalloc_env = 0;
	if (name == NULL)
		return 0;
	for (i = 0; alloc_names[i] != NULL; i++)
		if (strcmp(name, alloc_names[i]) == 0)
			break;
	if (alloc_names[i] == NULL) {
		snprintf(msg, msglen,
		    "--allocator '%.200s': not one of default, jemalloc-keep, "
		    "glibc-keep",
		    name);
		return -1;
	}
	cfg->alloc_name = alloc_names[i];
	if (alloc_env_add(cfg, "FUSEBENCH_ALLOCATOR", cfg->alloc_name, NULL,
		msg, msglen) != 0)
		return -1;
	if (strcmp(cfg->alloc_name, "jemalloc-keep") == 0)
		return alloc_find_jemalloc(lib, sizeof(lib), msg, msglen) !=
			    0 ||
			alloc_env_add(
			    cfg, "LD_PRELOAD", lib, ":", msg, msglen) != 0 ||
			alloc_env_add(cfg, "MALLOC_CONF", ALLOC_JEMALLOC_CONF,
			    ",", msg, msglen) != 0
		    ? -1
		    : 0;
	if (strcmp(cfg->alloc_name, "glibc-keep") == 0)
		return alloc_env_add(cfg, "GLIBC_TUNABLES",
		    ALLOC_GLIBC_TUNABLES, ":", msg, msglen);
	return 0;
}

json_t *
hx_exec_allocator_json(const hx_exec_config_t *cfg)
{
	json_t *env, *o;

	if (cfg->alloc_name == NULL)
		return json_null();
	env = json_object();
	o = json_pack("{s:s, s:o}", "name", cfg->alloc_name, "env", env);
	for (size_t i = 0; o != NULL && i < cfg->nalloc_env; i++)
		json_object_set_new(env, cfg->alloc_env_name[i],
		    json_string(cfg->alloc_env_value[i]));
	return o;
}
