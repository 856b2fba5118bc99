// Canvas.swift — one frame of premultiplied RGBA8 pixels.
//
// Layout: rows top to bottom, `bytesPerRow = width·4`, pixel (x, y) at byte offset
// y·bytesPerRow + 4·x holding R, G, B, A (premultiplied, gamma-encoded sRGB; Color.swift).
// The storage is allocated once in `init` and reused for every frame drawn into it.
//
// A canvas keeps its damage (Damage.swift): the colour of its last clear and, per row, what was
// drawn since and what a deferred clear still has to write. Raster offers the mechanisms that
// use it; the renderer decides which to use (Render's Renderer.swift):
//
//     clear(to:)                    writes every pixel (always exact; the plain way)
//     clearDamage(to:deferred:)     to the colour it already holds: rewrites only the drawn
//                                   ranges — at once, or deferred row by row into the next
//                                   write or read of the row — so an animation on a constant
//                                   background pays for what it drew last frame, not for the
//                                   frame; to another colour (or when nothing is known) a full clear
//     forgetDamage()                nothing known: fills composite every pixel and the next
//                                   clearDamage is a full clear
//     resolvePendingClear()         writes what deferred clears left (every read does it first)
//
// Fills also use the damage on their own: a span over pixels outside its row's drawn range is
// written without reading them (they hold the background; Rasterizer.swift, UniformColorSink),
// which forgetting the damage turns off too. The pixels written are the same bytes either way.
//
// `drawnArea` and `drawnColumns(ofRow:)` expose the damage to consumers of whole frames: every
// pixel outside the drawn box (or outside a row's drawn columns) holds the clear colour, so two
// frames with the same clear colour can differ only inside the union of their drawn columns
// (the video exporter converts only those into its encoder frames).

/// A frame of `PremultipliedRGBA8` pixels.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Bytes between the starts of two rows (= width·4; rows are tightly packed).
    public var bytesPerRow: Int { width * 4 }

    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    var pixelCount: Int { width * height }
    /// What is known about the pixels since the last clear (Damage.swift).
    private(set) var damage: Damage

    /// A canvas of transparent black pixels. Width and height must not be negative.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 4, "canvas too large")
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<PremultipliedRGBA8>.allocate(capacity: Swift.max(count, 1))
        pixels.initialize(repeating: .transparent, count: Swift.max(count, 1))
        damage = Damage(height: height)
    }

    deinit {
        pixels.deallocate()
        damage.deallocate()
    }

    /// Sets every pixel to `color` (premultiplied: round(c·a·255), round(a·255)).
    public func clear(to color: RGBA) {
        let pixel = PremultipliedRGBA8(color)
        PixelFill.fill(pixels, count: pixelCount, with: pixel)
        damage.dropPending()
        damage.resetDrawn()
        damage.background = pixel
    }

    /// Sets every pixel to `color`, writing only what was drawn since the last clear when that
    /// clear was to the same colour — at once, or with `deferred`, when each row is next written
    /// or read (`resolvePendingClear`). Otherwise a full `clear(to:)`.
    public func clearDamage(to color: RGBA, deferred: Bool) {
        let pixel = PremultipliedRGBA8(color)
        guard damage.background == pixel else { return clear(to: color) }
        if deferred {
            damage.deferDrawn()
        } else {
            resolvePendingClear()
            let box = damage.drawnBox
            if box.minY < box.maxY {
                for y in box.minY..<box.maxY {
                    let columns = damage.drawnColumns(ofRow: y)
                    if !columns.isEmpty {
                        PixelFill.fill(pixels + y * width + columns.lowerBound, count: columns.count, with: pixel)
                    }
                }
            }
            damage.resetDrawn()
        }
    }

    /// Writes the clear colour to the pixels the last clears deferred (rows nothing has written
    /// since). Every read of the pixels does it first; a renderer calls it at the end of a frame
    /// so that its cost is the frame's.
    public func resolvePendingClear() {
        guard damage.hasPending else { return }
        let rows = drawnRows
        for y in damage.pendingMinY..<damage.pendingMaxY { rows.prepare(y: y) }
        damage.pendingMinY = Int.max
        damage.pendingMaxY = Int.min
    }

    /// Forgets what the last clear left and what was drawn since: fills then composite every
    /// pixel, the next `clearDamage` rewrites every pixel and `drawnArea` is nil (the plain way).
    public func forgetDamage() {
        resolvePendingClear()
        damage.background = nil
    }

    /// The pixels written since the last clear, as a box, with that clear's colour: every pixel
    /// outside `rows × columns` holds `color` (both ranges empty when nothing was drawn).
    /// Nil when the canvas does not know (after `forgetDamage`).
    public var drawnArea: DrawnArea? {
        guard let background = damage.background else { return nil }
        let box = damage.drawnBox
        guard !box.isEmpty else { return DrawnArea(color: background, rows: 0..<0, columns: 0..<0) }
        return DrawnArea(color: background, rows: box.minY..<box.maxY, columns: box.minX..<box.maxX)
    }

    /// The columns of row `y` written since the last clear (empty: none). With `drawnArea`'s
    /// colour: every other pixel of the row holds that colour. `y` must be a row of the canvas.
    public func drawnColumns(ofRow y: Int) -> Range<Int> {
        precondition(y >= 0 && y < height, "row \(y) out of bounds")
        return damage.drawnColumns(ofRow: y)
    }

    /// Bounds of the pixels that may differ from transparent black (layers clear and composite
    /// only this region).
    var touched: PixelBounds { damage.touchedBounds(within: bounds) }

    /// Records that the pixels in `box` were written (layer composites, raw access).
    @inline(__always)
    func noteDrawn(_ box: PixelBounds) {
        damage.noteDrawn(box.intersection(bounds))
    }

    /// The per-row record of written pixels, for writers that record row by row (fills: each
    /// span as it is composited). They must then report the box of those rows to `noteDrawnBox`.
    var drawnRows: DrawnRows {
        DrawnRows(minX: damage.minX, maxX: damage.maxX, background: damage.background, pendingMinX: damage.pendingMinX,
                  pendingMaxX: damage.pendingMaxX, pixels: pixels, width: width)
    }

    /// Records the box of pixels whose rows were already recorded in `drawnRows`.
    @inline(__always)
    func noteDrawnBox(_ box: PixelBounds) {
        damage.drawnBox.formUnion(box.intersection(bounds))
    }

    /// The whole canvas as pixel bounds.
    var bounds: PixelBounds { PixelBounds(minX: 0, minY: 0, maxX: width, maxY: height) }

    /// The pixel at (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
        resolvePendingClear()
        return pixels[y * width + x]
    }

    /// Read access to the raw bytes (count = bytesPerRow·height).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        resolvePendingClear()
        return try body(UnsafeRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// Write access to the raw bytes (count = bytesPerRow·height). Writers must keep pixels
    /// valid premultiplied values (each colour byte ≤ its alpha byte); the compositor relies on it.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        resolvePendingClear()
        noteDrawn(bounds)
        return try body(UnsafeMutableRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// The pixels as straight-alpha RGBA8 bytes (R, G, B, A per pixel, rows top to bottom), for
    /// PNG export: channel = round(p·255/a); opaque pixels are copied unchanged.
    public func straightRGBA8() -> [UInt8] {
        resolvePendingClear()
        var bytes = [UInt8](repeating: 0, count: pixelCount * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for i in 0..<pixelCount {
                let s = pixels[i].straight
                out[4 * i] = s.r
                out[4 * i + 1] = s.g
                out[4 * i + 2] = s.b
                out[4 * i + 3] = s.a
            }
        }
        return bytes
    }
}
