// Parenting: resolving `parent` (an `ind`) to a position in the same composition, refusing
// cycles, and the world matrices of a composition's layers at a frame.
//
//   World(l) = M(l) followed by World(parent(l))          (CTM(child) = CTM(parent)·M(child))
//
// In a composition with 3D layers the chain is multiplied in 4×4 and z dropped at the end
// (Model/DepthTransform.swift).
//
// A parent that names no layer of the composition (exporters leave these when the parent was
// not exported) is dropped with a warning, as the players do; a chain that returns to a layer
// already in it is an error naming the layers. Of two layers with the same `ind`, the first in the list is the parent
// (as lottie-web searches). Opacity is not inherited.

import Geometry

enum Parenting {
    /// Sets each layer's `parent` from the `parent` members (`raw[i]`: layer i's `parent` value).
    static func resolve(_ layers: inout [LottieLayer], rawParents: [Int?], file: String, path: String,
                        warnings: inout [String]) throws(LottieError) {
        var byIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let ind = layer.index, byIndex[ind] == nil { byIndex[ind] = position }
        }
        for position in layers.indices {
            guard let wanted = rawParents[position] else { continue }
            guard let parent = byIndex[wanted] else {
                warnings.append("\(layers[position].place): its parent (\"ind\" \(wanted)) is not in this composition; drawn without a parent")
                continue
            }
            layers[position].parent = parent
        }
        // Cycles: walk each chain once (0 unvisited, 1 on the current chain, 2 known to end).
        var state = [UInt8](repeating: 0, count: layers.count)
        for start in layers.indices where state[start] == 0 {
            var chain: [Int] = []
            var current: Int? = start
            while let c = current, state[c] != 2 {
                if state[c] == 1 {
                    let loop = chain[chain.firstIndex(of: c)!...] + [c]
                    let names = loop.map { layers[$0].place }.joined(separator: " → ")
                    throw LottieError(file: file, path: "\(path)[\(c)].parent", message: "parenting cycle: \(names)")
                }
                state[c] = 1
                chain.append(c)
                current = layers[c].parent
            }
            for c in chain { state[c] = 2 }
        }
    }
}

/// World matrices of one composition's layers at a frame, in a buffer reused between frames
/// (it only grows, so alternating compositions allocate nothing once it is large enough).
public struct LayerMatrices: Sendable {
    /// world[i] for layer i of the last composition updated (entries past its count are stale).
    public private(set) var world: [Transform] = []
    /// The 4×4 world matrices while a composition with 3D layers is updated (Model/DepthTransform.swift).
    private var world4: [Matrix4] = []
    private var done: [Bool] = []
    private var chain: [Int] = []

    public init() {}

    /// Computes World(l) for every layer of `composition` at `frame` (its own frame space).
    public mutating func update(_ composition: Composition, frame: Double) {
        let n = composition.layers.count
        if world.count < n {
            world += Array(repeating: .identity, count: n - world.count)
            done += Array(repeating: false, count: n - done.count)
        }
        for i in 0..<n { done[i] = false }
        if composition.layers.contains(where: { $0.transform.depth != nil }) {
            if world4.count < n { world4 += Array(repeating: .identity, count: n - world4.count) }
            for i in 0..<n { compute(i, composition, frame, depth: true) }
            return
        }
        for i in 0..<n { compute(i, composition, frame, depth: false) }
    }

    /// World(i), computing undone ancestors first. With `depth`, in 4×4: parenting multiplied
    /// before z is dropped (DepthTransform.swift).
    private mutating func compute(_ i: Int, _ composition: Composition, _ frame: Double, depth: Bool) {
        collectUndoneChain(from: i, composition)
        while let k = chain.popLast() {
            let layer = composition.layers[k]
            if depth {
                var m = layer.transform.matrix4(at: frame, autoOrient: layer.autoOrient)
                if let p = layer.parent { m = m.concatenating(world4[p]) }
                world4[k] = m
                world[k] = m.projected
            } else {
                var m = layer.transform.matrix(at: frame, autoOrient: layer.autoOrient)
                if let p = layer.parent { m = m.concatenating(world[p]) }
                world[k] = m
            }
            done[k] = true
        }
    }

    /// `chain` := layer i and its ancestors up to the first one already done, nearest first
    /// (iteratively: chains can be long; no cycles, checked at decode).
    private mutating func collectUndoneChain(from i: Int, _ composition: Composition) {
        chain.removeAll(keepingCapacity: true)
        var j = i
        while !done[j] {
            chain.append(j)
            guard let p = composition.layers[j].parent else { break }
            j = p
        }
    }
}
