#!/usr/bin/env python3
"""verdicts.py DATA: fb_verdict on the JAX programs the advice compares,
from their own warm calls, as one JSON object on stdout.

Each pair (PAIRS: the workload's set, the first and second program, and
the advice it bears on) is decided twice, on the warm calls' CPU times
(one pinned thread: the figure the load moves least) and on their wall
times, by fb_verdict.verdict with the advice's margin
(fb_verdict.ADVICE_MARGIN, C's too: the ratio of medians, second over
first, with its bootstrap interval and a Mann-Whitney U test; "not
decided at this noise" when the samples cannot tell, "same within the
margin" when the interval lies inside it). A program measured over K steps
("loop", "fori") is compared per step. Rows: workload, first, second,
advice, status ("ok", or which run is missing or failed), by_cpu, by_wall,
by_cpu_beyond_process_noise, and by_cpu_kept: for each allocator that
keeps freed pages under which both programs were run again (jax-keep.jsonl,
variants "PROGRAM@ALLOCATOR"), the same decision on those runs' CPU times,
so that what a pair's difference owes to page faults is decided by the
samples too, not read off two medians.

The warm calls of one run are one process's: what differs between two
processes of the same program (the heap's layout, the CPU's state) is not
in them, so two runs of one program can differ beyond their samples' own
spread. "process_noise" measures that: colony step and per_particle are one
program (their compiled programs are the same, jax-jaxpr-colony.json), run
as two processes; the ratio of their CPU medians, as a margin either way,
decides by_cpu_beyond_process_noise (fb_verdict with that margin, or the
advice's where it is the larger).

Exit status: 0, 2 on bad usage (one line).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fb_verdict  # noqa: E402

PAIRS = [
    ("interp", "question_jit", "batched_jit", "process the points in batches (a Python loop)"),
    ("interp", "question_jit", "lax_map", "process the points in batches (lax.map)"),
    ("interp", "question", "question_jit", "jit the whole program"),
    ("interp", "question_jit", "hoisted", "the cell and weights once per point"),
    ("interp", "hoisted", "hoisted_map", "hoisted in batches"),
    ("interp", "question_jit", "question_floor", "the cell as floor(x / dx), not x // dx"),
    ("interp", "question_jit", "question_jit-noynn", "without XLA's YNNPACK fusions"),
    ("interp", "question_floor", "question_floor-noynn", "without XLA's YNNPACK fusions"),
    ("colony", "step", "per_particle", "write the per-pair sum inside the compiled step"),
    ("colony", "step", "step-noynn", "without XLA's YNNPACK fusions"),
    ("colony", "loop", "fori", "K steps in one fori_loop instead of a Python loop"),
    ("colony", "step", "chunked", "the per-particle sums in batches"),
    ("colony", "step", "cells", "a cell list instead of all pairs"),
    ("colony", "step_eager", "step", "jit the step"),
]
PER_STEP = ("loop", "fori")


def load(path):
    out = {}
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    out[r.get("variant")] = r
    except OSError:
        pass
    return out


def samples(r, key):
    rep = r.get("reported") or {}
    v = rep.get(key) or []
    steps = (r.get("params") or {}).get("steps") or 1
    if rep.get("program") in PER_STEP:
        v = [x / steps for x in v]
    return v


def decide(a, b, margin=fb_verdict.ADVICE_MARGIN):
    if len(a) < 2 or len(b) < 2 or min(a + b) <= 0:
        return None
    return fb_verdict.verdict(a, b, margin)


def kept_verdicts(kept, w, first, second):
    """{allocator: decide(...)} of first against second of workload w, on
    their runs under each allocator that keeps freed pages, where both ran
    ok."""
    out = {}
    for name, r in kept.items():
        prog, _, alloc = (name or "").partition("@")
        b = kept.get(f"{second}@{alloc}")
        if prog == first and alloc and r.get("workload") == w and b and \
                r.get("status") == b.get("status") == "ok":
            out[alloc] = decide(samples(r, "warm_call_cpu_s"),
                                samples(b, "warm_call_cpu_s"))
    return out


def main(argv):
    if len(argv) != 1:
        print("usage: verdicts.py DATA", file=sys.stderr)
        return 2
    sets = {w: load(os.path.join(argv[0], f"jax-{w}.jsonl")) for w in ("interp", "colony")}
    kept = load(os.path.join(argv[0], "jax-keep.jsonl"))
    noise = None
    a, b = sets["colony"].get("step"), sets["colony"].get("per_particle")
    if a and b and a.get("status") == b.get("status") == "ok":
        ca, cb = samples(a, "warm_call_cpu_s"), samples(b, "warm_call_cpu_s")
        if ca and cb:
            r = fb_verdict.median(cb) / fb_verdict.median(ca)
            noise = {"from": "colony step against per_particle (one program, two processes)",
                     "ratio": r, "margin": max(r, 1 / r) - 1}
    rows = []
    for w, first, second, advice in PAIRS:
        a, b = sets[w].get(first), sets[w].get(second)
        row = {"workload": w, "first": first, "second": second, "advice": advice}
        missing = [p for p, r in ((first, a), (second, b)) if r is None or r.get("status") != "ok"]
        row["status"] = "ok" if not missing else "not measured: " + ", ".join(missing)
        if not missing:
            row["by_cpu"] = decide(samples(a, "warm_call_cpu_s"), samples(b, "warm_call_cpu_s"))
            row["by_wall"] = decide(samples(a, "warm_call_s"), samples(b, "warm_call_s"))
            if noise is not None:
                row["by_cpu_beyond_process_noise"] = decide(
                    samples(a, "warm_call_cpu_s"), samples(b, "warm_call_cpu_s"),
                    max(noise["margin"], fb_verdict.ADVICE_MARGIN))
            row["by_cpu_kept"] = kept_verdicts(kept, w, first, second)
        rows.append(row)
    print(json.dumps({"process_noise": noise, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
