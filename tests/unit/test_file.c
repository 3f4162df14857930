/*
 * hx_file: the set-aside numbering and the checks' messages, on files made
 * in a temporary folder.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
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

/* A FIFO output needs a reader now (it would wait for one forever); with
 * one, the check holds the write end open until the write, so the reader
 * gets the data and then its end of file. */
Test(file, fifo_needs_a_reader_and_gets_the_data, .init = file_setup,
    .fini = file_teardown)
{
	char msg[512], buf[64] = "";
	int rd;
	ssize_t n;

	cr_assert(mkfifo("f", 0644) == 0);
	cr_expect_eq(hx_file_check_writable("f", msg, sizeof(msg)), -1);
	cr_expect(strstr(msg, "f: a FIFO with no reader") == msg, "%s", msg);
	rd = open("f", O_RDONLY | O_NONBLOCK);
	cr_assert(rd >= 0);
	cr_expect_eq(
	    hx_file_check_writable("f", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(hx_file_write_atomic(
			 "f", text_writer, "through\n", msg, sizeof(msg)),
	    0, "%s", msg);
	n = read(rd, buf, sizeof(buf) - 1);
	cr_expect_eq(n, 8, "read %zd bytes", n);
	cr_expect_str_eq(buf, "through\n");
	/* The writer closed: an end of file now, not a wait. */
	cr_expect_eq(read(rd, buf, sizeof(buf)), 0);
	close(rd);
	/* Written through: still a FIFO. */
	cr_expect(hx_file_written_through("f"));
}

/* Only TARGET.tmp.XXXXXX beside the resolved target, regular files. */
Test(file, stale_temporaries_removed_and_nothing_else, .init = file_setup,
    .fini = file_teardown)
{
	put("t.jsonl", "results\n");
	cr_assert(symlink("t.jsonl", "s.jsonl") == 0);
	put("t.jsonl.tmp.AbC123", "partial\n");
	put("t.jsonl.tmp.toolong1", "not ours\n");
	put("t.jsonl.tmp.AB-123", "not ours\n");
	put("s.jsonl.tmp.Zz9Yy8", "another name's\n");
	cr_assert(mkdir("t.jsonl.tmp.dir123", 0755) == 0);
	cr_expect_eq(hx_file_remove_stale("s.jsonl"), 1);
	cr_expect(access("t.jsonl.tmp.AbC123", F_OK) != 0);
	cr_expect(access("t.jsonl.tmp.toolong1", F_OK) == 0);
	cr_expect(access("t.jsonl.tmp.AB-123", F_OK) == 0);
	cr_expect(access("s.jsonl.tmp.Zz9Yy8", F_OK) == 0);
	cr_expect(access("t.jsonl.tmp.dir123", F_OK) == 0);
	cr_expect(access("t.jsonl", F_OK) == 0);
}

/* The lock's name: the file a link resolves to. */
Test(file, resolve_follows_links, .init = file_setup, .fini = file_teardown)
{
	char t[4096];

	cr_assert(mkdir("sub", 0755) == 0);
	cr_assert(symlink("sub/t.jsonl", "s.jsonl") == 0);
	cr_assert_eq(hx_file_resolve("s.jsonl", t, sizeof(t)), 0);
	cr_expect_str_eq(t, "./sub/t.jsonl");
	cr_assert_eq(hx_file_resolve("plain", t, sizeof(t)), 0);
	cr_expect_str_eq(t, "plain");
	cr_assert(symlink("loop", "loop") == 0);
	cr_expect_eq(hx_file_resolve("loop", t, sizeof(t)), -1);
}

/* A staged file put in place: renamed onto a link's target (the link
 * kept), the old file's mode kept; a device is written through. */
Test(file, install_renames_onto_the_target, .init = file_setup,
    .fini = file_teardown)
{
	char msg[512];
	struct stat st;
	FILE *f;
	char buf[32] = "";

	put("old", "old\n");
	cr_assert(chmod("old", 0600) == 0);
	cr_assert(symlink("old", "link") == 0);
	put("staged", "new\n");
	cr_assert_eq(
	    hx_file_install("staged", "link", msg, sizeof(msg)), 0, "%s", msg);
	cr_expect(lstat("link", &st) == 0 && S_ISLNK(st.st_mode));
	cr_expect(stat("old", &st) == 0 && (st.st_mode & 07777) == 0600,
	    "mode %o", st.st_mode & 07777);
	cr_assert((f = fopen("old", "r")) != NULL);
	cr_expect(fgets(buf, sizeof(buf), f) != NULL);
	fclose(f);
	cr_expect_str_eq(buf, "new\n");
	cr_expect(access("staged", F_OK) != 0);
	put("staged", "to the null device\n");
	cr_expect_eq(hx_file_install("staged", "/dev/null", msg, sizeof(msg)),
	    0, "%s", msg);
	cr_expect(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
}

/* An immutable file (chattr +i) refuses the rename: found by the check,
 * before the work. Skipped where the file system has no such flag. */
Test(file, immutable_target_refused_by_the_check, .init = file_setup,
    .fini = file_teardown)
{
	char msg[512];
	int fd, flags = 0, rc;

	put("o", "earlier\n");
	fd = open("o", O_RDONLY);
	cr_assert(fd >= 0);
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0 ||
	    (flags |= FS_IMMUTABLE_FL, ioctl(fd, FS_IOC_SETFLAGS, &flags)) !=
		0) {
		close(fd);
		cr_skip_test("no immutable flag here: %s", strerror(errno));
	}
	rc = hx_file_check_writable("o", msg, sizeof(msg));
	flags &= ~FS_IMMUTABLE_FL;
	cr_assert(ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0);
	close(fd);
	cr_expect_eq(rc, -1);
	cr_expect(strstr(msg,
		      "o: cannot be replaced: Operation not "
		      "permitted") == msg,
	    "%s", msg);
}

/* hx_file_which finds a program as execvp would: the first folder of PATH
 * that holds a regular file of that name with an execute bit; a folder of
 * that name, a file without the bit, or an empty PATH entry is passed. */
Test(file, which_takes_the_first_executable_file, .init = file_setup,
    .fini = file_teardown)
{
	char path[3 * sizeof(dir) + 16], buf[sizeof(dir) + 16],
	    want[sizeof(dir) + 16];
	char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;

	cr_assert(mkdir("a", 0755) == 0 && mkdir("b", 0755) == 0 &&
	    mkdir("c", 0755) == 0 && mkdir("a/tool", 0755) == 0);
	put("b/tool", "#!/bin/sh\n");
	cr_assert(chmod("b/tool", 0644) == 0);
	put("c/tool", "#!/bin/sh\n");
	cr_assert(chmod("c/tool", 0755) == 0);
	snprintf(path, sizeof(path), "::%s/a:%s/b:%s/c", dir, dir, dir);
	setenv("PATH", path, 1);
	cr_expect_eq(hx_file_which("tool", buf, sizeof(buf)), 0);
	snprintf(want, sizeof(want), "%s/c/tool", dir);
	cr_expect_str_eq(buf, want);
	cr_expect_eq(hx_file_which("absent", buf, sizeof(buf)), -1);
	/* A buffer too small for the path: not found, never cut short. */
	cr_expect_eq(hx_file_which("tool", buf, 8), -1);
	if (old != NULL)
		setenv("PATH", old, 1);
	free(old);
}
