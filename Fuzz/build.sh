#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (outside SwiftPM, so `swift build` and `make test`
# never see them): each module's sources are compiled with -sanitize=fuzzer,address into one
# object per module, then linked with the fuzz entry point.
#   Fuzz/build.sh [OUT]          → OUT/fuzz-geometry, OUT/fuzz-preset, OUT/fuzz-font, OUT/fuzz-lottie, OUT/fuzz-media, OUT/fuzz-expression (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
mkdir -p "$OUT"
SAN="-sanitize=fuzzer,address"
# The C modules (CFFmpeg, CFreeType, CHarfBuzz, CWebP) and their headers, for every module that sees them.
CMODULES=(-I Sources/CFFmpeg -I Sources/CFreeType -I Sources/CHarfBuzz -I Sources/CWebP -I Sources/CZip -I Sources/CClipper/include)
for f in $(pkg-config --cflags libavcodec libavformat libswscale libavutil freetype2 harfbuzz fontconfig libwebpdemux libzip); do CMODULES+=(-Xcc "$f"); done
# -package-name: modules see each other's `package` declarations, as under SwiftPM.
COMMON=(-wmo -O -g -parse-as-library -package-name animexport $SAN -I "$OUT" "${CMODULES[@]}")
LIBS=$(pkg-config --libs libavcodec libavformat libswscale libavutil freetype2 harfbuzz fontconfig libwebpdemux libzip)
# Geometry's boolean operations: the CClipper shim (C++) and Clipper itself.
CLIPPER_LIBS="$(pkg-config --libs polyclipping) -lstdc++"

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

# CClipper: the C API over Clipper (Sources/CClipper), instrumented like the Swift modules.
echo "fuzz: compiling CClipper"
clang++ -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CClipper/include -c Sources/CClipper/Clip.cpp -o "$OUT/CClipper.o"

# Geometry owns the work caps (Storage/FuzzBuild.swift); the flag divides them for fuzzing.
module Geometry -enforce-exclusivity=unchecked -D ANIMEXPORT_FUZZ_BUILD -- $(find Sources/Geometry -name '*.swift' | sort)
module Raster -enforce-exclusivity=unchecked -- $(find Sources/Raster -name '*.swift' | sort)
module GeometryFuzz -- Fuzz/FuzzInput.swift Fuzz/GeometryCase.swift Fuzz/GeometryFuzz.swift
echo "fuzz: linking $OUT/fuzz-geometry"
link() { swiftc "$@" 2>&1 | { grep -v "Cannot export local symbol '__asan" || true; }; }
link $SAN "$OUT/Geometry.o" "$OUT/CClipper.o" "$OUT/Raster.o" "$OUT/GeometryFuzz.o" $CLIPPER_LIBS -o "$OUT/fuzz-geometry"

module Motion -- $(find Sources/Motion -name '*.swift' | sort)
module Render -- $(find Sources/Render -name '*.swift' | sort)
module Text -- $(find Sources/Text -name '*.swift' | sort)
module JSON -- $(find Sources/JSON -name '*.swift' | sort)
module Lottie -- $(find Sources/Lottie -name '*.swift' | sort)
# The property evaluator is the bench's (every property of a frame, nothing drawn).
module LottieFuzz -- Sources/animexport-bench/PropertyEvaluator.swift Fuzz/LottieCase.swift Fuzz/LottieFuzz.swift
echo "fuzz: linking $OUT/fuzz-lottie"
link $SAN "$OUT"/{Geometry,CClipper,Raster,Motion,Render,Text,JSON,Lottie,LottieFuzz}.o $LIBS $CLIPPER_LIBS -o "$OUT/fuzz-lottie"
module ExpressionFuzz -- Sources/animexport-bench/PropertyEvaluator.swift Fuzz/ExpressionCase.swift Fuzz/ExpressionFuzz.swift
echo "fuzz: linking $OUT/fuzz-expression"
link $SAN "$OUT"/{Geometry,CClipper,Raster,Motion,Render,Text,JSON,Lottie,ExpressionFuzz}.o $LIBS $CLIPPER_LIBS -o "$OUT/fuzz-expression"
module Scenes -- $(find Sources/Scenes -name '*.swift' | sort)
module Video -- $(find Sources/Video -name '*.swift' | sort)
module Media -- $(find Sources/Media -name '*.swift' | sort)
# The preset target is compiled INTO the AnimExport module: it calls the internal decoder.
module AnimExport -D ANIMEXPORT_FUZZ_BUILD -- $(find Sources/AnimExport -name '*.swift' | sort) Fuzz/PresetCase.swift Fuzz/PresetFuzz.swift
echo "fuzz: linking $OUT/fuzz-preset"
link $SAN "$OUT"/{Geometry,CClipper,Raster,Motion,JSON,Lottie,Text,Render,Scenes,Video,Media,AnimExport}.o $LIBS $CLIPPER_LIBS -o "$OUT/fuzz-preset"

module FontFuzz -- Fuzz/FontCase.swift Fuzz/FontFuzz.swift
echo "fuzz: linking $OUT/fuzz-font"
link $SAN "$OUT"/{Geometry,CClipper,Raster,Text,FontFuzz}.o $LIBS $CLIPPER_LIBS -o "$OUT/fuzz-font"

# Images (libavcodec) and zip archives (libzip) as Lottie files bring them (MediaCase.swift).
module MediaFuzz -- Fuzz/MediaCase.swift Fuzz/MediaFuzz.swift
echo "fuzz: linking $OUT/fuzz-media"
link $SAN "$OUT"/{Media,MediaFuzz}.o $LIBS -o "$OUT/fuzz-media"
