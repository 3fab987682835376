#!/usr/bin/env bash
# Fuzzes the demo's event input (line splitter, event parser, events applied to the shell) with
# libFuzzer for SECONDS seconds, starting from the seed corpus in Tests/Fuzz/corpus.
#
# usage: scripts/fuzz.sh SECONDS [--address]
#
# See scripts/lib/run-libfuzzer.sh for the build (in .build-fuzz; FUZZING makes libFuzzer supply
# `main`), the run and what it prints. With --address, AddressSanitizer is added (in
# .build-fuzz-address): about five times slower, it also catches memory errors in the unsafe
# code beneath and leaks per input. A failing input is kept in the temporary folder; replay it
# with `swift run observe-demo-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
script=fuzz.sh name=fuzz product=observe-demo-fuzz corpus=Tests/Fuzz/corpus max_len=4096
dict=Tests/Fuzz/events.dict leaks=check
source scripts/lib/run-libfuzzer.sh
