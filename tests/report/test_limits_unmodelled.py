"""What limits each variant for data without the time model (the
committed data has it, so the other tests never reach this path): the
committed data less every run's model.* goes through the report program;
its facts must render with --strict, the section says the runs carry no
model, and every measured variant's limiter, in every section, is "not
modelled"."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RENDER = os.path.join(ROOT, "reports", "render.py")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The report of the committed data without the model: its folder."""
    report = os.environ.get("FB_REPORT")
    if not report:
        pytest.skip("FB_REPORT (the report program) is not set: make test-templates")
    data = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(os.path.join(ROOT, "reports", "data"), data)
    for path in glob.glob(str(data / "**" / "*.jsonl"), recursive=True):
        with open(path, encoding="utf-8") as f:
            runs = [json.loads(line) for line in f if line.strip()]
        for r in runs:
            r.pop("model", None)
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in runs)
    out = tmp_path_factory.mktemp("report")
    p = subprocess.run([report, str(data), str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return out


@pytest.fixture(scope="module")
def facts(made):
    with open(made / "facts.json", encoding="utf-8") as f:
        return json.load(f)["facts"]


def value(facts, name):
    return facts[name]["value"]


def test_no_limiter_is_named_and_it_renders_strict(made, facts, tmp_path):
    assert value(facts, "limits.model_present") is False
    p = subprocess.run([sys.executable, RENDER, "--strict", str(made / "facts.json"),
                        os.path.join(ROOT, "reports", "templates"), str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    text = (tmp_path / "REPORT.md").read_text(encoding="utf-8")
    section = text.split("### What limits each variant", 1)[1].split("\n### ", 1)[0]
    assert "run them with `--model`" in section
    assert "| variant | limiter |" not in section
    measured = 0
    for w in value(facts, "workloads"):
        for v in value(facts, w + ".variants"):
            name = (w + "." + v).replace("-", "_")
            if value(facts, name + ".measured"):
                measured += 1
                assert value(facts, name + ".limiter") == "unmodelled"
    assert measured >= 2
    # No verdict reads "not determined", so the lesson does not say what it means.
    assert '"Not determined" is the verdict' not in text
    assert value(facts, "limits.colony.naive.modelled") is False
    assert value(facts, "colony.naive.measured") is True
    # The lesson words it by the keyword (macros.j2's limiter_sentence).
    said = text.split("Its limiter, by the rule below: ")[1].split("\n")[0]
    assert said.startswith("not modelled: the run carries no time model")
    assert "The model accounts for" not in text
