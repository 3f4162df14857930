/*
 * The report program's arguments (FB_REPORT): a bad OUT_DIR or option is
 * bad input, one line naming it and exit 2, before any data is read and
 * with nothing written (it was exit 1 after reading the data, in words
 * about OUT_DIR/figures).
 */
#include "fb_spawn.h"

typedef struct report_case_s {
	const char *out, *needle;
} report_case_t;

static const report_case_t report_cases[] = {
    {"afile", "OUT_DIR afile: not a folder"},
    {"/dev/null", "OUT_DIR /dev/null: not a folder"},
    {"nodir/out", "OUT_DIR nodir: no such folder"},
    {"", "OUT_DIR '': an empty folder name"},
    {"withfile", "OUT_DIR withfile: withfile/figures is not a folder"},
    {"--bogus", "unknown option '--bogus'"},
};
#define NREPORT_CASES (sizeof(report_cases) / sizeof(report_cases[0]))

ParameterizedTestParameters(report_args, bad_out_dir_is_bad_input)
{
	static size_t idx[NREPORT_CASES];

	for (size_t i = 0; i < NREPORT_CASES; i++)
		idx[i] = i;
	return cr_make_param_array(size_t, idx, NREPORT_CASES);
}

ParameterizedTest(size_t *i, report_args, bad_out_dir_is_bad_input)
{
	const report_case_t *c = &report_cases[*i];
	const char *report = getenv("FB_REPORT");
	char dir[4096], err_path[4200], *err, *text;
	char *with_out[] = {"nodata", (char *)c->out, NULL};
	char *option[] = {(char *)c->out, "nodata", "out", NULL};
	int rc;

	cr_assert(report != NULL && access(report, X_OK) == 0,
	    "FB_REPORT must name the report program");
	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	fb_write("afile", "sentinel\n");
	cr_assert(mkdir("withfile", 0755) == 0);
	fb_write("withfile/figures", "sentinel\n");
	rc = fb_wait(fb_start_exe(report,
	    c->out[0] == '-' && c->out[1] == '-' ? option : with_out, NULL,
	    err_path));
	err = fb_slurp(err_path);
	unlink(err_path);
	cr_expect_eq(rc, 2, "report nodata '%s': exit %d: %s", c->out, rc, err);
	cr_expect_eq(fb_lines(err), 1, "%d lines: %s", fb_lines(err), err);
	cr_expect(err != NULL && strstr(err, c->needle) != NULL,
	    "stderr does not say '%s': %s", c->needle, err);
	cr_expect_eq(fb_count_entries(dir), 2, "%d entries in the folder",
	    fb_count_entries(dir));
	cr_expect_eq(fb_count_entries("withfile"), 1, "wrote into withfile");
	text = fb_slurp("afile");
	cr_expect(
	    text != NULL && strcmp(text, "sentinel\n") == 0, "afile changed");
	free(text);
	free(err);
	unlink("withfile/figures");
	rmdir("withfile");
	fb_rmdir(dir);
}
