/*
 * hx_file: writing result files so that a reader never sees half of one.
 *
 * Every file fusebench writes goes to a temporary file beside its target,
 * is flushed and synced, and is renamed over the target only when all of it
 * was written. A failed write (a full disk, an unwritable folder) leaves the
 * previous file as it was and reports why.
 */
#ifndef FB_HX_FILE_H
#define FB_HX_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Writes path through writer(f, arg), which returns 0 or -1. "-" means
 * standard output (written directly). Returns 0, or -1 with a one-line
 * reason in msg. */
int hx_file_write_atomic(const char *path, int (*writer)(FILE *f, void *arg),
    void *arg, char *msg, size_t msglen);

/* 0 when path's folder exists and can be written (so that a long run can
 * refuse up front rather than fail at the end); -1 with a reason. */
int hx_file_check_writable(const char *path, char *msg, size_t msglen);

#endif /* FB_HX_FILE_H */
