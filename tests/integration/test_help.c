/*
 * Help, the man page and the completion script against the tables they
 * are made from (harness/hx_help.c: the commands; each command's option
 * table; hx_params): every command's -h exits 0 with its own usage on
 * stdout and nothing on stderr; `help CMD` prints the same bytes; the
 * options a help text lists are exactly those its parser reads (less
 * --help itself); the man page names every option of every command and
 * every parameter; the completion script, run by bash, offers them.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"
#include "hx_help.h"
#include "hx_params.h"

typedef struct out_s {
	int status;
	char *out, *err;
} out_t;

static void
harness(char *const args[], out_t *r)
{
	char dir[4096], o[4200], e[4200];

	fb_tmpdir(dir, sizeof(dir));
	snprintf(o, sizeof(o), "%s/out", dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	r->status = fb_wait(fb_start(args, o, e));
	r->out = fb_slurp(o);
	r->err = fb_slurp(e);
	cr_assert(r->out != NULL && r->err != NULL);
	fb_rmdir(dir);
}

static void
out_free(out_t *r)
{
	free(r->out);
	free(r->err);
}

/* 1 when text has a line that lists --name: spaces, then the option. */
static int
lists_option(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = text; l != NULL && *l != '\0';) {
		const char *s = l + strspn(l, " ");
		if (s > l && strncmp(s, "--", 2) == 0 &&
		    strncmp(s + 2, name, n) == 0 &&
		    strchr(" =\n", s[2 + n]) != NULL)
			return 1;
		l = strchr(l, '\n');
		l = l != NULL ? l + 1 : NULL;
	}
	return 0;
}

/* 1 when o[0..n) has an option called name (len bytes). */
static int
has_option(const struct option *o, size_t n, const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		if (strlen(o[i].name) == len &&
		    strncmp(o[i].name, name, len) == 0)
			return 1;
	}
	return 0;
}

Test(help, every_command_has_its_own_help)
{
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		const hx_help_cmd_t *c = &hx_help_commands[i];
		char usage[64];
		out_t h, help;
		char *a1[] = {(char *)c->name, "-h", NULL};
		char *a2[] = {"help", (char *)c->name, NULL};
		char *a3[] = {(char *)c->name, "--help", NULL};

		snprintf(usage, sizeof(usage), "usage: harness %s", c->name);
		harness(a1, &h);
		cr_expect(h.status == 0, "%s -h: exit %d: %s", c->name,
		    h.status, h.err);
		cr_expect(strncmp(h.out, usage, strlen(usage)) == 0,
		    "%s -h does not start with '%s': %.200s", c->name, usage,
		    h.out);
		cr_expect(h.err[0] == '\0', "%s -h: stderr %s", c->name, h.err);
		harness(a2, &help);
		cr_expect(help.status == 0 && strcmp(help.out, h.out) == 0,
		    "help %s differs from %s -h (exit %d)", c->name, c->name,
		    help.status);
		out_free(&help);
		harness(a3, &help);
		cr_expect(help.status == 0 && strcmp(help.out, h.out) == 0,
		    "%s --help differs from %s -h", c->name, c->name);
		out_free(&help);
		out_free(&h);
	}
}

/* The options a help text lists, one a line, are the parser's: nothing
 * it refuses (exec --min-time), nothing it takes left out (compare
 * --format). overhead lists --json and refers to run's for the rest. */
Test(help, each_help_lists_exactly_the_options_its_parser_reads)
{
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		const hx_help_cmd_t *c = &hx_help_commands[i];
		struct option o[HX_HELP_MAX_OPTIONS];
		size_t n = c->options(o);
		char *args[] = {(char *)c->name, "-h", NULL};
		int overhead = strcmp(c->name, "overhead") == 0;
		out_t h;

		harness(args, &h);
		for (size_t k = 0; k < n; k++) {
			if (strcmp(o[k].name, "help") == 0 ||
			    (overhead && strcmp(o[k].name, "json") != 0))
				continue;
			cr_expect(lists_option(h.out, o[k].name),
			    "%s -h does not list --%s", c->name, o[k].name);
		}
		for (const char *l = h.out; l != NULL && *l != '\0';) {
			const char *s = l + strspn(l, " ");
			if (s > l && strncmp(s, "--", 2) == 0) {
				size_t len = strcspn(s + 2, " =\n");
				cr_expect(has_option(o, n, s + 2, len),
				    "%s -h lists --%.*s, which it does not "
				    "read",
				    c->name, (int)len, s + 2);
			}
			l = strchr(l, '\n');
			l = l != NULL ? l + 1 : NULL;
		}
		out_free(&h);
	}
}

/* The defaults a help text states are the code's: sweep's --repeat is
 * 10 under a heading that says 10, run's 5; --workload names every
 * workload of the table. */
Test(help, stated_defaults_and_names_come_from_the_tables)
{
	char *sweep[] = {"sweep", "-h", NULL}, *run[] = {"run", "-h", NULL};
	out_t h;

	harness(sweep, &h);
	cr_expect(strstr(h.out, "--repeat defaults to 10\n") != NULL &&
		strstr(h.out, "timed repeats after the cold run (10;") !=
		    NULL &&
		strstr(h.out, "(5;") == NULL,
	    "sweep -h: %s", h.out);
	cr_expect(strstr(h.out,
		      "--workload W              one of interp, "
		      "colony\n") != NULL,
	    "sweep -h: %s", h.out);
	out_free(&h);
	harness(run, &h);
	cr_expect(strstr(h.out, "timed repeats after the cold run (5;") != NULL,
	    "run -h: %s", h.out);
	out_free(&h);
}

Test(help, top_level_usage_and_unknown_commands)
{
	char *top[] = {"help", NULL}, *bad[] = {"help", "nosuch", NULL};
	out_t h;

	harness(top, &h);
	cr_expect(h.status == 0);
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		char line[128];
		snprintf(line, sizeof(line), "\n  %s %s ",
		    hx_help_commands[i].name, hx_help_commands[i].args);
		cr_expect(strstr(h.out, line) != NULL, "usage lacks '%s': %s",
		    line + 1, h.out);
	}
	/* Every line fits 80 columns, with a space before each summary. */
	for (const char *l = h.out; *l != '\0';) {
		size_t len = strcspn(l, "\n");
		cr_expect(len < 80, "a line of %zu: %.*s", len, (int)len, l);
		l += len + (l[len] == '\n');
	}
	out_free(&h);
	harness(bad, &h);
	cr_expect(h.status == 2 && h.out[0] == '\0' &&
		strstr(h.err, "unknown command 'nosuch'") != NULL,
	    "exit %d: %s", h.status, h.err);
	/* One line, not the whole usage after it. */
	cr_expect_eq(
	    fb_lines(h.err), 1, "%d lines: %s", fb_lines(h.err), h.err);
	out_free(&h);
}

/* The man page, as roff, names every option of every command and every
 * parameter of the table ("\-\-name"), and groff reads it without a
 * warning. */
Test(help, man_page_names_every_option)
{
	char *args[] = {"--man", NULL}, pat[128];
	out_t m;

	harness(args, &m);
	cr_assert(m.status == 0, "--man: exit %d: %s", m.status, m.err);
	cr_expect(strncmp(m.out, ".\\\" Generated", 13) == 0);
	cr_expect(strstr(m.out, ".TH FUSEBENCH 1") != NULL);
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		const hx_help_cmd_t *c = &hx_help_commands[i];
		struct option o[HX_HELP_MAX_OPTIONS];
		size_t n = c->options(o);
		snprintf(pat, sizeof(pat), ".SS %s\n", c->name);
		cr_expect(strstr(m.out, pat) != NULL, "no section %s", c->name);
		for (size_t k = 0; k < n; k++) {
			snprintf(pat, sizeof(pat), "\\-\\-%s", o[k].name);
			cr_expect(strstr(m.out, pat) != NULL,
			    "the man page lacks %s's --%s", c->name, o[k].name);
		}
	}
	for (size_t i = 0; i < hx_params_count; i++) {
		snprintf(pat, sizeof(pat), ".TP\n\\fB\\-\\-%s\\fR",
		    hx_params[i].name);
		cr_expect(strstr(m.out, pat) != NULL, "no entry for --%s",
		    hx_params[i].name);
	}
	if (system("command -v groff >/dev/null 2>&1") == 0) {
		char dir[4096], path[4200], cmd[16384];
		fb_tmpdir(dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/fusebench.1", dir);
		fb_write(path, m.out);
		snprintf(cmd, sizeof(cmd),
		    "groff -man -Tutf8 -ww -z '%s' 2>'%s.log' && "
		    "! test -s '%s.log'",
		    path, path, path);
		cr_expect(system(cmd) == 0, "groff warns: see %s.log", path);
		fb_rmdir(dir);
	}
	out_free(&m);
}

/* What the completion offers after words: bash sources the script and
 * calls its function with COMP_WORDS set. */
static char *
complete(const char *script, const char *words)
{
	char cmd[8192], out[4300], dir[4096], *text;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/reply", dir);
	snprintf(cmd, sizeof(cmd),
	    "bash -c '. \"%s\"; COMP_WORDS=(%s); "
	    "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fusebench; "
	    "printf \" %%s \" \"${COMPREPLY[*]}\"' > '%s'",
	    script, words, out);
	cr_assert(system(cmd) == 0, "%s", cmd);
	text = fb_slurp(out);
	fb_rmdir(dir);
	return text;
}

Test(help, completion_offers_the_tables)
{
	char dir[4096], script[4200], *r;
	char *args[] = {"--completion", "bash", NULL};
	out_t c;

	harness(args, &c);
	cr_assert(c.status == 0, "exit %d: %s", c.status, c.err);
	fb_tmpdir(dir, sizeof(dir));
	snprintf(script, sizeof(script), "%s/fusebench.bash", dir);
	fb_write(script, c.out);
	out_free(&c);
	/* Every option of every command after "CMD --". */
	for (size_t i = 0; i < hx_help_ncommands; i++) {
		const hx_help_cmd_t *cmd = &hx_help_commands[i];
		struct option o[HX_HELP_MAX_OPTIONS];
		size_t n = cmd->options(o);
		char words[256], want[128];
		snprintf(words, sizeof(words), "harness %s \"--\"", cmd->name);
		r = complete(script, words);
		for (size_t k = 0; k < n; k++) {
			snprintf(want, sizeof(want), " --%s ", o[k].name);
			cr_expect(strstr(r, want) != NULL, "%s: no --%s in %s",
			    cmd->name, o[k].name, r);
		}
		free(r);
	}
	r = complete(script, "harness \"\"");
	cr_expect(
	    strstr(r, " run ") != NULL && strstr(r, " help ") != NULL, "%s", r);
	free(r);
	r = complete(script, "harness run interp f");
	cr_expect_str_eq(r, " fused ");
	free(r);
	r = complete(script, "harness run \"\"");
	cr_expect_str_eq(r, " interp colony ");
	free(r);
	r = complete(script, "harness exec --mi");
	cr_expect_str_eq(r, "  ", "exec offers %s", r);
	free(r);
	r = complete(script, "harness sweep --workload colony --variants n");
	cr_expect_str_eq(r, " naive naive-reuse ");
	free(r);
	r = complete(script, "harness run interp fused --preset \"\"");
	cr_expect_str_eq(r, " random seed ");
	free(r);
	fb_rmdir(dir);
}

/* The report program (build/<alloc>/report, FB_REPORT) has its -h too. */
Test(help, report_program_has_its_help)
{
	const char *exe = getenv("FB_REPORT");
	char dir[4096], o[4200], e[4200], *out;
	char *args[] = {"-h", NULL};
	int rc;

	cr_assert(exe != NULL, "FB_REPORT must name the report program");
	fb_tmpdir(dir, sizeof(dir));
	snprintf(o, sizeof(o), "%s/out", dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	rc = fb_wait(fb_start_exe(exe, args, o, e));
	out = fb_slurp(o);
	cr_expect(rc == 0 && out != NULL &&
		strncmp(out, "usage: report DATA_DIR OUT_DIR\n", 31) == 0,
	    "report -h: exit %d: %.100s", rc, out);
	free(out);
	fb_rmdir(dir);
}
