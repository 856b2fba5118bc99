// swift-tools-version:6.0
// An example user of the AnimExportKit library: a scene written in Swift, exported as MP4 and PNG
// and added to the animexport command line. `make test` builds and runs it.
import PackageDescription
import Foundation

// A path dependency is known by its folder's name: this repository's, whatever it is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "CustomScene",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "custom-scene",
            dependencies: [.product(name: "AnimExportKit", package: root.lastPathComponent.lowercased())],
            path: "Sources/CustomScene"
        ),
    ]
)
