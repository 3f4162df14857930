/* rp_gnuplot: plots to gnuplot scripts, and gnuplot run on them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hx_file.h"
#include "rp_gnuplot.h"

static void
write_block(FILE *f, const rp_fig_t *fig, const rp_block_t *b)
{
	fprintf(f, "$%s << EOD\n", b->name);
	for (size_t j = 0; j < b->nrows; j++) {
		const rp_row_t *row = &b->rows[j];
		if (fig->source == RP_SRC_MAIN)
			fprintf(f, "%s ", row->label);
		for (int c = 0; c < RP_FIG_COLS && RP_FIG_COL_USED(fig, c);
		     c++) {
			const rp_col_t *col = &fig->cols[c];
			double x = row->v[c];
			if (c > 0)
				fputc(' ', f);
			/* Below the column's floor at the floor (log axes). */
			fprintf(f, col->fmt ? col->fmt : "%.6g",
			    col->floor > 0 && !(x > col->floor) ? col->floor
								: x);
		}
		fputc('\n', f);
	}
	fputs("EOD\n", f);
}

/* s inside a single-quoted gnuplot string, where every {v} stands: a quote
 * doubled (a limiter's word, "the core's ports", broke the roofline). */
static void
write_quoted(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
}

/* One block's plot element: the series template, placeholders filled. */
static void
write_series(FILE *f, const rp_plot_t *P, const rp_block_t *b)
{
	const char *p = P->fig->series;

	while (*p != '\0') {
		if (p[0] == '{' && p[1] != '\0' && p[2] == '}') {
			if (p[1] == 'b')
				fprintf(f, "$%s", b->name);
			else if (p[1] == 'c')
				fprintf(f, "rgb '#%06X'", b->rgb);
			else if (p[1] == 'p')
				fprintf(f, "%d", b->point);
			else if (p[1] == 'v')
				write_quoted(f, b->label);
			else if (p[1] == 'k')
				fputs(b->law, f);
			else
				fwrite(p, 1, 3, f);
			p += 3;
		} else {
			fputc(*p++, f);
		}
	}
}

static void
write_plot(FILE *f, const rp_plot_t *P)
{
	const char *sep = P->prefix[0] != '\0' ? ", " : "";
	int empty = rp_figure_rows(P) == 0;

	/* Nothing to draw: gnuplot refuses a plot whose only element is
	 * undefined everywhere, so the figure says so in its middle, on fixed
	 * ranges that suit a log scale. A prefix of 1/0 only titles an absence
	 * (the roofline without ceilings); a suffix draws named runs. */
	if (empty && P->suffix[0] == '\0' &&
	    (P->prefix[0] == '\0' || strncmp(P->prefix, "1/0", 3) == 0)) {
		fprintf(f,
		    "set label 1001 \"%s\" at graph 0.5, graph 0.5 center "
		    "noenhanced\nunset key\nplot [1:10] [1:10] 0.5 notitle\n",
		    P->fig->empty);
		return;
	}
	fprintf(f, "plot %s", P->prefix);
	for (int i = 0; i < P->nblocks; i++) {
		if (P->blocks[i].nrows == 0)
			continue;
		fputs(sep, f);
		write_series(f, P, &P->blocks[i]);
		sep = ", \\\n  ";
	}
	if (empty && P->prefix[0] == '\0')
		fprintf(f, "1/0 title '%s'", P->fig->empty);
	if (P->suffix[0] != '\0')
		fprintf(f, ", %s", P->suffix);
	fputc('\n', f);
}

/* Writes the script of the plot at arg to f (hx_file_write_atomic's
 * writer). Returns 0, or -1 when f failed. */
static int
script_writer(FILE *f, void *arg)
{
	const rp_plot_t *P = arg;
	const rp_fig_t *fig = P->fig;

	fprintf(f,
	    "# %s: %s\n# written by reports/report; redraw with "
	    "`gnuplot %s.gp` in this folder\n"
	    "set terminal svg size 960,600 dynamic font 'Sans,12' "
	    "background rgb 'white'\nset output '%s.svg'\n"
	    "set title \"%s\" noenhanced\nset key outside right top "
	    "noenhanced\nset grid\n",
	    fig->name, fig->title, fig->name, fig->name, fig->title);
	if (fig->logscale != NULL)
		fprintf(f, "set logscale %s\n", fig->logscale);
	if (fig->xlabel != NULL)
		fprintf(f, "set xlabel '%s'\n", fig->xlabel);
	if (fig->ylabel != NULL)
		fprintf(f, "set ylabel '%s'\n", fig->ylabel);
	fputs(P->pre, f);
	fputs(fig->settings != NULL ? fig->settings : "", f);
	for (int i = 0; i < P->nblocks; i++)
		if (P->blocks[i].nrows > 0)
			write_block(f, fig, &P->blocks[i]);
	fputs(fig->after_data != NULL ? fig->after_data : "", f);
	fputs(P->post, f);
	write_plot(f, P);
	fprintf(f,
	    "set output\nif (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
	    "{\n  set terminal pngcairo size 1200,750 font 'Sans,12'\n} "
	    "else {\n  set terminal png size 1200,750\n}\n"
	    "set output '%s.png'\nreplot\nset output\n",
	    fig->name);
	return ferror(f) ? -1 : 0;
}

int
rp_gnuplot_save(const char *dir, const rp_plot_t *P, char *msg, size_t msglen)
{
	char path[4200];

	if (P->fig->series == NULL) {
		snprintf(msg, msglen, "%s: no words read (rp_figures_load)",
		    P->fig->name);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s.gp", dir, P->fig->name);
	return hx_file_write_atomic(
	    path, script_writer, (void *)P, msg, msglen);
}

int
rp_gnuplot_available(void)
{
	char p[4200];

	return hx_file_which("gnuplot", p, sizeof(p)) == 0;
}

int
rp_gnuplot_draw(const char *dir, const char *name)
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
