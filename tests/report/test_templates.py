"""The report's templates against the facts of the committed data.

Run by `make test-templates` (part of make test) with Debian's Python,
which has Jinja2 (python3-jinja2) and pytest (python3-pytest); FB_REPORT
is the report program. The report program computes the facts of
reports/data into a temporary folder once; each test renders
reports/templates (or a changed copy) from them with render.py.
"""
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RENDER = os.path.join(ROOT, "reports", "render.py")
TEMPLATES = os.path.join(ROOT, "reports", "templates")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The report of the committed data: facts.json, REPORT.md."""
    report = os.environ.get("FB_REPORT")
    if not report:
        pytest.skip("FB_REPORT (the report program) is not set: make test-templates")
    out = tmp_path_factory.mktemp("report")
    p = subprocess.run([report, os.path.join(ROOT, "reports", "data"), str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return out


def render(facts, templates, out, strict=True):
    args = [sys.executable, RENDER] + (["--strict"] if strict else []) + \
        [str(facts), str(templates), str(out)]
    return subprocess.run(args, capture_output=True, text=True)


def facts_of(made):
    with open(made / "facts.json", encoding="utf-8") as f:
        return json.load(f)


def test_every_placeholder_names_a_fact(made, tmp_path):
    p = render(made / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "name no fact" not in p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    assert md == (made / "REPORT.md").read_text()
    assert "n/a" not in md.split("## Lab notebook")[0], \
        "the lesson of the committed data prints a missing figure"


def test_a_placeholder_that_names_no_fact_fails(made, tmp_path):
    t = tmp_path / "templates"
    shutil.copytree(TEMPLATES, t)
    with open(t / "lesson" / "try.md.j2", "a", encoding="utf-8") as f:
        f.write("{{ interp.fused.no_such_fact }}\n")
    p = render(made / "facts.json", t, tmp_path)
    assert p.returncode == 1
    assert "interp.fused.no_such_fact" in p.stderr
    assert not (tmp_path / "REPORT.md").exists(), "written despite the error"
    # Without --strict it prints n/a and says so.
    p = render(made / "facts.json", t, tmp_path, strict=False)
    assert p.returncode == 0
    assert "interp.fused.no_such_fact" in p.stderr
    assert "names the other variants.\n\nn/a\n" in (tmp_path / "REPORT.md").read_text()


def test_a_fact_missing_from_the_data_fails_strictly(made, tmp_path):
    doc = facts_of(made)
    del doc["facts"]["interp.fused.median"]
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 1
    assert "interp.fused.median" in p.stderr


def test_a_fact_prints_its_text_and_its_value_decides(made, tmp_path):
    doc = facts_of(made)
    fused = doc["facts"]["interp.fused.median"]
    mat = doc["facts"]["interp.materialized.median"]
    md = (made / "REPORT.md").read_text()
    assert "runs %s against %s" % (fused["text"], mat["text"]) in md
    want = "fused is the faster" if fused["value"] <= mat["value"] \
        else "fused is the slower"
    assert "(`materialized`" in md and want in md
    # The same template reads the other way when the value says so.
    doc["facts"]["interp.fused.median"]["value"] = 10 * mat["value"]
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Table 1): fused is the slower" in (tmp_path / "REPORT.md").read_text()


def test_a_sentence_changes_in_its_template_alone(made, tmp_path):
    t = tmp_path / "templates"
    shutil.copytree(TEMPLATES, t)
    path = t / "lesson" / "try.md.j2"
    old = "`harness list` names the other variants"
    new = "`harness list` prints every variant with its idiom"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    p = render(made / "facts.json", t, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    assert new in md and old not in md


def test_the_html_has_every_heading_table_and_figure(made):
    md = (made / "REPORT.md").read_text()
    page = (made / "REPORT.html").read_text()
    assert page.count("<table>") == md.count("\n|---")
    assert page.count("<figure><img") == md.count("\n![")
    assert 'id="the-memory-question"' in page
    assert 'href="#the-memory-question"' in page  # the contents
    # Every in-page link of the report names a heading of the page.
    import re
    ids = set(re.findall(r' id="([^"]+)"', page))
    for target in set(re.findall(r'href="#([^"]+)"', page)):
        assert target in ids, target


def test_compare_prints_the_ratio_of_two_facts_files(made, tmp_path):
    doc = facts_of(made)
    doc["facts"]["interp.fused.median"]["value"] *= 2
    (tmp_path / "b.json").write_text(json.dumps(doc))
    p = subprocess.run([sys.executable, RENDER, "compare",
                        str(made / "facts.json"), str(tmp_path / "b.json")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    line = [l for l in p.stdout.splitlines()
            if l.startswith("interp.fused.median ")]
    assert len(line) == 1 and line[0].split()[-1] == "2x", line


def test_stability_counts_the_decisions_that_hold(made, tmp_path):
    """Three copies of the committed facts, one with a limiter changed and
    explain's sentence changed, one without a scaling word: the limiter and
    the scaling word are listed with their values and agreement, explain's
    sentence is no decision, and every other decision is the same in all."""
    doc = facts_of(made)
    names = [n for n, f in doc["facts"].items()
             if isinstance(f.get("value"), str) and n.split(".")[0] != "explain"
             and n.split(".")[-1] in ("verdict", "limiter", "scaling")]
    (tmp_path / "a.json").write_text(json.dumps(doc))
    b = json.loads(json.dumps(doc))
    b["facts"]["interp.fused.limiter"]["value"] = "dram"
    b["facts"]["explain.interp.verdict"]["value"] += " changed"
    (tmp_path / "b.json").write_text(json.dumps(b))
    c = json.loads(json.dumps(doc))
    del c["facts"]["threads.interp.fused.scaling"]
    (tmp_path / "c.json").write_text(json.dumps(c))
    p = subprocess.run([sys.executable, RENDER, "stability"] +
                       [str(tmp_path / f) for f in ("a.json", "b.json", "c.json")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("3 facts files, %d decisions: %d the same in all ("
                               % (len(names), len(names) - 2)), lines[0]
    lim = doc["facts"]["interp.fused.limiter"]["value"]
    sca = doc["facts"]["threads.interp.fused.scaling"]["value"]
    assert "interp.fused.limiter: %s, dram, %s (2 of 3 agree)" % (lim, lim) in lines
    assert "threads.interp.fused.scaling: %s, %s, - (2 of 3 agree)" % (sca, sca) in lines
    assert not any(l.startswith("explain.") for l in lines)
    assert len(lines) == 3


def test_stability_and_compare_name_the_bad_file(made, tmp_path):
    (tmp_path / "bad.json").write_text("not json")
    for cmd in ("stability", "compare"):
        p = subprocess.run([sys.executable, RENDER, cmd, str(made / "facts.json"),
                            str(tmp_path / "bad.json")], capture_output=True, text=True)
        assert p.returncode == 2, (cmd, p.stderr)
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and str(tmp_path / "bad.json") in lines[0], (cmd, p.stderr)


def test_a_bad_facts_file_is_bad_input(tmp_path):
    (tmp_path / "facts.json").write_text('{"schema": "other"}')
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 2
    assert "not a fusebench facts file" in p.stderr


def with_model(src, dst, models):
    """A copy of the data folder src whose main interp runs carry the
    given time models ({variant: (error, limiter, terms)}) and no other
    main run a model."""
    shutil.copytree(src, dst)
    for name in ("colony-main.jsonl", "interp-main-eager.jsonl"):
        p = dst / name
        if p.exists():
            rows = [json.loads(l) for l in p.read_text().splitlines()]
            for r in rows:
                r.pop("model", None)
            p.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    path = dst / "interp-main.jsonl"
    out = []
    for line in path.read_text().splitlines():
        r = json.loads(line)
        r.pop("model", None)
        if r.get("variant") in models and r.get("status") == "ok":
            err, lim, terms = models[r["variant"]]
            t = r["time_s"]["median"]
            pred = t * (1 + err)
            r["model"] = {
                "predicted_s": pred, "measured_s": t, "error": err,
                "limiter": lim, "rule": "max(in-core) + data + faults",
                "fp_overlap": 0.2,
                "terms": [{"name": n, "seconds": pred * s, "share": s,
                           "in_core": True} for n, s in terms]}
        out.append(json.dumps(r))
    path.write_text("\n".join(out) + "\n")


def test_the_model_decides_the_limiter_where_the_data_has_it(tmp_path):
    report = os.environ.get("FB_REPORT")
    if not report:
        pytest.skip("FB_REPORT is not set: make test-templates")
    data = tmp_path / "data"
    with_model(os.path.join(ROOT, "reports", "data"), data, {
        "fused": (-0.05, "gather", [("gather", 0.9), ("fma", 0.3)]),
        "tiled": (0.40, "not determined", [("fma", 1.0)]),
    })
    p = subprocess.run([report, str(data), str(tmp_path / "out")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "out" / "REPORT.md").read_text()
    doc = json.loads((tmp_path / "out" / "facts.json").read_text())["facts"]
    # The fact holds the term's name; the words are terms.j2's.
    assert doc["interp.fused.limiter"]["value"] == "gather"
    assert doc["limits.interp.fused.error"]["text"] == "-5%"
    assert doc["limits.interp.tiled.within"]["value"] is False
    tiled = doc["limits.interp.tiled.unexplained"]["value"]
    # predicted 40% over the measurement: its size, said to be too much
    assert tiled == pytest.approx(0.40 * doc["interp.tiled.median"]["value"])
    assert doc["limits.interp.tiled.overpredicted"]["value"] is True
    assert "| interp/fused | **gathers** | %s | %s | -5%% | - | gathers " % (
        doc["interp.fused.median"]["text"],
        doc["limits.interp.fused.predicted"]["text"]) in md
    assert "| interp/tiled | **not determined** |" in md
    assert "| +40%% | %s predicted too much |" % \
        doc["limits.interp.tiled.unexplained"]["text"] in md
    assert "The model accounts for 1 of the 2 modelled interp variants" in md
    # The lesson's limiter line reads the same verdicts.
    assert "fused gathers" in md.split("## Limiters in brief")[1][:2000]


def test_every_name_the_facts_hold_has_its_words(made):
    """Every term of every time model in the committed data, every
    limiter verdict and every scaling verdict the facts hold has its words
    in terms.j2: a name without them would print as a bare name."""
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES))
    terms = env.get_template("terms.j2").module
    names = {"undetermined", "unmodelled", "unmeasured"}
    for path in sorted((p for p in os.listdir(os.path.join(ROOT, "reports",
                                                           "data"))
                        if p.endswith(".jsonl"))):
        with open(os.path.join(ROOT, "reports", "data", path)) as f:
            for line in f:
                model = json.loads(line).get("model") or {}
                names |= {t["name"] for t in model.get("terms", [])}
    assert {"passes", "faults", "issue", "gather"} <= names
    for n in names:
        assert str(terms.word(n)) != n, n
    facts = facts_of(made)["facts"]
    scalings = {f["value"] for k, f in facts.items()
                if k.startswith("threads.") and k.endswith(".scaling")}
    assert scalings and scalings <= {"untested", "bandwidth", "scales", "short"}
    for n in ("untested", "bandwidth", "scales", "short"):
        assert str(terms.scaling(n)) not in ("", n) or n == "scales", n
    assert str(terms.word("nosuch")) == "nosuch"


def test_a_fix_without_code_or_run_says_so(made, tmp_path):
    """What none of the answers said: a fix whose program has neither a
    marker nor a run in the data says it is not measured, and the others
    keep their code."""
    doc = facts_of(made)
    facts = doc["facts"]
    facts["lesson.code_markers"]["value"].remove("cells")
    facts["jax.colony.programs"]["value"].remove("cells")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    assert "\n  JAX (cells): not measured in this data.\n" in md
    assert "JAX `cells` at N=" not in md
    assert "  JAX `chunked` at N=1024: warm call " in md


def test_beyond_the_answers_without_its_runs(made, tmp_path):
    """Beyond the answers: a part whose runs are missing says so, with the
    reason the facts give, and prints none of its figures."""
    doc = facts_of(made)
    facts = doc["facts"]
    for part in ("grid", "cell_lists", "allocator"):
        facts["beyond_the_answers.%s.measured" % part]["value"] = False
    facts["beyond_the_answers.cell_lists.big_measured"]["value"] = False
    for part in ("grid", "cell_lists"):
        facts["beyond_the_answers.%s.why_missing" % part].update(
            value="no run of it", text="no run of it")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    part = md.split("#### Beyond the answers, measured\n\n")[1]
    part = part.split("\n### ")[0]
    assert part == (
        "- **Share the grid and fix the layout**: not measured (no run of it).\n"
        "- **Cell lists**: not measured (no run of it).\n"
        "- **The allocator's part in step-time variance**: not measured (no "
        "naive spread run with both allocators).\n")


def test_same_schedule_without_kept_pages_says_so(made, tmp_path):
    """The same-schedule table: a program the allocator that keeps freed
    pages did not run reads "not measured" in that column and no ratio,
    whatever its default figures; a measured one prints its allocator."""
    doc = facts_of(made)
    facts = doc["facts"]
    rows = facts["jaxprog.same.rows"]["value"]
    first = facts["jaxprog.same.%s.jax" % rows[0]]["value"]
    kept = [r for r in rows
            if facts["%s.kept_warm" % facts["jaxprog.same.%s.jax" % r]["value"]]
            ["value"] is not None]
    assert kept, "the committed data measures some program with pages kept"
    ref = facts["jaxprog.same.%s.jax" % kept[0]]["value"]
    program = facts["jaxprog.same.%s.program" % kept[0]]["text"]
    alloc = facts["%s.kept_allocator" % ref]["text"]
    for name in ("%s.kept_warm" % ref, "jaxprog.same.%s.kept_over_c" % kept[0]):
        facts[name].update(value=None, text="n/a")
    facts["%s.kept_warm" % first].update(value=0.5, text="500 ms")
    facts["%s.kept_allocator" % first].update(value="x-keep", text="x-keep")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    table = md.split("**Table J5.**")[1].split("\n\n")[1]
    lines = [l for l in table.splitlines() if ("| %s |" % program) in l]
    assert lines and all(l.endswith("| not measured | - |") for l in lines), lines
    assert "| 500 ms (x-keep) |" in table
    assert "(%s)" % alloc in md


def test_best_against_best_without_a_jax_program(made, tmp_path):
    """A size at which no JAX program ran to the end (all failed): its row
    of best against best names no program and prints no time and no ratio
    (the row's reference to the program's facts is null)."""
    doc = facts_of(made)
    facts = doc["facts"]
    row = "jaxprog.best.%s" % facts["jaxprog.best.rows"]["value"][-1]
    for name in ("jax", "program", "n", "over_c", "over_stand_in"):
        facts["%s.%s" % (row, name)].update(value=None, text="n/a")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    table = md.split("#### Best against best")[1].split("\n\n")[2]
    last = table.splitlines()[-1]
    assert last.startswith("| %s | N=n/a |" % facts[row + ".workload"]["text"]), last
    assert last.endswith("| none | n/a | n/a |"), last


def test_explain_without_its_chart_says_so(made, tmp_path):
    """Where the memory goes: a chart not copied from the data folder is
    said to be missing, in the section and in the lesson."""
    doc = facts_of(made)
    facts = doc["facts"]
    for w in facts["explain.workloads"]["value"]:
        facts["explain.%s.chart" % w]["value"] = False
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    assert "figures/explain-" not in md
    assert "explain's chart of the question's own JAX program is not in this data" in md
    assert md.count("is not in the data folder or could not be copied") == \
        len(facts["explain.workloads"]["value"])


def test_every_note_key_has_its_words(made):
    """A note the C registers by key (rp_report_note) is worded by
    notebook/notes.md.j2: no note prints as a bare key."""
    import re
    keys = [k for k in facts_of(made)["facts"]["notes.list"]["value"]
            if re.fullmatch(r"[a-z_]+", k)]
    assert "peak_grain" in keys, keys
    md = (made / "REPORT.md").read_text()
    notes = re.findall(r'^- <a id="note-(\d+)"></a>\*\*Note \1\.\*\* (.*)$',
                       md, re.M)
    assert len(notes) == len(facts_of(made)["facts"]["notes.list"]["value"])
    for _, text in notes:
        assert not re.fullmatch(r"[a-z_]+", text), "a note without words: " + text


def test_how_far_the_ceilings_moved_after_the_sweeps(made, tmp_path):
    """Without ceilings-after.json the section says the ceilings were not
    measured again; with one (gathers from L1 30% slower after the sweeps,
    the rest as before) it names the largest move and prints each rate's."""
    report = os.environ["FB_REPORT"]
    data = tmp_path / "data"
    shutil.copytree(os.path.join(ROOT, "reports", "data"), data)
    (data / "ceilings-after.json").unlink(missing_ok=True)
    p = subprocess.run([report, str(data), str(tmp_path / "before")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "were not measured again after the main sweeps" in \
        (tmp_path / "before" / "REPORT.md").read_text()
    ceilings = json.loads((data / "ceilings.json").read_text())
    ceilings["gather_l1_per_s"] *= 0.7
    (data / "ceilings-after.json").write_text(json.dumps(ceilings))
    p = subprocess.run([report, str(data), str(tmp_path / "out")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "out" / "facts.json").read_text())["facts"]
    assert doc["limits.drift.largest"]["value"] == pytest.approx(-0.3)
    assert doc["limits.drift.fma_flops_per_s"]["text"] == "+0%"
    md = (tmp_path / "out" / "REPORT.md").read_text()
    assert "moved by -30% at the most (gathers from L1)" in md
    assert "gathers from L1 -30% and from L3 +0%" in md
    # A rate the second measurement lacks: no move for it, and the words
    # render strictly, printing it as not measured.
    del ceilings["divps_per_s"]
    (data / "ceilings-after.json").write_text(json.dumps(ceilings))
    p = subprocess.run([report, str(data), str(tmp_path / "lacks")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "lacks" / "facts.json").read_text())["facts"]
    assert doc["limits.drift.divps_per_s"]["value"] is None
    p = render(tmp_path / "lacks" / "facts.json", TEMPLATES, tmp_path / "lacks")
    assert p.returncode == 0, p.stderr


def test_beyond_the_answers_finds_its_variants_by_role(made, tmp_path):
    """Beyond the answers names and looks up each variant through the facts
    that say which one plays the role: a variant of another name, its run
    facts under that name beside hoisted's, is printed with its own
    figures."""
    doc = facts_of(made)
    facts = doc["facts"]
    for key in [k for k in facts if k.startswith("interp.hoisted.")]:
        facts["interp.renamed." + key[len("interp.hoisted."):]] = dict(
            facts[key])
    facts["interp.renamed.median"].update(value=1.5, text="1.5 s")
    facts["beyond_the_answers.grid.variant"].update(value="renamed",
                                                    text="renamed")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    part = md.split("#### Beyond the answers, measured\n\n")[1]
    assert "`renamed` computes them once per point" in part
    assert "it takes 1.5 s against fused's " in part
    assert "over renamed," in part


def test_where_the_time_went_by_the_profile(made, tmp_path):
    """Main runs without samples: the section says they were not sampled;
    with a profile on one main run (fused's, split by its model) the
    section prints a row of where its time went, each part beside its
    prediction, and none for the runs left unsampled."""
    report = os.environ["FB_REPORT"]
    data = tmp_path / "data"
    shutil.copytree(os.path.join(ROOT, "reports", "data"), data)
    for main in data.glob("*-main*.jsonl"):
        lines = []
        for line in main.read_text().splitlines():
            r = json.loads(line)
            r.pop("profile", None)
            if isinstance(r.get("model"), dict):
                r["model"].pop("profile", None)
            lines.append(json.dumps(r))
        main.write_text("\n".join(lines) + "\n")
    p = subprocess.run([report, str(data), str(tmp_path / "before")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "its main runs were not sampled" in \
        (tmp_path / "before" / "REPORT.md").read_text()
    path = data / "interp-main.jsonl"
    lines = []
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["variant"] == "fused":
            r["profile"] = {"samples": 16000}
            r["model"]["profile"] = {
                "hot_loop_s": 0.5, "hot_loop_predicted_s": 0.4,
                "passes": [{"measured_s": 0.05, "predicted_s": 0.01}],
                "elsewhere_s": 0.03, "kernel_s": None,
                "faults_predicted_s": 0.0,
                "other_objects": {"libc.so.6": 0.002}}
        lines.append(json.dumps(r))
    path.write_text("\n".join(lines) + "\n")
    p = subprocess.run([report, str(data), str(tmp_path / "out")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "out" / "facts.json").read_text())["facts"]
    assert doc["limits.profiled"]["value"] is True
    assert doc["limits.interp.fused.profile.hot"]["value"] == \
        pytest.approx(0.5)
    md = (tmp_path / "out" / "REPORT.md").read_text()
    assert "| interp/fused | 16000 | 500 ms (400 ms) | 50 ms (10 ms) | " \
        "30 ms | not sampled (0 s) | 2 ms |" in md
    assert "| interp/tiled | " not in md.split("Where the time went, measured")[1] \
        .split("Why one schedule")[0]


def test_the_best_threads_speed_up_reads_as_its_samples_decide(made, tmp_path):
    """The threads section's best speed-up: each of its three decisions
    (rp_threads.c's threads.W.best_decided) gets its own sentence, a
    decision against the threads is not worded as noise, and samples too
    few for the rank test to reach 5% (threads.W.best_least_p) say so."""
    doc = facts_of(made)
    facts = doc["facts"]
    said = {}
    for decided in ("faster", "not_faster", "undecided", "untestable"):
        facts["threads.interp.best_least_p"].update(
            value=0.333 if decided == "untestable" else 0.01,
            text="0.333" if decided == "untestable" else "0.01")
        facts["threads.interp.best_decided"].update(
            value="undecided" if decided == "untestable" else decided,
            text=decided)
        facts["threads.interp.best_interval"].update(
            value="0.80x to 0.90x", text="0.80x to 0.90x")
        (tmp_path / "facts.json").write_text(json.dumps(doc))
        p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
        assert p.returncode == 0, p.stderr
        md = (tmp_path / "REPORT.md").read_text()
        part = md.split("### Every core: threads\n")[1].split("#### colony")[0]
        said[decided] = part
    assert "samples decide that speed-up (0.80x to 0.90x" in said["faster"]
    assert "decide against it" in said["not_faster"]
    assert "too much noise" not in said["not_faster"]
    assert "too much noise" in said["undecided"]
    # Too few samples for the rank test to reach 5%: said so, not noise.
    assert "the least p the rank test can give is 0.333" in said["untestable"]
    assert "which is no 95% interval" in said["untestable"]
    assert "too much noise" not in said["untestable"]


def test_every_in_page_link_has_its_target(made):
    """Every [text](#name) of REPORT.md names a heading or an anchor of
    REPORT.html, and, as GitHub shows REPORT.md, a heading or an <a id>
    of REPORT.md itself (the notes' [note K] links: their anchors)."""
    import re
    md = (made / "REPORT.md").read_text()
    page = (made / "REPORT.html").read_text()
    links = set(re.findall(r"\]\(#([^)]+)\)", md))
    assert any(name.startswith("note-") for name in links)
    ids = set(re.findall(r'id="([^"]+)"', page))
    assert not links - ids, sorted(links - ids)
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', md))
    notes = {name for name in links if name.startswith("note-")}
    assert notes <= anchors, sorted(notes - anchors)


def test_a_threads_row_without_its_runs_still_renders(made, tmp_path):
    """A threads row whose N names no run (the section's facts give each
    row the run it came from; a copy of older facts may not) renders: its
    caption counts it with the sweep's own rows, and nothing is left
    unrendered."""
    doc = facts_of(made)
    doc["facts"]["threads.interp.fused.n"]["runs"] = []
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    assert "| fused | 3e5 |" in md.split("#### interp")[1]


def test_an_efficiency_over_100_reads_beside_its_sizes(made, tmp_path):
    """A threads row over 100% efficiency gets a sentence that reads its
    one-thread run against the time its own sizes predict at that N: slow
    beyond threads.slow_first, else not slow (also when it was faster than
    the prediction); without a prediction it says it cannot tell; a row at
    100% or under gets none."""
    doc = facts_of(made)
    facts = doc["facts"]
    said = {}
    for ratio in (1.46, 0.5, None):
        facts["threads.interp.tiled.efficiency"].update(value=1.35, text="135%")
        facts["threads.interp.tiled.first_over_predicted"].update(
            value=ratio, text="n/a" if ratio is None else "%.2fx" % ratio)
        (tmp_path / "facts.json").write_text(json.dumps(doc))
        p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
        assert p.returncode == 0, p.stderr
        md = (tmp_path / "REPORT.md").read_text()
        said[ratio] = md.split("### Every core: threads\n")[1].split("#### colony")[0]
    assert "tiled's efficiency, 135%" in said[1.46]
    assert "That run was slow" in said[1.46] and "did for tiled." in said[1.46]
    assert "was not slow" in said[0.5]
    assert "was slow" not in said[0.5]
    assert "does not say whether tiled's run was slow" in said[None]
    # Three such rows: each sentence names its variant, so none is printed
    # three times over (the report's consistency check forbids that).
    for v in ("fused", "chunked", "tiled"):
        facts["threads.interp.%s.efficiency" % v].update(value=1.35, text="135%")
        facts["threads.interp.%s.first_over_predicted" % v].update(value=1.46, text="1.46x")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    md = (tmp_path / "REPORT.md").read_text()
    for v in ("fused", "chunked", "tiled"):
        assert "overstates what the threads did for %s." % v in md
    facts["threads.interp.tiled.efficiency"].update(value=0.95, text="95%")
    (tmp_path / "facts.json").write_text(json.dumps(doc))
    p = render(tmp_path / "facts.json", TEMPLATES, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "tiled's efficiency" not in (tmp_path / "REPORT.md").read_text()
