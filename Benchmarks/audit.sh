#!/usr/bin/env bash
# Whole-repository audit versus parsing every Swift file (BENCHMARKS.md, "audit: a whole repository").
#
#   Benchmarks/audit.sh [APP...]     # APPs: folders of ../shared/corpus/apps (default: the five with the most
#                                    # Swift files, issue 26's set)
#   Benchmarks/audit.sh --generated  # a generated 2,000-file Swift tree (activity-bridge-bench generate-swift-tree)
#                                    # under a one-target project whose files no target lists (all unclaimed)
#
# Builds activity-bridge and activity-bridge-bench in release and measures, each as its own process under
# /usr/bin/time (CPU user+sys, wall, peak RSS), interleaved, RUNS times: `activity-bridge audit APP` (every
# project, target, plist, phrase file and intent definition, Swift facts with the prefilter), SwiftParser over
# every Swift file of the same folder (`activity-bridge-bench swift-facts --parse-only`) and `grep -rl` with
# the trigger names as the floor. CPU time is the fair figure on a shared machine. Per app it prints each run,
# then one line of medians with the ratio audit / parse-all (issue 26's goal: at most 0.1, peak RSS ≤ 150 MB).
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
    apps=("$app")
else
    corpus="$root/../shared/corpus/apps"
    [ -d "$corpus" ] || { echo "needs $corpus (../shared beside the checkout)" >&2; exit 1; }
    if [ $# -gt 0 ]; then
        apps=(); for name in "$@"; do apps+=("$corpus/$name"); done
    else
        mapfile -t apps < <(for dir in "$corpus"/*/; do echo "$(find "$dir" -name '*.swift' | wc -l) ${dir%/}"; done \
            | sort -rn | head -5 | cut -d' ' -f2-)
    fi
    for app in "${apps[@]}"; do [ -d "$app" ] || { echo "needs $app" >&2; exit 1; }; done
fi

measure() {  # LABEL COMMAND...: one line "LABEL cpu=… wall=… rss=…"; CPU and RSS also into $cpu and $rss
    local label=$1; shift
    local stats; stats=$(mktemp)
    /usr/bin/time -o "$stats" -f "%U %S %e %M" "$@" >/dev/null 2>&1 || true
    read -r user sys wall rss < <(tail -1 "$stats")
    rm -f "$stats"
    cpu=$(python3 -c "print(round($user + $sys, 2))")
    rss=$((rss / 1024))
    printf '%-10s cpu=%s s wall=%s s rss=%d MB\n' "$label" "$cpu" "$wall" "$rss"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for app in "${apps[@]}"; do
    echo "$(find "$app" -name '*.swift' | wc -l) Swift files, $(du -sh --apparent-size "$app" | cut -f1) in $app"
    audits="" parses="" peak=0
    for _ in $(seq "$runs"); do
        measure audit "$bin/activity-bridge" audit "$app"
        audits+="$cpu"$'\n'; [ "$rss" -gt "$peak" ] && peak=$rss
        measure parse-all "$bin/activity-bridge-bench" swift-facts --parse-only "$app"
        parses+="$cpu"$'\n'
        measure grep grep -rl --include='*.swift' -e NSUserActivity -e activityType -e AppIntent -e AppShortcut \
            -e AppEntity -e AppEnum -e userActivity -e onContinueUserActivity -e intentClassName "$app"
    done
    audit=$(printf '%s' "$audits" | median) parse=$(printf '%s' "$parses" | median)
    printf 'median     %s: audit %s s, parse-all %s s, ratio %s, audit peak RSS %d MB\n' "$(basename "$app")" "$audit" "$parse" \
        "$(python3 -c "print(round($audit / $parse, 3) if $parse else 'n/a')")" "$peak"
done
