/*
 * hx_disasm: instruction classes and loops from objdump text written by
 * hand (what GNU objdump -d --no-show-raw-insn prints), and from this
 * build's own ceiling kernels (the object file the Makefile compiled), so
 * that a ceiling that claims to measure an instruction is seen to hold it
 * in its loop.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_objects.h"
#include "hx_disasm.h"

/* One instruction's counts. */
static hx_loop_t
count_one(const char *mn, const char *ops)
{
	hx_loop_t l;

	memset(&l, 0, sizeof(l));
	cr_assert_eq(hx_disasm_count(&l, mn, ops), 0, "%s %s", mn, ops);
	return l;
}

Test(disasm, classes_of_instructions)
{
	hx_loop_t l = count_one("vfmadd231ps", "%zmm1,%zmm2,%zmm3");
	cr_expect_eq(l.kind[HX_INSN_FMA], 1);
	cr_expect_eq(l.vector_bytes, 64);
	l = count_one("vdivpd", "%ymm1,%ymm2,%ymm3");
	cr_expect_eq(l.kind[HX_INSN_DIVPD], 1);
	cr_expect_eq(hx_insn_class_of(HX_INSN_DIVPD), 2);
	l = count_one("vsqrtss", "%xmm1,%xmm2,%xmm3");
	cr_expect_eq(l.kind[HX_INSN_SQRTPS], 1);
	l = count_one("vminps", "%zmm0,%zmm4,%zmm0");
	cr_expect_eq(l.kind[HX_INSN_ADD], 1, "a min is the adder's");
	l = count_one("vpermt2ps", "%zmm1,%zmm2,%zmm3");
	cr_expect_eq(l.kind[HX_INSN_SHUFFLE], 1);
	l = count_one("add", "$0x40,%rdx");
	cr_expect_eq(l.kind[HX_INSN_OTHER], 1);
	cr_expect_eq(l.kind[HX_INSN_LOAD] + l.kind[HX_INSN_STORE], 0);
	cr_expect_eq(hx_disasm_count(&l, "", ""), -1);
}

Test(disasm, memory_operands)
{
	/* A load folded into a subtract: an add and a load. */
	hx_loop_t l = count_one("vsubps", "(%rsi,%rdx,1),%zmm0,%zmm0");
	cr_expect_eq(l.kind[HX_INSN_ADD], 1);
	cr_expect_eq(l.kind[HX_INSN_LOAD], 1);
	/* A plain move is only its load or its store. */
	l = count_one("vmovups", "(%r8,%rdx,1),%zmm4");
	cr_expect_eq(l.kind[HX_INSN_LOAD], 1);
	cr_expect_eq(l.kind[HX_INSN_OTHER], 0);
	l = count_one("vmovaps", "%zmm0,-0x38(%rsp)");
	cr_expect_eq(l.kind[HX_INSN_STORE], 1);
	cr_expect_eq(l.kind[HX_INSN_LOAD], 0);
	/* A broadcast from memory is the load unit's; from a register, a
	 * shuffle. */
	l = count_one("vbroadcastss", "0x4(%rax),%zmm3");
	cr_expect_eq(l.kind[HX_INSN_LOAD], 1);
	cr_expect_eq(l.kind[HX_INSN_SHUFFLE], 0);
	l = count_one("vbroadcastss", "%xmm17,%zmm25");
	cr_expect_eq(l.kind[HX_INSN_SHUFFLE], 1);
	/* lea computes an address and touches no memory. */
	l = count_one("lea", "0x4(%rax),%r15");
	cr_expect_eq(l.kind[HX_INSN_LOAD] + l.kind[HX_INSN_STORE], 0);
	/* A compare with memory reads it. */
	l = count_one("cmpb", "$0x0,-0x59(%rsp)");
	cr_expect_eq(l.kind[HX_INSN_LOAD], 1);
	cr_expect_eq(l.kind[HX_INSN_STORE], 0);
}

Test(disasm, gather_lanes)
{
	hx_loop_t l = count_one("vgatherdps", "(%r15,%zmm2,4),%zmm1{%k4}");
	cr_expect_eq(l.kind[HX_INSN_GATHER], 1);
	cr_expect_eq(l.gather_lanes, 16, "zmm of floats: 16 indices");
	cr_expect_eq(l.kind[HX_INSN_LOAD], 0, "a gather is not also a load");
	l = count_one("vgatherqpd", "(%rax,%ymm2,8),%ymm1{%k1}");
	cr_expect_eq(l.gather_lanes, 4, "ymm of doubles: 4 indices");
}

/* Two loops nested in f, one in g; the inner loop of f has an FMA, a
 * gather and 16-lane packed arithmetic, g's is scalar. */
static const char listing[] = "0000000000000100 <f>:\n"
			      " 100:\tpush   %rbp\n"
			      " 104:\txor    %eax,%eax\n"
			      " 108:\tvmovups (%rdi,%rax,4),%zmm1\n"
			      " 110:\tvfmadd231ps %zmm1,%zmm2,%zmm3\n"
			      " 116:\tvgatherdps (%rsi,%zmm1,4),%zmm4{%k1}\n"
			      " 11c:\tvaddps %zmm4,%zmm3,%zmm3\n"
			      " 122:\tadd    $0x40,%rax\n"
			      " 126:\tcmp    %rax,%rdx\n"
			      " 129:\tjne    108 <f+0x8>\n"
			      " 12b:\tinc    %rcx\n"
			      " 12e:\tcmp    %rcx,%r8\n"
			      " 131:\tjne    104 <f+0x4>\n"
			      " 133:\tret\n"
			      "\n"
			      "0000000000000140 <g>:\n"
			      " 140:\tvaddss %xmm0,%xmm1,%xmm1\n"
			      " 144:\tdec    %rdi\n"
			      " 147:\tjne    140 <g>\n"
			      " 149:\tret\n";

Test(disasm, innermost_loops_largest_first)
{
	hx_loop_t loops[4];
	size_t n = hx_disasm_loops(listing, loops, 4);

	cr_assert_eq(n, 2,
	    "f's inner loop and g's loop (f's outer holds "
	    "another): %zu",
	    n);
	cr_expect_str_eq(loops[0].function, "f");
	cr_expect_eq(loops[0].start, 0x108);
	cr_expect_eq(loops[0].end, 0x129);
	cr_expect_eq(loops[0].insns, 7);
	cr_expect_eq(loops[0].kind[HX_INSN_FMA], 1);
	cr_expect_eq(loops[0].kind[HX_INSN_GATHER], 1);
	cr_expect_eq(loops[0].kind[HX_INSN_LOAD], 1);
	cr_expect_eq(loops[0].lanes, 16);
	cr_expect_eq(loops[0].vector_bytes, 64);
	cr_expect_eq(loops[0].wide_insns, 4,
	    "the load, FMA, gather and add name a zmm register, the loop "
	    "control none: %d",
	    loops[0].wide_insns);
	cr_expect_str_eq(loops[1].function, "g");
	cr_expect_eq(loops[1].wide_insns, 1, "vaddss: one xmm instruction");
	cr_expect_eq(loops[1].insns, 3);
	cr_expect_eq(loops[1].lanes, 1, "scalar: one unit an iteration");
	cr_expect_eq(hx_disasm_loops("no code\n", loops, 4), 0);
}

/* Backward jumps that are no loop, and one that is. In h, the path for
 * no whole group sits after the ret and jumps back into the remainder
 * code (as gcc laid out interp sorted's sorted_block1): 0x320 can reach
 * neither 0x340 nor the jmp that leaves it, so [0x320, 0x345] is no cycle,
 * and only the real loop [0x300, 0x315] is found. In w, a while loop
 * tests at its head and ends in an unconditional jmp back: a loop. */
static const char not_a_loop[] = "0000000000000300 <h>:\n"
				 " 300:\tvfmadd231ps %zmm1,%zmm2,%zmm0\n"
				 " 306:\tadd    $0x40,%rax\n"
				 " 30a:\tcmp    %rax,%rsi\n"
				 " 30d:\tjne    300 <h>\n"
				 " 310:\tvaddps %zmm0,%zmm3,%zmm3\n"
				 " 315:\tjae    300 <h>\n"
				 " 320:\tvaddss %xmm1,%xmm2,%xmm2\n"
				 " 324:\tcmp    $0x3,%edx\n"
				 " 327:\tjae    33f <h+0x3f>\n"
				 " 32d:\tvaddss %xmm2,%xmm3,%xmm3\n"
				 " 33f:\tret\n"
				 " 340:\txor    %eax,%eax\n"
				 " 345:\tjmp    320 <h+0x20>\n"
				 "0000000000000400 <w>:\n"
				 " 400:\tcmp    %rax,%rsi\n"
				 " 403:\tjae    414 <w+0x14>\n"
				 " 405:\tvaddss %xmm1,%xmm2,%xmm2\n"
				 " 409:\tinc    %rax\n"
				 " 40c:\tjmp    400 <w>\n"
				 " 414:\tret\n";

Test(disasm, a_jump_back_that_its_target_cannot_reach_is_no_loop)
{
	hx_loop_t loops[4];
	size_t n = hx_disasm_loops(not_a_loop, loops, 4);
	int h = 0, w = 0;

	for (size_t i = 0; i < n; i++) {
		cr_expect(loops[i].start != 0x320,
		    "[0x320, 0x345] taken for a loop (%zu loops)", n);
		h += strcmp(loops[i].function, "h") == 0;
		w += strcmp(loops[i].function, "w") == 0 &&
		    loops[i].start == 0x400 && loops[i].end == 0x40c;
	}
	cr_expect_eq(n, 2, "h's loop and w's: %zu", n);
	cr_expect_eq(h, 1, "h's innermost loop, [0x300, 0x30d]: %d", h);
	cr_expect_eq(w, 1, "w's while loop, [0x400, 0x40c]: %d", w);
}

/* A scalar loop with packed-named instructions that do no arithmetic on
 * lanes: a register copied (vmovaps %xmm0,%xmm5, as gcc's scalar
 * remainder of interp fused has on AVX2) and one zeroed (vxorps, three
 * times the same register). It is one unit an iteration; a packed add,
 * or a load of four floats into a register, makes the same loop one of
 * four lanes. */
static const char scalar_copies[] = "0000000000000200 <s>:\n"
				    " 200:\tvmovss  (%rdi,%rax,4),%xmm0\n"
				    " 205:\tvmovaps %xmm0,%xmm5\n"
				    " 208:\tvxorps %xmm1,%xmm1,%xmm1\n"
				    " 20c:\tvfmadd231ss %xmm0,%xmm5,%xmm1\n"
				    " 211:\tvaddss %xmm1,%xmm2,%xmm2\n"
				    " 215:\tinc    %rax\n"
				    " 218:\tcmp    %rax,%rdx\n"
				    " 21b:\tjne    200 <s>\n"
				    " 21d:\tret\n";

/* The lanes of scalar_copies's loop with the text `from` replaced by `to`
 * (as long). */
static int
copies_lanes_with(const char *from, const char *to)
{
	hx_loop_t loops[2];
	char text[sizeof(scalar_copies)], *at;

	snprintf(text, sizeof(text), "%s", scalar_copies);
	at = strstr(text, from);
	cr_assert_not_null(at);
	memcpy(at, to, strlen(to));
	cr_assert_eq(hx_disasm_loops(text, loops, 2), 1);
	return loops[0].lanes;
}

Test(disasm, copies_and_zeroing_are_not_lanes)
{
	cr_expect_eq(copies_lanes_with("", ""), 1, "a scalar loop");
	cr_expect_eq(copies_lanes_with("vaddss", "vaddps"), 4, "a packed add");
	/* A load of four floats is the loop's data, not a copy. */
	cr_expect_eq(
	    copies_lanes_with("vmovss  (", "vmovups"), 4, "a vector load");
}

/* Gathers that re-read lines an earlier gather fetched: interp's four
 * neighbouring coefficients F[s] .. F[s + 3] as gcc 12 builds them for
 * AVX2 (the bases set with lea before the loop, 4, 8 and 12 bytes on)
 * and with a displacement; each repeat is 4 bytes from the nearest
 * earlier one, so 1 - 4/64 of its 8 lanes re-read a line. Not repeats: a
 * gather from another array (a base not set from the first), one with
 * another index register, one whose index was written since, one whose
 * base was rewritten after its lea. */
static const char repeats[] =
    "0000000000000100 <h>:\n"
    " 100:\tmov    0x40(%rdi),%rsi\n"
    " 104:\tlea    0x4(%rsi),%r14\n"
    " 108:\tlea    0x8(%rsi),%rcx\n"
    " 10c:\tlea    0x4(%rcx),%rdx\n"
    " 110:\tlea    0x4(%rsi),%r9\n"
    " 114:\tmov    0x48(%rdi),%r9\n"
    " 118:\tvmovdqa %ymm5,%ymm14\n"
    " 11c:\tvgatherdps %ymm14,(%rsi,%ymm2,4),%ymm13\n"
    " 122:\tvgatherdps %ymm14,(%r14,%ymm2,4),%ymm15\n"
    " 128:\tvgatherdps %ymm14,(%rcx,%ymm2,4),%ymm4\n"
    " 12e:\tvgatherdps %ymm14,(%rdx,%ymm2,4),%ymm1\n"
    " 134:\tvgatherdps %ymm14,0x20(%rsi,%ymm2,4),%ymm6\n"
    " 13a:\tvgatherdps %ymm14,(%r9,%ymm2,4),%ymm7\n"
    " 140:\tvgatherdps %ymm14,0x4(%rsi,%ymm3,4),%ymm8\n"
    " 146:\tvpaddd %ymm0,%ymm2,%ymm2\n"
    " 14a:\tvgatherdps %ymm14,0x4(%rsi,%ymm2,4),%ymm9\n"
    " 150:\tadd    $0x20,%rax\n"
    " 154:\tcmp    %rax,%r8\n"
    " 157:\tjne    118 <h+0x18>\n"
    " 159:\tret\n";

/* The one loop of text: its gathers fetch lanes indices, of which
 * repeat re-read a line an earlier gather fetched. */
static void
expect_repeats(const char *text, double lanes, double repeat)
{
	hx_loop_t loops[2];

	cr_assert_eq(hx_disasm_loops(text, loops, 2), 1);
	cr_expect_eq(loops[0].gather_lanes, lanes);
	cr_expect_float_eq(loops[0].gather_repeat_lanes, repeat, 1e-9,
	    "repeat lanes %g, expected %g", loops[0].gather_repeat_lanes,
	    repeat);
}

Test(disasm, gathers_that_reread_a_line)
{
	/* (%r14), (%rcx), (%rdx): 4 bytes from the nearest earlier, 7.5
	 * lanes each; 0x20(%rsi): 32 bytes from (%rsi) and 20 from (%rdx),
	 * 8 x (1 - 20/64) = 5.5. Not (%r9) (rewritten), 0x4(..%ymm3..)
	 * (another index), 0x4(..%ymm2..) after the vpaddd (written). */
	expect_repeats(repeats, 8 * 8, 3 * 7.5 + 5.5);
}

/* As gcc 12 builds interp tiled for AVX-512: the bases set from one value
 * whose register is then reused (r14 = rcx + 4, rax = r14 - 4, then rcx
 * set again), a compare between, which writes nothing, and a second group
 * of four on another value, after its index was written: 2 x 3 repeats of
 * 16 lanes, each 4 bytes from the nearest, 2 x 3 x 15 = 90 lanes. */
static const char reused[] = "0000000000000200 <k>:\n"
			     " 200:\tlea    0x4(%rcx),%r14\n"
			     " 204:\tlea    -0x4(%r14),%rax\n"
			     " 208:\tlea    0x4(%r14),%r15\n"
			     " 20c:\tlea    0x8(%r14),%r13\n"
			     " 210:\tcmp    $0x2,%rax\n"
			     " 214:\tlea    -0xc(%rdx),%rcx\n"
			     " 218:\tlea    -0x8(%rdx),%r11\n"
			     " 21c:\tlea    -0x4(%rdx),%r10\n"
			     " 220:\tvgatherdps (%r14,%zmm28,4),%zmm30{%k3}\n"
			     " 226:\tvgatherdps (%rax,%zmm28,4),%zmm29{%k7}\n"
			     " 22c:\tvgatherdps (%r15,%zmm28,4),%zmm4{%k4}\n"
			     " 232:\tvgatherdps 0x0(%r13,%zmm28,4),%zmm3{%k5}\n"
			     " 238:\tvcvttps2dq %zmm2,%zmm28\n"
			     " 23e:\tvgatherdps (%r11,%zmm28,4),%zmm30{%k7}\n"
			     " 244:\tvgatherdps (%rcx,%zmm28,4),%zmm29{%k6}\n"
			     " 24a:\tvgatherdps (%r10,%zmm28,4),%zmm4{%k3}\n"
			     " 250:\tvgatherdps (%rdx,%zmm28,4),%zmm3{%k4}\n"
			     " 256:\tadd    $0x40,%rsi\n"
			     " 25a:\tcmp    %rsi,%r8\n"
			     " 25d:\tjne    220 <k+0x20>\n"
			     " 25f:\tret\n";

Test(disasm, gathers_reread_through_a_value_whose_register_was_reused)
{
	expect_repeats(reused, 8 * 16, 90.0);
}

/* The innermost loops of function fn of the object file hold an
 * instruction starting with want (without its v in a build without AVX,
 * whose SSE mnemonics have none). */
static void
kernel_holds_in(const char *file, const char *fn, const char *want)
{
	char obj[4200], msg[256];
	char *text;
	hx_loop_t loops[8];
	size_t n;
	int found = 0;

#if !defined(__AVX__)
	if (want[0] == 'v')
		want++;
#endif
	fb_harness_object(file, obj, sizeof(obj));
	text = hx_disasm_functions(obj, fn, 1, msg, sizeof(msg));
	cr_assert_not_null(text, "%s: %s", fn, msg);
	n = hx_disasm_loops(text, loops, 8);
	cr_assert_gt(n, 0, "%s has no loop", fn);
	/* The instruction must sit inside a loop's range. */
	for (const char *p = text; *p != '\0' && !found;) {
		size_t len = strcspn(p, "\n");
		unsigned long long addr;
		char mn[64];

		if (sscanf(p, " %llx:\t%63s", &addr, mn) == 2 &&
		    strncmp(mn, want, strlen(want)) == 0)
			for (size_t i = 0; i < n && i < 8; i++)
				found |= addr >= loops[i].start &&
				    addr <= loops[i].end;
		p += len + (p[len] == '\n');
	}
	free(text);
	cr_expect(found, "%s's loop holds no %s", fn, want);
}

static void
kernel_holds(const char *fn, const char *want)
{
	kernel_holds_in("hx_ceilings_kernels.o", fn, want);
}

/* The measuring builds (-O2 and up) are the ones whose kernels must hold
 * their instruction; the sanitizer builds at -O1 vectorize less, call
 * their checks from the loops, and time nothing. */
static void
skip_unmeasured_build(void)
{
	if (strstr(FB_CFLAGS, "SANITIZER=") != NULL ||
	    strstr(FB_CFLAGS, " -O1") != NULL)
		cr_skip_test("an -O1 sanitizer build (%s): its kernels are not "
			     "the measured ones",
		    FB_CFLAGS);
}

Test(disasm, ceiling_kernels_hold_their_instructions)
{
	skip_unmeasured_build();
#if defined(__FMA__)
	kernel_holds_in("hx_ceilings.o", "hx_ceilings_fma", "vfmadd");
	kernel_holds_in("hx_ceilings.o", "hx_ceilings_bcast", "vfmadd");
#endif
#if defined(__AVX2__)
	/* Its multipliers broadcast into registers, not into the
	 * multiply-adds' memory operands. */
	kernel_holds_in("hx_ceilings.o", "hx_ceilings_bcast", "vbroadcastss");
#endif
	kernel_holds("hx_ck_add", "vadd");
	kernel_holds("hx_ck_mul", "vmul");
	kernel_holds("hx_ck_divps", "vdivps");
	kernel_holds("hx_ck_divpd", "vdivpd");
#if defined(__AVX2__)
	/* (Without AVX the square roots are a scalar loop per lane.) */
	kernel_holds("hx_ck_sqrtps", "vsqrtps");
	kernel_holds("hx_ck_sqrtpd", "vsqrtpd");
	kernel_holds("hx_ck_gather", "vgatherdps");
	kernel_holds("hx_ck_gather_stencil", "vgatherdps");
	kernel_holds("hx_ck_gather_mix", "vgatherdps");
#endif
#if defined(__FMA__)
	kernel_holds("hx_ck_gather_mix", "vfmadd");
#endif
	/* The latency kernels (hx_ceilings_latency.c). */
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_fma", "vfmadd");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_add", "vadd");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_mul", "vmul");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_div", "vdivps");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_load", "vmovdq");
#if defined(__AVX2__)
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_sqrt", "vsqrtps");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_shuffle", "vperm");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_gather", "vpgatherdd");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_window", "vpand");
	kernel_holds_in("hx_ceilings_latency.o", "hx_cl_window", "vfmadd");
	/* The library calls' kernel calls the functions in its loop. */
	kernel_holds_in("hx_ceilings_latency.o", "hx_cc_pair", "call");
#endif
	kernel_holds("hx_ck_read", "vadd");
	kernel_holds("hx_ck_write", "vmov");
	kernel_holds("hx_ck_copy", "vmov");
}

/* The cycles llvm-mca simulates for a ceiling kernel's loop follow the
 * units it needs: the loop of 12 independent divides (hx_ck_divps) takes
 * more cycles an iteration than the loop of 12 adds (hx_ck_add), both of
 * one object of this build; an add loop of 12 vector adds takes at least
 * 12 / 4 cycles (no x86 core issues more than 4 vector adds a cycle). */
/* The first loop of function fn in the harness object `object` into
 * *loop, and that object's path into obj. */
static void
kernel_loop(
    const char *object, const char *fn, char *obj, size_t len, hx_loop_t *loop)
{
	char msg[256], *text;

	fb_harness_object(object, obj, len);
	text = hx_disasm_functions(obj, fn, 1, msg, sizeof(msg));
	cr_assert_not_null(text, "%s: %s", fn, msg);
	cr_assert_gt(hx_disasm_loops(text, loop, 1), 0, "%s: no loop", fn);
	free(text);
}

static double
kernel_mca_cycles(const char *fn, double *adds)
{
	char obj[4200], msg[256];
	hx_loop_t loop;
	double cycles;

	kernel_loop("hx_ceilings_kernels.o", fn, obj, sizeof(obj), &loop);
	cycles =
	    hx_disasm_mca_cycles(obj, loop.start, loop.end, msg, sizeof(msg));
	if (adds != NULL)
		*adds = loop.kind[HX_INSN_ADD];
	if (isnan(cycles))
		cr_skip_test(
		    "llvm-mca: %s (sh harness/deps.sh install report)", msg);
	return cycles;
}

Test(disasm, mca_cycles_follow_the_units_a_loop_needs)
{
	double adds, add = kernel_mca_cycles("hx_ck_add", &adds);
	double div = kernel_mca_cycles("hx_ck_divps", NULL);

	cr_expect(adds >= 12, "hx_ck_add's loop: %g adds", adds);
	cr_expect(add >= adds / 4.0 && add < 10.0 * adds,
	    "%g adds in %g cycles", adds, add);
	cr_expect(div > add, "divides %g cycles, adds %g", div, add);
}

/* One llvm-mca for every loop, one whose model of this CPU holds the
 * build's widest vectors: the FMA kernel's loop of this build (zmm on an
 * AVX-512 build) is simulated, and msg names the program that did it, the
 * one hx_disasm_mca_tool picked. On an AMD Zen 4 Debian 12's LLVM 14
 * rejected every AVX-512 instruction and the issue term was left out
 * without a word; LLVM 19 (llvm-19) reads them. */
Test(disasm, mca_reads_the_builds_widest_vectors)
{
	char obj[4200], msg[256], tool[256] = "";
	const char *picked = hx_disasm_mca_tool(tool, sizeof(tool));
	hx_loop_t loop;
	double cycles;

	skip_unmeasured_build();
	if (picked == NULL)
		cr_skip_test(
		    "llvm-mca: %s (sh harness/deps.sh install report)", tool);
	kernel_loop(
	    "hx_ceilings.o", "hx_ceilings_fma", obj, sizeof(obj), &loop);
	cr_assert_gt(loop.kind[HX_INSN_FMA], 0, "no FMA in the loop");
	cycles =
	    hx_disasm_mca_cycles(obj, loop.start, loop.end, msg, sizeof(msg));
	cr_expect(
	    cycles > 0, "%s read no cycles from the FMA loop: %s", picked, msg);
	cr_expect_str_eq(
	    msg, picked, "simulated by '%s', picked '%s'", msg, picked);
}

/* An llvm-mca whose --version names this CPU knows it; Debian 12's LLVM
 * 14 on an AMD Zen 5 prints "Host CPU: (unknown)" and simulates a generic
 * model. */
Test(disasm, mca_knows_the_cpu_it_names)
{
	cr_expect(
	    hx_disasm_mca_knows_cpu("LLVM (http://llvm.org/):\n  LLVM "
				    "version 19.1.7\n  Optimized build.\n"
				    "  Default target: x86_64-pc-linux-gnu\n"
				    "  Host CPU: znver5\n"));
	cr_expect(hx_disasm_mca_knows_cpu("  Host CPU: sapphirerapids\n"));
	cr_expect(!hx_disasm_mca_knows_cpu("  LLVM version 14.0.6\n  Host CPU: "
					   "(unknown)\n"));
	cr_expect(!hx_disasm_mca_knows_cpu("  Host CPU: generic\n"));
	cr_expect(!hx_disasm_mca_knows_cpu("  Host CPU:\n"));
	/* An empty name is not the next line's first word. */
	cr_expect(!hx_disasm_mca_knows_cpu("  Host CPU:\n\n  Registered "
					   "Targets:\n"));
	cr_expect(hx_disasm_mca_knows_cpu("Host CPU:znver4"));
	cr_expect(!hx_disasm_mca_knows_cpu("LLVM version 14.0.6\n"));
	cr_expect(!hx_disasm_mca_knows_cpu(NULL));
}

/* Where llvm-mca rejects the loop, msg carries its own error line. */
Test(disasm, mca_says_what_llvm_mca_rejected)
{
	char obj[4200], msg[256], script[] = "/tmp/fb-fake-mca-XXXXXX";
	hx_loop_t loop;
	double cycles;
	int fd;
	static const char body[] =
	    "#!/bin/sh\necho 'error: found an unsupported instruction in the "
	    "input assembly sequence.'\nexit 1\n";

	skip_unmeasured_build();
	fd = mkstemp(script);
	cr_assert_geq(fd, 0);
	cr_assert_eq(
	    write(fd, body, sizeof(body) - 1), (ssize_t)sizeof(body) - 1);
	close(fd);
	chmod(script, 0700);
	kernel_loop(
	    "hx_ceilings_kernels.o", "hx_ck_add", obj, sizeof(obj), &loop);
	setenv("FB_LLVM_MCA", script, 1);
	cycles =
	    hx_disasm_mca_cycles(obj, loop.start, loop.end, msg, sizeof(msg));
	unsetenv("FB_LLVM_MCA");
	unlink(script);
	cr_expect(isnan(cycles), "%g cycles from a rejecting llvm-mca", cycles);
	cr_expect(strstr(msg, "unsupported instruction") != NULL,
	    "the reason lost: '%s'", msg);
}

/* A broadcast from memory becomes the load of its element into the same
 * register's low lane; a broadcast from a register, or any other
 * instruction, is left alone. */
Test(disasm, a_broadcast_from_memory_reads_as_a_load)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
	    {"vbroadcastss 0x1000(%rax),%zmm4", "vmovss 0x1000(%rax),%xmm4"},
	    {"vbroadcastss (%r12,%rax,4),%zmm17",
		"vmovss (%r12,%rax,4),%xmm17"},
	    {"vbroadcastsd -0x8(%rdi),%ymm3", "vmovsd -0x8(%rdi),%xmm3"},
	    {"vpbroadcastd 0x4(%rsi,%rcx,4),%zmm0",
		"vmovd 0x4(%rsi,%rcx,4),%xmm0"},
	    {"vpbroadcastq (%rdx),%ymm12", "vmovq (%rdx),%xmm12"},
	    {"vbroadcastss %xmm1,%zmm2", NULL},
	    {"vfmadd231ps (%rax){1to16},%zmm1,%zmm2", NULL},
	    {"vbroadcastf32x4 (%rax),%zmm1", NULL},
	    {"vmovups (%rax),%zmm1", NULL},
	};
	char out[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got;

		snprintf(out, sizeof(out), "untouched");
		got =
		    hx_disasm_broadcast_as_load(cases[i].in, out, sizeof(out));
		if (cases[i].out == NULL) {
			cr_expect_eq(
			    got, 0, "'%s' rewritten to '%s'", cases[i].in, out);
			cr_expect_str_eq(out, "untouched");
		} else {
			cr_expect_eq(got, 1, "'%s' not rewritten", cases[i].in);
			cr_expect_str_eq(
			    out, cases[i].out, "'%s'", cases[i].in);
		}
	}
}

/* The ceilings' broadcast kernel (16 multiply-adds and 8 broadcasts an
 * iteration with AVX-512) fed to llvm-mca with its broadcasts as loads:
 * every one rewritten, and the loop no cheaper than its multiply-adds
 * alone (the FMA kernel's loop) nor dearer than as compiled. */
Test(disasm, the_broadcast_kernel_as_loads_keeps_its_multiply_adds)
{
	char obj[4200], msg[256];
	hx_loop_t loop, fma;
	double as_is, as_loads, fma_cycles;
	int rewrote = 0;

	skip_unmeasured_build();
#if !defined(__AVX2__)
	cr_skip_test("no vector broadcast in this build");
#endif
	kernel_loop("hx_ceilings.o", "hx_ceilings_fma", obj, sizeof(obj), &fma);
	fma_cycles =
	    hx_disasm_mca_cycles(obj, fma.start, fma.end, msg, sizeof(msg));
	if (isnan(fma_cycles))
		cr_skip_test(
		    "llvm-mca: %s (sh harness/deps.sh install report)", msg);
	kernel_loop(
	    "hx_ceilings.o", "hx_ceilings_bcast", obj, sizeof(obj), &loop);
	as_is =
	    hx_disasm_mca_cycles(obj, loop.start, loop.end, msg, sizeof(msg));
	as_loads = hx_disasm_mca_cycles_as(
	    obj, loop.start, loop.end, 1, &rewrote, msg, sizeof(msg));
	cr_expect_eq(rewrote, (int)loop.kind[HX_INSN_FMA] / 2,
	    "%d broadcasts rewritten for %g multiply-adds", rewrote,
	    loop.kind[HX_INSN_FMA]);
	cr_expect(as_loads >= 0.9 * fma_cycles && as_loads <= as_is * 1.05,
	    "as loads %g cycles, as compiled %g, the FMA kernel %g", as_loads,
	    as_is, fma_cycles);
}

Test(disasm, mca_cycles_say_why_not)
{
	char msg[256] = "";
	double cycles;

	setenv("FB_LLVM_MCA", "/nonexistent/llvm-mca", 1);
	cycles = hx_disasm_mca_cycles(
	    "/proc/self/exe", 0x1000, 0x1010, msg, sizeof(msg));
	unsetenv("FB_LLVM_MCA");
	cr_expect(isnan(cycles), "%g cycles from no llvm-mca", cycles);
	cr_expect(strlen(msg) > 0, "no reason given");
}
