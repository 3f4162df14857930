/*
 * hx_machine: the machine's description, read once per result.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "hx_machine.h"
#include "hx_mem.h"
#include "variant.h"

#ifdef __clang__
#define FB_COMPILER "clang " __clang_version__
#else
#define FB_COMPILER "gcc " __VERSION__
#endif

#ifndef FB_CFLAGS
#define FB_CFLAGS "unknown"
#endif

/* float32 lanes of the widest vector the build's flags allow: the width the
 * instruction minimum of a simulated run is counted at (hx_cachesim). */
#if defined(__AVX512F__)
#define FB_VECTOR_FLOAT_LANES 16
#elif defined(__AVX__)
#define FB_VECTOR_FLOAT_LANES 8
#elif defined(__SSE__) || defined(__ARM_NEON)
#define FB_VECTOR_FLOAT_LANES 4
#else
#define FB_VECTOR_FLOAT_LANES 1
#endif

static void
cpu_model(char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");

	snprintf(buf, len, "unknown");
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
			char *v = colon + 1;
			while (*v == ' ' || *v == '\t')
				v++;
			v[strcspn(v, "\n")] = '\0';
			snprintf(buf, len, "%s", v);
			break;
		}
	}
	fclose(f);
}

/* The allocator's policy (hx_mem_allocator_policy) and the settings that
 * the environment gave it: MALLOC_CONF (jemalloc reads it at start) and
 * GLIBC_TUNABLES (glibc's malloc tunables), each null when unset. Two
 * results measured under different settings are told apart by compare. */
static json_t *
machine_allocator_policy(void)
{
	static const char *const vars[] = {"MALLOC_CONF", "GLIBC_TUNABLES"};
	json_t *o = hx_mem_allocator_policy();

	for (size_t i = 0; o != NULL && i < 2; i++) {
		const char *v = getenv(vars[i]);
		json_object_set_new(
		    o, vars[i], v != NULL ? json_string(v) : json_null());
	}
	return o;
}

json_t *
hx_machine_json(void)
{
	char cpu[256];
	struct utsname u;
	json_t *o = json_object(), *caches = json_object();

	if (o == NULL || caches == NULL) {
		json_decref(o);
		json_decref(caches);
		return NULL;
	}
	cpu_model(cpu, sizeof(cpu));
	json_object_set_new(o, "cpu", json_string(cpu));
	json_object_set_new(
	    o, "cores", json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	json_object_set_new(o, "memory_bytes",
	    json_integer(
		(json_int_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE)));
	for (int level = 1; level <= 3; level++) {
		static const char *const keys[] = {
		    "", "l1d_bytes", "l2_bytes", "l3_bytes"};
		long bytes, ways, line;
		if (variant_cache(level, &bytes, &ways, &line) == 0)
			json_object_set_new(
			    caches, keys[level], json_integer(bytes));
	}
	json_object_set_new(o, "caches", caches);
	if (uname(&u) == 0) {
		char k[400];
		snprintf(
		    k, sizeof(k), "%s %s %s", u.sysname, u.release, u.machine);
		json_object_set_new(o, "kernel", json_string(k));
	}
	json_object_set_new(o, "allocator", json_string(hx_mem_allocator()));
	json_object_set_new(o, "allocator_policy", machine_allocator_policy());
	json_object_set_new(o, "compiler", json_string(FB_COMPILER));
	json_object_set_new(o, "cflags", json_string(FB_CFLAGS));
	json_object_set_new(
	    o, "vector_float_lanes", json_integer(FB_VECTOR_FLOAT_LANES));
	return o;
}
