// DisplayList+Filters.swift — adding a group's filter stage (Filters.swift has the model).
//
// Filters belong to the group just opened, like its masks: after `beginGroup` (and its masks),
// before its matte source and children; they run in the order added. Numbers are sanitised
// here: σ and opacity that are not finite become 0, opacity is clamped to [0, 1], an offset that
// is not finite becomes zero, a shadow's spread is clamped to [0, 0.99], the tritone blend to [0, 1].
import Geometry
import Raster

extension DisplayList {
    /// Adds a filter to the group just opened (see the file header).
    public mutating func addFilter(_ filter: Filter) {
        guard let top = openNodes.last, !top.isMatte, top.acceptsMasks else {
            preconditionFailure("addFilter: filters belong right after beginGroup, before any child")
        }
        let g = Int(top.group)
        precondition(groups[g].filters.upperBound == Int32(filters.count) || groups[g].filters.isEmpty,
                     "addFilter: filters of a group must be contiguous")
        if groups[g].filters.isEmpty { groups[g].filters = Int32(filters.count)..<Int32(filters.count) }
        filters.append(DisplayList.sanitised(filter))
        groups[g].filters = groups[g].filters.lowerBound..<Int32(filters.count)
        groups[g].effects.insert(.filters)
    }

    /// The filters of group `g` (its record's range).
    func filters(ofGroup g: Int) -> ArraySlice<Filter> {
        let range = groups[g].filters
        return filters[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// The filters of every group, in the order the groups were opened (for tests and tools: it copies).
    public var filtersByGroup: [[Filter]] {
        groups.indices.map { Array(filters(ofGroup: $0)) }
    }

    static func sanitised(_ filter: Filter) -> Filter {
        func length(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        switch filter {
        case .blur(let sigma, let axes, let edge):
            return .blur(sigma: length(sigma), axes: axes, edge: edge)
        case .dropShadow(var s):
            s.sigma = length(s.sigma)
            s.opacity = s.opacity.isFinite ? Swift.min(Swift.max(s.opacity, 0), 1) : 0
            if !s.offset.isFinite { s.offset = .zero }
            s.spread = s.spread.isFinite ? Swift.min(Swift.max(s.spread, 0), 0.99) : 0
            return .dropShadow(s)
        case .tritone(var t):
            t.blend = t.blend.isFinite ? Swift.min(Swift.max(t.blend, 0), 1) : 0
            return .tritone(t)
        case .colorMatrix, .levels:
            return filter   // levels: a table with a value that is not finite is identity (Levels.swift)
        }
    }
}
