"""fb_protocol: the colony question's own timings, reproduced in JAX.

The question timed its un-jitted double-vmapped force function at 2.32 ms
and its jitted step at 46.5 ms with %timeit (calls back to back, not
waited for, the first call among them), and saw lax.fori_loop runs swing
from 2 ms to 3 s. The parts here measure each of those with its cause:

- timeit_like():    %timeit's protocol on one call: the first call apart,
                    then timeit's autorange (1, 2, 5, 10 ... calls a loop,
                    until a loop takes 0.2 s) and `repeat` loops, the calls
                    of a loop waited for (block_until_ready) or not;
- timings():        that protocol over a range of N for the un-jitted pair
                    function and the jitted step, waited and not, and the
                    queue that lets unwaited jitted calls return at once;
- compiles():       compilations counted (CompileLog) in the protocols that
                    can recompile, each with its own jitted function
                    (fresh): a second shape, a Python scalar that changes
                    (traced, and static), a weak-type change, a fori_loop
                    bound traced against static;
- swing():          one fori_loop run's span, from an unwaited warm call to a
                    first call, cut into its measured parts;
- stop_gradient():  the question's stop_gradient, with and without;
- profiler():       what a jax.profiler trace of the steps shows, and its
                    cost.

Limits: the times are this machine's and its load's; the question's machine
is unknown, so a figure is matched by the N at which it comes out here, or
the measured reason it cannot.
"""
import glob
import gzip
import json
import logging
import os
import re
import tempfile
import time
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

import fb_colony as col


class CompileLog(logging.Handler):
    """Counts XLA compilations while it is open (jax_log_compiles): every
    jit of a new shape, dtype, weak type or static value, and every
    primitive an un-jitted function runs for the first time at a shape."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.compiles, self.compile_s, self.traces = 0, 0.0, 0

    def emit(self, record):
        msg = record.getMessage()
        m = re.match(r"Finished XLA compilation of .* in ([0-9.e+-]+) sec", msg)
        if m:
            self.compiles += 1
            self.compile_s += float(m.group(1))
        elif msg.startswith("Finished tracing "):
            self.traces += 1

    def __enter__(self):
        self._was = jax.config.jax_log_compiles
        jax.config.update("jax_log_compiles", True)
        self._logger = logging.getLogger("jax")
        self._level = self._logger.level
        self._logger.addHandler(self)
        if self._logger.getEffectiveLevel() > logging.WARNING:
            self._logger.setLevel(logging.WARNING)
        # jax_log_compiles logs at WARNING; keep it off the terminal.
        self._prop = self._logger.propagate
        self._logger.propagate = False
        return self

    def __exit__(self, *exc):
        self._logger.removeHandler(self)
        self._logger.setLevel(self._level)
        self._logger.propagate = self._prop
        jax.config.update("jax_log_compiles", self._was)
        return False

    def take(self):
        """(compilations, compile seconds) since the last take."""
        out = (self.compiles, self.compile_s)
        self.compiles, self.compile_s = 0, 0.0
        return out


def block(x):
    return jax.block_until_ready(x)


def timeit_like(call, wait, min_total=0.2, repeat=3, max_number=50):
    """%timeit's protocol on call(): the first call apart (waited for, with
    its compilations), then autorange's loop size (1, 2, 5, 10, 20 ...
    calls, the first whose loop takes min_total; at most max_number, since
    unwaited jitted calls queue work that the next loops must wait behind)
    and `repeat` loops of that many calls, each call waited for or not.
    Times are per call. The work left queued is waited for at the end,
    untimed."""
    with CompileLog() as log:
        t = time.perf_counter()
        block(call())
        first = time.perf_counter() - t
        first_compiles, first_compile_s = log.take()

        def loop(number):
            t = time.perf_counter()
            out = None
            for _ in range(number):
                out = call()
                if wait:
                    block(out)
            return time.perf_counter() - t, out

        number, k = 1, 0
        while True:
            dt, out = loop(number)
            if dt >= min_total or number >= max_number:
                break
            k += 1
            number = min(max_number, (1, 2, 5)[k % 3] * 10 ** (k // 3))
        block(out)
        loops = []
        for _ in range(repeat):
            dt, out = loop(number)
            loops.append(dt / number)
        block(out)
        later_compiles, _ = log.take()
    v = sorted(loops)
    return {"waited": wait, "first_call_s": first, "first_call_compiles": first_compiles,
            "first_call_compile_s": first_compile_s, "number": number, "repeat": repeat,
            "per_call_s": loops, "mean_s": sum(loops) / len(loops), "best_s": v[0],
            "median_s": v[len(v) // 2], "compiles_after_first": later_compiles}


def queue_depth(call, calls=48, fast_s=1e-3):
    """Unwaited calls back to back, each return timed: how many returned
    at once (under fast_s) before the first that had to wait, the depth of
    the queue the runtime lets the caller run ahead by."""
    block(call())
    outs, returns = [], []
    for _ in range(calls):
        t = time.perf_counter()
        outs.append(call())
        returns.append(time.perf_counter() - t)
    t = time.perf_counter()
    block(outs)
    drained = time.perf_counter() - t
    fast = next((i for i, r in enumerate(returns) if r >= fast_s), calls)
    return {"calls": calls, "returned_at_once": fast, "fast_s": fast_s,
            "return_s": returns, "drained_after_s": drained}


def colony_args(n, seed=42):
    import argparse

    from fb_programs import colony_data
    state, box = colony_data(argparse.Namespace(n=n, seed=seed))
    pos, u = col.step_begin(state[0], state[1], box)
    return state, box, (pos, u, state[2], box)


def pair_eqns(n=64):
    """The un-jitted pair function's primitives: what op by op dispatches."""
    _, _, args = colony_args(n)
    return len(jax.make_jaxpr(col.pair_arrays)(*args).jaxpr.eqns)


def timings(ns, repeat=3, depth_n=None):
    """The question's %timeit protocol at each N: the un-jitted double
    vmap (col.pair_arrays, op by op) and the jitted step, each waited and
    not; and, at depth_n, the queue depth of unwaited jitted steps."""
    step = partial(col.step_jit, sums_fn=col.double_vmap_sums)
    rows = []
    for n in ns:
        state, box, args = colony_args(n)
        row = {"n": n}
        for name, call in (("pair_unjitted", lambda: col.pair_arrays(*args)),
                           ("step_jit", lambda: step(state, box))):
            row[name] = {w: timeit_like(call, w == "waited", repeat=repeat)
                         for w in ("unwaited", "waited")}
        rows.append(row)
    out = {"rows": rows, "pair_unjitted_eqns": pair_eqns()}
    if depth_n:
        state, box, _ = colony_args(depth_n)
        out["queue"] = dict(n=depth_n, **queue_depth(lambda: step(state, box)))
    return out


def _sim(state, box, steps):
    """The question's run_simulation: K steps in a fori_loop."""
    return lax.fori_loop(0, steps, lambda k, st: col.step(st, box)[0], state)


def fresh(static=()):
    """A jitted run_simulation with a cache of its own (jit caches by the
    function, so each protocol wraps a new one)."""
    return jax.jit(lambda st, box, steps: _sim(st, box, steps), static_argnames=static)


def _calls(cases):
    """Each (label, call) run once, waited for: its time and the
    compilations it made."""
    out = []
    with CompileLog() as log:
        for label, call in cases:
            t = time.perf_counter()
            block(call())
            dt = time.perf_counter() - t
            c, cs = log.take()
            out.append({"call": label, "s": dt, "compiles": c, "compile_s": cs})
    return out


def compiles(n=64, steps=2):
    """The protocols that may recompile, call by call: time, compilations.
    Each protocol has its own jitted function (fresh), so that its first
    call compiles and the counts are its own."""
    st, box, _ = colony_args(n)
    st2, box2, _ = colony_args(2 * n)
    b = float(box)
    shape, traced, static = fresh(), fresh(), fresh(("box",))
    bound_s = fresh(("steps",))
    return {
        "n": n, "steps": steps,
        "second_shape": _calls([
            (f"N={n}", lambda: shape(st, box, steps)),
            (f"N={n} again", lambda: shape(st, box, steps)),
            (f"N={2 * n}", lambda: shape(st2, box2, steps)),
            (f"N={2 * n} again", lambda: shape(st2, box2, steps))]),
        # A Python float argument is traced as a weakly typed f32: a new
        # value reuses the program, an f32 array (strongly typed) does not.
        "python_scalar_and_weak_type": _calls([
            (f"box={b:g}, a Python float (weak f32)", lambda: traced(st, b, steps)),
            (f"box={b * 1.01:g}, another Python float", lambda: traced(st, b * 1.01, steps)),
            (f"box=jnp.float32({b:g}) (strong f32)", lambda: traced(st, jnp.float32(b), steps)),
            (f"box={b:g}, a Python float again", lambda: traced(st, b, steps))]),
        "python_scalar_static": _calls([
            (f"box={b:g} (static_argnames)", lambda: static(st, b, steps)),
            (f"box={b * 1.01:g} (static_argnames)", lambda: static(st, b * 1.01, steps))]),
        # The bound traced: second_shape's program (compiled for N, a
        # traced bound) serves every bound.
        "fori_traced_bound": _calls([
            (f"steps={k} (traced; second_shape's program)",
             partial(lambda k: shape(st, box, k), k)) for k in (2 * steps, 4 * steps)]),
        "fori_static_bound": _calls([
            (f"steps={k} (static_argnames)", partial(lambda k: bound_s(st, box, k), k))
            for k in (steps, 2 * steps)]),
    }


def swing(n=512, steps=10, calls=3):
    """One fori_loop run (the question's run_simulation, bound static as
    run.py's fori) from its fastest to its slowest measured form: an
    unwaited warm call (the dispatch), a waited warm call (the K steps), the
    first call (trace and compile too), and a call with a new bound (a
    recompilation)."""
    st, box, _ = colony_args(n)
    sim_static = fresh(("steps",))
    with CompileLog() as log:
        t = time.perf_counter()
        block(sim_static(st, box, steps))
        first = time.perf_counter() - t
        first_c, first_cs = log.take()
        waited, unwaited = [], []
        for _ in range(calls):
            t = time.perf_counter()
            block(sim_static(st, box, steps))
            waited.append(time.perf_counter() - t)
        for _ in range(calls):
            t = time.perf_counter()
            o = sim_static(st, box, steps)
            unwaited.append(time.perf_counter() - t)
            block(o)
        log.take()
        t = time.perf_counter()
        block(sim_static(st, box, steps + 1))
        recompile = time.perf_counter() - t
        re_c, re_cs = log.take()
    med = lambda v: sorted(v)[len(v) // 2]
    w, u = med(waited), med(unwaited)
    return {"n": n, "steps": steps, "unwaited_warm_s": unwaited, "waited_warm_s": waited,
            "first_call_s": first, "first_call_compiles": first_c,
            "first_call_compile_s": first_cs,
            "new_bound_call_s": recompile, "new_bound_compiles": re_c,
            "new_bound_compile_s": re_cs,
            "span": first / u if u > 0 else None,
            "factors": {"waited_over_unwaited": w / u if u > 0 else None,
                        "first_over_waited": first / w if w > 0 else None,
                        "new_bound_over_waited": recompile / w if w > 0 else None}}


def stop_gradient(n=5000, m=300, calls=5):
    """The question's stop_gradient on its input, with and without, for
    the un-jitted question and under jit: the jaxprs (does stop_gradient
    leave an equation?), XLA's temporaries, and the warm calls
    (interleaved) for the verdict rule (fb_verdict)."""
    import argparse

    import fb_interp as itp
    from fb_programs import interp_data
    x, p = interp_data(argparse.Namespace(n=n, m=m, g=4096, preset="random", seed=42))
    xs = lax.stop_gradient(x)

    def inside(x, p):
        return itp.question_rows(lax.stop_gradient(x), p)

    ja = jax.make_jaxpr(itp.question_rows)(x, p)
    jb = jax.make_jaxpr(inside)(x, p)
    out = {"n": n, "m": m, "eqns_without": len(ja.jaxpr.eqns), "eqns_with": len(jb.jaxpr.eqns),
           "stop_gradient_eqns": sum("stop_gradient" in e.primitive.name for e in jb.jaxpr.eqns),
           "same_jaxpr": str(ja) == str(jb),
           "outside_returns_same_buffer":
               xs.unsafe_buffer_pointer() == x.unsafe_buffer_pointer(),
           "temp_bytes_without":
               itp.question_rows_jit.lower(x, p).compile().memory_analysis().temp_size_in_bytes,
           "temp_bytes_with":
               jax.jit(inside).lower(x, p).compile().memory_analysis().temp_size_in_bytes}
    for label, fn, fn_sg in (("unjitted", itp.question_rows, inside),
                             ("jit", itp.question_rows_jit, jax.jit(inside))):
        block(fn(x, p))
        block(fn_sg(x, p))
        without, with_ = [], []
        for _ in range(calls):
            for f, dst in ((fn, without), (fn_sg, with_)):
                t = time.perf_counter()
                block(f(x, p))
                dst.append(time.perf_counter() - t)
        out[label] = {"without_s": without, "with_s": with_}
    return out


def profiler(n=512, steps=3, runs=3):
    """jax.profiler.trace around warm fori_loop runs, as the answer advises:
    its cost (time with and without, the trace session's own start and
    stop) and what the trace holds (its events by name: any of faults or
    allocations? the kernels' share of the call)."""
    st, box, _ = colony_args(n)
    sim_static = fresh(("steps",))
    block(sim_static(st, box, steps))
    plain, traced, inside = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        block(sim_static(st, box, steps))
        plain.append(time.perf_counter() - t)
    with tempfile.TemporaryDirectory() as d:
        for r in range(runs):
            t = time.perf_counter()
            with jax.profiler.trace(os.path.join(d, str(r)), create_perfetto_trace=True):
                t1 = time.perf_counter()
                block(sim_static(st, box, steps))
                inside.append(time.perf_counter() - t1)
            traced.append(time.perf_counter() - t)
        files = sorted(glob.glob(os.path.join(d, str(runs - 1), "**", "perfetto_trace.json.gz"),
                                 recursive=True))
        found = _trace_summary(files[0]) if files else None
        trace_bytes = sum(os.path.getsize(f) for f in glob.glob(
            os.path.join(d, str(runs - 1), "**", "*"), recursive=True) if os.path.isfile(f))
    med = lambda v: sorted(v)[len(v) // 2]
    return {"n": n, "steps": steps, "plain_s": plain, "traced_session_s": traced,
            "traced_call_s": inside, "trace_bytes": trace_bytes,
            "session_over_plain": med(traced) / med(plain),
            "call_over_plain": med(inside) / med(plain), "trace": found}


MEMORY_WORDS = re.compile(r"fault|alloc|malloc|mmap|munmap|memory|page|free", re.I)


def _trace_summary(path):
    """A perfetto trace's events: how many, the names that speak of
    memory (faults, allocations), the counters, the longest kernels."""
    with gzip.open(path) as f:
        d = json.load(f)
    ev = d["traceEvents"] if isinstance(d, dict) else d
    spans = [e for e in ev if e.get("ph") == "X"]
    by = {}
    for e in spans:
        by[e.get("name", "")] = by.get(e.get("name", ""), 0.0) + float(e.get("dur", 0))
    top = sorted(by.items(), key=lambda kv: -kv[1])[:8]
    execute = by.get("ThunkExecutor::Execute", 0.0)
    kernels = sum(v for k, v in by.items() if "fusion" in k or k.startswith("copy")
                  or k.startswith("wrapped_") or k.startswith("ynn"))
    return {"events": len(ev), "spans": len(spans),
            "memory_named_events": sorted({k for k in by if MEMORY_WORDS.search(k)}),
            "counter_events": sum(1 for e in ev if e.get("ph") == "C"),
            "top_us": [[k, round(v, 1)] for k, v in top],
            "execute_us": execute, "kernels_us": kernels}
