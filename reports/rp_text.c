/*
 * rp_text: formatting, named values and templates (see rp_text.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_format.h"
#include "rp_text.h"

static char *
rotbuf(void)
{
	static char b[RP_TEXT_ROTATE][HX_FORMAT_LEN];
	static unsigned k;
	return b[k++ % RP_TEXT_ROTATE];
}

const char *
rp_text_fmt_time(double seconds)
{
	return hx_format_time(rotbuf(), HX_FORMAT_LEN, seconds);
}

const char *
rp_text_fmt_bytes(double bytes)
{
	return hx_format_bytes(rotbuf(), HX_FORMAT_LEN, bytes);
}

const char *
rp_text_fmt_ratio(double ratio)
{
	return hx_format_ratio(rotbuf(), HX_FORMAT_LEN, ratio);
}

const char *
rp_text_fmt_num(double x, const char *f)
{
	char *b = rotbuf();
	if (isnan(x))
		snprintf(b, HX_FORMAT_LEN, "n/a");
	else
		snprintf(b, HX_FORMAT_LEN, f, x);
	return b;
}

const char *
rp_text_fmt_n(double n)
{
	char *b = rotbuf();
	int e = isnan(n) || n <= 0 ? 0 : (int)floor(log10(n));
	double m = n / pow(10, e);

	if (isnan(n))
		snprintf(b, HX_FORMAT_LEN, "n/a");
	else if (n >= 1e5 && fabs(m - round(m)) < 1e-9)
		snprintf(b, HX_FORMAT_LEN, "%.0fe%d", round(m), e);
	else
		snprintf(b, HX_FORMAT_LEN, "%.0f", n);
	return b;
}

static rp_val_t *
vals_slot(rp_vals_t *vals, const char *name)
{
	for (int i = 0; i < vals->n; i++)
		if (strcmp(vals->v[i].name, name) == 0)
			return &vals->v[i];
	if (vals->n == RP_VALS_MAX)
		return NULL;
	snprintf(vals->v[vals->n].name, sizeof(vals->v[0].name), "%s", name);
	return &vals->v[vals->n++];
}

static const rp_val_t *
vals_find(const rp_vals_t *vals, const char *name)
{
	for (int i = 0; i < vals->n; i++)
		if (strcmp(vals->v[i].name, name) == 0)
			return &vals->v[i];
	return NULL;
}

int
rp_vals_num(rp_vals_t *vals, const char *name, double x)
{
	rp_val_t *v = vals_slot(vals, name);
	if (v == NULL)
		return -1;
	v->num = x;
	v->str[0] = '\0';
	return 0;
}

int
rp_vals_str(rp_vals_t *vals, const char *name, const char *s)
{
	rp_val_t *v = vals_slot(vals, name);
	if (v == NULL)
		return -1;
	v->num = NAN;
	snprintf(v->str, sizeof(v->str), "%s", s != NULL ? s : "");
	return 0;
}

double
rp_vals_get(const rp_vals_t *vals, const char *name)
{
	const rp_val_t *v = vals_find(vals, name);
	return v != NULL ? v->num : NAN;
}

const char *
rp_vals_get_str(const rp_vals_t *vals, const char *name)
{
	const rp_val_t *v = vals_find(vals, name);
	return v != NULL ? v->str : "";
}

/* One placeholder's text; NULL for an unknown kind. */
static const char *
format_value(const rp_val_t *v, const char *kind)
{
	static const struct {
		const char *kind, *printf_fmt;
	} plain[] = {
	    {"i", "%.0f"}, {"f2", "%.2f"}, {"f3", "%.3f"}, {"g3", "%.3g"}};

	if (strcmp(kind, "s") == 0)
		return v->str;
	if (strcmp(kind, "b") == 0)
		return rp_text_fmt_bytes(v->num);
	if (strcmp(kind, "t") == 0)
		return rp_text_fmt_time(v->num);
	if (strcmp(kind, "r") == 0)
		return rp_text_fmt_ratio(v->num);
	if (strcmp(kind, "n") == 0)
		return rp_text_fmt_n(v->num);
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		if (strcmp(kind, plain[i].kind) == 0)
			return rp_text_fmt_num(v->num, plain[i].printf_fmt);
	return NULL;
}

int
rp_text_fill(FILE *f, const char *tmpl, const rp_vals_t *vals)
{
	const char *p = tmpl;
	int rc = 0;

	while (*p != '\0') {
		const char *open = strchr(p, '{'), *close, *colon, *out;
		char name[32] = "", kind[8] = "";
		const rp_val_t *v;

		if (open == NULL || (close = strchr(open, '}')) == NULL) {
			fputs(p, f);
			break;
		}
		fwrite(p, 1, (size_t)(open - p), f);
		colon = memchr(open, ':', (size_t)(close - open));
		if (colon != NULL && colon - open - 1 < (long)sizeof(name) &&
		    close - colon - 1 < (long)sizeof(kind)) {
			memcpy(name, open + 1, (size_t)(colon - open - 1));
			memcpy(kind, colon + 1, (size_t)(close - colon - 1));
		}
		v = vals_find(vals, name);
		out = v != NULL ? format_value(v, kind) : NULL;
		if (out == NULL) {
			fprintf(
			    f, "{?%.*s}", (int)(close - open - 1), open + 1);
			rc = -1;
		} else {
			fputs(out, f);
		}
		p = close + 1;
	}
	return rc;
}
