/*
 * smoke_args: prints, for every variant of every listed workload, one line
 * "WORKLOAD VARIANT OPTIONS" where OPTIONS are the `harness run` options that
 * turn the workload's defaults into its smoke configuration
 * (workload_t.smoke). `make valgrind` runs each line under memcheck.
 *
 * Only the parameters the smoke configuration changes are printed, so a
 * workload is never given an option it does not take. Links the variants
 * library alone.
 *
 * Limits: the option names are params_t's field names, as `harness run`
 * spells them; hidden workloads (selftest) are left out.
 */
#include <stdio.h>

#include "variant.h"

/* Each parameter that differs between the defaults d and the smoke s, as
 * " --NAME VALUE". */
static void
smoke_args_print(const params_t *d, const params_t *s)
{
	static const char *const presets[] = {"random", "seed"};
	const struct {
		const char *name;
		uint64_t d, s;
	} fields[] = {
	    {"n", d->n, s->n},
	    {"m", d->m, s->m},
	    {"g", d->g, s->g},
	    {"seed", d->seed, s->seed},
	    {"chunk", d->chunk, s->chunk},
	    {"tile", d->tile, s->tile},
	    {"steps", d->steps, s->steps},
	};

	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		if (fields[f].d != fields[f].s)
			printf(" --%s %llu", fields[f].name,
			    (unsigned long long)fields[f].s);
	}
	if (d->preset != s->preset && s->preset >= 0 && s->preset <= 1)
		printf(" --preset %s", presets[s->preset]);
}

int
main(void)
{
	for (size_t i = 0; variant_table[i] != NULL; i++) {
		const variant_t *v = variant_table[i];
		params_t d, s;

		if (v->workload->hidden)
			continue;
		v->workload->defaults(&d);
		v->workload->smoke(&s);
		printf("%s %s", v->workload->name, v->name);
		smoke_args_print(&d, &s);
		printf("\n");
	}
	return ferror(stdout) ? 1 : 0;
}
