"""slink.solve_to against the command line: a run written to a file is
`slink solve -o`'s bytes; a file cut anywhere and resumed (by Python or
by the command line, whichever wrote it) ends as the whole run; outputs
of other runs and inputs as outputs are refused and left as they were;
Ctrl-C stops at a record boundary and the run goes on from there."""

import collections
import json
import os
import signal
import subprocess
import threading
import time
import warnings

import pytest

import slink
from conftest import CORPUS, slink_binary

MIXED = CORPUS / "generated" / "mixed.in"
BLANKS = CORPUS / "generated" / "blanks.in"
SAMPLE = CORPUS / "sample.in"
FORMATS = ("judge", "json", "url", "loopy")
# The warnings of ODD's data sets, checked once (below), else not shown.
quiet = pytest.mark.filterwarnings("ignore::RuntimeWarning")
# A data set of each other status: no solution, several, malformed.
ODD = "1 1\n0\n\n2 2\n. .\n. .\n\n2 2\n2 x\n2 2\n\n3 3\n. . .\n. 3 .\n. . .\n0 0\n"


def slink_solve(*args):
    """`slink solve ARGS`: its exit status and standard error."""
    done = subprocess.run([str(slink_binary()), "solve", *map(str, args)], capture_output=True)
    return done.returncode, done.stderr.decode()


@pytest.fixture
def inputs(tmp_path):
    """Two files: data sets of every status, then MIXED."""
    odd = tmp_path / "odd.in"
    odd.write_text(ODD)
    return [odd, MIXED]


def whole_run(tmp_path, inputs, fmt):
    """The bytes `slink solve -o` writes for `inputs` in `fmt`."""
    out = tmp_path / f"whole.{fmt}"
    status, err = slink_solve("--format", fmt, "--no-timing", "-o", out, *inputs)
    assert status in (0, 1, 2) and "cannot" not in err, err  # 2: a malformed data set
    return out.read_bytes()


def test_a_run_to_a_file_is_the_command_lines_bytes(tmp_path, inputs):
    want_json = whole_run(tmp_path, inputs, "json")
    statuses = collections.Counter(json.loads(line)["status"] for line in want_json.splitlines())
    assert set(statuses) == {"solved", "none", "multiple", "invalid"}
    for fmt in FORMATS:
        out = tmp_path / f"py.{fmt}"
        out.write_text("an earlier run's output, emptied as -o empties it\n")
        # The diagnostics the command line writes on standard error (the
        # JSON records hold their own) come as a RuntimeWarning.
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always")
            totals = slink.solve_to(inputs, out, format=fmt, timing=False, threads=2)
        said = "\n".join(str(w.message) for w in warned if w.category is RuntimeWarning)
        assert ("odd.in:9:3: data set 3: expected a clue 0-3" in said) == (fmt != "json"), said
        want = whole_run(tmp_path, inputs, fmt)
        assert out.read_bytes() == want and len(want) > 1000, fmt
        assert totals["data_sets"] == sum(statuses.values()) == 64
        assert {k: v for k, v in totals["status"].items() if v} == dict(statuses)
        assert (totals["files"], totals["unreadable"], totals["passed_over"]) == (2, 0, 0)
        assert totals["resumed"] is None and totals["output"] == str(out)
    # One source as solve_many takes it (bytes here), and with timing.
    timed = tmp_path / "timed.jsonl"
    slink.solve_to(MIXED.read_bytes(), timed, name=str(MIXED), threads=1)
    records = [json.loads(line) for line in timed.read_text().splitlines()]
    assert all(r.pop("micros") >= 0 for r in records)
    assert records == [json.loads(line) for line in whole_run(tmp_path, [MIXED], "json").splitlines()]


def cuts(whole):
    """Offsets to cut the whole output at: none, a byte, spread through
    it (mid-record), a record's end and just after it, all but a byte."""
    n = len(whole)
    boundary = whole.index(b"\n", n // 2) + 1
    return sorted({0, 1, *(n * k // 7 for k in range(1, 7)), boundary, boundary + 1, n - 1, n})


@quiet
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_file_cut_anywhere_and_resumed_ends_as_the_whole_run(tmp_path, inputs, fmt):
    whole = whole_run(tmp_path, inputs, fmt)
    out = tmp_path / "out"
    for cut in cuts(whole):
        out.write_bytes(whole[:cut])
        totals = slink.solve_to(inputs, out, format=fmt, timing=False, resume=True, threads=2)
        assert out.read_bytes() == whole, (fmt, cut)
        assert totals["passed_over"] + totals["data_sets"] == 64
        found = totals["resumed"]
        if cut == 0:
            assert found is None and totals["data_sets"] == 64
            continue
        assert found["kept"] + found["cut"] == cut and found["kept"] <= cut, (fmt, cut)
        assert found["covered"] == totals["passed_over"] and found["records"] <= found["covered"]
        assert found["note"].startswith(f"resuming {out} after {found['covered']} data set"), found
        assert ("torn record of" in found["note"]) == (found["cut"] > 0)
    # A missing output is an ordinary run.
    out.unlink()
    assert slink.solve_to(inputs, out, format=fmt, timing=False, resume=True)["resumed"] is None
    assert out.read_bytes() == whole


@quiet
def test_the_command_line_and_python_resume_each_other(tmp_path, inputs):
    whole = whole_run(tmp_path, inputs, "json")
    cut = len(whole) // 2 + 17  # mid-record
    out = tmp_path / "out.jsonl"
    # Written by the command line, stopped, resumed by Python.
    out.write_bytes(whole[:cut])
    totals = slink.solve_to(inputs, out, timing=False, resume=True)
    assert out.read_bytes() == whole
    # Written by Python, stopped, resumed by the command line, whose note
    # is the library's, as Python's is.
    slink.solve_to(inputs, out, timing=False)
    with open(out, "r+b") as f:
        f.truncate(cut)
    status, err = slink_solve("--format", "json", "--no-timing", "-o", out, "--resume", *inputs)
    assert status == 0, err  # the data sets after the cut: all solved
    assert out.read_bytes() == whole
    assert f"slink solve: {totals['resumed']['note']}\n" in err


def test_an_output_of_another_run_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "sample.jsonl"
    slink.solve_to(SAMPLE, out, timing=False)
    before = out.read_bytes()
    with pytest.raises(slink.OutputRefusedError) as refused:
        slink.solve_to(MIXED, out, timing=False, resume=True)
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, slink.SlinkError)
    assert out.read_bytes() == before
    status, err = slink_solve("--format", "json", "--no-timing", "-o", out, "--resume", MIXED)
    assert status == 2 and err == f"slink solve: {refused.value}\n"
    assert f"{out}:1: " in str(refused.value) and "is left as it was" in str(refused.value)
    # Other options: records with times are not those of a run without.
    with pytest.raises(slink.OutputRefusedError, match=f"{out}:1: "):
        slink.solve_to(SAMPLE, out, resume=True)
    # A stream is read once: it cannot be resumed.
    with pytest.raises(slink.OutputRefusedError, match=r"<iterable> \(a stream\) cannot be an input"):
        slink.solve_to(iter(SAMPLE.read_text().splitlines()), out, timing=False, resume=True)
    assert out.read_bytes() == before
    with pytest.raises(ValueError, match="format must be 'judge', 'json', 'url' or 'loopy'"):
        slink.solve_to(SAMPLE, out, format="svg")
    assert out.read_bytes() == before


def test_an_input_as_the_output_is_refused_by_any_name(tmp_path):
    puzzles = tmp_path / "puzzles.in"
    puzzles.write_bytes(SAMPLE.read_bytes())
    (tmp_path / "soft.in").symlink_to(puzzles)
    os.link(puzzles, tmp_path / "hard.in")
    (tmp_path / "sub").mkdir()
    names = [puzzles, str(puzzles), tmp_path / "soft.in", tmp_path / "hard.in", tmp_path / "sub" / ".." / "puzzles.in"]
    for name in names:
        for resume in (False, True):
            with pytest.raises(slink.OutputRefusedError, match="it would be emptied or written into"):
                slink.solve_to([SAMPLE, puzzles], name, resume=resume)
            assert puzzles.read_bytes() == SAMPLE.read_bytes(), (name, resume)
    with pytest.raises(slink.OutputRefusedError) as refused:
        slink.solve_to(puzzles, puzzles)
    status, err = slink_solve("-o", puzzles, puzzles)
    assert status == 2 and err == f"slink solve: {refused.value}\n"


def solve_to_threads():
    """The solve_to engine threads alive in this process (Linux)."""
    names = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as f:
                names.append(f.read().strip())
        except FileNotFoundError:  # a thread that just ended
            pass
    return sum(1 for n in names if n.startswith("slink-solve_to"))


def test_ctrl_c_stops_at_a_record_and_the_run_goes_on_from_there(tmp_path, ctrl_c):
    """SIGINT once the output has its first bytes: KeyboardInterrupt, the
    engine's thread gone, the output whole records of a prefix of the
    run; resume=True then ends it as the command line's whole run."""
    body = BLANKS.read_text().rstrip()
    assert body.endswith("\n0 0")
    big = tmp_path / "big.in"
    big.write_text(body[:-3] * 300 + "0 0\n")  # 9000 data sets, 0.6 s of CPU
    out = tmp_path / "out.jsonl"

    def interrupt_once_written():
        while not (out.exists() and out.stat().st_size > 0):
            time.sleep(0.001)
        os.kill(os.getpid(), signal.SIGINT)

    before = solve_to_threads()
    sender = threading.Thread(target=interrupt_once_written)
    sender.start()
    with pytest.raises(KeyboardInterrupt, match="call it again with resume=True") as stopped:
        slink.solve_to(big, out, timing=False, threads=1)
    sender.join()
    assert solve_to_threads() == before
    written = out.read_bytes()
    whole = whole_run(tmp_path, [big], "json")
    assert 0 < len(written) < len(whole) and whole.startswith(written) and written.endswith(b"\n")
    done = written.count(b"\n")
    assert f"stopped after {done} data set" in str(stopped.value)
    totals = slink.solve_to(big, out, timing=False, threads=2, resume=True)
    assert totals["resumed"]["covered"] == done and totals["resumed"]["cut"] == 0
    assert done + totals["data_sets"] == 9000
    assert out.read_bytes() == whole
