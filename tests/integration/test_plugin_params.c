/*
 * A plugin's own parameters are first-class: tests/plugins/knobs.c declares
 * six (more than the four the harness once allowed). A sweep over two of
 * them puts all six into every result's params, each into a CSV column of
 * its own, into the --resume match (a changed third one matches nothing)
 * and into compare's key (a run with another value is not its pair). Each
 * is also an option of its own (--alpha 7, --zeta=9, a sweep's --beta 0,1).
 */
#include <jansson.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

static const char *const knobs[] = {
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta"};

/* sweep knobs over alpha (7, 8) and zeta (lists) into PREFIX out, with
 * more (one "--param NAME=V" or NULL); stderr in *err. */
static int
sweep(const char *dir, const char *out, const char *zeta, const char *more,
    int resume, char **err)
{
	char z[64];
	char *args[24] = {"sweep", "--plugin", (char *)fb_plugin("knobs"),
	    "--workload", "knobs", "--param", "alpha=7,8", "--param", z,
	    "--repeat", "2", "--events", "none", "--out", (char *)out};
	int k = 15;

	snprintf(z, sizeof(z), "zeta=%s", zeta);
	if (more != NULL) {
		args[k++] = "--param";
		args[k++] = (char *)more;
	}
	if (resume)
		args[k++] = "--resume";
	args[k] = NULL;
	return fb_run(args, dir, err);
}

/* The cell of column name in CSV row row (1: the first after the
 * header). */
static void
csv_cell(const char *csv, int row, const char *name, char *cell, size_t len)
{
	const char *line = csv, *c = csv;
	size_t n = strlen(name);
	int col = 0;

	for (; *c != '\n'; c++) {
		if (strncmp(c, name, n) == 0 && (c == csv || c[-1] == ',') &&
		    c[n] == ',')
			break;
		col += *c == ',';
	}
	cr_assert(*c != '\n', "no column %s in %.300s", name, csv);
	for (int r = 0; r < row; r++)
		line = strchr(line, '\n') + 1;
	for (int k = 0; k < col; k++)
		line = strchr(line, ',') + 1;
	snprintf(cell, len, "%.*s", (int)strcspn(line, ",\n"), line);
}

Test(plugin_params, six_of_its_own_in_csv_resume_and_compare)
{
	char dir[4096], out[4200], other[4200], path[4300], cell[64];
	char *err = NULL, *csv;
	json_t *rs, *r;
	size_t i;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/s", dir);
	snprintf(other, sizeof(other), "%s/t", dir);
	cr_assert(sweep(dir, out, "0,9", NULL, 0, &err) == 0, "sweep: %s", err);
	free(err);
	snprintf(path, sizeof(path), "%s.jsonl", out);
	rs = json_array();
	{
		char *text = fb_slurp(path), *save = NULL;
		for (char *l = strtok_r(text, "\n", &save); l != NULL;
		     l = strtok_r(NULL, "\n", &save))
			json_array_append_new(rs, json_loads(l, 0, NULL));
		free(text);
	}
	cr_assert(json_array_size(rs) == 4, "%zu runs", json_array_size(rs));
	json_array_foreach(rs, i, r)
	{
		const json_t *p = json_object_get(r, "params");
		double a = json_number_value(json_object_get(p, "alpha"));
		double z = json_number_value(json_object_get(p, "zeta"));
		double want = 100 + a * 10 + 2 * 1e2 + 3 * 1e3 + 4 * 1e4 +
		    5 * 1e5 + z * 1e6;
		cr_expect_str_eq(
		    json_string_value(json_object_get(r, "status")), "ok");
		for (int k = 0; k < 6; k++)
			cr_expect(json_is_integer(json_object_get(p, knobs[k])),
			    "run %zu: no params.%s", i, knobs[k]);
		/* Each value reached the variant: the digest weighs them. */
		cr_expect(json_number_value(json_object_get(
			      json_object_get(r, "result"), "value")) == want,
		    "alpha %g zeta %g: value %g, want %g", a, z,
		    json_number_value(
			json_object_get(json_object_get(r, "result"), "value")),
		    want);
	}
	json_decref(rs);

	snprintf(path, sizeof(path), "%s.csv", out);
	csv = fb_slurp(path);
	cr_assert(csv != NULL);
	for (int row = 1; row <= 4; row++) {
		for (int k = 0; k < 6; k++) {
			csv_cell(csv, row, knobs[k], cell, sizeof(cell));
			if (k == 0)
				cr_expect(strcmp(cell, "7") == 0 ||
					strcmp(cell, "8") == 0,
				    "row %d alpha '%s'", row, cell);
			else if (k == 5)
				cr_expect(strcmp(cell, "0") == 0 ||
					strcmp(cell, "9") == 0,
				    "row %d zeta '%s'", row, cell);
			else
				cr_expect(cell[0] == '1' + k && cell[1] == '\0',
				    "row %d %s '%s'", row, knobs[k], cell);
		}
	}
	free(csv);

	/* --resume: the same grid is all done; a third knob changed matches
	 * none of it. */
	cr_assert(sweep(dir, out, "0,9", NULL, 1, &err) == 0);
	cr_expect(err != NULL && strstr(err, "4 of 4 runs already done"),
	    "resume: %s", err);
	free(err);
	cr_assert(sweep(dir, out, "0,9", "gamma=1", 1, &err) == 0);
	cr_expect(err != NULL && strstr(err, "already done") == NULL,
	    "gamma=1 matched an old run: %s", err);
	free(err);

	/* compare's key: against zeta=9 alone, the zeta=0 runs have no
	 * pair. The gamma=1 sweep above rewrote out; a fresh one is OLD. */
	snprintf(out, sizeof(out), "%s/u", dir);
	cr_assert(sweep(dir, out, "0,9", NULL, 0, NULL) == 0);
	cr_assert(sweep(dir, other, "9", NULL, 0, NULL) == 0);
	{
		char a[4300], b[4300], cmp[4300];
		char *args[] = {"compare", a, b, "--format", "json", NULL};
		json_t *c, *e;
		size_t only_old = 0, paired = 0;
		snprintf(a, sizeof(a), "%s.jsonl", out);
		snprintf(b, sizeof(b), "%s.jsonl", other);
		snprintf(cmp, sizeof(cmp), "%s/compare.json", dir);
		fb_wait(fb_start(args, cmp, "/dev/null"));
		c = json_load_file(cmp, 0, NULL);
		cr_assert(c != NULL, "compare wrote no JSON");
		json_array_foreach(json_object_get(c, "runs"), i, e)
		{
			const char *v =
			    json_string_value(json_object_get(e, "verdict"));
			const char *l =
			    json_string_value(json_object_get(e, "label"));
			if (strcmp(v, "only in OLD") == 0) {
				only_old++;
				cr_expect(strstr(l, "zeta=0") != NULL, "%s", l);
			} else {
				paired++;
				cr_expect(strstr(l, "zeta=9") != NULL &&
					strstr(l, "epsilon=5") != NULL,
				    "%s", l);
			}
		}
		cr_expect(only_old == 2 && paired == 2,
		    "%zu only in OLD, %zu paired", only_old, paired);
		json_decref(c);
	}
	fb_rmdir(dir);
}

/* A plugin's own parameters are options of their own: --alpha 7 and
 * --zeta=9 on run, --beta 0,1 as a sweep's list; a value out of bounds
 * and a workload without the parameter are refused. */
Test(plugin_params, own_parameters_are_options)
{
	char dir[4096], json[4200], out[4200], path[4300], cell[64];
	char *err = NULL, *csv;
	json_t *r, *p;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("knobs"),
		    "knobs", "turn", "--alpha", "7", "--zeta=9", "--repeat",
		    "2", "--json", json, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	r = json_load_file(json, 0, NULL);
	p = json_object_get(r, "params");
	cr_expect(json_integer_value(json_object_get(p, "alpha")) == 7);
	cr_expect(json_integer_value(json_object_get(p, "zeta")) == 9);
	cr_expect(json_integer_value(json_object_get(p, "beta")) == 2);
	json_decref(r);

	snprintf(out, sizeof(out), "%s/s", dir);
	{
		char *args[] = {"sweep", "--plugin", (char *)fb_plugin("knobs"),
		    "--workload", "knobs", "--beta", "0,1", "--repeat", "1",
		    "--events", "none", "--out", out, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_assert(rc == 0, "sweep --beta 0,1: exit %d: %s", rc, err);
	free(err);
	snprintf(path, sizeof(path), "%s.csv", out);
	csv = fb_slurp(path);
	cr_assert(csv != NULL);
	cr_expect(fb_lines(csv) == 3, "%d CSV lines", fb_lines(csv));
	for (int row = 1; row <= 2; row++) {
		csv_cell(csv, row, "beta", cell, sizeof(cell));
		cr_expect(cell[0] == '0' + row - 1 && cell[1] == '\0',
		    "row %d: beta '%s'", row, cell);
	}
	free(csv);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("knobs"),
		    "knobs", "turn", "--alpha", "70", NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 2 && err != NULL && strstr(err, "alpha '70'") != NULL,
	    "--alpha 70: exit %d: %s", rc, err);
	free(err);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("knobs"),
		    "interp", "fused", "--alpha", "7", NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 2 && err != NULL &&
		strstr(err, "interp declares no such parameter") != NULL,
	    "interp --alpha 7: exit %d: %s", rc, err);
	free(err);
	fb_rmdir(dir);
}
