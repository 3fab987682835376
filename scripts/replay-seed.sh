#!/usr/bin/env bash
# Shrinks a seed of the model-based test that crashes the test process (a trap, a segmentation
# fault, an abort). It runs the built test binary in child processes: first on prefixes of the
# seed's sequence (OBSERVING_STEPS=K, binary search over K) to find the shortest crashing
# prefix, then on that prefix with single steps left out (OBSERVING_SKIP_STEPS), keeping each
# removal that still crashes. It prints the steps that remain, as the model resolved them, and
# the crash.
#
#   scripts/replay-seed.sh SEED
#   CONFIGURATION=release SHRINK_SECONDS=60 scripts/replay-seed.sh SEED
#   scripts/replay-seed.sh
#
# Without SEED it first finds the seed: a default `swift test` prints only a summary line, so a
# crash names no seed; the script reruns the model-based suite with OBSERVING_VERBOSE=1 (each
# seed printed before it runs; OBSERVING_FIRST_SEED and OBSERVING_SEQUENCES pass through) and
# takes the last seed printed before the crash.
#
# Other OBSERVING_* variables (OBSERVING_ENGINE_SEMANTICS=1, ...) pass through to the test.
# A value mismatch is not a crash: the test reports it itself, with its shortest failing prefix
# and a shrunk sequence (OBSERVING_SEED=SEED swift test --filter ModelBased).
set -uo pipefail
cd "$(dirname "$0")/.."

seed=${1:-}
configuration=${CONFIGURATION:-debug}
shrink_seconds=${SHRINK_SECONDS:-120}
max_steps=200

echo "== building the tests ($configuration)" >&2
swift build --build-tests -c "$configuration" >&2 || exit 1
binary="$(swift build -c "$configuration" --show-bin-path)/ObservingPackageTests.xctest"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Whether the first $1 steps, without the steps listed in $2, crash the process (killed by a
# signal: exit status 128 + the signal's number).
crashes() {
    OBSERVING_SEED="$seed" OBSERVING_STEPS="$1" OBSERVING_SKIP_STEPS="${2:-}" OBSERVING_TRANSCRIPT=1 \
        "$binary" --testing-library swift-testing --filter ModelBasedTests >"$log" 2>&1
    [ $? -ge 128 ]
}

if [ -z "$seed" ]; then
    echo "== finding the crashing seed (OBSERVING_VERBOSE=1)" >&2
    OBSERVING_VERBOSE=1 "$binary" --testing-library swift-testing --filter ModelBasedTests >"$log" 2>&1
    status=$?
    if [ "$status" -lt 128 ]; then
        echo "the model-based suite did not crash (exit status $status); a value mismatch names its seed itself" >&2
        exit 1
    fi
    seed=$(sed -n 's/^ModelBased: seed \([0-9][0-9]*\)$/\1/p' "$log" | tail -n 1)
    if [ -z "$seed" ]; then
        echo "the suite crashed before its first seed:" >&2
        tail -n 20 "$log" >&2
        exit 1
    fi
    echo "seed $seed crashed" >&2
fi

if ! crashes "$max_steps"; then
    echo "seed $seed does not crash in $max_steps steps; a value mismatch is reported by:" >&2
    echo "  OBSERVING_SEED=$seed swift test --filter ModelBased" >&2
    exit 1
fi

echo "== finding the shortest crashing prefix" >&2
low=0
high=$max_steps
while [ $((low + 1)) -lt "$high" ]; do
    middle=$(((low + high) / 2))
    if crashes "$middle"; then high=$middle; else low=$middle; fi
done

echo "== leaving steps out (at most $shrink_seconds s)" >&2
skipped=""
deadline=$((SECONDS + shrink_seconds))
for ((step = high - 1; step >= 1 && SECONDS < deadline; step--)); do
    candidate="${skipped:+$skipped,}$step"
    if crashes "$high" "$candidate"; then skipped=$candidate; fi
done

crashes "$high" "$skipped"
echo "Seed $seed: the shortest crashing prefix has $high steps; it still crashes without steps [${skipped}]."
echo "Replay: OBSERVING_SEED=$seed OBSERVING_STEPS=$high OBSERVING_SKIP_STEPS=$skipped" \
    "OBSERVING_TRANSCRIPT=1 swift test --filter ModelBased"
echo "The steps that remain (renumbered), as the model resolved them, each printed before the library runs it:"
grep -aE '^  [0-9]+\. |^ +x[0-9]+ fires' "$log"
echo "The crash:"
grep -aE 'Fatal error|deallocated with|Program crashed' "$log"
grep -a -A 12 ' crashed:$' "$log" | head -n 13
