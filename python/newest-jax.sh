#!/bin/sh
# Runs the explain package's tests (python/tests) against the newest jax on
# PyPI, besides the pinned one that make test-jax uses.
#
# One line and exit 0 when PyPI cannot be asked, or when the newest jax is
# the pinned one (its tests ran in make test-jax). Otherwise a second
# environment, build/venv-jax-VERSION, gets that jax and pytest (once: a
# stamp marks it done) and runs the tests that do not measure (the JAX
# internals, the console script): the measured ones are the pinned
# environment's, and the time stays small.
set -u
pinned_venv=${1:-build/venv}
req=variants/jax/requirements.txt
pin=$(sed -n 's/^jax==//p' "$req")
# NEWEST_JAX=VERSION stands in for PyPI's answer (to try this script's
# second environment when the pinned jax is the newest).
newest=${NEWEST_JAX:-$("$pinned_venv/bin/python" -m pip index versions jax \
	--disable-pip-version-check --timeout 10 --retries 0 2>/dev/null |
	sed -n 's/^jax (\(.*\))$/\1/p')}
if [ -z "$newest" ]; then
	echo "fusebench: newest-jax tests skipped: PyPI unreachable (pip index versions jax)"
	exit 0
fi
if [ "$newest" = "$pin" ]; then
	echo "fusebench: newest-jax tests: the newest jax on PyPI is $newest, the pinned one (tested above)"
	exit 0
fi
venv=build/venv-jax-$newest
if [ ! -f "$venv/.done" ]; then
	rm -rf "$venv"
	"$pinned_venv/bin/python" -m venv "$venv" >"$venv.log" 2>&1 &&
		"$venv/bin/python" -m pip install --disable-pip-version-check -q --timeout 20 \
			"jax==$newest" pytest >>"$venv.log" 2>&1 || {
		rm -rf "$venv"
		echo "fusebench: newest-jax tests skipped: could not install jax $newest (see $venv.log)"
		exit 0
	}
	touch "$venv/.done"
fi
echo "fusebench: explain's tests on jax $newest (pinned: $pin)"
PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider \
	python/tests/test_jax_internals.py python/tests/test_cli.py
