"""fb_colony: the colony question's time step and the answer's rewrite, in JAX.

The pair term of j on i is one scalar function (pair_term), written from the
spec in the frame centred on c_i; the schedules differ only in how it is
mapped and where the sums over j happen:

- pair_arrays:  the question's double vmap over (i, j), returning the three
                N x N results (forces (N,N,2), torques and density (N,N));
- step:         one time step that sums those arrays over j (the question's
                jitted step, with the double vmap inside);
- step with per_particle_sums: the answer's form, a vmap over i of the sum
                over j of a vmap over j;
- run_fori:     K steps as one lax.fori_loop;
- chunked_sums: the C variant chunked's schedule, the per-particle sums in
                lax.map batches of B particles (the cell list, the C
                variant cells, is fb_cells).

The state is (pos (N,2), theta (N,), activity (N,), disp (N,2)); disp adds up
every move v*dt, never wrapped, for the digest's sum_disp. A step also
returns its pair sums (F_int (N,2), T_int (N,), rho (N,)), from which the
driver takes the first step's digest figures.

Limits: float32; the double vmap holds 16 N^2 bytes of results at once
(whatever XLA makes of it under jit), so N of a few thousand at most.
"""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, vmap

from fb_inputs import COLONY

L, R = COLONY["L"], COLONY["R"]
TWO_PI = float(np.float32(2.0 * math.pi))


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def _norm(u):
    return jnp.sqrt(_dot(u, u))


def _segment_contact(d, ui, uj):
    """Closest points of rod i (centred at 0) and rod j (centred at d):
    k_i relative to c_i and n = k_i - k_j."""
    h = L / 2
    pi, qi = h * ui, -h * ui
    pj, qj = d + h * uj, d - h * uj
    d1, d2, r = qi - pi, qj - pj, pi - pj
    aa, ee, ff = _dot(d1, d1), _dot(d2, d2), _dot(d2, r)
    cc, bb = _dot(d1, r), _dot(d1, d2)
    den = aa * ee - bb * bb
    skew = den > 1e-6 * aa * ee
    s = jnp.where(skew, jnp.clip((bb * ff - cc * ee) / jnp.where(skew, den, 1.0),
                                 0.0, 1.0), 0.0)
    t = (bb * s + ff) / ee
    s = jnp.where(t < 0, jnp.clip(-cc / aa, 0.0, 1.0),
                  jnp.where(t > 1, jnp.clip((bb - cc) / aa, 0.0, 1.0), s))
    t = jnp.clip(t, 0.0, 1.0)
    ki = pi + s * d1
    return ki, ki - (pj + t * d2)


def pair_term(i, ci, ui, j, cj, uj, aj, box):
    """Force (2,), torque and density of j on i; zero when j is i."""
    d = cj - ci
    d = d - box * jnp.floor(d / box + 0.5)
    ki, n = _segment_contact(d, ui, uj)
    dist, dlen = _norm(n), _norm(d)
    crossing = dist < 1e-4
    unit = jnp.where(crossing, -d / jnp.where(dlen > 0, dlen, 1.0),
                     n / jnp.where(crossing, 1.0, dist))
    dist = jnp.where(crossing, 0.0, dist)
    touch = (dist < 2 * R) & (dlen > 0) & (i != j)
    force = jnp.where(touch, COLONY["k_cc"] * (2 * R - dist), 0.0) * unit
    torque = ki[0] * force[1] - ki[1] * force[0]
    w = jnp.maximum(0.0, 1.0 - dlen / COLONY["R_s"])
    rho = jnp.where(i != j, COLONY["w_a"] * aj * w * w, 0.0)
    return force, torque, rho


# The question's double map: every (i, j) pair at once, (N, N) results.
_over_j = vmap(pair_term, in_axes=(None, None, None, 0, 0, 0, 0, None))
_over_ij = vmap(_over_j, in_axes=(0, 0, 0, None, None, None, None, None))


def pair_arrays(pos, u, a, box):
    idx = jnp.arange(pos.shape[0])
    return _over_ij(idx, pos, u, idx, pos, u, a, box)


pair_arrays_jit = jax.jit(pair_arrays)


def double_vmap_sums(pos, u, a, box):
    forces, torques, density = pair_arrays(pos, u, a, box)
    return forces.sum(axis=1), torques.sum(axis=1), density.sum(axis=1)


def per_particle_sums(pos, u, a, box):
    """The answer's form: for each i, the sum over j of the mapped pair."""
    idx = jnp.arange(pos.shape[0])

    def one(i, ci, ui):
        f, t, r = _over_j(i, ci, ui, idx, pos, u, a, box)
        return f.sum(axis=0), t.sum(axis=0), r.sum(axis=0)

    return vmap(one)(idx, pos, u)


def chunked_sums(pos, u, a, box, batch):
    """colony chunked: the per-particle sums B particles at a time, so that
    one block's (B, N) pair terms are what is live (lax.map's batch_size)."""
    idx = jnp.arange(pos.shape[0])

    # lesson:begin chunked
    def one(row):                                     # particle i, every j
        f, t, r = _over_j(*row, idx, pos, u, a, box)
        return f.sum(axis=0), t.sum(axis=0), r.sum(axis=0)

    return lax.map(one, (idx, pos, u), batch_size=batch)   # (B, N) pairs live
    # lesson:end


def _wrap(v, period):
    v = v - period * jnp.floor(v / period)
    return jnp.where((v >= period) | (v < 0), 0.0, v)


def step_begin(pos, theta, box):
    """Spec steps 1-2: centres wrapped, axes from the angles."""
    return _wrap(pos, box), jnp.stack([jnp.cos(theta), jnp.sin(theta)], axis=1)


def step_end(state, u, sums, box):
    """Spec steps 4-7 from the pair sums."""
    pos, theta, a, disp = state
    f_int, t_int, rho = sums
    c = COLONY
    force = f_int + c["F_prop"] * a[:, None] * u
    torque = t_int + c["T_prop"] * a
    move = force * (c["dt"] / (c["gamma"] * L))
    spin = torque * (12.0 * c["dt"] / (c["gamma"] * L ** 3))
    a_new = jnp.clip(rho / c["a_th"], 0.0, 1.0)
    return (_wrap(pos + move, box), _wrap(theta + spin, TWO_PI), a_new,
            disp + move)


def step(state, box, sums_fn=double_vmap_sums):
    """One time step: (new state, this step's pair sums)."""
    pos, u = step_begin(state[0], state[1], box)
    state = (pos,) + tuple(state[1:])
    sums = sums_fn(pos, u, state[2], box)
    return step_end(state, u, sums, box), sums


step_jit = jax.jit(step, static_argnames="sums_fn")


@partial(jax.jit, static_argnames=("steps", "sums_fn"))
def run_fori(state, box, steps, sums_fn=double_vmap_sums):
    """K steps as one fori_loop; carries the first step's pair sums too."""
    n = state[0].shape[0]
    zero = (jnp.zeros((n, 2)), jnp.zeros(n), jnp.zeros(n))

    def body(k, carry):
        st, first = carry
        st, sums = step(st, box, sums_fn)
        first = tuple(jnp.where(k == 0, s, f) for s, f in zip(sums, first))
        return st, first

    return lax.fori_loop(0, steps, body, (state, zero))
