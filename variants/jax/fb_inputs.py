"""fb_inputs: the workloads' inputs as numpy arrays, exactly as the spec
(docs/workloads.md) and the C harness make them.

SplitMix64 is counter based: draw k (0-based) of a stream seeded with s uses
the state s + (k+1) * 0x9E3779B97F4A7C15 mod 2^64, so a whole stream is a few
vectorized uint64 operations. Everything here is numpy only (no JAX), so the
float64 test reference can share the generator without sharing the kernels.

Limits: the interp table holds M * (G+2) float32 values and the stream N
uint64 values at a time; nothing is chunked.
"""
import math
from collections import namedtuple

import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)

# The colony constants of the spec, float32 where the kernels use them.
COLONY = dict(L=2.0, R=0.5, k_cc=50.0, F_prop=1.0, T_prop=0.05, w_a=1.0,
              R_s=4.0, a_th=0.5, gamma=1.0, dt=0.01, phi=0.25)

InterpParams = namedtuple("InterpParams", ["a", "dx", "f", "lb", "ub"])


def splitmix_stream(seed, count):
    """The first `count` outputs z of the SplitMix64 stream, as uint64."""
    k = np.arange(1, count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + k * GOLDEN
        z = (z ^ (z >> np.uint64(30))) * MIX1
        z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


def splitmix_float32(seed, count):
    """float32 uniforms in [0,1): (z >> 40) * 2^-24, exact in float32."""
    z = splitmix_stream(seed, count)
    return (z >> np.uint64(40)).astype(np.float32) * np.float32(2.0**-24)


def interp_inputs(n, m, g, preset="random", seed=42):
    """The points x (N,) and the M interpolants' parameters, each field with
    a leading axis of M as the question's vmapped initializer makes them:
    a, dx, lb, ub (M,) and the zero-padded tables f (M, G+2), all float32.
    The grid nodes are k*dx in double with dx rounded to float32, and each
    node value is computed in double and rounded once, as the C does."""
    if preset == "seed":
        x = np.zeros(n, dtype=np.float32)
    elif preset == "random":
        x = splitmix_float32(seed, n)
    else:
        raise ValueError(f"preset {preset!r}: seed or random")
    dx = np.float32(1.0 / (g - 1))
    a = np.float32(0.0)
    nodes = np.arange(g, dtype=np.float64) * np.float64(dx)
    i = np.arange(m, dtype=np.float64)[:, None]
    if preset == "seed":
        vals = np.broadcast_to(nodes * nodes, (m, g))
    else:
        freq = 1.0 + (np.arange(m) % 7)[:, None]
        vals = np.sin(2.0 * math.pi * freq * nodes) + i / m
    f = np.zeros((m, g + 2), dtype=np.float32)
    f[:, 1:-1] = vals.astype(np.float32)
    ub = np.float32(a + np.float32(g + 1) * dx)
    full = lambda v: np.full(m, v, dtype=np.float32)  # noqa: E731
    return x, InterpParams(a=full(a), dx=full(dx), f=f, lb=full(a), ub=full(ub))


def colony_box(n):
    """The box side S = sqrt(N (2RL + pi R^2) / phi), rounded to float32."""
    c = COLONY
    return np.float32(math.sqrt(
        n * (2 * c["R"] * c["L"] + math.pi * c["R"] ** 2) / c["phi"]))


def colony_initial(n, seed=42):
    """The spec's initial state: positions (N,2), theta, activity (N,),
    from four float32 uniforms per bacterium in order, scaled in float32."""
    u = splitmix_float32(seed, 4 * n).reshape(n, 4)
    box = colony_box(n)
    pos = np.stack([box * u[:, 0], box * u[:, 1]], axis=1)
    theta = np.float32(2.0 * math.pi) * u[:, 2]
    return pos.astype(np.float32), theta.astype(np.float32), u[:, 3].copy()
