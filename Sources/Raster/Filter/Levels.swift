// Levels.swift — After Effects' Levels (Individual Controls), "Pro Levels", as lottie-web draws it
// (player/js/elements/svgElements/effects/SVGProLevelsFilter.js): a transfer table per channel.
//
// One channel's levels are five numbers in [0, 1] units — input black b, input white w, gamma γ,
// output black B, output white W. lottie-web samples the transfer curve into a table v_0 … v_{n−1}:
//
//     c ← 0; while c ≤ 256 { p = c/256;  v = B or W (below min(b, w): B if w ≥ b, W if w < b;
//                                                      above max(b, w): W if w ≥ b, B if w < b)
//                                          or B + (W − B)·((p − b)/(w − b))^(1/γ) in between;
//                             c += 256/255 }                       (n = 256: p = k/255, k = 0 … 255)
//
// and hands it to SVG's feComponentTransfer type "table" (in sRGB, on straight colour): an input
// C ∈ [0, 1] gives k = ⌊C·(n − 1)⌋, C' = v_k + (C·(n − 1) − k)·(v_{k+1} − v_k), clamped to [0, 1].
// We evaluate that exactly (the same accumulation of c in Double, the same interpolation) at the
// 256 8-bit inputs C = i/255 and round C'·255 to the nearest byte: the 256-entry lookup table of
// each channel. A table with a value that is not finite is identity (the browser rejects the
// attribute "NaN" and draws the channel unchanged).
//
// lottie-web chains two primitives: first red, green, blue and alpha each through its own levels,
// then red, green and blue through the composite ("RGB") levels. A channel whose five numbers
// are the defaults (0, 1, 1, 0, 1) gets no function in lottie-web, so it is left as it is here
// too. On 8-bit premultiplied pixels: straight colour (Color.swift's `straight`), the channel's
// table and then the composite table for r, g, b, the alpha table for a, premultiplied back with
// round(c·a/255). Fully transparent pixels stay transparent (the transfer of their alpha would
// only reach the filter's region, which here is the layer's drawn box). A scalar kernel with
// tables rebuilt per call (5 × 256 entries): it runs once per layer.
//
// Sources: lottie-web's SVGProLevelsFilter (getTableValue, the primitive chain), SVG 1.1 §15.11
// feComponentTransfer (type "table"); docs/lottie-render.md "Effects".

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One channel's levels (the header): input black and white, gamma, output black and white.
public struct LevelsChannel: Sendable, Equatable {
    public var inputBlack: Double
    public var inputWhite: Double
    public var gamma: Double
    public var outputBlack: Double
    public var outputWhite: Double

    public init(inputBlack: Double = 0, inputWhite: Double = 1, gamma: Double = 1, outputBlack: Double = 0, outputWhite: Double = 1) {
        self.inputBlack = inputBlack
        self.inputWhite = inputWhite
        self.gamma = gamma
        self.outputBlack = outputBlack
        self.outputWhite = outputWhite
    }

    public static let identity = LevelsChannel()

    /// lottie-web writes no transfer function for these values.
    public var isIdentity: Bool { self == .identity }

    /// lottie-web's table value at table position `p` ∈ [0, 1] (the header's piecewise curve).
    public func tableValue(at p: Double) -> Double {
        let low = Swift.min(inputBlack, inputWhite), high = Swift.max(inputBlack, inputWhite)
        let inputDelta = inputWhite - inputBlack
        if p <= low { return inputDelta < 0 ? outputWhite : outputBlack }
        if p >= high { return inputDelta < 0 ? outputBlack : outputWhite }
        return outputBlack + (outputWhite - outputBlack) * pow((p - inputBlack) / inputDelta, 1 / gamma)
    }
}

/// The five levels of a Pro Levels effect (the header).
public struct LevelsParameters: Sendable, Equatable {
    /// Applied to red, green and blue after the channels' own levels.
    public var composite: LevelsChannel
    public var red: LevelsChannel
    public var green: LevelsChannel
    public var blue: LevelsChannel
    public var alpha: LevelsChannel

    public init(composite: LevelsChannel = .identity, red: LevelsChannel = .identity, green: LevelsChannel = .identity,
                blue: LevelsChannel = .identity, alpha: LevelsChannel = .identity) {
        self.composite = composite
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public var isIdentity: Bool {
        composite.isIdentity && red.isIdentity && green.isIdentity && blue.isIdentity && alpha.isIdentity
    }
}

/// The levels mapping (the header) on premultiplied canvases; keeps its tables between calls.
public final class Levels {
    /// lottie-web's table values (at most 258 of them) and the 8-bit tables: r, g, b (each
    /// already followed by the composite table), a.
    private var values = [Double](repeating: 0, count: 258)
    private var tables = [UInt8](repeating: 0, count: 4 * 256)
    private var scratch = [UInt8](repeating: 0, count: 256)

    public init() {}

    /// The 8-bit lookup table of one channel's levels (for tests and audits; allocates).
    public func table(_ channel: LevelsChannel) -> [UInt8] {
        fill(channel, into: 0)
        return Array(tables[0..<256])
    }

    /// Applies `levels` to the pixels of `canvas` inside `box` (clipped).
    public func apply(_ levels: LevelsParameters, to canvas: Canvas, in box: PixelBox) {
        let region = box.clipped(width: canvas.width, height: canvas.height)
        guard !region.isEmpty, !levels.isIdentity else { return }
        canvas.resolvePendingClear()
        fill(levels.red, into: 0)
        fill(levels.green, into: 1)
        fill(levels.blue, into: 2)
        fill(levels.alpha, into: 3)
        if !levels.composite.isIdentity {
            fill(levels.composite, into: -1)
            for k in 0..<3 {
                for i in 0..<256 { tables[k * 256 + i] = scratch[Int(tables[k * 256 + i])] }
            }
        }
        let width = canvas.width
        tables.withUnsafeBufferPointer { t in
            for y in region.minY..<region.maxY {
                let row = canvas.pixels + y * width
                for x in region.minX..<region.maxX where row[x].a != 0 {
                    let (r, g, b, a) = row[x].straight
                    let alpha = UInt32(t[768 + Int(a)])
                    row[x] = PremultipliedRGBA8(r: Shadow.mul255(UInt32(t[Int(r)]), alpha), g: Shadow.mul255(UInt32(t[256 + Int(g)]), alpha),
                                                b: Shadow.mul255(UInt32(t[512 + Int(b)]), alpha), a: UInt8(alpha))
                }
            }
        }
    }

    /// Writes the 8-bit table of `channel` into table `slot` (0–3; −1: the scratch table).
    private func fill(_ channel: LevelsChannel, into slot: Int) {
        let n = channel.isIdentity ? 0 : sampleValues(channel)
        for i in 0..<256 {
            let byte: UInt8
            if n == 0 {
                byte = UInt8(i)
            } else {
                let t = Double(i) / 255 * Double(n - 1)
                let k = Swift.min(Int(t), n - 1)
                let v = values[k] + (t - Double(k)) * (values[Swift.min(k + 1, n - 1)] - values[k])
                byte = UInt8((Swift.min(Swift.max(v, 0), 1) * 255).rounded())
            }
            if slot < 0 { scratch[i] = byte } else { tables[slot * 256 + i] = byte }
        }
    }

    /// lottie-web's table values of `channel` into `values`; their count, or 0 when one is not finite.
    private func sampleValues(_ channel: LevelsChannel) -> Int {
        var count = 0
        var c = 0.0
        while c <= 256 && count < values.count {
            let v = channel.tableValue(at: c / 256)
            guard v.isFinite else { return 0 }
            values[count] = v
            count += 1
            c += 256.0 / 255.0
        }
        return count
    }
}
