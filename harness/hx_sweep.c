/*
 * hx_sweep: many runs, one result object per line.
 *
 * The grid is the product of the variants and the value lists given
 * (--n 1e4,1e5 --chunk 1000,10000 ...). Every run is isolated in its own
 * child (hx_isolate), so a crash or an out-of-memory is one failed line and
 * the sweep goes on. After each finished run both files (OUT.jsonl and
 * OUT.csv) are rewritten atomically, so an interrupted sweep keeps every
 * finished run and never leaves half a file; --resume skips the runs that
 * OUT.jsonl already holds. A progress line on stderr says where it is,
 * how long it has run and about how long is left.
 *
 * The float64 reference of a parameter set is computed by its first run and
 * handed to the others, so a sweep of six variants pays for it once.
 */
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hx_cli.h"
#include "hx_file.h"
#include "hx_format.h"
#include "hx_isolate.h"
#include "hx_parse.h"
#include "hx_result.h"
#include "hx_sweep.h"

#define EXIT_BAD_INPUT 2
#define SWEEP_MAX_LIST 64
#define SWEEP_MAX_REFS 256

static const char sweep_help[] =
    "usage: harness sweep --workload W --out PREFIX [options]\n"
    "\n"
    "Runs every combination of the variants and value lists given, each in\n"
    "its own child, and writes PREFIX.jsonl (one result object a line) and\n"
    "PREFIX.csv (one row a run, for plotting), both rewritten atomically\n"
    "after every run.\n"
    "\n"
    "  --workload W              interp or colony\n"
    "  --variants LIST|all       comma-separated variant names (all)\n"
    "  --n LIST --m LIST --g LIST --chunk LIST --tile LIST --steps LIST\n"
    "                            comma-separated values (forms: 1e5,300000)\n"
    "  --preset seed|random  --seed S\n"
    "  --repeat R --warmup W --min-time S --events LIST --mem-limit BYTES\n"
    "                            as for harness run, for every run\n"
    "  --timeline-dir DIR        a memory timeline CSV per run in DIR\n"
    "  --resume                  keep PREFIX.jsonl's runs and skip them\n"
    "  --out PREFIX              output files PREFIX.jsonl and PREFIX.csv\n"
    "\n"
    "Exit status: 0 when every run is ok or skipped, 1 when a run failed or\n"
    "the sweep was interrupted (finished runs are kept), 2 bad input.\n";

enum {
	S_WORKLOAD = 256,
	S_VARIANTS,
	S_N,
	S_M,
	S_G,
	S_CHUNK,
	S_TILE,
	S_STEPS,
	S_PRESET,
	S_SEED,
	S_REPEAT,
	S_WARMUP,
	S_MIN_TIME,
	S_EVENTS,
	S_MEM_LIMIT,
	S_TIMELINE_DIR,
	S_RESUME,
	S_OUT,
	S_HELP
};

static const struct option sweep_options[] = {
    {"workload", required_argument, NULL, S_WORKLOAD},
    {"variants", required_argument, NULL, S_VARIANTS},
    {"n", required_argument, NULL, S_N},
    {"m", required_argument, NULL, S_M},
    {"g", required_argument, NULL, S_G},
    {"chunk", required_argument, NULL, S_CHUNK},
    {"tile", required_argument, NULL, S_TILE},
    {"steps", required_argument, NULL, S_STEPS},
    {"preset", required_argument, NULL, S_PRESET},
    {"seed", required_argument, NULL, S_SEED},
    {"repeat", required_argument, NULL, S_REPEAT},
    {"warmup", required_argument, NULL, S_WARMUP},
    {"min-time", required_argument, NULL, S_MIN_TIME},
    {"events", required_argument, NULL, S_EVENTS},
    {"mem-limit", required_argument, NULL, S_MEM_LIMIT},
    {"timeline-dir", required_argument, NULL, S_TIMELINE_DIR},
    {"resume", no_argument, NULL, S_RESUME},
    {"out", required_argument, NULL, S_OUT},
    {"help", no_argument, NULL, S_HELP},
    {NULL, 0, NULL, 0},
};

/* A list of counts; a missing list is one entry "the default" (flag 0). */
typedef struct sweep_list_s {
	size_t count;
	uint64_t v[SWEEP_MAX_LIST];
	int given;
} sweep_list_t;

typedef struct sweep_ref_s {
	params_t p;
	double digest[DIGEST_MAX];
} sweep_ref_t;

typedef struct sweep_s {
	json_t *results; /* array, in run order */
	const char *out;
	char jsonl_path[4096], csv_path[4096];
	sweep_ref_t refs[SWEEP_MAX_REFS];
	size_t nrefs;
} sweep_t;

static volatile sig_atomic_t sweep_interrupted;

static void
sweep_on_signal(int sig)
{
	(void)sig;
	sweep_interrupted = 1;
}

static int
parse_list(const char *name, const char *arg, int zero_ok, sweep_list_t *l,
    char *msg, size_t msglen)
{
	char buf[1024], *save = NULL, *tok;

	if (strlen(arg) >= sizeof(buf)) {
		snprintf(msg, msglen, "--%s: list too long", name);
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", arg);
	l->count = 0;
	l->given = 1;
	if (buf[0] == '\0' || buf[0] == ',' || buf[strlen(buf) - 1] == ',') {
		snprintf(
		    msg, msglen, "--%s '%s': empty value in list", name, arg);
		return -1;
	}
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		if (l->count == SWEEP_MAX_LIST) {
			snprintf(msg, msglen, "--%s: more than %d values", name,
			    SWEEP_MAX_LIST);
			return -1;
		}
		if (hx_parse_count(tok, &v) != 0 || (v == 0 && !zero_ok)) {
			snprintf(msg, msglen,
			    "--%s '%s': '%s' is not a positive integer", name,
			    arg, tok);
			return -1;
		}
		l->v[l->count++] = v;
	}
	if (strstr(arg, ",,") != NULL) {
		snprintf(
		    msg, msglen, "--%s '%s': empty value in list", name, arg);
		return -1;
	}
	return 0;
}

static const char csv_header[] =
    "workload,variant,status,allocator,n,m,g,preset,seed,chunk,tile,steps,"
    "time_cold,time_median,time_min,time_max,ci_lo,ci_hi,repeats,"
    "steps_first,steps_median,steps_p90,steps_p99,steps_max,"
    "model_bytes,model_bare_bytes,peak_workspace_bytes,peak_rss_bytes,"
    "rss_baseline_bytes,input_bytes,minor_faults,cold_minor_faults,"
    "major_faults,flops,bytes,gflops_per_s,gbytes_per_s,ns_per_unit,"
    "reason\n";

/* A number for the CSV: empty when missing. */
static void
csv_number(FILE *f, const json_t *r, const char *path)
{
	double v = hx_result_number(r, path);

	if (!isnan(v))
		fprintf(f, "%.10g", v);
	fputc(',', f);
}

static void
csv_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static int
csv_writer(FILE *f, void *arg)
{
	const json_t *results = arg;
	size_t i;
	json_t *r;

	fputs(csv_header, f);
	json_array_foreach(results, i, r)
	{
		const json_t *ci =
		    json_object_get(json_object_get(r, "time_s"), "ci95");
		const json_t *p = json_object_get(r, "params");

		fprintf(f, "%s,%s,%s,",
		    json_string_value(json_object_get(r, "workload")),
		    json_string_value(json_object_get(r, "variant")),
		    hx_result_status(r));
		csv_string(f,
		    json_string_value(json_object_get(
			json_object_get(r, "machine"), "allocator")));
		fputc(',', f);
		csv_number(f, r, "params.n");
		csv_number(f, r, "params.m");
		csv_number(f, r, "params.g");
		fprintf(
		    f, "%s,", json_string_value(json_object_get(p, "preset")));
		csv_number(f, r, "params.seed");
		csv_number(f, r, "params.chunk");
		csv_number(f, r, "params.tile");
		csv_number(f, r, "params.steps");
		csv_number(f, r, "time_s.cold");
		csv_number(f, r, "time_s.median");
		csv_number(f, r, "time_s.min");
		csv_number(f, r, "time_s.max");
		if (json_array_size(ci) == 2)
			fprintf(f, "%.10g,%.10g,",
			    json_number_value(json_array_get(ci, 0)),
			    json_number_value(json_array_get(ci, 1)));
		else
			fputs(",,", f);
		csv_number(f, r, "time_s.repeats");
		csv_number(f, r, "steps_s.first");
		csv_number(f, r, "steps_s.median");
		csv_number(f, r, "steps_s.p90");
		csv_number(f, r, "steps_s.p99");
		csv_number(f, r, "steps_s.max");
		csv_number(f, r, "memory.model_bytes");
		csv_number(f, r, "memory.model_bare_bytes");
		csv_number(f, r, "memory.peak_workspace_bytes");
		csv_number(f, r, "memory.peak_rss_bytes");
		csv_number(f, r, "memory.rss_baseline_bytes");
		csv_number(f, r, "memory.input_bytes");
		csv_number(f, r, "memory.minor_faults");
		csv_number(f, r, "memory.cold_minor_faults");
		csv_number(f, r, "memory.major_faults");
		csv_number(f, r, "work.flops");
		csv_number(f, r, "work.bytes");
		csv_number(f, r, "work.gflops_per_s");
		csv_number(f, r, "work.gbytes_per_s");
		csv_number(f, r, "work.ns_per_unit");
		csv_string(f, json_string_value(json_object_get(r, "reason")));
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

static int
jsonl_writer(FILE *f, void *arg)
{
	const json_t *results = arg;
	size_t i;
	json_t *r;

	json_array_foreach(results, i, r)
	{
		if (json_dumpf(r, f, JSON_COMPACT) != 0 ||
		    fputc('\n', f) == EOF)
			return -1;
	}
	return 0;
}

static int
sweep_save(sweep_t *s, char *msg, size_t msglen)
{
	if (hx_file_write_atomic(
		s->jsonl_path, jsonl_writer, s->results, msg, msglen) != 0)
		return -1;
	return hx_file_write_atomic(
	    s->csv_path, csv_writer, s->results, msg, msglen);
}

/* Reads PREFIX.jsonl for --resume; a missing file is an empty sweep. */
static int
sweep_load(sweep_t *s, char *msg, size_t msglen)
{
	FILE *f = fopen(s->jsonl_path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0;

	if (f == NULL)
		return 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		json_error_t err;
		json_t *r;

		lineno++;
		if (len == 1 && line[0] == '\n')
			continue;
		if ((r = json_loads(line, 0, &err)) == NULL ||
		    !json_is_object(r)) {
			snprintf(msg, msglen, "%s:%d: not a result object (%s)",
			    s->jsonl_path, lineno, err.text);
			json_decref(r);
			free(line);
			fclose(f);
			return -1;
		}
		json_array_append_new(s->results, r);
	}
	free(line);
	fclose(f);
	return 0;
}

static int
same_params(const json_t *r, const hx_run_config_t *cfg)
{
	const params_t *p = &cfg->params;
	const char *w = json_string_value(json_object_get(r, "workload"));
	const char *v = json_string_value(json_object_get(r, "variant"));

	return w != NULL && v != NULL && strcmp(w, cfg->workload->name) == 0 &&
	    strcmp(v, cfg->variant->name) == 0 &&
	    hx_result_number(r, "params.n") == (double)p->n &&
	    hx_result_number(r, "params.m") == (double)p->m &&
	    hx_result_number(r, "params.g") == (double)p->g &&
	    hx_result_number(r, "params.seed") == (double)p->seed &&
	    hx_result_number(r, "params.chunk") == (double)p->chunk &&
	    hx_result_number(r, "params.tile") == (double)p->tile &&
	    hx_result_number(r, "params.steps") == (double)p->steps;
}

/* The reference digest depends on everything but the schedule. */
static int
same_inputs(const params_t *a, const params_t *b)
{
	return a->n == b->n && a->m == b->m && a->g == b->g &&
	    a->preset == b->preset && a->seed == b->seed &&
	    a->steps == b->steps;
}

static const double *
sweep_ref_find(const sweep_t *s, const params_t *p)
{
	for (size_t i = 0; i < s->nrefs; i++) {
		if (same_inputs(&s->refs[i].p, p))
			return s->refs[i].digest;
	}
	return NULL;
}

static void
sweep_ref_keep(sweep_t *s, const hx_run_config_t *cfg, const json_t *r)
{
	const json_t *ref =
	    json_object_get(json_object_get(r, "validation"), "reference");
	sweep_ref_t *e;

	if (ref == NULL || s->nrefs == SWEEP_MAX_REFS ||
	    sweep_ref_find(s, &cfg->params) != NULL)
		return;
	e = &s->refs[s->nrefs];
	for (int d = 0; d < cfg->workload->digest_count; d++) {
		const json_t *x =
		    json_object_get(ref, cfg->workload->digest_names[d]);
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

int
hx_sweep_main(int argc, char **argv)
{
	const workload_t *w = NULL;
	const variant_t *variants[64];
	size_t nvariants = 0, total, done = 0, i;
	sweep_list_t ln = {0}, lm = {0}, lg = {0}, lchunk = {0}, ltile = {0},
		     lsteps = {0};
	hx_run_config_t base;
	sweep_t s;
	const char *variants_arg = "all", *timeline_dir = NULL;
	const char *opt_arg[S_HELP - S_WORKLOAD + 1] = {0};
	int resume = 0, failures = 0, opt, rc = 0;
	double started;
	char msg[4600];

	memset(&s, 0, sizeof(s));
	optind = 0; /* a full reset of glibc's getopt, as in hx_cli */
	opterr = 0;
	while (
	    (opt = getopt_long(argc, argv, ":", sweep_options, NULL)) != -1) {
		if (opt == S_HELP) {
			fputs(sweep_help, stdout);
			return 0;
		}
		if (opt == '?' && optopt > 0 && optopt < 256) {
			fprintf(stderr, "harness sweep: unknown option '-%c'\n",
			    optopt);
			return EXIT_BAD_INPUT;
		}
		if (opt == '?' || opt == ':') {
			snprintf(msg, sizeof(msg), "%s '%s'",
			    opt == '?' ? "unknown option" : "missing value for",
			    argv[optind - 1]);
			hx_cli_error("sweep", msg);
			return EXIT_BAD_INPUT;
		}
		if (opt == S_RESUME)
			resume = 1;
		else
			opt_arg[opt - S_WORKLOAD] = optarg;
	}
	if (optind < argc) {
		fprintf(stderr, "harness sweep: unexpected argument '%s'\n",
		    argv[optind]);
		return EXIT_BAD_INPUT;
	}
#define ARG(o) (opt_arg[(o)-S_WORKLOAD])
	if (ARG(S_WORKLOAD) == NULL || ARG(S_OUT) == NULL) {
		fprintf(stderr,
		    "harness sweep: needs --workload and --out "
		    "(harness sweep --help)\n");
		return EXIT_BAD_INPUT;
	}
	if (hx_cli_lookup(ARG(S_WORKLOAD), NULL, &w, NULL, msg, sizeof(msg)) !=
	    0) {
		hx_cli_error("sweep", msg);
		return EXIT_BAD_INPUT;
	}
	if (ARG(S_VARIANTS) != NULL)
		variants_arg = ARG(S_VARIANTS);
	if (strcmp(variants_arg, "all") == 0) {
		for (i = 0; variant_table[i] != NULL && nvariants < 64; i++) {
			if (variant_table[i]->workload == w)
				variants[nvariants++] = variant_table[i];
		}
	} else {
		char buf[1024], *save = NULL, *tok;
		snprintf(buf, sizeof(buf), "%s", variants_arg);
		for (tok = strtok_r(buf, ",", &save); tok != NULL;
		     tok = strtok_r(NULL, ",", &save)) {
			const variant_t *v;
			if (nvariants == 64 ||
			    hx_cli_lookup(
				w->name, tok, &w, &v, msg, sizeof(msg)) != 0) {
				fprintf(stderr,
				    "harness sweep: --variants: %s\n", msg);
				return EXIT_BAD_INPUT;
			}
			variants[nvariants++] = v;
		}
		if (nvariants == 0) {
			fprintf(stderr,
			    "harness sweep: --variants '%s': no "
			    "variant named\n",
			    variants_arg);
			return EXIT_BAD_INPUT;
		}
	}

	/* The shared run options, through the same checks as harness run. */
	hx_run_config_init(&base, w, variants[0]);
	if ((ARG(S_N) && parse_list("n", ARG(S_N), 0, &ln, msg, sizeof(msg))) ||
	    (ARG(S_M) && parse_list("m", ARG(S_M), 0, &lm, msg, sizeof(msg))) ||
	    (ARG(S_G) && parse_list("g", ARG(S_G), 0, &lg, msg, sizeof(msg))) ||
	    (ARG(S_CHUNK) &&
		parse_list(
		    "chunk", ARG(S_CHUNK), 0, &lchunk, msg, sizeof(msg))) ||
	    (ARG(S_TILE) &&
		parse_list("tile", ARG(S_TILE), 0, &ltile, msg, sizeof(msg))) ||
	    (ARG(S_STEPS) &&
		parse_list(
		    "steps", ARG(S_STEPS), 0, &lsteps, msg, sizeof(msg)))) {
		hx_cli_error("sweep", msg);
		return EXIT_BAD_INPUT;
	}
	{
		/* Scalars: reuse harness run's parser on a synthetic line. */
		char *rargv[32];
		int ra = 0;
		hx_cli_run_t cli;
		hx_run_config_t probe;
		rargv[ra++] = "run";
		rargv[ra++] = (char *)w->name;
		rargv[ra++] = (char *)variants[0]->name;
#define PASS(o, flag)                                                          \
	do {                                                                   \
		if (ARG(o) != NULL) {                                          \
			rargv[ra++] = flag;                                    \
			rargv[ra++] = (char *)ARG(o);                          \
		}                                                              \
	} while (0)
		PASS(S_PRESET, "--preset");
		PASS(S_SEED, "--seed");
		PASS(S_REPEAT, "--repeat");
		PASS(S_WARMUP, "--warmup");
		PASS(S_MIN_TIME, "--min-time");
		PASS(S_EVENTS, "--events");
		PASS(S_MEM_LIMIT, "--mem-limit");
#undef PASS
		rargv[ra] = NULL;
		if (hx_cli_parse_run(
			ra, rargv, &probe, &cli, msg, sizeof(msg)) != 0) {
			hx_cli_error("sweep", msg);
			return EXIT_BAD_INPUT;
		}
		base = probe;
	}
	timeline_dir = ARG(S_TIMELINE_DIR);
	s.out = ARG(S_OUT);
#undef ARG
	snprintf(s.jsonl_path, sizeof(s.jsonl_path), "%s.jsonl", s.out);
	snprintf(s.csv_path, sizeof(s.csv_path), "%s.csv", s.out);
	if (hx_file_check_writable(s.jsonl_path, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness sweep: --out: %s\n", msg);
		return EXIT_BAD_INPUT;
	}
	if ((s.results = json_array()) == NULL)
		return 1;
	if (resume && sweep_load(&s, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "harness sweep: --resume: %s\n", msg);
		json_decref(s.results);
		return EXIT_BAD_INPUT;
	}

	/* One entry "default" for every list not given. */
#define DEFAULT_LIST(l, value)                                                 \
	do {                                                                   \
		if (!(l).given) {                                              \
			(l).count = 1;                                         \
			(l).v[0] = (value);                                    \
		}                                                              \
	} while (0)
	DEFAULT_LIST(ln, base.params.n);
	DEFAULT_LIST(lm, base.params.m);
	DEFAULT_LIST(lg, base.params.g);
	DEFAULT_LIST(lchunk, base.params.chunk);
	DEFAULT_LIST(ltile, base.params.tile);
	DEFAULT_LIST(lsteps, base.params.steps);
#undef DEFAULT_LIST
	total = nvariants * ln.count * lm.count * lg.count * lchunk.count *
	    ltile.count * lsteps.count;

	/* Every configuration is checked before the first run: a bad value
	 * deep in a list must not cost the runs before it. The grid's index
	 * k is read as mixed-radix digits, the tile list varying fastest and
	 * n slowest, so that runs of one size stay together. */
	hx_run_config_t *plan = calloc(total, sizeof(*plan));
	if (plan == NULL) {
		json_decref(s.results);
		return 1;
	}
	for (size_t k = 0; k < total; k++) {
		hx_run_config_t *cfg = &plan[k];
		size_t rest = k;

		*cfg = base;
		cfg->params.tile = ltile.v[rest % ltile.count];
		rest /= ltile.count;
		cfg->params.chunk = lchunk.v[rest % lchunk.count];
		rest /= lchunk.count;
		cfg->variant = variants[rest % nvariants];
		rest /= nvariants;
		cfg->params.steps = lsteps.v[rest % lsteps.count];
		rest /= lsteps.count;
		cfg->params.g = lg.v[rest % lg.count];
		rest /= lg.count;
		cfg->params.m = lm.v[rest % lm.count];
		rest /= lm.count;
		cfg->params.n = ln.v[rest];
		if (hx_cli_check_config(cfg, msg, sizeof(msg)) != 0) {
			hx_cli_error("sweep", msg);
			free(plan);
			json_decref(s.results);
			return EXIT_BAD_INPUT;
		}
	}

	/* --resume: drop the runs the file already holds. */
	{
		size_t kept = 0;
		for (size_t k = 0; k < total; k++) {
			json_t *prev;
			int seen = 0;
			json_array_foreach(s.results, i, prev)
			{
				if (same_params(prev, &plan[k]))
					seen = 1;
			}
			if (!seen)
				plan[kept++] = plan[k];
		}
		if (kept < total)
			fprintf(stderr,
			    "harness sweep: resuming, %zu of %zu runs "
			    "already done\n",
			    total - kept, total);
		total = kept;
	}

	signal(SIGINT, sweep_on_signal);
	signal(SIGTERM, sweep_on_signal);
	started = hx_clock_now();
	for (size_t k = 0; k < total && !sweep_interrupted; k++) {
		hx_run_config_t *cfg = &plan[k];
		char tl_path[4096], el[32], left[32];
		json_t *r;
		double elapsed;

		if (timeline_dir != NULL) {
			snprintf(tl_path, sizeof(tl_path),
			    "%s/%s-%s-n%llu-c%llu-t%llu-k%llu.csv",
			    timeline_dir, w->name, cfg->variant->name,
			    (unsigned long long)cfg->params.n,
			    (unsigned long long)cfg->params.chunk,
			    (unsigned long long)cfg->params.tile,
			    (unsigned long long)cfg->params.steps);
			cfg->timeline_path = tl_path;
		}
		cfg->reference = sweep_ref_find(&s, &cfg->params);
		elapsed = hx_clock_now() - started;
		format_duration(el, sizeof(el), elapsed);
		if (done > 0)
			format_duration(left, sizeof(left),
			    elapsed / (double)done * (double)(total - k));
		else
			snprintf(left, sizeof(left), "?");
		fprintf(stderr,
		    "[%zu/%zu] %s/%s n=%llu m=%llu chunk=%llu "
		    "tile=%llu steps=%llu (elapsed %s, ~%s left)\n",
		    k + 1, total, w->name, cfg->variant->name,
		    (unsigned long long)cfg->params.n,
		    (unsigned long long)cfg->params.m,
		    (unsigned long long)cfg->params.chunk,
		    (unsigned long long)cfg->params.tile,
		    (unsigned long long)cfg->params.steps, el, left);
		r = hx_isolate_run(cfg, 1);
		if (r == NULL) {
			rc = 1;
			break;
		}
		if (sweep_interrupted) {
			/* The run was cut short by the same signal: it is
			 * not a result. */
			json_decref(r);
			break;
		}
		hx_result_print_line(stderr, r);
		if (strcmp(hx_result_status(r), "failed") == 0)
			failures++;
		sweep_ref_keep(&s, cfg, r);
		json_array_append_new(s.results, r);
		done++;
		if (sweep_save(&s, msg, sizeof(msg)) != 0) {
			hx_cli_error("sweep", msg);
			rc = 1;
			break;
		}
	}
	if (done == 0 && rc == 0 && !sweep_interrupted &&
	    sweep_save(&s, msg, sizeof(msg)) != 0) {
		hx_cli_error("sweep", msg);
		rc = 1;
	}
	if (sweep_interrupted) {
		fprintf(stderr,
		    "harness sweep: interrupted; %zu finished runs "
		    "kept in %s\n",
		    json_array_size(s.results), s.jsonl_path);
		rc = 1;
	} else if (rc == 0) {
		fprintf(stderr,
		    "harness sweep: %zu runs (%d failed) in %s and "
		    "%s\n",
		    done, failures, s.jsonl_path, s.csv_path);
		if (failures > 0)
			rc = 1;
	}
	free(plan);
	json_decref(s.results);
	return rc;
}
