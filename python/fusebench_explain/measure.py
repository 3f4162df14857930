"""measure: the process's peak RSS above its level before one warm call.

The call is made once to compile (not counted); its result is dropped,
gc.collect() and malloc_trim(0) run, and then VmRSS is read every 2 ms
until it has not fallen for 200 ms (at most 5 s): JAX frees a dropped
array's memory on its own threads, and a baseline read while the warm-up's
memory is still going reads the peak short by it. Then the kernel's peak
counter is reset (echo 5 > /proc/self/clear_refs) and checked to have come
down to the level; the call is made, waited for, and VmHWM read. Where
clear_refs cannot be written, a thread samples VmRSS every millisecond.

Faults: getrusage's minor faults around the measured call. XLA on the CPU
allocates a call's temporaries anew each call; glibc returns the large ones
to the kernel when freed (mmap), so each call faults every page of them in
again. A jemalloc that never returns memory,
LD_PRELOAD=libjemalloc.so.2 MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1,
keeps them mapped.
"""
import ctypes
import gc
import resource
import threading
import time

PAGE = resource.getpagesize()
ALLOCATOR_FIX = ("LD_PRELOAD=libjemalloc.so.2 "
                 "MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1")


def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    return None


def reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def settle(quiet_s=0.2, most_s=5.0):
    """VmRSS once it has stopped falling (quiet_s without a new low)."""
    start = last_low = time.monotonic()
    low = status("VmRSS:")
    while time.monotonic() - last_low < quiet_s and time.monotonic() - start < most_s:
        time.sleep(0.002)
        now = status("VmRSS:")
        if now < low:
            low, last_low = now, time.monotonic()
    return status("VmRSS:")


class _Sampler(threading.Thread):
    """VmRSS every millisecond, its maximum kept."""

    def __init__(self):
        super().__init__(daemon=True)
        self.peak, self.stop = status("VmRSS:"), threading.Event()

    def run(self):
        while not self.stop.wait(0.001):
            self.peak = max(self.peak, status("VmRSS:"))


def _trim():
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        return True
    except (OSError, AttributeError):
        return False


def measure(fn, args, warmups=1, first_of=None):
    """{"peak_above_before_bytes", "faults", ...} of one warm call fn(*args);
    with first_of (a jax.jit function), the first run of its compiled
    program instead, the compilation alone before the baseline: a library
    (XNNPACK) keeps its scratch from one call to the next, and a warm call
    would not show it."""
    import jax
    if first_of is not None:
        fn, warmups = first_of.lower(*args).compile(), 0
    for _ in range(warmups):
        jax.block_until_ready(fn(*args))  # compiles: not counted; dropped here
    gc.collect()
    trimmed = _trim()
    before = settle()
    hwm = False
    for _ in range(3):  # the counter reset down to the level, or settle again
        if reset_peak() and status("VmHWM:") <= before + (256 << 10):
            hwm = True
            break
        before = settle()
    sampler = None if hwm else _Sampler()
    if sampler:
        sampler.start()
    f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    t = time.perf_counter()
    out = jax.block_until_ready(fn(*args))
    wall = time.perf_counter() - t
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0
    if sampler:
        sampler.stop.set()
        sampler.join()
    peak = status("VmHWM:") if hwm else sampler.peak
    del out
    return {"method": "VmHWM after clear_refs 5" if hwm else "VmRSS sampled every 1 ms",
            "malloc_trim": trimmed, "rss_before_bytes": before, "peak_rss_bytes": peak,
            "peak_above_before_bytes": max(0, peak - before), "call_s": wall,
            "faults": faults, "fault_bytes": faults * PAGE,
            "calls": ("compiled (not counted), RSS settled, then its first run"
                      if first_of is not None else "a warm-up call (compiles; not counted), "
                      "RSS settled, then the measured call")}
