/*
 * hx_file: result files written atomically, and only what we own.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "hx_file.h"

#define FILE_PATH_MAX 4096
#define FILE_MAX_LINKS 40
#define FILE_TMP_SUFFIX ".tmp.XXXXXX"

/* The folder part of path, in buf. */
static void
dir_of(const char *path, char *buf, size_t len)
{
	char tmp[FILE_PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s", path);
	snprintf(buf, len, "%s", dirname(tmp));
}

/* Whether path is one of /proc's links (written through, never replaced). */
static int
file_in_proc(const char *path)
{
	return strncmp(path, "/proc/", 6) == 0;
}

/* Follows path's symlinks (lstat and readlink, so that a dangling link
 * resolves to the file it names, which is then created) into target
 * (FILE_PATH_MAX bytes). *exists says whether target exists, *st is its
 * status then. 0, or -1 with msg (a folder on the way that is a file: "Not
 * a directory"; a loop). */
static int
file_resolve(const char *path, char *target, struct stat *st, int *exists,
    char *msg, size_t msglen)
{
	char link[FILE_PATH_MAX], dir[FILE_PATH_MAX];
	struct stat end;
	ssize_t n;

	if (strlen(path) >= FILE_PATH_MAX) {
		snprintf(msg, msglen, "%.64s...: path too long", path);
		return -1;
	}
	snprintf(target, FILE_PATH_MAX, "%s", path);
	for (int hops = 0;; hops++) {
		if (lstat(target, st) != 0) {
			*exists = 0;
			if (errno == ENOENT)
				return 0;
			snprintf(msg, msglen, "%s: %s", path, strerror(errno));
			return -1;
		}
		*exists = 1;
		if (!S_ISLNK(st->st_mode))
			return 0;
		/* A chain that ends at a device, FIFO or socket, or passes
		 * through /proc (/dev/stdout: an open descriptor, whose link
		 * may name no path, "pipe:[1234]"), is opened through the
		 * link: the file the descriptor has open is written, as `>`
		 * would, not replaced beneath it. */
		if (stat(target, &end) == 0 && !S_ISDIR(end.st_mode) &&
		    (!S_ISREG(end.st_mode) || file_in_proc(target))) {
			*st = end;
			return 0;
		}
		if (hops == FILE_MAX_LINKS ||
		    (n = readlink(target, link, sizeof(link) - 1)) < 0) {
			snprintf(msg, msglen, "%s: %s", path,
			    hops == FILE_MAX_LINKS ? strerror(ELOOP)
						   : strerror(errno));
			return -1;
		}
		link[n] = '\0';
		dir_of(target, dir, sizeof(dir));
		if (link[0] != '/' &&
		    strlen(dir) + strlen(link) + 2 > FILE_PATH_MAX) {
			snprintf(msg, msglen, "%s: path too long", path);
			return -1;
		}
		if (link[0] == '/') {
			memcpy(target, link, (size_t)n + 1);
		} else {
			size_t d = strlen(dir);
			memcpy(target, dir, d);
			target[d] = '/';
			memcpy(target + d + 1, link, (size_t)n + 1);
		}
	}
}

/* The kernel file system target lives on ("procfs", "sysfs", ...) when
 * it is one: its regular files are the kernel's interface (/proc/version,
 * /proc/sysrq-trigger, /sys/.../enabled), no output file a writer may own.
 * statfs follows /proc/self/fd/N to the file it has open, so /dev/stdout
 * onto a regular file reads as that file's file system. NULL otherwise. */
static const char *
file_kernel_fs(const char *target)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} kfs[] = {
	    {PROC_SUPER_MAGIC, "procfs"},
	    {SYSFS_MAGIC, "sysfs"},
	    {DEBUGFS_MAGIC, "debugfs"},
	    {TRACEFS_MAGIC, "tracefs"},
	    {SECURITYFS_MAGIC, "securityfs"},
	    {CGROUP_SUPER_MAGIC, "cgroupfs"},
	    {CGROUP2_SUPER_MAGIC, "cgroup2fs"},
	    {BPF_FS_MAGIC, "bpffs"},
	    {EFIVARFS_MAGIC, "efivarfs"},
	};
	struct statfs fs;

	if (statfs(target, &fs) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof(kfs) / sizeof(kfs[0]); i++)
		if ((unsigned long)fs.f_type == kfs[i].magic)
			return kfs[i].name;
	return NULL;
}

/* Whether target (resolved, with status st) is written through rather
 * than replaced: it is not a regular file, or it is one of /proc's links. */
static int
file_through(const char *target, const struct stat *st)
{
	return !S_ISREG(st->st_mode) || file_in_proc(target);
}

/* Runs writer on f and closes f; sync: fsync before closing. 0, or -1 with
 * msg naming path. */
static int
file_write_stream(FILE *f, const char *path, int sync,
    int (*writer)(FILE *f, void *arg), void *arg, char *msg, size_t msglen)
{
	errno = 0;
	if (writer(f, arg) != 0 || fflush(f) != 0 || ferror(f) ||
	    (sync && fsync(fileno(f)) != 0)) {
		snprintf(msg, msglen, "%s: write failed: %s", path,
		    errno != 0 ? strerror(errno) : "writer error");
		fclose(f);
		return -1;
	}
	if (fclose(f) != 0) {
		snprintf(
		    msg, msglen, "%s: close failed: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* FIFOs opened by hx_file_check_writable, held open until their write:
 * closing the write end after the check would hand the reader its end of
 * file before the data, and a reader that then left would leave the real
 * write waiting for a new one. Keyed by device and inode. */
#define FILE_KEPT_MAX 8
static struct {
	dev_t dev;
	ino_t ino;
	int fd;
} file_kept[FILE_KEPT_MAX];
static size_t file_nkept;

/* The kept descriptor of FIFO st, taken out of the table (take), or -1. */
static int
file_kept_find(const struct stat *st, int take)
{
	for (size_t i = 0; i < file_nkept; i++) {
		int fd = file_kept[i].fd;
		if (file_kept[i].dev != st->st_dev ||
		    file_kept[i].ino != st->st_ino)
			continue;
		if (take)
			file_kept[i] = file_kept[--file_nkept];
		return fd;
	}
	return -1;
}

/* Opens FIFO target for writing without waiting for a reader: none is an
 * error (ENXIO, "no reader"), never a wait that lasts until someone comes.
 * The descriptor blocks again after the open (a reader that reads slowly
 * is waited for; a signal ends the wait with EINTR where the handler does
 * not restart it). fd, or -1 with msg naming path. */
static int
file_open_fifo(const char *path, const char *target, char *msg, size_t msglen)
{
	int fd = open(target, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	int fl;

	if (fd < 0) {
		snprintf(msg, msglen, "%s: %s", path,
		    errno == ENXIO ? "a FIFO with no reader (nothing would "
				     "ever take the output)"
				   : strerror(errno));
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* A device or FIFO: written through, as `>` would (a FIFO through the
 * descriptor its check kept, or opened now without waiting). */
static int
file_write_through(const char *path, const char *target, const struct stat *st,
    int (*writer)(FILE *f, void *arg), void *arg, char *msg, size_t msglen)
{
	int fd;
	FILE *f;

	if (S_ISFIFO(st->st_mode)) {
		if ((fd = file_kept_find(st, 1)) < 0 &&
		    (fd = file_open_fifo(path, target, msg, msglen)) < 0)
			return -1;
	} else if ((fd = open(target,
			O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)) < 0) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return file_write_stream(f, path, 0, writer, arg, msg, msglen);
}

/* A new or regular target: a temporary file beside it, renamed onto it.
 * old: the target's status when it exists (its mode and owner are kept),
 * else NULL. */
static int
file_write_replace(const char *path, const char *target, const struct stat *old,
    int (*writer)(FILE *f, void *arg), void *arg, char *msg, size_t msglen)
{
	char tmp[FILE_PATH_MAX + 16];
	FILE *f;
	int fd;

	snprintf(tmp, sizeof(tmp), "%s" FILE_TMP_SUFFIX, target);
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(msg, msglen, "%s: cannot create a temporary file: %s",
		    path, strerror(errno));
		return -1;
	}
	if (old != NULL) {
		/* As root, keep the owner too; an error here is harmless. */
		if (fchown(fd, old->st_uid, old->st_gid) != 0)
			errno = 0;
		fchmod(fd, old->st_mode & 07777);
	} else {
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		close(fd);
		goto label_unlink;
	}
	if (file_write_stream(f, path, 1, writer, arg, msg, msglen) != 0)
		goto label_unlink;
	if (rename(tmp, target) != 0) {
		snprintf(msg, msglen, "%s: rename failed: %s", path,
		    strerror(errno));
		goto label_unlink;
	}
	return 0;
label_unlink:
	unlink(tmp);
	return -1;
}

int
hx_file_write_atomic(const char *path, int (*writer)(FILE *f, void *arg),
    void *arg, char *msg, size_t msglen)
{
	char target[FILE_PATH_MAX];
	struct stat st;
	int exists;

	if (hx_file_is_stdout(path)) {
		errno = 0;
		if (writer(stdout, arg) != 0 || fflush(stdout) != 0 ||
		    ferror(stdout)) {
			snprintf(msg, msglen, "standard output: %s",
			    errno != 0 ? strerror(errno) : "write error");
			return -1;
		}
		return 0;
	}
	if (hx_file_check_writable(path, msg, msglen) != 0 ||
	    file_resolve(path, target, &st, &exists, msg, msglen) != 0)
		return -1;
	if (exists && file_through(target, &st))
		return file_write_through(
		    path, target, &st, writer, arg, msg, msglen);
	return file_write_replace(
	    path, target, exists ? &st : NULL, writer, arg, msg, msglen);
}

int
hx_file_is_stdout(const char *path)
{
	char target[FILE_PATH_MAX], msg[8];
	struct stat st, out;
	int exists;

	if (strcmp(path, "-") == 0)
		return 1;
	return file_resolve(path, target, &st, &exists, msg, sizeof(msg)) ==
	    0 &&
	    exists && file_through(target, &st) &&
	    fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st.st_dev &&
	    out.st_ino == st.st_ino;
}

/* The temporary file beside target (TARGET.tmp.XXXXXX) must be a name
 * the folder takes: found now, not after the measurement. */
static int
file_check_name(const char *path, const char *target, const char *dir,
    char *msg, size_t msglen)
{
	const char *slash = strrchr(target, '/');
	size_t len = strlen(slash != NULL ? slash + 1 : target) +
	    strlen(FILE_TMP_SUFFIX);
	long max = pathconf(dir, _PC_NAME_MAX);

	if (max <= 0)
		max = 255;
	if (len > (size_t)max) {
		snprintf(msg, msglen,
		    "%.200s...: file name too long (%zu bytes with the "
		    "temporary file's %s; the folder takes %ld)",
		    path, len, FILE_TMP_SUFFIX, max);
		return -1;
	}
	return 0;
}

/* A FIFO output needs a reader now: opened without waiting (none: an
 * error before the measurement, not a wait after it), and held open for
 * the write. */
static int
file_check_fifo(const char *path, const char *target, const struct stat *st,
    char *msg, size_t msglen)
{
	int fd;

	if (file_kept_find(st, 0) >= 0)
		return 0;
	if ((fd = file_open_fifo(path, target, msg, msglen)) < 0)
		return -1;
	if (file_nkept == FILE_KEPT_MAX) {
		close(fd);
		return 0;
	}
	file_kept[file_nkept].dev = st->st_dev;
	file_kept[file_nkept].ino = st->st_ino;
	file_kept[file_nkept++].fd = fd;
	return 0;
}

/* An existing regular file must be one the rename may replace: an
 * immutable or append-only file (chattr +i, +a) refuses the rename with
 * EPERM, which access() does not tell as root. Opening it for writing,
 * without truncating, asks the kernel the same question. A file whose
 * permission bits forbid writing (EACCES) is still replaced by the rename,
 * as before. */
static int
file_check_replaceable(
    const char *path, const char *target, char *msg, size_t msglen)
{
	int fd = open(target, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno == EACCES)
		return 0;
	snprintf(msg, msglen, "%s: cannot be replaced: %s%s", path,
	    strerror(errno),
	    errno == EPERM ? " (immutable or append-only? lsattr shows it)"
			   : "");
	return -1;
}

int
hx_file_check_writable(const char *path, char *msg, size_t msglen)
{
	char target[FILE_PATH_MAX], dir[FILE_PATH_MAX];
	const char *kfs;
	struct stat st;
	int exists;

	if (strcmp(path, "-") == 0)
		return 0;
	if (path[0] == '\0') {
		snprintf(msg, msglen, "'': an empty file name");
		return -1;
	}
	if (file_resolve(path, target, &st, &exists, msg, msglen) != 0)
		return -1;
	if (exists && (S_ISDIR(st.st_mode) || S_ISSOCK(st.st_mode))) {
		snprintf(msg, msglen, "%s: is a %s", path,
		    S_ISDIR(st.st_mode) ? "directory" : "socket");
		return -1;
	}
	if (exists && S_ISREG(st.st_mode) &&
	    (kfs = file_kernel_fs(target)) != NULL) {
		snprintf(msg, msglen,
		    "%s: a kernel interface file (%s), not an output file",
		    path, kfs);
		return -1;
	}
	if (exists && S_ISFIFO(st.st_mode))
		return file_check_fifo(path, target, &st, msg, msglen);
	if (exists && file_through(target, &st)) {
		if (access(target, W_OK) == 0)
			return 0;
		snprintf(
		    msg, msglen, "%s: not writable: %s", path, strerror(errno));
		return -1;
	}
	if (exists && file_check_replaceable(path, target, msg, msglen) != 0)
		return -1;
	dir_of(target, dir, sizeof(dir));
	if (stat(dir, &st) != 0) {
		snprintf(msg, msglen, "%s: folder %s: %s", path, dir,
		    errno == ENOENT ? "does not exist" : strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(msg, msglen, "%s: %s is not a directory", path, dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(msg, msglen, "%s: folder %s is not writable: %s", path,
		    dir, strerror(errno));
		return -1;
	}
	return file_check_name(path, target, dir, msg, msglen);
}

/* Where path's write lands when it replaces a file (a new or regular
 * target): its folder's device and inode, and its name in the folder.
 * 0, or -1 when path is written through or cannot be resolved. */
static int
file_entry(const char *path, struct stat *dir_st, char *name, size_t len)
{
	char target[FILE_PATH_MAX], dir[FILE_PATH_MAX], msg[8];
	const char *slash;
	struct stat st;
	int exists;

	if (hx_file_is_stdout(path) ||
	    file_resolve(path, target, &st, &exists, msg, sizeof(msg)) != 0 ||
	    (exists && file_through(target, &st)))
		return -1;
	dir_of(target, dir, sizeof(dir));
	if (stat(dir, dir_st) != 0)
		return -1;
	slash = strrchr(target, '/');
	snprintf(name, len, "%s", slash != NULL ? slash + 1 : target);
	return 0;
}

int
hx_file_same(const char *a, const char *b)
{
	char na[FILE_PATH_MAX], nb[FILE_PATH_MAX];
	struct stat da, db;

	/* Two files on one standard output are one stream no reader can
	 * take apart. */
	if (hx_file_is_stdout(a) && hx_file_is_stdout(b))
		return 1;
	return file_entry(a, &da, na, sizeof(na)) == 0 &&
	    file_entry(b, &db, nb, sizeof(nb)) == 0 && da.st_dev == db.st_dev &&
	    da.st_ino == db.st_ino && strcmp(na, nb) == 0;
}

int
hx_file_check_distinct(const char *const *names, const char *const *paths,
    size_t n, char *msg, size_t msglen)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			if (paths[i] == NULL || paths[j] == NULL ||
			    !hx_file_same(paths[i], paths[j]))
				continue;
			snprintf(msg, msglen, "%s %.1000s and %s %.1000s %s",
			    names[i], paths[i], names[j], paths[j],
			    hx_file_is_stdout(paths[i])
				? "are both standard output: the two would "
				  "run together"
				: "name the same file: one would replace the "
				  "other");
			return -1;
		}
	}
	return 0;
}

int
hx_file_check_dir(const char *dir, char *msg, size_t msglen)
{
	struct stat st;

	if (dir[0] == '\0') {
		snprintf(msg, msglen, "'': an empty folder name");
		return -1;
	}
	if (stat(dir, &st) != 0) {
		snprintf(msg, msglen, "%s: %s", dir,
		    errno == ENOENT ? "no such folder" : strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(msg, msglen, "%s: not a folder", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(msg, msglen, "%s: folder is not writable: %s", dir,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* Whether name exists (a dangling link counts). */
static int
file_exists(const char *name)
{
	struct stat st;

	return lstat(name, &st) == 0;
}

/* Whether name is a regular file or a link to one. */
static int
file_is_regular(const char *name)
{
	struct stat st;

	return stat(name, &st) == 0 && S_ISREG(st.st_mode);
}

int
hx_file_set_aside(
    const char *const *paths, size_t n, int *number, char *msg, size_t msglen)
{
	char to[FILE_PATH_MAX + 16];
	int k, taken = 1, any = 0;

	*number = 0;
	for (size_t i = 0; i < n; i++)
		any |= file_is_regular(paths[i]);
	if (!any)
		return 0;
	for (k = 1; taken && k < 1000000; k++) {
		taken = 0;
		for (size_t i = 0; i < n && !taken; i++) {
			snprintf(to, sizeof(to), "%s.%d", paths[i], k);
			taken = file_exists(to);
		}
	}
	if (taken) {
		snprintf(
		    msg, msglen, "%s: no free number to move it to", paths[0]);
		return -1;
	}
	k--;
	for (size_t i = 0; i < n; i++) {
		if (!file_is_regular(paths[i]))
			continue;
		snprintf(to, sizeof(to), "%s.%d", paths[i], k);
		if (rename(paths[i], to) != 0) {
			snprintf(msg, msglen, "%s: cannot move it to %s: %s",
			    paths[i], to, strerror(errno));
			return -1;
		}
	}
	*number = k;
	return 0;
}

/* The errno of the first lost write to stdout that hx_file_flush_stdout
 * saw, for hx_file_close_stdout's message; 0 if none. */
static int file_stdout_errno;

void
hx_file_flush_stdout(void)
{
	if (ferror(stdout))
		return;
	errno = 0;
	if (fflush(stdout) != 0 && file_stdout_errno == 0)
		file_stdout_errno = errno;
}

int
hx_file_close_stdout(char *msg, size_t msglen)
{
	int failed;

	errno = 0;
	failed = fflush(stdout) != 0 || ferror(stdout);
	if (errno == 0)
		errno = file_stdout_errno;
	if (fclose(stdout) != 0)
		failed = 1;
	if (failed)
		snprintf(msg, msglen, "standard output: %s",
		    errno != 0 ? strerror(errno) : "write error");
	return failed ? -1 : 0;
}

void
hx_file_rmdir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4400];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

int
hx_file_written_through(const char *path)
{
	char target[FILE_PATH_MAX], msg[8];
	struct stat st;
	int exists;

	return hx_file_is_stdout(path) ||
	    (file_resolve(path, target, &st, &exists, msg, sizeof(msg)) == 0 &&
		exists && file_through(target, &st));
}

int
hx_file_resolve(const char *path, char *target, size_t len)
{
	char t[FILE_PATH_MAX], msg[8];
	struct stat st;
	int exists;

	if (file_resolve(path, t, &st, &exists, msg, sizeof(msg)) != 0 ||
	    strlen(t) >= len)
		return -1;
	memcpy(target, t, strlen(t) + 1);
	return 0;
}

/* Whether name is TARGET.tmp.XXXXXX: base, the suffix's dot-tmp-dot, then
 * six of mkstemp's letters. */
static int
file_is_tmp_of(const char *name, const char *base)
{
	size_t n = strlen(base), k = strlen(".tmp.");

	if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp.", k) != 0 ||
	    strlen(name + n + k) != 6)
		return 0;
	for (const char *c = name + n + k; *c != '\0'; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			(*c >= '0' && *c <= '9')))
			return 0;
	return 1;
}

int
hx_file_remove_stale(const char *path)
{
	char target[FILE_PATH_MAX], dir[FILE_PATH_MAX], p[FILE_PATH_MAX * 2];
	const char *slash, *base;
	struct dirent *e;
	struct stat st;
	int removed = 0;
	DIR *d;

	if (hx_file_resolve(path, target, sizeof(target)) != 0)
		return 0;
	dir_of(target, dir, sizeof(dir));
	slash = strrchr(target, '/');
	base = slash != NULL ? slash + 1 : target;
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (!file_is_tmp_of(e->d_name, base))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && unlink(p) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}

/* Copies the file at arg (a path) to f. */
static int
file_copy_writer(FILE *f, void *arg)
{
	FILE *in = fopen(arg, "rb");
	char buf[65536];
	size_t n;
	int rc = 0;

	if (in == NULL)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, f) != n) {
			rc = -1;
			break;
		}
	if (ferror(in))
		rc = -1;
	fclose(in);
	return rc;
}

int
hx_file_copy(const char *from, const char *path, char *msg, size_t msglen)
{
	return hx_file_write_atomic(
	    path, file_copy_writer, (void *)from, msg, msglen);
}

int
hx_file_install(const char *staged, const char *path, char *msg, size_t msglen)
{
	char target[FILE_PATH_MAX], dir[FILE_PATH_MAX];
	struct stat st, sst, dst;
	int exists;

	if (file_resolve(path, target, &st, &exists, msg, msglen) != 0)
		return -1;
	dir_of(target, dir, sizeof(dir));
	/* A device or FIFO is written through; a target in another file
	 * system (through a link) cannot take a rename: copied there by
	 * its own atomic write. */
	if ((exists && file_through(target, &st)) || stat(staged, &sst) != 0 ||
	    stat(dir, &dst) != 0 || sst.st_dev != dst.st_dev) {
		if (hx_file_write_atomic(path, file_copy_writer, (void *)staged,
			msg, msglen) != 0)
			return -1;
		unlink(staged);
		return 0;
	}
	if (exists) {
		if (chown(staged, st.st_uid, st.st_gid) != 0)
			errno = 0;
		chmod(staged, st.st_mode & 07777);
	}
	if (rename(staged, target) != 0) {
		snprintf(msg, msglen, "%s: rename failed: %s", path,
		    strerror(errno));
		return -1;
	}
	return 0;
}

int
hx_file_which(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;
	struct stat st;

	if (path == NULL || *path == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		/* An empty entry is no folder here (execvp's "." is not
		 * taken). */
		if (end > p &&
		    (size_t)snprintf(
			buf, len, "%.*s/%s", (int)(end - p), p, name) < len &&
		    stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 0;
		if (*end == '\0')
			break;
	}
	return -1;
}
