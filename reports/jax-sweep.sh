#!/bin/sh
# jax-sweep.sh MODE DATA [PART]: the JAX programs of variants/jax measured
# by `harness exec` beside the C variants at the same sizes, into DATA for
# the report's section "The same programs in JAX" (reports/rp_jax.c).
#
#   MODE full|quick (the sizes), DATA the report's data folder, PART all
#   (the default), untimed (the jaxpr verdicts, the compilations per
#   protocol, explain's charts, the question's memory against N and the
#   runs kept for their memory: their figures are jaxprs, counts and
#   bytes, no times, so make-report.sh runs this part beside the cache
#   simulation) or timed (the rest).
#
# Each step's seconds go into DATA/make-report-times.tsv ("jax/..." and
# "jax-untimed/..." step lines). On a quiet 2-core machine (2026-12-01) the
# timed part took 371 s, of which the question at N=1e6 80 s and the
# question's 5 warm calls at N=1e5 20 s; the question's memory runs are now
# in the untimed part, and the slow runs no verdict needs make 3 warm calls
# (FCALLS).
#
# Writes, in DATA:
#   jax-interp.jsonl        interp's programs at NI x MI (random inputs; the
#                           question's and question_jit also with the seed
#                           preset, "PROGRAM@seed"), one core each: the
#                           process pinned with taskset -c 0 and run.py
#                           --threads 1; the jitted ones again with XLA's
#                           default threading, "PROGRAM@all"; question_jit
#                           and question_floor again without XLA's
#                           YNNPACK fusions, "PROGRAM-noynn" (and colony's
#                           step in jax-colony.jsonl)
#   jax-interp-scale.jsonl  the un-jitted question at other N (first call
#                           only, in the untimed part): NSMALL and NI for the
#                           fitted slope, and the largest of 1e6, 5e5, 3e5
#                           that runs to the end under the memory guard (the
#                           next one when the guard stops it)
#   jax-colony.jsonl        colony's programs at NC, KC steps, the same way
#   jax-colony-large.jsonl  at the larger NCL: the cell list (cells, KC
#                           steps) and the question's jitted step (step, one
#                           step: its digest's K steps would cost more than
#                           its timed calls), where cells' O(N) against the
#                           all-pairs O(N^2) shows
#   jax-base.jsonl         JAX's baseline: run.py's question at N=1000, M=8
#                           (the process, JAX imported, nothing large)
#   jax-c-interp.jsonl, jax-c-colony.jsonl, jax-c-large-colony.jsonl
#                           the C variants at the same sizes, one thread,
#                           pinned to the same core, CREPEAT timed repeats
#   jax-c-interp-eager.jsonl, jax-c-colony-eager.jsonl
#                           the C eager variants at the same sizes (interp:
#                           one repeat; colony: one step, the cold run
#                           only), for their models and the same-schedule
#                           comparison
#   jax-c-interp-threads.jsonl, jax-c-colony-threads.jsonl
#                           the C variants of the "@all" programs (and the
#                           best) with --threads on the CPUs XLA uses, for
#                           the comparison at equal thread counts
#   jax-jaxpr-interp.json, jax-jaxpr-colony.json
#                           run.py --jaxpr: are the question's program and the
#                           answer's rewrite the same program?
#   jax-plan.json           the sizes, the memory guard and the choice of the
#                           large N with its prediction
#   jax-keep.jsonl          the programs that take temporaries (KEEP),
#                           again under `harness exec --allocator
#                           jemalloc-keep` ("PROGRAM@jemalloc-keep"; the
#                           colony step also "step@glibc-keep"): every
#                           run.py record has "faults" (per warm call,
#                           beside XLA's temporary pages, priced at the
#                           ceilings' minor_fault_s when DATA has it)
#   jax-keep.json           each of those beside its default run: faults
#                           per call, temporary pages, warm call (wall and
#                           CPU), peak RSS, the CPU time saved per fault
#                           avoided, and fb_verdict's verdict on the warm
#                           calls' CPU times (variants/jax/keep_table.py)
#   jax-protocol.json       variants/jax/protocol.py: the question's %timeit
#                           timings over N, the fori_loop swing, stop_gradient
#                           with and without, the profiler's trace and cost
#   jax-verdicts.json       variants/jax/verdicts.py: the advice's pairs of
#                           JAX programs decided by fb_verdict from their
#                           warm calls, and beyond the process noise
#   jax-compiles.json       protocol.py --parts compiles: compilations per
#                           call in each protocol that can recompile (made
#                           in the untimed part: its figures are counts)
#   explain-interp-question.json|png|svg, explain-colony-step.json|png|svg
#                           explain.py --measure of the un-jitted question and
#                           colony step, with its liveness chart
# or, when build/venv cannot run JAX, jax-skipped.txt (one line: why); either
# way it exits 0 so that the rest of the report is made. Runs that fail are
# kept with their status; the report says so.
#
# Every exec run is one process (--repeat 0: the cold run only): run.py
# itself times the first call apart from CALLS (5; FCALLS, 3, where no
# verdict needs 5) warm calls, so the
# process's own repeats would only double the time; the report prints their
# median and range. The calls timed unwaited and back to back (DCALLS) are
# made only where the report reads them (colony's one-core programs at NC,
# Table J3). Runs whose warm figure no part of the report reads (kept for
# their memory: rewrite, batched, rewrite_jit and the @seed rows) make the
# first call only, in the untimed part (memory_runs): Table J1 prints no
# time of them. The "jax-" sets are not variants of the C tables: rp_data
# leaves them out of its variant lists.
#
# Environment: FB_JAX_BIG=0 skips the question's runs at the large N of
# BIGS (16 GB at N=1e6; for trying the sweep on a shared machine),
# FB_JAX_BIG_TUNABLES (default glibc.malloc.hugetlb=1; empty for none) the
# glibc tunables of those runs alone (see scale_big),
# FB_HARNESS (the harness), FB_JAX_PYTHON (default build/venv/bin/python), FB_JAX_MEM_LIMIT (bytes; default 75% of the
# memory available when the sweep starts: on a 24 GiB machine that lets the
# question's program run at N=1e6, where it was measured at 15.9 GB of RSS,
# and leaves about 6 GB to the rest of the system).
set -u

MODE=${1:-full}
DATA=${2:?usage: jax-sweep.sh full|quick DATA_DIR [all|timed|untimed]}
PART=${3:-all}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
H=${FB_HARNESS:-$ROOT/build/jemalloc/harness}
PY=${FB_JAX_PYTHON:-$ROOT/build/venv/bin/python}
RUN=variants/jax/run.py
mkdir -p "$DATA"
# The untimed part's files (see untimed() below); the timed part keeps them.
UNTIMED_FILES="jax-jaxpr-interp.json jax-jaxpr-colony.json jax-compiles.json jax-interp-scale.jsonl jax-interp-big.jsonl jax-interp-memory.jsonl .jax-scale .jax-big"
case "$PART" in
all)     rm -f "$DATA"/jax-* "$DATA"/explain-* "$DATA"/.jax-scale "$DATA"/.jax-big ;;
timed)   for f in "$DATA"/jax-*; do
		case " $UNTIMED_FILES " in *" ${f##*/} "*) ;; *) rm -f "$f" ;; esac
	done ;;
untimed) for f in $UNTIMED_FILES; do rm -f "$DATA/$f"; done
	rm -f "$DATA"/explain-* ;;
*)       echo "usage: jax-sweep.sh full|quick DATA_DIR [all|timed|untimed]" >&2; exit 2 ;;
esac

# ms: milliseconds since the epoch.
ms() { echo $(( $(date +%s%N) / 1000000 )); }
START=$(ms)
SUFFIX=
[ "$PART" = all ] || SUFFIX=", $PART part"
step() {
	t=$(( $(ms) - START ))
	echo "== jax-sweep.sh [$(( t / 1000 ))s$SUFFIX] $*" >&2
}
# Each step's own seconds go into the data folder's make-report-times.tsv
# as "step<TAB>jax/NAME" lines (the untimed part's "jax-untimed/NAME"),
# beside make-report.sh's, so that the JAX part is not one row there. Run
# alone, the script starts the file, or replaces its own lines of this part.
TIMES=$DATA/make-report-times.tsv
TPREFIX=jax
case $PART in
all)     OURS='jax\(-untimed\)\{0,1\}/' ;;
untimed) OURS='jax-untimed/'; TPREFIX=jax-untimed ;;
*)       OURS='jax/' ;;
esac
if [ ! -e "$TIMES" ]; then
	printf '# jax-sweep.sh %s: wall-clock seconds of each step\nkind\tname\tseconds\n' \
		"$MODE" > "$TIMES"
elif grep -q "^step	$OURS" "$TIMES"; then
	sed -i "\\|^step	$OURS|d" "$TIMES"
fi
# took NAME T0: NAME took the time since T0 (ms); one line of TIMES.
took() {
	t=$(( $(ms) - $2 ))
	printf 'step\t%s/%s\t%d.%d\n' "$TPREFIX" "$1" $(( t / 1000 )) $(( t % 1000 / 100 )) >> "$TIMES"
}

if [ ! -x "$PY" ]; then
	echo "no JAX virtual environment: $PY is missing (make jax could not make it; see build/venv.log)" \
		> "$DATA/jax-skipped.txt"
	step "skipped: $(cat "$DATA/jax-skipped.txt")"
	exit 0
fi
if ! "$PY" -c 'import jax' >/dev/null 2>&1; then
	echo "no JAX: $PY cannot import jax (make jax; see build/venv.log)" > "$DATA/jax-skipped.txt"
	step "skipped: $(cat "$DATA/jax-skipped.txt")"
	exit 0
fi

# NI: interp's N for the timed programs, their memory runs and explain.
# 1e5 until 2026-12-07; at 5e4 the programs' faults and work a call are
# halved and their lessons stay (the jitted question's temporaries, 420 MB,
# are still far past glibc's 32 MiB mmap cap), while the timed part's
# interp runs, about 105 s of the report's 10 minutes at 1e5 (Zen 4 VM,
# 2026-12-07: the question 18.4 s, question_jit 14.6 s, batched_jit 14.7
# s, lax_map 11.8 s), take about half. The question's own N, 10^6, is the
# large run of BIGS.
case "$MODE" in
full)
	NI=5e4; MI=300; NSMALL=1e4; BIGS="1000000 500000 300000"
	NC=1024; KC=10; NCL=4096; CREPEAT=5
	IPROGS="question question_jit question_floor batched_jit lax_map hoisted hoisted_map hoisted_cache sorted gram scan"
	INOYNN="question_jit question_floor"
	CNOYNN="step"
	IMEM="rewrite batched rewrite_jit"
	IALL="question_jit lax_map"
	ISEED="question question_jit"
	CPROGS="pair step step_eager per_particle loop fori chunked cells"
	CLARGE="step"
	CALL="step"
	IKEEP="question_jit hoisted"
	CKEEP="step loop fori"
	GKEEP="step"
	PROTO="--ns 64,1024 --n 512 --steps 10" ;;
quick)
	NI=5e3; MI=50; NSMALL=2e3; BIGS=
	NC=256; KC=2; NCL=1024; CREPEAT=1
	IPROGS="question question_jit question_floor batched_jit lax_map hoisted_map sorted gram"
	INOYNN="question_floor"
	CNOYNN=
	IMEM="rewrite"
	IALL="question_jit"
	ISEED=
	CPROGS="pair step step_eager loop fori cells"
	CLARGE=
	CALL=
	# At these sizes no temporary passes glibc's 32 MiB cap, so nothing
	# faults: one kept run and a short protocol, to make the files.
	IKEEP=
	CKEEP="step"
	GKEEP=
	PROTO="--ns 32,64 --n 128 --steps 2 --sg-n 1000" ;;
*)	echo "usage: jax-sweep.sh full|quick DATA_DIR [all|timed|untimed]" >&2; exit 2 ;;
esac
# Warm calls a run makes. CALLS where fb_verdict compares the run's calls
# with another run's (verdicts.py's pairs, keep_table.py's kept against
# default): its U test's smallest two-sided p is 2/252 with 5 calls a side.
# FCALLS for the slow runs that no verdict needs at 5: the un-jitted
# question (3.9 s a call at N=1e5; its one pair, against question_jit's 5
# calls, still decides when the sets do not overlap: smallest p 2/56 =
# 0.036), scan (a median and a range against question_jit's), the "@all"
# runs and the step at NCL (medians beside C's). What that trades: their
# range holds the true median with probability 75%, not 94%.
CALLS=5; FCALLS=3; DCALLS=3
NOYNN=--xla_cpu_experimental_ynn_fusion_type=
FEW="question scan"
# calls_of PROGRAM: the warm calls of PROGRAM's one-core run at NI or NC.
calls_of() {
	case " $FEW " in *" $1 "*) echo $FCALLS ;; *) echo $CALLS ;; esac
}

AVAIL=$(awk '/^MemAvailable:/ { print $2 * 1024 }' /proc/meminfo)
LIMIT=${FB_JAX_MEM_LIMIT:-$(awk -v a="$AVAIL" 'BEGIN { printf "%.0f", a * 0.75 }')}
TMP=$(mktemp "${TMPDIR:-/tmp}/jax-sweep.XXXXXX")
JTMP=$TMP
trap 'rm -f "$TMP" "$TMP.small" "$TMP.big" "$TMP.seed"' EXIT
NCPU=$(nproc 2>/dev/null || echo 1)

# compact FILE SET: the result object in FILE as one line of DATA/SET.jsonl.
compact() {
	"$PY" -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",", ":")))' \
		"$1" >> "$DATA/$2.jsonl" ||
		echo "jax-sweep.sh: $2: the result of the last run could not be read" >&2
}

# The price of a minor fault that run.py's "faults" uses: the ceilings'
# (reports/data's ceilings.json, made before this script), else run.py
# measures its own.
FPRICE=$("$PY" -c 'import json, sys
try:
    v = json.load(open(sys.argv[1])).get("minor_fault_s")
    print(f"--fault-price {v:.6g}" if v and v > 0 else "")
except (OSError, ValueError):
    pass' "$DATA/ceilings.json" 2>/dev/null)

# jexec SET LABEL THREADS CALLS DCALLS WORKLOAD PROGRAM [PARAMS...]: one
# exec run of run.py (CALLS warm calls, DCALLS unwaited and back to back),
# pinned to CPU $PIN (0; none when empty) for THREADS=1, validated against
# the reference;
# under `harness exec --allocator $ALLOC` when ALLOC is set. Its seconds
# go to TIMES as SET/LABEL PARAMS.
ALLOC=
PIN=0
jexec() {
	set_=$1 label=$2 threads=$3 calls=$4 dcalls=$5 w=$6 p=$7
	shift 7
	t0=$(ms)
	pin=
	[ "$threads" = 1 ] && [ -n "$PIN" ] && pin="taskset -c $PIN"
	step "$set_: $label $*"
	rm -f "$JTMP"
	if $pin "$H" exec --workload "$w" "$@" --name "$label" --repeat 0 --warmup 0 \
		${ALLOC:+--allocator "$ALLOC"} --mem-limit "$LIMIT" --json "$JTMP" -- \
		"$PY" "$RUN" "$w" "$p" "$@" --threads "$threads" --calls "$calls" \
		--dispatch-calls "$dcalls" $FPRICE >/dev/null; then
		compact "$JTMP" "$set_"
	else
		echo "jax-sweep.sh: harness exec failed on $w $label" >&2
	fi
	took "$set_/$label $*" "$t0"
}

# The question's memory against N (the untimed part): the un-jitted
# question, first call only, at NSMALL and NI (scale_small) for a straight
# line of peak RSS against N, and the largest N of BIGS that runs to the
# end under the memory guard (scale_big: the guard stops a run whose RSS
# passes it, and the next N is tried). The report reads these runs' peak
# RSS and N, no time of them (rp_jax_programs.c): so they run in the
# untimed part, on no CPU in particular: the large one first, with no
# other JAX run beside it (see untimed() below), the small ones after it.
#
# Runs that fault fresh memory at once slow each other on this VM: with
# every run of the untimed part started together, the N=1e6 run took 101
# to 111 s (31 s alone) and rewrite's first call up to 32 s (5.6 s
# alone). scale_big writes DATA/.jax-big (its N, or empty);
# scale_fit then merges the runs (small N first) into
# jax-interp-scale.jsonl and writes DATA/.jax-scale, with the line and
# what it predicts at the large N, for the plan the timed part writes.
scale_small() {
	PIN=
	JTMP=$TMP.small
	for n in $NSMALL $NI; do
		jexec jax-interp-scale question 1 0 0 interp question --n $n --m $MI
	done
}
# The large N's runs ask glibc's malloc for transparent huge pages
# (BIG_TUNABLES; the kernel's THP mode madvise or always): the report
# reads their peak RSS alone, which huge pages leave as it is, and their
# faults, 4 KiB each otherwise, were what made the N=1e6 run long. Both
# ways on the Intel Xeon VM (2026-12-06, `harness exec` of run.py's
# question at N=1e6, M=300, alone): peak RSS 15.884 GB and 15.885 GB,
# 57,047 faults against 13.29 million, 56.5 s against 74.7 s.
BIG_TUNABLES=${FB_JAX_BIG_TUNABLES-glibc.malloc.hugetlb=1}
scale_big() {
	PIN=
	JTMP=$TMP.big
	BIG=
	[ -n "$BIG_TUNABLES" ] &&
		export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}$BIG_TUNABLES"
	[ "${FB_JAX_BIG:-1}" = 0 ] && BIGS=
	for n in $BIGS; do
		jexec jax-interp-big question 1 0 0 interp question --n "$n" --m $MI
		if "$PY" -c 'import json, sys
sys.exit(json.loads(open(sys.argv[1]).readlines()[-1])["status"] != "ok")' \
			"$DATA/jax-interp-big.jsonl" 2>/dev/null; then
			BIG=$n
			break
		fi
	done
	if [ -z "$BIG" ] && [ -n "$BIGS" ]; then
		step "no large N of $BIGS ran under the guard ($LIMIT bytes)"
	fi
	echo "$BIG" > "$DATA/.jax-big"
}
scale_fit() {
	if [ -e "$DATA/jax-interp-big.jsonl" ]; then
		cat "$DATA/jax-interp-big.jsonl" >> "$DATA/jax-interp-scale.jsonl"
		rm -f "$DATA/jax-interp-big.jsonl"
	fi
	BIG=$(cat "$DATA/.jax-big" 2>/dev/null)
	rm -f "$DATA/.jax-big"
	FIT=$("$PY" - "$DATA/jax-interp-scale.jsonl" $NSMALL $NI <<'PYEOF'
import json, sys
small = {float(a) for a in sys.argv[2:]}
runs = []
try:
    for line in open(sys.argv[1]):
        r = json.loads(line)
        if (r.get("variant") == "question" and r.get("status") == "ok"
                and r["params"]["n"] in small):
            runs.append((r["params"]["n"], r["memory"]["peak_rss_bytes"]))
except OSError:
    pass
runs = sorted(set(runs))
if len(runs) >= 2:
    (n0, p0), (n1, p1) = runs[0], runs[-1]
    slope = (p1 - p0) / (n1 - n0)
    print(f"{slope:.6g} {p0 - slope * n0:.6g}")
PYEOF
)
	printf 'S_TRIED="%s"\nS_BIG="%s"\nS_FIT="%s"\nS_AVAIL="%s"\nS_LIMIT="%s"\n' \
		"$(echo $BIGS | tr ' ' ,)" "$BIG" "$FIT" "$AVAIL" "$LIMIT" > "$DATA/.jax-scale"
}
# scale: the three, one after another (a timed part run alone).
scale() {
	(scale_small)
	(scale_big)
	scale_fit
}

# The runs kept for their memory (IMEM, and ISEED with the seed preset):
# first call only, and the report prints their peak RSS and XLA's
# temporaries, no time of them. Into SET: jax-interp-memory in the untimed
# part (unpinned, beside the rest of it; the timed part then moves them
# into jax-interp, after IPROGS, where they were before), or jax-interp in
# a timed part run alone (pinned, as the other runs there).
# memory_runs SET [imem|seed]: both halves, or the one named (the
# untimed part runs them in two of its lanes).
memory_runs() {
	if [ "${2:-imem}" = imem ]; then
		for p in $IMEM; do
			jexec "$1" "$p" 1 0 0 interp "$p" --n $NI --m $MI
		done
	fi
	if [ "${2:-seed}" = seed ]; then
		for p in $ISEED; do
			jexec "$1" "$p@seed" 1 0 0 interp "$p" --n $NI --m $MI --preset seed
		done
	fi
}

# explain NAME PROGRAM [ARGS...]: explain.py --measure of PROGRAM, its
# JSON and chart as DATA/explain-NAME.*.
explain() {
	name=$1
	shift
	t1=$(ms)
	step "explain $name"
	"$PY" variants/jax/explain.py --program "$@" --measure \
		--json "$DATA/explain-$name.json" --chart "$DATA/explain-$name.png" \
		--chart "$DATA/explain-$name.svg" >/dev/null ||
		echo "jax-sweep.sh: explain $name failed" >&2
	took "explain $name" "$t1"
}

# The untimed part: the question's memory against N (scale, above), the
# jaxpr verdicts, the compilations per protocol, and explain
# (variants/jax/explain.py): where the un-jitted question's and colony
# step's memory goes, by source line, predicted beside measured, with its
# chart, for the report's rp_explain.c. None of them measures a time the
# report prints, so they run side by side.
untimed() {
	TPREFIX=jax-untimed
	tu=$(ms)
	opin=$PIN
	PIN=
	# The large N first, the cache simulation (make-report.sh) its only
	# company, then the rest in three lanes. Started all together, as
	# before, the N=1e6 run took 101 to 111 s against 31 s alone: the
	# other runs fault fresh memory too, and on this VM faults slow each
	# other. The part beside the cache simulation took 111.7 s that way
	# and 99.0 s this way (N=1e6 run 56.0 s, the three lanes 42 s after
	# it; Zen 4 VM, 2026-12-07: `jax-sweep.sh full DIR untimed` with
	# the cache simulation's rows of reports/experiments.tsv beside it,
	# nothing else running).
	(scale_big)
	(
		t1=$(ms)
		step "jaxpr verdicts"
		"$PY" "$RUN" --jaxpr interp --n 1000 --m 8 --g 64 > "$DATA/jax-jaxpr-interp.json" ||
			rm -f "$DATA/jax-jaxpr-interp.json"
		"$PY" "$RUN" --jaxpr colony --n 64 --steps 1 > "$DATA/jax-jaxpr-colony.json" ||
			rm -f "$DATA/jax-jaxpr-colony.json"
		took "jaxpr verdicts" "$t1"
		scale_small
		# Its own result file: the memory runs of the last lane use $TMP.
		JTMP=$TMP.seed
		memory_runs jax-interp-memory seed
	) &
	jaxpr=$!
	(
		t1=$(ms)
		step "compilations per protocol"
		"$PY" variants/jax/protocol.py --parts compiles \
			--json "$DATA/jax-compiles.json" ||
			echo "jax-sweep.sh: protocol.py --parts compiles failed" >&2
		took "compilations per protocol" "$t1"
		explain interp-question question --n $NI --m $MI
	) &
	compiles=$!
	explain colony-step step_eager --n $NC
	memory_runs jax-interp-memory imem
	wait "$jaxpr"
	wait "$compiles"
	scale_fit
	PIN=$opin
	took "untimed part, in all" "$tu"
	TPREFIX=jax
}
if [ "$PART" = untimed ]; then
	untimed
	step "done (untimed part): $(ls -A "$DATA" | grep -c '^jax-jaxpr-\|^jax-compiles\|^jax-interp-scale\|^explain-') files"
	exit 0
fi
[ "$PART" = all ] && untimed

t0=$(ms)
step "the C variants at the JAX sizes, on CPU 0, one thread"
taskset -c 0 "$H" sweep --workload interp \
	--variants materialized,fused,chunked,tiled,hoisted,sorted,gram --n $NI --m $MI \
	--threads 1 --repeat $CREPEAT --warmup 0 --out "$DATA/jax-c-interp" >/dev/null ||
	echo "jax-sweep.sh: the C interp sweep failed" >&2
taskset -c 0 "$H" sweep --workload interp --variants eager --n $NI --m $MI \
	--threads 1 --repeat 1 --warmup 0 --out "$DATA/jax-c-interp-eager" >/dev/null ||
	echo "jax-sweep.sh: the C interp eager run failed" >&2
taskset -c 0 "$H" sweep --workload colony \
	--variants naive,naive-reuse,fused,chunked,tiled,cells --n $NC --steps $KC \
	--threads 1 --repeat $CREPEAT --warmup 0 --out "$DATA/jax-c-colony" >/dev/null ||
	echo "jax-sweep.sh: the C colony sweep failed" >&2
taskset -c 0 "$H" sweep --workload colony --variants fused,tiled,cells --n $NCL \
	--steps $KC --threads 1 --repeat $CREPEAT --warmup 0 \
	--out "$DATA/jax-c-large-colony" >/dev/null ||
	echo "jax-sweep.sh: the C colony sweep at N=$NCL failed" >&2
# eager (op by op) for its model: one step, the cold run only.
taskset -c 0 "$H" sweep --workload colony --variants eager --n $NC --steps 1 --threads 1 \
	--repeat 0 --warmup 0 --out "$DATA/jax-c-colony-eager" >/dev/null ||
	echo "jax-sweep.sh: the C colony eager run failed" >&2
took "the C variants at the JAX sizes, one thread" "$t0"

# The C variants of the "@all" programs and the best ones, on as many
# threads as XLA's default uses CPUs (all allowed, at most 4), pinned to
# those CPUs, for the comparison at equal thread counts (rp_threads.c).
NT=$NCPU
[ "$NT" -gt 4 ] && NT=4
if [ "$NT" -gt 1 ]; then
	t0=$(ms)
	step "the C variants at the JAX sizes on CPUs 0-$((NT - 1)), --threads $NT"
	taskset -c "0-$((NT - 1))" "$H" sweep --workload interp --variants fused,chunked,sorted \
		--n $NI --m $MI --threads $NT --repeat 1 --warmup 0 \
		--out "$DATA/jax-c-interp-threads" >/dev/null ||
		echo "jax-sweep.sh: the C interp threads sweep failed" >&2
	taskset -c "0-$((NT - 1))" "$H" sweep --workload colony --variants fused,tiled \
		--n $NC --steps $KC --threads $NT --repeat 1 --warmup 0 \
		--out "$DATA/jax-c-colony-threads" >/dev/null ||
		echo "jax-sweep.sh: the C colony threads sweep failed" >&2
	took "the C variants at the JAX sizes, --threads $NT" "$t0"
fi

# JAX's own baseline: the process with JAX imported and a tiny program run.
jexec jax-base baseline 1 0 0 interp question --n 1000 --m 8
for p in $IPROGS; do
	jexec jax-interp "$p" 1 "$(calls_of "$p")" 0 interp "$p" --n $NI --m $MI
done
# The same programs compiled without XLA's YNNPACK fusions (an empty
# --xla_cpu_experimental_ynn_fusion_type): on jaxlib 0.10.2 they split the
# question's arithmetic into more loops, with more temporaries, than
# XLA's own fusions (docs/jax.md). "PROGRAM-noynn", one core.
for p in $INOYNN; do
	(export XLA_FLAGS="${XLA_FLAGS:+$XLA_FLAGS }$NOYNN"
	jexec jax-interp "$p-noynn" 1 "$(calls_of "$p")" 0 interp "$p" --n $NI --m $MI)
done
# The runs kept for their memory: made by the untimed part, or now.
MEMORY_BESIDE=
if [ -e "$DATA/jax-interp-memory.jsonl" ]; then
	cat "$DATA/jax-interp-memory.jsonl" >> "$DATA/jax-interp.jsonl"
	rm -f "$DATA/jax-interp-memory.jsonl"
	MEMORY_BESIDE="$IMEM $(for p in $ISEED; do printf '%s@seed ' "$p"; done)"
else
	memory_runs jax-interp
fi
for p in $IALL; do
	jexec jax-interp "$p@all" all $FCALLS 0 interp "$p" --n $NI --m $MI
done
for p in $CPROGS; do
	jexec jax-colony "$p" 1 "$(calls_of "$p")" $DCALLS colony "$p" --n $NC --steps $KC
done
for p in $CNOYNN; do
	(export XLA_FLAGS="${XLA_FLAGS:+$XLA_FLAGS }$NOYNN"
	jexec jax-colony "$p-noynn" 1 "$(calls_of "$p")" $DCALLS colony "$p" --n $NC --steps $KC)
done
for p in $CALL; do
	jexec jax-colony "$p@all" all $FCALLS 0 colony "$p" --n $NC --steps $KC
done
jexec jax-colony-large cells 1 $CALLS 0 colony cells --n $NCL --steps $KC
for p in $CLARGE; do
	jexec jax-colony-large "$p" 1 $FCALLS 0 colony "$p" --n $NCL --steps 1
done

# The allocator that keeps freed pages: the programs that take temporaries
# again, their faults per call gone (jemalloc with decay off; the colony
# step also with glibc's tunables, which suffice on one thread), then
# each beside its default run. KEEP is the programs whose faults are a
# large share of the call: those whose temporaries exceed glibc's 32 MiB
# mmap cap (below it glibc's sliding threshold already reuses them: chunked,
# 14.7 MB, faulted none after its first warm call) and whose work does not
# dwarf them (lax_map's 17,589 faults a call were 1.9% of it; measured on
# the full sizes while this list was chosen).
ALLOC=jemalloc-keep
for p in $IKEEP; do
	jexec jax-keep "$p@jemalloc-keep" 1 $CALLS 0 interp "$p" --n $NI --m $MI
done
for p in $CKEEP; do
	jexec jax-keep "$p@jemalloc-keep" 1 $CALLS 0 colony "$p" --n $NC --steps $KC
done
ALLOC=glibc-keep
for p in $GKEEP; do
	jexec jax-keep "$p@glibc-keep" 1 $CALLS 0 colony "$p" --n $NC --steps $KC
done
ALLOC=
t0=$(ms)
step "jax-keep.json: each program beside its default run"
"$PY" variants/jax/keep_table.py "$DATA" > "$DATA/jax-keep.json" ||
	{ rm -f "$DATA/jax-keep.json"; echo "jax-sweep.sh: keep_table.py failed" >&2; }
took "keep_table.py" "$t0"

# The question's own timings, the fori_loop swing, stop_gradient and the
# profiler (variants/jax/protocol.py), one core.
t0=$(ms)
step "the question's protocol (protocol.py $PROTO)"
taskset -c 0 "$PY" variants/jax/protocol.py --parts timings,swing,stop_gradient,profiler \
	$PROTO --json "$DATA/jax-protocol.json" ||
	{ rm -f "$DATA/jax-protocol.json"; echo "jax-sweep.sh: protocol.py failed" >&2; }
took "protocol.py $PROTO" "$t0"

# The question's memory against N: made by the untimed part (scale,
# above), or now when it did not run (a timed part run alone).
if [ ! -e "$DATA/.jax-scale" ]; then
	rm -f "$DATA/jax-interp-scale.jsonl"
	TPREFIX=jax-untimed
	scale
	TPREFIX=jax
fi
S_TRIED= S_BIG= S_FIT= S_AVAIL=$AVAIL S_LIMIT=$LIMIT
. "$DATA/.jax-scale"
FROM=
[ "$PART" = timed ] && [ -n "$S_BIG" ] &&
	FROM=', "large_n_from": "the untimed part, beside the cache simulation"'

t0=$(ms)
step "jax-verdicts.json: the advice's pairs decided from their samples"
"$PY" variants/jax/verdicts.py "$DATA" > "$DATA/jax-verdicts.json" ||
	{ rm -f "$DATA/jax-verdicts.json"; echo "jax-sweep.sh: verdicts.py failed" >&2; }
took "verdicts.py" "$t0"

cat > "$DATA/jax-plan.json" <<PLAN
{"mode": "$MODE", "interp": {"n": $NI, "m": $MI, "calls": $CALLS},
 "colony": {"n": $NC, "steps": $KC, "calls": $CALLS, "dispatch_calls": $DCALLS,
            "large_n": $NCL},
 "few_calls": {"calls": $FCALLS, "programs": "$FEW", "also": "the @all runs, the step at N=$NCL"},
 "c_repeat": $CREPEAT,
 "keep": {"interp": "$IKEEP", "colony": "$CKEEP", "glibc": "$GKEEP"},
 "protocol": "$PROTO", "fault_price": "$FPRICE",
 "mem_available_bytes": $S_AVAIL, "mem_limit_bytes": $S_LIMIT,
 "large_n_tried": [$S_TRIED], "large_n": ${S_BIG:-null}$FROM,
 "large_n_tunables": "$BIG_TUNABLES",
 "fit": "$S_FIT",
 "memory_beside": "$(echo $MEMORY_BESIDE)",
 "seconds": $(( ($(ms) - START + 500) / 1000 ))}
PLAN
rm -f "$DATA/.jax-scale"
step "done: $(ls "$DATA" | grep -c '^jax-') files"
exit 0
