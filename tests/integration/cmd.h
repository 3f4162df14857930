/*
 * cmd: running the harness binary from a test, the way a user would, and
 * capturing its exit status, standard output and standard error.
 */
#ifndef FB_TEST_CMD_H
#define FB_TEST_CMD_H

#include <stddef.h>

typedef struct cmd_result_s {
	int status;   /* exit status, or 128 + signal */
	char *out;    /* standard output, NUL-terminated, owned */
	char *err;    /* standard error, NUL-terminated, owned */
} cmd_result_t;

/* The harness under test: $FB_HARNESS, or build/jemalloc/harness. */
const char *cmd_harness(void);
/* Runs argv (argv[0] is a path) to completion. */
void cmd_run(char *const argv[], cmd_result_t *r);
void cmd_free(cmd_result_t *r);
/* Lines in s (a final line without '\n' counts). */
size_t cmd_lines(const char *s);
/* A fresh temporary folder, owned by the caller (rm -r it). */
char *cmd_tmpdir(void);

#endif /* FB_TEST_CMD_H */
