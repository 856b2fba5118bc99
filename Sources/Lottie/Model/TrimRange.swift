// The part of a path a trim path keeps, at a frame (spec shapes.md "Trim Path")
//
//   offset = frac(o/360)       (o/360 − ⌊o/360⌋ for o ≥ 0, o/360 − ⌈o/360⌉ for o < 0)
//   start  = offset + clamp(min(s, e), 0, 1)
//   end    = offset + clamp(max(s, e), 0, 1)
//
// as fractions of the path's length (of each path in parallel mode, of all of them joined in
// sequential mode), so start ∈ (−1, 2) and end − start ∈ [0, 1]; a range past 1 (or below 0)
// wraps around the start of a closed path. s = e keeps nothing; start 0, end 1 keeps the path
// as it is.

extension TrimPath {
    /// What the trim keeps at `frame`: nil for nothing, (start, end) otherwise (see the header).
    public func range(at frame: Double) -> (start: Double, end: Double)? {
        let s = start.value(at: frame), e = end.value(at: frame)
        if s == e { return nil }
        let turns = offset.value(at: frame) / 360
        let o = turns >= 0 ? turns - turns.rounded(.down) : turns - turns.rounded(.up)
        let lo = min(max(min(s, e), 0), 1), hi = min(max(max(s, e), 0), 1)
        if lo == hi { return nil }
        return (o + lo, o + hi)
    }
}
