"""fb_jaxpr: is the answer's first rewrite the same program as the question's?

Renders a jaxpr (jax.make_jaxpr) as canonical text: variables renamed by
order of first appearance, each line "outs = primitive[params] ins" with the
abstract values (shape and dtype), sub-jaxprs (jit, scan, while bodies)
rendered inline, recursively. Two programs are the same when their canonical
texts are equal. Failing that, three weaker comparisons say how far apart
they are: the primitive sequences; the same without the equations that do no
arithmetic (reshape, broadcast, squeeze, slice, copy, and the call wrappers
of nested jits, whose bodies are kept), with the blocks that differ; and,
given their jitted forms, XLA's optimized programs (the sequence of HLO
instructions, each its result type and opcode).

Limits: params are compared by their printed form (str) with numpy scalar
wrappers removed (np.int64(1) prints as 1), which is what a reader compares
too. HLO instruction names and metadata are not compared.
"""
import difflib
import re

import jax

NO_ARITHMETIC = ("reshape", "broadcast_in_dim", "squeeze", "expand_dims", "slice",
                 "copy", "transpose", "jit", "pjit")
_NP_SCALAR = re.compile(r"np\.\w+\(([^()]*)\)")
_HLO_INSTR = re.compile(r"^\s*(?:ROOT )?%?[\w.\-]+ = (.*?) ([a-z][\w\-]*)\(")


def _sub_jaxprs(value):
    """The jaxprs a param holds (a closed jaxpr, a jaxpr, or a tuple)."""
    if isinstance(value, (tuple, list)):
        return [j for v in value for j in _sub_jaxprs(v)]
    inner = getattr(value, "jaxpr", value)
    return [inner] if hasattr(inner, "eqns") else []


class _Canon:
    def __init__(self):
        self.names, self.lines, self.prims = {}, [], []

    def var(self, v):
        if type(v).__name__ == "Literal":
            return f"{v.val!r}:{v.aval.str_short()}"
        key = id(v)
        if key not in self.names:
            self.names[key] = f"v{len(self.names)}"
        return f"{self.names[key]}:{v.aval.str_short()}"

    def walk(self, jaxpr, depth=0):
        ins = " ".join(self.var(v) for v in list(jaxpr.constvars) + list(jaxpr.invars))
        self.lines.append(f"{'  ' * depth}in {ins}")
        for eqn in jaxpr.eqns:
            params, subs = [], []
            for k in sorted(eqn.params):
                found = _sub_jaxprs(eqn.params[k])
                if found:
                    subs += found
                    params.append(f"{k}=<jaxpr>")
                else:
                    params.append(_NP_SCALAR.sub(r"\1", f"{k}={eqn.params[k]}"))
            outs = " ".join(self.var(v) for v in eqn.outvars)
            args = " ".join(self.var(v) for v in eqn.invars)
            self.prims.append(eqn.primitive.name)
            self.lines.append(f"{'  ' * depth}{outs} = {eqn.primitive.name}"
                              f"[{', '.join(params)}] {args}")
            for sub in subs:
                self.walk(sub, depth + 1)
        self.lines.append(f"{'  ' * depth}out " +
                          " ".join(self.var(v) for v in jaxpr.outvars))


def canonical(fn, *args):
    """(canonical lines, primitive names in order) of fn's jaxpr on args."""
    c = _Canon()
    c.walk(jax.make_jaxpr(fn)(*args).jaxpr)
    return c.lines, c.prims


def count_eqns(fn, *args):
    """Equations of fn's jaxpr on args, those of sub-jaxprs included."""
    return len(canonical(fn, *args)[1])


def _first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return {"index": i, "a": x, "b": y}
    if len(a) != len(b):
        i = min(len(a), len(b))
        return {"index": i, "a": a[i] if i < len(a) else None,
                "b": b[i] if i < len(b) else None}
    return None


def _blocks_differing(a, b):
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    return [{"a": a[i1:i2], "b": b[j1:j2]} for tag, i1, i2, j1, j2 in ops if tag != "equal"]


def hlo_instructions(jitted, *args):
    """Result type and opcode of each instruction of XLA's optimized
    program, in order, and its memory analysis' temporary bytes."""
    compiled = jitted.lower(*args).compile()
    found = (_HLO_INSTR.match(line) for line in compiled.as_text().splitlines())
    instrs = [f"{m.group(1)} {m.group(2)}" for m in found if m]
    return instrs, int(compiled.memory_analysis().temp_size_in_bytes)


def _compiled(name_a, jit_a, name_b, jit_b, args):
    hlo_a, temp_a = hlo_instructions(jit_a, *args)
    hlo_b, temp_b = hlo_instructions(jit_b, *args)
    return {"same_instructions": hlo_a == hlo_b,
            "instructions": {name_a: len(hlo_a), name_b: len(hlo_b)},
            "temp_bytes": {name_a: temp_a, name_b: temp_b},
            "first_difference": _first_difference(hlo_a, hlo_b)}


def _verdict(same_text, same_arith, compiled):
    if same_text:
        return "same program: equal jaxprs after renaming variables"
    if same_arith and compiled and compiled["same_instructions"]:
        return ("same computation: the jaxprs differ only in equations that do no "
                "arithmetic (see differing_blocks), and under jit XLA makes the same "
                "optimized program of both")
    if same_arith:
        return ("same arithmetic in the same order; the jaxprs differ in equations "
                "that do no arithmetic (see differing_blocks)")
    return "different programs"


def compare(name_a, fn_a, name_b, fn_b, args, jitted=None):
    """A JSON-able verdict on whether fn_a and fn_b are the same program on
    args; jitted, a pair of their jitted forms, adds XLA's comparison."""
    lines_a, prims_a = canonical(fn_a, *args)
    lines_b, prims_b = canonical(fn_b, *args)
    arith_a = [p for p in prims_a if p not in NO_ARITHMETIC]
    arith_b = [p for p in prims_b if p not in NO_ARITHMETIC]
    compiled = _compiled(name_a, jitted[0], name_b, jitted[1], args) if jitted else None
    return {
        "a": name_a, "b": name_b,
        "verdict": _verdict(lines_a == lines_b, arith_a == arith_b, compiled),
        "same_text": lines_a == lines_b, "same_primitives": prims_a == prims_b,
        "same_arithmetic": arith_a == arith_b,
        "eqns": {name_a: len(prims_a), name_b: len(prims_b)},
        "arithmetic_eqns": {name_a: len(arith_a), name_b: len(arith_b)},
        "first_text_difference": _first_difference(lines_a, lines_b),
        "differing_blocks": _blocks_differing(prims_a, prims_b),
        "compiled": compiled,
    }
