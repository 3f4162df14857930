"""Every interp program against the float64 reference, both presets."""
import argparse

import pytest

import fb_programs
import ref64

SIZES = dict(n=2000, m=8, g=64, seed=42, chunk=700)
PROGRAMS = [k for k, e in fb_programs.PROGRAMS.items() if e.workload == "interp"]
_REF = {}


def reference(preset):
    if preset not in _REF:
        _REF[preset] = ref64.interp_total(SIZES["n"], SIZES["m"], SIZES["g"], preset)
    return _REF[preset]


@pytest.mark.parametrize("preset", ["random", "seed"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_total_within_float32_tolerance(name, preset):
    o = argparse.Namespace(preset=preset, **SIZES)
    prog = fb_programs.PROGRAMS[name].build(o)
    got = prog.result(fb_programs.block(prog.call()))["total"]
    ref = reference(preset)
    assert abs(got - ref) <= 1e-4 * abs(ref) + 1e-30, f"{name} {preset}: {got} vs {ref}"


def test_random_total_is_not_trivial():
    assert reference("random") > 1000.0


def test_floor_written_out_is_the_same_cells_without_a_remainder():
    """question_floor differs from question_jit only in its cell, floor(x /
    dx) for x // dx: the same rows at every point, and no HLO remainder
    (the libm fmodf of XLA's CPU code), where question_jit's holds one of
    N x M elements, which XLA's count takes for one flop, as an add."""
    import re

    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax

    import fb_interp

    o = argparse.Namespace(preset="random", **SIZES)
    x, p = fb_programs.interp_data(o)
    a = np.asarray(fb_interp.question_rows_jit(x, p))
    b = np.asarray(fb_interp.question_floor_rows_jit(x, p))
    assert np.array_equal(a, b)

    def remainders(fn):
        hlo = fn.lower(x, p).compile().as_text()
        return [m.group(1) for m in re.finditer(r"= f32\[([\d,]*)\]\S* remainder\(", hlo)]

    assert remainders(fb_interp.question_rows_jit) == ["%d,%d" % (o.n, o.m)]
    assert remainders(fb_interp.question_floor_rows_jit) == []
    v = jnp.ones(1 << 16)
    counts = [jax.jit(f).lower(v, v).compile().cost_analysis() for f in (lax.rem, lax.add)]
    counts = [c[0] if isinstance(c, list) else c for c in counts]
    assert counts[0]["flops"] == counts[1]["flops"] == 1 << 16
