/*
 * rp_lesson_fixes: the lesson's "What none of the answers said" (see
 * rp_lesson.h): each fix's C loop nest and measured run beside its JAX
 * code and measured warm call.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_jax.h"
#include "rp_lesson.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")
#define WARM(r) rp_jax_median(r, "warm_call_s")

/* ---- what none of the answers said ---- */

typedef struct fix_s {
	rp_question_t answers; /* its workload: the one that answers it */
	const char *variant;   /* the C variant */
	const char *programs;  /* JAX programs = markers, spaced */
	/* where the markers are, relative to the repository: a
	 * space-separated list, searched in order */
	const char *files;
	const char *what;
	/* 1: it changes the algorithm (less work); 0: only the schedule
	 * (the same work in another order, less memory alive) */
	int algorithm;
} fix_t;

static const fix_t fixes[] = {
    {RP_QUESTION_MEMORY, "hoisted", "hoisted hoisted_map hoisted_cache",
	"variants/jax/fb_interp.py variants/jax/fb_programs.py",
	"All the interpolants share one grid, so a point's cell and weights "
	"are computed once, outside the loop over interpolants.",
	1},
    {RP_QUESTION_MEMORY, "sorted", "sorted", "variants/jax/fb_interp.py",
	"Sorting the points by cell first makes the points of one cell read "
	"the same four table rows one after another.",
	1},
    {RP_QUESTION_MEMORY, "tiled", "scan", "variants/jax/fb_interp.py",
	"Looping over the interpolants inside a tile of points, each adding "
	"its squares into the tile's sums, keeps one sum a point alive (a "
	"tile's in C, all N in the JAX scan) instead of an (N,M) array.",
	0},
    {RP_QUESTION_SPEED, "chunked", "chunked", "variants/jax/fb_colony.py",
	"Batching the rows bounds the N x N arrays to B x N.", 0},
    {RP_QUESTION_SPEED, "cells", "cells", "variants/jax/fb_cells.py",
	"Contacts reach only r_cut, so a cell list finds the neighbours in "
	"O(N) work instead of all N^2 pairs.",
	1},
};

/* One JAX program of a fix: its code between the markers and its
 * measured warm call and working bytes; 1 when either was there. */
static int
fix_program(rp_report_t *R, const fix_t *x, const char *program)
{
	const json_t *j = rp_jax_run(
	    &R->data, rp_workload_question(x->answers)->name, program);
	char code[2048], file[128];
	const char *p = x->files;
	int n = 0;

	while (n == 0 && *p != '\0') {
		size_t len = strcspn(p, " ");
		snprintf(file, sizeof(file), "%.*s", (int)len, p);
		n = rp_lesson_code(&R->data, file, program, code, sizeof(code));
		p += len + strspn(p + len, " ");
	}
	if (n > 0)
		rp_md(R, "  JAX, `%s` (%s):\n\n```python\n%s```\n\n", program,
		    file, code);
	if (j != NULL)
		rp_md(R,
		    "  JAX `%s` measured: warm call %s, working bytes %s.\n",
		    program, rp_text_fmt_time(WARM(j)),
		    rp_text_fmt_bytes(rp_jax_work(&R->data, j)));
	return n > 0 || j != NULL;
}

static void
fix_write(rp_report_t *R, const fix_t *x)
{
	const char *wl = rp_workload_question(x->answers)->name;
	const json_t *c = rp_data_main_run(&R->data, wl, x->variant);
	const char *loops =
	    rp_data_variant_text(&R->data, wl, x->variant, "loops");
	int per_step = rp_workload_per_step(wl), any = 0;
	char list[128], *save = NULL, *p;

	rp_md(R, "- **%s/%s.** %s C: `%s`; %s %s, workspace %s (%s).\n", wl,
	    x->variant, x->what, loops != NULL ? loops : "",
	    per_step ? "a step" : "a run",
	    rp_text_fmt_time(per_step ? STEP(c) : MEDIAN(c)), rp_report_peak(c),
	    per_step ? "Table 3" : "Table 1");
	snprintf(list, sizeof(list), "%s", x->programs);
	for (p = strtok_r(list, " ", &save); p != NULL;
	     p = strtok_r(NULL, " ", &save))
		any |= fix_program(R, x, p);
	if (!any)
		rp_md(
		    R, "  JAX (%s): not measured in this data.\n", x->programs);
}

/* The fixes' names of one kind, "w/v, w/v and w/v", into buf. */
static const char *
fix_names(int algorithm, char *buf, size_t len)
{
	size_t n = sizeof(fixes) / sizeof(fixes[0]), k = 0, of = 0;

	for (size_t i = 0; i < n; i++)
		of += fixes[i].algorithm == algorithm;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (fixes[i].algorithm != algorithm)
			continue;
		k++;
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s/%s",
		    k == 1        ? ""
			: k == of ? " and "
				  : ", ",
		    rp_workload_question(fixes[i].answers)->name,
		    fixes[i].variant);
	}
	return buf;
}

void
rp_lesson_fixes_write(rp_report_t *R)
{
	char alg[256], sched[256];

	rp_md(R,
	    "## What none of the answers said\n\n%s change the algorithm "
	    "(less work); %s change only the schedule (the same work, less "
	    "memory alive at once). Each with its C loop nest, its JAX code "
	    "where the data has it, and what each measured.\n\n",
	    fix_names(1, alg, sizeof(alg)), fix_names(0, sched, sizeof(sched)));
	for (size_t i = 0; i < sizeof(fixes) / sizeof(fixes[0]); i++)
		fix_write(R, &fixes[i]);
	rp_md(R, "\n");
}
