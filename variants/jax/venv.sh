#!/bin/sh
# Creates the JAX programs' virtual environment (default build/venv) with the
# pinned packages of variants/jax/requirements.txt.
#
# Idempotent: a stamp file named after the requirements' hash marks a
# finished installation, so a second run does nothing and a changed
# requirements file reinstalls. When the environment cannot be made (no
# venv module, PyPI unreachable) it prints one line saying the JAX parts are
# skipped, removes what it began, and exits 0, so that make test and make
# report go on without JAX. Nothing is installed outside the environment.
set -u
venv=${1:-build/venv}
req=variants/jax/requirements.txt
py=${PYTHON:-python3}
key=$(sha256sum "$req" | cut -c1-16)
stamp="$venv/.fusebench-req-$key"

[ -f "$stamp" ] && exit 0
log="$venv.log"
mkdir -p "$(dirname "$venv")"
skip() {
	rm -rf "$venv"
	echo "fusebench: JAX parts skipped: $1 (details in $log)"
	exit 0
}
if [ ! -x "$venv/bin/python" ]; then
	rm -rf "$venv"
	"$py" -m venv "$venv" >"$log" 2>&1 ||
		skip "$py -m venv failed (Debian: apt-get install python3-venv)"
fi
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input \
	--timeout 20 --retries 1 -q -r "$req" >>"$log" 2>&1 ||
	skip "pip could not install $req (PyPI unreachable?)"
"$venv/bin/python" -c "import jax, numpy, pytest" >>"$log" 2>&1 ||
	skip "the installed packages do not import"
rm -f "$venv"/.fusebench-req-*
touch "$stamp"
