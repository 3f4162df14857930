/*
 * hx_machine: what a result was measured on, so that results from two
 * machines are never compared as if they were one.
 */
#ifndef FB_HX_MACHINE_H
#define FB_HX_MACHINE_H

#include <jansson.h>

/* { cpu, cores, memory_bytes, caches {l1d,l2,l3}, kernel, allocator,
 *   compiler, cflags, vector_float_lanes }. A new reference, NULL on allocation
 * failure. */
json_t *hx_machine_json(void);

#endif /* FB_HX_MACHINE_H */
