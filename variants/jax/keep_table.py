#!/usr/bin/env python3
"""keep_table.py DATA: each JAX program run under an allocator that keeps
freed pages beside its default run, as one JSON object on stdout.

Reads DATA/jax-keep.jsonl ("PROGRAM@ALLOCATOR", reports/jax-sweep.sh) and
the default one-core runs of DATA/jax-interp.jsonl and jax-colony.jsonl
(variant PROGRAM). A row per kept run:

  workload, program, n, allocator, status    the runs (both "ok" to compare)
  temp_pages                                 XLA's temporaries / page size
  faults_per_call_default, _keep             median faults of a warm call
  warm_wall_default_s, _keep                 median wall time of a warm call
  warm_cpu_default_s, _keep                  median CPU time of a warm call
  cpu_ratio, wall_ratio                      default over keep
  peak_rss_default_bytes, _keep              the process's peak RSS
  rss_after_default_bytes, _keep             its RSS after the warm calls:
                                             the pages the allocator keeps
  cpu_s_saved_per_fault                      CPU time saved over the faults
                                             avoided: what a fault costs the
                                             call, mapping, zeroing and
                                             unmapping included
  fault_share_of_cpu_at_price                the default run's faults at the
                                             ceilings' price, over its CPU
  verdict                                    fb_verdict on the warm calls'
                                             CPU times, default first ("second
                                             is faster": keeping pages is),
                                             with the advice's margin

Exit status: 0, 2 when DATA has no jax-keep.jsonl (one line).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fb_verdict  # noqa: E402


def load(path):
    out = []
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    out.append(json.loads(line))
    except OSError:
        pass
    return out


def warm(r):
    """(faults median, wall median, CPU median, CPU samples) of a run."""
    rep = r.get("reported") or {}
    f = rep.get("faults") or {}
    cpu = rep.get("warm_call_cpu_s") or []
    ws = rep.get("warm_call_stats") or {}
    return (f.get("per_call_median"), ws.get("median_s"),
            fb_verdict.median(cpu) if cpu else None, cpu)


def row(keep, default):
    prog, alloc = keep["variant"].split("@", 1)
    rep_d = (default or {}).get("reported") or {}
    rep_k = keep.get("reported") or {}
    out = {"workload": keep.get("workload"), "program": prog,
           "n": (keep.get("params") or {}).get("n"), "allocator": alloc,
           "status": {"default": (default or {}).get("status", "missing"),
                      "keep": keep.get("status")}}
    if default is None or default.get("status") != "ok" or keep.get("status") != "ok":
        return out
    fd, wd, cd, cds = warm(default)
    fk, wk, ck, cks = warm(keep)
    temp = (rep_k.get("faults") or {}).get("temp_pages")
    out.update({
        "temp_pages": temp, "faults_per_call_default": fd, "faults_per_call_keep": fk,
        "warm_wall_default_s": wd, "warm_wall_keep_s": wk,
        "warm_cpu_default_s": cd, "warm_cpu_keep_s": ck,
        "cpu_ratio": cd / ck if cd and ck else None,
        "wall_ratio": wd / wk if wd and wk else None,
        "peak_rss_default_bytes": default["memory"]["peak_rss_bytes"],
        "peak_rss_keep_bytes": keep["memory"]["peak_rss_bytes"],
        "rss_after_default_bytes": rep_d.get("rss_after_warm_calls_bytes"),
        "rss_after_keep_bytes": rep_k.get("rss_after_warm_calls_bytes"),
        "cpu_s_saved_per_fault": (cd - ck) / (fd - fk)
        if None not in (cd, ck, fd, fk) and fd > fk else None,
        "fault_share_of_cpu_at_price": (rep_d.get("faults") or {}).get("share_of_cpu"),
        "fault_price_s": (rep_d.get("faults") or {}).get("price_s"),
        "verdict": fb_verdict.verdict(cds, cks, fb_verdict.ADVICE_MARGIN) if len(cds) >= 2 and len(cks) >= 2 else None})
    return out


def main(argv):
    if len(argv) != 1:
        print("usage: keep_table.py DATA", file=sys.stderr)
        return 2
    data = argv[0]
    kept = load(os.path.join(data, "jax-keep.jsonl"))
    if not kept:
        print(f"keep_table.py: {data}/jax-keep.jsonl: no runs in it", file=sys.stderr)
        return 2
    defaults = {}
    for name in ("jax-interp.jsonl", "jax-colony.jsonl"):
        for r in load(os.path.join(data, name)):
            defaults[(r.get("workload"), r.get("variant"))] = r
    rows = [row(k, defaults.get((k.get("workload"), k["variant"].split("@", 1)[0])))
            for k in kept if "@" in k.get("variant", "")]
    print(json.dumps({"rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
