/*
 * fb_objects: where the build put a harness object file, for the tests
 * that disassemble what the compiler made of a kernel (test_disasm.c,
 * test_flow.c): beside this test binary, obj/harness/FILE.
 */
#ifndef FB_TESTS_OBJECTS_H
#define FB_TESTS_OBJECTS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* obj/harness/file beside /proc/self/exe into path. */
static inline void
fb_harness_object(const char *file, char *path, size_t len)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	cr_assert(n > 0);
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	cr_assert_not_null(slash);
	*slash = '\0';
	snprintf(path, len, "%s/obj/harness/%s", exe, file);
}

#endif /* FB_TESTS_OBJECTS_H */
