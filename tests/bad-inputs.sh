#!/usr/bin/env bash
# bad-inputs.sh HARNESS: every bad input of issue 17 that can be reproduced,
# each run in a fresh temporary folder that holds what the case needs (an
# earlier result, a device made with mknod, a FIFO, a symlink, a folder),
# printed as a markdown table: the case, the command, its exit status, what
# it printed on stderr, and whether what was there before is intact (the
# same bytes, the same device, the link still a link, nothing new where the
# command was refused). A last line counts the clean cases: the expected
# exit status, one line on stderr for a refusal, everything intact.
#
# Runs as root (mknod). Needs python3 for the closed-pipe cases. Every
# measured run is small (interp, n 1000, m 4, one repeat): the whole table
# takes about a minute.
set -u

H=${1:?usage: tests/bad-inputs.sh HARNESS [REPORT]}
H=$(cd "$(dirname "$H")" && pwd)/$(basename "$H")
[ -x "$H" ] || { echo "bad-inputs.sh: $H is not executable" >&2; exit 2; }
# The report program beside the harness (or REPORT), and the committed data
# its cases corrupt a copy of; its cases are left out without them.
RP=${2:-$(dirname "$H")/report}
# Absolute, as the harness's: each case runs in a folder of its own.
[ -e "$RP" ] && RP=$(cd "$(dirname "$RP")" && pwd)/$(basename "$RP")
DATA=$(cd "$(dirname "$0")/.." && pwd)/reports/data
ROOT=$(mktemp -d "${TMPDIR:-/tmp}/bad-inputs.XXXXXX")
# An immutable file (chattr +i) or a mount a case left would stop rm.
cleanup() {
	chattr -R -i "$ROOT" 2>/dev/null
	grep -o " $ROOT[^ ]*" /proc/mounts | while read -r m; do umount "$m"; done
	rm -rf "$ROOT"
}
trap cleanup EXIT

SMALL=(--n 1000 --m 4 --repeat 1 --warmup 0 --events none)
SENTINEL='{"previous": "result, must survive"}'
N=0
CLEAN=0

# What the folder holds: name, type, link target, device numbers, and a
# checksum of each regular file, one line an entry.
snapshot() {
	find . -mindepth 1 -printf '%P %y %l\n' | sort | while read -r name type rest; do
		case $type in
		f) echo "$name f $(md5sum <"$name" | cut -c1-32)" ;;
		c | b) echo "$name $type $(stat -c '%t:%T' "$name")" ;;
		*) echo "$name $type $rest" ;;
		esac
	done
}

# Setups: each makes what its case needs in the current folder.
s_none() { :; }
s_result() { echo "$SENTINEL" >r.json; }
s_sweep_sentinel() { echo "$SENTINEL" >out.jsonl; }
s_device() { mknod dev c 1 3; }
s_fifo() {
	mkfifo fifo
	(timeout 60 cat fifo >../fifo.read &)
	# A FIFO without a reader is refused: the reader first.
	sleep 0.3
}
s_symlink() {
	mkdir sub && echo "$SENTINEL" >sub/target.json
	ln -s sub/target.json link.json
}
s_dangling() { mkdir sub && ln -s sub/new.json link.json; }
s_loop() { ln -s loop loop; }
s_dir() { mkdir adir; }
s_file() { echo "$SENTINEL" >afile; }
s_earlier_sweep() {
	"$H" sweep --workload interp --variants fused "${SMALL[@]}" --out s \
		>/dev/null 2>&1
}
s_input() {
	"$H" run interp fused "${SMALL[@]}" --json in.json >/dev/null 2>&1
}
s_input_device() { s_input && s_device; }
s_input_file() { s_input && s_file; }
s_device_sweep() { mknod s.jsonl c 1 3; }
s_lone_csv() { echo "$SENTINEL" >s.csv; }
s_lone_gbench() { echo "$SENTINEL" >s.gbench.json; }
s_earlier_timelines() {
	mkdir tl && "$H" sweep --workload interp --variants fused "${SMALL[@]}" \
		--out s --timeline-dir tl >/dev/null 2>&1 && rm s.jsonl s.csv
}
s_result_alias() { s_result && ln -s r.json alias.json; }

# Checks: "yes" when what was there is intact (and, where the command was
# meant to write, what it wrote is where it belongs).
c_unchanged() { [ "$(snapshot)" = "$BEFORE" ] && echo yes || echo no; }
c_device() {
	[ -c dev ] && [ "$(stat -c '%t:%T' dev)" = "1:3" ] && echo yes || echo no
}
c_device_sweep() {
	[ -c s.jsonl ] && [ "$(stat -c '%t:%T' s.jsonl)" = "1:3" ] && echo yes || echo no
}
c_fifo() {
	sleep 0.2
	[ -p fifo ] && grep -q schema_version ../fifo.read && echo yes || echo no
}
c_symlink() {
	[ -L link.json ] && [ "$(readlink link.json)" = sub/target.json ] &&
		grep -q schema_version sub/target.json && echo yes || echo no
}
c_dangling() {
	[ -L link.json ] && grep -q schema_version sub/new.json && echo yes || echo no
}
c_stdout_json() {
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' stdout.json \
		2>/dev/null && echo yes || echo no
}
c_forced() {
	[ "$(md5sum <s.jsonl.1)" = "$(cat ../earlier.md5)" ] &&
		grep -q '"tiled"' s.jsonl && ! grep -q '"fused"' s.jsonl &&
		[ -f s.csv.1 ] && echo yes || echo no
}

# row NAME EXPECTED_EXIT SETUP CHECK STDOUT ARGS...: one case, one row.
# STDOUT is a file name, /dev/full, or "closed-pipe".
row() {
	local name=$1 want=$2 setup=$3 check=$4 out=$5 rc err lines intact ok
	shift 5
	local d="$ROOT/case$N" cmd
	case $1 in
	@report*) cmd="report$(printf ' %q' "${@:2}")" ;;
	*) cmd="harness$(printf ' %q' "$@")" ;;
	esac
	mkdir "$d" && cd "$d" || exit 1
	rm -f "$ROOT/fifo.read"
	$setup
	[ -f s.jsonl ] && md5sum <s.jsonl >../earlier.md5
	BEFORE=$(snapshot)
	case $out in
	closed-pipe)
		python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w).returncode)' "$H" "$@" 2>../err
		rc=$? ;;
	*)
		case $1 in
		@report) shift; "$RP" "$@" >"$out" 2>../err; rc=$? ;;
		@report-fake-gnuplot) shift; PATH="$PWD/bin:$PATH" "$RP" "$@" >"$out" 2>../err; rc=$? ;;
		*) "$H" "$@" >"$out" 2>../err; rc=$? ;;
		esac ;;
	esac
	intact=$($check)
	lines=$(wc -l <../err)
	err=$(tail -n 1 ../err | tr -d '\r' | sed 's/|/\\|/g')
	[ "$lines" -gt 1 ] && err="($lines lines; last) $err"
	ok=no
	if [ "$rc" = "$want" ] && [ "$intact" = yes ] &&
		{ [ "$want" = 0 ] || [ "$lines" = 1 ] || [ "$out" != ../out ]; }; then
		ok=yes
		CLEAN=$((CLEAN + 1))
	fi
	N=$((N + 1))
	printf '| %d | %s | `%s` | %s (want %s) | %s | %s | %s |\n' "$N" "$name" \
		"${cmd//|/\\|}" "$rc" "$want" "${err:-(none)}" "$intact" "$ok"
	cd "$ROOT" || exit 1
}

# A refused run: exit 2, the earlier r.json intact, nothing new.
bad_run() { row "$1" 2 s_result c_unchanged ../out run --json r.json "${@:2}"; }
bad_sweep() { row "$1" 2 s_sweep_sentinel c_unchanged ../out sweep --out out "${@:2}"; }

echo '| # | case | command | exit | stderr | intact | clean |'
echo '|---|---|---|---|---|---|---|'

# --- Issue 17's "Why": writers that replaced what they did not own.
row "json to a device (mknod c 1 3)" 0 s_device c_device ../out run interp fused "${SMALL[@]}" --json dev
row "timeline to a device" 0 s_device c_device ../out run interp fused "${SMALL[@]}" --timeline dev
row "convert --out a device" 0 s_input_device c_device ../out convert in.json --out dev
row "sweep whose PREFIX.jsonl is a device" 0 s_device_sweep c_device_sweep ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
row "json to a symlink" 0 s_symlink c_symlink ../out run interp fused "${SMALL[@]}" --json link.json
row "json to a FIFO" 0 s_fifo c_fifo ../out run interp fused "${SMALL[@]}" --json fifo
row "json to a dangling symlink" 0 s_dangling c_dangling ../out run interp fused "${SMALL[@]}" --json link.json
row "json to /dev/stdout, stdout a file" 0 s_none c_stdout_json stdout.json run interp fused "${SMALL[@]}" --json /dev/stdout
row "exec --json to a device" 0 s_device c_device ../out exec --json dev -- true
# --- Results lost after measuring, or refused too late.
row "sweep over an earlier sweep" 2 s_earlier_sweep c_unchanged ../out sweep --workload interp --variants tiled "${SMALL[@]}" --out s
row "sweep over an earlier sweep, --resume" 0 s_earlier_sweep c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --resume
row "sweep over an earlier sweep, --force" 0 s_earlier_sweep c_forced ../out sweep --workload interp --variants tiled "${SMALL[@]}" --out s --force
row "sweep --resume --force" 2 s_earlier_sweep c_unchanged ../out sweep --workload interp "${SMALL[@]}" --out s --resume --force
row "json to a directory" 2 s_dir c_unchanged ../out run interp fused "${SMALL[@]}" --json adir
row "timeline to a directory" 2 s_dir c_unchanged ../out run interp fused "${SMALL[@]}" --timeline adir
row "convert --out a directory" 2 s_input c_unchanged ../out convert in.json --out .
row "json in a missing folder" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json nodir/r.json
row "json under a regular file" 2 s_file c_unchanged ../out run interp fused "${SMALL[@]}" --json afile/r.json
row "timeline under a regular file" 2 s_file c_unchanged ../out run interp fused "${SMALL[@]}" --timeline afile/t.csv
row "json through a symlink loop" 2 s_loop c_unchanged ../out run interp fused "${SMALL[@]}" --json loop
row "json to /proc/version" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json /proc/version
[ -e /sys/kernel/mm/transparent_hugepage/enabled ] &&
	row "json to a sysfs setting" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json /sys/kernel/mm/transparent_hugepage/enabled
row "sweep over an earlier sweep's timelines" 2 s_earlier_timelines c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --timeline-dir tl
row "sweep over a lone PREFIX.csv" 2 s_lone_csv c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
row "sweep over a lone PREFIX.gbench.json" 2 s_lone_gbench c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
row "json empty" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json ''
row "timeline-dir missing" 2 s_none c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --timeline-dir /nonexistent
row "timeline-dir a file" 2 s_file c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --timeline-dir afile
row "sweep --out empty" 2 s_none c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out ''
row "sweep --out in a missing folder" 2 s_none c_unchanged ../out sweep --workload interp "${SMALL[@]}" --out nodir/s
row "sweep --out under a file" 2 s_file c_unchanged ../out sweep --workload interp "${SMALL[@]}" --out afile/s
row "convert --out under a file" 2 s_input_file c_unchanged ../out convert in.json --out afile/g.json
row "exec --json a directory" 2 s_dir c_unchanged ../out exec --json adir -- true
row "exec --timeline under a file" 2 s_file c_unchanged ../out exec --timeline afile/t.csv -- true
row "overhead --json a directory" 2 s_dir c_unchanged ../out overhead interp fused --n 1000 --json adir
# --- Two outputs that would replace one file, and names with no room for
# the temporary file beside them: refused before measuring.
LONG=$(printf 'a%.0s' $(seq 245))
row "json and csv to one file" 2 s_result c_unchanged ../out run interp fused "${SMALL[@]}" --json r.json --csv r.json
row "json and timeline, one a symlink to the other" 2 s_result_alias c_unchanged ../out run interp fused "${SMALL[@]}" --json r.json --timeline alias.json
row "json and csv both to stdout" 2 s_result c_unchanged ../out run interp fused "${SMALL[@]}" --json - --csv /dev/stdout
row "exec json and csv to one file" 2 s_result c_unchanged ../out exec --json r.json --csv ./r.json -- true
row "exec --allocator an unknown name" 2 s_result c_unchanged ../out exec --json r.json --allocator tcmalloc -- true
row "convert --out its own input" 2 s_input c_unchanged ../out convert in.json --out in.json
row "json name too long for its temporary file" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json "$LONG"
row "sweep prefix too long for its temporary file" 2 s_none c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out "${LONG:0:240}"
# --- Write errors are errors.
row "list > /dev/full" 1 s_none c_unchanged /dev/full list
row "list --smoke > /dev/full" 1 s_none c_unchanged /dev/full list --smoke
row "--help > /dev/full" 1 s_none c_unchanged /dev/full --help
row "--version > /dev/full" 1 s_none c_unchanged /dev/full --version
row "run --help > /dev/full" 1 s_none c_unchanged /dev/full run --help
row "sweep --help > /dev/full" 1 s_none c_unchanged /dev/full sweep --help
row "compare --help > /dev/full" 1 s_none c_unchanged /dev/full compare --help
row "run > /dev/full" 1 s_none c_unchanged /dev/full run interp fused "${SMALL[@]}"
row "run --json - > /dev/full" 1 s_none c_unchanged /dev/full run interp fused "${SMALL[@]}" --json -
row "list into a closed pipe" 1 s_none c_unchanged closed-pipe list
row "--help into a closed pipe" 1 s_none c_unchanged closed-pipe --help
row "run into a closed pipe" 1 s_none c_unchanged closed-pipe run interp fused "${SMALL[@]}"
# --- Bounds named, messages on stderr.
bad_run "--repeat 1e9" interp fused --repeat 1e9
bad_run "--repeat 1e30" interp fused --repeat 1e30
bad_run "--warmup 1e30" interp fused --warmup 1e30
bad_run "--timeline-interval 1e30" interp fused --timeline-interval 1e30
bad_run "--n 1e30" interp fused --n 1e30
bad_run "--m 1e30" interp fused --m 1e30
bad_run "--mem-limit 1e30" interp fused --mem-limit 1e30
bad_sweep "sweep --n 1e3,1e30" --workload interp --n 1e3,1e30
bad_sweep "sweep --repeat 1e9" --workload interp --repeat 1e9

# --- The earlier table (tests/integration/test_inputs.c): names, numbers,
# lists, options. Each with an earlier result at the output path.
row "unknown command" 2 s_none c_unchanged ../out nosuch
row "unknown option as a command" 2 s_none c_unchanged ../out --bogus
row "--version extra" 2 s_none c_unchanged ../out --version extra
row "ceilings --fault-ladder 0" 2 s_none c_unchanged ../out ceilings --fault-ladder 0
row "ceilings --fault-ladder 1.5" 2 s_none c_unchanged ../out ceilings --fault-ladder 1.5
row "ceilings --fault-ladder beyond the memory available" 2 s_none c_unchanged ../out ceilings --fault-ladder 4000
row "ceilings --fault-ladder without a value" 2 s_none c_unchanged ../out ceilings --fault-ladder
bad_run "unknown workload" nosuch fused
bad_run "unknown variant" interp nosuch
bad_run "variant of another workload" colony materialized
bad_run "no variant" interp
bad_run "extra argument" interp fused extra
for spec in "--n interp fused" "--m interp fused" "--g interp fused" \
	"--chunk interp chunked" "--tile interp tiled" "--steps colony fused"; do
	set -- $spec
	for v in 0 -5 abc 1e5x 1.5 99999999999999999999999 '' 0x10 ' 7'; do
		bad_run "$1 '$v'" "$2" "$3" "$1" "$v"
	done
done
for v in -5 abc 1e5x 1.5 99999999999999999999999 ''; do
	bad_run "--repeat '$v'" interp fused --repeat "$v"
done
bad_run "--warmup -1" interp fused --warmup -1
bad_run "--seed -1" interp fused --seed -1
for v in 0 nan -1; do bad_run "--min-time $v" interp fused --min-time "$v"; done
bad_run "--timeline-interval 0" interp fused --timeline-interval 0
for v in 0x1 ' 1' +1 inf; do bad_run "--min-time '$v'" interp fused --min-time "$v"; done
for v in 0x2 ' 5' +5 inf 1e400; do
	row "compare --threshold '$v'" 2 s_input c_unchanged ../out compare in.json in.json --threshold "$v"
done
for f in . /dev/zero; do
	row "compare OLD $f" 2 s_input c_unchanged ../out compare "$f" in.json
	row "convert $f" 2 s_none c_unchanged ../out convert "$f"
done
row "compare --alpha 0x0.1" 2 s_input c_unchanged ../out compare in.json in.json --alpha 0x0.1
bad_run "chunk above n (interp)" interp chunked --n 100 --chunk 1000
bad_run "chunk above n (colony)" colony chunked --n 100 --chunk 1000
bad_run "tile above n (interp)" interp tiled --n 100 --tile 1000
bad_run "tile above n (colony)" colony tiled --n 100 --tile 1000
bad_run "colony n 8" colony fused --n 8
bad_run "interp g 1" interp fused --g 1
bad_run "--preset foo" interp fused --preset foo
bad_run "--preset ''" interp fused --preset ''
bad_run "colony --preset" colony fused --preset seed
bad_run "colony --m" colony fused --m 4
bad_run "colony --g" colony fused --g 32
bad_sweep "sweep colony --m" --workload colony --m 4,8
bad_sweep "sweep colony --preset" --workload colony --preset seed
for v in 12Q 0 -1M M 17179869184G; do bad_run "--mem-limit $v" interp fused --mem-limit "$v"; done
for v in foo cycles,,instructions cycles, '' perf::cycles,nosuch::x; do
	bad_run "--events '$v'" interp fused --events "$v"
done
bad_run "--bogus" interp fused --bogus
bad_run "-x" interp fused -x
bad_run "-xy" interp fused -xy
bad_run "--help=1" interp fused --help=1
bad_run "--n without a value" interp fused --n
bad_run "--timeline -" interp fused --timeline -
bad_run "--timeline in a missing folder" interp fused --timeline /nonexistent/tl.csv
bad_run "--ceilings without --model" interp fused --ceilings /nonexistent/c.json
bad_run "--model --ceilings missing" interp fused --model --ceilings /nonexistent/c.json
bad_run "--model --ceilings not ceilings" interp fused --model --ceilings /etc/hostname
bad_sweep "sweep --ceilings without --model" --workload interp --ceilings /nonexistent/c.json
bad_sweep "sweep --model --ceilings missing" --workload interp --model --ceilings /nonexistent/c.json
bad_sweep "sweep unknown workload" --workload nosuch
bad_sweep "sweep unknown variant" --workload interp --variants fused,nope
bad_sweep "sweep --variants ," --workload interp --variants ,
for v in 1e3,abc 1e3,,1e4 ,1 1, '' 1e3,0; do
	bad_sweep "sweep --n '$v'" --workload interp --n "$v"
done
bad_sweep "sweep --m 4,1.5" --workload interp --m 4,1.5
bad_sweep "sweep --chunk 0" --workload interp --chunk 0
bad_sweep "sweep --tile 1e5x" --workload interp --tile 1e5x
bad_sweep "sweep --steps 1,2,-3" --workload colony --steps 1,2,-3
bad_sweep "sweep --g overflow" --workload interp --g 99999999999999999999999
bad_sweep "sweep chunk above n" --workload interp --n 100,1000 --chunk 1000
bad_sweep "sweep colony n 8" --workload colony --n 1000,8
bad_sweep "sweep --preset foo" --workload interp --preset foo
bad_sweep "sweep --events foo" --workload interp --events foo
bad_sweep "sweep --mem-limit 12Q" --workload interp --mem-limit 12Q
bad_sweep "sweep --repeat x" --workload interp --repeat x
bad_sweep "sweep --bogus" --workload interp --bogus
bad_sweep "sweep extra argument" --workload interp extra
bad_sweep "sweep --n without a value" --workload interp --n

# --- Issue 32: nothing hangs, nothing half-written, nothing invented.
# A FIFO output with no reader is refused before measuring (it would wait
# forever); an immutable target too (the rename would fail after the run).
s_fifo_alone() { mkfifo fifo; }
s_input_fifo() { s_input && mkfifo fifo; }
s_immutable() { echo "$SENTINEL" >o && chattr +i o; }
s_input_immutable() { s_input && s_immutable; }
row "json to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out run interp fused "${SMALL[@]}" --json fifo
row "timeline to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out run interp fused "${SMALL[@]}" --timeline fifo
row "gbench json to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out run interp fused "${SMALL[@]}" --format gbench --json fifo
row "csv to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out run interp fused "${SMALL[@]}" --csv fifo
row "exec --json to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out exec --json fifo -- true
row "exec --timeline to a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out exec --timeline fifo -- true
row "convert --out a FIFO with no reader" 2 s_input_fifo c_unchanged ../out convert in.json --out fifo
row "overhead --json a FIFO with no reader" 2 s_fifo_alone c_unchanged ../out overhead interp fused --n 1000 --json fifo
s_sweep_fifo() { mkfifo s.jsonl; }
row "sweep whose PREFIX.jsonl is a FIFO with no reader" 2 s_sweep_fifo c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
row "compare a FIFO with no writer" 2 s_input_fifo c_unchanged ../out compare fifo in.json
if chattr +i "$ROOT" 2>/dev/null && chattr -i "$ROOT"; then
	row "json to an immutable file" 2 s_immutable c_unchanged ../out run interp fused "${SMALL[@]}" --json o
	row "timeline to an immutable file" 2 s_immutable c_unchanged ../out run interp fused "${SMALL[@]}" --timeline o
	row "csv to an immutable file" 2 s_immutable c_unchanged ../out run interp fused "${SMALL[@]}" --csv o
	row "exec --json to an immutable file" 2 s_immutable c_unchanged ../out exec --json o -- true
	row "exec --timeline to an immutable file" 2 s_immutable c_unchanged ../out exec --timeline o -- true
	row "convert --out an immutable file" 2 s_input_immutable c_unchanged ../out convert in.json --out o
	row "overhead --json an immutable file" 2 s_immutable c_unchanged ../out overhead interp fused --n 1000 --json o
	s_sweep_immutable() { echo "$SENTINEL" >s.csv && chattr +i s.csv; }
	row "sweep whose PREFIX.csv is immutable" 2 s_sweep_immutable c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
	s_immutable_dir() { mkdir ro && chattr +i ro; }
	row "json in an immutable folder" 2 s_immutable_dir c_unchanged ../out run interp fused "${SMALL[@]}" --json ro/r.json
fi
# A sweep's timeline name taken by a folder: found before measuring, with
# --force and --resume too.
s_timeline_taken() {
	s_earlier_timelines && f=$(ls tl/*.csv) && rm "$f" && mkdir "$f"
}
row "sweep --force, a timeline's name a folder" 2 s_timeline_taken c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --timeline-dir tl --force
row "sweep --resume, a timeline's name a folder" 2 s_timeline_taken c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --timeline-dir tl --resume
# A sweep killed by SIGKILL leaves PREFIX.jsonl.tmp.XXXXXX: the next start
# removes it (and nothing else).
s_stale_tmp() {
	s_earlier_sweep && echo partial >s.jsonl.tmp.AbC123 &&
		echo partial >s.csv.tmp.zZ9y8X && echo keep >s.jsonl.tmp.notours
}
c_stale_removed() {
	[ ! -e s.jsonl.tmp.AbC123 ] && [ ! -e s.csv.tmp.zZ9y8X ] &&
		[ -e s.jsonl.tmp.notours ] && grep -q '"fused"' s.jsonl &&
		echo yes || echo no
}
row "sweep --resume after a SIGKILL left its temporary files" 0 s_stale_tmp c_stale_removed ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s --resume
# The lock is on the file, not the name: s.jsonl a link to t.jsonl, while
# a sweep to t holds its lock, a sweep to s is refused.
s_link_locked() {
	ln -s t.jsonl s.jsonl && : >t.jsonl.lock || return
	timeout 30 flock -x t.jsonl.lock sleep 20 >/dev/null 2>&1 &
	echo $! >../flock.pid
	sleep 0.3
}
c_link_locked() {
	kill "$(cat ../flock.pid)" 2>/dev/null
	[ "$(snapshot)" = "$BEFORE" ] && echo yes || echo no
}
command -v flock >/dev/null &&
	row "sweep to a link while a sweep to its target runs" 2 s_link_locked c_link_locked ../out sweep --workload interp --variants fused "${SMALL[@]}" --out s
# Readers validate: a result whose fields have the wrong type, a status or
# schema_version not this harness's, duplicate keys, an error deep in an
# indented object on its line; Google Benchmark times that are not times.
s_input_edit() {
	s_input && python3 - "$1" <<'PY'
import json, sys
r = json.load(open("in.json"))
case = sys.argv[1]
if case == "median": r["time_s"]["median"] = "x"
if case == "status": r["status"] = 7
if case == "params": r["params"] = "n=1000"
if case == "schema99": r["schema_version"] = 99
if case == "schema1": r["schema_version"] = 1
text = json.dumps(r, indent=2) + "\n"
if case == "dup": text = text.replace('"workload": "interp"', '"workload": "interp", "workload": "colony"', 1)
if case == "deep":
    lines = text.split("\n"); lines[len(lines) // 2 + 20] += " ,,"; text = "\n".join(lines)
open("bad.json", "w").write(text)
open("bad.jsonl", "w").write(json.dumps(r) + "\n")
PY
}
for c in median status params schema99 schema1 dup deep; do
	eval "s_bad_$c() { s_input_edit $c; }"
	row "compare a result: $c" 2 "s_bad_$c" c_unchanged ../out compare bad.json in.json
	row "convert a result: $c" 2 "s_bad_$c" c_unchanged ../out convert bad.json
done
row "sweep --resume over a result: median a string" 2 s_bad_median c_unchanged ../out sweep --workload interp --variants fused "${SMALL[@]}" --out bad --resume
s_gbench_edit() {
	s_input && "$H" convert in.json --out g.json && python3 - "$1" <<'PY'
import json, sys
g = json.load(open("g.json"))
e = [b for b in g["benchmarks"] if b.get("run_type") == "iteration"][0]
case = sys.argv[1]
if case == "string": e["real_time"] = "x"
if case == "negative": e["real_time"] = -5
if case == "unit": e["time_unit"] = "fortnights"
json.dump(g, open("bad.json", "w"), indent=2)
PY
}
for c in string negative unit; do
	eval "s_gb_$c() { s_gbench_edit $c; }"
	row "compare Google Benchmark JSON: real_time/unit $c" 2 "s_gb_$c" c_unchanged ../out compare bad.json g.json
done
# A pipe is read once: a FIFO with one writer that writes once.
s_input_pipe() {
	"$H" run interp fused --n 1000 --m 4 --repeat 5 --warmup 0 --events none \
		--json in.json >/dev/null 2>&1 && mkfifo p && (cat in.json >p &)
}
row "compare a pipe (read once)" 0 s_input_pipe c_unchanged ../out compare p in.json
# The smaller ones.
row "--json given twice" 2 s_none c_unchanged ../out run interp fused "${SMALL[@]}" --json a.json --json b.json
row "sweep --out given twice" 2 s_none c_unchanged ../out sweep --workload interp --out a --out b
row "convert --out given twice" 2 s_input c_unchanged ../out convert in.json --out a.json --out b.json
row "overhead --json given twice" 2 s_none c_unchanged ../out overhead interp fused --json a.json --json b.json
bad_run "--steps 1e9" colony fused --steps 1e9
bad_sweep "sweep --steps 1,1e9" --workload colony --steps 1,1e9
row "--plugin ''" 2 s_none c_unchanged ../out run --plugin '' interp fused
s_dir_d() { mkdir d; }
row "sweep --out d/" 2 s_dir_d c_unchanged ../out sweep --workload interp --out d/
row "sweep --out ." 2 s_none c_unchanged ../out sweep --workload interp --out .
s_input_repeat0() {
	"$H" run interp fused --n 1000 --m 4 --repeat 0 --warmup 0 --events none --json in.json >/dev/null 2>&1
}
c_gbench_real_time() {
	python3 -c 'import json, sys
b = json.load(open("g.json"))["benchmarks"]
sys.exit(0 if b and all(isinstance(e.get("real_time"), (int, float)) for e in b) else 1)' 2>/dev/null && echo yes || echo no
}
row "convert a --repeat 0 result: real_time there" 0 s_input_repeat0 c_gbench_real_time g.json convert in.json

# --- The report: a corrupt input refused (exit 2, its file and line), and
# its output all or nothing.
if [ -x "$RP" ] && [ -d "$DATA" ]; then
	s_data() { cp -r "$DATA" data && mkdir out; }
	s_data_ceilings() { s_data && sed -i '3s/$/ ,,/' data/ceilings.json; }
	s_data_cachesim() { s_data && sed -i '5s/$/ ,,/' "$(ls data/cachesim/*.json | head -1)"; }
	s_data_experiments() { s_data && printf 'a row without its tabs\n' >>data/experiments.tsv; }
	s_data_timeline() { s_data && sed -i '7s/.*/1,2,abc,4,5/' "$(ls data/timelines/*.csv | head -1)"; }
	s_data_explain() { s_data && echo '{"a": 1, "a": 2}' >"$(ls data/explain-*.json | head -1)"; }
	s_data_long_set() { s_data && cp data/interp-main.jsonl "data/$(printf '%0245d' 0).jsonl"; }
	for c in ceilings cachesim experiments timeline explain; do
		row "report: a corrupt $c" 2 "s_data_$c" c_unchanged ../out @report data out
	done
	row "report: a set's file name too long" 2 s_data_long_set c_unchanged ../out @report data out
	s_dangling_out() { s_data && ln -s nowhere/out outlink; }
	row "report: OUT_DIR a dangling link" 2 s_dangling_out c_unchanged ../out @report data outlink
	s_report_earlier() { s_data && "$RP" data out 2>/dev/null; }
	s_report_immutable() {
		s_report_earlier && chattr +i out/figures/fig-colony-memory.svg
	}
	c_report_immutable() {
		chattr -i out/figures/fig-colony-memory.svg
		[ "$(snapshot)" = "$BEFORE" ] && echo yes || echo no
	}
	row "report: a figure immutable (the earlier report kept)" 1 s_report_immutable c_report_immutable ../out @report data out
	s_report_gnuplot() {
		s_report_earlier && mkdir bin && printf '#!/bin/sh\nexit 1\n' >bin/gnuplot &&
			chmod +x bin/gnuplot
	}
	row "report: gnuplot fails (the earlier report kept)" 1 s_report_gnuplot c_unchanged ../out @report-fake-gnuplot data out
	# Into a file system too small for a second copy: exit 1, one line,
	# the earlier report byte for byte (mount needs root).
	s_report_small() {
		s_data && mkdir small && mount -t tmpfs -o size=4m tmpfs small &&
			"$RP" data small 2>/dev/null
	}
	c_report_small() {
		local same
		same=$([ "$(snapshot)" = "$BEFORE" ] && echo yes || echo no)
		umount small 2>/dev/null
		echo "$same"
	}
	mkdir "$ROOT/m" && mount -t tmpfs -o size=64k tmpfs "$ROOT/m" 2>/dev/null &&
		umount "$ROOT/m" &&
		row "report: a full file system (4 MiB tmpfs, an earlier report in it)" 1 s_report_small c_report_small ../out @report data small
fi

echo
echo "$CLEAN of $N cases clean (expected exit status, one line on stderr where refused, everything intact)."
[ "$CLEAN" = "$N" ]
