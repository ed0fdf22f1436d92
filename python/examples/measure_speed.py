"""CPU time of slink from Python against the slink binary, side by side.

    python measure_speed.py FILE [--slink target/release/slink] [--threads 2] [--runs 7]

Runs, alternating, each as a whole process (interpreter start and import
included), and reports the least and the median CPU time (user + sys, of
the process and its threads) of each:

- ``slink solve --format json -j T FILE``, output to /dev/null;
- ``slink.solve_many(FILE, threads=T)``, every record made a dict;
- ``slink.solve_many(FILE, threads=T, json=True)``, the JSON lines;
- ``slink.solve(text)`` for each data set's text in turn (the file split
  into data sets in Python, judge format), against ``slink solve -j 1``.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys

MANY = """
import sys, slink
for record in slink.solve_many(sys.argv[1], threads=int(sys.argv[2])):
    pass
"""

MANY_JSON = """
import sys, slink
for line in slink.solve_many(sys.argv[1], threads=int(sys.argv[2]), json=True):
    pass
"""

ONE_AT_A_TIME = """
import sys, slink
lines = open(sys.argv[1]).read().split("\\n")
k = 0
while k < len(lines):
    header = lines[k].split()
    if len(header) != 2:
        k += 1
        continue
    rows = int(header[0])
    if rows == 0:
        break
    slink.solve("\\n".join(lines[k : k + rows + 1]) + "\\n")
    k += rows + 1
"""


def cpu_of(command):
    """CPU seconds (user + sys) of one run of `command`, a whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.devnull, "wb") as null:
        subprocess.run(command, stdout=null, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--slink", default="target/release/slink")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    t = str(args.threads)
    py = sys.executable
    commands = {
        f"slink solve --format json -j {t}": [args.slink, "solve", "--format", "json", "-j", t, args.file],
        f"solve_many(threads={t}) dicts": [py, "-c", MANY, args.file, t],
        f"solve_many(threads={t}, json=True)": [py, "-c", MANY_JSON, args.file, t],
        "slink solve --format json -j 1": [args.slink, "solve", "--format", "json", "-j", "1", args.file],
        "slink.solve one at a time": [py, "-c", ONE_AT_A_TIME, args.file],
        "python -c 'import slink' alone": [py, "-c", "import slink"],
    }
    times = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(cpu_of(command))
    base = min(times[f"slink solve --format json -j {t}"])
    base1 = min(times["slink solve --format json -j 1"])
    print(f"{'':40} {'least':>8} {'median':>8}  ratio of least")
    for name, ts in times.items():
        ref = base1 if "one at a time" in name else base
        print(f"{name:40} {min(ts):8.3f} {statistics.median(ts):8.3f}  {min(ts) / ref:5.2f}")


if __name__ == "__main__":
    main()
