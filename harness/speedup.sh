#!/bin/sh
# speedup.sh: two threads against one (docs/threads.md, "Speed-ups and load"),
# from interleaved runs.
#
#   sh harness/speedup.sh OUT_DIR [ROUNDS]
#
# Each of ROUNDS rounds (default 5) runs, for each case, one sweep with
# --threads 1,2 (one thread and two taking turns run by run, so that other
# load on the machine falls on both alike), 3 timed runs each. Prints per case and
# thread count the median wall time over all timed runs, the median CPU
# time per thread (task-clock of a timed run over T; it includes libgomp's
# spinning at the end of a region), the ratio of the medians, and the
# fastest run of each (the figure least disturbed by other load).
# Cases: interp sorted at N = 10^6 and colony cells at N = 65,536, the
# workloads' other parameters at their defaults.
set -eu
out=${1:?usage: sh harness/speedup.sh OUT_DIR [ROUNDS]}
rounds=${2:-5}
h=${HARNESS:-build/jemalloc/harness}
mkdir -p "$out"
i=1
while [ "$i" -le "$rounds" ]; do
	"$h" sweep --workload interp --variants sorted --n 1e6 --threads 1,2 \
		--repeat 3 --events perf::task-clock --out "$out/interp-$i" \
		>/dev/null 2>>"$out/sweep.log"
	"$h" sweep --workload colony --variants cells --n 65536 --threads 1,2 \
		--repeat 3 --events perf::task-clock --out "$out/colony-$i" \
		>/dev/null 2>>"$out/sweep.log"
	i=$((i + 1))
done
python3 - "$out" <<'PY'
import glob, json, statistics, sys
out = sys.argv[1]
for case in ("interp", "colony"):
    wall, cpu = {1: [], 2: []}, {1: [], 2: []}
    for path in sorted(glob.glob(f"{out}/{case}-*.jsonl")):
        for line in open(path):
            r = json.loads(line)
            t = r["params"].get("threads", 1)
            if r["status"] != "ok":
                sys.exit(f"{case} threads {t}: {r.get('reason')}")
            wall[t] += r["time_s"]["samples"]
            tc = r["counters"]["perf::task-clock"]
            if tc.get("value") is not None:
                cpu[t].append(tc["value"] * 1e-9 / t)
    name = f"{r['workload']} {r['variant']} n={r['params']['n']}"
    w = {t: statistics.median(wall[t]) for t in (1, 2)}
    c = {t: statistics.median(cpu[t]) if cpu[t] else float("nan")
         for t in (1, 2)}
    lo = {t: min(wall[t]) for t in (1, 2)}
    print(f"{name}: 1 thread {w[1]*1e3:.1f} ms (cpu {c[1]*1e3:.1f} ms), "
          f"2 threads {w[2]*1e3:.1f} ms (cpu per thread {c[2]*1e3:.1f} ms); "
          f"speedup {w[1]/w[2]:.2f}x wall, {c[1]/c[2]:.2f}x cpu per thread; "
          f"fastest runs {lo[1]*1e3:.1f} and {lo[2]*1e3:.1f} ms "
          f"({lo[1]/lo[2]:.2f}x); "
          f"{len(wall[1])} and {len(wall[2])} timed runs")
PY
