/*
 * hx_sweep: many runs, one result object per line.
 *
 * The grid is the product of the variants and the value lists given
 * (--n 1e4,1e5 --chunk 1000,10000 ...; every parameter of the table takes a
 * list, and so does a workload's own: --param passes=1,2). Every run is
 * isolated in its own child (hx_isolate), so a crash or an out-of-memory is one
 * failed line and the sweep goes on. After each finished run both files
 * (OUT.jsonl and OUT.csv) are rewritten atomically, so an interrupted sweep
 * keeps every finished run and never leaves half a file; --resume skips the
 * runs that OUT.jsonl already holds with the same parameters and measurement
 * settings, pinned to the same CPU (--cpu). A progress line on stderr says
 * where it is, how long it has run and about how long is left.
 *
 * The float64 reference of a parameter set is computed by its first run and
 * handed to the others, so a sweep of six variants pays for it once.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_csv.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_gbench.h"
#include "hx_isolate.h"
#include "hx_model.h"
#include "hx_result.h"
#include "hx_sweep.h"
#include "hx_sweep_files.h"
#include "hx_sweep_plan.h"
#include "hx_table.h"

static volatile sig_atomic_t sweep_interrupted;

static void
sweep_on_signal(int sig)
{
	(void)sig;
	sweep_interrupted = 1;
	/* The runs under way are not results now: stop them, rather than
	 * wait minutes for runs that will be thrown away. */
	hx_isolate_stop_children();
}

/* Which of the sweep's files a save writes: the replaced ones after each
 * run; the ones written through (a FIFO, a device, standard output) once,
 * at the end, since each write through is one more delivery to their
 * reader (a reader that reopens a FIFO would get every record again). */
#define SAVE_REPLACED 1
#define SAVE_THROUGH 2

/* Whether path is one of the files which says to write. */
static int
sweep_save_this(const char *path, int which)
{
	return (which &
		   (hx_file_written_through(path) ? SAVE_THROUGH
						  : SAVE_REPLACED)) != 0;
}

static int
sweep_save(sweep_t *s, int which, char *msg, size_t msglen)
{
	if ((sweep_save_this(s->jsonl_path, which) &&
		hx_file_write_atomic(s->jsonl_path, hx_csv_jsonl_write,
		    s->results, msg, msglen) != 0) ||
	    (s->gbench_path[0] != '\0' && json_array_size(s->results) > 0 &&
		sweep_save_this(s->gbench_path, which) &&
		hx_gbench_write_opts(s->gbench_path, s->results,
		    s->gbench_aggregates_only, msg, msglen) != 0))
		return -1;
	if (!sweep_save_this(s->csv_path, which))
		return 0;
	return hx_file_write_atomic(
	    s->csv_path, hx_csv_write, s->results, msg, msglen);
}

/* Reads PREFIX.jsonl for --resume; a missing file is an empty sweep. */
static int
sweep_load(sweep_t *s, char *msg, size_t msglen)
{
	json_t *old;
	char inner[4200];
	struct stat st;

	/* Only a regular file holds an earlier sweep (a FIFO is not read). */
	if (stat(s->jsonl_path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if ((old = hx_result_read(s->jsonl_path, inner, sizeof(inner))) ==
	    NULL) {
		/* An empty file is an empty sweep too. */
		if (strstr(inner, "no result") != NULL)
			return 0;
		snprintf(msg, msglen, "--resume: %s", inner);
		return -1;
	}
	json_array_extend(s->results, old);
	json_decref(old);
	return 0;
}

static const double *
sweep_ref_find(const sweep_t *s, const workload_t *w, const params_t *p)
{
	for (size_t i = 0; i < s->nrefs; i++) {
		if (hx_params_same_inputs(w, &s->refs[i].p, p))
			return s->refs[i].digest;
	}
	return NULL;
}

static void
sweep_ref_keep(sweep_t *s, const hx_run_config_t *cfg, const json_t *r)
{
	const json_t *ref =
	    json_object_get(json_object_get(r, "validation"), "reference");
	const workload_t *w = cfg->workload;
	sweep_ref_t *e;

	if (ref == NULL || s->nrefs == SWEEP_MAX_REFS ||
	    sweep_ref_find(s, w, &cfg->params) != NULL)
		return;
	e = &s->refs[s->nrefs];
	for (int d = 0; d < w->digest_count; d++) {
		const json_t *x = json_object_get(ref, w->digest_names[d]);
		if (!json_is_number(x))
			return;
		e->digest[d] = json_number_value(x);
	}
	e->p = cfg->params;
	s->nrefs++;
}

static void
format_duration(char *buf, size_t len, double s)
{
	if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%.0fm%02.0fs", floor(s / 60), fmod(s, 60));
	else
		snprintf(buf, len, "%.0fh%02.0fm", floor(s / 3600),
		    fmod(s / 60, 60));
}

static void
sweep_progress(
    const sweep_t *s, const hx_run_config_t *cfg, size_t k, size_t total)
{
	char el[32], left[32] = "?";
	double elapsed = hx_clock_now() - s->started;
	json_t *p = hx_params_json(cfg->workload, &cfg->params);

	format_duration(el, sizeof(el), elapsed);
	if (s->done > 0)
		format_duration(left, sizeof(left),
		    elapsed / (double)s->done * (double)(total - k));
	fprintf(stderr, "[%zu/%zu] %s/%s", k + 1, total, cfg->workload->name,
	    cfg->variant->name);
	hx_params_label(stderr, cfg->workload, p);
	fprintf(stderr, " (elapsed %s, ~%s left)\n", el, left);
	json_decref(p);
}

/* Before run k: its timeline path (into tl, len bytes), its reference,
 * the progress line. */
static void
sweep_prepare(sweep_t *s, const sweep_plan_t *plan, hx_run_config_t *cfg,
    size_t k, char *tl, size_t len)
{
	if (plan->timeline_dir != NULL) {
		hx_sweep_files_timeline_path(plan, s, cfg, tl, len);
		cfg->timeline_path = tl;
	}
	cfg->reference = sweep_ref_find(s, plan->w, &cfg->params);
	sweep_progress(s, cfg, k, plan->total);
}

/* After a run: r printed, kept and saved. 0, or -1 with msg. */
static int
sweep_keep(
    sweep_t *s, hx_run_config_t *cfg, json_t *r, char *msg, size_t msglen)
{
	hx_result_print_line(stderr, r);
	if (s->model && strcmp(hx_result_status(r), "ok") == 0) {
		char why[512];
		if (hx_model_apply(r, cfg->variant, &cfg->params,
			s->ceilings_path, stderr, why, sizeof(why)) != 0)
			fprintf(stderr, "harness sweep: model: %s\n", why);
	}
	if (!s->quiet)
		hx_result_print_warnings(stderr, r);
	if (strcmp(hx_result_status(r), "failed") == 0)
		s->failures++;
	sweep_ref_keep(s, cfg, r);
	json_array_append_new(s->results, r);
	s->done++;
	cfg->timeline_path = NULL;
	return sweep_save(s, SAVE_REPLACED, msg, msglen);
}

/* One run of the grid, kept and saved. 0, 1 (stop: interrupted), or -1
 * with msg (out of memory, or the files could not be written). */
static int
sweep_run_one(sweep_t *s, const sweep_plan_t *plan, hx_run_config_t *cfg,
    size_t k, char *msg, size_t msglen)
{
	char tl_path[4096];
	json_t *r;

	sweep_prepare(s, plan, cfg, k, tl_path, sizeof(tl_path));
	if ((r = hx_isolate_run(cfg, 1)) == NULL) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	if (sweep_interrupted) {
		/* Cut short by the same signal: it is not a result. */
		json_decref(r);
		return 1;
	}
	return sweep_keep(s, cfg, r, msg, msglen);
}

/* The reference of cfg's inputs, computed here when no run has it yet, so
 * that interleaved runs share it as consecutive ones do (not for a run the
 * memory guard will skip: its inputs may not fit). */
static void
sweep_ref_ensure(sweep_t *s, const hx_run_config_t *cfg)
{
	sweep_ref_t *e = &s->refs[s->nrefs];

	if (!cfg->validate || s->nrefs == SWEEP_MAX_REFS ||
	    sweep_ref_find(s, cfg->workload, &cfg->params) != NULL ||
	    hx_run_predicted_bytes(cfg) > cfg->mem_limit)
		return;
	if (hx_isolate_reference(cfg, e->digest) != 0)
		return;
	e->p = cfg->params;
	s->nrefs++;
}

/* The runs idx[0..n-1] (same inputs: other variants, thread counts, chunk
 * or tile sizes), interleaved run by run. 0, 1 (interrupted), or -1 with msg.
 */
static int
sweep_run_group(sweep_t *s, const sweep_plan_t *plan, const size_t *idx,
    size_t n, char *msg, size_t msglen)
{
	static char tl[SWEEP_MAX_VARIANTS][4096];
	hx_run_config_t cfgs[SWEEP_MAX_VARIANTS];
	json_t *r[SWEEP_MAX_VARIANTS];
	int rc = 0;

	sweep_ref_ensure(s, &plan->runs[idx[0]]);
	for (size_t i = 0; i < n; i++) {
		sweep_prepare(
		    s, plan, &plan->runs[idx[i]], idx[i], tl[i], sizeof(tl[i]));
		cfgs[i] = plan->runs[idx[i]];
	}
	if (hx_isolate_interleave(cfgs, n, r) != 0) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (sweep_interrupted || rc != 0)
			json_decref(r[i]);
		else
			rc = sweep_keep(
			    s, &plan->runs[idx[i]], r[i], msg, msglen);
	}
	return rc != 0 ? rc : sweep_interrupted ? 1 : 0;
}

/* 1 when a and b hold the same value of every parameter, the workload's
 * own included. */
static int
sweep_same_params(const params_t *a, const params_t *b)
{
	for (size_t i = 0; i < hx_params_count; i++)
		if (hx_params_get(a, &hx_params[i]) !=
		    hx_params_get(b, &hx_params[i]))
			return 0;
	return memcmp(a->extra, b->extra, sizeof(a->extra)) == 0;
}

/* The runs to take with run k (marked taken): when interleaving, those of
 * the same inputs (every variant, and every value of a schedule's
 * parameters: threads, chunk, tile), so that a speed-up over one thread or
 * a chunk size's effect is a ratio of runs that took turns; just k
 * otherwise. Their count. The thread counts had run one after the other:
 * interp-threads' one-thread runs at 05:20:59 and its two-thread runs at
 * 05:21:13 (2026-12-06), a slow spell in either counting in the speed-up.
 * On a VM the turns cost the fast variants' two-thread runs a few per
 * cent (docs/threads.md). When the input set's runs would not fit in
 * memory together (hx_isolate_interleave would run them one after the
 * other), the runs of identical parameters still take turns, as before. */
static size_t
sweep_group(
    const sweep_plan_t *plan, size_t k, unsigned char *taken, size_t *idx)
{
	const hx_run_config_t *a = &plan->runs[k];
	size_t n = 0;

	for (int same_params = 0; same_params < 2 && n == 0; same_params++) {
		uint64_t total = hx_isolate_group_bytes(a);

		idx[n++] = k;
		for (size_t j = k + 1; plan->interleave && a->repeat > 0 &&
		     j < plan->total && n < SWEEP_MAX_VARIANTS;
		     j++) {
			const params_t *p = &plan->runs[j].params;

			if (taken[j] ||
			    !hx_params_same_inputs(plan->w, &a->params, p) ||
			    (same_params && !sweep_same_params(&a->params, p)))
				continue;
			idx[n++] = j;
			total += hx_isolate_group_bytes(&plan->runs[j]);
		}
		/* hx_isolate_interleave's own rule. */
		if (!same_params && n > 1 && total > a->mem_limit)
			n = 0;
	}
	for (size_t i = 0; i < n; i++)
		taken[idx[i]] = 1;
	return n;
}

/* Runs the plan; the sweep's exit status. */
static int
sweep_execute(sweep_plan_t *plan, sweep_t *s)
{
	char msg[4600];
	int rc = 0, step = 0;
	struct sigaction sa;

	unsigned char *taken = calloc(plan->total + 1, 1);
	size_t idx[SWEEP_MAX_VARIANTS], n;

	if (taken == NULL) {
		hx_cli_error("sweep", "out of memory");
		return HX_EXIT_FAILURE;
	}
	/* Without SA_RESTART (signal() would restart): a write that waits
	 * for a FIFO's reader ends on SIGINT or SIGTERM with EINTR. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sweep_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	s->started = hx_clock_now();
	for (size_t k = 0; k < plan->total && !sweep_interrupted && step == 0;
	     k++) {
		if (taken[k])
			continue;
		n = sweep_group(plan, k, taken, idx);
		step = n > 1
		    ? sweep_run_group(s, plan, idx, n, msg, sizeof(msg))
		    : sweep_run_one(
			  s, plan, &plan->runs[k], k, msg, sizeof(msg));
	}
	free(taken);
	if (step == 0 && s->done == 0 && !sweep_interrupted)
		step = sweep_save(s, SAVE_REPLACED, msg, sizeof(msg));
	if (step >= 0 && (s->done > 0 || !sweep_interrupted) &&
	    sweep_save(s, SAVE_THROUGH, msg, sizeof(msg)) != 0)
		step = -1;
	if (step < 0) {
		hx_cli_error("sweep", msg);
		return HX_EXIT_FAILURE;
	}
	if (sweep_interrupted && json_array_size(s->results) == 0) {
		fprintf(stderr,
		    "harness sweep: interrupted before a run finished; "
		    "nothing written\n");
		return HX_EXIT_FAILURE;
	}
	if (sweep_interrupted) {
		fprintf(stderr,
		    "harness sweep: interrupted; %zu finished runs kept in "
		    "%s\n",
		    json_array_size(s->results), s->jsonl_path);
		return HX_EXIT_FAILURE;
	}
	fprintf(stderr, "harness sweep: %zu runs (%zu failed) in %s and %s\n",
	    s->done, s->failures, s->jsonl_path, s->csv_path);
	/* The console table: one row per result the files hold. */
	if (json_array_size(s->results) > 0 &&
	    (hx_table_results(stdout, s->results) != 0 || fflush(stdout) != 0))
		rc = HX_EXIT_FAILURE;
	if (s->failures > 0)
		rc = HX_EXIT_FAILURE;
	return rc;
}

int
hx_sweep_main(int argc, char **argv)
{
	sweep_plan_t plan;
	sweep_t s;
	char msg[4600];
	int rc, lock = -1;

	memset(&plan, 0, sizeof(plan));
	memset(&s, 0, sizeof(s));
	/* Parse, plan, run. */
	rc = hx_sweep_parse(argc, argv, &plan, &s, msg, sizeof(msg));
	if (rc == HX_CLI_HELP) {
		hx_sweep_usage(stdout);
		return HX_EXIT_OK;
	}
	if (rc == 0 && (s.results = json_array()) == NULL)
		snprintf(msg, sizeof(msg), "out of memory");
	if (rc != 0 || s.results == NULL ||
	    hx_sweep_grid(&plan, msg, sizeof(msg)) != 0 ||
	    hx_sweep_files_lock(&s, &lock, msg, sizeof(msg)) != 0 ||
	    hx_sweep_check_earlier(&plan, &s, msg, sizeof(msg)) != 0 ||
	    hx_sweep_files_check_timelines(&plan, &s, msg, sizeof(msg)) != 0 ||
	    (plan.resume && sweep_load(&s, msg, sizeof(msg)) != 0) ||
	    (plan.force &&
		hx_sweep_files_set_aside(&plan, &s, msg, sizeof(msg)) != 0)) {
		hx_cli_error("sweep", msg);
		rc = HX_EXIT_USAGE;
		goto label_return;
	}
	if (plan.resume)
		hx_sweep_skip_done(&plan, &s);
	rc = sweep_execute(&plan, &s);
label_return:
	hx_sweep_files_unlock(&s, lock);
	free(plan.runs);
	json_decref(s.results);
	return rc;
}
