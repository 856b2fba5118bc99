// FrameConverter+Region.swift — converting only the pixels that changed (FrameConverter.swift's
// header gives what each output sample depends on, hence what must be recomputed).
//
// Rows are grouped into runs the way RGBAToYUV420+Region.swift does (a run ends after
// `RGBAToYUV420.runGap` unchanged rows; its box is the union of its rows' columns), because
// yuva420p's chroma filter reads rows around each run; the other formats convert each changed
// row's own columns.
import CFFmpeg

extension FrameConverter {
    /// Brings `frame` from the conversion of an earlier canvas to the conversion of `rgba`, given
    /// that row y of the two canvases differs only inside `changedColumns(y)` for y in `rows`
    /// (empty ranges allowed) and rows outside `rows` do not differ. The result is byte for byte
    /// a whole conversion of `rgba` (`.scalar` always converts whole: it is the reference).
    public func update(_ frame: EncoderFrame, from rgba: UnsafeRawBufferPointer, bytesPerRow: Int,
                       rows: Range<Int>, changedColumns: (Int) -> Range<Int>) throws(VideoError) {
        guard frame.width == width, frame.height == height, frame.pixelFormat == format else {
            throw .invalidInput("frame is \(frame.width)x\(frame.height) \(frame.pixelFormat.rawValue), the converter makes \(width)x\(height) \(format.rawValue)")
        }
        let base = try checkedRGBA(rgba, width: width, height: height, bytesPerRow: bytesPerRow)
        let src = base.assumingMemoryBound(to: UInt8.self)
        let rows = rows.clamped(to: 0..<height)
        if implementation == .scalar || (format == .yuva420p && height < 32) {
            convertUnchecked(src, bytesPerRow, frame.avFrame)
            return
        }
        let f = frame.avFrame
        switch format {
        case .yuv420p:
            try yuv420!.update(frame, from: rgba, bytesPerRow: bytesPerRow, rows: rows, changedColumns: changedColumns)
        case .yuva420p:
            try updateYUVA420(frame, src, bytesPerRow, rows: rows, changedColumns: changedColumns)
        case .yuv422p10le, .yuv444p10le, .yuva444p10le:
            convertTenBit(src, bytesPerRow, f, rows: rows, columns: changedColumns)
        case .rgba, .bgra:
            let d = cff_frame_data(f, 0)!, ls = Int(cff_frame_linesize(f, 0))
            for row in rows {
                let c = changedColumns(row).clamped(to: 0..<width)
                guard !c.isEmpty else { continue }
                unpremultiplyFast(src + row * bytesPerRow + 4 * c.lowerBound, d + row * ls + 4 * c.lowerBound,
                                  count: c.count, swapRB: format == .bgra)
            }
        }
    }

    /// Rows the vertical chroma filter reads beyond a run (taps 2j − 1 … 2j + 2, and the luma of
    /// the neighbouring rows RGBAToYUV420's region update recomputes).
    static let chromaReach = 4

    private func updateYUVA420(_ frame: EncoderFrame, _ src: UnsafePointer<UInt8>, _ bytesPerRow: Int,
                               rows: Range<Int>, changedColumns: (Int) -> Range<Int>) throws(VideoError) {
        var runStart = -1, runEnd = -1, minX = Int.max, maxX = Int.min
        var result: Result<Void, VideoError> = .success(())
        func flush() {
            guard runStart >= 0, case .success = result else { return }
            let x0 = max(minX, 0) & ~1, x1 = min((maxX + 1) & ~1, width)
            guard x0 < x1 else { return }
            let w = width, reach = Self.chromaReach
            let (a, aStride) = frame.plane(3)
            scratch.withUnsafeMutableBufferPointer { s in
                let straight = s.baseAddress!
                for row in max(runStart - reach, 0)..<min(runEnd + reach, height) {
                    unpremultiplyFast(src + row * bytesPerRow + 4 * x0, straight + row * w * 4 + 4 * x0, count: x1 - x0)
                }
                for row in runStart..<runEnd {
                    let line = src + row * bytesPerRow, out = a + row * aStride
                    for x in x0..<x1 { out[x] = line[4 * x + 3] }
                }
                do throws(VideoError) {
                    try yuv420!.update(frame, from: UnsafeRawBufferPointer(start: straight, count: s.count), bytesPerRow: w * 4,
                                       changedRows: runStart..<runEnd, changedColumns: x0..<x1)
                } catch { result = .failure(error) }
            }
        }
        for y in rows {
            let columns = changedColumns(y).clamped(to: 0..<width)
            guard !columns.isEmpty else { continue }
            if runStart >= 0 && y - runEnd >= RGBAToYUV420.runGap { flush(); runStart = -1 }
            if runStart < 0 { runStart = y; minX = Int.max; maxX = Int.min }
            runEnd = y + 1
            minX = min(minX, columns.lowerBound)
            maxX = max(maxX, columns.upperBound)
        }
        flush()
        try result.get()
    }
}
