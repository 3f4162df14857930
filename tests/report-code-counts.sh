#!/bin/sh
# The report code's size and what is left in C that belongs elsewhere (issue 28):
# lines of C under reports/, of the rest of the report's code, of its templates,
# lines of C holding prose (a string literal of three words or more, comments
# stripped), result-field paths spelled as strings, and variant names spelled
# outside the registration, and how many kinds of fact the C computes (what
# a fact costs in C). Run from a checkout's root after `make`.
set -eu
cfiles=$(ls reports/*.c reports/*.h)
# strip: a file's C with its comments removed (the preprocessor's own
# reading of them), so that code lines are counted apart from comments.
strip() { gcc -fpreprocessed -dD -E -P "$1" 2>/dev/null; }
code=$(for f in $cfiles; do strip "$f"; done | grep -cv '^[[:space:]]*$')
blank=$(cat $cfiles | grep -c '^[[:space:]]*$')
echo "C lines under reports/: $(cat $cfiles | wc -l) ($code of code, $blank blank, the rest comments)"
other=$(ls reports/*.py reports/*.sh 2>/dev/null)
echo "report code in other languages, templates apart: $(cat $other | wc -l) ($(echo $other | tr '\n' ' '))"
echo "template lines: $(find reports/templates -type f | xargs cat | wc -l)"
# string-literal prose: a literal holding three words or more, comments stripped
prose=0; fields=0; variants=0
vnames=$(build/jemalloc/harness list 2>/dev/null | awk '/^  [a-z]/{print $1}' | sort -u)
# Without the harness there are no names to look for, and the count would
# read 0: refuse.
[ -n "$vnames" ] || { echo "report-code-counts.sh: build/jemalloc/harness list gave no variants: run make first" >&2; exit 2; }
keys="memory|time_s|steps_s|counters|model|cachesim|params|settings|derived|machine|conditions|result|validation|pmu|work|timeline|loops"
for f in reports/*.c; do
	p=$(strip "$f" | grep -cE '"[^"]*[A-Za-z]+[ ,;:]+[A-Za-z]+[ ,;:]+[A-Za-z]+[^"]*"' || true)
	prose=$((prose + p))
	# A literal that continues another string (after a macro or a literal,
	# `PART "cachesim.n"`, a fact's name part.W.cachesim.n) is not a path.
	k=$(strip "$f" | grep -oP "(?<![\\w\"] )(?<![\\w\"])\"($keys)\.[\\w.]+\"" | wc -l)
	fields=$((fields + k))
	case "$f" in reports/rp_workloads.c) continue ;; esac
	for v in $vnames; do
		n=$(strip "$f" | grep -oE "\"$v\"" | wc -l)
		variants=$((variants + n))
	done
done
echo "lines with string-literal prose (3+ words) in reports/*.c: $prose"
echo "field-path strings in reports/*.c: $fields"
echo "variant names spelled as literals in reports/*.c outside rp_workloads.c: $variants"
# The facts of the committed report, and their kinds: a name with each part
# that a list fact names (a workload, a variant, a JAX program, a piece of
# advice) or a table's rowK folded, so one kind is one thing the C computes
# for every variant, program or row.
python3 - "$(cat $cfiles | wc -l)" <<'EOF'
import json, re, sys
facts = json.load(open("reports/facts.json"))["facts"]
listed = set()
for fact in facts.values():
    if isinstance(fact.get("value"), list):
        for name in fact["value"]:
            if isinstance(name, str):
                listed.update((name, re.sub(r"[^A-Za-z0-9_.]", "_", name)))
kinds = {".".join("*" if p in listed or re.fullmatch(r"row[0-9]+", p) else p
                  for p in name.split(".")) for name in facts}
print("facts in reports/facts.json: %d, of %d kinds (%.1f lines of C a kind)"
      % (len(facts), len(kinds), int(sys.argv[1]) / len(kinds)))
EOF
