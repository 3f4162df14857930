/*
 * rp_gnuplot: the report's figures drawn. A gathered plot (rp_figure.h)
 * becomes the data of its script: its decoration's numbers and its
 * blocks' rows as gnuplot reads them inline; reports/render.py fills the
 * figure's template, templates/figures/NAME.gp.j2 (its words, on the
 * layout of templates/figure.gp.j2; a decoration drawn by
 * templates/figures/KIND.gp.j2), with it into a self-contained
 * figures/NAME.gp,
 * and gnuplot is then run on that script for NAME.svg and NAME.png in
 * its own folder.
 *
 * Limits: needs gnuplot on PATH to draw; PNG uses pngcairo when the
 * gnuplot has it, its plain png otherwise.
 */
#ifndef FB_RP_GNUPLOT_H
#define FB_RP_GNUPLOT_H

#include <jansson.h>
#include <stddef.h>

#include "rp_figure.h"

/* Appends the data of P's script to the array plots: {name, script (its
 * template, figures/SCRIPT.gp.j2), refs (the decoration's data, null:
 * none), blocks: [{name, label, rgb ("#RRGGBB"), point, law, data}]}, a
 * block for each one with rows. Returns 0, or -1 when memory ran out
 * (msg says so). */
int rp_gnuplot_add(json_t *plots, const rp_plot_t *P, char *msg, size_t msglen);
/* Writes the array to path (scripts.json) atomically, its numbers at
 * full precision. 0, or -1 with msg. */
int rp_gnuplot_write(
    const json_t *scripts, const char *path, char *msg, size_t msglen);
/* 1 when a gnuplot is on PATH. */
int rp_gnuplot_available(void);
/* Runs gnuplot NAME.gp in dir. Returns 0, or -1 when it failed. */
int rp_gnuplot_draw(const char *dir, const char *name);

#endif /* FB_RP_GNUPLOT_H */
