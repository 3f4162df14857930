"""fb_faults: page faults per call, the price of one, and the allocator.

XLA on the CPU takes a jitted program's temporaries from malloc at every
call and gives them back at its end. glibc hands a block that large out as
a fresh mmap and unmaps it on free; jemalloc, by default, returns the pages
to the kernel after its decay time. Either way the next call's first write
to each page is a minor fault: the C harness's naive against naive-reuse
lesson, inside JAX. The figures here measure that:

- minflt():       the process's minor faults so far (getrusage);
- fault_price():  seconds per fault of first writes to a fresh anonymous
                  mapping (huge pages declined), best of a few runs, as
                  harness ceilings measures minor_fault_s;
- allocator():    the allocator settings the process runs under, from its
                  environment (LD_PRELOAD, MALLOC_CONF, GLIBC_TUNABLES, and
                  FUSEBENCH_ALLOCATOR as `harness exec --allocator` names it);
- summary():      the faults of the warm calls beside XLA's temporary pages,
                  and their share of the call at the given price.

Limits: ru_minflt counts every thread of the process, so a call's figure
includes faults of anything else the process did meanwhile (nothing, in
run.py's loop); a fault's price is that of a first touch, unmapping not
included, so the share is a lower bound of what the faults cost.
"""
import mmap
import os
import resource
import time

PAGE = os.sysconf("SC_PAGE_SIZE")
ALLOC_ENV = ("FUSEBENCH_ALLOCATOR", "LD_PRELOAD", "MALLOC_CONF", "GLIBC_TUNABLES")


def minflt():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def fault_price(mib=64, runs=3):
    """Seconds per minor fault: first writes to each page of a fresh
    anonymous mapping of `mib` MiB, huge pages declined; the best run."""
    size = mib << 20
    best = None
    for _ in range(runs):
        m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if hasattr(mmap, "MADV_NOHUGEPAGE"):
            m.madvise(mmap.MADV_NOHUGEPAGE)
        f0, t = minflt(), time.perf_counter()
        for off in range(0, size, PAGE):
            m[off] = 1
        dt, faults = time.perf_counter() - t, minflt() - f0
        m.close()
        if faults > 0 and (best is None or dt / faults < best):
            best = dt / faults
    return best


def allocator():
    """The allocator settings of this process's environment, by variable
    (absent: not set), and a name: FUSEBENCH_ALLOCATOR when set, else
    "default" when none of the others is."""
    env = {k: os.environ[k] for k in ALLOC_ENV if k in os.environ}
    name = env.get("FUSEBENCH_ALLOCATOR") or ("default" if not env else "custom")
    return {"name": name, "env": env}


def _median(v):
    v = sorted(v)
    k = len(v)
    if k == 0:
        return None
    return v[k // 2] if k % 2 else (v[k // 2 - 1] + v[k // 2]) / 2


def summary(first, warm, temp_bytes, price, price_from, warm_s, warm_cpu_s):
    """The faults object of run.py's report. first: the first call's
    faults; warm: each warm call's; temp_bytes: XLA's temporaries (None
    for a program not compiled as a whole); price: seconds a fault;
    warm_s, warm_cpu_s: the warm calls' wall and CPU times."""
    med = _median(warm)
    out = {"first_call": first, "warm_calls": list(warm), "per_call_median": med,
           "page_bytes": PAGE,
           "temp_pages": None if temp_bytes is None else temp_bytes / PAGE,
           "per_call_over_temp_pages": None,
           "price_s": price, "price_from": price_from,
           "fault_s_per_call": None, "share_of_wall": None, "share_of_cpu": None}
    if med is not None and temp_bytes:
        out["per_call_over_temp_pages"] = med / (temp_bytes / PAGE)
    if med is not None and price:
        cost = med * price
        out["fault_s_per_call"] = cost
        wall, cpu = _median(warm_s), _median(warm_cpu_s)
        out["share_of_wall"] = cost / wall if wall else None
        out["share_of_cpu"] = cost / cpu if cpu else None
    return out
