#!/usr/bin/env bash
# diff of two revisions versus one audit of the larger one (BENCHMARKS.md, "diff: two revisions").
#
#   Benchmarks/diff.sh [CASE]   # CASE: a bundle of ../shared/corpus/histories (default amperfy-v2.0.0-to-v2.1.0,
#                               # the largest head: 442 files, 3.5 MB)
#
# Builds activity-bridge in release, clones the bundle into a temporary folder, checks `head` out into a second
# folder (the audit's input, a plain tree) and measures, each as its own process under /usr/bin/time (CPU
# user+sys, wall, peak RSS), interleaved, RUNS times: `activity-bridge audit HEAD_TREE` and
# `activity-bridge diff base head` in the clone (both revisions read from git objects, each audited).
# The target is diff ≤ 2.5× audit, under 400 MB. CPU time is the fair figure on a shared machine.
#
# Environment: SCRATCH (release build directory, default /tmp/diff-release), RUNS (default 3).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/diff-release}
runs=${RUNS:-3}
case=${1:-amperfy-v2.0.0-to-v2.1.0}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 1; }
(cd "$root" && swift build -c release --scratch-path "$scratch" --product activity-bridge >&2)
bin="$scratch/release/activity-bridge"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root/../shared/corpus/histories/$case.bundle" "$work/clone"
git clone -q "$work/clone" "$work/head" && git -C "$work/head" checkout -q head
for run in $(seq "$runs"); do
    /usr/bin/time -f "audit  run $run: %U+%S s CPU, %e s wall, %M KB" "$bin" audit "$work/head" > /dev/null || true
    (cd "$work/clone" && /usr/bin/time -f "diff   run $run: %U+%S s CPU, %e s wall, %M KB" "$bin" diff base head > /dev/null || true)
done
