#!/usr/bin/env python3
"""Paired CPU times of two commands on one input: A and B run in turn, pair
by pair, so that a drift of the machine's speed moves both alike; the ratio
B/A is taken per pair (how many times faster A is) and reported as min,
median and max. Quote the median: on a shared machine a pair's ratio
ranges widely, and the median of many pairs does not.

    benches/paired.py -n 11 --stdin FILE 'target/release/slink solve --threads 1 --format json --no-timing' /tmp/slink-peers/loopy

CPU time is user + system of the whole process (its children included),
as the kernel accounts it at exit (wait4), start-up included; what the
commands print is thrown away. Each command is split as a shell splits
words and run without a shell. One warm-up pair is not counted.
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys


def cpu_seconds(argv, stdin_path):
    """Runs `argv` with `stdin_path` as its standard input; returns its CPU
    seconds (user + system) and exit status."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        proc = subprocess.Popen(
            argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, proc.returncode


def spread(xs):
    return f"{min(xs):.3f} / {statistics.median(xs):.3f} / {max(xs):.3f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="command A (the one measured)")
    ap.add_argument("b", help="command B (the yardstick)")
    ap.add_argument("-n", type=int, default=11, help="pairs counted (default 11)")
    ap.add_argument("--stdin", help="file given to both as standard input")
    args = ap.parse_args()
    a, b = shlex.split(args.a), shlex.split(args.b)
    times = {"A": [], "B": []}
    ratios = []
    statuses = set()
    for k in range(args.n + 1):
        ta, ra = cpu_seconds(a, args.stdin)
        tb, rb = cpu_seconds(b, args.stdin)
        statuses.add((ra, rb))
        if k == 0:
            continue  # the warm-up pair
        times["A"].append(ta)
        times["B"].append(tb)
        ratios.append(tb / ta if ta > 0 else float("inf"))
    print(f"pairs: {args.n}; CPU seconds min / median / max")
    print(f"A: {spread(times['A'])}   {args.a}")
    print(f"B: {spread(times['B'])}   {args.b}")
    print(f"B/A per pair: {spread(ratios)}")
    if statuses != {(0, 0)}:
        # (slink exits 1 when a puzzle is not solved uniquely: say so, once.)
        shown = ", ".join(f"A {ra}, B {rb}" for ra, rb in sorted(statuses))
        print(f"exit statuses: {shown}", file=sys.stderr)


if __name__ == "__main__":
    main()
