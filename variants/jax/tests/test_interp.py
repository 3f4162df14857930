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
