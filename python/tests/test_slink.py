"""slink's Python package against its command line: records, formats,
errors and their places, threads, pictures, and stopping mid-stream."""

import itertools
import json
import os
import pickle
import signal
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import slink
from conftest import CORPUS, ROOT

MIXED = CORPUS / "generated" / "mixed.in"
BLANKS = CORPUS / "generated" / "blanks.in"
SAMPLE = CORPUS / "sample.in"
URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
SCHEMA = json.loads((ROOT / "docs" / "record.schema.json").read_text())


def lines_of(data: bytes):
    return data.decode().splitlines(keepends=True)


def check_schema(record):
    """The parts of docs/record.schema.json a record must keep."""
    props = SCHEMA["properties"]
    assert set(record) <= set(props), record
    assert set(SCHEMA["required"]) <= set(record), record
    assert record["status"] in props["status"]["enum"]
    assert list(record) == [k for k in props if k in record], "keys in the schema's order"
    if record["status"] in ("solved", "multiple"):
        assert "loop" in record and "error" not in record
    else:
        assert record["error"]


# --- records ---------------------------------------------------------------


def test_json_lines_are_the_command_lines_bytes(cli):
    for path in (MIXED, BLANKS, SAMPLE):
        want = cli("solve", "--format", "json", "--no-timing", path)
        got = "".join(slink.solve_many(str(path), json=True, timing=False))
        assert got.encode() == want


def test_records_are_the_command_lines_records_as_dicts(cli):
    want = [json.loads(line) for line in lines_of(cli("solve", "--format", "json", "--no-timing", MIXED))]
    got = list(slink.solve_many(MIXED, timing=False))
    assert got == want and len(got) > 50
    for record in got:
        check_schema(record)
    timed = list(slink.solve_many(MIXED))
    assert all(isinstance(r["micros"], int) and r["micros"] >= 0 for r in timed)
    assert [{k: v for k, v in r.items() if k != "micros"} for r in timed] == want


def test_every_status_has_its_record():
    text = b"2 2\n2 2\n2 2\n2 2\n. .\n. .\n1 1\n0\n2 2\n2 4\n2 2\n0 0\n"
    got = list(slink.solve_many(text, timing=False, name="t.txt", input=3))
    assert [r["status"] for r in got] == ["solved", "multiple", "none", "invalid"]
    assert [r["data_set"] for r in got] == [1, 2, 3, 4]
    assert all(r["file"] == "t.txt" and r["input"] == 3 for r in got)
    assert got[0]["loop"] == "ced"
    assert got[2]["error"].startswith("the puzzle has no solution")
    assert got[3]["error"] == "10:3: data set 4: expected a clue 0-3, found '4'"
    assert got[3]["line"] == 9 and (got[3]["rows"], got[3]["cols"]) == (2, 2)
    for record in got:
        check_schema(record)


def test_sources_path_bytes_iterables_and_files_agree():
    text = MIXED.read_bytes()
    want = [dict(r, file="x") for r in slink.solve_many(MIXED, timing=False)]
    sources = [
        text,
        bytearray(text),
        text.decode().split("\n"),  # lines without their newlines
        iter(text.decode().splitlines(keepends=True)),
        text.split(b"\n"),  # bytes items
    ]
    for source in sources:
        assert list(slink.solve_many(source, timing=False, name="x")) == want
    with open(MIXED, encoding="utf-8") as f:  # an open text file is an iterable of lines
        assert list(slink.solve_many(f, timing=False, name="x")) == want


def test_shards_merge_into_the_whole_run(cli):
    whole = list(slink.solve_many(MIXED, json=True, timing=False))
    parts = [list(slink.solve_many(MIXED, json=True, timing=False, shard=(k, 3))) for k in (1, 2, 3)]
    assert sorted(itertools.chain(*parts), key=lambda l: json.loads(l)["data_set"]) == whole
    assert "".join(parts[1]).encode() == cli("solve", "--format", "json", "--no-timing", "--shard", "2/3", MIXED)
    with pytest.raises(ValueError, match="shard"):
        slink.solve_many(MIXED, shard=(4, 3))


def test_one_puzzle_gives_the_record_of_the_command_line(cli):
    want = json.loads(cli("solve", "--format", "json", "--no-timing", "-", input_bytes=(URL + "\n").encode()))
    r = slink.solve(URL)
    assert r.status == "solved" and r.solved and (r.rows, r.cols) == (5, 5)
    d = r.to_dict()
    assert d["loop"] == r.loop and d["file"] == "<string>" and d["data_set"] == 1
    check_schema(d)
    assert json.loads(r.to_json()) == d
    assert {k: v for k, v in d.items() if k not in ("file", "micros")} == {k: v for k, v in want.items() if k != "file"}
    many = next(iter(slink.solve_many([URL], timing=False)))
    assert many["loop"] == r.loop
    assert r.nodes >= 1 and r.probes >= 0 and r.error is None


def test_statuses_and_options_of_one_puzzle():
    assert slink.solve("2 2\n. .\n. .\n").status == "multiple"
    assert slink.solve("2 2\n2 2\n2 2\n0 0\n").loop == "ced"  # with the judge's closing line
    none = slink.solve("1 1\n0\n")
    assert none.status == "none" and none.loop is None and "no solution" in none.error
    with pytest.raises(ValueError, match="no loop to draw"):
        none.drawing()
    stalled = slink.solve(slink.read(BLANKS)[0], rules_only=True)
    assert stalled.status in ("solved", "gave-up")
    hard = slink.solve("5 5\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n", budget=0)
    assert hard.status == "gave-up" and "budget" in hard.error
    with pytest.raises(ValueError, match="time_limit"):
        slink.solve(URL, time_limit=-1)
    # The command line's ranges, and the option named: --time-limit 0s is
    # refused there, and a budget is 0 to 2^64 - 1.
    with pytest.raises(ValueError, match="time_limit must be .* more than 0"):
        slink.solve(URL, time_limit=0)
    for call in (
        lambda: slink.solve(URL, budget=-1),
        lambda: list(slink.solve_many(URL, budget=-1)),
        lambda: slink.check(URL, budget=2**64),
        lambda: slink.generate(5, 5, budget=-1),
    ):
        with pytest.raises(ValueError, match="budget must be an integer from 0 to"):
            call()


# --- every format ----------------------------------------------------------


@pytest.mark.parametrize("fmt", ["judge", "url", "loopy", "pzprv3"])
def test_every_format_converts_as_the_command_line_and_solves_alike(cli, fmt):
    text = slink.convert(MIXED, fmt)
    assert text.encode() == cli("convert", "--to", fmt, MIXED)
    judge_loops = [r.get("loop") for r in slink.solve_many(MIXED)]
    for given in (fmt, None):  # named, and detected
        loops = [r.get("loop") for r in slink.solve_many(text.encode(), fmt=given)]
        assert loops == judge_loops
    puzzles = slink.read(text.encode(), fmt)
    assert puzzles == slink.read(MIXED)
    one = puzzles[7].to(fmt)
    assert slink.Puzzle(one) == puzzles[7] == slink.Puzzle(one, fmt)
    assert slink.solve(one).loop == judge_loops[7]


def test_puzzle_values():
    p = slink.Puzzle("2 3\n1 . 3\n0 2 .\n")
    assert (p.rows, p.cols, p.blanks) == (2, 3, 2)
    assert p.clues == [[1, None, 3], [0, 2, None]]
    assert str(p) == "2 3\n1 . 3\n0 2 .\n"
    assert slink.Puzzle(p.url) == p and slink.Puzzle(p.loopy) == p
    assert pickle.loads(pickle.dumps(p)) == p and hash(p) == hash(slink.Puzzle(p.url))
    assert repr(p) == f'slink.Puzzle("{p.url}")'


def test_generate_is_the_command_lines_gen(cli):
    made = slink.generate(6, 7, count=4, seed=11, threads=2)
    assert "".join(str(p) for p in made) + "0 0\n" == cli(
        "gen", "--rows", 6, "--cols", 7, "--count", 4, "--seed", 11
    ).decode()
    blanks = slink.generate("4-6", 5, count=3, seed=2, blanks=0.5)
    assert all(4 <= p.rows <= 6 and p.cols == 5 and slink.solve(p).solved for p in blanks)
    assert slink.generate(6, 7, count=4, seed=11, threads=1) == made
    with pytest.raises(ValueError):
        slink.generate(0, 5)
    tricky = slink.generate(8, 8, count=2, seed=3, difficulty="tricky", symmetry="rot2")
    assert "".join(str(p) for p in tricky) + "0 0\n" == cli(
        "gen", "--rows", 8, "--cols", 8, "--count", 2, "--seed", 3,
        "--difficulty", "tricky", "--symmetry", "rot2",
    ).decode()
    with pytest.raises(ValueError):
        slink.generate(6, 6, difficulty="impossible")


def test_check_is_the_command_lines_check(cli):
    want = [json.loads(l) for l in lines_of(cli("check", "--format", "json", MIXED))][:-1]
    assert slink.check(str(MIXED)) == want
    unique = slink.check(b"2 2\n. .\n. .\n0 0\n", question="unique")
    assert unique[0]["solutions"] == "2+" and unique[0]["passes"] is False
    bad = slink.check(b"2 2\n2 4\n2 2\n0 0\n")
    assert (bad[0]["line"], bad[0]["column"], bad[0]["bad_input"]) == (2, 3, "expected a clue 0-3, found '4'")


def test_verify_is_the_command_lines_verify(cli, tmp_path):
    assert all(v["verdict"] == "ok" for v in slink.verify(SAMPLE, CORPUS / "sample.out"))
    wrong = (CORPUS / "sample.out").read_bytes().replace(b"+---+", b"+   +", 1)
    (tmp_path / "wrong.out").write_bytes(wrong)
    want = [json.loads(l) for l in lines_of(cli("verify", "--format", "json", SAMPLE, tmp_path / "wrong.out"))]
    got = slink.verify(SAMPLE, wrong)
    assert got == want and got[0]["verdict"] == "wrong" and got[0]["line"] >= 2


def test_verify_reads_the_puzzles_in_any_format(tmp_path):
    urls = tmp_path / "sample.url"
    urls.write_text(slink.convert(SAMPLE, "url"))
    for fmt in (None, "url"):
        got = slink.verify(urls, CORPUS / "sample.out", fmt)
        assert got and all(v["verdict"] == "ok" for v in got)


def test_a_clue_4_is_its_cells_square_or_nothing():
    p = slink.Puzzle("https://puzz.link/p?slither/3/3/j4j")
    assert p.clues[1][1] == 4 and p.url == "https://puzz.link/p?slither/3/3/jeh"  # as pzprjs writes it
    assert slink.Puzzle(p.url) == p
    assert pickle.loads(pickle.dumps(p)) == p  # pickled as a URL: the judge format has no 4
    with pytest.raises(ValueError, match="clue 4 at row 2, column 2"):
        p.to("judge")


# --- errors and their places -----------------------------------------------


def test_parse_errors_carry_file_line_and_column(tmp_path, cli):
    with pytest.raises(slink.ParseError) as e:
        slink.solve("2 2\n2 4\n2 2\n")
    assert (e.value.file, e.value.line, e.value.column, e.value.data_set) == ("<string>", 2, 3, 1)
    assert str(e.value) == "<string>:2:3: data set 1: expected a clue 0-3, found '4'"
    assert isinstance(e.value, ValueError) and isinstance(e.value, slink.SlinkError)
    short = "https://puzz.link/p?slither/5/5/cbcbcdd"
    with pytest.raises(slink.ParseError) as e:
        slink.solve(short)
    record = json.loads(cli("solve", "--format", "json", "-", input_bytes=(short + "\n").encode(), ok_statuses=(2,)))
    assert str(e.value) == "<string>:" + record["error"]
    assert (e.value.line, e.value.column) == (1, 40) and "ends after" in e.value.message
    with pytest.raises(slink.ParseError, match="2 data sets where one puzzle was expected"):
        slink.solve("1 1\n.\n1 1\n.\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("1 1\n.\n2 2\n1 1\n1 x\n0 0\n")
    with pytest.raises(slink.ParseError) as e:
        slink.read(bad)
    assert (e.value.file, e.value.line, e.value.column, e.value.data_set) == (str(bad), 5, 3, 2)
    assert pickle.loads(pickle.dumps(e.value)).line == 5  # exceptions travel to and from workers
    with pytest.raises(slink.ParseError, match=":2:3: data set 1"):
        slink.verify(b"2 2\n2 4\n2 2\n0 0\n", b"")


def test_other_errors():
    with pytest.raises(FileNotFoundError) as e:
        slink.solve_many("/nonexistent/puzzles.txt")
    assert e.value.filename == "/nonexistent/puzzles.txt"
    with pytest.raises(IsADirectoryError):
        slink.solve_many(CORPUS)
    with pytest.raises(TypeError, match="iterable"):
        slink.solve_many(42)
    with pytest.raises(TypeError, match="not a str or bytes"):
        list(slink.solve_many(["1 1\n", 5]))
    with pytest.raises(ValueError, match="unknown format"):
        slink.solve_many(MIXED, fmt="png")
    with pytest.raises(ValueError, match="threads"):
        slink.solve_many(MIXED, threads=0)

    def failing():
        yield "1 1\n.\n"
        raise RuntimeError("the source broke")

    with pytest.raises(RuntimeError, match="the source broke"):
        list(slink.solve_many(failing()))


# --- threads ---------------------------------------------------------------


def test_the_records_do_not_depend_on_the_threads():
    runs = [list(slink.solve_many(MIXED, threads=t, json=True, timing=False)) for t in (1, 2, 3, None)]
    assert all(run == runs[0] for run in runs)


def test_many_python_threads_solve_at_once():
    puzzles = slink.read(MIXED)
    want = [slink.solve(p).loop for p in puzzles]
    results = {}

    def work(k):
        results[k] = [slink.solve(p).loop for p in puzzles]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[k] == want for k in range(4))


# --- pictures --------------------------------------------------------------


def test_the_notebook_picture_is_the_command_lines_svg(cli):
    r = slink.solve("2 2\n2 2\n2 2\n")
    svg = r._repr_svg_()
    root = ET.fromstring(svg.encode())
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("class") == "solved"
    assert any(e.get("class") == "loop" for e in root.iter())
    assert r.svg("stdin #1").encode() == cli("solve", "--format", "svg", "-", input_bytes=b"2 2\n2 2\n2 2\n0 0\n")


def test_pictures_mark_what_is_not_unique():
    several = ET.fromstring(slink.solve("2 2\n. .\n. .\n").svg().encode())
    assert several.get("class") != "solved"
    none = ET.fromstring(slink.solve("1 1\n0\n")._repr_svg_().encode())
    assert not any(e.get("class") == "loop" for e in none.iter())
    assert slink.Puzzle(URL)._repr_svg_().startswith("<?xml")


def test_the_text_drawing_is_the_judges(cli):
    r = slink.solve("2 2\n2 2\n2 2\n")
    assert ("1\n" + r.drawing()).encode() == cli(input_bytes=b"2 2\n2 2\n2 2\n0 0\n")
    assert str(r) == r.drawing()


# --- stopping mid-stream ---------------------------------------------------


def engine_threads():
    """The solve_many engine threads alive in this process (Linux)."""
    names = []
    for task in Path("/proc/self/task").iterdir():
        try:
            names.append(Path(task, "comm").read_text().strip())
        except FileNotFoundError:  # a thread that just ended
            pass
    return sum(1 for n in names if n.startswith("slink-solve_man"))


def endless_puzzles():
    """An endless stream of puzzles, a data set per item."""
    sets = MIXED.read_text().split("\n0 0")[0].split("\n")
    one = "2 2\n2 2\n2 2\n"
    return itertools.chain(["\n".join(sets[:50]) + "\n"], itertools.repeat(one))


def wait_for(condition, seconds=5.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_closing_the_iterator_mid_stream_stops_the_engine():
    before = engine_threads()
    records = slink.solve_many(endless_puzzles(), timing=False)
    got = list(itertools.islice(records, 5000))
    assert [r["data_set"] for r in got] == list(range(1, 5001))
    assert engine_threads() == before + 1
    records.close()
    assert engine_threads() == before
    assert next(records, None) is None
    # A generator dropped mid-stream: the engine ends by itself.
    with slink.solve_many(endless_puzzles()) as more:
        next(more)
    dropped = slink.solve_many(endless_puzzles())
    next(dropped)
    del dropped
    assert wait_for(lambda: engine_threads() == before)


def test_ctrl_c_stops_the_iteration_between_records(ctrl_c):
    """SIGINT while records stream (KeyboardInterrupt, raised in the loop's
    body; while waiting for a batch: the next test) ends the loop with
    every record yielded whole, and the engine stops. The loop sends the
    signal itself: a timer thread may wait long for the GIL on a loaded
    machine while the endless stream fills memory (it did, once, in CI)."""
    before = engine_threads()
    got = []
    records = slink.solve_many(endless_puzzles(), timing=False)
    with pytest.raises(KeyboardInterrupt):
        for record in records:
            got.append(record)
            if len(got) == 5000:
                os.kill(os.getpid(), signal.SIGINT)
            elif len(got) > 100_000:
                pytest.fail("no KeyboardInterrupt 95,000 records after SIGINT")
    assert len(got) >= 5000 and [r["data_set"] for r in got] == list(range(1, len(got) + 1))
    records.close()
    with slink.solve_many(endless_puzzles(), timing=False) as again:
        assert got == list(itertools.islice(again, len(got)))
    assert engine_threads() == before


def test_ctrl_c_while_waiting_for_a_slow_source(ctrl_c):
    """The iteration waits for records without holding the GIL, looking at
    signals: Ctrl-C while it waits for a source that gives nothing more
    for now raises at once, and the run stops."""
    stop = threading.Event()

    def slow():
        yield "1 1\n.\n"
        while not stop.is_set():  # nothing more for now
            time.sleep(0.01)

    records = slink.solve_many(slow(), timing=False)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    # Were the signal lost, the source ends after 60 s and the test fails
    # (the record of its one puzzle comes) instead of waiting for ever.
    watchdog = threading.Timer(60.0, stop.set)
    started = time.monotonic()
    timer.start()
    watchdog.start()
    with pytest.raises(KeyboardInterrupt):
        next(records)
    watchdog.cancel()
    assert time.monotonic() - started < 2.0
    assert next(records, None) is None  # stopped: nothing more
    stop.set()
    records.close()


# --- stubs and docstrings --------------------------------------------------


def test_the_stubs_name_what_the_module_has():
    """slink/_slink.pyi declares every function and class of the extension,
    with the same parameters, and every one has a docstring."""
    import ast
    import inspect

    import slink._slink as native

    stub = ast.parse((Path(slink.__file__).parent / "_slink.pyi").read_text())
    declared = {n.name: n for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    public = {name for name in dir(native) if not name.startswith("_")}
    assert set(declared) == public
    assert (Path(slink.__file__).parent / "py.typed").exists()
    for name in public:
        thing = getattr(native, name)
        assert (thing.__doc__ or "").strip(), f"{name} has no docstring"
        if isinstance(declared[name], ast.FunctionDef):
            args = declared[name].args
            in_stub = [a.arg for a in args.args + args.kwonlyargs]
            assert list(inspect.signature(thing).parameters) == in_stub, name


def test_the_gil_is_released_while_rust_works():
    """A Python thread keeps running while another is in slink's Rust code
    (here the generator, a few tenths of a second): the longest pause it
    sees is a small part of the call's time, not all of it."""
    done = threading.Event()

    def work():
        slink.generate(20, 20, count=1, seed=3, blanks=0.6, threads=1)
        done.set()

    worker = threading.Thread(target=work)
    started = last = time.perf_counter()
    worker.start()
    worst = 0.0
    while not done.is_set():
        now = time.perf_counter()
        worst, last = max(worst, now - last), now
    elapsed = time.perf_counter() - started
    worker.join()
    assert elapsed > 0.2 and worst < elapsed / 3, (worst, elapsed)


def test_close_from_another_thread_ends_the_loop():
    """close() while another thread iterates: that loop ends, no deadlock."""
    before = engine_threads()
    records = slink.solve_many(endless_puzzles(), timing=False)
    seen = []
    failed = []

    def read():
        try:
            seen.extend(1 for _ in records)
        except Exception as e:  # the loop must end, not fail
            failed.append(e)

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.3)
    records.close()
    reader.join(timeout=10)
    assert not reader.is_alive() and len(seen) > 50 and not failed, failed
    assert engine_threads() == before


def test_a_str_means_one_thing_in_every_function(tmp_path):
    """A str holding a newline, or one URL, Loopy ID or pzprv3 line, is a
    text; any other str a path; a Path always a path; bytes always a text."""
    url = "https://puzz.link/p?slither/5/5/cbcbcddad"
    loopy = "5x5t0:2b1b2b1b2b3b3b0b3"
    judge = slink.convert(url, to="judge")
    assert judge.startswith("5 5\n") and judge.endswith("0 0\n")
    assert slink.convert(url, to="loopy") == loopy + "\n"
    assert slink.convert(loopy, to="url") == url + "\n"
    assert slink.read(url) == [slink.Puzzle(url)]
    assert [r["status"] for r in slink.solve_many(url)] == ["solved"]
    assert slink.check(loopy)[0]["unique"] is True
    # The same puzzle from a file, named by a str and by a Path.
    path = tmp_path / "one.url"
    path.write_text(url + "\n")
    for name in (str(path), path):
        assert slink.read(name) == [slink.Puzzle(url)]
        assert slink.solve(name).loop == slink.solve(url).loop
        assert slink.Puzzle(name) == slink.Puzzle(url)
        assert slink.convert(name, to="loopy") == loopy + "\n"
    # A judge-format text in a str, and its bytes.
    assert slink.solve(judge).status == slink.solve(judge.encode()).status == "solved"
    assert [r["status"] for r in slink.solve_many(judge)] == ["solved"]
    # A str that is neither a text nor a file: the missing file is named.
    with pytest.raises(FileNotFoundError):
        slink.convert("no-such-file.url", to="judge")
    with pytest.raises(FileNotFoundError):
        slink.solve("no-such-file.url")
    # ... and the error says both: no such file, and how it reads as a text.
    for call in (slink.solve, slink.solve_many, slink.read, slink.Puzzle):
        with pytest.raises(FileNotFoundError) as e:
            call("garbage")
        assert e.value.filename == "garbage", call
        said = str(e.value)
        assert "No such file or directory" in said, said
        assert "as a puzzle's text, it reads as none: 1:1: data set 1: expected" in said, said
