#!/usr/bin/env bash
# Property-list parse benchmarks (BENCHMARKS.md, "Property lists: binary reader, writers, parse comparison").
#
#   Benchmarks/plist.sh [WORKDIR]
#
# Builds activity-bridge-bench in release, generates the inputs into WORKDIR (a temporary directory by
# default) and measures each reader as its own process with /usr/bin/time: wall clock, CPU (user+sys)
# and peak RSS. Readers: ours (XML and binary), Foundation's PropertyListSerialization, libxml2's
# `xmllint --noout --stream` (XML only; no values built) and Python's plistlib.
# Inputs: the 150,000-activity donation log (~109 MB XML), a 300,000-key dictionary and 2,000 nested
# arrays, each as XML and as binary (written by our binary writer).
#
# Environment: SCRATCH (release build directory, default /tmp/build-plist-bench-rel), COUNT (150000),
# KEYS (300000), DEPTH (2000), RUNS (3; figures are medians, RSS the maximum).
# Needs: /usr/bin/time (apt-get install time), xmllint (apt-get install libxml2-utils), python3.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/build-plist-bench-rel}
count=${COUNT:-150000}
keys=${KEYS:-300000}
depth=${DEPTH:-2000}
runs=${RUNS:-3}
work=${1:-$(mktemp -d)}
mkdir -p "$work"

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
command -v xmllint >/dev/null || { echo "needs xmllint: apt-get install libxml2-utils" >&2; exit 1; }

(cd "$root" && swift build -c release --scratch-path "$scratch" --product activity-bridge-bench >&2)
bench="$scratch/release/activity-bridge-bench"

generate() {  # generate NAME SHAPE OPTION VALUE: NAME.plist and NAME.bplist
    local name=$1 shape=$2 option=$3 value=$4
    [ -f "$work/$name.plist" ] || "$bench" generate "$shape" "$option" "$value" "$work/$name.plist" >/dev/null
    [ -f "$work/$name.bplist" ] || "$bench" generate "$shape" "$option" "$value" --format binary1 "$work/$name.bplist" >/dev/null
}
generate log donation-log --count "$count"
generate wide wide-dict --keys "$keys"
generate deep deep-array --depth "$depth"

source "$(dirname "$0")/common.sh"

plistlib='import plistlib, sys; plistlib.load(open(sys.argv[1], "rb"))'
for name in log wide deep; do
    echo
    echo "### $name: $(wc -c < "$work/$name.plist") bytes XML, $(wc -c < "$work/$name.bplist") bytes binary"
    echo
    echo "| reader | wall (median) | CPU user+sys (median) | peak RSS |"
    echo "| --- | --- | --- | --- |"
    measure "ours, XML" "$bench" parse "$work/$name.plist"
    measure "Foundation, XML" "$bench" foundation-parse "$work/$name.plist"
    measure "xmllint --stream --huge" xmllint --noout --stream --huge "$work/$name.plist"
    measure "python plistlib, XML" python3 -c "$plistlib" "$work/$name.plist"
    measure "ours, binary" "$bench" parse "$work/$name.bplist"
    measure "Foundation, binary" "$bench" foundation-parse "$work/$name.bplist"
    measure "python plistlib, binary" python3 -c "$plistlib" "$work/$name.bplist"
    measure "ours, XML to binary (convert-binary)" "$bench" convert-binary "$work/$name.plist" "$work/$name.out.bplist"
done
