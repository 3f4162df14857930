/*
 * rp_bandwidth: the triad a bandwidth share is taken against (see
 * rp_bandwidth.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_bandwidth.h"
#include "rp_text.h"

const char *
rp_bandwidth_level(const json_t *r, double bytes)
{
	static const char *const names[] = {"L1", "L2", "L3"};
	static const rp_field_t sizes[] = {
	    RP_F_L1D_BYTES, RP_F_L2_BYTES, RP_F_L3_BYTES};

	for (int i = 0; i < 3; i++)
		if (bytes <= rp_field(r, sizes[i]))
			return names[i];
	return "DRAM";
}

rp_bandwidth_ceiling_t
rp_bandwidth_ceiling(const rp_data_t *D, const char *level, int cores)
{
	static const char *const names[] = {"L1", "L2", "L3", "DRAM"};
	static const char *const keys[] = {"l1_bytes_per_s", "l2_bytes_per_s",
	    "l3_bytes_per_s", "triad_bytes_per_s"};
	rp_bandwidth_ceiling_t c = {
	    .level = level, .cores = cores, .bytes_per_s = NAN};
	const json_t *from = D->ceilings;

	c.file = "ceilings.json";
	/* More cores: only a ceiling measured on that many (the threaded
	 * ceilings record their count). */
	if (cores > 1) {
		from = D->ceilings_threads;
		c.file = "ceilings-threads.json";
		if (rp_num(from, "threads") != (double)cores)
			return c;
	}
	for (int i = 0; i < 4; i++)
		if (strcmp(level, names[i]) == 0)
			c.bytes_per_s = rp_num(from, keys[i]);
	return c;
}

rp_bandwidth_ceiling_t
rp_bandwidth_of_run(const rp_data_t *D, const json_t *r)
{
	double ws =
	    rp_field(r, RP_F_PEAK_WORKSPACE) + rp_field(r, RP_F_INPUT_BYTES);
	double t = rp_field(r, RP_F_THREADS);

	return rp_bandwidth_ceiling(D,
	    r != NULL && !isnan(ws) ? rp_bandwidth_level(r, ws) : "DRAM",
	    isnan(t) || t < 1 ? 1 : (int)t);
}

double
rp_bandwidth_share(const rp_data_t *D, const json_t *r)
{
	rp_bandwidth_ceiling_t c = rp_bandwidth_of_run(D, r);

	return 1e9 * rp_field(r, RP_F_GBYTES) / c.bytes_per_s;
}

char *
rp_bandwidth_text(const rp_bandwidth_ceiling_t *c, char *buf, size_t len)
{
	char on[32];

	if (c->cores == 1)
		snprintf(on, sizeof(on), "one core");
	else
		snprintf(on, sizeof(on), "%d cores", c->cores);
	if (isnan(c->bytes_per_s))
		snprintf(
		    buf, len, "not measured: the %s triad on %s", c->level, on);
	else
		snprintf(buf, len, "%s/s, the %s triad on %s",
		    rp_text_fmt_bytes(c->bytes_per_s), c->level, on);
	return buf;
}
