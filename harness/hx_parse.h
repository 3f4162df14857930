/*
 * hx_parse: the command line's numbers.
 *
 * Counts accept plain decimal integers ("100000") and the form "1e6"
 * (a decimal mantissa, possibly with a fraction, and a non-negative exponent)
 * when the value is a whole number. Byte sizes also accept one suffix K, M or
 * G (powers of 1024). Anything else is rejected: signs, hex, spaces, trailing
 * junk, fractions, values that overflow 64 bits.
 *
 * Zero is a valid number here; whether it makes sense is the caller's call.
 */
#ifndef FB_HX_PARSE_H
#define FB_HX_PARSE_H

#include <stdint.h>

/* A well-formed number too large for 64 bits ("1e30"), so that the
 * message can give the bound instead of calling it malformed. */
#define HX_PARSE_TOO_LARGE (-2)

/* 0 and *out set, -1 for malformed text, or HX_PARSE_TOO_LARGE (then *out
 * is untouched). */
int hx_parse_count(const char *s, uint64_t *out);
int hx_parse_bytes(const char *s, uint64_t *out);
/* A finite decimal number >= 0 ("0.5", "5", "1e-3"): no sign, space,
 * hex, inf or nan. 0, or -1. */
int hx_parse_decimal(const char *s, double *out);
/* A positive finite decimal number of seconds ("0.5", "2", "1e-3"). */
int hx_parse_seconds(const char *s, double *out);

#endif /* FB_HX_PARSE_H */
