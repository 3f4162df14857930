/*
 * hx_file: writing result files so that a reader never sees half of one,
 * and so that a writer owns only its own file.
 *
 * The path is resolved first: a symlink is followed to its target (the
 * link stays a link). A new path or an existing regular file is written to
 * a temporary file beside the target, flushed and synced, and renamed onto
 * the target only when all of it was written: a failed write (a full disk,
 * an unwritable folder) leaves the previous file as it was. Anything else
 * that exists there (a character or block device, a FIFO) is someone
 * else's: it is opened for writing and written through, truncated only as
 * the shell's `>` would, never renamed over and never unlinked (a FIFO
 * without waiting: no reader is an error, not a wait). A
 * directory or a socket is refused. "-" is standard output, and so is a
 * path that names it (/dev/stdout). One of /proc's links is written
 * through, whatever it names.
 *
 * Limits: paths up to 4095 bytes; at most 40 symlinks in a chain; a
 * replaced file's name must leave room for the temporary file's suffix
 * (".tmp.XXXXXX": 244 bytes where the folder takes 255).
 */
#ifndef FB_HX_FILE_H
#define FB_HX_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Writes path through writer(f, arg), which returns 0 or -1. Returns 0, or
 * -1 with a one-line reason in msg. */
int hx_file_write_atomic(const char *path, int (*writer)(FILE *f, void *arg),
    void *arg, char *msg, size_t msglen);

/* 1 when path is "-" or names this process's standard output
 * (/dev/stdout, /proc/self/fd/1, the terminal or pipe it is): then it is
 * written through the stdout stream, in order with what else goes there. */
int hx_file_is_stdout(const char *path);

/* 0 when hx_file_write_atomic(path) can be expected to succeed: the path is
 * not empty, not a directory or socket, and a new or regular target's folder
 * exists, is a folder and can be written; an existing regular target can be
 * opened for writing (an immutable or append-only file cannot, and the
 * rename would fail on it); a device must be writable, and a FIFO must
 * have a reader now (opened without waiting; the descriptor is then held,
 * at most 8 of them, until hx_file_write_atomic writes through it, so the
 * reader sees no end of file before the data). Checked before measuring,
 * so that a long run refuses up front rather than fails, or waits for a
 * reader forever, at the end. -1 with a reason naming path. */
int hx_file_check_writable(const char *path, char *msg, size_t msglen);

/* 1 when writing a and writing b would replace the same file: both
 * resolve (through their symlinks) to one name in one folder, so the
 * second write would replace the first; or both are standard output
 * ("-", /dev/stdout), where the two would run together. A device or a
 * FIFO is written through, never replaced: 0 for those, as for two hard
 * links (two names, two renames). */
int hx_file_same(const char *a, const char *b);

/* 0 when no two of paths[0..n) (NULL: not given) are the same file
 * (hx_file_same); else -1 with msg naming both, by their options
 * names[i] ("--json"). Checked before measuring. */
int hx_file_check_distinct(const char *const *names, const char *const *paths,
    size_t n, char *msg, size_t msglen);

/* 0 when dir exists, is a folder and can be written (for a command that
 * writes files of its own naming into it); -1 with a reason naming dir. */
int hx_file_check_dir(const char *dir, char *msg, size_t msglen);

/* Moves the existing ones of paths[0..n) (regular files, or symlinks to
 * them: the link is moved) aside to PATH.K, K the first number from 1 for
 * which no PATH.K of any of them exists, so one set keeps one number.
 * Nothing is deleted. *number gets K (0 when nothing was moved). 0, or -1
 * with msg. */
int hx_file_set_aside(
    const char *const *paths, size_t n, int *number, char *msg, size_t msglen);

/* Flushes standard output now (what it holds must reach its reader before
 * a line on stderr), keeping a lost write's reason for
 * hx_file_close_stdout. */
void hx_file_flush_stdout(void);

/* Flushes and closes standard output; 0, or -1 with the reason in msg (a
 * full disk, a closed pipe), for main to turn a lost write into an error. */
int hx_file_close_stdout(char *msg, size_t msglen);

/* Empties folder dir of its files (one level: a folder the caller made
 * and filled) and removes it; quietly does what it can. */
void hx_file_rmdir(const char *dir);

/* 1 when a write to path goes through to something that is not replaced
 * (standard output, a device, a FIFO, /proc's links): a second write is
 * a second delivery to its reader, not a replacement. */
int hx_file_written_through(const char *path);

/* path with its symlinks followed (as hx_file_write_atomic follows them),
 * into target (len bytes): the file a write replaces, for a lock keyed on
 * the file and not on the name. 0, or -1 (a loop, too long). */
int hx_file_resolve(const char *path, char *target, size_t len);

/* Removes the temporary files an earlier writer of path left when it was
 * killed (SIGKILL) between its mkstemp and its rename: regular files named
 * TARGET.tmp.XXXXXX beside path's resolved target. Call it only while
 * holding the lock that keeps every other writer of path away. Returns how
 * many were removed. */
int hx_file_remove_stale(const char *path);

/* Copies the file at from to path through hx_file_write_atomic. 0, or -1
 * with msg (from unreadable: nothing written). */
int hx_file_copy(const char *from, const char *path, char *msg, size_t msglen);

/* Puts the finished file staged in place at path (symlinks followed): a
 * rename when the target is new or a regular file on staged's file system
 * (its mode and owner kept), else a copy through hx_file_write_atomic (a
 * device, a FIFO, another file system), staged removed. For a writer of
 * several files that puts them in place only when all were written. 0, or
 * -1 with msg. */
int hx_file_install(
    const char *staged, const char *path, char *msg, size_t msglen);

/* The first regular file called name with an execute bit in the folders
 * of PATH (unset or empty: /usr/local/bin:/usr/bin:/bin), its path into
 * buf, as execvp would find it. 0, or -1 when there is none. */
int hx_file_which(const char *name, char *buf, size_t len);

#endif /* FB_HX_FILE_H */
