#!/usr/bin/env bash
# Compares what two slink binaries print on every corpus at hand: judge
# mode's drawings and `solve --format json --no-timing` records, byte for
# byte. Prints one line per file and corpus that differs, then SAME or
# DIFFERENT; exits 1 if anything differs.
#
#   benches/compare-outputs.sh OLD_SLINK NEW_SLINK [FILE...]
#
# Without FILEs: corpus/, ../shared/corpus/ (where present) and the
# benchmark corpora of target/bench-corpora (benches/corpora.sh), if made.
# A change that is meant to change an output says so, with this script's
# list of what differs, in its commit.
set -uo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2; shift 2
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(corpus/sample.in corpus/judge/slink.in corpus/generated/*.in)
  for f in ../shared/corpus/judge/slink.in ../shared/corpus/real/*.txt ../shared/corpus/hard/*.txt ../shared/corpus/human/*.txt \
           target/bench-corpora/*.txt; do
    [ -s "$f" ] && files+=("$f")
  done
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
status=0
for f in "${files[@]}"; do
  for mode in judge json; do
    for bin in old new; do
      exe=${!bin}
      if [ $mode = judge ]; then
        "$exe" < "$f" > "$tmp/$bin.out" 2> "$tmp/$bin.err"; echo "exit $?" >> "$tmp/$bin.err"
      else
        "$exe" solve -q --format json --no-timing "$f" > "$tmp/$bin.out" 2> "$tmp/$bin.err"; echo "exit $?" >> "$tmp/$bin.err"
      fi
    done
    if ! cmp -s "$tmp/old.out" "$tmp/new.out" || ! cmp -s "$tmp/old.err" "$tmp/new.err"; then
      echo "differs: $f ($mode)"
      status=1
    fi
  done
done
[ $status = 0 ] && echo SAME || echo DIFFERENT
exit $status
