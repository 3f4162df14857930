"""fix: where the peak's large axis comes from, and the peak under a fix.

origin(): the batch axis of the array at the peak (its largest axis that
is an argument's leading axis, else its largest) is named by the first of: the vmap whose call made it (the user's frame, outside the innermost,
whose source line calls vmap), an argument's axis of that size (its pytree
path), or the first equation that made an array with that axis.

batched(): fn with every argument leaf whose leading axis is B cut into
B/k batches of k and run through lax.map (a scan): what
lax.map(g, xs, batch_size=k) does for fn = vmap(g). Valid where fn treats
rows independently and every output keeps the leading axis; the measured
fix (--try-fix) compares its outputs with fn's.

suggest(): the largest divisor k of B whose batched program's predicted
op-by-op peak (the walk of liveness.py on it, inputs included) fits the
budget, found by bisection over the divisors (a peak grows with k).
checkpoint(): for a grad, the peak with each layer under jax.checkpoint,
modelled from the residuals and the forward dots (see its comment).

Limits: a model; the batched program's peak is that of one iteration
of its scan, which XLA compiles (it may fuse below the walk).
"""
import linecache

import jax
from jax import lax

from . import liveness as L


def batch_sizes(walk, v):
    """v's axis sizes that are an argument leaf's leading axis (what a vmap
    maps over), largest first; else v's largest axis alone."""
    leading = {walk.values[i].shape[0] for i in walk.input_ids if walk.values[i].shape}
    return sorted({d for d in v.shape if d in leading and d > 1}, reverse=True) or \
        ([max(v.shape)] if v.shape else [])


def origin(walk, v, size):
    """{"axis_size", "kind" (vmap, argument, op), "where", "text"}: where
    v's axis of size comes from."""
    for file, line, fn in v.stack[1:]:
        text = linecache.getline(file, line).strip()
        if "vmap" in text:
            return {"axis_size": size, "kind": "vmap", "where": f"{file}:{line} ({fn})",
                    "text": text}
    if "vmap(" in v.transforms and len(v.stack) > 1:
        # A vmapped function made elsewhere (predict = jax.vmap(f) at module
        # level) and called here: the call is the line to change.
        file, line, fn = v.stack[1]
        return {"axis_size": size, "kind": "vmap call", "where": f"{file}:{line} ({fn})",
                "text": linecache.getline(file, line).strip()}
    for vid in walk.input_ids:
        a = walk.values[vid]
        if size in a.shape:
            return {"axis_size": size, "kind": "argument",
                    "where": f"{a.name or 'an argument'} axis {a.shape.index(size)}",
                    "text": ""}
    for a in walk.values:
        if size in a.shape and a.primitive not in ("input", "constant"):
            return {"axis_size": size, "kind": "op", "where": a.source or a.primitive,
                    "text": a.primitive}
    return {"axis_size": size, "kind": "op", "where": v.source, "text": v.primitive}


def _rows(x, size):
    return bool(getattr(x, "shape", None)) and x.shape[0] == size


def batched(fn, size, k):
    """fn run over batches of k rows of every argument leaf whose leading
    axis is size (see the module's comment)."""

    def fixed(*a):
        leaves, tree = jax.tree.flatten(list(a))
        sel = [i for i, x in enumerate(leaves) if _rows(x, size)]
        chunks = [leaves[i].reshape((size // k, k) + tuple(leaves[i].shape[1:])) for i in sel]

        def one(cs):
            ls = list(leaves)
            for i, c in zip(sel, cs):
                ls[i] = c
            return fn(*jax.tree.unflatten(tree, ls))

        out = lax.map(one, chunks)
        return jax.tree.map(lambda o: o.reshape((size,) + tuple(o.shape[2:])), out)

    fixed.__name__ = f"{getattr(fn, '__name__', 'fn')}_map{k}"
    return fixed


def _shapes(fn, args, static_argnums):
    stat = {i: a for i, a in enumerate(args) if i in static_argnums}
    dyn = [a for i, a in enumerate(args) if i not in static_argnums]

    def call(*d):
        it = iter(d)
        return fn(*[stat[i] if i in stat else next(it) for i in range(len(args))])
    return [getattr(x, "shape", ()) for x in jax.tree.leaves(jax.eval_shape(call, *dyn))]


def _keeps_axis(fn, args, size, k, static_argnums):
    """Whether fn on k rows gives its outputs' first k rows' shapes: the
    outputs keep the leading axis and nothing else depends on it."""
    small = [a if i in static_argnums else jax.tree.map(
        lambda x: jax.ShapeDtypeStruct((k,) + tuple(x.shape[1:]), x.dtype)
        if _rows(x, size) else x, a) for i, a in enumerate(args)]
    try:
        full, part = _shapes(fn, args, static_argnums), _shapes(fn, small, static_argnums)
    except Exception:
        return False
    return len(full) == len(part) and all(
        f and tuple(p) == (k,) + tuple(f[1:]) for f, p in zip(full, part))


def peak_of(fn, args, scratch=None, static_argnums=()):
    w = L.analyze(fn, *args, scratch=scratch, static_argnums=static_argnums)
    k = L.peak(w)
    ins = sum(w.values[i].bytes for i in w.input_ids)
    return w.steps[k].bytes, w.steps[k].bytes - ins


def suggest(fn, args, size, budget, static_argnums=(), scratch=None):
    """{"batch_size", "predicted_peak_bytes", ...} of the largest k that fits
    budget, or {"why_not": ...}."""
    leaves = [x for i, a in enumerate(args) if i not in static_argnums
              for x in jax.tree.leaves(a)]
    if not any(_rows(x, size) for x in leaves):
        return {"why_not": f"no argument has a leading axis of {size}: cut the mapped "
                           "input by hand (lax.map(g, xs, batch_size=k))"}
    if not _keeps_axis(fn, args, size, 1, static_argnums):
        return {"why_not": f"its outputs are not made row by row along the axis of {size} "
                           "(fn on some rows is not those rows of fn's outputs): lax.map "
                           "over the arguments would not compute the same thing"}
    small = [k for k in range(1, int(size ** 0.5) + 1) if size % k == 0]
    ks = sorted({d for k in small for d in (k, size // k)} - {size})
    if not ks:
        return {"why_not": f"an axis of {size} has no smaller batch"}
    lo, hi, best = 0, len(ks) - 1, None
    tried = {}
    while lo <= hi:
        mid = (lo + hi) // 2
        tried[ks[mid]] = peak_of(batched(fn, size, ks[mid]), args, scratch, static_argnums)
        if tried[ks[mid]][0] <= budget:
            best, lo = ks[mid], mid + 1
        else:
            hi = mid - 1
    if best is None:
        low = min(tried)
        return {"why_not": f"at {low} row{'s' * (low > 1)} a batch the predicted peak is "
                           f"{tried[low][0]} B, over the budget", "budget_bytes": budget}
    return {"batch_size": best, "batches": size // best, "budget_bytes": budget,
            "axis_size": size, "predicted_peak_bytes": tried[best][0],
            "predicted_peak_above_inputs_bytes": tried[best][1],
            "code": f"lax.map(g, xs, batch_size={best})  # instead of jax.vmap(g)(xs)"}


def checkpoint(walk, k):
    """The grad's peak with each layer under jax.checkpoint, or None.

    The model: a layer is a forward dot_general (or convolution); each
    layer keeps R/L of the residuals (R residuals, L layers), and under
    checkpoint it keeps one array (its input) instead and recomputes its R/L
    in the backward pass, one layer at a time. So the residuals alive at the
    peak are replaced by one in R/L of them, and one layer's residuals are
    added back."""
    st = walk.steps[k]
    res = [walk.values[i] for i in st.live if walk.values[i].residual]
    every = [v for v in walk.values if v.residual]
    if not every or any(s.label.startswith(("remat", "checkpoint")) or " > remat" in s.label
                        for s in walk.steps):
        return None  # no grad, or already checkpointed
    layers = max(1, sum(1 for v in walk.values if v.phase == "forward"
                        and v.primitive in ("dot_general", "conv_general_dilated")))
    per_layer = max(1.0, len(every) / layers)
    alive = sum(v.bytes for v in res)
    total = sum(v.bytes for v in every)
    return {"residuals_at_peak_bytes": alive, "residuals_count": len(every),
            "residuals_bytes": total, "layers": layers,
            "predicted_peak_bytes": int(st.bytes - alive + alive / per_layer
                                        + (total / layers if res else 0)),
            "code": "jax.checkpoint(layer) around each layer of the loss"}
