/*
 * rp_jax: the JAX runs' lookups (see rp_jax.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_result.h"
#include "hx_stats.h"
#include "rp_jax.h"
#include "rp_threads.h"

/* The most numbers of an array read (a run makes five warm calls). */
#define NUMBERS_MAX 256

int
rp_jax_present(const rp_data_t *D)
{
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		rp_query_t q = {.set = w->sets.jax, .any_status = 1};
		if (w->sets.jax != NULL && rp_data_find(D, &q) != NULL)
			return 1;
	}
	return 0;
}

const json_t *
rp_jax_run(const rp_data_t *D, const rp_workload_t *w, const char *label)
{
	rp_query_t q = {
	    .set = w->sets.jax, .workload = w->name, .variant = label};

	/* A NULL set or label would match every set or program: none
	 * measured (a workload without a program for a role has no run of
	 * it, not another program's). */
	return q.set != NULL && label != NULL ? rp_data_find(D, &q) : NULL;
}

size_t
rp_jax_range(const json_t *a, const char *key, double div, double *med,
    double *lo, double *hi)
{
	double v[NUMBERS_MAX];
	size_t n = 0, i;
	json_t *e;

	json_array_foreach(a, i, e)
	{
		const json_t *x = key != NULL ? json_object_get(e, key) : e;
		if (div > 0 && json_is_number(x) && n < NUMBERS_MAX)
			v[n++] = json_number_value(x) / div;
	}
	/* Each NAN when there are none. */
	*med = hx_stats_median(v, n);
	*lo = hx_stats_quantile(v, n, 0.0);
	*hi = hx_stats_quantile(v, n, 1.0);
	return n;
}

double
rp_jax_median(const json_t *o, const char *path)
{
	double m, lo, hi;

	rp_jax_range(hx_result_at(o, path), NULL, 1, &m, &lo, &hi);
	return m;
}

double
rp_jax_warm_call(const json_t *r)
{
	return rp_jax_median(r, "reported.warm_call_s");
}

double
rp_jax_rss_work(const rp_data_t *D, const json_t *r)
{
	rp_query_t q = {.set = "jax-base"}; /* JAX's baseline process */
	double w = rp_field(r, RP_F_PEAK_RSS) -
	    rp_field(rp_data_find(D, &q), RP_F_PEAK_RSS);
	return w < 0 ? 0 : w;
}

double
rp_jax_work(const rp_data_t *D, const json_t *r)
{
	double t = rp_field(r, RP_F_JAX_TEMP_BYTES);
	return isnan(t) ? rp_jax_rss_work(D, r) : t;
}

/* Whether s begins with prefix (never a NULL prefix). */
static int
starts_with(const char *s, const char *prefix)
{
	return prefix != NULL && strncmp(s, prefix, strlen(prefix)) == 0;
}

double
rp_jax_steps_per_call(const json_t *r)
{
	const char *v = rp_field_str(r, RP_F_VARIANT);
	const rp_workload_t *w =
	    rp_workload_find(rp_field_str(r, RP_F_WORKLOAD));

	if (w == NULL || !w->per_step)
		return 1;
	if (starts_with(v, w->jax_loop) || starts_with(v, w->jax_fori))
		return rp_field(r, RP_F_STEPS);
	return starts_with(v, w->jax_pair) ? 0 : 1;
}

const char *
rp_jax_stand_in(const json_t *r, char *buf, size_t len)
{
	const char *s = rp_str(json_object_get(r, "reported"), "c_variant");
	snprintf(buf, len, "%.*s", (int)strcspn(s, " ,("), s);
	return buf;
}

const json_t *
rp_jax_c_one_thread(const rp_data_t *D, const char *c_set, const char *workload,
    const char *variant)
{
	rp_query_t q = {.set = c_set,
	    .workload = workload,
	    .variant = variant,
	    .threads = 1,
	    .alloc = RP_ALLOC_JEMALLOC};

	return rp_data_find(D, &q);
}

double
rp_jax_unit(const json_t *r)
{
	return rp_workload_array_bytes(
	    rp_str(r, "workload"), json_object_get(r, "params"));
}

int
rp_jax_one_core(const json_t *r)
{
	return strchr(rp_str(r, "variant"), '@') == NULL;
}

json_t *
rp_jax_programs_of(const rp_data_t *D, const rp_workload_t *w,
    const char *variant, int any_core)
{
	char v[64];
	rp_query_t q = {.set = w->sets.jax, .workload = w->name};
	json_t *out = json_array();
	const json_t *r;

	/* No JAX set, no programs (a NULL set would match every set). */
	for (size_t i = 0;
	     q.set != NULL && (r = rp_data_next(D, &q, &i)) != NULL;)
		if ((any_core || rp_jax_one_core(r)) &&
		    (variant == NULL ||
			strcmp(rp_jax_stand_in(r, v, sizeof(v)), variant) == 0))
			json_array_append_new(
			    out, json_string(rp_str(r, "variant")));
	return out;
}

json_t *
rp_jax_file(const rp_data_t *D, const char *name)
{
	char path[4400];
	snprintf(path, sizeof(path), "%s/%s", D->dir, name);
	return json_load_file(path, 0, NULL);
}

const json_t *
rp_jax_pair_verdict(const json_t *row)
{
	const json_t *v = json_object_get(row, "by_cpu_beyond_process_noise");

	return json_is_object(v) ? v : json_object_get(row, "by_cpu");
}

void
rp_jax_next_row(json_t *rows, const char *family, char *p, size_t len)
{
	size_t k = json_array_size(rows);

	snprintf(p, len, "%s.row%zu", family, k);
	json_array_append_new(rows, json_sprintf("row%zu", k));
}

double
rp_jax_unit_time(const json_t *r)
{
	double m, lo, hi;

	rp_jax_warm(r, 1, &m, &lo, &hi);
	return m;
}

int
rp_jax_c_unit_is_step(const json_t *r)
{
	const rp_workload_t *w = rp_workload_find(rp_str(r, "workload"));

	return w != NULL && w->per_step &&
	    !isnan(rp_field(r, RP_F_STEPS_MEDIAN));
}

double
rp_jax_c_unit_time(const json_t *r)
{
	return rp_field(
	    r, rp_jax_c_unit_is_step(r) ? RP_F_STEPS_MEDIAN : RP_F_TIME_MEDIAN);
}

size_t
rp_jax_warm(const json_t *r, int per_unit, double *med, double *lo, double *hi)
{
	return rp_jax_range(hx_result_at(r, "reported.warm_call_s"), NULL,
	    per_unit ? rp_jax_steps_per_call(r) : 1, med, lo, hi);
}

/* The lanes of rp_jax_xla's compute term (rp_jax.h), build's where XLA's
 * code was not counted. */
static double
xla_lanes(const json_t *r, double build)
{
	json_t *by = rp_field_json(r, RP_F_JAX_FLOAT_OPS), *n;
	double lanes = 1, most = 0;
	const char *k;

	if (!json_is_object(by))
		return build;
	json_object_foreach(by, k, n)
	{
		if (atof(k) > 1 && json_number_value(n) > most)
			lanes = atof(k), most = json_number_value(n);
	}
	return lanes;
}

int
rp_jax_xla(const json_t *ceilings, const json_t *r, int kept, rp_jax_xla_t *m)
{
	/* The ceilings' keys of the levels rp_bandwidth_level counts. */
	static const char *const keys[] = {"l1", "l2", "l3", "dram"};
	double bytes = rp_field(r, RP_F_JAX_TEMP_BYTES) +
	    rp_field(r, RP_F_JAX_ARGUMENT_BYTES) +
	    rp_field(r, RP_F_JAX_OUTPUT_BYTES);
	double calls = rp_field(r, RP_F_JAX_XLA_CALLS);
	double half = calls * rp_field(r, RP_F_JAX_BYTES_ACCESSED) / 2;
	double width = rp_num(ceilings, "fma_vector_width");
	int mapped = rp_field(r, RP_F_JAX_TEMP_BYTES) > RP_JAX_MMAP_MAX;
	char rd[32], wr[32];
	int k;

	*m = (rp_jax_xla_t){.flops = NAN,
	    .bytes = NAN,
	    .compute_s = NAN,
	    .memory_s = NAN,
	    .faults_s = NAN,
	    .predicted_s = NAN,
	    .lanes = NAN};
	if (!json_is_false(rp_field_json(r, RP_F_JAX_LOOPS)))
		return -1;
	m->flops = calls * rp_field(r, RP_F_JAX_FLOPS);
	m->bytes = 2 * half;
	/* From L2: XLA's buffers are not priced at L1's rates. */
	k = rp_bandwidth_level(r, bytes, 1);
	snprintf(rd, sizeof(rd), "read_%s_bytes_per_s", keys[k]);
	snprintf(wr, sizeof(wr), "write_%s_bytes_per_s", keys[k]);
	m->level = rp_bandwidth_level_name(k);
	m->lanes = xla_lanes(r, width);
	m->lanes_counted = json_is_object(rp_field_json(r, RP_F_JAX_FLOAT_OPS));
	m->compute_s = m->flops /
		(rp_num(ceilings, "fma_flops_per_s") / 2 * m->lanes / width) +
	    calls * rp_field(r, RP_F_JAX_TRANSCENDENTALS) /
		(rp_num(ceilings, "sqrtps_per_s") * m->lanes);
	m->memory_s = half / rp_num(ceilings, rd) + half / rp_num(ceilings, wr);
	m->faults_s = kept || !mapped
	    ? 0
	    : calls * rp_field(r, RP_F_JAX_TEMP_PAGES) *
		(rp_num(ceilings, "minor_fault_s") +
		    rp_num(ceilings, "page_release_s"));
	m->predicted_s = m->compute_s + m->memory_s + m->faults_s;
	return isnan(m->predicted_s) ? -1 : 0;
}
