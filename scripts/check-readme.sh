#!/usr/bin/env bash
# Keeps README.md a one-screen introduction: at most 10,240 bytes (move reference material to
# CONTRIBUTING.md, docs/ or the DocC articles), and every relative link pointing at a file or
# folder of the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=10240
size=$(wc -c <README.md)
status=0
if [ "$size" -gt "$limit" ]; then
    echo "FAIL: README.md is $size bytes, over the $limit-byte limit" >&2
    status=1
fi
# Markdown links [text](target); external ones (scheme:) and in-page anchors (#) are skipped.
while read -r target; do
    path=${target%%#*}
    [ -z "$path" ] && continue
    if [ ! -e "$path" ]; then
        echo "FAIL: README.md links to $target, which does not exist" >&2
        status=1
    fi
done < <(grep -oE '\]\([^)]+\)' README.md | sed -E 's/^\]\(//; s/\)$//' | grep -vE '^[a-z]+:')
[ "$status" -eq 0 ] && echo "README.md: $size bytes (limit $limit), every relative link resolves"
exit "$status"
