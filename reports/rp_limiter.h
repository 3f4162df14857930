/*
 * rp_limiter: what limits each variant, decided once by one rule over
 * measured discriminators (or the run's time model), and printed by every
 * section that names a limiter (the lesson, the limits list, the
 * roofline's labels, the threads tables); and the notebook section of that
 * name, "What limits each variant" (templates/notebook/limits.md.j2),
 * whose facts are the rule's verdicts with the evidence it read, or the
 * model's predictions against the medians.
 *
 * The discriminators of a variant's main run (rp_limiter_inputs):
 *   - GFLOP/s against the FMA peak (`harness ceilings`);
 *   - the schedule's bytes moved per second against the triad of the
 *     level that holds its working set (peak workspace plus inputs);
 *   - simulated L1 misses per unit x 64 B over the time per unit of a
 *     one-thread run at the simulated N (both sides at that size), against
 *     the triad of the level holding that run's working set (absent for a
 *     variant not simulated or without a run at that size);
 *   - instructions per unit against the minimum the arithmetic needs
 *     (cachesim.instructions_per_unit and cachesim.instructions_min_per_unit
 *     with an optional insn_allowance; without the minimum the instructions
 *     decide nothing, and the verdict says so);
 *   - page faults per run times the cost of one fault, against the run's
 *     time; the cost is the ceilings' (a first write to fresh 4 KiB pages,
 *     `harness ceilings`), or without it a pair of variants that run the
 *     same loops with and without fresh buffers, in the same sweep at one
 *     thread (which also pays for unmapping: a larger cost, so more
 *     verdicts of faults).
 * rp_limiter_decide is pure: the first test that passes names the limiter;
 * none passing is "not determined here", with what would decide it. A
 * cause is never chosen by a threshold on the time alone.
 *
 * Where the main run carries the time model (`harness run --model`,
 * docs/model.md: each term's work counted from the compiled loop over a
 * ceiling measured on the machine, the terms combined by the stated rule)
 * the model decides instead: the limiter is its largest term, and "not
 * determined" is the verdict where its prediction misses the measured
 * median by more than RP_LIMITER_MODEL_TOLERANCE, with the seconds it
 * leaves unexplained. A prediction can be wrong; a threshold on the
 * measurement alone cannot.
 *
 * Limits: the thresholds are shares (RP_LIMITER_SHARE of a ceiling or of
 * the run's time); the simulated misses come from a smaller N and another
 * build (the notes say so once).
 */
#ifndef FB_RP_LIMITER_H
#define FB_RP_LIMITER_H

#include <stdio.h>

#include "rp_data.h"
#include "rp_report.h"

/* A ceiling or a share of the time reached to at least this fraction
 * names the limiter. */
#define RP_LIMITER_SHARE 0.5
/* Instructions per unit over the arithmetic's minimum beyond which the
 * instructions are the limiter, when the data gives no allowance. */
#define RP_LIMITER_INSN_ALLOWANCE 1.5
/* The model's prediction within this share of the measured median
 * decides (the harness's HX_MODEL_TOLERANCE). */
#define RP_LIMITER_MODEL_TOLERANCE 0.25
/* One cache line: what a simulated miss moves. */
#define RP_LIMITER_LINE 64.0

typedef enum {
	RP_LIMIT_COMPUTE,
	RP_LIMIT_INSTRUCTIONS,
	RP_LIMIT_BANDWIDTH,
	RP_LIMIT_CACHE,
	RP_LIMIT_FAULTS,
	RP_LIMIT_MODEL, /* the model's largest term (rp_limiter_t.term) */
	RP_LIMIT_UNDETERMINED,
	RP_LIMIT_UNMEASURED, /* no main run */
} rp_limit_t;

typedef struct rp_limiter_in_s {
	double time_s;       /* the main run's median */
	double gflops, fma;  /* GFLOP/s and the FMA peak in GFLOP/s */
	double bytes_per_s;  /* the schedule's bytes moved per second */
	double triad;        /* bytes/s of the level holding the working set */
	const char *level;   /* "L1" .. "DRAM" */
	double miss_bytes_s; /* simulated L1 misses x 64 B per second */
	double miss_triad;   /* ... against this triad, of the level */
	const char *miss_level; /* holding the simulated size's set */
	double ipu, ipu_min;    /* instructions per unit; the minimum */
	double allowance;       /* over ipu_min allowed; NAN: the default */
	double ipu_low;         /* lowest ipu of the same arithmetic, another */
	const char *low_name;   /* variant; NULL when none */
	double faults;          /* minor faults per run */
	double fault_cost_s;    /* one fault's cost; NAN when not measured */
	const char *twin;       /* "colony naive against naive-reuse" or NULL */
	/* The run's time model (model.*), or model_term NULL without one. */
	const char *model_term; /* model.limiter: the largest term's name */
	double model_predicted, model_error, model_share, model_term_s;
} rp_limiter_in_t;

typedef struct rp_limiter_s {
	rp_limit_t kind;
	double share;     /* the deciding ratio (NAN when undetermined) */
	const char *term; /* RP_LIMIT_MODEL: the term's name ("divsqrt") */
} rp_limiter_t;

/* The rule: pure, a function of in only. */
rp_limiter_t rp_limiter_decide(const rp_limiter_in_t *in);
/* A short word: "compute", "instructions", "bandwidth", "cache misses",
 * "page faults", "not determined", "not measured". */
const char *rp_limiter_word(rp_limit_t kind);

/* The verdict's word: rp_limiter_word, or for the model's the term's
 * (rp_limiter_term_word). */
const char *rp_limiter_verdict_word(const rp_limiter_t *v);
/* What a model term names: "fma" "multiply-adds (FMA)", "divsqrt"
 * "divides and square roots", "dram" "DRAM bandwidth", ... (the name
 * itself when unknown). */
const char *rp_limiter_term_word(const char *term);

/* A variant's discriminators from its main run (rp_data_main_run); returns
 * its verdict (RP_LIMIT_UNMEASURED when there is no main run). */
rp_limiter_t rp_limiter_of(const rp_data_t *D, const char *workload,
    const char *variant, rp_limiter_in_t *in);
/* The verdict and every measurement that shows it, as facts under at
 * (at.verdict: a keyword per kind, "compute" .. "unmeasured"; at.gflops,
 * .fma_share, .ipu, .bytes_s, .faults, .term, .predicted, ...): macros.j2's
 * limiter_sentence words them. r is the run they come from; its median is not
 * among them (the run's own fact, W.V.median, one quantity one name). */
void rp_limiter_verdict_facts(rp_facts_t *F, const rp_limiter_in_t *in,
    const rp_limiter_t *v, const json_t *r, const char *at);
/* The cost of one minor fault the rule uses, or NAN; *label says how it was
 * measured: the ceilings' first write to a fresh page (minor_fault_s) where
 * the data has it, else the twin pair (rp_limiter_fault_twin). */
double rp_limiter_fault_cost(const rp_data_t *D, const char **label);
/* The cost of one minor fault from the twin pair, the same loops with fresh
 * and with kept buffers (their median runs' difference over their faults'),
 * or NAN; *label gets the pair's name. It also pays for unmapping and the
 * allocator's work, so it is the rule's figure only without the ceilings'. */
double rp_limiter_fault_twin(const rp_data_t *D, const char **label);

/* ---- the notebook's "What limits each variant" ---- */

/* The section's facts (limits.*, for templates/notebook/limits.md.j2):
 * limits.model_present, and by the time model where a main run of the
 * data carries one (rp_limiter_model_facts), else by the discriminators'
 * rule: each variant's verdict and the discriminators it read, the cost
 * of a fault, and the measurements beside the verdicts (the memory
 * question's chunked sweep, the speed question's baseline faults and cell
 * lists' pairs, the threads goal's run swept alone). */
void rp_limiter_facts(rp_report_t *R);
/* The largest rise between neighbouring chunk sizes, as a knee: "noise"
 * under the time threshold (or unmeasured), "edge" where the buffer moves
 * from one cache level to another (from, to: rp_bandwidth_level), else
 * "within" one level; pure. */
const char *rp_limiter_knee(
    double rise, double threshold, const char *from, const char *to);
/* The section by the time model (limits.*, for
 * templates/notebook/limits.md.j2): each variant's prediction against its
 * median, its two largest terms, its verdict. */
void rp_limiter_model_facts(rp_report_t *R);

/* The seconds of one part of run r's predicted time (model.terms), for
 * the stacked figure: "in_core" (the in-core terms as they overlap: the
 * prediction less the terms that add), "caches" (l2 and l3), "dram",
 * "faults"; NaN without a model or for another part. */
double rp_limiter_model_part(const json_t *r, const char *part);
/* The GFLOP/s run r would reach if its model's largest term alone took
 * its time (work.flops over that term's seconds): the roof of its
 * limiter. NaN without a model or flops; arg is unused (rp_col_t.of). */
double rp_limiter_roof(const json_t *r, const char *arg);

#endif /* FB_RP_LIMITER_H */
