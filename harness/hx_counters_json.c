/*
 * hx_counters_json: counters as the result writes them, and looked up by
 * name. See hx_counters.h.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "hx_counters.h"

const char *
hx_counters_status_name(hx_counter_status_t status)
{
	switch (status) {
	case HX_COUNTER_OK:
		return "ok";
	case HX_COUNTER_SCALED:
		return "scaled";
	case HX_COUNTER_UNSUPPORTED:
		return "unsupported";
	}
	return "unknown";
}

/* A count as JSON: an integer while it fits json_int_t, else a real. */
static json_t *
counters_json_u64(uint64_t v)
{
	if (v <= (uint64_t)LLONG_MAX)
		return json_integer((json_int_t)v);
	return json_real((double)v);
}

json_t *
hx_counters_json(const hx_counters_t *cs, double runs)
{
	json_t *obj, *e;
	size_t i;
	int bad = 0;

	if (cs == NULL)
		return NULL;
	if (!(runs > 0))
		runs = 1;
	obj = json_object();
	if (obj == NULL)
		return NULL;
	for (i = 0; i < cs->count; i++) {
		const hx_counter_t *c = &cs->c[i];
		int has_value =
		    c->status != HX_COUNTER_UNSUPPORTED && isfinite(c->value);

		e = json_object();
		if (e == NULL) {
			bad = 1;
			break;
		}
		bad |= json_object_set_new(e, "value",
		    has_value ? json_real(c->value / runs) : json_null());
		bad |= json_object_set_new(e, "status",
		    json_string(hx_counters_status_name(c->status)));
		bad |= json_object_set_new(e, "reason", json_string(c->reason));
		bad |= json_object_set_new(e, "raw", counters_json_u64(c->raw));
		bad |= json_object_set_new(
		    e, "time_enabled", counters_json_u64(c->time_enabled));
		bad |= json_object_set_new(
		    e, "time_running", counters_json_u64(c->time_running));
		bad |= json_object_set_new(
		    e, "running_ratio", json_real(c->running_ratio));
		bad |= json_object_set_new(
		    e, "software", json_boolean(c->software));
		bad |= json_object_set_new(e, "warning", json_boolean(c->warn));
		bad |= json_object_set_new(obj, c->name, e);
		if (bad)
			break;
	}
	if (bad) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

json_t *
hx_counters_pmu_json(const hx_counters_t *cs)
{
	json_t *obj;
	int bad = 0;

	if (cs == NULL)
		return NULL;
	obj = json_object();
	if (obj == NULL)
		return NULL;
	bad |= json_object_set_new(obj, "hardware_pmu",
	    cs->hardware_pmu < 0 ? json_null()
				 : json_boolean(cs->hardware_pmu));
	bad |= json_object_set_new(obj, "note", json_string(cs->pmu_note));
	if (cs->threads)
		bad |= json_object_set_new(
		    obj, "threads", json_string("inherited, summed"));
	bad |= json_object_set_new(
	    obj, "perf_event_paranoid", json_integer(cs->paranoid));
	if (bad) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

double
hx_counters_get(const hx_counters_t *cs, const char *name, int *ok)
{
	size_t i;

	if (ok != NULL)
		*ok = 0;
	if (cs == NULL || name == NULL)
		return NAN;
	for (i = 0; i < cs->count; i++) {
		const hx_counter_t *c = &cs->c[i];
		const char *base = strstr(c->name, "::");

		base = (base != NULL) ? base + 2 : c->name;
		if (strcmp(c->name, name) != 0 && strcmp(base, name) != 0)
			continue;
		if (c->status == HX_COUNTER_UNSUPPORTED || !isfinite(c->value))
			return NAN;
		if (ok != NULL)
			*ok = 1;
		return c->value;
	}
	return NAN;
}
