#!/usr/bin/env bash
# Whole-repository audit versus parsing every Swift file (BENCHMARKS.md, "audit: a whole repository").
#
#   Benchmarks/audit.sh [APP]        # APP: a folder of ../shared/corpus/apps (default mastodon-ios, the largest)
#
# Builds activity-bridge and activity-bridge-bench in release and measures, each as its own process under
# /usr/bin/time (CPU user+sys, wall, peak RSS), interleaved, RUNS times: `activity-bridge audit APP` (every
# project, target, plist, phrase file and intent definition, Swift facts with the prefilter), SwiftParser over
# every Swift file of the same folder (`activity-bridge-bench swift-facts --parse-only`) and `grep -rl` with
# the trigger names as the floor. CPU time is the fair figure on a shared machine.
#
# Environment: SCRATCH (release build directory, default /tmp/audit-release), RUNS (default 3).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/audit-release}
runs=${RUNS:-3}
app="$root/../shared/corpus/apps/${1:-mastodon-ios}"
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
[ -d "$app" ] || { echo "needs $app (../shared/corpus/apps beside the checkout)" >&2; exit 1; }

(cd "$root" && swift build -c release --scratch-path "$scratch" --product activity-bridge-bench >&2 \
    && swift build -c release --scratch-path "$scratch" --product activity-bridge >&2)
bin="$scratch/release"

measure() {  # LABEL COMMAND...: one line "LABEL cpu=… wall=… rss=…"
    local label=$1; shift
    local stats; stats=$(mktemp)
    /usr/bin/time -o "$stats" -f "%U %S %e %M" "$@" >/dev/null 2>&1 || true
    read -r user sys wall rss < <(tail -1 "$stats")
    rm -f "$stats"
    printf '%-10s cpu=%s s wall=%s s rss=%d MB\n' "$label" "$(python3 -c "print(round($user + $sys, 2))")" "$wall" $((rss / 1024))
}

echo "$(find "$app" -name '*.swift' | wc -l) Swift files, $(du -sh --apparent-size "$app" | cut -f1) in $app"
for _ in $(seq "$runs"); do
    measure audit "$bin/activity-bridge" audit "$app"
    measure parse-all "$bin/activity-bridge-bench" swift-facts --parse-only "$app"
    measure grep grep -rl --include='*.swift' -e NSUserActivity -e activityType -e AppIntent -e AppShortcut \
        -e AppEntity -e AppEnum -e userActivity -e onContinueUserActivity -e intentClassName "$app"
done
