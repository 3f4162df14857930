"""Every access to JAX's internals (_jax_internals.py) still works on this
jax: each is called on a real program and its answer checked, so that a
release that moves one fails here, by name, instead of explain printing
wrong figures."""
import jax
import jax.numpy as jnp

from fusebench_explain import _jax_internals as J
from fusebench_explain import xlabuffers as X


def line_of(marker):
    with open(__file__) as f:
        for k, text in enumerate(f, 1):
            if text.rstrip().endswith(f"# {marker}"):
                return k
    raise AssertionError(marker)


def row(v):
    return jnp.outer(v, v) + 1.0  # row-op


def mapped(x):
    return jax.vmap(row)(x)  # the-vmap


def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))


def eqns(fn, *args):
    return jax.make_jaxpr(fn)(*args).jaxpr.eqns


def test_user_frame_is_the_users_line():
    e = eqns(mapped, jnp.ones((4, 3)))[0]
    file, line, fn = J.user_frame(e)
    assert file == __file__ and line == line_of("row-op") and fn == "row"


def test_user_frames_hold_the_vmaps_caller():
    e = eqns(mapped, jnp.ones((4, 3)))[0]
    frames = J.user_frames(e)
    assert frames[0][1] == line_of("row-op")
    assert (__file__, line_of("the-vmap"), "mapped") in frames


def test_name_stack_tells_forward_from_backward():
    stacks = [J.name_stack(e) for e in eqns(jax.grad(loss), jnp.ones((3, 2)), jnp.ones((4, 3)))]
    assert any("transpose(" in s for s in stacks)
    assert any("jvp(" in s and "transpose(" not in s for s in stacks)


def test_literal_is_recognized():
    e = eqns(lambda x: x + 2.0, jnp.ones(3))[0]
    assert [J.is_literal(v) for v in e.invars] == [False, True]


def test_compiled_program_gives_its_module_and_buffer_assignment():
    c = jax.jit(lambda x: jnp.sort(x) * 2).lower(jnp.ones(1000)).compile()
    ids = X.instruction_ids(J.hlo_module_proto(c))
    assert ids and all(isinstance(n, str) and n for n in ids.values())
    proto = J.buffer_assignment_proto(c.memory_analysis())
    assert proto and X.assignment(proto)[1], "no allocations decoded"


def test_library_fusions_can_be_turned_off():
    lowered = jax.jit(loss).lower(jnp.ones((512, 1024)), jnp.ones((2048, 512)))
    assert X.library_fusions(lowered.compile().as_text()), "no library fusion to turn off"
    again = J.compile_without_library_fusions(lowered)
    assert again is not None, "compiler option refused: " + repr(J.LIBRARY_FUSION_OFF)
    assert not X.library_fusions(again.as_text())
    # The hidden layer, f32[2048,1024], now a buffer the analysis sees.
    assert again.memory_analysis().temp_size_in_bytes >= 2048 * 1024 * 4
