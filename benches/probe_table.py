#!/usr/bin/env python3
"""Where the tail's time goes, puzzle by puzzle: nodes, probes, probes a
node, and callgrind's instructions a probe, for the slowest puzzles of
some judge-format files and their biggest boards (issue 40's table).

usage: benches/probe_table.py [--slink PATH] [--slowest K] [--biggest K] FILE...

The slowest K data sets of all FILEs (by `slink solve --format json`'s
`micros`, best of 3 runs) and the biggest K boards are each written alone
to a file and run under `valgrind --tool=callgrind` in judge mode, one
thread; a 1x1 puzzle's run is taken off as the process's own cost.
`slink check` gives the nodes and probes. Prints a Markdown table.
Instructions a probe are the puzzle's whole instructions over its
probes: an upper bound of a probe's cost, which includes the search's
other work (on puzzles of many probes, most of it).
"""
import argparse, json, os, re, subprocess, sys, tempfile


def data_sets(path):
    """(number, lines) of each data set of a judge-format file."""
    lines = open(path).read().split('\n')
    i, out = 0, []
    while i < len(lines):
        head = lines[i].split()
        if len(head) == 2 and all(h.isdigit() for h in head):
            r, c = int(head[0]), int(head[1])
            if r == 0 and c == 0:
                break
            out.append((len(out) + 1, lines[i:i + r + 1]))
            i += r + 1
        else:
            i += 1
    return out


def instructions(slink, text, tmp):
    """callgrind's instruction count of judge mode on `text`."""
    src = os.path.join(tmp, 'one.in')
    with open(src, 'w') as f:
        f.write(text)
    out = os.path.join(tmp, 'cg.out')
    with open(src, 'rb') as f:
        run = subprocess.run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}', slink],
                             stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r'Collected : (\d+)', run.stderr)
    if not m:
        sys.exit(f'probe_table: no callgrind count: {run.stderr[-400:]}')
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--slink', default='target/release/slink')
    ap.add_argument('--slowest', type=int, default=10)
    ap.add_argument('--biggest', type=int, default=5)
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    sets = []
    for path in a.files:
        micros = {}
        for _ in range(3):
            run = subprocess.run([a.slink, 'solve', '-q', '-j', '1', '--format', 'json', path],
                                 capture_output=True, text=True)
            for line in run.stdout.splitlines():
                r = json.loads(line)
                k = r['data_set']
                micros[k] = min(micros.get(k, 1 << 60), r.get('micros', 0))
        check = subprocess.run([a.slink, 'check', '-j', '1', path], capture_output=True, text=True)
        stats = {}
        for line in check.stdout.splitlines():
            m = re.search(r' set=(\d+) (\d+)x(\d+) .*nodes=(\d+) probes=(\d+) depth=(\d+)', line)
            if m:
                stats[int(m.group(1))] = tuple(int(g) for g in m.groups()[1:])
        for number, lines in data_sets(path):
            if number in stats:
                sets.append((os.path.basename(path), number, lines, micros.get(number, 0), stats[number]))
    chosen = sorted(sets, key=lambda s: -s[3])[:a.slowest]
    biggest = sorted(sets, key=lambda s: -(s[4][0] * s[4][1]))
    for s in biggest:
        if len(chosen) >= a.slowest + a.biggest:
            break
        if all((s[0], s[1]) != (c[0], c[1]) for c in chosen):
            chosen.append(s)
    with tempfile.TemporaryDirectory() as tmp:
        base = instructions(a.slink, '1 1\n.\n0 0\n', tmp)
        print('| file | set | size | micros | nodes | depth | probes | probes/node | M instructions | instructions/probe |')
        print('|---|--:|---|--:|--:|--:|--:|--:|--:|--:|')
        for name, number, lines, micros, (rows, cols, nodes, probes, depth) in chosen:
            n = instructions(a.slink, '\n'.join(lines) + '\n0 0\n', tmp) - base
            per_probe = f'{n // probes:,}' if probes else '-'
            print(f'| {name} | {number} | {rows}x{cols} | {micros:,} | {nodes:,} | {depth} | {probes:,} '
                  f'| {probes / max(nodes, 1):.1f} | {n / 1e6:.1f} | {per_probe} |')


if __name__ == '__main__':
    main()
