"""reports/thin-timelines.py: a timeline kept as the figure reads it.

The figure reads the last sample before the first run (run -1) and the
first run's (run 0) samples; everything else in a --timeline-dir CSV (the
other runs, and the time model's and profile's work between and after
them, tens of thousands of 1 ms rows) is not committed.
"""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
THIN = os.path.join(ROOT, "reports", "thin-timelines.py")
HEADER = "t_s,run,step,live_bytes,rss_bytes"


def row(t, run, live):
    return "%.6f,%d,0,%d,%d" % (t, run, live, 4096 + live)


def thin(tmp_path, rows):
    d = tmp_path / "tl"
    d.mkdir()
    f = d / "a.csv"
    f.write_text("\n".join([HEADER] + rows) + "\n")
    p = subprocess.run([sys.executable, THIN, str(d)], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    return f.read_text().splitlines()


def test_a_short_first_run_keeps_its_rows_and_nothing_after(tmp_path):
    before = [row(0.001 * k, -1, 100) for k in range(3)]
    run0 = [row(0.01 + 0.001 * k, 0, 1000 + k) for k in range(5)]
    after = [row(1 + 0.001 * k, -1 if k % 2 else 1, 7) for k in range(40000)]
    out = thin(tmp_path, before + run0 + after)
    assert out == [HEADER, before[-1]] + run0


def test_a_long_first_run_in_the_figures_buckets(tmp_path):
    run0 = [row(0.001 * k, 0, k % 997) for k in range(6000)]
    out = thin(tmp_path, [row(0, -1, 5)] + run0 + [row(9, 1, 3)])
    assert out[:2] == [HEADER, row(0, -1, 5)]
    body = out[2:]
    assert len(body) == 2 * 600  # each bucket's largest and smallest
    # The first bucket (10 samples) at its first sample's time.
    assert body[0] == row(0, 0, 9) and body[1] == row(0, 0, 0)


def test_a_file_already_thin_is_left_as_it_is(tmp_path):
    rows = [row(0, -1, 5), row(0.001, 0, 6)]
    d = tmp_path / "tl"
    d.mkdir()
    f = d / "a.csv"
    f.write_text("\n".join([HEADER] + rows) + "\n")
    mtime = os.stat(f).st_mtime_ns
    subprocess.run([sys.executable, THIN, str(d)], check=True)
    assert os.stat(f).st_mtime_ns == mtime
