/*
 * Integration tests of the report's consistency: one fact, one number; one
 * variant, one limiter; one advice, one verdict that obeys its rule. The
 * report program (FB_REPORT) writes the report from the committed data
 * (reports/data) into a scratch folder, and the checks below read it:
 *
 *   - a main run's median is printed the same in Table 1 and Table 1b;
 *   - the anchor's C stand-in and the C side of "Beside JAX" are the same
 *     one-thread number where they name the same variant;
 *   - each variant's limiter is the same word in the limits table, the
 *     lesson, the threads tables and the roofline's labels;
 *   - each advice has the same verdict in the lesson and in the notebook,
 *     JAX's where the notebook's JAX side decides it, else C's, and the
 *     same C verdict beside it;
 *   - every number with a unit in the lesson appears in a table;
 *   - every time, memory figure, ratio and percentage printed in the lesson
 *     and in the notebook's advice table is the text of a fact of the
 *     facts.json written beside the report, and so is every one in the
 *     rest of the notebook; and facts of the same kind over
 *     the same runs and the same quantity (the last part of their names)
 *     print the same text: one number, one value, wherever it is printed
 *     (that no quantity is printed under two names is checked where the
 *     printed names are known, by the renderer: tests/report/test_one_fact.py);
 *   - the lesson is at most 3,500 words, and no sentence of more than 60
 *     characters (numbers aside) is printed more than twice.
 *
 * A check that passes only because it reads nothing would prove nothing:
 * each check is also run on the report with one section changed so that
 * two sections disagree, and must fail there. The quick report
 * (reports/out-quick, made by test_report.c's hook) gets the same checks.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "fb_spawn.h"

#define LESSON_WORDS 3500
#define NOTEBOOK "\n## Lab notebook\n"

typedef struct check_s {
	char why[2048];
	int problems;
} check_t;

static void
problem(check_t *c, const char *fmt, const char *a, const char *b)
{
	size_t len = strlen(c->why);

	if (c->problems++ < 6 && len < sizeof(c->why) - 1)
		snprintf(c->why + len, sizeof(c->why) - len, fmt, a, b);
}

/* ---- tables ---- */

/* The first table line at or after marker's first occurrence, or NULL. */
static const char *
table_after(const char *md, const char *marker)
{
	const char *p = strstr(md, marker);

	for (; p != NULL && *p != '\0'; p = strchr(p, '\n')) {
		p += *p == '\n';
		if (*p == '|')
			return p;
	}
	return NULL;
}

/* Cell k (0-based) of the table line at row, trimmed, into out. */
static const char *
cell(const char *row, int k, char *out, size_t n)
{
	const char *p = row, *end;
	size_t len;

	out[0] = '\0';
	for (int i = 0; i <= k; i++) {
		if ((p = strchr(p, '|')) == NULL || p[1] == '\n' ||
		    p[1] == '\0')
			return out;
		p++;
	}
	end = strchr(p, '|');
	while (*p == ' ')
		p++;
	len = end != NULL ? (size_t)(end - p) : strcspn(p, "\n");
	while (len > 0 && p[len - 1] == ' ')
		len--;
	snprintf(out, n, "%.*s", (int)len, p);
	return out;
}

/* The row of the table at t whose first cell is first, or NULL. */
static const char *
row_of(const char *t, const char *first)
{
	char c0[256];

	for (const char *p = t; p != NULL && *p == '|';) {
		if (strcmp(cell(p, 0, c0, sizeof(c0)), first) == 0)
			return p;
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	return NULL;
}

/* The next row of a table, or NULL after its last. */
static const char *
next_row(const char *p)
{
	p = strchr(p, '\n');
	return p != NULL && p[1] == '|' ? p + 1 : NULL;
}

/* ---- the checks ---- */

/* Table 1's median of every variant is Table 1b's "median, random". */
static void
medians_agree(const char *md, check_t *c)
{
	const char *t1 = table_after(md, "**Table 1.**");
	const char *tb = table_after(md, "**Table 1b.**");
	char v[64], m1[128], mb[128];

	if (t1 == NULL || tb == NULL) {
		problem(c, "no Table 1 or 1b%s%s\n", "", "");
		return;
	}
	for (const char *p = next_row(next_row(tb)); p != NULL;
	     p = next_row(p)) {
		const char *r = row_of(t1, cell(p, 0, v, sizeof(v)));
		cell(p, 1, mb, sizeof(mb));
		if (r == NULL) {
			problem(
			    c, "%s is in Table 1b, not in Table 1%s\n", v, "");
			continue;
		}
		cell(r, 1, m1, sizeof(m1));
		m1[strcspn(m1, "(")] = '\0';
		while (strlen(m1) > 0 && m1[strlen(m1) - 1] == ' ')
			m1[strlen(m1) - 1] = '\0';
		if (strcmp(m1, mb) != 0)
			problem(c, "median %s in Table 1, %s in Table 1b\n", m1,
			    mb);
	}
}

/* The anchor's C stand-in time is the one-thread C time that Table J5
 * (same schedule) prints for the same variant at the same size. */
static void
anchor_agrees(const char *md, check_t *c)
{
	const char *a = table_after(md, "Performance against the anchor");
	const char *b = table_after(md, "**Table J5.**");
	char size[32], sv[96], v2[64], size2[32], ct[96];

	if (a == NULL || b == NULL)
		return;
	for (const char *p = next_row(next_row(a)); p != NULL;
	     p = next_row(p)) {
		char *comma;
		int found;
		cell(p, 1, size, sizeof(size));
		cell(p, 3, sv, sizeof(sv));
		if ((comma = strstr(sv, ", ")) == NULL)
			continue;
		*comma = '\0';
		found = 0;
		for (const char *q = next_row(next_row(b)); q != NULL;
		     q = next_row(q)) {
			char *paren;
			cell(q, 0, v2, sizeof(v2));
			cell(q, 1, size2, sizeof(size2));
			cell(q, 3, ct, sizeof(ct));
			if (strcmp(sv, v2) != 0 || strcmp(size, size2) != 0)
				continue;
			found = 1;
			if ((paren = strstr(ct, " (")) != NULL)
				*paren = '\0';
			if (strcmp(ct, comma + 2) != 0)
				problem(c,
				    "the anchor's C side %s, Table J5's %s\n",
				    comma + 2, ct);
		}
		if (!found)
			problem(c,
			    "the anchor's stand-in %s at %s is not in "
			    "Table J5\n",
			    sv, size);
	}
}

/* The limiter word of w/v in the notebook's limits table ("" none). */
static const char *
limiter_of(const char *md, const char *wv, char *out, size_t n)
{
	const char *t = table_after(md, "| variant | limiter | ");
	const char *r = t != NULL ? row_of(t, wv) : NULL;
	char w[96];

	out[0] = '\0';
	if (r == NULL)
		return out;
	cell(r, 1, w, sizeof(w));
	if (strncmp(w, "**", 2) == 0 && strlen(w) > 4)
		snprintf(out, n, "%.*s", (int)strlen(w) - 4, w + 2);
	else
		snprintf(out, n, "%s", w);
	return out;
}

static void
limiters_agree(const char *md, const char *gp, check_t *c)
{
	static const char *const ws[] = {"interp", "colony"};
	const char *every = strstr(md, "### Every core: threads");

	for (int k = 0; k < 2; k++) {
		char head[64], v[64], want[64], got[128], wv[128];
		const char *t, *brief;
		snprintf(head, sizeof(head), "\n#### %s\n", ws[k]);
		t = every != NULL ? table_after(strstr(every, head), "|")
				  : NULL;
		for (const char *p = t != NULL ? next_row(next_row(t)) : NULL;
		     p != NULL; p = next_row(p)) {
			char *end;
			cell(p, 0, v, sizeof(v));
			cell(p, 6, got, sizeof(got));
			snprintf(wv, sizeof(wv), "%s/%s", ws[k], v);
			limiter_of(md, wv, want, sizeof(want));
			if (got[0] == '[' && (end = strchr(got, ']')) != NULL)
				*end = '\0';
			if (want[0] == '\0')
				problem(c, "%s is not in the limits table%s\n",
				    wv, "");
			else if (strcmp(got + (got[0] == '['), want) != 0)
				problem(c, "threads table: %s, limits: %s\n",
				    got, want);
			/* The lesson's list: "- w: ... v word,". */
			snprintf(head, sizeof(head), "- %s:", ws[k]);
			brief = strstr(md, head);
			snprintf(got, sizeof(got), " %s %s", v, want);
			if (brief != NULL && want[0] != '\0' &&
			    (strstr(brief, got) == NULL ||
				strstr(brief, got) > strchr(brief, '\n')))
				problem(
				    c, "the lesson lacks \"%s\"%s\n", got, "");
			/* The roofline's label: "v (LEVEL; word)". */
			snprintf(got, sizeof(got), "; %s)'", want);
			snprintf(wv, sizeof(wv), "title '%s (", v);
			if (k == 0 && gp != NULL && want[0] != '\0' &&
			    (strstr(gp, wv) == NULL ||
				strncmp(strstr(strstr(gp, wv), ";"), got,
				    strlen(got)) != 0))
				problem(
				    c, "the roofline's %s lacks %s\n", wv, got);
		}
	}
}

/* The first body row of the table at t (after its header and rule). */
static const char *
first_row(const char *t)
{
	t = t != NULL ? next_row(t) : NULL;
	return t != NULL ? next_row(t) : NULL;
}

/* The verdict a row of the advice table must give: JAX's where JAX
 * decides (its cell neither "not testable here" nor "in JAX"), else C's,
 * in bold with the side. */
static const char *
answer_of(const char *row, char *out, size_t n)
{
	char c[128], j[128];

	cell(row, 3, c, sizeof(c));
	cell(row, 5, j, sizeof(j));
	if (strcmp(j, "not testable here") != 0 &&
	    strcmp(j, "not testable in JAX") != 0)
		snprintf(out, n, "**%s** (JAX)", j);
	else
		snprintf(out, n, "**%s** (C)", c);
	return out;
}

/* Row by row, the lesson's advice table and the notebook's: the same
 * advice, the same verdict (the one the notebook's two sides give by the
 * rule), the same C verdict. */
static void
verdicts_agree(const char *md, check_t *c)
{
	const char *l =
	    first_row(table_after(md, "## The advice, one line each"));
	const char *b = first_row(table_after(md, "### Advice and verdicts\n"));
	char x[512], y[512], want[600];
	char *link;
	int rows = 0;

	for (; l != NULL && b != NULL; l = next_row(l), b = next_row(b)) {
		rows++;
		if (strcmp(cell(l, 0, x, sizeof(x)), cell(b, 0, y, sizeof(y))))
			problem(c, "lesson row %s, notebook row %s\n", x, y);
		cell(l, 2, x, sizeof(x));
		if ((link = strstr(x, "](#")) != NULL)
			*link = '\0';
		cell(b, 6, y, sizeof(y));
		if (x[0] != '[' || strcmp(x + 1, y) != 0)
			problem(c, "lesson verdict %s, notebook %s\n", x, y);
		if (strcmp(y, answer_of(b, want, sizeof(want))) != 0)
			problem(c, "verdict %s, its sides give %s\n", y, want);
		cell(l, 3, x, sizeof(x));
		snprintf(want, sizeof(want), "*%s*", cell(b, 3, y, sizeof(y)));
		if (strcmp(x, want) != 0)
			problem(c, "lesson's C verdict %s, notebook's %s\n", x,
			    want);
	}
	if (rows == 0 || l != NULL || b != NULL)
		problem(c, "the advice tables differ in length%s%s\n", "", "");
}

/* The figures' fixed scale marks that the lesson's captions name: the
 * timeline and memory plots draw values under 1 kB on a 1 kB line. They
 * are constants of the plots, not measurements, and no table need print
 * them (the check found "1 kB" only inside a table's "131 kB" before).
 * The notebook names three constants of tools the same way: %timeit sizes
 * its loops until one takes 0.2 s, the harness samples its memory
 * timeline every millisecond and warns of an interval wider than 5% of
 * the median (a note of the quick report). */
static int
in_fixed_phrase(const char *md, const char *p)
{
	static const char *const fixed[] = {"under 1 kB", "marked 1 kB",
	    "takes 0.2 s", "a 1 ms memory timeline", "wider than 5%"};

	for (size_t f = 0; f < sizeof(fixed) / sizeof(fixed[0]); f++) {
		size_t at = strcspn(fixed[f], "0123456789");

		if ((size_t)(p - md) >= at &&
		    strncmp(p - at, fixed[f], strlen(fixed[f])) == 0)
			return 1;
	}
	return 0;
}

/* Every "3.87 s", "1.35 GB", "3.66x", "53.8%" of the lesson is printed in
 * some table of the report. Fenced code blocks are skipped: they quote a
 * program's source (its comments may name sizes), not a measurement. */
static void
numbers_in_tables(const char *md, check_t *c)
{
	static const char *const units[] = {
	    " GB", " MB", " kB", " B", " ms", " us", " ns", " s", "x", "%"};
	const char *end = strstr(md, NOTEBOOK);
	size_t cap = strlen(md) + 1, used = 0;
	char *tables = malloc(cap);

	cr_assert(tables != NULL && end != NULL);
	for (const char *p = md; *p != '\0';) {
		size_t len = strcspn(p, "\n");
		if (*p == '|') {
			memcpy(tables + used, p, len);
			used += len;
			tables[used++] = '\n';
		}
		p += len + (p[len] == '\n');
	}
	tables[used] = '\0';
	for (const char *p = md; p < end; p++) {
		char num[64];
		size_t k;
		if ((p == md || p[-1] == '\n') && strncmp(p, "```", 3) == 0) {
			const char *close = strstr(p + 3, "\n```");
			if (close == NULL || close >= end)
				break;
			p = close + 4;
			continue;
		}
		k = strspn(p, "0123456789.");
		if (!isdigit((unsigned char)*p) ||
		    (p > md &&
			(isalnum((unsigned char)p[-1]) || p[-1] == '.' ||
			    p[-1] == '^' || p[-1] == '=')) ||
		    in_fixed_phrase(md, p))
			continue;
		for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
			size_t ul = strlen(units[u]);
			/* A rate (GB/s) is no byte figure. */
			if (strncmp(p + k, units[u], ul) != 0 ||
			    isalnum((unsigned char)p[k + ul]) ||
			    p[k + ul] == '/')
				continue;
			snprintf(
			    num, sizeof(num), "%.*s%s", (int)k, p, units[u]);
			if (strstr(tables, num) == NULL)
				problem(c, "the lesson's %s is in no table%s\n",
				    num, "");
			break;
		}
		p += k;
	}
	free(tables);
}

/* ---- every figure a fact ---- */

/* The units of a printed figure: bytes, times, ratios, percentages. */
static const char *const figure_units[] = {
    " GB", " MB", " kB", " B", " ms", " us", " ns", " s", "x", "%"};

/* 1 when tok occurs in text as a whole figure (not inside a longer number
 * or word). */
static int
has_token(const char *text, const char *tok)
{
	size_t n = strlen(tok);

	for (const char *p = strstr(text, tok); p != NULL;
	     p = strstr(p + 1, tok)) {
		int before =
		    p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '.');
		if (!before && !isalnum((unsigned char)p[n]))
			return 1;
	}
	return 0;
}

/* The texts of facts.json's facts, one a line (with measured, only those
 * of facts made from runs), a new string, from the facts object at facts. */
static char *
fact_texts_of(const json_t *facts, int measured)
{
	const char *k;
	json_t *v;
	size_t cap = 1 << 16, used = 0;
	char *t = malloc(cap);

	cr_assert(t != NULL);
	t[0] = '\0';
	json_object_foreach(json_object_get(facts, "facts"), k, v)
	{
		const char *s = json_string_value(json_object_get(v, "text"));
		size_t n = s != NULL ? strlen(s) : 0;
		if (measured &&
		    json_array_size(json_object_get(v, "runs")) == 0)
			continue;
		if (used + n + 2 > cap) {
			cap = 2 * (used + n + 2);
			t = realloc(t, cap);
			cr_assert(t != NULL);
		}
		if (n > 0) {
			memcpy(t + used, s, n);
			used += n;
			t[used++] = '\n';
			t[used] = '\0';
		}
	}
	return t;
}

/* The figure (number and unit) that starts at p, into out; 0 when none
 * starts there. */
static int
figure_at(const char *start, const char *p, char *out, size_t n)
{
	size_t k = strspn(p, "0123456789.");

	if (!isdigit((unsigned char)*p) ||
	    (p > start &&
		(isalnum((unsigned char)p[-1]) || p[-1] == '.' ||
		    p[-1] == '^' || p[-1] == '=')))
		return 0;
	for (size_t u = 0; u < sizeof(figure_units) / sizeof(figure_units[0]);
	     u++) {
		size_t ul = strlen(figure_units[u]);
		if (strncmp(p + k, figure_units[u], ul) != 0 ||
		    isalnum((unsigned char)p[k + ul]) || p[k + ul] == '/')
			continue;
		snprintf(out, n, "%.*s%s", (int)k, p, figure_units[u]);
		return (int)k;
	}
	return 0;
}

/* Every figure of md's text from p to end that is no fact's text is a
 * problem; fenced code is skipped (a program's source). */
static void
figures_traced(const char *md, const char *p, const char *end,
    const char *texts, const char *where, check_t *c)
{
	for (; p < end; p++) {
		char fig[64];
		int k;
		if ((p == md || p[-1] == '\n') && strncmp(p, "```", 3) == 0) {
			const char *close = strstr(p + 3, "\n```");
			if (close == NULL || close >= end)
				return;
			p = close + 4;
			continue;
		}
		if ((k = figure_at(md, p, fig, sizeof(fig))) == 0 ||
		    in_fixed_phrase(md, p)) {
			p += strspn(p, "0123456789.") > 0
			    ? strspn(p, "0123456789.") - 1
			    : 0;
			continue;
		}
		if (!has_token(texts, fig))
			problem(c, "%s prints %s, which is no fact's text\n",
			    where, fig);
		p += k - 1;
	}
}

/* Facts of the same unit (a time, bytes, a ratio, a share) over the same
 * runs and named for the same quantity (the last part of the name) print
 * the same text. */
static void
facts_agree(const json_t *facts, check_t *c)
{
	json_t *seen = json_object();
	const char *k;
	json_t *v;

	json_object_foreach(json_object_get(facts, "facts"), k, v)
	{
		const char *unit =
		    json_string_value(json_object_get(v, "unit"));
		const char *text =
		    json_string_value(json_object_get(v, "text"));
		const char *leaf = strrchr(k, '.');
		const json_t *runs = json_object_get(v, "runs"), *r;
		char key[2048];
		size_t i, used;
		json_t *old;
		if (unit == NULL || text == NULL ||
		    json_array_size(runs) == 0 ||
		    (strcmp(unit, "s") != 0 && strcmp(unit, "B") != 0 &&
			strcmp(unit, "x") != 0 && strcmp(unit, "share") != 0))
			continue;
		used = (size_t)snprintf(key, sizeof(key), "%s|%s", unit,
		    leaf != NULL ? leaf + 1 : k);
		/* The runs as the report lists them (sorted there). */
		json_array_foreach(runs, i, r)
		{
			if (used < sizeof(key))
				used += (size_t)snprintf(key + used,
				    sizeof(key) - used, "|%s",
				    json_string_value(r) ? json_string_value(r)
							 : "");
		}
		old = json_object_get(seen, key);
		if (old == NULL)
			json_object_set_new(seen, key, json_string(text));
		else if (strcmp(json_string_value(old), text) != 0)
			problem(c, "one quantity, two values: %s and %s\n",
			    json_string_value(old), text);
	}
	json_decref(seen);
}

/* The figures of the lesson, of the notebook and of its advice table are
 * facts; and the facts agree. */
static void
figures_are_facts(const char *md, const json_t *facts, check_t *c)
{
	const char *lesson_end = strstr(md, NOTEBOOK);
	const char *advice = strstr(md, "### Advice and verdicts\n");
	char *texts;

	if (facts == NULL) {
		problem(c, "no facts.json beside the report%s%s\n", "", "");
		return;
	}
	texts = fact_texts_of(facts, 0);
	if (lesson_end != NULL) {
		figures_traced(md, md, lesson_end, texts, "the lesson", c);
		figures_traced(
		    md, lesson_end, md + strlen(md), texts, "the notebook", c);
	}
	/* The advice table's rows (its lines that begin with a bar). */
	for (const char *p = table_after(md, "### Advice and verdicts\n");
	     advice != NULL && p != NULL && *p == '|';) {
		const char *e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		figures_traced(md, p, e, texts, "the advice table", c);
		p = *e == '\n' ? e + 1 : e;
	}
	facts_agree(facts, c);
	free(texts);
}

/* Sentences (split at ". ", "? ", "! ", newlines and table bars) longer
 * than 60 characters, numbers made '#', printed more than twice. A link
 * to a note ("[note 4](#note-4)") does not count toward the 60: a table's
 * column of notes, three or more to a row on a loaded machine, is not a
 * sentence (the quick report of a machine at load 5 failed on one); nor
 * is a table cell that is one in-page link, a verdict that links to the
 * section that decides it ("[gathers or page faults](#what-limits-...)"). */
/* The characters of s that are links to notes, numbers made '#'. */
static size_t
note_links(const char *s)
{
	static const char link[] = "[note #](#note-#)";
	size_t n = 0;

	while ((s = strstr(s, link)) != NULL) {
		n += sizeof(link) - 1;
		s += sizeof(link) - 1;
	}
	return n;
}

static void
no_repeats(const char *md, check_t *c)
{
	size_t n = strlen(md), k = 0, cap = 4096;
	char **s = calloc(cap, sizeof(char *));
	char buf[1024];

	cr_assert(s != NULL);
	for (size_t i = 0, start = 0; i <= n; i++) {
		int cut = md[i] == '\0' || md[i] == '\n' || md[i] == '|' ||
		    ((md[i] == '.' || md[i] == '?' || md[i] == '!') &&
			md[i + 1] == ' ');
		size_t len = 0;
		if (!cut)
			continue;
		while (start < i && md[start] == ' ')
			start++;
		for (size_t j = start; j < i && len < sizeof(buf) - 1; j++) {
			if (isdigit((unsigned char)md[j])) {
				if (len == 0 || buf[len - 1] != '#')
					buf[len++] = '#';
			} else if (!(md[j] == '.' && len > 0 &&
				       buf[len - 1] == '#'))
				buf[len++] = md[j];
		}
		while (len > 0 && buf[len - 1] == ' ')
			len--;
		buf[len] = '\0';
		start = i + 1;
		if (len - note_links(buf) > 60 && k < cap &&
		    !(buf[0] == '[' && buf[len - 1] == ')' &&
			strstr(buf, "](#") != NULL &&
			strchr(buf + 1, '[') == NULL))
			s[k++] = strdup(buf);
	}
	for (size_t i = 0; i < k; i++) {
		int times = 1;
		for (size_t j = i + 1; j < k; j++)
			times += s[j] != NULL && s[i] != NULL &&
			    strcmp(s[i], s[j]) == 0;
		if (times > 2 && s[i] != NULL) {
			snprintf(buf, sizeof(buf), "%d", times);
			problem(c, "printed %s times: %.120s\n", buf, s[i]);
			for (size_t j = i + 1; j < k; j++)
				if (s[j] != NULL && strcmp(s[i], s[j]) == 0) {
					free(s[j]);
					s[j] = NULL;
				}
		}
	}
	for (size_t i = 0; i < k; i++)
		free(s[i]);
	free(s);
}

static int
lesson_words(const char *md)
{
	const char *end = strstr(md, NOTEBOOK);
	int words = 0, in = 0;

	cr_assert(end != NULL, "no \"## Lab notebook\" heading");
	for (const char *p = md; p < end; p++) {
		int space = isspace((unsigned char)*p);
		words += !space && !in;
		in = !space;
	}
	return words;
}

/* Every check on one report, with the facts written beside it. */
static check_t
check_all(const char *md, const char *gp, const json_t *facts)
{
	check_t c = {.problems = 0};

	c.why[0] = '\0';
	medians_agree(md, &c);
	anchor_agrees(md, &c);
	limiters_agree(md, gp, &c);
	verdicts_agree(md, &c);
	numbers_in_tables(md, &c);
	figures_are_facts(md, facts, &c);
	no_repeats(md, &c);
	if (lesson_words(md) > LESSON_WORDS)
		problem(&c, "the lesson is over %s words%s\n", "3,500", "");
	return c;
}

/* README's headline (the table under "## The headline result"): each
 * row's median, workspace, model and speed-up are the same text as Table
 * 1's and Table 1m's for its variant in the report. */
static void
readme_headline(const char *readme, const char *md, check_t *c)
{
	/* README's columns 1 to 4: the report's table (0: Table 1, 1: Table
	 * 1m) and column. */
	static const int from[4][2] = {{0, 1}, {1, 1}, {1, 2}, {0, 4}};
	const char *h = table_after(readme, "## The headline result");
	const char *t[2] = {
	    table_after(md, "**Table 1.**"), table_after(md, "**Table 1m.**")};
	int rows = 0;

	if (h == NULL || t[0] == NULL || t[1] == NULL) {
		problem(
		    c, "no headline in README.md or no Table 1%s%s\n", "", "");
		return;
	}
	/* Past the header and the separator. */
	for (const char *r = next_row(next_row(h)); r != NULL;
	     r = next_row(r), rows++) {
		char v[64], a[128], b[128];

		cell(r, 0, v, sizeof(v));
		for (int k = 0; k < 4; k++) {
			const char *src = row_of(t[from[k][0]], v);

			cell(r, k + 1, a, sizeof(a));
			snprintf(b, sizeof(b), "no row %s", v);
			if (src == NULL ||
			    strcmp(a, cell(src, from[k][1], b, sizeof(b))) != 0)
				problem(c,
				    "README's headline says %s where the "
				    "report says %s\n",
				    a, b);
		}
	}
	if (rows == 0)
		problem(c, "README's headline has no rows%s%s\n", "", "");
}

/* ---- the committed data, and the same report with a section changed ---- */

static char out[64];
static char *md, *gp;
static json_t *facts;

static void
make_report(void)
{
	const char *r = getenv("FB_REPORT");
	char cmd[512], path[128];

	cr_assert(r != NULL && access(r, X_OK) == 0,
	    "FB_REPORT must name the built report program");
	snprintf(out, sizeof(out), "/tmp/fb_consistency_XXXXXX");
	cr_assert(mkdtemp(out) != NULL);
	snprintf(cmd, sizeof(cmd), "'%s' reports/data %s 2>/dev/null", r, out);
	cr_assert_eq(system(cmd), 0, "%s failed", cmd);
	snprintf(path, sizeof(path), "%s/REPORT.md", out);
	md = fb_slurp(path);
	snprintf(path, sizeof(path), "%s/figures/fig-roofline.gp", out);
	gp = fb_slurp(path);
	snprintf(path, sizeof(path), "%s/facts.json", out);
	facts = json_load_file(path, 0, NULL);
	cr_assert(md != NULL && gp != NULL && facts != NULL);
}

static void
drop_report(void)
{
	char cmd[128];

	free(md);
	free(gp);
	json_decref(facts);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", out);
	cr_expect_eq(system(cmd), 0);
}

TestSuite(report_consistency, .init = make_report, .fini = drop_report,
    .timeout = 180);

Test(report_consistency, committed_data_is_consistent)
{
	check_t c = check_all(md, gp, facts);

	cr_expect_eq(c.problems, 0, "%d problems:\n%s", c.problems, c.why);
	cr_expect(
	    lesson_words(md) <= LESSON_WORDS, "%d words", lesson_words(md));
	/* The checks read what they check: these are there to compare. */
	cr_expect(table_after(md, "**Table 1b.**") != NULL);
	cr_expect(strstr(md, "](#what-limits-each-variant) |") != NULL);
	cr_expect(strstr(md, " (JAX)](#advice-and-verdicts) |") != NULL);
}

/* md with the first "from" after marker replaced by "to" (a new text). */
static char *
changed(const char *marker, const char *from, const char *to)
{
	const char *m = strstr(md, marker), *at;
	size_t n = strlen(md) + strlen(to) + 1, head;
	char *t = malloc(n);

	cr_assert(m != NULL, "no %s", marker);
	at = strstr(m, from);
	cr_assert(at != NULL, "no %s after %s", from, marker);
	head = (size_t)(at - md);
	memcpy(t, md, head);
	snprintf(t + head, n - head, "%s%s", to, at + strlen(from));
	return t;
}

static void
expect_caught(char *t, const char *what)
{
	check_t c = check_all(t, gp, facts);

	cr_expect(c.problems > 0, "a report where %s passed the checks", what);
	free(t);
}

/* The first threads table's first limiter link, "[WORD](", into buf. */
static void
limiter_cell(char *buf, size_t len)
{
	const char *m = strstr(md, "### Every core: threads"), *end, *open;

	cr_assert(m != NULL, "no threads section");
	end = strstr(m, "](#what-limits-each-variant)");
	cr_assert(end != NULL, "no limiter link in the threads section");
	for (open = end; open > m && *open != '['; open--)
		;
	cr_assert(*open == '[' && (size_t)(end - open) + 3 < len);
	snprintf(buf, len, "%.*s](", (int)(end - open), open);
}

Test(report_consistency, sections_that_disagree_fail)
{
	char row[512], first[64], med[64], alt[128], lim[128], *notes;
	char stand[128], alt2[160];
	check_t c;
	const char *t1 = table_after(md, "**Table 1b.**");
	const char *r = next_row(next_row(t1));

	/* Table 1b's median of its first variant, made another number. */
	cell(r, 0, first, sizeof(first));
	cell(r, 1, med, sizeof(med));
	snprintf(row, sizeof(row), "| %s | %s |", first, med);
	expect_caught(
	    changed("**Table 1b.**", row, "| x | 1 s |"), "a row went missing");
	snprintf(alt, sizeof(alt), "| %s | 999 ms |", first);
	expect_caught(changed("**Table 1b.**", row, alt),
	    "Table 1b's median differs from Table 1's");
	/* A limiter word changed in a threads table: the first row's, made
	 * a word no limiter has. */
	limiter_cell(lim, sizeof(lim));
	expect_caught(changed("### Every core: threads", lim, "[no limiter]("),
	    "a threads table names another limiter");
	/* A verdict changed in the lesson only. */
	expect_caught(changed("## The advice, one line each",
			  "[**supported** (JAX)]", "[**not supported** (JAX)]"),
	    "the lesson's verdict differs from the notebook's");
	/* The lesson's C verdict changed (jit: with a nuance in C). */
	expect_caught(changed("## The advice, one line each",
			  "| *supported with a nuance* |", "| *supported* |"),
	    "the lesson's C verdict differs from the notebook's");
	/* A notebook verdict that is not its JAX side's. */
	expect_caught(
	    changed("### Advice and verdicts", "| **not supported** (JAX)",
		"| **not supported** (C)"),
	    "the verdict is not JAX's where JAX decides");
	/* A number in the lesson that no table prints. */
	expect_caught(changed("## The memory question", "A nested map",
			  "It took 12.34 GB. A nested map"),
	    "the lesson prints a number no table has");
	/* The anchor's C side taken from another run: its first row's
	 * stand-in time ("VARIANT, TIME") with a digit put in front. */
	cell(first_row(table_after(md, "Performance against the anchor")), 3,
	    stand, sizeof(stand));
	cr_assert(strstr(stand, ", ") != NULL, "stand-in cell '%s'", stand);
	snprintf(alt2, sizeof(alt2), "%.*s, 1%s",
	    (int)(strstr(stand, ", ") - stand), stand, strstr(stand, ", ") + 2);
	expect_caught(changed("Performance against the anchor", stand, alt2),
	    "the anchor's C side differs from Table J5's");
	/* A caveat printed three times. */
	expect_caught(
	    changed("## The memory question", "A nested map",
		"Lead. This caveat sentence is certainly long enough to count "
		"as "
		"one, surely. This caveat sentence is certainly long enough "
		"to count as one, surely. This caveat sentence is certainly "
		"long enough to count as one, surely. A nested map"),
	    "a sentence is printed three times");
	/* Three rows whose cells are four notes each: no sentence. */
	notes = changed("## The memory question", "A nested map",
	    "| [note 1](#note-1), [note 2](#note-2), [note "
	    "3](#note-3), [note 4](#note-4) |\n| [note 1](#note-1), "
	    "[note 2](#note-2), [note 3](#note-3), [note 4](#note-4) "
	    "|\n| [note 1](#note-1), [note 2](#note-2), [note "
	    "3](#note-3), [note 4](#note-4) |\nA nested map");
	c = check_all(notes, gp, facts);
	cr_expect(strstr(c.why, "printed 3 times") == NULL, "%s", c.why);
	free(notes);
}

/* The first ratio the lesson prints that is a measured fact (one made
 * from runs, not the question's own figures), into fig; NULL when none. */
static const char *
first_fact_ratio(char *fig, size_t n)
{
	const char *end = strstr(md, NOTEBOOK);
	char *texts = fact_texts_of(facts, 1);
	const char *at = NULL;

	for (const char *p = md; at == NULL && p < end; p++) {
		int k = figure_at(md, p, fig, n);
		if (k > 0 && fig[strlen(fig) - 1] == 'x' &&
		    has_token(texts, fig))
			at = p;
	}
	free(texts);
	return at;
}

Test(report_consistency, a_ratio_printed_twice_with_two_values_fails)
{
	char fig[64], alt[64], from[160], to[320], *texts;
	const char *at = first_fact_ratio(fig, sizeof(fig));
	json_t *copy, *f, *k;
	const char *name;
	size_t len;

	cr_assert(at != NULL, "the lesson prints no ratio of a fact");
	/* The same ratio printed again beside itself with another value: one
	 * that no fact prints (its last digit moved until none does). */
	texts = fact_texts_of(facts, 0);
	snprintf(alt, sizeof(alt), "%s", fig);
	len = strlen(alt);
	for (int d = 1; d < 10 && has_token(texts, alt); d++)
		alt[len - 2] = (char)('0' + (fig[len - 2] - '0' + d) % 10);
	cr_assert(
	    !has_token(texts, alt), "every neighbour of %s is printed", fig);
	free(texts);
	snprintf(from, sizeof(from), "%.*s", (int)(strlen(fig) + 20), at);
	snprintf(
	    to, sizeof(to), "%s (again: %s)%s", fig, alt, from + strlen(fig));
	{
		/* This check alone (numbers_in_tables would catch it too). */
		char *t = changed("", from, to);
		check_t c = {.problems = 0};
		c.why[0] = '\0';
		figures_are_facts(t, facts, &c);
		cr_expect(c.problems > 0,
		    "the lesson printing %s and %s for one ratio passed", fig,
		    alt);
		cr_log_info("the mutated copy: %s", c.why);
		free(t);
	}
	/* Two facts of one quantity over the same runs with two values: a
	 * copy of one ratio fact under another section's name. */
	copy = json_deep_copy(facts);
	f = json_object_get(copy, "facts");
	json_object_foreach(f, name, k)
	{
		const char *u = json_string_value(json_object_get(k, "unit"));
		const char *leaf = strrchr(name, '.');
		if (u != NULL && strcmp(u, "x") == 0 &&
		    json_array_size(json_object_get(k, "runs")) > 0 &&
		    leaf != NULL) {
			json_t *twin = json_deep_copy(k);
			char twin_name[256];
			snprintf(
			    twin_name, sizeof(twin_name), "mutated%s", leaf);
			json_object_set_new(twin, "text", json_string("99.9x"));
			json_object_set_new(f, twin_name, twin);
			break;
		}
	}
	{
		check_t c = {.problems = 0};
		c.why[0] = '\0';
		facts_agree(copy, &c);
		cr_log_info("the mutated facts: %s", c.why);
		cr_expect(c.problems > 0,
		    "two facts of one ratio over the same runs with two "
		    "values passed");
		c.problems = 0;
		c.why[0] = '\0';
		facts_agree(facts, &c);
		cr_expect_eq(c.problems, 0, "%s", c.why);
	}
	json_decref(copy);
}

/* Only figures_are_facts on t with the facts f: its problems. */
static check_t
traced_only(const char *t, const json_t *f)
{
	check_t c = {.problems = 0};

	c.why[0] = '\0';
	figures_are_facts(t, f, &c);
	return c;
}

/* A figure that is no fact's text fails in the notebook as in the
 * lesson. */
Test(report_consistency, a_figure_of_no_fact_fails_in_lesson_and_notebook)
{
	const char *heading = "### Every core: threads\n";
	char *t = changed(
	    heading, heading, "### Every core: threads\nIt took 12.34 GB.\n");
	char *u = changed("## The memory question", "A nested map",
	    "It took 12.34 GB. A nested map");
	check_t c;

	cr_assert(strstr(t, "It took 12.34 GB.") > strstr(t, NOTEBOOK));
	c = traced_only(t, facts);
	cr_log_info("the mutated notebook: %s", c.why);
	cr_expect(
	    c.problems > 0, "a notebook figure that is no fact's text passed");
	cr_expect(
	    strstr(c.why, "the notebook prints 12.34 GB") != NULL, "%s", c.why);
	c = traced_only(u, facts);
	cr_log_info("the mutated lesson: %s", c.why);
	cr_expect(strstr(c.why, "the lesson prints 12.34 GB") != NULL,
	    "a lesson figure that is no fact's text passed: %s", c.why);
	free(t);
	free(u);
}

/* The quick report: the same checks, when test_report.c's hook made it. */
Test(report_consistency, quick_report_is_consistent)
{
	char *q = fb_slurp("reports/out-quick/REPORT.md");
	char *qg = fb_slurp("reports/out-quick/figures/fig-roofline.gp");
	json_t *qf = json_load_file("reports/out-quick/facts.json", 0, NULL);
	check_t c;

	if (q == NULL || qg == NULL || qf == NULL) {
		free(q);
		free(qg);
		json_decref(qf);
		cr_skip_test("no quick report (reports/out-quick)");
	}
	c = check_all(q, qg, qf);
	json_decref(qf);
	cr_expect_eq(c.problems, 0, "%d problems:\n%s", c.problems, c.why);
	cr_expect(lesson_words(q) <= LESSON_WORDS, "%d words", lesson_words(q));
	free(q);
	free(qg);
}

/* The committed README quotes the committed report; a README whose sorted
 * row kept an older report's median is caught. */
Test(report_consistency, readme_headline_is_the_report_s)
{
	char *readme = fb_slurp("README.md");
	const char *row;
	char *old;
	check_t c = {"", 0};

	cr_assert(readme != NULL, "no README.md");
	readme_headline(readme, md, &c);
	cr_expect_eq(c.problems, 0, "%d problems:\n%s", c.problems, c.why);
	row = strstr(readme, "\n| sorted | ");
	cr_assert(row != NULL, "no sorted row in README's headline");
	old = malloc(strlen(readme) + 32);
	cr_assert(old != NULL);
	snprintf(old, strlen(readme) + 32, "%.*s\n| sorted | 1.5 s%s",
	    (int)(row - readme), readme, strchr(row + 12, ' '));
	c = (check_t){"", 0};
	readme_headline(old, md, &c);
	cr_expect_gt(c.problems, 0, "a stale sorted median passed");
	free(old);
	free(readme);
}
