/*
 * hx_machine: what a result was measured on, so that results from two
 * machines are never compared as if they were one.
 */
#ifndef FB_HX_MACHINE_H
#define FB_HX_MACHINE_H

#include <jansson.h>

/* A data or unified cache of the first CPU at level 1, 2 or 3, as the
 * kernel describes it (sysfs), else as glibc does (sysconf: under KVM that
 * can be the host's, e.g. a 384 MiB L3 where the guest has 32 MiB). Fills
 * the size in bytes and, where known, the ways and the line size (else 0).
 * Returns 0, or -1 when neither source knows the cache. */
int hx_machine_cache(int level, long *bytes, long *ways, long *line);

/* { cpu, cores, memory_bytes, caches {l1d,l2,l3}, kernel, allocator,
 *   compiler, cflags }. A new reference, NULL on allocation failure. */
json_t *hx_machine_json(void);

#endif /* FB_HX_MACHINE_H */
