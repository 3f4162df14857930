/*
 * rp_gnuplot: the one writer of the report's figures. A gathered plot
 * (rp_figure.h) becomes a self-contained gnuplot script, its data inline,
 * that draws NAME.svg and NAME.png in its own folder; gnuplot is then run
 * on it.
 *
 * Limits: needs gnuplot on PATH to draw (the scripts are written without
 * it); PNG uses pngcairo when the gnuplot has it, its plain png otherwise.
 */
#ifndef FB_RP_GNUPLOT_H
#define FB_RP_GNUPLOT_H

#include <stddef.h>

#include "rp_figure.h"

/* Writes DIR/NAME.gp atomically. Returns 0, or -1 with a reason in msg
 * (one is that the figure's words were not read: rp_figures_load). */
int rp_gnuplot_save(
    const char *dir, const rp_plot_t *P, char *msg, size_t msglen);
/* 1 when a gnuplot is on PATH. */
int rp_gnuplot_available(void);
/* Runs gnuplot NAME.gp in dir. Returns 0, or -1 when it failed. */
int rp_gnuplot_draw(const char *dir, const char *name);

#endif /* FB_RP_GNUPLOT_H */
