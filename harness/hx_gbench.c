/*
 * hx_gbench: Google Benchmark's JSON, both ways. See hx_gbench.h.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_cli.h"
#include "hx_fields.h"
#include "hx_file.h"
#include "hx_gbench.h"
#include "hx_result.h"
#include "hx_stats.h"

/* WORKLOAD/VARIANT/k:v/... into buf. */
static void
gb_name(const json_t *r, char *buf, size_t len)
{
	const char *key;
	json_t *v;
	size_t k = (size_t)snprintf(buf, len, "%s/%s",
	    hx_field_string(r, HX_F_WORKLOAD),
	    hx_field_string(r, HX_F_VARIANT));

	json_object_foreach(json_object_get(r, "params"), key, v)
	{
		if (k >= len)
			break;
		if (json_is_integer(v))
			k += (size_t)snprintf(buf + k, len - k, "/%s:%lld", key,
			    (long long)json_integer_value(v));
		else if (json_is_string(v))
			k += (size_t)snprintf(buf + k, len - k, "/%s:%s", key,
			    json_string_value(v));
	}
}

/* The context: where and when, from the first result. */
static json_t *
gb_context(const json_t *r)
{
	const json_t *m = json_object_get(r, "machine");
	const char *gov = hx_field_string(r, HX_F_MACHINE_GOVERNOR);
	json_t *c = json_object(), *caches = json_array();
	static const char *const keys[] = {"l1d_bytes", "l2_bytes", "l3_bytes"};

	json_object_set(c, "date", hx_field_get(r, HX_F_DATE));
	json_object_set(c, "host_name", hx_field_get(r, HX_F_MACHINE_HOST));
	json_object_set_new(c, "executable", json_string("fusebench harness"));
	json_object_set(c, "num_cpus", hx_field_get(r, HX_F_MACHINE_CORES));
	json_object_set_new(c, "mhz_per_cpu", json_integer(0));
	json_object_set_new(c, "cpu_scaling_enabled",
	    json_boolean(gov != NULL && strcmp(gov, "performance") != 0));
	for (int l = 0; l < 3; l++) {
		const json_t *b = hx_result_at(m, "caches") != NULL
		    ? json_object_get(json_object_get(m, "caches"), keys[l])
		    : NULL;
		if (json_is_integer(b))
			json_array_append_new(caches,
			    json_pack("{s:s, s:i, s:O, s:i}", "type",
				l == 0 ? "Data" : "Unified", "level", l + 1,
				"size", b, "num_sharing", 0));
	}
	json_object_set_new(c, "caches", caches);
	json_object_set(c, "load_avg", hx_field_get(r, HX_F_LOAD_AVERAGE));
	json_object_set_new(c, "library_build_type", json_string("release"));
	json_object_set_new(c, "fusebench",
	    json_pack("{s:O?, s:O?, s:O?, s:O?, s:O?, s:O?}", "harness_version",
		hx_field_get(r, HX_F_HARNESS_VERSION), "schema_version",
		hx_field_get(r, HX_F_SCHEMA_VERSION), "cpu",
		hx_field_get(r, HX_F_MACHINE_CPU), "compiler",
		hx_field_get(r, HX_F_MACHINE_COMPILER), "cflags",
		hx_field_get(r, HX_F_MACHINE_CFLAGS), "allocator",
		hx_field_get(r, HX_F_MACHINE_ALLOCATOR)));
	return c;
}

/* Memory, faults and counters of r as fields of entry e. */
static void
gb_counters(const json_t *r, json_t *e)
{
	const char *name;
	json_t *c;

	hx_field_gbench_counters(r, e);
	json_object_foreach(json_object_get(r, "counters"), name, c)
	{
		const json_t *v = json_object_get(c, "value");
		if (json_is_number(v))
			json_object_set(e, name, (json_t *)v);
	}
}

/* One entry: the fields every entry of r carries. */
static json_t *
gb_entry(const json_t *r, const char *name, size_t family, size_t reps)
{
	return json_pack("{s:s, s:I, s:i, s:s, s:I, s:i, s:s}", "name", name,
	    "family_index", (json_int_t)family, "per_family_instance_index", 0,
	    "run_name", name, "repetitions", (json_int_t)reps, "threads", 1,
	    "time_unit", "ns");
}

/* The aggregate "what" (mean, median, stddev) of samples t. */
static double
gb_statistic(const double *t, size_t n, const char *what)
{
	double v = 0, mean = 0;

	for (size_t i = 0; i < n; i++)
		mean += t[i] / (double)n;
	if (strcmp(what, "mean") == 0)
		return mean;
	if (strcmp(what, "median") == 0)
		return hx_stats_median(t, n);
	for (size_t i = 0; i < n; i++)
		v += (t[i] - mean) * (t[i] - mean);
	return n > 1 ? sqrt(v / (double)(n - 1)) : 0.0;
}

/* The aggregate "what" of wall samples t and CPU samples c (seconds) as an
 * entry. */
static json_t *
gb_aggregate(const json_t *r, const char *name, size_t family, const double *t,
    const double *c, size_t n, const char *what)
{
	char full[600];
	double v = gb_statistic(t, n, what), cpu = gb_statistic(c, n, what);
	json_t *e;

	snprintf(full, sizeof(full), "%s_%s", name, what);
	e = gb_entry(r, name, family, n);
	json_object_set_new(e, "name", json_string(full));
	json_object_set_new(e, "run_type", json_string("aggregate"));
	json_object_set_new(e, "aggregate_name", json_string(what));
	json_object_set_new(e, "aggregate_unit", json_string("time"));
	json_object_set_new(e, "iterations", json_integer((json_int_t)n));
	json_object_set_new(e, "real_time", json_real(v * 1e9));
	json_object_set_new(e, "cpu_time", json_real(cpu * 1e9));
	gb_counters(r, e);
	return e;
}

static void gb_iterations(const json_t *r, const char *name, size_t f,
    const double *t, const double *c, size_t n, json_t *out);

/* The entries of result r (family index f) appended to out. */
static void
gb_result(const json_t *r, size_t f, json_t *out)
{
	const json_t *s = hx_field_get(r, HX_F_TIME_SAMPLES);
	const json_t *cs = hx_field_get(r, HX_F_TIME_CPU_SAMPLES);
	size_t n = json_array_size(s);
	double *t = calloc(2 * n + 1, sizeof(double)), *c = t + n;
	char name[512];
	json_t *e;

	gb_name(r, name, sizeof(name));
	/* --repeat 0: the cold run is the one time there is (time_s.median
	 * is it), one iteration as Google Benchmark's readers expect. */
	if (strcmp(hx_result_status(r), "ok") == 0 && n == 0 && t != NULL &&
	    !isnan(hx_field_number(r, HX_F_TIME_MEDIAN))) {
		t[0] = c[0] = hx_field_number(r, HX_F_TIME_MEDIAN);
		gb_iterations(r, name, f, t, c, 1, out);
		free(t);
		return;
	}
	if (strcmp(hx_result_status(r), "ok") != 0 || n == 0 || t == NULL) {
		/* Error entries carry the times too (0, as Google Benchmark
		 * writes them): a reader that wants real_time finds one. */
		e = gb_entry(r, name, f, 1);
		json_object_set_new(e, "run_type", json_string("iteration"));
		json_object_set_new(e, "error_occurred", json_true());
		json_object_set_new(e, "error_message",
		    json_string(
			hx_field_string(r, HX_F_REASON) ?: "no timed sample"));
		json_object_set_new(e, "iterations", json_integer(0));
		json_object_set_new(e, "real_time", json_real(0));
		json_object_set_new(e, "cpu_time", json_real(0));
		json_array_append_new(out, e);
		free(t);
		return;
	}
	/* Without CPU samples (results from before they existed), the wall
	 * time stands for the CPU time. */
	for (size_t i = 0; i < n; i++) {
		t[i] = json_number_value(json_array_get(s, i));
		c[i] = json_array_size(cs) == n
		    ? json_number_value(json_array_get(cs, i))
		    : t[i];
	}
	gb_iterations(r, name, f, t, c, n, out);
	free(t);
}

/* The n iteration entries of samples t (wall) and c (CPU), seconds, and
 * their mean, median and stddev, appended to out. */
static void
gb_iterations(const json_t *r, const char *name, size_t f, const double *t,
    const double *c, size_t n, json_t *out)
{
	json_t *e;

	for (size_t i = 0; i < n; i++) {
		e = gb_entry(r, name, f, n);
		json_object_set_new(e, "run_type", json_string("iteration"));
		json_object_set_new(
		    e, "repetition_index", json_integer((json_int_t)i));
		json_object_set_new(e, "iterations", json_integer(1));
		json_object_set_new(e, "real_time", json_real(t[i] * 1e9));
		json_object_set_new(e, "cpu_time", json_real(c[i] * 1e9));
		gb_counters(r, e);
		json_array_append_new(out, e);
	}
	json_array_append_new(out, gb_aggregate(r, name, f, t, c, n, "mean"));
	json_array_append_new(out, gb_aggregate(r, name, f, t, c, n, "median"));
	json_array_append_new(out, gb_aggregate(r, name, f, t, c, n, "stddev"));
}

json_t *
hx_gbench_from_results(const json_t *results)
{
	json_t *gb, *benchmarks = json_array();
	size_t i;
	const json_t *r;

	if (benchmarks == NULL)
		return NULL;
	json_array_foreach(results, i, r)
	{
		gb_result(r, i, benchmarks);
	}
	gb = json_pack("{s:o, s:o}", "context",
	    gb_context(json_array_get(results, 0)), "benchmarks", benchmarks);
	return gb;
}

int
hx_gbench_is(const json_t *o)
{
	return json_is_object(o) &&
	    json_is_array(json_object_get(o, "benchmarks"));
}

void
hx_gbench_aggregates_only(json_t *gb)
{
	json_t *b = json_object_get(gb, "benchmarks");

	for (size_t i = json_array_size(b); i-- > 0;) {
		const json_t *e = json_array_get(b, i);
		const char *type =
		    json_string_value(json_object_get(e, "run_type"));
		/* An error entry stays: it is the result's only row. */
		if (type != NULL && strcmp(type, "iteration") == 0 &&
		    !json_is_true(json_object_get(e, "error_occurred")))
			json_array_remove(b, i);
	}
}

int
hx_gbench_write(
    const char *path, const json_t *results, char *msg, size_t msglen)
{
	return hx_gbench_write_opts(path, results, 0, msg, msglen);
}

int
hx_gbench_write_opts(const char *path, const json_t *results,
    int aggregates_only, char *msg, size_t msglen)
{
	json_t *gb = hx_gbench_from_results(results);
	int rc;

	if (gb == NULL) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	if (aggregates_only)
		hx_gbench_aggregates_only(gb);
	rc = hx_result_write(path, gb, msg, msglen);
	json_decref(gb);
	return rc;
}

/* workload, variant and params of r from a benchmark name: those of a name
 * gb_name wrote, else workload "gbench" and the whole name as variant. */
static void
gb_parse_name(const char *name, json_t *r)
{
	char buf[512], *parts[32], *save = NULL;
	int n = 0, ours = 1;
	json_t *params = json_object();

	snprintf(buf, sizeof(buf), "%s", name);
	for (char *p = strtok_r(buf, "/", &save); p != NULL && n < 32;
	     p = strtok_r(NULL, "/", &save))
		parts[n++] = p;
	for (int i = 2; i < n && ours; i++) {
		char *colon = strchr(parts[i], ':'), *end;
		long long v;
		if (colon == NULL) {
			ours = 0;
			break;
		}
		*colon = '\0';
		v = strtoll(colon + 1, &end, 10);
		json_object_set_new(params, parts[i],
		    *end == '\0' && end != colon + 1 ? json_integer(v)
						     : json_string(colon + 1));
	}
	if (n < 2 || !ours) {
		json_object_set_new(r, "workload", json_string("gbench"));
		json_object_set_new(r, "variant", json_string(name));
		json_decref(params);
		return;
	}
	json_object_set_new(r, "workload", json_string(parts[0]));
	json_object_set_new(r, "variant", json_string(parts[1]));
	json_object_set_new(r, "params", params);
}

/* The machine of the results, from the context. */
static json_t *
gb_machine(const json_t *ctx)
{
	const json_t *fb = json_object_get(ctx, "fusebench");

	return json_pack("{s:O?, s:O?, s:O?, s:O?, s:O?}", "host",
	    json_object_get(ctx, "host_name"), "cpu",
	    json_object_get(fb, "cpu"), "compiler",
	    json_object_get(fb, "compiler"), "cflags",
	    json_object_get(fb, "cflags"), "allocator",
	    json_object_get(fb, "allocator"));
}

/* Seconds per time_unit (absent: Google Benchmark's ns); 0 for a unit
 * Google Benchmark does not write. */
static double
gb_unit(const json_t *u)
{
	const char *s = json_string_value(u);

	if (u == NULL)
		return 1e-9;
	return s == NULL           ? 0
	    : strcmp(s, "ns") == 0 ? 1e-9
	    : strcmp(s, "us") == 0 ? 1e-6
	    : strcmp(s, "ms") == 0 ? 1e-3
	    : strcmp(s, "s") == 0  ? 1.0
				   : 0;
}

/* Whether x is a time Google Benchmark can have written: a finite number
 * >= 0 (a string, a negative or missing time would be read as one). */
static int
gb_time_ok(const json_t *x)
{
	return json_is_number(x) && isfinite(json_number_value(x)) &&
	    json_number_value(x) >= 0;
}

/* The result object of run name, made on first sight. */
static json_t *
gb_result_of(json_t *by_name, json_t *out, const char *name, const json_t *ctx)
{
	json_t *r = json_object_get(by_name, name);

	if (r != NULL)
		return r;
	r = json_pack("{s:s, s:{s:[], s:[]}, s:{}, s:o}", "status", "ok",
	    "time_s", "samples", "cpu_samples", "memory", "machine",
	    gb_machine(ctx));
	gb_parse_name(name, r);
	json_object_set(r, "date", json_object_get(ctx, "date"));
	json_object_set_new(by_name, name, r);
	json_array_append(out, r);
	return r;
}

/* One iteration entry (benchmarks[k]) into its result. 0, or -1 with msg
 * naming the entry and its bad field. */
static int
gb_take(const json_t *e, size_t k, json_t *r, char *msg, size_t msglen)
{
	const json_t *real = json_object_get(e, "real_time");
	const json_t *cpu = json_object_get(e, "cpu_time");
	const json_t *u = json_object_get(e, "time_unit");
	double unit = gb_unit(u);

	if (json_is_true(json_object_get(e, "error_occurred"))) {
		json_object_set_new(r, "status", json_string("failed"));
		json_object_set(
		    r, "reason", json_object_get(e, "error_message"));
		return 0;
	}
	if (unit == 0 || !gb_time_ok(real) ||
	    (cpu != NULL && !gb_time_ok(cpu))) {
		char *t = json_dumps(unit == 0 ? u
			: !gb_time_ok(real)    ? real
					       : cpu,
		    JSON_ENCODE_ANY);
		snprintf(msg, msglen, "benchmarks[%zu]: %s %.40s: %s", k,
		    unit == 0               ? "time_unit"
			: !gb_time_ok(real) ? "real_time"
					    : "cpu_time",
		    t != NULL ? t : "(missing)",
		    unit == 0 ? "not ns, us, ms or s" : "not a number >= 0");
		free(t);
		return -1;
	}
	if (cpu == NULL)
		cpu = real;
	json_array_append_new(hx_field_get(r, HX_F_TIME_SAMPLES),
	    json_real(json_number_value(real) * unit));
	json_array_append_new(hx_field_get(r, HX_F_TIME_CPU_SAMPLES),
	    json_real(json_number_value(cpu) * unit));
	hx_field_gbench_take(e, r);
	return 0;
}

/* time_s.median of each result from its samples. */
static void
gb_medians(json_t *out)
{
	size_t i, j;
	json_t *r, *x;

	json_array_foreach(out, i, r)
	{
		json_t *s = hx_field_get(r, HX_F_TIME_SAMPLES);
		size_t n = json_array_size(s);
		double *t = calloc(n + 1, sizeof(double));
		if (t == NULL || n == 0) {
			free(t);
			continue;
		}
		json_array_foreach(s, j, x)
		{
			t[j] = json_number_value(x);
		}
		hx_field_set(
		    r, HX_F_TIME_MEDIAN, json_real(hx_stats_median(t, n)));
		free(t);
	}
}

json_t *
hx_gbench_to_results(const json_t *gb, char *msg, size_t msglen)
{
	const json_t *ctx = json_object_get(gb, "context"), *e;
	json_t *by_name = json_object(), *out = json_array();
	size_t i;

	json_array_foreach(json_object_get(gb, "benchmarks"), i, e)
	{
		const char *type =
		    json_string_value(json_object_get(e, "run_type"));
		const char *name =
		    json_string_value(json_object_get(e, "run_name"));
		if (name == NULL)
			name = json_string_value(json_object_get(e, "name"));
		if (name == NULL ||
		    (type != NULL && strcmp(type, "aggregate") == 0))
			continue;
		if (gb_take(e, i, gb_result_of(by_name, out, name, ctx), msg,
			msglen) != 0) {
			json_decref(by_name);
			json_decref(out);
			return NULL;
		}
	}
	json_decref(by_name);
	if (json_array_size(out) == 0) {
		snprintf(msg, msglen,
		    "Google Benchmark JSON without an iteration entry");
		json_decref(out);
		return NULL;
	}
	gb_medians(out);
	return out;
}

static const char convert_help[] =
    "usage: harness convert FILE [--to gbench] [--out OUT]\n"
    "\n"
    "Writes the results of FILE (a result object, an array of them, or JSON\n"
    "lines as harness sweep writes them) as Google Benchmark JSON to OUT\n"
    "(default: stdout), for compare.py and other tools that read that\n"
    "format.\n"
    "\n"
    "  --to gbench               the format to write (gbench, the one there "
    "is)\n"
    "  --out OUT                 the file to write (- or absent: stdout)\n"
    "\n"
    "Exit status: 0 written, 1 not written, 2 bad usage or input.\n";

/* The options convert_parse reads (for help, the man page and the
 * completion script; a test checks that the usage names each). */
static const struct option convert_opts[] = {
    {"to", required_argument, NULL, 't'},
    {"out", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

void
hx_gbench_usage(FILE *f)
{
	fputs(convert_help, f);
}

size_t
hx_gbench_options(struct option *o)
{
	return hx_cli_copy_options(convert_opts, o);
}

/* --out checked before anything is read. */
static int
convert_check_out(const char *out, char *msg, size_t msglen)
{
	char inner[4200];

	if (hx_file_check_writable(out, inner, sizeof(inner)) == 0)
		return 0;
	snprintf(msg, msglen, "--out %s", inner);
	return -1;
}

/* The options: FILE, --to, --out. 0, 1 for --help, or -1 with msg. */
static int
convert_parse(int argc, char **argv, const char **in, const char **out,
    char *msg, size_t msglen)
{
	int out_given = 0;

	*in = NULL;
	*out = "-";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
			return 1;
		if ((strcmp(a, "--to") == 0 || strcmp(a, "--out") == 0) &&
		    i + 1 == argc) {
			snprintf(msg, msglen, "option '%s' needs a value", a);
			return -1;
		}
		if (strcmp(a, "--to") == 0 &&
		    strcmp(argv[++i], "gbench") != 0) {
			snprintf(msg, msglen,
			    "--to '%s': the one format is gbench", argv[i]);
			return -1;
		} else if (strcmp(a, "--out") == 0) {
			if (out_given) {
				snprintf(msg, msglen,
				    "--out given twice ('%.1000s' and "
				    "'%.1000s'): give it once",
				    *out, argv[i + 1]);
				return -1;
			}
			*out = argv[++i];
			out_given = 1;
		} else if (strcmp(argv[i - (strcmp(a, "--to") == 0)], "--to") !=
		    0) {
			if (a[0] == '-' && a[1] != '\0') {
				snprintf(msg, msglen, "unknown option '%s'", a);
				return -1;
			}
			if (*in != NULL) {
				snprintf(
				    msg, msglen, "unexpected argument '%s'", a);
				return -1;
			}
			*in = a;
		}
	}
	if (*in == NULL) {
		snprintf(msg, msglen,
		    "needs a result FILE (harness convert "
		    "--help)");
		return -1;
	}
	if (hx_file_same(*in, *out)) {
		snprintf(msg, msglen,
		    "--out %.1000s is FILE itself: the conversion would "
		    "replace the results it reads",
		    *out);
		return -1;
	}
	return convert_check_out(*out, msg, msglen);
}

int
hx_gbench_main(int argc, char **argv)
{
	const char *in, *out;
	char msg[4400];
	json_t *results;
	int rc = convert_parse(argc, argv, &in, &out, msg, sizeof(msg));

	if (rc == 1) {
		fputs(convert_help, stdout);
		return 0;
	}
	if (rc != 0 ||
	    (results = hx_result_read(in, msg, sizeof(msg))) == NULL) {
		fprintf(stderr, "harness convert: %s\n", msg);
		return 2;
	}
	rc = hx_gbench_write(out, results, msg, sizeof(msg)) != 0;
	if (rc != 0)
		fprintf(stderr, "harness convert: %s\n", msg);
	json_decref(results);
	return rc;
}
