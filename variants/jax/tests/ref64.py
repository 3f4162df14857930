"""ref64: float64 references of both workloads, written from the spec's text
for the tests, sharing no code with the JAX programs or fb_inputs.

The generator is SplitMix64 on Python integers, one draw at a time, as the
spec states it. Inputs are made in float32 as the spec says (the points, the
tables, the initial state) and widened to float64; from there every
operation is float64, all pairs at once over (N, N) arrays.

Limits: small sizes only (pure-Python generator, (N, N) and (N, M)
temporaries).
"""
import math

import numpy as np

MASK = (1 << 64) - 1


def splitmix(seed, count):
    """The first `count` outputs of SplitMix64 from state `seed`."""
    s, out = seed & MASK, []
    for _ in range(count):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def uniforms32(seed, count):
    return np.array([np.float32(z >> 40) * np.float32(2.0**-24)
                     for z in splitmix(seed, count)], dtype=np.float32)


def interp_total(n, m, g, preset, seed=42):
    """sum_n sum_i v_i(x_n)^2 in float64 from the float32 inputs."""
    x = np.zeros(n, np.float32) if preset == "seed" else uniforms32(seed, n)
    dx32 = np.float32(1.0) / np.float32(g - 1)
    dx = float(dx32)
    table = np.zeros((m, g + 2), np.float32)
    for i in range(m):
        for k in range(g):
            xk = k * dx
            gv = xk * xk if preset == "seed" else \
                math.sin(2 * math.pi * (1 + i % 7) * xk) + i / m
            table[i, k + 1] = gv
    lb, ub = 0.0, float(np.float32(np.float32(g + 1) * dx32))
    xc = np.clip(x.astype(np.float64), lb, ub) - 0.0
    ix = np.floor(xc / dx)
    t = xc / dx - (ix + 0.5)
    start = np.clip(ix.astype(np.int64), 0, g + 2 - 4)
    coef = np.array([[-1 / 16, 9 / 16, 9 / 16, -1 / 16], [1 / 24, -9 / 8, 9 / 8, -1 / 24],
                     [1 / 4, -1 / 4, -1 / 4, 1 / 4], [-1 / 6, 1 / 2, -1 / 2, 1 / 6]])
    w = coef[0] + t[:, None] * (coef[1] + t[:, None] * (coef[2] + t[:, None] * coef[3]))
    f = table.astype(np.float64)
    total = 0.0
    for i in range(m):
        window = f[i][start[:, None] + np.arange(4)]
        v = (window * w).sum(axis=1)
        total += float((v * v).sum())
    return total


def _pair_sums(x, u, a, box, p):
    """F_int (N,2), T_int, rho (N,) from the centres x (N,2), axes u (N,2)."""
    n, h = x.shape[0], p["L"] / 2
    d = x[None, :, :] - x[:, None, :]
    d -= box * np.floor(d / box + 0.5)
    ui, uj = np.broadcast_to(u[:, None, :], d.shape), np.broadcast_to(u[None, :, :], d.shape)
    pi, qi, pj, qj = h * ui, -h * ui, d + h * uj, d - h * uj
    d1, d2, r = qi - pi, qj - pj, pi - pj
    dot = lambda a_, b_: (a_ * b_).sum(axis=-1)  # noqa: E731
    aa, ee, ff, cc, bb = dot(d1, d1), dot(d2, d2), dot(d2, r), dot(d1, r), dot(d1, d2)
    den = aa * ee - bb * bb
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(den > 1e-6 * aa * ee, np.clip((bb * ff - cc * ee) / den, 0, 1), 0.0)
    t = (bb * s + ff) / ee
    s = np.where(t < 0, np.clip(-cc / aa, 0, 1), np.where(t > 1, np.clip((bb - cc) / aa, 0, 1), s))
    t = np.clip(t, 0, 1)
    ki, kj = pi + s[..., None] * d1, pj + t[..., None] * d2
    nv = ki - kj
    dist, dlen = np.sqrt(dot(nv, nv)), np.sqrt(dot(d, d))
    cross = dist < 1e-4
    with np.errstate(divide="ignore", invalid="ignore"):
        unit = np.where(cross[..., None], -d / dlen[..., None], nv / dist[..., None])
    dist = np.where(cross, 0.0, dist)
    other = ~np.eye(n, dtype=bool)
    mag = np.where((dist < 2 * p["R"]) & (dlen > 0) & other, p["k_cc"] * (2 * p["R"] - dist), 0.0)
    force = np.where(mag[..., None] != 0, mag[..., None] * unit, 0.0)
    torque = ki[..., 0] * force[..., 1] - ki[..., 1] * force[..., 0]
    w = np.maximum(0.0, 1.0 - dlen / p["R_s"])
    rho = np.where(other, p["w_a"] * a[None, :] * w * w, 0.0)
    return force.sum(axis=1), torque.sum(axis=1), rho.sum(axis=1)


COLONY = dict(L=2.0, R=0.5, k_cc=50.0, F_prop=1.0, T_prop=0.05, w_a=1.0, R_s=4.0,
              a_th=0.5, gamma=1.0, dt=0.01, phi=0.25)


def colony_digest(n, steps, seed=42):
    """The spec's digest after `steps` steps, in float64."""
    p = COLONY
    box32 = np.float32(math.sqrt(n * (2 * p["R"] * p["L"] + math.pi * p["R"] ** 2) / p["phi"]))
    u4 = uniforms32(seed, 4 * n).reshape(n, 4)
    x = np.stack([box32 * u4[:, 0], box32 * u4[:, 1]], axis=1).astype(np.float64)
    theta = (np.float32(2 * math.pi) * u4[:, 2]).astype(np.float64)
    a, box = u4[:, 3].astype(np.float64), float(box32)
    disp, first = np.zeros((n, 2)), None
    for k in range(steps):
        x = x - box * np.floor(x / box)
        u = np.stack([np.cos(theta), np.sin(theta)], axis=1)
        f_int, t_int, rho = _pair_sums(x, u, a, box, p)
        first = first or (np.abs(f_int).sum(), np.abs(t_int).sum(), rho.sum())
        force = f_int + p["F_prop"] * a[:, None] * u
        torque = t_int + p["T_prop"] * a
        a = np.clip(rho / p["a_th"], 0, 1)
        move = force / (p["gamma"] * p["L"]) * p["dt"]
        x, disp = x + move, disp + move
        theta = theta + 12 * torque / (p["gamma"] * p["L"] ** 3) * p["dt"]
        theta -= 2 * math.pi * np.floor(theta / (2 * math.pi))
    return {"sum_abs_F": first[0], "sum_abs_T": first[1], "sum_rho": first[2],
            "sum_disp": float(np.abs(disp).sum()), "mean_a": float(a.mean())}
