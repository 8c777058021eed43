#!/usr/bin/env bash
# Whole-repository audit versus parsing every Swift file (BENCHMARKS.md, "audit: a whole repository").
#
#   Benchmarks/audit.sh [APP]        # APP: a folder of ../shared/corpus/apps (default mastodon-ios, the largest)
#   Benchmarks/audit.sh --generated  # a generated 2,000-file Swift tree (activity-bridge-bench generate-swift-tree)
#                                    # under a one-target project whose files no target lists (all unclaimed)
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
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
(cd "$root" && swift build -c release --scratch-path "$scratch" --product activity-bridge-bench >&2 \
    && swift build -c release --scratch-path "$scratch" --product activity-bridge >&2)
bin="$scratch/release"

if [ "${1:-}" = "--generated" ]; then
    app=${WORK:-/tmp/audit-generated-tree}
    if [ ! -d "$app/App.xcodeproj" ]; then
        "$bin/activity-bridge-bench" generate-swift-tree --files "${FILES:-2000}" "$app/Sources" >&2
        mkdir -p "$app/App.xcodeproj"
        printf '%s\n' '// !$*UTF8*$!' '{ objects = {' \
            'P = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; targets = (T, ); };' \
            'G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };' \
            'PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); defaultConfigurationName = Release; };' \
            'PR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };' \
            'T = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); name = App; productType = "com.apple.product-type.application"; };' \
            'TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); defaultConfigurationName = Release; };' \
            'TR = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; PRODUCT_BUNDLE_IDENTIFIER = com.example.generated; }; name = Release; };' \
            '}; rootObject = P; }' > "$app/App.xcodeproj/project.pbxproj"
    fi
else
    app="$root/../shared/corpus/apps/${1:-mastodon-ios}"
    [ -d "$app" ] || { echo "needs $app (../shared/corpus/apps beside the checkout)" >&2; exit 1; }
fi

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
