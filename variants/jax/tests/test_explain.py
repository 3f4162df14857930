"""explain: the liveness walk on functions whose liveness is known exactly,
XLA's buffers adding up, the prediction against the measured peak, and bad
input. Arrays of N = 1000 float32 (4000 bytes) unless said."""
import argparse
import json
import os
import subprocess
import sys
from functools import partial

import jax
import jax.numpy as jnp
import pytest
from jax import lax

import explain
import fb_colony
import fb_interp
import fb_liveness as L
import fb_programs

EXPLAIN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "explain.py")
A = 4000  # bytes of one f32[1000]
X = jnp.ones(1000, jnp.float32)


def line_of(marker):
    """The line of this file that ends with the comment # marker."""
    with open(__file__) as f:
        for k, text in enumerate(f, 1):
            if text.rstrip().endswith(f"# {marker}"):
                return k
    raise AssertionError(marker)


def chain(x):
    a = x * 2  # chain-a
    b = a + 1  # chain-b
    return jnp.sin(b)  # chain-c


def diamond(x):
    a = x * 2
    b = a + 1
    c = a - 1  # diamond-c
    return b * c


def late(x):
    a = x * 2  # late-a
    b = jnp.sin(x)
    c = jnp.cos(b)
    return a + c


def scanned(xs):
    def body(c, x):
        t = x * 2  # scan-t
        return c + t, t
    return lax.scan(body, jnp.zeros(1000, jnp.float32), xs)


@jax.jit
def inner(y):
    s = jnp.sin(y)
    return s * 2  # nested-mul


def nested(x):
    return inner(x) + x


@jax.custom_jvp
def g(x):
    s = jnp.sin(x)
    return s * x  # jvp-mul


g.defjvp(lambda p, t: (g(p[0]), jnp.cos(p[0]) * t[0]))


def custom(x):
    return g(x) + 1


def walk_of(fn, *args):
    w = L.analyze(fn, *args)
    k = L.peak(w)
    return w, k, sorted((w.values[i] for i in w.steps[k].live), key=lambda v: v.id)


def test_chain_holds_three_arrays():
    w, k, alive = walk_of(chain, X)
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 3 * A]
    assert k == 1 and w.steps[k].bytes == 3 * A
    assert [(v.primitive, v.bytes, v.shape, v.dtype) for v in alive] == [
        ("input", A, (1000,), "float32"), ("mul", A, (1000,), "float32"),
        ("add", A, (1000,), "float32")]
    assert [v.line for v in alive[1:]] == [line_of("chain-a"), line_of("chain-b")]
    assert alive[1].file.endswith("test_explain.py") and "(chain)" in alive[1].source


def test_diamond_keeps_its_fork_until_both_sides_are_made():
    w, k, alive = walk_of(diamond, X)
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 4 * A, 4 * A]
    assert k == 2 and w.steps[k].source.split(" ")[0].endswith(f":{line_of('diamond-c')}")
    assert [v.primitive for v in alive] == ["input", "mul", "add", "sub"]


def test_a_value_used_late_stays_alive():
    w, k, alive = walk_of(late, X)
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 4 * A, 4 * A]
    assert k == 2 and [v.primitive for v in alive] == ["input", "mul", "sin", "cos"]
    assert alive[1].line == line_of("late-a")


def test_scan_allocates_its_outputs_and_one_iteration():
    xs = jnp.ones((10, 1000), jnp.float32)
    w, k, alive = walk_of(scanned, xs)
    # broadcast (zeros); the body's mul and add; the scan itself.
    assert [s.label for s in w.steps] == ["broadcast_in_dim", "scan > mul", "scan > add", "scan"]
    # xs + init + (carry out + ys) + (carry in + x slice) + t, then + the new carry.
    assert [s.bytes for s in w.steps] == [11 * A, 25 * A, 26 * A, 22 * A]
    assert [v.line for v in w.values if v.primitive == "mul"] == [line_of("scan-t")]
    # A top-level scan runs as one compiled program: its body's steps are
    # attribution, not the peak, which is the scan's own step.
    assert [s.compiled for s in w.steps] == [False, True, True, False]
    assert k == 3
    assert sorted((v.primitive, v.bytes) for v in alive) == sorted([
        ("input", 10 * A), ("broadcast_in_dim", A), ("scan", A), ("scan", 10 * A)])


def test_a_scan_inside_a_jit_is_walked_for_the_peak():
    xs = jnp.ones((10, 1000), jnp.float32)
    w, k, alive = walk_of(jax.jit(scanned), xs)
    assert not any(s.compiled for s in w.steps)
    assert w.steps[k].label == "jit(scanned) > scan > add" and w.steps[k].bytes == 26 * A


def test_nested_jit_is_entered_and_its_peak_counted_where_it_runs():
    w, k, alive = walk_of(nested, X)
    assert [s.label for s in w.steps] == ["jit(inner) > sin", "jit(inner) > mul",
                                          "jit(inner)", "add"]
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 2 * A, 3 * A]
    assert k == 1 and [v.primitive for v in alive] == ["input", "sin", "mul"]
    assert alive[2].line == line_of("nested-mul") and alive[2].path == "jit(inner)"


def test_custom_jvp_body_is_walked():
    w, k, alive = walk_of(custom, X)
    assert [s.label for s in w.steps] == ["custom_jvp_call > sin", "custom_jvp_call > mul",
                                          "custom_jvp_call", "add"]
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 2 * A, 3 * A]
    assert k == 1 and alive[2].line == line_of("jvp-mul")


def looped(x):
    return lax.while_loop(lambda v: v[0] < 3, lambda v: (v[0] + 1, v[1] * 2), (0, x))[1]


def test_while_allocates_its_carry_and_one_iteration_of_body_and_cond():
    w, k, alive = walk_of(looped, X)
    # x + (carry out: i32 + f32) + (carry in: i32 + f32), then the body's
    # add (4 B) and mul; the cond's lt (1 B) with the same carries.
    assert [(s.label, s.bytes) for s in w.steps] == [
        ("while > add", A + 2 * (A + 4) + 4), ("while > mul", A + 2 * (A + 4) + 4 + A),
        ("while > lt", A + 2 * (A + 4) + 1), ("while", A + A + 4)]
    assert k == 3  # a top-level while runs compiled: its own step is the peak


def branches(x):
    return lax.cond(x[0] > 0, lambda a: a + 1, lambda a: jnp.sin(a) * 2, x)


def test_cond_is_one_compiled_call_not_walked():
    w, k, alive = walk_of(branches, X)
    assert [s.label for s in w.steps][-2:] == ["convert_element_type", "cond"]
    # x + the int32 index + the cond's output; its branches are not entered.
    assert w.steps[k].label == "cond" and w.steps[k].bytes == 2 * A + 4


@jax.custom_vjp
def h(x):
    return jnp.sin(x) * 3  # vjp-mul


h.defvjp(lambda x: (h(x), x), lambda r, c: (c * jnp.cos(r),))


def test_custom_vjp_body_is_walked():
    w, k, alive = walk_of(lambda x: h(x) + 1, X)
    assert [s.bytes for s in w.steps] == [2 * A, 3 * A, 2 * A, 3 * A]
    assert k == 1 and w.steps[k].label.endswith("> mul")
    assert alive[2].line == line_of("vjp-mul")


def sorted_products(x):
    y = jnp.sort(x)  # jit-sort
    return jnp.sum(y * y[::-1]) + jnp.cumsum(y)[-1]


def test_jit_buffers_add_up_to_xla_temporary_bytes():
    j = explain.under_jit(sorted_products, (jnp.linspace(0, 1, 100000, dtype=jnp.float32),))
    temp = j["memory_analysis"]["temp_bytes"]
    assert temp > 0 and j["buffers"]
    assert j["temporary_allocations_bytes"] == temp
    assert j["buffers_bytes"] - j["shared_bytes"] == temp
    assert [b["bytes"] for b in j["buffers"]] == sorted((b["bytes"] for b in j["buffers"]),
                                                       reverse=True)
    sort = [b for b in j["buffers"] if b["source"].endswith(f"test_explain.py:{line_of('jit-sort')}")]
    assert sort and sort[0]["bytes"] >= 100000 * 4, j["buffers"]


def check_measured(name, fn, args, unit):
    r = explain.explain(fn, args, name, [], jit=False, measured=True)
    pred = r["op_by_op"]["peak_above_inputs_bytes"]
    got = r["measured"]["peak_above_before_bytes"]
    print(f"{name}: predicted {pred} B ({pred / unit:.2f} units), measured {got} B "
          f"({got / unit:.2f} units; {r['measured']['method']}), error {r['measured']['error']:+.1%}")
    assert abs(got - pred) <= 0.25 * pred


def test_question_prediction_within_25_percent_of_measured():
    o = argparse.Namespace(n=50000, m=300, g=4096, preset="random", seed=42)
    check_measured("interp question N=5e4", fb_interp.question_rows,
                   fb_programs.interp_data(o), 50000 * 300 * 4)


def test_colony_step_prediction_within_25_percent_of_measured():
    n = 3072
    state, box = fb_programs.colony_data(argparse.Namespace(n=n, seed=42))
    check_measured(f"colony step N={n}", partial(fb_colony.step, sums_fn=fb_colony.double_vmap_sums),
                   (state, box), n * n * 4)


def cli(args, tmp_path):
    p = subprocess.run([sys.executable, EXPLAIN] + args, capture_output=True, text=True,
                       cwd=os.path.dirname(os.path.abspath(__file__)))
    return p, sorted(os.listdir(tmp_path))


def test_cli_writes_json_and_chart(tmp_path):
    j, c = tmp_path / "e.json", tmp_path / "e.png"
    p, files = cli(["test_explain:diamond", "f32[1000]", "--json", str(j), "--chart", str(c)],
                   tmp_path)
    assert p.returncode == 0, p.stderr
    assert files == ["e.json", "e.png"] and c.read_bytes()[:4] == b"\x89PNG"
    r = json.loads(j.read_text())
    assert r["op_by_op"]["peak_bytes"] == 4 * A and r["op_by_op"]["peak_step"] == 2
    assert r["jit"]["memory_analysis"]["argument_bytes"] == A
    assert "peak 16 kB (16000 B) at step 2: sub" in p.stdout and "Verdict: " in p.stdout


def fails_while_tracing(x):
    raise ValueError("no such thing\nsecond line")  # raises-here


@pytest.mark.parametrize("args,names", [
    (["no_such_module:f", "f32[3]"], "no_such_module"),
    (["test_explain:no_such_function", "f32[3]"], "no_such_function"),
    (["test_explain:chain", "f32[3]", "f32[3]"], "test_explain:chain"),
    (["test_explain:chain", "q7[3]"], "q7[3]"),
    ([], "give MODULE:FUNCTION"),
    (["test_explain:chain", "f32[3]", "--bogus"], "--bogus"),
    (["--program", "question", "--n", "-5"], "'-5': not a whole number"),
    (["--program", "question", "--n", "1.5"], "'1.5': not a whole number"),
    (["--program", "question", "--n", "0x10"], "'0x10': not a whole number"),
    (["--program", "question", "--n", "1e400"], "'1e400': must be below 2^63"),
    (["--program", "question", "--m", "0"], "'0': must be at least 1"),
    (["--program", "question", "--top", "-1"], "'-1': not a whole number"),
    (["--program", "question", "--seed", "nan"], "'nan': not a whole number"),
])
def test_bad_input_exits_2_with_one_line_and_writes_nothing(args, names, tmp_path):
    p, files = cli(args + ["--json", str(tmp_path / "e.json"), "--chart",
                           str(tmp_path / "e.svg")], tmp_path)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert len(p.stderr.strip().splitlines()) == 1 and names in p.stderr, p.stderr
    assert p.stdout == "" and files == []


@pytest.mark.parametrize("name,why", [("adir", "--json adir: is a directory"),
                                      ("", "--json '': an empty file name")])
def test_json_that_cannot_be_a_file_is_refused_before_the_work(name, why, tmp_path):
    (tmp_path / "adir").mkdir()
    p = subprocess.run([sys.executable, EXPLAIN, "test_explain:chain", "f32[3]", "--json", name],
                       capture_output=True, text=True, cwd=str(tmp_path),
                       env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.abspath(__file__))))
    assert p.returncode == 2 and p.stderr.strip() == f"explain: {why}", p.stderr
    assert p.stdout == "" and os.listdir(tmp_path / "adir") == []


def test_json_and_chart_to_one_file_is_refused(tmp_path):
    p, files = cli(["test_explain:chain", "f32[3]", "--json", str(tmp_path / "e.svg"),
                    "--chart", str(tmp_path / "e.svg")], tmp_path)
    assert p.returncode == 2 and "name the same file" in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and files == []


def test_json_write_error_is_one_line_and_exit_1(tmp_path):
    p, _ = cli(["test_explain:chain", "f32[3]", "--json", "/dev/full"], tmp_path)
    assert p.returncode == 1, p.stderr
    assert p.stderr.strip() == "explain: --json /dev/full: write failed: No space left on device"


def test_tracing_error_is_whole_with_the_users_line(tmp_path):
    """The first line names the function and the user's line; the error's
    other lines follow; exit 2, nothing written."""
    p, files = cli(["test_explain:fails_while_tracing", "f32[3]", "--json",
                    str(tmp_path / "e.json")], tmp_path)
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and files == [] and p.stdout == ""
    assert "ValueError: no such thing" in lines[0], p.stderr
    assert f"test_explain.py:{line_of('raises-here')}" in lines[0], p.stderr
    assert lines[1:] == ["  second line"], p.stderr


def test_run_py_reports_the_prediction(tmp_path):
    report = tmp_path / "r.json"
    run = os.path.join(os.path.dirname(EXPLAIN), "run.py")
    p = subprocess.run([sys.executable, run, "interp", "question", "--n", "1000", "--m", "4",
                        "--g", "64", "--calls", "0"], capture_output=True, text=True,
                       env=dict(os.environ, FUSEBENCH_REPORT=str(report)))
    assert p.returncode == 0, p.stderr
    e = json.loads(report.read_text())["explain"]
    # (N, M, 4) weights: three of them and the (N, M, 1) t at the add.
    assert e["largest_shape"] == "f32[1000,4,4]" and e["largest_bytes"] == 1000 * 4 * 4 * 4
    assert e["predicted_peak_bytes"] >= 3 * e["largest_bytes"]
