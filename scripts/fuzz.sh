#!/usr/bin/env bash
# Fuzzes the demo's event input (line splitter, event parser, events applied to the shell) with
# libFuzzer for SECONDS seconds, starting from the seed corpus in Tests/Fuzz/corpus.
#
# usage: scripts/fuzz.sh SECONDS [--address]
#
# Builds the observe-demo-fuzz product, optimized, with the fuzzer sanitizer (in .build-fuzz;
# FUZZING makes libFuzzer supply `main`), copies the corpus to a temporary folder so that the
# run adds nothing to the repository, and runs. With --address, AddressSanitizer is added (in
# .build-fuzz-address): about five times slower, it also catches memory errors in the unsafe
# code beneath and leaks per input. Prints the number of executions and the coverage reached.
# Exits non-zero when the fuzzer finds a crash, a trap, a hang or (with --address) a memory
# error or leak, leaving the failing input in the temporary folder (its path and bytes are
# printed); replay it with `swift run observe-demo-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/fuzz.sh SECONDS [--address]   (SECONDS a whole number, at least 1)"
if [[ $# -lt 1 || $# -gt 2 || ! $1 =~ ^[1-9][0-9]*$ ]] || [[ $# -eq 2 && $2 != --address ]]; then
    echo "$usage" >&2
    exit 2
fi
seconds=$1
# SwiftPM's --sanitize takes one sanitizer into the compile; AddressSanitizer goes in by hand.
# --sanitize fuzzer stays, as it keeps SwiftPM from naming an entry point libFuzzer's `main`
# would clash with.
build=(swift build -c release --product observe-demo-fuzz --sanitize fuzzer -Xswiftc -DFUZZING)
if [[ $# -eq 2 ]]; then
    build+=(-Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz-address)
else
    build+=(--scratch-path .build-fuzz)
fi

echo "== building observe-demo-fuzz (${build[*]:2})"
"${build[@]}"
fuzzer="$("${build[@]}" --show-bin-path)/observe-demo-fuzz"

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
edges=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$log" | head -n 1)
last=$(grep -E '^#[0-9]+.* cov: ' "$log" | tail -n 1 || true)
field() { grep -oE "$1: [^ ]+" <<<"$last" | cut -d ' ' -f 2 || true; }
echo "fuzz: ${executions:-unknown} executions in $seconds s; coverage: $(field cov) of ${edges:-?} instrumented" \
    "edges, $(field ft) features; corpus: $(field corp) (inputs/bytes)"

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
