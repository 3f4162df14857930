/*
 * Unit tests of the fixes in JAX (reports/rp_jaxfix) on crafted data, no
 * JAX needed: the "pays" rule at its edges; the warm calls' median and
 * range; the C lookup that never takes a run of more than one thread (the
 * old `jax-c-%s*` pattern also matched the -threads sets); the tables of
 * the section.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_jax.h"
#include "rp_jaxfix.h"

#define EPS 1e-9

Test(report_jaxfix, pays_only_when_the_ranges_do_not_meet)
{
	/* Every fix call faster than every question call. */
	cr_expect_eq(rp_jaxfix_pays(0.1, 0.2, 0.2 + EPS, 3), RP_JAXFIX_PAYS);
	/* Touching ranges: not distinguishable, never a win. */
	cr_expect_eq(rp_jaxfix_pays(0.1, 0.2, 0.2, 3), RP_JAXFIX_EVEN);
	cr_expect_eq(rp_jaxfix_pays(1, 4, 2, 3), RP_JAXFIX_EVEN);
	cr_expect_eq(rp_jaxfix_pays(3 + EPS, 4, 2, 3), RP_JAXFIX_COSTS);
	cr_expect_eq(rp_jaxfix_pays(NAN, 4, 2, 3), RP_JAXFIX_UNKNOWN);
	cr_expect_str_eq(
	    rp_jaxfix_pay_word(RP_JAXFIX_EVEN), "not distinguishable");
}

static json_t *
parse(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);
	cr_assert(j != NULL, "%s: %s", text, e.text);
	return j;
}

Test(report_jaxfix, warm_median_range_and_steps)
{
	json_t *r = parse("{\"workload\":\"interp\",\"variant\":\"hoisted\","
			  "\"reported\":{\"warm_call_s\":[0.5,0.1,0.3,0.2,"
			  "0.4]}}");
	json_t *loop = parse("{\"workload\":\"colony\",\"variant\":\"loop\","
			     "\"params\":{\"steps\":10},\"reported\":{"
			     "\"warm_call_s\":[1,2,3]}}");
	json_t *none = parse("{\"workload\":\"interp\",\"variant\":\"q\","
			     "\"reported\":{\"warm_call_s\":[]}}");
	double m, lo, hi;
	char buf[128];

	cr_expect_eq(rp_jaxfix_warm(r, 1, &m, &lo, &hi), 5);
	cr_expect(m == 0.3 && lo == 0.1 && hi == 0.5, "%g %g %g", m, lo, hi);
	cr_expect_str_eq(rp_jaxfix_warm_cell(r, 1, buf, sizeof(buf)),
	    "300 ms (100 ms-500 ms, 5 calls)");
	/* A call of K steps is K units of colony work. */
	cr_expect_eq(rp_jaxfix_warm(loop, 1, &m, &lo, &hi), 3);
	cr_expect(fabs(m - 0.2) < EPS && fabs(hi - 0.3) < EPS, "%g %g", m, hi);
	cr_expect_eq(rp_jaxfix_warm(loop, 0, &m, &lo, &hi), 3);
	cr_expect(m == 2 && hi == 3, "per call: %g %g", m, hi);
	cr_expect_eq(rp_jaxfix_warm(none, 1, &m, &lo, &hi), 0);
	cr_expect(isnan(m));
	cr_expect_str_eq(rp_jaxfix_warm_cell(none, 1, buf, sizeof(buf)),
	    "n/a (first call only)");
	json_decref(r);
	json_decref(loop);
	json_decref(none);
}

/* ---- the section on crafted data ---- */

static char dir[64];

#define JAXRUN(w, label, n, peak, temp, c, first, warm)                        \
	"{\"workload\":\"" w "\",\"variant\":\"" label "\",\"status\":\"ok\"," \
	"\"params\":{\"n\":" n ",\"m\":100,\"steps\":10},\"memory\":"          \
	"{\"peak_rss_bytes\":" peak "},\"reported\":{\"c_variant\":\"" c       \
	"\",\"first_call_s\":" first ",\"warm_call_s\":[" warm "],"            \
	"\"memory_analysis\":{\"temp_bytes\":" temp "}}}\n"
/* A C run of `threads` threads ("" for the harness's default). */
#define CRUN(w, v, n, threads, t, lo, hi)                                      \
	"{\"workload\":\"" w "\",\"variant\":\"" v "\",\"status\":\"ok\","     \
	"\"params\":{\"n\":" n ",\"m\":100" threads "},\"memory\":"            \
	"{\"model_bytes\":0},\"time_s\":{\"median\":" t ",\"min\":" lo         \
	",\"max\":" hi "},\"machine\":{\"allocator\":\"jemalloc\"}}\n"

static void
make_data(void)
{
	snprintf(dir, sizeof(dir), "/tmp/fb_rp_jaxfix_XXXXXX");
	cr_assert(mkdtemp(dir) != NULL);
	fb_write_file(dir, "interp-main.jsonl",
	    CRUN("interp", "fused", "1000", "", "0.001", "0.001", "0.001"));
	fb_write_file(dir, "jax-base.jsonl",
	    JAXRUN("interp", "baseline", "1000", "100e6", "null", "eager",
		"0.1", ""));
	fb_write_file(dir, "jax-interp.jsonl",
	    JAXRUN("interp", "question_jit", "1e5", "600e6", "280e6", "fused",
		"1.5", "2.0,2.2,1.9,2.1,2.0")
		JAXRUN("interp", "hoisted", "1e5", "150e6", "40e6", "hoisted",
		    "0.5", "0.020,0.021,0.019,0.030,0.020") JAXRUN("interp",
		    "scan", "1e5", "110e6", "1e6", "tiled (loop order)", "0.5",
		    "1.9,2.0,3.0,2.1,2.2") JAXRUN("interp", "hoisted@all",
		    "1e5", "150e6", "40e6", "hoisted", "0.5", "0.001"));
	/* The sorted run of two threads sorts first (file-name order) and
	 * is faster: it must not be taken. */
	fb_write_file(dir, "jax-c-interp-threads.jsonl",
	    CRUN("interp", "hoisted", "1e5", ",\"threads\":2", "0.001", "0.001",
		"0.001") CRUN("interp", "sorted", "1e5", ",\"threads\":2",
		"0.0005", "0.0005", "0.0005"));
	fb_write_file(dir, "jax-c-interp.jsonl",
	    CRUN("interp", "hoisted", "1e5", "", "0.010", "0.009", "0.012")
		CRUN("interp", "tiled", "1e5", ",\"threads\":1", "0.100",
		    "0.090", "0.110") CRUN("interp", "sorted", "1e5", "",
		    "0.008", "0.007", "0.009"));
	fb_write_file(dir, "jax-plan.json",
	    "{\"seconds\": 240, \"large_n\": 1e6, \"large_n_from\": \"an "
	    "earlier sweep\"}\n");
}

static void
remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* Not inlined: the stream's buffer pointer is a local here, and gcc's
 * -Wdangling-pointer would follow it into the caller. */
static __attribute__((noinline)) char *
section_text(void)
{
	static rp_report_t R;
	char msg[256] = "", *text = NULL;
	size_t len = 0;

	cr_assert_eq(
	    rp_data_load(&R.data, dir, msg, sizeof(msg)), 0, "%s", msg);
	R.md = open_memstream(&text, &len);
	cr_assert(R.md != NULL);
	rp_jaxfix_write(&R);
	fclose(R.md);
	rp_data_free(&R.data);
	return text;
}

Test(report_jaxfix, c_lookup_takes_one_thread_only)
{
	static rp_data_t D;
	char msg[256] = "";
	const json_t *c;

	make_data();
	cr_assert_eq(rp_data_load(&D, dir, msg, sizeof(msg)), 0, "%s", msg);
	c = rp_jaxfix_c_one_thread(&D, "jax-c-interp*", "interp", "hoisted");
	cr_assert(c != NULL);
	cr_expect_str_eq(rp_str(c, "_set"), "jax-c-interp");
	cr_expect_eq(rp_jax_c_threads(c), 1);
	/* rp_jax_c_run, the models' lookup, likewise. */
	cr_expect_str_eq(rp_str(rp_jax_c_run(&D, "interp", "sorted"), "_set"),
	    "jax-c-interp");
	rp_data_free(&D);
	remove_dir();
}

Test(report_jaxfix, section_from_crafted_data)
{
	char *text;
	char *j4, *named;

	make_data();
	text = section_text();
	/* hoisted: 20 ms (19-30 ms) against question_jit's 2 s (1.9-2.2). */
	cr_expect(strstr(text,
		      "| hoisted | N=1e5 | 40 MB | 50 MB | 500 ms | 20 ms "
		      "(19 ms-30 ms, 5 calls) | 100x |") != NULL,
	    "%s", text);
	cr_expect(strstr(text,
		      "- `hoisted` (C hoisted) at N=1e5: **pays**: "
		      "20 ms against `question_jit`'s 2 s, 100x "
		      "faster; XLA's temporaries 40 MB against 280 "
		      "MB.") != NULL,
	    "%s", text);
	/* scan's range meets the question's. */
	cr_expect(strstr(text,
		      "- `scan` (C tiled) at N=1e5: **not "
		      "distinguishable**: 2.1 s against") != NULL,
	    "%s", text);
	/* A fix without a run has no row in Table J4, and is named. */
	cr_assert(strstr(text, "**Table J4.**") != NULL, "%s", text);
	j4 = strdup(strstr(text, "**Table J4.**"));
	cr_assert(j4 != NULL);
	named = strstr(j4,
	    "Not measured in these data: `hoisted_map` "
	    "(jax-interp), `hoisted_cache` (jax-interp), "
	    "`sorted` (jax-interp)");
	cr_expect(named != NULL, "%s", text);
	if (named != NULL)
		*named = '\0';
	cr_expect(strstr(j4, "| sorted |") == NULL, "%s", j4);
	free(j4);
	/* Same schedule: the one-thread C runs, thread counts printed. */
	cr_expect(strstr(text,
		      "| hoisted | N=1e5 | 1 | 10 ms (9 ms-12 ms) | hoisted | "
		      "20 ms (19 ms-30 ms, 5 calls) | 2.00x |") != NULL,
	    "%s", text);
	cr_expect(strstr(text, "| tiled | N=1e5 | 1 | 100 ms") != NULL);
	/* The @all run is no one-core counterpart. */
	cr_expect(strstr(text, "hoisted@all") == NULL, "%s", text);
	/* Best against best: C sorted at one thread (8 ms), not the
	 * two-thread 0.5 ms; JAX hoisted (20 ms). */
	cr_expect(strstr(text,
		      "| interp | N=1e5 | sorted | 8 ms | hoisted | 20 ms | "
		      "2.50x |") != NULL,
	    "%s", text);
	cr_expect(strstr(text,
		      "reports/jax-sweep.sh took 240 s for the JAX "
		      "data of this report (the question's run at "
		      "N=1e6 not included: it is from an earlier "
		      "sweep).") != NULL,
	    "%s", text);
	free(text);
	remove_dir();
}
