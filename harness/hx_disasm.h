/*
 * hx_disasm: the instructions of a compiled loop, counted by class from
 * objdump's disassembly (binutils), for the time model (hx_model.h) and for
 * the tests that check a microkernel holds the instruction it measures.
 *
 * A loop is a backward jump inside one function that its target reaches
 * again (falling through, or by jumps within the range): the instructions
 * from the jump's target to the jump. The innermost loops are those that hold
 * no other; the hot loop of a set of functions is the innermost loop with the
 * most instructions (a static guess: the one that runs most is usually the
 * vectorized body, the largest; a variant whose hot loop is another
 * declares it, variant_t.hot_symbol and hot_units).
 *
 * Limits: AT&T syntax as GNU objdump prints it; the destination is the last
 * operand. A memory operand is one with parentheses (lea excepted); an
 * instruction whose last operand is memory is a store, one with memory
 * elsewhere also counts a load (an add with a memory source is an add and
 * a load, as the core splits it). Loops entered at their middle (a jump to
 * the condition at the bottom) are still found by their backward jump.
 * Branches inside a loop are not weighted: every instruction of the body
 * counts once per iteration.
 */
#ifndef FB_HX_DISASM_H
#define FB_HX_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* The instruction kinds counted; each maps to a class below. */
typedef enum hx_insn_kind_e {
	HX_INSN_FMA,
	HX_INSN_ADD, /* add, sub, min, max: the adder's */
	HX_INSN_MUL,
	HX_INSN_DIVPS, /* float divides, packed or scalar */
	HX_INSN_DIVPD,
	HX_INSN_SQRTPS,
	HX_INSN_SQRTPD,
	HX_INSN_GATHER,
	HX_INSN_LOAD,
	HX_INSN_STORE,
	HX_INSN_SHUFFLE, /* permutes, shuffles, blends, broadcasts, inserts */
	HX_INSN_OTHER,   /* integer, compares, conversions, branches, ... */
	HX_INSN_KINDS
} hx_insn_kind_t;

/* The classes a report shows: fma, addmul, divsqrt, gather, load, store,
 * shuffle, other. */
#define HX_INSN_CLASSES 8
const char *hx_insn_class_name(int c);
/* The class of kind k. */
int hx_insn_class_of(hx_insn_kind_t k);

/* The latency classes of the dependency chains (hx_flow.h), each priced
 * at a latency the ceilings measure. */
typedef enum hx_lat_e {
	HX_LAT_FMA,
	HX_LAT_ADD, /* add, sub, min, max, compares, rounding, conversions */
	HX_LAT_MUL,
	HX_LAT_DIV, /* float and double, packed or scalar */
	HX_LAT_SQRT,
	HX_LAT_SHUFFLE, /* permutes, shuffles, inserts, extracts, broadcasts */
	HX_LAT_GATHER,
	HX_LAT_INT,  /* integer and logic, vector or scalar, blends */
	HX_LAT_MOVE, /* register moves: renamed, no latency of their own */
	/* Not a class: the latency of a load from L1, paid before an
	 * instruction with a memory source (a move from memory: the load
	 * alone). */
	HX_LAT_LOAD,
	HX_LAT_CLASSES
} hx_lat_t;

/* One instruction of a loop's body as its dependency chains see it: its
 * latency class, whether it loads (a memory source: the load's latency
 * comes first), the body's instructions (by index) whose results it
 * reads as values and as its memory operand's address, -1 for none (a
 * value from before the iteration), and the register it writes (-1:
 * none; numbered as hx_flow.c says). */
#define HX_FLOW_SOURCES 4
#define HX_FLOW_MAX 320
#define HX_LOOP_CALLEES 4
typedef struct hx_flow_s {
	uint8_t lat;
	uint8_t loads;
	/* Not an instruction: an inner loop's result in register dst, ready
	 * when the inner loop's chain ends (hx_flow_carry). */
	uint8_t carry;
	int8_t dst;
	int16_t src[HX_FLOW_SOURCES];
	int16_t addr[2];
} hx_flow_t;

typedef struct hx_loop_s {
	uint64_t start, end; /* first instruction, the backward jump */
	char function[128];  /* the symbol it lies in */
	int insns;           /* instructions per iteration */
	/* Instructions of each kind per iteration (a load folded into an
	 * arithmetic instruction counts in both). */
	double kind[HX_INSN_KINDS];
	/* Indices one iteration's gathers fetch (the sum of their lanes),
	 * and of those the ones that re-read a line an earlier gather of the
	 * same iteration fetched: a gather with the same index (a register
	 * or a copy of it, not written since) and scale from an address |d|
	 * < 64 bytes from that gather's (the same base, or bases set from one
	 * value plus constants with lea) re-reads its lines in all but d/64
	 * of its lanes (interp's four neighbouring
	 * coefficients, F[s] to F[s + 3]: 3/16 of a gather's lanes cross
	 * into the next line, the rest are in L1). */
	double gather_lanes;
	double gather_repeat_lanes;
	/* Units of work an iteration does by the lanes rule: the most common
	 * lane count of its packed floating-point arithmetic (register bytes
	 * over element bytes), 1 when it has none. */
	int lanes;
	/* The widest vector register it uses, bytes (0: none), and how many
	 * of its instructions name a register of that width: the vectorized
	 * body is mostly such instructions, where a remainder the compiler
	 * vectorized across iterations mixes them with scalar ones. */
	int vector_bytes;
	int wide_insns;
	/* The body's dependencies (hx_flow.h), the first HX_FLOW_MAX
	 * instructions; nflow of them. */
	int nflow;
	hx_flow_t flow[HX_FLOW_MAX];
	/* The calls an iteration makes, by callee (its symbol, without a
	 * PLT entry's @plt), HX_LOOP_CALLEES of them at most: a callee's
	 * instructions are not the loop's, and the time model prices a call
	 * at the ceilings' measured call_<callee>_s where there is one. */
	int ncallees;
	char callee[HX_LOOP_CALLEES][32];
	double calls[HX_LOOP_CALLEES];
	/* Cycles an iteration as llvm-mca simulates the body on this CPU
	 * (hx_disasm_mca_cycles), 0 where it was not run; mca_note, the
	 * program that simulated it, or why none did ("" where not run). */
	double mca_cycles;
	char mca_note[160];
	/* The same with the body's broadcasts from memory fed as loads
	 * (hx_disasm_mca_cycles_as), and how many there were: mca_cycles
	 * where there were none. */
	double mca_bload_cycles;
	int mca_broadcasts;
} hx_loop_t;

/*
 * Classifies one instruction, as objdump prints it ("vfmadd231ps
 * %zmm1,%zmm2,%zmm3"): adds its counts to *l (kinds, gather lanes) and
 * returns 0, or -1 for a line that is no instruction. l->insns counts it.
 */
int hx_disasm_count(hx_loop_t *l, const char *mnemonic, const char *operands);

/*
 * The innermost loops of the disassembly text (objdump -d output, several
 * functions allowed), the largest first, at most max into loops. Returns
 * how many innermost loops there are (may exceed max), 0 when none.
 */
size_t hx_disasm_loops(const char *text, hx_loop_t *loops, size_t max);

/*
 * The code around innermost loop inner in the same disassembly text: the
 * smallest loop that holds it, its instructions counted into *out as a
 * loop's (an iteration of it is one entry of inner), the loops inside it
 * left out. Each register a left-out loop writes is a result the code
 * after it reads when that loop's chains end (hx_flow_carry). 0, or -1
 * when no loop holds inner.
 */
int hx_disasm_around(const char *text, const hx_loop_t *inner, hx_loop_t *out);

/*
 * objdump -d of the functions of file `path` whose symbols start with
 * `prefix` (or equal it, when exact, or equal it but for a suffix the
 * compiler adds to its copies: .constprop.0, .isra.0, ._omp_fn.0; exact
 * HX_DISASM_SERIAL: those but the bodies OpenMP outlines, ._omp_fn.N,
 * which a region run on one thread does not enter), as one new string
 * the caller frees;
 * NULL with a one-line message in msg when objdump or nm cannot run or no
 * symbol matches.
 */
char *hx_disasm_functions(
    const char *path, const char *prefix, int exact, char *msg, size_t msglen);
#define HX_DISASM_SERIAL 2

/*
 * Cycles an iteration of the loop [start, end] of file `path` (end: its
 * backward jump, as hx_loop_t has them) takes as llvm-mca (LLVM's
 * machine-code analyzer; FB_LLVM_MCA names another binary) simulates the
 * body repeated on this machine's CPU (-mcpu=native): its ports, its
 * instructions' latencies and throughputs with every load an L1 hit, its
 * scheduler and reorder buffer; msg then names the program
 * (hx_disasm_mca_tool). NaN with a one-line message in msg when no
 * llvm-mca reads the body (llvm-mca's own error line where it printed one),
 * or the body calls a function (a call is not the loop's to simulate).
 */
double hx_disasm_mca_cycles(
    const char *path, uint64_t start, uint64_t end, char *msg, size_t msglen);

/*
 * hx_disasm_mca_cycles with, where bcast_as_load is set, every broadcast
 * of one element from memory fed to llvm-mca as the plain load of that
 * element (hx_disasm_broadcast_as_load); *broadcasts (where not NULL)
 * holds how many the body has, either way, once it was read. Asked for
 * the loads, a body without a broadcast is not simulated (NaN).
 */
double hx_disasm_mca_cycles_as(const char *path, uint64_t start, uint64_t end,
    int bcast_as_load, int *broadcasts, char *msg, size_t msglen);

/*
 * A broadcast of one element from memory ("vbroadcastss
 * 0x10(%rax),%zmm4") as the load of that element into the register's low
 * lane ("vmovss 0x10(%rax),%xmm4") into out: 1 where ins is one, else 0.
 */
int hx_disasm_broadcast_as_load(const char *ins, char *out, size_t len);

/*
 * The llvm-mca program this process uses, picked once: FB_LLVM_MCA where
 * set; else the first of llvm-mca (Debian 12: LLVM 14) and llvm-mca-19
 * that knows this CPU (hx_disasm_mca_knows_cpu of its --version) and
 * whose model of it (-mcpu=native) holds an instruction of the build's
 * widest vectors; where none knows the CPU, the first whose model holds
 * it. LLVM 14 takes an AMD Zen 4 for a Zen 3 and rejects its AVX-512, and
 * does not know a Zen 5 (its generic model then accepts AVX-512 but
 * prices the loops far from what they take); LLVM 19 knows both. A name
 * is the program's guess: LLVM 14 names a Zen 4 "znver3". NULL with the
 * reason of the first program tried that failed in msg.
 */
const char *hx_disasm_mca_tool(char *msg, size_t len);
/*
 * Whether an llvm-mca --version text names the CPU it runs on: its
 * "Host CPU: NAME" line with NAME neither "(unknown)" nor "generic".
 * Pure; 0 for NULL or a text without that line.
 */
int hx_disasm_mca_knows_cpu(const char *version);

/*
 * The file that holds the code at addr (this process's executable or a
 * shared object) into path, and the symbol that starts at addr into sym.
 * 0, or -1 with msg.
 */
int hx_disasm_symbol_at(const void *addr, char *path, size_t pathlen, char *sym,
    size_t symlen, char *msg, size_t msglen);

#endif /* FB_HX_DISASM_H */
