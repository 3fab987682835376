#!/bin/sh
# Counts instructions per operation of one observe-bench cell with valgrind's callgrind: the
# cell runs twice with different operation counts, and the difference in instructions divided
# by the difference in operations is the per-operation figure, free of start-up and set-up
# costs. Instruction counts repeat exactly from run to run, so one run per count is enough to
# compare a change with its base (the closing notes' "callgrind instructions per operation").
#
# usage: scripts/count-instructions.sh FILTER [WORKLOAD]
#   e.g. scripts/count-instructions.sh b W1
#        scripts/count-instructions.sh c W4/10
#
# The benchmark is the package in Benchmarks/; the script builds it in release first (in
# Benchmarks/.build). BENCH names another observe-bench executable to count instead.
set -eu
cd "$(dirname "$0")/.."
strategy=$1
workload=${2:-W1}
if [ -z "${BENCH:-}" ]; then
    swift build --package-path Benchmarks -c release >&2
    BENCH="$(swift build --package-path Benchmarks -c release --show-bin-path)/observe-bench"
fi
bench=$BENCH
runs=6  # one warm-up and five repetitions per count, as scripts/count-allocations.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" \
        "$bench" --filter "$strategy" --filter "$workload" --operations "$1" >/dev/null 2>"$out/log.$1"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log.$1"
}
small=$(count 200)
large=$(count 1200)
awk -v s="$small" -v l="$large" -v r="$runs" -v f="$strategy $workload" \
    'BEGIN { printf "%s: %.1f instructions per operation\n", f, (l - s) / (r * 1000) }'
