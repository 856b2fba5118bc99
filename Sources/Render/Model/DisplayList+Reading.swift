// DisplayList+Reading.swift — the nodes of a list as values, for tests, tools and benchmarks.
//
// `nodes` lists the commands in order (preorder of the tree). Reading copies (a stroke's style
// gets its dash array), so it is not for the per-frame path; the renderer reads the storage.
import Geometry
import Raster

extension DisplayList {
    /// One command of the list.
    public enum Node: Equatable {
        case beginGroup(Group, masks: [Mask])
        case endGroup
        case beginMatte
        case endMatte
        case fill(PathID, rule: FillRule, paint: NodePaint)
        case stroke(PathID, style: StrokeStyle, paint: NodePaint)
    }

    /// The commands in order.
    public var nodes: [Node] {
        commands.map(node)
    }

    /// The fills and strokes in drawing order (matte sources included).
    public var shapeNodes: [Node] {
        nodes.filter {
            switch $0 {
            case .fill, .stroke: return true
            default: return false
            }
        }
    }

    func node(_ command: Command) -> Node {
        switch command {
        case .beginGroup(let g):
            let record = groups[Int(g)]
            return .beginGroup(record.group, masks: Array(masks[Int(record.masks.lowerBound)..<Int(record.masks.upperBound)]))
        case .endGroup: return .endGroup
        case .beginMatte: return .beginMatte
        case .endMatte: return .endMatte
        case .fill(let s):
            let shape = shapes[Int(s)]
            return .fill(shape.path, rule: shape.rule, paint: shape.paint)
        case .stroke(let s):
            let shape = shapes[Int(s)]
            return .stroke(shape.path, style: strokeStyle(strokes[Int(shape.stroke)]), paint: shape.paint)
        }
    }

    func strokeStyle(_ record: StrokeRecord) -> StrokeStyle {
        StrokeStyle(lineWidth: record.lineWidth, cap: record.cap, join: record.join, miterLimit: record.miterLimit,
                    dash: Array(dashes[Int(record.dashes.lowerBound)..<Int(record.dashes.upperBound)]),
                    dashPhase: record.dashPhase)
    }

    /// The colour and opacity stops of a gradient.
    public func stops(_ id: GradientID) -> (colors: [ColorStop], opacities: [OpacityStop]) {
        let r = gradients[Int(id.index)]
        return (Array(colorStops[Int(r.colors.lowerBound)..<Int(r.colors.upperBound)]),
                Array(opacityStops[Int(r.opacities.lowerBound)..<Int(r.opacities.upperBound)]))
    }
}

extension DisplayList {
    /// The bitmap an image paint refers to.
    public func bitmap(_ id: ImageID) -> Bitmap { image(id) }
}
