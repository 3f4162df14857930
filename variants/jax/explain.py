#!/usr/bin/env python3
"""explain.py: fusebench's explain, the package fusebench_explain (python/)
run from this checkout, with fusebench's own programs besides a user's:

    explain.py MODULE:FUNCTION (MODULE:ARGS | SHAPE...) [options]
    explain.py --program NAME [--n N --m M --g G --steps K --chunk B --seed S]

The options and the output are the package's (fusebench-explain --help,
docs/explain.md); --program takes a program of fusebench's table
(fb_programs.py; run.py --list) at run.py's sizes. variants/jax is on the
module path. The names core.report (as explain), under_jit and predicted
are kept for run.py and the tests.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_PKG = os.path.join(os.path.dirname(os.path.dirname(HERE)), "python")
if _PKG not in sys.path:
    sys.path.insert(0, _PKG)

from fusebench_explain import cli, core  # noqa: E402
from fusebench_explain.core import human, predicted  # noqa: E402,F401
from fusebench_explain.output import BadInput  # noqa: E402

# run.py's sizes when it has none to give (its DEFAULTS is the source).
PROGRAM_SIZES = dict(n=1000, m=8, g=64, chunk=100, steps=1)
SIZES = ("n", "m", "g", "steps", "chunk")
explain = core.report


def under_jit(fn, args):
    return core.under_jit(fn, args)


def _options(ap):
    ap.add_argument("--program", help="a program of fb_programs.PROGRAMS")
    for k in SIZES:
        ap.add_argument(f"--{k}", type=cli.count(1))
    ap.add_argument("--seed", type=cli.count(0), default=42)
    ap.add_argument("--preset", choices=["seed", "random"], default="random")


def program_args(o):
    """(function, args, name) of a program of fusebench's table."""
    sys.path[:0] = [HERE]
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
                       f"{type(e).__name__}: {cli._first(e)}")
    keys = ("n", "m", "g", "preset", "seed", "chunk") if entry.workload == "interp" \
        else ("n", "seed", "steps")
    o.program_info = {"workload": entry.workload, "program": o.program,
                      "params": {k: getattr(o, k) for k in keys}}
    return prog.traced[0], tuple(prog.traced[1]), f"{entry.workload} {o.program}"


def main(argv):
    return cli.main(argv, prog="explain", extra=_options, programs=program_args, path=[HERE])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
