#!/usr/bin/env bash
# The generator's rate: puzzles per second per core of `slink gen` at each
# grade asked, against Loopy's generator at its matching level, CPU time
# (user + sys) of whole processes, one thread each, side by side. A
# million tricky 20x20 puzzles is `--count 1000000` (hours of one core;
# `slink gen --first K --count N` splits such a run across machines, the
# bytes the same for any -j).
#
# usage: benches/gen_rate.sh [--slink BIN] [--loopy BIN] [--count N]
#                            [--loopy-count K] [--size S] [--seed X]
#                            [--grades tricky,hard]
# Loopy (../shared/peers/build.sh) is skipped if its binary is missing.
set -euo pipefail

slink=target/release/slink
loopy=/tmp/slink-peers/loopy
count=200
loopy_count=20
size=20
seed=1
grades=tricky,hard
while [ $# -gt 0 ]; do
  case "$1" in
    --slink) slink=$2; shift 2 ;;
    --loopy) loopy=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --loopy-count) loopy_count=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --grades) grades=$2; shift 2 ;;
    *) echo "gen_rate.sh: unknown argument $1 (see the usage at the top)" >&2; exit 2 ;;
  esac
done
[ -x "$slink" ] || { echo "gen_rate.sh: no slink binary at $slink (cargo build --release)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CPU seconds (user + sys) of a command, its standard output to $2.
cpu() {
  local out=$1; shift
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > "$out" 2> "$tmp/err" || {
    echo "gen_rate.sh: failed: $* ($(tail -1 "$tmp/err"))" >&2; exit 1; }
  awk '{ printf "%.2f", $1 + $2 }' "$tmp/time"
}

# Loopy's level for a slink grade (Loopy's levels are all slink's
# `normal` or harder; its Tricky and Hard are the nearest).
loopy_level() {
  case "$1" in
    easy) echo e ;; normal) echo n ;; tricky) echo t ;; hard) echo h ;;
    *) echo "gen_rate.sh: no Loopy level for grade $1" >&2; exit 2 ;;
  esac
}

echo "| grade | ${size}x${size} | slink CPU | slink puzzles/s/core | Loopy | Loopy CPU | Loopy puzzles/s/core | slink is N times faster |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
for grade in ${grades//,/ }; do
  s=$(cpu "$tmp/out" "$slink" gen --rows "$size" --cols "$size" --difficulty "$grade" \
        --count "$count" --seed "$seed" -j1)
  made=$(grep -c "^$size $size\$" "$tmp/out" || true)
  [ "$made" -eq "$count" ] || { echo "gen_rate.sh: $made of $count puzzles written" >&2; exit 1; }
  rate=$(awk -v n="$count" -v t="$s" 'BEGIN { printf "%.1f", n / t }')
  if [ -x "$loopy" ]; then
    l=$(cpu "$tmp/loopy" "$loopy" gen "${size}x${size}t0d$(loopy_level "$grade")" "$loopy_count" "$seed")
    lrate=$(awk -v n="$loopy_count" -v t="$l" 'BEGIN { printf "%.2f", n / t }')
    ratio=$(awk -v a="$rate" -v b="$lrate" 'BEGIN { printf "%.1fx", a / b }')
    echo "| $grade | $count | ${s} s | **$rate** | $loopy_count | ${l} s | $lrate | $ratio |"
  else
    echo "| $grade | $count | ${s} s | **$rate** | | | | (no Loopy at $loopy) |"
  fi
done
