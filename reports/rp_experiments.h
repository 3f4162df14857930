/*
 * rp_experiments: the table of experiments (reports/experiments.tsv) as the
 * report reads it, so that a set missing from the data is named with the
 * command that makes it.
 *
 * The table is read from DATA_DIR/experiments.tsv, the copy make-report.sh
 * writes as it runs it (its sizes and variant lists filled in), else from
 * reports/experiments.tsv under the working directory (its $NAME sizes as
 * make-report.sh names them). One row a line, five tab-separated fields:
 * set, workload, variants, arguments, purpose; lines that start with # and
 * the header line ("set" first) are skipped, as is a line of fewer fields.
 * How a row becomes a command is the table's own opening; this module
 * writes the same command (rp_experiments_command).
 *
 * Limits: at most RP_EXPERIMENTS_MAX rows (more are ignored); a field is
 * cut at its buffer's size.
 */
#ifndef FB_RP_EXPERIMENTS_H
#define FB_RP_EXPERIMENTS_H

#include <stddef.h>

#define RP_EXPERIMENTS_MAX 64
#define RP_EXPERIMENTS_FILE "experiments.tsv"
#define RP_EXPERIMENTS_FALLBACK "reports/experiments.tsv"

typedef struct rp_experiment_s {
	char set[64];
	char workload[32];
	char variants[256]; /* a list, all, all-except V,..., or - */
	char arguments[512];
	char purpose[512];
} rp_experiment_t;

typedef struct rp_experiments_s {
	rp_experiment_t rows[RP_EXPERIMENTS_MAX];
	size_t n;
	char path[4200]; /* the file read */
	int filled;      /* 1: the data folder's own copy */
	/* The first line that is neither a row of five fields, ended by a
	 * newline, nor a comment or blank ("PATH:LINE: why"); "" when none.
	 * The data refuses it (rp_data_load): a row read as none would make
	 * the report name no command for its sets. */
	char bad[4200];
} rp_experiments_t;

/* The table of data_dir (its copy, else the fallback), malloced in one
 * block: free(). NULL when neither can be read; a line that is not a row
 * is skipped (the first in E->bad). */
rp_experiments_t *rp_experiments_load(const char *data_dir);

/* Whether the row measures variant: its list names it, or it is "all", or
 * "all-except" a list that does not name it. NULL: any variant. */
int rp_experiments_has_variant(const rp_experiment_t *e, const char *variant);
/* The first row whose set matches pattern (a name, or a prefix ending in
 * '*', as rp_query_t's set; a row's own set may be such a pattern too) and
 * that measures variant (NULL: any). NULL when none, or E is NULL. */
const rp_experiment_t *rp_experiments_find(
    const rp_experiments_t *E, const char *pattern, const char *variant);
/* The command of a row, as make-report.sh runs it in the data folder:
 *   sweep     harness sweep --workload W --variants V ARGS --out SET
 *   run       harness run W V ARGS --json SET/W-V.json (each variant V)
 *   ceilings  harness ceilings ARGS > SET.json
 *   overhead  harness overhead W V ARGS --json SET.json
 *   jax-sweep.sh  sh reports/jax-sweep.sh MODE DATA_DIR
 * "harness" is build/glibc/harness after ALLOC=glibc. Writes buf; returns
 * it. */
const char *rp_experiments_command(
    const rp_experiment_t *e, char *buf, size_t len);
/* Whether dir holds set: a file SET.jsonl or SET.json or a folder SET; for
 * a set ending in '*', any name that starts with what comes before it. */
int rp_experiments_present(const char *dir, const char *set);

#endif /* FB_RP_EXPERIMENTS_H */
