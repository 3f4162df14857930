/*
 * hx_exec: a command measured as a process. See hx_exec.h.
 */
#include <dirent.h>
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

static const char hx_exec_help[] =
    "usage: harness exec [options] -- COMMAND [ARGS...]\n"
    "\n"
    "Measures any command as a process, under the protocol of harness run:\n"
    "one cold run reported apart, warm-up runs, timed repeats (each a fresh\n"
    "process); wall time, peak RSS of the whole process tree (sampled) and\n"
    "the kernel's maxrss, page faults, counters inherited by the tree, an\n"
    "RSS timeline. The tree runs in its own process group and is killed when\n"
    "its RSS passes --mem-limit. A non-zero exit or a signal makes the run\n"
    "failed, with the last stderr line as the reason.\n"
    "\n"
    "FUSEBENCH_REPORT names a fresh file: a JSON object the command writes\n"
    "there is merged into the result under \"reported\" (all runs' under\n"
    "\"reported_runs\"). With --workload, reported.result (the digest by\n"
    "name, e.g. {\"total\": ...}) is checked against the float64 reference.\n"
    "With --threads T the command's environment has FUSEBENCH_THREADS=T,\n"
    "and OMP_NUM_THREADS=T unless it is already set.\n"
    "\n"
    "  --workload W              validate the reported result as W's\n"
    "  --name LABEL              the result's variant (default: the\n"
    "                            command's base name)\n"
    "  --timeline FILE           RSS timeline CSV of all runs\n";

static const char hx_exec_help_tail[] =
    "  --json FILE|-             write the result object (- = stdout; the\n"
    "                            command's stdout then goes to stderr)\n"
    "  --format json|gbench      what --json writes: the result object, or\n"
    "                            Google Benchmark's JSON\n"
    "\n"
    "Exit status: 0 measured (the result's status says whether the command\n"
    "failed), 1 the harness failed, 2 bad usage.\n";

/* exec's own options; parameters and settings come from hx_cli. */
static const hx_cli_opt_t exec_own[] = {{"workload", 1}, {"name", 1},
    {"timeline", 1}, {"json", 1}, {"format", 1}, {"help", 0}};
enum {
	EXEC_WORKLOAD,
	EXEC_NAME,
	EXEC_TIMELINE,
	EXEC_JSON,
	EXEC_FORMAT,
	EXEC_HELP,
	EXEC_NOWN
};

/* The workload and its parameters, through the parameter table as for
 * harness run. */
static int
exec_params(
    const hx_cli_args_t *a, hx_run_config_t *rc, char *msg, size_t msglen)
{
	char inner[400];

	if (a->own[EXEC_WORKLOAD] == NULL) {
		for (size_t i = 0; i < hx_params_count; i++) {
			if (a->param[i] != NULL) {
				snprintf(msg, msglen, "--%s needs --workload",
				    hx_params[i].name);
				return -1;
			}
		}
		if (a->nextra > 0) {
			snprintf(msg, msglen, "--param needs --workload");
			return -1;
		}
		return 0;
	}
	if (hx_cli_lookup(a->own[EXEC_WORKLOAD], NULL, &rc->workload, NULL, msg,
		msglen) != 0)
		return -1;
	rc->workload->defaults(&rc->params);
	hx_params_extra_defaults(rc->workload, &rc->params);
	if (hx_cli_apply_params(a, rc, msg, msglen) != 0)
		return -1;
	inner[0] = '\0';
	if (rc->workload->check(&rc->params, inner, sizeof(inner)) != 0) {
		snprintf(msg, msglen, "%s: %s", rc->workload->name, inner);
		return -1;
	}
	return 0;
}

/* Whether --threads was on the command line (its default, 1, is not
 * passed on to the command). */
static int
exec_threads_given(const hx_cli_args_t *a)
{
	const hx_param_t *p = hx_params_find("threads");
	return p != NULL && a->param[p - hx_params] != NULL;
}

/* The measurement settings (as harness run's) and exec's own options. */
static int
exec_options_apply(const hx_cli_args_t *a, hx_run_config_t *rc,
    hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	if (a->setting[HX_SET_MIN_TIME] != NULL) {
		snprintf(msg, msglen, "--min-time: exec does not take it");
		return -1;
	}
	rc->repeat = cfg->repeat;
	rc->warmup = cfg->warmup;
	rc->timeline_interval_us = cfg->timeline_interval_us;
	rc->mem_limit = 0;
	rc->events = NULL;
	rc->cpu = -1;
	if (hx_cli_apply_settings(a, rc, msg, msglen) != 0)
		return -1;
	if (a->own[EXEC_NAME] != NULL && a->own[EXEC_NAME][0] == '\0') {
		snprintf(msg, msglen, "--name: must not be empty");
		return -1;
	}
	if (a->own[EXEC_FORMAT] != NULL &&
	    hx_cli_parse_format(
		a->own[EXEC_FORMAT], &cfg->gbench, msg, msglen) != 0)
		return -1;
	cfg->workload = rc->workload;
	cfg->params = rc->params;
	cfg->repeat = rc->repeat;
	cfg->warmup = rc->warmup;
	cfg->timeline_interval_us = rc->timeline_interval_us;
	cfg->mem_limit = rc->mem_limit;
	cfg->events = rc->events;
	cfg->cpu = rc->cpu;
	cfg->name = a->own[EXEC_NAME];
	cfg->threads = exec_threads_given(a) ? (int)rc->params.threads : 0;
	cfg->timeline_path = a->own[EXEC_TIMELINE];
	cfg->json_path = a->own[EXEC_JSON];
	return 0;
}

/* What can be known wrong before anything runs: events, output folders. */
static int
exec_check(hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	char inner[400];
	hx_counters_t cs;

	if (cfg->events == NULL || strcmp(cfg->events, "none") != 0) {
		if (hx_counters_open(&cs, cfg->events, inner, sizeof(inner)) !=
		    0) {
			snprintf(msg, msglen, "--events: %s", inner);
			return -1;
		}
		hx_counters_close(&cs);
	}
	if (cfg->mem_limit == 0)
		cfg->mem_limit = hx_isolate_default_limit();
	return hx_cli_check_outputs(
	    cfg->json_path, cfg->timeline_path, msg, msglen);
}

int
hx_exec_parse(
    int argc, char **argv, hx_exec_config_t *cfg, char *msg, size_t msglen)
{
	hx_cli_args_t a;
	hx_run_config_t rc;
	hx_exec_config_t tmp;
	int cmd = 0;

	memset(&tmp, 0, sizeof(tmp));
	memset(&rc, 0, sizeof(rc));
	tmp.repeat = HX_RUN_DEFAULT_REPEAT;
	tmp.warmup = 1;
	tmp.timeline_interval_us = 1000;
	tmp.cpu = -1;
	if (hx_cli_getopt_command(
		argc, argv, exec_own, EXEC_NOWN, &a, &cmd, msg, msglen) != 0)
		return a.own[EXEC_HELP] != NULL ? HX_EXEC_HELP : -1;
	if (a.own[EXEC_HELP] != NULL)
		return HX_EXEC_HELP;
	if (exec_params(&a, &rc, msg, msglen) != 0 ||
	    exec_options_apply(&a, &rc, &tmp, msg, msglen) != 0 ||
	    exec_check(&tmp, msg, msglen) != 0)
		return -1;
	tmp.argv = argv + cmd;
	if (tmp.name == NULL) {
		const char *slash = strrchr(argv[cmd], '/');
		tmp.name =
		    slash != NULL && slash[1] != '\0' ? slash + 1 : argv[cmd];
	}
	*cfg = tmp;
	return 0;
}

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

static const char *
exec_kind_name(hx_exec_kind_t k)
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
		    exec_kind_name(run->kind),
		    (unsigned long long)(run->kind == HX_EXEC_WARMUP
			    ? rec->nruns - 1
			    : rec->nruns - 1 - cfg->warmup),
		    why);
	return -1;
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
	o.stdout_to_stderr =
	    cfg->json_path != NULL && hx_file_is_stdout(cfg->json_path);
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

/* Empties and removes the private folder (one level: what we made). */
static void
exec_rmdir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4400];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

int
hx_exec_measure(const hx_exec_config_t *cfg, hx_exec_record_t *rec, char *msg,
    size_t msglen)
{
	const uint64_t total = 1 + cfg->warmup + cfg->repeat;
	const char *tmp = getenv("TMPDIR");
	char dir[4096];
	int rc = 0;

	memset(rec, 0, sizeof(*rec));
	rec->counters_on =
	    cfg->events == NULL || strcmp(cfg->events, "none") != 0;
	rec->clock_resolution_s = hx_clock_resolution();
	if (total < cfg->repeat ||
	    (rec->runs = calloc(total, sizeof(*rec->runs))) == NULL) {
		snprintf(msg, msglen, "out of memory for %llu run records",
		    (unsigned long long)total);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s/fusebench-exec.XXXXXX",
	    tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		snprintf(msg, msglen, "cannot make a private folder %s: %s",
		    dir, strerror(errno));
		return -1;
	}
	rec->t_origin = hx_clock_now();
	hx_host_begin(&rec->window, cfg->cpu);
	hx_record_date(rec->date, sizeof(rec->date), time(NULL));
	for (uint64_t i = 0; i < total && !rec->failed && rc == 0; i++) {
		hx_exec_kind_t kind = i == 0 ? HX_EXEC_COLD
		    : i <= cfg->warmup       ? HX_EXEC_WARMUP
					     : HX_EXEC_TIMED;
		/* Counters count the timed runs (the cold one when it is
		 * the only measure). */
		int count = rec->counters_on &&
		    (kind == HX_EXEC_TIMED || cfg->repeat == 0);
		rc = exec_run_one(cfg, rec, dir, kind, count, msg, msglen);
	}
	exec_rmdir(dir);
	hx_host_end(&rec->window);
	rec->has_window = 1;
	for (size_t i = 0; i < rec->counters.count; i++) {
		if (rec->counters.c[i].time_enabled > 0)
			hx_counters_classify(&rec->counters.c[i]);
	}
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

int
hx_exec_timeline_csv(const hx_exec_record_t *rec, FILE *f)
{
	if (fprintf(f, "t_s,run,processes,rss_bytes\n") < 0)
		return -1;
	for (size_t i = 0; i < rec->timeline_count; i++) {
		const hx_exec_sample_t *s = &rec->timeline[i];
		if (fprintf(f, "%.6f,%d,%u,%llu\n", s->t_s, s->run,
			s->processes, (unsigned long long)s->rss_bytes) < 0)
			return -1;
	}
	return 0;
}

static json_t *
exec_u64(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* time_s: the cold run apart, the timed runs' wall times as samples. */
static int
exec_record_time(const hx_exec_record_t *er, hx_record_t *rec)
{
	rec->has_time = 1;
	rec->cold_s = er->runs[0].proc.wall_s;
	rec->clock_resolution_s = er->clock_resolution_s;
	rec->samples = calloc(er->nruns + 1, sizeof(double));
	rec->cpu_samples = calloc(er->nruns + 1, sizeof(double));
	if (rec->samples == NULL || rec->cpu_samples == NULL)
		return -1;
	for (size_t i = 0; i < er->nruns; i++) {
		if (er->runs[i].kind != HX_EXEC_TIMED)
			continue;
		rec->cpu_samples[rec->nsamples] = er->runs[i].proc.cpu_s;
		rec->samples[rec->nsamples++] = er->runs[i].proc.wall_s;
	}
	return 0;
}

/* The median of a per-run figure over the timed runs (the cold run's when
 * there are none). */
static uint64_t
exec_median_timed(const hx_exec_record_t *rec, int major)
{
	double *x = calloc(rec->nruns + 1, sizeof(double));
	size_t n = 0;
	uint64_t v;

	for (size_t i = 0; x != NULL && i < rec->nruns; i++) {
		const hx_proc_result_t *p = &rec->runs[i].proc;
		if (rec->runs[i].kind == HX_EXEC_TIMED)
			x[n++] =
			    (double)(major ? p->major_faults : p->minor_faults);
	}
	v = n > 0   ? (uint64_t)hx_stats_median(x, n)
	    : major ? rec->runs[0].proc.major_faults
		    : rec->runs[0].proc.minor_faults;
	free(x);
	return v;
}

/* memory: peaks over every run (the cold one is a real run too); what only
 * a process measurement knows goes to extra.memory. */
static void
exec_record_memory(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	uint64_t tree = 0, maxrss = 0, samples = 0;
	uint32_t procs = 0;
	int unsampled = 0;

	for (size_t i = 0; i < er->nruns; i++) {
		const hx_proc_result_t *p = &er->runs[i].proc;
		tree = p->peak_rss_bytes > tree ? p->peak_rss_bytes : tree;
		maxrss =
		    p->ru_maxrss_bytes > maxrss ? p->ru_maxrss_bytes : maxrss;
		procs = p->peak_processes > procs ? p->peak_processes : procs;
		samples += p->samples;
		unsampled |= p->samples == 0;
	}
	rec->has_peaks = 1;
	rec->peak_rss_bytes = tree > maxrss ? tree : maxrss;
	rec->workspace_source = "unavailable: a process measured from outside "
				"has no allocator peak (see peak_rss_bytes)";
	rec->cold_minor_faults = er->runs[0].proc.minor_faults;
	rec->cold_major_faults = er->runs[0].proc.major_faults;
	rec->minor_faults = exec_median_timed(er, 0);
	rec->major_faults = exec_median_timed(er, 1);
	json_object_set_new(rec->extra, "memory",
	    json_pack("{s:s, s:o, s:o, s:o, s:o, s:n, s:o}", "peak_rss_source",
		"the larger of the process tree's summed RSS (sampled every "
		"--timeline-interval) and the kernel's maxrss of its largest "
		"single process (wait4)",
		"tree_peak_rss_bytes", exec_u64(tree), "ru_maxrss_bytes",
		exec_u64(maxrss), "peak_processes", exec_u64(procs),
		"rss_samples", exec_u64(samples), "model_bytes",
		"mem_limit_bytes", exec_u64(cfg->mem_limit)));
	if (unsampled)
		json_array_append_new(rec->warnings,
		    json_string("a run ended before the first RSS sample: its "
				"peak is the kernel's maxrss alone"));
}

static json_t *
exec_runs_json(const hx_exec_record_t *rec)
{
	json_t *a = json_array();

	for (size_t i = 0; i < rec->nruns; i++) {
		const hx_proc_result_t *p = &rec->runs[i].proc;
		json_array_append_new(a,
		    json_pack("{s:s, s:f, s:f, s:o, s:o, s:o, s:o, s:o, s:o, "
			      "s:o, s:b, s:o}",
			"kind", exec_kind_name(rec->runs[i].kind), "wall_s",
			p->wall_s, "cpu_s", p->cpu_s, "tree_peak_rss_bytes",
			exec_u64(p->peak_rss_bytes), "ru_maxrss_bytes",
			exec_u64(p->ru_maxrss_bytes), "processes",
			exec_u64(p->peak_processes), "minor_faults",
			exec_u64(p->minor_faults), "major_faults",
			exec_u64(p->major_faults), "exit_status",
			p->signal != 0 ? json_null()
				       : json_integer(p->exit_status),
			"signal",
			p->signal != 0 ? json_integer(p->signal) : json_null(),
			"guard_killed", p->guard_killed, "rss_samples",
			exec_u64(p->samples)));
	}
	return a;
}

/* counters: a copy of the sums (the record closes its own); with none,
 * an empty set and a note saying why. */
static int
exec_record_counters(const hx_exec_record_t *er, hx_record_t *rec)
{
	const hx_counters_t *cs = &er->counters;

	if (!er->counters_on || cs->c == NULL) {
		json_object_set_new(rec->extra, "counters", json_object());
		json_object_set_new(rec->extra, "pmu",
		    json_pack("{s:n, s:s}", "hardware_pmu", "note",
			er->counters_on ? "no run was counted"
					: "counters off (--events none)"));
		json_object_set_new(rec->extra, "derived", json_object());
		return 0;
	}
	rec->counters = *cs;
	rec->counters.c = malloc(cs->count * sizeof(*cs->c));
	if (rec->counters.c == NULL) {
		rec->counters.count = 0;
		return -1;
	}
	memcpy(rec->counters.c, cs->c, cs->count * sizeof(*cs->c));
	for (size_t i = 0; i < cs->count; i++)
		rec->counters.c[i].fd = -1;
	rec->has_counters = 1;
	rec->counter_runs =
	    er->counted_runs > 0 ? (double)er->counted_runs : 1.0;
	return 0;
}

/* result and validation (with --workload), reported and reported_runs. */
static void
exec_record_reported(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	const workload_t *w = cfg->workload;
	json_t *runs = json_array();

	for (size_t i = 0; i < er->nruns; i++)
		json_array_append(runs,
		    er->runs[i].reported != NULL ? er->runs[i].reported
						 : json_null());
	json_object_set(rec->extra, "reported",
	    er->nruns > 0 && er->runs[er->nruns - 1].reported != NULL
		? er->runs[er->nruns - 1].reported
		: json_null());
	json_object_set_new(rec->extra, "reported_runs", runs);
	if (w != NULL && er->has_digest) {
		rec->digest_count = w->digest_count;
		rec->digest_names = w->digest_names;
		memcpy(rec->digest, er->digest, sizeof(rec->digest));
	}
	if (w != NULL && er->has_reference && er->has_digest) {
		rec->has_reference = 1;
		memcpy(rec->reference, er->reference, sizeof(rec->reference));
		rec->validation =
		    er->valid ? HX_VALIDATION_OK : HX_VALIDATION_FAILED;
		snprintf(rec->validation_message,
		    sizeof(rec->validation_message), "%s", er->validation_msg);
		return;
	}
	json_object_set_new(rec->extra, "validation",
	    json_pack("{s:n, s:s}", "ok", "message",
		w == NULL ? "not validated (no --workload)"
			  : "not validated (no result)"));
}

/* command, exit_status, signal, runs and the timeline: exec's own. */
static void
exec_record_process(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	const hx_proc_result_t *last =
	    er->nruns > 0 ? &er->runs[er->nruns - 1].proc : NULL;
	json_t *cmd = json_array(), *x = rec->extra;
	uint64_t max = 0;

	for (size_t i = 0; cfg->argv[i] != NULL; i++)
		json_array_append_new(cmd, json_string(cfg->argv[i]));
	json_object_set_new(x, "command", cmd);
	json_object_set_new(x, "exit_status",
	    last == NULL || last->signal != 0
		? json_null()
		: json_integer(last->exit_status));
	json_object_set_new(x, "signal",
	    last != NULL && last->signal != 0 ? json_integer(last->signal)
					      : json_null());
	json_object_set_new(x, "runs", exec_runs_json(er));
	if (cfg->timeline_path == NULL)
		return;
	for (size_t i = 0; i < er->timeline_count; i++)
		max = er->timeline[i].rss_bytes > max
		    ? er->timeline[i].rss_bytes
		    : max;
	json_object_set_new(x, "timeline",
	    json_pack("{s:s, s:I, s:I, s:b, s:I}", "path", cfg->timeline_path,
		"interval_us", (json_int_t)cfg->timeline_interval_us, "samples",
		(json_int_t)er->timeline_count, "truncated",
		er->timeline_truncated, "max_rss_bytes", (json_int_t)max));
}

int
hx_exec_to_record(
    const hx_exec_config_t *cfg, const hx_exec_record_t *er, hx_record_t *rec)
{
	hx_record_init(rec);
	if (er->date[0] != '\0')
		snprintf(rec->date, sizeof(rec->date), "%s", er->date);
	rec->workload = cfg->workload != NULL ? cfg->workload->name : "exec";
	rec->variant = cfg->name;
	rec->description = "a command measured as a process (harness exec)";
	rec->params_of = cfg->workload;
	rec->params = cfg->params;
	if (er->failed)
		hx_record_fail(rec, "%s", er->reason);
	rec->has_window = er->has_window;
	rec->window = er->window;
	rec->has_settings = 1;
	rec->repeat = cfg->repeat;
	rec->warmup = cfg->warmup;
	rec->events = cfg->events;
	rec->extra = json_object();
	rec->warnings = json_array();
	if (rec->extra == NULL || rec->warnings == NULL)
		return -1;
	exec_record_process(cfg, er, rec);
	if (er->nruns > 0 && !er->failed && exec_record_time(er, rec) != 0)
		return -1;
	if (er->nruns > 0)
		exec_record_memory(cfg, er, rec);
	exec_record_reported(cfg, er, rec);
	return exec_record_counters(er, rec);
}

json_t *
hx_exec_json(const hx_exec_config_t *cfg, const hx_exec_record_t *er)
{
	hx_record_t rec;
	json_t *r = NULL;

	if (hx_exec_to_record(cfg, er, &rec) == 0)
		r = hx_record_to_json(&rec);
	hx_record_free(&rec);
	return r;
}

/* One line for people, from the result object. */
static void
exec_print_line(FILE *f, const json_t *r)
{
	const json_t *ci =
	    json_object_get(json_object_get(r, "time_s"), "ci95");
	const json_t *rep = json_object_get(r, "reported");
	char med[HX_FORMAT_LEN], lo[HX_FORMAT_LEN], hi[HX_FORMAT_LEN];
	char cold[HX_FORMAT_LEN], rss[HX_FORMAT_LEN], one[HX_FORMAT_LEN];

	fprintf(f, "%s/%s: ", json_string_value(json_object_get(r, "workload")),
	    json_string_value(json_object_get(r, "variant")));
	hx_format_bytes(
	    rss, sizeof(rss), hx_result_number(r, "memory.peak_rss_bytes"));
	if (strcmp(hx_result_status(r), "ok") != 0) {
		fprintf(f, "%s: %s (peak rss %s)\n", hx_result_status(r),
		    json_string_value(json_object_get(r, "reason")), rss);
		return;
	}
	hx_format_time(med, sizeof(med), hx_result_number(r, "time_s.median"));
	hx_format_time(cold, sizeof(cold), hx_result_number(r, "time_s.cold"));
	/* Cold only: no interval, the one figure for both ends. */
	hx_format_time(lo, sizeof(lo),
	    ci != NULL ? json_number_value(json_array_get(ci, 0))
		       : hx_result_number(r, "time_s.median"));
	hx_format_time(hi, sizeof(hi),
	    ci != NULL ? json_number_value(json_array_get(ci, 1))
		       : hx_result_number(r, "time_s.median"));
	hx_format_bytes(
	    one, sizeof(one), hx_result_number(r, "memory.ru_maxrss_bytes"));
	fprintf(f,
	    "median %s [%s, %s], cold %s; peak rss %s (tree of %.0f; "
	    "largest process %s); faults %.0f (cold %.0f); exit %.0f",
	    med, lo, hi, cold, rss,
	    hx_result_number(r, "memory.peak_processes"), one,
	    hx_result_number(r, "memory.minor_faults"),
	    hx_result_number(r, "memory.cold_minor_faults"),
	    hx_result_number(r, "exit_status"));
	if (json_is_object(rep)) {
		const char *key;
		const json_t *v;
		const char *sep = "; reported: ";
		json_object_foreach((json_t *)rep, key, v)
		{
			fprintf(f, "%s%s", sep, key);
			sep = ", ";
		}
	}
	if (json_is_true(
		json_object_get(json_object_get(r, "validation"), "ok")))
		fprintf(f, "; matches the float64 reference");
	fputc('\n', f);
}

static int
exec_timeline_writer(FILE *f, void *arg)
{
	return hx_exec_timeline_csv(arg, f);
}

/* The settings exec refuses: --min-time (one bit a setting). */
#define EXEC_WITHOUT (1u << HX_SET_MIN_TIME)

size_t
hx_exec_options(struct option *o)
{
	return hx_cli_options(exec_own, EXEC_NOWN, EXEC_WITHOUT, o);
}

void
hx_exec_usage(FILE *f)
{
	fputs(hx_exec_help, f);
	fputs("W's parameters (as harness run; --workload first):\n", f);
	hx_cli_params_usage(f, 0);
	fputs("measurement (as harness run, but --mem-limit here is the "
	      "tree's RSS that\nkills the run):\n",
	    f);
	hx_cli_settings_usage(f, EXEC_WITHOUT, HX_RUN_DEFAULT_REPEAT);
	fputs(hx_exec_help_tail, f);
}

int
hx_exec_main(int argc, char **argv)
{
	hx_exec_config_t cfg;
	hx_exec_record_t rec;
	json_t *r;
	char msg[1024];
	int rc;

	rc = hx_exec_parse(argc, argv, &cfg, msg, sizeof(msg));
	if (rc == HX_EXEC_HELP) {
		hx_exec_usage(stdout);
		return 0;
	}
	if (rc != 0) {
		hx_cli_error("exec", msg);
		return 2;
	}
	rc = hx_exec_measure(&cfg, &rec, msg, sizeof(msg));
	if (rc == HX_EXEC_INTERRUPTED) {
		int sig = rec.runs[rec.nruns - 1].proc.interrupted;
		fprintf(stderr,
		    "harness exec: interrupted by signal %d: the command was "
		    "killed, nothing written\n",
		    sig);
		hx_exec_record_free(&rec);
		return 128 + sig;
	}
	if (rc != 0) {
		hx_cli_error("exec", msg);
		hx_exec_record_free(&rec);
		return 1;
	}
	if (cfg.timeline_path != NULL &&
	    hx_file_write_atomic(cfg.timeline_path, exec_timeline_writer, &rec,
		msg, sizeof(msg)) != 0 &&
	    !rec.failed) {
		rec.failed = 1;
		snprintf(rec.reason, sizeof(rec.reason), "%s", msg);
	}
	if ((r = hx_exec_json(&cfg, &rec)) == NULL) {
		fprintf(stderr, "harness exec: out of memory\n");
		hx_exec_record_free(&rec);
		return 1;
	}
	hx_exec_record_free(&rec);
	exec_print_line(
	    cfg.json_path != NULL && hx_file_is_stdout(cfg.json_path) ? stderr
								      : stdout,
	    r);
	rc = 0;
	if (cfg.json_path != NULL &&
	    hx_cli_write_result(
		cfg.json_path, cfg.gbench, r, msg, sizeof(msg)) != 0) {
		hx_cli_error("exec", msg);
		rc = 1;
	}
	json_decref(r);
	return rc;
}
