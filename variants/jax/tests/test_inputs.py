"""The inputs: fb_inputs' vectorized SplitMix64 against the spec's
one-draw-at-a-time generator, published values and the C harness."""
import json
import os
import subprocess

import numpy as np
import pytest

import fb_inputs
import ref64

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
HARNESS = os.path.join(ROOT, "build", "jemalloc", "harness")

# SplitMix64's own published first outputs from state 0.
KNOWN_SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_stream_matches_known_values():
    assert [int(z) for z in fb_inputs.splitmix_stream(0, 3)] == KNOWN_SEED0
    assert ref64.splitmix(0, 3) == KNOWN_SEED0


@pytest.mark.parametrize("seed", [42, 2**64 - 1, 12345])
def test_vectorized_stream_matches_scalar(seed):
    got = [int(z) for z in fb_inputs.splitmix_stream(seed, 1000)]
    assert got == ref64.splitmix(seed, 1000), f"seed {seed}"


def test_float32_uniforms_match_scalar():
    np.testing.assert_array_equal(fb_inputs.splitmix_float32(42, 500), ref64.uniforms32(42, 500))


def test_interp_inputs_shapes_and_bounds():
    x, p = fb_inputs.interp_inputs(10, 3, 64, "random", 42)
    assert x.dtype == np.float32 and p.f.shape == (3, 66)
    assert p.f[:, 0].tolist() == [0, 0, 0] and p.f[:, -1].tolist() == [0, 0, 0]
    assert p.ub[0] == np.float32(np.float32(65) * np.float32(1 / 63))


# Figures printed by the C harness (`harness run interp fused --n 1000 --m 4
# --g 64 --json -`, "validation.reference"; colony fused --n 128 --steps 2):
# the same inputs must give the same float64 references here.
C_INTERP_TOTAL = 2879.6110349247865
C_COLONY_FIRST = {"sum_abs_F": 3921.101287775776, "sum_abs_T": 1537.731916553302,
                  "sum_rho": 49.36977826996392, "mean_a": 0.6303750356221529}


def test_reference_matches_c_harness_figures():
    assert ref64.interp_total(1000, 4, 64, "random") == pytest.approx(C_INTERP_TOTAL, rel=1e-12)
    got = ref64.colony_digest(128, 2)
    for k, v in C_COLONY_FIRST.items():
        assert got[k] == pytest.approx(v, rel=1e-9), k


@pytest.mark.skipif(not os.access(HARNESS, os.X_OK), reason="C harness not built")
def test_reference_matches_live_c_harness():
    out = subprocess.run([HARNESS, "run", "interp", "fused", "--n", "1000", "--m", "4", "--g", "64",
                          "--repeat", "1", "--warmup", "0", "--json", "-"],
                         capture_output=True, text=True, check=True).stdout
    ref = json.loads(out)["validation"]["reference"]["total"]
    assert ref64.interp_total(1000, 4, 64, "random") == pytest.approx(ref, rel=1e-12)
