/*
 * The parameters: every parameter of interp, the table's and its own (m,
 * g and the choice preset), round-trips from its option to the
 * configuration, the result's params object, the CSV row, the --resume
 * match, compare's key and the cache simulation's command line; a
 * workload refuses the parameters it does not use.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_compare.h"
#include "hx_params.h"
#include "hx_run.h"

/* A value for p that no workload has as its default, valid for interp
 * fused at n = 5000 (chunk and tile at most n). */
static const char *
test_value(const hx_param_t *p)
{
	if (p->kind == HX_PARAM_CHOICE)
		return "seed";
	if (strcmp(p->name, "n") == 0)
		return "5000";
	if (strcmp(p->name, "steps") == 0)
		return "1";
	return "37";
}

/* argv parsed as harness run's (a workload's own --NAME V is an option
 * of run's table); 0, or -1 with msg. */
static int
parse_run(int argc, char **argv, hx_run_config_t *cfg, char *msg, size_t len)
{
	hx_cli_run_t cli;

	return hx_cli_parse_run(argc, argv, cfg, &cli, msg, len);
}

/* interp's parameters in its order (the table's and its own). */
static size_t
interp_all(hx_param_t *all)
{
	return hx_params_of(workload_find("interp"), all);
}

/* harness run interp fused --n 5000 --NAME VALUE, parsed. */
static void
parse_with(const hx_param_t *p, hx_run_config_t *cfg)
{
	char opt[64], *argv[12];
	char msg[512];
	int argc = 0, rc;

	snprintf(opt, sizeof(opt), "--%s", p->name);
	argv[argc++] = "run";
	argv[argc++] = "interp";
	argv[argc++] = "fused";
	argv[argc++] = "--n";
	argv[argc++] = "5000";
	argv[argc++] = opt;
	argv[argc++] = (char *)test_value(p);
	argv[argc++] = "--events";
	argv[argc++] = "none";
	argv[argc] = NULL;
	rc = parse_run(argc, argv, cfg, msg, sizeof(msg));
	cr_assert_eq(rc, 0, "%s %s: %s", opt, test_value(p), msg);
}

/* The cell under column name in a two-line CSV text (copied into cell). */
static void
csv_cell(const char *csv, const char *name, char *cell, size_t len)
{
	const char *c = csv, *row = strchr(csv, '\n') + 1;
	size_t n = strlen(name);

	while (*c != '\n' &&
	    !(strncmp(c, name, n) == 0 && (c == csv || c[-1] == ',') &&
		c[n] == ',')) {
		if (*c++ == ',')
			row = strchr(row, ',') + 1;
	}
	cr_assert(*c != '\n', "no column %s: %s", name, csv);
	snprintf(cell, len, "%.*s", (int)(strchr(row, ',') - row), row);
}

Test(params, every_parameter_round_trips)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t count = interp_all(all);

	cr_assert_eq(count, 9, "interp has %zu parameters", count);
	for (size_t i = 0; i < count; i++) {
		const hx_param_t *p = &all[i];
		hx_run_config_t cfg, other;
		uint64_t want;
		char msg[256], buf[32], *csv = NULL, cell[64];
		size_t len = 0;
		json_t *params, *r, *results, *columns;
		FILE *f;

		parse_with(p, &cfg);
		cr_assert_eq(
		    hx_params_parse(p, test_value(p), &want, msg, sizeof(msg)),
		    0, "%s", msg);
		/* Option -> configuration. */
		cr_expect_eq(hx_params_get(&cfg.params, p), want,
		    "--%s %s: params holds %llu", p->name, test_value(p),
		    (unsigned long long)hx_params_get(&cfg.params, p));
		/* Configuration -> JSON, as text. */
		params = hx_params_json(cfg.workload, &cfg.params);
		r = json_pack("{s:s, s:s, s:O}", "workload", "interp",
		    "variant", "fused", "params", params);
		{
			const json_t *x = json_object_get(params, p->name);
			cr_expect_str_eq(json_is_string(x)
				? json_string_value(x)
				: hx_params_format(p,
				      (uint64_t)json_number_value(x), buf,
				      sizeof(buf)),
			    test_value(p), "params.%s", p->name);
		}
		/* JSON -> CSV: the cell under the parameter's column. */
		results = json_pack("[O]", r);
		columns = hx_params_csv_columns(results);
		f = open_memstream(&csv, &len);
		hx_params_csv_header(f, columns);
		fputc('\n', f);
		hx_params_csv_row(f, params, columns);
		fclose(f);
		/* The columns in interp's order, the table's always. */
		{
			static const char head[] =
			    "n,m,g,preset,seed,chunk,tile,steps,threads,\n";
			cr_expect_eq(strncmp(csv, head, strlen(head)), 0,
			    "CSV header %s", csv);
		}
		csv_cell(csv, p->name, cell, sizeof(cell));
		cr_expect_str_eq(
		    cell, test_value(p), "CSV cell of %s", p->name);
		json_decref(results);
		json_decref(columns);
		/* JSON -> resume match: the same configuration matches, one
		 * differing in this parameter does not. */
		cr_expect(hx_params_match_json(r, cfg.workload, &cfg.params),
		    "%s: a result does not match its own configuration",
		    p->name);
		other = cfg;
		hx_params_set(&other.params, p, want == 1 ? 2 : 1);
		if (p->kind == HX_PARAM_CHOICE)
			hx_params_set(&other.params, p, 0);
		cr_expect(!hx_params_match_json(r, cfg.workload, &other.params),
		    "%s: the match ignores it", p->name);
		/* Compare's key. */
		{
			json_t *r2 = json_pack("{s:s, s:s, s:o}", "workload",
			    "interp", "variant", "fused", "params",
			    hx_params_json(cfg.workload, &other.params));
			cr_expect(!hx_compare_same_run(r, r2),
			    "%s: compare's key ignores it", p->name);
			cr_expect(hx_compare_same_run(r, r));
			json_decref(r2);
		}
		free(csv);
		json_decref(params);
		json_decref(r);
	}
}

/* The cache simulation's command line parses back to the same
 * parameters. */
Test(params, command_line_round_trips)
{
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t count = interp_all(all);

	for (size_t i = 0; i < count; i++) {
		hx_run_config_t cfg, back;
		char store[HX_PARAMS_ARGV_MAX(16)][HX_PARAMS_ARGV_SLOT];
		char *argv[HX_PARAMS_ARGV_MAX(16) + 8], msg[512];
		int argc = 0;

		parse_with(&all[i], &cfg);
		argv[argc++] = "run";
		argv[argc++] = "interp";
		argv[argc++] = "fused";
		hx_params_argv(cfg.workload, &cfg.params, argv, &argc, store);
		argv[argc++] = "--events";
		argv[argc++] = "none";
		argv[argc] = NULL;
		cr_assert_eq(parse_run(argc, argv, &back, msg, sizeof(msg)), 0,
		    "%s", msg);
		cr_expect_eq(
		    memcmp(&back.params, &cfg.params, sizeof(params_t)), 0,
		    "after --%s the command line changes the parameters",
		    all[i].name);
	}
}

Test(params, workload_refuses_parameters_it_does_not_use)
{
	static const char *const refused[] = {"m", "g", "preset"};
	const workload_t *colony = workload_find("colony");

	for (size_t i = 0; i < 3; i++) {
		char opt[32], msg[512];
		char *argv[] = {"run", "colony", "fused", opt, "seed", NULL};
		hx_run_config_t cfg;

		snprintf(opt, sizeof(opt), "--%s", refused[i]);
		/* interp's own: neither the harness's nor colony's. */
		cr_expect_null(hx_params_find(refused[i]));
		cr_expect_lt(hx_params_extra_index(
				 colony, refused[i], strlen(refused[i])),
		    0);
		cr_expect_eq(parse_run(5, argv, &cfg, msg, sizeof(msg)), -1,
		    "colony took %s", opt);
		cr_expect_not_null(strstr(msg, opt), "message: %s", msg);
	}
}

Test(params, colony_results_carry_only_its_parameters)
{
	const workload_t *colony = workload_find("colony");
	params_t p;
	json_t *o;

	colony->defaults(&p);
	o = hx_params_json(colony, &p);
	cr_expect_null(json_object_get(o, "m"));
	cr_expect_null(json_object_get(o, "g"));
	cr_expect_null(json_object_get(o, "preset"));
	cr_expect_eq(json_integer_value(json_object_get(o, "steps")), 10);
	cr_expect_eq(
	    json_object_size(o), 5, "colony params: %zu", json_object_size(o));
	json_decref(o);
}

/* The reference depends on the inputs only: chunk and tile do not
 * change it, every other parameter does. */
Test(params, same_inputs_ignores_only_the_schedule)
{
	const workload_t *interp = workload_find("interp");
	params_t a, b;
	hx_param_t all[HX_PARAMS_OF_MAX];
	size_t count = interp_all(all);

	interp->defaults(&a);
	for (size_t i = 0; i < count; i++) {
		const hx_param_t *p = &all[i];
		b = a;
		hx_params_set(&b, p, hx_params_get(&a, p) == 1 ? 0 : 1);
		cr_expect_eq(hx_params_same_inputs(interp, &a, &b),
		    (p->flags & HX_PARAM_SCHEDULE) != 0, "%s", p->name);
	}
}
