#!/bin/sh
# Installs the Debian packages fusebench needs, when they are missing
# (python3-venv for the JAX programs' virtual environment, see variants/jax;
# libbenchmark-tools and python3-scipy for the test that runs Google
# Benchmark's compare.py on converted results).
# As root it runs apt-get itself; otherwise it prints the exact command and fails.
set -u
pkgs="build-essential pkg-config libjemalloc-dev libpfm4-dev libcriterion-dev libjansson-dev gnuplot-nox valgrind clang libclang-rt-14-dev cppcheck clang-format python3-venv chromium libbenchmark-tools python3-scipy"
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
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
