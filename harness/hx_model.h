/*
 * hx_model: a prediction of a run's time from this machine's measured
 * ceilings (hx_ceilings.h) and the run's counted work, and the term that
 * limits it (docs/model.md).
 *
 * Work per unit: the variant's hot loop (hx_disasm.h: the widest, then
 * largest, innermost loop of the functions its step's symbol names, or of
 * variant_t.hot_symbol), its instructions by kind times its iterations per
 * unit (1 / its lanes: one unit a lane an iteration, or 1 /
 * variant_t.hot_units); bytes per unit from the cache simulation when the
 * result has one (--cachesim: the first level's misses served by L2, the
 * last level's by DRAM, 64 bytes a miss), else the variant's own DRAM
 * bytes (work.bytes) served by the level its working set fits; the run's
 * minor faults.
 *
 * Terms: each work / its ceiling. The floating-point terms (fma, addmul,
 * divsqrt, shuffle) share the FP pipes: they combine as
 * max + (1 - fp_overlap) (sum - max), fp_overlap measured by the ceilings
 * (12 FMAs and 2 divides together against each alone; 0.16-0.20 on the
 * development VM: they mostly add); without it, their maximum. That and
 * the other in-core terms but the gathers (load, store, other, latency,
 * and issue: the hot loop's cycles an iteration as llvm-mca simulates it
 * on this CPU, at the seconds a cycle the ceilings' FMA kernel
 * calibrates) overlap: the core issues them to other units, so their
 * maximum counts. The gathers and that maximum overlap as far as the
 * ceilings' mix of gathers and a like time of FMAs from the gathers'
 * level measured (gather_l1_fp_overlap, gather_l2_fp_overlap,
 * gather_fp_overlap: 1 their maximum, 0 their sum). Data transfers
 * below L1 and faults do not overlap with them or each other (the ECM
 * model's rule for caches without overlap; a fault stops the thread):
 * they add. The limiter is the
 * largest term; "not determined" when the prediction misses the measured
 * median by more than HX_MODEL_TOLERANCE, with the seconds left unexplained.
 * Where another term is within the prediction's miss of the largest, the
 * miss could be either's, so both are named ("gather or faults": a
 * prediction that lands checks the sum of the terms, not their order);
 * where two others are, none is: "not determined".
 *
 * Limits: a static count; branches inside the hot loop are counted as if
 * every instruction ran each iteration; work outside the hot loop
 * (set-up, epilogues, sorting passes) is not counted; vector instructions
 * narrower than the build's widest are priced as the widest.
 */
#ifndef FB_HX_MODEL_H
#define FB_HX_MODEL_H

#include <stddef.h>

#include <jansson.h>

#include "hx_disasm.h"
#include "variant.h"

/* The largest relative error a prediction may have and still name a
 * limiter. */
#define HX_MODEL_TOLERANCE 0.25

/* In-core terms, then the passes, data terms, faults. */
#define HX_MODEL_TERMS 16
/* Room for a limiter's names, "issue or latency". */
#define HX_MODEL_LIMITER_LEN 64
/* The most terms a limiter names: with more within the miss, none. */
#define HX_MODEL_LIMITER_TERMS 2

/* The limiter of n terms (name[i], s[i] seconds) whose prediction misses
 * the measurement by miss_s: the largest term's name, then " or " and
 * the other term within miss_s of it; "not determined" when more than
 * HX_MODEL_LIMITER_TERMS are; into buf (len bytes). "" when n is 0. */
const char *hx_model_limiter_name(const char *const *name, const double *s,
    int n, double miss_s, char *buf, size_t len);
/* The verdict of a prediction of predicted_s against measured_s by terms
 * name[i], s[i]: "not determined" where it misses by more than
 * HX_MODEL_TOLERANCE (or either is not a number), else the limiter
 * (hx_model_limiter_name, the miss the difference of the two); into buf. */
const char *hx_model_verdict(const char *const *name, const double *s, int n,
    double predicted_s, double measured_s, char *buf, size_t len);
/* The same rule on a result's "model" object: its terms and the miss of
 * predicted_s against measured_s (data of a harness before the rule then
 * read as new data does); "" without terms. */
const char *hx_model_limiter_of_json(
    const json_t *model, char *buf, size_t len);

typedef struct hx_model_term_s {
	const char
	    *name;      /* "fma", ..., "passes", "l2", "l3", "dram", "faults" */
	double seconds; /* per run */
	int in_core;    /* instructions (the report's in-core part) */
	/* Adds to the others; else overlaps the other in-core terms. Data
	 * and faults add; so does "passes", in-core work of loops that run
	 * after or before the hot loop, not beside it. */
	int added;
} hx_model_term_t;

/* A pass (variant_pass_t) as counted: its loop, iterations a run, and
 * seconds a run by the in-core rule. */
typedef struct hx_model_pass_s {
	hx_loop_t loop;
	double iterations;
	double seconds;
	/* Of seconds, the functions its loop calls (the ceilings' measured
	 * call of each): a profile counts them in their own objects. */
	double calls_s;
	/* variant_pass_t.prefetches_hot and .reads_back. */
	int prefetches_hot, reads_back;
} hx_model_pass_t;

typedef struct hx_model_s {
	hx_model_term_t term[HX_MODEL_TERMS];
	int nterms;
	double predicted_s, measured_s;
	double error;        /* (predicted - measured) / measured */
	const char *limiter; /* a term's name, names joined by " or ", or
				"not determined" */
	char limiter_buf[HX_MODEL_LIMITER_LEN];
	double unexplained_s; /* measured - predicted, when not determined */
	/* The floating-point terms combined, and the overlap used. */
	double fp_s, fp_overlap;
	/* How far the rest of the in-core work hides under the gathers (the
	 * gathers' level's gather_fp_overlap; 1 when the ceilings lack it:
	 * their maximum). */
	double gather_fp_overlap;
	/* The work: the hot loop, its iterations per unit, instructions per
	 * unit by class, gather indices per unit, bytes per unit and the
	 * level that serves them, faults per run. */
	hx_loop_t loop;
	double iters_per_unit;
	double class_per_unit[HX_INSN_CLASSES];
	double insn_per_unit;
	/* The simulator's instructions per unit (cachesim, another build:
	 * x86-64-v3) when r has them, for a cross-check; NaN otherwise. */
	double sim_insn_per_unit;
	double gathers_per_unit; /* indices */
	/* Of those, the ones that re-read a line an earlier gather of the
	 * iteration fetched (hx_loop_t.gather_repeat_lanes), priced from the
	 * ceilings' stencil of 4 gathers at the gathers' level. */
	double gather_repeats_per_unit;
	/* The bytes the gathers range over (variant_t.gather_bytes_of, else
	 * the inputs) and the level that holds them. */
	double gather_bytes;
	const char *gather_level;
	/* Of the gathers' fetches, and of a streaming loop's bytes, the
	 * share L2 serves from a set that L3 holds (hx_model_l2_share; 0
	 * from any other level). */
	double gather_l2_share, stream_l2_share;
	/* The seconds a gather lane takes that fetches its line
	 * (hx_model_fetch_s) and one that re-reads a line an earlier gather
	 * of its iteration fetched (hx_model_repeat_s), for the hot loop and
	 * the passes. */
	double gather_fetch_s[2];
	/* The bytes a unit brings into that part again (hx_model_add_refill)
	 * and the level they come from (NULL: none priced). */
	double gather_refill_per_unit;
	const char *gather_refill_level;
	double bytes_l2_per_unit, bytes_dram_per_unit;
	/* A streaming loop's loads (variant_t.hot_streams): bytes per unit
	 * and the level that serves them (NULL: none, L1 serves the loads). */
	double bytes_stream_per_unit;
	const char *stream_level;
	const char
	    *data_level; /* without --cachesim: the level of work.bytes */
	/* Without --cachesim, work.bytes as half read and half written
	 * (the copy the data term's rates assume): the reads at the level's
	 * read rate and the writes at its write rate, seconds. The term is
	 * the reads and what of the writes outlasts the hot loop's in-core
	 * time (hx_model_combine); data_term is its index plus 1, 0 none. */
	double data_read_s, data_write_s;
	int data_term;
	/* Of that term, the lines the gathers bring back into their part
	 * from the same level (hx_model_add_refill): reads of the hot loop. */
	double data_refill_s;
	double faults;
	/* The hot loop's dependency chains (hx_flow.h): the seconds an
	 * iteration waits (its instructions' starts summed, over the
	 * ceilings' wait_window), its longest chain, seconds, and the
	 * window; NaN without the latency ceilings. */
	double wait_s, chain_s, wait_window;
	/* Why the issue term is left out ("" where it counts): no llvm-mca
	 * read the hot loop (its reason), or the ceilings lack mca_cycle_s. */
	char issue_missing[192];
	/* The passes priced (variant_pass_t), in the variant's order. */
	hx_model_pass_t pass[VARIANT_PASSES];
	int npasses;
	int gather_index; /* the gathers' level, 0 (L1) to 3 (DRAM) */
	/* The price of a fault and of its page's release (NaN: the ceilings
	 * lack it, counted 0). */
	double fault_s, release_s;
	/* Of the faults, those priced at the host's price (host_fault_s,
	 * the ceilings' hx_ceilings_measure_host_fault): the pages the run
	 * added to its RSS (peak less baseline) beyond the free memory the
	 * guest had not reported to its host when the runs began
	 * (free_unreported), and the pages the guest handed to its host
	 * while the runs ran, a run's share (reported_pages: each, written
	 * again, faults at the host's price; 0 for an interleaved result,
	 * whose window spans its group's runs); 0 where unknown. */
	double host_faults, host_fault_s, free_unreported, reported_pages;
	const char *bytes_source; /* "cachesim" or "work.bytes" */
} hx_model_t;

/*
 * The hot loop of variant v from its compiled code (v->hot_symbol, else the
 * functions named as v->step's symbol up to "_step"). 0, or -1 with a
 * one-line message when the code cannot be read or has no loop.
 */
int hx_model_work(const variant_t *v, hx_loop_t *loop, char *msg, size_t len);

/*
 * The loops of v's passes (v->passes) at parameters p into pass[] (loop
 * and iterations; seconds 0), their number into *n: each the widest, then
 * largest, loop of its function, or its nth largest of the pass's lanes;
 * a pass whose loop this build lacks is left out. 0, or -1 with msg when
 * the variant's code cannot be found.
 */
int hx_model_passes_work(const variant_t *v, const params_t *p,
    hx_model_pass_t pass[VARIANT_PASSES], int *n, char *msg, size_t len);

/*
 * Prices the n passes of pass[] by the in-core rule with ceilings c (the
 * floating-point terms as fp_overlap says, with the others by their
 * maximum, an iteration at a time), stores them in *m and adds their sum
 * as the term "passes" to m's prediction (after hx_model_compute).
 */
void hx_model_add_passes(
    hx_model_t *m, const json_t *c, const hx_model_pass_t *pass, int n);

/*
 * The units of work one iteration of loop does for variant v at
 * parameters p (NULL: the variant's defaults are not consulted, and
 * v->hot_units_of is not called): v->hot_units_of(p), else v->hot_units,
 * else the loop's lanes times v->incore.vectors when the loop lies in one
 * of v->incore.functions, else its lanes.
 */
double hx_model_units(
    const variant_t *v, const params_t *p, const hx_loop_t *loop);

/*
 * llvm-mca's cycles an iteration of l as the issue term prices them: its
 * broadcasts from memory fed as loads (l->mca_bload_cycles) where the
 * ceilings c measured that this is nearer to the cost of their broadcast
 * kernel (mca_broadcast_as_load 1), else the loop as compiled.
 */
double hx_model_mca_cycles(const hx_loop_t *l, const json_t *c);

/*
 * The profile's split of m's prediction (--profile): the hot loop's seconds
 * (the prediction less the passes and the faults, and less the data term's
 * reads where a pass reads back what the loop stored,
 * variant_pass_t.reads_back), and pass i's (its own, and its share of
 * those reads).
 */
double hx_model_hot_loop_s(const hx_model_t *m);
double hx_model_pass_s(const hx_model_t *m, int i);
/* How many of m's passes read back what its hot loop stored
 * (variant_pass_t.reads_back). */
int hx_model_reads_back(const hx_model_t *m);

/* The parts of a run's code its profile tells apart, where the model's
 * terms land: page faults in the kernel, the stated passes in their
 * loops, every other term in the hot loop (a pass that prefetches the
 * hot loop's data counts with the hot loop). The kernel and the passes
 * each hold one term. */
typedef enum {
	HX_PART_HOT,
	HX_PART_PASSES,
	HX_PART_KERNEL,
	HX_PARTS,
} hx_part_t;
/* The part term's time lands in. */
hx_part_t hx_model_term_part(const char *term);
/*
 * Result r's profile (model.profile, profile) split into the parts: as
 * samples (each part's seconds a run over the seconds a sample stands
 * for: the period over the runs sampled) into samples, and as seconds a
 * run, measured and predicted, into meas and pred (any may be NULL); NAN
 * where not sampled, and for the passes where none is left to sum.
 * *prefetches: whether a pass that prefetches the hot loop's data was
 * counted with it. Returns the number of passes in HX_PART_PASSES.
 */
int hx_model_profile_parts(const json_t *r, double *samples, double *meas,
    double *pred, int *prefetches);

/* The sign test's p below which the profile overturns a limiter. */
#define HX_MODEL_RIVAL_P 0.05
/* The profile's check of a limiter ("gather", "gather or faults": the
 * parts of both): only a part that holds one term is a rival, for its
 * samples are that term's time; the hot loop's are shared by the terms
 * it holds and show no single one larger. */
typedef struct hx_model_rival_s {
	double own;     /* the samples in the limiter's parts */
	double other;   /* in the most sampled one-term rival part */
	hx_part_t part; /* that part */
	double p;       /* the one-sided sign test of own against other;
			   NAN where no rival was sampled more */
	int overturned; /* other beyond own by the tolerance and the test */
} hx_model_rival_t;
/* The check of limiter against samples (hx_model_profile_parts'; NAN
 * parts are left out): overturned when the rival took more than
 * (1 + HX_MODEL_TOLERANCE) times the limiter's samples and the sign test
 * gives p < HX_MODEL_RIVAL_P (the runs pooled vary more than the test
 * assumes; the tolerance stands for that). */
hx_model_rival_t hx_model_rival(const char *limiter, const double *samples);

/*
 * The model of result r (an ok run's object) given its variant's hot loop
 * (loop, with hot_units the variant's units per iteration, 0: the loop's
 * lanes; streams: variant_t.hot_streams, its loads priced as a data term
 * of the level its working set fits; gather_bytes: what
 * variant_t.gather_bytes_of says, NaN or 0 for the run's inputs) and the
 * ceilings (hx_ceilings_json's object). Fills *m. 0, or -1 with msg when r
 * or the ceilings lack what the model needs.
 */
int hx_model_compute(const json_t *r, const hx_loop_t *loop, double hot_units,
    int streams, double gather_bytes, const json_t *ceilings, hx_model_t *m,
    char *msg, size_t len);

/*
 * The refill of the gathers' part (variant_t.gather_refill_of: bytes per
 * unit) from the level of r's inputs (memory.input_bytes), when that is
 * beyond the gathers' own level: a line is a gather index from there
 * (gather_<level>_per_s), a data term added to that level's (ECM: data
 * transfers add). Recombines m. Nothing when bytes_per_unit is not
 * positive or the inputs share the gathers' level.
 */
void hx_model_add_refill(hx_model_t *m, const json_t *r, const json_t *ceilings,
    double bytes_per_unit);

/* A new JSON object of m: predicted_s, measured_s, error, limiter,
 * unexplained_s, terms [{name, seconds, share}], work {...}. */
json_t *hx_model_json(const hx_model_t *m);

/*
 * Measures the ceilings once per process (hx_ceilings_measure, one
 * thread) or reads them from path when not NULL; the object is borrowed
 * (kept for the process). NULL with msg on failure.
 */
const json_t *hx_model_ceilings(const char *path, char *msg, size_t len);

/*
 * Everything for one result of v at parameters p: the variant's work, the
 * ceilings, the model,
 * set as r's "model" member, and a line for people on f (NULL: none).
 * 0, or -1 with msg (r unchanged).
 */
int hx_model_apply(json_t *r, const variant_t *v, const params_t *p,
    const char *ceilings_path, FILE *f, char *msg, size_t len);

#endif /* FB_HX_MODEL_H */
