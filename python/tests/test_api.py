"""explain(fn, *args): the figures it predicts against what the process
measures, the labels it gives, and the fix it suggests, measured. Sizes are
tens to hundreds of MB so that a figure is far above the allocator's noise
(glibc hands arrays of 32 MiB and more to mmap: MALLOC_MMAP_THRESHOLD_ is
set below so that smaller freed arrays go back to the kernel as well)."""
import threading
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from fusebench_explain import explain
from fusebench_explain import measure as M

TOL = 0.25


def line_of(marker):
    with open(__file__) as f:
        for k, text in enumerate(f, 1):
            if text.rstrip().endswith(f"# {marker}"):
                return k
    raise AssertionError(marker)


def within(measured, predicted, tol=TOL):
    return abs(measured - predicted) <= tol * predicted


def mlp(w1, w2, x):
    h = jnp.tanh(x @ w1)
    return jnp.sum(h @ w2)


def test_library_fusion_mlp_jit_figure_is_a_range_holding_the_measured():
    """XLA:CPU runs this MLP in one library fusion whose scratch its analysis
    leaves out (0 B, for a 67 MB hidden layer): the jit figure counts it."""
    w1, w2 = jnp.full((512, 4096), 0.01), jnp.full((4096, 8), 0.01)
    x = jnp.ones((4096, 512))
    e = explain(mlp, w1, w2, x, measure=True)
    lib = e.jit["library_fusions"]
    assert lib["names"], "no library fusion: the case this test is for is gone"
    assert lib["blind_temp_bytes"] < 4096 * 4096 * 4 <= lib["scratch_bytes"]
    mj = e.measured["jit"]
    print("jit figure", e.jit["predicted_above_inputs_bytes"], "measured",
          mj["peak_above_before_bytes"], "blind", lib["blind_temp_bytes"])
    # The library tiles its dot: the first run's growth lies between XLA's
    # blind figure and the dots the fusion holds, and the output says so.
    assert mj["in_range"] and "library fusions' range" in mj["error_text"], mj
    assert "between none (the library tiles) and the dots they hold" in e.table()


def test_bf16_dot_counts_the_primitives_own_scratch():
    """Eager JAX compiles the dot alone; XLA:CPU converts its bf16 operands
    to f32 first: 48 MB of scratch beside 8 MB of output."""
    a = jnp.ones((2000, 2000), jnp.bfloat16)
    e = explain(lambda p, q: p @ q, a, a, measure=True, jit=False)
    o = e.report["op_by_op"]
    assert o["peak_scratch_bytes"] >= 3 * 2000 * 2000 * 4
    m = e.measured
    print("bf16 predicted", m["predicted_bytes"], "measured", m["peak_above_before_bytes"])
    assert within(m["peak_above_before_bytes"], m["predicted_bytes"])


def big_cond(x):
    return lax.cond(x[0] > 0, lambda a: jnp.sum(jnp.outer(a, a)), lambda a: a[0], x)


def test_library_fusion_that_streams_is_not_counted_as_unfused():
    """The cond's outer product is reduced inside a library fusion that
    never materializes it: compiled with library fusions off XLA would
    need 400 MB; the jit figure stays small, as measured."""
    e = explain(big_cond, jnp.ones(10000), measure=True)
    lib = e.jit["library_fusions"]
    assert lib["names"] and lib["unfused_temp_bytes"] >= 10000 * 10000 * 4
    assert e.jit["predicted_above_inputs_bytes"] < 1 << 20
    assert e.measured["jit"]["peak_above_before_bytes"] < 8 << 20


def test_cond_is_one_compiled_call():
    """Walked op by op, this cond's branch would hold a 400 MB outer product;
    run, it is one compiled program that fuses it into the sum."""
    x = jnp.ones(10000)
    e = explain(big_cond, x, measure=True)
    o, m = e.report["op_by_op"], e.measured
    labels = [s["label"] for s in o["steps"]]
    assert "cond" in labels and not any(lb.startswith("cond >") for lb in labels)
    assert o["peak_above_inputs_bytes"] < 10000 * 10000 * 4 // 8
    print("cond predicted", m["predicted_bytes"], "measured", m["peak_above_before_bytes"])
    # Both far under the outer product: below explain's 1 MB floor, a byte difference.
    assert m["peak_above_before_bytes"] < 10000 * 10000 * 4 // 8
    assert m["error"] is None and "floor" in m["error_text"]


def test_baseline_waits_for_memory_being_freed():
    """A large block freed 30 ms after the baseline is asked for: settle()
    returns the level after the free, not before it."""
    rss0 = M.status("VmRSS:")
    block = np.ones(300 * 1000 * 1000 // 8)  # 300 MB, written
    held = [block]
    del block
    assert M.status("VmRSS:") > rss0 + 250e6

    def free_later():
        time.sleep(0.03)
        held.clear()
    threading.Thread(target=free_later).start()
    level = M.settle()
    assert level < rss0 + 50e6, (rss0, level)


def outer(x):
    return x[:, None] * x[None, :]  # the-outer


def test_measured_peak_of_a_large_result_is_not_cut_by_the_warm_up():
    """The warm-up's 400 MB result is freed just before the baseline: the
    measured peak is the call's 400 MB, not less."""
    x = jnp.ones(10000)
    for _ in range(2):
        m = explain(outer, x, measure=True, jit=False).measured
        assert within(m["peak_above_before_bytes"], 10000 * 10000 * 4), m


def layer(h, w):
    return jnp.tanh(h @ w)  # the-layer


def make_loss(ckpt):
    f = jax.checkpoint(layer) if ckpt else layer

    def loss(params, x):
        h = x
        for w in params["hidden"]:
            h = f(h, w)
        return jnp.sum(h)
    return loss


def test_grad_residuals_labelled_and_fewer_under_checkpoint():
    params = {"hidden": [jnp.full((512, 512), 0.01) for _ in range(4)]}
    x = jnp.ones((8192, 512))
    plain = explain(jax.grad(make_loss(False)), params, x, jit=False)
    ckpt = explain(jax.grad(make_loss(True)), params, x, jit=False)
    res = [v for v in plain.report["values"] if v["residual"]]
    assert res and all(v["phase"] == "forward" for v in res)
    assert any(v["line"] == line_of("the-layer") for v in res)
    assert {a["phase"] for a in plain.arrays if a["primitive"] != "input"} >= {"backward"}
    ckpt_res = sum(v["bytes"] for v in ckpt.report["values"] if v["residual"])
    assert ckpt_res < sum(v["bytes"] for v in res) / 2
    predicted = plain.fix["checkpoint"]["predicted_peak_bytes"]
    print("checkpoint predicted", predicted, "walked with checkpoint", ckpt.peak_bytes,
          "without", plain.peak_bytes)
    assert predicted < plain.peak_bytes and within(ckpt.peak_bytes, predicted)


def test_pytree_argument_paths_name_the_arrays():
    params = {"hidden": [jnp.ones((100, 100)), jnp.ones((100, 100)), jnp.ones((300, 300))],
              "out": jnp.ones(3)}
    e = explain(lambda params, x: x @ params["hidden"][2], params, jnp.ones((10, 300)),
                jit=False)
    names = {a["name"] for a in e.arrays if a["primitive"] == "input"}
    assert "params['hidden'][2]" in names and "x" in names


def scaled(x, k):
    return x * k  # static k


def test_static_argument():
    e = explain(scaled, jnp.ones(1000), 3, static_argnums=1, measure=False)
    assert e.report["op_by_op"]["input_bytes"] == 4000 and e.peak_bytes == 8000


def per_row(v):
    return jnp.sum(jnp.tanh(jnp.outer(v, v)), axis=1)  # the-row


def rows(x):
    return jax.vmap(per_row)(x)  # the-rows-vmap


def test_budget_suggestion_names_the_vmap_and_fits_when_measured():
    """256 rows of an outer product of 400: 164 MB an array, batched, and
    twice that at the peak op by op; under a 40 MB budget the suggested
    batch size, measured, fits and computes the same."""
    x = jnp.asarray(np.random.default_rng(0).random((256, 400), np.float32))
    budget = 40_000_000
    e = explain(rows, x, budget=budget, try_fix=True)
    og = e.fix["origin"]
    assert og["kind"] == "vmap" and og["where"].split(" ")[0].endswith(
        f"test_api.py:{line_of('the-rows-vmap')}"), og
    mp = e.fix["map"]
    assert mp["predicted_peak_bytes"] <= budget < e.peak_bytes
    t = e.report["try_fix"]
    print("batch", mp["batch_size"], "predicted above inputs",
          mp["predicted_peak_above_inputs_bytes"], "measured", t["peak_above_before_bytes"])
    assert t["same_outputs"]
    assert t["peak_above_before_bytes"] + e.report["op_by_op"]["input_bytes"] <= budget * 1.25


batched_rows = jax.vmap(per_row)


def rows_elsewhere(x):
    return batched_rows(x) * 2  # the-call


def test_a_vmap_made_elsewhere_is_named_by_its_call():
    e = explain(rows_elsewhere, jnp.ones((64, 100)), jit=False)
    og = e.fix["origin"]
    assert og["kind"] == "vmap call" and og["axis_size"] == 64, og
    assert og["where"].split(" ")[0].endswith(f"test_api.py:{line_of('the-call')}"), og


def test_notebook_and_table():
    e = explain(outer, jnp.ones(100), jit=False)
    assert "f32[100,100]" in e._repr_markdown_() and "<table>" in e._repr_html_()
    assert e.table().startswith("explain ") and "Verdict:" in e.table()

