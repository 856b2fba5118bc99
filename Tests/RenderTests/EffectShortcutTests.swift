// Masks, mattes and blend modes are the same with and without the renderer's shortcuts: seeded
// random lists (ShortcutTests.swift's generator) wrapped in groups with masks (every mode,
// inverted, opacity, expansion), mattes (every mode), blend modes and nestings of the three,
// animated over frames on one reused renderer and canvas, compared pixel for pixel with a
// renderer that takes none. Also: steady state holds no layer and the pool stops growing.
import TestSupport
import Testing
import Geometry
import Raster
@testable import Render

func randomEffectList(seed: UInt64, frame: Int, into list: inout DisplayList) {
    var rng = SeededGenerator(seed: seed &* 7919)
    let time = Double(frame)
    func effectGroup(depth: Int, _ rng: inout SeededGenerator) {
        let matte: MatteMode? = Bool.random(using: &rng) ? MatteMode.allCases.randomElement(using: &rng) : nil
        let blend = Bool.random(using: &rng) ? BlendMode.allCases.randomElement(using: &rng)! : .normal
        list.beginGroup(Group(transform: .rotation(radians: .random(in: -0.2...0.2, using: &rng)),
                              opacity: [1, 0.7][Int.random(in: 0..<2, using: &rng)], blendMode: blend, matte: matte))
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let c = Point(.random(in: 10...55, using: &rng) + time, .random(in: 8...36, using: &rng))
            let path = list.addPath { $0.addCircle(center: c, radius: .random(in: 6...20, using: &rng)) }
            list.addMask(Mask(MaskMode.allCases.randomElement(using: &rng)!, path: path,
                              opacity: .random(in: 0.4...1, using: &rng), inverted: Bool.random(using: &rng),
                              expansion: [0, 2, -1.5][Int.random(in: 0..<3, using: &rng)]))
        }
        if matte != nil {
            list.beginMatte()
            randomList(seed: seed &+ 100, frame: frame, into: &list)
            list.endMatte()
        }
        randomList(seed: seed &+ UInt64(depth), frame: frame, into: &list)
        if depth < 2 && Bool.random(using: &rng) { effectGroup(depth: depth + 1, &rng) }
        list.endGroup()
    }
    list.fill(.rectangle(x: 0, y: 0, width: 40, height: 45), paint: .solid(RGBA(r: 0.2, g: 0.6, b: 0.3)))
    effectGroup(depth: 0, &rng)
    effectGroup(depth: 0, &rng)
}

@Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8, 9, 10])
func effectListsAreTheSameWithoutShortcuts(seed: UInt64) {
    expectSameWithoutShortcuts(seed: seed) { randomEffectList(seed: seed, frame: $0, into: &$1) }
}

@Test func theEffectListsUseEveryEffect() {
    var masks = 0, mattes = 0, blends = 0
    for seed in UInt64(1)...10 {
        var list = DisplayList()
        randomEffectList(seed: seed, frame: 1, into: &list)
        masks += list.masks.count
        mattes += list.groups.filter { $0.group.matte != nil }.count
        blends += list.groups.filter { $0.group.blendMode != .normal }.count
    }
    #expect(masks >= 8 && mattes >= 4 && blends >= 4, "masks \(masks), mattes \(mattes), blends \(blends)")
}
