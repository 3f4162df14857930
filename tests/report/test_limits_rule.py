"""What limits each variant by the discriminators' rule: the section's
path for data without the time model (the committed data has it, so the
other tests never reach this one). The committed data less every run's
model.* goes through the report program; its facts must render with
--strict and agree with the rest of the report."""
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


def test_the_rule_path_is_taken_and_renders_strict(made, facts, tmp_path):
    assert value(facts, "limits.model_present") is False
    p = subprocess.run([sys.executable, RENDER, "--strict", str(made / "facts.json"),
                        os.path.join(ROOT, "reports", "templates"), str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    text = (tmp_path / "REPORT.md").read_text(encoding="utf-8")
    section = text.split("### What limits each variant", 1)[1].split("\n### ", 1)[0]
    assert "One rule decides" in section
    # one row a variant, each with the verdict every other section prints
    for w in value(facts, "workloads"):
        for v in value(facts, w + ".variants"):
            name = (w + "." + v).replace("-", "_")
            assert f"| {w}/{v} |" in section
            if value(facts, name + ".measured"):
                assert value(facts, "limits." + name + ".limiter") == \
                    value(facts, name + ".limiter")
                row = f"| {w}/{v} | **{facts[name + '.limiter']['text']}** |"
                assert row in section
                # the bytes moved against the ceiling the rule read, as the
                # one bandwidth rule prints it
                level = value(facts, "limits." + name + ".level")
                ceiling = facts["limits." + name + ".ceiling"]["text"]
                assert f"the {level} triad on one core" in ceiling
                line = section.split(row, 1)[1].split("\n", 1)[0]
                assert f" of {ceiling} |" in line


def test_the_fault_cost_and_the_triads_are_the_ceilings(facts):
    with open(os.path.join(ROOT, "reports", "data", "ceilings.json"), encoding="utf-8") as f:
        ceilings = json.load(f)
    assert value(facts, "limits.fault.ceiling") == pytest.approx(ceilings["minor_fault_s"])
    keys = {"L1": "l1_bytes_per_s", "L2": "l2_bytes_per_s", "L3": "l3_bytes_per_s",
            "DRAM": "triad_bytes_per_s"}
    seen = set()
    for w in value(facts, "workloads"):
        for v in value(facts, w + ".variants"):
            name = "limits." + (w + "." + v).replace("-", "_")
            if value(facts, (w + "." + v).replace("-", "_") + ".measured"):
                level = value(facts, name + ".level")
                assert value(facts, name + ".ceiling") == \
                    pytest.approx(ceilings[keys[level]])
                seen.add(level)
    assert len(seen) >= 2, "the data's variants sit in more than one level"


def test_the_chunk_sweep_is_in_order_and_its_rise_is_between_neighbours(facts):
    assert value(facts, "limits.chunked.measured") is True
    points = value(facts, "limits.chunked.points")
    b = [value(facts, f"limits.chunked.p{k}.b") for k in points]
    t = [value(facts, f"limits.chunked.p{k}.median") for k in points]
    assert len(b) >= 2 and b == sorted(b)
    rises = [t[k + 1] / t[k] for k in range(len(t) - 1)]
    assert value(facts, "limits.chunked.rise") == pytest.approx(max(rises))
    k = rises.index(max(rises))
    assert value(facts, "limits.chunked.rise_from") == b[k]
    assert value(facts, "limits.chunked.rise_to") == b[k + 1]
