/*
 * rp_machine: the idiom map and "Method and machine" (see rp_machine.h).
 */
#include <stdio.h>
#include <string.h>

#include "rp_experiments.h"
#include "rp_jax.h"
#include "rp_machine.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define B rp_text_fmt_bytes
#define NUM rp_text_fmt_num

void
rp_machine_idioms(rp_report_t *R)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t nv = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);
	char jax[1024];

	rp_md(R,
	    "## Idiom map\n\n| workload | variant | array-library idiom | "
	    "what the C code does | measured in JAX (The same programs in "
	    "JAX) |\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < nv; i++) {
		const rp_variant_run_t *v = &vr[i];
		rp_md(R, "| %s | %s | %s | %s | %s |\n", v->workload,
		    v->variant, rp_str(v->any, "idiom"),
		    rp_str(v->any, "description"),
		    rp_jax_idiom_cell(
			&R->data, v->workload, v->variant, jax, sizeof(jax)));
	}
	rp_md(R, "\n");
}

static void
overhead_line(rp_report_t *R)
{
	const json_t *o = R->data.overhead;
	double p = rp_num(o, "mann_whitney_p");

	if (o == NULL)
		return;
	rp_md(R,
	    "- Instrumentation's own cost (`harness overhead`, %s/%s at N=%s, "
	    "the default counters and a 1 ms memory timeline on against both "
	    "off, alternating runs): %s against %s, %+.2f%%, the median of %s "
	    "back-to-back pairs that ranged from %+.2f%% to %+.2f%% "
	    "(Mann-Whitney p = %s: %s)\n",
	    rp_str(o, "workload"), rp_str(o, "variant"),
	    NUM(rp_num(o, "n"), "%.0f"),
	    rp_text_fmt_time(rp_num(o, "median_on_s")),
	    rp_text_fmt_time(rp_num(o, "median_off_s")),
	    rp_num(o, "overhead_percent"), NUM(rp_num(o, "pairs"), "%.0f"),
	    rp_num(o, "pair_min_percent"), rp_num(o, "pair_max_percent"),
	    NUM(p, "%.3g"),
	    p >= 0 && p < 0.05 ? "a difference beyond the run-to-run noise"
			       : "not distinguishable from the run-to-run "
				 "noise of this machine");
}

/* The machine as a jemalloc run recorded it (the last one), and the first
 * glibc run's allocator and flags. */
static void
machine_lines(rp_report_t *R)
{
	const json_t *r = json_array_get(R->data.runs, 0), *g = NULL, *m, *e;
	const json_t *c = R->data.ceilings;
	const char *note;
	size_t i;

	json_array_foreach(R->data.runs, i, e)
	{
		if (rp_is_glibc(e) && g == NULL)
			g = e;
		if (!rp_is_glibc(e))
			r = e;
	}
	m = json_object_get(r, "machine");
	rp_md(R, "- CPU: %s, %s cores; caches: L1d %s, L2 %s, L3 %s\n",
	    rp_str(m, "cpu"), NUM(rp_num(m, "cores"), "%.0f"),
	    B(rp_num(m, "caches.l1d_bytes")), B(rp_num(m, "caches.l2_bytes")),
	    B(rp_num(m, "caches.l3_bytes")));
	rp_md(R, "- Memory: %s; kernel: %s\n", B(rp_num(m, "memory_bytes")),
	    rp_str(m, "kernel"));
	rp_md(R, "- Compiler: %s; flags: `%s`\n", rp_str(m, "compiler"),
	    rp_str(m, "cflags"));
	rp_md(R, "- Allocators: %s", rp_str(m, "allocator"));
	if (g != NULL)
		rp_md(R, "; %s (`%s`)",
		    rp_str(json_object_get(g, "machine"), "allocator"),
		    rp_str(json_object_get(g, "machine"), "cflags"));
	note = rp_str(json_object_get(r, "pmu"), "note");
	rp_md(
	    R, "\n- Counters: %s\n", note[0] ? note : "hardware PMU available");
	if (c != NULL)
		rp_md(R,
		    "- Ceilings: triad %s/s, float32 FMA %s GFLOP/s, clock "
		    "resolution %s\n",
		    B(rp_num(c, "triad_bytes_per_s")),
		    NUM(rp_num(c, "fma_flops_per_s") * 1e-9, "%.1f"),
		    rp_text_fmt_time(rp_num(c, "clock_resolution_s")));
}

void
rp_machine_write(rp_report_t *R)
{
	char when[64];

	rp_md(R, "## Method and machine\n\n");
	machine_lines(R);
	overhead_line(R);
	rp_md(R, "- Data measured: %s; %zu runs in `%s`\n",
	    rp_data_date(&R->data, when, sizeof(when)),
	    json_array_size(R->data.runs), R->data.dir);
	rp_experiments_method(R);
	rp_md(R,
	    "\nEach run is one forked child: inputs built outside the measured "
	    "region, one cold run reported apart, warm-up runs discarded, "
	    "timed repeats summarized by their median and, from %d timed "
	    "runs, a bootstrap 95%% confidence interval of the median (below "
	    "that, the range of the runs), results checked against a float64 "
	    "reference after the timed region. The variants of one table are "
	    "measured in one sweep that interleaves them run by run (harness "
	    "sweep's default: the cold runs, warm-ups and timed runs of the "
	    "variants take turns), so a slow spell of the machine hits every "
	    "variant alike; the noise band above sizes what remains. Peak "
	    "workspace is jemalloc's per-thread "
	    "peak "
	    "of live bytes, reset after the inputs are built; RSS and faults "
	    "come from the kernel.\n\nTo reproduce: `make report` (or `make "
	    "report QUICK=1` for small sizes in about a minute) runs the "
	    "sweeps and writes this file. To regenerate the report from the "
	    "saved data without measuring again: `build/jemalloc/report "
	    "reports/data reports`.\n",
	    RP_REPORT_CI_MIN);
}
