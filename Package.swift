// swift-tools-version:6.0
// animexport — offline vector animation → H.264 MP4.
// Data flows one way: preset → scene at time t → drawing → Raster → RGBA frame → Video → file.
// Each module imports only those below it:
//   Raster, Motion            (leaf modules: geometry/coverage/paint; pure functions of time)
//   Text    → Raster, CFreeType (fonts: FreeType glyph outlines → Raster paths; fontconfig lookup)
//   Scenes  → Raster, Motion, Text (the animations)
//   Video   → CFFmpeg         (RGBA frames in, files out; knows nothing of rasterizing)
//   AnimExport → Scenes, Video (presets, jobs, CLI logic, errors)
//   animexport → AnimExport   (the thin executable)
import PackageDescription

let optimized: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"]),
]

let package = Package(
    name: "animexport",
    products: [
        .executable(name: "animexport", targets: ["animexport"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavcodec libavformat libswscale libavutil",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CFreeType",
            pkgConfig: "freetype2 fontconfig",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
        ),
        .target(name: "Raster", swiftSettings: optimized),
        .target(name: "Text", dependencies: ["Raster", "CFreeType"]),
        .target(name: "Motion"),
        .target(name: "Scenes", dependencies: ["Raster", "Motion", "Text"]),
        .target(name: "Video", dependencies: ["CFFmpeg"]),
        .target(name: "AnimExport", dependencies: ["Scenes", "Raster", "Motion", "Video"]),
        .executableTarget(name: "animexport", dependencies: ["AnimExport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster"]),
        .testTarget(name: "GoldenTests", dependencies: ["Raster", "Text", "Video"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Raster", "Motion"]),
        .testTarget(name: "VideoTests", dependencies: ["Video"]),
        .testTarget(name: "AnimExportTests", dependencies: ["AnimExport", "Video", "Scenes"]),
    ]
)
