/*
 * rp_limiter: what limits each variant, decided once by the run's time
 * model (`harness run --model`, docs/model.md: each term's work counted
 * from the compiled loop over a ceiling measured on the machine) and
 * printed by every section that names a limiter; and the notebook section
 * "What limits each variant" (templates/notebook/limits.md.j2): the
 * model's predictions against the medians.
 *
 * The limiter is the model's largest term; "not determined" where its
 * prediction misses the measured median by more than
 * RP_LIMITER_MODEL_TOLERANCE. A prediction can be wrong, and then says
 * so; a threshold on the measurement alone could not. A prediction that
 * lands checks the sum of the terms, not which is largest: where the run
 * was sampled (--profile), a part of the code that holds one term (the
 * kernel its faults, the passes' loops its passes) must not take more
 * samples than the limiter's part, by more than the tolerance and by a
 * sign test (hx_model_rival), else "not determined (the profile
 * disagrees)": that term is larger. The hot loop's samples are shared
 * by all the terms it holds and overturn nothing.
 * A main run without a model is "not modelled": nothing else decides a
 * limiter.
 */
#ifndef FB_RP_LIMITER_H
#define FB_RP_LIMITER_H

#include "hx_model.h"
#include "rp_data.h"
#include "rp_report.h"

/* The harness's tolerance: a prediction within it names a limiter. */
#define RP_LIMITER_MODEL_TOLERANCE HX_MODEL_TOLERANCE
typedef enum {
	RP_LIMIT_MODEL,        /* the model's largest term (.term) */
	RP_LIMIT_UNDETERMINED, /* the prediction misses */
	RP_LIMIT_UNMODELLED,   /* a main run without a model */
	RP_LIMIT_UNMEASURED,   /* no main run */
	RP_LIMIT_PROFILE,      /* the largest term's part sampled less */
} rp_limit_t;

/* What the verdict reads of a variant's main run. */
typedef struct rp_limiter_in_s {
	double time_s; /* the main run's median */
	/* The run's time model (model.*), or model_term NULL without one. */
	const char *model_term; /* model.limiter: the largest term's name */
	double model_error;     /* model.error: the prediction's miss */
	/* The profile's samples in each part (hx_model_profile_parts); NAN
	 * for a part not sampled (all, where the run was not). */
	double samples[HX_PARTS];
} rp_limiter_in_t;

typedef struct rp_limiter_s {
	rp_limit_t kind;
	/* RP_LIMIT_MODEL: the term's name ("divsqrt"), or two joined by
	 * " or " (hx_model_limiter_name) */
	char term[HX_MODEL_LIMITER_LEN];
	/* The profile's check of a model's term (hx_model_rival; p NAN
	 * where unchecked). */
	hx_model_rival_t rival;
} rp_limiter_t;

/* The rule: pure, a function of in only. */
rp_limiter_t rp_limiter_decide(const rp_limiter_in_t *in);
/* The verdict's name, as the facts hold it: its term's for the model's
 * ("divsqrt"), else "undetermined", "unmodelled" or "unmeasured". The
 * words a reader sees for each are the templates' (templates/terms.j2). */
const char *rp_limiter_verdict_name(const rp_limiter_t *v);
/* A term's seconds in model m (a result's "model") by name; 0 when m has
 * no such term. */
double rp_limiter_term_seconds(const json_t *m, const char *name);

/* The verdict of run r, a variant's main run (rp_data_main_run);
 * RP_LIMIT_UNMEASURED for NULL, no run. */
rp_limiter_t rp_limiter_of_run(const json_t *r);

/* The notebook's section (limits.*): whether a main run carries the time
 * model; each variant's prediction against its median, its two largest
 * terms, notes and gathers' level (macros.j2's limiter_sentence); why one
 * schedule is faster than another by the terms that differ. */
void rp_limiter_facts(rp_report_t *R);

/* The seconds of one part of run r's predicted time, for the stacked
 * figure: "in_core" (the prediction less the terms that add), "caches"
 * (l2 and l3), "dram", "faults"; NaN without a model or for another
 * part. */
double rp_limiter_model_part(const json_t *r, const char *part);
/* The GFLOP/s run r would reach if its model's largest term alone took
 * its time: the roof of its limiter. NaN without a model or flops; arg is
 * unused (rp_col_t.of). */
double rp_limiter_roof(const json_t *r, const char *arg);

#endif /* FB_RP_LIMITER_H */
