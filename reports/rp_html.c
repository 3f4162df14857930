/*
 * rp_html: REPORT.md to one self-contained REPORT.html (see rp_html.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_file.h"
#include "rp_html.h"

/* The most heading ids one page tracks for repeats. */
#define RP_HTML_MAX_IDS 256

static const char head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<title>fusebench report</title>\n<style>\n"
    "body{font-family:sans-serif;max-width:75em;margin:2em auto;padding:0 "
    "1em;line-height:1.45;color:#222}\n"
    "table{border-collapse:collapse;margin:1em 0;font-size:.85em;display:"
    "block;overflow-x:auto}\n"
    "th,td{border:1px solid #bbb;padding:.25em .5em;vertical-align:top}\n"
    "th{background:#eee;cursor:pointer}th:after{content:' \\2195';color:"
    "#999}\n"
    "code{background:#f4f4f4;padding:0 .2em}\n"
    "figure{margin:1em 0}figure svg{max-width:100%;height:auto;border:1px "
    "solid #ddd}\n"
    ".answer{margin-left:2em}\n</style>\n</head>\n<body>\n";

/* Sorts a table by the clicked column: numbers with units as numbers. */
static const char script[] =
    "<script>\n"
    "function fbKey(c){var s=c.textContent.trim();var m=s.match(/^(-?[0-9"
    ".]+(?:e[-+]?[0-9]+)?)\\s*(ns|us|ms|s|B|kB|MB|GB|TB|x|%)?(?![A-Za-z])/"
    ");if(!m)return s.toLowerCase();var u={ns:1e-9,us:1e-6,ms:1e-3,s:1,B:"
    "1,kB:1e3,MB:1e6,GB:1e9,TB:1e12};return parseFloat(m[1])*(u[m[2]]||1);"
    "}\n"
    "document.querySelectorAll('table').forEach(function(t){t."
    "querySelectorAll('th').forEach(function(th,i){th.title='sort by this "
    "column';th.onclick=function(){var b=t.tBodies[0],rs=Array.from(b.rows)"
    ",up=th.dataset.up!=='1';th.dataset.up=up?'1':'0';rs.sort(function(x,y"
    "){var a=fbKey(x.cells[i]),c=fbKey(y.cells[i]),d=typeof a===typeof c?("
    "a<c?-1:a>c?1:0):(typeof a==='number'?-1:1);return up?d:-d;});rs."
    "forEach(function(r){b.appendChild(r);});};});});\n"
    "</script>\n";

static void
escape(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '<')
			fputs("&lt;", f);
		else if (s[i] == '>')
			fputs("&gt;", f);
		else if (s[i] == '&')
			fputs("&amp;", f);
		else if (s[i] == '"')
			fputs("&quot;", f);
		else
			fputc(s[i], f);
	}
}

/* The span from p to the closing mark (not before p), or NULL. */
static const char *
closing(const char *p, const char *end, const char *mark)
{
	size_t k = strlen(mark);
	for (const char *q = p; q + k <= end; q++)
		if (memcmp(q, mark, k) == 0)
			return q;
	return NULL;
}

static void inline_text(FILE *f, const char *s, size_t n);

/* A link [text](url) at p; returns the characters used, 0 when none. */
static size_t
link(FILE *f, const char *p, const char *end)
{
	const char *mid = closing(p + 1, end, "](");
	const char *stop = mid != NULL ? closing(mid + 2, end, ")") : NULL;

	if (stop == NULL || memchr(p + 1, '\n', (size_t)(mid - p)) != NULL)
		return 0;
	fputs("<a href=\"", f);
	escape(f, mid + 2, (size_t)(stop - mid - 2));
	fputs("\">", f);
	inline_text(f, p + 1, (size_t)(mid - p - 1));
	fputs("</a>", f);
	return (size_t)(stop - p + 1);
}

/* One inline element at p (code, bold, italic, link); the characters
 * used, or 0 when p starts none. */
static size_t
inline_element(FILE *f, const char *s, const char *p, const char *end)
{
	const char *q;

	if (*p == '`' && (q = closing(p + 1, end, "`")) != NULL) {
		fputs("<code>", f);
		escape(f, p + 1, (size_t)(q - p - 1));
		fputs("</code>", f);
		return (size_t)(q - p + 1);
	}
	if (p[0] == '*' && p + 1 < end && p[1] == '*' &&
	    (q = closing(p + 2, end, "**")) != NULL) {
		fputs("<strong>", f);
		inline_text(f, p + 2, (size_t)(q - p - 2));
		fputs("</strong>", f);
		return (size_t)(q - p + 2);
	}
	/* *italic*: opened after a space or '(' before a letter, closed by a
	 * '*' that no letter or digit follows. */
	if (*p == '*' && (p == s || p[-1] == ' ' || p[-1] == '(') &&
	    p + 1 < end && isalpha((unsigned char)p[1])) {
		for (q = p + 1; q < end; q++)
			if (*q == '*' &&
			    (q + 1 == end || !isalnum((unsigned char)q[1])))
				break;
		if (q < end) {
			fputs("<em>", f);
			inline_text(f, p + 1, (size_t)(q - p - 1));
			fputs("</em>", f);
			return (size_t)(q - p + 1);
		}
	}
	if (*p == '[')
		return link(f, p, end);
	return 0;
}

static void
inline_text(FILE *f, const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while (p < end) {
		size_t used = inline_element(f, s, p, end);
		if (used == 0) {
			escape(f, p, 1);
			used = 1;
		}
		p += used;
	}
}

typedef struct html_s {
	FILE *f;
	const char *out_dir;
	int list;                        /* 0, 'u' or 'o': the open list */
	int item;                        /* a list item is open */
	int para;                        /* a paragraph is open */
	int broken;                      /* a figure's SVG could not be read */
	int tables;                      /* tables written so far */
	int code;                        /* inside a fenced code block */
	char slugs[RP_HTML_MAX_IDS][80]; /* heading ids used */
	int nslugs;
	const char *md; /* the whole text, for the contents */
} html_t;

/* A heading's id as GitHub makes it: lower case, letters, digits, '-' and
 * '_' kept, spaces to '-', the rest (and markup) dropped; "-1", "-2" after
 * a repeat. Into out. */
static void
slug_of(html_t *h, const char *text, size_t n, char *out, size_t len)
{
	size_t k = 0;
	int seen = 0;

	for (size_t i = 0; i < n && k + 1 < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (isalnum(c) || c == '-' || c == '_')
			out[k++] = (char)tolower(c);
		else if (c == ' ')
			out[k++] = '-';
	}
	out[k] = '\0';
	if (h == NULL)
		return;
	for (int i = 0; i < h->nslugs; i++)
		if (strncmp(h->slugs[i], out, sizeof(h->slugs[i])) == 0)
			seen++;
	if (h->nslugs < RP_HTML_MAX_IDS)
		snprintf(h->slugs[h->nslugs++], sizeof(h->slugs[0]), "%s", out);
	if (seen > 0 && k + 8 < len)
		snprintf(out + k, len - k, "-%d", seen);
}

/* The linked contents: every heading of levels 2 and 3 (3 only in the
 * notebook, where the sections are), nested. */
static void
contents(html_t *h)
{
	html_t ids = {.f = NULL};
	const char *p = h->md;
	int open3 = 0, fence = 0;

	fputs("<nav id=\"contents\"><h2>Contents</h2>\n<ul>\n", h->f);
	while (*p != '\0') {
		size_t len = strcspn(p, "\n"), hashes = strspn(p, "#");
		char id[96];
		if (strncmp(p, "```", 3) == 0)
			fence = !fence;
		if (!fence && hashes >= 1 && hashes <= 4 && p[hashes] == ' ') {
			slug_of(&ids, p + hashes + 1, len - hashes - 1, id,
			    sizeof(id));
			if (hashes == 3 && !open3)
				fputs("<ul>\n", h->f), open3 = 1;
			if (hashes == 2 && open3)
				fputs("</ul>\n", h->f), open3 = 0;
			if (hashes == 2 || hashes == 3) {
				fprintf(h->f, "<li><a href=\"#%s\">", id);
				inline_text(
				    h->f, p + hashes + 1, len - hashes - 1);
				fputs("</a></li>\n", h->f);
			}
		}
		p += len + (p[len] == '\n');
	}
	if (open3)
		fputs("</ul>\n", h->f);
	fputs("</ul>\n</nav>\n", h->f);
}

static void
close_para(html_t *h)
{
	if (h->para)
		fputs("</p>\n", h->f);
	h->para = 0;
}

static void
close_blocks(html_t *h)
{
	close_para(h);
	if (h->item)
		fputs("</li>\n", h->f);
	if (h->list)
		fputs(h->list == 'u' ? "</ul>\n" : "</ol>\n", h->f);
	h->list = h->item = 0;
}

/* One table row's cells as th or td. */
static void
table_row(html_t *h, const char *line, size_t len, const char *tag)
{
	const char *p = line + 1, *end = line + len;

	fputs("<tr>", h->f);
	while (p < end) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		const char *a = p, *b = bar != NULL ? bar : end;
		if (bar == NULL && strspn(p, " ") == (size_t)(end - p))
			break;
		while (a < b && *a == ' ')
			a++;
		while (b > a && b[-1] == ' ')
			b--;
		fprintf(h->f, "<%s>", tag);
		inline_text(h->f, a, (size_t)(b - a));
		fprintf(h->f, "</%s>", tag);
		if (bar == NULL)
			break;
		p = bar + 1;
	}
	fputs("</tr>\n", h->f);
}

/* The table starting at p; returns where the text after it starts. */
static const char *
table(html_t *h, const char *p)
{
	int row = 0;

	close_blocks(h);
	fprintf(h->f, "<table id=\"t-%d\">\n<thead>\n", ++h->tables);
	while (*p == '|') {
		size_t len = strcspn(p, "\n");
		if (strncmp(p, "|---", 4) == 0)
			fputs("</thead>\n<tbody>\n", h->f);
		else
			table_row(h, p, len, row == 0 ? "th" : "td");
		row++;
		p += len + (p[len] == '\n');
	}
	fputs(row > 1 ? "</tbody>\n</table>\n" : "</thead>\n</table>\n", h->f);
	return p;
}

/* An image line "![alt](figures/NAME.svg)": the SVG inline. */
static void
figure(html_t *h, const char *line, size_t len)
{
	const char *open = closing(line, line + len, "](");
	const char *close = line + len - 1;
	char path[4400], *svg = NULL, *start;
	size_t n = 0;
	FILE *in;

	close_blocks(h);
	if (open == NULL || *close != ')')
		return;
	open++; /* the '(' */
	snprintf(path, sizeof(path), "%s/%.*s", h->out_dir,
	    (int)(close - open - 1), open + 1);
	if ((in = fopen(path, "r")) != NULL) {
		svg = malloc(1 << 22);
		n = svg != NULL ? fread(svg, 1, (1 << 22) - 1, in) : 0;
		fclose(in);
	}
	if (svg != NULL)
		svg[n] = '\0';
	start = svg != NULL ? strstr(svg, "<svg") : NULL;
	if (strncmp(line, "![Figure ", 9) == 0)
		fprintf(h->f, "<figure id=\"figure-%d\">\n", atoi(line + 9));
	else
		fputs("<figure>\n", h->f);
	if (start != NULL) {
		fputs(start, h->f);
	} else {
		fputs("<p>(figure not drawn: ", h->f);
		escape(h->f, path, strlen(path));
		fputs(")</p>", h->f);
		h->broken = 1;
	}
	fputs("\n</figure>\n", h->f);
	free(svg);
}

/* A list item ("- " or "1. "); returns 0 when line is none. */
static int
list_item(html_t *h, const char *line, size_t len)
{
	size_t digits = strspn(line, "0123456789");
	int kind = 0;
	size_t skip = 0;

	if (len > 2 && line[0] == '-' && line[1] == ' ')
		kind = 'u', skip = 2;
	else if (digits > 0 && digits + 2 <= len && line[digits] == '.' &&
	    line[digits + 1] == ' ')
		kind = 'o', skip = digits + 2;
	if (kind == 0)
		return 0;
	close_para(h);
	if (h->item)
		fputs("</li>\n", h->f);
	if (h->list != kind) {
		if (h->list)
			fputs(h->list == 'u' ? "</ul>\n" : "</ol>\n", h->f);
		fputs(kind == 'u' ? "<ul>\n" : "<ol>\n", h->f);
		h->list = kind;
	}
	if (strncmp(line + skip, "**Note ", 7) == 0)
		fprintf(h->f, "<li id=\"note-%d\">", atoi(line + skip + 7));
	else
		fputs("<li>", h->f);
	h->item = 1;
	inline_text(h->f, line + skip, len - skip);
	return 1;
}

/* One line that is not a table: heading, figure, list item, an indented
 * continuation of a list item, or paragraph text. */
static void
line_block(html_t *h, const char *line, size_t len)
{
	size_t hashes = strspn(line, "#"), indent = strspn(line, " ");

	if (strncmp(line, "```", 3) == 0) {
		close_blocks(h);
		fputs(h->code ? "</code></pre>\n" : "<pre><code>", h->f);
		h->code = !h->code;
	} else if (h->code) {
		escape(h->f, line, len);
		fputc('\n', h->f);
	} else if (len == 0) {
		close_para(h);
	} else if (hashes > 0 && hashes <= 4 && line[hashes] == ' ') {
		char id[96];
		close_blocks(h);
		slug_of(h, line + hashes + 1, len - hashes - 1, id, sizeof(id));
		fprintf(h->f, "<h%zu id=\"%s\">", hashes, id);
		inline_text(h->f, line + hashes + 1, len - hashes - 1);
		fprintf(h->f, "</h%zu>\n", hashes);
		if (hashes == 1)
			contents(h);
	} else if (strncmp(line, "![", 2) == 0) {
		figure(h, line, len);
	} else if (list_item(h, line, len)) {
		/* written */
	} else if (indent >= 2 && h->item) {
		fputs(indent >= 3 ? "<p class=\"answer\">" : " ", h->f);
		inline_text(h->f, line + indent, len - indent);
		if (indent >= 3)
			fputs("</p>", h->f);
	} else {
		if (h->list)
			close_blocks(h);
		if (!h->para && strncmp(line, "**Table ", 8) == 0) {
			char id[32];
			slug_of(NULL, line + 8, strcspn(line + 8, ".*"), id,
			    sizeof(id));
			fprintf(h->f, "<p id=\"table-%s\">", id);
		} else
			fputs(h->para ? "\n" : "<p>", h->f);
		h->para = 1;
		inline_text(h->f, line, len);
	}
}

static void
convert(html_t *h, const char *md)
{
	const char *p = md;

	fputs(head, h->f);
	while (*p != '\0') {
		size_t len;
		if (*p == '|' && !h->code) {
			p = table(h, p);
			continue;
		}
		len = strcspn(p, "\n");
		line_block(h, p, len);
		p += len + (p[len] == '\n');
	}
	close_blocks(h);
	fputs(script, h->f);
	fputs("</body>\n</html>\n", h->f);
}

typedef struct job_s {
	const char *out_dir, *md;
	int broken;
} job_t;

static int
html_writer(FILE *f, void *arg)
{
	job_t *j = arg;
	static html_t h;

	memset(&h, 0, sizeof(h));
	h.f = f;
	h.out_dir = j->out_dir;
	h.md = j->md;

	convert(&h, j->md);
	j->broken = h.broken;
	return ferror(f) ? -1 : 0;
}

int
rp_html_write(const char *out_dir, const char *md, char *msg, size_t msglen)
{
	char path[4200];
	job_t j = {out_dir, md, 0};

	snprintf(path, sizeof(path), "%s/REPORT.html", out_dir);
	if (hx_file_write_atomic(path, html_writer, &j, msg, msglen) != 0)
		return -1;
	if (j.broken) {
		snprintf(
		    msg, msglen, "%s: a figure's SVG could not be read", path);
		return -1;
	}
	return 0;
}
