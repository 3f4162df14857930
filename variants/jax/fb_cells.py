"""fb_cells: colony's cell list in JAX, the C variant `cells` (issue 20).

The box is cut into nc x nc cells of side S/nc >= r_cut (nc = floor(S /
r_cut), as colony_cells_per_side makes it), and each particle meets only the
particles of its 3 x 3 periodic neighbourhood, through the same pair_term as
every other program. A cell list in JAX has static shapes, so it is built
the way jax_md.partition.cell_list builds one: a table of nc^2 cells of a
fixed capacity C (particle ids, N for an empty slot), filled from a stable
sort of the particles by cell. Each particle then evaluates 9 C candidate
pairs, empty slots masked out: O(N C) work and memory, against the all-pairs
programs' O(N^2).

A particle that finds its cell full has no slot: it would be missing from
its neighbours' sums. The step counts such particles and returns the count
(`overflow`); run.py fails the run when any call or step of it reported one,
so an overflow is never a silently wrong answer. The capacity is static (a
new capacity recompiles): default_capacity takes it from the initial state.

Limits: needs nc >= 3 (a box of at least 3 r_cut, N of about 13 or more), or
the neighbourhood would visit a cell twice; cell_side refuses smaller boxes.
"""
import math
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap

import fb_colony as col

R_CUT = max(col.L + 2 * col.R, col.COLONY["R_s"])
# Offsets of the 3 x 3 neighbourhood, (dy, dx).
_NEIGHBOURS = jnp.array([(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])


def cell_side(box):
    """nc, the cells per side of a float32 box; ValueError below 3."""
    nc = int(math.floor(float(box) / R_CUT))
    if nc < 3:
        raise ValueError(f"box side {float(box):.2f} is smaller than 3 cells of "
                         f"r_cut {R_CUT:g}: the cell list needs N of about 13 or more")
    return nc


def cells_of(pos, box, nc):
    """Each particle's cell (x, y) as int32 (N, 2), as the C makes it: the
    centre times nc/S truncated, a centre that rounds to nc put in nc - 1."""
    scale = jnp.float32(nc) * (jnp.float32(1.0) / box)
    return jnp.minimum((pos * scale).astype(jnp.int32), nc - 1)


def cell_table(cxy, nc, cap):
    """The (nc^2, cap) table of particle ids (N in an empty slot) and the
    number of particles that did not fit."""
    n = cxy.shape[0]
    cell = cxy[:, 1] * nc + cxy[:, 0]
    # lesson:begin cells
    order = jnp.argsort(cell, stable=True)            # particles by cell
    sorted_cell = cell[order]
    first = jnp.searchsorted(sorted_cell, jnp.arange(nc * nc, dtype=cell.dtype))
    slot = jnp.arange(n) - first[sorted_cell]         # rank within its cell
    overflow = jnp.sum(slot >= cap)                   # reported, never dropped
    table = jnp.full((nc * nc, cap), n, jnp.int32).at[sorted_cell, slot].set(
        order.astype(jnp.int32), mode="drop")
    # lesson:end
    return table, overflow


def cells_sums(pos, u, a, box, nc, cap):
    """F_int, T_int, rho over each particle's 3 x 3 neighbourhood, and the
    overflow count."""
    n = pos.shape[0]
    cxy = cells_of(pos, box, nc)
    table, overflow = cell_table(cxy, nc, cap)
    # The 9 cells around each particle (periodic), their slots as candidates.
    around = (cxy[:, None, ::-1] + _NEIGHBOURS[None]) % nc      # (N, 9, (y, x))
    cand = table[around[..., 0] * nc + around[..., 1]].reshape(n, 9 * cap)
    # An empty slot (id N) reads a padded particle and is masked out.
    pos_p, u_p, a_p = (jnp.concatenate([v, jnp.zeros((1,) + v.shape[1:], v.dtype)])
                       for v in (pos, u, a))

    def one(i, ci, ui, js):
        f, t, r = vmap(col.pair_term, in_axes=(None, None, None, 0, 0, 0, 0, None))(
            i, ci, ui, js, pos_p[js], u_p[js], a_p[js], box)
        real = js < n                                 # not an empty slot
        return (jnp.where(real[:, None], f, 0.0).sum(axis=0),
                jnp.where(real, t, 0.0).sum(), jnp.where(real, r, 0.0).sum())

    return vmap(one)(jnp.arange(n), pos, u, cand), overflow


def default_capacity(pos, box):
    """A capacity for a state: its fullest cell's count times 1.25, plus one
    (jax_md's capacity_multiplier; room for particles that move in during a
    run of steps)."""
    import numpy as np

    nc = cell_side(box)
    cxy = np.asarray(cells_of(jnp.asarray(pos), box, nc))
    counts = np.bincount(cxy[:, 1] * nc + cxy[:, 0], minlength=nc * nc)
    return int(math.ceil(1.25 * counts.max())) + 1


@partial(jax.jit, static_argnames=("nc", "cap"))
def step_cells(state, box, nc, cap):
    """One time step through the cell list: (new state, pair sums, overflow)."""
    pos, u = col.step_begin(state[0], state[1], box)
    state = (pos,) + tuple(state[1:])
    sums, overflow = cells_sums(pos, u, state[2], box, nc, cap)
    return col.step_end(state, u, sums, box), sums, overflow
