"""fb_programs: the table of JAX programs the driver runs, one entry each.

An entry names its workload, the idiom it is (one line) and the C variant
that stands for it, and builds a Prog for given options:
- call():   one run of the program as timed (not waited for);
- jitted:   (compiled function, args, static kwargs) for XLA's memory
            analysis, or None for a program that is not compiled as a whole;
- jit_of:   what that compiled function is (the whole program, one batch,
            one step);
- jit_calls: how many calls of it one timed call makes (K for the Python
            loop of steps; N over the batch for the batches, a last
            partial batch as its share);
- traced:   (function, args) whose jaxpr is counted;
- result(out): the digest figures by the spec's names, from a call's output
            (single-step colony programs run the K steps here, untimed);
- check():  after result, a message when the run must fail (the cell list's
            overflow), else None;
- notes:    figures of the program's own (a batch size, a capacity) for the
            report.

Limits: inputs are built once per Prog and stay on the device for all calls.
"""
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np

import fb_cells as cells
import fb_colony as col
import fb_interp as itp
from fb_inputs import InterpParams, colony_box, colony_initial, interp_inputs


@dataclass
class Prog:
    call: Callable[[], Any]
    result: Callable[[Any], dict]
    traced: tuple
    jitted: Optional[tuple] = None
    jit_of: str = "the whole program"
    jit_calls: float = 1.0
    check: Callable[[], Optional[str]] = lambda: None
    notes: dict = field(default_factory=dict)


@dataclass
class Entry:
    workload: str
    idiom: str
    c_variant: str
    build: Callable


def interp_data(o):
    x, p = interp_inputs(o.n, o.m, o.g, o.preset, o.seed)
    return jnp.asarray(x), InterpParams(*(jnp.asarray(v) for v in p))


def _rows_total(out):
    return {"total": float(np.asarray(out, dtype=np.float64).sum())}


def _interp_whole(fn, compiled):
    def build(o):
        x, p = interp_data(o)
        return Prog(call=lambda: fn(x, p), result=_rows_total,
                    traced=(fn, (x, p)), jitted=(fn, (x, p), {}) if compiled else None)
    return build


def _interp_batched(fn, compiled):
    def build(o):
        x, p = interp_data(o)
        first = (x[:o.chunk], p)
        return Prog(call=lambda: itp.batched_total(fn, x, p, o.chunk),
                    result=lambda out: {"total": float(out)},
                    traced=(fn, first), jitted=(fn, first, {}) if compiled else None,
                    jit_of=f"one batch of {min(o.chunk, o.n)} points",
                    jit_calls=o.n / min(o.chunk, o.n))
    return build


def _interp_lax_map(o):
    x, p = interp_data(o)
    fn = partial(itp.lax_map_rows, batch=o.chunk)
    return Prog(call=lambda: fn(x, p), result=_rows_total, traced=(fn, (x, p)),
                jitted=(itp.lax_map_rows, (x, p), {"batch": o.chunk}))


def l2_cache_bytes(default=256 * 1024):
    """The L2 cache of CPU 0 from sysfs, or default when it is not there."""
    try:
        with open("/sys/devices/system/cpu/cpu0/cache/index2/size") as f:
            text = f.read().strip()
        scale = {"K": 1024, "M": 1024 * 1024}.get(text[-1:], 1)
        return int(text.rstrip("KM")) * scale
    except (OSError, ValueError):
        return default


def cache_batch(m):
    """Points per batch whose four gathered rows, 16 M bytes a point, fill
    the L2 cache: the batch that the (B, 4, M) gather keeps in cache (as the
    C tiled variant derives its tile from the L1 size)."""
    # lesson:begin hoisted_cache
    # hoisted_map_rows(x, p, batch=B) with B from the L2 cache: one batch's
    # (B, 4, M) gathered rows are then written and read in cache instead of
    # going out to memory and back (at B = 10,000 they are 48 MB a batch).
    rows_bytes = 4 * m * 4                            # a point's 4 rows of M
    return max(8, l2_cache_bytes() // rows_bytes)     # B points fill the L2
    # lesson:end


def _interp_jit(fn, batch=None):
    """A jitted whole program; batch(o) gives its static batch size."""
    def build(o):
        x, p = interp_data(o)
        kw = {} if batch is None else {"batch": min(batch(o), o.n)}
        f = partial(fn, **kw)
        return Prog(call=lambda: f(x, p), result=_rows_total, traced=(f, (x, p)),
                    jitted=(fn, (x, p), kw), notes=dict(kw))
    return build


def colony_data(o):
    pos, theta, a = colony_initial(o.n, o.seed)
    state = tuple(jnp.asarray(v) for v in (pos, theta, a, np.zeros_like(pos)))
    return state, jnp.float32(colony_box(o.n))


def colony_digest(state, first):
    f, t, r = (np.asarray(v, dtype=np.float64) for v in first)
    disp, a = np.asarray(state[3], np.float64), np.asarray(state[2], np.float64)
    return {"sum_abs_F": float(np.abs(f).sum()), "sum_abs_T": float(np.abs(t).sum()),
            "sum_rho": float(r.sum()), "sum_disp": float(np.abs(disp).sum()),
            "mean_a": float(a.mean())}


def _advance(step_fn, state, box, steps):
    first = None
    for k in range(steps):
        state, sums = step_fn(state, box)
        first = sums if k == 0 else first
    return state, first


def _pair_step(state, box):
    """A step around the jitted pair function, the rest op by op."""
    pos, u = col.step_begin(state[0], state[1], box)
    forces, torques, density = col.pair_arrays_jit(pos, u, state[2], box)
    sums = (forces.sum(axis=1), torques.sum(axis=1), density.sum(axis=1))
    return col.step_end((pos,) + tuple(state[1:]), u, sums, box), sums


def _colony_pair(o):
    state, box = colony_data(o)
    pos, u = col.step_begin(state[0], state[1], box)
    args = (pos, u, state[2], box)
    return Prog(call=lambda: col.pair_arrays_jit(*args),
                result=lambda out: colony_digest(*_advance(_pair_step, state, box, o.steps)),
                traced=(col.pair_arrays_jit, args),
                jitted=(col.pair_arrays_jit, args, {}), jit_of="the pair function")


def _colony_step(sums_fn, compiled):
    def build(o):
        state, box = colony_data(o)
        fn = partial(col.step_jit if compiled else col.step, sums_fn=sums_fn)
        return Prog(call=lambda: fn(state, box),
                    result=lambda out: colony_digest(*_advance(fn, state, box, o.steps)),
                    traced=(fn, (state, box)),
                    jitted=(col.step_jit, (state, box), {"sums_fn": sums_fn})
                    if compiled else None, jit_of="one step")
    return build


def _colony_loop(o):
    state, box = colony_data(o)
    fn = partial(col.step_jit, sums_fn=col.double_vmap_sums)
    return Prog(call=lambda: _advance(fn, state, box, o.steps),
                result=lambda out: colony_digest(*out), traced=(fn, (state, box)),
                jitted=(col.step_jit, (state, box), {"sums_fn": col.double_vmap_sums}),
                jit_of="one step (called K times from Python)", jit_calls=o.steps)


def _colony_fori(o):
    state, box = colony_data(o)
    fn = partial(col.run_fori, steps=o.steps)
    return Prog(call=lambda: fn(state, box), result=lambda out: colony_digest(*out),
                traced=(fn, (state, box)), jitted=(col.run_fori, (state, box),
                                                   {"steps": o.steps}))


def _colony_chunked(o):
    b = min(o.chunk, o.n)
    build = _colony_step(partial(col.chunked_sums, batch=b), True)
    prog = build(o)
    prog.notes = {"batch": b}
    return prog


def _colony_cells(o):
    state, box = colony_data(o)
    nc = cells.cell_side(box)
    cap = o.cap or cells.default_capacity(state[0], box)
    fn = partial(cells.step_cells, nc=nc, cap=cap)
    # What the run found, for the report; the overflow is filled by result.
    seen = {"cells_per_side": nc, "capacity": cap, "candidates_per_particle": 9 * cap,
            "overflow": 0}

    def advance(out):
        # The timed calls all start from the initial state, as the first
        # did: its overflow stands for theirs; the K steps add their own.
        seen["overflow"] = max(seen["overflow"], int(out[2]))
        st, first = state, None
        for k in range(o.steps):
            st, sums, over = fn(st, box)
            first = sums if k == 0 else first
            seen["overflow"] = max(seen["overflow"], int(over))
        return colony_digest(st, first)

    def check():
        if seen["overflow"] > 0:
            return (f"cell list overflow: {seen['overflow']} particles found their "
                    f"cell full (capacity {cap}); their pairs would be missing. "
                    f"Run again with a larger --cap")
        return None

    return Prog(call=lambda: fn(state, box), result=advance, check=check,
                traced=(fn, (state, box)),
                jitted=(cells.step_cells, (state, box), {"nc": nc, "cap": cap}),
                jit_of="one step",
                notes=seen)


PROGRAMS = {
    "question": Entry("interp", "the question's nested vmap, un-jitted (op by op)",
                      "eager", _interp_whole(itp.question_rows, False)),
    "rewrite": Entry("interp", "the answer's first rewrite (sum in the inner map), un-jitted",
                     "eager", _interp_whole(itp.rewrite_rows, False)),
    "question_jit": Entry("interp", "the question's program under jax.jit",
                          "fused", _interp_whole(itp.question_rows_jit, True)),
    "rewrite_jit": Entry("interp", "the answer's first rewrite under jax.jit",
                         "fused", _interp_whole(itp.rewrite_rows_jit, True)),
    "question_floor": Entry("interp", "question_jit with the cell as floor(x / dx), "
                            "not x // dx (no libm fmodf an element)",
                            "fused", _interp_whole(itp.question_floor_rows_jit, True)),
    "batched": Entry("interp", "Python loop over batches of B points, un-jitted program",
                     "chunked (eager inside each batch)",
                     _interp_batched(itp.question_rows, False)),
    "batched_jit": Entry("interp", "Python loop over batches of B points, jitted program",
                         "chunked", _interp_batched(itp.question_rows_jit, True)),
    "lax_map": Entry("interp", "jit of lax.map over the points with batch_size B",
                     "chunked", _interp_lax_map),
    "hoisted": Entry("interp", "jit: cell and weights once per point, grid-major "
                     "rows gathered and contracted (einsum)", "hoisted",
                     _interp_jit(itp.hoisted_rows)),
    "hoisted_map": Entry("interp", "hoisted in lax.map batches of B points",
                         "hoisted (in batches of B points)",
                         _interp_jit(itp.hoisted_map_rows, lambda o: o.chunk)),
    "hoisted_cache": Entry("interp", "hoisted in lax.map batches sized so that "
                           "their (B, 4, M) rows fill the L2 cache",
                           "hoisted (batches sized for the L2 cache)",
                           _interp_jit(itp.hoisted_map_rows, lambda o: cache_batch(o.m))),
    "sorted": Entry("interp", "the points' cells sorted (lax.sort), then hoisted_map",
                    "sorted", _interp_jit(itp.sorted_rows, lambda o: o.chunk)),
    "gram": Entry("interp", "jit: four diagonals of the table's column Gram "
                  "matrix, made once, then each point's quadratic form in its "
                  "four weights",
                  "gram", _interp_jit(itp.gram_rows)),
    "scan": Entry("interp", "fori_loop over the M interpolants into an (N,) "
                  "accumulator (tiled's loop order, O(N) live)",
                  "tiled (interpolant by interpolant)", _interp_jit(itp.scan_rows)),
    "pair": Entry("colony", "the double-vmap pair function alone under jit (N x N outputs)",
                  "naive (compiled, three N x N outputs)", _colony_pair),
    "step": Entry("colony", "one jitted step containing the double vmap and the sums",
                  "fused", _colony_step(col.double_vmap_sums, True)),
    "step_eager": Entry("colony", "one step with the double vmap, un-jitted (op by op)",
                        "eager (op by op)", _colony_step(col.double_vmap_sums, False)),
    "per_particle": Entry("colony", "the answer's per-particle sum (vmap over i of a sum over j), jitted step",
                          "fused", _colony_step(col.per_particle_sums, True)),
    "loop": Entry("colony", "K jitted steps called from a Python loop",
                  "fused, K steps", _colony_loop),
    "fori": Entry("colony", "K steps as one jitted lax.fori_loop",
                  "fused, K steps", _colony_fori),
    "chunked": Entry("colony", "one jitted step, the per-particle sums in lax.map "
                     "batches of B particles", "chunked", _colony_chunked),
    "cells": Entry("colony", "one jitted step through a fixed-capacity cell list "
                   "(jax_md style), 3 x 3 periodic neighbourhood, overflow reported",
                   "cells", _colony_cells),
}


def block(out):
    return jax.block_until_ready(out)
