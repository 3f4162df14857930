/*
 * A workload's own parameter may be a choice among names, as interp's
 * preset is: tests/plugins/shapes.c declares --shape round|square|flat.
 * The name parses, a name that is not one of them is refused (exit 2, one
 * line naming the value and the choices), the result's params object and
 * the CSV carry the name, a sweep takes a list of names, and --resume
 * matches by name (another name matches nothing).
 */
#include <jansson.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

/* sweep shapes over the names in list into out (--resume when resume);
 * stderr in *err. */
static int
sweep(
    const char *dir, const char *out, const char *list, int resume, char **err)
{
	char *args[16] = {"sweep", "--plugin", (char *)fb_plugin("shapes"),
	    "--workload", "shapes", "--shape", (char *)list, "--repeat", "1",
	    "--events", "none", "--out", (char *)out};
	int k = 13;

	if (resume)
		args[k++] = "--resume";
	args[k] = NULL;
	return fb_run(args, dir, err);
}

Test(plugin_choice, parses_refuses_and_is_written_by_name)
{
	char dir[4096], json[4200];
	char *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("shapes"),
		    "shapes", "draw", "--shape", "flat", "--repeat", "1",
		    "--events", "none", "--json", json, NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_assert(rc == 0, "--shape flat: exit %d: %s", rc, err);
	free(err);
	r = json_load_file(json, 0, NULL);
	cr_assert(r != NULL);
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "params"), "shape")),
	    "flat");
	/* The index reached the variant: n * 10 + 2. */
	cr_expect(json_number_value(json_object_get(
		      json_object_get(r, "result"), "value")) == 102.0);
	json_decref(r);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("shapes"),
		    "shapes", "draw", "--shape", "oval", NULL};
		rc = fb_run(args, dir, &err);
	}
	cr_expect(rc == 2, "--shape oval: exit %d", rc);
	cr_expect(err != NULL && fb_lines(err) == 1 &&
		strstr(err, "--shape 'oval': must be round, square or flat") !=
		    NULL,
	    "--shape oval: %s", err);
	free(err);
	fb_rmdir(dir);
}

Test(plugin_choice, sweeps_into_the_csv_and_matches_on_resume)
{
	char dir[4096], out[4200], path[4300];
	char *err = NULL, *csv;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/s", dir);
	cr_assert(sweep(dir, out, "round,flat", 0, &err) == 0, "%s", err);
	free(err);
	snprintf(path, sizeof(path), "%s.csv", out);
	csv = fb_slurp(path);
	cr_assert(csv != NULL);
	cr_expect(fb_lines(csv) == 3, "%d CSV lines", fb_lines(csv));
	/* The column after the table's, by name, the rows by name. */
	cr_expect(strstr(csv, ",threads,shape,") != NULL, "%.300s", csv);
	cr_expect(
	    strstr(csv, ",1,round,") != NULL && strstr(csv, ",1,flat,") != NULL,
	    "%s", csv);
	free(csv);
	cr_assert(sweep(dir, out, "round,flat", 1, &err) == 0);
	cr_expect(err != NULL && strstr(err, "2 of 2 runs already done"),
	    "resume: %s", err);
	free(err);
	cr_assert(sweep(dir, out, "square", 1, &err) == 0);
	cr_expect(err != NULL && strstr(err, "already done") == NULL,
	    "square matched an old run: %s", err);
	free(err);
	fb_rmdir(dir);
}
