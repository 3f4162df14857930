/*
 * hx_flow: the dependency chains of a loop's body, from hand-written
 * bodies whose starts are counted here by hand, and from the window
 * kernel's compiled loop, whose sum of starts the ceilings state in a
 * formula (hx_ceilings_window_starts): the two must agree, or the window
 * the ceilings measure is not the one the model divides by.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_objects.h"
#include "hx_ceilings.h"
#include "hx_flow.h"

/* A loop of the given instructions, "mnemonic operands" each. */
static hx_loop_t *
body(const char *const *insns, int n)
{
	hx_loop_t *l = calloc(1, sizeof(*l));

	cr_assert_not_null(l);
	for (int i = 0; i < n; i++) {
		char mn[32];
		const char *sp = strchr(insns[i], ' ');
		size_t len =
		    sp != NULL ? (size_t)(sp - insns[i]) : strlen(insns[i]);

		snprintf(mn, sizeof(mn), "%.*s", (int)len, insns[i]);
		hx_flow_add(l, mn, sp != NULL ? sp + 1 : "");
	}
	cr_assert_eq(l->nflow, n);
	return l;
}

/* Latencies: load 1, FMA 2, divide 10, add 1, integer 1, the rest 0. */
static void
latencies(double lat[HX_LAT_CLASSES])
{
	for (int k = 0; k < HX_LAT_CLASSES; k++)
		lat[k] = 0.0;
	lat[HX_LAT_LOAD] = 1.0;
	lat[HX_LAT_FMA] = 2.0;
	lat[HX_LAT_DIV] = 10.0;
	lat[HX_LAT_ADD] = 1.0;
	lat[HX_LAT_INT] = 1.0;
}

Test(flow, a_chain_through_load_fma_divide_add)
{
	/* load ready at 1; the FMA starts at 1 (its accumulator zmm2 is
	 * read: from before the loop, 0), ready at 3; the divide starts at 3,
	 * ready 13; the add starts at 13: starts 1 + 1 + 3 + 13 = 18, the
	 * chain 14. */
	static const char *const insns[] = {"vmovups (%rax),%zmm0",
	    "vfmadd231ps %zmm0,%zmm1,%zmm2", "vdivps %zmm2,%zmm3,%zmm4",
	    "vaddps %zmm4,%zmm4,%zmm5"};
	hx_loop_t *l = body(insns, 4);
	double lat[HX_LAT_CLASSES], path;

	latencies(lat);
	cr_expect_float_eq(hx_flow_wait_sum(l, lat, &path), 18.0, 1e-12);
	cr_expect_float_eq(path, 14.0, 1e-12);
	free(l);
}

Test(flow, zero_idioms_moves_and_other_widths)
{
	/* The xor is a zero (no input); the move renames (no latency); ymm5
	 * is zmm5; the add reads the divide's result through the move:
	 * starts 0, 0 (divide: its inputs from before), 10 (move), 10 (add). */
	static const char *const insns[] = {"vpxord %zmm4,%zmm4,%zmm4",
	    "vdivps %zmm1,%zmm2,%zmm5", "vmovaps %ymm5,%ymm6",
	    "vaddps %xmm6,%xmm4,%xmm7"};
	hx_loop_t *l = body(insns, 4);
	double lat[HX_LAT_CLASSES], path;

	latencies(lat);
	cr_expect_float_eq(hx_flow_wait_sum(l, lat, &path), 20.0, 1e-12);
	cr_expect_float_eq(path, 11.0, 1e-12);
	cr_expect_eq(l->flow[0].src[0], -1, "a zero idiom reads nothing");
	free(l);
}

Test(flow, masks_and_two_operand_integer_forms)
{
	/* The compare writes k1 (start 0, ready 1); the merge-masked move
	 * reads k1 and its own destination zmm3 (start 1: a blend, ready
	 * 2); add %rcx,%rax reads rax, which the load into eax wrote (start
	 * 1, ready 2); the store of zmm3 through (%rax) waits for zmm3 (2):
	 * starts 0 + 1 + 1 + 1 + 2 = 5. */
	static const char *const insns[] = {"vcmpltps %zmm1,%zmm2,%k1",
	    "vmovaps %zmm4,%zmm3{%k1}", "mov (%rdx),%eax", "add %rcx,%rax",
	    "vmovups %zmm3,(%rax)"};
	hx_loop_t *l = body(insns, 5);
	double lat[HX_LAT_CLASSES], path;

	latencies(lat);
	cr_expect_float_eq(hx_flow_wait_sum(l, lat, &path), 5.0, 1e-12);
	cr_expect_eq(l->flow[1].lat, HX_LAT_INT, "a masked move is a blend");
	cr_expect(l->flow[3].src[0] == 2 || l->flow[3].src[1] == 2,
	    "add reads the load's rax (eax): sources %d, %d", l->flow[3].src[0],
	    l->flow[3].src[1]);
	free(l);
}

Test(flow, the_window_kernel_starts_as_the_ceilings_say)
{
	char obj[4200], msg[256], *text;
	static hx_loop_t loops[4];
	double lat[HX_LAT_CLASSES], sum;
	size_t n;

#if !defined(__AVX2__)
	cr_skip_test("no window kernel without AVX2");
#endif
	if (strstr(FB_CFLAGS, "SANITIZER=") != NULL ||
	    strstr(FB_CFLAGS, " -O1") != NULL)
		cr_skip_test("an -O1 sanitizer build (%s): not the measured "
			     "kernel",
		    FB_CFLAGS);
	fb_harness_object("hx_ceilings_latency.o", obj, sizeof(obj));
	text = hx_disasm_functions(obj, "hx_cl_window", 1, msg, sizeof(msg));
	cr_assert_not_null(text, "%s", msg);
	n = hx_disasm_loops(text, loops, 4);
	free(text);
	cr_assert_eq(n, 1, "hx_cl_window: %zu innermost loops", n);
	for (int k = 0; k < HX_LAT_CLASSES; k++)
		lat[k] = 0.0;
	lat[HX_LAT_FMA] = 1.0;
	sum = hx_flow_wait_sum(&loops[0], lat, NULL);
	cr_expect_float_eq(sum, hx_ceilings_window_starts(), 1e-9,
	    "the compiled loop's starts %g, the formula's %g (%d "
	    "instructions)",
	    sum, hx_ceilings_window_starts(), loops[0].nflow);
}

/* f: an outer loop [0x104, 0x131] around an inner one [0x108, 0x11d] whose
 * FMA accumulates into zmm3; after it, an add reads zmm3 and a store
 * writes the sum. g: one loop, around which there is none. */
static const char around_listing[] = "0000000000000100 <f>:\n"
				     " 100:\tpush   %rbp\n"
				     " 104:\tvxorps %zmm3,%zmm3,%zmm3\n"
				     " 108:\tvmovups (%rdi,%rax,4),%zmm1\n"
				     " 110:\tvfmadd231ps %zmm1,%zmm2,%zmm3\n"
				     " 116:\tadd    $0x40,%rax\n"
				     " 11a:\tcmp    %rax,%rdx\n"
				     " 11d:\tjne    108 <f+0x8>\n"
				     " 11f:\tvaddps %zmm3,%zmm5,%zmm6\n"
				     " 125:\tvmovups %zmm6,(%r9)\n"
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

Test(flow, the_code_around_a_loop_waits_for_its_chain)
{
	hx_loop_t loops[4], *around = calloc(1, sizeof(*around));
	double lat[HX_LAT_CLASSES], path;
	size_t n = hx_disasm_loops(around_listing, loops, 4);

	cr_assert_not_null(around);
	cr_assert_eq(n, 2, "f's inner loop and g's: %zu", n);
	cr_assert_eq(loops[0].start, 0x108);
	cr_assert_eq(hx_disasm_around(around_listing, &loops[0], around), 0);
	cr_expect_eq(around->start, 0x104);
	cr_expect_eq(around->end, 0x131);
	/* The xor, the add, the store, inc, cmp and the jump: the inner
	 * loop's five instructions left out. */
	cr_expect_eq(around->insns, 6, "%d", around->insns);
	cr_expect_eq(around->kind[HX_INSN_ADD], 1);
	cr_expect_eq(around->kind[HX_INSN_STORE], 1);
	cr_expect_eq(around->kind[HX_INSN_FMA], 0);
	latencies(lat);
	/* The inner loop's zmm3 ready at 7: the add starts at 7 (not at the
	 * xor's 0), the store at 8, cmp at 1 (after inc): 7 + 8 + 1 = 16,
	 * the chain 8. Ready at once, the add starts at 0 and the store at
	 * 1: 2. */
	cr_expect_float_eq(
	    hx_flow_wait_after(around, lat, 7.0, &path), 16.0, 1e-12);
	cr_expect_float_eq(path, 8.0, 1e-12);
	cr_expect_float_eq(hx_flow_wait_sum(around, lat, NULL), 2.0, 1e-12);
	cr_expect_eq(hx_disasm_around(around_listing, &loops[1], around), -1,
	    "no loop holds g's");
	free(around);
}
