/*
 * hx_select: which variants a list names. See hx_select.h.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_plugin.h"
#include "hx_select.h"

/* Adds v to out[0 .. *n) unless it is there. 0, or -1 when full. */
static int
select_add(const variant_t *v, const variant_t **out, size_t max, size_t *n)
{
	for (size_t i = 0; i < *n; i++) {
		if (out[i] == v)
			return 0;
	}
	if (*n == max)
		return -1;
	out[(*n)++] = v;
	return 0;
}

/* One name or glob of a variant list; 0, or -1 with msg. */
static int
select_one(const workload_t *w, const char *tok, const variant_t **out,
    size_t max, size_t *n, char *msg, size_t msglen)
{
	const variant_t *v;
	size_t matched = 0;

	if (strpbrk(tok, "*?[") == NULL) {
		const workload_t *same = w;
		if (hx_cli_lookup(w->name, tok, &same, &v, msg, msglen) != 0)
			return -1;
		matched = 1;
		if (select_add(v, out, max, n) != 0)
			goto label_full;
		return 0;
	}
	for (size_t i = 0; (v = hx_plugin_variant(i)) != NULL; i++) {
		if (v->workload != w || fnmatch(tok, v->name, 0) != 0)
			continue;
		matched++;
		if (select_add(v, out, max, n) != 0)
			goto label_full;
	}
	if (matched == 0) {
		const workload_t *same = w;
		/* The known names as hx_cli_lookup lists them. */
		char inner[600];
		const char *known;
		hx_cli_lookup(w->name, tok, &same, &v, inner, sizeof(inner));
		known = strstr(inner, "(known:");
		snprintf(msg, msglen, "'%s' matches no %s variant %s", tok,
		    w->name, known != NULL ? known : "");
		return -1;
	}
	return 0;
label_full:
	snprintf(msg, msglen, "more than %zu variants", max);
	return -1;
}

int
hx_select_variants(const workload_t *w, const char *arg, const variant_t **out,
    size_t max, size_t *n, char *msg, size_t msglen)
{
	char buf[1024], *save = NULL, *tok;

	if (strcmp(arg, "all") == 0)
		arg = "*";
	if (strlen(arg) >= sizeof(buf)) {
		snprintf(msg, msglen, "variant list too long");
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", arg);
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		if (select_one(w, tok, out, max, n, msg, msglen) != 0)
			return -1;
	}
	if (*n == 0) {
		snprintf(msg, msglen, "'%s': no variant named", arg);
		return -1;
	}
	return 0;
}
