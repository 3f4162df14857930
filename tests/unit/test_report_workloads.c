/*
 * Unit tests of the report's registration table (reports/rp_workloads):
 * every registered workload has a section, an array size and a JAX
 * parameter; one full array is 4 bytes times its dimensions; only the
 * registered workloads are found, and only colony counts per step.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "rp_workloads.h"

Test(report_workloads, every_entry_is_complete)
{
	int n = 0;

	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++, n++) {
		cr_expect(w->section != NULL, "%s: no section", w->name);
		cr_expect(w->array_dims != NULL && w->array_dims[0] != '\0');
		cr_expect(w->jax_param != NULL && w->jax_letter != NULL);
		cr_expect(rp_workload_find(w->name) == w);
	}
	cr_expect_eq(n, 2);
	cr_expect(rp_workload_find("dot") == NULL);
	cr_expect(rp_workload_find(NULL) == NULL);
}

Test(report_workloads, one_full_array_and_per_step)
{
	json_t *p = json_pack("{s:i, s:i}", "n", 1000, "m", 10);

	cr_expect_eq(rp_workload_array_bytes("interp", p), 1000.0 * 10 * 4);
	cr_expect_eq(rp_workload_array_bytes("colony", p), 1000.0 * 1000 * 4);
	cr_expect(isnan(rp_workload_array_bytes("dot", p)));
	cr_expect_eq(rp_workload_per_step("colony"), 1);
	cr_expect_eq(rp_workload_per_step("interp"), 0);
	cr_expect_eq(rp_workload_per_step("dot"), 0);
	json_decref(p);
}
