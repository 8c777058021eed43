#!/usr/bin/env bash
# Benchmarks of `activity-bridge donations` on a 150,000-donation log (BENCHMARKS.md, "donations").
#
#   swift build -c release --product activity-bridge && swift build -c release --product activity-bridge-bench
#   Benchmarks/donations.sh [WORKDIR]
#
# Environment: BIN (release products, default .build/release), COUNT (donations, 150000),
# RUNS (repetitions per figure, 5). Needs the sqlite3 command-line shell for the baseline.
# Figures are wall-clock medians of RUNS runs of the whole process, in milliseconds.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/.build/release}
count=${COUNT:-150000}
runs=${RUNS:-5}
work=${1:-$(mktemp -d)}
mkdir -p "$work"
log="$work/donations-$count.plist"
store="$work/store.sqlite"
now="2026-01-01T00:00:00Z"   # after the generated log's last donation, for stable rankings

for tool in "$bin/activity-bridge" "$bin/activity-bridge-bench"; do
    [ -x "$tool" ] || { echo "missing $tool: build the release products first" >&2; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "the sqlite3 shell is needed for the baseline" >&2; exit 1; }

now_ns() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
max() { sort -n | tail -1; }
# time_ms CMD...: runs CMD (output discarded) and prints its wall time in ms.
time_ms() {
    local start end
    start=$(now_ns)
    "$@" >/dev/null 2>&1
    end=$(now_ns)
    echo $(( (end - start) / 1000000 ))
}

[ -f "$log" ] || "$bin/activity-bridge-bench" generate donation-log --count "$count" "$log" >/dev/null
echo "log: $log ($(wc -c < "$log") bytes, $count donations)"

# 1. XML parse alone (our reader, as the bench tool times it).
parse=$(for _ in $(seq "$runs"); do time_ms "$bin/activity-bridge-bench" parse "$log"; done | median)

# 2. donations import into a fresh store.
import=$(for _ in $(seq "$runs"); do
    rm -f "$store" "$store-wal" "$store-shm"
    time_ms "$bin/activity-bridge" donations import --store "$store" "$log"
done | median)
rm -f "$store" "$store-wal" "$store-shm"
"$bin/activity-bridge" donations import --store "$store" "$log" >/dev/null 2>&1

# 3. Baseline: the sqlite3 shell .import of the same rows (payload as hex text, absent values as
#    empty strings: .import has no NULL) in one transaction, plus the same five indexes.
tsv="$work/rows.tsv"
sqlite3 -tabs "$store" "SELECT id, activity_type, ifnull(persistent_identifier, ''), suggestion_key, ifnull(title, ''),
    donated_at, eligible_for_prediction, ifnull(expiration_date, ''), payload_format, hex(payload)
    FROM donation_events ORDER BY id" > "$tsv"
baseline_sql="$work/baseline.sql"
cat > "$baseline_sql" <<'SQL'
PRAGMA journal_mode=WAL;
PRAGMA synchronous=NORMAL;
CREATE TABLE donation_events (id INTEGER PRIMARY KEY, activity_type TEXT NOT NULL, persistent_identifier TEXT,
    suggestion_key TEXT NOT NULL, title TEXT, donated_at REAL NOT NULL, eligible_for_prediction INTEGER NOT NULL,
    expiration_date REAL, payload_format INTEGER NOT NULL, payload BLOB NOT NULL);
.mode tabs
.import ROWS donation_events
CREATE INDEX donation_events_by_time ON donation_events(donated_at);
CREATE INDEX donation_events_by_persistent_identifier ON donation_events(persistent_identifier, donated_at)
    WHERE persistent_identifier IS NOT NULL;
CREATE INDEX donation_events_by_type ON donation_events(activity_type, eligible_for_prediction);
CREATE INDEX donation_events_for_suggestions
    ON donation_events(suggestion_key, donated_at, id, expiration_date, eligible_for_prediction)
    WHERE eligible_for_prediction = 1;
CREATE INDEX donation_events_expiring
    ON donation_events(expiration_date, suggestion_key, donated_at, eligible_for_prediction)
    WHERE eligible_for_prediction = 1 AND expiration_date IS NOT NULL;
SQL
sed -i "s|ROWS|$tsv|" "$baseline_sql"
baseline_db="$work/baseline.sqlite"
sqlite=$(for _ in $(seq "$runs"); do
    rm -f "$baseline_db" "$baseline_db-wal" "$baseline_db-shm"
    time_ms sh -c "sqlite3 '$baseline_db' < '$baseline_sql'"
done | median)
rows=$(sqlite3 "$baseline_db" "SELECT count(*) FROM donation_events")
[ "$rows" = "$count" ] || { echo "baseline imported $rows rows, not $count" >&2; exit 1; }

# 4. Queries on the full store, each a whole process run; process start alone for reference.
start=$(for _ in $(seq "$runs"); do time_ms "$bin/activity-bridge" --version; done)
stats=$(for _ in $(seq "$runs"); do time_ms "$bin/activity-bridge" donations stats --format json --store "$store"; done)
suggest=$(for _ in $(seq "$runs"); do time_ms "$bin/activity-bridge" donations suggest --limit 10 --now "$now" --store "$store"; done)
victim=$(sqlite3 "$store" "SELECT persistent_identifier FROM donation_events WHERE persistent_identifier IS NOT NULL
    GROUP BY persistent_identifier ORDER BY count(*) DESC LIMIT 1")
delete=$(for _ in $(seq "$runs"); do
    cp "$store" "$work/copy.sqlite"
    time_ms "$bin/activity-bridge" donations delete --persistent-identifier "$victim" --store "$work/copy.sqlite"
done)
deleted=$("$bin/activity-bridge" donations delete --persistent-identifier "$victim" --store "$work/copy.sqlite" 2>&1 || true)

budget=$(awk -v p="$parse" -v s="$sqlite" 'BEGIN { printf "%d", p + 1.5 * s }')
printf '%-52s %9s\n' "figure" "ms"
printf '%-52s %9d\n' "XML parse of the log (bench parse)" "$parse"
printf '%-52s %9d\n' "sqlite3 .import + 5 indexes (baseline)" "$sqlite"
printf '%-52s %9d\n' "donations import (budget: parse + 1.5 x baseline)" "$import"
printf '%-52s %9d\n' "  budget" "$budget"
printf '%-52s %9s\n' "process start: activity-bridge --version (median/max)" "$(echo "$start" | median)/$(echo "$start" | max)"
printf '%-52s %9s\n' "donations stats --format json (median/max)" "$(echo "$stats" | median)/$(echo "$stats" | max)"
printf '%-52s %9s\n' "donations suggest --limit 10 (median/max)" "$(echo "$suggest" | median)/$(echo "$suggest" | max)"
printf '%-52s %9s\n' "donations delete one id (median/max)" "$(echo "$delete" | median)/$(echo "$delete" | max)"
echo "deleted id: $victim (second run: $deleted)"
[ "$import" -le "$budget" ] && echo "import: within budget" || echo "import: OVER budget"
