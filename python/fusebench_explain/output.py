"""output: explain's output files, written so that nothing already there is lost.

check() runs before any work: it refuses (BadInput, exit 2) an empty name,
a folder, a kernel interface file, a folder that cannot be written, two
options naming one file, and a FIFO that no one reads (writing it would
hang): such a FIFO is opened without blocking, and one that has a reader
is kept open for the write, so that the reader does not see an early end.

write() puts a regular file in place atomically: the bytes go to a
temporary file beside it, which takes the old file's mode (or what the
umask gives a new one, never more), and is renamed over it only when
complete and not empty; a device or an open FIFO is written through.
Errors are OSError, which the caller prints as one line (exit 1).
"""
import errno
import os
import stat
import tempfile


class BadInput(Exception):
    """An input explain cannot use: its message is the one line printed."""


_OPEN = {}  # realpath -> the fd of a FIFO opened by check()


def check(named):
    """named: [(option, path)]. Raises BadInput for the first bad one."""
    seen = {}
    for opt, p in named:
        if p == "":
            raise BadInput(f"{opt} '': an empty file name")
        real = os.path.realpath(p)
        if real in seen:
            raise BadInput(f"{seen[real]} and {opt} {p} name the same file: "
                           "one would replace the other")
        seen[real] = f"{opt} {p}"
        if os.path.isdir(real):
            raise BadInput(f"{opt} {p}: is a directory")
        if real.startswith(("/proc/", "/sys/")):
            raise BadInput(f"{opt} {p}: a kernel interface file, not an output file")
        d = os.path.dirname(real) or "."
        if not os.path.isdir(d) or not os.access(d, os.W_OK):
            raise BadInput(f"{opt} {p}: cannot write there (no such folder or not writable)")
        if os.path.exists(real) and stat.S_ISFIFO(os.stat(real).st_mode):
            try:
                _OPEN[real] = os.open(real, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as e:
                if e.errno == errno.ENXIO:
                    raise BadInput(f"{opt} {p}: a FIFO with no reader (writing it would "
                                   "wait forever); start its reader first")
                raise BadInput(f"{opt} {p}: {e.strerror}")
            os.set_blocking(_OPEN[real], True)


def _mode_for(real):
    """The mode the new file takes: the old one's, or 0666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(real).st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _write_through(real, data):
    fd = _OPEN.pop(real, None)
    if fd is None:
        fd = os.open(real, os.O_WRONLY)
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
    finally:
        os.close(fd)


def write(path, data, make=None):
    """Writes data (bytes) to path, or, with make(tmp_path), what make writes
    into a temporary path (a chart's program). Raises OSError."""
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        if make is not None:
            fd, tmp = tempfile.mkstemp(prefix=".explain-", suffix=os.path.splitext(path)[1])
            os.close(fd)
            try:
                make(tmp)
                with open(tmp, "rb") as f:
                    data = f.read()
            finally:
                os.unlink(tmp)
        _write_through(real, data)
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(real)}.",
                               dir=os.path.dirname(real) or ".")
    try:
        if make is None:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        else:
            os.close(fd)
            make(tmp)
        if os.path.getsize(tmp) == 0:
            raise OSError(errno.EIO, "nothing was written (the old file is kept)")
        os.chmod(tmp, _mode_for(real))
        os.replace(tmp, real)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
