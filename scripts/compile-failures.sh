#!/usr/bin/env bash
# Checks that the programs in Tests/CompileFailures are rejected by the compiler, each with the
# diagnostic its `// expected-error:` line names: what the type system must keep refusing
# (isolated conformances to KeyValueObserver, non-Sendable captures in nonisolated handlers).
# Type-checks each file against the debug build of Observing (built here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target Observing >/dev/null
modules=$(swift build --show-bin-path)/Modules
status=0
for file in Tests/CompileFailures/*.swift; do
    expected=$(sed -n 's|^// expected-error: ||p' "$file")
    if output=$(swiftc -swift-version 6 -typecheck -I "$modules" "$file" 2>&1); then
        echo "FAIL: $file compiled; it must be rejected with: $expected" >&2
        status=1
    elif ! grep -qF -- "$expected" <<<"$output"; then
        echo "FAIL: $file was rejected, but not with: $expected" >&2
        echo "$output" | grep 'error:' | head -n 5 >&2
        status=1
    else
        echo "ok: $file is rejected ($expected)"
    fi
done
exit $status
