#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (outside SwiftPM, so `swift build` and `make test`
# never see them): each module's sources are compiled with -sanitize=fuzzer,address into one
# object per module, then linked with the fuzz entry point.
#   Fuzz/build.sh [OUT]          → OUT/fuzz-geometry, OUT/fuzz-preset, OUT/fuzz-font (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
mkdir -p "$OUT"
SAN="-sanitize=fuzzer,address"
# The C modules (CFFmpeg, CFreeType, CHarfBuzz) and their headers, for every module that sees them.
CMODULES=(-I Sources/CFFmpeg -I Sources/CFreeType -I Sources/CHarfBuzz)
for f in $(pkg-config --cflags libavcodec libavformat libswscale libavutil freetype2 harfbuzz fontconfig); do CMODULES+=(-Xcc "$f"); done
COMMON=(-wmo -O -g -parse-as-library $SAN -I "$OUT" "${CMODULES[@]}")
LIBS=$(pkg-config --libs libavcodec libavformat libswscale libavutil freetype2 harfbuzz fontconfig)

module() {   # module NAME [extra swiftc flags…] -- sources…
    local name=$1; shift
    local flags=()
    while [[ $1 != -- ]]; do flags+=("$1"); shift; done; shift
    local obj="$OUT/$name.o"
    # Rebuild only when some source (of any module: dependencies change too) is newer.
    if [[ -f $obj ]] && [[ -z $(find Sources Fuzz -name '*.swift' -newer "$obj" | head -1) ]]; then return; fi
    echo "fuzz: compiling $name"
    swiftc "${COMMON[@]}" -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
        -emit-object -o "$obj" "${flags[@]}" "$@"
}

module Raster -enforce-exclusivity=unchecked -D ANIMEXPORT_FUZZ_BUILD -- Sources/Raster/*.swift
module GeometryFuzz -- Fuzz/FuzzInput.swift Fuzz/GeometryCase.swift Fuzz/GeometryFuzz.swift
echo "fuzz: linking $OUT/fuzz-geometry"
link() { swiftc "$@" 2>&1 | { grep -v "Cannot export local symbol '__asan" || true; }; }
link $SAN "$OUT/Raster.o" "$OUT/GeometryFuzz.o" -o "$OUT/fuzz-geometry"

module Motion -- Sources/Motion/*.swift
module Text -- Sources/Text/*.swift
module Scenes -- Sources/Scenes/*.swift
module Video -- Sources/Video/*.swift
# The preset target is compiled INTO the AnimExport module: it calls the internal decoder.
module AnimExport -D ANIMEXPORT_FUZZ_BUILD -- Sources/AnimExport/*.swift Fuzz/PresetCase.swift Fuzz/PresetFuzz.swift
echo "fuzz: linking $OUT/fuzz-preset"
link $SAN "$OUT"/{Raster,Motion,Text,Scenes,Video,AnimExport}.o $LIBS -o "$OUT/fuzz-preset"

module FontFuzz -- Fuzz/FontCase.swift Fuzz/FontFuzz.swift
echo "fuzz: linking $OUT/fuzz-font"
link $SAN "$OUT"/{Raster,Text,FontFuzz}.o $LIBS -o "$OUT/fuzz-font"
