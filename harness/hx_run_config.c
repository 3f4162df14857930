/*
 * hx_run_config: a run's configuration at its defaults, and the record a
 * measurement starts from (hx_run.h): the variant's declared facts (its
 * description, model, work counts) before anything is measured.
 */
#include <string.h>

#include "hx_mem.h"
#include "hx_params.h"
#include "hx_plugin.h"
#include "hx_run.h"

void
hx_run_config_init(
    hx_run_config_t *cfg, const workload_t *w, const variant_t *v)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->workload = w;
	cfg->variant = v;
	w->defaults(&cfg->params);
	hx_params_extra_defaults(w, &cfg->params);
	cfg->repeat = HX_RUN_DEFAULT_REPEAT;
	cfg->warmup = 1;
	cfg->min_time_s = 0.0;
	cfg->timeline_interval_us = 1000;
	cfg->validate = 1;
	cfg->cpu = -1;
}

int
hx_run_counters_off(const hx_run_config_t *cfg)
{
	return cfg->events != NULL && strcmp(cfg->events, "none") == 0;
}

void
hx_run_record_init(const hx_run_config_t *cfg, hx_record_t *rec)
{
	const variant_t *v = cfg->variant;
	const workload_t *w = cfg->workload;
	const params_t *p = &cfg->params;

	hx_record_init(rec);
	rec->workload = w->name;
	rec->variant = v->name;
	rec->description = v->description;
	rec->idiom = v->idiom;
	rec->loops = v->loops;
	rec->notes = v->notes;
	rec->params_of = w;
	rec->params = *p;
	rec->has_settings = 1;
	rec->repeat = cfg->repeat;
	rec->warmup = cfg->warmup;
	rec->min_time_s = cfg->min_time_s;
	rec->events = cfg->events;
	rec->has_model = 1;
	rec->no_model = v->model_bytes == NULL;
	rec->model_bytes = hx_plugin_model_bytes(v, p, hx_mem_round);
	rec->model_bare_bytes = hx_plugin_model_bytes(v, p, model_bare);
	rec->model_formula = v->model_formula;
	rec->input_bytes = hx_plugin_input_bytes(w, p);
	rec->mem_limit_bytes = cfg->mem_limit;
	rec->has_work = 1;
	rec->unit = w->unit;
	rec->units = hx_plugin_units(w, p);
	rec->flops = hx_plugin_flops(v, p);
	rec->bytes = hx_plugin_bytes(v, p);
}
