/*
 * hx_counters: the scaling arithmetic on known numbers, both PMU worlds (the
 * test finds out which one it is in by itself, with a raw perf_event_open),
 * software events against work whose size is known, bad input, JSON shape.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <criterion/criterion.h>
#include <perfmon/pfmlib_perf_event.h>

#include "hx_counters.h"

/* Keeps the compiler from deleting the busy work. */
static void *volatile sink;

static void
busy_loop(uint64_t n)
{
	volatile uint64_t x = 0;

	for (uint64_t i = 0; i < n; i++)
		x += i;
	sink = (void *)(uintptr_t)x;
}

/*
 * Which world this machine is: 1 a hardware PMU (cycles opens), 0 none
 * (ENOENT/EOPNOTSUPP), -1 forbidden or otherwise unknown. Asked directly of
 * the kernel, not through the module under test.
 */
static int
world_has_pmu(int *err)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = (int)perf_event_open(&attr, 0, -1, -1, 0);
	*err = errno;
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return (*err == ENOENT || *err == EOPNOTSUPP) ? 0 : -1;
}

static const hx_counter_t *
find(const hx_counters_t *cs, const char *name)
{
	for (size_t i = 0; i < cs->count; i++) {
		if (strcmp(cs->c[i].name, name) == 0)
			return &cs->c[i];
	}
	return NULL;
}

Test(counters_scale, exact_when_running_equals_enabled)
{
	hx_counter_status_t st;
	double r, v = hx_counters_scale(1000, 100, 100, &st, &r);

	cr_expect(v == 1000.0 && st == HX_COUNTER_OK && r == 1.0,
	    "scale(1000, 100, 100) = %g status %d ratio %g, want 1000 OK 1", v,
	    (int)st, r);
}

Test(counters_scale, scaled_when_multiplexed)
{
	hx_counter_status_t st;
	double r, v = hx_counters_scale(1000, 200, 100, &st, &r);

	cr_expect(v == 2000.0 && st == HX_COUNTER_SCALED && r == 0.5,
	    "scale(1000, 200, 100) = %g status %d ratio %g, want 2000 SCALED "
	    "0.5",
	    v, (int)st, r);
	v = hx_counters_scale(300, 400, 100, &st, &r);
	cr_expect(v == 1200.0 && st == HX_COUNTER_SCALED && r == 0.25,
	    "scale(300, 400, 100) = %g status %d ratio %g, want 1200 SCALED "
	    "0.25",
	    v, (int)st, r);
}

Test(counters_scale, never_scheduled_has_no_value)
{
	hx_counter_status_t st;
	double r, v = hx_counters_scale(0, 100, 0, &st, &r);

	cr_expect(isnan(v) && st == HX_COUNTER_UNSUPPORTED && r == 0.0,
	    "scale(0, 100, 0) = %g status %d ratio %g, want NAN UNSUPPORTED 0",
	    v, (int)st, r);
}

Test(counters_scale, never_enabled_is_exact_zero)
{
	hx_counter_status_t st;
	double r, v = hx_counters_scale(0, 0, 0, &st, &r);

	cr_expect(v == 0.0 && st == HX_COUNTER_OK && r == 1.0,
	    "scale(0, 0, 0) = %g status %d ratio %g, want 0 OK 1", v, (int)st,
	    r);
	/* NULL outputs are allowed. */
	cr_expect(hx_counters_scale(7, 7, 7, NULL, NULL) == 7.0);
}

Test(counters_scale, large_values_do_not_overflow)
{
	uint64_t raw = 1ULL << 62, en = 3ULL << 61, run = 1ULL << 61;
	hx_counter_status_t st;
	double r, v = hx_counters_scale(raw, en, run, &st, &r);
	double want = 3.0 * 0x1p62;

	/* raw * enabled is about 2^125: a uint64_t product would wrap. */
	cr_expect(v == want && st == HX_COUNTER_SCALED,
	    "scale(%llu, %llu, %llu) = %.17g, want %.17g",
	    (unsigned long long)raw, (unsigned long long)en,
	    (unsigned long long)run, v, want);
	cr_expect(fabs(r - 1.0 / 3) < 1e-15, "ratio %.17g, want 1/3", r);

	v = hx_counters_scale(UINT64_MAX, UINT64_MAX, UINT64_MAX - 1, &st, &r);
	cr_expect(fabs(v / 0x1p64 - 1.0) < 1e-12 && st == HX_COUNTER_SCALED,
	    "scale(max, max, max-1) = %.17g status %d, want ~2^64", v, (int)st);
}

Test(counters_open, cycles_matches_this_machine)
{
	hx_counters_t cs;
	char msg[256];
	int err, world = world_has_pmu(&err), ret;
	const hx_counter_t *c;

	ret = hx_counters_open(&cs, "cycles", msg, sizeof(msg));
	cr_assert_eq(ret, 0, "open(\"cycles\") = %d: %s", ret, msg);
	cr_assert_eq(cs.count, 1);
	c = &cs.c[0];
	if (world == 1) {
		cr_expect_eq(
		    cs.hardware_pmu, 1, "PMU present; note: %s", cs.pmu_note);
		cr_assert_eq(c->status, HX_COUNTER_OK,
		    "PMU present but cycles: status %d reason '%s'",
		    (int)c->status, c->reason);
		cr_assert_eq(hx_counters_enable(&cs), 0);
		busy_loop(1000000);
		cr_assert_eq(hx_counters_disable(&cs), 0);
		cr_assert_eq(hx_counters_read(&cs), 0);
		cr_expect(c->value > 1e6 * 0.5,
		    "cycles %g for a 1e6-iteration loop", c->value);
	} else if (world == 0) {
		cr_expect_eq(cs.hardware_pmu, 0, "no PMU (errno %d); note: %s",
		    err, cs.pmu_note);
		cr_expect(strstr(cs.pmu_note, "no hardware PMU") != NULL,
		    "pmu_note '%s'", cs.pmu_note);
		cr_expect_eq(c->status, HX_COUNTER_UNSUPPORTED,
		    "no PMU, but cycles status %d", (int)c->status);
		cr_expect(strstr(c->reason, "PMU") != NULL,
		    "reason '%s' should mention the PMU", c->reason);
		cr_expect(isnan(c->value), "value %g, want NAN", c->value);
		/* Reading and enabling an all-unsupported set is harmless. */
		cr_expect_eq(hx_counters_enable(&cs), 0);
		cr_expect_eq(hx_counters_read(&cs), 0);
		cr_expect_eq(c->status, HX_COUNTER_UNSUPPORTED);
	} else {
		cr_expect_eq(c->status, HX_COUNTER_UNSUPPORTED,
		    "perf_event_open refused (errno %d), but cycles status %d",
		    err, (int)c->status);
		cr_expect(c->reason[0] != '\0', "no reason given");
	}
	hx_counters_close(&cs);
}

Test(counters_open, defaults_count_software_events)
{
	hx_counters_t cs;
	char msg[256];
	const hx_counter_t *tc, *pf, *cyc;
	size_t len = 4u << 20, page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *buf;
	int ret, ok;

	ret = hx_counters_open(&cs, NULL, msg, sizeof(msg));
	cr_assert_eq(ret, 0, "open(defaults) = %d: %s", ret, msg);
	cr_assert_eq(cs.count, 9, "%zu default events", cs.count);
	tc = find(&cs, "perf::task-clock");
	pf = find(&cs, "perf::page-faults");
	cyc = find(&cs, "perf::cycles");
	cr_assert(tc != NULL && pf != NULL && cyc != NULL);
	cr_assert_eq(tc->software, 1);
	cr_assert_eq(cyc->software, 0);

	/* Fresh pages, 4 KiB each: no transparent huge pages. */
	buf = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	cr_assert(buf != MAP_FAILED);
	madvise(buf, len, MADV_NOHUGEPAGE);

	cr_assert_eq(hx_counters_reset(&cs), 0);
	cr_assert_eq(hx_counters_enable(&cs), 0);
	for (size_t i = 0; i < len; i += page)
		buf[i] = (unsigned char)i;
	busy_loop(20000000);
	cr_assert_eq(hx_counters_disable(&cs), 0);
	cr_assert_eq(hx_counters_read(&cs), 0);
	sink = buf;

	cr_expect_eq(tc->status, HX_COUNTER_OK, "task-clock status %d '%s'",
	    (int)tc->status, tc->reason);
	cr_expect(
	    tc->value > 0, "task-clock %g ns after a busy loop", tc->value);
	cr_expect_eq(pf->status, HX_COUNTER_OK, "page-faults status %d '%s'",
	    (int)pf->status, pf->reason);
	cr_expect(pf->value >= 900,
	    "page-faults %g after touching %zu pages of %zu bytes", pf->value,
	    len / page, page);
	cr_expect(cyc->status ==
		    (cs.hardware_pmu == 1 ? HX_COUNTER_OK
					  : HX_COUNTER_UNSUPPORTED) ||
		cyc->status == HX_COUNTER_SCALED,
	    "cycles status %d with hardware_pmu %d ('%s')", (int)cyc->status,
	    cs.hardware_pmu, cyc->reason);

	/* Lookup by short name; derived figures only with both present. */
	cr_expect(hx_counters_get(&cs, "task-clock", &ok) == tc->value && ok,
	    "get(task-clock) ok %d", ok);
	hx_counters_get(&cs, "cycles", &ok);
	cr_expect_eq(ok, cs.hardware_pmu == 1, "get(cycles) ok %d, pmu %d", ok,
	    cs.hardware_pmu);
	hx_counters_get(&cs, "no-such", &ok);
	cr_expect_eq(ok, 0);

	munmap(buf, len);
	hx_counters_close(&cs);
	cr_expect(cs.c == NULL && cs.count == 0);
}

Test(counters_open, counts_accumulate_until_reset)
{
	hx_counters_t cs;
	char msg[256];
	double first, second;
	int ret = hx_counters_open(&cs, "task-clock", msg, sizeof(msg));

	cr_assert_eq(ret, 0, "open(task-clock) = %d: %s", ret, msg);
	cr_assert_eq(cs.c[0].status, HX_COUNTER_OK, "%s", cs.c[0].reason);
	hx_counters_enable(&cs);
	busy_loop(5000000);
	hx_counters_disable(&cs);
	hx_counters_read(&cs);
	first = cs.c[0].value;
	/* Not enabled: nothing counts. */
	busy_loop(5000000);
	hx_counters_read(&cs);
	cr_expect(cs.c[0].value == first, "counted while disabled: %g -> %g",
	    first, cs.c[0].value);
	hx_counters_enable(&cs);
	busy_loop(5000000);
	hx_counters_disable(&cs);
	hx_counters_read(&cs);
	second = cs.c[0].value;
	cr_expect(first > 0 && second > first,
	    "task-clock after one pair %g, after two %g", first, second);
	cr_expect_eq(cs.c[0].status, HX_COUNTER_OK,
	    "status %d: enabled %llu running %llu", (int)cs.c[0].status,
	    (unsigned long long)cs.c[0].time_enabled,
	    (unsigned long long)cs.c[0].time_running);

	hx_counters_reset(&cs);
	hx_counters_read(&cs);
	cr_expect(cs.c[0].value == 0 && cs.c[0].time_enabled == 0,
	    "after reset: value %g enabled %llu", cs.c[0].value,
	    (unsigned long long)cs.c[0].time_enabled);
	hx_counters_close(&cs);
}

Test(counters_open, unknown_event_is_an_error)
{
	hx_counters_t cs;
	char msg[256] = "";
	int ret =
	    hx_counters_open(&cs, "task-clock,not_an_event", msg, sizeof(msg));

	cr_expect_eq(ret, HX_COUNTERS_EEVENT, "open = %d (%s)", ret, msg);
	cr_expect(strstr(msg, "'not_an_event'") != NULL &&
		strstr(msg, "libpfm4") != NULL,
	    "msg '%s'", msg);
	cr_expect(cs.c == NULL && cs.count == 0);
	cr_expect(strlen(hx_counters_strerror(ret)) > 0);
}

Test(counters_open, malformed_lists_are_rejected)
{
	const char *bad[] = {"", " ", "cycles,,instructions", "cycles,",
	    ",cycles", "cycles, ,instructions"};
	hx_counters_t cs;
	char msg[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = hx_counters_open(&cs, bad[i], msg, sizeof(msg));

		cr_expect_eq(ret, HX_COUNTERS_ELIST,
		    "open(\"%s\") = %d, want %d (%s)", bad[i], ret,
		    HX_COUNTERS_ELIST, msg);
		cr_expect(msg[0] != '\0', "open(\"%s\"): no message", bad[i]);
		if (ret == 0)
			hx_counters_close(&cs);
	}
}

Test(counters_open, spaces_around_names_are_dropped)
{
	hx_counters_t cs;
	char msg[256];
	int ret = hx_counters_open(
	    &cs, " task-clock , page-faults", msg, sizeof(msg));

	cr_assert_eq(ret, 0, "open = %d: %s", ret, msg);
	cr_expect_str_eq(cs.c[0].name, "task-clock");
	cr_expect_str_eq(cs.c[1].name, "page-faults");
	hx_counters_close(&cs);
}

Test(counters_json, every_event_has_a_status)
{
	hx_counters_t cs;
	char msg[256];
	json_t *obj, *e, *v;
	const char *key;
	int ret = hx_counters_open(&cs, NULL, msg, sizeof(msg));

	cr_assert_eq(ret, 0, "open(defaults) = %d: %s", ret, msg);
	hx_counters_enable(&cs);
	busy_loop(1000000);
	hx_counters_disable(&cs);
	hx_counters_read(&cs);
	obj = hx_counters_json(&cs, 4);
	cr_assert(obj != NULL);
	cr_expect_eq(json_object_size(obj), cs.count);
	json_object_foreach(obj, key, e)
	{
		const hx_counter_t *c = find(&cs, key);
		const char *st =
		    json_string_value(json_object_get(e, "status"));

		cr_assert(c != NULL, "JSON key '%s' is no counter", key);
		cr_expect(st != NULL &&
			strcmp(st, hx_counters_status_name(c->status)) == 0,
		    "'%s': status '%s', counter status %d", key,
		    st ? st : "(none)", (int)c->status);
		cr_expect(
		    json_is_string(json_object_get(e, "reason")), "%s", key);
		v = json_object_get(e, "value");
		if (c->status == HX_COUNTER_UNSUPPORTED)
			cr_expect(
			    json_is_null(v), "'%s' unsupported but value", key);
		else
			cr_expect(json_is_real(v) &&
				fabs(json_real_value(v) - c->value / 4) <=
				    1e-9 * c->value,
			    "'%s': value per run %g, want %g / 4", key,
			    json_real_value(v), c->value);
	}
	json_decref(obj);

	obj = hx_counters_pmu_json(&cs);
	cr_assert(obj != NULL);
	cr_expect(json_is_string(json_object_get(obj, "note")));
	json_decref(obj);
	hx_counters_close(&cs);
}

/*
 * The multiplexed and never-scheduled paths of hx_counters_read, on made-up
 * times: this machine may have no PMU to multiplex.
 */
Test(counters_scale, classify_flags_low_running_ratio)
{
	struct {
		uint64_t raw, en, run;
		hx_counter_status_t st;
		int warn;
		const char *reason; /* a part of it; "" means empty */
	} cases[] = {
	    {1000, 100, 100, HX_COUNTER_OK, 0, ""},
	    {1000, 100, 60, HX_COUNTER_SCALED, 0, "counted 60.0%"},
	    {1000, 100, 50, HX_COUNTER_SCALED, 0, "counted 50.0%"},
	    {1000, 100, 25, HX_COUNTER_SCALED, 1, "unreliable"},
	    {0, 100, 0, HX_COUNTER_UNSUPPORTED, 1, "never scheduled"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hx_counter_t c;

		memset(&c, 0, sizeof(c));
		snprintf(c.reason, sizeof(c.reason), "stale");
		c.raw = cases[i].raw;
		c.time_enabled = cases[i].en;
		c.time_running = cases[i].run;
		hx_counters_classify(&c);
		cr_expect(c.status == cases[i].st && c.warn == cases[i].warn,
		    "classify(%llu, %llu, %llu): status %d warn %d, want %d %d",
		    (unsigned long long)c.raw,
		    (unsigned long long)c.time_enabled,
		    (unsigned long long)c.time_running, (int)c.status, c.warn,
		    (int)cases[i].st, cases[i].warn);
		if (cases[i].reason[0] == '\0')
			cr_expect_str_empty(c.reason,
			    "classify(%llu, %llu, %llu): "
			    "reason '%s'",
			    (unsigned long long)c.raw,
			    (unsigned long long)c.time_enabled,
			    (unsigned long long)c.time_running, c.reason);
		else
			cr_expect(strstr(c.reason, cases[i].reason) != NULL,
			    "classify(%llu, %llu, %llu): reason '%s' lacks "
			    "'%s'",
			    (unsigned long long)c.raw,
			    (unsigned long long)c.time_enabled,
			    (unsigned long long)c.time_running, c.reason,
			    cases[i].reason);
	}
}
