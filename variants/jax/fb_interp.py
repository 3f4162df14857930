"""fb_interp: the interp question's program and the answer's rewrites, in JAX.

Written from the spec's formula in the idioms the question and its answer
use (nested vmap over points and interpolants, dynamic_slice for the 4-point
window, the floor division for the cell). Every program maps the N points
(N,) float32 to the per-point sums over the M interpolants of v_i(x)^2, or
(the batched loops) to their float32 batch totals; the driver adds them up in
float64, as the spec's grand total is.

- question:  nested vmap exactly as asked (the index made 1-d with
             atleast_1d, the square and the sum over M inside the function
             mapped over the points), run op by op, not compiled as a whole;
- rewrite:   the answer's first rewrite (one interpolant at one point,
             scalar index; the inner map and the sum of squares in a
             function mapped over the points), op by op;
- *_jit:     each of them under jax.jit;
- batched:   the answer's Python loop over batches of B points calling the
             un-jitted question program, batched_jit the same calling the
             jitted one;
- lax_map:   jax.lax.map over the points with batch_size B, jitted.

Limits: float32 (JAX's default; x64 is not enabled), so the question's `int`
index is int32 and N * M must stay below 2^31 for the gathers.
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax, vmap

COEF = dict(
    A=(-1.0 / 16, 9.0 / 16, 9.0 / 16, -1.0 / 16),
    B=(1.0 / 24, -9.0 / 8, 9.0 / 8, -1.0 / 24),
    C=(1.0 / 4, -1.0 / 4, -1.0 / 4, 1.0 / 4),
    D=(-1.0 / 6, 1.0 / 2, -1.0 / 2, 1.0 / 6),
)


def _weights(t):
    A, B, C, D = (jnp.array(COEF[k]) for k in "ABCD")
    return A + t * (B + t * (C + t * D))


def _clamped(x, p):
    return jnp.minimum(jnp.maximum(x, p.lb), p.ub) - p.a


# The question's form: the index is made an array of one element, so t has
# shape (1,) and broadcasts against the four coefficients.
@partial(vmap, in_axes=(None, 0))
def question_values(x, p):
    xc = _clamped(x, p)
    ix = jnp.atleast_1d(jnp.array(xc // p.dx, int))
    t = xc / p.dx - (ix + 0.5)
    return jnp.dot(lax.dynamic_slice(p.f, ix, (4,)), _weights(t))


@partial(vmap, in_axes=(0, None))
def question_rows(x, p):
    return jnp.sum(question_values(x, p) ** 2)


# The answer's first rewrite: one interpolant at one point with a scalar
# index, the map over the interpolants and the sum inside the function that
# is mapped over the points.
def rewrite_value(x, p):
    xc = _clamped(x, p)
    ix = jnp.array(xc // p.dx, dtype=int)
    t = xc / p.dx - (ix + 0.5)
    return jnp.dot(lax.dynamic_slice(p.f, (ix,), (4,)), _weights(t))


def rewrite_row(x, p):
    return jnp.sum(vmap(rewrite_value, in_axes=(None, 0))(x, p) ** 2)


rewrite_rows = vmap(rewrite_row, in_axes=(0, None))

question_rows_jit = jax.jit(question_rows)
rewrite_rows_jit = jax.jit(rewrite_rows)


def batched_total(fn, x, p, batch):
    """The answer's loop: float32 batch sums of fn's rows, added as JAX
    scalars; the last batch holds the remainder."""
    n = x.shape[0]
    total = 0.0
    for i in range(n // batch):
        total += jnp.sum(fn(x[i * batch:(i + 1) * batch], p))
    if n % batch != 0:
        total += jnp.sum(fn(x[(n // batch) * batch:], p))
    return total


@partial(jax.jit, static_argnames="batch")
def lax_map_rows(x, p, batch):
    return lax.map(lambda xi: rewrite_row(xi, p), x, batch_size=batch)
