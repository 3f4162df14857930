/*
 * fuzz_results: result files as `compare`, `report` and `sweep --resume`
 * read them. The input's first line is a field path ("time_s.median"); the
 * rest is parsed with json_loads as a result object (or, line by line, as a
 * JSON-lines file). Every object goes through the readers in hx_result:
 * hx_result_status, hx_result_number (the input's path and the paths the CSV
 * and the report read) and hx_result_print_line.
 *
 * TODO(compare): harness/hx_compare.c is a stub on main; when the matcher
 * lands, feed it pairs of these objects here.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const paths[] = {
    "params.n",
    "params.m",
    "params.chunk",
    "time_s.cold",
    "time_s.median",
    "time_s.min",
    "memory.model_bytes",
    "memory.peak_workspace_bytes",
    "memory.peak_rss_bytes",
    "counters.perf::cycles.value",
    "work.flops",
    "",
    ".",
    "..",
    "a..b",
    "status",
};

static FILE *sink;

static void
read_result(const json_t *r, const char *path)
{
	const char *s = hx_result_status(r);

	if (s == NULL)
		abort();
	(void)hx_result_number(r, path);
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		(void)hx_result_number(r, paths[i]);
	hx_result_print_line(sink, r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *body, *line, *save = NULL;
	json_error_t err;
	json_t *r;

	if (size > 65536)
		return 0;
	if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
		abort();
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	body = strchr(text, '\n');
	if (body != NULL)
		*body++ = '\0';
	else
		body = text + size;
	/* The whole rest as one object (a --json file). */
	if ((r = json_loads(body, JSON_DECODE_ANY, &err)) != NULL) {
		read_result(r, text);
		json_decref(r);
	}
	/* Line by line (a sweep's .jsonl). */
	for (line = strtok_r(body, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if ((r = json_loads(line, 0, &err)) != NULL) {
			read_result(r, text);
			json_decref(r);
		}
	}
	free(text);
	return 0;
}
