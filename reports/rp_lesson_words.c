/*
 * rp_lesson_words: the lesson's words that follow measured values (see
 * rp_lesson.h): each is a pure function of its numbers, so that no
 * sentence of the lesson reads the same whatever the data said.
 */
#include <stddef.h>

#include "rp_lesson.h"

/* a is less than b by the time threshold's margin (10%). */
static int
less(double a, double b)
{
	return a * RP_ADVICE_TIME_RATIO <= b;
}

const char *
rp_lesson_saves(double t_fix, double t_base, double m_fix, double m_base)
{
	int t, m;

	if (!(t_fix > 0) || !(t_base > 0) || !(m_fix >= 0) || !(m_base > 0))
		return NULL;
	t = less(t_fix, t_base);
	m = less(m_fix, m_base);
	if (t && m)
		return "both";
	if (t)
		return "time";
	if (m)
		return "memory";
	return "neither";
}

int
rp_lesson_afresh(double faults_per_call, double temp_pages)
{
	if (!(faults_per_call >= 0) || !(temp_pages > 0))
		return -1;
	return faults_per_call >= RP_LESSON_AFRESH_SHARE * temp_pages;
}

int
rp_lesson_dispatch_only(const double *unwaited, const double *waited, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(unwaited[i] > 0) || !(waited[i] > 0) ||
		    !rp_advice_dispatch(unwaited[i], waited[i]))
			return 0;
	return 1;
}

const char *
rp_lesson_against(double measured, double question)
{
	double r = measured / question;

	if (!(r > 0))
		return "beside";
	return r >= 1.0 / RP_LESSON_SAME_FACTOR && r <= RP_LESSON_SAME_FACTOR
	    ? "close to"
	    : "not";
}

int
rp_lesson_jit_keeps_full_arrays(double jit_temp, double unit)
{
	return jit_temp >= unit;
}

int
rp_lesson_map_bounds_memory(double map_temp, double jit_temp)
{
	return map_temp * RP_ADVICE_MEMORY_FACTOR <= jit_temp;
}
