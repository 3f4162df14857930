"""liveness: which arrays a JAX function holds at once when it runs op by op.

Walks the function's jaxpr (jax.make_jaxpr) in order and counts, at each
equation, the bytes of every value alive there. The convention, exactly:

- the top-level inputs (arguments and closed-over constants) are alive from
  the start to the end (the caller holds them), its outputs from the
  equation that makes them to the end;
- any other value is alive from the equation that makes it through its last
  use: at an equation, its inputs are still alive while its outputs are
  allocated, so a value's last reader and the value it makes are counted
  together; a value nothing reads is counted at its own equation only;
- literals take no bytes; a value is counted once however often it is read;
- an equation that holds jaxprs is entered (its body's equations become
  steps of the walk, indented in its path):
  * a call (jit/pjit, custom_jvp_call, custom_vjp_call, remat, and any
    other primitive with a jaxpr param but cond): the body's inputs are the
    call's operands (not counted again), its values are counted as above,
    its outputs alive to the body's end;
  * a loop (scan, while): the loop's outputs (final carry, stacked ys) are
    allocated before the first iteration, and one iteration holds its own
    inputs besides the constants (carry in, the slices of xs) from its
    start to its end; the walk shows one iteration;
  then one more step, the equation itself, with its outputs made and the
  body's values gone;
- a top-level loop (a scan or while of the function itself, not inside a
  jit) runs as one compiled program even un-jitted: its body's steps are
  walked for attribution but marked compiled, and not candidates for the
  peak; the loop's own step holds its operands, its outputs and XLA's
  temporary bytes for it (the step's scratch);
- a cond is not entered: un-jitted, JAX runs it as one compiled program,
  so its step holds its operands, its outputs and XLA's temporary bytes for
  it (the step's scratch);
- an equation's scratch (analyze(scratch=...)): eager JAX runs each
  primitive as a compiled program of its own, whose temporaries (a bf16
  dot's f32 copies) are alive at its step besides its operands and outputs.

Arguments are named by their pytree path (params['hidden'][2]); in a
grad's program, equations under JAX's jvp are the forward phase, under
transpose the backward, and a forward value a backward equation reads is a
residual (saved for the backward pass).

The steps are the walk's positions in order: step k has the ids of the
values alive there (Value records hold shape, dtype, bytes, the primitive
that made each and the user's source line, from eqn.source_info).

Limits: a model of the un-jitted program, not a measurement. Op by op, JAX
frees an array when Python drops its last reference: a value still named by
a local variable of the user's function lives past its last use, and an
equation JAX dispatches as one compiled program (a scan, a while, a jit
called from un-jitted code) holds what XLA gives it, not its body's
op-by-op values. The caller's inputs are assumed to be distinct arrays.
"""
import os
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

import jax

from . import _jax_internals as J

LOOPS = ("scan", "while")


@dataclass
class Value:
    id: int
    shape: tuple
    dtype: str
    bytes: int
    primitive: str  # the primitive whose equation made it; "input", "constant" (closed over)
    source: str  # "file:line (function)" of the user's code, or ""
    file: str = ""
    line: int = 0
    step: int = -1  # the walk's step that made it (-1: alive from the start)
    path: str = ""  # the enclosing calls, outermost first ("jit(f) > scan")
    name: str = ""  # an argument's pytree path: params['hidden'][2]
    phase: str = ""  # "forward", "backward" (a grad's), or ""
    residual: bool = False  # a forward value read by the backward pass
    stack: list = field(default_factory=list)  # the user's [file, line, function], innermost first
    transforms: str = ""  # the equation's name stack: "vmap()", "transpose(jvp())"


@dataclass
class Step:
    label: str  # "mul" or "jit(step) > scan > mul"
    source: str
    live: list  # the ids of the values alive at this step
    bytes: int = 0  # the live values' bytes and the scratch
    scratch: int = 0  # XLA's temporary bytes of the equation run alone
    compiled: bool = False  # inside a top-level loop, which runs as one compiled program
    phase: str = ""
    primitive: str = ""


@dataclass
class Walk:
    values: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    input_ids: list = field(default_factory=list)
    output_ids: list = field(default_factory=list)
    top_primitives: list = field(default_factory=list)  # the top-level equations'


def aval_bytes(aval):
    """Bytes of an abstract value; 0 for one that holds no array (a token)."""
    shape = getattr(aval, "shape", None)
    if shape is None:
        return 0
    try:
        item = np.dtype(aval.dtype).itemsize
    except TypeError:  # extended dtypes (PRNG keys): their stored words
        item = getattr(aval.dtype, "itemsize", 8) or 8
    return int(np.prod(shape, dtype=np.int64)) * item


def source_of(eqn):
    """(file, line, function) of the user's frame that made eqn, or None."""
    return J.user_frame(eqn)


def phase_of(eqn):
    """"backward" under a transpose, "forward" under a jvp, else ""."""
    ns = J.name_stack(eqn)
    return "backward" if "transpose(" in ns else "forward" if "jvp(" in ns else ""


def short_path(path):
    """A path relative to the working directory when it is under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def _sub_jaxprs(value):
    if isinstance(value, (tuple, list)):
        return [j for v in value for j in _sub_jaxprs(v)]
    if hasattr(value, "eqns"):
        return [(value, [])]
    inner = getattr(value, "jaxpr", None)
    if inner is not None and hasattr(inner, "eqns"):
        return [(inner, list(getattr(value, "consts", [])))]
    return []


def _bodies(eqn):
    """[(jaxpr, number of its leading invars that are the loop's or call's
    constants)] of an equation, and whether it is a loop."""
    p, name = eqn.params, eqn.primitive.name
    if name == "scan":
        return [(p["jaxpr"].jaxpr, p["num_consts"])], True
    if name == "while":
        return [(p["body_jaxpr"].jaxpr, p["body_nconsts"]),
                (p["cond_jaxpr"].jaxpr, p["cond_nconsts"])], True
    if name == "cond":
        return [], False
    found = []
    for k in sorted(p):
        found += [(j, None) for j, _ in _sub_jaxprs(p[k])]
    return found, False


def _where(frame):
    return f"{short_path(frame[0])}:{frame[1]} ({frame[2]})"


class _Walker:
    def __init__(self, scratch=None):
        self.w = Walk()
        self.scratch = scratch  # eqn -> bytes, or None
        self.loops = 0  # inside a loop's body: no scratch (one compiled program)
        self.top_loop = False  # the outermost loop is a top-level equation

    def value(self, aval, primitive, src, path, eqn=None):
        file, line, fn = src if src else ("", 0, "")
        v = Value(id=len(self.w.values), shape=tuple(getattr(aval, "shape", ())),
                  dtype=str(getattr(aval, "dtype", "")), bytes=aval_bytes(aval),
                  primitive=primitive, file=short_path(file) if file else "", line=line,
                  source=f"{short_path(file)}:{line} ({fn})" if file else "",
                  step=len(self.w.steps), path=path)
        if eqn is not None:
            v.phase = phase_of(eqn)
            v.transforms = J.name_stack(eqn)
            v.stack = [[short_path(f[0]), f[1], f[2]] for f in J.user_frames(eqn)]
        self.w.values.append(v)
        return v.id

    def step(self, label, src, live, eqn=None):
        ids = list(dict.fromkeys(live))
        total = sum(self.w.values[i].bytes for i in ids)
        source = _where(src) if src else ""
        scratch = 0
        if eqn is not None and self.scratch is not None and not self.loops:
            scratch = self.scratch(eqn)
        self.w.steps.append(Step(label=label, source=source, live=ids, bytes=total + scratch,
                                 scratch=scratch, phase=phase_of(eqn) if eqn else "",
                                 primitive=eqn.primitive.name if eqn else "",
                                 compiled=self.loops > 0 and self.top_loop))

    def walk(self, jaxpr, env, outer, path, keep_outs, fallback=None):
        """Steps of jaxpr's equations; env maps its invars (and constvars)
        to value ids (None: a literal or an input counted by the caller);
        outer, the ids alive throughout; keep_outs, whether its outputs live
        to the end. Returns the ids of its outputs."""
        eqns = jaxpr.eqns
        last = {}
        for i, e in enumerate(eqns):
            for v in e.invars:
                if not _is_literal(v):
                    last[v] = i
        for v in jaxpr.outvars:
            if not _is_literal(v) and keep_outs:
                last[v] = len(eqns)
        alive = [v for v in list(jaxpr.constvars) + list(jaxpr.invars)
                 if env.get(v) is not None]
        for i, e in enumerate(eqns):
            # A library's own jitted function (jax.nn.relu) records no
            # user frame: its call's line stands for it.
            src = source_of(e) or fallback
            label = (f"{path} > " if path else "") + _label(e)
            through = [env[v] for v in alive if last.get(v, -1) >= i]
            outs = [self.value(v.aval, e.primitive.name, src, path, e) for v in e.outvars]
            self._residuals(e, env)
            bodies, loop = _bodies(e)
            if loop and not self.loops:
                self.top_loop = not path
            self.loops += loop
            for body, nconsts in bodies:
                ops = [None if _is_literal(v) else env.get(v) for v in _operands(e, body)]
                self._enter(e, body, nconsts, loop, ops, outer + through, outs, src, label)
            self.loops -= loop
            # A top-level loop's own step holds XLA's temporaries of it.
            own = e if not bodies or (loop and not path and not self.loops) else None
            self.step(label, src, outer + through + outs, own)
            for v, vid in zip(e.outvars, outs):
                env[v] = vid
                alive.append(v)
            alive = [v for v in alive if last.get(v, -1) > i]
        return [None if _is_literal(v) else env.get(v) for v in jaxpr.outvars]

    def _residuals(self, e, env):
        """Marks the forward values a backward equation reads."""
        if phase_of(e) != "backward":
            return
        for v in e.invars:
            vid = None if _is_literal(v) else dict.get(env, v)
            if vid is not None and self.w.values[vid].phase == "forward":
                self.w.values[vid].residual = True

    def _enter(self, e, body, nconsts, loop, ops, live, outs, src, path):
        """The steps of an equation's body (see the module's comment): ops,
        the ids of the operands bound to the body's invars, in order."""
        env = {}
        if loop:
            for k, v in enumerate(body.invars):
                env[v] = ops[k] if k < nconsts else self.value(
                    v.aval, f"{e.primitive.name} iteration input", src, path)
            own = [env[v] for v in body.invars[nconsts:]]
            self.walk(body, _Counted(env, len(body.invars), body), live + outs + own,
                      path, keep_outs=True, fallback=src)
            return
        for k, v in enumerate(body.invars):
            env[v] = ops[k] if k < len(ops) else None
        self.walk(body, _Counted(env, len(body.invars), body), live, path, keep_outs=True,
                  fallback=src)


class _Counted(dict):
    """A body's env whose first n invars are counted in the live list the
    caller passes (its operands, a loop's iteration inputs): walk() leaves
    them out of the body's own alive list."""

    def __init__(self, env, n, body):
        super().__init__(env)
        self.skip = set(list(body.invars)[:n])

    def get(self, key, default=None):
        return default if key in self.skip else super().get(key, default)


def _operands(e, body):
    """The operands bound to a body's invars, in order."""
    ops = list(e.invars)
    if e.primitive.name == "while":
        cn, bn = e.params["cond_nconsts"], e.params["body_nconsts"]
        carry = ops[cn + bn:]
        if body is e.params["cond_jaxpr"].jaxpr:
            return ops[:cn] + carry
        return ops[cn:cn + bn] + carry
    if e.primitive.name == "cond":
        return ops[1:]  # the branch index first
    return ops[len(ops) - len(body.invars):] if len(ops) >= len(body.invars) else ops


def _is_literal(v):
    return J.is_literal(v)


def _label(e):
    name = e.primitive.name
    inner = e.params.get("name")
    return f"{name}({inner})" if isinstance(inner, str) and inner else name


def arg_names(fn, args, static_argnums=()):
    """The pytree path of each array leaf of args, by fn's parameter names
    where it has them: ["params['hidden'][2]", "x"]."""
    import inspect
    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        names = []
    out = []
    for k, a in enumerate(args):
        if k in static_argnums:
            continue
        base = names[k] if k < len(names) else f"args[{k}]"
        for path, _ in jax.tree_util.tree_flatten_with_path(a)[0]:
            out.append(base + jax.tree_util.keystr(path))
    return out


def analyze(fn, *args, static_argnums=(), scratch=None, **kwargs):
    """The walk of fn's jaxpr on args (a Walk). Raises what tracing raises.
    scratch: a function of an equation giving its compiled temporary bytes."""
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    call = fn if not kwargs else (lambda *a: fn(*a, **kwargs))
    closed = jax.make_jaxpr(call, static_argnums=tuple(static_argnums))(*args)
    w = _Walker(scratch)
    jaxpr = closed.jaxpr
    env = {}
    consts = set(jaxpr.constvars)
    names = arg_names(fn, args, tuple(static_argnums))
    k = 0
    for v in list(jaxpr.constvars) + list(jaxpr.invars):
        vid = w.value(v.aval, "constant" if v in consts else "input", None, "")
        if v not in consts:
            w.w.values[vid].name = names[k] if k < len(names) else ""
            k += 1
        env[v] = vid
        w.w.input_ids.append(vid)
    ins = list(jaxpr.constvars) + list(jaxpr.invars)
    counted = _Counted(env, 0, jaxpr)
    counted.skip = set(ins)
    outs = w.walk(jaxpr, counted, list(w.w.input_ids), "", keep_outs=True)
    w.w.output_ids = [o for o in dict.fromkeys(outs) if o is not None]
    w.w.top_primitives = [e.primitive.name for e in jaxpr.eqns]
    if not w.w.steps:  # no equation: the inputs are the outputs
        w.step("(no equation)", None, list(w.w.input_ids))
    return w.w


def peak(walk):
    """The index of the step with the most live bytes (the first such),
    among the steps that run op by op (not inside a top-level loop)."""
    ks = [k for k, s in enumerate(walk.steps) if not s.compiled] or range(len(walk.steps))
    return max(ks, key=lambda k: (walk.steps[k].bytes, -k))
