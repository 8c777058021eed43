#!/usr/bin/env bash
# Builds the portable release archive of activity-bridge for this machine's architecture:
#
#   activity-bridge-<version>-linux-<arch>.tar.gz
#     activity-bridge-<version>-linux-<arch>/
#       bin/activity-bridge     runpath $ORIGIN/../lib, nothing else
#       lib/                    every shared library it loads from the Swift toolchain (runtime, Foundation,
#                               the SwiftSyntax host libraries) and the toolchain's libclang (opened at run time
#                               by the Objective-C reader), each with runpath $ORIGIN
#       README                  what it is, what it needs from the system, how it finds its libraries
#       licenses/               the notices of what it bundles (Swift: Apache-2.0 with Runtime Library Exception;
#                               LLVM/libclang: Apache-2.0 with LLVM Exceptions)
#
# What to bundle comes from ldd: every library it resolves under the toolchain's folder. The libraries a plain
# Debian/Ubuntu has or installs by name (libc, libstdc++, libgcc, libxml2, libsqlite3, zlib, ICU) stay out.
# Afterwards ldd must name no toolchain path and miss nothing, or the script fails.
#
# Usage: scripts/release.sh [--configuration release|debug] [--skip-build] [--output DIR]
#   --configuration  which build to package (default release; CI packages its debug build to test the
#                    packaging in seconds instead of building everything again with optimization)
#   --skip-build     package the binary already built for that configuration
#   --output DIR     where the archive goes (default .build/release-archive)
# Prints the archive's path on the last line. Needs patchelf (Debian/Ubuntu: apt-get install patchelf).
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=release
build=1
output=.build/release-archive
usage() { sed -n '/^# Usage:/,/^# Prints/p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --configuration) [ $# -ge 2 ] || { echo "error: --configuration needs release or debug" >&2; exit 64; }; configuration=$2; shift 2 ;;
    --configuration=*) configuration=${1#*=}; shift ;;
    --skip-build) build=0; shift ;;
    --output) [ $# -ge 2 ] || { echo "error: --output needs a folder" >&2; exit 64; }; output=$2; shift 2 ;;
    --output=*) output=${1#*=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "error: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
case "$configuration" in release|debug) ;; *) echo "error: --configuration is release or debug, not '$configuration'" >&2; exit 64 ;; esac
command -v patchelf >/dev/null || { echo "error: patchelf is needed to set the runpaths (Debian/Ubuntu: apt-get install patchelf)" >&2; exit 69; }
swift=$(command -v swift) || { echo "error: no swift on PATH" >&2; exit 69; }
# The toolchain's usr folder (/opt/swift/usr for /opt/swift/usr/bin/swift). Installed into /usr itself, only
# its Swift folders count as the toolchain's, not the whole system.
prefix=$(cd "$(dirname "$(readlink -f "$swift")")/.." && pwd)
if [ "$prefix" = /usr ]; then toolchain_paths=("/usr/lib/swift/"); else toolchain_paths=("$prefix/"); fi
from_toolchain() { local p; for p in "${toolchain_paths[@]}"; do case "$1" in "$p"*) return 0 ;; esac; done; return 1; }

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit-dirty"; fi
if [ "$build" = 1 ]; then
  # ACTIVITY_BRIDGE_COMMIT makes the manifest name this exact commit (Package.swift, CBuildInfo).
  ACTIVITY_BRIDGE_COMMIT=$commit swift build -c "$configuration" --product activity-bridge >&2
fi
binary="$(swift build -c "$configuration" --show-bin-path)/activity-bridge"
[ -x "$binary" ] || { echo "error: no $configuration build at $binary (run without --skip-build)" >&2; exit 66; }

version=$("$binary" --version | sed -n '1s/^activity-bridge //p')
built_commit=$("$binary" --version | sed -n 's/^commit: //p')
arch=$(uname -m)
name="activity-bridge-$version-linux-$arch"
mkdir -p "$output"
output=$(cd "$output" && pwd)
stage="$output/$name"
rm -rf "$stage" "$output/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/lib" "$stage/licenses"

cp "$binary" "$stage/bin/activity-bridge"
chmod 755 "$stage/bin/activity-bridge"
strip --strip-debug "$stage/bin/activity-bridge"   # keeps the symbol table: crash backtraces still name functions

# Every library ldd resolves under the toolchain, under the name the binary asks for.
bundled=()
while read -r needed arrow path _; do
  [ "$arrow" = "=>" ] && [ -f "$path" ] || continue
  from_toolchain "$path" || continue
  cp -L "$path" "$stage/lib/$needed"
  chmod 644 "$stage/lib/$needed"
  bundled+=("$needed")
done < <(ldd "$binary")
[ ${#bundled[@]} -gt 0 ] || { echo "error: ldd resolved nothing under ${toolchain_paths[*]}: is $binary a toolchain build?" >&2; exit 70; }

# libclang, which the Objective-C reader opens with dlopen (not linked, so ldd cannot see it): the real file
# once, its other names as links, as the toolchain has them.
clang_libraries=("$prefix"/lib/libclang.so*)
if [ -e "${clang_libraries[0]}" ]; then
  for library in "${clang_libraries[@]}"; do
    if [ -L "$library" ]; then
      ln -s "$(readlink "$library")" "$stage/lib/$(basename "$library")"
    else
      cp "$library" "$stage/lib/"
      chmod 644 "$stage/lib/$(basename "$library")"
    fi
  done
  clang_note="libclang ($(basename "$(readlink -f "$prefix/lib/libclang.so")"), for the Objective-C reader)"
else
  clang_note="no libclang (the toolchain at $prefix has none)"
  echo "note: $clang_note" >&2
fi

patchelf --set-rpath '$ORIGIN/../lib' "$stage/bin/activity-bridge"
for library in "$stage"/lib/*; do
  [ -L "$library" ] || patchelf --set-rpath '$ORIGIN' "$library"
done

# Nothing may come from the toolchain any more, and nothing may be missing.
check() {
  local resolved
  resolved=$(ldd "$1")
  if grep -q "not found" <<<"$resolved"; then echo "error: $1 misses libraries:" >&2; grep "not found" <<<"$resolved" >&2; exit 70; fi
  local p
  for p in "${toolchain_paths[@]}"; do
    if grep -qF "$p" <<<"$resolved"; then echo "error: $1 still loads from the toolchain:" >&2; grep -F "$p" <<<"$resolved" >&2; exit 70; fi
  done
}
check "$stage/bin/activity-bridge"
for library in "$stage"/lib/*.so*; do [ -L "$library" ] || check "$library"; done

# The newest glibc symbol version anything in the archive needs: the oldest system it runs on.
glibc=$(for f in "$stage/bin/activity-bridge" "$stage"/lib/*; do [ -L "$f" ] || objdump -T "$f"; done 2>/dev/null \
  | grep -o 'GLIBC_[0-9][0-9.]*' | sort -uV | tail -1 | sed 's/GLIBC_//')

# Licenses: Swift's (Apache-2.0 with the Runtime Library Exception) covers the runtime, Foundation and
# SwiftSyntax; LLVM's (Apache-2.0 with LLVM Exceptions) covers libclang.
swift_license="$prefix/share/swift/LICENSE.txt"
if [ -f "$swift_license" ]; then
  cp "$swift_license" "$stage/licenses/Swift-LICENSE.txt"
else
  echo "error: no $swift_license to ship with the Swift libraries" >&2; exit 70
fi
if [ -e "${clang_libraries[0]}" ]; then
  {
    echo "=============================================================================="
    echo "The LLVM Project (libclang) is under the Apache License v2.0 with LLVM Exceptions:"
    echo "=============================================================================="
    echo
    sed '/Runtime Library Exception/,$d' "$swift_license"
    cat scripts/release/LLVM-EXCEPTIONS.txt
  } > "$stage/licenses/LLVM-LICENSE.txt"
fi

{
  echo "activity-bridge $version (commit $built_commit), Linux $arch"
  echo
  echo "Audits iOS app repositories (NSUserActivity, SiriKit, App Intents) off the device; replays and migrates"
  echo "activity donations. Run bin/activity-bridge --help."
  echo
  echo "Install: unpack anywhere and put bin/ on PATH (or link bin/activity-bridge into a folder on PATH, e.g."
  echo "ln -s \"\$PWD/bin/activity-bridge\" /usr/local/bin/). Keep bin/ and lib/ together: the binary finds its"
  echo "libraries in ../lib beside it (runpath \$ORIGIN/../lib), wherever the folder is, and needs no Swift toolchain."
  echo
  echo "It needs from the system: glibc $glibc or later, libstdc++ and libgcc (every Debian/Ubuntu has them),"
  echo "libxml2 and SQLite 3:  apt-get install libxml2 libsqlite3-0    (Debian / Ubuntu)"
  echo
  echo "lib/ holds what a plain Debian or Ubuntu does not have, taken from the Swift toolchain that built it:"
  for library in "${bundled[@]}"; do echo "  $library"; done
  echo "  and $clang_note."
  echo
  echo "Libraries opened at run time are looked for in lib/ first: when lib/libclang.so exists and"
  echo "ACTIVITY_BRIDGE_LIBCLANG is not set, the binary sets it to that file, the override the Objective-C reader"
  echo "honours (set ACTIVITY_BRIDGE_LIBCLANG=/path/to/libclang.so to use another one, or to empty to turn it off)."
  echo
  echo "Shell completions: activity-bridge completions bash|zsh|fish (see --help)."
  echo
  echo "Licenses of the bundled libraries are in licenses/: the Swift runtime, Foundation and SwiftSyntax are"
  echo "under the Apache License 2.0 with the Runtime Library Exception (Swift-LICENSE.txt); libclang under the"
  echo "Apache License 2.0 with LLVM Exceptions (LLVM-LICENSE.txt)."
} > "$stage/README"

# A reproducible archive: sorted names, root owner, the commit's time.
mtime=$(git log -1 --format=%ct 2>/dev/null || echo 0)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -C "$output" -cf - "$name" | gzip -n > "$output/$name.tar.gz"
(cd "$output" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$(du -sh "$stage" | cut -f1) unpacked, $(du -h "$output/$name.tar.gz" | cut -f1) archive; needs glibc $glibc" >&2
echo "$output/$name.tar.gz"
