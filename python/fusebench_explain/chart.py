"""chart: the liveness chart of an explain walk, drawn with gnuplot (or matplotlib).

The walk's steps along x (step k the bar from k to k+1), each labelled
with its primitive where there is room; the live bytes at each, stacked:
the inputs (arguments and constants) together at the bottom in grey, then
the six largest arrays the function makes (those alive at the peak first
among equal sizes) each a band of its own, named by shape, primitive, source
line and, for a grad, "residual" or its phase, and everything else made as
"other" on top; a grad's backward steps shaded; the peak marked with a line
and its figure. The byte axis is scaled to B, kB, MB or GB (powers of 1000)
by the peak. FILE.svg or FILE.png.

Drawn by gnuplot when it is on PATH, else by matplotlib when it imports;
with neither, draw() says so. The file is written by output.write (a
temporary renamed over it when complete).
"""
import os
import shutil
import subprocess

from . import output

SCALES = ((1e9, "GB"), (1e6, "MB"), (1e3, "kB"), (1.0, "B"))
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
TICKS = 24  # op names on the axis at most


def scale_of(peak):
    """(divisor, unit) for a byte axis whose largest value is peak."""
    for div, unit in SCALES:
        if peak >= div:
            return div, unit
    return 1.0, "B"


def _label(a):
    tag = "residual " if a.get("residual") else f"{a['phase']} " if a.get("phase") else ""
    return (f"{tag}{a['dtype_short']}[{','.join(map(str, a['shape']))}] {a['primitive']}"
            + (f" {os.path.basename(a['file'])}:{a['line']}" if a["file"] else ""))


def series(report, top=6):
    """(labels, rows): rows[k] = [step, inputs, band 1, ..., band top, other]
    in bytes, the bands the largest arrays the function makes."""
    values = report["values"]
    at_peak = {a["id"] for a in report["op_by_op"]["peak_arrays"]}
    made = [v for v in values if v["primitive"] not in ("input", "constant")]
    bands = sorted(made, key=lambda v: (-v["bytes"], v["id"] not in at_peak, v["id"]))[:top]
    ids = [a["id"] for a in bands]
    inputs = {v["id"] for v in values if v["primitive"] in ("input", "constant")}
    rows = []
    for k, st in enumerate(report["op_by_op"]["steps"]):
        live = set(st["live"])
        ins = sum(values[i]["bytes"] for i in live & inputs)
        own = [values[i]["bytes"] if i in live else 0 for i in ids]
        rows.append([k, ins] + own + [st["bytes"] - ins - sum(own)])
    return ["arguments and constants"] + [_label(a) for a in bands] + ["other (and scratch)"], rows


def _ticks(steps):
    every = max(1, len(steps) // TICKS)
    return [(k + 0.5, s.get("primitive") or s["label"].split(" > ")[-1])
            for k, s in enumerate(steps) if k % every == 0]


def _backward(steps):
    ks = [k for k, s in enumerate(steps) if s.get("phase") == "backward"]
    return (min(ks), max(ks) + 1) if ks else None


def _esc(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _colors(n):
    return ["#bbbbbb"] + [COLORS[i % len(COLORS)] for i in range(n - 2)] + ["#eeeeee"]


def script(report, out, terminal, title):
    labels, rows = series(report)
    o, steps = report["op_by_op"], report["op_by_op"]["steps"]
    div, unit = scale_of(max(o["peak_bytes"], 1))
    tics = ", ".join(f'"{_esc(n)}" {x}' for x, n in _ticks(steps))
    lines = [f"set terminal {terminal}", f'set output "{_esc(out)}"',
             f'set title "{_esc(title)}" noenhanced',
             "set key below left Left reverse maxcols 2 noenhanced",
             'set xlabel "step of the op-by-op walk (equations in order)"',
             f"set xtics ({tics}) rotate by 60 right font ',8' noenhanced",
             f'set ylabel "live bytes ({unit})"', "set grid ytics", "set yrange [0:*]",
             f"set xrange [0:{len(rows)}]", "set style fill solid 0.85 noborder",
             f'set arrow from {o["peak_step"] + 0.5},graph 0 to {o["peak_step"] + 0.5},graph 1 nohead '
             'dt 2 lw 1.5 lc rgb "black" front',
             f'set label "peak {o["peak_bytes"] / div:.4g} {unit} at step {o["peak_step"]}" '
             f'at graph 0.02,graph 0.95 noenhanced front']
    back = _backward(steps)
    if back:
        lines += [f'set object 1 rect from {back[0]},graph 0 to {back[1]},graph 1 behind '
                  'fc rgb "#f3f3ff" fs solid 1.0 noborder',
                  f'set label "backward" at {back[0]},graph 0.9 offset 1,0 front']
    colors = _colors(len(labels))
    plots = []
    for b in range(len(labels), 0, -1):  # cumulative bands, the top one first
        plots.append(f'$D using 1:(({"+".join(f"${c + 2}" for c in range(b))})/{div:g}) '
                     f'with fillsteps lc rgb "{colors[b - 1]}" title "{_esc(labels[b - 1])}"')
    # Step k is the bar from k to k+1: the last one repeated to close it.
    rows = rows + [[len(rows)] + rows[-1][1:]]
    data = ["$D << EOD"] + [" ".join(str(v) for v in r) for r in rows] + ["EOD"]
    return "\n".join(data + lines + ["plot " + ", \\\n  ".join(plots)]) + "\n"


def _terminal(path):
    if path.endswith(".svg"):
        return "svg size 1100,650 dynamic font 'Sans,11'"
    probe = subprocess.run(["gnuplot", "-e", "set terminal"], capture_output=True,
                           text=True)
    cairo = "pngcairo" in (probe.stdout + probe.stderr)
    return "pngcairo size 1100,650 font 'Sans,10'" if cairo else "png size 1100,650"


def _gnuplot(report, title, path):
    def make(tmp):
        term = _terminal(path)
        p = subprocess.run(["gnuplot"], input=script(report, tmp, term, title),
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise OSError(0, "gnuplot failed: " + (p.stderr.strip().splitlines() or ["?"])[-1])
    return make


def _matplotlib(report, title, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def make(tmp):
        labels, rows = series(report)
        div, unit = scale_of(max(report["op_by_op"]["peak_bytes"], 1))
        xs = [r[0] for r in rows]
        fig, ax = plt.subplots(figsize=(11, 6.5))
        ax.stackplot(xs, *[[r[c + 1] / div for r in rows] for c in range(len(labels))],
                     labels=labels, colors=_colors(len(labels)), step="post")
        ticks = _ticks(report["op_by_op"]["steps"])
        ax.set_xticks([x for x, _ in ticks], [n for _, n in ticks], rotation=60, fontsize=7)
        back = _backward(report["op_by_op"]["steps"])
        if back:
            ax.axvspan(back[0], back[1], color="#f3f3ff", zorder=0, label="backward")
        ax.axvline(report["op_by_op"]["peak_step"] + 0.5, ls="--", color="black")
        ax.set_ylabel(f"live bytes ({unit})")
        ax.set_title(title)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=8)
        fig.tight_layout()
        fig.savefig(tmp, format=os.path.splitext(path)[1][1:])
        plt.close(fig)
    return make


def draw(report, path, title):
    """Draws the chart into path (.svg or .png). Returns None, or why not
    (one line). Raises OSError when the file cannot be written."""
    if not (path.endswith(".svg") or path.endswith(".png")):
        return f"{path}: the chart is FILE.svg or FILE.png"
    if shutil.which("gnuplot"):
        make = _gnuplot(report, title, path)
    else:
        try:
            make = _matplotlib(report, title, path)
        except ImportError:
            return ("no chart: neither gnuplot (on PATH) nor matplotlib (pip install "
                    "matplotlib) is here")
    output.write(path, None, make=make)
    return None
