/*
 * hx_file: atomic replacement of result files.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_file.h"

/* The folder part of path, in buf. */
static void
dir_of(const char *path, char *buf, size_t len)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	snprintf(buf, len, "%s", dirname(tmp));
}

int
hx_file_check_writable(const char *path, char *msg, size_t msglen)
{
	char dir[4096];

	if (strcmp(path, "-") == 0)
		return 0;
	dir_of(path, dir, sizeof(dir));
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(msg, msglen, "%s: folder %s is not writable: %s", path,
		    dir, strerror(errno));
		return -1;
	}
	return 0;
}

int
hx_file_write_atomic(const char *path, int (*writer)(FILE *f, void *arg),
    void *arg, char *msg, size_t msglen)
{
	char tmp[4200];
	FILE *f = NULL;
	int fd, ret = -1;

	if (strcmp(path, "-") == 0) {
		if (writer(stdout, arg) != 0 || fflush(stdout) != 0) {
			snprintf(msg, msglen, "standard output: %s",
			    strerror(errno));
			return -1;
		}
		return 0;
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(msg, msglen, "%s: cannot create a temporary file: %s",
		    path, strerror(errno));
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		close(fd);
		goto label_unlink;
	}
	errno = 0;
	if (writer(f, arg) != 0 || fflush(f) != 0 || fsync(fileno(f)) != 0) {
		snprintf(msg, msglen, "%s: write failed: %s", path,
		    errno != 0 ? strerror(errno) : "writer error");
		fclose(f);
		goto label_unlink;
	}
	if (fclose(f) != 0) {
		snprintf(
		    msg, msglen, "%s: close failed: %s", path, strerror(errno));
		goto label_unlink;
	}
	/* Keep the permissions an ordinary new file would have. */
	{
		mode_t mask = umask(0);
		umask(mask);
		chmod(tmp, 0666 & ~mask);
	}
	if (rename(tmp, path) != 0) {
		snprintf(msg, msglen, "%s: rename failed: %s", path,
		    strerror(errno));
		goto label_unlink;
	}
	return 0;
label_unlink:
	unlink(tmp);
	return ret;
}
