"""fb_verdict: a verdict between two runs decided by their own samples.

A verdict read off two medians ("A is faster than B") flips with the load
when the difference is inside the runs' spread. verdict() decides it with
the samples themselves: a bootstrap interval of the ratio of medians (B's
over A's) and a Mann-Whitney U test between the two sets; when the interval
straddles the margin or the test cannot tell the sets apart, the verdict is
"not decided at this noise", with the spread that made it so.

Pure: the same samples give the same answer (the bootstrap's generator is
seeded). Limits: with 5 samples a side the U test's smallest two-sided p
is 2/252 = 0.008; with 3 a side it is 0.1, so three samples can never decide
at level 0.95. Ties take mid-ranks, and the exact U distribution (no ties)
then serves as an approximation.
"""
import random

# The margin the advice's time claims are decided with, in C and in JAX:
# reports/rp_advice.h's RP_ADVICE_TIME_RATIO less 1 (a test checks that
# the two agree). A claim is decided only beyond it.
ADVICE_MARGIN = 0.10

FIRST, SECOND = "first is faster", "second is faster"
SAME, UNDECIDED = "same within the margin", "not decided at this noise"


def median(v):
    v = sorted(v)
    k = len(v)
    return v[k // 2] if k % 2 else (v[k // 2 - 1] + v[k // 2]) / 2


def _u_counts(m, n):
    """How many orderings of m and n samples give each U (0 .. m n), by
    the recurrence c(m, n, u) = c(m - 1, n, u - n) + c(m, n - 1, u)."""
    table = {}

    def c(i, j):
        if (i, j) in table:
            return table[(i, j)]
        if i == 0 or j == 0:
            out = [1]
        else:
            a, b = c(i - 1, j), c(i, j - 1)
            out = [0] * (i * j + 1)
            for u, v in enumerate(a):
                out[u + j] += v
            for u, v in enumerate(b):
                out[u] += v
        table[(i, j)] = out
        return out

    return c(m, n)


def mann_whitney(a, b):
    """U of a (the pairs in which a's sample is below b's, ties half) and
    its two-sided p under the exact distribution."""
    u = sum(1.0 if x < y else 0.5 if x == y else 0.0 for x in a for y in b)
    counts = _u_counts(len(a), len(b))
    total = sum(counts)
    lo = sum(v for k, v in enumerate(counts) if k <= u) / total
    hi = sum(v for k, v in enumerate(counts) if k >= u) / total
    return u, min(1.0, 2 * min(lo, hi))


def ratio_interval(a, b, level=0.95, boots=2000, seed=1):
    """A percentile bootstrap interval of median(b) / median(a), each set
    resampled on its own."""
    rng = random.Random(seed)
    rs = []
    for _ in range(boots):
        ma = median([rng.choice(a) for _ in a])
        mb = median([rng.choice(b) for _ in b])
        rs.append(mb / ma if ma > 0 else float("inf"))
    rs.sort()
    k = int((1 - level) / 2 * boots)
    return rs[k], rs[boots - 1 - k]


def spread(v):
    """The set's range over its median: the noise one run shows."""
    m = median(v)
    return (max(v) - min(v)) / m if m > 0 else None


def verdict(a, b, margin=0.0, level=0.95, boots=2000, seed=1):
    """Times a (the first run) and b (the second): which is faster, by the
    ratio r = median(b) / median(a) (above 1: the first is faster) and its
    bootstrap interval, and the U test. Decided only when the interval lies
    beyond the margin (above 1 + margin, or below 1 / (1 + margin)) and the
    U test's p is below 1 - level; "same within the margin" when the whole
    interval lies inside it (margin > 0); else not decided at this noise."""
    if len(a) < 2 or len(b) < 2:
        raise ValueError("verdict: at least two samples a side")
    if min(a) <= 0 or min(b) <= 0:
        raise ValueError("verdict: times must be positive")
    r = median(b) / median(a)
    lo, hi = ratio_interval(a, b, level, boots, seed)
    u, p = mann_whitney(a, b)
    up, down = 1 + margin, 1 / (1 + margin)
    if lo > up and p < 1 - level:
        word = FIRST
    elif hi < down and p < 1 - level:
        word = SECOND
    elif margin > 0 and lo >= down and hi <= up:
        word = SAME
    else:
        word = UNDECIDED
    return {"verdict": word, "ratio": r, "interval": [lo, hi], "level": level,
            "margin": margin, "u": u, "p": p, "spread": [spread(a), spread(b)],
            "samples": [len(a), len(b)]}
