/*
 * cmd: fork, exec, collect.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"

const char *
cmd_harness(void)
{
	const char *h = getenv("FB_HARNESS");
	return h != NULL ? h : "build/jemalloc/harness";
}

static void
append(char **buf, size_t *len, const char *data, size_t n)
{
	char *nb = realloc(*buf, *len + n + 1);
	if (nb == NULL)
		abort();
	memcpy(nb + *len, data, n);
	*len += n;
	nb[*len] = '\0';
	*buf = nb;
}

void
cmd_run(char *const argv[], cmd_result_t *r)
{
	int out[2], err[2], st;
	size_t olen = 0, elen = 0;
	pid_t pid;
	struct pollfd pf[2];

	memset(r, 0, sizeof(*r));
	r->out = calloc(1, 1);
	r->err = calloc(1, 1);
	if (pipe(out) != 0 || pipe(err) != 0)
		abort();
	pid = fork();
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	pf[0].fd = out[0];
	pf[1].fd = err[0];
	pf[0].events = pf[1].events = POLLIN;
	while (pf[0].fd >= 0 || pf[1].fd >= 0) {
		char buf[4096];
		if (poll(pf, 2, -1) < 0 && errno != EINTR)
			break;
		for (int i = 0; i < 2; i++) {
			ssize_t n;
			if (pf[i].fd < 0 || pf[i].revents == 0)
				continue;
			n = read(pf[i].fd, buf, sizeof(buf));
			if (n <= 0) {
				close(pf[i].fd);
				pf[i].fd = -1;
			} else if (i == 0) {
				append(&r->out, &olen, buf, (size_t)n);
			} else {
				append(&r->err, &elen, buf, (size_t)n);
			}
		}
	}
	waitpid(pid, &st, 0);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

void
cmd_free(cmd_result_t *r)
{
	free(r->out);
	free(r->err);
}

size_t
cmd_lines(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++) {
		if (*s == '\n' || s[1] == '\0')
			n++;
	}
	return n;
}

char *
cmd_tmpdir(void)
{
	char *d = strdup("/tmp/fusebench-test.XXXXXX");
	if (d == NULL || mkdtemp(d) == NULL)
		abort();
	return d;
}
