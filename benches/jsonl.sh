#!/usr/bin/env bash
# Bulk scoring throughput: 100,000 random valid manches through `stecca score --jsonl`, timed twice: the answers
# thrown away (the scoring itself), then written to a file (what a user waits for; the system copies the answers into
# its page cache, 2.1 kB a manche for Mayumi's).
# Run from the repository root: bash benches/jsonl.sh [N] [RULES]
# RULES: a ruleset id (fimj when absent) or `mixed` (every ruleset in turn); RAYON_NUM_THREADS=1 for one core.
set -euo pipefail
n=${1:-100000}
rules=${2:-fimj}
dir=$(mktemp -d)
cargo build --quiet --release --bin stecca --example manches_jsonl
./target/release/examples/manches_jsonl "$n" "$dir/manches.jsonl" 0 "$rules"
echo "input: $n $rules manches, $(du -h "$dir/manches.jsonl" | cut -f1)"
# The input just written goes to the disk first: its write-back ran during the timing and took a core from the
# scoring threads (FIMJ: 0.53-0.56 s instead of 0.43-0.45 s, 2026-11-29).
sync
TIMEFORMAT="user CPU %U s, system %S s"
timed() { # OUT: runs the scoring into OUT, prints its CPU, and its wall time in seconds as the last line
  local start end
  start=$(date +%s.%N)
  time ./target/release/stecca score --jsonl "$dir/manches.jsonl" > "$1" || true
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }'
}
thrown=$(timed /dev/null 2>&1)
awk -v t="$(tail -1 <<< "$thrown")" -v cpu="$(head -n -1 <<< "$thrown")" -v n="$n" \
  'BEGIN { printf "stecca score --jsonl > /dev/null: %d manches in %.2f s (%s): %.0f manches/s\n", n, t, cpu, n / t }'
written=$(timed "$dir/results.jsonl" 2>&1)
lines=$(wc -l < "$dir/results.jsonl")
errors=$(grep -c '"error"' "$dir/results.jsonl" || true)
awk -v t="$(tail -1 <<< "$written")" -v cpu="$(head -n -1 <<< "$written")" -v n="$lines" -v err="$errors" \
  'BEGIN { printf "stecca score --jsonl > file: %d results (%d errors) in %.2f s (%s): %.0f manches/s\n", n, err, t, cpu, n / t }'
rm -rf "$dir"
