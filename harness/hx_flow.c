/*
 * hx_flow: see hx_flow.h. Registers are numbered: vector N (xmm, ymm,
 * zmm) as N, mask kN as 32 + N, the general registers from 40 on; the
 * tables below are data, searched in order.
 */
#include "hx_flow.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HX_FLOW_K0 32
#define HX_FLOW_GPR0 40
#define HX_FLOW_NONE (-1)

/* Mnemonic prefixes and their latency classes; the first match wins.
 * Anything else is integer or logic work (HX_LAT_INT). */
static const struct {
	const char *prefix;
	hx_lat_t lat;
} hx_flow_table[] = {
    {"vfmadd", HX_LAT_FMA},
    {"vfmsub", HX_LAT_FMA},
    {"vfnmadd", HX_LAT_FMA},
    {"vfnmsub", HX_LAT_FMA},
    {"vdiv", HX_LAT_DIV},
    {"vsqrt", HX_LAT_SQRT},
    {"vgather", HX_LAT_GATHER},
    {"vpgather", HX_LAT_GATHER},
    {"vmul", HX_LAT_MUL},
    {"vadd", HX_LAT_ADD},
    {"vsub", HX_LAT_ADD},
    {"vmin", HX_LAT_ADD},
    {"vmax", HX_LAT_ADD},
    {"vcmp", HX_LAT_ADD},
    {"vrndscale", HX_LAT_ADD},
    {"vround", HX_LAT_ADD},
    {"vcvt", HX_LAT_ADD},
    {"vcomi", HX_LAT_ADD},
    {"vucomi", HX_LAT_ADD},
    {"vhadd", HX_LAT_ADD},
    {"vperm", HX_LAT_SHUFFLE},
    {"vshuf", HX_LAT_SHUFFLE},
    {"vpshuf", HX_LAT_SHUFFLE},
    {"vunpck", HX_LAT_SHUFFLE},
    {"vpunpck", HX_LAT_SHUFFLE},
    {"vinsert", HX_LAT_SHUFFLE},
    {"vextract", HX_LAT_SHUFFLE},
    {"valign", HX_LAT_SHUFFLE},
    {"vpalign", HX_LAT_SHUFFLE},
    {"vbroadcast", HX_LAT_SHUFFLE},
    {"vpbroadcast", HX_LAT_SHUFFLE},
    {"vcompress", HX_LAT_SHUFFLE},
    {"vexpand", HX_LAT_SHUFFLE},
    {"vpack", HX_LAT_SHUFFLE},
    {"vmovshdup", HX_LAT_SHUFFLE},
    {"vmovsldup", HX_LAT_SHUFFLE},
    {"vmovhlps", HX_LAT_SHUFFLE},
    {"vmovlhps", HX_LAT_SHUFFLE},
};

/* The general registers by 64-bit name; their narrower names map to
 * them (hx_flow_gpr). */
static const char *const hx_flow_gprs[16] = {"rax", "rbx", "rcx", "rdx", "rsi",
    "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};

/* The number of the general register named r (without %), -1 if none. */
static int
hx_flow_gpr(const char *r, size_t n)
{
	static const char *const low[][4] = {{"eax", "ax", "al", "ah"},
	    {"ebx", "bx", "bl", "bh"}, {"ecx", "cx", "cl", "ch"},
	    {"edx", "dx", "dl", "dh"}, {"esi", "si", "sil", ""},
	    {"edi", "di", "dil", ""}, {"ebp", "bp", "bpl", ""},
	    {"esp", "sp", "spl", ""}};

	for (int g = 0; g < 16; g++)
		if (n == strlen(hx_flow_gprs[g]) &&
		    strncmp(r, hx_flow_gprs[g], n) == 0)
			return g;
	for (int g = 0; g < 8; g++)
		for (int k = 0; k < 4; k++)
			if (low[g][k][0] != '\0' && n == strlen(low[g][k]) &&
			    strncmp(r, low[g][k], n) == 0)
				return g;
	/* r8d, r8w, r8b ... r15b */
	if (n >= 3 && r[0] == 'r' &&
	    (r[n - 1] == 'd' || r[n - 1] == 'w' || r[n - 1] == 'b')) {
		for (int g = 8; g < 16; g++)
			if (n - 1 == strlen(hx_flow_gprs[g]) &&
			    strncmp(r, hx_flow_gprs[g], n - 1) == 0)
				return g;
	}
	return -1;
}

int
hx_flow_reg(const char *r, size_t n)
{
	int g;

	if (n >= 4 && n <= 5 && (r[0] == 'x' || r[0] == 'y' || r[0] == 'z') &&
	    r[1] == 'm' && r[2] == 'm' && isdigit((unsigned char)r[3]))
		return (int)strtol(r + 3, NULL, 10);
	if (n == 2 && r[0] == 'k' && r[1] >= '0' && r[1] <= '7')
		return HX_FLOW_K0 + (r[1] - '0');
	g = hx_flow_gpr(r, n);
	return g >= 0 ? HX_FLOW_GPR0 + g : -1;
}

/* Parses the operand text [p, p + n). */
static void
hx_flow_operand(const char *p, size_t n, hx_flow_operand_t *o)
{
	int depth = 0, commas = 0;

	o->reg = o->mask = o->base = o->index = -1;
	o->memory = o->zeroing = 0;
	o->scale = 1;
	o->disp = 0;
	o->disp_known = 1;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '(') {
			/* The displacement before it: a number, or a symbol
			 * (sym(%rip)) whose value the text does not say. */
			if (!o->memory && i > 0) {
				char *end;

				o->disp = strtol(p, &end, 0);
				o->disp_known = end == p + i;
			}
			depth++, o->memory = 1;
		} else if (p[i] == ')') {
			depth--;
		} else if (p[i] == ',' && depth > 0) {
			if (++commas == 2)
				o->scale = (int)strtol(p + i + 1, NULL, 10);
		} else if (p[i] == '{') {
			const char *e = memchr(p + i, '}', n - i);
			size_t len = e != NULL ? (size_t)(e - p) - i - 1 : 0;

			if (len >= 2 && p[i + 1] == '%')
				o->mask = hx_flow_reg(p + i + 2, len - 1);
			else if (len == 1 && p[i + 1] == 'z')
				o->zeroing = 1;
			i += len + 1;
		} else if (p[i] == '%') {
			size_t len = 1;
			int r;

			while (
			    i + len < n && isalnum((unsigned char)p[i + len]))
				len++;
			r = hx_flow_reg(p + i + 1, len - 1);
			if (depth > 0 && commas == 0)
				o->base = r;
			else if (depth > 0 && commas == 1)
				o->index = r;
			else if (depth == 0)
				o->reg = r;
			i += len - 1;
		}
	}
}

int
hx_flow_operands(const char *ops, hx_flow_operand_t *op, int max)
{
	int n = 0;

	for (const char *p = ops; p != NULL && *p != '\0' && n < max;) {
		int depth = 0;
		size_t len = 0;

		while (p[len] != '\0' && (p[len] != ',' || depth > 0)) {
			depth += p[len] == '(' ? 1 : p[len] == ')' ? -1 : 0;
			len++;
		}
		hx_flow_operand(p, len, &op[n++]);
		p += len + (p[len] == ',');
	}
	return n;
}

/* Whether mn only compares its operands, writing none of them. */
static int
hx_flow_compares(const char *mn)
{
	return strncmp(mn, "cmp", 3) == 0 || strncmp(mn, "test", 4) == 0 ||
	    strncmp(mn, "vcomi", 5) == 0 || strncmp(mn, "vucomi", 6) == 0;
}

int
hx_flow_dst(const char *mn, const hx_flow_operand_t *op, int n)
{
	/* One operand (inc %rax, push %rax): read, and written unless it is
	 * a push, a jump or a call. */
	if (n == 1)
		return !op[0].memory && op[0].reg >= 0 && mn[0] != 'j' &&
			strncmp(mn, "push", 4) != 0 &&
			strncmp(mn, "call", 4) != 0
		    ? op[0].reg
		    : -1;
	return n > 1 && !op[n - 1].memory && !hx_flow_compares(mn)
	    ? op[n - 1].reg
	    : -1;
}

/* The latency class of mnemonic mn. */
static hx_lat_t
hx_flow_class(const char *mn)
{
	for (size_t i = 0; i < sizeof(hx_flow_table) / sizeof(hx_flow_table[0]);
	     i++)
		if (strncmp(mn, hx_flow_table[i].prefix,
			strlen(hx_flow_table[i].prefix)) == 0)
			return hx_flow_table[i].lat;
	if (strncmp(mn, "mov", 3) == 0 || strncmp(mn, "vmov", 4) == 0)
		return HX_LAT_MOVE;
	return HX_LAT_INT;
}

/* Whether an instruction that writes its last operand also reads it. */
static int
hx_flow_reads_destination(const char *mn, hx_lat_t lat, int noperands)
{
	static const char *const three[] = {
	    "vpternlog", "vpermt2", "vpermi2", "vfixupimm", "vpdpbusd"};
	static const char *const plain[] = {"mov", "lea", "cmp", "test", "set",
	    "pop", "push", "j", "call", "ret", "nop", "bt", "cvt", "prefetch"};

	if (lat == HX_LAT_FMA)
		return 1;
	for (size_t i = 0; i < sizeof(three) / sizeof(three[0]); i++)
		if (strncmp(mn, three[i], strlen(three[i])) == 0)
			return 1;
	if (mn[0] == 'v' || mn[0] == 'k')
		return 0;
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		if (strncmp(mn, plain[i], strlen(plain[i])) == 0)
			return 0;
	/* add %rax,%rbx; inc %rax; addss %xmm1,%xmm0 (two-operand forms). */
	return noperands <= 2;
}

/* The last instruction of l before its next one that wrote register r,
 * or -1. */
static int16_t
hx_flow_writer(const hx_loop_t *l, int r)
{
	if (r < 0)
		return HX_FLOW_NONE;
	for (int i = l->nflow - 1; i >= 0; i--)
		if (l->flow[i].dst == r)
			return (int16_t)i;
	return HX_FLOW_NONE;
}

void
hx_flow_add(hx_loop_t *l, const char *mn, const char *ops)
{
	hx_flow_operand_t op[6];
	hx_flow_t *f;
	int n, k = 0, zero_idiom = 1;
	hx_lat_t lat;

	if (l->nflow >= HX_FLOW_MAX || mn == NULL || *mn == '\0')
		return;
	n = hx_flow_operands(ops, op, 6);
	f = &l->flow[l->nflow];
	memset(f, 0, sizeof(*f));
	for (int s = 0; s < HX_FLOW_SOURCES; s++)
		f->src[s] = HX_FLOW_NONE;
	f->addr[0] = f->addr[1] = HX_FLOW_NONE;
	lat = hx_flow_class(mn);
	f->lat = (uint8_t)lat;
	f->dst = -1;
	/* xor x, x and its vector forms: a zero, no input. */
	for (int i = 1; i < n; i++)
		zero_idiom &= op[i].reg == op[0].reg && !op[i].memory;
	zero_idiom &= n >= 2 && op[0].reg >= 0 &&
	    (strstr(mn, "xor") != NULL || strncmp(mn, "sub", 3) == 0);
	for (int i = 0; i < n && !zero_idiom; i++) {
		const int last = i == n - 1 && n > 1;
		const int writes =
		    last && !op[i].memory && !hx_flow_compares(mn);

		if (op[i].memory) {
			f->loads |= !last || strncmp(mn, "cmp", 3) == 0;
			if (f->addr[0] == HX_FLOW_NONE)
				f->addr[0] = hx_flow_writer(l, op[i].base);
			if (f->addr[1] == HX_FLOW_NONE)
				f->addr[1] = hx_flow_writer(l, op[i].index);
		}
		if (op[i].mask >= 0 && k < HX_FLOW_SOURCES)
			f->src[k++] = hx_flow_writer(l, op[i].mask);
		if (writes) {
			if ((hx_flow_reads_destination(mn, lat, n) ||
				(op[i].mask >= 0 && !op[i].zeroing &&
				    op[i].mask != HX_FLOW_K0)) &&
			    k < HX_FLOW_SOURCES)
				f->src[k++] = hx_flow_writer(l, op[i].reg);
			f->dst = (int8_t)op[i].reg;
		} else if (op[i].reg >= 0 && k < HX_FLOW_SOURCES) {
			f->src[k++] = hx_flow_writer(l, op[i].reg);
		}
	}
	if (n == 1)
		f->dst = (int8_t)hx_flow_dst(mn, op, n);
	/* A masked move is a blend; a move with a memory source a load. */
	if (lat == HX_LAT_MOVE && n > 0 && op[n - 1].mask >= 0)
		f->lat = HX_LAT_INT;
	l->nflow++;
}

void
hx_flow_carry(hx_loop_t *l, int reg)
{
	hx_flow_t *f;

	if (l->nflow >= HX_FLOW_MAX || reg < 0)
		return;
	f = &l->flow[l->nflow++];
	memset(f, 0, sizeof(*f));
	for (int s = 0; s < HX_FLOW_SOURCES; s++)
		f->src[s] = HX_FLOW_NONE;
	f->addr[0] = f->addr[1] = HX_FLOW_NONE;
	f->lat = HX_LAT_MOVE;
	f->dst = (int8_t)reg;
	f->carry = 1;
}

double
hx_flow_wait_sum(
    const hx_loop_t *l, const double lat[HX_LAT_CLASSES], double *path)
{
	return hx_flow_wait_after(l, lat, 0.0, path);
}

double
hx_flow_wait_after(const hx_loop_t *l, const double lat[HX_LAT_CLASSES],
    double carry, double *path)
{
	double ready[HX_FLOW_MAX], sum = 0.0, longest = 0.0;

	for (int i = 0; i < l->nflow && i < HX_FLOW_MAX; i++) {
		const hx_flow_t *f = &l->flow[i];
		double start = 0.0, own = lat[f->lat];

		if (f->carry) {
			ready[i] = isfinite(carry) && carry > 0 ? carry : 0.0;
			continue;
		}

		for (int s = 0; s < HX_FLOW_SOURCES; s++)
			if (f->src[s] >= 0 && f->src[s] < i)
				start = fmax(start, ready[f->src[s]]);
		if (f->loads || f->lat == HX_LAT_GATHER) {
			/* The load (a gather's latency includes its own). */
			double a = 0.0, load = lat[HX_LAT_LOAD];

			for (int s = 0; s < 2; s++)
				if (f->addr[s] >= 0 && f->addr[s] < i)
					a = fmax(a, ready[f->addr[s]]);
			if (f->lat == HX_LAT_GATHER)
				start = fmax(start, a);
			else
				start = fmax(start,
				    a +
					(isfinite(load) && load > 0 ? load
								    : 0.0));
		}
		if (!(isfinite(own) && own > 0))
			own = 0.0;
		if (f->lat == HX_LAT_MOVE)
			own = 0.0;
		ready[i] = start + own;
		sum += start;
		longest = fmax(longest, ready[i]);
	}
	if (path != NULL)
		*path = longest;
	return sum;
}
