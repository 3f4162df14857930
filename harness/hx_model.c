/*
 * hx_model: see hx_model.h. The ceilings are read by their JSON names
 * (hx_ceilings_json), so a file written by `harness ceilings` and one
 * measured in this process are the same input.
 */
#include "hx_model.h"
#include "hx_ceilings.h"
#include "hx_fields.h"
#include "hx_flow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A number of the ceilings object; NaN when missing. */
static double
hx_model_ceiling(const json_t *c, const char *key)
{
	json_t *v = json_object_get(c, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A number at a dotted path of r; NaN when missing. */
static double
hx_model_at(const json_t *r, const char *path)
{
	json_t *v = (json_t *)r;
	char buf[128], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *k = strtok_r(buf, ".", &save); k != NULL && v != NULL;
	     k = strtok_r(NULL, ".", &save))
		v = json_object_get(v, k);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The bytes L3 holds for one core: the stated size, unless the ceilings'
 * read ladder (hx_ceilings_t.ladder_bytes) read an array slower than
 * halfway (geometrically) from L3's read rate to DRAM's; then the largest
 * size before it (at least L3's stream array). On the Intel Xeon VM
 * (480 MiB stated) 16.8, 33.6 and 67.1 MB read at 29.4 to 29.8 GB/s,
 * 134 MB at 20.2 and 268 MB at 16.4 (DRAM 16.2): 67.1 MB. */
static double
hx_model_l3_bytes(const json_t *c)
{
	const json_t *b = json_object_get(c, "read_ladder_bytes");
	const json_t *v = json_object_get(c, "read_ladder_bytes_per_s");
	const double mid = sqrt(hx_model_ceiling(c, "read_l3_bytes_per_s") *
	    hx_model_ceiling(c, "read_dram_bytes_per_s"));
	double held = hx_model_ceiling(c, "stream_l3_array_bytes");

	if (!(mid > 0) || !(held > 0) || json_array_size(b) == 0 ||
	    json_array_size(b) != json_array_size(v))
		return (double)variant_cache_bytes(3, 0);
	for (size_t i = 0; i < json_array_size(b); i++) {
		if (!(json_number_value(json_array_get(v, i)) >= mid))
			return held;
		held = json_number_value(json_array_get(b, i));
	}
	return (double)variant_cache_bytes(3, 0);
}

/* The level ("l1", "l2", "l3", "dram") that holds bytes, by the cache
 * sizes of this machine (L3's as hx_model_l3_bytes reads it from the
 * ceilings c); its index into *level. */
static const char *
hx_model_level(const json_t *c, double bytes, int *level)
{
	static const char *const names[4] = {"l1", "l2", "l3", "dram"};
	int l = 0;

	for (; l < 3; l++) {
		double size = l < 2 ? (double)variant_cache_bytes(l + 1, 0)
				    : hx_model_l3_bytes(c);
		if (size > 0 && bytes <= size)
			break;
	}
	*level = l;
	return names[l];
}

/* text with the disassembly of the functions it calls directly (one
 * level, same file, not through the PLT, not already in it: names outside
 * prefix) appended; text itself when none or on failure. */
static char *
hx_model_callees(const char *path, const char *prefix, char *text)
{
	char seen[32][128], msg[256];
	int nseen = 0;

	for (const char *p = strstr(text, "call"); p != NULL && nseen < 32;
	     p = strstr(p + 4, "call")) {
		const char *lt = strchr(p, '<'), *nl = strchr(p, '\n');
		const char *gt = lt != NULL ? strchr(lt, '>') : NULL;
		char name[128];
		int dup = 0;

		if (lt == NULL || gt == NULL || (nl != NULL && lt > nl) ||
		    gt - lt - 1 <= 0 || gt - lt - 1 >= (long)sizeof(name))
			continue;
		snprintf(
		    name, sizeof(name), "%.*s", (int)(gt - lt - 1), lt + 1);
		if (strchr(name, '@') != NULL || strchr(name, '+') != NULL ||
		    strncmp(name, prefix, strlen(prefix)) == 0)
			continue;
		for (int i = 0; i < nseen; i++)
			dup |= strcmp(seen[i], name) == 0;
		{
			/* Already disassembled: its header is in text. */
			char header[140];
			snprintf(header, sizeof(header), "<%s>:", name);
			dup |= strstr(text, header) != NULL;
		}
		if (dup)
			continue;
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", name);
	}
	for (int i = 0; i < nseen; i++) {
		char *more =
		    hx_disasm_functions(path, seen[i], 1, msg, sizeof(msg));
		char *joined;

		if (more == NULL)
			continue;
		joined = realloc(text, strlen(text) + strlen(more) + 1);
		if (joined != NULL) {
			text = joined;
			strcat(text, more);
		}
		free(more);
	}
	return text;
}

/* Whether loop a is more likely the vectorized body than b: one of packed
 * arithmetic (lanes > 1), then wider, then more instructions at its
 * width, then more instructions. */
static int
hx_model_hotter(const hx_loop_t *a, const hx_loop_t *b)
{
	/* Colony cells' band is copied a zmm at a time (a vector type of
	 * its own) where gcc, tuned for an Intel CPU, computes the pairs on
	 * ymm: the copy was the widest loop. */
	if ((a->lanes > 1) != (b->lanes > 1))
		return a->lanes > 1;
	if (a->vector_bytes != b->vector_bytes)
		return a->vector_bytes > b->vector_bytes;
	if (a->wide_insns != b->wide_insns)
		return a->wide_insns > b->wide_insns;
	return a->insns > b->insns;
}

/* Whether function (a suffix such as .constprop.0 ignored) is one of the
 * space-separated names of list. */
static int
hx_model_named(const char *function, const char *list)
{
	size_t fl = strcspn(function, ".");

	for (const char *p = list; p != NULL && *p != '\0';) {
		size_t n = strcspn(p, " ");
		if (n == fl && strncmp(p, function, n) == 0)
			return 1;
		p += n;
		p += strspn(p, " ");
	}
	return 0;
}

/* Whether function is one of the named ones: in list (when not NULL),
 * else starting with prefix. */
static int
hx_model_own(const char *function, const char *list, const char *prefix)
{
	return list != NULL ? hx_model_named(function, list)
			    : strncmp(function, prefix, strlen(prefix)) == 0;
}

/* The disassembly of the functions of list (space-separated) that path
 * holds: where the compiler inlines differently per build, a listed name
 * may be absent. NULL with msg when none is there. */
static char *
hx_model_listed(const char *path, const char *list, char *msg, size_t len)
{
	char *text = NULL, name[128];

	for (const char *p = list; *p != '\0';) {
		size_t n = strcspn(p, " ");
		char *more;

		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		p += n;
		p += strspn(p, " ");
		if (n == 0 ||
		    (more = hx_disasm_functions(path, name, 1, msg, len)) ==
			NULL)
			continue;
		if (text == NULL) {
			text = more;
			continue;
		}
		{
			char *joined =
			    realloc(text, strlen(text) + strlen(more) + 1);
			if (joined != NULL) {
				text = joined;
				strcat(text, more);
			}
			free(more);
		}
	}
	if (text == NULL)
		snprintf(msg, len, "none of %s in %s", list, path);
	return text;
}

int
hx_model_work(const variant_t *v, hx_loop_t *loop, char *msg, size_t len)
{
	char path[4096], sym[256], prefix[256], *text;
	const char *list;
	hx_loop_t loops[16];
	size_t n, best, own = 0;

	if (v == NULL || v->step == NULL) {
		snprintf(msg, len, "no variant");
		return -1;
	}
	if (hx_disasm_symbol_at((const void *)v->step, path, sizeof(path), sym,
		sizeof(sym), msg, len) != 0)
		return -1;
	if (v->hot_symbol != NULL) {
		snprintf(prefix, sizeof(prefix), "%s", v->hot_symbol);
	} else {
		char *cut = strstr(sym, "_step");
		snprintf(prefix, sizeof(prefix), "%.*s",
		    cut != NULL ? (int)(cut - sym) + 1 : (int)strlen(sym), sym);
	}
	/* The in-core entry names the functions that hold the hot loop
	 * (colony tiled: colony_tiled_span, not its diagonal blocks'
	 * colony_tiled_span_masked, which the prefix colony_tiled_ also
	 * takes): those, where no hot_symbol overrides them. */
	list = v->hot_symbol == NULL ? v->incore.functions : NULL;
	text = list != NULL ? hx_model_listed(path, list, msg, len)
			    : hx_disasm_functions(path, prefix, 0, msg, len);
	if (text == NULL)
		return -1;
	/* Two levels of callees: a step that calls a row driver that calls
	 * the pair kernel (colony naive). A listed function's callees are
	 * taken whatever their names (the prefix "-" matches none). */
	if (list != NULL)
		snprintf(prefix, sizeof(prefix), "-");
	text = hx_model_callees(path, prefix, text);
	text = hx_model_callees(path, prefix, text);
	n = hx_disasm_loops(text, loops, 16);
	free(text);
	if (n == 0) {
		snprintf(msg, len, "no loop in %s* of %s", prefix, path);
		return -1;
	}
	/* The vectorized body: the widest, then the one with the most
	 * instructions at that width (an epilogue of the same loop can hold
	 * more, narrower, instructions; colony fused's odd-N remainder,
	 * vectorized across its two halves, holds 217 instructions of which
	 * 64 name a zmm register, its pair loop 128 of which 123 do), then
	 * the largest, among the loops of the named functions when one of
	 * them is a vector loop, else among all (the callees': a step that
	 * calls its kernel). */
	for (size_t i = 0; i < n && i < 16; i++)
		own += hx_model_own(loops[i].function, list, prefix) &&
		    loops[i].vector_bytes > 0;
	best = n;
	for (size_t i = 0; i < n && i < 16; i++) {
		if (own > 0 && !hx_model_own(loops[i].function, list, prefix))
			continue;
		if (best == n || hx_model_hotter(&loops[i], &loops[best]))
			best = i;
	}
	*loop = loops[best];
	loop->mca_broadcasts = 0;
	loop->mca_cycles = hx_disasm_mca_cycles_as(path, loop->start, loop->end,
	    0, &loop->mca_broadcasts, loop->mca_note, sizeof(loop->mca_note));
	/* Again with its broadcasts from memory as loads, where it has any:
	 * the form the issue term takes where the ceilings measured that
	 * llvm-mca overprices them on this CPU (mca_broadcast_as_load). */
	loop->mca_bload_cycles = loop->mca_cycles;
	if (loop->mca_cycles > 0.0 && loop->mca_broadcasts > 0) {
		char note[160];
		double c = hx_disasm_mca_cycles_as(
		    path, loop->start, loop->end, 1, NULL, note, sizeof(note));

		if (c > 0.0)
			loop->mca_bload_cycles = c;
	}
	return 0;
}

double
hx_model_units(const variant_t *v, const params_t *p, const hx_loop_t *loop)
{
	if (v->hot_units_of != NULL && p != NULL)
		return v->hot_units_of(p);
	if (v->hot_units > 0)
		return v->hot_units;
	/* The in-core entry states the vectors an iteration of its loop
	 * computes (colony fused: pairs j and j + N/2); it holds for the
	 * model's loop when that is the entry's. */
	if (v->incore.vectors > 0 &&
	    hx_model_named(loop->function, v->incore.functions))
		return (double)loop->lanes * v->incore.vectors;
	return (double)loop->lanes;
}

/* Adds term name of seconds s to m. */
static void
hx_model_add(hx_model_t *m, const char *name, double s, int in_core)
{
	if (m->nterms >= HX_MODEL_TERMS || !isfinite(s))
		return;
	m->term[m->nterms].name = name;
	m->term[m->nterms].seconds = s;
	m->term[m->nterms].in_core = in_core;
	m->term[m->nterms].added = !in_core;
	m->nterms++;
}

/* The in-core terms, in the order of hx_model_iteration's times. */
#define HX_MODEL_IN_CORE 10
static const char *const hx_model_in_core_names[HX_MODEL_IN_CORE] = {"fma",
    "addmul", "divsqrt", "gather", "load", "store", "shuffle", "other",
    "latency", "issue"};

/* The seconds an iteration of loop l waits on its dependency chains at
 * the ceilings' latencies (hx_flow.h: the sum of its instructions' starts
 * over the waiting window), and its longest chain into *chain; NaN when
 * the ceilings lack them. */
static double
hx_model_wait(const hx_loop_t *l, const json_t *c, double carry, double *chain)
{
	double lat[HX_LAT_CLASSES], window = hx_model_ceiling(c, "wait_window");
	char key[64];

	*chain = NAN;
	for (int k = 0; k < HX_LAT_CLASSES; k++) {
		lat[k] = 0.0;
		if (hx_ceilings_latency_name(k) == NULL)
			continue;
		snprintf(key, sizeof(key), "latency_%s_s",
		    hx_ceilings_latency_name(k));
		lat[k] = hx_model_ceiling(c, key);
		/* A class the build cannot time (a gather without AVX2)
		 * counts as a load. */
		if (!isfinite(lat[k]))
			lat[k] = hx_model_ceiling(c, "latency_load_s");
	}
	if (!(window > 0) || !isfinite(lat[HX_LAT_FMA]) || l->nflow == 0)
		return NAN;
	return hx_flow_wait_after(l, lat, carry, chain) / window;
}

/* Whether in-core term name runs on the floating-point pipes. */
static int
hx_model_fp(const char *name)
{
	return strcmp(name, "fma") == 0 || strcmp(name, "addmul") == 0 ||
	    strcmp(name, "divsqrt") == 0 || strcmp(name, "shuffle") == 0;
}

/* A gather's ceiling at each level, L1 to DRAM (hx_model_level's
 * index). */
static const char *const hx_model_gather_keys[4] = {"gather_l1_per_s",
    "gather_l2_per_s", "gather_l3_per_s", "gather_dram_per_s"};

/* The seconds an index takes from a table of `bytes` by the ceilings'
 * gather ladder (hx_ceilings_t.gather_ladder_*; its rates under key, L2's
 * table's rate under l2key): the logarithm of the rate linear in the
 * logarithm of the size between the ladder's sizes, and from L2's table
 * to the first; the last size's rate beyond it. NaN where the ceilings
 * have no ladder (files from before it). */
static double
hx_model_ladder_s(
    const json_t *c, const char *key, const char *l2key, double bytes)
{
	const json_t *b = json_object_get(c, "gather_ladder_bytes");
	const json_t *v = json_object_get(c, key);
	double x0 = hx_model_ceiling(c, "gather_l2_table_bytes");
	double r0 = hx_model_ceiling(c, l2key), r1 = NAN;

	if (json_array_size(b) == 0 || json_array_size(v) != json_array_size(b))
		return NAN;
	for (size_t i = 0; i < json_array_size(b); i++) {
		const double x1 = json_number_value(json_array_get(b, i));

		r1 = json_number_value(json_array_get(v, i));
		if (!(x1 > 0) || !(r1 > 0))
			return NAN;
		if (bytes <= x1) {
			if (!(x0 > 0 && r0 > 0 && x0 < x1 && bytes > x0))
				return 1.0 / r1;
			return 1.0 /
			    (r0 * pow(r1 / r0, log(bytes / x0) / log(x1 / x0)));
		}
		x0 = x1;
		r0 = r1;
	}
	return 1.0 / r1;
}

/* The seconds a gather lane takes that re-reads a line an earlier gather
 * of its iteration fetched, from level glevel's tables (of `bytes`): the
 * stencil's (1 fetch, 3 re-reads a point: hx_ceilings_t.gather_stencil_per_s)
 * less one gather's, over 3, from L3 both at the tables' size by the
 * gather ladder where the ceilings have one; L1's rate for a gather where
 * the ceilings lack the stencil (files from before it) or it was not
 * slower than one gather. */
static double
hx_model_repeat_s(const json_t *c, int glevel, double bytes)
{
	static const char *const skey[4] = {"gather_stencil_l1_per_s",
	    "gather_stencil_l2_per_s", "gather_stencil_l3_per_s",
	    "gather_stencil_dram_per_s"};
	double r =
	    (1.0 / hx_model_ceiling(c, skey[glevel]) -
		1.0 / hx_model_ceiling(c, hx_model_gather_keys[glevel])) /
	    3.0;

	if (glevel == 2) {
		const double s = hx_model_ladder_s(
		    c, "gather_stencil_ladder_per_s", skey[1], bytes);
		const double g = hx_model_ladder_s(
		    c, "gather_ladder_per_s", hx_model_gather_keys[1], bytes);

		if (isfinite(s) && isfinite(g))
			r = (s - g) / 3.0;
	}
	return r > 0.0 ? r : 1.0 / hx_model_ceiling(c, hx_model_gather_keys[0]);
}

/* The share of a table of `bytes` read at random that L2 still serves
 * when the table is past L2 but hx_model_level puts it in L3: L2's size
 * over the table's (0 where L2's size is unknown). */
static double
hx_model_l2_share(const json_t *c, double bytes)
{
	const double s2 = (double)variant_cache_bytes(2, 0);
	int level;

	hx_model_level(c, bytes, &level);
	return level == 2 && s2 > 0 && bytes > s2 ? s2 / bytes : 0.0;
}

/* The seconds a gather lane takes that fetches its line from a table of
 * `bytes` at level glevel: the level's rate, but from L3 the rate the
 * ceilings' gather ladder measured at the table's size (hx_model_ladder_s).
 * Where the ceilings have no ladder, a random table spills out of L2 by
 * degrees. There L2 serves hx_model_l2_share of the
 * lanes at its rate and L3 the rest at its own: the L3 ceiling's table
 * (gather_l3_table_bytes) had its own share from L2, taken out of its
 * rate first. On an Intel Xeon VM (2 MiB of L2, 480 MiB of stated L3)
 * the ceiling's table was 16 MiB, an eighth from L2, and interp's 4.9
 * MB of tables are two fifths from L2: at the ceiling's rate the model
 * put interp fused 58% over its time. The share applied into *share (0
 * where none: another level, or ceilings without their table's size). */
static double
hx_model_fetch_s(const json_t *c, int glevel, double bytes, double *share)
{
	const double t =
	    1.0 / hx_model_ceiling(c, hx_model_gather_keys[glevel]);
	const double h3 =
	    hx_model_l2_share(c, hx_model_ceiling(c, "gather_l3_table_bytes"));
	const double hw = hx_model_l2_share(c, bytes);
	double t2, pure;

	*share = 0.0;
	if (glevel == 2) {
		const double l = hx_model_ladder_s(
		    c, "gather_ladder_per_s", hx_model_gather_keys[1], bytes);

		if (isfinite(l))
			return l;
	}
	if (glevel != 2 || !(hw > 0) || !(h3 > 0) || h3 >= 1.0)
		return t;
	t2 = 1.0 / hx_model_ceiling(c, hx_model_gather_keys[1]);
	pure = (t - h3 * t2) / (1.0 - h3);
	if (!(pure > t2))
		return t;
	*share = hw;
	return hw * t2 + (1.0 - hw) * pure;
}

/* llvm-mca's cycles an iteration of l as the issue term takes them: with
 * its broadcasts from memory fed as loads where the ceilings measured
 * that this is nearer to what their broadcast kernel costs
 * (mca_broadcast_as_load 1), else as compiled. */
double
hx_model_mca_cycles(const hx_loop_t *l, const json_t *c)
{
	return hx_model_ceiling(c, "mca_broadcast_as_load") == 1.0 &&
		l->mca_bload_cycles > 0.0
	    ? l->mca_bload_cycles
	    : l->mca_cycles;
}

/* The seconds one iteration of loop l spends on each in-core term, at
 * ceilings c, a gather lane that fetches its line at fetch_s[0]
 * (hx_model_fetch_s) and one that re-reads a line at fetch_s[1]
 * (hx_model_repeat_s), the results of the loops inside it ready at carry
 * seconds; its longest dependency chain
 * into *chain (hx_model_wait). */
static void
hx_model_iteration(const hx_loop_t *l, const json_t *c, const double fetch_s[2],
    double carry, double t[HX_MODEL_IN_CORE], double *chain)
{
	const double *k = l->kind;
	double vbytes = hx_model_ceiling(c, "fma_vector_width") * 4.0;
	double fma = hx_model_ceiling(c, "fma_flops_per_s") / (vbytes / 2.0);

	t[0] = k[HX_INSN_FMA] / fma;
	t[1] = k[HX_INSN_ADD] / hx_model_ceiling(c, "add_per_s") +
	    k[HX_INSN_MUL] / hx_model_ceiling(c, "mul_per_s");
	t[2] = k[HX_INSN_DIVPS] / hx_model_ceiling(c, "divps_per_s") +
	    k[HX_INSN_DIVPD] / hx_model_ceiling(c, "divpd_per_s") +
	    k[HX_INSN_SQRTPS] / hx_model_ceiling(c, "sqrtps_per_s") +
	    k[HX_INSN_SQRTPD] / hx_model_ceiling(c, "sqrtpd_per_s");
	/* Gathers that re-read lines an earlier gather of the iteration
	 * fetched (hx_loop_t.gather_repeat_lanes) at hx_model_repeat_s, the
	 * rest at their level's rate. */
	t[3] = (l->gather_lanes - l->gather_repeat_lanes) * fetch_s[0] +
	    l->gather_repeat_lanes * fetch_s[1];
	/* Loads and stores at the L1 stream rates, one vector each. */
	t[4] = k[HX_INSN_LOAD] * vbytes /
	    hx_model_ceiling(c, "read_l1_bytes_per_s");
	t[5] = k[HX_INSN_STORE] * vbytes /
	    hx_model_ceiling(c, "write_l1_bytes_per_s");
	/* Shuffles at the adder's rate, the rest at the scalar integer
	 * rate (neither has a kernel of its own). */
	t[6] = k[HX_INSN_SHUFFLE] / hx_model_ceiling(c, "add_per_s");
	t[7] = k[HX_INSN_OTHER] / hx_model_ceiling(c, "int_per_s");
	/* The chains: how long an iteration's instructions wait for their
	 * inputs, over the instructions the core holds waiting. */
	t[8] = hx_model_wait(l, c, carry, chain);
	/* The body as llvm-mca runs it on this CPU's ports, scheduler and
	 * reorder buffer, loads from L1 (hx_disasm_mca_cycles), at the
	 * seconds a cycle the FMA kernel calibrates: what the other terms'
	 * maximum misses where instructions contend for the same ports or
	 * an iteration's chain outgrows the window. */
	t[9] = l->mca_cycles > 0.0
	    ? hx_model_mca_cycles(l, c) * hx_model_ceiling(c, "mca_cycle_s")
	    : NAN;
}

/* The gathers and the rest of the loop's in-core work together: the
 * larger, and the smaller as far as it does not hide under it (gover,
 * the ceilings' gather_fp_overlap at the gathers' level: 1 hides it, 0
 * adds it). */
static double
hx_model_gather_rest(double gather, double rest, double gover)
{
	return fmax(gather, rest) + (1.0 - gover) * fmin(gather, rest);
}

/* The ceilings' overlaps: fp_overlap into *fp, and into *gather the
 * gathers' with the other in-core work at their level glevel (L1's,
 * gather_l1_fp_overlap, and L2's, gather_l2_fp_overlap, for gathers
 * those levels serve, where the ceilings have them; else
 * gather_fp_overlap, measured from L3), each 1 (the terms' maximum)
 * when missing or out of [0, 1]. */
static void
hx_model_overlaps(const json_t *c, int glevel, double *fp, double *gather)
{
	static const char *const by_level[2] = {
	    "gather_l1_fp_overlap", "gather_l2_fp_overlap"};

	*fp = hx_model_ceiling(c, "fp_overlap");
	*gather = glevel >= 0 && glevel < 2
	    ? hx_model_ceiling(c, by_level[glevel])
	    : NAN;
	if (!(*gather >= 0.0 && *gather <= 1.0))
		*gather = hx_model_ceiling(c, "gather_fp_overlap");
	if (!(*fp >= 0.0 && *fp <= 1.0))
		*fp = 1.0;
	if (!(*gather >= 0.0 && *gather <= 1.0))
		*gather = 1.0;
}

/* The in-core rule over times t (of one iteration, or of a run; NaN: no
 * such term) at ceilings c: the floating-point ones overlap as far as
 * fp_overlap says (their combined time into *fp_s when not NULL), the
 * result and the other terms but the gathers by their maximum, and that
 * and the gathers as far as the gathers' level's gather_fp_overlap says
 * (the ceilings' mix holds the gathers and a like time of FMAs: the
 * loop's other work, which shares the vector ports with the gathers'
 * own operations). */
static double
hx_model_in_core_rule(
    const double t[HX_MODEL_IN_CORE], const json_t *c, int glevel, double *fp_s)
{
	double fp_max = 0.0, fp_sum = 0.0, most = 0.0, gather = 0.0, fp;
	double overlap, gover;

	hx_model_overlaps(c, glevel, &overlap, &gover);
	for (int i = 0; i < HX_MODEL_IN_CORE; i++) {
		if (!isfinite(t[i]))
			continue;
		if (hx_model_fp(hx_model_in_core_names[i])) {
			fp_max = fmax(fp_max, t[i]);
			fp_sum += t[i];
		} else if (strcmp(hx_model_in_core_names[i], "gather") == 0) {
			gather = t[i];
		} else {
			most = fmax(most, t[i]);
		}
	}
	fp = fp_max + (1.0 - overlap) * (fp_sum - fp_max);
	if (fp_s != NULL)
		*fp_s = fp;
	return hx_model_gather_rest(gather, fmax(most, fp), gover);
}

/* The in-core terms of the hot loop, per run of `units` units. */
static void
hx_model_in_core(hx_model_t *m, const json_t *c, double units, int glevel)
{
	double t[HX_MODEL_IN_CORE], it = m->iters_per_unit * units;

	m->gather_fetch_s[0] =
	    hx_model_fetch_s(c, glevel, m->gather_bytes, &m->gather_l2_share);
	m->gather_fetch_s[1] = hx_model_repeat_s(c, glevel, m->gather_bytes);
	hx_model_iteration(&m->loop, c, m->gather_fetch_s, 0.0, t, &m->chain_s);
	for (int i = 0; i < HX_MODEL_IN_CORE; i++)
		hx_model_add(m, hx_model_in_core_names[i], it * t[i], 1);
	m->wait_s = t[8];
	m->wait_window = hx_model_ceiling(c, "wait_window");
}

/* The working set of r: its inputs and peak workspace, bytes. */
static double
hx_model_working_set(const json_t *r)
{
	double ws = hx_model_at(r, "memory.input_bytes");
	double peak = hx_model_at(r, "memory.peak_workspace_bytes");

	return (isfinite(ws) ? ws : 0.0) + (isfinite(peak) ? peak : 0.0);
}

/* The data terms: from the simulation when r has one, else work.bytes
 * served by the level of the working set, counted as a copy's: half read,
 * half written. The reads add; so do the writes, but where they are the
 * hot loop's stores (a stated pass reads back what it stored,
 * variant_pass_t.reads_back), which the core retires into its store buffer
 * and the caches write back while the loop computes: then only what of
 * them outlasts its in-core time adds (hx_model_combine). Measured (--profile,
 * colony at N = 4096, 5 steps, the Intel Xeon VM): the loop that reads the (B,
 * N) or (N, N) arrays back took 42.5 ms (chunked, 16.8 MB, L3) and 89.0 ms
 * (naive-reuse, 268 MB, DRAM) over its instructions for 1.34 GB, 31.6 and 15.1
 * GB/s, the read rates of those levels (29.8 and 16.2); the pair loop that
 * stores them took 8.9 and 28.3 ms over its in-core 98.7 ms, where the writes
 * alone at the write rates take 44.9 and 135.5 ms. At the copy rate, the
 * whole 2.68 GB as one term, chunked read +28.5%. */
static void
hx_model_data(hx_model_t *m, const json_t *r, const json_t *c, double units)
{
	static const char *const read[4] = {"read_l1_bytes_per_s",
	    "read_l2_bytes_per_s", "read_l3_bytes_per_s",
	    "read_dram_bytes_per_s"};
	static const char *const write[4] = {"write_l1_bytes_per_s",
	    "write_l2_bytes_per_s", "write_l3_bytes_per_s",
	    "write_dram_bytes_per_s"};
	double d1 = hx_field_number(r, HX_F_SIM_D1_PER_UNIT);
	double ll = hx_field_number(r, HX_F_SIM_LL_PER_UNIT);
	double ws = hx_model_working_set(r);
	int level, before;

	if (isfinite(d1) && isfinite(ll)) {
		m->bytes_source = "cachesim";
		m->bytes_l2_per_unit = 64.0 * d1;
		m->bytes_dram_per_unit = 64.0 * ll;
		m->data_level = "l2";
		hx_model_add(m, "l2",
		    units * m->bytes_l2_per_unit /
			hx_model_ceiling(c, "read_l2_bytes_per_s"),
		    0);
		hx_model_add(m, "dram",
		    units * m->bytes_dram_per_unit /
			hx_model_ceiling(c, "read_dram_bytes_per_s"),
		    0);
		return;
	}
	m->bytes_source = "work.bytes";
	m->data_level = hx_model_level(c, ws, &level);
	m->bytes_dram_per_unit = hx_field_number(r, HX_F_WORK_BYTES) / units;
	if (level == 0 || !isfinite(m->bytes_dram_per_unit))
		return;
	m->data_read_s = 0.5 * units * m->bytes_dram_per_unit /
	    hx_model_ceiling(c, read[level]);
	m->data_write_s = 0.5 * units * m->bytes_dram_per_unit /
	    hx_model_ceiling(c, write[level]);
	before = m->nterms;
	hx_model_add(m, m->data_level, m->data_read_s + m->data_write_s, 0);
	if (m->nterms > before)
		m->data_term = m->nterms;
}

const char *
hx_model_verdict(const char *const *name, const double *s, int n,
    double predicted_s, double measured_s, char *buf, size_t len)
{
	if (!(fabs((predicted_s - measured_s) / measured_s) <=
		HX_MODEL_TOLERANCE))
		return "not determined";
	return hx_model_limiter_name(
	    name, s, n, fabs(predicted_s - measured_s), buf, len);
}

const char *
hx_model_limiter_name(const char *const *name, const double *s, int n,
    double miss_s, char *buf, size_t len)
{
	int order[HX_MODEL_TERMS] = {0}, k = 0;
	size_t used = 0;

	/* The terms by their seconds, largest first (insertion). */
	for (int i = 0; i < n && k < HX_MODEL_TERMS; i++) {
		int j = k++;
		for (; j > 0 && s[order[j - 1]] < s[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	buf[0] = '\0';
	/* More than HX_MODEL_LIMITER_TERMS within the miss: none is the
	 * limiter. */
	if (k > HX_MODEL_LIMITER_TERMS &&
	    s[order[HX_MODEL_LIMITER_TERMS]] >= s[order[0]] - miss_s) {
		snprintf(buf, len, "not determined");
		return buf;
	}
	for (int j = 0;
	     j < k && (j == 0 || s[order[j]] >= s[order[0]] - miss_s); j++)
		used += (size_t)snprintf(used < len ? buf + used : NULL,
		    used < len ? len - used : 0, "%s%s", j ? " or " : "",
		    name[order[j]]);
	return buf;
}

/* Sums, shares, the limiter and the verdict. The floating-point terms
 * overlap as far as the ceilings' FMA-and-divide mix measured (overlap 1:
 * their maximum; 0: their sum); the result overlaps the other in-core
 * terms (their maximum); data and faults add, of work.bytes' writes,
 * where the hot loop makes them, only what outlasts that in-core time
 * (hx_model_data). */
static void
hx_model_combine(hx_model_t *m, const json_t *c)
{
	double t[HX_MODEL_IN_CORE], rest = 0.0, in_core, hidden = 0.0,
				    secs[HX_MODEL_TERMS];
	const char *names[HX_MODEL_TERMS];

	for (int k = 0; k < HX_MODEL_IN_CORE; k++)
		t[k] = NAN;
	for (int i = 0; i < m->nterms; i++)
		for (int k = 0; k < HX_MODEL_IN_CORE && !m->term[i].added; k++)
			if (strcmp(m->term[i].name,
				hx_model_in_core_names[k]) == 0)
				t[k] = m->term[i].seconds;
	hx_model_overlaps(
	    c, m->gather_index, &m->fp_overlap, &m->gather_fp_overlap);
	in_core = hx_model_in_core_rule(t, c, m->gather_index, &m->fp_s);
	/* The writes hide under the hot loop only where the hot loop makes
	 * them: where a pass reads back what it stored (reads_back). A
	 * sort's scatters, a copy before the loop or an op-by-op schedule's
	 * arrays are written apart from its in-core work. */
	if (hx_model_reads_back(m) > 0 && isfinite(in_core))
		hidden = in_core;
	if (m->data_term > 0)
		m->term[m->data_term - 1].seconds = m->data_read_s +
		    m->data_refill_s + fmax(0.0, m->data_write_s - hidden);
	for (int i = 0; i < m->nterms; i++) {
		if (m->term[i].added)
			rest += m->term[i].seconds;
		names[i] = m->term[i].name;
		secs[i] = m->term[i].seconds;
	}
	m->predicted_s = in_core + rest;
	m->error = (m->predicted_s - m->measured_s) / m->measured_s;
	m->limiter = hx_model_verdict(names, secs, m->nterms, m->predicted_s,
	    m->measured_s, m->limiter_buf, sizeof(m->limiter_buf));
	m->unexplained_s = fabs(m->error) <= HX_MODEL_TOLERANCE
	    ? NAN
	    : m->measured_s - m->predicted_s;
}

/* A streaming hot loop's loads (variant_t.hot_streams): each vector read
 * once from the level the working set fits, at that level's read rate, a
 * data term in place of the in-core load term. From L3 the blocks it
 * reads at random (hoisted's rows) come from L2 in its share of the
 * working set (hx_model_l2_share), at L2's read rate: the L3 ceiling's
 * arrays, read in order, are not (on an Intel Xeon VM with 2 MiB of L2,
 * hoisted read its 5.24 MB of rows at 37 GB/s at N = 1e5, L3's ceiling
 * 30 GB/s). The set is the variant's where it states one (stated,
 * gather_bytes_of: hoisted's rows), else the working set. */
static void
hx_model_streams(hx_model_t *m, const json_t *r, const json_t *c, double units,
    double stated)
{
	static const char *const read[4] = {"read_l1_bytes_per_s",
	    "read_l2_bytes_per_s", "read_l3_bytes_per_s",
	    "read_dram_bytes_per_s"};
	/* The loop's own width where the disassembler read one: a ymm loop
	 * of an AVX-512 build reads 32 bytes a load, not the ceilings' 64
	 * (interp hoisted built for an Intel CPU's 256-bit preference: its
	 * stream was priced twice over). */
	double vbytes = m->loop.vector_bytes > 0
	    ? (double)m->loop.vector_bytes
	    : hx_model_ceiling(c, "fma_vector_width") * 4.0;
	/* The bytes they range over: the variant's (gather_bytes_of), else
	 * the working set. */
	const double set = stated > 0 ? stated : hx_model_working_set(r);
	int level;
	const char *name = hx_model_level(c, set, &level);

	if (level == 0)
		return;
	for (int i = 0; i < m->nterms; i++)
		if (strcmp(m->term[i].name, "load") == 0)
			m->term[i].seconds = 0.0;
	const double hw = hx_model_l2_share(c, set);

	m->bytes_stream_per_unit =
	    m->iters_per_unit * m->loop.kind[HX_INSN_LOAD] * vbytes;
	m->stream_level = name;
	m->stream_l2_share = hw;
	hx_model_add(m, name,
	    units * m->bytes_stream_per_unit *
		(hw / hx_model_ceiling(c, read[1]) +
		    (1.0 - hw) / hx_model_ceiling(c, read[level])),
	    0);
}

/* A run's share of the pages the guest handed to its host while the
 * result's window was open (conditions.host_reported_bytes over the cold
 * run, the warm-ups, the timed and the rewarm runs): 0 where it is not
 * counted, or where the window held other results' runs too (an
 * interleaved group: the pages are every run's, whose share is not
 * known). */
static double
hx_model_reported_pages(const json_t *r)
{
	const double bytes = hx_field_number(r, HX_F_HOST_REPORTED);
	const double inter = hx_field_number(r, HX_F_INTERLEAVED_RUNS);
	const double counts[] = {hx_field_number(r, HX_F_SETTINGS_WARMUP),
	    hx_field_number(r, HX_F_SETTINGS_REPEAT),
	    hx_field_number(r, HX_F_REWARM_RUNS)};
	double runs = 1.0;

	if (!(bytes > 0) || inter > 1)
		return 0.0;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (counts[i] > 0)
			runs += counts[i];
	return bytes / 4096.0 / runs;
}

/* The run's faults that take pages its host took back (hx_model.h): a
 * virtual machine whose balloon reports free memory to the host serves a
 * first touch from the free blocks it has not reported first, then from
 * those the host no longer backs, at the host's price too; and a page
 * the run freed, which the guest handed to the host before the run wrote
 * it again, costs the host's price once more. */
static void
hx_model_host_faults(hx_model_t *m, const json_t *r, const json_t *c)
{
	const double peak = hx_field_number(r, HX_F_PEAK_RSS);
	const double base = hx_field_number(r, HX_F_RSS_BASELINE);
	double beyond;

	m->free_unreported = hx_field_number(r, HX_F_FREE_UNREPORTED);
	m->reported_pages = hx_model_reported_pages(r);
	beyond = (peak - base - m->free_unreported) / 4096.0;
	if (!(isfinite(beyond) && beyond > 0))
		beyond = 0.0;
	m->host_fault_s = hx_model_ceiling(c, "host_fault_s");
	m->host_faults = 0.0;
	if (m->host_fault_s > 0 && isfinite(m->faults))
		m->host_faults = fmin(m->faults, beyond + m->reported_pages);
}

int
hx_model_compute(const json_t *r, const hx_loop_t *loop, double hot_units,
    int streams, double gather_bytes, const json_t *c, hx_model_t *m, char *msg,
    size_t len)
{
	double units = hx_model_at(r, "work.units");
	double gset = gather_bytes > 0 ? gather_bytes
				       : hx_model_at(r, "memory.input_bytes");
	int glevel;

	memset(m, 0, sizeof(*m));
	m->measured_s = hx_field_number(r, HX_F_TIME_MEDIAN);
	if (!(units > 0) || !(m->measured_s > 0)) {
		snprintf(msg, len, "the result has no work.units or median");
		return -1;
	}
	if (!(hx_model_ceiling(c, "add_per_s") > 0) ||
	    !(hx_model_ceiling(c, "fma_flops_per_s") > 0)) {
		snprintf(msg, len,
		    "the ceilings lack the in-core kernels (add_per_s): "
		    "measure them with this harness's ceilings");
		return -1;
	}
	m->loop = *loop;
	m->iters_per_unit =
	    1.0 / (hot_units > 0 ? hot_units : (double)(loop->lanes));
	for (int k = 0; k < HX_INSN_KINDS; k++)
		m->class_per_unit[hx_insn_class_of(k)] +=
		    loop->kind[k] * m->iters_per_unit;
	m->insn_per_unit = loop->insns * m->iters_per_unit;
	m->sim_insn_per_unit = hx_field_number(r, HX_F_SIM_INSN_PER_UNIT);
	m->gathers_per_unit = loop->gather_lanes * m->iters_per_unit;
	m->gather_repeats_per_unit =
	    loop->gather_repeat_lanes * m->iters_per_unit;
	/* The gathers read the inputs (tables), or the part of them the
	 * schedule keeps them on: the level that holds it. */
	m->gather_bytes = isfinite(gset) ? gset : 0;
	m->gather_level = hx_model_level(c, m->gather_bytes, &glevel);
	m->gather_index = glevel;
	hx_model_in_core(m, c, units, glevel);
	if (!(m->loop.mca_cycles > 0.0))
		snprintf(m->issue_missing, sizeof(m->issue_missing),
		    "no llvm-mca read the hot loop: %s",
		    m->loop.mca_note[0] != '\0' ? m->loop.mca_note : "not run");
	else if (!(hx_model_ceiling(c, "mca_cycle_s") > 0.0))
		snprintf(m->issue_missing, sizeof(m->issue_missing),
		    "the ceilings have no mca_cycle_s (no llvm-mca read their "
		    "FMA kernel when they were measured)");
	if (streams)
		hx_model_streams(m, r, c, units, gather_bytes);
	hx_model_data(m, r, c, units);
	m->faults = hx_field_number(r, HX_F_MINOR_FAULTS);
	m->fault_s = hx_model_ceiling(c, "minor_fault_s");
	/* A page that faults afresh each run was given back in a run (in
	 * steady state, as many as fault): its release is paid too. */
	m->release_s = hx_model_ceiling(c, "page_release_s");
	hx_model_host_faults(m, r, c);
	if (isfinite(m->faults) && isfinite(m->fault_s)) {
		const double rel = isfinite(m->release_s) ? m->release_s : 0.0;
		hx_model_add(m, "faults",
		    (m->faults - m->host_faults) * (m->fault_s + rel) +
			(m->host_faults > 0
				? m->host_faults * (m->host_fault_s + rel)
				: 0.0),
		    0);
	}
	hx_model_combine(m, c);
	return 0;
}

/* The loop of pass ps in the disassembly of its function in path; when
 * serial, in the function less its OpenMP-outlined copies
 * (HX_DISASM_SERIAL). */
static int
hx_model_pass_loop(const char *path, const variant_pass_t *ps, int serial,
    hx_loop_t *out, char *msg, size_t len)
{
	hx_loop_t loops[32];
	char *text = hx_disasm_functions(
	    path, ps->function, serial ? HX_DISASM_SERIAL : 1, msg, len);
	size_t n, best;
	int seen = 0;

	if (text == NULL)
		return -1;
	n = hx_disasm_loops(text, loops, 32);
	best = n;
	if (ps->lanes == 0 || ps->lanes == VARIANT_PASS_AROUND) {
		for (size_t i = 0; i < n && i < 32; i++)
			if (best == n ||
			    hx_model_hotter(&loops[i], &loops[best]))
				best = i;
	} else {
		/* hx_disasm_loops lists the largest first. */
		for (size_t i = 0; i < n && i < 32 && best == n; i++)
			if (loops[i].lanes == ps->lanes && seen++ == ps->nth)
				best = i;
	}
	if (best == n) {
		free(text);
		snprintf(msg, len, "no loop %d of %d lanes in %s", ps->nth,
		    ps->lanes, ps->function);
		return -1;
	}
	*out = loops[best];
	if (ps->lanes == VARIANT_PASS_AROUND &&
	    hx_disasm_around(text, &loops[best], out) != 0) {
		free(text);
		snprintf(msg, len, "no loop around the widest loop of %s",
		    ps->function);
		return -1;
	}
	free(text);
	return 0;
}

int
hx_model_passes_work(const variant_t *v, const params_t *p,
    hx_model_pass_t pass[VARIANT_PASSES], int *n, char *msg, size_t len)
{
	char path[4096], sym[256];

	*n = 0;
	if (v->passes[0].function == NULL)
		return 0;
	if (hx_disasm_symbol_at((const void *)v->step, path, sizeof(path), sym,
		sizeof(sym), msg, len) != 0)
		return -1;
	for (int i = 0; i < VARIANT_PASSES && v->passes[i].function != NULL;
	     i++) {
		const variant_pass_t *ps = &v->passes[i];
		int found;

		/* A pass whose loop this build does not hold (another
		 * width, inlined elsewhere) is left out, not an error: the
		 * hot loop's model stands without it. */
		memset(&pass[*n], 0, sizeof(pass[*n]));
		if (ps->iterations_of == NULL)
			continue;
		/* On one thread VARIANT_PARALLEL runs a region's serial copy:
		 * the loop is looked for without the outlined bodies first,
		 * so that the loop priced is the one the run executes (the
		 * profile sums its samples by those addresses). */
		found = variant_threads(p) <= 1 &&
		    hx_model_pass_loop(path, ps, 1, &pass[*n].loop, msg, len) ==
			0;
		if (!found &&
		    hx_model_pass_loop(path, ps, 0, &pass[*n].loop, msg, len) !=
			0)
			continue;
		pass[*n].iterations = ps->iterations_of(p);
		pass[*n].prefetches_hot = ps->prefetches_hot;
		pass[*n].reads_back = ps->reads_back;
		if (ps->per_lane && pass[*n].loop.lanes > 1)
			pass[*n].iterations /= pass[*n].loop.lanes;
		(*n)++;
	}
	return 0;
}

/* The seconds an iteration of l spends in the functions it calls, at the
 * ceilings' measured call of each (call_<callee>_s); a callee without
 * one counts nothing. */
static double
hx_model_calls_s(const hx_loop_t *l, const json_t *c)
{
	double s = 0.0;
	char key[64];

	for (int i = 0; i < l->ncallees && i < HX_LOOP_CALLEES; i++) {
		double price;

		snprintf(key, sizeof(key), "call_%s_s", l->callee[i]);
		price = hx_model_ceiling(c, key);
		if (isfinite(price) && price > 0)
			s += l->calls[i] * price;
	}
	return s;
}

void
hx_model_add_passes(
    hx_model_t *m, const json_t *c, const hx_model_pass_t *pass, int n)
{
	double sum = 0.0, t[HX_MODEL_IN_CORE];

	m->npasses = 0;
	for (int i = 0; i < n && i < VARIANT_PASSES; i++) {
		m->pass[i] = pass[i];
		double chain;

		/* Code around the hot loop waits for its chain. */
		hx_model_iteration(
		    &pass[i].loop, c, m->gather_fetch_s, m->chain_s, t, &chain);
		/* A call runs apart from the loop's own instructions: its
		 * measured price adds. */
		const double calls = hx_model_calls_s(&pass[i].loop, c);

		m->pass[i].seconds = pass[i].iterations *
		    (hx_model_in_core_rule(t, c, m->gather_index, NULL) +
			calls);
		m->pass[i].calls_s = pass[i].iterations * calls;
		sum += m->pass[i].seconds;
		m->npasses++;
	}
	{
		int before = m->nterms;

		if (m->npasses == 0)
			return;
		hx_model_add(m, "passes", sum, 1);
		if (m->nterms == before)
			return;
		m->term[before].added = 1;
		hx_model_combine(m, c);
	}
}

void
hx_model_add_refill(
    hx_model_t *m, const json_t *r, const json_t *c, double bytes_per_unit)
{
	double units = hx_model_at(r, "work.units");
	double inputs = hx_model_at(r, "memory.input_bytes");
	const char *name;
	int level;
	double s;

	if (!(bytes_per_unit > 0) || !(units > 0) || !isfinite(inputs))
		return;
	name = hx_model_level(c, inputs, &level);
	if (level <= m->gather_index)
		return;
	/* A gather lane that misses fetches one 64-byte line. */
	s = units * bytes_per_unit / 64.0 /
	    hx_model_ceiling(c, hx_model_gather_keys[level]);
	if (!isfinite(s))
		return;
	m->gather_refill_per_unit = bytes_per_unit;
	m->gather_refill_level = name;
	for (int i = 0; i < m->nterms; i++)
		if (m->term[i].added && strcmp(m->term[i].name, name) == 0) {
			/* The data term's seconds are its reads' and writes'
			 * (hx_model_combine): these are the hot loop's reads.
			 */
			if (m->data_term == i + 1)
				m->data_refill_s += s;
			else
				m->term[i].seconds += s;
			hx_model_combine(m, c);
			return;
		}
	hx_model_add(m, name, s, 0);
	hx_model_combine(m, c);
}
