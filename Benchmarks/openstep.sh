#!/usr/bin/env bash
# OpenStep (ASCII) property-list benchmarks (BENCHMARKS.md, "OpenStep reader: pbxproj files").
#
#   Benchmarks/openstep.sh [WORKDIR]
#
# Builds activity-bridge and activity-bridge-bench in release, generates a ~20 MB project.pbxproj
# into WORKDIR (a temporary directory by default) and measures each reader as its own process with
# /usr/bin/time: wall clock, CPU (user+sys) and peak RSS. Inputs: every project.pbxproj of
# ../shared/corpus/apps (one process reads them all, one document alive at a time), then the
# generated file. Readers: ours (`activity-bridge-bench parse`, also with --record-locations, and
# the real `activity-bridge plist lint`), Python's openstep_plist (Cython; pip install
# openstep-plist) and Foundation's PropertyListSerialization (`activity-bridge-bench
# foundation-parse`, the same tiny Swift program shape as ours). CPU time is the fair figure on a
# shared machine: wall clock includes waiting for a core.
#
# Environment: SCRATCH (release build directory, default /tmp/build-openstep-bench-rel),
# FILES (41500 source files in the generated project, ~20 MB), RUNS (5; figures are medians, RSS
# the maximum). Needs: /usr/bin/time (apt-get install time), python3 with openstep_plist.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/build-openstep-bench-rel}
files=${FILES:-41500}
runs=${RUNS:-5}
work=${1:-$(mktemp -d)}
corpus="$root/../shared/corpus/apps"
mkdir -p "$work"

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
python3 -c "import openstep_plist" 2>/dev/null || { echo "needs openstep_plist: pip install openstep-plist" >&2; exit 1; }
[ -d "$corpus" ] || { echo "needs ../shared/corpus/apps beside the checkout" >&2; exit 1; }

(cd "$root" && swift build -c release --scratch-path "$scratch" --product activity-bridge-bench >&2 \
    && swift build -c release --scratch-path "$scratch" --product activity-bridge >&2)
bench="$scratch/release/activity-bridge-bench"
cli="$scratch/release/activity-bridge"

[ -f "$work/generated.pbxproj" ] || "$bench" generate pbxproj --files "$files" "$work/generated.pbxproj" >/dev/null
mapfile -t projects < <(find "$corpus" -name project.pbxproj | sort)

# openstep_plist reads text; decode as our reader does (UTF-8, BOM skipped, UTF-16 by BOM).
cat > "$work/openstep_plist_parse.py" <<'EOF'
import sys, openstep_plist
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"\xef\xbb\xbf"): text = raw[3:].decode("utf-8")
    elif raw[:2] in (b"\xff\xfe", b"\xfe\xff"): text = raw.decode("utf-16")
    else: text = raw.decode("utf-8")
    value = openstep_plist.loads(text)
    del value
EOF

source "$(dirname "$0")/common.sh"
cpu_digits=3

table() {  # table TITLE FILE...
    local title=$1; shift
    echo
    echo "### $title"
    echo
    echo "| reader | wall (median) | CPU user+sys (median) | peak RSS |"
    echo "| --- | --- | --- | --- |"
    measure "ours (activity-bridge-bench parse)" "$bench" parse "$@"
    measure "ours, --record-locations" "$bench" parse --record-locations "$@"
    measure "ours (activity-bridge plist lint)" "$cli" plist lint "$@"
    measure "openstep_plist (python3, Cython)" python3 "$work/openstep_plist_parse.py" "$@"
    measure "Foundation PropertyListSerialization" "$bench" foundation-parse "$@"
    measure "process start only (python3 -c 'import openstep_plist')" python3 -c "import openstep_plist"
}

table "corpus: ${#projects[@]} project.pbxproj files, $(cat "${projects[@]}" | wc -c) bytes" "${projects[@]}"
table "generated: $(wc -c < "$work/generated.pbxproj") bytes, $files source files" "$work/generated.pbxproj"
