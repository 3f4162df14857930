/*
 * hx_flow: the dependency chains of a loop's body, for the time model's
 * latency term (hx_model.h). Each instruction reads registers that earlier
 * instructions of the same iteration wrote (or values from before it);
 * given a latency for each class (measured by `harness ceilings`), every
 * instruction's start is the time its last input is ready, an iteration
 * beginning at 0.
 *
 * Why the sum of the starts: an instruction waits in the core's scheduler
 * from its dispatch until its inputs are ready. When the iterations'
 * chains are long, the scheduler holds the waiting instructions of several
 * iterations at once; it holds at most a fixed number (the ceilings'
 * wait_window, measured with a kernel of known chains). By Little's law,
 * instructions waiting = arrivals per second x the mean wait, so an
 * iteration takes at least (sum of its instructions' waits) / window: the
 * sum of the starts over the window, each wait counted from the
 * iteration's start (every instruction dispatched at once: an
 * approximation that holds when dispatch runs ahead of the chains).
 *
 * Limits: AT&T syntax as objdump prints it (hx_disasm.h). Registers are
 * tracked by number (xmm, ymm and zmm N are one register; k0-k7; the
 * general registers by their 64-bit name); flags, memory dependencies
 * through stores, and values carried from the previous iteration are not
 * chains (they start at 0). The destination is the last operand; it is
 * also read by FMAs, merge-masked writes, two-operand integer
 * instructions and a few three-source forms (vpternlog, vpermt2/i2).
 */
#ifndef FB_HX_FLOW_H
#define FB_HX_FLOW_H

#include "hx_disasm.h"

/*
 * Adds the instruction (mnemonic mn, operands ops as objdump prints them)
 * to l's dependencies; nothing when l->nflow is HX_FLOW_MAX.
 */
void hx_flow_add(hx_loop_t *l, const char *mn, const char *ops);

/*
 * Records that register `reg` (as hx_flow numbers it) holds an inner
 * loop's result from here on: read by later instructions, it is ready when
 * the inner loop's chain ends (the carry of hx_flow_wait_after). Not an
 * instruction: no start of its own is summed. Nothing when l->nflow is
 * HX_FLOW_MAX.
 */
void hx_flow_carry(hx_loop_t *l, int reg);

/*
 * The number hx_flow gives the register named at r (after its %), length
 * n: a vector register's number whatever its width (xmm5, ymm5 and zmm5
 * are one), a general register's whatever its width; -1 for one it does
 * not track (rip, segments).
 */
int hx_flow_reg(const char *r, size_t n);

/*
 * One operand as objdump prints it: its register (hx_flow_reg's number, or
 * -1), whether it is memory, and then its address: the displacement
 * (disp_known 0 where it is a symbol, sym(%rip)), the base and index
 * registers (-1: none) and the scale; its mask register {%kN} (or -1), and
 * {z}.
 */
typedef struct hx_flow_operand_s {
	int reg, memory, base, index, scale, disp_known, mask, zeroing;
	long disp;
} hx_flow_operand_t;

/*
 * The operands of ops (commas inside parentheses do not separate them), at
 * most max, into op; how many.
 */
int hx_flow_operands(const char *ops, hx_flow_operand_t *op, int max);

/*
 * The register instruction mn, of operands op[0..n), writes; -1 if none:
 * its last operand when that is a register, unless mn only compares (cmp,
 * test, vcomi, vucomi); a single register operand unless mn is a jump, a
 * push or a call.
 */
int hx_flow_dst(const char *mn, const hx_flow_operand_t *op, int n);

/*
 * The sum over l's instructions of their start times, seconds, at the
 * latencies lat (seconds, by hx_lat_t; a NaN or negative one counts as 0),
 * and the longest chain's end into *path (when not NULL). 0 when l has no
 * dependencies recorded.
 */
double hx_flow_wait_sum(
    const hx_loop_t *l, const double lat[HX_LAT_CLASSES], double *path);

/* As hx_flow_wait_sum, the inner loops' results (hx_flow_carry) ready at
 * carry seconds. */
double hx_flow_wait_after(const hx_loop_t *l, const double lat[HX_LAT_CLASSES],
    double carry, double *path);

#endif /* FB_HX_FLOW_H */
