#!/bin/sh
# The Debian packages fusebench needs, by what they are for:
#
#   build   the harness and the report program (make): a C compiler,
#           pkg-config, jemalloc, libpfm4, jansson; gnuplot draws the
#           report's figures, Debian's Python with Jinja2 fills the
#           report's templates and cmark-gfm makes its HTML
#   report  make report: build, python3-venv for the JAX programs'
#           virtual environment (variants/jax; skipped without it) and
#           llvm's llvm-mca (the time model's issue term: a hot loop's
#           cycles on this CPU; the term is left out without it), and
#           LLVM 19's (llvm-19), for the CPUs LLVM 14 does not know: on an
#           AMD Zen 4 LLVM 14 rejects every AVX-512 instruction
#   test    make test: report, and Criterion (the test binaries), g++ (the
#           C++ plugin), valgrind (memcheck, --cachesim), clang and its
#           fuzzer runtime (make fuzz), cppcheck, clang-format, Google
#           Benchmark's compare.py with scipy (suite gbench), chromium
#           (suite report_html renders the report's HTML; skipped without)
#           and pytest for Debian's Python (the templates' tests)
#
# sh harness/deps.sh install GROUP  installs what GROUP lacks (as root, with
#                                   apt-get; otherwise prints the command and
#                                   exits 1)
# sh harness/deps.sh check GROUP    the Makefile's probe before compiling:
#                                   the headers (cc -E) and tools GROUP
#                                   needs; when one is missing, prints the
#                                   one apt-get line and exits 2.
#                                   FB_DEPS_EXTRA adds "HEADER:PACKAGE"
#                                   pairs (a test names a header that does
#                                   not exist).
# sh harness/deps.sh list GROUP     the packages of GROUP, one a line
#
# Environment: CC (the compiler the probe uses, default cc), FB_ALLOC
# (jemalloc, the default, or glibc: then jemalloc is not needed).
set -u

CC=${CC:-cc}
FB_ALLOC=${FB_ALLOC:-jemalloc}

# Per group, one need a line: KIND PACKAGE WHAT. What compiling needs is
# probed by check: KIND header (the compiler finds the header WHAT) or cc
# (WHAT is the compiler, on PATH). The others are used later (tool: the
# program WHAT; file: the file WHAT; lib: a module WHAT) and install alone
# sees them, through dpkg.
build_needs() {
	echo "cc build-essential $CC"
	echo "tool pkg-config pkg-config"
	echo "header libjansson-dev jansson.h"
	echo "header libpfm4-dev perfmon/pfmlib.h"
	[ "$FB_ALLOC" != jemalloc ] ||
		echo "header libjemalloc-dev jemalloc/jemalloc.h"
	echo "tool gnuplot-nox gnuplot"
	echo "lib python3-jinja2 jinja2"
	echo "tool cmark-gfm cmark-gfm"
}
report_needs() {
	build_needs
	echo "lib python3-venv ensurepip"
	echo "tool llvm llvm-mca"
	echo "tool llvm-19 llvm-mca-19"
}
test_needs() {
	report_needs
	cat <<EOF
header libcriterion-dev criterion/criterion.h
cc build-essential g++
tool valgrind valgrind
tool clang clang
file libclang-rt-14-dev /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
tool cppcheck cppcheck
tool clang-format clang-format
file libbenchmark-tools /usr/share/benchmark/compare.py
lib python3-scipy scipy
tool chromium chromium
lib python3-pytest pytest
EOF
}

# The packages of a group (for install), without repeats.
packages() {
	"$1_needs" | awk 'NF && !seen[$2]++ { print $2 }'
}

# What compiling needs and is missing, as "PACKAGE WHAT" lines (for check):
# the compiler on PATH, headers through its preprocessor.
probe() {
	{
		"$1_needs"
		for x in ${FB_DEPS_EXTRA:-}; do
			echo "header ${x##*:} ${x%:*}"
		done
	} | while read -r kind pkg what; do
		case $kind in
		cc) command -v "${what%% *}" >/dev/null 2>&1 && continue ;;
		header) printf '#include <%s>\n' "$what" |
			"$CC" -E -x c - >/dev/null 2>&1 && continue ;;
		*) continue ;;
		esac
		echo "$pkg $what"
	done
}

usage() {
	echo "usage: sh harness/deps.sh check|install|list build|report|test" >&2
	exit 2
}

mode=${1:-install} group=${2:-build}
case $group in
build | report | test) ;;
*) usage ;;
esac

case $mode in
list) packages "$group" ;;
check)
	missing=$(probe "$group")
	[ -z "$missing" ] && exit 0
	what=$(echo "$missing" | cut -d' ' -f2- | paste -sd, - | sed 's/,/, /g')
	pkgs=$(echo "$missing" | awk '!seen[$1]++ { print $1 }' | paste -sd' ' -)
	target=deps
	[ "$group" = build ] || target=deps-$group
	echo "fusebench: missing $what: as root run: apt-get install -y $pkgs (or: make $target)" >&2
	exit 2
	;;
install)
	missing=""
	for p in $(packages "$group"); do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "install ok installed"; then
			missing="$missing $p"
		fi
	done
	[ -z "$missing" ] && exit 0
	if [ "$(id -u)" != 0 ]; then
		echo "fusebench: missing Debian packages:$missing" >&2
		echo "fusebench: run as root: apt-get update && apt-get install -y$missing" >&2
		exit 1
	fi
	echo "fusebench: installing$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq$missing >&2
	;;
*) usage ;;
esac
