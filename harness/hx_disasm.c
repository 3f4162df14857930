/*
 * hx_disasm: see hx_disasm.h. The instruction tables are data: a prefix of
 * the mnemonic and the kind it counts as, searched in order.
 */
#include "hx_disasm.h"
#include "hx_flow.h"

#include <ctype.h>
#include <dlfcn.h>
#include <elf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Mnemonic prefixes and their kinds; the first match wins, so longer
 * prefixes that must not fall into a shorter one come first. */
static const struct {
	const char *prefix;
	hx_insn_kind_t kind;
} hx_insn_table[] = {
    {"vfmadd", HX_INSN_FMA},
    {"vfmsub", HX_INSN_FMA},
    {"vfnmadd", HX_INSN_FMA},
    {"vfnmsub", HX_INSN_FMA},
    {"vgather", HX_INSN_GATHER},
    {"vpgather", HX_INSN_GATHER},
    {"vdivps", HX_INSN_DIVPS},
    {"vdivss", HX_INSN_DIVPS},
    {"vdivpd", HX_INSN_DIVPD},
    {"vdivsd", HX_INSN_DIVPD},
    {"vsqrtps", HX_INSN_SQRTPS},
    {"vsqrtss", HX_INSN_SQRTPS},
    {"vsqrtpd", HX_INSN_SQRTPD},
    {"vsqrtsd", HX_INSN_SQRTPD},
    {"vaddsub", HX_INSN_ADD},
    {"vadd", HX_INSN_ADD},
    {"vsub", HX_INSN_ADD},
    {"vmin", HX_INSN_ADD},
    {"vmax", HX_INSN_ADD},
    {"vmul", HX_INSN_MUL},
    {"vperm", HX_INSN_SHUFFLE},
    {"vpperm", HX_INSN_SHUFFLE},
    {"vshuf", HX_INSN_SHUFFLE},
    {"vpshuf", HX_INSN_SHUFFLE},
    {"vblend", HX_INSN_SHUFFLE},
    {"vpblend", HX_INSN_SHUFFLE},
    {"vunpck", HX_INSN_SHUFFLE},
    {"vpunpck", HX_INSN_SHUFFLE},
    {"vbroadcast", HX_INSN_SHUFFLE},
    {"vpbroadcast", HX_INSN_SHUFFLE},
    {"vinsert", HX_INSN_SHUFFLE},
    {"vextract", HX_INSN_SHUFFLE},
    {"valign", HX_INSN_SHUFFLE},
    {"vpalign", HX_INSN_SHUFFLE},
    {"vcompress", HX_INSN_SHUFFLE},
    {"vexpand", HX_INSN_SHUFFLE},
    {"vpack", HX_INSN_SHUFFLE},
    {"vmovshdup", HX_INSN_SHUFFLE},
    {"vmovsldup", HX_INSN_SHUFFLE},
    {"vmovhlps", HX_INSN_SHUFFLE},
    {"vmovlhps", HX_INSN_SHUFFLE},
};

static const char *const hx_insn_class_names[HX_INSN_CLASSES] = {
    "fma", "addmul", "divsqrt", "gather", "load", "store", "shuffle", "other"};

const char *
hx_insn_class_name(int c)
{
	return c >= 0 && c < HX_INSN_CLASSES ? hx_insn_class_names[c] : NULL;
}

int
hx_insn_class_of(hx_insn_kind_t k)
{
	static const int map[HX_INSN_KINDS] = {
	    0, 1, 1, 2, 2, 2, 2, 3, 4, 5, 6, 7};

	return k < HX_INSN_KINDS ? map[k] : 7;
}

/* The widest register an operand list names, bytes (0: none). */
static int
hx_disasm_reg_bytes(const char *ops)
{
	if (strstr(ops, "%zmm") != NULL)
		return 64;
	if (strstr(ops, "%ymm") != NULL)
		return 32;
	if (strstr(ops, "%xmm") != NULL)
		return 16;
	return 0;
}

/* Lanes of a packed floating-point instruction (mnemonic ends ps or pd
 * before any suffix), 0 when it is not one. */
static int
hx_disasm_fp_lanes(const char *mn, const char *ops)
{
	size_t n = strlen(mn);
	int bytes = hx_disasm_reg_bytes(ops);

	if (n < 3 || mn[0] != 'v' || bytes == 0)
		return 0;
	if (strcmp(mn + n - 2, "ps") == 0)
		return bytes / 4;
	if (strcmp(mn + n - 2, "pd") == 0)
		return bytes / 8;
	return 0;
}

/* Whether a memory operand (parentheses) is the last operand (the
 * destination, *last) or another (*src); commas inside parentheses do
 * not separate operands. A single operand is a source (push, jmp *). */
static void
hx_disasm_memory(const char *ops, int *src, int *last)
{
	int depth = 0, mem = 0, operands = 1;

	*src = *last = 0;
	for (const char *p = ops; *p != '\0'; p++) {
		if (*p == '(')
			depth++, mem = 1;
		else if (*p == ')')
			depth--;
		else if (*p == ',' && depth == 0) {
			*src |= mem;
			mem = 0;
			operands++;
		}
	}
	if (operands == 1)
		*src |= mem;
	else
		*last = mem;
}

/* Adds a call to the callee that ops names ("f3e0 <cosf@plt>") to l's
 * calls; nothing for a call through a register or into a function's
 * middle (<f+0x10>). */
static void
hx_disasm_call(hx_loop_t *l, const char *ops)
{
	const char *lt = strchr(ops, '<');
	size_t n;
	int i;

	if (lt == NULL)
		return;
	n = strcspn(lt + 1, "@+>");
	if (lt[1 + n] == '+' || n == 0 || n >= sizeof(l->callee[0]))
		return;
	for (i = 0; i < l->ncallees; i++)
		if (strncmp(l->callee[i], lt + 1, n) == 0 &&
		    l->callee[i][n] == '\0')
			break;
	if (i == l->ncallees) {
		if (i == HX_LOOP_CALLEES)
			return;
		snprintf(
		    l->callee[i], sizeof(l->callee[i]), "%.*s", (int)n, lt + 1);
		l->ncallees++;
	}
	l->calls[i] += 1.0;
}

int
hx_disasm_count(hx_loop_t *l, const char *mn, const char *ops)
{
	hx_insn_kind_t kind = HX_INSN_OTHER;
	int mem_last, mem_src, bytes;

	if (mn == NULL || *mn == '\0' || !isalpha((unsigned char)*mn))
		return -1;
	if (ops == NULL)
		ops = "";
	for (size_t i = 0; i < sizeof(hx_insn_table) / sizeof(hx_insn_table[0]);
	     i++) {
		if (strncmp(mn, hx_insn_table[i].prefix,
			strlen(hx_insn_table[i].prefix)) == 0) {
			kind = hx_insn_table[i].kind;
			break;
		}
	}
	hx_disasm_memory(ops, &mem_src, &mem_last);
	if (strncmp(mn, "lea", 3) == 0 || strncmp(mn, "nop", 3) == 0 ||
	    strncmp(mn, "prefetch", 8) == 0)
		mem_src = mem_last = 0;
	if (kind == HX_INSN_GATHER) {
		/* The lanes are the destination's: zmm of floats or of 32-bit
		 * integers is 16, of doubles or qwords 8. */
		int d = (int)strlen(mn) >= 2 &&
			(mn[strlen(mn) - 1] == 'd' || mn[strlen(mn) - 1] == 'q')
		    ? 8
		    : 4;
		const char *dst = strrchr(ops, ',');
		int rb = dst != NULL ? hx_disasm_reg_bytes(dst) : 0;
		l->gather_lanes += rb > 0 ? rb / d : 1;
		mem_src = 0;
	}
	if (mem_last && (kind == HX_INSN_OTHER || kind == HX_INSN_SHUFFLE) &&
	    strncmp(mn, "cmp", 3) != 0 && strncmp(mn, "test", 4) != 0)
		l->kind[HX_INSN_STORE] += 1;
	else if (mem_last && strncmp(mn, "cmp", 3) == 0)
		mem_src = 1;
	if (mem_src)
		l->kind[HX_INSN_LOAD] += 1;
	/* A plain move counts only as its load or store; so does a broadcast
	 * from memory, which the load unit performs. */
	if (!(strncmp(mn, "mov", 3) == 0 || strncmp(mn, "vmov", 4) == 0 ||
		strncmp(mn, "vbroadcast", 10) == 0 ||
		strncmp(mn, "vpbroadcast", 11) == 0) ||
	    !(mem_src || mem_last))
		l->kind[kind] += 1;
	bytes = hx_disasm_reg_bytes(ops);
	if (bytes > l->vector_bytes)
		l->vector_bytes = bytes;
	if (strncmp(mn, "call", 4) == 0)
		hx_disasm_call(l, ops);
	l->insns++;
	return 0;
}

/* One parsed line: its address, mnemonic and operands (or a function
 * header, with name). */
typedef struct hx_disasm_line_s {
	uint64_t addr;
	char mn[32];
	const char *ops; /* into the line buffer */
	int header;
	char name[128];
	uint64_t target; /* a jump's, 0: none */
} hx_disasm_line_t;

static const char *const hx_disasm_prefixes[] = {"rep", "repz", "repnz", "repe",
    "repne", "lock", "notrack", "bnd", "data16", "cs", "ds"};

/* Parses one line of objdump -d; 0 for an instruction or a header, -1
 * for anything else. buf is modified (operands end at the comment). */
static int
hx_disasm_parse(char *buf, hx_disasm_line_t *d)
{
	char *p = buf, *end, *tab, *hash;

	memset(d, 0, sizeof(*d));
	while (*p == ' ')
		p++;
	d->addr = strtoull(p, &end, 16);
	if (end == p)
		return -1;
	if (end[0] == ' ' && end[1] == '<') {
		char *gt = strchr(end + 2, '>');
		if (gt == NULL)
			return -1;
		d->header = 1;
		snprintf(d->name, sizeof(d->name), "%.*s", (int)(gt - end - 2),
		    end + 2);
		return 0;
	}
	if (*end != ':' || (tab = strchr(end, '\t')) == NULL)
		return -1;
	p = tab + 1;
	if ((hash = strchr(p, '#')) != NULL)
		*hash = '\0';
	for (;;) {
		size_t n = strcspn(p, " \t\n");
		int prefix = 0;

		for (size_t i = 0; i <
		     sizeof(hx_disasm_prefixes) / sizeof(hx_disasm_prefixes[0]);
		     i++)
			if (n == strlen(hx_disasm_prefixes[i]) &&
			    strncmp(p, hx_disasm_prefixes[i], n) == 0)
				prefix = 1;
		if (n == 0 || n >= sizeof(d->mn))
			return -1;
		if (!prefix || p[n] != ' ') {
			memcpy(d->mn, p, n);
			d->mn[n] = '\0';
			p += n;
			break;
		}
		p += n + 1;
	}
	while (*p == ' ')
		p++;
	d->ops = p;
	p[strcspn(p, "\n")] = '\0';
	if (d->mn[0] == 'j' || strncmp(d->mn, "loop", 4) == 0) {
		char *e;
		d->target = strtoull(d->ops, &e, 16);
		if (e == d->ops)
			d->target = 0;
	}
	return 0;
}

/* The next line of the text at *p into buf (len bytes), parsed into *d:
 * 1 for an instruction or a function's header, 0 for a line that is
 * neither, -1 at the text's end. */
static int
hx_disasm_next(const char **p, char *buf, size_t len, hx_disasm_line_t *d)
{
	size_t n;

	if (**p == '\0')
		return -1;
	n = strcspn(*p, "\n");
	snprintf(buf, len, "%.*s", (int)n, *p);
	*p += n + ((*p)[n] == '\n');
	return hx_disasm_parse(buf, d) == 0;
}

/* A loop of a disassembly as its address range and function, before it
 * is counted (hx_disasm_all), or a loop left out of the code around it. */
typedef struct hx_disasm_range_s {
	uint64_t start, end;
	char function[128];
} hx_disasm_range_t;

/* Records into l the registers the instructions of text in [r->start,
 * r->end] write, as results of a loop left out (hx_flow_carry). */
static void
hx_disasm_carries(const char *text, const hx_disasm_range_t *r, hx_loop_t *l)
{
	static hx_loop_t scratch;
	const char *p = text;
	char buf[512];
	int seen[256] = {0}, got;
	hx_disasm_line_t d;

	memset(&scratch, 0, sizeof(scratch));
	while ((got = hx_disasm_next(&p, buf, sizeof(buf), &d)) >= 0)
		if (got && !d.header && d.addr >= r->start && d.addr <= r->end)
			hx_flow_add(&scratch, d.mn, d.ops);
	for (int i = 0; i < scratch.nflow; i++) {
		const int reg = scratch.flow[i].dst;

		if (reg >= 0 && reg < 256 && !seen[reg]) {
			seen[reg] = 1;
			hx_flow_carry(l, reg);
		}
	}
}

/* What each register holds, as a value plus a constant, and the gathers
 * an iteration has made so far: the state of hx_disasm_repeat. A register
 * (hx_flow_reg's numbers, below HX_DISASM_REGS) holds its own value until
 * written; a lea of a register plus a constant, or a move from another
 * register, makes it hold that register's value (plus the constant); any
 * other write, a value of its own. So two registers set from one value
 * stay related when the value's register is reused, and an index copied
 * to another register is still the same index. */
#define HX_DISASM_REGS 64
#define HX_DISASM_TRACK 32
typedef struct hx_disasm_gathers_s {
	int value[HX_DISASM_REGS];
	long disp[HX_DISASM_REGS];
	int next, ngather;
	struct {
		int base, index, scale; /* values */
		long disp;
	} gather[HX_DISASM_TRACK];
} hx_disasm_gathers_t;

static void
hx_disasm_values_init(hx_disasm_gathers_t *g)
{
	memset(g, 0, sizeof(*g));
	for (int r = 0; r < HX_DISASM_REGS; r++)
		g->value[r] = r;
	g->next = HX_DISASM_REGS;
}

/* A register's value (-1, none: -1) and its constant into *disp (when not
 * NULL). */
static int
hx_disasm_value(const hx_disasm_gathers_t *g, int reg, long *disp)
{
	const int known = reg >= 0 && reg < HX_DISASM_REGS;

	if (disp != NULL)
		*disp = known ? g->disp[reg] : 0;
	return known ? g->value[reg] : -1;
}

/* One instruction of operands op[0..n), before the loop or in it: what
 * it writes now holds (hx_disasm_gathers_t). A call may write any
 * register the ABI lets it: every register holds a value of its own after
 * one. */
static void
hx_disasm_track(
    hx_disasm_gathers_t *g, const char *mn, const hx_flow_operand_t *op, int n)
{
	const int dst = hx_flow_dst(mn, op, n);

	if (strncmp(mn, "call", 4) == 0) {
		for (int r = 0; r < HX_DISASM_REGS; r++)
			g->value[r] = g->next++, g->disp[r] = 0;
		return;
	}
	if (dst < 0 || dst >= HX_DISASM_REGS)
		return;
	if (strncmp(mn, "lea", 3) == 0 && n == 2 && op[0].memory &&
	    op[0].disp_known && op[0].index < 0 && op[0].base >= 0 &&
	    op[0].base < HX_DISASM_REGS) {
		g->value[dst] = g->value[op[0].base];
		g->disp[dst] = g->disp[op[0].base] + op[0].disp;
		return;
	}
	/* A move between two registers of one kind: mov, vmovdqa, vmovaps,
	 * vmovups and their kin, without a mask. */
	if ((strcmp(mn, "mov") == 0 || strcmp(mn, "movq") == 0 ||
		strncmp(mn, "vmovdq", 6) == 0 ||
		strncmp(mn, "vmovap", 6) == 0 ||
		strncmp(mn, "vmovup", 6) == 0) &&
	    n == 2 && !op[0].memory && op[0].reg >= 0 &&
	    op[0].reg < HX_DISASM_REGS && op[0].mask < 0 && op[1].mask < 0 &&
	    !op[1].zeroing && (op[0].reg < 32) == (dst < 32)) {
		g->value[dst] = g->value[op[0].reg];
		g->disp[dst] = g->disp[op[0].reg];
		return;
	}
	g->value[dst] = g->next++;
	g->disp[dst] = 0;
}

/* An instruction of the loop: a gather's lanes that re-read lines of an
 * earlier gather (hx_loop_t.gather_repeat_lanes) added to l, then what it
 * writes tracked. */
static void
hx_disasm_repeat(hx_loop_t *l, hx_disasm_gathers_t *g, const char *mn,
    const char *ops, double lanes)
{
	hx_flow_operand_t op[6];
	const int n = hx_flow_operands(ops, op, 6);

	for (int i = 0; i < n && lanes > 0; i++) {
		long bdisp;
		const int base = hx_disasm_value(g, op[i].base, &bdisp);
		const int index = hx_disasm_value(g, op[i].index, NULL);
		const long disp = op[i].disp + bdisp;
		double best = -1;

		if (!op[i].memory || !op[i].disp_known || index < 0)
			continue;
		for (int k = 0; k < g->ngather; k++) {
			long d = labs(disp - g->gather[k].disp);

			if (g->gather[k].base == base &&
			    g->gather[k].index == index &&
			    g->gather[k].scale == op[i].scale && d < 64 &&
			    (best < 0 || (double)d < best))
				best = (double)d;
		}
		if (best >= 0)
			l->gather_repeat_lanes += lanes * (1.0 - best / 64.0);
		if (g->ngather < HX_DISASM_TRACK) {
			g->gather[g->ngather].base = base;
			g->gather[g->ngather].index = index;
			g->gather[g->ngather].scale = op[i].scale;
			g->gather[g->ngather++].disp = disp;
		}
		break;
	}
	hx_disasm_track(g, mn, op, n);
}

/* Whether an instruction moves a register to a register (vmovaps
 * %xmm0,%xmm5) or zeroes one (vxorps %xmm1,%xmm1,%xmm1): packed by its
 * mnemonic, no arithmetic on lanes, so not counted for the loop's lanes (a
 * scalar remainder loop that copies registers with vmovaps was taken for
 * a 4-lane loop). */
static int
hx_disasm_no_work(const char *mn, const char *ops)
{
	char a[16], b[16], c[16];

	if (strncmp(mn, "vmov", 4) == 0)
		return strchr(ops, '(') == NULL;
	if (strncmp(mn, "vxorp", 5) == 0)
		return sscanf(ops, "%15[^,],%15[^,],%15s", a, b, c) == 3 &&
		    strcmp(a, b) == 0 && strcmp(b, c) == 0;
	return 0;
}

/* Counts the lines of text in [start, end] of the function into l, but
 * those in the ranges skip[0..nskip) (loops left out: their results
 * recorded where they start). */
static void
hx_disasm_fill(
    const char *text, hx_loop_t *l, const hx_disasm_range_t *skip, size_t nskip)
{
	const char *p = text;
	char buf[512];
	int lanes[65] = {0}, width[65] = {0};
	uint64_t carried = 0; /* bit k: skip[k]'s results recorded */
	hx_disasm_line_t d;
	int got;

	static hx_disasm_gathers_t g;
	int in_function = 0;

	hx_disasm_values_init(&g);
	while ((got = hx_disasm_next(&p, buf, sizeof(buf), &d)) >= 0) {
		size_t k = 0;
		double before;

		if (got && d.header)
			in_function = strcmp(d.name, l->function) == 0;
		if (got && !d.header && in_function && d.addr < l->start) {
			hx_flow_operand_t op[6];

			hx_disasm_track(
			    &g, d.mn, op, hx_flow_operands(d.ops, op, 6));
		}
		if (!got || d.header || d.addr < l->start || d.addr > l->end)
			continue;
		while (k < nskip &&
		    (d.addr < skip[k].start || d.addr > skip[k].end))
			k++;
		if (k < nskip) {
			if (k < 64 && !(carried >> k & 1)) {
				carried |= (uint64_t)1 << k;
				hx_disasm_carries(text, &skip[k], l);
			}
			continue;
		}
		/* Addresses repeat across functions of one text only when it
		 * holds several objects; the loop's function is taken. */
		before = l->gather_lanes;
		hx_disasm_count(l, d.mn, d.ops);
		hx_disasm_repeat(l, &g, d.mn, d.ops, l->gather_lanes - before);
		hx_flow_add(l, d.mn, d.ops);
		if (!hx_disasm_no_work(d.mn, d.ops)) {
			int fk = hx_disasm_fp_lanes(d.mn, d.ops);
			if (fk > 0 && fk <= 64)
				lanes[fk]++;
		}
		width[hx_disasm_reg_bytes(d.ops)]++;
	}
	l->wide_insns = l->vector_bytes > 0 ? width[l->vector_bytes] : 0;
	l->lanes = 1;
	for (int k = 2, best = 0; k <= 64; k++)
		if (lanes[k] > best)
			best = lanes[k], l->lanes = k;
}

/* Instructions of a range that hx_disasm_cycles follows; a longer range
 * is taken for a loop unread. */
#define HX_DISASM_CYCLE_MAX 4096

/* Whether the backward jump at r->end can be reached from its target
 * r->start without leaving the range: by falling through (not past an
 * unconditional jmp, a ret or a ud2) or by a jump to a place inside it.
 * A backward jump whose target cannot reach it is no loop: gcc put
 * sorted_block1's no-whole-group path after the function's ret, from
 * where a jmp goes back into the remainder code; taken for a loop, its
 * 41 straight-line instructions were priced as the hot loop. */
static int
hx_disasm_cycles(const char *text, const hx_disasm_range_t *r)
{
	static uint64_t addr[HX_DISASM_CYCLE_MAX], target[HX_DISASM_CYCLE_MAX];
	static unsigned char flows[HX_DISASM_CYCLE_MAX],
	    reach[HX_DISASM_CYCLE_MAX];
	const char *p = text;
	char buf[512];
	hx_disasm_line_t d;
	size_t n = 0;
	int got, changed = 1;

	while ((got = hx_disasm_next(&p, buf, sizeof(buf), &d)) >= 0) {
		if (got != 1 || d.header || d.addr < r->start ||
		    d.addr > r->end)
			continue;
		if (n == HX_DISASM_CYCLE_MAX)
			return 1;
		addr[n] = d.addr;
		target[n] = d.target;
		flows[n] = strcmp(d.mn, "jmp") != 0 &&
		    strncmp(d.mn, "ret", 3) != 0 && strcmp(d.mn, "ud2") != 0;
		reach[n] = n == 0 && d.addr == r->start;
		n++;
	}
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < n; i++) {
			if (!reach[i])
				continue;
			if (flows[i] && i + 1 < n && !reach[i + 1])
				reach[i + 1] = changed = 1;
			if (target[i] >= addr[0] && target[i] <= addr[n - 1]) {
				size_t lo = 0, hi = n - 1;

				while (lo < hi) {
					size_t mid = (lo + hi) / 2;

					if (addr[mid] < target[i])
						lo = mid + 1;
					else
						hi = mid;
				}
				if (addr[lo] == target[i] && !reach[lo])
					reach[lo] = changed = 1;
			}
		}
	}
	return n > 0 && reach[n - 1] && addr[n - 1] == r->end;
}

/* Every loop of text (a backward jump within its function whose target
 * reaches it, hx_disasm_cycles), at most HX_DISASM_MAXL, in the order of
 * their jumps, into all. Returns how many. */
#define HX_DISASM_MAXL 256
static size_t
hx_disasm_all(const char *text, hx_disasm_range_t *all)
{
	size_t n = 0;
	const char *p = text;
	char buf[512], fn[128] = "";
	uint64_t fn_start = 0;
	hx_disasm_line_t d;
	int got;

	while (n < HX_DISASM_MAXL &&
	    (got = hx_disasm_next(&p, buf, sizeof(buf), &d)) >= 0) {
		if (!got)
			continue;
		if (d.header) {
			snprintf(fn, sizeof(fn), "%s", d.name);
			fn_start = d.addr;
			continue;
		}
		if (d.target != 0 && d.target <= d.addr &&
		    d.target >= fn_start) {
			all[n].start = d.target;
			all[n].end = d.addr;
			snprintf(
			    all[n].function, sizeof(all[n].function), "%s", fn);
			n += hx_disasm_cycles(text, &all[n]);
		}
	}
	return n;
}

/* Whether range a lies within range b and is not the same range. */
static int
hx_disasm_inside(const hx_disasm_range_t *a, const hx_disasm_range_t *b)
{
	return a->start >= b->start && a->end <= b->end &&
	    (a->start != b->start || a->end != b->end);
}

size_t
hx_disasm_loops(const char *text, hx_loop_t *loops, size_t max)
{
	static hx_disasm_range_t all[HX_DISASM_MAXL];
	static hx_loop_t found[HX_DISASM_MAXL];
	size_t n = hx_disasm_all(text, all), inner = 0;

	/* Innermost: no other loop strictly inside (the same range twice,
	 * two jumps back to one head, counts once). */
	for (size_t i = 0; i < n; i++) {
		int has_inner = 0;
		for (size_t j = 0; j < n && !has_inner; j++)
			if (j != i && hx_disasm_inside(&all[j], &all[i]))
				has_inner = 1;
		for (size_t j = 0; j < i && !has_inner; j++)
			if (all[j].start == all[i].start &&
			    all[j].end == all[i].end)
				has_inner = 1;
		if (has_inner)
			continue;
		memset(&found[inner], 0, sizeof(found[inner]));
		found[inner].start = all[i].start;
		found[inner].end = all[i].end;
		memcpy(found[inner].function, all[i].function,
		    sizeof(found[inner].function));
		hx_disasm_fill(text, &found[inner], NULL, 0);
		inner++;
	}
	/* Largest first. */
	for (size_t i = 1; i < inner; i++)
		for (size_t j = i; j > 0 && found[j].insns > found[j - 1].insns;
		     j--) {
			hx_loop_t t = found[j];
			found[j] = found[j - 1];
			found[j - 1] = t;
		}
	for (size_t i = 0; i < inner && i < max; i++)
		loops[i] = found[i];
	return inner;
}

int
hx_disasm_around(const char *text, const hx_loop_t *inner, hx_loop_t *out)
{
	static hx_disasm_range_t all[HX_DISASM_MAXL];
	hx_disasm_range_t in = {inner->start, inner->end, ""}, skip[64];
	size_t n = hx_disasm_all(text, all), best = n, nskip = 0;

	for (size_t i = 0; i < n; i++)
		if (strcmp(all[i].function, inner->function) == 0 &&
		    hx_disasm_inside(&in, &all[i]) &&
		    (best == n ||
			all[i].end - all[i].start <
			    all[best].end - all[best].start))
			best = i;
	if (best == n)
		return -1;
	/* The loops inside it, each outermost of them once. */
	for (size_t i = 0; i < n; i++) {
		int within = hx_disasm_inside(&all[i], &all[best]);

		for (size_t j = 0; j < n && within; j++)
			if (hx_disasm_inside(&all[i], &all[j]) &&
			    hx_disasm_inside(&all[j], &all[best]))
				within = 0;
		for (size_t k = 0; k < nskip && within; k++)
			if (skip[k].start == all[i].start &&
			    skip[k].end == all[i].end)
				within = 0;
		if (within && nskip < 64)
			skip[nskip++] = all[i];
	}
	memset(out, 0, sizeof(*out));
	out->start = all[best].start;
	out->end = all[best].end;
	snprintf(out->function, sizeof(out->function), "%s", inner->function);
	hx_disasm_fill(text, out, skip, nskip);
	return 0;
}

/* Iterations llvm-mca simulates: enough that the first ones, with an
 * empty pipeline, weigh under 1%. */
#define HX_DISASM_MCA_ITERATIONS 400

/* path quoted for sh into q. */
static void
hx_disasm_quote(const char *path, char *q, size_t len)
{
	size_t o = 0;

	if (len < 3) {
		q[0] = '\0';
		return;
	}
	q[o++] = '\'';
	for (const char *s = path; *s != '\0' && o + 6 < len; s++) {
		if (*s == '\'') {
			memcpy(q + o, "'\\''", 4);
			o += 4;
		} else {
			q[o++] = *s;
		}
	}
	q[o++] = '\'';
	q[o] = '\0';
}

/* Appends the output of command cmd to *buf (size *len). 0, or -1. */
static int
hx_disasm_slurp(const char *cmd, char **buf, size_t *len)
{
	FILE *f = popen(cmd, "r");
	char chunk[8192];
	size_t got;

	if (f == NULL)
		return -1;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		char *nb = realloc(*buf, *len + got + 1);
		if (nb == NULL) {
			pclose(f);
			return -1;
		}
		memcpy(nb + *len, chunk, got);
		*len += got;
		nb[*len] = '\0';
		*buf = nb;
	}
	return pclose(f) == 0 ? 0 : -1;
}

/* Whether symbol is function, or a copy of it the compiler made and
 * named with a suffix (function.constprop.0, function.isra.0). */
static int
hx_disasm_same_function(const char *symbol, const char *function)
{
	size_t n = strlen(function);

	return strncmp(symbol, function, n) == 0 &&
	    (symbol[n] == '\0' || symbol[n] == '.');
}

char *
hx_disasm_functions(
    const char *path, const char *prefix, int exact, char *msg, size_t msglen)
{
	char q[4200], cmd[4400], *syms = NULL, *out = NULL;
	size_t slen = 0, olen = 0, matched = 0;

	hx_disasm_quote(path, q, sizeof(q));
	snprintf(cmd, sizeof(cmd), "nm -S --defined-only %s 2>/dev/null", q);
	if (hx_disasm_slurp(cmd, &syms, &slen) != 0 || syms == NULL) {
		snprintf(
		    msg, msglen, "cannot list the symbols of %s (nm)", path);
		goto label_return;
	}
	for (char *line = strtok(syms, "\n"); line != NULL;
	     line = strtok(NULL, "\n")) {
		unsigned long long addr, size;
		char type, name[256];

		if (sscanf(line, "%llx %llx %c %255s", &addr, &size, &type,
			name) != 4 ||
		    (type != 't' && type != 'T') || size == 0 ||
		    (exact ? !hx_disasm_same_function(name, prefix)
			   : strncmp(name, prefix, strlen(prefix)) != 0) ||
		    (exact == HX_DISASM_SERIAL &&
			strstr(name, "._omp_fn.") != NULL))
			continue;
		snprintf(cmd, sizeof(cmd),
		    "objdump -d --no-show-raw-insn --start-address=0x%llx "
		    "--stop-address=0x%llx %s 2>/dev/null",
		    addr, addr + size, q);
		if (hx_disasm_slurp(cmd, &out, &olen) != 0) {
			snprintf(msg, msglen, "objdump failed on %s", path);
			free(out);
			out = NULL;
			goto label_return;
		}
		matched++;
	}
	if (matched == 0) {
		snprintf(msg, msglen, "no function %s%s in %s", prefix,
		    exact ? "" : "*", path);
		free(out);
		out = NULL;
	}
label_return:
	free(syms);
	return out;
}

/* Whether the ELF file at path is a fixed-address executable (its
 * symbols hold run-time addresses). */
static int
hx_disasm_is_exec(const char *path)
{
	Elf64_Ehdr h;
	FILE *f = fopen(path, "rb");
	int exec = 0;

	if (f != NULL && fread(&h, sizeof(h), 1, f) == 1)
		exec = h.e_type == ET_EXEC;
	if (f != NULL)
		fclose(f);
	return exec;
}

int
hx_disasm_symbol_at(const void *addr, char *path, size_t pathlen, char *sym,
    size_t symlen, char *msg, size_t msglen)
{
	Dl_info info, self;
	char q[4200], cmd[4400], *syms = NULL;
	size_t slen = 0;
	unsigned long long want;
	int rc = -1;

	if (dladdr(addr, &info) == 0 || info.dli_fname == NULL) {
		snprintf(msg, msglen, "no object holds the code at %p", addr);
		return -1;
	}
	/* The main program's name as dladdr gives it may be argv[0]. */
	if (dladdr((void *)hx_disasm_symbol_at, &self) != 0 &&
	    self.dli_fbase == info.dli_fbase) {
		ssize_t n = readlink("/proc/self/exe", path, pathlen - 1);
		if (n <= 0) {
			snprintf(msg, msglen, "cannot read /proc/self/exe");
			return -1;
		}
		path[n] = '\0';
	} else {
		snprintf(path, pathlen, "%s", info.dli_fname);
	}
	want = hx_disasm_is_exec(path)
	    ? (unsigned long long)(uintptr_t)addr
	    : (unsigned long long)((uintptr_t)addr - (uintptr_t)info.dli_fbase);
	hx_disasm_quote(path, q, sizeof(q));
	snprintf(cmd, sizeof(cmd), "nm --defined-only %s 2>/dev/null", q);
	if (hx_disasm_slurp(cmd, &syms, &slen) != 0 || syms == NULL) {
		snprintf(
		    msg, msglen, "cannot list the symbols of %s (nm)", path);
		goto label_return;
	}
	for (char *line = strtok(syms, "\n"); line != NULL;
	     line = strtok(NULL, "\n")) {
		unsigned long long a;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &a, &type, name) == 3 &&
		    a == want && (type == 't' || type == 'T')) {
			snprintf(sym, symlen, "%s", name);
			rc = 0;
			break;
		}
	}
	if (rc != 0)
		snprintf(msg, msglen, "no symbol at offset 0x%llx of %s", want,
		    path);
label_return:
	free(syms);
	return rc;
}

/* A broadcast of one element from memory (vbroadcastss 0x10(%rax),%zmm4)
 * as the plain load of that element into the same register's low lane
 * (vmovss 0x10(%rax),%xmm4) into out: 1 where ins is such a broadcast, 0
 * (out untouched) for any other instruction. The time model feeds
 * llvm-mca this form where the ceilings measured that its model of this
 * CPU prices such broadcasts above what they cost
 * (hx_ceilings_t.mca_broadcast_as_load). */
int
hx_disasm_broadcast_as_load(const char *ins, char *out, size_t len)
{
	static const char *const from[] = {
	    "vbroadcastss", "vbroadcastsd", "vpbroadcastd", "vpbroadcastq"};
	static const char *const to[] = {"vmovss", "vmovsd", "vmovd", "vmovq"};
	const char *ops, *reg;
	size_t mem;

	for (size_t i = 0; i < sizeof(from) / sizeof(from[0]); i++) {
		size_t n = strlen(from[i]);

		if (strncmp(ins, from[i], n) != 0 ||
		    (ins[n] != ' ' && ins[n] != '\t'))
			continue;
		ops = ins + n + strspn(ins + n, " \t");
		/* Memory operand first, a register last: "M,%zmmN". */
		reg = strrchr(ops, ',');
		if (reg == NULL ||
		    memchr(ops, '(', (size_t)(reg - ops)) == NULL ||
		    strncmp(reg + 1, "%", 1) != 0 ||
		    strchr("xyz", reg[2]) == NULL ||
		    strncmp(reg + 3, "mm", 2) != 0)
			return 0;
		mem = (size_t)(reg - ops);
		snprintf(
		    out, len, "%s %.*s,%%xmm%s", to[i], (int)mem, ops, reg + 5);
		return 1;
	}
	return 0;
}

/* One line of objdump -d as llvm-mca reads it into out: the instruction
 * without its address, objdump's comments and symbol names, a jump's
 * target replaced by 0 (llvm-mca does not follow branches); a broadcast
 * from memory counted in *broadcasts, and with bcast_as_load written as a
 * load (hx_disasm_broadcast_as_load). 1 for an
 * instruction at an address in [start, end], 0 for another line, -1 for a
 * call. */
static int
hx_disasm_mca_line(const char *line, uint64_t start, uint64_t end,
    int bcast_as_load, int *broadcasts, char *out, size_t len)
{
	unsigned long long addr;
	const char *tab = strchr(line, '\t');
	size_t n;

	if (tab == NULL || sscanf(line, " %llx:", &addr) != 1 || addr < start ||
	    addr > end)
		return 0;
	tab++;
	if (strncmp(tab, "call", 4) == 0)
		return -1;
	n = strcspn(tab, "#<\n");
	while (n > 0 && (tab[n - 1] == ' ' || tab[n - 1] == '\t'))
		n--;
	if (n == 0 || strncmp(tab, "(bad)", 5) == 0 || tab[0] == '.')
		return 0;
	if (tab[0] == 'j') {
		size_t op = strcspn(tab, " ");

		snprintf(out, len, "%.*s 0", (int)op, tab);
	} else {
		char ins[512];

		snprintf(ins, sizeof(ins), "%.*s", (int)n, tab);
		const int bcast = hx_disasm_broadcast_as_load(ins, out, len);

		*broadcasts += bcast;
		if (!bcast || !bcast_as_load)
			snprintf(out, len, "%s", ins);
	}
	return 1;
}

/* The llvm-mca programs tried, in order, where FB_LLVM_MCA names none:
 * Debian 12's default (LLVM 14), then LLVM 19 (Debian 12's llvm-19),
 * whose models know CPUs LLVM 14 does not. AMD Zen 4: LLVM 14 takes it
 * for a Zen 3 and rejects every AVX-512 instruction. AMD Zen 5: LLVM 14
 * does not know it ("Host CPU: (unknown)"), accepts AVX-512 and simulates
 * on its generic model, which put colony fused at +231% where LLVM 19's
 * znver5 model put it at -11.5% (docs/model.md; hx_disasm_mca_pick
 * prefers a program that knows the CPU). */
static const char *const hx_disasm_mca_tools[] = {"llvm-mca", "llvm-mca-19"};
#define HX_DISASM_MCA_TOOLS                                                    \
	(sizeof(hx_disasm_mca_tools) / sizeof(hx_disasm_mca_tools[0]))

/* An instruction of the build's widest vectors: the probe a program's
 * model of this CPU must hold. */
#if defined(__AVX512F__)
#define HX_DISASM_MCA_PROBE "vfmadd231ps %zmm0,%zmm1,%zmm2"
#elif defined(__AVX2__)
#define HX_DISASM_MCA_PROBE "vfmadd231ps %ymm0,%ymm1,%ymm2"
#else
#define HX_DISASM_MCA_PROBE "addps %xmm0,%xmm1"
#endif

/* Cycles an iteration of the body in asmfile as `mca` simulates it, or
 * NaN with the reason in msg (llvm-mca's own error line where it printed
 * one). */
static double
hx_disasm_mca_run(const char *mca, const char *asmfile, char *msg, size_t len)
{
	char cmd[4600], *report = NULL;
	size_t rlen = 0;
	double total = NAN, iters = NAN, cycles = NAN;
	int said = 0;

	snprintf(cmd, sizeof(cmd), "%s -mcpu=native -iterations=%d %s 2>&1",
	    mca, HX_DISASM_MCA_ITERATIONS, asmfile);
	/* A program that rejects the body exits non-zero: its output is
	 * read all the same, for its error line. */
	(void)hx_disasm_slurp(cmd, &report, &rlen);
	if (report == NULL || rlen == 0) {
		snprintf(msg, len, "%s cannot run or read the loop", mca);
		free(report);
		return NAN;
	}
	for (char *l = strtok(report, "\n"); l != NULL;
	     l = strtok(NULL, "\n")) {
		sscanf(l, " Iterations: %lf", &iters);
		sscanf(l, " Total Cycles: %lf", &total);
		if (!said &&
		    (strncmp(l, "error:", 6) == 0 ||
			strstr(l, "not found") != NULL)) {
			snprintf(msg, len, "%s: %s", mca, l);
			said = 1;
		}
	}
	if (iters > 0 && total > 0)
		cycles = total / iters;
	else if (!said)
		snprintf(msg, len, "%s printed no cycles", mca);
	free(report);
	return cycles;
}

int
hx_disasm_mca_knows_cpu(const char *version)
{
	const char *h = version != NULL ? strstr(version, "Host CPU:") : NULL;
	char name[64] = "";
	size_t n = 0;

	if (h == NULL)
		return 0;
	/* The name on that line only: an empty one is no name. */
	h += strlen("Host CPU:");
	h += strspn(h, " \t");
	while (h[n] != '\0' && strchr(" \t\r\n", h[n]) == NULL &&
	    n + 1 < sizeof(name)) {
		name[n] = h[n];
		n++;
	}
	name[n] = '\0';
	return n > 0 && strcmp(name, "(unknown)") != 0 &&
	    strcmp(name, "generic") != 0;
}

/* Whether program mca names this CPU in its --version
 * (hx_disasm_mca_knows_cpu). */
static int
hx_disasm_mca_tool_knows_cpu(const char *mca)
{
	char cmd[256], *text = NULL;
	size_t len = 0;
	int knows;

	snprintf(cmd, sizeof(cmd), "%s --version 2>&1", mca);
	(void)hx_disasm_slurp(cmd, &text, &len);
	knows = hx_disasm_mca_knows_cpu(text);
	free(text);
	return knows;
}

/* Into picked, the first of hx_disasm_mca_tools that knows this CPU and
 * simulates the probe on it (-mcpu=native); where none knows it, the
 * first that simulates the probe; else picked "" and, in reason, the
 * reason of the first program tried that failed. Each program's probe
 * runs once. */
static void
hx_disasm_mca_pick(char *picked, size_t plen, char *reason, size_t rlen)
{
	char probe[] = "/tmp/fusebench-mca-probe-XXXXXX";
	FILE *f;
	int fd = mkstemp(probe), ok, knows[HX_DISASM_MCA_TOOLS] = {0};

	picked[0] = reason[0] = '\0';
	if (fd < 0) {
		snprintf(reason, rlen, "cannot write llvm-mca's input");
		return;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		ok = 0;
	} else {
		ok = fputs(HX_DISASM_MCA_PROBE "\n", f) != EOF;
		ok &= fclose(f) == 0;
	}
	if (!ok) {
		snprintf(reason, rlen, "cannot write llvm-mca's input");
		unlink(probe);
		return;
	}
	/* Pass 0: a program that knows the CPU; pass 1: the others. */
	for (int pass = 0; pass < 2 && picked[0] == '\0'; pass++) {
		for (size_t i = 0; i < HX_DISASM_MCA_TOOLS && picked[0] == '\0';
		     i++) {
			const char *mca = hx_disasm_mca_tools[i];
			char why[256];

			if (pass == 0)
				knows[i] = hx_disasm_mca_tool_knows_cpu(mca);
			if (knows[i] != (pass == 0))
				continue;
			if (!isnan(hx_disasm_mca_run(
				mca, probe, why, sizeof(why))))
				snprintf(picked, plen, "%s", mca);
			else if (reason[0] == '\0')
				snprintf(reason, rlen, "%s", why);
		}
	}
	unlink(probe);
}

/* The llvm-mca this process uses, picked once: FB_LLVM_MCA where set,
 * else hx_disasm_mca_pick's. NULL with the first program's reason in msg
 * when none simulates the probe. One program for every loop: the
 * ceilings' cycle (the FMA kernel's, mca_cycle_s) and the variants' loops
 * are simulated alike. */
const char *
hx_disasm_mca_tool(char *msg, size_t len)
{
	static char picked[64], reason[256];
	static int done;
	const char *env = getenv("FB_LLVM_MCA");

	if (env != NULL && env[0] != '\0')
		return env;
	if (!done) {
		hx_disasm_mca_pick(
		    picked, sizeof(picked), reason, sizeof(reason));
		done = 1;
	}
	if (picked[0] == '\0') {
		snprintf(msg, len, "%s", reason);
		return NULL;
	}
	return picked;
}

double
hx_disasm_mca_cycles(
    const char *path, uint64_t start, uint64_t end, char *msg, size_t msglen)
{
	return hx_disasm_mca_cycles_as(path, start, end, 0, NULL, msg, msglen);
}

double
hx_disasm_mca_cycles_as(const char *path, uint64_t start, uint64_t end,
    int bcast_as_load, int *broadcasts, char *msg, size_t msglen)
{
	const char *mca;
	char q[4200], cmd[4600], asmfile[] = "/tmp/fusebench-mca-XXXXXX";
	char *text = NULL, line[512];
	size_t tlen = 0;
	double cycles = NAN;
	FILE *f = NULL;
	int fd, n = 0, call = 0, found = 0;

	hx_disasm_quote(path, q, sizeof(q));
	snprintf(cmd, sizeof(cmd),
	    "objdump -d --no-show-raw-insn --start-address=0x%llx "
	    "--stop-address=0x%llx %s 2>/dev/null",
	    (unsigned long long)start, (unsigned long long)end + 16, q);
	if (hx_disasm_slurp(cmd, &text, &tlen) != 0 || text == NULL) {
		snprintf(msg, msglen, "objdump failed on %s", path);
		goto label_return;
	}
	if ((fd = mkstemp(asmfile)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		if (fd >= 0)
			close(fd);
		snprintf(msg, msglen, "cannot write llvm-mca's input");
		goto label_return;
	}
	for (char *l = strtok(text, "\n"); l != NULL; l = strtok(NULL, "\n")) {
		int kind = hx_disasm_mca_line(
		    l, start, end, bcast_as_load, &found, line, sizeof(line));

		call |= kind < 0;
		if (kind > 0 && fprintf(f, "%s\n", line) > 0)
			n++;
	}
	if (fclose(f) != 0 || n == 0 || call) {
		snprintf(msg, msglen, "%s",
		    call ? "the loop calls a function"
			 : "no instruction for llvm-mca");
		goto label_remove;
	}
	/* Asked for the broadcasts as loads, a body without any is the
	 * plain run's: not run again. */
	if (broadcasts != NULL)
		*broadcasts = found;
	if (bcast_as_load && found == 0) {
		snprintf(msg, msglen, "no broadcast from memory");
		goto label_remove;
	}
	if ((mca = hx_disasm_mca_tool(msg, msglen)) == NULL)
		goto label_remove;
	cycles = hx_disasm_mca_run(mca, asmfile, msg, msglen);
	if (!isnan(cycles))
		snprintf(msg, msglen, "%s", mca);
label_remove:
	unlink(asmfile);
label_return:
	free(text);
	return cycles;
}
