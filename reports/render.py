#!/usr/bin/python3
"""The report's second stage: the templates filled from the facts.

    render.py [--strict] FACTS_JSON TEMPLATES_DIR OUT_DIR
    render.py compare A_FACTS_JSON B_FACTS_JSON
    render.py stability FACTS_JSON FACTS_JSON...

Reads the facts that `report` computed from the data (facts.json: every
number and decision the report prints, named), fills REPORT.md.j2 of
TEMPLATES_DIR with them (Jinja2), and writes OUT_DIR/REPORT.md and
OUT_DIR/REPORT.html (CommonMark with GitHub's tables, by cmark-gfm, in
TEMPLATES_DIR/report.html.j2: heading ids as GitHub makes them, a linked
contents, sortable tables, figures as <figure> elements that load the SVG
beside the page). Where `report` left OUT_DIR/scripts.json (the data of
its figures), it also writes each figure's gnuplot script,
OUT_DIR/figures/NAME.gp, from TEMPLATES_DIR/figure.gp.j2; `report` then
runs gnuplot on them.

In a template a fact is printed by its name ({{ interp.fused.median }}
prints "680 ms"); its number is .value (null: None), its unit .unit, the
runs it came from .runs; fact("W.V.limiter") looks one up by a name made
in the template. A name that names no fact prints "n/a" and is listed on
stderr; with --strict it fails the render (exit 1): the tests render the
committed data's facts so.

`compare` prints the numeric facts of two facts files side by side with
their ratio (B over A), as `harness compare` does for results: two
machines' facts, or two data sets'.

`stability` reads the decisions of several facts files (the verdicts,
limiters and scaling words: facts named *.verdict, *.limiter, *.scaling,
but explain.py's sentences, explain.*) and prints, of each family, how
many are the same in every file, then each one that is not, its values in
the files' order and how many files agree with the most common: how far a
verdict holds from one `make report` to the next.

Exit status: 0 done, 1 a failure (a template error, a fact missing under
--strict, cmark-gfm missing or failing, a write error), 2 bad usage or a
facts file that cannot be read. Nothing is written unless both files
(and the scripts) were rendered; each is written to a temporary file
beside it and renamed.
Needs Debian's python3-jinja2 and cmark-gfm (harness/deps.sh).
"""

import html
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

EXIT_FAIL, EXIT_USAGE = 1, 2


class Missing:
    """A name that names no fact: prints "n/a", its value is None."""

    seen = []

    def __init__(self, path):
        self.path = path
        self.value, self.unit, self.text, self.runs = None, "", "n/a", []
        Missing.seen.append(path)

    def __getattr__(self, name):
        return Missing(self.path + "." + name)

    def __getitem__(self, name):
        return Missing(self.path + "." + str(name))

    def __str__(self):
        return "n/a"

    def __bool__(self):
        return False


class Fact:
    """One fact: printed as its text."""

    def __init__(self, d):
        self.value = d.get("value")
        self.unit = d.get("unit", "")
        self.text = d.get("text", "n/a")
        self.runs = d.get("runs", [])

    def __str__(self):
        return self.text


class Tree:
    """The facts by the parts of their dotted names."""

    def __init__(self, path=""):
        self._path = path
        self._kids = {}

    def _put(self, parts, fact):
        head = parts[0]
        if len(parts) == 1:
            self._kids[head] = fact
            return
        kid = self._kids.setdefault(head, Tree(self._path + head + "."))
        if isinstance(kid, Tree):
            kid._put(parts[1:], fact)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._kids:
            return self._kids[name]
        return Missing(self._path + name)

    __getitem__ = __getattr__

    def __str__(self):
        return "n/a"


def clean_name(name):
    """A name as facts are named: '-' and any other sign to '_'."""
    return re.sub(r"[^A-Za-z0-9_.]", "_", name)


def load_facts(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or doc.get("schema") != "fusebench-facts":
        raise ValueError("not a fusebench facts file")
    if doc.get("version") != 1:
        raise ValueError("facts version %r (this renderer reads 1)"
                         % doc.get("version"))
    facts = doc.get("facts")
    if not isinstance(facts, dict):
        raise ValueError("no facts object")
    return doc


def context(doc):
    tree = Tree()
    for name, d in doc["facts"].items():
        tree._put(name.split("."), Fact(d))
    ctx = {k: v for k, v in tree._kids.items()}
    ctx["report"] = {"data": doc.get("data", "")}

    def fact(name):
        node = tree
        for part in clean_name(name).split("."):
            node = getattr(node, part)
        return node

    ctx["fact"] = fact
    return ctx


def render_markdown(templates, ctx, figures=None):
    """REPORT.md; figures (figure_env, made here when None) gives the
    captions their titles."""
    import jinja2

    class TopMissing(jinja2.StrictUndefined):
        """A top-level name that names no fact: as Missing."""

        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return Missing(self._undefined_name + "." + name)

        __getitem__ = __getattr__

        def __str__(self):
            Missing.seen.append(self._undefined_name)
            return "n/a"

        def __bool__(self):
            return False

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        undefined=TopMissing,
        keep_trailing_newline=True,
        trim_blocks=True,
        autoescape=False,
    )
    figures = figures or figure_env(templates)
    env.globals["figure_title"] = lambda name: figure_title(figures, name)
    return env.get_template("REPORT.md.j2").render(**ctx)


def slug(text, used):
    """A heading's id as GitHub makes it (see reports/templates)."""
    s = "".join(c.lower() if c.isalnum() or c in "-_" else
                "-" if c == " " else "" for c in text)
    n = used.get(s, 0)
    used[s] = n + 1
    return s if n == 0 else "%s-%d" % (s, n)


def html_body(md):
    out = subprocess.run(
        ["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink",
         "-e", "strikethrough"],
        input=md.encode("utf-8"), capture_output=True, check=True)
    body = out.stdout.decode("utf-8")
    used, heads = {}, []

    def heading(m):
        level, inner = m.group(1), m.group(2)
        text = html.unescape(re.sub(r"<[^>]+>", "", inner))
        ident = slug(text, used)
        heads.append((int(level), ident, text))
        return '<h%s id="%s">%s</h%s>' % (level, ident, inner, level)

    body = re.sub(r"<h([1-6])>(.*?)</h\1>", heading, body)
    body = re.sub(r'<p><img src="([^"]+)" alt="([^"]*)" /></p>',
                  r'<figure><img src="\1" alt="\2" /></figure>', body)
    return body, heads


def contents(heads):
    """The linked contents: level 2 headings, and level 3 after the
    notebook's own heading (where its sections are)."""
    lines, notebook, open3 = ['<nav id="contents"><h2>Contents</h2>',
                              "<ul>"], False, False
    for level, ident, text in heads:
        if level == 2 or (level == 3 and notebook):
            if level == 2 and open3:
                lines.append("</ul></li>")
                open3 = False
            if level == 3 and not open3:
                if lines[-1].endswith("</li>"):
                    lines[-1] = lines[-1][:-5]
                lines.append("<ul>")
                open3 = True
            lines.append('<li><a href="#%s">%s</a></li>'
                         % (ident, html.escape(text)))
            notebook = notebook or text == "Lab notebook"
    if open3:
        lines.append("</ul></li>")
    lines.append("</ul></nav>")
    return "\n".join(lines)


def render_html(templates, md):
    import jinja2

    body, heads = html_body(md)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates),
                             autoescape=False, keep_trailing_newline=True)
    return env.get_template("report.html.j2").render(
        body=body, contents=contents(heads))


def figure_env(templates):
    """The figures' templates: templates/figures/NAME.gp.j2, each a
    figure's words on the layout of figure.gp.j2 (which says what a figure
    sets), and a decoration's, figures/KIND.gp.j2. A template prints a
    number x by printf's rules as x|num("%.4g") (null: nan), and words
    inside gnuplot's quotes as w|quoted('"') or w|quoted("'"), so that a
    quote or backslash in a title is printed, not read as syntax."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates),
                             undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True, trim_blocks=True,
                             autoescape=False)
    env.filters["num"] = lambda x, spec: "nan" if x is None else spec % x
    env.filters["quoted"] = gnuplot_quoted
    return env


def gnuplot_quoted(words, quote):
    """words as they stand inside gnuplot's quote: in '...' a quote is
    doubled and nothing else is special; in "..." a backslash and a
    quote are escaped with a backslash."""
    if quote == "'":
        return str(words).replace("'", "''")
    return str(words).replace("\\", "\\\\").replace('"', '\\"')


def figure_script(env, plot):
    """A figure's gnuplot script from its entry in scripts.json
    (rp_figure.h): its template, figures/SCRIPT.gp.j2, filled with its
    name, its blocks, and pre, post, prefix and suffix, the macros of its
    decoration's template, figures/KIND.gp.j2, on its numbers (refs)."""
    refs = plot["refs"]
    deco = env.get_template("figures/%s.gp.j2" % refs["kind"]).module \
        if refs and "kind" in refs else None
    parts = {part: str(getattr(deco, part)(refs)) if deco else ""
             for part in ("pre", "post", "prefix", "suffix")}
    script = env.get_template("figures/%s.gp.j2" % plot["script"])
    return script.render(name=plot["name"], refs=refs,
                         blocks=plot["blocks"], **parts)


def figure_title(env, name):
    """The title a figure's template gives it (the caption's alt text)."""
    return env.get_template("figures/%s.gp.j2" % name) \
        .make_module({"name": name, "refs": None, "blocks": [], "pre": "",
                      "post": "", "prefix": "", "suffix": ""}).title


def render_scripts(env, scripts_path):
    """The figures' gnuplot scripts, (NAME.gp, text), from the data that
    `report` wrote to scripts.json; env is figure_env's."""
    import jinja2

    with open(scripts_path, encoding="utf-8") as f:
        plots = json.load(f)
    out = []
    for plot in plots:
        try:
            out.append((plot["name"] + ".gp", figure_script(env, plot)))
        except jinja2.TemplateError as e:  # say which figure
            e.args = ("figure %s: %s" % (plot["name"], e),) + e.args[1:]
            raise
    return out


def template_line(e):
    """"FILE:LINE: " of the template where error e arose (a syntax error
    says it; at run time, the innermost template frame of its traceback,
    as Jinja rewrites it), or ""."""
    if getattr(e, "filename", None):
        return "%s:%s: " % (e.filename, e.lineno)
    where, tb = "", e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            where = "%s:%d: " % (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return where


def write_atomic(path, text):
    """text to path through a temporary file beside it, renamed over it;
    a symbolic link is followed to its target, whose mode is kept."""
    path = os.path.realpath(path)
    folder = os.path.dirname(path) or "."
    mode = 0o644
    if os.path.exists(path):
        st = os.stat(path)
        mode = st.st_mode & 0o7777
    fd, tmp = tempfile.mkstemp(prefix=".render-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        return tmp
    except BaseException:
        os.unlink(tmp)
        raise


def named_facts(path):
    """load_facts(path)["facts"], an error naming path."""
    try:
        return load_facts(path)["facts"]
    except ValueError as e:
        raise ValueError("%s: %s" % (path, e)) from None


def compare(a_path, b_path):
    a, b = named_facts(a_path), named_facts(b_path)
    width = max([len(k) for k in a] + [4])
    print("%-*s  %14s  %14s  %8s" % (width, "fact", "A", "B", "B/A"))
    for name in sorted(set(a) | set(b)):
        fa, fb = a.get(name, {}), b.get(name, {})
        va, vb = fa.get("value"), fb.get("value")
        if not isinstance(va, (int, float)) and \
                not isinstance(vb, (int, float)):
            if va != vb and (name in a and name in b):
                print("%-*s  %14s  %14s  %8s" % (width, name, fa.get(
                    "text", "-"), fb.get("text", "-"), "differs"))
            continue
        ratio = "-"
        if isinstance(va, (int, float)) and isinstance(vb, (int, float)) \
                and not isinstance(va, bool) and va != 0:
            ratio = "%.3gx" % (vb / va)
        print("%-*s  %14s  %14s  %8s" % (width, name, fa.get("text", "-"),
                                         fb.get("text", "-"), ratio))
    return 0


def decision_family(name, value):
    """The family of a decision fact ("advice", "advice side", "limiter",
    "scaling", "other"), or None for a fact that is not a decision."""
    parts = name.split(".")
    if not isinstance(value, str) or parts[0] == "explain" or \
            parts[-1] not in ("verdict", "limiter", "scaling"):
        return None
    if parts[0] == "advice":
        return "advice" if len(parts) == 3 else "advice side"
    return {"limiter": "limiter", "scaling": "scaling"}.get(parts[-1],
                                                             "other")


def stability(paths):
    files = [named_facts(p) for p in paths]
    names = sorted({n for f in files for n, fact in f.items()
                    if decision_family(n, fact.get("value"))})
    same, total, rows = {}, {}, []
    for name in names:
        # A value that is not a decision's word (a number in one file)
        # counts as its text, so that it differs and prints.
        values = [f.get(name, {}).get("value") for f in files]
        values = [v if v is None or isinstance(v, str) else json.dumps(v)
                  for v in values]
        family = decision_family(name, next(v for v in values
                                            if isinstance(v, str)))
        total[family] = total.get(family, 0) + 1
        top = max(values.count(v) for v in values)
        if top == len(values):
            same[family] = same.get(family, 0) + 1
        else:
            rows.append((name, values, top))
    print("%d facts files, %d decisions: %d the same in all (%s)" % (
        len(files), len(names), sum(same.values()), "; ".join(
            "%s %d of %d" % (k, same.get(k, 0), total[k])
            for k in sorted(total))))
    for name, values, top in rows:
        print("%s: %s (%d of %d agree)" % (name, ", ".join(
            v if v is not None else "-" for v in values), top, len(values)))
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "stability":
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        try:
            return stability(argv[1:])
        except (OSError, ValueError) as e:
            print("render: %s" % e, file=sys.stderr)
            return EXIT_USAGE
    if len(argv) == 3 and argv[0] == "compare":
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # | head ends it
        try:
            return compare(argv[1], argv[2])
        except (OSError, ValueError) as e:
            print("render: %s" % e, file=sys.stderr)
            return EXIT_USAGE
    strict = bool(argv) and argv[0] == "--strict"
    if strict:
        argv = argv[1:]
    if len(argv) != 3:
        print("usage: render.py [--strict] FACTS_JSON TEMPLATES_DIR OUT_DIR"
              "\n       render.py compare A_FACTS_JSON B_FACTS_JSON"
              "\n       render.py stability FACTS_JSON FACTS_JSON...",
              file=sys.stderr)
        return EXIT_USAGE
    facts_path, templates, out = argv
    try:
        doc = load_facts(facts_path)
    except (OSError, ValueError) as e:
        print("render: %s: %s" % (facts_path, e), file=sys.stderr)
        return EXIT_USAGE
    try:
        import jinja2  # noqa: F401
    except ImportError:
        print("render: python3-jinja2 is not installed (apt-get install "
              "python3-jinja2, or make deps)", file=sys.stderr)
        return EXIT_FAIL
    tmps = []
    try:
        ctx = context(doc)
        figure_templates = figure_env(templates)
        md = render_markdown(templates, ctx, figure_templates)
        missing = sorted(set(Missing.seen))
        if missing:
            print("render: %d names name no fact (printed n/a): %s"
                  % (len(missing), ", ".join(missing[:20])),
                  file=sys.stderr)
            if strict:
                return EXIT_FAIL
        page = render_html(templates, md)
        scripts = os.path.join(out, "scripts.json")
        figures = render_scripts(figure_templates, scripts) \
            if os.path.exists(scripts) else []
        if not os.path.isdir(out):
            os.mkdir(out)
        if figures:
            os.makedirs(os.path.join(out, "figures"), exist_ok=True)
        files = [("REPORT.md", md), ("REPORT.html", page)] + \
            [(os.path.join("figures", name), text) for name, text in figures]
        for name, text in files:
            path = os.path.join(out, name)
            tmps.append((write_atomic(path, text), os.path.realpath(path)))
        for tmp, path in tmps:
            os.replace(tmp, path)
        tmps = []
    except FileNotFoundError as e:
        print("render: %s: %s" % (e.filename, e.strerror), file=sys.stderr)
        return EXIT_FAIL
    except subprocess.CalledProcessError as e:
        print("render: cmark-gfm failed: %s"
              % e.stderr.decode("utf-8", "replace").strip(), file=sys.stderr)
        return EXIT_FAIL
    except OSError as e:
        print("render: %s" % e, file=sys.stderr)
        return EXIT_FAIL
    except Exception as e:  # a template's error: its file and line
        print("render: %s%s: %s" % (template_line(e), type(e).__name__,
                                    " ".join(str(e).split())),
              file=sys.stderr)
        return EXIT_FAIL
    finally:
        for tmp, _ in tmps:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
