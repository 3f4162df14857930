"""fusebench_explain: which arrays a JAX function's memory goes to, by source line.

    from fusebench_explain import explain
    e = explain(fn, *args, static_argnums=(), budget=None, measure=False,
                try_fix=False, jit=True, **kwargs)
    e.peak_bytes, e.arrays, e.jit, e.fix, e.measured
    print(e.table()); e.chart("peak.svg"); e        # a notebook shows a table

explain(fn, *args) walks fn's jaxpr on args (arrays, pytrees of them, or
jax.ShapeDtypeStruct) op by op, compiles it under jit, and predicts the
fix; measure=True runs it (the arguments must be arrays) and measures the
process's peak RSS, op by op and under jax.jit; try_fix=True measures the
suggested lax.map batch size too. Keyword arguments other than these
options go to fn. The guide: docs/explain.md of the fusebench repository.
"""
import functools
import json

from . import _jax_internals
from . import chart as _chart
from . import core

__version__ = "0.2.0"
__all__ = ["explain", "Explanation"]


class Explanation:
    """The explanation of one function on its arguments (core.report's dict
    in .report)."""

    def __init__(self, report):
        self.report = report

    @property
    def peak_bytes(self):
        """The op-by-op peak: the bytes alive at once, inputs included."""
        return self.report["op_by_op"]["peak_bytes"]

    @property
    def peak_above_inputs_bytes(self):
        return self.report["op_by_op"]["peak_above_inputs_bytes"]

    @property
    def arrays(self):
        """The arrays alive at the peak, largest first (dicts: shape, dtype,
        bytes, primitive, source, name, phase, residual)."""
        return self.report["op_by_op"]["peak_arrays"]

    @property
    def largest(self):
        return self.report["op_by_op"]["largest"]

    @property
    def jit(self):
        """XLA's figures under jit (None with jit=False): memory_analysis,
        buffers, library_fusions, predicted_above_inputs_bytes."""
        return self.report["jit"]

    @property
    def fix(self):
        return self.report["fix"]

    @property
    def measured(self):
        return self.report["measured"]

    def table(self, top=12):
        """The printed explanation (what the console script prints)."""
        return core.text_of(self.report, top)

    def chart(self, path, title=None):
        """Draws the liveness chart into path (.svg or .png)."""
        why = _chart.draw(self.report, path, title or f"{self.report['function']}: live "
                          "bytes op by op")
        if why:
            raise RuntimeError(why)
        return path

    def to_json(self):
        return json.dumps(self.report, indent=1) + "\n"

    def __repr__(self):
        return (f"<Explanation {self.report['function']}: peak {core.human(self.peak_bytes)} "
                f"op by op at {self.report['op_by_op']['peak_label']}>")

    def _rows(self, top=8):
        return [(core.human(a["bytes"]), core.shape_text(a), a["primitive"],
                 a["name"] or a["source"] or "", "residual" if a["residual"] else a["phase"])
                for a in self.arrays[:top]]

    def _repr_markdown_(self):
        o = self.report["op_by_op"]
        head = (f"**{self.report['function']}**: peak {core.human(o['peak_bytes'])} op by op "
                f"at `{o['peak_label']}` {o['peak_source']}\n\n"
                "| bytes | array | made by | where | phase |\n|---:|---|---|---|---|\n")
        rows = "".join(f"| {b} | `{s}` | {p} | {w} | {ph} |\n" for b, s, p, w, ph in self._rows())
        return head + rows + "\n" + self.report["verdict"] + "\n"

    def _repr_html_(self):
        import html
        o = self.report["op_by_op"]
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                       for r in self._rows())
        return (f"<p><b>{html.escape(self.report['function'])}</b>: peak "
                f"{core.human(o['peak_bytes'])} op by op at <code>"
                f"{html.escape(o['peak_label'])}</code> {html.escape(o['peak_source'])}</p>"
                "<table><tr><th>bytes</th><th>array</th><th>made by</th><th>where</th>"
                f"<th>phase</th></tr>{rows}</table><p>{html.escape(self.report['verdict'])}</p>")


def arg_text(a):
    """f32[1000] for an array, Type(...) for a pytree."""
    import jax
    leaves = jax.tree.leaves(a)
    if len(leaves) == 1 and leaves[0] is a and hasattr(a, "shape"):
        return f"{core.SHORT.get(str(a.dtype), str(a.dtype))}[{','.join(map(str, a.shape))}]"
    if not leaves or (len(leaves) == 1 and leaves[0] is a and not hasattr(a, "shape")):
        return repr(a)
    return f"{type(a).__name__}({', '.join(arg_text(x) for x in leaves)})"


def explain(fn, *args, static_argnums=(), budget=None, measure=False, try_fix=False,
            jit=True, name=None, **kwargs):
    """The explanation of fn(*args, **kwargs) (see the module's comment)."""
    _jax_internals.exclude_package_frames()
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    call = functools.partial(fn, **kwargs) if kwargs else fn
    if kwargs:
        functools.update_wrapper(call, fn)
    name = name or getattr(fn, "__qualname__", None) or repr(fn)
    texts = [arg_text(a) for a in args]
    return Explanation(core.report(call, tuple(args), name, texts, jit=jit, measured=measure,
                                   budget=budget, try_fixing=try_fix,
                                   static_argnums=tuple(static_argnums)))
