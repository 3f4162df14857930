/*
 * hx_format: numbers for people, and the monotonic clock.
 */
#include <math.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "hx_format.h"

char *
hx_format_bytes(char *buf, size_t len, double x)
{
	if (isnan(x))
		snprintf(buf, len, "n/a");
	else if (x >= 1e9)
		snprintf(buf, len, "%.3g GB", x * 1e-9);
	else if (x >= 1e6)
		snprintf(buf, len, "%.3g MB", x * 1e-6);
	else if (x >= 1e3)
		snprintf(buf, len, "%.3g kB", x * 1e-3);
	else
		snprintf(buf, len, "%.0f B", x);
	return buf;
}

char *
hx_format_time(char *buf, size_t len, double s)
{
	if (isnan(s))
		snprintf(buf, len, "n/a");
	else if (s >= 1.0)
		snprintf(buf, len, "%.3g s", s);
	else if (s >= 1e-3)
		snprintf(buf, len, "%.3g ms", s * 1e3);
	else
		snprintf(buf, len, "%.3g us", s * 1e6);
	return buf;
}

char *
hx_format_ratio(char *buf, size_t len, double x)
{
	if (isnan(x) || isinf(x))
		snprintf(buf, len, "n/a");
	else if (x >= 100)
		snprintf(buf, len, "%.0fx", x);
	else if (x >= 10)
		snprintf(buf, len, "%.1fx", x);
	else
		snprintf(buf, len, "%.2fx", x);
	return buf;
}

/* Seconds on clock id, or NAN. */
static double
clock_seconds(clockid_t id)
{
	struct timespec t;

	if (clock_gettime(id, &t) != 0)
		return NAN;
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double
hx_clock_now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

double
hx_clock_cpu_now(void)
{
	return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

double
hx_rusage_cpu_s(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_stime.tv_sec +
	    1e-6 * (double)(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec);
}
