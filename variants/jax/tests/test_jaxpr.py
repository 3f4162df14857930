"""The jaxpr comparison runs and says what the programs are."""
import argparse

import jax

import fb_colony
import fb_interp
import fb_jaxpr
import fb_programs


def test_interp_question_and_rewrite():
    o = argparse.Namespace(n=64, m=4, g=16, preset="random", seed=42)
    v = fb_jaxpr.compare("question", fb_interp.question_rows, "rewrite", fb_interp.rewrite_rows,
                         fb_programs.interp_data(o),
                         jitted=(fb_interp.question_rows_jit, fb_interp.rewrite_rows_jit))
    # The question's 1-element index (atleast_1d, then a slice and a squeeze
    # to read it) makes the jaxprs differ; the arithmetic does not.
    assert not v["same_text"] and v["same_arithmetic"]
    assert {"slice", "squeeze"} <= {p for b in v["differing_blocks"] for p in b["a"]}
    assert v["compiled"]["same_instructions"]
    assert v["verdict"].startswith("same computation")


def test_colony_double_vmap_and_per_particle():
    from functools import partial
    o = argparse.Namespace(n=32, seed=42)
    double = partial(fb_colony.step, sums_fn=fb_colony.double_vmap_sums)
    single = partial(fb_colony.step, sums_fn=fb_colony.per_particle_sums)
    v = fb_jaxpr.compare("double", double, "single", single, fb_programs.colony_data(o),
                         jitted=(jax.jit(double), jax.jit(single)))
    assert v["same_text"] and v["verdict"].startswith("same program")


def test_different_programs_are_told_apart():
    o = argparse.Namespace(n=64, m=4, g=16, preset="random", seed=42)
    args = fb_programs.interp_data(o)
    v = fb_jaxpr.compare("rewrite", fb_interp.rewrite_rows, "lax_map",
                         lambda x, p: fb_interp.lax_map_rows(x, p, batch=8), args)
    assert v["verdict"] == "different programs" and not v["same_arithmetic"]


def test_count_includes_nested_jaxprs():
    n_inner = fb_jaxpr.count_eqns(fb_interp.rewrite_rows, *fb_programs.interp_data(
        argparse.Namespace(n=8, m=2, g=16, preset="random", seed=42)))
    n_outer = fb_jaxpr.count_eqns(fb_interp.rewrite_rows_jit, *fb_programs.interp_data(
        argparse.Namespace(n=8, m=2, g=16, preset="random", seed=42)))
    assert n_outer == n_inner + 1
