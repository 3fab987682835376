#!/bin/sh
# Counts heap allocations per operation of one observe-bench cell with valgrind (memcheck's
# "total heap usage" line): the cell runs twice with different operation counts, and the
# difference in allocations divided by the difference in operations is the per-operation
# figure, free of set-up costs.
#
# usage: scripts/count-allocations.sh FILTER [DELIVERIES_PER_OPERATION]
#   e.g. scripts/count-allocations.sh b,W1        (per notification)
#        scripts/count-allocations.sh b,W2 100    (per delivered notification)
#
# The benchmark is the package in Benchmarks/; the script builds it in release first (in
# Benchmarks/.build). BENCH names another observe-bench executable to count instead.
set -eu
cd "$(dirname "$0")/.."
filter=$1
deliveries=${2:-1}
if [ -z "${BENCH:-}" ]; then
    swift build --package-path Benchmarks -c release >&2
    BENCH="$(swift build --package-path Benchmarks -c release --show-bin-path)/observe-bench"
fi
bench=$BENCH
runs=6  # one warm-up and five repetitions per count
count() {
    valgrind --tool=memcheck "$bench" --filter "$filter" --operations "$1" 2>&1 >/dev/null |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
small=$(count 200)
large=$(count 1200)
echo "$filter: $small allocs at 200 ops, $large at 1200 ops" >&2
awk -v s="$small" -v l="$large" -v r="$runs" -v d="$deliveries" \
    'BEGIN { printf "%.3f allocations per delivery\n", (l - s) / (r * 1000 * d) }'
