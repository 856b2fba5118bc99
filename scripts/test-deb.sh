#!/usr/bin/env bash
# The Debian package of `make deb` (issue 25 item 7), checked as a user gets it:
# 1. dpkg-deb --info: name, the binary's version, and Depends naming the Debian package of each
#    runtime library the binary links (found here independently: ldd, then dpkg -S) and the fonts;
# 2. dpkg-deb --contents: launcher, binary, every preset and target of the checkout, the man page
#    (which groff formats without a warning), the docs the help texts cite;
# 3. apt-get install --simulate: apt can install it here (every Depends resolves; offline,
#    nothing is changed);
# 4. dpkg -i into a temporary root, run from another folder outside the checkout with no
#    ANIMEXPORT_PRESETS: `animexport list` finds the packaged presets, a clip renders and
#    decodes (ffprobe), and the Swift runtime comes from the package, not the toolchain: where a
#    private mount namespace is permitted (unshare -m; root on most CI runners), the toolchain's
#    runtime folder is hidden under an empty one while the packaged binary runs.
# Usage: scripts/test-deb.sh PACKAGE.deb RELEASE_BINARY
set -euo pipefail
deb=${1:?usage: test-deb.sh PACKAGE.deb RELEASE_BINARY}
bin=${2:?usage: test-deb.sh PACKAGE.deb RELEASE_BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
deb=$(readlink -f "$deb")
fail() { echo "test-deb: $*" >&2; exit 1; }

info=$(dpkg-deb --info "$deb")
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = animexport ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$("$bin" --version | awk '{print $2}')" ] || fail "Version '$(field Version)' is not the binary's"
depends=$(field Depends)
linked=$(ldd "$bin")
for lib in libavcodec libavformat libswscale libavutil libavfilter libswresample libwebp libfreetype libharfbuzz \
           libfontconfig libpolyclipping libzip; do
  path=$(awk -v l="$lib" 'index($1, l) == 1 && /=> \// {print $3; exit}' <<<"$linked")
  [ -n "$path" ] || fail "the binary does not link $lib"
  pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1 || true)
  [ -n "$pkg" ] || pkg=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1 || true)
  [ -n "$pkg" ] || fail "no package owns $path"
  grep -Eq "(^|, )$pkg( |,|$)" <<<"$depends" || fail "Depends lacks $pkg ($lib): $depends"
done
for font in fonts-inter fonts-noto-core fonts-wqy-microhei; do
  grep -Eq "(^|, )$font( |,|$)" <<<"$depends" || fail "Depends lacks $font: $depends"
done

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
expect=(./usr/bin/animexport ./usr/libexec/animexport ./usr/share/man/man1/animexport.1.gz)
for f in "$here"/presets/*.json; do expect+=("./usr/share/animexport/presets/$(basename "$f")"); done
for f in "$here"/targets/*.json; do expect+=("./usr/share/animexport/targets/$(basename "$f")"); done
for f in "$here"/docs/*.md; do expect+=("./usr/share/doc/animexport/docs/$(basename "$f")"); done
for f in "${expect[@]}"; do grep -qxF "$f" <<<"$contents" || fail "the package lacks $f"; done

sim=$(apt-get install --simulate "$deb" 2>&1) || fail "apt cannot install the package: $sim"
grep -q '^Inst animexport ' <<<"$sim" || fail "apt would not install animexport: $sim"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Installed by dpkg itself into a private root with its own database (Depends were checked by apt
# above; here they are satisfied by this system's libraries, so --force-depends).
mkdir -p "$tmp/root" "$tmp/admin/updates" "$tmp/admin/info" && touch "$tmp/admin/status"
dpkg --root="$tmp/root" --admindir="$tmp/admin" --force-depends --force-not-root -i "$deb" >"$tmp/dpkg.log" 2>&1 \
  || fail "dpkg cannot install the package: $(cat "$tmp/dpkg.log")"
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
man=$(gzip -dc "$tmp/root/usr/share/man/man1/animexport.1.gz")
grep -q '^\.TH ANIMEXPORT 1' <<<"$man" || fail "the man page has no .TH line"
grep -q 'animexport batch' <<<"$man" || fail "the man page has no batch section"
warnings=$(gzip -dc "$tmp/root/usr/share/man/man1/animexport.1.gz" | groff -k -man -Tutf8 -ww -z 2>&1) \
  || fail "groff cannot format the man page: $warnings"
[ -z "$warnings" ] || fail "the man page has groff warnings: $warnings"
x="$tmp/root/usr/bin/animexport"
listing=$(env -u ANIMEXPORT_PRESETS "$x" list) || fail "animexport list failed"
grep -qF "[$tmp/root/usr/share/animexport/presets/pulse-red.json]" <<<"$listing" \
  || fail "list does not show the packaged presets: $listing"
env -u ANIMEXPORT_PRESETS "$x" pulse --preset red --seconds 0.25 --scale 0.25 -q clip.mp4 || fail "rendering a clip failed"
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 clip.mp4)
[ "$frames" = 15 ] || fail "the clip has $frames frames, not 15"
runtime=$(LD_LIBRARY_PATH="$tmp/root/usr/lib/animexport" ldd "$tmp/root/usr/libexec/animexport" | awk '/libswiftCore/ {print $3}')
[ "$runtime" = "$tmp/root/usr/lib/animexport/libswiftCore.so" ] || fail "libswiftCore resolves to '$runtime', not the package's"
swiftlib=$(dirname "$(awk '$1 == "libswiftCore.so" {print $3}' <<<"$linked")")
if [ "$swiftlib" != . ] && unshare -m true 2>/dev/null; then
  mkdir "$tmp/empty"
  unshare -m bash -c 'mount --bind "$1" "$2" && ! [ -e "$2/libswiftCore.so" ] && cd "$3" &&
    env -u ANIMEXPORT_PRESETS "$4" list >/dev/null && env -u ANIMEXPORT_PRESETS "$4" pulse --preset red --frames 3 -q -y hidden.mp4' \
    _ "$tmp/empty" "$swiftlib" "$tmp/elsewhere" "$x" || fail "with $swiftlib hidden, the packaged binary does not run"
  hidden="ran with $swiftlib hidden"
else
  hidden="NOT checked with the toolchain hidden (no private mount namespace here)"
fi
echo "test-deb: $(basename "$deb"): $(du -k "$deb" | cut -f1) KB; Depends: $depends; list and a 15-frame clip ok from the package installed by dpkg in a private root; $hidden"
