#!/usr/bin/env bash
# Benchmarks of `activity-bridge donations` on a 150,000-donation log (BENCHMARKS.md, "donations").
#
#   swift build -c release --product activity-bridge && swift build -c release --product activity-bridge-bench
#   Benchmarks/donations.sh [WORKDIR]
#
# Environment: BIN (release products, default .build/release), COUNT (donations, 150000),
# RUNS (repetitions per figure, 5). Needs the sqlite3 command-line shell for the baseline.
# Figures are medians and maxima of RUNS runs of the whole process, in milliseconds: wall clock and
# CPU (perf task-clock), since a shared machine inflates wall-clock time.
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
source "$(dirname "$0")/common.sh"
max() { sort -n | tail -1; }
# time_ms CMD...: runs CMD (output discarded); prints "WALL CPU" in ms. CPU is the process's
# task-clock from `perf stat` when perf is there (steady on a loaded machine), else "-".
time_ms() {
    local start end cpu="-"
    start=$(now_ns)
    if command -v perf >/dev/null; then
        perf stat -x, -e task-clock -o "$work/.perf" "$@" >/dev/null 2>&1
        cpu=$(awk -F, '/task-clock/ { printf "%d", $1 }' "$work/.perf")
    else
        "$@" >/dev/null 2>&1
    fi
    end=$(now_ns)
    echo "$(( (end - start) / 1000000 )) $cpu"
}
# summary: "WALL CPU" lines in, "wall median/max, cpu median/max" out.
summary() {
    local lines
    lines=$(cat)
    printf '%s/%s wall, %s/%s CPU' "$(echo "$lines" | cut -d' ' -f1 | median)" "$(echo "$lines" | cut -d' ' -f1 | max)" \
        "$(echo "$lines" | cut -d' ' -f2 | median)" "$(echo "$lines" | cut -d' ' -f2 | max)"
}

[ -f "$log" ] || "$bin/activity-bridge-bench" generate donation-log --count "$count" "$log" >/dev/null
echo "log: $log ($(wc -c < "$log") bytes, $count donations)"

# 1. XML parse alone (our reader, as the bench tool times it).
parse_runs=$(for _ in $(seq "$runs"); do time_ms "$bin/activity-bridge-bench" parse "$log"; done)
parse=$(echo "$parse_runs" | cut -d' ' -f1 | median)

# 2. donations import into a fresh store.
import_runs=$(for _ in $(seq "$runs"); do
    rm -f "$store" "$store-wal" "$store-shm"
    time_ms "$bin/activity-bridge" donations import --store "$store" "$log"
done)
import=$(echo "$import_runs" | cut -d' ' -f1 | median)
rm -f "$store" "$store-wal" "$store-shm"
"$bin/activity-bridge" donations import --store "$store" "$log" >/dev/null 2>&1

# 3. Baseline: the sqlite3 shell .import of the same rows (payload as hex text, absent values as
#    empty strings: .import has no NULL) in one transaction, plus the same four indexes.
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
CREATE INDEX donation_events_for_suggestions
    ON donation_events(suggestion_key, donated_at, id, expiration_date, eligible_for_prediction)
    WHERE eligible_for_prediction = 1;
CREATE INDEX donation_events_expiring
    ON donation_events(expiration_date, suggestion_key, donated_at, eligible_for_prediction)
    WHERE eligible_for_prediction = 1 AND expiration_date IS NOT NULL;
SQL
sed -i "s|ROWS|$tsv|" "$baseline_sql"
baseline_db="$work/baseline.sqlite"
sqlite_runs=$(for _ in $(seq "$runs"); do
    rm -f "$baseline_db" "$baseline_db-wal" "$baseline_db-shm"
    time_ms sh -c "sqlite3 '$baseline_db' < '$baseline_sql'"
done)
sqlite=$(echo "$sqlite_runs" | cut -d' ' -f1 | median)
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
# Reference: the sqlite3 shell running the same DELETE on the same file (WAL, same indexes).
sqlite_delete=$(for _ in $(seq "$runs"); do
    cp "$store" "$work/copy.sqlite"
    time_ms sqlite3 "$work/copy.sqlite" "DELETE FROM donation_events WHERE persistent_identifier = '$victim'"
done)
deleted=$("$bin/activity-bridge" donations delete --persistent-identifier "$victim" --store "$work/copy.sqlite" 2>&1 || true)

budget=$(awk -v p="$parse" -v s="$sqlite" 'BEGIN { printf "%d", p + 1.5 * s }')
cpu_budget=$(awk -v p="$(echo "$parse_runs" | cut -d' ' -f2 | median)" -v s="$(echo "$sqlite_runs" | cut -d' ' -f2 | median)" \
    'BEGIN { printf "%d", p + 1.5 * s }')
echo "medians/max of $runs runs, ms (wall: elapsed; CPU: perf task-clock of the process)"
printf '%-46s %s\n' "XML parse of the log (bench parse)" "$(echo "$parse_runs" | summary)"
printf '%-46s %s\n' "sqlite3 .import + 4 indexes (baseline)" "$(echo "$sqlite_runs" | summary)"
printf '%-46s %s\n' "donations import" "$(echo "$import_runs" | summary)"
printf '%-46s %s\n' "  budget: parse + 1.5 x baseline" "$budget wall, $cpu_budget CPU"
printf '%-46s %s\n' "process start: activity-bridge --version" "$(echo "$start" | summary)"
printf '%-46s %s\n' "donations stats --format json" "$(echo "$stats" | summary)"
printf '%-46s %s\n' "donations suggest --limit 10" "$(echo "$suggest" | summary)"
printf '%-46s %s\n' "donations delete --persistent-identifier (1 id)" "$(echo "$delete" | summary)"
printf '%-46s %s\n' "  reference: sqlite3 shell, same DELETE" "$(echo "$sqlite_delete" | summary)"
echo "deleted id: $victim (its events: $(sqlite3 "$store" "SELECT count(*) FROM donation_events WHERE persistent_identifier = '$victim'"); second run: $deleted)"
