/*
 * fuzz_results: result files as `compare`, `report` and `sweep --resume`
 * read them. The input's first line is a field path ("time_s.median"); the
 * rest is parsed with json_loads as a result object (or, line by line, as a
 * JSON-lines file). Every object goes through the readers in hx_result:
 * hx_result_status, hx_result_number (the input's path, odd paths and
 * every field of hx_fields), the CSV row and hx_result_print_line; and every
 * pair of consecutive objects goes through compare's matcher and comparison
 * (hx_compare_same_run, hx_compare_runs), as `harness compare` would.
 * The rest also goes through the one reader (hx_result_parse, with
 * hx_result_check on every entry) as a file's text would.
 * The whole input also goes through Google Benchmark's format both ways:
 * read back as `compare` reads such a file (hx_gbench_to_results), and
 * written as `--format gbench` writes a result (hx_gbench_from_results).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_compare.h"
#include "hx_fields.h"
#include "hx_gbench.h"
#include "hx_result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Paths beyond the field table's: parameters, a counter, odd ones. */
static const char *const paths[] = {
    "params.n",
    "params.m",
    "params.chunk",
    "counters.perf::cycles.value",
    "time_s.ci95.7",
    "time_s.samples.0",
    "",
    ".",
    "..",
    "a..b",
    "0",
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
	for (int i = 0; i < HX_F_COUNT; i++) {
		(void)hx_field_number(r, (hx_field_id_t)i);
		(void)hx_field_string(r, (hx_field_id_t)i);
	}
	hx_field_csv_row(sink, r);
	hx_field_summary_tail(sink, r);
	hx_result_print_line(sink, r);
}

/* Google Benchmark's JSON: read back (each result read and compared with
 * itself), and r written as one. */
static void
gbench_both_ways(json_t *r, const char *path)
{
	char msg[256];
	json_t *rs, *one, *gb, *x;
	size_t i;

	if (hx_gbench_is(r) &&
	    (rs = hx_gbench_to_results(r, msg, sizeof(msg))) != NULL) {
		hx_compare_opts_t opts;
		hx_compare_verdict_t v;
		hx_compare_opts_init(&opts);
		json_array_foreach(rs, i, x)
		{
			read_result(x, path);
			(void)hx_compare_runs(x, x, &opts, &v);
		}
		json_decref(rs);
	}
	if (json_is_object(r) && (one = json_pack("[O]", r)) != NULL) {
		gb = hx_gbench_from_results(one);
		json_decref(gb);
		json_decref(one);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *body, *line, *save = NULL;
	json_error_t err;
	json_t *r, *prev = NULL;
	hx_compare_opts_t opts;

	if (size > 65536)
		return 0;
	if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
		abort();
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	hx_compare_opts_init(&opts);
	memcpy(text, data, size);
	text[size] = '\0';
	body = strchr(text, '\n');
	if (body != NULL)
		*body++ = '\0';
	else
		body = text + size;
	/* The reader every command uses (hx_result_parse: the whole text,
	 * then line by line; duplicate keys refused; each entry through
	 * hx_result_check), on a copy, since it cuts the text into lines. */
	{
		size_t n = strlen(body);
		char *copy = malloc(n + 1);
		if (copy != NULL) {
			char msg[512];
			memcpy(copy, body, n + 1);
			json_decref(
			    hx_result_parse("fuzz", copy, n, msg, sizeof(msg)));
			json_decref(hx_result_parse_json(
			    "fuzz", body, n, msg, sizeof(msg)));
			free(copy);
		}
	}
	/* The whole rest as one object (a --json file). */
	if ((r = json_loads(body, JSON_DECODE_ANY, &err)) != NULL) {
		char msg[512];
		(void)hx_result_check(r, msg, sizeof(msg));
		read_result(r, text);
		gbench_both_ways(r, text);
		json_decref(r);
	}
	/* Line by line (a sweep's .jsonl), each against the one before. */
	for (line = strtok_r(body, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if ((r = json_loads(line, 0, &err)) != NULL) {
			read_result(r, text);
			if (prev != NULL) {
				hx_compare_verdict_t v;
				(void)hx_compare_same_run(prev, r);
				(void)hx_compare_runs(prev, r, &opts, &v);
			}
			json_decref(prev);
			prev = r;
		}
	}
	json_decref(prev);
	free(text);
	return 0;
}
