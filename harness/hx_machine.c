/*
 * hx_machine: the machine's description, read once per result.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "hx_machine.h"
#include "hx_mem.h"

#ifdef __clang__
#define FB_COMPILER "clang " __clang_version__
#else
#define FB_COMPILER "gcc " __VERSION__
#endif

#ifndef FB_CFLAGS
#define FB_CFLAGS "unknown"
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

/* One number from a sysfs cache attribute ("32768K" reads as 32768). */
static long
cache_attr(int index, const char *attr)
{
	char path[128];
	long v = 0;
	FILE *f;

	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu0/cache/index%d/%s", index, attr);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%ld", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

int
hx_machine_cache(int level, long *bytes, long *ways, long *line)
{
	static const int sc[] = {0, _SC_LEVEL1_DCACHE_SIZE,
	    _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE};

	*bytes = *ways = *line = 0;
	for (int i = 0; i < 8; i++) {
		char path[128], type[32] = "";
		FILE *f;

		if (cache_attr(i, "level") != level)
			continue;
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		if ((f = fopen(path, "r")) != NULL) {
			if (fscanf(f, "%31s", type) != 1)
				type[0] = '\0';
			fclose(f);
		}
		if (strcmp(type, "Instruction") == 0)
			continue;
		*bytes = cache_attr(i, "size") * 1024;
		*ways = cache_attr(i, "ways_of_associativity");
		*line = cache_attr(i, "coherency_line_size");
		if (*bytes > 0)
			return 0;
	}
	if (level < 1 || level > 3 || (*bytes = sysconf(sc[level])) <= 0) {
		*bytes = 0;
		return -1;
	}
	return 0;
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
		if (hx_machine_cache(level, &bytes, &ways, &line) == 0)
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
	json_object_set_new(o, "compiler", json_string(FB_COMPILER));
	json_object_set_new(o, "cflags", json_string(FB_CFLAGS));
	return o;
}
