#!/usr/bin/env bash
# Objective-C: a whole-repository audit of an Objective-C-heavy app versus clang -fsyntax-only over the same
# .m/.mm files (BENCHMARKS.md, "audit: Objective-C").
#
#   Benchmarks/objc.sh [APP...]     # folders of ../shared/corpus/apps (default IRCCloud Hammerspoon ChatSecure-iOS)
#
# Builds activity-bridge in release and measures, each as its own process under /usr/bin/time (CPU user+sys,
# wall, peak RSS), interleaved, RUNS times: `activity-bridge audit APP` (everything: projects, plists, Swift
# and Objective-C facts; libclang with the prefilter), and the toolchain's `clang -fsyntax-only` over every
# .m/.mm file of the app (-w, no SDK, the app's header folders as -I, on every core: xargs -P NPROC, one
# process per file, as a build would run it). CPU time is the fair figure on a shared machine.
#
# Environment: SCRATCH (release build directory, default .build), RUNS (default 3), CLANG (default the
# toolchain's clang beside `swift`).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$root/.build}
runs=${RUNS:-3}
clang=${CLANG:-$(dirname "$(readlink -f "$(command -v swift)")")/clang}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
(cd "$root" && nice swift build -c release --scratch-path "$scratch" --product activity-bridge >&2)
bin="$scratch/release"
apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=(IRCCloud Hammerspoon ChatSecure-iOS)

measure() {  # label command...
    local out; out=$(mktemp)
    /usr/bin/time -f "%U %S %e %M" -o "$out" "${@:2}" >/dev/null 2>&1 || true
    read -r user sys wall rss < <(tail -1 "$out"); rm -f "$out"
    printf '%-28s cpu %6.2f s  wall %6.2f s  peak RSS %6.1f MB\n' "$1" "$(echo "$user + $sys" | bc)" "$wall" "$(echo "$rss / 1024" | bc -l)"
}

for app in "${apps[@]}"; do
    dir="$root/../shared/corpus/apps/$app"
    [ -d "$dir" ] || dir="/work/shared/corpus/apps/$app"
    files=$(mktemp); find "$dir" \( -name '*.m' -o -name '*.mm' \) -print0 > "$files"
    includes=$(find "$dir" -name '*.h' -printf '%h\n' | sort -u | sed 's/^/-I/' | tr '\n' ' ')
    count=$(tr -cd '\0' < "$files" | wc -c)
    echo "== $app: $count .m/.mm files"
    for run in $(seq "$runs"); do
        measure "audit (run $run)" "$bin/activity-bridge" audit "$dir"
        # shellcheck disable=SC2086
        measure "clang -fsyntax-only (run $run)" sh -c "xargs -0 -P $(nproc) -n 1 '$clang' -fsyntax-only -w -ferror-limit=1 -fobjc-arc -target arm64-apple-ios15.0 $includes < '$files'"
    done
    rm -f "$files"
done
