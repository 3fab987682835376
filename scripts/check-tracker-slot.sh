#!/usr/bin/env bash
# Checks that a release build has one thread-local tracker slot (observing_trackerSlot, in
# Sources/ObservingRuntime/include/ObservingRuntime.h). The slot is `static` in the header, so
# every object file whose code touches it has a copy of its own; only AccessTracking.swift's
# @inline(never) accessors may touch it. If an accessor is inlined into another file, a tracked
# read set through one copy is unseen by a getter reading another, and computed-property
# observations silently register nothing (this happened once: 18 release-only test failures).
#
# usage: scripts/check-tracker-slot.sh [SCRATCH_PATH]   (default .build-release)
# Run after `swift test -c release --scratch-path SCRATCH_PATH`, which builds the test binary
# (a plain `swift build --build-tests -c release` cannot: the tests import modules testably).
# Counts the slot's symbols in that binary with nm (binutils). Exits 1 unless it is 1, 2 when
# there is no test binary.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-release}
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/ObservingPackageTests.xctest"
if [ ! -f "$bin" ]; then
    echo "check-tracker-slot: no test binary at $bin; run swift test -c release --scratch-path $scratch first" >&2
    exit 2
fi
count=$(nm "$bin" | grep -c ' observing_trackerSlot$' || true)
if [ "$count" != 1 ]; then
    echo "check-tracker-slot: $bin has $count copies of observing_trackerSlot, expected 1;" \
        "a function that calls observing_currentTracker or observing_setCurrentTracker was" \
        "inlined outside AccessTracking.swift (see the comment in ObservingRuntime.h)" >&2
    exit 1
fi
echo "check-tracker-slot: one observing_trackerSlot in $bin"
