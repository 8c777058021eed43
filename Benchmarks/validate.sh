#!/usr/bin/env bash
# Benchmark: `activity-bridge validate` on 1,000 Info.plists in one run, against `plutil -lint` on the
# same files (the bar from issue 3: validate must be no slower).
#
# Usage: Benchmarks/validate.sh            # builds release into $SCRATCH (default /tmp/build-validate-rel)
#        BIN=/path/to/activity-bridge Benchmarks/validate.sh
# Env:   COUNT (default 1000), PLUTIL (default /opt/swift/usr/bin/plutil, else plutil on PATH),
#        CORPUS (default ../shared/corpus/realworld), RUNS (hyperfine runs, default 10).
# Needs: hyperfine for the comparison (falls back to a loop of `date +%s.%N` without it).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
count="${COUNT:-1000}"
runs="${RUNS:-10}"
corpus="${CORPUS:-$root/../shared/corpus/realworld}"
plutil="${PLUTIL:-/opt/swift/usr/bin/plutil}"
[ -x "$plutil" ] || plutil="$(command -v plutil)"

if [ -z "${BIN:-}" ]; then
    scratch="${SCRATCH:-/tmp/build-validate-rel}"
    swift build -c release --package-path "$root" --scratch-path "$scratch" --product activity-bridge >&2
    BIN="$scratch/release/activity-bridge"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/validate-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Sources: the corpus's XML Info.plists that plutil accepts, so both tools parse every file fully.
sources=()
for file in "$corpus"/*Info*.plist; do
    if head -c 8 "$file" | grep -q '^<?xml' && "$plutil" -lint "$file" >/dev/null 2>&1; then
        sources+=("$file")
    fi
done
[ "${#sources[@]}" -gt 0 ] || { echo "no usable Info.plists in $corpus" >&2; exit 1; }

# COUNT variants: source i mod N, each with its own BenchmarkVariant entry so no two files are equal.
mkdir -p "$work/plists"
for ((i = 0; i < count; i++)); do
    source="${sources[$((i % ${#sources[@]}))]}"
    sed "0,/<dict>/s//<dict><key>BenchmarkVariant<\/key><integer>$i<\/integer>/" "$source" \
        > "$work/plists/$(printf '%04d' "$i")-Info.plist"
done
bytes="$(cat "$work"/plists/*.plist | wc -c)"
echo "files: $count variants of ${#sources[@]} corpus Info.plists, $bytes bytes" >&2
echo "binary: $BIN" >&2
echo "plutil: $plutil" >&2

cd "$work/plists"
# Sanity: both tools read every file (validate exits 0 or 1 on findings; 64/66/70 would be a failure).
"$plutil" -lint ./*.plist >/dev/null
set +e
"$BIN" validate --define PRODUCT_BUNDLE_IDENTIFIER=com.example.app ./*.plist > "$work/validate.txt"
status=$?
set -e
[ "$status" -le 1 ] || { echo "validate failed with exit $status" >&2; exit 1; }
tail -1 "$work/validate.txt" >&2

validate_cmd="'$BIN' validate --define PRODUCT_BUNDLE_IDENTIFIER=com.example.app ./*.plist > /dev/null || true"
json_cmd="'$BIN' validate --format json ./*.plist > /dev/null || true"
plutil_cmd="'$plutil' -lint ./*.plist > /dev/null"

if command -v hyperfine >/dev/null; then
    hyperfine --warmup 2 --runs "$runs" --shell bash \
        -n "activity-bridge validate (text)" "$validate_cmd" \
        -n "activity-bridge validate --format json" "$json_cmd" \
        -n "plutil -lint" "$plutil_cmd"
else
    for name in validate_cmd json_cmd plutil_cmd; do
        command="${!name}"
        best=""
        for ((run = 0; run < runs; run++)); do
            start=$(date +%s.%N)
            bash -c "$command"
            end=$(date +%s.%N)
            elapsed=$(echo "$end - $start" | bc)
            if [ -z "$best" ] || [ "$(echo "$elapsed < $best" | bc)" = 1 ]; then best=$elapsed; fi
        done
        printf '%-12s best of %d: %.3f s\n' "$name" "$runs" "$best"
    done
fi
