/*
 * hx_cachesim: callgrind's cache simulator around a command. See
 * hx_cachesim.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hx_cachesim.h"
#include "hx_fields.h"
#include "hx_file.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_result.h"
#include "variant.h"

#define CACHESIM_NEVENTS 9

/* The callgrind event names, in the order of the fields of hx_cachesim_t. */
static const char *const cachesim_events[CACHESIM_NEVENTS] = {
    "Ir",
    "Dr",
    "Dw",
    "I1mr",
    "D1mr",
    "D1mw",
    "ILmr",
    "DLmr",
    "DLmw",
};

__attribute__((format(printf, 3, 4))) static void
cachesim_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	if (msg == NULL || msglen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

/* Where each of cachesim_events lives in hx_cachesim_t. */
static const size_t cachesim_offsets[CACHESIM_NEVENTS] = {
    offsetof(hx_cachesim_t, ir),
    offsetof(hx_cachesim_t, dr),
    offsetof(hx_cachesim_t, dw),
    offsetof(hx_cachesim_t, i1mr),
    offsetof(hx_cachesim_t, d1mr),
    offsetof(hx_cachesim_t, d1mw),
    offsetof(hx_cachesim_t, ilmr),
    offsetof(hx_cachesim_t, dlmr),
    offsetof(hx_cachesim_t, dlmw),
};

/* A temporary file from template "hx_cachesim.<what>.XXXXXX" in TMPDIR. */
static int
cachesim_tempfile(char *buf, size_t len, const char *what)
{
	const char *dir = getenv("TMPDIR");

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if ((size_t)snprintf(buf, len, "%s/hx_cachesim.%s.XXXXXX", dir, what) >=
	    len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkstemp(buf);
}

/*
 * From the valgrind log: the version ("Using Valgrind-3.19.0 and LibVEX")
 * into version, and for error messages the line that most likely says what
 * went wrong: valgrind's own complaint ("valgrind: ...") if any, else the
 * last line the command wrote.
 */
static void
cachesim_scan_log(
    const char *path, char *version, size_t vlen, char *last, size_t llen)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int complaint = 0;

	f = fopen(path, "r");
	if (f == NULL)
		return;
	while ((n = getline(&line, &cap, f)) > 0) {
		const char *v;

		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		v = strstr(line, "Using Valgrind-");
		if (v != NULL) {
			v += strlen("Using ");
			snprintf(
			    version, vlen, "%.*s", (int)strcspn(v, " "), v);
		}
		if (strncmp(line, "valgrind:", 9) == 0) {
			snprintf(last, llen, "%s", line);
			complaint = 1;
		} else if (!complaint && n > 0 && strncmp(line, "==", 2) != 0 &&
		    strncmp(line, "--", 2) != 0) {
			snprintf(last, llen, "%s", line);
		}
	}
	free(line);
	fclose(f);
}

/* "desc: D1 cache: 49152 B, 64 B, 12-way associative" -> config. */
static void
cachesim_desc(const char *line, const char *cache, char *config, size_t len)
{
	size_t n = strlen(cache);

	if (strncmp(line, cache, n) == 0 &&
	    strncmp(line + n, " cache: ", 8) == 0)
		snprintf(config, len, "%s", line + n + 8);
}

/*
 * Reads the callgrind output: event names from "events:", counts from
 * "totals:" (summed over parts; "summary:" when no totals). Fields missing
 * at the end of a line are zero, as callgrind omits trailing zeros.
 */
static int
cachesim_parse(const char *path, hx_cachesim_t *s, char *msg, size_t msglen)
{
	FILE *f;
	char *line = NULL, *tok, *save;
	size_t cap = 0;
	ssize_t n;
	int map[32], nev = 0, seen_events = 0, seen_totals = 0, ret = -1, k;
	uint64_t summary[CACHESIM_NEVENTS] = {0},
		 totals[CACHESIM_NEVENTS] = {0};
	uint64_t *dst;

	f = fopen(path, "r");
	if (f == NULL) {
		cachesim_msg(msg, msglen, "callgrind output %s: %s", path,
		    strerror(errno));
		goto label_return;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (strncmp(line, "desc: ", 6) == 0) {
			cachesim_desc(
			    line + 6, "I1", s->i1_config, sizeof(s->i1_config));
			cachesim_desc(
			    line + 6, "D1", s->d1_config, sizeof(s->d1_config));
			cachesim_desc(
			    line + 6, "LL", s->ll_config, sizeof(s->ll_config));
		} else if (strncmp(line, "events:", 7) == 0) {
			nev = 0;
			seen_events = 1;
			for (tok = strtok_r(line + 7, " \t", &save);
			     tok != NULL && nev < 32;
			     tok = strtok_r(NULL, " \t", &save)) {
				map[nev] = -1;
				for (k = 0; k < CACHESIM_NEVENTS; k++) {
					if (strcmp(tok, cachesim_events[k]) ==
					    0)
						map[nev] = k;
				}
				nev++;
			}
		} else if (strncmp(line, "totals:", 7) == 0 ||
		    strncmp(line, "summary:", 8) == 0) {
			int is_totals = (line[0] == 't');
			int i = 0;

			dst = is_totals ? totals : summary;
			seen_totals |= is_totals;
			for (tok = strtok_r(
				 line + (is_totals ? 7 : 8), " \t", &save);
			     tok != NULL && i < nev;
			     tok = strtok_r(NULL, " \t", &save), i++) {
				if (map[i] >= 0)
					dst[map[i]] += strtoull(tok, NULL, 10);
			}
		}
	}
	if (!seen_events) {
		cachesim_msg(msg, msglen,
		    "callgrind output %s: no 'events:' "
		    "line (was --cache-sim=yes in effect?)",
		    path);
		goto label_return;
	}
	dst = seen_totals ? totals : summary;
	for (k = 0; k < CACHESIM_NEVENTS; k++)
		memcpy(
		    (char *)s + cachesim_offsets[k], &dst[k], sizeof(dst[k]));
	ret = 0;
label_return:
	free(line);
	if (f != NULL)
		fclose(f);
	return ret;
}

/* "--LL=size,assoc,line" from the kernel's view of the last-level cache,
 * when it is one valgrind can simulate (a power-of-two number of sets);
 * otherwise "" and valgrind reads CPUID, which under KVM may describe the
 * host (here 384 MiB, simulated as 512 MiB 2-way). */
static void
cachesim_ll_option(char *buf, size_t len)
{
	long bytes, ways, line, sets;

	buf[0] = '\0';
	if (variant_cache(3, &bytes, &ways, &line) != 0 || ways <= 0 ||
	    line <= 0)
		return;
	sets = bytes / (ways * line);
	if (sets <= 0 || (sets & (sets - 1)) != 0 ||
	    sets * ways * line != bytes)
		return;
	snprintf(buf, len, "--LL=%ld,%ld,%ld", bytes, ways, line);
}

/* The valgrind command line around argv (a new array of borrowed
 * strings), or NULL when out of memory. */
static char **
cachesim_argv(char *valgrind, char *const argv[], char *llopt, char *toggleopt,
    char *outopt)
{
	size_t argc, j = 0;
	char **vargv;

	for (argc = 0; argv[argc] != NULL; argc++)
		;
	if ((vargv = calloc(argc + 7, sizeof(*vargv))) == NULL)
		return NULL;
	vargv[j++] = valgrind;
	vargv[j++] = "--tool=callgrind";
	vargv[j++] = "--cache-sim=yes";
	if (llopt[0] != '\0')
		vargv[j++] = llopt;
	if (toggleopt[0] != '\0')
		vargv[j++] = toggleopt;
	vargv[j++] = outopt;
	for (size_t i = 0; i < argc; i++)
		vargv[j++] = argv[i];
	vargv[j] = NULL;
	return vargv;
}

/* Runs vargv with stdin from /dev/null and its output into logfd, and
 * waits. 0 and *status, or -1 with msg. */
static int
cachesim_spawn(char **vargv, int logfd, int *status, char *msg, size_t msglen)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		cachesim_msg(
		    msg, msglen, "cachesim: fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int nullfd = open("/dev/null", O_RDONLY);

		if (nullfd >= 0)
			dup2(nullfd, STDIN_FILENO);
		dup2(logfd, STDOUT_FILENO);
		dup2(logfd, STDERR_FILENO);
		execv(vargv[0], vargv);
		_exit(127);
	}
	while (waitpid(pid, status, 0) < 0) {
		if (errno != EINTR) {
			cachesim_msg(msg, msglen, "cachesim: waitpid: %s",
			    strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* How the command under valgrind ended: 0 when it exited 0 and counted
 * something; else -1 with msg. */
static int
cachesim_check(int status, const char *cmd, const char *last,
    const hx_cachesim_t *out, const char *toggle_fn, char *msg, size_t msglen)
{
	if (WIFSIGNALED(status)) {
		cachesim_msg(msg, msglen,
		    "cachesim: '%s' under valgrind killed by signal %d", cmd,
		    WTERMSIG(status));
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		cachesim_msg(msg, msglen,
		    "cachesim: '%s' under valgrind exited with status %d: %s",
		    cmd, WEXITSTATUS(status),
		    last[0] != '\0' ? last : "(no message)");
		return -1;
	}
	if (out != NULL && out->ir == 0) {
		cachesim_msg(msg, msglen,
		    "cachesim: '%s': no instructions counted%s%s%s", cmd,
		    toggle_fn != NULL ? " (did '" : "",
		    toggle_fn != NULL ? toggle_fn : "",
		    toggle_fn != NULL ? "' run, and not inlined?)" : "");
		return -1;
	}
	return 0;
}

/* The two temporary files; 0, or -1 with msg (the paths of those made are
 * kept for removal). */
static int
cachesim_tempfiles(char *outpath, char *logpath, size_t len, int *outfd,
    int *logfd, char *msg, size_t msglen)
{
	if ((*outfd = cachesim_tempfile(outpath, len, "out")) < 0) {
		cachesim_msg(msg, msglen, "cachesim: temporary file %s: %s",
		    outpath, strerror(errno));
		outpath[0] = '\0';
		return -1;
	}
	if ((*logfd = cachesim_tempfile(logpath, len, "log")) < 0) {
		cachesim_msg(msg, msglen, "cachesim: temporary file %s: %s",
		    logpath, strerror(errno));
		logpath[0] = '\0';
		return -1;
	}
	return 0;
}

int
hx_cachesim_run(char *const argv[], const char *toggle_fn, hx_cachesim_t *out,
    char *msg, size_t msglen)
{
	char valgrind[4096], outpath[4096], logpath[4096];
	char outopt[4200], toggleopt[512] = "", version[32] = "valgrind";
	char llopt[96], last[256] = "";
	char **vargv = NULL;
	int outfd = -1, logfd = -1, status, ret = -1;

	outpath[0] = logpath[0] = '\0';
	if (msg != NULL && msglen > 0)
		msg[0] = '\0';
	if (argv == NULL || argv[0] == NULL || out == NULL) {
		cachesim_msg(msg, msglen, "cachesim: no command to run");
		goto label_return;
	}
	memset(out, 0, sizeof(*out));
	if (hx_file_which("valgrind", valgrind, sizeof(valgrind)) != 0) {
		cachesim_msg(msg, msglen,
		    "cachesim: valgrind not found in PATH (Debian: apt-get "
		    "install valgrind)");
		goto label_return;
	}
	if (toggle_fn != NULL &&
	    (size_t)snprintf(toggleopt, sizeof(toggleopt),
		"--toggle-collect=%s", toggle_fn) >= sizeof(toggleopt)) {
		cachesim_msg(
		    msg, msglen, "cachesim: toggle function name too long");
		goto label_return;
	}
	if (cachesim_tempfiles(outpath, logpath, sizeof(outpath), &outfd,
		&logfd, msg, msglen) != 0)
		goto label_return;
	snprintf(outopt, sizeof(outopt), "--callgrind-out-file=%s", outpath);
	cachesim_ll_option(llopt, sizeof(llopt));
	if ((vargv = cachesim_argv(valgrind, argv, llopt, toggleopt, outopt)) ==
	    NULL) {
		cachesim_msg(msg, msglen, "cachesim: out of memory");
		goto label_return;
	}
	if (cachesim_spawn(vargv, logfd, &status, msg, msglen) != 0)
		goto label_return;
	cachesim_scan_log(
	    logpath, version, sizeof(version), last, sizeof(last));
	if (cachesim_check(
		status, argv[0], last, NULL, toggle_fn, msg, msglen) != 0 ||
	    cachesim_parse(outpath, out, msg, msglen) != 0 ||
	    cachesim_check(
		status, argv[0], last, out, toggle_fn, msg, msglen) != 0)
		goto label_return;
	snprintf(out->tool, sizeof(out->tool), "%s callgrind --cache-sim=yes",
	    version);
	ret = 0;
label_return:
	free(vargv);
	if (outfd >= 0)
		close(outfd);
	if (logfd >= 0)
		close(logfd);
	if (outpath[0] != '\0')
		unlink(outpath);
	if (logpath[0] != '\0')
		unlink(logpath);
	return ret;
}

json_t *
hx_cachesim_json(const hx_cachesim_t *s)
{
	json_t *obj;
	int bad = 0, k;

	if (s == NULL)
		return NULL;
	obj = json_object();
	if (obj == NULL)
		return NULL;
	bad |= json_object_set_new(obj, "simulated", json_true());
	bad |= json_object_set_new(obj, "tool", json_string(s->tool));
	bad |= json_object_set_new(obj, "i1", json_string(s->i1_config));
	bad |= json_object_set_new(obj, "d1", json_string(s->d1_config));
	bad |= json_object_set_new(obj, "ll", json_string(s->ll_config));
	for (k = 0; k < CACHESIM_NEVENTS; k++) {
		uint64_t v;

		memcpy(&v, (const char *)s + cachesim_offsets[k], sizeof(v));

		bad |= json_object_set_new(
		    obj, cachesim_events[k], json_integer((json_int_t)v));
	}
	if (bad) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}
