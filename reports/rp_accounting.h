/*
 * rp_accounting: the lab notebook's memory accounting (the op-by-op
 * liveness walk of interp that makes 12*N*M*4, live bytes against the
 * allocator's size classes against RSS, one loop-nest sketch per schedule
 * beside its idiom and memory formula) and the glossary.
 *
 * Every number is printed from the data. The loop-nest sketches are the
 * variants' own (variant_t.loops, carried into each result as "loops";
 * rp_data_variant_text); a variant without one is listed with its
 * description from the data.
 */
#ifndef FB_RP_ACCOUNTING_H
#define FB_RP_ACCOUNTING_H

#include "rp_report.h"

void rp_accounting_write(rp_report_t *R);
void rp_accounting_glossary(rp_report_t *R);

#endif /* FB_RP_ACCOUNTING_H */
