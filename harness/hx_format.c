/*
 * hx_format: numbers for people, and the monotonic clock.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "hx_format.h"

/* x in the largest of units[0..n) (scales[i] each, ascending) that leaves
 * at least 1 once x is rounded to three significant digits, so that 999.96
 * us reads "1 ms", not "1e+03 us". Below the smallest unit: that unit; above
 * the largest: whole numbers of it ("16500 TB", never "1.65e+04"). */
static char *
format_scaled(char *buf, size_t len, double x, const char *const *units,
    const double *scales, size_t n)
{
	char tmp[HX_FORMAT_LEN];
	double r, v;
	size_t u = 0;

	if (isnan(x) || isinf(x)) {
		snprintf(buf, len, "n/a");
		return buf;
	}
	if (x == 0) {
		snprintf(buf, len, "0 %s", units[0]);
		return buf;
	}
	snprintf(tmp, sizeof(tmp), "%.3g", x);
	r = fabs(strtod(tmp, NULL));
	while (u + 1 < n && r >= scales[u + 1] * (1 - 1e-12))
		u++;
	v = x / scales[u];
	snprintf(tmp, sizeof(tmp), "%.3g", v);
	if (fabs(strtod(tmp, NULL)) >= 1000 || strchr(tmp, 'e') != NULL)
		snprintf(buf, len, "%.0f %s", v, units[u]);
	else
		snprintf(buf, len, "%s %s", tmp, units[u]);
	return buf;
}

char *
hx_format_bytes(char *buf, size_t len, double x)
{
	static const char *const units[] = {"B", "kB", "MB", "GB", "TB"};
	static const double scales[] = {1, 1e3, 1e6, 1e9, 1e12};

	/* Bytes are whole: 512 B, not 512.3 B. */
	if (!isnan(x) && fabs(x) < 999.5) {
		snprintf(buf, len, "%.0f B", x);
		return buf;
	}
	return format_scaled(buf, len, x, units, scales, 5);
}

char *
hx_format_time(char *buf, size_t len, double s)
{
	static const char *const units[] = {"ns", "us", "ms", "s"};
	static const double scales[] = {1e-9, 1e-6, 1e-3, 1};

	/* Under a femtosecond is a rounding's residue, not a time (a sum of
	 * samples less its parts read -4.3e-19 s, printed "-0 ns"). */
	if (fabs(s) < 1e-15) {
		snprintf(buf, len, "0 s");
		return buf;
	}
	return format_scaled(buf, len, s, units, scales, 4);
}

char *
hx_format_count(char *buf, size_t len, double x, const char *unit)
{
	static const char *const units[] = {"", "k", "M", "G", "T"};
	static const double scales[] = {1, 1e3, 1e6, 1e9, 1e12};
	char num[HX_FORMAT_LEN];
	const char *sep = unit != NULL && unit[0] != '\0' ? " " : "";

	if (isnan(x) || isinf(x)) {
		snprintf(buf, len, "n/a");
		return buf;
	}
	if (fabs(x) < 999.5) {
		/* An average of whole counts: whole when it is (or is
		 * large enough for a fraction not to matter), else three
		 * digits: 0.167, not 0.166667. */
		if (fabs(x - round(x)) < 1e-9 || fabs(x) >= 100)
			snprintf(num, sizeof(num), "%.0f", x);
		else
			snprintf(num, sizeof(num), "%.3g", x);
	} else {
		format_scaled(num, sizeof(num), x, units, scales, 5);
		/* "12.3 M" -> "12.3M" */
		char *sp = strchr(num, ' ');
		if (sp != NULL)
			memmove(sp, sp + 1, strlen(sp));
	}
	snprintf(buf, len, "%s%s%s", num, sep, unit != NULL ? unit : "");
	return buf;
}

char *
hx_format_counter(char *buf, size_t len, const char *name, double x)
{
	const char *c = strstr(name, "::");
	const char *shortname = c != NULL ? c + 2 : name;
	size_t n = strlen(shortname);

	/* The clocks count nanoseconds. */
	if ((n >= 10 && strcmp(shortname + n - 10, "task-clock") == 0) ||
	    (n >= 9 && strcmp(shortname + n - 9, "cpu-clock") == 0))
		return hx_format_time(buf, len, x * 1e-9);
	return hx_format_count(buf, len, x, shortname);
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
