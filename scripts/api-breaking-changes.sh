#!/usr/bin/env bash
# Checks the public API of the products Observing and TabBarModel against the last release,
# whose commit .api-baseline records (a commit cannot hold its own hash, so the file is written
# in a commit after the release's). Fails on every break not accepted in
# api-breakage-allowlist.txt, printing what broke; CHANGELOG.md's "API stability" says how a
# deliberate break is recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r version commit < <(grep -v '^#' .api-baseline)
if [ -z "${commit:-}" ]; then
    echo "error: .api-baseline names no release commit (expected a line 'VERSION COMMIT')" >&2
    exit 1
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null && [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    echo "note: shallow clone; fetching the rest of the history for release $version's commit" >&2
    git fetch --quiet --unshallow || true
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        why="this is a shallow clone and 'git fetch --unshallow' failed: fetch the full history and try again"
    else
        why="the commit is not in this repository's history"
    fi
    echo "error: cannot check the API against release $version: commit $commit, recorded in .api-baseline, is missing ($why)" >&2
    exit 1
fi
echo "Checking the public API of Observing and TabBarModel against release $version ($commit)"
# A break the tool finds fails the run; its lines ("API breakage: ...") say what broke.
swift package diagnose-api-breaking-changes "$commit" --products Observing TabBarModel \
    --breakage-allowlist-path api-breakage-allowlist.txt
