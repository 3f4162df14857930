/*
 * rp_text: the report's numbers as text, formatted once for the facts
 * (the harness's hx_format for bytes, times and ratios, plus sizes such as
 * 1e6; a missing or NaN number prints "n/a"), and the named values the
 * advice's measure functions fill (rp_vals_t).
 *
 * Limits: the rp_text_fmt_* functions, and every function of the report
 * that returns a short string it made, return one of RP_TEXT_ROTATE
 * static buffers of RP_TEXT_BUF bytes in turn (rp_text_buf; not
 * thread-safe: the report is one thread, and no call uses more than
 * RP_TEXT_ROTATE results at once); at most RP_VALS_MAX named
 * values, names up to 31 characters, strings up to 511.
 */
#ifndef FB_RP_TEXT_H
#define FB_RP_TEXT_H

#define RP_TEXT_ROTATE 32
#define RP_TEXT_BUF 512
#define RP_VALS_MAX 32

/* The next of the RP_TEXT_ROTATE buffers of RP_TEXT_BUF bytes. */
char *rp_text_buf(void);

const char *rp_text_fmt_time(double seconds);
const char *rp_text_fmt_bytes(double bytes);
/* printf format f of x (one double conversion); "n/a" for NaN. */
const char *rp_text_fmt_num(double x, const char *f);
/* A size: 1e6 and 3e5 from 1e5 up when the mantissa is whole, else %.0f. */
const char *rp_text_fmt_n(double n);

typedef struct rp_val_s {
	char name[32];
	double num;    /* NAN for a string value */
	char str[512]; /* "" for a number */
} rp_val_t;

typedef struct rp_vals_s {
	rp_val_t v[RP_VALS_MAX];
	int n;
} rp_vals_t;

/* Sets (or replaces) a number or a string; -1 when the table is full. */
int rp_vals_num(rp_vals_t *vals, const char *name, double x);
int rp_vals_str(rp_vals_t *vals, const char *name, const char *s);
/* The number named (NAN when absent) and the string named ("" absent). */
double rp_vals_get(const rp_vals_t *vals, const char *name);
const char *rp_vals_get_str(const rp_vals_t *vals, const char *name);

#endif /* FB_RP_TEXT_H */
