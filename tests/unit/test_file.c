/*
 * hx_file: the set-aside numbering and the checks' messages, on files made
 * in a temporary folder.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_file.h"

static char dir[4096];

static void
file_setup(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/fbfile.XXXXXX", t != NULL ? t : "/tmp");
	cr_assert(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
	cr_assert(chdir(dir) == 0);
}

static void
file_teardown(void)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect(system(cmd) == 0);
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	fclose(f);
}

static int
text_writer(FILE *f, void *arg)
{
	return fputs(arg, f) < 0 ? -1 : 0;
}

/* One number for the whole set: the first free for every name. */
Test(file, set_aside_takes_one_free_number, .init = file_setup,
    .fini = file_teardown)
{
	const char *paths[] = {"s.jsonl", "s.csv", "s.gbench.json"};
	char msg[256];
	int k;

	put("s.jsonl", "new\n");
	put("s.csv", "new csv\n");
	put("s.jsonl.1", "oldest\n");
	put("s.csv.2", "older csv\n");
	cr_assert_eq(
	    hx_file_set_aside(paths, 3, &k, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_eq(k, 3, "took number %d, expected 3 (1 and 2 are taken)", k);
	cr_expect_eq(access("s.jsonl.3", F_OK), 0);
	cr_expect_eq(access("s.csv.3", F_OK), 0);
	cr_expect_neq(access("s.gbench.json.3", F_OK), 0,
	    "a file that was not there was made");
	cr_expect_neq(access("s.jsonl", F_OK), 0);
	/* Nothing else was touched. */
	cr_expect_eq(access("s.jsonl.1", F_OK), 0);
	cr_expect_eq(access("s.csv.2", F_OK), 0);
	/* Nothing there: number 0, nothing moved. */
	cr_assert_eq(hx_file_set_aside(paths, 3, &k, msg, sizeof(msg)), 0);
	cr_expect_eq(k, 0);
}

Test(file, symlink_target_replaced_link_kept, .init = file_setup,
    .fini = file_teardown)
{
	char msg[256], buf[64] = "";
	struct stat st;
	FILE *f;

	put("target", "old\n");
	cr_assert(symlink("target", "link") == 0);
	cr_assert_eq(hx_file_write_atomic(
			 "link", text_writer, "new\n", msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect(lstat("link", &st) == 0 && S_ISLNK(st.st_mode),
	    "the link was replaced");
	f = fopen("target", "r");
	cr_assert_not_null(f);
	cr_expect_not_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	cr_expect_str_eq(buf, "new\n");
}

Test(file, checks_name_what_is_wrong, .init = file_setup, .fini = file_teardown)
{
	static const struct {
		const char *path, *want;
	} cases[] = {{"adir", "adir: is a directory"},
	    {"afile/x", "afile/x: Not a directory"},
	    {"nodir/x", "nodir/x: folder nodir: does not exist"},
	    {"", "'': an empty file name"}, {"ok.json", ""}, {"-", ""}};
	char msg[256];

	cr_assert(mkdir("adir", 0755) == 0);
	put("afile", "x");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc;
		msg[0] = '\0';
		rc = hx_file_check_writable(cases[i].path, msg, sizeof(msg));
		cr_expect_eq(rc, cases[i].want[0] != '\0' ? -1 : 0,
		    "check '%s': %d (%s)", cases[i].path, rc, msg);
		cr_expect_str_eq(
		    msg, cases[i].want, "check '%s'", cases[i].path);
	}
	cr_expect_eq(hx_file_check_dir("afile", msg, sizeof(msg)), -1);
	cr_expect_str_eq(msg, "afile: not a folder");
	cr_expect_eq(hx_file_check_dir("adir", msg, sizeof(msg)), 0);
}

/* Two outputs that would replace one file: the same name, a symlink to
 * it, a path through .., a new name twice. Not the same: two hard links
 * (two renames, two names), a device, two different names. */
Test(file, same_file_by_where_the_rename_lands, .init = file_setup,
    .fini = file_teardown)
{
	char msg[512];
	const char *names[] = {"--json", "--csv"};

	put("a", "x\n");
	cr_assert(mkdir("sub", 0755) == 0);
	cr_assert(symlink("a", "link") == 0);
	cr_assert(symlink("../a", "sub/up") == 0);
	cr_assert(link("a", "hard") == 0);
	cr_expect_eq(hx_file_same("a", "a"), 1);
	cr_expect_eq(hx_file_same("a", "./a"), 1);
	cr_expect_eq(hx_file_same("a", "sub/../a"), 1);
	cr_expect_eq(hx_file_same("link", "a"), 1);
	cr_expect_eq(hx_file_same("sub/up", "link"), 1);
	cr_expect_eq(hx_file_same("new", "./new"), 1);
	cr_expect_eq(hx_file_same("a", "hard"), 0);
	cr_expect_eq(hx_file_same("a", "b"), 0);
	cr_expect_eq(hx_file_same("sub/a", "a"), 0);
	cr_expect_eq(hx_file_same("/dev/null", "/dev/null"), 0);
	cr_expect_eq(hx_file_same("-", "-"), 1);
	cr_expect_eq(hx_file_same("-", "a"), 0);
	{
		const char *paths[] = {"a", "link"};
		cr_expect_eq(
		    hx_file_check_distinct(names, paths, 2, msg, sizeof(msg)),
		    -1);
		cr_expect(strcmp(msg,
			      "--json a and --csv link name the same file: "
			      "one would replace the other") == 0,
		    "%s", msg);
	}
	{
		const char *paths[] = {"a", NULL};
		cr_expect_eq(
		    hx_file_check_distinct(names, paths, 2, msg, sizeof(msg)),
		    0);
	}
}

/* A name that leaves no room for the temporary file's suffix is refused
 * by the check (before measuring), not by the write after it. */
Test(file, name_too_long_for_the_temporary, .init = file_setup,
    .fini = file_teardown)
{
	char name[300], msg[1024];

	memset(name, 'a', 244);
	name[244] = '\0';
	cr_expect_eq(
	    hx_file_check_writable(name, msg, sizeof(msg)), 0, "%s", msg);
	memset(name, 'a', 245);
	name[245] = '\0';
	cr_expect_eq(hx_file_check_writable(name, msg, sizeof(msg)), -1);
	cr_expect(
	    strstr(msg, "file name too long (256 bytes") != NULL, "%s", msg);
}
