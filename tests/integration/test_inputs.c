/*
 * Bad command lines, table-driven: each must exit 2, print exactly one line
 * on stderr that names the bad value, and write nothing: no file at the
 * --json path (or the sweep's --out prefix), an existing file there
 * unchanged, no temporary file left. Each case runs twice, once with the
 * output path absent and once with a file already there.
 */
#include "fb_spawn.h"

#define SENTINEL "{\"previous\": \"result, must survive\"}\n"

typedef struct bad_case_s {
	/* "run" or "sweep" and what follows; the test inserts the output
	 * option right after the command, so a missing value at the end
	 * stays missing. */
	const char *args[14];
	const char *needle; /* must appear in the one stderr line */
} bad_case_t;

#define NUMBER_CASES(opt, w, v)                                                \
	{{"run", w, v, opt, "0"}, "'0'"}, {{"run", w, v, opt, "-5"}, "'-5'"},  \
	    {{"run", w, v, opt, "abc"}, "'abc'"},                              \
	    {{"run", w, v, opt, "1e5x"}, "'1e5x'"},                            \
	    {{"run", w, v, opt, "1.5"}, "'1.5'"},                              \
	    {{"run", w, v, opt, "99999999999999999999999"},                    \
		"'99999999999999999999999'"},                                  \
	    {{"run", w, v, opt, ""}, "''"},                                    \
	    {{"run", w, v, opt, "0x10"}, "'0x10'"},                            \
	{                                                                      \
		{"run", w, v, opt, " 7"}, "' 7'"                               \
	}

static const bad_case_t cases[] = {
    /* Names. */
    {{"run", "nosuch", "fused"}, "'nosuch'"},
    {{"run", "interp", "nosuch"}, "'nosuch'"},
    {{"run", "colony", "materialized"}, "'materialized'"},
    {{"run", "interp"}, "WORKLOAD and VARIANT"},
    {{"run", "interp", "fused", "extra"}, "'extra'"},
    /* Every count option: zero, negative, junk, fraction, overflow,
     * empty, hex, a space. */
    NUMBER_CASES("--n", "interp", "fused"),
    NUMBER_CASES("--m", "interp", "fused"),
    NUMBER_CASES("--g", "interp", "fused"),
    NUMBER_CASES("--chunk", "interp", "chunked"),
    NUMBER_CASES("--tile", "interp", "tiled"),
    NUMBER_CASES("--steps", "colony", "fused"),
    /* --repeat and --warmup accept 0 (cold run only; no warm-up). */
    {{"run", "interp", "fused", "--repeat", "-5"}, "'-5'"},
    {{"run", "interp", "fused", "--repeat", "abc"}, "'abc'"},
    {{"run", "interp", "fused", "--repeat", "1e5x"}, "'1e5x'"},
    {{"run", "interp", "fused", "--repeat", "1.5"}, "'1.5'"},
    {{"run", "interp", "fused", "--repeat", "99999999999999999999999"},
	"'99999999999999999999999'"},
    {{"run", "interp", "fused", "--repeat", ""}, "''"},
    {{"run", "interp", "fused", "--warmup", "-1"}, "'-1'"},
    {{"run", "interp", "fused", "--seed", "-1"}, "'-1'"},
    {{"run", "interp", "fused", "--min-time", "0"}, "'0'"},
    {{"run", "interp", "fused", "--min-time", "nan"}, "'nan'"},
    {{"run", "interp", "fused", "--min-time", "-1"}, "'-1'"},
    {{"run", "interp", "fused", "--timeline-interval", "0"}, "'0'"},
    /* Values the workload or variant refuses. */
    {{"run", "interp", "chunked", "--n", "100", "--chunk", "1000"}, "1000"},
    {{"run", "colony", "chunked", "--n", "100", "--chunk", "1000"}, "1000"},
    {{"run", "interp", "tiled", "--n", "100", "--tile", "1000"}, "1000"},
    {{"run", "colony", "tiled", "--n", "100", "--tile", "1000"}, "1000"},
    {{"run", "colony", "fused", "--n", "8"}, "n 8"},
    {{"run", "interp", "fused", "--g", "1"}, "g 1"},
    {{"run", "interp", "fused", "--preset", "foo"}, "'foo'"},
    {{"run", "interp", "fused", "--preset", ""}, "''"},
    /* Parameters the workload does not use. */
    {{"run", "colony", "fused", "--preset", "seed"}, "--preset"},
    {{"run", "colony", "fused", "--m", "4"}, "--m"},
    {{"run", "colony", "fused", "--g", "32"}, "--g"},
    {{"sweep", "--workload", "colony", "--m", "4,8"}, "--m"},
    {{"sweep", "--workload", "colony", "--preset", "seed"}, "--preset"},
    /* Byte sizes. */
    {{"run", "interp", "fused", "--mem-limit", "12Q"}, "'12Q'"},
    {{"run", "interp", "fused", "--mem-limit", "0"}, "'0'"},
    {{"run", "interp", "fused", "--mem-limit", "-1M"}, "'-1M'"},
    {{"run", "interp", "fused", "--mem-limit", "M"}, "'M'"},
    {{"run", "interp", "fused", "--mem-limit", "17179869184G"},
	"'17179869184G'"},
    /* Event lists. */
    {{"run", "interp", "fused", "--events", "foo"}, "'foo'"},
    {{"run", "interp", "fused", "--events", "cycles,,instructions"},
	"'cycles,,instructions'"},
    {{"run", "interp", "fused", "--events", "cycles,"}, "'cycles,'"},
    {{"run", "interp", "fused", "--events", ""}, "''"},
    {{"run", "interp", "fused", "--events", "perf::cycles,nosuch::x"},
	"nosuch::x"},
    /* Options. */
    {{"run", "interp", "fused", "--bogus"}, "'--bogus'"},
    {{"run", "interp", "fused", "-x"}, "'-x'"},
    {{"run", "interp", "fused", "-xy"}, "'-x'"},
    {{"run", "interp", "fused", "--help=1"}, "'--help=1'"},
    {{"run", "interp", "fused", "--n"}, "'--n'"},
    {{"run", "interp", "fused", "--timeline", "-"}, "--timeline"},
    {{"run", "interp", "fused", "--timeline", "/nonexistent/tl.csv"},
	"/nonexistent"},
    /* Sweeps: lists, names, and the same checks as run. */
    {{"sweep", "--workload", "nosuch"}, "'nosuch'"},
    {{"sweep", "--workload", "interp", "--variants", "fused,nope"}, "'nope'"},
    /* Globs that match nothing; --aggregates-only without gbench; one
     * timeline for several variants. */
    {{"sweep", "--workload", "interp", "--variants", "q*"}, "'q*'"},
    {{"sweep", "--workload", "interp", "--variants", "fused,[z]"}, "'[z]'"},
    {{"sweep", "--workload", "interp", "--aggregates-only"},
	"--aggregates-only"},
    {{"run", "interp", "zz*"}, "'zz*'"},
    {{"run", "interp", "fused", "col*"}, "'col*'"},
    {{"run", "interp", "fused", "--aggregates-only"}, "--aggregates-only"},
    {{"run", "interp", "fused,tiled", "--timeline", "t.csv"}, "--timeline"},
    {{"run", "interp", "fused", "--csv", "/nonexistent/r.csv"}, "/nonexistent"},
    {{"sweep", "--workload", "interp", "--variants", ","}, "','"},
    {{"sweep", "--workload", "interp", "--n", "1e3,abc"}, "'abc'"},
    {{"sweep", "--workload", "interp", "--n", "1e3,,1e4"}, "'1e3,,1e4'"},
    {{"sweep", "--workload", "interp", "--n", ",1"}, "',1'"},
    {{"sweep", "--workload", "interp", "--n", "1,"}, "'1,'"},
    {{"sweep", "--workload", "interp", "--n", ""}, "''"},
    {{"sweep", "--workload", "interp", "--n", "1e3,0"}, "'0'"},
    {{"sweep", "--workload", "interp", "--m", "4,1.5"}, "'1.5'"},
    {{"sweep", "--workload", "interp", "--chunk", "0"}, "'0'"},
    {{"sweep", "--workload", "interp", "--tile", "1e5x"}, "'1e5x'"},
    {{"sweep", "--workload", "colony", "--steps", "1,2,-3"}, "'-3'"},
    {{"sweep", "--workload", "interp", "--g", "99999999999999999999999"},
	"'99999999999999999999999'"},
    {{"sweep", "--workload", "interp", "--n", "100,1000", "--chunk", "1000"},
	"1000"},
    {{"sweep", "--workload", "colony", "--n", "1000,8"}, "n 8"},
    {{"sweep", "--workload", "interp", "--preset", "foo"}, "'foo'"},
    /* interp's own choice, in a list; another workload's own parameter. */
    {{"sweep", "--workload", "interp", "--preset", "seed,oval"},
	"--preset 'oval': must be random or seed"},
    {{"run", "colony", "fused", "--param", "preset=seed"},
	"--preset: colony declares no such parameter"},
    {{"sweep", "--workload", "interp", "--events", "foo"}, "'foo'"},
    {{"sweep", "--workload", "interp", "--mem-limit", "12Q"}, "'12Q'"},
    {{"sweep", "--workload", "interp", "--repeat", "x"}, "'x'"},
    {{"sweep", "--workload", "interp", "--bogus"}, "'--bogus'"},
    {{"sweep", "--workload", "interp", "extra"}, "'extra'"},
    {{"sweep", "--workload", "interp", "--n"}, "'--n'"},
    /* Issue 17: bounds named, outputs checked before the first run. */
    {{"run", "interp", "fused", "--n", "1e30"}, "'1e30': must be at most"},
    {{"run", "interp", "fused", "--m", "99999999999999999999999"},
	"must be at most"},
    {{"run", "interp", "fused", "--repeat", "1e9"}, "'1e9': must be at most"},
    {{"run", "interp", "fused", "--warmup", "1e30"}, "must be at most"},
    {{"run", "interp", "fused", "--timeline-interval", "1e30"},
	"must be at most"},
    {{"run", "interp", "fused", "--mem-limit", "1e30"}, "must be at most"},
    {{"run", "interp", "fused", "--json", ""}, "--json '': an empty"},
    {{"run", "interp", "fused", "--json", "/nonexistent/r.json"},
	"/nonexistent"},
    {{"run", "interp", "fused", "--json", "/proc/self"}, "is a directory"},
    {{"run", "interp", "fused", "--timeline", ""}, "an empty file name"},
    {{"sweep", "--workload", "interp", "--n", "1e3,1e30"}, "'1e30'"},
    {{"sweep", "--workload", "interp", "--repeat", "1e9"}, "'1e9'"},
    {{"sweep", "--workload", "interp", "--out", ""}, "an empty prefix"},
    {{"sweep", "--workload", "interp", "--out", "/nonexistent/s"},
	"/nonexistent"},
    {{"sweep", "--workload", "interp", "--timeline-dir", "/nonexistent"},
	"/nonexistent"},
    {{"sweep", "--workload", "interp", "--timeline-dir", ""}, "empty folder"},
    {{"sweep", "--workload", "interp", "--resume", "--force"}, "--force"},
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* Runs case i with the output at path; returns nothing, asserts all. */
static void
check_case(size_t i, const char *dir, int existing)
{
	const bad_case_t *c = &cases[i];
	int sweep = strcmp(c->args[0], "sweep") == 0;
	char path[4200], jsonl[4300], csv[4300], line[2048];
	char *args[FB_MAX_ARGS], *err = NULL, *after;
	int a = 0, rc;

	snprintf(path, sizeof(path), "%s/%s", dir, sweep ? "out" : "r.json");
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", path);
	snprintf(csv, sizeof(csv), "%s.csv", path);
	/* The output option goes right after the command, unless the case
	 * gives its own (a second one would be refused as given twice). */
	int own = 0;
	for (int k = 1; k < 14 && c->args[k] != NULL; k++)
		own |= strcmp(c->args[k], sweep ? "--out" : "--json") == 0;
	args[a++] = (char *)c->args[0];
	if (!own) {
		args[a++] = sweep ? "--out" : "--json";
		args[a++] = path;
	}
	for (int k = 1; k < 14 && c->args[k] != NULL; k++)
		args[a++] = (char *)c->args[k];
	args[a] = NULL;
	fb_join(args, line, sizeof(line));
	if (existing)
		fb_write(sweep ? jsonl : path, SENTINEL);

	rc = fb_run(args, dir, &err);
	cr_expect(rc == 2, "harness %s: exit %d, expected 2 (stderr: %s)", line,
	    rc, err != NULL ? err : "(none)");
	cr_expect(fb_lines(err) == 1,
	    "harness %s: %d lines on stderr, expected 1:\n%s", line,
	    fb_lines(err), err != NULL ? err : "(none)");
	cr_expect(err != NULL && strstr(err, c->needle) != NULL,
	    "harness %s: stderr does not name the bad value %s: %s", line,
	    c->needle, err != NULL ? err : "(none)");
	if (existing) {
		after = fb_slurp(sweep ? jsonl : path);
		cr_expect(after != NULL && strcmp(after, SENTINEL) == 0,
		    "harness %s: the existing file changed: %s", line,
		    after != NULL ? after : "(gone)");
		free(after);
		cr_expect(fb_count_entries(dir) == 1,
		    "harness %s: %d files in the output folder, expected 1",
		    line, fb_count_entries(dir));
	} else {
		cr_expect(fb_count_entries(dir) == 0,
		    "harness %s: wrote %d files, expected none", line,
		    fb_count_entries(dir));
		cr_expect(access(sweep ? csv : path, F_OK) != 0,
		    "harness %s: created its output", line);
	}
	free(err);
}

ParameterizedTestParameters(inputs, bad_command_line)
{
	static size_t idx[NCASES];

	for (size_t i = 0; i < NCASES; i++)
		idx[i] = i;
	return cr_make_param_array(size_t, idx, NCASES);
}

ParameterizedTest(size_t *i, inputs, bad_command_line)
{
	char dir[4096];

	fb_tmpdir(dir, sizeof(dir));
	check_case(*i, dir, 0);
	fb_rmdir(dir);
	fb_tmpdir(dir, sizeof(dir));
	check_case(*i, dir, 1);
	fb_rmdir(dir);
}

/* The table itself: the count the TESTING table quotes. */
Test(inputs, table_size)
{
	cr_expect(NCASES >= 100, "only %zu bad command lines", NCASES);
	cr_log_info("%zu bad command lines, each run twice", NCASES);
}
