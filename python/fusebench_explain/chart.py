"""fb_livechart: the liveness chart of an explain walk, drawn with gnuplot.

The walk's steps along x (step k the bar from k to k+1), the live bytes at
each stacked by array: the six largest arrays of the walk (those alive at
the peak first among equal sizes) each a band of its own, largest at the
bottom, everything else alive as "other" on top; the peak marked with a line and its figure. The byte axis is scaled to B, kB, MB or GB (powers of
1000) by the peak. FILE.svg gets gnuplot's svg terminal, FILE.png pngcairo
(the plain png terminal when this gnuplot has no cairo).

Limits: needs gnuplot on PATH; the script goes to gnuplot's stdin and is not
kept. The chart is written to a temporary file beside FILE and renamed over
it (a FILE that is not a regular file is written through instead).
"""
import os
import subprocess
import tempfile

SCALES = ((1e9, "GB"), (1e6, "MB"), (1e3, "kB"), (1.0, "B"))
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")


def scale_of(peak):
    """(divisor, unit) for a byte axis whose largest value is peak."""
    for div, unit in SCALES:
        if peak >= div:
            return div, unit
    return 1.0, "B"


def series(report, top=6):
    """(labels, rows): rows[k] = [step, band 1, ..., band top, other] in
    bytes, the bands the largest arrays of the walk (those alive at the
    peak first among equals)."""
    values = report["values"]
    at_peak = {a["id"] for a in report["op_by_op"]["peak_arrays"]}
    bands = sorted(values, key=lambda v: (-v["bytes"], v["id"] not in at_peak, v["id"]))[:top]
    ids = [a["id"] for a in bands]
    labels = [f"{a['dtype_short']}[{','.join(map(str, a['shape']))}] {a['primitive']}"
              + (f" {os.path.basename(a['file'])}:{a['line']}" if a["file"] else "")
              for a in bands]
    rows = []
    for k, st in enumerate(report["op_by_op"]["steps"]):
        live = set(st["live"])
        own = [values[i]["bytes"] if i in live else 0 for i in ids]
        rows.append([k] + own + [st["bytes"] - sum(own)])
    return labels + ["other"], rows


def _esc(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("_", "\\_")


def script(report, out, terminal, title):
    labels, rows = series(report)
    o = report["op_by_op"]
    div, unit = scale_of(max(o["peak_bytes"], 1))
    lines = [f"set terminal {terminal}", f'set output "{_esc(out)}"',
             f'set title "{_esc(title)}" noenhanced',
             "set key below left Left reverse maxcols 2 noenhanced",
             'set xlabel "step of the op-by-op walk (equations in order, nested bodies entered)"',
             f'set ylabel "live bytes ({unit})"', "set grid ytics", "set yrange [0:*]",
             f"set xrange [0:{len(rows)}]", "set style fill solid 0.85 noborder",
             f'set arrow from {o["peak_step"] + 0.5},graph 0 to {o["peak_step"] + 0.5},graph 1 nohead '
             'dt 2 lw 1.5 lc rgb "black" front',
             f'set label "peak {o["peak_bytes"] / div:.4g} {unit} at step {o["peak_step"]}" '
             f'at graph 0.02,graph 0.95 noenhanced']
    plots = []
    for b in range(len(labels), 0, -1):  # cumulative bands, the top one first
        color = COLORS[(b - 1) % len(COLORS)] if b < len(labels) else "#bbbbbb"
        plots.append(f'$D using 1:(({"+".join(f"${c + 2}" for c in range(b))})/{div:g}) '
                     f'with fillsteps lc rgb "{color}" title "{_esc(labels[b - 1])}"')
    # Step k is the bar from k to k+1: the last one repeated to close it.
    rows = rows + [[len(rows)] + rows[-1][1:]]
    data = ["$D << EOD"] + [" ".join(str(v) for v in r) for r in rows] + ["EOD"]
    return "\n".join(data + lines + ["plot " + ", \\\n  ".join(plots)]) + "\n"


def _terminal(path):
    if path.endswith(".svg"):
        return "svg size 960,600 dynamic font 'Sans,11'"
    probe = subprocess.run(["gnuplot", "-e", "set terminal"], capture_output=True,
                           text=True)
    cairo = "pngcairo" in (probe.stdout + probe.stderr)
    return "pngcairo size 960,600 font 'Sans,10'" if cairo else "png size 960,600"


def draw(report, path, title):
    """Draws the chart into path (.svg or .png). Returns None, or why not."""
    if not (path.endswith(".svg") or path.endswith(".png")):
        return f"{path}: the chart is FILE.svg or FILE.png"
    try:
        term = _terminal(path)
    except OSError as e:
        return f"gnuplot: {e.strerror}"
    real = os.path.realpath(path)
    regular = not os.path.exists(real) or os.path.isfile(real)
    fd, tmp = tempfile.mkstemp(prefix=".explain-", suffix=os.path.splitext(path)[1],
                               dir=os.path.dirname(real) or ".")
    os.close(fd)
    try:
        p = subprocess.run(["gnuplot"], input=script(report, tmp, term, title),
                           capture_output=True, text=True)
        if p.returncode != 0:
            return "gnuplot failed: " + (p.stderr.strip().splitlines() or ["?"])[-1]
        if regular:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)  # as open() would make it, not mkstemp's 0600
            os.replace(tmp, real)
        else:
            with open(tmp, "rb") as src, open(real, "wb") as dst:
                dst.write(src.read())
        return None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
