"""examples/dask_corpus.py on a LocalCluster of 2 worker processes: its
output is byte for byte `slink solve --format json --no-timing FILES`."""

import shutil
import sys
from pathlib import Path

import pytest

from conftest import CORPUS

pytest.importorskip("dask.distributed")  # .ci/python installs it: there, these tests run
import cloudpickle  # noqa: E402  (comes with dask.distributed)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_corpus  # noqa: E402

# The workers cannot import the example by name: its functions travel by value.
cloudpickle.register_pickle_by_value(dask_corpus)


@pytest.fixture()
def folder(tmp_path):
    """A folder of the project's own corpus files (judge format)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for f in [CORPUS / "sample.in", CORPUS / "judge" / "slink.in", *sorted((CORPUS / "generated").glob("*.in"))]:
        shutil.copy(f, corpus / f"{f.parent.name}-{f.name}")
    # One more with a malformed data set and one with no solution, in URL format.
    (corpus / "z-urls.txt").write_text(
        "https://puzz.link/p?slither/5/5/cbcbcddad\nhttps://puzz.link/p?slither/5/5/cbc\n"
        "https://puzz.link/p?slither/1/1/0\n"
    )
    return corpus


def test_the_example_writes_what_slink_solve_writes(folder, tmp_path, cli):
    out = tmp_path / "out.jsonl"
    assert dask_corpus.main([str(folder), str(out), "--workers", "2"]) == 0
    files = sorted(str(p) for p in folder.iterdir())
    want = cli("solve", "--format", "json", "--no-timing", *files, ok_statuses=(2,))
    assert out.read_bytes() == want
    assert len(want.splitlines()) > 100


def test_shards_of_files_merge_back_in_order(folder, tmp_path, cli):
    from dask.distributed import Client, LocalCluster

    files = sorted(str(p) for p in folder.iterdir())
    out = tmp_path / "sharded.jsonl"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, Client(cluster) as client:
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            n = dask_corpus.solve_folder(client, files, f, shards=3)
    want = cli("solve", "--format", "json", "--no-timing", *files, ok_statuses=(2,))
    assert out.read_bytes() == want and n == len(want.splitlines())
