#!/usr/bin/python3
"""Timelines kept at the figure's resolution.

    thin-timelines.py TIMELINES_DIR

A sweep's --timeline-dir keeps every 1 ms sample of every run (about
40,000 lines a variant at the report's sizes). The report reads only the
first run's (run 0) samples and the last sample before it, and draws them
as at most 600 bucket maxima (reports/rp_figure.c, TIMELINE_POINTS). This
rewrites each CSV in place to what the figure reads: the last run -1 row
before run 0, then run 0's samples in the figure's buckets, each bucket
as two rows at its first sample's time: its largest and its smallest live
bytes (and RSS). The figure then draws the same maxima above the same
lowest value, and its buckets fall on the pairs; the run's peak and
timings stay in the result's JSON ("timeline" member). A run 0 of at
most 2 x 600 rows keeps its rows as they are, but the samples of the
other runs and between them (the time model's and profile's work after
the runs: 38,000 rows for gram's 5 ms runs) go all the same; a line that
is not a sample stops the thinning of that file (it is left whole, and
the file named).
"""
import os
import sys

POINTS = 600  # reports/rp_figure.c TIMELINE_POINTS


def thin(path):
    with open(path, encoding="ascii") as f:
        lines = f.read().splitlines()
    header, rows, before = lines[0], [], None
    for line in lines[1:]:
        parts = line.split(",")
        if len(parts) != 5:
            raise ValueError("%s: not a timeline sample: %r" % (path, line))
        run = int(parts[1])
        if run == -1 and not rows:
            before = line
        elif run == 0:
            rows.append(parts)
    out = [header] + ([before] if before is not None else [])
    if len(rows) <= 2 * POINTS:  # the run's own rows, as they are
        out += [",".join(p) for p in rows]
    else:
        step = (len(rows) + POINTS - 1) // POINTS
        for j in range(0, len(rows), step):
            bucket = rows[j:j + step]
            hi = max(bucket, key=lambda p: float(p[3]))
            lo = min(bucket, key=lambda p: float(p[3]))
            for p in (hi, lo):
                out.append(",".join([bucket[0][0], "0", p[2], p[3], p[4]]))
    if len(out) == len(lines):
        return False
    tmp = path + ".thin"
    with open(tmp, "w", encoding="ascii") as f:
        f.write("\n".join(out) + "\n")
    os.replace(tmp, path)
    return True


def main(argv):
    if len(argv) != 1 or not os.path.isdir(argv[0]):
        print("usage: thin-timelines.py TIMELINES_DIR", file=sys.stderr)
        return 2
    rc = 0
    for name in sorted(os.listdir(argv[0])):
        if name.endswith(".csv"):
            try:
                thin(os.path.join(argv[0], name))
            except (ValueError, OSError) as e:
                print("thin-timelines: %s" % e, file=sys.stderr)
                rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
