"""The advice's words (reports/templates/advice/words.j2) against the
advice table (reports/rp_advice.c): every row has its macro, every note a
decision can return and every reason a side can give for not being
measured is worded, and a verdict that the samples did not decide reads so
in the rendered row. Run by `make test-templates` (FB_REPORT set)."""
import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REPORTS = os.path.join(ROOT, "reports")
WORDS = os.path.join(REPORTS, "templates", "advice", "words.j2")


def read(*parts):
    with open(os.path.join(REPORTS, *parts), encoding="utf-8") as f:
        return f.read()


def test_every_row_has_its_macro():
    ids = re.findall(r'\{"([a-z0-9-]+)", RP_QUESTION_', read("rp_advice.c"))
    assert len(ids) > 0
    words = read("templates", "advice", "words.j2")
    for i in ids:
        assert "{%% macro %s(a, part)" % i.replace("-", "_") in words, i


def test_every_note_and_reason_is_worded():
    words = read("templates", "advice", "words.j2")
    decide = read("rp_advice.c")
    # A rule's or a decision's note after its verdict, and the notes
    # chosen by a condition.
    notes = set(re.findall(
        r'RP_ADVICE_(?:SUPPORTED|NUANCE|NOT_SUPPORTED|UNDECIDED|MISSING|'
        r'CANNOT),\s*"(\w+)"', decide))
    for a, b in re.findall(r'\?\s*"(\w*)"\s*:\s*"(\w*)"', decide):
        notes |= {a, b} - {""}
    assert "same_program" in notes and "time_undecided" in notes
    for n in notes:
        assert 'k == "%s"' % n in words, "note %s has no words" % n
    sides = read("rp_advice.c")
    whys = set(re.findall(r'missing\(x, "([a-z_]+)"', sides)) | \
        set(re.findall(r'"why", "([a-z_]+)"', sides))
    assert "no_jax_run" in whys
    for w in whys:
        assert 'k == "%s"' % w in words, "reason %s has no words" % w


def test_an_undecided_time_reads_so(tmp_path):
    report = os.environ.get("FB_REPORT")
    if not report:
        pytest.skip("FB_REPORT (the report program) is not set: make test-templates")
    out = tmp_path / "out"
    p = subprocess.run([report, os.path.join(REPORTS, "data"), str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    path = out / "facts.json"
    doc = json.loads(path.read_text())
    f = doc["facts"]
    assert f["advice.fuse.c.verdict"]["value"] == "supported"
    # The C fuse claim as if its samples had not decided it.
    f["advice.fuse.c.faster"] = {"value": None, "text": "n/a"}
    f["advice.fuse.c.verdict"] = {"value": "undecided", "text": "undecided"}
    f["advice.fuse.c.note"] = {"value": "time_undecided",
                               "text": "time_undecided"}
    path.write_text(json.dumps(doc))
    again = tmp_path / "again"
    p = subprocess.run([sys.executable, os.path.join(REPORTS, "render.py"),
                        "--strict", str(path),
                        os.path.join(REPORTS, "templates"), str(again)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    md = (again / "REPORT.md").read_text()
    row = next(line for line in md.splitlines()
               if line.startswith("| Fuse the reduction into the inner map |")
               and "measured" not in line and "(fused)" in line)
    assert "fused not decided at this noise: speed-up " in row, row
    assert "spread " in row, row
    assert "| not decided at this noise |" in row, row
