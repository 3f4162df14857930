/*
 * rp_workloads: the one registration table of the workloads that have
 * sections of their own in the report, in the report's order: what the
 * report's shared code needs to know of a workload (rp_workload_t), so
 * that no other module names one, its variants or its sets. Its figures
 * are named fig-NAME-WHAT (rp_workload_fig); the figure table (rp_figures,
 * rp_figure.h) is in rp_workloads.c too, since it draws these sets.
 *
 * Every other workload in the data gets rp_generic's section. The modules
 * of a question's evidence receive the entry or find it by its question
 * (rp_workload_question), and name its variants by role.
 *
 * Adding a workload with a section of its own: its facts function, its
 * template templates/notebook/NAME.md.j2 and one entry here; its sets and
 * figures by the same names as the data's.
 */
#ifndef FB_RP_WORKLOADS_H
#define FB_RP_WORKLOADS_H

#include <jansson.h>

#include "rp_report.h"

/* The two questions the report answers, each by one registered workload
 * (rp_workload_t.question). */
typedef enum {
	RP_QUESTION_NONE = 0,
	RP_QUESTION_MEMORY, /* a program's peak workspace against its arrays */
	RP_QUESTION_SPEED,  /* a step's time, from call to call */
} rp_question_t;

/* The sets a registered workload's sections read, by role: each a set's
 * name, or a prefix ending in '*' (rp_query_t); NULL where it has none.
 * The names are make-report.sh's and jax-sweep.sh's. */
typedef struct rp_workload_sets_s {
	const char *main;         /* Table 1 or 3's runs: NAME-main* */
	const char *scale_all;    /* the sweeps over N */
	const char *all;          /* any of its sets */
	const char *chunk;        /* the chunk sweep */
	const char *seed_all;     /* the question's own input */
	const char *glibc;        /* the runs with glibc malloc */
	const char *eager_m;      /* eager against M */
	const char *spread;       /* every step's time of one run */
	const char *threads;      /* the threads sweeps */
	const char *threads_main; /* the threads section's main sweep */
	const char *threads_goal; /* the threads goal run's set */
	const char *jax;          /* the JAX programs (`harness exec`) */
	const char *jax_c;        /* the C runs at the JAX programs' sizes */
	const char *jax_scale;    /* the JAX programs against N */
	const char *jax_all;      /* any of its JAX programs\' sets */
	const char *jax_large;    /* the JAX programs at the large size */
	const char *jax_c_large;  /* the C runs at that size */
	/* The C runs at the JAX programs' sizes on one thread and on every
	 * core (the threads section's JAX rows). */
	const char *jax_c_one, *jax_c_threads;
} rp_workload_sets_t;

/* A variant's role, for a table that names variants before any workload
 * is at hand: rp_workload_role reads the entry's field of that name. */
typedef enum {
	RP_ROLE_BASELINE = 0,
	RP_ROLE_OP_BY_OP,
	RP_ROLE_FUSED,
	RP_ROLE_CHUNKED,
	RP_ROLE_REUSE,
	RP_ROLE_SHARED_GRID,
	RP_ROLE_BY_CELL,
	RP_ROLE_CELL_LISTS,
	RP_ROLE_COUNT
} rp_role_t;

/* The most pairs a workload's limits section explains. */
#define RP_WORKLOAD_WHY_MAX 4

typedef struct rp_workload_s {
	const char *name; /* NULL ends the table */
	/* The question it answers; RP_QUESTION_NONE: none. */
	rp_question_t question;
	/* The facts of its section of the notebook, whose words are the
	 * template notebook/NAME.md.j2. */
	void (*facts)(rp_report_t *R, const struct rp_workload_s *w);
	/* Its variants by role; NULL: none (a query's NULL variant matches
	 * every variant: the test of the table requires the roles the
	 * modules read). The one its section's speed-ups are against, and
	 * the one that runs the question's program op by op: */
	const char *baseline, *op_by_op;
	/* the answer: each item's reduction fused into the map that makes
	 * its values, no workspace of the batch's size; */
	const char *fused;
	/* the baseline's schedule a chunk of the batch at a time; */
	const char *chunked;
	/* the baseline's arrays allocated once and reused by every step; */
	const char *reuse;
	/* what the items share computed once, outside the inner map (a
	 * shared grid), and the same with the items sorted by cell; */
	const char *shared_grid, *by_cell;
	/* the pairs beyond the cut-off skipped through cell lists. */
	const char *cell_lists;
	/* The sets its sections read. */
	rp_workload_sets_t sets;
	/* One full array is 4 bytes times the product of these parameters
	 * ("n m": N*M*4). */
	const char *array_dims;
	/* 1: a unit of time is one step (a C run's median step, a JAX
	 * call over its steps); 0: one whole run. */
	int per_step;
	/* The parameter its JAX table prints after N (", M=300"), and its
	 * letter. */
	rp_field_t jax_param;
	const char *jax_letter;
	/* What the JAX section prints after its programs' table; NULL is
	 * nothing. */
	void (*jax_after)(rp_report_t *R, const struct rp_workload_s *w);
	/* What its jaxpr comparison (DATA/jax-jaxpr-NAME.json) compares;
	 * NULL: none. */
	const char *jaxpr_what;
	/* Its question's own program jitted (run.py's label), and the JAX
	 * programs that write its fast C variants' schedules, NULL-ended,
	 * each set against that one at the same size in the JAX section;
	 * NULL: none. */
	const char *jax_jitted;
	const char *const *jax_fixes;
	/* Its JAX programs by role (run.py's labels), NULL where it has
	 * none: the question as asked, un-jitted, at every N (the JAX
	 * section's rows and fit); its inner map batched by lax.map (the
	 * lesson's bound on memory); one pair function alone; a Python loop
	 * of steps; lax.fori_loop over the same steps. A program whose label
	 * begins with the loop's or fori's runs its steps in one call, the
	 * pair's none (rp_jax_steps_per_call). */
	const char *jax_asked, *jax_map, *jax_pair, *jax_loop, *jax_fori;
	/* What the threads section prints after its table; NULL: nothing. */
	void (*threads_after)(rp_report_t *R, const struct rp_workload_s *w);
	/* Its explain file (DATA/explain-NAME.json), the program it walks and
	 * what that is; explain NULL: none. */
	const char *explain, *explain_program, *explain_what;
	/* The pairs of its variants, {faster, slower}, whose difference the
	 * limits section explains by the time model (the lesson quotes
	 * them); an entry of NULLs ends the list early. */
	const char *why[RP_WORKLOAD_WHY_MAX][2];
} rp_workload_t;

/* The registration table, ended by an entry whose name is NULL; a
 * pointer so that a test can register a workload of its own. */
extern const rp_workload_t *rp_workloads;

/* The facts of every registered workload's section, in order. */
void rp_workloads_facts(rp_report_t *R);

/* The most runs rp_workload_main_runs returns. */
#define RP_WORKLOAD_MAX_RUNS (4 * RP_DATA_MAX_VARIANTS)

/* The main run (rp_data_main_run) of each variant that has one, for every
 * registered workload, into out (borrowed from the data), workloads in the
 * table's order, variants in the data's (rp_data_variants); how many (at
 * most cap). */
size_t rp_workload_main_runs(
    const rp_data_t *D, const json_t **out, size_t cap);

/* The registered workload w, or NULL (a workload for rp_generic). */
const rp_workload_t *rp_workload_find(const char *w);
/* 1 when set is one of w's JAX sets (sets.jax, sets.jax_c, ... : its JAX
 * programs and the C runs at their sizes, no variants of its C tables);
 * 0 when it is none, or w is NULL. */
int rp_workload_jax_set(const rp_workload_t *w, const char *set);
/* One full array of workload w in bytes at params (a result's "params"
 * object); NAN for an unregistered workload. */
double rp_workload_array_bytes(const char *w, const json_t *params);
/* The registered workload that answers q. Never NULL: for a question no
 * entry answers, an entry with the name "" and no sets. */
const rp_workload_t *rp_workload_question(rp_question_t q);
/* The variant that plays role in w (w->fused for RP_ROLE_FUSED), or NULL
 * when w has none or role is out of range. */
const char *rp_workload_role(const rp_workload_t *w, rp_role_t role);
/* Figure fig-NAME-WHAT of registered workload w (fig-interp-timeline),
 * fig-WHAT for the entry of a question no workload answers (named "");
 * a rotating buffer (RP_TEXT_ROTATE). */
const char *rp_workload_fig(const rp_workload_t *w, const char *what);
/* The facts of figure fig (NULL: fig-NAME-WHAT) in w's part of the
 * notebook, as part.W.figure.WHAT (rp_report_figure_facts). */
void rp_workload_figure_facts(
    rp_report_t *R, const rp_workload_t *w, const char *fig, const char *what);
/* The rows of a part's main table (Table 1, Table 3) beyond W.V.*: the
 * baseline (part.W.baseline), and for each of the nv variants vs
 * part.W.V.speedup over the baseline's main run (that run recorded as
 * its second when base_run), part.W.V.warnings (the notes its warnings
 * point to, made in the rows' order) and part.W.V.missing (why it has no
 * main run at nq, null when it has one). */
void rp_workload_rows_facts(rp_report_t *R, const rp_workload_t *w, double nq,
    const char *const *vs, size_t nv, int base_run);
/* What one unit of time is, for every registered workload in order:
 * "NAME: the whole program; NAME: one step" (rp_workload_t.per_step). A
 * static buffer. */
const char *rp_workload_units(void);

#endif /* FB_RP_WORKLOADS_H */
