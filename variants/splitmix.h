/*
 * splitmix: the SplitMix64 generator of the workload spec, shared by both
 * workloads so that the same seed gives the same inputs everywhere.
 */
#ifndef FB_SPLITMIX_H
#define FB_SPLITMIX_H

#include <stdint.h>

static inline uint64_t
splitmix_next(uint64_t *s)
{
	uint64_t z;

	*s += 0x9E3779B97F4A7C15ULL;
	z = *s;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A float32 uniform in [0,1): 24 high bits. */
static inline float
splitmix_float(uint64_t *s)
{
	return (float)(splitmix_next(s) >> 40) * 0x1p-24f;
}

/* A float64 uniform in [0,1): 53 high bits. */
static inline double
splitmix_double(uint64_t *s)
{
	return (double)(splitmix_next(s) >> 11) * 0x1p-53;
}

#endif /* FB_SPLITMIX_H */
