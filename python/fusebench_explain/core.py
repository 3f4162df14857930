"""core: the whole explanation of a function on its arguments, as a JSON-able
dict (report()), and its printed text (text_of()).

Sections: "op_by_op" (liveness.py's walk, each primitive's own compiled
scratch counted), "jit" (xlabuffers.py, library fusions counted), "fix"
(fix.py: the large axis's origin, lax.map(batch_size=k) for a budget,
jax.checkpoint for a grad, jit), "measured" (measure.py: the function as
given, and under jax.jit), "try_fix" (the batched program measured), and a
verdict paragraph. A prediction and a measurement more than 25% apart get
the known causes whose conditions hold ("causes").
"""
import os

from . import fix as F
from . import liveness as L
from . import measure as M
from . import xlabuffers as X
from .scratch import Scratch

DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
          "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
          "u32": "uint32", "bool": "bool", "c64": "complex64"}
SHORT = {v: k for k, v in DTYPES.items()}
GLIBC_MMAP_MAX = 32 << 20  # DEFAULT_MMAP_THRESHOLD_MAX on 64-bit
FLOOR = 8 << 20  # predictions below it: a difference in bytes, not percent (RSS noise)
TOLERANCE = 0.25
# Equations eager JAX runs as one compiled program each.
COMPILED_CALLS = ("scan", "while", "cond", "pjit", "jit")


def human(b):
    """Bytes as B, kB, MB, GB (powers of 1000), 4 significant digits."""
    for div, unit in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")):
        if abs(b) >= div:
            return f"{b / div:.4g} {unit}"
    return f"{b:.0f} B"


def _array(v):
    return {"id": v.id, "shape": list(v.shape), "dtype": v.dtype,
            "dtype_short": SHORT.get(v.dtype, v.dtype), "bytes": v.bytes,
            "primitive": v.primitive, "source": v.source, "file": v.file, "line": v.line,
            "path": v.path, "made_at_step": v.step, "name": v.name, "phase": v.phase,
            "residual": v.residual}


def shape_text(a):
    return f"{a['dtype_short']}[{','.join(map(str, a['shape']))}]"


def op_by_op(fn, args, static_argnums=(), scratch=True):
    """The walk's figures (JSON-able), its values, and the walk."""
    w = L.analyze(fn, *args, static_argnums=static_argnums,
                  scratch=Scratch() if scratch else None)
    k = L.peak(w)
    st = w.steps[k]
    alive = sorted((w.values[i] for i in st.live), key=lambda v: (-v.bytes, v.id))
    made = [v for v in alive if v.primitive not in ("input", "constant")]
    largest = (made or alive or [None])[0]
    ins = sum(w.values[i].bytes for i in w.input_ids)
    outs = sum(w.values[i].bytes for i in w.output_ids)
    prims = w.top_primitives
    return {
        "convention": L.__doc__.split("\n\n")[1].strip(),
        "steps_count": len(w.steps), "peak_step": k, "peak_bytes": st.bytes,
        "peak_label": st.label, "peak_source": st.source, "peak_scratch_bytes": st.scratch,
        "input_bytes": ins, "output_bytes": outs,
        "peak_above_inputs_bytes": st.bytes - ins,
        "largest": _array(largest) if largest else None,
        "peak_in_largest": st.bytes / largest.bytes if largest and largest.bytes else None,
        "peak_arrays_count": len(alive),
        # One jit call: it runs as one XLA program, not op by op.
        "one_jit_call": prims in (["jit"], ["pjit"]),
        "compiled_calls": sorted({p for p in prims if p in COMPILED_CALLS}),
        "residual_bytes_at_peak": sum(v.bytes for v in alive if v.residual),
        "peak_arrays": [_array(v) for v in alive],
        "steps": [{"label": s.label, "source": s.source, "bytes": s.bytes, "live": s.live,
                   "scratch": s.scratch, "phase": s.phase, "primitive": s.primitive}
                  for s in w.steps],
    }, [_array(v) for v in w.values], w


def under_jit(fn, args, static_argnums=()):
    j = X.buffers(fn, *args, short=L.short_path, static_argnums=static_argnums)
    ma = j["memory_analysis"]
    # What the jitted call needs above its inputs: temporaries and outputs,
    # and a library fusion's scratch, which is between none (the library
    # tiles its dots: XNNPACK measured 10 to 20 MB for a 67 to 134 MB one)
    # and the dots it holds: the upper end is the figure, the lower kept.
    j["predicted_low_bytes"] = ma["temp_bytes"] + ma["output_bytes"]
    j["predicted_above_inputs_bytes"] = (j["predicted_low_bytes"]
                                         + j["library_fusions"]["scratch_bytes"])
    return j


def fixes(fn, args, o, w, j, budget, static_argnums=()):
    """The fix section: origin of the large axis, batch size for a budget,
    checkpoint for a grad, jit."""
    big = o["largest"]
    out = {"origin": None, "map": None, "checkpoint": None, "jit": None}
    if big is None:
        return out
    v = w.values[big["id"]]
    sizes = F.batch_sizes(w, v)
    # The outputs alone make most of the peak above the inputs: no schedule
    # of the same function makes it smaller.
    out["output_bound"] = o["output_bytes"] >= 0.8 * o["peak_above_inputs_bytes"]
    if budget is None:
        budget = o["peak_bytes"] // 2
        out["budget_given"] = False
    else:
        out["budget_given"] = True
    # The batch axis: the first of v's candidate axes that lax.map can cut.
    for size in sizes:
        try:
            mp = F.suggest(fn, args, size, budget, static_argnums, Scratch())
        except Exception as e:  # the batched program does not trace: no suggestion
            mp = {"why_not": f"the batched program failed to trace: {type(e).__name__}: "
                             f"{(str(e).strip().splitlines() or [''])[0]}"}
        mp.setdefault("budget_bytes", budget)
        if out["map"] is None or "batch_size" in mp:
            out["map"], out["origin"] = mp, F.origin(w, v, size)
        if "batch_size" in mp:
            break
    out["checkpoint"] = F.checkpoint(w, o["peak_step"])
    if j:
        out["jit"] = {"predicted_peak_bytes": o["input_bytes"] + j["predicted_above_inputs_bytes"],
                      "code": "jax.jit(f)"}
        if j["predicted_low_bytes"] < j["predicted_above_inputs_bytes"]:
            out["jit"]["low_bytes"] = o["input_bytes"] + j["predicted_low_bytes"]
    return out


def error_of(measured, predicted):
    """(fraction or None, text): None and a byte difference below FLOOR."""
    d = measured - predicted
    if predicted < FLOOR:
        return None, f"{'+' if d >= 0 else '-'}{human(abs(d))} (below the {human(FLOOR)} floor for a percentage)"
    return d / predicted, f"{d / predicted:+.1%}"


def causes(r, which, m):
    """The known causes of a >25% difference whose conditions hold."""
    o, j = r["op_by_op"], r.get("jit") or {}
    out, over = [], m["peak_above_before_bytes"] > m["predicted_bytes"]
    if which == "fix" and not over:
        return ["lax.map is a scan, which runs as one compiled program even op by op: XLA "
                "fuses its body's values away, and the walk of one iteration is an upper bound"]
    lib = j.get("library_fusions") or {}
    if which == "jit" and lib.get("names"):
        out.append("library fusions (" + ", ".join(lib["names"][:3]) + ") whose scratch "
                   "XLA's memory analysis does not count: explain counts the dots they hold "
                   f"({human(lib['scratch_bytes'])}); with them off XLA needs "
                   + (human(lib["unfused_temp_bytes"]) if lib.get("unfused_temp_bytes")
                      is not None else "(this XLA cannot turn them off)"))
    big = (o["largest"] or {}).get("bytes", 0)
    if over and big < GLIBC_MMAP_MAX and "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        out.append("glibc keeps freed arrays under its mmap threshold (32 MiB) in its heaps; "
                   "MALLOC_MMAP_THRESHOLD_=1048576 measures without that")
    if over and which == "op_by_op":
        out.append("op by op, an array named by a local variable of the function lives until "
                   "the function returns, past its last use")
    if not over and which == "op_by_op" and o["compiled_calls"]:
        out.append(f"{', '.join(o['compiled_calls'])} run as compiled programs even op by op: "
                   "XLA fuses their bodies' values away")
    if not over and any(a["primitive"] in ("broadcast_in_dim", "iota") for a in o["peak_arrays"]):
        out.append("a broadcast XLA leaves unmaterialized, or pages never written, take no RSS")
    if not over and which == "jit":
        out.append("XLA reuses a buffer for its output or its inputs' pages (aliasing) "
                   "beyond what the analysis counts")
    return out or ["none of the known causes applies: please report it"]


def _check(r, which, pred, measured, low=None):
    """The error of measured against pred; with low (a range's lower end),
    a measurement within the range (25% either side) is not far."""
    measured["predicted_bytes"] = pred
    got = measured["peak_above_before_bytes"]
    measured["error"], measured["error_text"] = error_of(got, pred)
    far = abs(got - pred) > TOLERANCE * max(pred, 1)
    if low is not None and low < pred:
        measured["predicted_low_bytes"] = low
        measured["in_range"] = (1 - TOLERANCE) * low <= got <= (1 + TOLERANCE) * pred
        far = far and not measured["in_range"]
        measured["error_text"] += (f"; within the library fusions' range {human(low)} to "
                                   f"{human(pred)}" if measured["in_range"] else
                                   f"; outside the range {human(low)} to {human(pred)}")
    near = abs(measured["peak_above_before_bytes"] - pred) < FLOOR
    measured["causes"] = causes(r, which, measured) if far and not near else []


def faults_note(m, temp):
    """The faults of a call set against the pages of what it allocates (the
    prediction above the inputs: temporaries and outputs)."""
    pages = temp // M.PAGE
    if pages <= 0 or m["faults"] * 2 < pages:
        return None
    return (f"{m['faults']} page faults in the call ({human(m['fault_bytes'])}), against "
            f"{pages} pages it allocates: freed memory went back to the kernel and "
            f"is faulted in again each call; {M.ALLOCATOR_FIX} keeps it")


def measure_all(r, fn, args, static_argnums=()):
    """The measured section: fn as given, and under jax.jit."""
    import jax
    from functools import partial
    o, j = r["op_by_op"], r.get("jit")
    call = fn if not static_argnums else partial(_static_call, fn, args, static_argnums)
    dyn = tuple(a for k, a in enumerate(args) if k not in static_argnums)
    one = o["one_jit_call"] and j
    m = M.measure(None, dyn, first_of=jax.jit(call)) if one else M.measure(call, dyn)
    r["measured"] = m  # the function as given; under jit in m["jit"]
    if one:
        m["against"] = "XLA's temporary and output bytes (the function is one jit call)"
        _check(r, "op_by_op", j["predicted_above_inputs_bytes"], m, j["predicted_low_bytes"])
    else:
        m["against"] = "the op-by-op peak above the inputs"
        _check(r, "op_by_op", o["peak_above_inputs_bytes"], m)
    m["faults_note"] = faults_note(m, m["predicted_bytes"])
    if j and not o["one_jit_call"]:
        mj = M.measure(None, dyn, first_of=jax.jit(call))
        mj["against"] = "XLA's temporary and output bytes"
        _check(r, "jit", j["predicted_above_inputs_bytes"], mj, j["predicted_low_bytes"])
        mj["faults_note"] = faults_note(mj, mj["predicted_bytes"])
        m["jit"] = mj
    big = (o["largest"] or {}).get("bytes", 0)
    if big < GLIBC_MMAP_MAX and "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        m["note"] = (f"the largest array ({human(big)}) is under glibc's largest mmap "
                     "threshold (32 MiB): freed arrays can stay in malloc's per-thread "
                     "heaps and count in the RSS; MALLOC_MMAP_THRESHOLD_=1048576 measures "
                     "without that")


def _static_call(fn, args, static_argnums, *dyn):
    it = iter(dyn)
    return fn(*[a if k in static_argnums else next(it) for k, a in enumerate(args)])


def try_fix(r, fn, args):
    """Measures the batched program fix.py suggests, and checks its outputs."""
    import jax
    import numpy as np
    mp = (r.get("fix") or {}).get("map") or {}
    if "batch_size" not in mp:
        return {"why_not": mp.get("why_not", "no batch size suggested")}
    fixed = F.batched(fn, mp["axis_size"], mp["batch_size"])
    want, got = jax.tree.leaves(fn(*args)), jax.tree.leaves(fixed(*args))
    same = len(want) == len(got) and all(
        np.shape(a) == np.shape(b) and np.allclose(np.asarray(a, np.float64),
                                                   np.asarray(b, np.float64),
                                                   rtol=1e-3, atol=1e-5)
        for a, b in zip(want, got))
    del want, got
    m = M.measure(fixed, args)
    m["against"] = "the batched program's op-by-op peak above the inputs"
    _check(r, "fix", mp["predicted_peak_above_inputs_bytes"], m)
    m["same_outputs"] = bool(same)
    m["batch_size"] = mp["batch_size"]
    return m


def report(fn, args, name, arg_texts, jit=True, measured=False, budget=None,
           try_fixing=False, static_argnums=(), scratch=True):
    """The whole explanation of fn on args as a JSON-able dict."""
    o, values, w = op_by_op(fn, args, static_argnums, scratch)
    r = {"function": name, "arguments": arg_texts, "op_by_op": o, "values": values,
         "jit": under_jit(fn, args, static_argnums) if jit else None, "measured": None}
    r["fix"] = fixes(fn, args, o, w, r["jit"], budget, static_argnums)
    if measured:
        measure_all(r, fn, args, static_argnums)
    if try_fixing:
        r["try_fix"] = try_fix(r, fn, args)
    r["verdict"] = verdict(r)
    return r


def predicted(fn, args):
    """The op-by-op prediction alone, for run.py's report: a small dict."""
    o, _, _ = op_by_op(fn, tuple(args), scratch=False)
    return {"predicted_peak_bytes": o["peak_bytes"],
            "predicted_peak_above_inputs_bytes": o["peak_above_inputs_bytes"],
            "peak_step": o["peak_step"], "peak_label": o["peak_label"],
            "peak_source": o["peak_source"],
            "largest_shape": shape_text(o["largest"]) if o["largest"] else None,
            "largest_bytes": o["largest"]["bytes"] if o["largest"] else 0}


from .text import text_of, verdict  # noqa: E402  (the printed form, its own module)
