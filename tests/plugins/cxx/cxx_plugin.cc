/*
 * cxx_plugin: a plugin written in C++ and built as a user builds one:
 * against the headers `make install` wrote (under a DESTDIR), found through
 * pkg-config (Makefile: $(BUILD)/plugins/libcxx_plugin.so). The workload
 * norm2 sums x_i^2 for x_i = i mod 7 over N items held in a std::vector;
 * the variant fills only what it must, and a model (8N bytes: one
 * temporary std::vector<double> of N items) so that the test can compare
 * the measured peak with it.
 */
#include <cstdio>
#include <cstring>
#include <new>
#include <vector>

#include <fusebench/plugin.h>

namespace {

struct state {
	std::vector<double> x;
	double total = 0;
};

void
norm2_defaults(params_t *p)
{
	std::memset(p, 0, sizeof(*p));
	p->n = 10000;
}

int
norm2_check(const params_t *p, char *msg, size_t msglen)
{
	return params_check_range("n", p->n, 1, 1ULL << 26, msg, msglen);
}

int
norm2_reference(const params_t *p, double *digest)
{
	double s = 0;
	for (uint64_t i = 0; i < p->n; i++)
		s += static_cast<double>((i % 7) * (i % 7));
	digest[0] = s;
	return 0;
}

int
norm2_validate(const params_t *, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	if (got[0] == ref[0])
		return 0;
	std::snprintf(
	    msg, msglen, "total %.17g, reference %.17g", got[0], ref[0]);
	return -1;
}

const workload_t norm2_workload = {
    .name = "norm2",
    .description = "sum of squares over a std::vector (a C++ plugin)",
    .params = "n",
    .unit = "item",
    .digest_count = 1,
    .digest_names = {"total"},
    .defaults = norm2_defaults,
    .check = norm2_check,
    .reference = norm2_reference,
    .validate = norm2_validate,
};

int
norm2_setup(const params_t *p, void **st)
{
	state *s = new (std::nothrow) state;
	if (s == nullptr)
		return -1;
	try {
		s->x.resize(p->n);
	} catch (const std::bad_alloc &) {
		delete s;
		return -1;
	}
	for (uint64_t i = 0; i < p->n; i++)
		s->x[i] = static_cast<double>(i % 7);
	*st = s;
	return 0;
}

uint64_t
norm2_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(p->n * sizeof(double));
}

/* The squares in a temporary vector, then their sum. */
int
norm2_step(void *st, uint64_t)
{
	state *s = static_cast<state *>(st);
	try {
		std::vector<double> sq(s->x.size());
		for (size_t i = 0; i < sq.size(); i++)
			sq[i] = s->x[i] * s->x[i];
		variant_no_opt(sq.data());
		double t = 0;
		for (double v : sq)
			t += v;
		s->total = t;
	} catch (const std::bad_alloc &) {
		return -1;
	}
	return 0;
}

void
norm2_digest(void *st, double *digest)
{
	digest[0] = static_cast<state *>(st)->total;
}

void
norm2_teardown(void *st)
{
	delete static_cast<state *>(st);
}

const variant_t norm2_temporary = {
    .name = "temporary",
    .workload = &norm2_workload,
    .description = "squares in a std::vector, then summed",
    .idiom = "C++ std::vector",
    .model_formula = "8N",
    .model_bytes = norm2_model,
    .setup = norm2_setup,
    .step = norm2_step,
    .digest = norm2_digest,
    .teardown = norm2_teardown,
};

const workload_t *const workloads[] = {&norm2_workload, nullptr};
const variant_t *const variants[] = {&norm2_temporary, nullptr};

} // namespace

const fb_plugin_t fusebench_plugin = FB_PLUGIN("cxx", workloads, variants);
