/*
 * hx_ceilings_kernel: what the ceilings' microkernels share
 * (hx_ceilings_kernels.c, hx_ceilings_latency.c): the build's widest
 * vector, the FMA kernel's (hx_ceilings.c), its float, double, unsigned
 * and signed types, and the attribute that keeps a kernel a function of
 * its own, whose loop the tests disassemble.
 */
#ifndef FB_HX_CEILINGS_KERNEL_H
#define FB_HX_CEILINGS_KERNEL_H

#include <stdint.h>

/* Kernels stay functions of their own, not clones; write and copy stay
 * loops rather than calls to memset and memcpy (GCC; clang has no such
 * switch, its builds are only the fuzzing ones). */
#if defined(__clang__)
#define HX_CK_KERNEL static __attribute__((noinline))
#define HX_CK_NO_PATTERNS
#else
#define HX_CK_KERNEL static __attribute__((noinline, noclone))
#define HX_CK_NO_PATTERNS                                                      \
	__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

#if defined(__AVX512F__)
#define HX_CK_BYTES 64
#elif defined(__AVX2__)
#define HX_CK_BYTES 32
#else
#define HX_CK_BYTES 16
#endif
#define HX_CK_FLOATS (HX_CK_BYTES / 4)
typedef float hx_vf_t __attribute__((vector_size(HX_CK_BYTES)));
typedef double hx_vd_t __attribute__((vector_size(HX_CK_BYTES)));
typedef uint32_t hx_vu_t __attribute__((vector_size(HX_CK_BYTES)));
typedef int32_t hx_vi_t __attribute__((vector_size(HX_CK_BYTES)));

#endif /* FB_HX_CEILINGS_KERNEL_H */
