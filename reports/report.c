/*
 * report: fusebench's teaching report, REPORT.md and its figures, from saved
 * sweep data, without measuring anything.
 *
 *   report DATA_DIR OUT_DIR
 *
 * Reads DATA_DIR as reports/make-report.sh leaves it (rp_data.h), gathers
 * the declared figures (rp_workloads.c) into the data of their gnuplot
 * scripts (scripts.json, not kept), computes every number into facts.json
 * (the lesson's, then the notebook's section by section), has
 * reports/render.py fill the templates from both into REPORT.md,
 * REPORT.html and the scripts (each figure's words are its script's
 * template, templates/figures/NAME.gp.j2), and runs gnuplot on each script
 * for NAME.svg and NAME.png. A missing run makes the affected rows say so
 * and a verdict "not testable here".
 *
 * Exit status: 0 done; 1 a failure (unwritable output, a figure not
 * gathered, gnuplot or render.py missing or failing: the earlier report
 * is then left as it was); 2 bad usage or no data.
 *
 * Limits: the sections and figures are fusebench's two workloads, not a
 * general report tool; the variants are whatever the data holds.
 */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hx_file.h"
#include "hx_result.h"
#include "rp_advice.h"
#include "rp_beyond_answers.h"
#include "rp_exercise.h"
#include "rp_explain.h"
#include "rp_generic.h"
#include "rp_jax_programs.h"
#include "rp_jax_speed.h"
#include "rp_lesson.h"
#include "rp_limiter.h"
#include "rp_machine.h"
#include "rp_report.h"
#include "rp_run_facts.h"
#include "rp_threads.h"
#include "rp_workloads.h"

#define EXIT_BAD_INPUT 2

extern char **environ;

/* The rest is docs/report.md's. */
static const char usage_text[] =
    "usage: report DATA_DIR OUT_DIR\n"
    "Writes OUT_DIR/facts.json, REPORT.md, REPORT.html and figures/ from\n"
    "the saved sweep data in DATA_DIR (docs/report.md). Exit status: 0\n"
    "done, 1 failure, 2 bad usage or no data.\n";

/* Every section's facts in order: first those the lesson and the advice
 * read, then the lab notebook's sections (templates/notebook/NAME.md.j2)
 * in the order templates/REPORT.md.j2 prints them, so that their notes
 * are numbered where they stand (the lesson's facts that read the
 * advice's claims come after it). memory_accounting, glossary, idiom_map
 * and jax_speed print only facts made before them, or none. */
static void (*const section_facts[])(rp_report_t *R) = {
    rp_run_facts_add, rp_jax_programs_question_facts, rp_jax_speed_facts,
    rp_lesson_facts, rp_workloads_facts, /* workloads */
    rp_advice_facts,                     /* advice */
    rp_lesson_advice_facts,              /* the lesson's of the advice */
    rp_beyond_answers_facts,             /* beyond_the_answers */
    rp_limiter_facts,                    /* limits */
    rp_exercise_facts,                   /* exercises */
    rp_jax_programs_facts,               /* jax */
    rp_explain_facts,                    /* explain */
    rp_threads_facts,                    /* threads */
    rp_generic_facts,                    /* other_workloads */
    rp_machine_facts,                    /* method_and_machine */
    rp_report_notes_facts,               /* notes */
};

/* Gathers every figure of the table into the data of its script;
 * R->failed when one's was not kept (R->msg says why; the report still
 * cites it as not drawn). */
static void
gather_figures(rp_report_t *R)
{
	if ((R->scripts = json_array()) == NULL)
		R->failed = 1;
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS;
	     i++) {
		/* A figure whose data ran out of memory half-gathered is
		 * not drawn from the half. */
		if (rp_figure_collect(&R->data, &rp_figures[i], &R->plots[i]) !=
		    0)
			snprintf(R->msg, sizeof(R->msg),
			    "figure %s: out of memory gathering its data",
			    rp_figures[i].name);
		else
			R->saved[i] = rp_figure_script(R->scripts, &R->plots[i],
					  R->msg, sizeof(R->msg)) == 0;
		R->failed |= !R->saved[i];
	}
}

/* The facts of the whole report into OUT_DIR/facts.json, and the data of
 * every figure's script into OUT_DIR/scripts.json (the generic section's
 * figures are gathered with its facts). 0, or -1 with R->msg. */
static int
write_facts(rp_report_t *R)
{
	char path[4200];

	if (rp_facts_init(&R->facts) != 0) {
		snprintf(R->msg, sizeof(R->msg), "out of memory");
		return -1;
	}
	for (size_t i = 0; i < sizeof(section_facts) / sizeof(section_facts[0]);
	     i++)
		section_facts[i](R);
	if (R->facts.duplicates > 0)
		fprintf(stderr, "report: warning: %d facts set twice\n",
		    R->facts.duplicates);
	snprintf(path, sizeof(path), "%s/facts.json", R->out_dir);
	if (rp_facts_write(
		&R->facts, R->data.dir, path, R->msg, sizeof(R->msg)) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/scripts.json", R->out_dir);
	return hx_result_write(path, R->scripts, R->msg, sizeof(R->msg));
}

/* The folder of render.py and templates/: FB_REPORT_TEMPLATES, else
 * where the build found them (rp_report_source_dir). */
static const char *
reports_dir(void)
{
	const char *d = getenv("FB_REPORT_TEMPLATES");
	return d != NULL && d[0] != '\0' ? d : rp_report_source_dir();
}

/* A progress line on stderr, only to a terminal: a failure then reads as
 * its one line in a log (make report's, a test's), not the last of many. */
static void __attribute__((format(printf, 1, 2))) progress(const char *fmt, ...)
{
	va_list ap;

	if (!isatty(STDERR_FILENO))
		return;
	va_start(ap, fmt);
	fputs("report: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* REPORT.md, REPORT.html and the figures' scripts from facts.json and
 * scripts.json: reports/render.py, run by Debian's Python
 * (FB_REPORT_PYTHON overrides), which has python3-jinja2. What it says
 * (its stderr, kept in memory, the last 4095 bytes of it) is passed on;
 * when it fails, its last line is R->msg's reason, so that the failure is
 * one line. 0, or -1 with R->msg. */
static int
render(rp_report_t *R)
{
	const char *py = getenv("FB_REPORT_PYTHON");
	char script[4200], templates[4200], facts[4200], said[4096], *last;
	char *argv[] = {
	    (char *)(py != NULL && py[0] != '\0' ? py : "/usr/bin/python3"),
	    script, facts, templates, (char *)R->out_dir, NULL};
	posix_spawn_file_actions_t fa;
	int st, err, fd = memfd_create("render.py's stderr", MFD_CLOEXEC);
	off_t end;
	ssize_t n;
	pid_t pid;

	snprintf(script, sizeof(script), "%s/render.py", reports_dir());
	snprintf(templates, sizeof(templates), "%s/templates", reports_dir());
	snprintf(facts, sizeof(facts), "%s/facts.json", R->out_dir);
	progress("rendering the templates of %s", templates);
	if (fd < 0) {
		snprintf(R->msg, sizeof(R->msg), "memfd: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, STDERR_FILENO);
	/* posix_spawn returns its error; it does not set errno. */
	err = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err == 0 && waitpid(pid, &st, 0) != pid)
		err = errno;
	end = lseek(fd, 0, SEEK_END);
	n = pread(fd, said, sizeof(said) - 1,
	    end > (off_t)sizeof(said) - 1 ? end - (off_t)sizeof(said) + 1 : 0);
	said[n > 0 ? n : 0] = '\0';
	close(fd);
	if (err != 0) {
		snprintf(
		    R->msg, sizeof(R->msg), "%s: %s", argv[0], strerror(err));
		return -1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		fputs(said, stderr);
		return 0;
	}
	for (last = said + strlen(said); last > said && last[-1] == '\n';)
		*--last = '\0';
	last = strrchr(said, '\n');
	last = last != NULL ? last + 1 : said;
	snprintf(R->msg, sizeof(R->msg),
	    "%.1500s failed (exit %d): %.2000s; the earlier report is left as "
	    "it was",
	    script, WIFEXITED(st) ? WEXITSTATUS(st) : -1,
	    last[0] != '\0' ? last : "it said nothing");
	return -1;
}

/* The report is written whole into a staging folder inside OUT_DIR
 * (OUT_DIR/.report-new.XXXXXX, so that every rename into OUT_DIR stays in
 * one file system), and its files are put in place only when every one
 * was written in full. OUT_DIR itself is not swapped: `make report`
 * writes into reports/, which holds the sources too, so the files are
 * renamed in one by one, after all of them were checked replaceable. A
 * failure before that point (a full disk, gnuplot failing, a write error)
 * leaves the earlier report as it was. */
static char staging[4096];

/* OUT_DIR (made when new) and the staging folder with its figures/;
 * R->out_dir and R->fig_dir then name the staging folders. */
static int
make_dirs(rp_report_t *R, const char *out_dir)
{
	if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
		snprintf(R->msg, sizeof(R->msg), "OUT_DIR %s: %s", out_dir,
		    strerror(errno));
		return -1;
	}
	snprintf(staging, sizeof(staging), "%s/.report-new.XXXXXX", out_dir);
	if (mkdtemp(staging) == NULL) {
		snprintf(R->msg, sizeof(R->msg),
		    "OUT_DIR %s: cannot make a staging folder: %s", out_dir,
		    strerror(errno));
		staging[0] = '\0';
		return -1;
	}
	snprintf(R->fig_dir, sizeof(R->fig_dir), "%s/figures", staging);
	if (mkdir(R->fig_dir, 0777) != 0) {
		snprintf(R->msg, sizeof(R->msg), "%s: %s", R->fig_dir,
		    strerror(errno));
		return -1;
	}
	R->out_dir = staging;
	return 0;
}

/* Whether a drawn figure is whole: gnuplot says nothing when a full disk
 * cuts a figure short, so the tail of NAME.svg must hold its closing tag
 * and that of NAME.png PNG's IEND chunk. 0, or -1 with R->msg. */
static int
figure_complete(rp_report_t *R, const char *name)
{
	static const struct {
		const char *ext, *end;
		size_t len;
	} ends[] = {
	    {"svg", "</svg>", 6}, {"png", "\0\0\0\0IEND\xae\x42\x60\x82", 12}};
	unsigned char tail[64];

	for (int i = 0; i < 2; i++) {
		char path[4400];
		FILE *f;
		size_t n = 0;

		snprintf(path, sizeof(path), "%s/%s.%s", R->fig_dir, name,
		    ends[i].ext);
		if ((f = fopen(path, "rb")) != NULL) {
			if (fseek(f, -(long)sizeof(tail), SEEK_END) != 0)
				rewind(f);
			n = fread(tail, 1, sizeof(tail), f);
			fclose(f);
		}
		if (memmem(tail, n, ends[i].end, ends[i].len) == NULL) {
			snprintf(R->msg, sizeof(R->msg),
			    "figure %s.%s was not written in full (a full "
			    "disk?); the earlier report is left as it was",
			    name, ends[i].ext);
			return -1;
		}
	}
	return 0;
}

/* Runs gnuplot NAME.gp in dir. Returns 0, or -1 when it failed. */
static int
draw_figure(const char *dir, const char *name)
{
	char script[128];
	pid_t pid;
	int st;

	snprintf(script, sizeof(script), "%s.gp", name);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		if (chdir(dir) == 0)
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	return 0;
}

/* gnuplot on every staged script, the table's figures then the generic
 * section's, each figure checked whole; a failure is named by the
 * script's place in OUT_DIR (the staging folder is gone by then). */
static int
draw_figures(rp_report_t *R)
{
	char gnuplot[4200];

	if (hx_file_which("gnuplot", gnuplot, sizeof(gnuplot)) != 0) {
		snprintf(R->msg, sizeof(R->msg),
		    "gnuplot is not installed (Debian's gnuplot-nox: make "
		    "deps-report): no report written, the earlier one is left "
		    "as it was");
		return -1;
	}
	for (size_t i = 0; i < json_array_size(R->scripts); i++) {
		const char *name = json_string_value(
		    json_object_get(json_array_get(R->scripts, i), "name"));
		progress("drawing %s", name);
		if (draw_figure(R->fig_dir, name) != 0) {
			snprintf(R->msg, sizeof(R->msg),
			    "gnuplot failed on figures/%s.gp; the earlier "
			    "report is left as it was",
			    name);
			return -1;
		}
		if (figure_complete(R, name) != 0)
			return -1;
	}
	return 0;
}

/* The staged file DIR/NAME (a path inside the staging folder): its place
 * in out_dir checked writable (check), else the file installed there. */
static int
staged_one(rp_report_t *R, const char *out_dir, const char *dir,
    const char *name, int check)
{
	char from[4700], to[4700];

	snprintf(from, sizeof(from), "%s/%s%s", staging, dir, name);
	snprintf(to, sizeof(to), "%s/%s%s", out_dir, dir, name);
	return check ? hx_file_check_writable(to, R->msg, sizeof(R->msg))
		     : hx_file_install(from, to, R->msg, sizeof(R->msg));
}

/* Every staged file in place in out_dir, the figures first, REPORT.md and
 * REPORT.html last (a reader who sees the new REPORT.md finds its
 * figures): all targets checked first (a folder, an immutable file, a FIFO
 * without a reader refuses before any file is replaced), then renamed in.
 * Stops at the first that fails. */
static int
install(rp_report_t *R, const char *out_dir)
{
	static const char *const pages[] = {
	    "facts.json", "REPORT.md", "REPORT.html"};
	char figs[4300];
	int rc = 0;

	snprintf(figs, sizeof(figs), "%s/figures", out_dir);
	if (mkdir(figs, 0777) != 0 && errno != EEXIST) {
		snprintf(
		    R->msg, sizeof(R->msg), "%s: %s", figs, strerror(errno));
		return -1;
	}
	for (int check = 1; rc == 0 && check >= 0; check--) {
		DIR *d = opendir(R->fig_dir);
		struct dirent *e;
		if (d == NULL) {
			snprintf(R->msg, sizeof(R->msg), "%s: %s", R->fig_dir,
			    strerror(errno));
			return -1;
		}
		while (rc == 0 && (e = readdir(d)) != NULL)
			if (e->d_name[0] != '.')
				rc = staged_one(
				    R, out_dir, "figures/", e->d_name, check);
		closedir(d);
		for (size_t i = 0;
		     rc == 0 && i < sizeof(pages) / sizeof(pages[0]); i++)
			rc = staged_one(R, out_dir, "", pages[i], check);
	}
	return rc;
}

/* The staging folder and what is left in it. */
static void
staging_remove(const rp_report_t *R)
{
	if (staging[0] == '\0')
		return;
	hx_file_rmdir(R->fig_dir);
	hx_file_rmdir(staging);
}

/* OUT_DIR checked before the data are read: a folder there (or a new one
 * in a folder that is), figures/ in it a folder if it exists. A bad one
 * is bad input, named, not a failure after the work. 0, or -1 with msg. */
static int
check_out_dir(const char *out, char *msg, size_t msglen)
{
	char inner[4400], figures[4300], copy[4200], *parent = NULL;
	struct stat st;

	if (out[0] == '\0') {
		snprintf(msg, msglen, "OUT_DIR '': an empty folder name");
		return -1;
	}
	if (stat(out, &st) != 0 && lstat(out, &st) == 0) {
		snprintf(msg, msglen,
		    "OUT_DIR %s: a symlink to nothing (a dangling link)", out);
		return -1;
	}
	if (stat(out, &st) != 0) {
		snprintf(copy, sizeof(copy), "%s", out);
		out = parent = dirname(copy);
	}
	if (hx_file_check_dir(out, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "OUT_DIR %s", inner);
		return -1;
	}
	snprintf(figures, sizeof(figures), "%s/figures", out);
	if (out != parent && stat(figures, &st) == 0 && !S_ISDIR(st.st_mode)) {
		snprintf(msg, msglen, "OUT_DIR %s: %s is not a folder", out,
		    figures);
		return -1;
	}
	return 0;
}

/* The command line: -1 to go on with DATA_DIR and OUT_DIR, else the exit
 * status (the usage printed, or what is wrong with it said). */
static int
parse_args(int argc, char **argv)
{
	if (argc > 1 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '\0')
		fprintf(stderr, "report: unknown option '%s' (report --help)\n",
		    argv[1]);
	else if (argc != 3)
		fprintf(stderr,
		    "report: needs DATA_DIR and OUT_DIR (report --help)\n");
	else
		return -1;
	return EXIT_BAD_INPUT;
}

/* The report made in the staging folder, then installed in out_dir: 0, or
 * -1 with R->msg (the earlier report left as it was). */
static int
run(rp_report_t *R, const char *out_dir)
{
	if (make_dirs(R, out_dir) != 0)
		return -1;
	gather_figures(R);
	if (write_facts(R) != 0 || R->failed || render(R) != 0 ||
	    draw_figures(R) != 0 || install(R, out_dir) != 0)
		return -1;
	fprintf(stderr,
	    "report: %s/REPORT.md, REPORT.html and %zu figures in "
	    "%s/figures\n",
	    out_dir, json_array_size(R->scripts), out_dir);
	return 0;
}

int
main(int argc, char **argv)
{
	static rp_report_t R; /* large: figures and messages */
	int rc = parse_args(argc, argv);

	if (rc >= 0)
		return rc;
	R.out_dir = argv[2];
	if (check_out_dir(R.out_dir, R.msg, sizeof(R.msg)) != 0 ||
	    rp_data_load(&R.data, argv[1], R.msg, sizeof(R.msg)) != 0) {
		fprintf(stderr, "report: %s\n", R.msg);
		return EXIT_BAD_INPUT;
	}
	progress("%zu runs from %s", json_array_size(R.data.runs), R.data.dir);
	rc = run(&R, argv[2]) == 0 ? 0 : 1;
	if (rc != 0)
		fprintf(stderr, "report: %s\n", R.msg);
	staging_remove(&R);
	rp_report_free(&R);
	return rc;
}
