#!/usr/bin/env python3
"""protocol.py: the colony question's timings reproduced, and what decides them.

    protocol.py [--parts timings,compiles,swing,stop_gradient,profiler]
                [--ns 64,256,1024] [--n N] [--steps K] [--repeat R]
                [--sg-n N] [--threads 1|all] [--json FILE]

Runs fb_protocol's parts (see there) and writes one JSON object: "timings"
(%timeit's protocol, waited and not, over --ns for the un-jitted pair
function and the jitted step; the queue of unwaited calls), "compiles"
(compilations per call in each protocol that can recompile), "swing"
(one fori_loop run from its unwaited warm call to its first call),
"stop_gradient" (with and without, its verdict by fb_verdict) and
"profiler" (a jax.profiler trace's cost and contents), and "question"
(the question's 2.32 ms, 46.5 ms and 20x set against them).

--threads 1 (the default) pins the process to one CPU before JAX starts, as
run.py does. Exit status: 0, 2 on bad usage (one line).
"""
import argparse
import json
import os
import sys
import time

PARTS = ("timings", "compiles", "swing", "stop_gradient", "profiler")
QUESTION = {"pair_unjitted_s": 2.32e-3, "step_jit_s": 46.5e-3, "ratio": 46.5 / 2.32}


def parse(argv):
    ap = argparse.ArgumentParser(prog="protocol.py", description=__doc__.split("\n")[0])
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--ns", default="64,256,1024")
    ap.add_argument("--n", type=int, default=512, help="N of swing and profiler")
    ap.add_argument("--steps", type=int, default=10, help="K of swing")
    ap.add_argument("--repeat", type=int, default=3, help="%%timeit's loops")
    ap.add_argument("--sg-n", type=int, default=5000, help="N of stop_gradient (M = 300)")
    ap.add_argument("--threads", choices=["1", "all"], default="1")
    ap.add_argument("--json")
    o = ap.parse_args(argv)
    o.parts = [p for p in o.parts.split(",") if p]
    bad = [p for p in o.parts if p not in PARTS]
    if bad:
        ap.error(f"--parts {bad[0]!r}: not one of {', '.join(PARTS)}")
    try:
        o.ns = [int(float(v)) for v in o.ns.split(",")]
    except ValueError:
        ap.error(f"--ns {o.ns!r}: not a list of counts")
    if any(n < 2 for n in o.ns) or o.n < 2 or o.steps < 1 or o.repeat < 1 or o.sg_n < 1:
        ap.error("--ns and --n must be 2 or more, --steps, --repeat and --sg-n 1 or more")
    return o


def crossing(rows, key, target, below_floor=False):
    """The N at which the waited figure key (per call) reaches target:
    interpolated on log N against log time between the measured N around
    it, else extrapolated from the two largest N with their measured
    exponent ("extrapolated": true; from the two smallest only with
    below_floor), or None when time does not grow with N there ("beyond"
    says which side)."""
    import math
    pts = [(r["n"], r[key]["waited"]["median_s"]) for r in rows]
    for (n0, t0), (n1, t1) in zip(pts, pts[1:]):
        if (t0 - target) * (t1 - target) <= 0 and t0 > 0 and t1 > 0 and t0 != t1:
            a = (math.log(target) - math.log(t0)) / (math.log(t1) - math.log(t0))
            return {"n": math.exp(math.log(n0) + a * (math.log(n1) - math.log(n0))),
                    "between": [n0, n1], "extrapolated": False}
    below = all(t < target for _, t in pts)
    if len(pts) < 2:
        return {"n": None, "beyond": "one N measured: no exponent", "extrapolated": False}
    if not below and not below_floor:
        # Under the smallest N's time: a function whose time has a floor
        # (the un-jitted one: its dispatch) does not reach it at a smaller N.
        return {"n": None, "beyond": "below the smallest N",
                "smallest_n_s": pts[0][1], "extrapolated": False}
    (n0, t0), (n1, t1) = (pts[-2], pts[-1]) if below else (pts[0], pts[1])
    slope = math.log(t1 / t0) / math.log(n1 / n0) if len(pts) > 1 else 0.0
    if slope <= 0.1:
        return {"n": None, "exponent": slope,
                "beyond": "above the largest N" if below else "below the smallest N"}
    n = n1 * (target / t1) ** (1 / slope) if below else n0 * (target / t0) ** (1 / slope)
    return {"n": n, "exponent": slope, "from": [n0, n1], "extrapolated": True}


def question(t):
    """Where the question's figures come out in the measured timings."""
    rows = t["rows"]
    out = {"question": QUESTION, "step_jit_46_5ms_at": crossing(rows, "step_jit", 46.5e-3),
           "pair_unjitted_2_32ms_at": crossing(rows, "pair_unjitted", 2.32e-3)}
    per = []
    for r in rows:
        p, s = r["pair_unjitted"], r["step_jit"]
        per.append({
            "n": r["n"],
            # %timeit unwaited on both, as the question timed them.
            "step_over_pair_unwaited": s["unwaited"]["mean_s"] / p["unwaited"]["mean_s"],
            "step_over_pair_waited": s["waited"]["median_s"] / p["waited"]["median_s"],
            # How far an unwaited call's time is from its work, each.
            "pair_unwaited_over_waited": p["unwaited"]["mean_s"] / p["waited"]["median_s"],
            "step_unwaited_over_waited": s["unwaited"]["mean_s"] / s["waited"]["median_s"],
            # The last unwaited loop: the queue of unwaited calls full, each
            # call returns when an earlier one is done (the steady state
            # %timeit reaches over its loops).
            "step_unwaited_last_loop_over_waited":
                s["unwaited"]["per_call_s"][-1] / s["waited"]["median_s"]})
    out["ratios"] = per
    small = min(rows, key=lambda r: r["n"])
    floor = small["pair_unjitted"]["waited"]["median_s"]
    out["pair_floor"] = {"n": small["n"], "s": floor, "eqns": t["pair_unjitted_eqns"],
                         "s_per_eqn": floor / t["pair_unjitted_eqns"],
                         "question_s_per_eqn": QUESTION["pair_unjitted_s"] / t["pair_unjitted_eqns"]}
    return out


def main(argv):
    o = parse(argv)
    if o.threads == "1":
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        flags = os.environ.get("XLA_FLAGS", "")
        os.environ["XLA_FLAGS"] = (flags + " --xla_cpu_multi_thread_eigen=false").strip()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import jax

    import fb_faults
    import fb_protocol as fp
    import fb_verdict

    out = {"jax_version": jax.__version__, "threads": o.threads,
           "cpus": sorted(os.sched_getaffinity(0)), "allocator": fb_faults.allocator(),
           "seconds": {}}
    for part in o.parts:
        t = time.perf_counter()
        if part == "timings":
            out["timings"] = fp.timings(o.ns, o.repeat, depth_n=o.ns[-1])
            out["question"] = question(out["timings"])
        elif part == "compiles":
            out["compiles"] = fp.compiles()
        elif part == "swing":
            out["swing"] = fp.swing(o.n, o.steps)
        elif part == "stop_gradient":
            sg = fp.stop_gradient(o.sg_n)
            for k in ("unjitted", "jit"):
                sg[k]["verdict"] = fb_verdict.verdict(sg[k]["without_s"], sg[k]["with_s"],
                                                      fb_verdict.ADVICE_MARGIN)
            out["stop_gradient"] = sg
        elif part == "profiler":
            out["profiler"] = fp.profiler(o.n)
        out["seconds"][part] = time.perf_counter() - t
    text = json.dumps(out, indent=1)
    if o.json:
        with open(o.json, "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
