#!/usr/bin/env python3
"""explain: which arrays a JAX function's memory goes to, by source line.

    explain.py MODULE:FUNCTION (MODULE:ARGS | SHAPE...) [--json FILE]
               [--chart FILE.svg|png]... [--measure] [--no-jit] [--top K]
    explain.py --program NAME [--n N --m M --g G --steps K --chunk B --seed S]

MODULE is a module name on the path (variants/jax and the working directory
are added) or a file (path/to/file.py). ARGS names a function of no
arguments returning the example arguments: a tuple of them (pytrees
allowed), or one argument. SHAPE is dtype[dims], e.g. f32[1000000] or
i32[] (f16 bf16 f32 f64 i8 i16 i32 i64 u8 u32 bool c64), one per argument.
--program takes a program of fusebench's table (fb_programs.py; run.py
--list) at run.py's sizes.

Prints, op by op (the un-jitted program, fb_liveness.py's walk and its
convention): the predicted peak in bytes and in units of the largest array,
the step where it happens, and the arrays alive there largest first (shape,
dtype, bytes, the primitive that made each, the user's source line); under
jit (fb_xlabuffers.py): XLA's memory analysis and the buffers of its
temporary allocations with their source lines; then a verdict. --json
writes all of it, --chart the liveness chart (fb_livechart.py).

--measure calls the function op by op: once to compile its primitives (not
counted), then, after gc.collect() and malloc_trim(0), reads VmRSS, resets
the peak (echo 5 > /proc/self/clear_refs), makes the call waited for with
block_until_ready, and reads VmHWM: the process's peak RSS above its level
just before the call, beside the prediction above the inputs (the inputs
are alive before the call, so the measurement does not see them), or, for
a function that is one jit call, beside XLA's temporary and output bytes;
with a note when the largest array is under glibc's mmap threshold. Where
clear_refs cannot be written, a thread samples VmRSS every millisecond
instead (the report says which). Arguments given as shapes are filled with
uniform [0, 1) values (integers and booleans: zeros).

Exit status: 0 done; 2 bad input (an unknown module or function, arguments
that do not match, a function that fails while tracing, an unwritable
output: one line on stderr, nothing written); 1 another failure.
"""
import argparse
import ctypes
import gc
import importlib
import importlib.util
import json
import os
import re
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
          "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
          "u32": "uint32", "bool": "bool", "c64": "complex64"}
SHORT = {v: k for k, v in DTYPES.items()}
SHAPE = re.compile(r"^([a-z0-9]+)\[([\d, ]*)\]$")
# run.py's sizes when it has none to give (its DEFAULTS is the source).
PROGRAM_SIZES = dict(n=1000, m=8, g=64, chunk=100, steps=1)
GLIBC_MMAP_MAX = 32 << 20  # DEFAULT_MMAP_THRESHOLD_MAX on 64-bit
SIZES = dict(n=None, m=None, g=None, steps=None, chunk=None)


class BadInput(Exception):
    """An input explain cannot use: its message is the one line printed."""


def human(b):
    """Bytes as B, kB, MB, GB (powers of 1000), 4 significant digits."""
    for div, unit in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")):
        if abs(b) >= div:
            return f"{b / div:.4g} {unit}"
    return f"{b:.0f} B"


COUNT = re.compile(r"^[0-9]+(\.[0-9]+)?(e[0-9]+)?$")


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


class OneLineParser(argparse.ArgumentParser):
    """Bad usage is one line on stderr and exit 2, as the harness's."""

    def error(self, message):
        print(f"explain: {message}", file=sys.stderr)
        sys.exit(2)


def parse(argv):
    ap = OneLineParser(prog="explain.py", description=__doc__.split("\n")[1])
    ap.add_argument("function", nargs="?", help="MODULE:FUNCTION")
    ap.add_argument("args", nargs="*", help="MODULE:ARGS or SHAPE...")
    ap.add_argument("--program", help="a program of fb_programs.PROGRAMS")
    for k in SIZES:
        ap.add_argument(f"--{k}", type=count(1))
    ap.add_argument("--seed", type=count(0), default=42)
    ap.add_argument("--preset", choices=["seed", "random"], default="random")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--chart", metavar="FILE", action="append", default=[])
    ap.add_argument("--measure", action="store_true")
    ap.add_argument("--no-jit", action="store_true", help="op by op only")
    ap.add_argument("--top", type=count(0), default=12, help="arrays and buffers listed")
    o = ap.parse_args(argv)
    if (o.program is None) == (o.function is None):
        ap.error("give MODULE:FUNCTION with its arguments, or --program NAME")
    if o.function and not o.args:
        ap.error(f"{o.function}: its arguments are needed (MODULE:ARGS or SHAPE...)")
    for c in o.chart:
        if not (c.endswith(".svg") or c.endswith(".png")):
            ap.error(f"--chart {c}: FILE.svg or FILE.png")
    return o


_LOADED = {}


def _module(name):
    if name not in _LOADED:
        _LOADED[name] = _load_module(name)
    return _LOADED[name]


def _load_module(name):
    sys.path[:0] = [p for p in (HERE, os.getcwd()) if p not in sys.path]
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
        raise BadInput(f"{name}: importing it failed: {type(e).__name__}: {_first(e)}")


def lookup(spec):
    """The object MODULE:NAME names (NAME may be dotted)."""
    if ":" not in spec:
        raise BadInput(f"{spec}: expected MODULE:NAME")
    mod_name, attr = spec.rsplit(":", 1)
    obj = _module(mod_name)
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


def shape_arg(text):
    """(jax.ShapeDtypeStruct, description) of a SHAPE argument."""
    import jax
    m = SHAPE.match(text.replace(" ", ""))
    if not m or m.group(1) not in DTYPES:
        raise BadInput(f"{text}: not MODULE:ARGS nor a shape such as f32[1000] "
                       f"(dtypes: {' '.join(DTYPES)})")
    dims = tuple(int(d) for d in m.group(2).split(",") if d)
    return jax.ShapeDtypeStruct(dims, DTYPES[m.group(1)])


def load_args(specs):
    """The example arguments (a tuple) and whether they are abstract."""
    if len(specs) == 1 and not SHAPE.match(specs[0].replace(" ", "")):
        make = lookup(specs[0])
        try:
            got = make()
        except Exception as e:
            raise BadInput(f"{specs[0]}: failed: {type(e).__name__}: {_first(e)}")
        return (tuple(got) if isinstance(got, tuple) else (got,)), False
    return tuple(shape_arg(s) for s in specs), True


def program_args(o):
    """(function, args, name) of a program of fusebench's table."""
    import fb_programs
    import run

    entry = fb_programs.PROGRAMS.get(o.program)
    if entry is None:
        raise BadInput(f"--program {o.program}: no such program (run.py --list)")
    for k, v in getattr(run, "DEFAULTS", {}).get(entry.workload, PROGRAM_SIZES).items():
        if getattr(o, k) is None:
            setattr(o, k, v)
    try:
        prog = entry.build(o)
    except (ValueError, MemoryError, OverflowError) as e:
        raise BadInput(f"--program {o.program}: its inputs at these sizes: "
                       f"{type(e).__name__}: {_first(e)}")
    keys = ("n", "m", "g", "preset", "seed", "chunk") if entry.workload == "interp" \
        else ("n", "seed", "steps")
    o.program_info = {"workload": entry.workload, "program": o.program,
                      "params": {k: getattr(o, k) for k in keys}}
    return prog.traced[0], tuple(prog.traced[1]), f"{entry.workload} {o.program}"


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


def _arg_text(a):
    import jax
    leaves = jax.tree.leaves(a)
    if len(leaves) == 1 and leaves[0] is a and hasattr(a, "shape"):
        return f"{SHORT.get(str(a.dtype), str(a.dtype))}[{','.join(map(str, a.shape))}]"
    return f"{type(a).__name__}({', '.join(_arg_text(x) for x in leaves)})"


def _array(v):
    return {"id": v.id, "shape": list(v.shape), "dtype": v.dtype,
            "dtype_short": SHORT.get(v.dtype, v.dtype), "bytes": v.bytes,
            "primitive": v.primitive, "source": v.source, "file": v.file, "line": v.line,
            "path": v.path, "made_at_step": v.step}


def op_by_op(fn, args):
    """The walk's figures (JSON-able) and its values."""
    import fb_liveness as L
    w = L.analyze(fn, *args)
    k = L.peak(w)
    st = w.steps[k]
    alive = sorted((w.values[i] for i in st.live), key=lambda v: (-v.bytes, v.id))
    largest = alive[0] if alive else None
    ins = sum(w.values[i].bytes for i in w.input_ids)
    outs = sum(w.values[i].bytes for i in w.output_ids)
    return {
        "convention": L.__doc__.split("\n\n")[1].strip(),
        "steps_count": len(w.steps), "peak_step": k, "peak_bytes": st.bytes,
        "peak_label": st.label, "peak_source": st.source,
        "input_bytes": ins, "output_bytes": outs,
        "peak_above_inputs_bytes": st.bytes - ins,
        "largest": _array(largest) if largest else None,
        "peak_in_largest": st.bytes / largest.bytes if largest and largest.bytes else None,
        "peak_arrays_count": len(alive),
        # One jit call: it runs as one XLA program, not op by op.
        "one_jit_call": w.top_primitives in (["jit"], ["pjit"]),
        "peak_arrays": [_array(v) for v in alive],
        "steps": [{"label": s.label, "source": s.source, "bytes": s.bytes, "live": s.live}
                  for s in w.steps],
    }, [_array(v) for v in w.values]


def under_jit(fn, args):
    import fb_liveness as L
    import fb_xlabuffers as X
    return X.buffers(fn, *args, short=L.short_path)


def _status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    return None


def _reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


class _Sampler(threading.Thread):
    """VmRSS every millisecond, its maximum kept."""

    def __init__(self):
        super().__init__(daemon=True)
        self.peak, self.stop = _status("VmRSS:"), threading.Event()

    def run(self):
        while not self.stop.wait(0.001):
            self.peak = max(self.peak, _status("VmRSS:"))


def measure(fn, args):
    """The process's peak RSS above its level before one warm call."""
    import jax
    jax.block_until_ready(fn(*args))  # compiles every primitive: not counted
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        trimmed = True
    except (OSError, AttributeError):
        trimmed = False
    before = _status("VmRSS:")
    hwm = _reset_peak() and _status("VmHWM:") <= before + 4096
    sampler = None if hwm else _Sampler()
    if sampler:
        sampler.start()
    t = time.perf_counter()
    out = jax.block_until_ready(fn(*args))
    wall = time.perf_counter() - t
    if sampler:
        sampler.stop.set()
        sampler.join()
    peak = _status("VmHWM:") if hwm else sampler.peak
    del out
    return {"method": "VmHWM after clear_refs 5" if hwm else "VmRSS sampled every 1 ms",
            "malloc_trim": trimmed, "rss_before_bytes": before, "peak_rss_bytes": peak,
            "peak_above_before_bytes": peak - before, "call_s": wall,
            "calls": "one warm-up call (compiles; not counted), then the measured call"}


def verdict(r):
    """The one paragraph in plain words."""
    o = r["op_by_op"]
    big = o["largest"]
    if big is None:
        return "The function makes no array."
    made = lambda a: f"the {a['primitive']}" + (f" at {a['source']}" if a["source"] else "")
    same = [a for a in o["peak_arrays"] if a["bytes"] * 8 >= big["bytes"]]
    text = (f"Op by op, the peak is {human(o['peak_bytes'])} at step {o['peak_step']} "
            f"({o['peak_label']}{', ' + o['peak_source'] if o['peak_source'] else ''}): "
            f"{o['peak_in_largest']:.3g} times the largest array, "
            f"{big['dtype_short']}[{','.join(map(str, big['shape']))}] "
            f"({human(big['bytes'])}), made by {made(big)}; {len(same)} of the "
            f"{o['peak_arrays_count']} arrays alive there are at least an eighth of it.")
    j = r.get("jit")
    if j:
        temp = j["memory_analysis"]["temp_bytes"]
        kept = [b for b in j["buffers"] if b["bytes"] * 8 >= big["bytes"]]
        text += (f" Under jit XLA needs {human(temp)} of temporary memory "
                 f"({temp / big['bytes']:.3g} largest arrays, "
                 f"{temp / max(o['peak_above_inputs_bytes'], 1):.0%} of the op-by-op peak "
                 f"above the inputs) and keeps {len(kept)} buffer{'s' * (len(kept) != 1)} "
                 f"of at least an eighth of the largest array")
        text += (f", the largest {kept[0]['shape']} ({human(kept[0]['bytes'])}) by the "
                 f"{kept[0]['op'] or kept[0]['opcode']}"
                 f"{' at ' + kept[0]['source'] if kept[0]['source'] else ''}." if kept else ".")
    m = r.get("measured")
    if m:
        text += (f" Measured on one warm call, the process grew by "
                 f"{human(m['peak_above_before_bytes'])}"
                 f" at its peak against {human(m['predicted_bytes'])} predicted "
                 f"({m['against']}; {m['error']:+.0%}).")
    return text


def _shape(a):
    return f"{a['dtype_short']}[{','.join(map(str, a['shape']))}]"


def _origin(a):
    return {"input": "argument", "constant": "closed-over constant"}.get(a["primitive"], "")


def text_of(r, top):
    """The printed explanation."""
    o = r["op_by_op"]
    out = [f"explain {r['function']} on ({', '.join(r['arguments'])})", "",
           f"Op by op: {o['steps_count']} steps (the jaxpr's equations in order, "
           "nested bodies entered)",
           f"  peak {human(o['peak_bytes'])} ({o['peak_bytes']} B) at step {o['peak_step']}: "
           f"{o['peak_label']}" + (f" at {o['peak_source']}" if o["peak_source"] else "")]
    if o["largest"]:
        out.append(f"    = {o['peak_in_largest']:.3g} x the largest array, "
                   f"{_shape(o['largest'])} ({human(o['largest']['bytes'])})")
    out.append(f"  inputs {human(o['input_bytes'])} (alive throughout), outputs "
               f"{human(o['output_bytes'])}; above the inputs {human(o['peak_above_inputs_bytes'])}")
    out.append(f"  the {o['peak_arrays_count']} arrays alive at the peak, largest first:")
    for a in o["peak_arrays"][:top]:
        out.append(f"    {human(a['bytes']):>10} {_shape(a):22} {a['primitive']:16} "
                   f"{a['source'] or '(' + _origin(a) + ')'}")
    rest = o["peak_arrays"][top:]
    if rest:
        out.append(f"    {human(sum(a['bytes'] for a in rest)):>10} in {len(rest)} more")
    j = r.get("jit")
    if j:
        ma = j["memory_analysis"]
        out += ["", f"Under jit: XLA's optimized program ({j['hlo_instructions']} instructions)",
                f"  temporary {human(ma['temp_bytes'])}, arguments {human(ma['argument_bytes'])}, "
                f"outputs {human(ma['output_bytes'])}, aliased {human(ma['alias_bytes'])}",
                f"  the {len(j['buffers'])} buffers of its temporary allocations, largest first "
                f"({human(j['buffers_bytes'])}; "
                + (f"{human(j['shared_bytes'])} of it at offsets shared by buffers whose "
                   f"lifetimes do not overlap, so they take the {human(ma['temp_bytes'])})"
                   if j["shared_bytes"] else f"they take the {human(ma['temp_bytes'])})")
                + (f"; allocations {human(j['temporary_allocations_bytes'])}, "
                   f"{human(ma['temp_bytes'] - j['temporary_allocations_bytes'])} unaccounted"
                   if j.get("temporary_allocations_bytes", ma["temp_bytes"]) != ma["temp_bytes"]
                   else "") + ":"]
        for b in j["buffers"][:top]:
            op = f"{b['opcode']} ({b['op']})" if b["op"] else b["opcode"]
            shape = b["shape"] if len(b["shape"]) <= 30 else b["shape"][:27] + "..."
            out.append(f"    {human(b['bytes']):>10} {shape:22} {op:20} "
                       f"{b['source'] or '-':34} {b['instruction']}")
        rest = j["buffers"][top:]
        if rest:
            out.append(f"    {human(sum(b['bytes'] for b in rest)):>10} in {len(rest)} more")
    m = r.get("measured")
    if m:
        out += ["", f"Measured ({m['method']}; {m['calls']}):",
                f"  peak RSS above the level before the call {human(m['peak_above_before_bytes'])}"
                f", predicted {human(m['predicted_bytes'])} ({m['against']}): "
                f"error {m['error']:+.1%} ({m['call_s']:.2f} s)"]
        if m.get("note"):
            out.append(f"  note: {m['note']}")
    out += ["", "Verdict: " + r["verdict"]]
    return "\n".join(out) + "\n"


def explain(fn, args, name, arg_texts, jit=True, measured=False):
    """The whole explanation of fn on args as a JSON-able dict."""
    o, values = op_by_op(fn, args)
    r = {"function": name, "arguments": arg_texts, "op_by_op": o, "values": values,
         "jit": under_jit(fn, args) if jit else None, "measured": None}
    if measured:
        m = measure(fn, args)
        ma = (r["jit"] or {}).get("memory_analysis")
        if o["one_jit_call"] and ma:
            m["against"] = "XLA's temporary and output bytes (the function is one jit call)"
            m["predicted_bytes"] = ma["temp_bytes"] + ma["output_bytes"]
        else:
            m["against"] = "the op-by-op peak above the inputs"
            m["predicted_bytes"] = o["peak_above_inputs_bytes"]
        pred = max(m["predicted_bytes"], 1)
        m["error"] = (m["peak_above_before_bytes"] - pred) / pred
        big = (o["largest"] or {}).get("bytes", 0)
        if big < GLIBC_MMAP_MAX and "MALLOC_MMAP_THRESHOLD_" not in os.environ:
            m["note"] = (f"the largest array ({human(big)}) is under glibc's largest mmap "
                         "threshold (32 MiB): freed arrays can stay in malloc's per-thread "
                         "heaps and count in the RSS; MALLOC_MMAP_THRESHOLD_=1048576 measures "
                         "without that")
        r["measured"] = m
    r["verdict"] = verdict(r)
    return r


def predicted(fn, args):
    """The op-by-op prediction alone, for run.py's report: a small dict."""
    o, _ = op_by_op(fn, tuple(args))
    return {"predicted_peak_bytes": o["peak_bytes"],
            "predicted_peak_above_inputs_bytes": o["peak_above_inputs_bytes"],
            "peak_step": o["peak_step"], "peak_label": o["peak_label"],
            "peak_source": o["peak_source"],
            "largest_shape": _shape(o["largest"]) if o["largest"] else None,
            "largest_bytes": o["largest"]["bytes"] if o["largest"] else 0}


def write_file(path, text):
    """Writes path: a regular file atomically (a temporary beside it renamed
    over it), anything else (a device, a FIFO) through."""
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        with open(real, "w") as f:
            f.write(text)
        return
    tmp = os.path.join(os.path.dirname(real) or ".", f".{os.path.basename(real)}.tmp{os.getpid()}")
    try:
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, real)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _check_writable(paths):
    seen = {}
    for p in paths:
        real = os.path.realpath(p) if p else p
        if real in seen:
            raise BadInput(f"{seen[real]} and {p} name the same file: one would replace the other")
        seen[real] = p
        if p == "":
            raise BadInput("'': an empty file name")
        real = os.path.realpath(p)
        if os.path.isdir(real):
            raise BadInput(f"{p}: is a directory")
        if real.startswith(("/proc/", "/sys/")):
            raise BadInput(f"{p}: a kernel interface file, not an output file")
        d = os.path.dirname(real) or "."
        if not os.path.isdir(d) or not os.access(d, os.W_OK):
            raise BadInput(f"{p}: cannot write there (no such folder or not writable)")


def run(o):
    sys.path[:0] = [HERE]
    _check_writable(([o.json] if o.json is not None else []) + o.chart)
    if o.program:
        fn, args, name = program_args(o)
    else:
        fn = lookup(o.function)
        args, abstract = load_args(o.args)
        name = o.function
        if o.measure:  # arrays on the device before the level is read
            args = concrete(args)
    texts = [_arg_text(a) for a in args]
    try:
        r = explain(fn, args, name, texts, jit=not o.no_jit, measured=o.measure)
    except BadInput:
        raise
    except Exception as e:
        raise BadInput(f"{name} on ({', '.join(texts)}): tracing or running failed: "
                       f"{type(e).__name__}: {_first(e)}")
    import fb_livechart
    for c in o.chart:
        why = fb_livechart.draw(r, c, f"{name}: live bytes op by op")
        if why:
            print(f"explain: {why}", file=sys.stderr)
            return 1
    r["program"] = getattr(o, "program_info", None)
    if o.json is not None:
        try:
            write_file(o.json, json.dumps(r, indent=1) + "\n")
        except OSError as e:
            print(f"explain: {o.json}: write failed: {e.strerror}", file=sys.stderr)
            return 1
    sys.stdout.write(text_of(r, o.top))
    return 0


def main(argv):
    o = parse(argv)
    try:
        return run(o)
    except BadInput as e:
        print(f"explain: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
