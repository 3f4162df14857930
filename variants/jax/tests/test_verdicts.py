"""verdicts.py: the advice's JAX pairs decided from their warm calls."""
import json
import os
import subprocess
import sys

TOOL = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "verdicts.py")


def rec(program, cpu, steps=1):
    return {"variant": program, "status": "ok", "params": {"steps": steps},
            "reported": {"program": program, "warm_call_cpu_s": cpu, "warm_call_s": cpu}}


def test_pairs_process_noise_and_missing_runs(tmp_path):
    base = [0.100, 0.101, 0.102, 0.103, 0.104]
    colony = [rec("step", base), rec("per_particle", [x * 1.20 for x in base]),
              rec("loop", [x * 10 for x in base], steps=10),
              rec("fori", [x * 5 for x in base], steps=10)]
    (tmp_path / "jax-colony.jsonl").write_text("\n".join(json.dumps(r) for r in colony))
    p = subprocess.run([sys.executable, TOOL, str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert abs(out["process_noise"]["margin"] - 0.20) < 1e-9
    rows = {(r["first"], r["second"]): r for r in out["rows"]}
    lf = rows[("loop", "fori")]
    assert lf["by_cpu"]["verdict"] == "second is faster"
    assert abs(lf["by_cpu"]["ratio"] - 0.5) < 1e-9
    assert lf["by_cpu_beyond_process_noise"]["verdict"] == "second is faster"
    # The 20% of the noise pair is beyond the advice's 10% margin, but not
    # beyond its own.
    sp = rows[("step", "per_particle")]
    assert sp["by_cpu"]["verdict"] == "first is faster"
    assert sp["by_cpu_beyond_process_noise"]["verdict"] != "first is faster"
    assert rows[("step", "cells")]["status"] == "not measured: cells"
    assert rows[("question_jit", "hoisted")]["status"].startswith("not measured")


def test_a_pair_is_decided_again_on_its_kept_runs(tmp_path):
    """Run again under an allocator that keeps freed pages (jax-keep.jsonl,
    PROGRAM@ALLOCATOR), loop and fori are decided on those runs too, per
    allocator; a pair with one program not kept, or a kept run that
    failed, has none."""
    base = [0.100, 0.101, 0.102, 0.103, 0.104]
    colony = [rec("loop", [x * 10 for x in base], steps=10),
              rec("fori", [x * 5 for x in base], steps=10),
              rec("step", base), rec("cells", base)]
    kept = [dict(rec("loop@jemalloc-keep", [x * 4 for x in base], steps=10),
                 workload="colony"),
            dict(rec("fori@jemalloc-keep", [x * 5 for x in base], steps=10),
                 workload="colony"),
            dict(rec("step@glibc-keep", base), workload="colony"),
            dict(rec("cells@glibc-keep", base), workload="colony",
                 status="failed")]
    for r in kept:
        r["reported"]["program"] = r["variant"].split("@")[0]
    (tmp_path / "jax-colony.jsonl").write_text("\n".join(json.dumps(r) for r in colony))
    (tmp_path / "jax-keep.jsonl").write_text("\n".join(json.dumps(r) for r in kept))
    p = subprocess.run([sys.executable, TOOL, str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = {(r["first"], r["second"]): r for r in json.loads(p.stdout)["rows"]}
    lf = rows[("loop", "fori")]
    assert lf["by_cpu"]["verdict"] == "second is faster"
    # Kept, the loop's 4 against fori's 5: the first is faster now.
    assert list(lf["by_cpu_kept"]) == ["jemalloc-keep"]
    assert lf["by_cpu_kept"]["jemalloc-keep"]["verdict"] == "first is faster"
    assert abs(lf["by_cpu_kept"]["jemalloc-keep"]["ratio"] - 1.25) < 1e-9
    assert rows[("step", "cells")]["by_cpu_kept"] == {}


def test_the_margin_is_the_advice_s():
    """fb_verdict.ADVICE_MARGIN is reports/rp_advice.h's
    RP_ADVICE_TIME_RATIO less 1: JAX's time claims are decided by C's
    rule, as the report says."""
    import re
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    sys.path.insert(0, os.path.dirname(TOOL))
    import fb_verdict
    with open(os.path.join(root, "reports", "rp_advice.h")) as f:
        ratio = float(re.search(r"#define RP_ADVICE_TIME_RATIO ([0-9.]+)", f.read()).group(1))
    assert abs(fb_verdict.ADVICE_MARGIN - (ratio - 1)) < 1e-12


def test_a_ratio_inside_the_margin_is_the_same(tmp_path):
    """5% apart with no noise: beyond 1 but inside the advice's 10%."""
    base = [0.100, 0.101, 0.102, 0.103, 0.104]
    colony = [rec("step", base), rec("cells", [x * 1.05 for x in base])]
    (tmp_path / "jax-colony.jsonl").write_text("\n".join(json.dumps(r) for r in colony))
    p = subprocess.run([sys.executable, TOOL, str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = {(r["first"], r["second"]): r for r in json.loads(p.stdout)["rows"]}
    v = rows[("step", "cells")]["by_cpu"]
    assert v["verdict"] == "same within the margin" and v["margin"] == 0.10
