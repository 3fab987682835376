#!/usr/bin/env bash
# Builds the DocC documentation of Observing and TabBarModel with the toolchain's docc, treating
# every warning (an unresolved symbol link, a bad parameter list) as an error.
#
# usage: scripts/docs.sh [OUTPUT_DIR]
#   OUTPUT_DIR  where to write Observing.doccarchive and TabBarModel.doccarchive; a new
#               temporary folder by default (the archives are never committed)
#
# Symbol graphs come from a build in its own scratch folder (.build-docs), so the normal
# .build is left alone; that folder is reused, so later runs rebuild only what changed.
# DOCC overrides the docc executable (default: the one next to `swift`, else /opt/swift/usr/bin/docc).
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-$(mktemp -d "${TMPDIR:-/tmp}/observing-docs.XXXXXX")}
scratch=.build-docs
graphs="$scratch/symbol-graphs"

docc=${DOCC:-}
if [ -z "$docc" ]; then
    swift_path=$(command -v swift || true)
    if [ -n "$swift_path" ] && [ -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]; then
        docc="$(dirname "$(readlink -f "$swift_path")")/docc"
    else
        docc=/opt/swift/usr/bin/docc
    fi
fi
if [ ! -x "$docc" ]; then
    echo "docs.sh: error: no docc executable at '$docc' (set DOCC)" >&2
    exit 2
fi

echo "== symbol graphs (swift build --scratch-path $scratch)"
mkdir -p "$graphs"
# TabBarModel depends on Observing, so this builds (and emits the symbol graphs of) both.
swift build --scratch-path "$scratch" --target TabBarModel \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"

mkdir -p "$output"
staging=$(mktemp -d "${TMPDIR:-/tmp}/observing-symbol-graphs.XXXXXX")
trap 'rm -rf "$staging"' EXIT

for module in Observing TabBarModel; do
    echo "== docc convert $module"
    # Each archive gets only its own module's graphs (and its extensions of other modules).
    mkdir -p "$staging/$module"
    found=0
    for graph in "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json; do
        if [ -f "$graph" ]; then
            cp "$graph" "$staging/$module/"
            found=1
        fi
    done
    if [ "$found" -eq 0 ]; then
        echo "docs.sh: error: no symbol graph for $module in $graphs" >&2
        exit 1
    fi
    log="$staging/$module.log"
    if ! "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$staging/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors >"$log" 2>&1; then
        cat "$log" >&2
        echo "docs.sh: error: docc failed for $module" >&2
        exit 1
    fi
    grep -v "^[[:space:]]*$" "$log" || true
    # --warnings-as-errors already fails on a warning; this guards against a docc that
    # reports one without failing.
    if grep -qi "warning:" "$log"; then
        echo "docs.sh: error: docc reported warnings for $module" >&2
        exit 1
    fi
    echo "$module: 0 warnings -> $output/$module.doccarchive"
done

echo "documentation built in $output"
