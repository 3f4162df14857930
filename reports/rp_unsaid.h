/*
 * rp_unsaid: the section "What none of the answers said": the schedules no
 * answer proposed (the shared grid and its layout, sorting by cell, cell
 * lists) and the allocator's part in step-time variance, each measured
 * against the variant it improves on, by name; a bullet whose runs are
 * missing says "not measured" and why.
 */
#ifndef FB_RP_UNSAID_H
#define FB_RP_UNSAID_H

#include "rp_report.h"

void rp_unsaid_write(rp_report_t *R);

#endif /* FB_RP_UNSAID_H */
