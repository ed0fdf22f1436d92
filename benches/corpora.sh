#!/usr/bin/env bash
# Generates the benchmark corpora of BENCHMARKS.md into a folder
# (default target/bench-corpora), deterministically: the same files on
# every machine and for any number of threads, for one version of
# `slink gen`. Files already there are kept: delete the folder to make
# them anew after the generator changed (its output depends on the
# solver it uses to check uniqueness).
#
#   benches/corpora.sh [DIR]
#
# Every corpus comes from `slink gen`; the broken ones (several solutions,
# none, malformed) are derived from generated files with awk and a
# fixed-seed Park-Miller generator (exact in doubles, so mawk and gawk agree).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-target/bench-corpora}
SLINK=${SLINK:-target/release/slink}
mkdir -p "$DIR"
[ -x "$SLINK" ] || cargo build --release --quiet

gen() { # gen FILE ARGS...: runs `slink gen ARGS -o FILE` unless FILE exists
  local out=$1; shift
  if [ ! -s "$DIR/$out" ]; then
    echo "slink gen $* -o $DIR/$out" >&2
    "$SLINK" gen "$@" -q -o "$DIR/$out.tmp" && mv "$DIR/$out.tmp" "$DIR/$out"
  fi
}

# Easy Slink, finished by the judge's rules alone.
gen rules-5x5.txt     --rows 5  --cols 5  --count 100000 --seed 1 --rules-only
gen rules-10x10.txt   --rows 10 --cols 10 --count 100000 --seed 1 --rules-only
gen rules-20x20.txt   --rows 20 --cols 20 --count 100000 --seed 1 --rules-only
gen rules-60x60.txt   --rows 60 --cols 60 --count 1000   --seed 1 --rules-only
# The first 1000 and 2000 puzzles of rules-20x20.txt (puzzle k depends on
# the seed and k only), for callgrind.
gen rules-20x20-1k.txt --rows 20 --cols 20 --count 1000  --seed 1 --rules-only
gen rules-20x20-2k.txt --rows 20 --cols 20 --count 2000  --seed 1 --rules-only
# Real-world-like Slitherlink: unique, about half blank (the generator
# removes clues while deduction suffices first, so these need loop
# reasoning but rarely search).
gen blanks-10x10.txt  --rows 10 --cols 10 --count 2000   --seed 2 --blanks 0.5
gen blanks-20x20.txt  --rows 20 --cols 20 --count 500    --seed 2 --blanks 0.5
# 60% blank: about a quarter of these need search.
gen blanks60-20x20.txt --rows 20 --cols 20 --count 300   --seed 3 --blanks 0.6
# Hard: as blank as uniqueness allows (75% asked, about 66% reached); nine
# in ten need more than the rules and loop reasoning (parity, probing).
# About 0.4 s of CPU a puzzle to make.
gen hard-20x20.txt    --rows 20 --cols 20 --count 100    --seed 9 --blanks 0.75
gen hard-30x30.txt    --rows 30 --cols 30 --count 20     --seed 9 --blanks 0.75

# awk helpers over the judge format: a data set is a header `r c` and r rows.
AWK_DATASETS='
function lcg() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
BEGIN { seed = SEED + 1; k = 0; left = 0 }
left == 0 && NF == 2 && $1 == 0 && $2 == 0 { print "0 0"; exit }
left == 0 && NF == 2 { k++; left = $1; header(); next }
left > 0 { left--; row(); next }
'

# The 60%-blank puzzles that deduction without search leaves unfinished
# (`slink check` says needs=search).
if [ ! -s "$DIR/search-20x20.txt" ]; then
  echo "slink check $DIR/blanks60-20x20.txt | needs=search -> $DIR/search-20x20.txt" >&2
  # (check exits 1 here: these puzzles break the judge's promise.)
  { "$SLINK" check --promise "$DIR/blanks60-20x20.txt" || true; } |
    awk '/needs=search/ { for (i = 1; i <= NF; i++) if ($i ~ /^set=/) print substr($i, 5) }' > "$DIR/search.ids"
  awk -v SEED=0 -v IDS="$DIR/search.ids" "
    BEGIN { while ((getline id < IDS) > 0) keep[id + 0] = 1 }
    function header() { if (k in keep) print }
    function row() { if (k in keep) print }
    $AWK_DATASETS" "$DIR/blanks60-20x20.txt" > "$DIR/search-20x20.txt"
  rm -f "$DIR/search.ids"
fi

# Mostly several solutions: half the clues of 10x10 Slink blanked at random.
if [ ! -s "$DIR/multiple-10x10.txt" ]; then
  echo "awk: blank half the clues of the first 2000 of rules-10x10 -> $DIR/multiple-10x10.txt" >&2
  awk -v SEED=3 "
    function header() { if (k <= 2000) print }
    function row(   i, s) {
      if (k > 2000) return
      s = \"\"
      for (i = 1; i <= NF; i++) s = s (i > 1 ? \" \" : \"\") (lcg() < 0.5 ? \".\" : \$i)
      print s
    }
    $AWK_DATASETS" "$DIR/rules-10x10.txt" > "$DIR/multiple-10x10.txt"
fi

# Mostly no solution: one clue per 10x10 Slink puzzle changed.
if [ ! -s "$DIR/none-10x10.txt" ]; then
  echo "awk: change one clue of each of the first 2000 of rules-10x10 -> $DIR/none-10x10.txt" >&2
  awk -v SEED=4 "
    function header() { if (k <= 2000) { print; target = int(lcg() * \$1); r = 0 } }
    function row(   j) {
      if (k > 2000) return
      if (r++ == target) { j = 1 + int(lcg() * NF); \$j = (\$j + 1 + int(lcg() * 3)) % 4 }
      print
    }
    $AWK_DATASETS" "$DIR/rules-10x10.txt" > "$DIR/none-10x10.txt"
fi

# Malformed: every third data set of 20x20 Slink broken (a clue of 4, a
# letter, a short row in turn); the batch engine reports each and goes on.
if [ ! -s "$DIR/invalid-20x20.txt" ]; then
  echo "awk: break every third of the first 10000 of rules-20x20 -> $DIR/invalid-20x20.txt" >&2
  awk -v SEED=5 "
    function header() { if (k <= 10000) print; first = 1 }
    function row() {
      if (k > 10000) return
      if (first && k % 3 == 0) {
        m = (k / 3) % 3
        if (m == 0) \$1 = 4; else if (m == 1) \$1 = \"x\"; else \$1 = \"\"
        sub(/^ /, \"\")
      }
      first = 0
      print
    }
    $AWK_DATASETS" "$DIR/rules-20x20.txt" > "$DIR/invalid-20x20.txt"
fi

# The judge output of rules-20x20.txt, for the comparison with cat.
if [ ! -s "$DIR/rules-20x20.out" ]; then
  echo "slink < $DIR/rules-20x20.txt > $DIR/rules-20x20.out" >&2
  "$SLINK" < "$DIR/rules-20x20.txt" > "$DIR/rules-20x20.out"
fi
ls -l "$DIR" >&2
