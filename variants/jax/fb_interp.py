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
- question_floor_rows_jit: question_jit with the cell as floor(x / dx),
             not the float floor division x // dx (a libm call an element
             in XLA's CPU code);
- batched:   the answer's Python loop over batches of B points calling the
             un-jitted question program, batched_jit the same calling the
             jitted one;
- lax_map:   jax.lax.map over the points with batch_size B, jitted;
- hoisted_rows, hoisted_map_rows, sorted_rows, scan_rows: the fast C
             variants' schedules (hoisted, hoisted in batches, sorted,
             tiled's loop order), below, each jitted.

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


# The question's program with one change: the cell as floor(x / dx) rather
# than the float floor division x // dx, which jnp computes through the
# remainder, and XLA's CPU code through libm's fmodf, once a point and
# interpolant (an HLO `remainder` of (N, M) elements, which XLA's own count
# takes for one flop each). The same cells, so the same sums.
@partial(vmap, in_axes=(None, 0))
def question_floor_values(x, p):
    xc = _clamped(x, p)
    ix = jnp.atleast_1d(jnp.array(jnp.floor(xc / p.dx), int))
    t = xc / p.dx - (ix + 0.5)
    return jnp.dot(lax.dynamic_slice(p.f, ix, (4,)), _weights(t))


@partial(vmap, in_axes=(0, None))
def question_floor_rows(x, p):
    return jnp.sum(question_floor_values(x, p) ** 2)


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
question_floor_rows_jit = jax.jit(question_floor_rows)
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


# ---- The C variants' schedules in JAX (issue 20) ----
#
# What the question's program throws away: every interpolant shares one grid,
# so a point's cell s and its four weights depend on the point only. These
# programs compute them from interpolant 0's grid parameters (the C's
# interp_shared_grid_setup refuses inputs that do not share a grid; here the
# inputs always do) and read the tables grid-major: row k of p.f.T holds
# F_i[k] for all M interpolants, so one point's four rows are four
# contiguous M-vectors. The transpose is made inside the compiled program,
# as the C variants make their grid-major copy inside the measured run.


def cell(x, a, dx, lb, ub, s_max):
    """The spec's window start s (int32, clamped to [0, s_max]) and offset
    t of x, in the C's order of operations (interp_cell)."""
    xc = jnp.minimum(jnp.maximum(x, lb), ub) - a
    r = xc / dx
    ix = jnp.floor(r)
    return jnp.clip(ix, 0, s_max).astype(jnp.int32), r - (ix + 0.5)


def _shared_cell(x, p):
    return cell(x, p.a[0], p.dx[0], p.lb[0], p.ub[0], p.f.shape[1] - 4)


def _window_sums(table, s, t):
    """sum_i v_i^2 of points with window starts s and offsets t (any shape)
    against the grid-major table (G+2, M): the four rows gathered and
    contracted with the weights."""
    # lesson:begin hoisted
    w = _weights(t[..., None])                        # (..., 4): once a point
    rows = table[s[..., None] + jnp.arange(4)]        # (..., 4, M): 4 rows
    v = jnp.einsum("...k,...km->...m", w, rows)       # (..., M) values
    return jnp.sum(v * v, axis=-1)
    # lesson:end


@jax.jit
def hoisted_rows(x, p):
    """interp hoisted: cell and weights once per point, grid-major rows."""
    s, t = _shared_cell(x, p)
    return _window_sums(p.f.T, s, t)


def _mapped_sums(table, s, t, batch):
    # lesson:begin hoisted_map
    return lax.map(lambda st: _window_sums(table, st[0], st[1]), (s, t),
                   batch_size=batch)                  # B points at a time
    # lesson:end


@partial(jax.jit, static_argnames="batch")
def hoisted_map_rows(x, p, batch):
    """hoisted in lax.map batches of B points: (B, 4, M) rows at a time."""
    s, t = _shared_cell(x, p)
    return _mapped_sums(p.f.T, s, t, batch)


@partial(jax.jit, static_argnames="batch")
def sorted_rows(x, p, batch):
    """interp sorted: the points' (s, t) sorted by cell, then hoisted_map,
    so that consecutive points read the same four rows (in cache). The sum
    over points is in sorted order (the per-point sums are hoisted's)."""
    # lesson:begin sorted
    s, t = _shared_cell(x, p)
    s, t = lax.sort((s, t), num_keys=1)               # by cell, t alongside
    return _mapped_sums(p.f.T, s, t, batch)
    # lesson:end


@jax.jit
def gram_rows(x, p):
    """interp gram: sum_i v_i^2 = w^T K_s w, K_s = the 4x4 block at (s, s) of
    the table's column Gram matrix F^T F, which needs only its four central
    diagonals: band d holds sum_i F_i[j] F_i[j+d]. Made once (four (G+2-d,)
    vectors); then each point's quadratic form in its four weights, ten
    entries of the bands gathered. No (N, M) array."""
    f, g2 = p.f, p.f.shape[1]                         # (M, G+2)
    # lesson:begin gram
    s, t = _shared_cell(x, p)
    band = [jnp.sum(f[:, :g2 - d] * f[:, d:], axis=0) for d in range(4)]  # once
    w = _weights(t[:, None])                          # (N, 4): once a point
    q = sum(w[:, k] * w[:, k] * band[0][s + k] for k in range(4))
    q += 2 * sum(w[:, k] * w[:, l] * band[l - k][s + k]
                 for k in range(4) for l in range(k + 1, 4))
    return q                                          # (N,): sum over i
    # lesson:end


@jax.jit
def scan_rows(x, p):
    """interp tiled's loop order: a loop over the M interpolants, each adding
    its squared values at all N points into an (N,) accumulator (O(N) live
    memory); each interpolant's own grid parameters and table row, as the
    tiled C variant reads them."""
    s_max = p.f.shape[1] - 4

    # lesson:begin scan
    def one(i, acc):                                  # interpolant i, N points
        s, t = cell(x, p.a[i], p.dx[i], p.lb[i], p.ub[i], s_max)
        f = p.f[i]                                    # (G+2,): stays in cache
        v = jnp.sum(f[s[:, None] + jnp.arange(4)] * _weights(t[:, None]), axis=1)
        return acc + v * v

    return lax.fori_loop(0, p.f.shape[0], one, jnp.zeros_like(x))
    # lesson:end

