"""run.py as `harness exec` runs it: a process writing $FUSEBENCH_REPORT."""
import json
import os
import subprocess
import sys

import pytest

import ref64

RUN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "run.py")


def driver(args, tmp_path, env_extra=None):
    report = tmp_path / "report.json"
    env = dict(os.environ, FUSEBENCH_REPORT=str(report), **(env_extra or {}))
    p = subprocess.run([sys.executable, RUN] + args, capture_output=True, text=True, env=env)
    return p, (json.loads(report.read_text()) if report.exists() else None)


def test_jitted_program_reports_all_fields(tmp_path):
    p, r = driver(["interp", "rewrite_jit", "--n", "1000", "--m", "4", "--g", "64",
                   "--calls", "2"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout == ""
    assert r["result"]["total"] == pytest.approx(ref64.interp_total(1000, 4, 64, "random"), rel=1e-4)
    assert len(r["warm_call_s"]) == 2 and len(r["unblocked_call_s"]) == 2
    assert r["first_call_s"] > 0 and r["compile_s"] > 0
    ma = r["memory_analysis"]
    assert ma["argument_bytes"] >= 1000 * 4 + 4 * 66 * 4 and ma["output_bytes"] == 1000 * 4
    assert r["jaxpr_eqns"] > 10 and r["jax_version"]
    # XLA's count of the work: the cubic's weights and products make many
    # flops a pair; every byte of the arguments and the result is accessed.
    ca = r["cost_analysis"]
    assert ca["flops"] >= 10 * 1000 * 4 and ca["loops"] is False
    assert ca["bytes_accessed"] >= ma["argument_bytes"] + ma["output_bytes"]
    # XLA's code holds the cubic's float arithmetic, some of it on vectors.
    lanes = ca["float_ops_by_lanes"]
    assert sum(lanes.values()) >= 10 and max(int(k) for k in lanes) >= 4


def test_one_thread_pins_one_cpu(tmp_path):
    p, r = driver(["colony", "step", "--n", "256", "--steps", "1", "--calls", "3",
                   "--threads", "1"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert len(r["threads"]["cpus"]) == 1
    # One CPU: the process cannot use more CPU time than wall time.
    assert r["cpu_s_per_wall_s"] <= 1.1
    assert r["memory_analysis"] is not None and r["result"]["sum_abs_F"] > 0
    # Faults of each warm call beside XLA's temporaries, priced.
    f = r["faults"]
    assert len(f["warm_calls"]) == 3 and f["warm_calls"] == r["warm_call_faults"]
    assert f["temp_pages"] == r["memory_analysis"]["temp_bytes"] / f["page_bytes"]
    assert f["price_s"] > 0 and f["price_from"].startswith("measured")
    assert r["allocator"]["name"] in ("default", "custom", "jemalloc-keep", "glibc-keep")


def test_unjitted_program_has_no_memory_analysis(tmp_path):
    p, r = driver(["interp", "question", "--n", "500", "--m", "4", "--g", "64",
                   "--calls", "0", "--preset", "seed"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert r["memory_analysis"] is None and r["compile_s"] is None
    assert r["cost_analysis"] is None
    assert r["warm_call_s"] == [] and r["result"]["total"] == 0.0


@pytest.mark.parametrize("args", [["interp", "nosuch"], ["colony", "question_jit"],
                                  ["interp", "question", "--n", "0"], ["interp"]])
def test_bad_usage_exits_2(args, tmp_path):
    p, r = driver(args, tmp_path)
    assert p.returncode == 2 and r is None
    assert p.stderr.strip() != ""


def test_list_names_every_program():
    out = subprocess.run([sys.executable, RUN, "--list"], capture_output=True, text=True,
                         check=True).stdout
    names = {line.split()[1] for line in out.splitlines()}
    assert {"question", "rewrite_jit", "lax_map", "pair", "fori", "per_particle"} <= names


def test_cost_analysis_counts_elements_and_flags_loops():
    """XLA's count, as run.py keeps it: a sine and a multiply-add of 1 Mi
    elements, once without a loop and inside a fori_loop of 8 trips,
    whose body XLA counts once (so "loops" must say so)."""
    import jax
    import jax.numpy as jnp

    import run

    x = jnp.ones(1 << 20, jnp.float32)
    body = lambda x: jnp.sin(x) * 2.0 + x  # noqa: E731
    flat = run.cost_analysis(jax.jit(body).lower(x).compile(), "one call")
    loop = run.cost_analysis(jax.jit(lambda x: jax.lax.fori_loop(
        0, 8, lambda i, y: body(y), x)).lower(x).compile(), "one call")
    assert flat["transcendentals"] == 1 << 20 and flat["loops"] is False
    assert 2 * (1 << 20) <= flat["flops"] <= 3 * (1 << 20)
    # The input read and the output written, 4 MiB each, at the least.
    assert flat["bytes_accessed"] >= 2 * 4 * (1 << 20)
    assert loop["loops"] is True and loop["transcendentals"] < 8 << 20


@pytest.mark.parametrize("args,calls", [
    (["colony", "loop", "--n", "64", "--steps", "3"], 3),
    (["colony", "step", "--n", "64", "--steps", "3"], 1),
    (["interp", "batched_jit", "--n", "1000", "--m", "4", "--g", "64",
      "--chunk", "300"], 1000 / 300),
])
def test_compiled_calls_a_timed_call_makes(args, calls):
    """The calls of the compiled function one timed call makes, by which
    the report multiplies XLA's count of one: the Python loop's K steps,
    the batches' N over the batch (the last, partial one as its share)."""
    import fb_programs
    import run

    o = run.parse(args)
    assert fb_programs.PROGRAMS[o.program].build(o).jit_calls == pytest.approx(calls)


def test_without_ynnpack_fusions_xla_keeps_fewer_temporaries(tmp_path):
    """jax-sweep.sh's "-noynn" runs: with an empty
    --xla_cpu_experimental_ynn_fusion_type, XLA fuses question_floor's
    arithmetic into its own loops, which keep fewer temporaries and access
    fewer bytes, for the same total; run.py records the flag."""
    args = ["interp", "question_floor", "--n", "2000", "--m", "8", "--g", "64",
            "--calls", "1", "--threads", "1"]
    runs = []
    for flags in ("", "--xla_cpu_experimental_ynn_fusion_type="):
        p, r = driver(args, tmp_path, {"XLA_FLAGS": flags})
        assert p.returncode == 0, p.stderr
        runs.append(r)
    default, noynn = runs
    assert "ynn_fusion_type=" in noynn["threads"]["xla_flags"]
    assert noynn["memory_analysis"]["temp_bytes"] < default["memory_analysis"]["temp_bytes"] / 10
    assert noynn["cost_analysis"]["bytes_accessed"] < default["cost_analysis"]["bytes_accessed"] / 10
    assert noynn["result"]["total"] == pytest.approx(default["result"]["total"], rel=1e-5)
