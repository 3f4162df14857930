/*
 * rp_facts: the report's named facts (see rp_facts.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "hx_file.h"
#include "hx_format.h"
#include "rp_data.h"
#include "rp_facts.h"
#include "rp_text.h"

void
rp_facts_name_clean(char *name)
{
	for (char *p = name; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
			*p = '_';
}

int
rp_facts_init(rp_facts_t *F)
{
	F->facts = json_object();
	F->duplicates = 0;
	return F->facts != NULL ? 0 : -1;
}

void
rp_facts_free(rp_facts_t *F)
{
	json_decref(F->facts);
	F->facts = NULL;
}

/* "SET/VARIANT n=N" for a run; writes buf. */
static const char *
run_id(const json_t *run, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s n=%s", rp_str(run, "_set"),
	    rp_field_str(run, RP_F_VARIANT),
	    rp_text_fmt_n(rp_field(run, RP_F_N)));
	return buf;
}

static const char *
fmt_ratio(double v)
{
	return hx_format_ratio(rp_text_buf(), HX_FORMAT_LEN, v);
}

/* Each kind's unit and printing: its own function, else a printf format
 * of the value times scale. */
static const struct {
	const char *unit;
	const char *(*text)(double v);
	const char *format;
	double scale;
} kinds[] = {
    [RP_FACT_TIME] = {"s", rp_text_fmt_time, NULL, 1},
    [RP_FACT_BYTES] = {"B", rp_text_fmt_bytes, NULL, 1},
    [RP_FACT_RATIO] = {"x", fmt_ratio, NULL, 1},
    [RP_FACT_SIZE] = {"", rp_text_fmt_n, NULL, 1},
    [RP_FACT_COUNT] = {"", NULL, "%.0f", 1},
    [RP_FACT_PERCENT] = {"share", NULL, "%.1f%%", 100},
    [RP_FACT_PERCENT_WHOLE] = {"share", NULL, "%.0f%%", 100},
    [RP_FACT_PERCENT_SIGNED] = {"share", NULL, "%+.0f%%", 100},
    [RP_FACT_NUMBER] = {"", NULL, "%.3g", 1},
    [RP_FACT_FIXED2] = {"", NULL, "%.2f", 1},
};

static const char *
text_of(rp_fact_kind_t kind, double v)
{
	return kinds[kind].text != NULL
	    ? kinds[kind].text(v)
	    : rp_text_fmt_num(kinds[kind].scale * v, kinds[kind].format);
}

/* Sets the fact named by fmt and ap to {value, unit, text (none when
 * NULL), runs}, runs the ids of a and b (either may be NULL); value is
 * stolen. */
static void
put(rp_facts_t *F, json_t *value, const char *unit, const char *text,
    const json_t *a, const json_t *b, const char *fmt, va_list ap)
{
	json_t *runs = json_array();
	const json_t *from[] = {a, b};
	char name[RP_FACTS_NAME_MAX], id[256];

	vsnprintf(name, sizeof(name), fmt, ap);
	rp_facts_name_clean(name);
	if (json_object_get(F->facts, name) != NULL)
		F->duplicates++;
	for (int i = 0; i < 2; i++)
		if (from[i] != NULL)
			json_array_append_new(
			    runs, json_string(run_id(from[i], id, sizeof(id))));
	json_object_set_new(F->facts, name,
	    json_pack("{s:o, s:s, s:s*, s:o}", "value", value, "unit", unit,
		"text", text, "runs", runs));
}

/* A setter's body: put with its own arguments and its name's. */
#define PUT(value, unit, text, a, b)                                           \
	do {                                                                   \
		va_list ap;                                                    \
		va_start(ap, name_fmt);                                        \
		put(F, value, unit, text, a, b, name_fmt, ap);                 \
		va_end(ap);                                                    \
	} while (0)
/* A number's value: null when NaN or infinite. */
#define NUMBER(v) (isfinite(v) ? json_real(v) : json_null())

void
rp_fact_num2(rp_facts_t *F, rp_fact_kind_t kind, double value, const json_t *a,
    const json_t *b, const char *name_fmt, ...)
{
	PUT(NUMBER(value), kinds[kind].unit, text_of(kind, value), a, b);
}

void
rp_facts_fields(rp_facts_t *F, const json_t *r, const char *prefix,
    const rp_fact_field_t *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double v = rp_field(r, t[i].field);
		if (t[i].per != RP_F_NONE)
			v /= rp_field(r, t[i].per);
		rp_fact_num(F, t[i].kind, v, r, "%s.%s", prefix, t[i].name);
	}
}

void
rp_facts_keys(rp_facts_t *F, const json_t *o, const json_t *run,
    const char *prefix, const rp_fact_key_t *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].kind == RP_FACT_STRING)
			rp_fact_str(F, rp_str_or_null(o, t[i].key), run,
			    "%s.%s", prefix, t[i].name);
		else
			rp_fact_num(F, t[i].kind, rp_num(o, t[i].key), run,
			    "%s.%s", prefix, t[i].name);
}

void
rp_fact_text(rp_facts_t *F, rp_fact_kind_t kind, double value, const char *text,
    const json_t *run, const char *name_fmt, ...)
{
	PUT(NUMBER(value), kinds[kind].unit, text, run, NULL);
}

void
rp_fact_list(rp_facts_t *F, json_t *names, const char *name_fmt, ...)
{
	PUT(names, "", "", NULL, NULL);
}

void
rp_fact_str(rp_facts_t *F, const char *value, const json_t *run,
    const char *name_fmt, ...)
{
	PUT(value != NULL ? json_string(value) : json_null(), "",
	    value != NULL ? value : "n/a", run, NULL);
}

void
rp_fact_bool(
    rp_facts_t *F, int value, const json_t *run, const char *name_fmt, ...)
{
	PUT(json_boolean(value), "", value ? "yes" : "no", run, NULL);
}

const json_t *
rp_facts_get(const rp_facts_t *F, const char *name)
{
	return json_object_get(F->facts, name);
}

double
rp_facts_num(const rp_facts_t *F, const char *name)
{
	const json_t *v = json_object_get(rp_facts_get(F, name), "value");
	return json_is_number(v) ? json_number_value(v) : NAN;
}

static int
facts_writer(FILE *f, void *doc)
{
	if (json_dumpf(doc, f,
		JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(10)) != 0)
		return -1;
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}

int
rp_facts_write(const rp_facts_t *F, const char *data_dir, const char *path,
    char *msg, size_t msglen)
{
	json_t *doc =
	    json_pack("{s:s, s:i, s:s, s:O}", "schema", "fusebench-facts",
		"version", 1, "data", data_dir, "facts", F->facts);
	int rc;

	if (doc == NULL) {
		snprintf(msg, msglen, "%s: out of memory", path);
		return -1;
	}
	rc = hx_file_write_atomic(path, facts_writer, doc, msg, msglen);
	json_decref(doc);
	return rc;
}
