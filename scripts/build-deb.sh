#!/usr/bin/env bash
# `make deb` (issue 25 item 7): a Debian package of the release binary.
#
#   /usr/bin/animexport              a launcher: runs the binary with the bundled Swift runtime
#   /usr/libexec/animexport          the release binary (so its presets are <prefix>/share/…, PresetLibrary)
#   /usr/lib/animexport/*.so         the Swift runtime libraries the binary links that no Debian
#                                    package owns (the toolchain's: libswiftCore, Foundation, …)
#   /usr/share/animexport/presets, targets, /usr/share/man/man1/animexport.1.gz (scripts/man-page.sh)
#   /usr/share/doc/animexport        README.md and docs/*.md (the help texts cite docs/…), copyright
#
# Depends is derived, not guessed: dpkg-shlibdeps over the binary and the bundled libraries
# gives the Debian packages of every shared library they link (libavcodec…, libwebp, FreeType,
# HarfBuzz, fontconfig, polyclipping, libzip, libc …, from the shlibs/symbols files); the
# fonts are the packages (dpkg -S) owning the files fontconfig picks for the families the tool
# draws text with (Inter, and the fallbacks for other scripts: README "Text in every script").
# Usage: scripts/build-deb.sh BINARY OUTDIR   → OUTDIR/animexport_VERSION_ARCH.deb (path printed)
set -euo pipefail
bin=${1:?usage: build-deb.sh BINARY OUTDIR}
outdir=${2:?usage: build-deb.sh BINARY OUTDIR}
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "build-deb: $*" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps dpkg ldd fc-match gzip strip; do command -v $tool >/dev/null || fail "$tool is missing"; done

version=$("$bin" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/libexec" "$pkg/usr/lib/animexport" "$pkg/usr/share/man/man1" \
  "$pkg/usr/share/animexport/presets" "$pkg/usr/share/animexport/targets" "$pkg/usr/share/doc/animexport/docs"

install -m 755 "$bin" "$pkg/usr/libexec/animexport"
strip --strip-unneeded "$pkg/usr/libexec/animexport"
install -m 644 "$here"/presets/*.json "$pkg/usr/share/animexport/presets/"
install -m 644 "$here"/targets/*.json "$pkg/usr/share/animexport/targets/"
install -m 644 "$here/LICENSE" "$pkg/usr/share/doc/animexport/copyright"
install -m 644 "$here/README.md" "$pkg/usr/share/doc/animexport/"
install -m 644 "$here"/docs/*.md "$pkg/usr/share/doc/animexport/docs/"
"$here/scripts/man-page.sh" "$bin" | gzip -9n > "$pkg/usr/share/man/man1/animexport.1.gz"

# The package that owns a library file, with or without the /usr merge; empty if none.
owner() {
  local f=$1 alt p o
  case $f in /usr/*) alt=${f#/usr} ;; *) alt=/usr$f ;; esac
  for p in "$f" "$(readlink -f "$f")" "$alt"; do
    o=$(dpkg -S "$p" 2>/dev/null | head -1 | cut -d: -f1 || true)
    [ -n "$o" ] && { echo "$o"; return 0; }
  done
  return 0
}
# The names a library file goes by: as given, resolved, and with or without the /usr merge.
variants() {
  echo "$1"; readlink -f "$1"
  case $1 in /usr/*) echo "${1#/usr}" ;; *) echo "/usr$1" ;; esac
}
# Bundle what no package owns (the Swift toolchain's runtime). ldd lists the libraries the
# binary loads transitively, so the bundled ones' own needs are in the list; dpkg -S is asked
# once for all their names (one call per library took minutes).
libs=$(ldd "$bin" | awk '/=> \// {print $3}' | sort -u)
owned=$(for lib in $libs; do variants "$lib"; done | sort -u | xargs dpkg -S 2>/dev/null | awk -F': ' '{print $NF}' | sort -u || true)
for lib in $libs; do
  grep -qxF -f <(variants "$lib") <<<"$owned" && continue
  install -m 644 "$(readlink -f "$lib")" "$pkg/usr/lib/animexport/$(basename "$lib")"
done
ls "$pkg"/usr/lib/animexport/libswiftCore.so >/dev/null 2>&1 || fail "the Swift runtime was not found among the binary's libraries"
strip --strip-unneeded "$pkg"/usr/lib/animexport/*.so*

cat > "$pkg/usr/bin/animexport" <<'LAUNCHER'
#!/bin/bash
# animexport's launcher (Debian package): the binary with the Swift runtime it was built with,
# which no Debian package provides, from /usr/lib/animexport.
here=$(dirname "$(readlink -f "$0")")
export LD_LIBRARY_PATH="$here/../lib/animexport${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exec -a animexport "$here/../libexec/animexport" "$@"
LAUNCHER
chmod 755 "$pkg/usr/bin/animexport"

# Depends: dpkg-shlibdeps wants a debian/control beside it; the bundled libraries are ours
# (-l), so their lack of shlibs information is expected (--ignore-missing-info).
mkdir -p "$work/src/debian"
printf 'Source: animexport\n\nPackage: animexport\nArchitecture: any\n' > "$work/src/debian/control"
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O --ignore-missing-info -l"$pkg/usr/lib/animexport" \
           "$pkg/usr/libexec/animexport" "$pkg"/usr/lib/animexport/*.so* 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { cat "$work/shlibdeps.log" >&2; fail "dpkg-shlibdeps found no dependencies"; }
fonts=""
for family in "Inter:style=Bold" "Noto Sans Devanagari" "WenQuanYi Micro Hei"; do
  file=$(fc-match -f '%{file}' "$family")
  p=$(owner "$file")
  [ -n "$p" ] || fail "no Debian package owns $file (font $family)"
  case " $fonts " in *" $p,"*) ;; *) fonts="$fonts $p," ;; esac
done
depends="$shlibs,${fonts%,}"

cat > "$pkg/DEBIAN/control" <<CONTROL
Package: animexport
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-animexport maintainers <animexport@localhost>}
Installed-Size: $(du -sk "$pkg/usr" | cut -f1)
Depends: $depends
Section: video
Priority: optional
Description: render vector animations offline to video and animated images
 animexport renders built-in vector scenes and Lottie files with its own
 rasterizer and encodes them with FFmpeg's libraries (MP4, MOV, WebM, GIF,
 APNG, WebP, PNG sequences); batch renders preset folders incrementally.
CONTROL

# zstd -9: 4.5 s where xz took 97 s (on 2 shared cores), 27 MB where xz made 20 MB; Debian 12's
# dpkg (1.21.18 and later) installs it.
mkdir -p "$outdir"
deb=$outdir/animexport_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zzstd -z9 --build "$pkg" "$deb" >/dev/null
echo "$deb"
