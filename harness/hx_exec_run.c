/*
 * hx_exec_run: running a command of harness exec and sampling it: one
 * run as a watched process with its counters and its report file, the
 * protocol (cold, warm-ups, timed repeats) into an hx_exec_record_t. See
 * hx_exec.h.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hx_ceilings.h"
#include "hx_cli.h"
#include "hx_exec.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_isolate.h"
#include "hx_machine.h"
#include "hx_result.h"
#include "hx_stats.h"

/* A timeline holds at most this many samples (16 minutes at 1 ms). */
#define HX_EXEC_TIMELINE_CAPACITY 1000000
#define HX_EXEC_ENV "FUSEBENCH_REPORT"
/* The thread count a command is asked to use (--threads). */
#define HX_EXEC_THREADS_ENV "FUSEBENCH_THREADS"

/* What a run's callbacks need. */
typedef struct exec_ctx_s {
	const hx_exec_config_t *cfg;
	hx_exec_record_t *rec;
	int run;
	int count; /* open counters on this run */
	int cs_open;
	hx_counters_t cs;
} exec_ctx_t;

static int
exec_attach(pid_t pid, void *arg, char *msg, size_t msglen)
{
	exec_ctx_t *x = arg;
	char inner[400];

	if (!x->count)
		return 0;
	if (hx_counters_open_pid(
		&x->cs, x->cfg->events, pid, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "counters: %s", inner);
		return -1;
	}
	x->cs_open = 1;
	return 0;
}

static void
exec_on_sample(double now, uint64_t rss, uint32_t count, void *arg)
{
	exec_ctx_t *x = arg;
	hx_exec_record_t *rec = x->rec;
	hx_exec_sample_t *s;

	if (rec->timeline_count == rec->timeline_cap) {
		size_t cap =
		    rec->timeline_cap == 0 ? 4096 : 2 * rec->timeline_cap;
		if (cap > HX_EXEC_TIMELINE_CAPACITY)
			cap = HX_EXEC_TIMELINE_CAPACITY;
		if (cap == rec->timeline_cap ||
		    (s = realloc(rec->timeline, cap * sizeof(*s))) == NULL) {
			rec->timeline_truncated = 1;
			return;
		}
		rec->timeline = s;
		rec->timeline_cap = cap;
	}
	s = &rec->timeline[rec->timeline_count++];
	s->t_s = now - rec->t_origin;
	s->run = x->run;
	s->processes = count;
	s->rss_bytes = rss;
}

/* Adds one run's counts to the record's sums (the first run's set gives
 * names, statuses and the PMU note). */
static int
exec_counters_add(hx_exec_record_t *rec, hx_counters_t *cs)
{
	hx_counters_t *agg = &rec->counters;

	hx_counters_read(cs);
	if (agg->c == NULL) {
		*agg = *cs;
		agg->c = malloc(cs->count * sizeof(*agg->c));
		if (agg->c == NULL) {
			agg->count = 0;
			return -1;
		}
		memcpy(agg->c, cs->c, cs->count * sizeof(*agg->c));
		for (size_t i = 0; i < agg->count; i++) {
			hx_counter_t *c = &agg->c[i];
			c->fd = -1;
			c->raw = c->time_enabled = c->time_running = 0;
			if (cs->c[i].fd >= 0) {
				c->status = HX_COUNTER_OK;
				c->reason[0] = '\0';
				c->value = 0.0;
			}
		}
	}
	for (size_t i = 0; i < agg->count && i < cs->count; i++) {
		if (cs->c[i].fd < 0)
			continue;
		agg->c[i].raw += cs->c[i].raw;
		agg->c[i].time_enabled += cs->c[i].time_enabled;
		agg->c[i].time_running += cs->c[i].time_running;
	}
	rec->counted_runs++;
	return 0;
}

const char *
hx_exec_kind_name(hx_exec_kind_t k)
{
	return k == HX_EXEC_COLD  ? "cold"
	    : k == HX_EXEC_WARMUP ? "warm-up"
				  : "timed";
}

/* The command's report file into run->reported; -1 with a reason when it
 * is there but not a JSON object. */
static int
exec_read_report(const char *path, hx_exec_run_t *run, char *why, size_t whylen)
{
	json_error_t err;
	json_t *o;

	if (access(path, F_OK) != 0)
		return 0;
	if ((o = json_load_file(path, 0, &err)) == NULL) {
		snprintf(why, whylen,
		    "%s: not JSON (%s, line %d): the command's report is "
		    "unreadable",
		    HX_EXEC_ENV, err.text, err.line);
		return -1;
	}
	if (!json_is_object(o)) {
		snprintf(why, whylen,
		    "%s: the command wrote JSON that is not "
		    "an object",
		    HX_EXEC_ENV);
		json_decref(o);
		return -1;
	}
	run->reported = o;
	return 0;
}

/* reported.result against the workload's float64 reference; -1 with a
 * reason when it is missing or disagrees. */
static int
exec_validate(const hx_exec_config_t *cfg, hx_exec_record_t *rec,
    const json_t *reported, char *why, size_t whylen)
{
	const workload_t *w = cfg->workload;
	const json_t *res = json_object_get(reported, "result");
	double got[DIGEST_MAX];

	if (reported == NULL || !json_is_object(res)) {
		snprintf(why, whylen,
		    "no result to validate: the command must write "
		    "{\"result\": {...}} to %s",
		    HX_EXEC_ENV);
		return -1;
	}
	for (int d = 0; d < w->digest_count; d++) {
		const json_t *v = json_object_get(res, w->digest_names[d]);
		if (!json_is_number(v)) {
			snprintf(why, whylen,
			    "reported.result.%s is missing or not a number",
			    w->digest_names[d]);
			return -1;
		}
		got[d] = json_number_value(v);
	}
	memcpy(rec->digest, got, sizeof(got));
	rec->has_digest = 1;
	if (!rec->has_reference) {
		if (w->reference(&cfg->params, rec->reference) != 0) {
			snprintf(
			    why, whylen, "out of memory for the reference");
			return -1;
		}
		rec->has_reference = 1;
	}
	rec->validation_msg[0] = '\0';
	rec->valid = w->validate(&cfg->params, got, rec->reference,
			 rec->validation_msg, sizeof(rec->validation_msg)) == 0;
	if (!rec->valid) {
		snprintf(why, whylen,
		    "reported result disagrees with the float64 reference: %s",
		    rec->validation_msg);
		return -1;
	}
	return 0;
}

/* Why a finished run failed, into rec; 0 when it did not. */
static int
exec_judge(const hx_exec_config_t *cfg, hx_exec_record_t *rec,
    hx_exec_run_t *run, const char *report_path)
{
	const hx_proc_result_t *p = &run->proc;
	char why[900], lim[HX_FORMAT_LEN], got[HX_FORMAT_LEN];
	const char *line =
	    p->last_line[0] != '\0' ? p->last_line : "(nothing on stderr)";

	why[0] = '\0';
	if (p->guard_killed) {
		snprintf(why, sizeof(why),
		    "killed by the memory guard: the process tree's RSS "
		    "reached %s (%llu bytes), over --mem-limit %s",
		    hx_format_bytes(
			got, sizeof(got), (double)p->guard_rss_bytes),
		    (unsigned long long)p->guard_rss_bytes,
		    hx_format_bytes(lim, sizeof(lim), (double)cfg->mem_limit));
	} else if (p->signal != 0) {
		snprintf(why, sizeof(why), "killed by signal %d (%s): %s",
		    p->signal, strsignal(p->signal), line);
	} else if (p->exit_status != 0) {
		snprintf(why, sizeof(why), "exit status %d: %s", p->exit_status,
		    line);
	} else if (exec_read_report(report_path, run, why, sizeof(why)) != 0) {
		/* why says what is wrong with the report. */
	} else if (cfg->workload == NULL ||
	    exec_validate(cfg, rec, run->reported, why, sizeof(why)) == 0) {
		return 0;
	}
	rec->failed = 1;
	if (run->kind == HX_EXEC_COLD)
		snprintf(rec->reason, sizeof(rec->reason), "cold run: %s", why);
	else
		snprintf(rec->reason, sizeof(rec->reason), "%s run %llu: %s",
		    hx_exec_kind_name(run->kind),
		    (unsigned long long)(run->kind == HX_EXEC_WARMUP
			    ? rec->nruns - 1
			    : rec->nruns - 1 - cfg->warmup),
		    why);
	return -1;
}

/* With --workload, the workload's parameters into the command's
 * environment, after the slots run_one fills itself; then --allocator's
 * variables. */
static void
exec_param_env(const hx_exec_config_t *cfg, hx_proc_opts_t *o)
{
	size_t k = 3;

	for (size_t i = 0; i < cfg->nparam_env && k < HX_PROC_MAX_ENV; i++)
		o->env[k++] = (hx_proc_env_t){
		    cfg->param_env_name[i], cfg->param_env_value[i], 0};
	if (cfg->params_json[0] != '\0' && k < HX_PROC_MAX_ENV)
		o->env[k++] =
		    (hx_proc_env_t){"FUSEBENCH_PARAMS", cfg->params_json, 0};
	for (size_t i = 0; i < cfg->nalloc_env && k < HX_PROC_MAX_ENV; i++)
		o->env[k++] = (hx_proc_env_t){
		    cfg->alloc_env_name[i], cfg->alloc_env_value[i], 0};
}

/* One run: the command as a watched process, its counters, its report. */
static int
exec_run_one(const hx_exec_config_t *cfg, hx_exec_record_t *rec,
    const char *dir, hx_exec_kind_t kind, int count, char *msg, size_t msglen)
{
	hx_exec_run_t *run = &rec->runs[rec->nruns];
	exec_ctx_t x;
	hx_proc_opts_t o;
	char path[4200], threads[24];
	int rc = 0;

	memset(&x, 0, sizeof(x));
	x.cfg = cfg;
	x.rec = rec;
	x.run = (int)rec->nruns;
	x.count = count;
	snprintf(path, sizeof(path), "%s/report-%zu.json", dir, rec->nruns);
	unlink(path);
	memset(&o, 0, sizeof(o));
	o.argv = cfg->argv;
	o.env[0] = (hx_proc_env_t){HX_EXEC_ENV, path, 0};
	/* --threads T: FUSEBENCH_THREADS=T, and OMP_NUM_THREADS=T unless the
	 * user set it. */
	if (cfg->threads > 0) {
		snprintf(threads, sizeof(threads), "%d", cfg->threads);
		o.env[1] = (hx_proc_env_t){HX_EXEC_THREADS_ENV, threads, 0};
		o.env[2] = (hx_proc_env_t){"OMP_NUM_THREADS", threads, 1};
	}
	exec_param_env(cfg, &o);
	o.stdout_to_stderr =
	    hx_cli_stdout_is_data(cfg->json_path, cfg->csv_path);
	o.mem_limit = cfg->mem_limit;
	o.pin = cfg->cpu >= 0;
	o.cpu = cfg->cpu;
	o.interval_us = cfg->timeline_interval_us;
	o.attach = exec_attach;
	o.attach_arg = &x;
	o.on_sample = cfg->timeline_path != NULL ? exec_on_sample : NULL;
	o.sample_arg = &x;
	if (hx_proc_run(&o, &run->proc, msg, msglen) != 0) {
		rc = -1;
		goto label_return;
	}
	run->kind = kind;
	rec->nruns++;
	if (x.cs_open && exec_counters_add(rec, &x.cs) != 0) {
		snprintf(msg, msglen, "out of memory for the counters");
		rc = -1;
		goto label_return;
	}
	if (run->proc.interrupted) {
		rc = HX_EXEC_INTERRUPTED;
		goto label_return;
	}
	exec_judge(cfg, rec, run, path);
label_return:
	if (x.cs_open)
		hx_counters_close(&x.cs);
	unlink(path);
	return rc;
}

/* A record ready for cfg's runs (zeroed here). 0, or -1 with msg. */
static int
exec_record_begin(const hx_exec_config_t *cfg, hx_exec_record_t *rec,
    uint64_t total, char *msg, size_t msglen)
{
	rec->counters_on =
	    cfg->events == NULL || strcmp(cfg->events, "none") != 0;
	rec->clock_resolution_s = hx_clock_resolution();
	if (total < cfg->repeat ||
	    (rec->runs = calloc(total, sizeof(*rec->runs))) == NULL) {
		snprintf(msg, msglen, "out of memory for %llu run records",
		    (unsigned long long)total);
		return -1;
	}
	return 0;
}

/* After the runs: the host's window, the counters' statuses. */
static void
exec_record_end(hx_exec_record_t *rec, const hx_host_window_t *window)
{
	rec->window = *window;
	rec->has_window = 1;
	for (size_t i = 0; i < rec->counters.count; i++) {
		if (rec->counters.c[i].time_enabled > 0)
			hx_counters_classify(&rec->counters.c[i]);
	}
}

/* Run i of every command still going, in the plan's order. */
static int
exec_round(const hx_exec_plan_t *plan, hx_exec_record_t *recs, uint64_t i,
    const char *dir, int *sig, char *msg, size_t msglen)
{
	int rc = 0;

	for (size_t c = 0; c < plan->ncmds && rc == 0; c++) {
		const hx_exec_config_t *cfg = &plan->cmds[c];
		hx_exec_kind_t kind = i == 0 ? HX_EXEC_COLD
		    : i <= cfg->warmup       ? HX_EXEC_WARMUP
					     : HX_EXEC_TIMED;
		/* Counters count the timed runs (the cold one when it is
		 * the only measure). */
		int count = recs[c].counters_on &&
		    (kind == HX_EXEC_TIMED || cfg->repeat == 0);
		if (recs[c].failed)
			continue;
		rc = exec_run_one(cfg, &recs[c], dir, kind, count, msg, msglen);
		if (rc == HX_EXEC_INTERRUPTED)
			*sig = recs[c].runs[recs[c].nruns - 1].proc.interrupted;
	}
	return rc;
}

int
hx_exec_measure_plan(const hx_exec_plan_t *plan, hx_exec_record_t *recs,
    int *sig, char *msg, size_t msglen)
{
	const hx_exec_config_t *first = &plan->cmds[0];
	const uint64_t total = 1 + first->warmup + first->repeat;
	const char *tmp = getenv("TMPDIR");
	hx_host_window_t window;
	char dir[4096], date[32];
	double t0;
	int rc = 0;

	memset(recs, 0, plan->ncmds * sizeof(*recs));
	*sig = 0;
	for (size_t c = 0; c < plan->ncmds; c++) {
		if (exec_record_begin(
			&plan->cmds[c], &recs[c], total, msg, msglen) != 0)
			return -1;
	}
	snprintf(dir, sizeof(dir), "%s/fusebench-exec.XXXXXX",
	    tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		snprintf(msg, msglen, "cannot make a private folder %s: %s",
		    dir, strerror(errno));
		return -1;
	}
	t0 = hx_clock_now();
	hx_host_begin(&window, first->cpu);
	hx_record_date(date, sizeof(date), time(NULL));
	for (size_t c = 0; c < plan->ncmds; c++) {
		recs[c].t_origin = t0;
		memcpy(recs[c].date, date, sizeof(date));
	}
	for (uint64_t i = 0; i < total && rc == 0; i++)
		rc = exec_round(plan, recs, i, dir, sig, msg, msglen);
	hx_file_rmdir(dir);
	hx_host_end(&window);
	for (size_t c = 0; c < plan->ncmds; c++)
		exec_record_end(&recs[c], &window);
	return rc;
}

void
hx_exec_record_free(hx_exec_record_t *rec)
{
	for (size_t i = 0; i < rec->nruns; i++)
		json_decref(rec->runs[i].reported);
	free(rec->runs);
	free(rec->timeline);
	hx_counters_close(&rec->counters);
	memset(rec, 0, sizeof(*rec));
}