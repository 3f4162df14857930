/* rp_gnuplot: plots as the data of their scripts, and gnuplot run on the
 * scripts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hx_file.h"
#include "rp_gnuplot.h"

/* A block's rows as gnuplot reads them inline, a row a line. */
static void
write_block(FILE *f, const rp_fig_t *fig, const rp_block_t *b)
{
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
}

/* A block with rows as {name, label, rgb, point, law, data}; NULL when
 * memory ran out. */
static json_t *
block_json(const rp_fig_t *fig, const rp_block_t *b)
{
	char *data = NULL;
	size_t len;
	FILE *f = open_memstream(&data, &len);
	json_t *o = NULL;

	if (f == NULL)
		return NULL;
	write_block(f, fig, b);
	if (fclose(f) == 0)
		o = json_pack("{s:s, s:s, s:o, s:i, s:s, s:s}", "name", b->name,
		    "label", b->label, "rgb", rp_figure_rgb(b->rgb), "point",
		    b->point, "law", b->law, "data", data);
	free(data);
	return o;
}

int
rp_gnuplot_add(json_t *plots, const rp_plot_t *P, char *msg, size_t msglen)
{
	const rp_fig_t *fig = P->fig;
	json_t *blocks = json_array();

	for (int i = 0; blocks != NULL && i < P->nblocks; i++)
		if (P->blocks[i].nrows > 0 &&
		    json_array_append_new(
			blocks, block_json(fig, &P->blocks[i])) != 0) {
			json_decref(blocks);
			blocks = NULL;
		}
	if (blocks == NULL ||
	    json_array_append_new(plots,
		json_pack("{s:s, s:s, s:O?, s:o}", "name", fig->name, "script",
		    fig->script != NULL ? fig->script : fig->name, "refs",
		    P->refs, "blocks", blocks)) != 0) {
		snprintf(msg, msglen, "%s: out of memory", fig->name);
		return -1;
	}
	return 0;
}

static int
scripts_writer(FILE *f, void *doc)
{
	/* Numbers at full precision: the scripts print them. */
	if (json_dumpf(doc, f, JSON_COMPACT) != 0)
		return -1;
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}

int
rp_gnuplot_write(
    const json_t *scripts, const char *path, char *msg, size_t msglen)
{
	return hx_file_write_atomic(
	    path, scripts_writer, (void *)scripts, msg, msglen);
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
