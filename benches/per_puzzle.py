#!/usr/bin/env python3
"""Puzzle by puzzle, slink against the peers that ../shared/peers/build.sh
builds: is there a puzzle on which a peer spends less CPU than slink?

usage: benches/per_puzzle.py [--slink PATH] [--peers DIR] [--only PEER] [--repeat N] FILE...

Each data set of each judge-format FILE is written N times (default 20)
into one file, so that a process's start-up does not hide the puzzle's
own cost, and each solver runs it once, one thread (CPU of the whole
process, user + sys). Prints, per file, the smallest ratio peer / slink
and the puzzles where a peer was faster, then a line per peer with the
worst ratio over all files. Exit status 1 if some peer was faster.
"""
import argparse, os, resource, subprocess, sys, tempfile


def data_sets(path):
    """The data sets of a judge-format file, as lists of lines."""
    lines = [l for l in open(path).read().split('\n')]
    i, out = 0, []
    while i < len(lines):
        head = lines[i].split()
        if len(head) == 2:
            r, c = int(head[0]), int(head[1])
            if r == 0 and c == 0:
                break
            out.append(lines[i:i + r + 1])
            i += r + 1
        else:
            i += 1
    return out


def cpu(cmd, stdin_path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin_path, 'rb') as f:
        subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--slink', default='target/release/slink')
    ap.add_argument('--peers', default='/tmp/slink-peers')
    ap.add_argument('--repeat', type=int, default=20)
    ap.add_argument('--only', help='one peer (loopy or srither)')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    names = [a.only] if a.only else ['loopy', 'srither']
    peers = [(n, os.path.join(a.peers, n)) for n in names
             if os.access(os.path.join(a.peers, n), os.X_OK)]
    worst = {n: None for n, _ in peers}
    slower = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in a.files:
            least = {n: None for n, _ in peers}
            for k, ds in enumerate(data_sets(f), 1):
                path = os.path.join(tmp, 'p.txt')
                with open(path, 'w') as out:
                    out.write('\n'.join(ds * a.repeat) + '\n0 0\n')
                mine = cpu([a.slink, 'solve', '--threads', '1', '-q', '--format', 'summary'], path)
                for n, exe in peers:
                    theirs = cpu([exe], path)
                    ratio = theirs / mine if mine > 0 else float('inf')
                    if least[n] is None or ratio < least[n][0]:
                        least[n] = (ratio, k, mine, theirs)
                    if theirs < mine:
                        slower += 1
                        print(f'{os.path.basename(f)}:{k}: {n} {theirs:.4f} s < slink {mine:.4f} s')
            for n, (ratio, k, mine, theirs) in ((n, v) for n, v in least.items() if v):
                print(f'{os.path.basename(f)}: {n} at least {ratio:.1f}x slink '
                      f'(data set {k}: slink {mine:.4f} s, {n} {theirs:.4f} s, {a.repeat} times)')
                if worst[n] is None or ratio < worst[n][0]:
                    worst[n] = (ratio, os.path.basename(f), k)
            sys.stdout.flush()
    for n, w in worst.items():
        if w:
            print(f'worst against {n}: {w[0]:.1f}x ({w[1]} data set {w[2]})')
    sys.exit(1 if slower else 0)


if __name__ == '__main__':
    main()
