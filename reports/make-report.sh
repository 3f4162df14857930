#!/bin/sh
# make-report.sh MODE: run the experiments of reports/experiments.tsv, then
# write the report from their data.
#
#   full   reports/data/ (raw JSON lines, CSV, timelines) and reports/REPORT.md
#          with reports/figures/. The goal is 10 minutes in all: about 6 for
#          the C sweeps here, the rest for reports/jax-sweep.sh. The headline
#          tables keep 5 timed repeats a variant (the fewest from which a
#          bootstrap interval is printed); eager at 10^6 runs once (cold).
#          The sets beside them (the seed's input, the chunk sizes, N and
#          glibc) time once or twice after the cold run, the overhead twice
#          a round. make report took 621.6 s with 8 headline repeats and a
#          timed run more in each of those sets; with 6, 605.5 s, and with
#          5, 608.7 s and 630.5 s (fresh clones, 2026-12-05, the host
#          quiet by interp tiled's time): the steps that fault most (C
#          eager at 10^6, 57 to 69 s; the JAX question at 10^6 beside the
#          cache simulation, 120 to 146 s) move more than the cut. On 2
#          cores of an AVX-512 EPYC (2026-12-01) the C sweeps' plan adds
#          up to about 4.5 minutes of CPU time (per-run CPU times
#          measured there: the six interp variants other than eager 3.1 s a
#          round at N=10^6, about 0.2 s of set-up a run).
#   quick  the same sections at small sizes in reports/out-quick/ (git-ignored);
#          under a minute.
#
# The table: one row a set (its name, workload, variants, the harness
# command and what reads it; the file's opening says how a row becomes a
# command). This script sets the sizes of each mode ($NQ, $RQ, ... below),
# fills them and the variant lists of `harness list` into a copy of the
# table in the data folder (the record of what ran), and runs its rows in
# order, each command in the data folder. The report reads that copy to
# print, for a set missing from the data, the command that makes it.
#
# Nothing is lost on failure: the sweeps write into DATA.new beside the data
# folder (reports/data.new, reports/out-quick/data.new); only when every row
# has run is the old folder moved aside, the new one put in its place and the
# old one removed. When a step fails the old data stays as it was and the
# script says where the partial data is (the next run starts it afresh).
#
# The log (stderr; each sweep also prints a line per run) gives each step's
# time; make-report-times.tsv in the data folder keeps them with the C, JAX
# and total seconds, which the report's method section prints. The report
# step alone, from saved data and without measuring again:
#   build/jemalloc/report reports/data reports
#
# The JAX programs of variants/jax run through reports/jax-sweep.sh (its own
# plan: the table's last row); without build/venv (make jax) it leaves one
# line saying why, and the report says so. Its untimed part (the jaxpr
# verdicts, explain's memory charts, the compilations per protocol, the
# question's peak RSS against N, 31 s alone at N=1e6, and the runs kept for their
# memory: nothing there is a time the report prints) runs beside the cache simulation, whose figures are
# valgrind's counts, not times, so other processes on the cores change none
# of them. None of them is pinned: pinned (the question's runs on the
# last CPU, valgrind and the rest on CPU 0), the cache simulation took 157 s on CPU 0
# while the last CPU fell idle after 94 s. Every timed step runs alone.
#
# Environment: FB_HARNESS, FB_HARNESS_GLIBC override the two harness builds,
# FB_REPORT the report program; FB_VALGRIND_BUILD, a command run in the
# checkout's root when the cache simulation starts (make report passes
# `make -s valgrind-build`: the build below, made beside the untimed JAX
# runs rather than before the first measurement). The cache simulation (harness run
# --cachesim) runs the x86-64-v3 build that `make` leaves in build/valgrind,
# because valgrind 3.19 cannot decode AVX-512.
set -eu

MODE=${1:-full}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# absolute PATH: a relative path made absolute (the commands run in the
# data folder); a bare name is left to the PATH.
absolute() {
	case $1 in
	/*) echo "$1" ;;
	*/*) echo "$PWD/$1" ;;
	*) echo "$1" ;;
	esac
}
H=$(absolute "${FB_HARNESS:-$ROOT/build/jemalloc/harness}")
HG=$(absolute "${FB_HARNESS_GLIBC:-$ROOT/build/glibc/harness}")
R=$(absolute "${FB_REPORT:-$ROOT/build/jemalloc/report}")
cd "$ROOT"
HC=$H
TABLE=reports/experiments.tsv

case "$MODE" in
full)  OUT=reports; DATA=reports/data ;;
quick) OUT=reports/out-quick; DATA=reports/out-quick/data ;;
*)     echo "usage: make-report.sh full|quick" >&2; exit 2 ;;
esac
STAGE=$DATA.new
OLD=$DATA.old

for h in "$H" "$HG" "$R"; do
	case $h in
	*/*) [ -x "$h" ] ;;
	*) command -v "$h" >/dev/null 2>&1 ;;
	esac || { echo "make-report.sh: $h not built (make; make ALLOC=glibc all)" >&2; exit 1; }
done
[ -r "$TABLE" ] || { echo "make-report.sh: $TABLE: cannot read the experiments" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || HC=

# ms: milliseconds since the epoch; secs MS: them as seconds, one decimal.
ms() { echo $(( $(date +%s%N) / 1000000 )); }
secs() { echo "$(( $1 / 1000 )).$(( $1 % 1000 / 100 ))"; }

PHASE=measure
BESIDE=
finish() {
	st=$?
	[ "$PHASE" = done ] && return
	[ -n "$BESIDE" ] && wait "$BESIDE" 2>/dev/null
	if [ "$PHASE" = measure ]; then
		echo "make-report.sh: failed (exit $st): $DATA is as it was; the partial data is in $STAGE" >&2
	else
		echo "make-report.sh: the report failed (exit $st); the data in $DATA is complete: $R $DATA $OUT" >&2
	fi
}
trap finish EXIT
trap 'exit 130' INT TERM

rm -rf "$STAGE"
mkdir -p "$STAGE/timelines"
TIMES=$STAGE/make-report-times.tsv
printf '# make-report.sh %s: wall-clock seconds of each step and in all\nkind\tname\tseconds\n' \
	"$MODE" > "$TIMES"
START=$(ms)
LAST=$START
LASTNAME=
# step NAME TEXT: the time since the start and the previous step's own time
# (recorded under its name), then what starts now.
step() {
	now=$(ms)
	[ -n "$LASTNAME" ] && printf 'step\t%s\t%s\n' "$LASTNAME" "$(secs $(( now - LAST )))" >> "$TIMES"
	echo "== make-report.sh [$(secs $(( now - START )))s; previous step $(secs $(( now - LAST )))s] $2" >&2
	LAST=$now
	LASTNAME=$1
}

# variants WORKLOAD [EXCEPT...]: the workload's variants in the harness's
# table, comma-separated, less those named after it.
variants() {
	w=$1; shift
	"$H" list | awk -v w="$w" -v skip=" $* " '
		/^[a-z]/ { cur = $1; sub(":", "", cur) }
		/^  / && cur == w && index(skip, " " $1 " ") == 0 { printf "%s%s", sep, $1; sep = "," }'
}
# resolve WORKLOAD VARIANTS: all and all-except V,... as a list.
resolve() {
	case $2 in
	all) variants "$1" ;;
	all-except\ *) variants "$1" $(echo "${2#all-except }" | tr , ' ') ;;
	*) echo "$2" ;;
	esac
}
# Every core: the thread counts 1..cores (at most 4) in one sweep, the
# variants and the counts taking turns run by run (a sweep interleaves the
# runs of one input set), so that a speed-up is the ratio of two numbers
# measured side by side.
NT=$(nproc 2>/dev/null || echo 1)
[ "$NT" -gt 4 ] && NT=4
[ "$NT" -lt 2 ] && NT=2
THREADS=$(seq -s, 1 "$NT")
[ -n "$(variants interp)" ] && [ -n "$(variants colony)" ] ||
	{ echo "make-report.sh: no variants from $H list" >&2; exit 1; }

# The modelled main sweeps run pinned (--cpu) to the first CPU this script
# may use, the one the JAX part and its C runs take: the steal and other
# processes' time each result reports are then that CPU's, not the
# machine's (an unpinned run's steal is counted over all CPUs, idle ones
# included). Empty, not pinned, where the affinity cannot be read.
PINCPU=$(taskset -pc $$ 2>/dev/null | sed -n 's/.*: *\([0-9][0-9]*\).*/\1/p')
PIN=${PINCPU:+--cpu $PINCPU}

# The sizes of each mode, by the names the table uses.
if [ "$MODE" = full ]; then
	NQ=1e6; MQ=300; NSCALE=1e4,3e4,1e5; CHUNKS=100,1000,100000,1000000
	RQ="--repeat 5 --warmup 0"; RE="--repeat 0 --warmup 0"; RS="--repeat 1 --warmup 0"
	NNOISE=1e5
	NG=1e5; NCS=1e4; NCSB=1e5; MCS=300; MALT=100; NCCS=1024
	NC=4096; KC=5; NCSCALE=512,1024,2048,4096,8192; NCEAGER=512,1024,2048; NCELLS=16384,65536
	KSPREAD=20; NOVERHEAD="--n 2e5"
	NTEAGER=1e4; NTSLOW=3e5; NCT=4096; KCT=3; NCTCELLS=65536
else
	NQ=2e4; MQ=50; NSCALE=2e3,5e3,1e4; CHUNKS=100,1000,20000
	RQ="--repeat 10 --warmup 1"; RE="--repeat 1 --warmup 0"; RS="--repeat 5 --warmup 0"
	NNOISE=1e5
	NG=5e3; NCS=2e3; NCSB=2e4; MCS=50; MALT=20; NCCS=512
	NC=512; KC=5; NCSCALE=256,512,1024; NCEAGER=256,512; NCELLS=4096
	KSPREAD=10; NOVERHEAD="--n 1e5 --m 50"
	NTEAGER=2e3; NTSLOW=$NQ; NCT=512; KCT=3; NCTCELLS=4096
fi

# The table as this mode runs it: sizes filled in (an unknown name stops
# the script: set -u), variant lists resolved; comments left out.
{
	echo "# $TABLE as make-report.sh $MODE ran it on $(date -u +%Y-%m-%dT%H:%M:%SZ):"
	echo "# the sizes of its mode and the variant lists of \`harness list\` filled in"
	while IFS='	' read -r set_ w v args purpose <&3; do
		case $set_ in '' | '#'*) continue ;; esac
		if [ "$set_" != set ]; then
			eval "args=\"$args\""
			v=$(resolve "$w" "$v")
		fi
		printf '%s\t%s\t%s\t%s\t%s\n' "$set_" "$w" "$v" "$args" "$purpose"
	done 3< "$TABLE"
} > "$STAGE/experiments.tsv"

# The untimed part of reports/jax-sweep.sh in the background, beside the
# cache simulation (see the opening); beside_wait before any timed step.
beside_start() {
	[ -z "$BESIDE" ] && [ -z "${BESIDE_S:-}" ] || return 0
	(
		t0=$(ms)
		FB_HARNESS="$H" sh reports/jax-sweep.sh "$MODE" "$STAGE" untimed ||
			echo "make-report.sh: jax-sweep.sh untimed failed" >&2
		secs $(( $(ms) - t0 )) > "$STAGE/.beside"
	) &
	BESIDE=$!
}
beside_wait() {
	[ -n "$BESIDE" ] || return 0
	wait "$BESIDE" || true
	BESIDE=
	BESIDE_S=$(cat "$STAGE/.beside" 2>/dev/null || echo 0)
	rm -f "$STAGE/.beside"
	printf 'step\tjax-untimed-beside-cachesim\t%s\n' "$BESIDE_S" >> "$TIMES"
}

# row SET WORKLOAD VARIANTS ARGUMENTS PURPOSE: one row of the table run in
# the data folder (the table's opening says how).
row() {
	set_=$1 w=$2 v=$3 args=$4 purpose=$5
	prog=$H
	case $args in "ALLOC=glibc "*) prog=$HG; args=${args#ALLOC=glibc } ;; esac
	sub=${args%% *}
	rest=${args#"$sub"}
	[ "$sub" = run ] || beside_wait
	case $sub in
	sweep)
		step "$set_" "$set_: $purpose"
		(cd "$STAGE" && "$prog" sweep --workload "$w" --variants "$v" $rest --out "$set_") ;;
	ceilings)
		step "$set_" "$set_: $purpose"
		(cd "$STAGE" && "$prog" ceilings $rest > "$set_.json") ;;
	overhead)
		step "$set_" "$set_: $purpose"
		(cd "$STAGE" && "$prog" overhead "$w" "$v" $rest --json "$set_.json") ;;
	run)
		if [ -z "$HC" ]; then
			step "$set_" "$set_: no valgrind: the report will say the cache simulation was not run"
			return 0
		fi
		mkdir -p "$STAGE/$set_"
		# valgrind and the untimed part on no CPU in particular: the
		# scheduler keeps both busy (see the opening).
		beside_start
		if [ -n "${FB_VALGRIND_BUILD:-}" ]; then
			step valgrind-build "the cache simulation's build ($FB_VALGRIND_BUILD)"
			(cd "$ROOT" && $FB_VALGRIND_BUILD >&2) ||
				echo "make-report.sh: $FB_VALGRIND_BUILD failed" >&2
			FB_VALGRIND_BUILD=
		fi
		for x in $(echo "$v" | tr , ' '); do
			step "$set_/$w-$x" "$set_: $w $x under the cache simulator"
			(cd "$STAGE" && "$HC" run "$w" "$x" $rest --json "$set_/$w-$x.json" >&2) ||
				echo "make-report.sh: cachesim of $x failed; the report says so" >&2
		done ;;
	jax-sweep.sh)
		part=timed
		[ -n "${BESIDE_S:-}" ] || part=all
		step "$set_" "$set_: the JAX programs beside the C variants (reports/jax-sweep.sh $part)"
		JAX_START=$(ms)
		FB_HARNESS="$H" sh reports/jax-sweep.sh "$MODE" "$STAGE" $part ||
			echo "make-report.sh: jax-sweep.sh failed" >&2
		JAX_MS=$(( $(ms) - JAX_START )) ;;
	*)
		echo "make-report.sh: $TABLE: $set_: no command '$sub'" >&2
		return 1 ;;
	esac
}

JAX_MS=0
while IFS='	' read -r set_ w v args purpose <&3; do
	case $set_ in '' | '#'* | set) continue ;; esac
	row "$set_" "$w" "$v" "$args" "$purpose"
done 3< "$STAGE/experiments.tsv"
beside_wait

# The timelines at the figure's resolution (reports/thin-timelines.py):
# every 1 ms sample of every run is 8.7 MB a report; what the figure
# draws, 0.3 MB.
step "" "timelines thinned to the figure's resolution"
/usr/bin/python3 reports/thin-timelines.py "$STAGE/timelines"

step "" "sweeps done; putting $STAGE in the place of $DATA"
SWEEPS_MS=$(( $(ms) - START ))
{
	printf 'total\tc-sweeps\t%s\n' "$(secs $(( SWEEPS_MS - JAX_MS )))"
	printf 'total\tjax\t%s\n' "$(secs "$JAX_MS")"
	printf 'total\tjax-untimed-beside-cachesim\t%s\n' "${BESIDE_S:-0}"
	printf 'total\tsweeps\t%s\n' "$(secs "$SWEEPS_MS")"
} >> "$TIMES"
rm -rf "$OLD"
[ ! -e "$DATA" ] || mv "$DATA" "$OLD"
mv "$STAGE" "$DATA"
rm -rf "$OLD"
PHASE=report

step "" "writing the report"
REPORT_START=$(ms)
"$R" "$DATA" "$OUT"
PHASE=done
step "" "done: $OUT/REPORT.md"
echo "== make-report.sh $MODE: C sweeps $(secs $(( SWEEPS_MS - JAX_MS )))s, JAX part $(secs "$JAX_MS")s (its untimed part, ${BESIDE_S:-0}s, beside the cache simulation), report $(secs $(( $(ms) - REPORT_START )))s; $(secs $(( $(ms) - START )))s in all" >&2
