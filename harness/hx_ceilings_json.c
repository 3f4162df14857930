/*
 * hx_ceilings_json: the ceilings as the JSON object `harness ceilings`
 * prints and the report reads (hx_ceilings.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_ceilings.h"

/* A JSON number, or null for a value JSON cannot hold (NaN, infinity). */
static json_t *
hx_ceilings_json_number(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* Sets key to a new value in obj; -1 when value is NULL or the set fails. */
static int
hx_ceilings_json_set(json_t *obj, const char *key, json_t *value)
{
	return value == NULL ? -1 : json_object_set_new(obj, key, value);
}

/* n numbers of x as the array obj.key. 0, or -1. */
static int
hx_ceilings_json_array(json_t *obj, const char *key, const double *x, int n)
{
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < n; i++)
		json_array_append_new(a, hx_ceilings_json_number(x[i]));
	return hx_ceilings_json_set(obj, key, a);
}

/* The read ladder and the gather ladder: their sizes and their rates,
 * arrays. 0, or -1. */
static int
hx_ceilings_json_ladder(json_t *obj, const hx_ceilings_t *c)
{
	const int g = c->gather_ladder_sizes;

	return hx_ceilings_json_array(
		   obj, "read_ladder_bytes", c->ladder_bytes, c->ladder_sizes) |
	    hx_ceilings_json_array(obj, "read_ladder_bytes_per_s",
		c->ladder_read_bytes_per_s, c->ladder_sizes) |
	    hx_ceilings_json_array(
		obj, "gather_ladder_bytes", c->gather_ladder_bytes, g) |
	    hx_ceilings_json_array(
		obj, "gather_ladder_per_s", c->gather_ladder_per_s, g) |
	    hx_ceilings_json_array(obj, "gather_stencil_ladder_per_s",
		c->gather_stencil_ladder_per_s, g);
}

/* Each level's ("l1", "l2", "l3", "dram") gathers, the stencil's, the
 * gather table's bytes, the streams and their arrays' bytes. 0, or -1. */
static int
hx_ceilings_json_levels(json_t *obj, const hx_ceilings_t *c)
{
	static const char *const level[4] = {"l1", "l2", "l3", "dram"};
	static const char *const stream[3] = {"read", "write", "copy"};
	const struct {
		const char *format; /* %s: the level */
		const double *v;
	} per_level[] = {
	    {"gather_%s_per_s", c->gather_per_s},
	    {"gather_%s_spread", c->gather_spread},
	    {"gather_stencil_%s_per_s", c->gather_stencil_per_s},
	    {"gather_stencil_%s_spread", c->gather_stencil_spread},
	    {"gather_%s_table_bytes", c->gather_table_bytes},
	};
	char key[64];
	int rc = 0;

	for (int l = 0; l < 4; l++) {
		for (size_t k = 0; k < sizeof(per_level) / sizeof(per_level[0]);
		     k++) {
			snprintf(
			    key, sizeof(key), per_level[k].format, level[l]);
			rc |= hx_ceilings_json_set(obj, key,
			    hx_ceilings_json_number(per_level[k].v[l]));
		}
		for (int s = 0; s < 3; s++) {
			snprintf(key, sizeof(key), "%s_%s_bytes_per_s",
			    stream[s], level[l]);
			rc |= hx_ceilings_json_set(obj, key,
			    hx_ceilings_json_number(
				c->stream_bytes_per_s[s][l]));
		}
		snprintf(key, sizeof(key), "stream_%s_array_bytes", level[l]);
		rc |= hx_ceilings_json_set(obj, key,
		    hx_ceilings_json_number(c->stream_array_bytes[l]));
	}
	return rc;
}

/* The kernels of hx_ceilings_kernels.c: "<arith>_per_s" and its spread,
 * "gather_<level>_per_s" (indices), "<stream>_<level>_bytes_per_s", the
 * sizes, and the large allocation's times. 0, or -1. */
static int
hx_ceilings_json_core(json_t *obj, const hx_ceilings_t *c)
{
	char key[64];
	int rc = 0;

	for (int i = 0; i < HX_CK_ARITH_COUNT; i++) {
		snprintf(
		    key, sizeof(key), "%s_per_s", hx_ceilings_arith_name(i));
		rc |= hx_ceilings_json_set(
		    obj, key, hx_ceilings_json_number(c->arith_per_s[i]));
		snprintf(
		    key, sizeof(key), "%s_spread", hx_ceilings_arith_name(i));
		rc |= hx_ceilings_json_set(
		    obj, key, hx_ceilings_json_number(c->arith_spread[i]));
	}
	rc |= hx_ceilings_json_levels(obj, c);
	rc |= hx_ceilings_json_ladder(obj, c);
	for (int l = 0; l < HX_LAT_CLASSES; l++) {
		if (hx_ceilings_latency_name(l) == NULL)
			continue;
		snprintf(key, sizeof(key), "latency_%s_s",
		    hx_ceilings_latency_name(l));
		rc |= hx_ceilings_json_set(
		    obj, key, hx_ceilings_json_number(c->latency_s[l]));
	}
	for (int i = 0; i < HX_CEILINGS_CALLS; i++) {
		snprintf(
		    key, sizeof(key), "call_%s_s", hx_ceilings_call_name(i));
		rc |= hx_ceilings_json_set(
		    obj, key, hx_ceilings_json_number(c->call_s[i]));
	}
	rc |= hx_ceilings_json_set(
	    obj, "wait_window", hx_ceilings_json_number(c->wait_window));
	rc |= hx_ceilings_json_set(obj, "window_iteration_s",
	    hx_ceilings_json_number(c->window_iteration_s));
	rc |= hx_ceilings_json_set(
	    obj, "fp_mix_s", hx_ceilings_json_number(c->fp_mix_s));
	rc |= hx_ceilings_json_set(
	    obj, "fp_overlap", hx_ceilings_json_number(c->fp_overlap));
	rc |= hx_ceilings_json_set(
	    obj, "gather_mix_s", hx_ceilings_json_number(c->gather_mix_s));
	rc |= hx_ceilings_json_set(
	    obj, "mca_cycle_s", hx_ceilings_json_number(c->mca_cycle_s));
	rc |= hx_ceilings_json_set(
	    obj, "mca_fma_cycles", hx_ceilings_json_number(c->mca_fma_cycles));
	rc |= hx_ceilings_json_set(obj, "mca_program",
	    json_stringn(c->mca_program,
		strnlen(c->mca_program, sizeof(c->mca_program))));
	rc |= hx_ceilings_json_set(
	    obj, "bcast_cycles", hx_ceilings_json_number(c->bcast_cycles));
	rc |= hx_ceilings_json_set(obj, "mca_bcast_cycles",
	    hx_ceilings_json_number(c->mca_bcast_cycles));
	rc |= hx_ceilings_json_set(obj, "mca_bcast_load_cycles",
	    hx_ceilings_json_number(c->mca_bcast_load_cycles));
	rc |= hx_ceilings_json_set(obj, "mca_broadcast_as_load",
	    c->mca_broadcast_as_load < 0
		? json_null()
		: json_integer(c->mca_broadcast_as_load));
	rc |= hx_ceilings_json_set(obj, "gather_fp_overlap",
	    hx_ceilings_json_number(c->gather_fp_overlap));
	rc |= hx_ceilings_json_set(obj, "gather_l1_mix_s",
	    hx_ceilings_json_number(c->gather_l1_mix_s));
	rc |= hx_ceilings_json_set(obj, "gather_l1_fp_overlap",
	    hx_ceilings_json_number(c->gather_l1_fp_overlap));
	rc |= hx_ceilings_json_set(obj, "gather_l2_mix_s",
	    hx_ceilings_json_number(c->gather_l2_mix_s));
	rc |= hx_ceilings_json_set(obj, "gather_l2_fp_overlap",
	    hx_ceilings_json_number(c->gather_l2_fp_overlap));
	rc |= hx_ceilings_json_set(
	    obj, "page_release_s", hx_ceilings_json_number(c->release_s));
	rc |= hx_ceilings_json_set(obj, "page_release_spread",
	    hx_ceilings_json_number(c->release_spread));
	rc |= hx_ceilings_json_set(
	    obj, "host_fault_s", hx_ceilings_json_number(c->host_fault_s));
	rc |= hx_ceilings_json_set(obj, "host_fault_unreported_bytes",
	    hx_ceilings_json_number(c->host_fault_unreported_bytes));
	rc |= hx_ceilings_json_set(obj, "host_fault_after_bytes",
	    hx_ceilings_json_number(c->host_fault_after_bytes));
	rc |= hx_ceilings_json_set(
	    obj, "idle_page_s", hx_ceilings_json_number(c->idle_page_s));
	rc |= hx_ceilings_json_set(obj, "idle_page_warm_s",
	    hx_ceilings_json_number(c->idle_page_warm_s));
	rc |= hx_ceilings_json_set(
	    obj, "idle_page_gap_s", json_real(HX_CEILINGS_IDLE_GAP_S));
	rc |= hx_ceilings_json_set(obj, "host_fault_counted",
	    json_string("free page reporting: a first write to each 4 KiB "
			"page of one mapping of the free memory not reported "
			"to the host (blocks under page_reporting_order in "
			"/proc/pagetypeinfo or buddyinfo) plus 4 GiB, 64 MiB "
			"at a time; of 16 chunks in a row past the memory not "
			"reported over 3 x minor_fault_s, the median price a "
			"fault of the last 8 (the host's dearer first 512 "
			"MiB passed over), and where they began; null "
			"where the kernel reports no free pages or none came"));
	rc |= hx_ceilings_json_set(obj, "alloc_64mib_fresh_s",
	    hx_ceilings_json_number(c->alloc_fresh_s));
	rc |= hx_ceilings_json_set(obj, "alloc_64mib_reuse_s",
	    hx_ceilings_json_number(c->alloc_reuse_s));
	rc |= hx_ceilings_json_set(obj, "in_core_counted",
	    json_string("instructions per second at fma_vector_width float32 "
			"lanes (divpd, sqrtpd: the same register, double); "
			"gathers: indices per second; streams: bytes the "
			"program reads plus writes; one thread"));
	return rc == 0 ? 0 : -1;
}

json_t *
hx_ceilings_json(const hx_ceilings_t *c)
{
	json_t *obj = NULL;

	if (c == NULL)
		goto label_return;
	obj = json_object();
	if (obj == NULL)
		goto label_return;
	if (hx_ceilings_json_set(obj, "triad_bytes_per_s",
		hx_ceilings_json_number(c->triad_bytes_per_s)) != 0 ||
	    hx_ceilings_json_set(obj, "triad_array_bytes",
		hx_ceilings_json_number(c->triad_array_bytes)) != 0 ||
	    hx_ceilings_json_set(obj, "triad_bytes_counted",
		json_string("3 arrays per element (STREAM); write-allocate "
			    "reads of a not counted")) != 0 ||
	    hx_ceilings_json_set(obj, "fma_flops_per_s",
		hx_ceilings_json_number(c->fma_flops_per_s)) != 0 ||
	    hx_ceilings_json_set(obj, "fma_flops_spread",
		hx_ceilings_json_number(c->fma_flops_spread)) != 0 ||
	    hx_ceilings_json_set(obj, "fma_runs", json_integer(c->fma_runs)) !=
		0 ||
	    hx_ceilings_json_set(obj, "fma_vector_width",
		json_integer(c->fma_vector_width)) != 0 ||
	    hx_ceilings_json_set(obj, "fma_isa",
		json_stringn(c->fma_isa,
		    strnlen(c->fma_isa, sizeof(c->fma_isa)))) != 0 ||
	    hx_ceilings_json_set(obj, "clock_resolution_s",
		hx_ceilings_json_number(c->clock_resolution_s)) != 0 ||
	    hx_ceilings_json_set(obj, "minor_fault_s",
		hx_ceilings_json_number(c->fault_s)) != 0 ||
	    hx_ceilings_json_set(obj, "minor_fault_spread",
		hx_ceilings_json_number(c->fault_spread)) != 0 ||
	    hx_ceilings_json_set(
		obj, "minor_fault_runs", json_integer(c->fault_runs)) != 0 ||
	    hx_ceilings_json_set(obj, "minor_fault_counted",
		json_string("a first write to each fresh anonymous 4 KiB page "
			    "of a 64 MiB mapping, huge pages declined, over "
			    "the minor faults the kernel counted; best of the "
			    "runs, unmapping not included")) != 0 ||
	    (c->threads > 1 &&
		hx_ceilings_json_set(
		    obj, "threads", json_integer(c->threads)) != 0) ||
	    (c->drift_only &&
		hx_ceilings_json_set(obj, "drift_only",
		    json_string("the rates a later measurement compares "
				"alone: FMA, the arithmetic kernels, the L1 "
				"and L3 gathers, DRAM's read (harness "
				"ceilings --drift)")) != 0)) {
		json_decref(obj);
		obj = NULL;
	}
	for (int i = 0; obj != NULL && i < 3; i++) {
		static const char *const rate[] = {
		    "l1_bytes_per_s", "l2_bytes_per_s", "l3_bytes_per_s"};
		static const char *const size[] = {
		    "l1_array_bytes", "l2_array_bytes", "l3_array_bytes"};
		if (hx_ceilings_json_set(obj, rate[i],
			hx_ceilings_json_number(c->level_bytes_per_s[i])) !=
			0 ||
		    hx_ceilings_json_set(obj, size[i],
			hx_ceilings_json_number(c->level_array_bytes[i])) !=
			0) {
			json_decref(obj);
			obj = NULL;
		}
	}
	if (obj != NULL && hx_ceilings_json_core(obj, c) != 0) {
		json_decref(obj);
		obj = NULL;
	}
label_return:
	return obj;
}
