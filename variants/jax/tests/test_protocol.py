"""fb_protocol's compile counter and timeit protocol, and fb_verdict's rule."""
import jax
import jax.numpy as jnp
import pytest

import fb_protocol as fp
import fb_verdict as fv


def test_compile_counter_one_shape_one_compilation():
    f = jax.jit(lambda x: x * 3 + 1)
    # The inputs made before: making them compiles eager ops, counted too.
    a, b, c = jnp.ones(7), jnp.zeros(7), jnp.ones(9)
    with fp.CompileLog() as log:
        f(a).block_until_ready()
        f(b).block_until_ready()
        assert log.take()[0] == 1
        f(c).block_until_ready()
        assert log.take()[0] == 1
    assert f._cache_size() == 2


def test_compile_counter_two_shapes_two_compilations():
    f = jax.jit(lambda x: x - 5)
    a, b = jnp.ones(11), jnp.ones((3, 4))
    with fp.CompileLog() as log:
        f(a).block_until_ready()
        f(b).block_until_ready()
        n, seconds = log.take()
    assert n == 2 and seconds > 0


def test_compile_counter_sees_weak_type_and_static_value():
    g = jax.jit(lambda x, k: x * k, static_argnames="k")
    strong = jnp.float32(1.0)
    with fp.CompileLog() as log:
        g(1.0, k=2).block_until_ready()                 # weak f32
        g(strong, k=2).block_until_ready()              # strong f32: again
        g(2.0, k=2).block_until_ready()                 # weak, cached
        g(2.0, k=3).block_until_ready()                 # a new static value
        assert log.take()[0] == 3


def test_fresh_functions_have_their_own_cache():
    a, b = fp.fresh(), fp.fresh()
    assert a is not b
    # The same Python function under two jits would share a cache.
    state, box, _ = fp.colony_args(8)
    with fp.CompileLog() as log:
        a(state, box, 1)
        b(state, box, 1)
        assert log.take()[0] == 2


def test_timeit_like_compiles_only_on_the_first_call():
    f = jax.jit(lambda x: jnp.cumsum(x))
    x = jnp.ones(1000)
    r = fp.timeit_like(lambda: f(x), wait=True, min_total=0.001, repeat=2)
    assert r["first_call_compiles"] == 1 and r["compiles_after_first"] == 0
    assert len(r["per_call_s"]) == 2 and r["number"] >= 1


A = [1.00, 1.30, 0.80, 1.20, 0.90]      # median 1.00, range 50% of it
B = [1.05, 1.35, 0.85, 1.25, 0.95]      # median 1.05: 5% apart


def test_verdict_inside_the_spread_is_not_decided():
    v = fv.verdict(A, B)
    assert v["verdict"] == fv.UNDECIDED
    assert v["ratio"] == pytest.approx(1.05)
    assert v["interval"][0] < 1 < v["interval"][1]
    assert v["spread"][0] == pytest.approx(0.5)


def test_verdict_with_the_spread_removed_decides():
    a = [fv.median(A)] * 5
    b = [fv.median(B)] * 5
    v = fv.verdict(a, b)
    assert v["verdict"] == fv.FIRST
    assert v["p"] == pytest.approx(2 / 252)
    assert fv.verdict(b, a)["verdict"] == fv.SECOND


def test_verdict_margin_same_and_beyond():
    a = [1.00, 1.01, 0.99, 1.00, 1.02]
    b = [1.01, 1.02, 1.00, 1.01, 1.03]
    assert fv.verdict(a, b, margin=0.1)["verdict"] == fv.SAME
    c = [x * 1.5 for x in a]
    assert fv.verdict(a, c, margin=0.1)["verdict"] == fv.FIRST
    assert fv.verdict(a, c, margin=0.6)["verdict"] != fv.FIRST


def test_mann_whitney_exact_distribution():
    # 3 against 3, separated: 1 ordering in 20 each tail.
    assert fv.mann_whitney([1, 2, 3], [4, 5, 6]) == (9.0, pytest.approx(0.1))
    assert fv.mann_whitney([1, 4], [2, 3])[1] == pytest.approx(1.0)


def test_verdict_refuses_too_few_samples():
    with pytest.raises(ValueError):
        fv.verdict([1.0], [2.0, 3.0])


def rows(times):
    return [{"n": n, "step_jit": {"waited": {"median_s": t}}} for n, t in times]


def test_crossing_interpolates_between_measured_n():
    import protocol
    # Time as N^2: 10 ms at 256, 160 ms at 1024; 40 ms is N = 512.
    c = protocol.crossing(rows([(256, 0.010), (1024, 0.160)]), "step_jit", 0.040)
    assert c["n"] == pytest.approx(512) and not c["extrapolated"]


def test_crossing_extrapolates_up_but_not_below_a_floor():
    import protocol
    up = protocol.crossing(rows([(64, 0.001), (256, 0.016)]), "step_jit", 0.064)
    assert up["extrapolated"] and up["n"] == pytest.approx(512)
    down = protocol.crossing(rows([(64, 0.020), (256, 0.030)]), "step_jit", 0.002)
    assert down["n"] is None and down["smallest_n_s"] == 0.020
