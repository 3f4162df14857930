"""The figures' gnuplot scripts: each figure's template
(templates/figures/NAME.gp.j2, on the layout of templates/figure.gp.j2)
filled by render.py from the data `report` leaves in scripts.json
(reports/rp_figure.h).

Each test renders crafted script data, so that every branch of the plot
line is reached: blocks joined one an element, the decoration's elements
before and after them, a label's quote doubled inside its quoted title,
and the empty frame a figure draws when it has nothing to plot; and each
decoration's template draws its numbers as the committed scripts hold
them.
"""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TEMPLATES = os.path.join(ROOT, "reports", "templates")
sys.path.insert(0, os.path.join(ROOT, "reports"))

import render  # noqa: E402


def plot(**over):
    p = {"name": "fig-t", "script": "fig-t", "refs": None, "blocks": []}
    p.update(over)
    return p


# A figure's template, as figures/NAME.gp.j2 are.
FIGURE = """{% extends "figure.gp.j2" %}
{% set title = "t: a test" %}
{% set xlabel = "N" %}
{% set empty = "no data" %}
{% block settings %}
set grid x
{% endblock %}
{% macro series(b, c, p, v, k) -%}
{{ b }} using 1:2 lc {{ c }} pt {{ p }} title '{{ v }} {{ k }}'
{%- endmacro %}
"""

# A decoration that draws what its refs say, for the plot line's branches.
PASS = """{% macro pre(r) %}{{ r.pre }}{% endmacro %}
{% macro post(r) %}{{ r.post }}{% endmacro %}
{% macro prefix(r) %}{{ r.prefix }}{% endmacro %}
{% macro suffix(r) %}{{ r.suffix }}{% endmacro %}
"""


def templates_for(tmp_path):
    """The committed templates with the test figure and decoration."""
    t = tmp_path / "templates"
    if not t.exists():
        shutil.copytree(TEMPLATES, t)
        (t / "figures" / "fig-t.gp.j2").write_text(FIGURE)
        (t / "figures" / "pass.gp.j2").write_text(PASS)
    return t


def deco(prefix="", suffix="", pre="", post=""):
    return {"kind": "pass", "pre": pre, "post": post, "prefix": prefix,
            "suffix": suffix}


def block(name, label, data="1 2\n"):
    return {"name": name, "label": label, "rgb": "#0072B2", "point": 7,
            "law": "N^2.01", "data": data}


def script(tmp_path, **over):
    t = templates_for(tmp_path)
    path = tmp_path / "scripts.json"
    path.write_text(json.dumps([plot(**over)]))
    [(name, text)] = render.render_scripts(render.figure_env(str(t)), str(path))
    assert name == "fig-t.gp"
    return text


def plot_line(text):
    return text[text.index("\nplot ") + 1:text.index("\nset output\n")]


def test_blocks_are_joined_between_the_decoration(tmp_path):
    text = script(tmp_path, refs=deco("x title 'roof'", "y notitle", "set a\n",
                            "set b\n"),
                  blocks=[block("m0", "fused"), block("m1", "it's")])
    assert plot_line(text) == (
        "plot x title 'roof', $m0 using 1:2 lc rgb '#0072B2' pt 7 "
        "title 'fused N^2.01', \\\n  $m1 using 1:2 lc rgb '#0072B2' pt 7 "
        "title 'it''s N^2.01', y notitle")
    assert "set a\nset grid x\n$m0 << EOD\n1 2\nEOD\n$m1 << EOD\n1 2\n" \
        "EOD\nset b\nplot " in text
    assert "set xlabel 'N'\n" in text and "set ylabel" not in text
    assert "set logscale" not in text


def test_nothing_to_plot_draws_a_frame_that_says_so(tmp_path):
    for prefix in ("", "1/0 title 'no ceilings'"):
        text = script(tmp_path, refs=deco(prefix))
        assert ('set label 1001 "no data" at graph 0.5, graph 0.5 center '
                'noenhanced\nunset key\nplot [1:10] [1:10] 0.5 notitle\n'
                ) in text, prefix
        assert "EOD" not in text


def test_named_runs_alone_are_drawn_with_the_absence_titled(tmp_path):
    text = script(tmp_path, refs=deco(suffix="$r using 1:2 title 'run'"))
    assert plot_line(text) == \
        "plot 1/0 title 'no data', $r using 1:2 title 'run'"


def test_any_words_in_a_title_are_printed_not_parsed(tmp_path):
    """A teacher's title, labels and notice may hold either quote and a
    backslash: gnuplot reads the script and prints the words as written."""
    words = 'it\'s "the" \\n peak'
    fig = templates_for(tmp_path) / "figures" / "fig-t.gp.j2"
    fig.write_text(FIGURE.replace('"t: a test"', repr(words))
                   .replace('"no data"', repr(words + " (none)"))
                   .replace('xlabel = "N"', "xlabel = " + repr(words)))
    assert render.figure_title(render.figure_env(str(tmp_path / "templates")),
                               "fig-t") == words
    text = script(tmp_path, blocks=[block("m0", words)])
    assert "set title \"it's \\\"the\\\" \\\\n peak\" noenhanced" in text
    assert "set xlabel 'it''s \"the\" \\n peak'" in text
    if shutil.which("gnuplot") is None:
        return
    for blocks in ([block("m0", words)], []):
        gp = tmp_path / "fig-t.gp"
        gp.write_text(script(tmp_path, blocks=blocks))
        done = subprocess.run(["gnuplot", "fig-t.gp"], cwd=str(tmp_path),
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        svg = (tmp_path / "fig-t.svg").read_text()
        # SVG escapes the quotes; each of the words stands as written.
        svg = svg.replace("&quot;", '"').replace("&apos;", "'") \
            .replace("&#39;", "'").replace("&#34;", '"')
        assert words in svg and (blocks or words + " (none)" in svg)


def test_a_figure_changes_in_its_template_alone(tmp_path):
    gp = templates_for(tmp_path) / "figure.gp.j2"
    gp.write_text(gp.read_text().replace("svg size 960,600", "svg size 640,400"))
    text = script(tmp_path, blocks=[block("m0", "fused")])
    assert "set terminal svg size 640,400 " in text
    assert text.endswith("set output 'fig-t.png'\nreplot\nset output\n")


def test_a_series_that_names_nothing_fails_the_render(tmp_path):
    import jinja2
    fig = templates_for(tmp_path) / "figures" / "fig-t.gp.j2"
    fig.write_text(fig.read_text().replace("{{ v }}", "{{ label }}"))
    try:
        script(tmp_path, blocks=[block("m0", "fused")])
    except jinja2.UndefinedError as e:
        assert "fig-t" in str(e) and "label" in str(e)
    else:
        raise AssertionError("an unknown name in a series rendered")


def test_every_figure_has_its_title(tmp_path):
    env = render.figure_env(TEMPLATES)
    names = [n[:-len(".gp.j2")] for n in os.listdir(
        os.path.join(TEMPLATES, "figures")) if n.startswith("fig-")]
    assert len(names) >= 12
    for name in names:
        if name != "fig-other":  # its title is the section's fact
            title = render.figure_title(env, name)
            assert title and '"' not in title, name


def test_the_committed_scripts_are_what_the_template_makes(tmp_path):
    report = os.environ.get("FB_REPORT")
    if not report:
        import pytest
        pytest.skip("FB_REPORT (the report program) is not set")
    out = tmp_path / "out"
    p = subprocess.run([report, os.path.join(ROOT, "reports", "data"),
                        str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert not (out / "scripts.json").exists(), "the scripts' data is kept"
    for name in os.listdir(os.path.join(ROOT, "reports", "figures")):
        if name.endswith(".gp"):
            committed = os.path.join(ROOT, "reports", "figures", name)
            with open(committed, encoding="utf-8") as f:
                assert (out / "figures" / name).read_text() == f.read(), name


def test_the_roofline_without_ceilings_says_so(tmp_path):
    refs = {"kind": "roofline", "xmax": 1000.0, "fma": None, "roofs": [],
            "in_core": []}
    text = script(tmp_path, refs=refs)
    assert "set xrange [0.01:1000]\n" in text
    assert "plot [1:10] [1:10] 0.5 notitle" in text, "an empty frame"
    text = script(tmp_path, refs=refs, blocks=[block("m0", "fused")])
    assert plot_line(text).startswith(
        "plot 1/0 title 'no ceilings.json in the data', $m0 using")


def test_the_roofs_by_level_and_in_core(tmp_path):
    refs = {"kind": "roofline", "xmax": 1e4, "fma": 117.16,
            "roofs": [{"level": "L2", "k": 1, "gbytes": 301.5},
                      {"level": "DRAM", "k": 3, "gbytes": 24.44}],
            "in_core": [{"gflops": 14.2, "what": "gathers", "from": "L3",
                         "per_unit": 2.0}]}
    line = plot_line(script(tmp_path, refs=refs,
                            blocks=[block("m0", "fused")]))
    assert line.startswith(
        "plot (x*301.5 < 117.2 ? x*301.5 : 117.2) w l lw 1 dt 3 lc rgb "
        "'#777777' t 'L2 roof, 302 GB/s', (x*24.44 < 117.2 ? x*24.44 : "
        "117.2) w l lw 2 dt 1 lc rgb 'black' t 'DRAM roof, 24 GB/s; the "
        "flat part: FMA peak', 14.2 w l lw 2 dt 3 lc rgb '#444444' t "
        "'in-core roof: gathers (L3, 2 a unit), 14.2 GFLOP/s', $m0 "), line


def test_an_in_core_roof_is_worded_by_the_terms(tmp_path):
    """The roof's model term is a name the facts hold; terms.j2 words it,
    as it words the same term in the limits section."""
    refs = {"kind": "roofline", "xmax": 1e4, "fma": 117.16, "roofs": [],
            "in_core": [{"gflops": 30.0, "what": "divsqrt", "from": "L1",
                         "per_unit": 1.0}]}
    line = plot_line(script(tmp_path, refs=refs,
                            blocks=[block("m0", "fused")]))
    assert ("t 'in-core roof: divides and square roots (L1, 1 a unit), "
            "30 GFLOP/s'") in line, line


def test_the_ideal_line_ends_at_the_most_threads(tmp_path):
    text = script(tmp_path, refs={"kind": "threads", "tmax": 4.0,
                                  "x_to": 4.2, "y_to": 4.5},
                  blocks=[block("m0", "fused")])
    assert "set xrange [0.8:4.2]\nset xtics 1\nset yrange [0:4.5]\n" in text
    assert plot_line(text).startswith(
        "plot (x >= 1 && x <= 4) ? x : 1/0 with lines dt 2 lw 2 lc rgb "
        "'black' title 'ideal: speed-up = threads', $m0 ")
