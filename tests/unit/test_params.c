/*
 * The parameter table: every parameter round-trips from its option to the
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

/* harness run interp fused --n 5000 --NAME VALUE, parsed. */
static void
parse_with(const hx_param_t *p, hx_run_config_t *cfg)
{
	char opt[64], *argv[12];
	char msg[512];
	hx_cli_run_t cli;
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
	rc = hx_cli_parse_run(argc, argv, cfg, &cli, msg, sizeof(msg));
	cr_assert_eq(rc, 0, "%s %s: %s", opt, test_value(p), msg);
}

Test(params, every_parameter_round_trips)
{
	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		hx_run_config_t cfg, other;
		uint64_t want;
		char msg[256], buf[32], *csv = NULL;
		size_t len = 0;
		json_t *params, *r;
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
		f = open_memstream(&csv, &len);
		hx_params_csv_header(f, NULL);
		fputc('\n', f);
		hx_params_csv_row(f, params, NULL);
		fclose(f);
		{
			/* The i-th cell of the second line. */
			const char *row = strchr(csv, '\n') + 1;
			for (size_t k = 0; k < i; k++)
				row = strchr(row, ',') + 1;
			cr_expect_eq(
			    strncmp(row, test_value(p), strlen(test_value(p))),
			    0, "CSV cell of %s: %s", p->name, row);
			cr_expect_eq(row[strlen(test_value(p))], ',');
		}
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
	for (size_t i = 0; i < hx_params_count; i++) {
		hx_run_config_t cfg, back;
		char store[HX_PARAMS_ARGV_MAX(16)][HX_PARAMS_ARGV_SLOT];
		char *argv[HX_PARAMS_ARGV_MAX(16) + 8], msg[512];
		hx_cli_run_t cli;
		int argc = 0;

		parse_with(&hx_params[i], &cfg);
		argv[argc++] = "run";
		argv[argc++] = "interp";
		argv[argc++] = "fused";
		hx_params_argv(cfg.workload, &cfg.params, argv, &argc, store);
		argv[argc++] = "--events";
		argv[argc++] = "none";
		argv[argc] = NULL;
		cr_assert_eq(
		    hx_cli_parse_run(argc, argv, &back, &cli, msg, sizeof(msg)),
		    0, "%s", msg);
		cr_expect_eq(
		    memcmp(&back.params, &cfg.params, sizeof(params_t)), 0,
		    "after --%s the command line changes the parameters",
		    hx_params[i].name);
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
		hx_cli_run_t cli;

		snprintf(opt, sizeof(opt), "--%s", refused[i]);
		cr_expect(!hx_params_used(colony, hx_params_find(refused[i])));
		cr_expect_eq(
		    hx_cli_parse_run(5, argv, &cfg, &cli, msg, sizeof(msg)), -1,
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

	interp->defaults(&a);
	for (size_t i = 0; i < hx_params_count; i++) {
		const hx_param_t *p = &hx_params[i];
		b = a;
		hx_params_set(&b, p, hx_params_get(&a, p) == 1 ? 0 : 1);
		cr_expect_eq(hx_params_same_inputs(interp, &a, &b),
		    (p->flags & HX_PARAM_SCHEDULE) != 0, "%s", p->name);
	}
}
