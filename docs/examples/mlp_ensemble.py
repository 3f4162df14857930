"""An ensemble of small MLPs evaluated on a batch with a nested vmap: the
worked example of docs/explain.md (not one of fusebench's programs).

E models (their parameters stacked on a leading axis), B examples of D
features, a hidden layer of H units, O outputs; the loss is the mean
squared error over every model and example."""
import jax
import jax.numpy as jnp

E, B, D, H, O = 16, 4096, 64, 1024, 8


def mlp(params, x):
    """One model on one example: (D,) -> (O,)."""
    w1, b1, w2, b2 = params
    h = jnp.tanh(x @ w1 + b1)
    return h @ w2 + b2


# Over the examples (inner), then over the models (outer).
predict_all = jax.vmap(jax.vmap(mlp, in_axes=(None, 0)), in_axes=(0, None))


def loss(params, xs, ys):
    preds = predict_all(params, xs)  # (E, B, O)
    return jnp.mean((preds - ys) ** 2)


# Under jit: XLA keeps the same two (E, B, H) arrays (see docs/explain.md).
loss_jit = jax.jit(loss)


def loss_by_model(params, xs, ys):
    """The fix explain points to: the models one at a time (lax.map), each
    vmapped over the batch, so that one (B, H) hidden layer is alive, not
    the (E, B, H) stack. Equal to loss: every model has B * O terms."""
    def one(p):
        preds = jax.vmap(mlp, in_axes=(None, 0))(p, xs)  # (B, O)
        return jnp.mean((preds - ys) ** 2)
    return jnp.mean(jax.lax.map(one, params))


def example_args():
    k = jax.random.split(jax.random.key(0), 6)
    params = (jax.random.normal(k[0], (E, D, H)) / D ** 0.5,
              jax.random.normal(k[1], (E, H)) * 0.1,
              jax.random.normal(k[2], (E, H, O)) / H ** 0.5,
              jax.random.normal(k[3], (E, O)) * 0.1)
    return params, jax.random.normal(k[4], (B, D)), jax.random.normal(k[5], (B, O))


def predict_args():
    """predict_all's arguments: the parameters and the batch."""
    params, xs, _ = example_args()
    return params, xs
