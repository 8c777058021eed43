#!/usr/bin/env bash
# Rewrites Tests/ActivityBridgeCLITests/Help/*.txt from the built binary, after a deliberate change to a
# command's declarations. Review the diff: the help texts are the command-line contract.
# The commands are walked from the binary's own command tree (each --help's SUBCOMMANDS section, which the
# tree generates), as HelpGoldenTests walks ActivityBridgeCommand's: no list to keep by hand. A golden
# whose command is gone is removed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product activity-bridge >/dev/null
binary=.build/debug/activity-bridge
help_dir=Tests/ActivityBridgeCLITests/Help

# Prints the words of the command $1 (words separated by spaces; empty for the root) and of every command under it.
walk() {
  local words=$1 sub
  printf '%s\n' "$words"
  # shellcheck disable=SC2086
  for sub in $("$binary" $words --help | awk '/^SUBCOMMANDS:/ { listing = 1; next } listing && /^$/ { listing = 0 } listing && /^  [a-z]/ { print $1 }'); do
    walk "${words:+$words }$sub"
  done
}

written=()
while IFS= read -r words; do
  golden="$help_dir/activity-bridge${words:+-${words// /-}}.txt"
  # shellcheck disable=SC2086
  "$binary" $words --help > "$golden"
  written+=("$golden")
done < <(walk "")

for golden in "$help_dir"/*.txt; do
  case " ${written[*]} " in *" $golden "*) ;; *) git rm -q -- "$golden" 2>/dev/null || rm -f -- "$golden" ;; esac
done
git status --short -- "$help_dir"
git diff --stat -- "$help_dir"
