# fusebench: build, test and report.
#
#   make            build build/jemalloc/harness and build/jemalloc/report
#                   (and build/glibc/harness)
#   make test       unit + integration tests (Criterion), sanitizer build included
#   make report     run the sweeps and write reports/REPORT.md with its figures
#                   (the JAX programs too when make jax could make build/venv)
#   make jax        the JAX programs' virtual environment build/venv (pinned)
#   make test-jax   their tests and the explain package's (pytest; python/), skipped
#                   when build/venv is absent; then python/tests on the newest jax
#                   on PyPI when it is not the pinned one (python/newest-jax.sh)
#
# Knobs: ALLOC=jemalloc|glibc, SANITIZER=address,undefined or thread, OPT=..., QUICK=1
# (report at small sizes). Flags are recorded in every result object.
#
# Libraries: $(BUILD)/libvariants.a from variants/ (compiled with -Ivariants
# only: no harness header is reachable, and the archive rule checks it) and
# $(BUILD)/libharness.a from harness/ (-Iharness -Ivariants), whose memory
# module takes its allocator half from harness/hx_mem_$(ALLOC).c.

CC       ?= cc
ALLOC    ?= jemalloc
OPT      ?= -O3 -march=native
SANITIZER ?=

BUILD_DIR ?=
# ThreadSanitizer builds apart from the others (-tsan): its objects cannot
# be mixed with AddressSanitizer's.
BUILD := $(if $(BUILD_DIR),$(BUILD_DIR),build/$(ALLOC)$(if $(findstring thread,$(SANITIZER)),-tsan,$(if $(SANITIZER),-san)))

# valgrind 3.19 cannot decode AVX-512, so simulated cache counts (--cachesim)
# and memcheck run this build of the same sources for x86-64-v3 (AVX2+FMA).
# -mtune=znver3, the tuning of the AVX2 machines it stands in for (Zen 3's
# -march=native): under the generic tuning gcc 12 builds no gathers and
# emulates each with eight scalar loads, and under the native one the code
# depended on the host (an Intel CPU's tuning spills two more registers in
# colony's pair loops), so the instruction check passed on one CI machine
# and failed on another.
VALGRIND_OPT := -O3 -march=x86-64-v3 -mtune=znver3

WARN := -Wall -Wextra -Wshadow -Wno-unused-parameter
ifeq ($(CI),true)
WARN += -Werror
endif

# variants/ compiles with its own headers only (-Ivariants) into
# libvariants.a; the harness, its main and the tests see both folders.
# VECTORS: gcc's loops use the build's widest vector, as the variants' own
# vector types and `harness ceilings` do (INTERP_LANES); gcc's tunings for
# Intel CPUs prefer 256 bits, and there the loops the time model names were
# ymm beside zmm ones (no effect without AVX-512).
VECTORS := -mprefer-vector-width=512
CFLAGS_BASE := -std=gnu11 -D_GNU_SOURCE -g $(OPT) $(VECTORS) -fopenmp -fopenmp-simd \
	-fno-math-errno -fno-trapping-math $(WARN) -MMD -MP
LDLIBS_ALL := -lpfm -ljansson -lpthread -lm
# OpenMP (gcc's libgomp) for --threads: -fopenmp above and here.
LDFLAGS_ALL := -fopenmp

# The allocator's side of the memory module is one file per allocator.
ifeq ($(ALLOC),jemalloc)
LDLIBS_ALL := -ljemalloc $(LDLIBS_ALL)
else ifneq ($(ALLOC),glibc)
$(error ALLOC must be jemalloc or glibc, not '$(ALLOC)')
endif

ifneq ($(SANITIZER),)
CFLAGS_BASE += -fsanitize=$(SANITIZER) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS_ALL += -fsanitize=$(SANITIZER)
endif
# ThreadSanitizer does not see libgomp's own synchronization (libgomp is not
# instrumented): harness/hx_tsan.c wraps the runtime's region and barrier
# entry points to state it. The object is linked whole (not through the
# archive), so that the variants library's references find it.
ifneq ($(findstring thread,$(SANITIZER)),)
LDFLAGS_ALL += -Wl,--wrap=GOMP_parallel -Wl,--wrap=GOMP_barrier
TSAN_OBJ = $(OBJ)/harness/hx_tsan.o
endif

# The flags a result records, so that two result files can be told apart.
CFLAGS_RECORD := $(CC) $(OPT) $(VECTORS) ALLOC=$(ALLOC)$(if $(SANITIZER), SANITIZER=$(SANITIZER))
CFLAGS_VARIANTS := $(CFLAGS_BASE) -Ivariants
CFLAGS_ALL := $(CFLAGS_BASE) -Iharness -Ivariants $(shell pkg-config --cflags jansson 2>/dev/null) \
	-DFB_CFLAGS='"$(CFLAGS_RECORD)"'

# The harness's version (harness --version, every result's
# harness_version): git describe at build time, "unknown" outside git.
# The semantic version is FB_VERSION_SEMVER in variants/plugin.h alone
# (fusebench.pc's Version, harness --version).
FB_VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
FB_SEMVER := $(shell sed -n 's/^\#define FB_VERSION_SEMVER "\(.*\)"$$/\1/p' variants/plugin.h)
CFLAGS_ALL += -DFB_VERSION='"$(FB_VERSION)"'

# harness/hx_mem_<allocator>.c: only the one ALLOC names is built.
# hx_tsan.c is linked as an object of its own in ThreadSanitizer builds.
# (harness/hx_help.c describes the commands for help, man and completion.)
HX_SRC_COMMON := $(filter-out harness/main.c harness/hx_mem_%.c harness/hx_tsan.c,$(wildcard harness/*.c))
HX_SRC    := $(HX_SRC_COMMON) harness/hx_mem_$(ALLOC).c
# variants/example/ is a plugin, built apart (PLUGINS below).
VAR_SRC   := $(wildcard variants/*.c) \
             $(filter-out variants/example/%,$(wildcard variants/*/*.c))
LIB_SRC   := $(HX_SRC) $(VAR_SRC)
OBJ       := $(BUILD)/obj
HX_OBJ    := $(HX_SRC:%.c=$(OBJ)/%.o)
VAR_OBJ   := $(VAR_SRC:%.c=$(OBJ)/%.o)
LIB_OBJ   := $(HX_OBJ) $(VAR_OBJ)
# Link order: the harness library uses the variants library.
LIBS      := $(BUILD)/libharness.a $(BUILD)/libvariants.a
UNIT_SRC  := $(wildcard tests/unit/*.c)
UNIT_OBJ  := $(UNIT_SRC:%.c=$(OBJ)/%.o)
INTEG_SRC := $(wildcard tests/integration/*.c)
INTEG_OBJ := $(INTEG_SRC:%.c=$(OBJ)/%.o)
# The report program (reports/): REPORT.md and figures from saved data. Its
# modules are an archive of their own, so the unit tests can link them; it
# uses the harness library only for the result reader, formatting,
# statistics and atomic file writing.
REPORT_SRC := $(filter-out reports/report.c,$(wildcard reports/*.c))
REPORT_OBJ := $(REPORT_SRC:%.c=$(OBJ)/%.o)
# Plugins (shared libraries `harness run --plugin` loads): the example
# under variants/example/ and the broken ones the tests refuse. They see
# variant.h and plugin.h only, as a user's plugin does after make install:
# <fusebench/plugin.h> from $(BUILD)/include, where the two headers are
# copied in the installed layout. The harness exports the helpers they call.
PLUGIN_HEADERS := $(BUILD)/include/fusebench/variant.h $(BUILD)/include/fusebench/plugin.h
PLUGIN_SRC := $(wildcard variants/example/*.c) $(wildcard tests/plugins/*.c)
PLUGINS   := $(foreach s,$(PLUGIN_SRC),$(BUILD)/plugins/lib$(basename $(notdir $(s))).so)
PLUGIN_CFLAGS := -std=gnu11 -D_GNU_SOURCE -g -O2 -fPIC -shared $(WARN) -I$(BUILD)/include
# The time model's probe is compiled as the harness is, so that its vectors
# are the width its ceilings are measured at (tests/plugins/model_probe.c).
$(BUILD)/plugins/libmodel_probe.so: PLUGIN_CFLAGS += $(OPT) $(VECTORS)
# Small programs that harness exec measures in the integration tests.
HELPER_SRC := $(wildcard tests/helpers/*.c)
HELPERS   := $(HELPER_SRC:tests/helpers/%.c=$(BUILD)/helpers/%)

.PHONY: all install valgrind-build deps deps-report deps-test test test-unit test-integration report clean format format-check valgrind \
	valgrind-report \
	fuzz fuzz-ci fuzz-build cppcheck jax test-jax test-templates doc-links bench-model

all: $(BUILD)/harness $(BUILD)/report $(PLUGINS) $(BUILD)/fusebench.1 $(BUILD)/fusebench.bash
ifeq ($(ALLOC)$(SANITIZER)$(BUILD_DIR),jemalloc)
all: valgrind-build
endif

valgrind-build:
	$(MAKE) BUILD_DIR=build/valgrind OPT="$(VALGRIND_OPT)" build/valgrind/harness

# The Debian packages (harness/deps.sh says which and why): make deps those
# that building the harness and the report needs, deps-report adds the JAX
# programs' (python3-venv) and llvm with llvm-19 (llvm-mca, the time model's issue
# term), deps-test the test tools. As root they install
# what is missing with apt-get; otherwise they print the command.
deps:
	@sh harness/deps.sh install build

deps-report:
	@sh harness/deps.sh install report

deps-test:
	@sh harness/deps.sh install test

# Before the first object compiles, a probe of the compiler and the headers
# (harness/deps.sh check): a missing one stops make (exit 2) with the one
# apt-get line that installs it. It runs once per build folder and
# configuration (a stamp; another compiler, allocator or DEPS_EXTRA probes
# again), not per object. DEPS_EXTRA="HEADER:PACKAGE ..." adds headers to
# the probe (the tests name one that does not exist).
DEPS_EXTRA ?=
DEPS_CONF_FILE := $(OBJ)/deps_conf
DEPS_CHECK = CC='$(CC)' FB_ALLOC=$(ALLOC) FB_DEPS_EXTRA='$(DEPS_EXTRA)' sh harness/deps.sh check
$(shell mkdir -p $(OBJ) && (echo '$(CC) $(ALLOC) $(DEPS_EXTRA)' | cmp -s - $(DEPS_CONF_FILE) || \
	echo '$(CC) $(ALLOC) $(DEPS_EXTRA)' > $(DEPS_CONF_FILE)))

$(OBJ)/deps-build.ok: $(DEPS_CONF_FILE) harness/deps.sh
	@$(DEPS_CHECK) build
	@touch $@

# The test binaries need Criterion too.
$(OBJ)/deps-test.ok: $(DEPS_CONF_FILE) harness/deps.sh
	@$(DEPS_CHECK) test
	@touch $@

$(UNIT_OBJ) $(INTEG_OBJ) $(OBJ)/tests/tsan/tsan_threads.o: | $(OBJ)/deps-test.ok

$(OBJ)/variants/%.o: variants/%.c | $(OBJ)/deps-build.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_VARIANTS) -c $< -o $@

$(OBJ)/%.o: %.c | $(OBJ)/deps-build.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# hx_record.o writes the version: rebuilt whenever the version changes (a
# file that is rewritten only then).
FB_VERSION_FILE := $(OBJ)/fb_version
$(shell mkdir -p $(OBJ) && (echo '$(FB_VERSION)' | cmp -s - $(FB_VERSION_FILE) || \
	echo '$(FB_VERSION)' > $(FB_VERSION_FILE)))
$(OBJ)/harness/hx_record.o: $(FB_VERSION_FILE)

# The boundary, proved on every build: without -Iharness a harness header
# cannot be found by name, and no variant object may depend on one reached
# by a relative path (the compiler's own dependency lists say which headers
# each object read).
$(BUILD)/libvariants.a: $(VAR_OBJ)
	@if grep -l 'harness/[^ :]*\.h' $(VAR_OBJ:.o=.d); then \
		echo "variants/: the objects above include a harness/ header" >&2; exit 1; fi
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libharness.a: $(HX_OBJ)
	@rm -f $@
	ar rcs $@ $^

# -rdynamic: plugins call the helpers variant.h declares from the harness.
$(BUILD)/harness: $(OBJ)/harness/main.o $(LIBS) $(TSAN_OBJ)
	$(CC) $(LDFLAGS_ALL) -rdynamic -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/include/fusebench/%.h: variants/%.h
	@mkdir -p $(dir $@)
	cp $< $@

# The man page and the bash completion script, generated at build time by
# the harness itself from its command and option tables (harness/hx_help.c).
$(BUILD)/fusebench.1: $(BUILD)/harness
	$(BUILD)/harness --man > $@.tmp && mv $@.tmp $@

$(BUILD)/fusebench.bash: $(BUILD)/harness
	$(BUILD)/harness --completion bash > $@.tmp && mv $@.tmp $@

$(BUILD)/plugins/lib%.so: variants/example/%.c $(PLUGIN_HEADERS) | $(OBJ)/deps-build.ok
	@mkdir -p $(dir $@)
	$(CC) $(PLUGIN_CFLAGS) -o $@ $<

$(BUILD)/plugins/lib%.so: tests/plugins/%.c $(PLUGIN_HEADERS) | $(OBJ)/deps-build.ok
	@mkdir -p $(dir $@)
	$(CC) $(PLUGIN_CFLAGS) -o $@ $<

# The tests' C++ plugin, built as a user builds one: against the headers
# `make install` writes under a DESTDIR ($(BUILD)/stage, PREFIX=/usr),
# found through pkg-config (PKG_CONFIG_SYSROOT_DIR puts the DESTDIR in
# front of the include folder it names). g++'s -Wextra warns about every
# member a designated initializer leaves out, which a plugin's optional
# callbacks are meant to be (NULL): -Wno-missing-field-initializers.
STAGE := $(BUILD)/stage
CXX_PLUGIN := $(BUILD)/plugins/libcxx_plugin.so
$(CXX_PLUGIN): tests/plugins/cxx/cxx_plugin.cc $(BUILD)/harness $(BUILD)/fusebench.1 \
		$(BUILD)/fusebench.bash variants/variant.h variants/plugin.h | $(OBJ)/deps-test.ok
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(STAGE)) PREFIX=/usr >/dev/null
	@mkdir -p $(dir $@)
	$(CXX) -std=c++20 -g -O2 -fPIC -shared $(WARN) -Wno-missing-field-initializers \
		$$(PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(abspath $(STAGE)) \
		pkg-config --cflags fusebench) -o $@ $<

$(OBJ)/reports/%.o $(OBJ)/tests/%.o: CFLAGS_ALL += -Ireports
# report finds render.py and the templates in this source tree (the
# environment's FB_REPORT_TEMPLATES overrides it), and the lesson's JAX
# code there when the data lies outside a checkout (rp_report_source_dir).
$(OBJ)/reports/rp_report.o: CFLAGS_ALL += -DRP_REPORTS_DIR='"$(abspath reports)"'

$(BUILD)/libreport.a: $(REPORT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/report: $(OBJ)/reports/report.o $(BUILD)/libreport.a $(LIBS) $(TSAN_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/test_unit: $(UNIT_OBJ) $(BUILD)/libreport.a $(LIBS) $(TSAN_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lcriterion $(LDLIBS_ALL)

$(BUILD)/test_integration: $(INTEG_OBJ) $(BUILD)/libreport.a $(LIBS) $(TSAN_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lcriterion $(LDLIBS_ALL)

# Plain programs: no allocator, no sanitizer, nothing of the harness.
$(BUILD)/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -D_GNU_SOURCE -g -O1 $(WARN) -o $@ $<

# The tests: unit and integration against the jemalloc build (the glibc
# build first, for the allocator tests), the unit tests again with
# AddressSanitizer and UBSan over the system allocator, then memcheck,
# cppcheck, a short fuzz run and the formatting check. valgrind and
# valgrind-report both build into build/memcheck, so they run one after the
# other (under make -j2 they linked the same files at once).
test: deps-test
	$(MAKE) jax
	$(MAKE) ALLOC=glibc all
	$(MAKE) test-unit test-integration
	$(MAKE) ALLOC=glibc SANITIZER=address,undefined OPT="-O1" test-unit
	$(MAKE) ALLOC=glibc SANITIZER=thread OPT="-O1" test-unit
	$(MAKE) valgrind
	$(MAKE) valgrind-report cppcheck fuzz-ci format-check doc-links
	$(MAKE) test-templates
	$(MAKE) test-jax

# Under the sanitizers: huge requests return NULL (the tests check that a
# failed allocation becomes a failed run), and Criterion's own few bytes are
# not reported as our leak.
SAN_ENV := ASAN_OPTIONS=allocator_may_return_null=1 \
	LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp)

# One test at a time: the threads suite runs two OpenMP threads and compares
# their CPU time with the calling thread's, which a second test on the other
# core turns into a race for the two cores (11 s in all on this machine).
ifeq ($(findstring thread,$(SANITIZER)),)
test-unit: $(BUILD)/test_unit
	$(if $(SANITIZER),$(SAN_ENV)) FB_HARNESS=$(abspath $(BUILD)/harness) \
		$(BUILD)/test_unit --jobs=1
else
# Under ThreadSanitizer Criterion cannot start (its test arena is mapped
# where TSan keeps its shadow memory: Snaipe/Criterion#274), so the unit run
# is tests/tsan/tsan_threads.c, a plain program over the threaded code: any
# race stops it (halt_on_error). The suppressions file says what is left
# out and why.
test-unit: $(BUILD)/tsan_threads
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(abspath tests/tsan.supp)" \
		$(BUILD)/tsan_threads
endif

$(BUILD)/tsan_threads: $(OBJ)/tests/tsan/tsan_threads.o $(LIBS) $(TSAN_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

test-integration: all $(BUILD)/test_integration $(HELPERS) $(CXX_PLUGIN)
	FB_HARNESS=$(abspath $(BUILD)/harness) FB_HARNESS_GLIBC=$(abspath build/glibc/harness) \
		FB_REPORT=$(abspath $(BUILD)/report) \
		FB_HELPERS=$(abspath $(BUILD)/helpers) FB_PLUGINS=$(abspath $(BUILD)/plugins) \
		$(BUILD)/test_integration --jobs=1

# The report's templates (reports/templates) filled from the committed
# data's facts by reports/render.py, under Debian's Python (python3-jinja2,
# python3-pytest): every placeholder names a fact, a changed sentence
# needs its template alone (tests/report).
test-templates: $(BUILD)/report
	FB_REPORT=$(abspath $(BUILD)/report) PYTHONDONTWRITEBYTECODE=1 \
		/usr/bin/python3 -m pytest -q -p no:cacheprovider tests/report

# The JAX programs (variants/jax): a virtual environment under build/ with
# the pinned packages (one line and exit 0 when PyPI cannot be reached), and
# their tests against a float64 reference, skipped with one line without it.
VENV := build/venv
jax:
	@sh variants/jax/venv.sh $(VENV)

test-jax:
	@if ls $(VENV)/.fusebench-req-* >/dev/null 2>&1; then \
		PYTHONDONTWRITEBYTECODE=1 $(VENV)/bin/python -m pytest -q -p no:cacheprovider \
			variants/jax/tests python/tests && \
		sh python/newest-jax.sh $(VENV); \
	else echo "fusebench: JAX tests skipped: no virtual environment (make jax)"; fi

# The model's benchmark (docs/model.md): the model_probe plugin's base,
# div (one divide per element more), gather and gather2 (one and two
# gathers more) on 4096 floats, and base on 64 MiB, beyond the caches, each
# with its predicted and measured time, pinned to the last core. The tests check what the model counts; how far the
# measured times move is this benchmark's, read by a person.
bench-model: all
	@c=$$(mktemp) && trap 'rm -f "$$c"' EXIT && \
	cpu=$$(($$(nproc) - 1)) && \
	$(BUILD)/harness ceilings > "$$c" && \
	$(BUILD)/harness run --plugin $(BUILD)/plugins/libmodel_probe.so probe base,div,gather,gather2 \
		--n 4096 --repeat 21 --cpu $$cpu --events none --model --ceilings "$$c" && \
	$(BUILD)/harness run --plugin $(BUILD)/plugins/libmodel_probe.so probe base \
		--n 16777216 --repeat 11 --cpu $$cpu --events none --model --ceilings "$$c"

# The report's builds use every core unless make was given its own -j: they
# finish before the first measurement starts. The JAX environment (pip,
# mostly unpacking) is made beside the C builds: on a fresh 2-core clone
# 16 s of it and 25 s of builds took 33 s together. Only what the
# measurements run is built: the two harnesses and the report program;
# the cache simulation's x86-64-v3 build (valgrind-build) is made by
# make-report.sh (FB_VALGRIND_BUILD) when the cache simulation starts,
# beside the untimed JAX runs, which time nothing.
REPORT_JOBS = $(if $(filter -j% j%,$(MAKEFLAGS)),,-j$(shell nproc))

report: deps-report
	@$(MAKE) jax & jax=$$!; \
	$(MAKE) $(REPORT_JOBS) ALLOC=jemalloc build/jemalloc/harness build/jemalloc/report && \
		$(MAKE) $(REPORT_JOBS) ALLOC=glibc build/glibc/harness; built=$$?; \
	wait $$jax; venv=$$?; [ $$built = 0 ] && [ $$venv = 0 ]
	FB_VALGRIND_BUILD="$(MAKE) -s valgrind-build" sh reports/make-report.sh $(if $(QUICK),quick,full)

format:
	clang-format -i $(wildcard harness/*.[ch] variants/*.[ch] variants/*/*.[ch] tests/*/*.[ch] \
		reports/*.[ch])

# Every relative link in README.md and docs/ resolves (files and anchors).
doc-links:
	@sh tests/doc-links.sh

format-check:
	clang-format --dry-run --Werror $(wildcard harness/*.[ch] variants/*.[ch] variants/*/*.[ch] \
		tests/*/*.[ch] reports/*.[ch])

# Memcheck: every variant of every listed workload (selftest's crash and
# hog excepted: they misbehave on purpose) run once at its workload's smoke
# configuration (workload_t.smoke, printed as options by `harness list
# --smoke` from the parameter table),
# in-process (--no-fork, so the measured code runs under memcheck without
# --trace-children), plus a small isolated sweep with --trace-children=yes so
# the forked child is checked too. Built with ALLOC=glibc so memcheck sees
# every malloc (jemalloc's own arenas hide them), in its own folder
# build/memcheck, at -O1 without -march=native (memcheck has no AVX-512).
# Any error or a definite or indirect leak fails the target.
VALGRIND := valgrind --quiet --error-exitcode=1 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect
VG_RUN := --repeat 1 --warmup 0 --events perf::task-clock
valgrind:
	$(MAKE) ALLOC=glibc OPT="-O1" BUILD_DIR=build/memcheck build/memcheck/harness
	@set -e; H=build/memcheck/harness; \
	$$H list --smoke > build/memcheck/smoke.txt; \
	while read w v a; do echo "memcheck: $$w $$v $$a"; \
		$(VALGRIND) $$H run $$w $$v $$a $(VG_RUN) --no-fork >/dev/null; \
	done < build/memcheck/smoke.txt; \
	echo "memcheck: selftest ok"; $(VALGRIND) $$H run selftest ok $(VG_RUN) --no-fork >/dev/null; \
	d=$$(mktemp -d); echo "memcheck: sweep, forked children traced"; \
	$(VALGRIND) --trace-children=yes $$H sweep --workload interp --variants fused,chunked \
		--n 1000,2000 --m 4 --g 32 --repeat 1 --warmup 0 --events perf::task-clock \
		--out $$d/vg; rm -rf $$d; echo "memcheck: clean"

# Memcheck of the report program on the committed data (its gnuplot
# children are not traced): any error or a definite or indirect leak fails.
valgrind-report:
	$(MAKE) ALLOC=glibc OPT="-O1" BUILD_DIR=build/memcheck build/memcheck/report
	@d=$$(mktemp -d); echo "memcheck: report from reports/data"; \
	$(VALGRIND) build/memcheck/report reports/data $$d/out 2>$$d/log || \
		{ cat $$d/log; rm -rf $$d; exit 1; }; rm -rf $$d; echo "memcheck: report clean"

# cppcheck over variants/ (with its own headers only, as it builds),
# harness/ and reports/. Suppressed, with the reason:
#   missingIncludeSystem  system headers are not cppcheck's to parse
#   unusedFunction        not enabled (library entry points, test hooks)
#   invalidPointerCast in colony_cells.c  one malloc block carved into
#       uint32 and float arrays (both 4 bytes, 4-aligned); each part is only
#       ever accessed as its own type, so no aliasing or representation issue
CPPCHECK := cppcheck --enable=warning,performance,portability --error-exitcode=1 \
	--std=c11 --inline-suppr --quiet -D_GNU_SOURCE \
	--suppress=missingIncludeSystem \
	--suppress=invalidPointerCast:variants/colony/colony_cells.c
cppcheck:
	$(CPPCHECK) -Ivariants variants
	$(CPPCHECK) -Iharness -Ivariants harness
	$(CPPCHECK) -Iharness -Ivariants -Ireports reports

# libFuzzer targets (clang -fsanitize=fuzzer,address,undefined, system
# allocator) for everything that parses input: tests/fuzz/fuzz_<t>.c, seeds
# in tests/fuzz/corpus/<t>/ (read only: new inputs go to build/fuzz/corpus-<t>).
# `make fuzz FUZZ_SECONDS=20` runs each target that long; any crash, leak,
# sanitizer report or timeout fails. `make fuzz-ci` is the short CI run.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 20
FUZZ_TARGETS := parse events results
FUZZ_DIR := build/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=gnu11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link \
	$(FUZZ_SAN) -Wall -Wextra -Wno-unused-parameter -MMD -MP -Iharness -Ivariants \
	$(shell pkg-config --cflags jansson 2>/dev/null) \
	-DFB_CFLAGS='"$(FUZZ_CC) -O1 fuzzer ALLOC=glibc"'
FUZZ_LIB_OBJ := $(HX_SRC_COMMON:%.c=$(FUZZ_DIR)/obj/%.o) $(FUZZ_DIR)/obj/harness/hx_mem_glibc.o \
	$(VAR_SRC:%.c=$(FUZZ_DIR)/obj/%.o)

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^ -lpfm -ljansson -lpthread -lm

# Keep the objects: they are not throwaway intermediates.
.SECONDARY: $(FUZZ_LIB_OBJ) $(FUZZ_TARGETS:%=$(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o)

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus-$$t $(FUZZ_DIR)/artifacts-$$t; \
		echo "fuzz_$$t: $(FUZZ_SECONDS) s"; \
		$(FUZZ_DIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts-$$t/ \
			$(FUZZ_DIR)/corpus-$$t tests/fuzz/corpus/$$t 2>$(FUZZ_DIR)/fuzz_$$t.log \
			|| { tail -60 $(FUZZ_DIR)/fuzz_$$t.log; exit 1; }; \
		grep -E '^(Done|stat::number_of_executed_units)' $(FUZZ_DIR)/fuzz_$$t.log; \
	done

fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=6

# make install [PREFIX=/usr/local] [DESTDIR=]: the harness as fusebench
# with its man page and bash completion, the plugin headers as <fusebench/variant.h> and <fusebench/plugin.h>, and
# fusebench.pc (Cflags: the include folder above fusebench/), so that a
# plugin, C or C++, builds with
#   cc -shared -fPIC $$(pkg-config --cflags fusebench) -o libmine.so mine.c
PREFIX ?= /usr/local
install: $(BUILD)/harness $(BUILD)/fusebench.1 $(BUILD)/fusebench.bash
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include/fusebench \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(BUILD)/harness $(DESTDIR)$(PREFIX)/bin/fusebench
	install -m 644 $(BUILD)/fusebench.1 $(DESTDIR)$(PREFIX)/share/man/man1/fusebench.1
	install -m 644 $(BUILD)/fusebench.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/fusebench
	install -m 644 variants/variant.h variants/plugin.h $(DESTDIR)$(PREFIX)/include/fusebench/
	printf 'prefix=%s\nincludedir=$${prefix}/include\n\nName: fusebench\nDescription: %s\nVersion: %s\nCflags: -I$${includedir}\n' \
		'$(PREFIX)' 'plugin headers of the fusebench harness (commit $(FB_VERSION); ABI version in plugin.h)' \
		'$(FB_SEMVER)' > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fusebench.pc

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(OBJ)/harness/hx_tsan.d $(UNIT_OBJ:.o=.d) $(INTEG_OBJ:.o=.d) $(OBJ)/harness/main.d \
	$(REPORT_OBJ:.o=.d) $(OBJ)/reports/report.d \
	$(OBJ)/tests/tsan/tsan_threads.d \
	$(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.d)
