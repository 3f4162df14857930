/*
 * rp_machine: the facts of "Method and machine" (see rp_machine.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_run.h"
#include "rp_experiments.h"
#include "rp_machine.h"
#include "rp_text.h"

#define F (&R->facts)

int
rp_machine_significant(double p)
{
	return p >= 0 && p < RP_MACHINE_SIGNIFICANT_P;
}

/* The run, counts and times of overhead.json (method.overhead.NAME). */
static const rp_fact_key_t overhead_keys[] = {
    {"workload", "workload", RP_FACT_STRING},
    {"variant", "variant", RP_FACT_STRING},
    {"n", "n", RP_FACT_COUNT},
    {"on", "median_on_s", RP_FACT_TIME},
    {"off", "median_off_s", RP_FACT_TIME},
    {"pairs", "pairs", RP_FACT_COUNT},
};

/* harness overhead's measurement of the instrumentation's own cost
 * (method.overhead.*; .measured false without overhead.json). */
static void
overhead_facts(rp_report_t *R)
{
	const json_t *o = R->data.overhead;
	static const char *const percents[][2] = {
	    {"percent", "overhead_percent"}, {"pair_min", "pair_min_percent"},
	    {"pair_max", "pair_max_percent"}};
	double p;
	int paired;

	rp_fact_bool(F, o != NULL, NULL, "method.overhead.measured");
	RP_FACTS_KEYS(F, o, NULL, "method.overhead", overhead_keys);
	for (size_t k = 0; k < 3; k++) {
		double x = rp_num(o, percents[k][1]);
		rp_fact_text(F, RP_FACT_PERCENT, x / 100,
		    rp_text_fmt_num(x, "%+.2f%%"), NULL, "method.overhead.%s",
		    percents[k][0]);
	}
	/* The pairs' signed-rank test; data from before it, the pooled
	 * samples' Mann-Whitney test (.paired false). */
	paired = json_object_get(o, "signed_rank_p") != NULL;
	p = rp_num(o, paired ? "signed_rank_p" : "mann_whitney_p");
	rp_fact_num(F, RP_FACT_NUMBER, p, NULL, "method.overhead.p");
	rp_fact_bool(F, paired, NULL, "method.overhead.paired");
	rp_fact_bool(F, json_object_get(o, "order") != NULL, NULL,
	    "method.overhead.alternates");
	rp_fact_bool(
	    F, rp_machine_significant(p), NULL, "method.overhead.significant");
}

/* The gather ladder (method.ceilings.gather_ladder.sizes, and of each
 * size K from 0, .K.mib, its table in MiB, and .K.rate, one gather a
 * point in 10^9 indices a second): the rate of a random table by its
 * size. The sizes are powers of two, as L2's size or an allocator's
 * threshold may be: in MiB, not bytes, they are not read as a copy of
 * those (tests/report/test_one_fact.py). */
static void
ladder_facts(rp_report_t *R, const json_t *c)
{
	const json_t *b = json_object_get(c, "gather_ladder_bytes");
	const json_t *v = json_object_get(c, "gather_ladder_per_s");
	const size_t n =
	    json_array_size(b) == json_array_size(v) ? json_array_size(b) : 0;

	rp_fact_num(F, RP_FACT_COUNT, (double)n, NULL,
	    "method.ceilings.gather_ladder.sizes");
	for (size_t i = 0; i < n; i++) {
		const double g = 1e-9 * json_number_value(json_array_get(v, i));
		const double mib =
		    json_number_value(json_array_get(b, i)) / 1048576.0;
		char text[32];

		snprintf(text, sizeof(text), "%g MiB", mib);
		rp_fact_text(F, RP_FACT_NUMBER, mib, text, NULL,
		    "method.ceilings.gather_ladder.%zu.mib", i);
		rp_fact_text(F, RP_FACT_NUMBER, g, rp_text_fmt_num(g, "%.2f"),
		    NULL, "method.ceilings.gather_ladder.%zu.rate", i);
	}
}

/* The ceilings the harness measured (method.ceilings.*), which the
 * machine's list and the roofline's words both print. */
static void
ceilings_facts(rp_report_t *R)
{
	const json_t *c = R->data.ceilings;
	double fma = rp_num(c, "fma_flops_per_s") * 1e-9;
	static const rp_fact_key_t keys[] = {
	    {"triad", "triad_bytes_per_s", RP_FACT_BYTES},
	    {"l3", "l3_bytes_per_s", RP_FACT_BYTES},
	    {"l2", "l2_bytes_per_s", RP_FACT_BYTES},
	    {"l1", "l1_bytes_per_s", RP_FACT_BYTES},
	    {"fma_lanes", "fma_vector_width", RP_FACT_COUNT},
	    {"clock_resolution", "clock_resolution_s", RP_FACT_TIME},
	    {"idle_page", "idle_page_s", RP_FACT_TIME},
	    {"idle_page_warm", "idle_page_warm_s", RP_FACT_TIME},
	    {"idle_page_gap", "idle_page_gap_s", RP_FACT_TIME},
	    {"triad_counted", "triad_bytes_counted", RP_FACT_STRING},
	    {"fma_isa", "fma_isa", RP_FACT_STRING}};

	rp_fact_bool(F, c != NULL, NULL, "method.ceilings.measured");
	RP_FACTS_KEYS(F, c, NULL, "method.ceilings", keys);
	rp_fact_text(F, RP_FACT_NUMBER, fma, rp_text_fmt_num(fma, "%.1f"), NULL,
	    "method.ceilings.fma_gflops");
	ladder_facts(R, c);
}

/* The machine's sizes (method.machine.NAME). */
static const rp_fact_field_t machine_fields[] = {
    {"cores", RP_F_MACHINE_CORES, RP_FACT_COUNT, RP_F_NONE},
    {"l1d", RP_F_L1D_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"l2", RP_F_L2_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"l3", RP_F_L3_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"memory", RP_F_MACHINE_MEMORY, RP_FACT_BYTES, RP_F_NONE},
};

/* The machine as a jemalloc run recorded it (the last one; the first run
 * when every run is glibc's), and the first glibc run's allocator and
 * flags (method.machine.*). */
static void
machine_facts(rp_report_t *R)
{
	const json_t *r = json_array_get(R->data.runs, 0), *g = NULL, *e;
	static const struct {
		const char *name;
		rp_field_t field;
	} texts[] = {{"cpu", RP_F_MACHINE_CPU}, {"kernel", RP_F_MACHINE_KERNEL},
	    {"compiler", RP_F_MACHINE_COMPILER},
	    {"cflags", RP_F_MACHINE_CFLAGS},
	    {"allocator", RP_F_MACHINE_ALLOCATOR}};
	size_t i;

	json_array_foreach(R->data.runs, i, e)
	{
		if (rp_is_glibc(e) && g == NULL)
			g = e;
		if (!rp_is_glibc(e))
			r = e;
	}
	RP_FACTS_FIELDS(F, r, "method.machine", machine_fields);
	for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++)
		rp_fact_str(F, rp_field_str(r, texts[k].field), r,
		    "method.machine.%s", texts[k].name);
	rp_fact_bool(F, g != NULL, g, "method.machine.glibc");
	rp_fact_str(F, rp_field_str(g, RP_F_MACHINE_ALLOCATOR), g,
	    "method.machine.glibc_allocator");
	rp_fact_str(F, rp_field_str(g, RP_F_MACHINE_CFLAGS), g,
	    "method.machine.glibc_cflags");
	rp_fact_str(F, rp_str_or_null(r, rp_field_path(RP_F_PMU_NOTE)), r,
	    "method.machine.counters_note");
}

/* "13 min 5 s", or "41.6 s" under a minute; rotating buffers. */
static const char *
duration(double s)
{
	char *b;

	if (!(s >= 60.0)) /* "n/a" for NaN */
		return rp_text_fmt_num(s, "%.1f s");
	b = rp_text_buf();
	snprintf(b, RP_TEXT_BUF, "%.0f min %.0f s", floor((s + 0.5) / 60.0),
	    fmod(floor(s + 0.5), 60.0));
	return b;
}

/* The parts of the run's times the method prints, method.sweeps.NAME:
 * the line "total PART SECONDS" of RP_MACHINE_TIMES. */
static const struct sweep_part_s {
	const char *name, *part;
} sweep_parts[] = {
    {"total", "sweeps"},
    {"c", "c-sweeps"},
    {"jax", "jax"},
    {"beside", "jax-untimed-beside-cachesim"},
};
#define SWEEP_PARTS (sizeof(sweep_parts) / sizeof(sweep_parts[0]))

/* How long the sweeps that made the data took (method.sweeps.*; .recorded
 * false without the file or its total), and make-report.sh's mode, the
 * first line's "# make-report.sh MODE". */
static void
sweeps_facts(rp_report_t *R)
{
	double s[SWEEP_PARTS], v;
	char path[4200], line[1024], part[64], mode[16] = "";
	size_t k;
	FILE *f;

	for (k = 0; k < SWEEP_PARTS; k++)
		s[k] = NAN;
	snprintf(path, sizeof(path), "%s/%s", R->data.dir, RP_MACHINE_TIMES);
	f = fopen(path, "r");
	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "# make-report.sh %15[a-z]", mode) == 1 ||
		    sscanf(line, "total %63s %lf", part, &v) != 2)
			continue;
		for (k = 0; k < SWEEP_PARTS; k++)
			if (strcmp(part, sweep_parts[k].part) == 0)
				s[k] = v;
	}
	if (f != NULL)
		fclose(f);
	rp_fact_bool(F, !isnan(s[0]), NULL, "method.sweeps.recorded");
	rp_fact_str(F, RP_MACHINE_TIMES, NULL, "method.sweeps.file");
	rp_fact_str(
	    F, mode[0] != '\0' ? mode : NULL, NULL, "method.sweeps.mode");
	for (k = 0; k < SWEEP_PARTS; k++)
		rp_fact_text(F, RP_FACT_TIME, s[k], duration(s[k]), NULL,
		    "method.sweeps.%s", sweep_parts[k].name);
	/* s[3]: the untimed JAX part beside the cache simulation. */
	rp_fact_bool(F, s[3] > 0, NULL, "method.sweeps.beside_cachesim");
}

/* The sets of the table missing from the data, each with the command that
 * makes it (method.missing.K.*, K from 1 in the table's order); .table is
 * the file read (null without), .filled whether its sizes were filled in. */
static void
missing_facts(rp_report_t *R)
{
	const rp_experiments_t *E = R->data.experiments;
	char cmd[1200];
	int k = 0;

	for (size_t i = 0; E != NULL && i < E->n; i++) {
		const rp_experiment_t *e = &E->rows[i];
		if (rp_experiments_present(R->data.dir, e->set))
			continue;
		k++;
		rp_fact_str(F, e->set, NULL, "method.missing.%d.set", k);
		rp_fact_str(F, rp_experiments_command(e, cmd, sizeof(cmd)),
		    NULL, "method.missing.%d.command", k);
		rp_fact_str(
		    F, e->purpose, NULL, "method.missing.%d.purpose", k);
	}
	rp_fact_num(F, RP_FACT_COUNT, k, NULL, "method.missing.count");
	rp_fact_str(
	    F, E != NULL ? E->path : NULL, NULL, "method.missing.table");
	rp_fact_bool(F, E != NULL && E->filled, NULL, "method.missing.filled");
}

/* The untimed runs the interleaved sweeps made at a short run's turn
 * before its timed runs (method.rewarm.runs, over the data's runs;
 * hx_run.c), and below what time of a run (method.rewarm.below). */
static void
rewarm_facts(rp_report_t *R)
{
	double n = 0.0;
	size_t i;
	const json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		const double k = rp_field(r, RP_F_REWARM_RUNS);
		if (k > 0)
			n += k;
	}
	rp_fact_num(F, RP_FACT_COUNT, n, NULL, "method.rewarm.runs");
	rp_fact_num(
	    F, RP_FACT_TIME, HX_RUN_REWARM_S, NULL, "method.rewarm.below");
}

void
rp_machine_facts(rp_report_t *R)
{
	char when[64];

	machine_facts(R);
	ceilings_facts(R);
	overhead_facts(R);
	rp_fact_str(F, rp_data_date(&R->data, when, sizeof(when)), NULL,
	    "method.data.measured_on");
	rp_fact_num(F, RP_FACT_COUNT, (double)json_array_size(R->data.runs),
	    NULL, "method.data.runs");
	sweeps_facts(R);
	missing_facts(R);
	rp_fact_num(F, RP_FACT_COUNT, RP_REPORT_CI_MIN, NULL, "method.ci_min");
	rp_fact_num(F, RP_FACT_PERCENT_WHOLE, RP_REPORT_CI_LEVEL, NULL,
	    "method.ci_level");
	/* The range of the most runs that print one: it holds the median
	 * with probability 1 - 2^(1-K), whatever the distribution. */
	rp_fact_num(
	    F, RP_FACT_COUNT, RP_REPORT_CI_MIN - 1, NULL, "method.range_runs");
	rp_fact_num(F, RP_FACT_PERCENT, 1.0 - ldexp(1.0, 2 - RP_REPORT_CI_MIN),
	    NULL, "method.range_coverage");
	rewarm_facts(R);
}
