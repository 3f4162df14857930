"""fb_programs: the table of JAX programs the driver runs, one entry each.

An entry names its workload, the idiom it is (one line) and the C variant
that stands for it, and builds a Prog for given options:
- call():   one run of the program as timed (not waited for);
- jitted:   (compiled function, args, static kwargs) for XLA's memory
            analysis, or None for a program that is not compiled as a whole;
- jit_of:   what that compiled function is (the whole program, one batch,
            one step);
- traced:   (function, args) whose jaxpr is counted;
- result(out): the digest figures by the spec's names, from a call's output
            (single-step colony programs run the K steps here, untimed).

Limits: inputs are built once per Prog and stay on the device for all calls.
"""
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np

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
                    jit_of=f"one batch of {min(o.chunk, o.n)} points")
    return build


def _interp_lax_map(o):
    x, p = interp_data(o)
    fn = partial(itp.lax_map_rows, batch=o.chunk)
    return Prog(call=lambda: fn(x, p), result=_rows_total, traced=(fn, (x, p)),
                jitted=(itp.lax_map_rows, (x, p), {"batch": o.chunk}))


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
                jit_of="one step (called K times from Python)")


def _colony_fori(o):
    state, box = colony_data(o)
    fn = partial(col.run_fori, steps=o.steps)
    return Prog(call=lambda: fn(state, box), result=lambda out: colony_digest(*out),
                traced=(fn, (state, box)), jitted=(col.run_fori, (state, box),
                                                   {"steps": o.steps}))


PROGRAMS = {
    "question": Entry("interp", "the question's nested vmap, un-jitted (op by op)",
                      "eager", _interp_whole(itp.question_rows, False)),
    "rewrite": Entry("interp", "the answer's first rewrite (sum in the inner map), un-jitted",
                     "eager", _interp_whole(itp.rewrite_rows, False)),
    "question_jit": Entry("interp", "the question's program under jax.jit",
                          "fused", _interp_whole(itp.question_rows_jit, True)),
    "rewrite_jit": Entry("interp", "the answer's first rewrite under jax.jit",
                         "fused", _interp_whole(itp.rewrite_rows_jit, True)),
    "batched": Entry("interp", "Python loop over batches of B points, un-jitted program",
                     "chunked (eager inside each batch)",
                     _interp_batched(itp.question_rows, False)),
    "batched_jit": Entry("interp", "Python loop over batches of B points, jitted program",
                         "chunked", _interp_batched(itp.question_rows_jit, True)),
    "lax_map": Entry("interp", "jit of lax.map over the points with batch_size B",
                     "chunked", _interp_lax_map),
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
}


def block(out):
    return jax.block_until_ready(out)
