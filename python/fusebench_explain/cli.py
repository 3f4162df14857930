"""fusebench-explain: which arrays a JAX function's memory goes to, by source line.

    fusebench-explain MODULE:FUNCTION (MODULE:ARGS | SHAPE...) [--json FILE]
        [--chart FILE.svg|png]... [--measure] [--try-fix] [--budget BYTES]
        [--static-argnums I,J] [--no-jit] [--top K]

MODULE is a module name on the path (the working directory is added) or a
file (path/to/file.py). ARGS names a function of no arguments returning the
example arguments: a tuple of them (pytrees allowed), or one argument.
SHAPE is dtype[dims], e.g. f32[1000000] or i32[] (f16 bf16 f32 f64 i8 i16
i32 i64 u8 u32 bool c64), one per argument; --measure fills floats with
uniform [0, 1) values, integers and booleans with zeros.

Prints the peak op by op (the un-jitted program, each primitive's own
compiled scratch counted) and the arrays alive there by source line and
argument path; under jit XLA's figures (library fusions counted); the fix:
the vmap or argument that made the large axis, the lax.map batch size that
fits --budget (default: half the peak), jax.checkpoint for a grad, jit.
--measure runs it (package measure.py) op by op and under jax.jit;
--try-fix measures the suggested batch size too. --json writes all of it,
--chart the liveness chart.

Exit status: 0 done; 2 bad input (an unknown module or function, arguments
that do not match, a function that fails while tracing: the error, its
first line naming the function and the user's line; an output that cannot
be written, or a FIFO with no reader: one line, nothing written); 1 a
write that failed (one line).
"""
import argparse
import importlib
import importlib.util
import os
import re
import sys
import traceback

from . import _jax_internals as J
from . import chart as C
from . import core
from . import output
from .output import BadInput

SHAPE = re.compile(r"^([a-z0-9]+)\[([\d, ]*)\]$")
COUNT = re.compile(r"^[0-9]+(\.[0-9]+)?(e[0-9]+)?$")
PROG = "fusebench-explain"


def count(lowest):
    """An argparse type: a whole number >= lowest written as the harness
    takes one (100000, 1e6): no sign, hex, spaces, fraction or overflow."""
    def parse_count(text):
        ok = COUNT.match(text) is not None
        v = float(text) if ok else 0.0
        if ok and v >= 2 ** 63:
            raise argparse.ArgumentTypeError(f"'{text}': must be below 2^63")
        if not ok or v != int(v):
            raise argparse.ArgumentTypeError(
                f"'{text}': not a whole number (forms: 100000, 1e6)")
        if v < lowest:
            raise argparse.ArgumentTypeError(f"'{text}': must be at least {lowest}")
        return int(v)
    parse_count.__name__ = "count"
    return parse_count


def indices(text):
    if not re.match(r"^\d+(,\d+)*$", text):
        raise argparse.ArgumentTypeError(f"'{text}': not argument indices (0,2)")
    return tuple(int(t) for t in text.split(","))


class OneLineParser(argparse.ArgumentParser):
    """Bad usage is one line on stderr and exit 2, as the harness's."""

    def error(self, message):
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def parser(prog=PROG, extra=None):
    ap = OneLineParser(prog=prog, description=__doc__.split("\n")[0])
    ap.add_argument("function", nargs="?", help="MODULE:FUNCTION")
    ap.add_argument("args", nargs="*", help="MODULE:ARGS or SHAPE...")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--chart", metavar="FILE", action="append", default=[])
    ap.add_argument("--measure", action="store_true")
    ap.add_argument("--try-fix", action="store_true", help="measure the suggested fix")
    ap.add_argument("--budget", type=count(1), metavar="BYTES")
    ap.add_argument("--static-argnums", type=indices, default=())
    ap.add_argument("--no-jit", action="store_true", help="op by op only")
    ap.add_argument("--top", type=count(0), default=12, help="arrays and buffers listed")
    if extra:
        extra(ap)
    return ap


def check_args(ap, o, programs=False):
    if programs and (getattr(o, "program", None) is None) == (o.function is None):
        ap.error("give MODULE:FUNCTION with its arguments, or --program NAME")
    if not programs and o.function is None:
        ap.error("give MODULE:FUNCTION with its arguments")
    if o.function and not o.args:
        ap.error(f"{o.function}: its arguments are needed (MODULE:ARGS or SHAPE...)")
    for c in o.chart:
        if not (c.endswith(".svg") or c.endswith(".png")):
            ap.error(f"--chart {c}: FILE.svg or FILE.png")
    return o


_LOADED = {}


def _module(name, path):
    if name not in _LOADED:
        _LOADED[name] = _load_module(name, path)
    return _LOADED[name]


def _load_module(name, path):
    sys.path[:0] = [p for p in path + [os.getcwd()] if p not in sys.path]
    try:
        if name.endswith(".py"):
            spec = importlib.util.spec_from_file_location(
                os.path.splitext(os.path.basename(name))[0], name)
            if spec is None or not os.path.isfile(name):
                raise BadInput(f"{name}: no such file")
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return mod
        return importlib.import_module(name)
    except BadInput:
        raise
    except ModuleNotFoundError as e:
        raise BadInput(f"{name}: no such module ({e})")
    except Exception as e:  # the module itself failed
        raise BadInput(f"{name}: importing it failed: {type(e).__name__}: {_first(e)}"
                       + _user_line(e))


def lookup(spec, path=()):
    """The object MODULE:NAME names (NAME may be dotted)."""
    if ":" not in spec:
        raise BadInput(f"{spec}: expected MODULE:NAME")
    mod_name, attr = spec.rsplit(":", 1)
    obj = _module(mod_name, list(path))
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise BadInput(f"{spec}: no {attr} in {mod_name}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise BadInput(f"{spec}: {attr} is not callable")
    return obj


def _first(e):
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def _user_line(e):
    """" at FILE:LINE: CODE" of the innermost frame of e's traceback outside
    JAX, numpy and this package, or ""."""
    import jax
    skip = (os.path.dirname(os.path.dirname(jax.__file__)), J.HERE, "<frozen")
    frames = [f for f in traceback.extract_tb(e.__traceback__)
              if not f.filename.startswith(skip) and "site-packages" not in f.filename]
    if not frames:
        return ""
    f = frames[-1]
    return f" (at {f.filename}:{f.lineno}: {(f.line or '').strip()})"


def failure(name, texts, e):
    """The whole error: its first line names the function, the exception
    and the user's line; the rest of the message follows, indented."""
    lines = str(e).strip().splitlines() or [type(e).__name__]
    head = (f"{name} on ({', '.join(texts)}): tracing or running failed: "
            f"{type(e).__name__}: {lines[0]}{_user_line(e)}")
    return "\n  ".join([head] + [ln for ln in lines[1:] if ln.strip()])


def shape_arg(text):
    """The jax.ShapeDtypeStruct of a SHAPE argument."""
    import jax
    m = SHAPE.match(text.replace(" ", ""))
    if not m or m.group(1) not in core.DTYPES:
        raise BadInput(f"{text}: not MODULE:ARGS nor a shape such as f32[1000] "
                       f"(dtypes: {' '.join(core.DTYPES)})")
    dims = tuple(int(d) for d in m.group(2).split(",") if d)
    return jax.ShapeDtypeStruct(dims, core.DTYPES[m.group(1)])


def load_args(specs, path=()):
    """The example arguments (a tuple)."""
    if len(specs) == 1 and not SHAPE.match(specs[0].replace(" ", "")):
        make = lookup(specs[0], path)
        try:
            got = make()
        except Exception as e:
            raise BadInput(f"{specs[0]}: failed: {type(e).__name__}: {_first(e)}"
                           + _user_line(e))
        return tuple(got) if isinstance(got, tuple) else (got,)
    return tuple(shape_arg(s) for s in specs)


def concrete(args):
    """Arrays for abstract arguments, on the device for concrete ones."""
    import jax
    import numpy as np
    rng = np.random.default_rng(0)

    def fill(a):
        if isinstance(a, jax.ShapeDtypeStruct):
            if np.issubdtype(a.dtype, np.floating):
                return jax.device_put(rng.random(a.shape).astype(a.dtype))
            return jax.device_put(np.zeros(a.shape, a.dtype))
        return jax.device_put(a) if hasattr(a, "shape") else a
    return jax.tree.map(fill, args)


def outputs_of(o):
    return ([("--json", o.json)] if o.json is not None else []) + \
        [("--chart", c) for c in o.chart]


def run(o, fn, args, name):
    """Explains fn on args as o asks; prints it; writes --json and --chart."""
    from . import arg_text
    J.exclude_package_frames()
    if o.measure or o.try_fix:  # arrays on the device before the level is read
        args = concrete(args)
    texts = [arg_text(a) for a in args]
    try:
        r = core.report(fn, args, name, texts, jit=not o.no_jit, measured=o.measure,
                        budget=o.budget, try_fixing=o.try_fix,
                        static_argnums=tuple(o.static_argnums))
    except BadInput:
        raise
    except Exception as e:
        raise BadInput(failure(name, texts, e))
    r["program"] = getattr(o, "program_info", None)
    for c in o.chart:
        try:
            why = C.draw(r, c, f"{name}: live bytes op by op")
        except OSError as e:
            print(f"{PROG}: --chart {c}: write failed: {e.strerror}", file=sys.stderr)
            return 1
        if why:
            print(f"{PROG}: --chart {c}: {why}", file=sys.stderr)
            return 1
    if o.json is not None:
        import json
        try:
            output.write(o.json, (json.dumps(r, indent=1) + "\n").encode())
        except OSError as e:
            print(f"{PROG}: --json {o.json}: write failed: {e.strerror}", file=sys.stderr)
            return 1
    try:
        sys.stdout.write(core.text_of(r, o.top))
        sys.stdout.flush()
    except OSError as e:
        print(f"{PROG}: standard output: write failed: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def main(argv=None, prog=PROG, extra=None, programs=None, path=()):
    """The console script. extra(parser) adds options, programs(o) returns
    (fn, args, name) when o names a built-in program (fusebench's wrapper)."""
    global PROG
    PROG = prog
    ap = parser(prog, extra)
    o = check_args(ap, ap.parse_args(sys.argv[1:] if argv is None else argv),
                   programs is not None)
    try:
        output.check(outputs_of(o))
        if programs is not None and getattr(o, "program", None):
            fn, args, name = programs(o)
        else:
            fn, args, name = lookup(o.function, path), load_args(o.args, path), o.function
        return run(o, fn, args, name)
    except BadInput as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # explain's own failure: one line, never a traceback
        where = traceback.extract_tb(e.__traceback__)[-1]
        print(f"{prog}: internal error: {type(e).__name__}: {_first(e)} (at "
              f"{os.path.basename(where.filename)}:{where.lineno}; please report it)",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
