#!/usr/bin/env bash
# Rewrites Tests/ActivityBridgeCLITests/Help/*.txt from the built binary, after a deliberate change to a
# command's declarations. Review the diff: the help texts are the command-line contract.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product activity-bridge >/dev/null
for golden in Tests/ActivityBridgeCLITests/Help/*.txt; do
  words=$(basename "$golden" .txt | sed 's/^activity-bridge-\{0,1\}//' | tr '-' ' ')
  # Subcommand names with a hyphen (delete-all) are restored from the file name's last part.
  case "$words" in *"delete all"*) words=${words/delete all/delete-all} ;; esac
  # shellcheck disable=SC2086
  .build/debug/activity-bridge $words --help > "$golden"
done
git diff --stat -- Tests/ActivityBridgeCLITests/Help
