/*
 * rp_text: formatting and named values (see rp_text.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_format.h"
#include "rp_text.h"

char *
rp_text_buf(void)
{
	static char b[RP_TEXT_ROTATE][RP_TEXT_BUF];
	static unsigned k;
	return b[k++ % RP_TEXT_ROTATE];
}

const char *
rp_text_fmt_time(double seconds)
{
	return hx_format_time(rp_text_buf(), HX_FORMAT_LEN, seconds);
}

const char *
rp_text_fmt_bytes(double bytes)
{
	return hx_format_bytes(rp_text_buf(), HX_FORMAT_LEN, bytes);
}

const char *
rp_text_fmt_num(double x, const char *f)
{
	char *b = rp_text_buf();
	if (isnan(x))
		snprintf(b, HX_FORMAT_LEN, "n/a");
	else
		snprintf(b, HX_FORMAT_LEN, f, x);
	return b;
}

const char *
rp_text_fmt_n(double n)
{
	int e = isnan(n) || n <= 0 ? 0 : (int)floor(log10(n));
	double m = n / pow(10, e);
	char *b;

	if (!(n >= 1e5 && fabs(m - round(m)) < 1e-9))
		return rp_text_fmt_num(n, "%.0f");
	b = rp_text_buf();
	snprintf(b, HX_FORMAT_LEN, "%.0fe%d", round(m), e);
	return b;
}

static rp_val_t *
vals_find(const rp_vals_t *vals, const char *name)
{
	for (int i = 0; i < vals->n; i++)
		if (strcmp(vals->v[i].name, name) == 0)
			return (rp_val_t *)&vals->v[i];
	return NULL;
}

/* Sets the value named, else a new one at the end, to the number x and
 * the string s; -1 when the table is full. */
static int
vals_set(rp_vals_t *vals, const char *name, double x, const char *s)
{
	rp_val_t *v = vals_find(vals, name);

	if (v == NULL && vals->n == RP_VALS_MAX)
		return -1;
	if (v == NULL) {
		v = &vals->v[vals->n++];
		snprintf(v->name, sizeof(v->name), "%s", name);
	}
	v->num = x;
	snprintf(v->str, sizeof(v->str), "%s", s);
	return 0;
}

int
rp_vals_num(rp_vals_t *vals, const char *name, double x)
{
	return vals_set(vals, name, x, "");
}

int
rp_vals_str(rp_vals_t *vals, const char *name, const char *s)
{
	return vals_set(vals, name, NAN, s != NULL ? s : "");
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
