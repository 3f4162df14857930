"""keep_table.py: a kept run set beside its default run."""
import json
import os
import subprocess
import sys

import pytest

TOOL = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    "keep_table.py")


def record(variant, faults, cpu, rss_after, status="ok"):
    return {"workload": "colony", "variant": variant, "status": status, "params": {"n": 64},
            "memory": {"peak_rss_bytes": 1000},
            "reported": {"faults": {"per_call_median": faults, "temp_pages": 100.0,
                                    "share_of_cpu": 0.25, "price_s": 1e-6},
                         "warm_call_cpu_s": cpu, "warm_call_stats": {"median_s": cpu[2]},
                         "rss_after_warm_calls_bytes": rss_after}}


def run(tmp_path, default, keep):
    (tmp_path / "jax-colony.jsonl").write_text(json.dumps(default) + "\n")
    (tmp_path / "jax-keep.jsonl").write_text("\n".join(json.dumps(k) for k in keep) + "\n")
    p = subprocess.run([sys.executable, TOOL, str(tmp_path)], capture_output=True, text=True)
    return p, (json.loads(p.stdout) if p.returncode == 0 else None)


def test_rows_compare_default_and_keep(tmp_path):
    p, out = run(tmp_path, record("step", 100, [0.010, 0.011, 0.012, 0.013, 0.014], 500),
                 [record("step@jemalloc-keep", 0, [0.004, 0.005, 0.006, 0.007, 0.008], 900)])
    assert p.returncode == 0, p.stderr
    r = out["rows"][0]
    assert (r["program"], r["allocator"]) == ("step", "jemalloc-keep")
    assert r["cpu_ratio"] == pytest.approx(2.0)
    # 6 ms saved over the 100 faults avoided: 60 us a fault.
    assert r["cpu_s_saved_per_fault"] == pytest.approx(6e-5)
    assert (r["rss_after_default_bytes"], r["rss_after_keep_bytes"]) == (500, 900)
    assert r["verdict"]["verdict"] == "second is faster"


def test_failed_run_is_kept_without_figures(tmp_path):
    p, out = run(tmp_path, record("step", 100, [0.01] * 5, 500),
                 [record("step@glibc-keep", 0, [0.01] * 5, 500, status="failed")])
    assert p.returncode == 0
    r = out["rows"][0]
    assert r["status"] == {"default": "ok", "keep": "failed"} and "cpu_ratio" not in r


def test_no_kept_runs_exits_2(tmp_path):
    p = subprocess.run([sys.executable, TOOL, str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 2 and "jax-keep.jsonl" in p.stderr
