// The display list's storage: the tree read back in order, what each group learns when it ends,
// and reuse of its storage across frames.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct DisplayListTests {
    func sample(into list: inout DisplayList, radius: Double) {
        let clip = list.addPath(Path.rectangle(x: 0, y: 0, width: 10, height: 10))
        list.beginGroup(Group(opacity: 0.5, matte: .luma))
        list.addMask(Mask(.subtract, path: clip, opacity: 0.5, inverted: true, expansion: -2))
        list.beginMatte()
        list.fill(clip, paint: .solid(.white))
        list.endMatte()
        list.group(Group(blendMode: .screen, clip: Clip(clip))) { list in
            list.fill(paint: .solid(.black)) { $0.addCircle(center: .zero, radius: radius) }
            list.stroke(clip, style: StrokeStyle(lineWidth: 2, dash: [3, 1]), paint: .solid(.black))
        }
        list.endGroup()
        list.fill(clip, rule: .evenOdd, paint: .solid(.black, opacity: 0.3))
    }

    @Test func theTreeReadsBackInOrder() {
        var list = DisplayList()
        sample(into: &list, radius: 4)
        #expect(list.isComplete && list.shapeCount == 4)
        let nodes = list.nodes
        #expect(nodes.count == 10)
        guard case .beginGroup(let outer, let masks) = nodes[0] else { Issue.record("\(nodes[0])"); return }
        #expect(outer.opacity == 0.5 && outer.matte == .luma)
        #expect(masks == [Mask(.subtract, path: masks[0].path, opacity: 0.5, inverted: true, expansion: -2)])
        #expect(nodes[1] == .beginMatte && nodes[3] == .endMatte && nodes[7] == .endGroup && nodes[8] == .endGroup)
        guard case .stroke(_, let style, _) = nodes[6] else { Issue.record("\(nodes[6])"); return }
        #expect(style.dash == [3, 1] && style.lineWidth == 2)
        guard case .fill(let id, _, _) = nodes[5] else { return }
        #expect(list.path(id).controlPointBounds == Rect(minX: -4, minY: -4, maxX: 4, maxY: 4))
    }

    @Test func groupsLearnTheirEndTheirShapesAndTheirDescendantsEffects() {
        var list = DisplayList()
        sample(into: &list, radius: 4)
        let outer = list.groups[0], inner = list.groups[1]
        #expect(outer.end == 8 && inner.end == 7)
        #expect(outer.leaves == 2 && inner.leaves == 2)          // the matte source is not a child
        #expect(outer.effects == [.opacity, .matte, .masks])
        #expect(outer.descendantEffects == [.blend, .clip])
        #expect(inner.descendantEffects == [])
        #expect(list.commands[1] == .beginMatte(end: 3))
    }

    @Test func rebuildingKeepsThePathStorage() {
        var list = DisplayList()
        sample(into: &list, radius: 4)
        let before = list.builtPaths[0].elements.withUnsafeBufferPointer { $0.baseAddress }
        list.reset()
        #expect(list.isEmpty && list.nodes.isEmpty)
        sample(into: &list, radius: 6)
        #expect(list.builtPaths[0].elements.withUnsafeBufferPointer { $0.baseAddress } == before)
        guard case .fill(let id, _, _) = list.nodes[5] else { return }
        #expect(list.path(id).controlPointBounds?.maxX == 6)
    }
}
