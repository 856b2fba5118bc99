// loopOut / loopIn (and their Duration forms): repeating a property's keyframes (AE's
// expression reference; the frame arithmetic as lottie-web implements it)
//
// Keyframes at frames t_0 < … < t_{n−1}; v(f) the keyframed value; f the frame. loopOut acts
// after the last keyframe only (f > t_{n−1}; before that the value is v(f)). Its cycle is
// [a, b] with b = t_{n−1} and
//   loopOut(type, k):          a = t_{n−1−k}   (k = 0 or k > n − 1: a = t_0)
//   loopOutDuration(type, d):  a = b − d·fps   (d = 0: a = the layer's in-point)
// With c = b − a, m = (f − a) mod c and r = ⌊(f − a)/c⌋:
//   cycle     v(a + m)
//   pingpong  v(a + m) for even r, v(b − m) for odd r
//   offset    v(a + m) + r·(v(b) − v(a))
//   continue  v(b) + (f − b)·(v(b) − v(b − 0.001))/0.001     (the velocity at the last keyframe)
// loopIn mirrors it before the first keyframe (f < t_0): the cycle is [a, b] with a = t_0,
// b = t_k (k = 0 or > n − 1: t_{n−1}) or b = a + d·fps (d = 0: the layer's out-point), and with
// m = (a − f) mod c, r = ⌊(a − f)/c⌋:
//   cycle     v(b − m)
//   pingpong  v(a + m) for even r, v(b − m) for odd r
//   offset    v(b − m) − (r + 1)·(v(b) − v(a))
//   continue  v(a) + (a − f)·(v(a) − v(a + 0.001))/0.001
// A property without keyframes, or a cycle of length 0, gives v(f). The type is read
// case-insensitively; left out it is "cycle".

enum LoopKind: String, Sendable {
    case cycle, pingpong, offset, `continue`
}

struct ExpressionLoop: Sendable {
    var out: Bool
    var kind: LoopKind
    /// Keyframes to loop (k), or nil when a duration (seconds) is given.
    var keyframes: Int?
    var seconds: Double

    func evaluate(_ env: ExpressionEnvironment) -> ExpressionValue {
        let base = env.binding.base
        guard let times = base.keyframeTimes, times.count > 1 else { return env.value }
        let f = env.frame, n = times.count
        let value = { (frame: Double) in env.binding.baseValue(at: frame) }
        if out {
            let b = times[n - 1]
            guard f > b else { return env.value }
            let a: Double
            if let k = keyframes { a = times[n - 1 - ((k <= 0 || k > n - 1) ? n - 1 : k)] }
            else { a = seconds == 0 ? env.binding.layerInPoint : b - seconds * env.frameRate }
            let c = b - a
            guard c > 0 else { return env.value }
            let m = (f - a).truncatingRemainder(dividingBy: c), r = ((f - a) / c).rounded(.down)
            switch kind {
            case .cycle: return value(a + m)
            case .pingpong: return r.truncatingRemainder(dividingBy: 2) == 0 ? value(a + m) : value(b - m)
            case .offset: return Self.mix(value(a + m), value(b), value(a), r)
            case .continue: return Self.mix(value(b), value(b), value(b - 0.001), (f - b) / 0.001)
            }
        } else {
            let a = times[0]
            guard f < a else { return env.value }
            let b: Double
            if let k = keyframes { b = times[(k <= 0 || k > n - 1) ? n - 1 : k] }
            else { b = seconds == 0 ? env.binding.layerOutPoint : a + seconds * env.frameRate }
            let c = b - a
            guard c > 0 else { return env.value }
            let m = (a - f).truncatingRemainder(dividingBy: c), r = ((a - f) / c).rounded(.down)
            switch kind {
            case .cycle: return value(b - m)
            case .pingpong: return r.truncatingRemainder(dividingBy: 2) == 0 ? value(a + m) : value(b - m)
            case .offset: return Self.mix(value(b - m), value(b), value(a), -(r + 1))
            case .continue: return Self.mix(value(a), value(a), value(a + 0.001), (a - f) / 0.001)
            }
        }
    }

    /// x + s·(p − q), component-wise.
    static func mix(_ x: ExpressionValue, _ p: ExpressionValue, _ q: ExpressionValue, _ s: Double) -> ExpressionValue {
        ExpressionValue(x.v + s * (p.v - q.v), count: x.count)
    }
}
