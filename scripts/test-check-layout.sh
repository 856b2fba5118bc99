#!/usr/bin/env bash
# Self-test of scripts/check-layout.swift, run by `make test`. In a temporary copy of the package
# (Package.swift, Sources, Tests, Fuzz, scripts) the check must pass; then, with one violation of
# each kind planted, it must fail and name every one of them (file, line, module, target):
#   * `import Video` in a Geometry source, `@testable import AnimExport` in a GeometryTests file,
#     `@_implementationOnly import CFFmpeg` in a Raster source (modules those targets do not declare);
#   * a dependency declared in Package.swift that no file of the target imports;
#   * a reference to the shared folder outside the repository.
# A planted import inside a multi-line string literal must not be reported.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -a Package.swift Sources Tests Fuzz scripts "$tmp/"
check() { SWIFT=$SWIFT "$SWIFT" scripts/check-layout.swift "$1"; }

if ! check "$tmp" >"$tmp/clean.log" 2>&1; then
    echo "test-check-layout: FAIL: the check fails on an unchanged copy:"; cat "$tmp/clean.log"; exit 1
fi

sed -i '1i import Video' "$tmp/Sources/Geometry/Primitives/Path.swift"
sed -i '1i @testable import AnimExport' "$tmp/Tests/GeometryTests/FlattenTests.swift"
sed -i '1i @_implementationOnly import CFFmpeg' "$tmp/Sources/Raster/Surface/Canvas.swift"
printf 'let text = """\nimport Video\n"""\n' >"$tmp/Sources/Motion/PlantedString.swift"
sed -i 's|.testTarget(name: "MotionTests", dependencies: \["Motion"\])|.testTarget(name: "MotionTests", dependencies: ["Motion", "Text"])|' \
    "$tmp/Package.swift"
outside="../""shared"
echo "// see $outside/ANIMATIONS.md" >>"$tmp/Sources/Motion/LibM.swift"
lines=$(wc -l <"$tmp/Sources/Motion/LibM.swift")

if check "$tmp" >"$tmp/planted.log" 2>&1; then
    echo "test-check-layout: FAIL: the check passes with planted violations"; exit 1
fi
expected=(
    "Sources/Geometry/Primitives/Path.swift:1: imports Video, which target Geometry does not declare"
    "Tests/GeometryTests/FlattenTests.swift:1: imports AnimExport, which target GeometryTests does not declare"
    "Sources/Raster/Surface/Canvas.swift:1: imports CFFmpeg, which target Raster does not declare"
    "Package.swift: target MotionTests declares Text, which none of its files imports"
    "Sources/Motion/LibM.swift:$lines: refers to $outside, outside the repository"
)
failed=0
for line in "${expected[@]}"; do
    grep -qF "$line" "$tmp/planted.log" || { echo "test-check-layout: FAIL: not reported: $line"; failed=1; }
done
reported=$(grep -c '^check-layout: ' "$tmp/planted.log" || true)
if [[ $reported != "${#expected[@]}" ]]; then
    echo "test-check-layout: FAIL: $reported problems reported, ${#expected[@]} planted"; failed=1
fi
if [[ $failed != 0 ]]; then cat "$tmp/planted.log"; exit 1; fi
echo "test-check-layout: passes on the package, reports all ${#expected[@]} planted violations"
