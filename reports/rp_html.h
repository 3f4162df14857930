/*
 * rp_html: the report as one self-contained HTML page, REPORT.html beside
 * REPORT.md, made from the Markdown the report program wrote: every figure
 * inline as its SVG (read from the figures folder, so call it after gnuplot
 * drew them), every table sortable by a click on its header (a few lines of
 * inline script; numbers sort as numbers, with their units: 2 ms before
 * 1 s), and no other file needed to read it.
 *
 * Limits: it converts the Markdown subset the report writes (headings,
 * paragraphs, pipe tables, "- " and "1. " lists, **bold**, *italic*,
 * `code`, links and images), not Markdown in general; an image whose SVG
 * cannot be read becomes a line that says so.
 */
#ifndef FB_RP_HTML_H
#define FB_RP_HTML_H

#include <stddef.h>

/* Writes OUT_DIR/REPORT.html from md (the whole REPORT.md text), inlining
 * OUT_DIR/figures/NAME.svg for each image. Returns 0, or -1 with one line
 * in msg. */
int rp_html_write(
    const char *out_dir, const char *md, char *msg, size_t msglen);

#endif /* FB_RP_HTML_H */
