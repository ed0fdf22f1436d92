"""Solve a folder of puzzle files on Dask distributed, written as JSON lines.

    python dask_corpus.py FOLDER OUT.jsonl                      # a LocalCluster on this machine
    python dask_corpus.py FOLDER OUT.jsonl --scheduler tcp://scheduler:8786
    python dask_corpus.py FOLDER OUT.jsonl --shards 8           # big files: 8 tasks each

Each file of FOLDER (in name order) is a task, or with --shards N, N tasks
(``slink solve --shard K/N``: task K solves data sets K, K + N, ...). A task
runs ``slink.solve_many`` on one worker and returns its JSON lines; the
results are gathered in input order, a file's shards merged back by data
set number, and written to OUT as they arrive in that order. The output
is byte for byte what ``slink solve --format json --no-timing FILES``
writes for the same files (or, with --timing, the same records with each
data set's ``micros``). Every worker needs the ``slink`` package and the
files at the same paths (a shared file system), as ``slink solve`` would.

It needs Dask: ``pip install './python[dask]'`` installs slink with it.
"""

import argparse
import heapq
import json
import sys
from pathlib import Path
from typing import Iterable, List, Optional, TextIO

try:
    from dask.distributed import Client, LocalCluster
except ImportError:  # pragma: no cover - said to the user, not tested without Dask
    sys.exit(
        "dask_corpus.py needs Dask's distributed scheduler: "
        "pip install './python[dask]' (or pip install 'dask[distributed]')"
    )


def solve_part(input_number: int, path: str, shard: int, shards: int, timing: bool) -> List[str]:
    """The JSON lines of one file (of one shard of it), solved on a worker."""
    import slink

    return list(
        slink.solve_many(
            path,
            threads=1,  # Dask runs a task per worker thread: one core each
            json=True,
            timing=timing,
            input=input_number,
            shard=(shard, shards) if shards > 1 else None,
        )
    )


def data_set(line: str) -> int:
    """The data set number of a JSON line, the key that merges shards."""
    return json.loads(line)["data_set"]


def solve_folder(
    client: Client, files: List[str], out: TextIO, shards: int = 1, timing: bool = False
) -> int:
    """Solves `files` on `client`'s cluster, writing their records to `out`
    in input order; returns the number of records."""
    tasks = [
        [
            client.submit(solve_part, k, path, shard, shards, timing, pure=False)
            for shard in range(1, shards + 1)
        ]
        for k, path in enumerate(files, start=1)
    ]
    written = 0
    for parts in tasks:  # in input order: wait for each file in turn
        results = [part.result() for part in parts]
        lines: Iterable[str] = (
            results[0] if shards == 1 else heapq.merge(*results, key=data_set)
        )
        for line in lines:
            out.write(line)
            written += 1
        for part in parts:
            part.release()
    return written


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the folder of puzzle files")
    parser.add_argument("out", type=Path, help="the JSON lines file to write")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    parser.add_argument("--shards", type=int, default=1, help="tasks per file")
    parser.add_argument("--timing", action="store_true", help="keep each record's micros")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"dask_corpus.py: {args.folder} is not a folder of puzzle files", file=sys.stderr)
        return 2
    files = sorted(str(p) for p in args.folder.iterdir() if p.is_file())
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            n = solve_folder(client, files, out, shards=args.shards, timing=args.timing)
        print(f"{n} records of {len(files)} files written to {args.out}", file=sys.stderr)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
