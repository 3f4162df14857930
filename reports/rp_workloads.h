/*
 * rp_workloads: the one registration table of the workloads with sections
 * of their own, in the report's order, so that no other module names a
 * workload, its variants or its sets; every other workload in the data
 * gets rp_generic's section. The figure table (rp_figure.h) is in
 * rp_workloads.c too, since it draws these sets.
 *
 * Adding such a workload: its facts function, its template
 * templates/notebook/NAME.md.j2 and one entry here.
 */
#ifndef FB_RP_WORKLOADS_H
#define FB_RP_WORKLOADS_H

#include <jansson.h>

#include "rp_report.h"

/* The two questions the report answers, each by one registered workload. */
typedef enum {
	RP_QUESTION_NONE = 0,
	RP_QUESTION_MEMORY, /* a program's peak workspace against its arrays */
	RP_QUESTION_SPEED,  /* a step's time, from call to call */
} rp_question_t;

/* The sets a workload's sections read: each a set's name or a prefix
 * ending in '*', NULL for none; make-report.sh's and jax-sweep.sh's. */
typedef struct rp_workload_sets_s {
	const char *main;          /* Table 1 or 3's runs: NAME-main* */
	const char *scale_all;     /* the sweeps over N */
	const char *all;           /* any of its sets */
	const char *chunk;         /* the chunk sweep */
	const char *seed_all;      /* the question's own input */
	const char *glibc;         /* the runs with glibc malloc */
	const char *eager_m;       /* eager against M */
	const char *spread;        /* every step's time of one run */
	const char *threads;       /* the threads sweeps */
	const char *threads_main;  /* the threads section's main sweep */
	const char *threads_goal;  /* the threads goal run's set */
	const char *jax;           /* the JAX programs (`harness exec`) */
	const char *jax_c;         /* the C runs at the JAX programs' sizes */
	const char *jax_scale;     /* the JAX programs against N */
	const char *jax_all;       /* any of its JAX programs' sets */
	const char *jax_large;     /* the JAX programs at the large size */
	const char *jax_c_large;   /* the C runs at that size */
	const char *jax_c_one;     /* those C runs on one thread */
	const char *jax_c_threads; /* and on every core */
} rp_workload_sets_t;

/* A variant's role, for a table written before any workload is at hand:
 * rp_workload_role reads the entry's field of that name. */
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
	/* The facts of its section (template notebook/NAME.md.j2). */
	void (*facts)(rp_report_t *R, const struct rp_workload_s *w);
	/* Its variants by role, NULL for none (a query's NULL variant
	 * matches every variant); role[] in rp_role_t's order. */
	union {
		struct {
			const char *baseline;    /* the speed-ups' base */
			const char *op_by_op;    /* the program op by op */
			const char *fused;       /* reductions in the map */
			const char *chunked;     /* the baseline in chunks */
			const char *reuse;       /* arrays kept across steps */
			const char *shared_grid; /* shared work done once */
			const char *by_cell;     /* that, items by cell */
			const char *cell_lists;  /* far pairs skipped */
		};
		const char *role[RP_ROLE_COUNT];
	};
	rp_workload_sets_t sets;
	/* One full array is 4 bytes times these parameters ("n m"). */
	const char *array_dims;
	/* 1: a unit of time is one step; 0: one whole run. */
	int per_step;
	/* The parameter its JAX table prints after N (", M=300"). */
	rp_field_t jax_param;
	const char *jax_letter;
	/* Each NULL for none: what the JAX section prints after its table,
	 * what its jaxpr comparison (DATA/jax-jaxpr-NAME.json) compares. */
	void (*jax_after)(rp_report_t *R, const struct rp_workload_s *w);
	const char *jaxpr_what;
	/* Its question's program jitted, and the NULL-ended JAX programs
	 * that write its fast C variants' schedules, each set against it. */
	const char *jax_jitted;
	const char *const *jax_fixes;
	/* Its JAX programs by role (run.py's labels), NULL for none: the
	 * question as asked, un-jitted (the JAX section's rows and fit); its
	 * inner map by lax.map; one pair function; a Python loop of steps;
	 * lax.fori_loop over them (rp_jax_steps_per_call). */
	const char *jax_asked, *jax_map, *jax_pair, *jax_loop, *jax_fori;
	/* What the threads section prints after its table; NULL: nothing. */
	void (*threads_after)(rp_report_t *R, const struct rp_workload_s *w);
	/* Its explain file (DATA/explain-NAME.json), the program it walks and
	 * what that is; explain NULL: none. */
	const char *explain, *explain_program, *explain_what;
	/* {faster, slower} pairs the limits section explains by the time
	 * model; an entry of NULLs ends the list early. */
	const char *why[RP_WORKLOAD_WHY_MAX][2];
} rp_workload_t;

/* The registration table, ended by an entry whose name is NULL; a
 * pointer so that a test can register a workload of its own. */
extern const rp_workload_t *rp_workloads;

/* The facts of every registered workload's section, in order. */
void rp_workloads_facts(rp_report_t *R);

/* The most runs rp_workload_main_runs returns. */
#define RP_WORKLOAD_MAX_RUNS (4 * RP_DATA_MAX_VARIANTS)

/* The main run of each variant that has one, every registered workload's
 * in order, into out (borrowed from the data); how many (at most cap). */
size_t rp_workload_main_runs(
    const rp_data_t *D, const json_t **out, size_t cap);

/* The registered workload w, or NULL (a workload for rp_generic). */
const rp_workload_t *rp_workload_find(const char *w);
/* 1 when set is one of w's JAX sets (sets.jax*: no variants of its C
 * tables); 0 when it is none, or w is NULL. */
int rp_workload_jax_set(const rp_workload_t *w, const char *set);
/* One full array of workload w in bytes at a result's params; NAN for an
 * unregistered workload. */
double rp_workload_array_bytes(const char *w, const json_t *params);
/* The registered workload that answers q. Never NULL: for a question no
 * entry answers, an entry with the name "" and no sets. */
const rp_workload_t *rp_workload_question(rp_question_t q);
/* The variant that plays role in w, or NULL when w has none or role is
 * out of range. */
const char *rp_workload_role(const rp_workload_t *w, rp_role_t role);
/* Figure fig-NAME-WHAT of w, fig-WHAT for the entry named ""; a rotating
 * buffer (RP_TEXT_ROTATE). */
const char *rp_workload_fig(const rp_workload_t *w, const char *what);
/* The facts of figure fig (NULL: fig-NAME-WHAT) as part.W.figure.WHAT. */
void rp_workload_figure_facts(
    rp_report_t *R, const rp_workload_t *w, const char *fig, const char *what);
/* A part's main table beyond W.V.*: part.W.baseline, and for each of the
 * nv variants vs part.W.V.speedup over the baseline's main run (that run
 * its second run when base_run), .warnings (its notes, made in the rows'
 * order) and .missing (why it has no main run at nq, else null). */
void rp_workload_rows_facts(rp_report_t *R, const rp_workload_t *w, double nq,
    const char *const *vs, size_t nv, int base_run);

#endif /* FB_RP_WORKLOADS_H */
