#!/usr/bin/env bash
# Builds every DocC catalog of the package and fails on any DocC warning (an unresolved
# ``Symbol`` or <doc:Article> link, a bad directive, …), so the documentation cannot rot silently.
#
#   scripts/docs.sh               # build, extract symbol graphs, convert every catalog
#   DOCS_OUTPUT=/tmp/docs scripts/docs.sh
#
# Output: one .doccarchive per catalog under $DOCS_OUTPUT (default .build/docs).
# Needs the toolchain's `docc` and `swift-symbolgraph-extract` (both ship with Swift 6);
# override with DOCC=… and SYMBOLGRAPH_EXTRACT=….
#
# Parameter documentation is not validated: the house style documents the parameters that need
# a word, not every one.
set -euo pipefail

cd "$(dirname "$0")/.."
DOCC=${DOCC:-$(command -v docc || true)}
EXTRACT=${SYMBOLGRAPH_EXTRACT:-$(command -v swift-symbolgraph-extract || true)}
OUTPUT=${DOCS_OUTPUT:-.build/docs}
[[ -x "$DOCC" ]] || { echo "error: docc not found (set DOCC=/path/to/docc)" >&2; exit 1; }
[[ -x "$EXTRACT" ]] || { echo "error: swift-symbolgraph-extract not found (set SYMBOLGRAPH_EXTRACT=…)" >&2; exit 1; }

# Library modules with a catalog and public symbols; ActivityBridgeCLI's catalog is articles only
# (its command declarations are internal), so it is converted without a symbol graph.
LIBRARIES=(JSON Diagnostics PropertyList XcodeProject ActivityKit IntentKit ActivityBridge Audit)
ARTICLES_ONLY=(ActivityBridgeCLI)

swift build >&2
BIN=$(swift build --show-bin-path)
TRIPLE=$(swift -print-target-info | sed -n 's/.*"triple": *"\([^"]*\)".*/\1/p' | head -n 1)
INCLUDES=(-I "$BIN/Modules" -I Sources/CLibXML2 -I Sources/CSQLite)
if command -v pkg-config >/dev/null && pkg-config --exists libxml-2.0; then
    for flag in $(pkg-config --cflags-only-I libxml-2.0); do INCLUDES+=(-Xcc "$flag"); done
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUTPUT"
failed=0

# convert MODULE [SYMBOL_GRAPH_DIR]: converts Sources/MODULE/MODULE.docc; counts warnings as failures.
convert() {
    local module=$1 graphs=${2:-}
    local args=("Sources/$module/$module.docc" --output-path "$OUTPUT/$module.doccarchive"
                --fallback-display-name "$module" --fallback-bundle-identifier "org.activitybridge.$module"
                --disable-parameters-and-returns-validation)
    [[ -n "$graphs" ]] && args+=(--additional-symbol-graph-dir "$graphs")
    local log="$WORK/$module.log"
    if ! "$DOCC" convert "${args[@]}" >"$log" 2>&1 || grep -qE '^(warning|error):' "$log"; then
        echo "FAIL $module" >&2
        grep -E -A4 '^(warning|error):' "$log" >&2 || cat "$log" >&2
        failed=1
    else
        echo "ok   $module -> $OUTPUT/$module.doccarchive" >&2
    fi
}

for module in "${LIBRARIES[@]}"; do
    graphs="$WORK/symbol-graphs/$module"
    mkdir -p "$graphs"
    "$EXTRACT" -module-name "$module" -target "$TRIPLE" "${INCLUDES[@]}" \
        -minimum-access-level public -output-dir "$graphs"
    convert "$module" "$graphs"
done
for module in "${ARTICLES_ONLY[@]}"; do
    convert "$module"
done

exit "$failed"
