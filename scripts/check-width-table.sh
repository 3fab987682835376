#!/usr/bin/env bash
# Checks that the committed East Asian Width table (Sources/TabBarModel/Internal/
# EastAsianWidth+Table.swift) is what scripts/generate-width-table.py makes from the machine's
# Unicode data (Debian's unicode-data package: /usr/share/unicode/EastAsianWidth.txt).
#
# usage: scripts/check-width-table.sh [--install]
#
# With --install, first installs unicode-data with apt-get (as .ci/run does; needs root), and
# python3 only when the machine has none. Exits 1 with the difference when the table is stale
# (regenerate it with scripts/generate-width-table.py and commit), 2 when the data file is
# missing or its Unicode version is not the table's (the table would differ by the data's
# version, not by a mistake: regenerate it on purpose, or install the data of the table's version).
set -euo pipefail
cd "$(dirname "$0")/.."

data=/usr/share/unicode/EastAsianWidth.txt
table=Sources/TabBarModel/Internal/EastAsianWidth+Table.swift
if [[ ${1:-} == --install ]]; then
    packages=(unicode-data)
    command -v python3 >/dev/null || packages+=(python3)
    apt-get update -qq && apt-get install -y -qq "${packages[@]}" >/dev/null
fi
if [[ ! -r $data ]]; then
    echo "check-width-table: $data is missing; install Debian's unicode-data package" \
        "(apt-get install unicode-data) or run with --install" >&2
    exit 2
fi
data_version=$(sed -n '1s/^# EastAsianWidth-\([0-9.]*\)\.txt.*/\1/p' "$data")
table_version=$(sed -n 's/^ *package static let unicodeVersion = "\([0-9.]*\)".*/\1/p' "$table")
if [[ -z $data_version || -z $table_version || $data_version != "$table_version" ]]; then
    echo "check-width-table: $data is Unicode ${data_version:-(no version on line 1)}, but $table" \
        "is generated from Unicode ${table_version:-(no unicodeVersion found)}; install the data of" \
        "the table's version, or regenerate the table from this data with" \
        "scripts/generate-width-table.py on purpose and commit it" >&2
    exit 2
fi
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
python3 scripts/generate-width-table.py "$data" "$generated"
if ! diff -u "$table" "$generated"; then
    echo "check-width-table: $table differs from what $data gives ($(head -n 1 "$data"));" \
        "regenerate it with scripts/generate-width-table.py" >&2
    exit 1
fi
echo "check-width-table: $table matches $(head -n 1 "$data" | sed 's/^# //') ($(grep -c '\.\.\.' "$table") lines of ranges)"
