#!/usr/bin/env bash
# Fuzzes the app-shell models (TabBarModel) against the app shell's model-based test's reference
# model with libFuzzer for SECONDS seconds, starting from the seed corpus in
# Tests/Fuzz/app-shell-corpus. Each input's bytes are the generator's choices, one byte each
# (AppShellModel's ShellByteSource): the reactions, then the steps, so every input is a sequence
# of operations with observers and a delegate that make nested changes; the live models and the
# reference model run it side by side, and the first disagreement traps with the listing of the
# steps.
#
# usage: scripts/fuzz-app-shell.sh SECONDS [--address]
#
# Builds the app-shell-fuzz product, optimized, with the fuzzer sanitizer (in
# .build-fuzz-app-shell; FUZZING makes libFuzzer supply `main`), copies the corpus to a temporary
# folder so that the run adds nothing to the repository, and runs. With --address,
# AddressSanitizer is added (in .build-fuzz-app-shell-address), without leak detection (see below).
# Prints the executions (and per second), the coverage reached and whether anything was found.
# Exits non-zero when the fuzzer finds a disagreement, a crash, a trap, a hang or (with
# --address) a memory error, leaving the failing input in the temporary folder (its path is
# printed); replay and shrink it with `swift run app-shell-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/fuzz-app-shell.sh SECONDS [--address]   (SECONDS a whole number, at least 1)"
if [[ $# -lt 1 || $# -gt 2 || ! $1 =~ ^[1-9][0-9]*$ ]] || [[ $# -eq 2 && $2 != --address ]]; then
    echo "$usage" >&2
    exit 2
fi
seconds=$1
# As in scripts/fuzz.sh: --sanitize fuzzer keeps SwiftPM from naming an entry point, and
# AddressSanitizer goes in by hand.
build=(swift build -c release --product app-shell-fuzz --sanitize fuzzer -Xswiftc -DFUZZING)
options=()
if [[ $# -eq 2 ]]; then
    build+=(-Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz-app-shell-address)
    # No leak detection, per input or at exit, as in scripts/fuzz-core.sh (the core's
    # manual-notification table and weak-reference side tables read as leaks).
    options+=(-detect_leaks=0)
    export ASAN_OPTIONS=detect_leaks=0
else
    build+=(--scratch-path .build-fuzz-app-shell)
fi

echo "== building app-shell-fuzz (${build[*]:2})"
"${build[@]}"
fuzzer="$("${build[@]}" --show-bin-path)/app-shell-fuzz"

work=$(mktemp -d "${TMPDIR:-/tmp}/app-shell-fuzz.XXXXXX")
mkdir "$work/corpus" "$work/artifacts"
cp Tests/Fuzz/app-shell-corpus/* "$work/corpus/"
log="$work/fuzz.log"

echo "== fuzzing for $seconds s (log: $log)"
status=0
started=$SECONDS
# The Swift runtime's backtracer is turned off so that libFuzzer's handler reports the crash and
# writes the input; the runtime still prints the fatal error's message (the listing).
# -max_len 256: up to about 250 steps (the model-based test runs 100 per sequence).
SWIFT_BACKTRACE=enable=no "$fuzzer" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -max_len=256 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 ${options[@]+"${options[@]}"} \
    >"$log" 2>&1 || status=$?
elapsed=$((SECONDS - started))

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
edges=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$log" | head -n 1)
last=$(grep -E '^#[0-9]+.* cov: ' "$log" | tail -n 1 || true)
field() { grep -oE "$1: [^ ]+" <<<"$last" | cut -d ' ' -f 2 || true; }
echo "fuzz-app-shell: ${executions:-unknown} executions in $elapsed s (${rate:-?}/s); coverage: $(field cov) of" \
    "${edges:-?} instrumented edges, $(field ft) features; corpus: $(field corp) (inputs/bytes)"

if [[ $status -ne 0 ]]; then
    echo "fuzz-app-shell: found something: the fuzzer stopped with status $status; the end of its log:" >&2
    # Without the stack frames (libFuzzer's and the Swift runtime's), which name no symbols here.
    grep -vE '^ +#[0-9]+ |^[0-9]+ +[^ ]+ +0x' "$log" | tail -n 60 | cut -c 1-2000 >&2
    for input in "$work"/artifacts/*; do
        [[ -e $input ]] || continue
        echo "fuzz-app-shell: failing input $input ($(wc -c <"$input") bytes);" \
            "replay and shrink it: swift run app-shell-fuzz $input" >&2
    done
    echo "fuzz-app-shell: kept $work" >&2
    exit 1
fi
echo "fuzz-app-shell: found nothing (no disagreement, crash or hang)"
rm -rf "$work"
