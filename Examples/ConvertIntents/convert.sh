#!/bin/sh
# The custom-intent migration of Pantry/, end to end: the audit finds the unmigrated intent, `convert` writes its
# App Intents beside the project, the audit then finds it migrated. Runs on a copy (the example stays as it is).
#
#   ./convert.sh [WORK_DIR]        ACTIVITY_BRIDGE=path/to/activity-bridge to use a given binary
#
# Exits non-zero when a step does not show what it should.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tool=${ACTIVITY_BRIDGE:-activity-bridge}
work=${1:-$(mktemp -d)}
rm -rf "$work/Pantry"
cp -R "$here/Pantry" "$work/Pantry"
cd "$work/Pantry"

echo "== 1. audit: the custom intent has no App Intent"
"$tool" audit . > audit-before.txt || true
cat audit-before.txt
grep -q "custom intent 'PNAddItemIntent' has no App Intent .*\[custom-intent-not-migrated\]" audit-before.txt

echo "== 2. convert: its App Intent, enum and entity, beside the project"
"$tool" convert .

echo "== 3. audit again: nothing left to migrate"
"$tool" audit . > audit-after.txt || true
cat audit-after.txt
if grep -q "custom-intent-not-migrated" audit-after.txt; then
    echo "error: the audit still reports an unmigrated custom intent" >&2
    exit 1
fi
echo "== done: $work/Pantry/ConvertedAppIntents/Pantry"
