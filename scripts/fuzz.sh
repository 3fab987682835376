#!/usr/bin/env bash
# Fuzzes the demo's event input (line splitter, event parser, events applied to the shell) with
# libFuzzer for SECONDS seconds, starting from the seed corpus in Tests/Fuzz/corpus.
#
# usage: scripts/fuzz.sh SECONDS
#
# Builds the observe-demo-fuzz product with the fuzzer sanitizer (in .build-fuzz; FUZZING makes
# libFuzzer supply `main`), copies the corpus to a temporary folder so that the run adds nothing
# to the repository, and runs. Prints the number of executions and the coverage reached. Exits
# non-zero when the fuzzer finds a crash, a trap or a hang, leaving the failing input in the
# temporary folder (its path and bytes are printed); replay it with
# `swift run observe-demo-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -ne 1 || ! $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: scripts/fuzz.sh SECONDS   (a whole number of seconds, at least 1)" >&2
    exit 2
fi
seconds=$1

echo "== building observe-demo-fuzz (release, --sanitize fuzzer)"
swift build -c release --product observe-demo-fuzz --sanitize fuzzer -Xswiftc -DFUZZING --scratch-path .build-fuzz
fuzzer="$(swift build -c release --product observe-demo-fuzz --sanitize fuzzer -Xswiftc -DFUZZING \
    --scratch-path .build-fuzz --show-bin-path)/observe-demo-fuzz"

work=$(mktemp -d "${TMPDIR:-/tmp}/observe-demo-fuzz.XXXXXX")
mkdir "$work/corpus" "$work/artifacts"
cp Tests/Fuzz/corpus/* "$work/corpus/"
log="$work/fuzz.log"

echo "== fuzzing for $seconds s (log: $log)"
status=0
# The Swift runtime's backtracer is turned off so that libFuzzer's handler reports the crash and
# writes the input; the runtime still prints the failed precondition's message.
SWIFT_BACKTRACE=enable=no "$fuzzer" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -max_len=4096 \
    -dict=Tests/Fuzz/events.dict -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    >"$log" 2>&1 || status=$?

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
coverage=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[^ ]+' || true)
echo "fuzz: ${executions:-unknown} executions in $seconds s; ${coverage:-no coverage line}"

if [[ $status -ne 0 ]]; then
    echo "fuzz: the fuzzer stopped with status $status; the end of its log:" >&2
    # Without the stack frames (libFuzzer's and the Swift runtime's), which name no symbols here.
    grep -vE '^ +#[0-9]+ |^[0-9]+ +[^ ]+ +0x' "$log" | tail -n 30 | cut -c 1-2000 >&2
    for input in "$work"/artifacts/*; do
        [[ -e $input ]] || continue
        echo "fuzz: failing input $input:" >&2
        od -A d -c "$input" | head -n 40 >&2
    done
    echo "fuzz: kept $work" >&2
    exit 1
fi
rm -rf "$work"
