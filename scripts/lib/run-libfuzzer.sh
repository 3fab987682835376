# The libFuzzer run shared by scripts/fuzz.sh, scripts/fuzz-core.sh and
# scripts/fuzz-app-shell.sh, which set what differs and source this file with their own
# arguments:
#   script   the calling script's name, for the usage line
#   name     the run's name: messages, and the build folders .build-NAME and .build-NAME-address
#   product  the fuzz executable (a libFuzzer target built with -DFUZZING)
#   corpus   the seed corpus folder, copied to a temporary folder so that the run adds nothing
#   max_len  libFuzzer's -max_len, in bytes
#   dict     optional: a libFuzzer dictionary file
#   leaks    optional: "check" to keep LeakSanitizer on with --address (per input and at exit)
# Builds the product, optimized, with the fuzzer sanitizer (with --address, AddressSanitizer too,
# without leak detection unless `leaks` says so), runs it for SECONDS seconds, prints the executions, the coverage
# reached and whether anything was found, and exits non-zero when the fuzzer finds a
# disagreement, a crash, a trap, a hang or a memory error, keeping the failing input.
usage="usage: scripts/$script SECONDS [--address]   (SECONDS a whole number, at least 1)"
if [[ $# -lt 1 || $# -gt 2 || ! $1 =~ ^[1-9][0-9]*$ ]] || [[ $# -eq 2 && $2 != --address ]]; then
    echo "$usage" >&2
    exit 2
fi
seconds=$1
# SwiftPM's --sanitize takes one sanitizer into the compile; AddressSanitizer goes in by hand.
# --sanitize fuzzer stays, as it keeps SwiftPM from naming an entry point libFuzzer's `main`
# would clash with.
build=(swift build -c release --product "$product" --sanitize fuzzer -Xswiftc -DFUZZING)
options=()
[[ -n ${dict:-} ]] && options+=(-dict="$dict")
if [[ $# -eq 2 ]]; then
    build+=(-Xswiftc -sanitize=fuzzer,address --scratch-path ".build-$name-address")
    if [[ ${leaks:-} != check ]]; then
        # No leak detection, per input or at exit, for the core's fuzzers: the process-wide
        # table of observed objects drops a dead object's entry later, by design (ObjectHome),
        # and LeakSanitizer reports the weak-reference side table of the entry's registry as
        # leaked.
        options+=(-detect_leaks=0)
        export ASAN_OPTIONS=detect_leaks=0
    fi
else
    build+=(--scratch-path ".build-$name")
fi

echo "== building $product (${build[*]:2})"
"${build[@]}"
fuzzer="$("${build[@]}" --show-bin-path)/$product"

work=$(mktemp -d "${TMPDIR:-/tmp}/$product.XXXXXX")
mkdir "$work/corpus" "$work/artifacts"
cp "$corpus"/* "$work/corpus/"
log="$work/fuzz.log"

echo "== fuzzing for $seconds s (log: $log)"
status=0
started=$SECONDS
# The Swift runtime's backtracer is turned off so that libFuzzer's handler reports the crash and
# writes the input; the runtime still prints the fatal error's message (the listing).
SWIFT_BACKTRACE=enable=no "$fuzzer" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 ${options[@]+"${options[@]}"} \
    >"$log" 2>&1 || status=$?
elapsed=$((SECONDS - started))

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
edges=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$log" | head -n 1)
last=$(grep -E '^#[0-9]+.* cov: ' "$log" | tail -n 1 || true)
field() { grep -oE "$1: [^ ]+" <<<"$last" | cut -d ' ' -f 2 || true; }
echo "$name: ${executions:-unknown} executions in $elapsed s (${rate:-?}/s); coverage: $(field cov) of" \
    "${edges:-?} instrumented edges, $(field ft) features; corpus: $(field corp) (inputs/bytes)"

if [[ $status -ne 0 ]]; then
    echo "$name: found something: the fuzzer stopped with status $status; the end of its log:" >&2
    # Without the stack frames (libFuzzer's and the Swift runtime's), which name no symbols here.
    grep -vE '^ +#[0-9]+ |^[0-9]+ +[^ ]+ +0x' "$log" | tail -n 60 | cut -c 1-2000 >&2
    for input in "$work"/artifacts/*; do
        [[ -e $input ]] || continue
        echo "$name: failing input $input ($(wc -c <"$input") bytes);" \
            "replay and shrink it: swift run $product $input" >&2
    done
    echo "$name: kept $work" >&2
    exit 1
fi
echo "$name: found nothing (no disagreement, crash or hang)"
rm -rf "$work"
