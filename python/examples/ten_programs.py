#!/usr/bin/env python3
"""ten_programs: explain on ten programs a JAX user writes, predicted against
measured, with the fix it suggests measured too.

    python python/examples/ten_programs.py [--only NAME] [--markdown]

Each program runs in a process of its own (this script with --one NAME,
its result a JSON line), so that one's freed memory is not the next one's
baseline. Columns, all above the inputs (they exist before the call):
the op-by-op peak explain predicts, its jit figure (XLA's temporaries and
outputs, library fusions counted), the peak RSS measured for the function
as given (a warm call) and under jax.jit (the first run of the compiled
program: a library keeps its scratch from one call to the next), the error against the matching prediction, and
the fix explain suggests with its predicted and measured peak: lax.map
with the batch size that fits the budget (measured with --try-fix), for
the grad jax.checkpoint on each layer (measured: the checkpointed program,
the next row), else jit. Needs about 4 GB of memory; prints its table.
"""
import json
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
from jax import lax

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from fusebench_explain import core, explain  # noqa: E402
from fusebench_explain.cli import failure  # noqa: E402

KEY = jax.random.PRNGKey(0)


def rand(shape, dtype=jnp.float32, scale=0.05):
    return (jax.random.normal(KEY, shape) * scale).astype(dtype)


# 1. An ensemble of MLPs under nested vmaps: (models, examples, hidden).
def mlp(p, x):
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    return h @ p["w2"]


def ensemble(params, xs):
    return jax.vmap(jax.vmap(mlp, in_axes=(None, 0)), in_axes=(0, None))(params, xs)


def ensemble_args():
    e, d, h = 8, 64, 1024
    return ({"w1": rand((e, d, h)), "b1": rand((e, h)), "w2": rand((e, h, 8))},
            rand((4096, d), scale=1.0))


# 2, 3. A training step's gradient, without and with jax.checkpoint per layer.
def layer(h, w):
    return jnp.tanh(h @ w)


def make_loss(ckpt):
    f = jax.checkpoint(layer) if ckpt else layer

    def loss(params, x):
        h = x
        for w in params["hidden"]:
            h = f(h, w)
        return jnp.mean(h ** 2)
    return loss


grad_step = jax.grad(make_loss(False))
grad_step_ckpt = jax.grad(make_loss(True))


def grad_args():
    return {"hidden": [rand((512, 512)) for _ in range(4)]}, rand((8192, 512), scale=1.0)


# 4. A scan RNN that returns every hidden state.
def rnn(w, u, xs):
    def cell(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, h
    return lax.scan(cell, jnp.zeros((xs.shape[1], w.shape[0])), xs)[1]


def rnn_args():
    return rand((256, 256)), rand((128, 256)), rand((200, 1024, 128), scale=1.0)


# 5. A while_loop over a large carry.
def relax(x):
    def body(c):
        i, v = c
        return i + 1, 0.5 * v + jnp.sin(v)
    return lax.while_loop(lambda c: c[0] < 10, body, (0, x))[1]


# 6. A cond whose taken branch makes a large outer product it reduces.
def gated(x):
    return lax.cond(x[0] > 0, lambda a: jnp.sum(jnp.outer(a, a), axis=1), lambda a: a, x)


# 7. Pytree, bf16 and int8 inputs: an embedding lookup and a projection.
def embed(params, tokens):
    e = params["emb"][tokens.astype(jnp.int32)]  # (B, L, D) bf16
    return jnp.tanh(e @ params["proj"]).astype(jnp.float32).mean(axis=1)


def embed_args():
    return ({"emb": rand((128, 512), jnp.bfloat16), "proj": rand((512, 512), jnp.bfloat16)},
            (jnp.arange(2048 * 64) % 127).astype(jnp.int8).reshape(2048, 64))


# 8. Static arguments: the depth is a Python int.
def deep(x, w, depth):
    for _ in range(depth):
        x = jnp.tanh(x @ w)
    return x


# 9. A 1.6 GB outer product.
def outer(x):
    return x[:, None] * x[None, :]


# 10. A program that fails while tracing.
def broken(x, w):
    h = x @ w
    return h.reshape(3, -1, 7)


PROGRAMS = {
    "mlp-nested-vmap": (ensemble, ensemble_args, {}, 60e6),
    "train-grad": (grad_step, grad_args, {}, None),
    "train-grad-checkpoint": (grad_step_ckpt, grad_args, {}, None),
    "scan-rnn": (rnn, rnn_args, {}, None),
    "while-loop": (relax, lambda: (rand((40_000_000,), scale=1.0),), {}, None),
    "cond": (gated, lambda: (rand((20000,), scale=1.0) + 1.0,), {}, None),
    "pytree-bf16-int8": (embed, embed_args, {}, 40e6),
    "static-depth": (deep, lambda: (rand((8192, 1024), scale=1.0), rand((1024, 1024)), 3),
                     {"static_argnums": 2}, 50e6),
    "outer-1.6GB": (outer, lambda: (rand((20000,), scale=1.0),), {}, None),
    "fails-tracing": (broken, lambda: (rand((100, 64)), rand((64, 10))), {}, None),
}


def one(name):
    """The row of one program, as a dict."""
    fn, make, kw, budget = PROGRAMS[name]
    args = make()
    try:
        e = explain(fn, *args, measure=True, try_fix=budget is not None, budget=budget,
                    name=name, **kw)
    except Exception as ex:
        return {"name": name, "failed": failure(name, [], ex)}
    r = e.report
    o, j, m, f = r["op_by_op"], r["jit"], r["measured"], r["fix"]
    row = {"name": name, "predicted": o["peak_above_inputs_bytes"],
           "jit": j["predicted_above_inputs_bytes"],
           "jit_low": j["predicted_low_bytes"],
           "measured": m["peak_above_before_bytes"], "error": m["error_text"],
           "against": "jit" if o["one_jit_call"] else "op by op",
           "measured_jit": (m.get("jit") or m)["peak_above_before_bytes"],
           "error_jit": (m.get("jit") or m)["error_text"],
           "causes": m["causes"] + (m.get("jit") or {}).get("causes", []),
           "faults": m["faults"], "library": bool(j["library_fusions"]["names"])}
    t = r.get("try_fix")
    if t and "why_not" not in t:
        row["fix"] = f"lax.map batch_size={t['batch_size']}"
        row["fix_predicted"] = f["map"]["predicted_peak_above_inputs_bytes"]
        row["fix_measured"] = t["peak_above_before_bytes"]
        row["fix_same"] = t["same_outputs"]
    elif f.get("checkpoint") and not name.endswith("checkpoint"):
        row["fix"] = "jax.checkpoint per layer"
        row["fix_predicted"] = f["checkpoint"]["predicted_peak_bytes"] - o["input_bytes"]
        row["fix_measured"] = "next row"
    else:
        row["fix"] = "jax.jit" + (" (output-bound)" if f.get("output_bound") else "")
        row["fix_predicted"] = j["predicted_above_inputs_bytes"]
        row["fix_measured"] = (m.get("jit") or m)["peak_above_before_bytes"]
    return row


def cell(v):
    return core.human(v) if isinstance(v, (int, float)) else str(v)


def jit_cell(r):
    """The jit figure; a range where library fusions' scratch is unknown."""
    if r["jit_low"] < r["jit"]:
        return f"{core.human(r['jit_low'])} to {core.human(r['jit'])}"
    return core.human(r["jit"])


def table(rows):
    head = ["program", "predicted op by op", "jit figure", "measured", "error",
            "measured jit", "error jit", "fix", "fix predicted", "fix measured"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        if "failed" in r:
            out.append(f"| {r['name']} | explain stops: {r['failed'].splitlines()[0]} |"
                       + " |" * (len(head) - 2))
            continue
        cells = [cell(r[k]) for k in (
            "name", "predicted", "jit", "measured", "error", "measured_jit", "error_jit",
            "fix", "fix_predicted", "fix_measured")]
        cells[2] = jit_cell(r)
        out.append("| " + " | ".join(cells) + " |")
    notes = [f"- {r['name']}: {c}" for r in rows for c in r.get("causes", [])]
    return "\n".join(out + ([""] + ["Known causes named where >25% apart:"] + notes
                            if notes else [])) + "\n"


def main(argv):
    if argv[:1] == ["--one"]:
        print(json.dumps(one(argv[1])))
        return 0
    names = [argv[argv.index("--only") + 1]] if "--only" in argv else list(PROGRAMS)
    rows = []
    for n in names:
        p = subprocess.run([sys.executable, __file__, "--one", n], capture_output=True,
                           text=True)
        if p.returncode != 0:
            rows.append({"name": n, "failed": (p.stderr.strip().splitlines() or ["?"])[-1]})
            continue
        rows.append(json.loads(p.stdout.strip().splitlines()[-1]))
        print(f"# {n} done", file=sys.stderr)
    sys.stdout.write(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
