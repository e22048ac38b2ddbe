#!/usr/bin/env bash
# Bulk scoring throughput: 100,000 random valid manches through `stecca score --jsonl`.
# Run from the repository root: bash benches/jsonl.sh [N] [RULES]
# RULES: a ruleset id (fimj when absent) or `mixed` (every ruleset in turn); RAYON_NUM_THREADS=1 for one core.
set -euo pipefail
n=${1:-100000}
rules=${2:-fimj}
dir=$(mktemp -d)
cargo build --quiet --release --bin stecca --example manches_jsonl
./target/release/examples/manches_jsonl "$n" "$dir/manches.jsonl" 0 "$rules"
echo "input: $n $rules manches, $(du -h "$dir/manches.jsonl" | cut -f1)"
start=$(date +%s.%N)
TIMEFORMAT="user CPU %U s, system %S s"
time ./target/release/stecca score --jsonl "$dir/manches.jsonl" > "$dir/results.jsonl"
end=$(date +%s.%N)
lines=$(wc -l < "$dir/results.jsonl")
errors=$(grep -c '"error"' "$dir/results.jsonl" || true)
awk -v s="$start" -v e="$end" -v n="$lines" -v err="$errors" \
  'BEGIN { printf "stecca score --jsonl: %d results (%d errors) in %.2f s: %.0f manches/s\n", n, err, e - s, n / (e - s) }'
rm -rf "$dir"
