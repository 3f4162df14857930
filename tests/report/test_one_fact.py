"""One quantity, one name: the report prints each measured figure from one
fact.

A figure copied under a second name (a section's own fact for a number
another section already names) can drift from its original: two sections
then print two values for one quantity. Only the renderer knows which
names the templates printed, so this test renders the templates from the
committed data's facts with the printing recorded, and fails where two
printed facts of a figure's unit (a time, bytes, a ratio, a share) hold the
same value over the same runs under different names, unless the two names
are two quantities by definition that happen to be equal here (the pairs
below, each with why).

Run by `make test-templates` with FB_REPORT set (tests/report).
"""
import copy
import json
import os
import sys

import pytest

from test_templates import ROOT, TEMPLATES, made  # noqa: F401 (fixture)

sys.path.insert(0, os.path.join(ROOT, "reports"))
import render  # noqa: E402

UNITS = ("s", "B", "x", "share")

# Last parts of two names that are two quantities by definition, equal on
# some data: a model beside the measurement it predicts, a range's ends of
# one sample, one thread beside T threads, a call beside a step (a call of
# one step), XLA's temporaries beside the working bytes (the same for a
# jitted program, not for an un-jitted one), a cold run beside the timed
# runs, the threads' peaks beside the sampled lower bound, XLA's count
# priced with the pages kept beside by default (the same where the
# temporaries fault nothing).
DISTINCT = {frozenset(p) for p in [
    ("model", "peak"), ("formula_model", "peak"),
    ("model_first", "workspace_first"), ("model_last", "workspace_last"),
    ("model_first", "workspace_last"), ("model_last", "workspace_first"),
    ("model_first", "model_last"), ("workspace_first", "workspace_last"),
    ("peak_first", "workspace_first"), ("peak_last", "workspace_last"),
    ("lower_last", "model_last"), ("model_ratio", "peak_ratio"),
    ("hi", "lo"), ("hi", "time"), ("lo", "time"),
    ("cold", "median"), ("cold", "measured"),
    ("per_step", "warm"), ("unit_hi", "warm_hi"), ("unit_lo", "warm_lo"),
    ("temp", "work"), ("kept_predicted", "predicted"),
]}

# Sections whose templates are not yet reduced to one name a quantity
# (reports/templates/notebook/limits.md.j2 prints its own copies of its
# pairs' terms, and the speed lesson copies of one variant's prediction):
# named so that a new duplicate elsewhere still fails.
PENDING = ("limits.",)

# A fact made without runs that prints a run's value is a copy of it,
# except these: the advice's figures and explain's files (their facts name
# no runs yet: rp_advice.c, rp_explain.c, advice/words.j2 and explain.j2
# print them), the questions' own figures (not measured), and a timeline's
# sampled largest live bytes (another measurement than the allocator's
# peak, equal where the sampler caught the peak).
UNRUN = ("advice.", "explain.", "limits.", "question.")
UNRUN_LEAVES = ("largest",)


def printed_facts(doc, templates):
    """The names of the facts a render of templates prints, and the page."""
    names = set()
    put, show = render.Tree._put, render.Fact.__str__

    def named_put(self, parts, fact):
        fact.name = self._path + ".".join(parts)
        return put(self, parts, fact)

    def recorded(self):
        names.add(self.name)
        return self.text

    render.Tree._put, render.Fact.__str__ = named_put, recorded
    try:
        md = render.render_markdown(str(templates), render.context(doc))
    finally:
        render.Tree._put, render.Fact.__str__ = put, show
    return names, md


def leaf(name):
    return name.rsplit(".", 1)[-1]


def duplicates(doc, names):
    """Pairs of printed names holding one quantity: same unit, same value,
    the same runs; or a fact made without runs holding a run's value."""
    facts = doc["facts"]
    groups = {}
    for n in sorted(names):
        f = facts[n]
        if f.get("unit") not in UNITS or not f.get("runs") or \
                not isinstance(f.get("value"), (int, float)) or f["value"] == 0:
            continue
        key = (f["unit"], f["value"], tuple(sorted(f["runs"])))
        groups.setdefault(key, []).append(n)
    out = []
    by_value = {}
    for n in sorted(names):
        f = facts[n]
        if f.get("unit") in UNITS and isinstance(f.get("value"), (int, float)) \
                and f["value"] != 0 and f.get("runs"):
            by_value.setdefault((f["unit"], f["value"]), []).append(n)
    for n in sorted(names):
        f = facts[n]
        if f.get("unit") not in UNITS or f.get("runs") or \
                not isinstance(f.get("value"), (int, float)) or f["value"] == 0 or \
                n.startswith(UNRUN) or leaf(n) in UNRUN_LEAVES:
            continue
        for m in by_value.get((f["unit"], f["value"]), []):
            out.append((n, m, f["text"]))
    for group in groups.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if frozenset((leaf(a), leaf(b))) in DISTINCT or \
                        a.startswith(PENDING) or b.startswith(PENDING):
                    continue
                out.append((a, b, facts[a]["text"]))
    return out


def load(made):  # noqa: F811
    with open(made / "facts.json", encoding="utf-8") as f:
        return json.load(f)


def test_one_quantity_is_printed_under_one_name(made):  # noqa: F811
    doc = load(made)
    names, md = printed_facts(doc, TEMPLATES)
    assert len(names) > 1000, "the render printed almost no facts"
    assert md == (made / "REPORT.md").read_text()
    dups = duplicates(doc, names)
    assert not dups, "one quantity, two names: " + "; ".join(
        "%s and %s (%s)" % d for d in dups[:10])


def test_a_ratio_copied_under_a_second_name_fails(made, tmp_path):  # noqa: F811
    """The lesson printing a copy of Table 3's speed-up (the duplicate this
    report had: lesson.speed.fused_over_naive beside part.colony.fused.speedup)
    is caught, with its runs or without them."""
    doc = copy.deepcopy(load(made))
    original = doc["facts"]["part.colony.fused.speedup"]
    doc["facts"]["lesson.speed.copied_speedup"] = copy.deepcopy(original)
    unrun = copy.deepcopy(original)
    unrun["runs"] = []
    doc["facts"]["lesson.speed.unrun_speedup"] = unrun
    t = tmp_path / "templates"
    import shutil
    shutil.copytree(TEMPLATES, t)
    with open(t / "lesson" / "speed.md.j2", "a", encoding="utf-8") as f:
        f.write("Fused is {{ lesson.speed.copied_speedup }} faster.\n"
                "Again {{ lesson.speed.unrun_speedup }}.\n")
    names, md = printed_facts(doc, t)
    assert "Fused is %s faster." % original["text"] in md
    dups = duplicates(doc, names)
    assert ("lesson.speed.copied_speedup", "part.colony.fused.speedup",
            original["text"]) in dups, dups
    # The same copy made without its runs is a copy too.
    assert ("lesson.speed.unrun_speedup", "part.colony.fused.speedup",
            original["text"]) in dups, dups
