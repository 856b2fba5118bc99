// Every operation is the same with and without the renderer's shortcuts (deferred clears, damage,
// recorded coverage): seeded random display lists — nested groups with transforms, opacity,
// filters and clips over fills and strokes with every drawable paint — animated over frames on
// one reused canvas and renderer, compared pixel for pixel with a renderer that takes none.
import TestSupport
import Testing
import Geometry
import Raster
@testable import Render

/// A random list for frame `frame` of scene `seed`: the structure is fixed by the seed, the
/// geometry moves with the frame, and some shapes stay still (so recordings replay).
func randomList(seed: UInt64, frame: Int, into list: inout DisplayList) {
    var rng = SeededGenerator(seed: seed)
    let gradient = list.addGradient { g in
        g.color(0, RGBA(r: .random(in: 0...1, using: &rng), g: 0.2, b: 0.9))
        g.color(0.5, RGBA(r: 1, g: .random(in: 0...1, using: &rng), b: 0))
        g.opacity(0.2, .random(in: 0...1, using: &rng))
        g.color(1, .white)
    }
    let time = Double(frame)
    func paint(_ rng: inout SeededGenerator) -> NodePaint {
        let c = Point(.random(in: 0...60, using: &rng), .random(in: 0...40, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .solid(RGBA(r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng),
                                   b: .random(in: 0...1, using: &rng), a: .random(in: 0.3...1, using: &rng)),
                              opacity: .random(in: 0.2...1, using: &rng))
        case 1: return .linear(LinearGradient(gradient, start: c, end: Point(c.x + 30, c.y + 10 + time), extend: .reflect))
        case 2: return .radial(RadialGradient(gradient, center: c, radius: 12 + time, opacity: 0.9))
        default: return .conic(ConicGradient(gradient, center: c, startAngle: 30 * time))
        }
    }
    func shape(_ rng: inout SeededGenerator) {
        let moving = Bool.random(using: &rng)
        let x = Double.random(in: -5...60, using: &rng) + (moving ? 3 * time : 0)
        let y = Double.random(in: -5...40, using: &rng)
        let r = Double.random(in: 3...18, using: &rng)
        let p = paint(&rng)
        if Bool.random(using: &rng) {
            list.fill(rule: Bool.random(using: &rng) ? .nonZero : .evenOdd, paint: p) { path in
                path.addCircle(center: Point(x, y), radius: r)
                path.addCircle(center: Point(x + r / 2, y), radius: r / 2)
            }
        } else {
            let style = StrokeStyle(lineWidth: .random(in: 1...5, using: &rng), cap: .round, join: .round,
                                    dash: Bool.random(using: &rng) ? [6, 3] : [], dashPhase: time)
            list.stroke(list.addPath { $0.addCircle(center: Point(x, y), radius: r) }, style: style, paint: p)
        }
    }
    func group(depth: Int, _ rng: inout SeededGenerator) {
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            if depth < 3 && Int.random(in: 0..<3, using: &rng) == 0 {
                let clip: Clip? = Int.random(in: 0..<3, using: &rng) == 0
                    ? Clip(list.addPath { $0.addCircle(center: Point(30, 20), radius: 14 + time) }) : nil
                let filter: ColorFilter? = Int.random(in: 0..<3, using: &rng) == 0 ? .hueRotation(degrees: 40 * time) : nil
                let angle = Double.random(in: -0.3...0.3, using: &rng)
                list.beginGroup(Group(transform: Transform.rotation(radians: angle).concatenating(.translation(time, 0)),
                                      opacity: [1, 0.5, 0.8][Int.random(in: 0..<3, using: &rng)], filter: filter, clip: clip))
                group(depth: depth + 1, &rng)
                list.endGroup()
            } else {
                shape(&rng)
            }
        }
    }
    group(depth: 0, &rng)
}

/// Frames 0–5 of `build` (called with frame % 4: frames 4 and 5 repeat 0 and 1, so recordings
/// replay) rendered on one reused renderer and canvas with every shortcut and on another with
/// none: the same reports (faithful) and the same pixels; no layer held at the end.
func expectSameWithoutShortcuts(seed: UInt64, transform: (Int) -> Transform = { _ in .identity },
                                _ build: (Int, inout DisplayList) -> Void) {
    let fast = Renderer(), plain = Renderer()
    plain.shortcuts = []
    let a = Canvas(width: 67, height: 45), b = Canvas(width: 67, height: 45)
    var list = DisplayList()
    let background = seed % 3 == 0 ? RGBA.clear : RGBA(r: 0.1, g: 0.1, b: 0.2)
    for frame in 0..<6 {
        list.reset()
        build(frame % 4, &list)
        let r1 = fast.render(list, background: background, transform: transform(frame), on: a)
        let r2 = plain.render(list, background: background, transform: transform(frame), on: b)
        #expect(r1 == r2 && r1.isFaithful, "\(r1.messages)")
        #expect(bytes(a) == bytes(b), "seed \(seed) frame \(frame): max diff \(maximumDifference(a, b))")
    }
    #expect(fast.layers.inUse == 0 && plain.layers.inUse == 0)
}

@Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
func randomListsAreTheSameWithoutShortcuts(seed: UInt64) {
    expectSameWithoutShortcuts(seed: seed, transform: { Transform.scale(1.1, 1.1).concatenating(.translation($0 < 3 ? 0 : 0.5, 0)) }) {
        randomList(seed: seed, frame: $0, into: &$1)
    }
}

@Test func theRandomListsUseLayersClipsAndFolding() {
    // The generator must reach the interesting paths, or the test above proves little.
    var offScreen = 0, clipped = 0, folded = 0
    for seed in UInt64(1)...12 {
        var list = DisplayList()
        randomList(seed: seed, frame: 1, into: &list)
        for record in list.groups {
            if record.group.clip != nil { clipped += 1 }
            if record.group.opacity < 1 || record.group.filter != nil {
                if record.leaves == 1 { folded += 1 } else { offScreen += 1 }
            }
        }
    }
    #expect(offScreen >= 3 && clipped >= 3 && folded >= 2, "off-screen \(offScreen), clipped \(clipped), folded \(folded)")
}
