"""scratch: XLA's temporary bytes of one equation run alone.

Eager JAX runs each primitive as a compiled program of its own (and a
cond, a scan or a while as one program): what that program allocates
besides its operands and outputs (a bf16 dot's f32 copies of its operands,
a sort's keys) is alive at the equation's step. Scratch compiles the
equation once per signature (primitive, parameters, operand types) and
reads the memory analysis, with the dots inside XLA:CPU's library fusions
added (xlabuffers.library_scratch: their scratch, invisible to the
analysis, is at most those dots).

Limits: equations (but scans, whiles and conds, which can make large
temporaries from small operands) whose operands and outputs together are
under min_bytes are not compiled (their scratch is taken as 0: it cannot
move a peak that size); at most max_compiles compilations per walk.
"""
import jax

from . import _jax_internals as J
from . import xlabuffers as X
from .liveness import aval_bytes


class Scratch:
    def __init__(self, min_bytes=1 << 20, max_compiles=64):
        self.min_bytes, self.left = min_bytes, max_compiles
        self.cache = {}

    def __call__(self, eqn):
        ins = [v for v in eqn.invars]
        size = sum(aval_bytes(v.aval) for v in ins) + sum(aval_bytes(v.aval) for v in eqn.outvars)
        if eqn.primitive.name in ("pjit", "jit"):
            return 0
        # A loop or cond can make large temporaries from small operands.
        if size < self.min_bytes and eqn.primitive.name not in ("scan", "while", "cond"):
            return 0
        key = (eqn.primitive.name, repr(sorted((k, repr(v)) for k, v in eqn.params.items())),
               tuple(repr(v.aval) if not J.is_literal(v) else repr(v.val) for v in ins))
        if key not in self.cache:
            if self.left <= 0:
                return 0
            self.left -= 1
            self.cache[key] = temp_bytes(eqn)
        return self.cache[key]


def temp_bytes(eqn):
    """XLA's temporary bytes of eqn compiled alone (0 when it cannot be)."""
    lits = {k: v.val for k, v in enumerate(eqn.invars) if J.is_literal(v)}
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype)
             for k, v in enumerate(eqn.invars) if k not in lits]

    def one(*xs):
        it = iter(xs)
        ops = [lits[k] if k in lits else next(it) for k in range(len(eqn.invars))]
        out = eqn.primitive.bind(*ops, **eqn.params)
        return out

    try:
        compiled = jax.jit(one).lower(*avals).compile()
        text = compiled.as_text()
        lib = X.library_scratch(X.hlo_instructions(text), X.library_fusions(text))
        return (int(compiled.memory_analysis().temp_size_in_bytes)
                + max([f["bytes"] for f in lib] or [0]))
    except Exception:  # a primitive that cannot be bound alone: no figure
        return 0
