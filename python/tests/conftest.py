"""Shared helpers: the repository's corpus and the slink binary to compare with."""

import os
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
