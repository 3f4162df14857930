/*
 * rp_machine: the closing sections: the idiom map (each variant in the
 * data with the array-library idiom and the C schedule its runs describe)
 * and "Method and machine" (the machine, compiler, allocators, counters and
 * ceilings the runs recorded, the instrumentation's measured cost, when the
 * data was measured, and how to reproduce the report).
 */
#ifndef FB_RP_MACHINE_H
#define FB_RP_MACHINE_H

#include "rp_report.h"

void rp_machine_idioms(rp_report_t *R);
void rp_machine_write(rp_report_t *R);

#endif /* FB_RP_MACHINE_H */
