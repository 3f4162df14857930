/*
 * rp_workloads: the one registration table of the workloads that have
 * sections of their own in the report, in the report's order. What the
 * report's shared code needs to know of a workload is here, so that no
 * other shared module names one: its section writer, what one full array
 * of it is, whether its time is counted per step, the parameter its JAX
 * table prints beside N, what the JAX and threads sections add after its
 * tables, and its explain file. Its sets are named after it
 * (NAME-main*, NAME-threads*, jax-NAME, jax-c-NAME*) and its threads
 * figure is fig-NAME-threads.
 *
 * Every other workload in the data gets rp_generic's section. The modules
 * of a registered workload's own evidence (its section, the lesson's
 * answer to its question, the advice rules about it) name it and its
 * variants as the data does.
 */
#ifndef FB_RP_WORKLOADS_H
#define FB_RP_WORKLOADS_H

#include <jansson.h>

#include "rp_report.h"

typedef struct rp_workload_s {
	const char *name; /* NULL ends the table */
	/* Its section of the notebook. */
	void (*section)(rp_report_t *R);
	/* One full array is 4 bytes times the product of these parameters
	 * ("n m": N*M*4). */
	const char *array_dims;
	/* 1: a unit of time is one step (a C run's median step, a JAX
	 * call over its steps); 0: one whole run. */
	int per_step;
	/* The parameter its JAX table prints after N (", M=300"), and its
	 * letter. */
	const char *jax_param, *jax_letter;
	/* What the JAX section prints after its programs' table; NULL is
	 * nothing. */
	void (*jax_after)(rp_report_t *R);
	/* What the threads section prints after its table; NULL: nothing. */
	void (*threads_after)(rp_report_t *R);
	/* Its explain file (DATA/explain-NAME.json), the program it walks and
	 * what that is; explain NULL: none. */
	const char *explain, *explain_program, *explain_what;
} rp_workload_t;

extern const rp_workload_t rp_workloads[];

/* The registered workload w, or NULL (a workload for rp_generic). */
const rp_workload_t *rp_workload_find(const char *w);
/* One full array of workload w in bytes at params (a result's "params"
 * object); NAN for an unregistered workload. */
double rp_workload_array_bytes(const char *w, const json_t *params);
/* 1 when workload w counts its time per step (rp_workload_t.per_step). */
int rp_workload_per_step(const char *w);

#endif /* FB_RP_WORKLOADS_H */
