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

/* dir and all under it (the copied data folder has folders). */
static void
rm_tree(const char *dir)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect(system(cmd) == 0);
}

/* The committed data (make test runs in the repository), absolute. */
static int
committed_data(char *buf, size_t len)
{
	return realpath("reports/data", buf) != NULL && strlen(buf) < len ? 0
									  : -1;
}

/* A corrupt input in the data folder is refused with its file and line,
 * exit 2, nothing written: not read as "not determined". */
Test(report_args, corrupt_ceilings_refused_with_its_line)
{
	const char *report = getenv("FB_REPORT");
	char data[4096], dir[4096], cmd[9000], err_path[4200], *err;
	char *args[] = {"data", "out", NULL};
	int rc;

	cr_assert(report != NULL, "FB_REPORT must name the report program");
	cr_assert(committed_data(data, sizeof(data)) == 0, "no reports/data");
	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	snprintf(cmd, sizeof(cmd),
	    "cp -r '%s' data && mkdir out && sed -i '3s/$/ ,,/' "
	    "data/ceilings.json",
	    data);
	cr_assert(system(cmd) == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	rc = fb_wait(fb_start_exe(report, args, NULL, err_path));
	err = fb_slurp(err_path);
	unlink(err_path);
	cr_expect_eq(rc, 2, "exit %d: %s", rc, err);
	cr_expect_eq(fb_lines(err), 1, "%d lines: %s", fb_lines(err), err);
	cr_expect(err != NULL && strstr(err, "data/ceilings.json:3: not JSON"),
	    "%s", err);
	cr_expect_eq(fb_count_entries("out"), 0, "the report wrote into out");
	free(err);
	rm_tree(dir);
}

/* A figure's template (templates/figures/NAME.gp.j2 under
 * FB_REPORT_TEMPLATES) that Jinja cannot read fails the report: one line
 * naming the template and its line, exit 1, the earlier report kept. */
Test(report_args, a_broken_figure_template_named)
{
	const char *report = getenv("FB_REPORT");
	char data[4096], dir[4096], err_path[4200], cmd[17000], *err, *kept;
	char *args[] = {data, "out", NULL};
	int rc;

	cr_assert(report != NULL, "FB_REPORT must name the report program");
	cr_assert(committed_data(data, sizeof(data)) == 0, "no reports/data");
	fb_tmpdir(dir, sizeof(dir));
	/* committed_data's folder is reports/data: its parent holds the
	 * templates and render.py. */
	snprintf(cmd, sizeof(cmd),
	    "cp -r '%s/../templates' '%s/../render.py' '%s/' && sed -i "
	    "'s/{%% endblock %%}/{%% endblok %%}/' "
	    "'%s/templates/figures/fig-interp-memory.gp.j2'",
	    data, data, dir, dir);
	cr_assert(system(cmd) == 0, "%s", cmd);
	cr_assert(chdir(dir) == 0);
	cr_assert(mkdir("out", 0755) == 0);
	fb_write("out/REPORT.md", "the earlier report\n");
	cr_assert(setenv("FB_REPORT_TEMPLATES", dir, 1) == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	rc = fb_wait(fb_start_exe(report, args, NULL, err_path));
	err = fb_slurp(err_path);
	unlink(err_path);
	cr_expect_eq(rc, 1, "exit %d: %s", rc, err);
	cr_expect_eq(fb_lines(err), 1, "%d lines: %s", fb_lines(err), err);
	cr_expect(err != NULL &&
		strstr(err, "templates/figures/fig-interp-memory.gp.j2:") &&
		strstr(err, "endblok"),
	    "%s", err);
	kept = fb_slurp("out/REPORT.md");
	cr_expect(kept != NULL && strcmp(kept, "the earlier report\n") == 0,
	    "the earlier report changed: %s", kept);
	cr_expect_eq(fb_count_entries("out"), 1, "the report wrote into out");
	free(kept);
	free(err);
	rm_tree(dir);
}

/* Into a file system with room for one report and `room` (a shell
 * expression of kiB, in the folder that holds `sized`, a report made in a
 * plain folder): the second fails with one line holding want and exit 1,
 * and the first is there byte for byte (staged, renamed in only when
 * whole). Needs mount (root). */
static void
full_file_system(const char *room, const char *want)
{
	const char *report = getenv("FB_REPORT");
	char data[4096], dir[4096], err_path[4200], cmd[512], *err, *a, *b;
	char *args[] = {data, "sized", NULL};
	int rc;

	cr_assert(report != NULL, "FB_REPORT must name the report program");
	cr_assert(committed_data(data, sizeof(data)) == 0, "no reports/data");
	fb_tmpdir(dir, sizeof(dir));
	cr_assert(chdir(dir) == 0);
	cr_assert(mkdir("small", 0755) == 0);
	snprintf(err_path, sizeof(err_path), "%s.err", dir);
	rc = fb_wait(fb_start_exe(report, args, NULL, err_path));
	cr_assert_eq(rc, 0, "the report failed in a plain folder: exit %d", rc);
	args[1] = "small";
	snprintf(cmd, sizeof(cmd),
	    "echo $(( $(du -sk sized | cut -f1) + %s )) > kib", room);
	cr_assert(system(cmd) == 0);
	err = fb_slurp("kib");
	cr_assert(err != NULL && atoi(err) > 0, "no size: %s", err);
	snprintf(cmd, sizeof(cmd),
	    "mount -t tmpfs -o size=%dk tmpfs small 2>/dev/null", atoi(err));
	free(err);
	if (system(cmd) != 0) {
		rm_tree(dir);
		cr_skip_test("cannot mount a tmpfs here (not root?)");
	}
	rc = fb_wait(fb_start_exe(report, args, NULL, err_path));
	cr_assert_eq(rc, 0, "the first report did not fit: exit %d", rc);
	cr_assert(system("cd small && find . -type f | sort | xargs md5sum "
			 ">../before") == 0);
	rc = fb_wait(fb_start_exe(report, args, NULL, err_path));
	err = fb_slurp(err_path);
	cr_assert(system("cd small && find . | sort > ../names && find . "
			 "-type f | sort | xargs md5sum >../after") == 0);
	cr_expect(system("umount small") == 0);
	cr_expect_eq(rc, 1, "exit %d: %s", rc, err);
	cr_expect_eq(fb_lines(err), 1, "%d lines: %s", fb_lines(err), err);
	cr_expect(err != NULL && strstr(err, want) != NULL, "want '%s': %s",
	    want, err);
	a = fb_slurp("before");
	b = fb_slurp("after");
	cr_expect(a != NULL && b != NULL && strcmp(a, b) == 0,
	    "the earlier report changed:\n%s\nagainst\n%s", a, b);
	free(a);
	free(b);
	a = fb_slurp("names");
	cr_expect(a != NULL && strstr(a, ".report-new") == NULL,
	    "the staging folder was left: %s", a);
	free(a);
	free(err);
	unlink(err_path);
	rm_tree(dir);
}

/* Room for half a report more: the second runs out while its pages and
 * scripts are written, which render.py says. */
Test(report_args, full_file_system_keeps_the_earlier_report)
{
	full_file_system("$(du -sk sized | cut -f1) / 2", "No space left");
}

/* Room for the second's pages, facts, scripts (and their data) and the
 * explain charts it copies, but not its drawings: gnuplot says nothing of
 * a full disk, and the figure cut short is found by its missing end. */
Test(report_args, a_figure_cut_short_keeps_the_earlier_report)
{
	full_file_system("$(du -ck sized/*.* sized/figures/*.gp "
			 "sized/figures/explain-* | tail -1 | cut -f1) + 512",
	    "was not written in full");
}
