"""The console script's outputs: refused before the work when they cannot be
written (a FIFO no one reads), one line and exit 1 when the write fails,
written whole or not at all, and with the old file's mode."""
import errno
import json
import os
import stat
import subprocess
import sys
import threading

import pytest

from fusebench_explain import output

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)


def cli(args, cwd):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([PKG, HERE]))
    return subprocess.run([sys.executable, "-m", "fusebench_explain.cli"] + args,
                          capture_output=True, text=True, cwd=str(cwd), env=env, timeout=300)


def small(x):
    return (x * 2).sum()


def failing(x):
    y = x * 2
    return y.reshape((7, 7))  # bad-reshape


def test_fifo_without_a_reader_is_refused(tmp_path):
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    p = cli(["test_cli:small", "f32[10]", "--json", str(fifo)], tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.count("\n") == 1 and "--json" in p.stderr and "no reader" in p.stderr


def test_fifo_with_a_reader_gets_the_json(tmp_path):
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    got = []
    t = threading.Thread(target=lambda: got.append(open(fifo).read()))
    t.start()
    p = cli(["test_cli:small", "f32[10]", "--json", str(fifo)], tmp_path)
    t.join(10)
    assert p.returncode == 0, p.stderr
    assert json.loads(got[0])["op_by_op"]["input_bytes"] == 40


def test_write_error_is_one_line_exit_1(tmp_path):
    p = cli(["test_cli:small", "f32[10]", "--chart", "/dev/full"], tmp_path)
    assert p.returncode == 2 and "--chart /dev/full: FILE.svg or FILE.png" in p.stderr
    p = cli(["test_cli:small", "f32[10]", "--json", "/dev/full"], tmp_path)
    assert p.returncode == 1 and p.stderr.strip() == (
        "fusebench-explain: --json /dev/full: write failed: No space left on device")
    assert "Traceback" not in p.stderr


def test_json_and_chart_keep_the_old_files_mode(tmp_path):
    j, c = tmp_path / "e.json", tmp_path / "e.svg"
    for f in (j, c):
        f.write_text("old")
        os.chmod(f, 0o600)
    p = cli(["test_cli:small", "f32[10]", "--json", str(j), "--chart", str(c)], tmp_path)
    assert p.returncode == 0, p.stderr
    assert stat.S_IMODE(os.stat(j).st_mode) == 0o600 and stat.S_IMODE(os.stat(c).st_mode) == 0o600
    assert c.read_text().startswith("<?xml") and json.loads(j.read_text())
    assert sorted(os.listdir(tmp_path)) == ["e.json", "e.svg"]  # no temporary left


def test_an_empty_result_never_replaces_the_old_file(tmp_path):
    old = tmp_path / "chart.svg"
    old.write_text("the old chart")
    with pytest.raises(OSError) as e:
        output.write(str(old), None, make=lambda tmp: None)  # writes nothing
    assert e.value.errno == errno.EIO
    assert old.read_text() == "the old chart" and os.listdir(tmp_path) == ["chart.svg"]


def test_tracing_error_is_whole_and_keeps_the_users_line(tmp_path):
    p = cli(["test_cli:failing", "f32[10]"], tmp_path)
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    with open(__file__) as f:
        line = next(k for k, t in enumerate(f, 1) if t.rstrip().endswith("# bad-reshape"))
    assert lines[0].startswith("fusebench-explain: test_cli:failing on (f32[10]): ")
    assert "TypeError" in lines[0] and f"test_cli.py:{line}:" in lines[0], p.stderr


def test_budget_and_try_fix_from_the_command_line(tmp_path):
    (tmp_path / "prog.py").write_text(
        "import jax, jax.numpy as jnp\n"
        "def row(v):\n    return jnp.sum(jnp.tanh(jnp.outer(v, v)), axis=1)\n"
        "def rows(x):\n    return jax.vmap(row)(x)\n")
    p = cli(["prog.py:rows", "f32[128,300]", "--budget", "20e6", "--try-fix", "--no-jit"],
            tmp_path)
    assert p.returncode == 0, p.stderr
    assert "comes from the vmap at prog.py:5 (rows)" in p.stdout, p.stdout
    assert "lax.map(..., batch_size=" in p.stdout and "same as the function's: yes" in p.stdout
