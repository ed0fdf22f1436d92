"""Shared helpers: the repository's corpus and the slink binary to compare with."""

import os
import signal
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


def slink_binary() -> Path:
    """The command line built from this repository: $SLINK_BIN, else the
    newest of target/{ci,release,debug}/slink."""
    given = os.environ.get("SLINK_BIN")
    if given:
        return Path(given)
    built = [ROOT / "target" / p / "slink" for p in ("ci", "release", "debug")]
    built = [p for p in built if p.exists()]
    if not built:
        pytest.fail("no slink binary: build it (cargo build --release) or set SLINK_BIN")
    return max(built, key=lambda p: p.stat().st_mtime)


@pytest.fixture(scope="session")
def cli():
    """Runs the slink command line; returns its stdout as bytes."""
    binary = slink_binary()

    def run(*args, input_bytes=None, ok_statuses=(0, 1)):
        done = subprocess.run([str(binary), *map(str, args)], input=input_bytes, capture_output=True)
        assert done.returncode in ok_statuses, done.stderr.decode()
        return done.stdout

    return run


@pytest.fixture
def ctrl_c():
    """SIGINT raises KeyboardInterrupt in this test, as in an interactive
    Python: a process started with SIGINT ignored (a background job of a
    shell without job control, as some CI runners start theirs) inherits
    the ignoring, and Python then installs no handler of its own, so the
    tests' SIGINT would do nothing. The disposition is put back after."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
