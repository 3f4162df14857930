/*
 * hx_select: the variants a command line names, for run's VARIANT words
 * and sweep's --variants alike: names and fnmatch globs, comma-separated.
 */
#ifndef FB_HX_SELECT_H
#define FB_HX_SELECT_H

#include <stddef.h>

#include "variant.h"

/* Appends to out[0 .. *n) (max entries) the variants of w that arg
 * names: a comma-separated list of names and fnmatch globs (col*, *),
 * "all" meaning *, each variant once, in the order named (a glob's in the
 * table's order). 0, or -1 with msg naming a name that is unknown or a
 * glob that matches nothing. */
int hx_select_variants(const workload_t *w, const char *arg,
    const variant_t **out, size_t max, size_t *n, char *msg, size_t msglen);

#endif /* FB_HX_SELECT_H */
