/*
 * hx_parse: numbers on the command line, strictly.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hx_parse.h"

/* mant = mant * 10 + digit c; sets *big when that overflows. */
static void
parse_digit(uint64_t *mant, char c, int *big)
{
	if (__builtin_mul_overflow(*mant, 10, mant) ||
	    __builtin_add_overflow(*mant, (uint64_t)(c - '0'), mant))
		*big = 1;
}

/* Parses s[0..len) as digits[.digits][e digits] into an exact integer;
 * HX_PARSE_TOO_LARGE for a well-formed number above 64 bits. */
static int
parse_count_span(const char *s, size_t len, uint64_t *out)
{
	uint64_t mant = 0, exp = 0;
	int frac_digits = 0, seen_digit = 0, big = 0;
	size_t i = 0;

	for (; i < len && isdigit((unsigned char)s[i]); i++) {
		parse_digit(&mant, s[i], &big);
		seen_digit = 1;
	}
	if (i < len && s[i] == '.') {
		for (i++; i < len && isdigit((unsigned char)s[i]); i++) {
			parse_digit(&mant, s[i], &big);
			frac_digits++;
			seen_digit = 1;
		}
	}
	if (!seen_digit)
		return -1;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		int exp_digits = 0;
		for (i++; i < len && isdigit((unsigned char)s[i]); i++) {
			if (exp <= 40)
				exp = exp * 10 + (uint64_t)(s[i] - '0');
			exp_digits++;
		}
		if (exp_digits == 0)
			return -1;
	} else if (frac_digits > 0) {
		return -1; /* "1.5" is not a count */
	}
	if (i != len)
		return -1;
	if (big || (exp > 40 && mant != 0))
		return HX_PARSE_TOO_LARGE;
	if (exp > 40)
		exp = 40; /* 0e99 is 0 */
	if (exp < (uint64_t)frac_digits) {
		/* "1.25e1": the remaining fraction must be zero. */
		for (uint64_t k = 0; k < (uint64_t)frac_digits - exp; k++) {
			if (mant % 10 != 0)
				return -1;
			mant /= 10;
		}
	} else {
		for (uint64_t k = 0; k < exp - (uint64_t)frac_digits; k++) {
			if (__builtin_mul_overflow(mant, 10, &mant))
				return HX_PARSE_TOO_LARGE;
		}
	}
	*out = mant;
	return 0;
}

int
hx_parse_count(const char *s, uint64_t *out)
{
	if (s == NULL)
		return -1;
	return parse_count_span(s, strlen(s), out);
}

int
hx_parse_bytes(const char *s, uint64_t *out)
{
	size_t len;
	uint64_t v, mul = 1;
	int rc;

	if (s == NULL || (len = strlen(s)) == 0)
		return -1;
	switch (s[len - 1]) {
	case 'K':
	case 'k':
		mul = 1ULL << 10;
		len--;
		break;
	case 'M':
	case 'm':
		mul = 1ULL << 20;
		len--;
		break;
	case 'G':
	case 'g':
		mul = 1ULL << 30;
		len--;
		break;
	default:
		break;
	}
	if ((rc = parse_count_span(s, len, &v)) != 0)
		return rc;
	if (__builtin_mul_overflow(v, mul, &v))
		return HX_PARSE_TOO_LARGE;
	*out = v;
	return 0;
}

/* Whether s is a plain decimal number: digits with at most one point,
 * then an optional exponent (e, a sign, digits). strtod also takes signs,
 * spaces, hex ("0x10"), "inf" and "nan", none of which a count takes. */
static int
is_decimal(const char *s)
{
	size_t digits = 0;

	for (; isdigit((unsigned char)*s); s++)
		digits++;
	if (*s == '.')
		for (s++; isdigit((unsigned char)*s); s++)
			digits++;
	if (digits == 0)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!isdigit((unsigned char)*s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
	}
	return *s == '\0';
}

int
hx_parse_decimal(const char *s, double *out)
{
	double v;

	if (s == NULL || !is_decimal(s))
		return -1;
	v = strtod(s, NULL);
	if (!isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int
hx_parse_seconds(const char *s, double *out)
{
	double v;

	if (hx_parse_decimal(s, &v) != 0 || v <= 0.0)
		return -1;
	*out = v;
	return 0;
}
