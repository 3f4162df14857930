/*
 * Each variant's hot loop against its in-core minimum (variant_incore_t):
 * the loop's instructions, counted by class from the compiled object
 * (objdump -d of every object under obj/variants of the native build
 * beside FB_HARNESS and of the x86-64-v3 build beside it, build/valgrind),
 * per unit of work, against the instructions the spec's arithmetic needs
 * per unit at the build's vector width plus the allowance the variant
 * argues. The minimum is stated in the variant's file from the spec's
 * operations, never from a measurement, so a loop the compiler made worse
 * (left scalar, a gather of a loop invariant, spills) fails; a loop with
 * fewer multiply-adds, divides, square roots or gathers than the stated
 * minimum fails too (the minimum would then not be one, or the loop found
 * not the hot one). The second test builds colony fused at -O1 and
 * scalar and shows that both fail the same check.
 */
#include <criterion/criterion.h>
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_spawn.h"
#include "variant.h"

/* Instruction classes, in the order of variant_incore_t's counts. */
enum {
	INSN_FMA,
	INSN_DIVSQRT,
	INSN_ROUND,
	INSN_SELECT,
	INSN_GATHER,
	INSN_OTHER,
	INSN_CLASSES
};

static const char *const insn_class_names[INSN_CLASSES] = {
    "fma", "div/sqrt", "round", "select", "gather", "other"};

/* Mnemonic prefixes (AT&T, as objdump prints them) by class; the rest
 * (loads, stores, broadcasts, shuffles, integer vector arithmetic, scalar
 * loop control) are "other". vpxor and the like count as selects: they
 * are the bit blends and the zeroing idiom. */
static const struct {
	const char *prefix;
	int cls;
} insn_prefixes[] = {
    {"vgather", INSN_GATHER},
    {"vpgather", INSN_GATHER},
    {"vdiv", INSN_DIVSQRT},
    {"vsqrt", INSN_DIVSQRT},
    {"vrcp", INSN_DIVSQRT},
    {"vrsqrt", INSN_DIVSQRT},
    {"vfmadd", INSN_FMA},
    {"vfmsub", INSN_FMA},
    {"vfnmadd", INSN_FMA},
    {"vfnmsub", INSN_FMA},
    {"vaddp", INSN_FMA},
    {"vadds", INSN_FMA},
    {"vsubp", INSN_FMA},
    {"vsubs", INSN_FMA},
    {"vmulp", INSN_FMA},
    {"vmuls", INSN_FMA},
    {"vround", INSN_ROUND},
    {"vrndscale", INSN_ROUND},
    {"vcvt", INSN_ROUND},
    {"vcmp", INSN_SELECT},
    {"vpcmp", INSN_SELECT},
    {"vblend", INSN_SELECT},
    {"vpblend", INSN_SELECT},
    {"vmin", INSN_SELECT},
    {"vmax", INSN_SELECT},
    {"vpmins", INSN_SELECT},
    {"vpmaxs", INSN_SELECT},
    {"vpminu", INSN_SELECT},
    {"vpmaxu", INSN_SELECT},
    {"vand", INSN_SELECT},
    {"vpand", INSN_SELECT},
    {"vor", INSN_SELECT},
    {"vpor", INSN_SELECT},
    {"vxor", INSN_SELECT},
    {"vpxor", INSN_SELECT},
    {"vpternlog", INSN_SELECT},
};

static int
insn_class(const char *mnemonic)
{
	for (size_t i = 0; i < sizeof(insn_prefixes) / sizeof(insn_prefixes[0]);
	     i++) {
		const char *p = insn_prefixes[i].prefix;

		if (strncmp(mnemonic, p, strlen(p)) == 0)
			return insn_prefixes[i].cls;
	}
	return INSN_OTHER;
}

/* One innermost loop of an object: its function, its instructions by
 * class and its vector width in float lanes (16 with a zmm register, 8
 * with a ymm one, 4 with packed xmm, 1 scalar). */
typedef struct insn_loop_s {
	char function[128];
	int count[INSN_CLASSES], total, lanes;
	int packed; /* arithmetic instructions on more than one lane */
} insn_loop_t;

/* One disassembled instruction. */
typedef struct insn_line_s {
	unsigned long addr, target; /* target: a backward jump's, else 0 */
	char mnemonic[64];
	int cls, lanes;
} insn_line_t;

#define INSN_MAX_LINES 40000
#define INSN_MAX_LOOPS 2000

typedef struct insn_object_s {
	insn_loop_t loops[INSN_MAX_LOOPS];
	int nloops;
} insn_object_t;

/* Lanes an instruction's operands show. */
static int
insn_operand_lanes(const char *mnemonic, const char *operands)
{
	size_t n = strlen(mnemonic);

	if (strstr(operands, "%zmm") != NULL)
		return 16;
	if (strstr(operands, "%ymm") != NULL)
		return 8;
	if (strstr(operands, "%xmm") != NULL && n > 2 &&
	    strcmp(mnemonic + n - 2, "ps") == 0)
		return 4;
	return 1;
}

/* The innermost loops of function fn (its instructions line[0..n)) added
 * to obj: a backward jump to an address in the function makes a loop
 * from the target to the jump; innermost is a loop holding no other. */
static void
insn_function_loops(
    const char *fn, const insn_line_t *line, int n, insn_object_t *obj)
{
	for (int e = 0; e < n; e++) {
		int inner = 1;

		if (line[e].target == 0)
			continue;
		for (int o = 0; o < n && inner; o++)
			if (o != e && line[o].target != 0 &&
			    line[o].target >= line[e].target &&
			    line[o].addr <= line[e].addr &&
			    (line[o].target != line[e].target ||
				line[o].addr != line[e].addr))
				inner = 0;
		if (!inner || obj->nloops == INSN_MAX_LOOPS)
			continue;
		insn_loop_t *l = &obj->loops[obj->nloops++];

		memset(l, 0, sizeof(*l));
		snprintf(l->function, sizeof(l->function), "%s", fn);
		l->lanes = 1;
		for (int i = 0; i < n; i++) {
			if (line[i].addr < line[e].target ||
			    line[i].addr > line[e].addr)
				continue;
			l->count[line[i].cls]++;
			l->total++;
			if (line[i].lanes > 1 && line[i].cls != INSN_OTHER &&
			    line[i].cls != INSN_SELECT)
				l->packed++;
			if (line[i].lanes > l->lanes)
				l->lanes = line[i].lanes;
		}
	}
}

/* One line of objdump's output into *l: 1 for an instruction, 0 for
 * anything else; a function's header line's name into fn. */
static int
insn_parse_line(const char *text, insn_line_t *l, char *fn, size_t fnlen)
{
	char mnemonic[64], operands[256] = "";
	unsigned long addr, target;
	const char *lt, *gt;

	if (text[0] != ' ') {
		if ((lt = strchr(text, '<')) != NULL &&
		    (gt = strstr(lt, ">:")) != NULL)
			snprintf(fn, fnlen, "%.*s", (int)(gt - lt - 1), lt + 1);
		return 0;
	}
	if (sscanf(text, " %lx: %63s %255[^\n]", &addr, mnemonic, operands) < 2)
		return 0;
	memset(l, 0, sizeof(*l));
	l->addr = addr;
	snprintf(l->mnemonic, sizeof(l->mnemonic), "%s", mnemonic);
	l->cls = insn_class(mnemonic);
	/* The loop's width is its arithmetic's: a scalar loop copies and
	 * zeroes whole xmm registers too. */
	if (l->cls != INSN_OTHER && l->cls != INSN_SELECT)
		l->lanes = insn_operand_lanes(mnemonic, operands);
	/* A conditional jump back: a loop's back edge (an unconditional one
	 * back is code laid out after the loop that rejoins it). */
	if (mnemonic[0] == 'j' && strcmp(mnemonic, "jmp") != 0 &&
	    sscanf(operands, "%lx <", &target) == 1 && target <= addr)
		l->target = target;
	return 1;
}

/* The innermost loops of every function of the object at path, added to
 * obj (objdump -d into dir). */
static void
insn_object_read(const char *path, const char *dir, insn_object_t *obj)
{
	char cmd[1024], out[300], fn[128] = "", cur[128] = "";
	static insn_line_t line[INSN_MAX_LINES];
	int n = 0;
	FILE *f;
	char text[512];

	snprintf(out, sizeof(out), "%s/objdump.txt", dir);
	snprintf(cmd, sizeof(cmd),
	    "objdump -d --no-show-raw-insn -M att '%s' > '%s'", path, out);
	cr_assert_eq(system(cmd), 0, "%s failed", cmd);
	f = fopen(out, "r");
	cr_assert_not_null(f);
	while (fgets(text, sizeof(text), f) != NULL) {
		insn_line_t l;

		if (!insn_parse_line(text, &l, fn, sizeof(fn))) {
			if (strcmp(fn, cur) != 0) {
				insn_function_loops(cur, line, n, obj);
				snprintf(cur, sizeof(cur), "%s", fn);
				n = 0;
			}
			continue;
		}
		if (n < INSN_MAX_LINES)
			line[n++] = l;
	}
	insn_function_loops(cur, line, n, obj);
	fclose(f);
}

/* 1 when the object's function name (a suffix after '.' ignored) is one
 * of the space-separated names. */
static int
insn_function_named(const char *function, const char *names)
{
	size_t len = strcspn(function, ".");
	const char *p = names;

	while (*p != '\0') {
		size_t w = strcspn(p, " ");

		if (w == len && strncmp(p, function, len) == 0)
			return 1;
		p += w;
		p += strspn(p, " ");
	}
	return 0;
}

static int
insn_arith(const insn_loop_t *l)
{
	return l->count[INSN_FMA] + l->count[INSN_DIVSQRT] +
	    l->count[INSN_GATHER];
}

/* 1 when the loop holds divides or square roots, and gathers, exactly
 * where the minimum has them: hoisted's per-point loop (a divide) is not
 * its pair loop (none). */
static int
insn_profile(const insn_loop_t *l, const variant_incore_t *in)
{
	return (l->count[INSN_DIVSQRT] > 0) == (in->divsqrt > 0) &&
	    (l->count[INSN_GATHER] > 0) == (in->gather > 0);
}

/* Whether loop a is hotter than b: more packed arithmetic (a row's
 * horizontal sums, scalar, make a loop of many adds that is not the
 * vectorized pair loop), then more arithmetic (a loop left scalar). */
static int
insn_hotter(const insn_loop_t *a, const insn_loop_t *b)
{
	if (a->packed != b->packed)
		return a->packed > b->packed;
	return insn_arith(a) > insn_arith(b);
}

/* The hot loop of in's functions: of their innermost loops with in's
 * profile, the hottest (insn_hotter); when none has the profile (a build
 * that calls the kernel instead of inlining it), the hottest of all. NULL
 * when the functions have no loop. */
static const insn_loop_t *
insn_hot_loop(const insn_object_t *obj, const variant_incore_t *in)
{
	const insn_loop_t *best = NULL;

	for (int pass = 0; pass < 2 && best == NULL; pass++)
		for (int i = 0; i < obj->nloops; i++)
			if (insn_function_named(
				obj->loops[i].function, in->functions) &&
			    (pass == 1 || insn_profile(&obj->loops[i], in)) &&
			    (best == NULL || insn_hotter(&obj->loops[i], best)))
				best = &obj->loops[i];
	return best;
}

/* The minimum per unit by class (per lane divided by the build's lanes). */
static void
insn_minimum(const variant_incore_t *in, int lanes, double *min)
{
	const double per_lane[INSN_CLASSES] = {
	    in->fma, in->divsqrt, in->round, in->select, in->gather, 0};

	for (int c = 0; c < INSN_CLASSES; c++)
		min[c] = per_lane[c] / (double)lanes;
}

/* Whether loop l meets in's minimum at a build of `lanes` float lanes: 0
 * when it does, else -1 with the reason in msg. The figures go into line
 * either way. */
static int
insn_judge(const variant_incore_t *in, const insn_loop_t *l, int lanes,
    char *msg, size_t msglen, char *line, size_t linelen)
{
	double min[INSN_CLASSES], min_total = 0, got_total, allowed;
	const double units = (double)l->lanes * in->vectors;
	const int floors[] = {INSN_FMA, INSN_DIVSQRT, INSN_GATHER};
	size_t off = 0;

	insn_minimum(in, lanes, min);
	for (int c = 0; c < INSN_CLASSES; c++)
		min_total += min[c];
	got_total = (double)l->total / units;
	allowed = min_total + in->extra / units;
	for (int c = 0; c < INSN_CLASSES; c++)
		off += (size_t)snprintf(line + off,
		    off < linelen ? linelen - off : 0, "%s %.3g/%.3g ",
		    insn_class_names[c], (double)l->count[c] / units, min[c]);
	snprintf(line + off, off < linelen ? linelen - off : 0,
	    "| loop %s: %d instructions, %.0f units an iteration: %.3g a "
	    "unit, minimum %.3g, ratio %.2f, allowed %.3g (%.2fx)",
	    l->function, l->total, units, got_total, min_total,
	    got_total / min_total, allowed, allowed / min_total);
	if (got_total > allowed + 1e-9) {
		snprintf(msg, msglen, "%.3g instructions a unit, above %.3g",
		    got_total, allowed);
		return -1;
	}
	for (size_t i = 0; i < sizeof(floors) / sizeof(floors[0]); i++) {
		const int c = floors[i];

		if ((double)l->count[c] / units < min[c] - 1e-9) {
			snprintf(msg, msglen,
			    "%.3g %s instructions a unit, under the stated "
			    "minimum %.3g",
			    (double)l->count[c] / units, insn_class_names[c],
			    min[c]);
			return -1;
		}
	}
	return 0;
}

/* Every object under objdir/variants into obj. */
static void
insn_objects_read(const char *objdir, const char *dir, insn_object_t *obj)
{
	char pattern[600];
	glob_t g;

	snprintf(pattern, sizeof(pattern), "%s/variants/*/*.o", objdir);
	cr_assert_eq(
	    glob(pattern, 0, NULL, &g), 0, "no objects at %s", pattern);
	obj->nloops = 0;
	for (size_t i = 0; i < g.gl_pathc; i++)
		insn_object_read(g.gl_pathv[i], dir, obj);
	globfree(&g);
}

/* Every listed variant with an in-core minimum, in the build whose
 * objects are under objdir (lanes: its float lanes). */
static void
insn_check_build(
    const char *objdir, int lanes, const char *label, const char *dir)
{
	static insn_object_t obj;
	int checked = 0;

	insn_objects_read(objdir, dir, &obj);
	for (size_t i = 0; variant_table[i] != NULL; i++) {
		const variant_t *v = variant_table[i];
		const insn_loop_t *l;
		char msg[256], line[1024];

		if (v->incore.functions == NULL)
			continue;
		cr_expect(v->incore.extra_why != NULL &&
			strlen(v->incore.extra_why) > 20,
		    "%s/%s states an allowance without a reason",
		    v->workload->name, v->name);
		l = insn_hot_loop(&obj, &v->incore);
		cr_expect_not_null(l, "%s %s/%s: no loop in %s under %s", label,
		    v->workload->name, v->name, v->incore.functions, objdir);
		if (l == NULL)
			continue;
		checked++;
		cr_expect_eq(insn_judge(&v->incore, l, lanes, msg, sizeof(msg),
				 line, sizeof(line)),
		    0, "%s %s/%s: %s: %s", label, v->workload->name, v->name,
		    msg, line);
		if (getenv("FB_INSN_TABLE") != NULL)
			fprintf(stderr, "insn %s %s/%s: %s\n", label,
			    v->workload->name, v->name, line);
	}
	/* All but the two eager variants (one loop per primitive). */
	cr_expect_geq(checked, 12, "%s: %d variants checked", label, checked);
}

/* The folder of FB_HARNESS's build (build/jemalloc) into buf. */
static void
insn_build_dir(char *buf, size_t len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s", fb_harness());
	snprintf(buf, len, "%s", dirname(path));
}

Test(insn, every_variant_within_its_incore_minimum, .timeout = 300)
{
	char dir[256], build[4096], objdir[4200];

	if (system("command -v objdump >/dev/null 2>&1") != 0)
		cr_skip_test("objdump is not installed");
	fb_tmpdir(dir, sizeof(dir));
	insn_build_dir(build, sizeof(build));
	/* The native build: its vectors are the machine's widest. */
	snprintf(objdir, sizeof(objdir), "%s/obj", build);
	__builtin_cpu_init();
	insn_check_build(objdir,
	    __builtin_cpu_supports("avx512f")    ? 16
		: __builtin_cpu_supports("avx2") ? 8
						 : 4,
	    "native", dir);
	/* The x86-64-v3 build (AVX2 and FMA: 8 lanes), when made. */
	snprintf(objdir, sizeof(objdir), "%s/../valgrind/obj", build);
	if (access(objdir, R_OK) == 0)
		insn_check_build(objdir, 8, "x86-64-v3", dir);
	fb_rmdir(dir);
}

/* colony fused's source built with flags into dir/perturbed.o; its hot
 * loop judged against colony fused's minimum at 8 lanes. Returns the
 * judgement (0 within the bound). */
static int
insn_perturbed(const char *dir, const char *flags, char *line, size_t len)
{
	char build[2048], cmd[8192], obj_path[300], msg[256];
	static insn_object_t obj;
	const variant_t *v = variant_find("colony", "fused");
	const insn_loop_t *l;

	insn_build_dir(build, sizeof(build));
	snprintf(obj_path, sizeof(obj_path), "%s/perturbed.o", dir);
	snprintf(cmd, sizeof(cmd),
	    "cc -std=gnu11 -D_GNU_SOURCE %s -march=x86-64-v3 "
	    "-fno-math-errno -fno-trapping-math -I'%s/../../variants' -c "
	    "'%s/../../variants/colony/colony_fused.c' -o '%s'",
	    flags, build, build, obj_path);
	cr_assert_eq(system(cmd), 0, "%s failed", cmd);
	cr_assert_not_null(v);
	obj.nloops = 0;
	insn_object_read(obj_path, dir, &obj);
	l = insn_hot_loop(&obj, &v->incore);
	cr_assert_not_null(l, "%s: no loop in %s", cmd, v->incore.functions);
	return insn_judge(&v->incore, l, 8, msg, sizeof(msg), line, len);
}

/* The check can fail: colony fused's own source, built worse, exceeds
 * its bound; built as make builds it, it meets it. */
Test(insn, a_worse_build_of_the_same_loop_fails, .timeout = 120)
{
	char dir[256], line[1024];

	if (system("command -v objdump >/dev/null 2>&1 && command -v cc "
		   ">/dev/null 2>&1") != 0)
		cr_skip_test("objdump or cc is not installed");
	fb_tmpdir(dir, sizeof(dir));
	cr_expect_eq(insn_perturbed(dir, "-O3 -fopenmp-simd -mtune=znver3",
			 line, sizeof(line)),
	    0, "as make builds it: %s", line);
	/* -O1: still vectorized (omp simd), without -O2's scheduling and
	 * register allocation across the loop: more copies and reloads. */
	cr_expect_eq(
	    insn_perturbed(dir, "-O1 -fopenmp-simd", line, sizeof(line)), -1,
	    "-O1 within the bound: %s", line);
	if (getenv("FB_INSN_TABLE") != NULL)
		fprintf(stderr, "insn -O1: %s\n", line);
	/* Scalar: one pair an iteration. */
	cr_expect_eq(insn_perturbed(dir,
			 "-O2 -fno-openmp-simd "
			 "-fno-tree-vectorize",
			 line, sizeof(line)),
	    -1, "scalar within the bound: %s", line);
	if (getenv("FB_INSN_TABLE") != NULL)
		fprintf(stderr, "insn scalar: %s\n", line);
	fb_rmdir(dir);
}
