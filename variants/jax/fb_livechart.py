"""fb_livechart: moved to the explain package, fusebench_explain.chart (python/);
this name is kept for fusebench's programs and tests."""
import os
import sys

_PKG = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "python")
if _PKG not in sys.path:
    sys.path.insert(0, _PKG)

from fusebench_explain.chart import *  # noqa: E402,F401,F403
