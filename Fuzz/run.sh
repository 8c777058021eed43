#!/usr/bin/env bash
# Fuzz one reader with libFuzzer, or replay every saved input through every harness.
#
#   Fuzz/run.sh TARGET SECONDS   fuzz TARGET (e.g. plist-xml; `Fuzz/run.sh --list`) for SECONDS;
#                                new crashes are written to Fuzz/Reproducers/TARGET/
#   Fuzz/run.sh --regress        run each harness once over Fuzz/Corpus/TARGET, Fuzz/Reproducers/TARGET
#                                (and the repository's own samples of that format); exit 1 if any crashes
#   Fuzz/run.sh --smoke SECONDS  fuzz every target for SECONDS from its seeds alone (CI's short timed run);
#                                a finding is printed (and kept under Fuzz/.build/smoke/), exit 1
#
# Exit 77 (with the reason) when this machine cannot build libFuzzer harnesses; .ci/run skips then.
# Build: a release build of Fuzz/Package.swift with -sanitize=fuzzer,address, linked with lld
# (gold crashes on the sanitizer objects: "internal error in format_file_lineno").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
targets=(plist-xml plist-binary plist-openstep json xcconfig pbxproj xcodegen replay-script bridge-manifest app-model xcstrings surface swift-facts package-manifest tuist-manifest value-flow objc-facts)
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
# No Swift backtracer (it waits on the crashed process), keep libFuzzer's own report; leaks are findings.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:handle_abort=1:allocator_may_return_null=1}"

# The repository's own files of a format are seeds too (files or directories, kept where they are).
extra_seeds() {
  case "$1" in
    replay-script) echo "$repo/Samples/Replays" ;;
    bridge-manifest | plist-xml) echo "$repo/Plists" ;;
    app-model) echo "$repo/Samples/AppModels" ;;
    pbxproj | plist-openstep) echo "$repo"/Samples/Repositories/*/*.xcodeproj/project.pbxproj ;;
    xcconfig) echo "$repo"/Samples/Repositories/*/Configurations ;;
    xcstrings) echo "$repo"/Samples/Repositories/*/*/Intents/AppShortcuts.xcstrings ;;
    package-manifest) echo "$repo/Package.swift" "$here/Package.swift" ;;
  esac
}

probe() {
  local dir; dir="$(mktemp -d)"
  printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$dir/probe.swift"
  if ! swiftc -parse-as-library -sanitize=fuzzer,address -Xclang-linker -fuse-ld=lld "$dir/probe.swift" -o "$dir/probe" >"$dir/log" 2>&1 \
     || ! "$dir/probe" -runs=1 >>"$dir/log" 2>&1; then
    echo "libFuzzer is not usable with this toolchain (swiftc -sanitize=fuzzer,address, lld):"
    grep -v "Cannot export local symbol" "$dir/log" | tail -5
    rm -rf "$dir"; exit 77
  fi
  rm -rf "$dir"
}

build() {
  probe
  echo "building the fuzz harnesses (release, -sanitize=fuzzer,address)…"
  if ! (cd "$here" && swift build "${flags[@]}" 2>&1 | grep -v "Cannot export local symbol" > "$here/.build-log.txt"); then
    tail -30 "$here/.build-log.txt"; echo "the fuzz harnesses do not build"; exit 1
  fi
  bin="$(cd "$here" && swift build "${flags[@]}" --show-bin-path)"
}

# Fuzz one target: fuzz TARGET SECONDS WORK_CORPUS ARTIFACT_DIR [libFuzzer arguments...]
fuzz() {
  local target="$1" seconds="$2" work="$3" artifacts="$4"; shift 4
  mkdir -p "$work" "$artifacts"
  # libFuzzer takes corpus directories only: seed files of the repository's own are copied into the work corpus.
  local seed seed_dirs=()
  for seed in $(extra_seeds "$target"); do
    if [ -d "$seed" ]; then seed_dirs+=("$seed"); else cp "$seed" "$work/seed-$(echo "$seed" | cksum | cut -d' ' -f1)"; fi
  done
  # -error_exitcode=1: libFuzzer's default for a finding is 77, which here means "skipped".
  "$bin/fuzz-$target" -max_total_time="$seconds" -error_exitcode=1 -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$here/Dictionaries/$target.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "$@" "$work" "$here/Corpus/$target" ${seed_dirs[@]+"${seed_dirs[@]}"}
}

# fuzz-swift-facts, fuzz-package-manifest and fuzz-tuist-manifest need the toolchain's SwiftParser host libraries, found as Package.swift finds them
# (ACTIVITY_BRIDGE_SWIFT_HOST_LIBS, else <swift on PATH>/../lib/swift/host); without them it is skipped.
needs_parser() { [ "$1" = swift-facts ] || [ "$1" = package-manifest ] || [ "$1" = tuist-manifest ] || [ "$1" = value-flow ]; }

swift_parser_missing() {
  local host="${ACTIVITY_BRIDGE_SWIFT_HOST_LIBS-}"
  if [ -z "${ACTIVITY_BRIDGE_SWIFT_HOST_LIBS+set}" ]; then
    host="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/host"
  fi
  if [ -z "$host" ] || [ ! -e "$host/SwiftParser.swiftmodule" ] || [ ! -e "$host/libSwiftParser.so" ]; then
    echo "fuzz-swift-facts, fuzz-package-manifest, fuzz-tuist-manifest, fuzz-value-flow skipped: no SwiftParser host libraries (SwiftParser.swiftmodule, libSwiftParser.so) in '${host:-<ACTIVITY_BRIDGE_SWIFT_HOST_LIBS is empty>}'"
    return 0
  fi
  return 1
}

# fuzz-objc-facts needs a libclang it can dlopen (the toolchain's, else the system's, as ObjCFacts finds it);
# without one it is skipped.
libclang_missing() {
  local toolchain; toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/libclang.so"
  if [ -n "${ACTIVITY_BRIDGE_LIBCLANG+set}" ] && [ -z "${ACTIVITY_BRIDGE_LIBCLANG}" ]; then
    echo "fuzz-objc-facts skipped: ACTIVITY_BRIDGE_LIBCLANG is set to empty"; return 0
  fi
  if [ -n "${ACTIVITY_BRIDGE_LIBCLANG:-}" ]; then
    [ -e "$ACTIVITY_BRIDGE_LIBCLANG" ] && return 1
  elif [ -e "$toolchain" ] || ldconfig -p 2>/dev/null | grep -q 'libclang\(-[0-9.]*\)\?\.so'; then
    return 1
  fi
  echo "fuzz-objc-facts skipped: no libclang ('${ACTIVITY_BRIDGE_LIBCLANG:-$toolchain}' does not exist, none in ldconfig's cache)"
  return 0
}

case "${1:-}" in
  --list) printf '%s\n' "${targets[@]}" ;;
  --regress)
    build
    failed=0; started=$SECONDS
    for target in "${targets[@]}"; do
      if needs_parser "$target" && swift_parser_missing; then continue; fi
      if [ "$target" = objc-facts ] && libclang_missing; then continue; fi
      mapfile -t inputs < <(find "$here/Corpus/$target" "$here/Reproducers/$target" $(extra_seeds "$target") -type f ! -name 'README*' 2>/dev/null | sort)
      [ ${#inputs[@]} -eq 0 ] && continue
      if "$bin/fuzz-$target" -error_exitcode=1 -timeout=10 -rss_limit_mb=2048 "${inputs[@]}" > "$here/.regress-$target.log" 2>&1; then
        echo "fuzz-$target: ${#inputs[@]} inputs, no crash"
      else
        echo "fuzz-$target: FAILED on one of ${#inputs[@]} inputs:"
        grep -v "Cannot export" "$here/.regress-$target.log" | grep -E "Running:|ERROR|SUMMARY|Fatal error|==[0-9]+==" | head -20
        failed=1
      fi
    done
    echo "regression replay: $((SECONDS - started)) s"
    exit $failed ;;
  --smoke)
    seconds="${2:?usage: Fuzz/run.sh --smoke SECONDS}"
    build
    failed=0; started=$SECONDS; smoke="$here/.build/smoke"; rm -rf "$smoke"; mkdir -p "$smoke"
    for target in "${targets[@]}"; do
      if needs_parser "$target" && swift_parser_missing; then continue; fi
      if [ "$target" = objc-facts ] && libclang_missing; then continue; fi
      if fuzz "$target" "$seconds" "$smoke/corpus/$target" "$smoke/findings/$target" > "$smoke/$target.log" 2>&1; then
        echo "fuzz-$target: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$smoke/$target.log" | grep -o '[0-9]*$') executions in $seconds s, no finding"
      else
        echo "fuzz-$target: FINDING (log: $smoke/$target.log):"
        grep -v "Cannot export" "$smoke/$target.log" | grep -E "ERROR|SUMMARY|Fatal error|Test unit written" | head -10
        # CI keeps no files: the input itself, to be saved as Fuzz/Reproducers/TARGET/NAME.
        for finding in "$smoke/findings/$target"/*; do
          [ -f "$finding" ] && { echo "input $(basename "$finding") (base64):"; head -c 4096 "$finding" | base64; }
        done
        failed=1
      fi
    done
    echo "smoke fuzzing: $((SECONDS - started)) s"
    exit $failed ;;
  "" | -h | --help) sed -n '2,12p' "$0"; exit 2 ;;
  *)
    target="$1"; seconds="${2:?usage: Fuzz/run.sh TARGET SECONDS}"
    [[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target '$target'; one of: ${targets[*]}"; exit 2; }
    if needs_parser "$target" && swift_parser_missing; then exit 77; fi
    if [ "$target" = objc-facts ] && libclang_missing; then exit 77; fi
    build
    shift 2
    fuzz "$target" "$seconds" "$here/.build/corpus/$target" "$here/Reproducers/$target" "$@" ;;
esac
