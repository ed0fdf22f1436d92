#!/usr/bin/env python3
"""Where a corpus's time goes, by what its puzzles need: deduction alone,
probing at the root, or a search of several nodes.

usage: benches/by_kind.py [--slink PATH] [--split DIR] FILE...

Runs `slink check --format json -j1` (each puzzle's nodes and probes) and
`slink solve --format json -j1` (each puzzle's micros) on every FILE, puts
each puzzle in one kind:

    deduction  no probe (rules, loop reasoning, parity and the rest)
    probing    probes, one search node
    search     more than one node

and prints, per file and kind, the puzzles, their microseconds in all and
a puzzle, and their share of the file's time. With --split DIR, writes
each kind's data sets to DIR/STEM-KIND.txt in the file's own format
(judge files, URLs and Loopy IDs; not pzprv3) (for
callgrind on one kind: `valgrind --tool=callgrind slink solve -j1 -q
DIR/STEM-deduction.txt`). Micros are slink's own per-puzzle figures in a
batch run (puzzles packed side by side share a pack's time): for shares,
not for a puzzle's exact cost.
"""
import argparse, collections, json, os, subprocess, sys

KINDS = ['deduction', 'probing', 'search']


def records(slink, cmd, path):
    """The per-puzzle JSON records of `slink CMD --format json -j1 PATH`."""
    out = subprocess.run([slink, cmd, '--format', 'json', '-j1', path],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    recs = [json.loads(l) for l in out.splitlines() if l.startswith('{')]
    return {r['data_set']: r for r in recs if 'data_set' in r}


def kind(check):
    if check.get('probes', 0) == 0:
        return 'deduction'
    return 'probing' if check.get('nodes', 1) <= 1 else 'search'


def source_lines(lines, rec):
    """A data set's lines in its file: a judge header and its rows, or one line."""
    start = rec['line'] - 1
    head = lines[start].split()
    if len(head) == 2 and all(h.isdigit() for h in head):
        return lines[start:start + 1 + int(head[0])]
    return [lines[start]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--slink', default='target/release/slink')
    ap.add_argument('--split', metavar='DIR')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    print(f"{'file':<24} {'kind':<10} {'puzzles':>8} {'micros':>9} {'a puzzle':>9} {'share':>6}")
    for path in a.files:
        checks, solves = records(a.slink, 'check', path), records(a.slink, 'solve', path)
        if not solves:
            sys.exit(f'{path}: slink solved no data set')
        by = collections.defaultdict(list)
        for n, s in solves.items():
            if n in checks and 'micros' in s:
                by[kind(checks[n])].append((n, s['micros']))
        total = sum(m for k in by.values() for _, m in k) or 1
        stem = os.path.splitext(os.path.basename(path))[0]
        for k in KINDS:
            ms = [m for _, m in by[k]]
            if ms:
                print(f'{stem:<24} {k:<10} {len(ms):>8} {sum(ms):>9} '
                      f'{sum(ms) / len(ms):>9.1f} {sum(ms) / total:>6.1%}')
        if a.split:
            lines = open(path).read().split('\n')
            if any(l.strip().startswith('pzprv3') for l in lines[:50]):
                sys.exit(f'{path}: --split takes judge files, URLs and Loopy IDs, not pzprv3')
            os.makedirs(a.split, exist_ok=True)
            judge = len(lines[0].split()) == 2
            for k in KINDS:
                if by[k]:
                    sets = [l for n, _ in sorted(by[k]) for l in source_lines(lines, checks[n])]
                    tail = ['0 0'] if judge else []
                    with open(os.path.join(a.split, f'{stem}-{k}.txt'), 'w') as out:
                        out.write('\n'.join(sets + tail) + '\n')


if __name__ == '__main__':
    main()
