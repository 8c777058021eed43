#!/usr/bin/env bash
# Benchmark of `activity-bridge migrate` (BENCHMARKS.md, "migrate").
#
#   swift build -c release --product activity-bridge && swift build -c release --product activity-bridge-bench
#   Benchmarks/migrate.sh [WORKDIR]
#
# For each size in COUNTS (default "15000 150000") it generates the benchmark donation log
# (`activity-bridge-bench generate donation-log`), imports it into a legacy store with
# `activity-bridge donations import`, then RUNS times (default 3) migrates it into a fresh intent
# store with both sample manifests. The baseline is the sqlite3 shell doing the least a migration
# can: import the same rows (CSV, payload included) and copy the mapped, unexpired ones into an
# intent_donations table with INSERT … SELECT … ON CONFLICT DO NOTHING.
#
# Prints, per size, the median wall time, CPU time (user+sys) and peak RSS of both, and the ratios.
# Exits 1 when migrate's median CPU time is over LIMIT (default 3) times the baseline's at the
# largest size, or its peak RSS at the largest size is over 1.5× the smallest's (memory must not
# grow with the store). CPU time is judged rather than wall time: on a shared machine wall time
# mostly measures waiting.
#
# Environment: BIN (release products, default .build/release), COUNTS, RUNS, LIMIT.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/.build/release}
counts=${COUNTS:-"15000 150000"}
runs=${RUNS:-3}
limit=${LIMIT:-3}
work=${1:-$(mktemp -d)}
mkdir -p "$work"
for tool in "$bin/activity-bridge" "$bin/activity-bridge-bench"; do
    [ -x "$tool" ] || { echo "missing $tool: build the release products first" >&2; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "the sqlite3 shell is needed for the baseline" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed for CPU time and peak RSS" >&2; exit 1; }

manifests=(--manifest "$root/Plists/Hairdressers-Bridge.plist" --manifest "$root/Plists/WalkMate-Bridge.plist")
# The moment migrate compares expiration dates with, in seconds since 2001 (for the baseline's filter).
now=$(( $(date +%s) - 978307200 ))

source "$(dirname "$0")/common.sh"
# measure OUT CMD...: runs CMD, appends "WALL CPU RSS_KB" to OUT.
measure() {
    local out=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/.time" "$@" >/dev/null
    awk '{ printf "%.3f %.3f %d\n", $1, $2 + $3, $4 }' "$work/.time" >> "$out"
}

baseline_sql() {
    cat <<SQL
PRAGMA journal_mode=WAL;
PRAGMA synchronous=NORMAL;
CREATE TABLE events(id INTEGER PRIMARY KEY, activity_type TEXT, persistent_identifier TEXT, donated_at REAL,
                    expiration_date REAL, payload TEXT);
CREATE TABLE intent_donations(rowid INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, intent_type TEXT NOT NULL,
                              parameters TEXT NOT NULL, donated_at REAL NOT NULL, migrated_from TEXT UNIQUE);
.mode csv
.import $1 events
INSERT INTO intent_donations(identifier, intent_type, parameters, donated_at, migrated_from)
SELECT lower(hex(randomblob(16))),
       CASE activity_type WHEN 'com.donnywals.hairdressers.appointment' THEN 'BookAppointmentIntent'
                          WHEN 'com.walkmate.favorite.open' THEN 'OpenWalkMatePlaceIntent'
                          ELSE 'GenerateRoutesIntent' END,
       '{}', donated_at, 'legacy:' || id
FROM events
WHERE activity_type IN ('com.donnywals.hairdressers.appointment', 'com.walkmate.favorite.open', 'com.walkmate.route.generate')
  AND (expiration_date = '' OR expiration_date > $now)
ON CONFLICT DO NOTHING;
SQL
}

largest=0
declare -A ours_cpu ours_rss base_cpu
for count in $counts; do
    log="$work/donations-$count.plist"
    legacy="$work/legacy-$count.sqlite"
    csv="$work/events-$count.csv"
    [ -f "$log" ] || "$bin/activity-bridge-bench" generate donation-log --count "$count" "$log" >/dev/null
    if [ ! -f "$legacy" ]; then
        "$bin/activity-bridge" donations import --store "$legacy" "$log" >/dev/null
        sqlite3 -csv "$legacy" "SELECT id, activity_type, persistent_identifier, donated_at, expiration_date, hex(payload) FROM donation_events" > "$csv"
    fi
    before=$(sha256sum "$legacy" | cut -d' ' -f1)
    : > "$work/ours-$count"; : > "$work/base-$count"
    for ((run = 0; run < runs; run++)); do
        rm -f "$work"/intents-$count.sqlite* "$work"/base-$count.sqlite*
        measure "$work/ours-$count" "$bin/activity-bridge" migrate --from "$legacy" --to "$work/intents-$count.sqlite" "${manifests[@]}" --format json
        baseline_sql "$csv" > "$work/baseline.sql"
        measure "$work/base-$count" sqlite3 "$work/base-$count.sqlite" ".read $work/baseline.sql"
    done
    [ "$(sha256sum "$legacy" | cut -d' ' -f1)" = "$before" ] || { echo "the legacy store changed!" >&2; exit 1; }
    "$bin/activity-bridge" migrate --from "$legacy" --to "$work/intents-$count.sqlite" "${manifests[@]}" --format json > "$work/report-$count.json"
    migrated=$(sqlite3 "$work/intents-$count.sqlite" "SELECT count(*) FROM intent_donations")
    copied=$(sqlite3 "$work/base-$count.sqlite" "SELECT count(*) FROM intent_donations")
    ours_wall=$(cut -d' ' -f1 "$work/ours-$count" | median); ours_cpu[$count]=$(cut -d' ' -f2 "$work/ours-$count" | median)
    ours_rss[$count]=$(cut -d' ' -f3 "$work/ours-$count" | sort -n | tail -1)
    base_wall=$(cut -d' ' -f1 "$work/base-$count" | median); base_cpu[$count]=$(cut -d' ' -f2 "$work/base-$count" | median)
    base_rss=$(cut -d' ' -f3 "$work/base-$count" | sort -n | tail -1)
    printf '%s events (%s migrated, baseline copied %s):\n' "$count" "$migrated" "$copied"
    printf '  migrate : wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB\n' "$ours_wall" "${ours_cpu[$count]}" "$(echo "${ours_rss[$count]} / 1024" | bc -l)"
    printf '  sqlite3 : wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB\n' "$base_wall" "${base_cpu[$count]}" "$(echo "$base_rss / 1024" | bc -l)"
    printf '  ratio   : wall %5.2fx  cpu %5.2fx\n' "$(echo "$ours_wall / $base_wall" | bc -l)" "$(echo "${ours_cpu[$count]} / ${base_cpu[$count]}" | bc -l)"
    printf '  second run (idempotence): %s\n' "$(cut -c1-80 "$work/report-$count.json")"
    smallest=${smallest:-$count}
    largest=$count
done

status=0
cpu_ratio=$(echo "${ours_cpu[$largest]} / ${base_cpu[$largest]}" | bc -l)
rss_ratio=$(echo "${ours_rss[$largest]} / ${ours_rss[$smallest]}" | bc -l)
printf 'largest size: cpu ratio %.2f (limit %s); peak RSS %s events / %s events = %.2f (limit 1.5)\n' \
    "$cpu_ratio" "$limit" "$largest" "$smallest" "$rss_ratio"
if (( $(echo "$cpu_ratio > $limit" | bc -l) )); then echo "FAIL: migrate is over ${limit}x the baseline" >&2; status=1; fi
if (( $(echo "$rss_ratio > 1.5" | bc -l) )); then echo "FAIL: peak memory grows with the store" >&2; status=1; fi
exit $status
