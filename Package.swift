// swift-tools-version:6.0
// animexport — offline vector animation → video and animated images.
// Data flows one way: preset → scene at time t → drawing → Raster → RGBA frame → Video → file.
// Each target declares exactly the modules its files import, no more and no less; `make test`
// checks that first (scripts/check-layout.swift). Modules, and what they import:
//   Geometry → CClipper       (paths, transforms, flattening, measure, dash, stroke outlines, trim,
//                              boolean operations and offsets on Clipper)
//   Motion                    (leaf module: curves and keyframes, pure functions of time)
//   JSON                      (leaf module: the one JSON reader — bounded scanner, JSONValue, Decodable)
//   Raster  → Geometry        (coverage, paints, compositing, canvases)
//   Text    → Geometry, Raster, CFreeType, CHarfBuzz (FreeType outlines → paths, HarfBuzz shaping,
//                              fontconfig lookup and fallback)
//   Render  → Geometry, Raster (the display list and its renderer)
//   Scenes  → Geometry, Raster, Motion, Text, Render (the animations as plug-ins, one folder per scene)
//   Video   → CFFmpeg, CWebP  (RGBA frames in, files out; knows nothing of rasterizing)
//   Lottie  → JSON, Geometry, Raster, Motion, Render, Text (Lottie files: model, animated properties,
//                              time; the builder of display lists; text layers set with Text)
//   Media   → CFFmpeg, CZip   (untrusted media: PNG/JPEG/WebP decoding, files inside a folder, zip archives)
//   AnimExport → Geometry, Raster, Text, Render, Scenes, Video, Lottie, Media, JSON, CFFmpeg
//                             (presets, jobs, CLI logic, errors; SHA-256 from libavutil)
//   AnimExportKit → AnimExport, Scenes, Render, Geometry, Raster, Motion (the library product: re-exports)
//   animexport → AnimExport, CCPUCheck (the thin executable; the startup CPU check)
//   animexport-bench, kernel-audit (`make bench`, `make test`: timings, SIMD kernels vs scalar references)
import PackageDescription

import Foundation

// Release tuning (README "Speed", docs/library.md). The Makefile exports ANIMEXPORT_TUNED=1 for
// every build it runs; only then does this manifest add compiler flags SwiftPM calls unsafe:
// `-enforce-exclusivity=unchecked` on the kernel modules, aggressive cross-module optimisation
// for Motion and Lottie, and — on x86-64 release builds unless ANIMEXPORT_PORTABLE=1 — AVX2 + FMA
// (`-target-cpu haswell`: 256-bit SIMD8<Float>, vroundps, FMA only where written with
// addingProduct; docs/research/rasterizers.md §6). Without the variable — a Swift package that
// depends on AnimExportKit by URL, or a plain `swift build` — the manifest has no unsafe flags
// (SwiftPM refuses those in a fetched dependency) and builds the portable code. Debug builds,
// which `swift test` compiles, are always the portable x86-64 baseline. Both run the same Swift
// source (no intrinsics), so results are byte-identical; a tuned binary checks the CPU at start
// (Sources/CCPUCheck) and says so instead of dying with SIGILL.
let environment = ProcessInfo.processInfo.environment
let tuned = environment["ANIMEXPORT_TUNED"] == "1"
let portable = environment["ANIMEXPORT_PORTABLE"] == "1"
var optimized: [SwiftSetting] = []
var crossModule: [SwiftSetting] = []
var cpuCheck: [CSetting] = []
if tuned {
    optimized.append(.unsafeFlags(["-enforce-exclusivity=unchecked"]))
    crossModule.append(.unsafeFlags(["-cross-module-optimization"]))
    #if arch(x86_64)
    if !portable {
        optimized.append(.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release)))
        optimized.append(.define("RASTER_TARGET_HASWELL", .when(configuration: .release)))
        cpuCheck.append(.define("ANIMEXPORT_REQUIRE_AVX2", .when(configuration: .release)))
    }
    #endif
}

let package = Package(
    name: "animexport",
    products: [
        .executable(name: "animexport", targets: ["animexport"]),
        // For Swift packages that define their own scenes and export them (Examples/CustomScene).
        .library(name: "AnimExportKit", targets: ["AnimExportKit"]),
        .executable(name: "animexport-bench", targets: ["animexport-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavcodec libavformat libswscale libavutil libavfilter libswresample",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev",
                              "libavfilter-dev", "libswresample-dev"])]
        ),
        // libwebp's demuxer and decoder: reading animated WebP back (FFmpeg 5.1 cannot decode it).
        .systemLibrary(
            name: "CWebP",
            path: "Sources/CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CFreeType",
            pkgConfig: "freetype2 fontconfig",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            path: "Sources/CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // libzip: dotLottie archives (Media/Archive).
        .systemLibrary(name: "CZip", path: "Sources/CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // Clipper 6.4.2 (Debian's libpolyclipping, C++) behind a C API: Geometry's boolean ops and offsets.
        .target(name: "CClipper", path: "Sources/CClipper", linkerSettings: [.linkedLibrary("polyclipping")]),
        .target(name: "Geometry", dependencies: ["CClipper"], swiftSettings: optimized),
        .target(name: "Raster", dependencies: ["Geometry"], swiftSettings: optimized),
        .target(name: "Text", dependencies: ["Geometry", "Raster", "CFreeType", "CHarfBuzz"]),
        // Cross-module optimisation (tuned builds) lets scenes specialise Motion's generic timelines (no boxing per frame).
        .target(name: "Motion", swiftSettings: crossModule),
        // The one JSON reader (Lottie files, presets, targets, manifests): bounded parser + Decodable.
        .target(name: "JSON", swiftSettings: crossModule),
        .target(name: "Render", dependencies: ["Geometry", "Raster"]),
        .target(name: "Scenes", dependencies: ["Geometry", "Raster", "Motion", "Text", "Render"]),
        .target(name: "Video", dependencies: ["CFFmpeg", "CWebP"], swiftSettings: optimized),
        // Untrusted media inputs: images decoded with libavcodec, files inside a folder, zip archives.
        .target(name: "Media", dependencies: ["CFFmpeg", "CZip"]),
        // Lottie (Bodymovin JSON): decoding, animated properties, time model, feature inventory,
        // and the builder of display lists.
        .target(name: "Lottie", dependencies: ["JSON", "Geometry", "Raster", "Motion", "Render", "Text"],
                swiftSettings: crossModule),
        .target(name: "AnimExport", dependencies: ["Geometry", "Raster", "Text", "Render", "Scenes", "Video",
                                                   "CFFmpeg", "JSON", "Lottie", "Media"]),
        // The startup CPU check of tuned release builds (C, compiled for any x86-64).
        .target(name: "CCPUCheck", path: "Sources/CCPUCheck", cSettings: cpuCheck),
        .executableTarget(name: "animexport", dependencies: ["AnimExport", "CCPUCheck"]),
        .target(name: "AnimExportKit", dependencies: ["AnimExport", "Scenes", "Render", "Geometry", "Raster", "Motion"]),
        // `make bench`: timings of rendering, conversion and encoding (not part of the product).
        .target(name: "CAllocCounter", path: "Sources/CAllocCounter"),
        .executableTarget(name: "animexport-bench",
                          dependencies: ["AnimExport", "Scenes", "Render", "Geometry", "Raster", "Text", "Video", "CFFmpeg",
                                         "CAllocCounter", "JSON", "Lottie", "CCPUCheck"],
                          path: "Sources/animexport-bench",
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        // `make test` runs it in release (the AVX2 build that ships): SIMD kernels vs scalar references.
        .executableTarget(name: "kernel-audit", dependencies: ["Raster", "Video", "CCPUCheck"], path: "Sources/kernel-audit"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Geometry", "Raster", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Geometry", "Raster", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        // The startup CPU check's decision, on injected CPUID words.
        .testTarget(name: "CPUCheckTests", dependencies: ["CCPUCheck"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Geometry", "Raster", "CFreeType"]),
        .testTarget(name: "GoldenTests", dependencies: ["Geometry", "Raster", "Text", "Video", "Render"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Render", "Geometry", "Raster", "Motion", "Text"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "CFFmpeg", "TestSupport"]),
        // Running the binary from end-to-end tests, shared by the test targets that do.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AnimExportTests", dependencies: ["AnimExport", "JSON", "Geometry", "Raster", "Video", "Scenes", "Render", "Lottie", "TestSupport"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "JSON", "Geometry", "Raster", "Motion", "Render", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LottieRenderTests", dependencies: ["Lottie", "Render", "Geometry", "Raster", "Video", "Media", "TestSupport"],
                    exclude: ["Fixtures", "Golden"]),
    ]
)
