/*
 * First contact: what a new user meets before any measurement. make with a
 * header missing stops before compiling anything, with exit 2 and the one
 * apt-get line that installs it (harness/deps.sh check, run by the
 * Makefile once per build folder); harness/deps.sh names the packages of
 * each group.
 *
 * The missing header is one that cannot exist (DEPS_EXTRA, a make variable
 * for this test); the build folder is a fresh temporary one.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

/* Runs cmd (a shell line) from the repository's root, stderr to err_path;
 * the exit status. */
static int
sh_status(const char *cmd)
{
	int st = system(cmd);

	cr_assert(st != -1 && WIFEXITED(st), "%s: did not run", cmd);
	return WEXITSTATUS(st);
}

/* Files ending in ".o" under dir (find). */
static int
objects_under(const char *dir)
{
	char cmd[9000], out[4400], *text;
	int n;

	snprintf(out, sizeof(out), "%s.objects", dir);
	snprintf(
	    cmd, sizeof(cmd), "find '%s' -name '*.o' | wc -l > '%s'", dir, out);
	cr_assert(sh_status(cmd) == 0);
	text = fb_slurp(out);
	n = text != NULL ? atoi(text) : -1;
	free(text);
	unlink(out);
	return n;
}

Test(first_contact, make_names_the_package_of_a_missing_header)
{
	char dir[4096], cmd[16384], err[4200], *text;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(err, sizeof(err), "%s.err", dir);
	/* A make of its own: not a job of the make that runs the tests. */
	snprintf(cmd, sizeof(cmd),
	    "env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s BUILD_DIR='%s' "
	    "DEPS_EXTRA=fusebench/no_such_header.h:libfusebench-nosuch-dev "
	    "'%s/harness' >/dev/null 2>'%s'",
	    dir, dir, err);
	rc = sh_status(cmd);
	text = fb_slurp(err);
	cr_expect(rc == 2, "make: exit %d, expected 2: %s", rc, text);
	cr_expect(text != NULL &&
		strstr(text,
		    "fusebench: missing fusebench/no_such_header.h: as root "
		    "run: apt-get install -y libfusebench-nosuch-dev") != NULL,
	    "make did not print the apt-get line: %s", text);
	/* Stopped before compiling: not one object. */
	cr_expect(
	    objects_under(dir) == 0, "%d objects compiled", objects_under(dir));
	free(text);
	unlink(err);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	sh_status(cmd);
}

/* deps.sh check with every header present: exit 0, nothing printed; with
 * two missing, both packages on one line. */
Test(first_contact, deps_check_lists_every_missing_package_once)
{
	char dir[4096], cmd[16384], err[4200], *text;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(err, sizeof(err), "%s/err", dir);
	snprintf(
	    cmd, sizeof(cmd), "sh harness/deps.sh check build 2>'%s'", err);
	rc = sh_status(cmd);
	text = fb_slurp(err);
	cr_expect(rc == 0 && text != NULL && text[0] == '\0',
	    "installed machine: exit %d: %s", rc, text);
	free(text);
	snprintf(cmd, sizeof(cmd),
	    "FB_DEPS_EXTRA='nosuch/a.h:libnosuch-dev nosuch/b.h:libnosuch-dev "
	    "nosuch/c.h:libother-dev' sh harness/deps.sh check test 2>'%s'",
	    err);
	rc = sh_status(cmd);
	text = fb_slurp(err);
	cr_expect(rc == 2, "exit %d: %s", rc, text);
	cr_expect(fb_lines(text) == 1, "%d lines: %s", fb_lines(text), text);
	cr_expect(text != NULL &&
		strstr(text,
		    "missing nosuch/a.h, nosuch/b.h, nosuch/c.h: as root run: "
		    "apt-get install -y libnosuch-dev libother-dev (or: make "
		    "deps-test)") != NULL,
	    "%s", text);
	free(text);
	fb_rmdir(dir);
}

/* The packages of a group, one line, space-separated. */
static char *
group_packages(const char *dir, const char *group)
{
	char cmd[8400], out[4200], *text;

	snprintf(out, sizeof(out), "%s/%s", dir, group);
	snprintf(cmd, sizeof(cmd),
	    "sh harness/deps.sh list %s | paste -sd' ' - > '%s'", group, out);
	cr_assert(sh_status(cmd) == 0);
	text = fb_slurp(out);
	cr_assert(text != NULL);
	text[strcspn(text, "\n")] = '\0';
	return text;
}

/* make deps: what building the harness and the report needs (the report's
 * templates: Jinja2 and cmark-gfm), nothing of the tests'; deps-report
 * adds python3-venv, llvm and llvm-19 (llvm-mca, the model's issue term:
 * LLVM 19's for the CPUs LLVM 14 does not know); deps-test the test
 * tools. */
Test(first_contact, each_group_installs_what_it_needs)
{
	char dir[4096], *build, *report, *test;

	fb_tmpdir(dir, sizeof(dir));
	build = group_packages(dir, "build");
	report = group_packages(dir, "report");
	test = group_packages(dir, "test");
	cr_expect_str_eq(build,
	    "build-essential pkg-config libjansson-dev libpfm4-dev "
	    "libjemalloc-dev gnuplot-nox python3-jinja2 cmark-gfm");
	cr_expect(strncmp(report, build, strlen(build)) == 0 &&
		strcmp(report + strlen(build), " python3-venv llvm llvm-19") ==
		    0,
	    "report: %s", report);
	cr_expect(strncmp(test, report, strlen(report)) == 0, "test: %s", test);
	for (const char *const *p = (const char *const[]){"libcriterion-dev",
		 "valgrind", "clang", "libclang-rt-14-dev", "cppcheck",
		 "clang-format", "libbenchmark-tools", "python3-scipy",
		 "chromium", "python3-pytest", NULL};
	     *p != NULL; p++) {
		cr_expect(
		    strstr(test, *p) != NULL, "test lacks %s: %s", *p, test);
		cr_expect(
		    strstr(build, *p) == NULL, "build has %s: %s", *p, build);
	}
	free(build);
	free(report);
	free(test);
	fb_rmdir(dir);
}
