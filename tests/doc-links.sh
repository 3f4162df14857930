#!/bin/sh
# doc-links.sh [FILE.md ...]: every relative link in the documentation
# resolves. Default files: README.md and docs/*.md, from the repository root.
#
# A link is the target of `](TARGET)` outside code (fenced blocks and lines
# indented by four spaces or a tab are skipped). Links with a scheme
# (https:, mailto:) are not checked. A path is resolved from the folder of
# the file that holds it and must exist; a #fragment on a Markdown file must
# be one of its headings' anchors as GitHub makes them (lower case, spaces
# to hyphens, punctuation dropped, -1, -2 ... for repeats).
#
# Prints one line per broken link (FILE: TARGET: why) and exits 1 if there
# is any, 0 otherwise.
set -u
cd "$(dirname "$0")/.." || exit 2
[ $# -gt 0 ] || set -- README.md docs/*.md
set -f

# The links of a Markdown file, one target a line.
links() {
	awk '
	/^[ \t]*```/ { fence = !fence; next }
	fence || /^(    |\t)/ { next }
	{
		line = $0
		while ((i = index(line, "](")) > 0) {
			line = substr(line, i + 2)
			j = index(line, ")")
			if (j == 0)
				break
			print substr(line, 1, j - 1)
			line = substr(line, j + 1)
		}
	}' "$1"
}

# The heading anchors of a Markdown file, one a line.
anchors() {
	awk '
	/^[ \t]*```/ { fence = !fence; next }
	fence || !/^#+ / { next }
	{
		s = $0
		sub(/^#+ +/, "", s)
		sub(/ +#* *$/, "", s)
		s = tolower(s)
		gsub(/[^a-z0-9 _-]/, "", s)
		gsub(/ /, "-", s)
		if (s in seen)
			print s "-" seen[s]++
		else {
			print s
			seen[s] = 1
		}
	}' "$1"
}

bad=0
for f in "$@"; do
	dir=$(dirname "$f")
	for t in $(links "$f"); do
		case $t in
		*:*) continue ;;
		esac
		path=${t%%#*}
		frag=
		case $t in
		*'#'*) frag=${t#*#} ;;
		esac
		if [ -z "$path" ]; then
			target=$f
		else
			target=$dir/$path
		fi
		if [ ! -e "$target" ]; then
			echo "doc-links: $f: $t: no such file $target" >&2
			bad=1
			continue
		fi
		if [ -n "$frag" ]; then
			case $target in
			*.md)
				if ! anchors "$target" | grep -qxF -- "$frag"; then
					echo "doc-links: $f: $t: no heading with anchor #$frag in $target" >&2
					bad=1
				fi
				;;
			esac
		fi
	done
done
[ "$bad" = 0 ] && echo "doc-links: every relative link in $# files resolves"
exit "$bad"
