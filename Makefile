# fusebench: build, test and report.
#
#   make            build build/jemalloc/harness (and build/glibc/harness)
#   make test       unit + integration tests (Criterion), sanitizer build included
#   make report     run the sweeps and write reports/REPORT.md with its figures
#
# Knobs: ALLOC=jemalloc|glibc, SANITIZER=address,undefined, OPT=..., QUICK=1
# (report at small sizes). Flags are recorded in every result object.

CC       ?= cc
ALLOC    ?= jemalloc
OPT      ?= -O3 -march=native
SANITIZER ?=

BUILD_DIR ?=
BUILD := $(if $(BUILD_DIR),$(BUILD_DIR),build/$(ALLOC)$(if $(SANITIZER),-san))

# valgrind 3.19 cannot decode AVX-512, so simulated cache counts (--cachesim)
# and memcheck run this build of the same sources for x86-64-v3 (AVX2+FMA).
VALGRIND_OPT := -O3 -march=x86-64-v3

WARN := -Wall -Wextra -Wshadow -Wno-unused-parameter
ifeq ($(CI),true)
WARN += -Werror
endif

CFLAGS_ALL := -std=gnu11 -D_GNU_SOURCE -g $(OPT) -fopenmp-simd -fno-math-errno -fno-trapping-math \
	$(WARN) -MMD -MP -Iharness -Ivariants $(shell pkg-config --cflags jansson 2>/dev/null)
LDLIBS_ALL := -lpfm -ljansson -lpthread -lm

ifeq ($(ALLOC),jemalloc)
CFLAGS_ALL += -DFB_ALLOC_JEMALLOC
LDLIBS_ALL := -ljemalloc $(LDLIBS_ALL)
else ifeq ($(ALLOC),glibc)
CFLAGS_ALL += -DFB_ALLOC_GLIBC
else
$(error ALLOC must be jemalloc or glibc, not '$(ALLOC)')
endif

ifneq ($(SANITIZER),)
CFLAGS_ALL += -fsanitize=$(SANITIZER) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS_ALL += -fsanitize=$(SANITIZER)
endif

# The flags a result records, so that two result files can be told apart.
CFLAGS_RECORD := $(CC) $(OPT) ALLOC=$(ALLOC)$(if $(SANITIZER), SANITIZER=$(SANITIZER))
CFLAGS_ALL += -DFB_CFLAGS='"$(CFLAGS_RECORD)"'

LIB_SRC   := $(filter-out harness/main.c,$(wildcard harness/*.c)) \
             $(wildcard variants/*.c) $(wildcard variants/*/*.c)
OBJ       := $(BUILD)/obj
LIB_OBJ   := $(LIB_SRC:%.c=$(OBJ)/%.o)
UNIT_SRC  := $(wildcard tests/unit/*.c)
UNIT_OBJ  := $(UNIT_SRC:%.c=$(OBJ)/%.o)
INTEG_SRC := $(wildcard tests/integration/*.c)
INTEG_OBJ := $(INTEG_SRC:%.c=$(OBJ)/%.o)

.PHONY: all valgrind-build deps test test-unit test-integration report clean format format-check valgrind

all: $(BUILD)/harness
ifeq ($(ALLOC)$(SANITIZER)$(BUILD_DIR),jemalloc)
all: valgrind-build
endif

valgrind-build:
	$(MAKE) BUILD_DIR=build/valgrind OPT="$(VALGRIND_OPT)" build/valgrind/harness

deps:
	@sh harness/deps.sh

$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/libfusebench.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/harness: $(OBJ)/harness/main.o $(BUILD)/libfusebench.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/test_unit: $(UNIT_OBJ) $(BUILD)/libfusebench.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lcriterion $(LDLIBS_ALL)

$(BUILD)/test_integration: $(INTEG_OBJ) $(BUILD)/libfusebench.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lcriterion $(LDLIBS_ALL)

# The tests: unit and integration against the jemalloc build, then the unit
# tests again with AddressSanitizer and UBSan over the system allocator.
test: deps
	$(MAKE) test-unit test-integration
	$(MAKE) ALLOC=glibc all
	$(MAKE) ALLOC=glibc SANITIZER=address,undefined OPT="-O1" test-unit

# Under the sanitizers: huge requests return NULL (the tests check that a
# failed allocation becomes a failed run), and Criterion's own few bytes are
# not reported as our leak.
SAN_ENV := ASAN_OPTIONS=allocator_may_return_null=1 \
	LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp)

test-unit: $(BUILD)/test_unit
	$(if $(SANITIZER),$(SAN_ENV)) FB_HARNESS=$(abspath $(BUILD)/harness) \
		$(BUILD)/test_unit --jobs=2

test-integration: all $(BUILD)/test_integration
	FB_HARNESS=$(abspath $(BUILD)/harness) FB_HARNESS_GLIBC=$(abspath build/glibc/harness) \
		$(BUILD)/test_integration --jobs=1

report: deps
	$(MAKE) ALLOC=jemalloc all
	$(MAKE) ALLOC=glibc all
	sh reports/make-report.sh $(if $(QUICK),quick,full)

format:
	clang-format -i $(wildcard harness/*.[ch] variants/*.[ch] variants/*/*.[ch] tests/*/*.[ch])

format-check:
	clang-format --dry-run --Werror $(wildcard harness/*.[ch] variants/*.[ch] variants/*/*.[ch] tests/*/*.[ch])

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(INTEG_OBJ:.o=.d) $(OBJ)/harness/main.d
