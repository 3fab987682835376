#!/usr/bin/env bash
# Fuzzes the core library against the model-based test's reference model with libFuzzer for
# SECONDS seconds, starting from the seed corpus in Tests/Fuzz/core-corpus. Each input's bytes
# are the generator's random draws (ObservingModel's ByteStreamSource), so every input is a
# sequence of operations; the library and the reference model run it side by side, and the
# first disagreement traps with the listing of the steps.
#
# usage: scripts/fuzz-core.sh SECONDS [--address]
#
# See scripts/lib/run-libfuzzer.sh for the build, the run and what it prints; -max_len 1024 is
# about 150 steps (the model-based test runs 200). A failing input replays and shrinks with
# `swift run observe-core-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
script=fuzz-core.sh name=fuzz-core product=observe-core-fuzz corpus=Tests/Fuzz/core-corpus max_len=1024
source scripts/lib/run-libfuzzer.sh
