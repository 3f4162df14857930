#!/usr/bin/env python3
"""run.py: run one JAX program of fusebench at given sizes and report it.

    run.py WORKLOAD PROGRAM [--n N --m M --g G --preset P --seed S --steps K
                             --chunk B --cap C --calls C --dispatch-calls D
                             --threads 1|all --fault-price S]
    run.py --list
    run.py --jaxpr interp|colony [sizes]

Times the first call (tracing and compilation included) apart from C warm
calls waited for with block_until_ready (wall and process CPU time; their
median and range in warm_call_stats), D calls timed without waiting (the
time to return, the asynchronous dispatch), and D calls back to back without
waiting, as %timeit makes them (time until they returned, and until all
were done; D is C unless --dispatch-calls says), then takes XLA's memory
analysis of the compiled program (lower().compile(), timed apart as
compile_s) and its cost analysis (XLA's count of the compiled program's
flops, transcendentals and bytes its operations read and write, with
"loops": whether the program holds a while loop, whose body XLA counts
once whatever its trip count, "calls": how many calls of it a timed
call makes, and "float_ops_by_lanes": the float adds, multiplies,
subtractions and divisions of XLA's optimized LLVM code by vector width,
from one more compile apart that dumps it) and counts the jaxpr's equations. Around the first and each
warm call it counts the process's minor faults (first_call_faults,
warm_call_faults): "faults" sets them beside XLA's temporary pages and
prices them (--fault-price S, else measured; fb_faults), "allocator" names
the allocator settings of the environment (harness exec --allocator), and
rss_after_warm_calls_bytes is what the process holds between calls. The JSON object goes to the file
named by $FUSEBENCH_REPORT (as `harness exec` sets it), else to stdout.
A size, seed or preset not given as a flag comes from $FUSEBENCH_N,
$FUSEBENCH_M, ... as `harness exec
--workload W --n N ...` sets them, so the sizes are given once.

--threads 1 pins the process to one CPU before JAX is imported: XLA's CPU
runtime sizes its thread pools from the CPUs the process may use (its
--xla_cpu_multi_thread_eigen flag, set too, no longer binds the thunk
runtime). --threads all leaves XLA's default. The figure "cpu_s_per_wall_s"
of the warm calls shows which held. Without --threads, $FUSEBENCH_THREADS
(as `harness exec --threads T` sets it) decides: 1 is --threads 1, a T
below the CPUs the process may use pins it to the first T of them (XLA then
sizes its pools to T), and more is all.

A program may refuse its own result (the cell list when a cell overflowed
its capacity --cap): run.py then prints why on stderr and exits 1 without a
report, so that `harness exec` records a failed run.

Exit status: 0 when the program ran, 2 on bad usage (one line), 1 on failure.
"""
import argparse
import glob
import json
import os
import re
import sys
import tempfile
import time

import fb_faults

DEFAULTS = {"interp": dict(n=1000000, m=300, g=4096, chunk=10000, steps=1),
            "colony": dict(n=4096, m=1, g=1, chunk=256, steps=10)}
ONE_THREAD_FLAGS = "--xla_cpu_multi_thread_eigen=false"


def count(text):
    """A positive integer, also written as 1e6."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    if v != int(v) or v < 1 or v > 2**62:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive integer")
    return int(v)


def seconds(text):
    """A positive time in seconds."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    if not v > 0 or v == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive time")
    return v


def env_defaults(ap, o):
    """What a flag leaves out, from the environment `harness exec
    --workload W` gives (FUSEBENCH_N, FUSEBENCH_M ...), so that the
    sizes are given once, to the harness; then seed 42, preset random."""
    env = os.environ
    for k in ("n", "m", "g", "steps", "chunk", "seed"):
        text = env.get("FUSEBENCH_" + k.upper())
        if getattr(o, k) is None and text:
            try:
                setattr(o, k, int(text) if k == "seed" else count(text))
            except (ValueError, argparse.ArgumentTypeError) as e:
                ap.error(f"FUSEBENCH_{k.upper()}={text}: {e}")
    if o.preset is None and env.get("FUSEBENCH_PRESET") in ("seed", "random"):
        o.preset = env["FUSEBENCH_PRESET"]
    o.seed = 42 if o.seed is None else o.seed
    o.preset = o.preset or "random"


def parse(argv):
    ap = argparse.ArgumentParser(prog="run.py", description=__doc__.split("\n")[0])
    ap.add_argument("workload", nargs="?", choices=["interp", "colony"])
    ap.add_argument("program", nargs="?")
    for k in ("n", "m", "g", "steps", "chunk"):
        ap.add_argument(f"--{k}", type=count)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--preset", choices=["seed", "random"])
    ap.add_argument("--cap", type=count, help="colony cells: particles a cell holds "
                    "(default: from the initial state)")
    ap.add_argument("--calls", type=int, default=5, help="warm calls (0: first only)")
    ap.add_argument("--dispatch-calls", type=int, help="unblocked and back-to-back "
                    "calls each (default: --calls)")
    ap.add_argument("--threads", choices=["1", "all"])
    ap.add_argument("--fault-price", type=seconds, help="seconds a minor fault "
                    "costs (harness ceilings' minor_fault_s; default: measured)")
    ap.add_argument("--list", action="store_true", help="the programs, one a line")
    ap.add_argument("--jaxpr", choices=["interp", "colony"],
                    help="compare the question's and the answer's jaxprs")
    o = ap.parse_args(argv)
    env_defaults(ap, o)
    if o.calls < 0:
        ap.error(f"--calls {o.calls}: must be 0 or more")
    if o.dispatch_calls is None:
        o.dispatch_calls = o.calls
    if o.dispatch_calls < 0:
        ap.error(f"--dispatch-calls {o.dispatch_calls}: must be 0 or more")
    if not o.list and not o.jaxpr and (o.workload is None or o.program is None):
        ap.error("WORKLOAD and PROGRAM are needed (or --list, or --jaxpr)")
    o.threads_from = "--threads" if o.threads is not None else "default"
    env = os.environ.get("FUSEBENCH_THREADS")
    if o.threads is None and env:
        if not env.isdigit() or int(env) < 1:
            ap.error(f"FUSEBENCH_THREADS={env}: must be a count of 1 or more")
        o.threads, o.threads_from = env, "FUSEBENCH_THREADS"
    o.threads = o.threads or "all"
    wl = o.jaxpr or o.workload
    for k, v in DEFAULTS.get(wl, {}).items():
        if getattr(o, k) is None:
            setattr(o, k, v)
    return o


def threads_setup(mode):
    """Before JAX is imported: one CPU for --threads 1, the first T CPUs for
    a count T under those allowed."""
    cpus = sorted(os.sched_getaffinity(0))
    if mode.isdigit() and int(mode) < len(cpus):
        os.sched_setaffinity(0, set(cpus[:int(mode)]))
    if mode == "1":
        flags = os.environ.get("XLA_FLAGS", "")
        if ONE_THREAD_FLAGS not in flags:
            os.environ["XLA_FLAGS"] = (flags + " " + ONE_THREAD_FLAGS).strip()


def rss_bytes(field="VmHWM:"):
    """A figure of /proc/self/status in bytes: VmHWM (the peak RSS), VmRSS."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    return None


def peak_rss_bytes():
    return rss_bytes("VmHWM:")


def os_threads():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return None


def warm_stats(warm):
    """The median of the warm calls and their range: with 5 calls, the range
    holds the true median with probability 1 - 2/2^5 = 94%."""
    if not warm:
        return None
    v = sorted(warm)
    k = len(v)
    median = v[k // 2] if k % 2 else (v[k // 2 - 1] + v[k // 2]) / 2
    return {"calls": k, "median_s": median, "min_s": v[0], "max_s": v[-1]}


def time_calls(prog, calls, block, dispatch=None):
    """First call; warm calls waited for (wall and process CPU time); then
    `dispatch` calls (default: calls) timed to their return without waiting,
    each waited for afterwards; and as many back to back as %timeit makes
    them, waited for at the end."""
    dispatch = calls if dispatch is None else dispatch
    f0, t = fb_faults.minflt(), time.perf_counter()
    out = block(prog.call())
    first = time.perf_counter() - t
    first_faults = fb_faults.minflt() - f0
    warm, warm_cpu, warm_faults, unblocked = [], [], [], []
    for _ in range(calls):
        f0, t, c = fb_faults.minflt(), time.perf_counter(), time.process_time()
        block(prog.call())
        warm.append(time.perf_counter() - t)
        warm_cpu.append(time.process_time() - c)
        warm_faults.append(fb_faults.minflt() - f0)
    # What the process holds between calls: an allocator that keeps freed
    # pages holds the temporaries' pages here, one that returns them not.
    # XLA frees a call's temporaries after its outputs are ready (measured:
    # read at once, the default question_jit still held all 840 MB), so
    # the figure is read a moment later.
    rss_after_warm = None
    if calls:
        time.sleep(0.2)
        rss_after_warm = rss_bytes("VmRSS:")
    for _ in range(dispatch):
        t = time.perf_counter()
        o = prog.call()
        unblocked.append(time.perf_counter() - t)
        block(o)
    back = None
    if dispatch:
        t = time.perf_counter()
        outs = [prog.call() for _ in range(dispatch)]
        returned = time.perf_counter() - t
        block(outs)
        back = {"calls": dispatch, "returned_s": returned, "done_s": time.perf_counter() - t}
        del outs
    return out, {
        "first_call_s": first, "warm_call_s": warm, "warm_call_cpu_s": warm_cpu,
        "first_call_faults": first_faults, "warm_call_faults": warm_faults,
        "rss_after_warm_calls_bytes": rss_after_warm,
        "warm_call_stats": warm_stats(warm),
        "cpu_s_per_wall_s": sum(warm_cpu) / sum(warm) if calls else None,
        "unblocked_call_s": unblocked, "back_to_back": back}


def memory_analysis(prog):
    """XLA's figures for the compiled program, and the times to get them."""
    if prog.jitted is None:
        return {"compile_s": None, "lower_s": None, "memory_analysis": None,
                "cost_analysis": None}
    import jax

    fn, args, kw = prog.jitted
    # The calls before left the executable in JAX's caches; compile afresh.
    jax.clear_caches()
    t = time.perf_counter()
    lowered = fn.lower(*args, **kw)
    lower_s = time.perf_counter() - t
    t = time.perf_counter()
    compiled = lowered.compile()
    compile_s = time.perf_counter() - t
    ma = compiled.memory_analysis()
    fields = {}
    for name in dir(ma):
        if name.endswith("_in_bytes") or name.endswith("_size_in_bytes"):
            key = name.replace("_size_in_bytes", "_bytes").replace("_in_bytes", "_bytes")
            fields[key] = int(getattr(ma, name))
    fields["of"] = prog.jit_of
    return {"compile_s": compile_s, "lower_s": lower_s, "memory_analysis": fields,
            "cost_analysis": cost_analysis(compiled, prog.jit_of, prog.jit_calls,
                                           float_ops_by_lanes(lowered))}


# An arithmetic instruction on floats in LLVM's text: its vector's lanes.
IR_FLOAT_OP = re.compile(r"= f(?:add|mul|sub|div)(?: [a-z]+)* (?:<(\d+) x float>|float) ")


def float_ops_by_lanes(lowered):
    """The float adds, multiplies, subtractions and divisions in the LLVM
    code XLA emits for lowered, compiled once more with xla_dump_to (its
    *ir-with-opt.ll files), by their vector's lanes: {"1": scalar ones,
    "8": ...}. A static count: a loop's body counts once. None when XLA
    wrote no such file or refused the option."""
    counts = {}
    with tempfile.TemporaryDirectory() as d:
        try:
            lowered.compile(compiler_options={"xla_dump_to": d})
        except (RuntimeError, ValueError):  # an XLA that takes no such option
            return None
        for path in glob.glob(os.path.join(d, "*ir-with-opt.ll")):
            with open(path, encoding="utf-8", errors="replace") as f:
                for m in IR_FLOAT_OP.finditer(f.read()):
                    lanes = m.group(1) or "1"
                    counts[lanes] = counts.get(lanes, 0) + 1
    return counts or None


def cost_analysis(compiled, of, calls=1.0, by_lanes=None):
    """XLA's count of the compiled program's work (HloCostAnalysis): flops
    (an elementwise add or multiply is one a element), transcendentals
    (exp, log, sqrt, sin, ... one a element) and bytes accessed (every
    operation's operands and result, a fusion's at its edges). None when
    this XLA gives none."""
    ca = compiled.cost_analysis()
    if isinstance(ca, list):  # older jaxlib: one dict a computation
        ca = ca[0] if ca else None
    if not ca or "flops" not in ca:
        return None
    return {"flops": float(ca["flops"]),
            "transcendentals": float(ca.get("transcendentals", 0.0)),
            "bytes_accessed": float(ca.get("bytes accessed", 0.0)),
            "loops": " while(" in compiled.as_text(), "of": of, "calls": calls,
            "float_ops_by_lanes": by_lanes}


def run_program(o):
    import jax
    import jaxlib

    import explain
    import fb_jaxpr
    import fb_programs

    entry = fb_programs.PROGRAMS[o.program]
    prog = entry.build(o)
    out, times = time_calls(prog, o.calls, fb_programs.block, o.dispatch_calls)
    result = prog.result(out)
    del out
    refused = prog.check()
    if refused:
        raise ProgramRefused(f"run.py: {o.workload} {o.program}: {refused}")
    report = {"workload": o.workload, "program": o.program, "idiom": entry.idiom,
              "c_variant": entry.c_variant, "params": params_of(o), "result": result,
              "jax_version": jax.__version__, "jaxlib_version": jaxlib.__version__,
              "backend": jax.default_backend()}
    report.update(times)
    report.update(memory_analysis(prog))
    report["faults"] = faults_of(o, report)
    report["allocator"] = fb_faults.allocator()
    report["jaxpr_eqns"] = fb_jaxpr.count_eqns(prog.traced[0], *prog.traced[1])
    # explain's op-by-op prediction of the traced program, beside the measured peak.
    report["explain"] = explain.predicted(prog.traced[0], prog.traced[1])
    report["jaxpr_of"] = prog.jit_of if prog.jitted else (
        "one batch" if o.program == "batched" else "the whole program")
    report["threads"] = {"requested": o.threads, "from": o.threads_from,
                         "cpus": sorted(os.sched_getaffinity(0)),
                         "xla_flags": os.environ.get("XLA_FLAGS"),
                         "process_threads": os_threads()}
    report["notes"] = prog.notes
    report["peak_rss_bytes"] = peak_rss_bytes()
    return report


def faults_of(o, report):
    """The warm calls' faults beside XLA's temporary pages, priced."""
    ma = report.get("memory_analysis") or {}
    price, source = o.fault_price, "--fault-price"
    if price is None and report["warm_call_faults"]:
        price, source = fb_faults.fault_price(), "measured by run.py (64 MiB, best of 3)"
    return fb_faults.summary(report["first_call_faults"], report["warm_call_faults"],
                             ma.get("temp_bytes"), price, source if price else None,
                             report["warm_call_s"], report["warm_call_cpu_s"])


class ProgramRefused(Exception):
    """A program refused its own result (see Prog.check)."""


def params_of(o):
    keys = ("n", "m", "g", "preset", "seed", "chunk") if o.workload == "interp" \
        else ("n", "seed", "steps", "chunk", "cap")
    return {k: getattr(o, k) for k in keys}


def run_jaxpr(o):
    """The question's program against the answer's rewrite, same arguments."""
    from functools import partial

    import jax

    import fb_colony as col
    import fb_interp as itp
    import fb_jaxpr
    from fb_programs import colony_data, interp_data

    if o.jaxpr == "interp":
        return fb_jaxpr.compare("question", itp.question_rows, "rewrite", itp.rewrite_rows,
                                interp_data(o),
                                jitted=(itp.question_rows_jit, itp.rewrite_rows_jit))
    double = partial(col.step, sums_fn=col.double_vmap_sums)
    single = partial(col.step, sums_fn=col.per_particle_sums)
    return fb_jaxpr.compare("double_vmap_step", double, "per_particle_step", single,
                            colony_data(o), jitted=(jax.jit(double), jax.jit(single)))


def emit(obj):
    text = json.dumps(obj, indent=1)
    path = os.environ.get("FUSEBENCH_REPORT")
    if path:
        with open(path, "w") as f:
            f.write(text + "\n")
    else:
        print(text)


def main(argv):
    o = parse(argv)
    threads_setup(o.threads)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fb_programs

    if o.list:
        for name, e in fb_programs.PROGRAMS.items():
            print(f"{e.workload:7s} {name:13s} {e.idiom}  [C: {e.c_variant}]")
        return 0
    if o.jaxpr:
        emit(run_jaxpr(o))
        return 0
    entry = fb_programs.PROGRAMS.get(o.program)
    if entry is None or entry.workload != o.workload:
        print(f"run.py: no {o.workload} program {o.program!r} (see --list)", file=sys.stderr)
        return 2
    try:
        report = run_program(o)
    except ProgramRefused as e:
        print(e, file=sys.stderr)
        return 1
    emit(report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
