#!/usr/bin/env bash
# Walk Mate scale benchmark (BENCHMARKS.md, "Walk Mate"): replay cost must grow linearly with the
# number of favorites. For N = SMALL and N = LARGE (default 300 and 3,000) it generates one replay
# script that adds N favorites one by one, then says "Open NAME in Walk Mate" to Siri N times, then
# makes N Spotlight searches, and runs it with the release `activity-bridge replay`. The LARGE run
# must take at most LIMIT (15) times as long as the SMALL one.
#
#   swift build -c release --product activity-bridge
#   Benchmarks/walkmate.sh [WORKDIR]
#
# Environment: BIN (release products, default .build/release), SMALL, LARGE, RUNS (runs per size,
# default 3), LIMIT (allowed ratio, 15). Prints the median wall and CPU (user+sys) seconds per size
# and their ratios; exits 1 when the CPU-time ratio is over LIMIT (wall time on a shared machine
# mostly measures waiting, so it is reported but not judged), or when a replay fails.
#
# Siri uses the `.system.open` phrase: it is the system's (iOS 27) and not subject to the
# 1,000-phrase App Shortcut limit, so every favorite has one at both sizes ("Load NAME" phrases
# stop at 1,000, as on a device). Ten steps per phase carry expectations, so correctness is checked
# without turning each step into a full snapshot.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/.build/release}
small=${SMALL:-300}
large=${LARGE:-3000}
runs=${RUNS:-3}
limit=${LIMIT:-15}
work=${1:-$(mktemp -d)}
mkdir -p "$work"
tool="$bin/activity-bridge"
[ -x "$tool" ] || { echo "missing $tool: build the release product first" >&2; exit 1; }

# generate N FILE: the scale script for N favorites.
generate() {
    awk -v n="$1" '
    function name(i) { return sprintf("%s %s Loop %05d", words[i % 10], words[int(i / 10) % 10], i) }
    function step(body, expect) {
        printf "\t\t<dict>%s", body
        if (expect != "") printf "<key>expect</key><dict>%s</dict>", expect
        print "</dict>"
    }
    BEGIN {
        split("Park River Hill Forest Lake Meadow Canal Harbor Castle Bridge", w, " ")
        for (i = 0; i < 10; i++) words[i] = w[i + 1]
        every = int(n / 10); if (every < 1) every = 1
        print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        print "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
        print "<plist version=\"1.0\"><dict>"
        printf "\t<key>name</key><string>Walk Mate scale: %d favorites, %d Siri opens, %d searches</string>\n", n, n, n
        print "\t<key>app</key><string>walkmate</string><key>launched</key><true/><key>steps</key><array>"
        for (i = 0; i < n; i++) {
            lat = -60 + (i * 7919) % 12000 / 100; lon = -170 + (i * 104729) % 34000 / 100
            step(sprintf("<key>do</key><string>addFavorite</string><key>name</key><string>%s</string><key>latitude</key><real>%.2f</real><key>longitude</key><real>%.2f</real>", name(i), lat, lon), "")
        }
        step("<key>do</key><string>check</string>", sprintf("<key>favorites.count</key><integer>%d</integer>", n))
        for (i = 0; i < n; i++) {
            j = (i * 37) % n
            expect = (i % every == every - 1) ? sprintf("<key>outcome</key><string>handled</string><key>map.favorite</key><string>%s</string>", name(j)) : ""
            step(sprintf("<key>do</key><string>siri</string><key>utterance</key><string>Open %s in Walk Mate</string>", name(j)), expect)
        }
        for (i = 0; i < n; i++) {
            j = (i * 53) % n
            expect = (i % every == every - 1) ? sprintf("<key>results</key><array><string>%s</string></array>", name(j)) : ""
            step(sprintf("<key>do</key><string>spotlightSearch</string><key>query</key><string>%s</string>", tolower(name(j))), expect)
        }
        print "\t</array>"
        print "</dict></plist>"
    }' > "$2"
}

source "$(dirname "$0")/common.sh"

# measure N: runs the N-favorite script RUNS times; prints "WALL CPU" medians in seconds.
measure() {
    local script="$work/walkmate-scale-$1.plist" walls=() cpus=() line
    generate "$1" "$script"
    for _ in $(seq "$runs"); do
        # bash's `time` with TIMEFORMAT: real, user and sys seconds of the replay process.
        line=$( { TIMEFORMAT='%R %U %S'; time "$tool" replay "$script" > "$work/out-$1.txt" 2>&1; } 2>&1 ) || {
            echo "replay of $1 favorites failed:" >&2; tail -20 "$work/out-$1.txt" >&2; exit 1; }
        walls+=("$(echo "$line" | awk '{ print $1 }')")
        cpus+=("$(echo "$line" | awk '{ print $2 + $3 }')")
    done
    echo "$(printf '%s\n' "${walls[@]}" | median) $(printf '%s\n' "${cpus[@]}" | median)"
}

read -r small_wall small_cpu < <(measure "$small")
read -r large_wall large_cpu < <(measure "$large")
wall_ratio=$(awk -v a="$large_wall" -v b="$small_wall" 'BEGIN { printf "%.1f", a / b }')
cpu_ratio=$(awk -v a="$large_cpu" -v b="$small_cpu" 'BEGIN { printf "%.1f", a / b }')
steps_small=$(( small * 3 + 1 ))
steps_large=$(( large * 3 + 1 ))
echo "favorites | steps | wall s (median of $runs) | CPU s (user+sys)"
echo "$small | $steps_small | $small_wall | $small_cpu"
echo "$large | $steps_large | $large_wall | $large_cpu"
echo "ratio $large/$small: wall ${wall_ratio}x, CPU ${cpu_ratio}x (limit ${limit}x)"
awk -v r="$cpu_ratio" -v l="$limit" 'BEGIN { exit !(r <= l) }' || { echo "FAIL: CPU ratio over ${limit}x" >&2; exit 1; }
echo "PASS"

# Latency with 10,000 favorites (phrase resolution and Spotlight search, p50/p99): a release-build
# benchmark suite that the unit test run skips.
echo
echo "latency with 10,000 favorites (release):"
ACTIVITY_BRIDGE_BENCHMARKS=1 swift test -c release -Xswiftc -enable-testing --filter WalkMatePerformance 2>&1 \
  | grep -E "walkmate perf|passed|failed" || true
