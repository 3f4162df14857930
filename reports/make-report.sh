#!/bin/sh
# make-report.sh MODE: run the sweeps, then write the report from their data.
#
#   full   reports/data/ (raw JSON lines, CSV, timelines) and reports/REPORT.md
#          with reports/figures/. The goal is 10 minutes in all: about 6 for
#          the C sweeps here, the rest for reports/jax-sweep.sh. The headline
#          tables keep 10 timed repeats a variant; eager at 10^6 runs once
#          (cold). On 2 cores of an AVX-512 EPYC (2026-12-01) the C sweeps'
#          plan adds up to about 4.5 minutes of CPU time (per-run CPU times
#          measured there: the six interp variants other than eager 3.1 s a
#          round at N=10^6, about 0.2 s of set-up a run); the last step of
#          the log states the C, JAX and report times of the run.
#   quick  the same sections at small sizes in reports/out-quick/ (git-ignored);
#          about a minute.
#
# Progress goes to stderr (each sweep prints a line per run). The report step
# alone, from saved data and without measuring again:
#   build/jemalloc/report reports/data reports
#
# After the C sweeps, reports/jax-sweep.sh runs the JAX programs of
# variants/jax beside them (sets jax-*); without build/venv (make jax) it
# leaves one line saying why, and the report says so.
#
# The variant lists come from `harness list` (the harness's own table, in its
# order); only the variants an experiment singles out are named here.
#
# Environment: FB_HARNESS, FB_HARNESS_GLIBC override the two harness builds,
# FB_REPORT the report program. The
# cache simulation (harness run --cachesim) runs the x86-64-v3 build that
# `make` leaves in build/valgrind, because valgrind 3.19 cannot decode
# AVX-512.
set -eu

MODE=${1:-full}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
H=${FB_HARNESS:-$ROOT/build/jemalloc/harness}
HG=${FB_HARNESS_GLIBC:-$ROOT/build/glibc/harness}
HC=$H
R=${FB_REPORT:-$ROOT/build/jemalloc/report}

case "$MODE" in
full)  OUT=reports; DATA=reports/data ;;
quick) OUT=reports/out-quick; DATA=reports/out-quick/data ;;
*)     echo "usage: make-report.sh full|quick" >&2; exit 2 ;;
esac

for h in "$H" "$HG" "$R"; do
	[ -x "$h" ] || { echo "make-report.sh: $h not built (make; make ALLOC=glibc all)" >&2; exit 1; }
done
command -v valgrind >/dev/null 2>&1 || HC=

rm -rf "$DATA"
mkdir -p "$DATA/timelines" "$DATA/cachesim"
START=$(date +%s)
LAST=$START
# step TEXT: the time since the start and the previous step's own time, then
# what starts now.
step() {
	now=$(date +%s)
	echo "== make-report.sh [$(( now - START ))s; previous step $(( now - LAST ))s] $*" >&2
	LAST=$now
}

# variants WORKLOAD [EXCEPT...]: the workload's variants in the harness's
# table, comma-separated, less those named after it.
variants() {
	w=$1; shift
	"$H" list | awk -v w="$w" -v skip=" $* " '
		/^[a-z]/ { cur = $1; sub(":", "", cur) }
		/^  / && cur == w && index(skip, " " $1 " ") == 0 { printf "%s%s", sep, $1; sep = "," }'
}
INTERP_OTHERS=$(variants interp eager)
# The cache simulation leaves out eager (op by op, slow under valgrind) and
# chunked (the materialized schedule in pieces).
INTERP_CACHESIM=$(variants interp eager chunked | tr , ' ')
# cells is O(N): it has its own sweep at larger N. eager (op by op, 57 N^2
# bytes, seconds a step at N=4096) has its own sweep at small N.
COLONY_ALL_PAIRS=$(variants colony cells eager)
COLONY_MAIN=$(variants colony eager)
# The scaling sweeps (--threads 1..cores, at most 4): every variant that
# threads. interp eager (80 s a run at the question's size) has its own
# sweep at small N; colony eager does not thread its pair sums.
NT=$(nproc 2>/dev/null || echo 1)
[ "$NT" -gt 4 ] && NT=4
[ "$NT" -lt 2 ] && NT=2
THREADS=$(seq -s, 1 "$NT")
[ -n "$INTERP_OTHERS" ] && [ -n "$COLONY_ALL_PAIRS" ] ||
	{ echo "make-report.sh: no variants from $H list" >&2; exit 1; }

if [ "$MODE" = full ]; then
	NQ=1e6; MQ=300; NSCALE=1e4,3e4,1e5; CHUNKS=100,1000,100000,1000000
	RQ="--repeat 10 --warmup 0"; RE="--repeat 0 --warmup 0"; RS="--repeat 2 --warmup 0"
	NNOISE=1e5
	NG=1e5; NCS=1e4; MCS=300; MALT=100
	NC=4096; KC=5; NCSCALE=512,1024,2048,4096,8192; NCEAGER=512,1024,2048; NCELLS=1024,4096,8192,16384,65536
	KSPREAD=20; OVERHEAD="interp tiled --n 2e5 --repeat 3"
	NTEAGER=1e4; NCT=4096; KCT=3; NCTCELLS=65536
else
	NQ=2e4; MQ=50; NSCALE=2e3,5e3,1e4; CHUNKS=100,1000,20000
	RQ="--repeat 10 --warmup 1"; RE="--repeat 1 --warmup 0"; RS="--repeat 5 --warmup 0"
	NNOISE=1e5
	NG=5e3; NCS=2e3; MCS=50; MALT=20
	NC=512; KC=5; NCSCALE=256,512,1024; NCEAGER=256,512; NCELLS=256,1024,4096
	KSPREAD=10; OVERHEAD="interp tiled --n 1e5 --m 50 --repeat 3"
	NTEAGER=2e3; NCT=512; KCT=3; NCTCELLS=4096
fi

step "interp at the question's size (N=$NQ, M=$MQ): eager"
"$H" sweep --workload interp --variants eager --n $NQ --m $MQ $RE \
	--timeline-dir "$DATA/timelines" --out "$DATA/interp-main-eager"
step "interp at the question's size: the other variants"
"$H" sweep --workload interp --variants "$INTERP_OTHERS" \
	--n $NQ --m $MQ $RQ --timeline-dir "$DATA/timelines" --out "$DATA/interp-main"
step "interp with the question's own input (x = 0 everywhere, preset seed)"
"$H" sweep --workload interp --variants "$INTERP_OTHERS" --preset seed \
	--n $NQ --m $MQ $RS --out "$DATA/interp-seed"
step "the machine's noise: one reference run repeated 20 times"
"$H" sweep --workload interp --variants tiled --n $NNOISE --m $MQ \
	--repeat 20 --warmup 1 --out "$DATA/noise"
# Three timed runs a point: the figure fits a slope through medians, and
# eager at N=1e5 (about 2.3 s a run) is most of this sweep's time.
step "interp against N"
"$H" sweep --workload interp --n $NSCALE --m $MQ --repeat 3 --warmup 0 \
	--out "$DATA/interp-scale"
# The default B (10,000) is left out: Table 1's chunked run, measured in
# the same sweep as materialized and fused, is that point, so one
# configuration has one number in the report.
step "interp chunk-size sweep"
"$H" sweep --workload interp --variants chunked --n $NQ --m $MQ --chunk $CHUNKS \
	--repeat 2 --warmup 0 --out "$DATA/interp-chunk"
step "interp eager at another M (the exercises' prediction)"
"$H" sweep --workload interp --variants eager --n $NG --m $MALT $RE \
	--out "$DATA/interp-eager-m"
step "interp with glibc malloc"
"$HG" sweep --workload interp --variants eager,materialized --n $NG --m $MQ \
	--repeat 2 --warmup 0 --out "$DATA/interp-glibc"
if [ -n "$HC" ]; then
	for v in $INTERP_CACHESIM; do
		step "interp $v under the cache simulator (N=$NCS)"
		"$HC" run interp $v --n $NCS --m $MCS --repeat 1 --warmup 0 --cachesim \
			--json "$DATA/cachesim/interp-$v.json" >&2 ||
			echo "make-report.sh: cachesim of $v failed; the report says so" >&2
	done
else
	step "no valgrind: the report will say the cache simulation was not run"
fi
step "machine ceilings"
"$H" ceilings > "$DATA/ceilings.json"
step "the instrumentation's own cost"
"$H" overhead $OVERHEAD --json "$DATA/overhead.json"

step "colony at N=$NC, K=$KC"
"$H" sweep --workload colony --variants "$COLONY_MAIN" --n $NC --steps $KC $RQ \
	--out "$DATA/colony-main"
step "colony eager (op by op) against N"
"$H" sweep --workload colony --variants eager,naive --n $NCEAGER --steps 2 \
	--repeat 1 --warmup 0 --out "$DATA/colony-eager"
step "colony all-pairs against N"
"$H" sweep --workload colony --variants "$COLONY_ALL_PAIRS" \
	--n $NCSCALE --steps 3 --repeat 2 --warmup 0 --out "$DATA/colony-scale"
step "colony cells against N"
"$H" sweep --workload colony --variants cells --n $NCELLS --steps 3 --repeat 2 \
	--warmup 0 --out "$DATA/colony-cells"
step "colony per-step spread: $KSPREAD steps in one run"
"$H" sweep --workload colony --variants naive,naive-reuse,fused --n $NC \
	--steps $KSPREAD --repeat 0 --warmup 0 --out "$DATA/colony-spread"
"$HG" sweep --workload colony --variants naive --n $NC --steps $KSPREAD \
	--repeat 0 --warmup 0 --out "$DATA/colony-spread-glibc"

# Every core: each thread count of $THREADS in one sweep, interleaved, so
# that a speed-up is the ratio of two numbers measured side by side.
step "interp with threads $THREADS at the question's size"
"$H" sweep --workload interp --variants "$INTERP_OTHERS" --n $NQ --m $MQ \
	--threads "$THREADS" --repeat 2 --warmup 0 --out "$DATA/interp-threads"
step "interp eager with threads $THREADS at N=$NTEAGER"
"$H" sweep --workload interp --variants eager --n $NTEAGER --m $MQ \
	--threads "$THREADS" --repeat 1 --warmup 0 --out "$DATA/interp-threads-eager"
step "colony with threads $THREADS at N=$NCT, K=$KCT; cells at N=$NCTCELLS"
"$H" sweep --workload colony --variants "$COLONY_ALL_PAIRS" --n $NCT --steps $KCT \
	--threads "$THREADS" --repeat 3 --warmup 0 --out "$DATA/colony-threads"
"$H" sweep --workload colony --variants cells --n $NCTCELLS --steps $KCT \
	--threads "$THREADS" --repeat 3 --warmup 0 --out "$DATA/colony-threads-cells"
# The goal's interp case alone: sorted's runs at 1 and 2 threads
# alternating with nothing else between them (in interp-threads the other
# variants' runs, and their arrays, come between).
step "interp sorted alone with threads 1,2 at the question's size (the goal)"
"$H" sweep --workload interp --variants sorted --n $NQ --m $MQ \
	--threads 1,2 --repeat 10 --warmup 1 --out "$DATA/goal-interp-sorted"
step "machine ceilings on $NT cores"
"$H" ceilings --threads "$NT" > "$DATA/ceilings-threads.json"

C_DONE=$(date +%s)
step "the JAX programs beside the C variants (reports/jax-sweep.sh)"
FB_HARNESS="$H" sh reports/jax-sweep.sh "$MODE" "$DATA" || echo "make-report.sh: jax-sweep.sh failed" >&2
JAX_DONE=$(date +%s)

step "sweeps done; writing the report"
"$R" "$DATA" "$OUT"
step "done: $OUT/REPORT.md"
echo "== make-report.sh $MODE: C sweeps $(( C_DONE - START ))s, JAX part $(( JAX_DONE - C_DONE ))s, report $(( $(date +%s) - JAX_DONE ))s; $(( $(date +%s) - START ))s in all" >&2
