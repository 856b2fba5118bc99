#!/usr/bin/env bash
# The release build as users get it (issue "One export engine", items 6 and 7):
# 1. the root manifest seen without ANIMEXPORT_TUNED — as by a package that depends on
#    AnimExportKit by URL — declares no unsafe flags (SwiftPM refuses those in a fetched dependency),
#    and the tuned manifest (what the Makefile builds) does;
# 2. the tuned release binary, run on an emulated x86-64 CPU without AVX2 (qemu-user, Nehalem),
#    prints one sentence naming what is missing and exits 1 instead of dying with SIGILL;
#    on an emulated Haswell it runs.
# Usage: scripts/test-release-manifest.sh .build/release/animexport
set -euo pipefail
bin=${1:?usage: test-release-manifest.sh RELEASE_BINARY}
swift=${SWIFT:-swift}
fail() { echo "test-release-manifest: $*" >&2; exit 1; }

plain=$(env -u ANIMEXPORT_TUNED "$swift" package dump-package)
tuned=$(ANIMEXPORT_TUNED=1 "$swift" package dump-package)
grep -q '"unsafeFlags"' <<<"$plain" && fail "the untuned manifest declares unsafe flags"
grep -q '"unsafeFlags"' <<<"$tuned" || fail "the tuned manifest declares no unsafe flags (ANIMEXPORT_TUNED ignored?)"

command -v qemu-x86_64 >/dev/null || fail "qemu-x86_64 is missing (make deps-test installs qemu-user)"
if [ "$(uname -m)" = x86_64 ] && [ "${ANIMEXPORT_PORTABLE:-0}" != 1 ]; then
  set +e
  message=$(qemu-x86_64 -cpu Nehalem "$bin" --version 2>&1 >/dev/null | grep -v '^qemu-x86_64: warning')
  status=$?
  qemu-x86_64 -cpu Nehalem "$bin" --version >/dev/null 2>&1; status=$?
  set -e
  [ "$status" = 1 ] || fail "on a CPU without AVX2 the release binary exited $status, not 1"
  [ "$(wc -l <<<"$message")" = 1 ] || fail "expected one line on a CPU without AVX2, got: $message"
  grep -q "needs an x86-64 CPU with AVX2 and FMA.*lacks AVX, AVX2, FMA" <<<"$message" || fail "unexpected message: $message"
  qemu-x86_64 -cpu Haswell "$bin" --version >/dev/null 2>&1 || fail "the release binary failed on an emulated Haswell"
fi
echo "test-release-manifest: manifest without unsafe flags untuned; release binary: CPU check ok"
