"""A training step's gradient: the second worked example of docs/explain.md
(not one of fusebench's programs).

An MLP of L hidden layers of W units on a batch of B examples; the loss is
the mean of the last layer's squares. grad_step is jax.grad of it; its
forward pass keeps every layer's activations (residuals) for the backward
pass. grad_step_ckpt wraps each layer in jax.checkpoint, the fix explain
predicts: the backward pass recomputes a layer's activations from its
input instead."""
import jax
import jax.numpy as jnp

L, W, B = 4, 512, 8192


def layer(h, w):
    return jnp.tanh(h @ w)


def loss(params, x):
    h = x
    for w in params["hidden"]:
        h = layer(h, w)
    return jnp.mean(h ** 2)


def loss_ckpt(params, x):
    h = x
    for w in params["hidden"]:
        h = jax.checkpoint(layer)(h, w)
    return jnp.mean(h ** 2)


grad_step = jax.grad(loss)
grad_step_ckpt = jax.grad(loss_ckpt)


def example_args():
    k = jax.random.split(jax.random.key(0), L + 1)
    params = {"hidden": [jax.random.normal(k[i], (W, W)) / W ** 0.5 for i in range(L)]}
    return params, jax.random.normal(k[L], (B, W))
