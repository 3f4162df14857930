/*
 * rp_jaxrule: what is left of the JAX rules, for rp_jaxsec.c until it
 * includes rp_advice.h (another branch rewrites that file). The advice
 * graded on JAX is the advice table's JAX side now (rp_advice.h, printed
 * by templates/notebook/advice.md.j2), so the JAX section's own table of
 * it is gone: rp_jaxrule_write writes nothing. Delete this header with
 * rp_jaxsec.c's include of it.
 */
#ifndef FB_RP_JAXRULE_H
#define FB_RP_JAXRULE_H

#include "rp_advice.h"

static inline int
rp_jaxrule_dispatch(double unwaited, double waited)
{
	return rp_advice_dispatch(unwaited, waited);
}

static inline void
rp_jaxrule_write(rp_report_t *R)
{
	(void)R;
}

#endif /* FB_RP_JAXRULE_H */
