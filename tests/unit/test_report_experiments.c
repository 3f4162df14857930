/*
 * Unit tests of the report's table of experiments (reports/rp_experiments)
 * on crafted tables in a temporary folder: comments, the header and short
 * lines skipped; variant lists, all and all-except; a set found by name or
 * pattern; each kind of row's command; a set present as a file, a folder or
 * by pattern; the run's times; the data's own copy before the fallback; a
 * missing set named with its command where rp_data says why a run is
 * missing, and only when the whole set is missing; the method section's
 * facts (reports/rp_machine: the missing sets in order, the sweeps'
 * times). Then the committed reports/experiments.tsv: every set the
 * report's figures draw has a row.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_experiments.h"
#include "rp_figure.h"
#include "rp_machine.h"
#include "rp_report.h"

static char dir[] = "/tmp/fb_rp_exp_XXXXXX";

static const char table[] =
    "# a comment\n"
    "set\tworkload\tvariants\targuments\tpurpose\n"
    "interp-main-eager\tinterp\teager\tsweep --n 100 --m 8\tTable 1's "
    "eager\n"
    "interp-main\tinterp\tall-except eager,chunked\tsweep --n 100 --m 8 "
    "--timeline-dir timelines\tTable 1\n"
    "short\tline\n"
    "interp-glibc\tinterp\teager,materialized\tALLOC=glibc sweep --n 50\t"
    "glibc\n"
    "cachesim\tinterp\tfused,tiled\trun --n 20 --cachesim\tmisses\n"
    "ceilings\t-\t-\tceilings\troofs\n"
    "ceilings-threads\t-\t-\tceilings --threads 2\troofs on 2\n"
    "overhead\tinterp\ttiled\toverhead --n 2e5 --repeat 3\tcost\n"
    "colony-main\tcolony\tall\tsweep --n 64 --steps 2\tTable 3\n"
    "jax-*\t-\t-\tjax-sweep.sh\tJAX\n";

static void
setup(void)
{
	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(dir, "experiments.tsv", table);
}

static void
teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
	strcpy(dir, "/tmp/fb_rp_exp_XXXXXX");
}

TestSuite(report_experiments, .init = setup, .fini = teardown);

Test(report_experiments, rows_read_and_comments_skipped)
{
	rp_experiments_t *E = rp_experiments_load(dir);

	cr_assert(E != NULL);
	cr_expect_eq(E->filled, 1);
	cr_assert_eq(E->n, 9, "%zu rows", E->n);
	cr_expect_str_eq(E->rows[0].set, "interp-main-eager");
	cr_expect_str_eq(E->rows[1].variants, "all-except eager,chunked");
	cr_expect_str_eq(E->rows[1].purpose, "Table 1");
	cr_expect_str_eq(E->rows[2].set, "interp-glibc");
	cr_expect_str_eq(E->rows[8].arguments, "jax-sweep.sh");
	free(E);
}

/* A row with a sixth field is flagged, and keeps its first five: the
 * purpose ends at its tab. */
Test(report_experiments, a_sixth_field_flagged_and_left_out)
{
	rp_experiments_t *E;

	fb_write_file(dir, "experiments.tsv",
	    "interp-main\tinterp\tall\tsweep --n 100\tTable 1\textra\n");
	E = rp_experiments_load(dir);
	cr_assert(E != NULL);
	cr_assert_eq(E->n, 1, "%zu rows", E->n);
	cr_expect_str_eq(E->rows[0].arguments, "sweep --n 100");
	cr_expect_str_eq(E->rows[0].purpose, "Table 1");
	cr_expect(
	    strstr(E->bad, ":1: not a row of five") != NULL, "%s", E->bad);
	free(E);
}

Test(report_experiments, variants_of_a_row)
{
	rp_experiment_t e = {.variants = "all-except eager,chunked"};

	cr_expect(rp_experiments_has_variant(&e, "fused"));
	cr_expect(!rp_experiments_has_variant(&e, "eager"));
	cr_expect(!rp_experiments_has_variant(&e, "chunked"));
	cr_expect(rp_experiments_has_variant(&e, "chunk"));
	cr_expect(rp_experiments_has_variant(&e, NULL));
	snprintf(e.variants, sizeof(e.variants), "eager,materialized");
	cr_expect(rp_experiments_has_variant(&e, "materialized"));
	cr_expect(!rp_experiments_has_variant(&e, "mat"));
	cr_expect(!rp_experiments_has_variant(&e, "fused"));
	snprintf(e.variants, sizeof(e.variants), "all");
	cr_expect(rp_experiments_has_variant(&e, "anything"));
}

Test(report_experiments, found_by_name_pattern_and_variant)
{
	rp_experiments_t *E = rp_experiments_load(dir);

	cr_assert(E != NULL);
	cr_expect_str_eq(rp_experiments_find(E, "interp-main*", "eager")->set,
	    "interp-main-eager");
	cr_expect_str_eq(rp_experiments_find(E, "interp-main*", "fused")->set,
	    "interp-main");
	cr_expect_null(rp_experiments_find(E, "interp-main", "chunked"));
	cr_expect_str_eq(
	    rp_experiments_find(E, "jax-interp", NULL)->set, "jax-*");
	cr_expect_str_eq(rp_experiments_find(E, "colony-main*", "cells")->set,
	    "colony-main");
	cr_expect_null(rp_experiments_find(E, "colony-scale*", NULL));
	cr_expect_null(rp_experiments_find(NULL, "colony-main", NULL));
	free(E);
}

Test(report_experiments, each_kind_of_command)
{
	rp_experiments_t *E = rp_experiments_load(dir);
	char buf[1024];

	cr_assert(E != NULL);
	cr_expect_str_eq(rp_experiments_command(&E->rows[1], buf, sizeof(buf)),
	    "build/jemalloc/harness sweep --workload interp --variants "
	    "all-except eager,chunked --n 100 --m 8 --timeline-dir timelines "
	    "--out interp-main");
	cr_expect_str_eq(rp_experiments_command(&E->rows[2], buf, sizeof(buf)),
	    "build/glibc/harness sweep --workload interp --variants "
	    "eager,materialized --n 50 --out interp-glibc");
	cr_expect_str_eq(rp_experiments_command(&E->rows[3], buf, sizeof(buf)),
	    "build/jemalloc/harness run interp V --n 20 --cachesim --json "
	    "cachesim/interp-V.json, for each V of fused,tiled");
	cr_expect_str_eq(rp_experiments_command(&E->rows[4], buf, sizeof(buf)),
	    "build/jemalloc/harness ceilings > ceilings.json");
	cr_expect_str_eq(rp_experiments_command(&E->rows[5], buf, sizeof(buf)),
	    "build/jemalloc/harness ceilings --threads 2 > "
	    "ceilings-threads.json");
	cr_expect_str_eq(rp_experiments_command(&E->rows[6], buf, sizeof(buf)),
	    "build/jemalloc/harness overhead interp tiled --n 2e5 --repeat 3 "
	    "--json overhead.json");
	cr_expect_str_eq(rp_experiments_command(&E->rows[8], buf, sizeof(buf)),
	    "sh reports/jax-sweep.sh full|quick DATA_DIR");
	free(E);
}

Test(report_experiments, present_as_file_folder_or_pattern)
{
	char sub[128];

	cr_expect(!rp_experiments_present(dir, "interp-main"));
	fb_write_file(dir, "interp-main.jsonl", "\n");
	cr_expect(rp_experiments_present(dir, "interp-main"));
	cr_expect(!rp_experiments_present(dir, "interp-main-eager"));
	fb_write_file(dir, "ceilings.json", "{}\n");
	cr_expect(rp_experiments_present(dir, "ceilings"));
	cr_expect(!rp_experiments_present(dir, "cachesim"));
	snprintf(sub, sizeof(sub), "%s/cachesim", dir);
	cr_assert_eq(mkdir(sub, 0777), 0);
	cr_expect(rp_experiments_present(dir, "cachesim"));
	cr_expect(!rp_experiments_present(dir, "jax-*"));
	fb_write_file(dir, "jax-skipped.txt", "no JAX\n");
	cr_expect(rp_experiments_present(dir, "jax-*"));
}

Test(report_experiments, the_datas_copy_before_the_fallback)
{
	char path[128];
	rp_experiments_t *E;

	snprintf(path, sizeof(path), "%s/experiments.tsv", dir);
	cr_assert_eq(unlink(path), 0);
	E = rp_experiments_load(dir);
	/* make test runs in the repository: the committed table. */
	cr_assert(E != NULL, "no " RP_EXPERIMENTS_FALLBACK " under %s",
	    getcwd(path, sizeof(path)));
	cr_expect_eq(E->filled, 0);
	cr_expect_str_eq(E->path, RP_EXPERIMENTS_FALLBACK);
	cr_expect_not_null(rp_experiments_find(E, "interp-main", "fused"));
	free(E);
}

#define RUN(v)                                                                 \
	"{\"workload\":\"interp\",\"variant\":\"" v "\",\"status\":\"ok\","    \
	"\"params\":{\"n\":100}}\n"

/* The table without its short line, which the report refuses. */
static void
write_fixed_table(void)
{
	char fixed[sizeof(table)];
	const char *cut = strstr(table, "short\tline\n");

	snprintf(fixed, sizeof(fixed), "%.*s%s", (int)(cut - table), table,
	    cut + strlen("short\tline\n"));
	fb_write_file(dir, "experiments.tsv", fixed);
}

Test(report_experiments, a_missing_set_named_with_its_command)
{
	rp_data_t D;
	rp_query_t q = {
	    .set = "colony-main*", .workload = "colony", .variant = "fused"};
	char msg[256], why[1024];

	fb_write_file(dir, "interp-main.jsonl", RUN("fused"));
	/* The report refuses the table's short line (the table reader
	 * skips it): named with its file and line, not read as no row. */
	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), -1);
	snprintf(why, sizeof(why), "%s/experiments.tsv:5: not a row", dir);
	cr_expect(strncmp(msg, why, strlen(why)) == 0, "%s", msg);
	write_fixed_table();
	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_str_eq(rp_data_why_missing(&D, &q, why, sizeof(why)),
	    "no colony/fused run in the colony-main data; made by "
	    "`build/jemalloc/harness sweep --workload colony --variants all "
	    "--n 64 --steps 2 --out colony-main` in the data folder");
	/* The set is there, the variant not: no command. */
	q.set = "interp-main";
	q.workload = "interp";
	q.variant = "sorted";
	cr_expect_str_eq(rp_data_why_missing(&D, &q, why, sizeof(why)),
	    "no interp/sorted run in the interp-main data");
	rp_data_free(&D);
}

/* A fact's printed text ("n/a" printed as such). */
static const char *
text_of(const rp_report_t *R, const char *name)
{
	const char *t = json_string_value(
	    json_object_get(rp_facts_get(&R->facts, name), "text"));
	return t != NULL ? t : "(no such fact)";
}

/* The method section's facts: every set of the table missing from the
 * data, in the table's order, with its command; the sweeps' times. */
Test(report_experiments, the_methods_facts)
{
	static rp_report_t R;
	char msg[256], path[128];

	fb_write_file(dir, "interp-main.jsonl", RUN("fused"));
	write_fixed_table();
	fb_write_file(dir, RP_MACHINE_TIMES,
	    "# make-report.sh quick: seconds\nkind\tname\tseconds\n"
	    "step\tinterp-main\t0.4\ntotal\tc-sweeps\t75.4\ntotal\tjax\t30.0\n"
	    "total\tjax-untimed-beside-cachesim\t8.1\ntotal\tsweeps\t105.4\n");
	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_machine_facts(&R);
	/* Nine rows, interp-main present: eight missing. */
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "method.missing.count"), 8, 1e-9);
	cr_expect_str_eq(
	    text_of(&R, "method.missing.1.set"), "interp-main-eager");
	cr_expect_str_eq(text_of(&R, "method.missing.1.command"),
	    "build/jemalloc/harness sweep --workload interp --variants eager "
	    "--n 100 --m 8 --out interp-main-eager");
	cr_expect_str_eq(
	    text_of(&R, "method.missing.1.purpose"), "Table 1's eager");
	cr_expect_str_eq(text_of(&R, "method.missing.2.set"), "interp-glibc");
	cr_expect_str_eq(text_of(&R, "method.missing.8.set"), "jax-*");
	cr_expect_str_eq(text_of(&R, "method.missing.9.set"), "(no such fact)");
	snprintf(path, sizeof(path), "%s/experiments.tsv", dir);
	cr_expect_str_eq(text_of(&R, "method.missing.table"), path);
	cr_expect_str_eq(text_of(&R, "method.missing.filled"), "yes");
	/* The times, as "1 min 15 s" from a minute up. */
	cr_expect_str_eq(text_of(&R, "method.sweeps.recorded"), "yes");
	cr_expect_str_eq(text_of(&R, "method.sweeps.total"), "1 min 45 s");
	cr_expect_str_eq(text_of(&R, "method.sweeps.c"), "1 min 15 s");
	cr_expect_str_eq(text_of(&R, "method.sweeps.jax"), "30.0 s");
	cr_expect_str_eq(text_of(&R, "method.sweeps.beside"), "8.1 s");
	cr_expect_str_eq(text_of(&R, "method.sweeps.beside_cachesim"), "yes");
	cr_expect_str_eq(text_of(&R, "method.sweeps.mode"), "quick");
	cr_expect_eq(R.facts.duplicates, 0);
	rp_report_free(&R);
}

/* The machine's section over data without ceilings.json: the ceilings
 * its list and the roofline's words print are absent, not zero, and with
 * the file each is its number. */
Test(report_experiments, the_ceilings_are_one_set_of_facts)
{
	static rp_report_t R, S;
	char msg[256];

	fb_write_file(dir, "interp-main.jsonl", RUN("fused"));
	fb_write_file(dir, "experiments.tsv", "");
	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_machine_facts(&R);
	cr_expect(!json_is_true(json_object_get(
	    rp_facts_get(&R.facts, "method.ceilings.measured"), "value")));
	/* No times file: none recorded, each time n/a. */
	cr_expect_str_eq(text_of(&R, "method.sweeps.recorded"), "no");
	cr_expect_str_eq(text_of(&R, "method.sweeps.total"), "n/a");
	cr_expect(json_is_null(json_object_get(
	    rp_facts_get(&R.facts, "method.ceilings.l3"), "value")));
	cr_expect_float_eq(
	    rp_facts_num(&R.facts, "method.ceilings.gather_ladder.sizes"), 0,
	    1e-12);
	rp_report_free(&R);
	fb_write_file(dir, "ceilings.json",
	    "{\"triad_bytes_per_s\": 4e10, \"l3_bytes_per_s\": 9e10, "
	    "\"fma_flops_per_s\": 2.5e11, \"fma_vector_width\": 16, "
	    "\"gather_ladder_bytes\": [2097152, 4194304], "
	    "\"gather_ladder_per_s\": [1.81e9, 8.2e8]}\n");
	cr_assert_eq(
	    rp_data_load(&S.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(rp_facts_init(&S.facts), 0);
	rp_machine_facts(&S);
	cr_expect(json_is_true(json_object_get(
	    rp_facts_get(&S.facts, "method.ceilings.measured"), "value")));
	cr_expect_str_eq(text_of(&S, "method.ceilings.fma_gflops"), "250.0");
	cr_expect_float_eq(
	    rp_facts_num(&S.facts, "method.ceilings.l3"), 9e10, 1e-3);
	cr_expect_float_eq(
	    rp_facts_num(&S.facts, "method.ceilings.fma_lanes"), 16, 1e-12);
	/* The gather ladder, a size a pair of facts, its rates in 10^9
	 * indices a second. */
	cr_expect_float_eq(
	    rp_facts_num(&S.facts, "method.ceilings.gather_ladder.sizes"), 2,
	    1e-12);
	cr_expect_str_eq(
	    text_of(&S, "method.ceilings.gather_ladder.1.mib"), "4 MiB");
	cr_expect_str_eq(
	    text_of(&S, "method.ceilings.gather_ladder.0.rate"), "1.81");
	cr_expect_str_eq(
	    text_of(&S, "method.ceilings.gather_ladder.1.rate"), "0.82");
	cr_expect_eq(S.facts.duplicates, 0);
	rp_report_free(&S);
}

/* Every set a figure of the report draws is a set of the committed table. */
Test(report_experiments, every_figures_set_has_a_row)
{
	char buf[256], *save, *set;
	rp_experiments_t *E;

	/* Without the data's copy: the committed table. */
	snprintf(buf, sizeof(buf), "%s/experiments.tsv", dir);
	cr_assert_eq(unlink(buf), 0);
	cr_assert((E = rp_experiments_load(dir)) != NULL);
	cr_assert_str_eq(E->path, RP_EXPERIMENTS_FALLBACK);
	for (size_t i = 0; i < rp_figures_count; i++) {
		snprintf(buf, sizeof(buf), "%s", rp_figures[i].sets);
		for (set = strtok_r(buf, " ", &save); set != NULL;
		     set = strtok_r(NULL, " ", &save))
			cr_expect_not_null(rp_experiments_find(E, set, NULL),
			    "%s draws %s: no row in %s", rp_figures[i].name,
			    set, RP_EXPERIMENTS_FALLBACK);
	}
	free(E);
}
