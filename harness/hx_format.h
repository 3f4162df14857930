/*
 * hx_format: numbers for people, written once for the terminal line, compare
 * and the report (three significant digits, SI units): 1.35 GB, 651 ms.
 *
 * Each function writes into the caller's buffer (HX_FORMAT_LEN bytes are
 * always enough) and returns it; NaN prints as "n/a".
 */
#ifndef FB_HX_FORMAT_H
#define FB_HX_FORMAT_H

#include <stddef.h>

#define HX_FORMAT_LEN 48

/* 1.35 GB, 12.6 MB, 4.6 kB, 512 B, 16.5 TB (powers of 1000; the unit
 * chosen after rounding, so 999999 B is "1 MB"). */
char *hx_format_bytes(char *buf, size_t len, double bytes);
/* 1.35 s, 651 ms, 12.3 us, 45 ns; 0 is "0 s". */
char *hx_format_time(char *buf, size_t len, double seconds);
/* A count (or an average of counts) with its unit, NULL or "" for none:
 * "3 page-faults", "0.167 page-faults", "12.3M cycles"; whole averages
 * print whole. */
char *hx_format_count(char *buf, size_t len, double x, const char *unit);
/* A perf counter's value by its name ("perf::page-faults"): the clocks
 * (task-clock, cpu-clock: nanoseconds) as times, the others as counts of
 * the event's own name without its PMU prefix. */
char *hx_format_counter(char *buf, size_t len, const char *name, double x);
/* 2.08x, 21.8x, 153x; "n/a" for NaN and infinity. */
char *hx_format_ratio(char *buf, size_t len, double ratio);

/* Seconds on CLOCK_MONOTONIC (NAN if the clock fails): the one clock every
 * measurement reads. */
double hx_clock_now(void);

/* Seconds of CPU time this process has used, all its threads together
 * (CLOCK_PROCESS_CPUTIME_ID; NAN if the clock fails). */
double hx_clock_cpu_now(void);

struct rusage;
/* User plus system seconds of a getrusage or wait4 result. */
double hx_rusage_cpu_s(const struct rusage *ru);

#endif /* FB_HX_FORMAT_H */
