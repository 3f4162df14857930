"""The cell list (fb_cells) against the all-pairs step on the same inputs,
and its overflow: reported, never a silently wrong sum."""
import argparse
import json
import os
import subprocess
import sys

import jax.numpy as jnp
import numpy as np
import pytest

import fb_cells
import fb_colony
import fb_programs

RUN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "run.py")


def all_pairs(state, box):
    _, sums = fb_colony.step_jit(state, box)
    return [np.asarray(s, np.float64) for s in sums]


def by_cells(state, box, cap):
    _, sums, overflow = fb_cells.step_cells(state, box, nc=fb_cells.cell_side(box), cap=cap)
    return [np.asarray(s, np.float64) for s in sums], int(overflow)


def assert_same_sums(got, want, what):
    for g, w, name in zip(got, want, ("F_int", "T_int", "rho")):
        # float32 sums of the same terms in another order: the pair terms
        # are each a few units at most, rho's at most w_a.
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=2e-4, err_msg=f"{what} {name}")


@pytest.mark.parametrize("n", [128, 300, 1024])
def test_cells_equal_all_pairs(n):
    state, box = fb_programs.colony_data(argparse.Namespace(n=n, seed=42))
    cap = fb_cells.default_capacity(state[0], box)
    got, overflow = by_cells(state, box, cap)
    assert overflow == 0
    want = all_pairs(state, box)
    assert np.abs(want[0]).sum() > 10.0, "no contacts: the test would prove nothing"
    assert_same_sums(got, want, f"N={n} cap={cap}")


def crowded(n=128, in_one_cell=20, seed=7):
    """The colony's state with `in_one_cell` particles moved into cell (1, 1)."""
    state, box = fb_programs.colony_data(argparse.Namespace(n=n, seed=42))
    side = float(box) / fb_cells.cell_side(box)
    rng = np.random.default_rng(seed)
    pos = np.asarray(state[0]).copy()
    pos[:in_one_cell] = side * (1.0 + rng.uniform(0.05, 0.95, size=(in_one_cell, 2)))
    return (jnp.asarray(pos, jnp.float32),) + tuple(state[1:]), box


def test_crowded_cell_with_room_equals_all_pairs():
    state, box = crowded()
    got, overflow = by_cells(state, box, cap=24)
    assert overflow == 0
    assert_same_sums(got, all_pairs(state, box), "crowded, cap 24")


def test_crowded_cell_overflow_is_counted_exactly():
    state, box = crowded(in_one_cell=20)
    # The other particles put at most a few more in that cell; the count
    # beyond the capacity is what the step must report.
    cxy = np.asarray(fb_cells.cells_of(state[0], box, fb_cells.cell_side(box)))
    in_cell = int(((cxy[:, 0] == 1) & (cxy[:, 1] == 1)).sum())
    counts = np.bincount(cxy[:, 1] * fb_cells.cell_side(box) + cxy[:, 0])
    expect = int(np.maximum(counts - 8, 0).sum())
    assert in_cell >= 20 and expect >= 12
    got, overflow = by_cells(state, box, cap=8)
    assert overflow == expect
    # What an overflow costs when ignored: the sums differ from all pairs.
    want = all_pairs(state, box)
    assert np.abs(got[0] - want[0]).max() > 1e-2


def test_capacity_covers_the_fullest_cell():
    state, box = crowded(in_one_cell=20)
    assert fb_cells.default_capacity(state[0], box) >= 20


def test_small_box_is_refused():
    with pytest.raises(ValueError, match="3 cells"):
        fb_cells.cell_side(np.float32(10.0))


def test_driver_fails_the_run_on_overflow(tmp_path):
    report = tmp_path / "report.json"
    env = dict(os.environ, FUSEBENCH_REPORT=str(report))
    p = subprocess.run([sys.executable, RUN, "colony", "cells", "--n", "256", "--steps", "2",
                        "--calls", "1", "--cap", "1"], capture_output=True, text=True, env=env)
    assert p.returncode == 1, p.stderr
    assert "cell list overflow" in p.stderr and "--cap" in p.stderr
    assert not report.exists()


def test_driver_reports_cells_notes(tmp_path):
    report = tmp_path / "report.json"
    env = dict(os.environ, FUSEBENCH_REPORT=str(report))
    p = subprocess.run([sys.executable, RUN, "colony", "cells", "--n", "256", "--steps", "2",
                        "--calls", "5", "--dispatch-calls", "0"],
                       capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    r = json.loads(report.read_text())
    assert r["notes"]["overflow"] == 0 and r["notes"]["capacity"] >= 2
    assert r["notes"]["cells_per_side"] == fb_cells.cell_side(fb_programs.colony_data(
        argparse.Namespace(n=256, seed=42))[1])
    st = r["warm_call_stats"]
    assert st["calls"] == 5 and st["min_s"] <= st["median_s"] <= st["max_s"]
    assert r["unblocked_call_s"] == [] and r["back_to_back"] is None
