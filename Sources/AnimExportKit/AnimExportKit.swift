// AnimExportKit — the library product: one import for a Swift package that defines its own scenes
// in code and exports them (SceneExport.swift), or adds them to the CLI (SceneRegistry, CLI.run).
//
//     .package(path: "…/animexport"),  .product(name: "AnimExportKit", package: "animexport")
//
// It re-exports the modules a scene is written with: Scenes (Scene, ScenePlugin, SceneRegistry),
// Render (DisplayList, Renderer), Geometry (paths, points, transforms, stroke styles), Raster
// (colours, paints, canvases), Motion (timing curves, keyframes) and AnimExport (SceneExport,
// CLI). Examples/CustomScene is a working user.
@_exported import AnimExport
@_exported import Geometry
@_exported import Motion
@_exported import Raster
@_exported import Render
@_exported import Scenes
