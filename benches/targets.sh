#!/usr/bin/env bash
# Measures the throughput targets of BENCHMARKS.md (issue 6) and prints
# the results as markdown. Quick to re-run: the corpora are generated once
# (benches/corpora.sh) and kept in target/bench-corpora.
#
#   benches/targets.sh [DIR]            # all targets
#   RUNS=5 benches/targets.sh           # more runs per measurement (default 3)
#   ONLY="1 5" benches/targets.sh       # only targets 1 and 5 (callgrind)
#
# Needs /usr/bin/time (Debian's `time`), hyperfine and valgrind
# (`apt-get install -y time hyperfine valgrind`); a step whose tool is
# missing is skipped with a note. Times on a shared 2-core machine are
# noisy: the script runs the things it compares side by side in one
# hyperfine invocation and reports the fastest run as well as the mean.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-target/bench-corpora}
RUNS=${RUNS:-3}
ONLY=${ONLY:-"1 2 3 4 5"}
REAL=${REAL:-../shared/corpus/real/slitherlink.txt}
SLINK=target/release/slink
OUT=target/bench-results
mkdir -p "$OUT"
cargo build --release --quiet
benches/corpora.sh "$DIR" 2>/dev/null
F20="$DIR/rules-20x20.txt"
N20=$(grep -c '^20 20' "$F20")

want() { [[ " $ONLY " == *" $1 "* ]]; }
have() { command -v "$1" > /dev/null; }

# hyperfine_csv NAME CMD...: runs the commands side by side; leaves
# $OUT/NAME.csv (command,mean,stddev,median,user,system,min,max) and
# $OUT/NAME.md.
hyperfine_csv() {
  local name=$1; shift
  hyperfine --style basic -i --warmup 1 --runs "$RUNS" \
    --export-csv "$OUT/$name.csv" --export-markdown "$OUT/$name.md" "$@" >&2
}
# field NAME ROW COLUMN: a number from a hyperfine CSV (ROW from 1).
field() {
  awk -F, -v r="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    NR == r + 1 { print $(col[c]) }' "$OUT/$1.csv"
}

echo "## Targets, measured $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes')"
echo
echo "Machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); load average at start: $(cut -d' ' -f1-3 /proc/loadavg). Runs per measurement: $RUNS."
echo

if want 1; then
  echo "### 1. CPU per 20x20 rule-solvable Slink puzzle, one thread, end to end (target <= 3 us)"
  echo
  echo "\`/usr/bin/time -v $SLINK < $F20 > /dev/null\` ($N20 puzzles):"
  echo
  echo "| run | user s | system s | wall s | CPU us/puzzle | max RSS MB |"
  echo "|---:|---:|---:|---:|---:|---:|"
  if [ -x /usr/bin/time ]; then
    best=""
    for run in $(seq 1 "$RUNS"); do
      /usr/bin/time -v "$SLINK" < "$F20" > /dev/null 2> "$OUT/time-v.txt" || true
      read -r u s w rss < <(awk -F': ' '
        /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
        END { print u, s, w, m }' "$OUT/time-v.txt")
      per=$(awk -v u="$u" -v s="$s" -v n="$N20" 'BEGIN { printf "%.2f", (u + s) / n * 1e6 }')
      echo "| $run | $u | $s | $w | $per | $((rss / 1024)) |"
      best=$(awk -v a="$per" -v b="${best:-$per}" 'BEGIN { print (a < b ? a : b) }')
    done
    echo
    echo "Best: **$best us CPU per puzzle** (target 3 us: $(awk -v b="$best" 'BEGIN { print (b <= 3 ? "met" : "not met, " sprintf("%.2f", b / 3) "x off") }'))."
  else
    echo "(skipped: /usr/bin/time is missing; apt-get install -y time)"
  fi
  echo
fi

if want 2; then
  echo "### 2. Two threads against one (target >= 1.8x)"
  echo
  if have hyperfine; then
    hyperfine_csv threads \
      "$SLINK solve -q --threads 1 $F20 > /dev/null" \
      "$SLINK solve -q --threads 2 $F20 > /dev/null"
    cat "$OUT/threads.md"
    echo
    m1=$(field threads 1 mean); m2=$(field threads 2 mean)
    b1=$(field threads 1 min); b2=$(field threads 2 min)
    awk -v m1="$m1" -v m2="$m2" -v b1="$b1" -v b2="$b2" -v n="$N20" 'BEGIN {
      printf "Speedup of 2 threads: **%.2fx** on the means, %.2fx on the fastest runs (target 1.8x: %s). ", m1 / m2, b1 / b2, (m1 / m2 >= 1.8 ? "met" : "not met")
      printf "Wall time per puzzle: %.2f us on 1 thread, %.2f us on 2 (fastest runs).\n", b1 / n * 1e6, b2 / n * 1e6 }'
  else
    echo "(skipped: hyperfine is missing; apt-get install -y hyperfine)"
  fi
  echo
fi

if want 3; then
  echo "### 3. End to end against cat writing the same bytes (target within 3x)"
  echo
  if have hyperfine; then
    REF="$DIR/rules-20x20.out"
    echo "\`$REF\` is the judge output of \`$F20\` ($(wc -c < "$REF") bytes); \`cat\` writes it to /dev/null."
    echo
    hyperfine_csv cat \
      "$SLINK < $F20 > /dev/null" \
      "$SLINK solve -q $F20 > /dev/null" \
      "cat $REF > /dev/null"
    cat "$OUT/cat.md"
    echo
    j=$(field cat 1 mean); a=$(field cat 2 mean); c=$(field cat 3 mean)
    awk -v j="$j" -v a="$a" -v c="$c" 'BEGIN {
      printf "Judge mode takes **%.1fx** the time of cat, `slink solve` on all cores %.1fx (target 3x: %s).\n", j / c, a / c, (a / c <= 3 || j / c <= 3 ? "met" : "not met") }'
  else
    echo "(skipped: hyperfine is missing)"
  fi
  echo
fi

if want 4; then
  echo "### 4. The real Slitherlink corpus on one thread (target < 0.5 s)"
  echo
  if [ ! -f "$REAL" ]; then
    echo "(skipped: $REAL is not here)"
  elif have hyperfine; then
    hyperfine_csv real \
      "$SLINK solve -q --threads 1 $REAL > /dev/null" \
      "$SLINK < $REAL > /dev/null" \
      "$SLINK solve -q $REAL > /dev/null"
    cat "$OUT/real.md"
    echo
    m=$(field real 1 mean); b=$(field real 1 min); u=$(field real 1 user); s=$(field real 1 system)
    jm=$(field real 2 mean); jb=$(field real 2 min)
    # Judged on the means (as target 2 is): both commands run one thread.
    awk -v m="$m" -v b="$b" -v u="$u" -v s="$s" -v jm="$jm" -v jb="$jb" 'BEGIN {
      best = (m < jm ? m : jm)
      printf "One thread: `slink solve --threads 1` **%.3f s** mean (%.3f s fastest, %.3f s CPU), judge mode **%.3f s** mean (%.3f s fastest) (target 0.5 s, on the better mean: %s).\n", m, b, u + s, jm, jb, (best < 0.5 ? "met" : "not met") }'
  else
    echo "(skipped: hyperfine is missing)"
  fi
  echo
fi

if want 5; then
  echo "### 5. Instructions per 20x20 puzzle (callgrind; repeatable)"
  echo
  if have valgrind; then
    count() { # instructions of judge mode on FILE
      valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$2.out" \
        "$SLINK" < "$1" > /dev/null 2> "$OUT/callgrind.$2.log" || true
      awk '/^(summary|totals):/ { print $2; exit }' "$OUT/callgrind.$2.out"
    }
    i1=$(count "$DIR/rules-20x20-1k.txt" 1k)
    i2=$(count "$DIR/rules-20x20-2k.txt" 2k)
    echo "\`valgrind --tool=callgrind $SLINK < $DIR/rules-20x20-{1k,2k}.txt > /dev/null\`:"
    echo
    awk -v a="$i1" -v b="$i2" 'BEGIN {
      printf "| puzzles | instructions |\n|---:|---:|\n| 1000 | %d |\n| 2000 | %d |\n\n", a, b
      printf "**%.0f instructions per puzzle** (the difference over 1000 puzzles: no start-up), %.0f including start-up on 1000.\n", (b - a) / 1000, a / 1000 }'
    echo
    echo "Profile: \`callgrind_annotate $OUT/callgrind.2k.out | head -40\`."
  else
    echo "(skipped: valgrind is missing; apt-get install -y valgrind)"
  fi
  echo
fi
