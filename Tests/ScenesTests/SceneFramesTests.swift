// The scenes' pixels through the display list and its renderer, frame after frame on one
// reused canvas, list and renderer (what the exporter does):
//   * equal to the frames the previous renderer (Scenes' DrawingRenderer, before the display
//     list) drew: 40 frames per case hashed, the hashes recorded from that renderer;
//   * equal with and without the renderer's shortcuts (deferred clears, damage, recorded
//     coverage), frame by frame;
//   * equal whether the list is reused or built fresh each frame.
// Tests/Golden/scenes pins single frames of every shipped preset the same way (AnimExportTests).
import Testing
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Render
@testable import Scenes

/// FNV-1a, 64 bit.
private func fnv1a(_ hash: inout UInt64, _ bytes: UnsafeRawBufferPointer) {
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
}

struct FrameCase: Sendable, CustomStringConvertible {
    let name: String
    let scale: Double
    let offset: Double
    /// The hash of the 40 frames drawn by the previous renderer (commit cab52d1).
    let hash: UInt64
    var description: String { "\(name) ×\(scale)" }
}

private func scene(_ name: String) throws -> (any Scene, RGBA) {
    switch name {
    case "red": return (try redScene(), .white)
    case "blue": return (try blueScene(), .white)
    case "heart": return (try heartScene(), .black)
    default: return (try blueDots(), .white)
    }
}

let frameCases: [FrameCase] = [
    FrameCase(name: "red", scale: 1.5, offset: 0, hash: 0x22ec916bc83c2885),
    FrameCase(name: "red", scale: 0.75, offset: 3.25, hash: 0x626764cde6e99c28),
    FrameCase(name: "blue", scale: 1.5, offset: 0, hash: 0x3f20f7baddf0239d),
    FrameCase(name: "blue", scale: 0.75, offset: 3.25, hash: 0x90e358a04540d8a),
    FrameCase(name: "heart", scale: 1.5, offset: 0, hash: 0xc1b381103a20d82a),
    FrameCase(name: "heart", scale: 0.75, offset: 3.25, hash: 0x203818c800800966),
    FrameCase(name: "dots", scale: 1.5, offset: 0, hash: 0xde97d0866e58a085),
    FrameCase(name: "dots", scale: 0.75, offset: 3.25, hash: 0xa8502f220b238c8e),
]

/// Frame i at t = i/30 on a (W·k + 1) × (H·k) canvas, transform scale k then (offset, offset/2).
private func frames(_ c: FrameCase, count: Int = 40, shortcuts: Renderer.Shortcuts = .all, freshLists: Bool = false,
                    _ each: (Int, Canvas) -> Void) throws {
    let (scene, background) = try scene(c.name)
    let canvas = Canvas(width: Int(scene.canvas.width * c.scale) + 1, height: Int(scene.canvas.height * c.scale))
    let renderer = Renderer()
    renderer.shortcuts = shortcuts
    var list = DisplayList()
    let transform = Transform(a: c.scale, b: 0, c: 0, d: c.scale, tx: c.offset, ty: c.offset / 2)
    for i in 0..<count {
        if freshLists { list = DisplayList() } else { list.reset() }
        scene.draw(at: Double(i) / 30, into: &list)
        let report = renderer.render(list, background: background, transform: transform, on: canvas)
        #expect(report.isFaithful)
        each(i, canvas)
    }
}

/// Whether the canvas holds exactly `bytes` (memcmp: debug builds compare arrays slowly).
private func holds(_ canvas: Canvas, _ bytes: [UInt8]) -> Bool {
    canvas.withUnsafeBytes { a in
        bytes.withUnsafeBytes { b in a.count == b.count && memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
}

@Test(arguments: frameCases) func framesEqualThePreviousRenderers(_ c: FrameCase) throws {
    var hash: UInt64 = 0xcbf29ce484222325
    try frames(c) { _, canvas in canvas.withUnsafeBytes { fnv1a(&hash, $0) } }
    #expect(hash == c.hash, "0x\(String(hash, radix: 16)) ≠ 0x\(String(c.hash, radix: 16))")
}

@Test(arguments: frameCases) func framesAreTheSameWithoutShortcuts(_ c: FrameCase) throws {
    var plain: [[UInt8]] = []
    // 20 frames: recordings replay from the third frame, deferred clears from the second.
    try frames(c, count: 20, shortcuts: []) { _, canvas in plain.append(canvas.withUnsafeBytes { Array($0) }) }
    for shortcuts: Renderer.Shortcuts in [.all, [.deferredClears, .damage], .recordedCoverage] {
        try frames(c, count: 20, shortcuts: shortcuts) { i, canvas in
            #expect(holds(canvas, plain[i]), "frame \(i), shortcuts \(shortcuts.rawValue)")
        }
    }
}

@Test(arguments: frameCases.filter { $0.scale == 0.75 }) func reusedListsMatchFreshOnes(_ c: FrameCase) throws {
    var fresh: [[UInt8]] = []
    try frames(c, count: 20, freshLists: true) { _, canvas in fresh.append(canvas.withUnsafeBytes { Array($0) }) }
    try frames(c, count: 20) { i, canvas in #expect(holds(canvas, fresh[i]), "frame \(i)") }
}
