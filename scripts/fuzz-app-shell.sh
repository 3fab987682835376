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
# See scripts/lib/run-libfuzzer.sh for the build, the run and what it prints; -max_len 256
# is up to about 250 steps (the model-based test runs 100 per sequence). A failing input replays
# and shrinks with `swift run app-shell-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
script=fuzz-app-shell.sh name=fuzz-app-shell product=app-shell-fuzz corpus=Tests/Fuzz/app-shell-corpus max_len=256
source scripts/lib/run-libfuzzer.sh
