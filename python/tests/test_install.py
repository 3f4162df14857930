"""A clean virtual environment installs the package with pip, offline, and
runs the console script and the API from outside this checkout.

jax is not downloaded again: the new environment sees the pinned one's
site-packages through a .pth file (jax there), and the package is
installed with pip install --no-deps --no-index --no-build-isolation (its
build backend, flit_core, taken from the pinned environment too), so that
nothing is fetched; the package itself is copied into
the new environment (its __file__ is checked to be there)."""
import os
import subprocess
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)


def run(cmd, cwd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=str(cwd), timeout=600, **kw)
    assert p.returncode == 0, (cmd, p.stdout[-2000:], p.stderr[-2000:])
    return p


def test_pip_installs_it_into_a_clean_venv_and_it_runs(tmp_path):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    py = venv / "bin" / "python"
    site = run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               tmp_path).stdout.strip()
    with open(os.path.join(site, "pinned-venv.pth"), "w") as f:
        f.write(sysconfig.get_paths()["purelib"] + "\n")
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
         "--no-build-isolation", PKG], tmp_path,
        env=env)
    (tmp_path / "mine.py").write_text(
        "import jax.numpy as jnp\n"
        "def f(params, x):\n    return jnp.tanh(x @ params['w'])\n"
        "def args():\n    return {'w': jnp.ones((64, 256))}, jnp.ones((1000, 64))\n")
    out = run([str(venv / "bin" / "fusebench-explain"), "mine:f", "mine:args", "--no-jit"],
              tmp_path, env=env).stdout
    assert "peak 2.37 MB (2369536 B)" in out and "params['w']" in out, out
    api = run([str(py), "-c", "import fusebench_explain as fe, mine; "
               "e = fe.explain(mine.f, *mine.args()); "
               "print(fe.__file__); print(e.peak_bytes, e.jit['memory_analysis']['temp_bytes'])"],
              tmp_path, env=env).stdout.split("\n")
    assert api[0].startswith(str(venv)), api
    assert api[1].split()[0] == str(64 * 256 * 4 + 1000 * 64 * 4 + 2 * 1000 * 256 * 4), api
