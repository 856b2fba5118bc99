// Where a gradient lies at a frame (lottie-docs shapes.md "Gradient", lottie-web's canvas renderer)
//
// Linear: from `s` to `e`. Radial: centre s, radius |e − s|, and a focal point moved from the
// centre by the highlight: length h·|e − s| (h clamped to ±0.99 so the focal point stays inside
// the circle) in the direction of the s → e line turned by the highlight angle a (degrees,
// clockwise on screen):
//
//   focal = s + h·|e − s|·(cos(θ + a), sin(θ + a)),   θ = atan2(e.y − s.y, e.x − s.x)

#if canImport(Glibc)
import Glibc
#endif
import Geometry

extension GradientPaint {
    /// Centre, radius and focal point of a radial gradient at `frame` (for a linear one: the
    /// start as centre and focal point, the distance to the end as radius).
    public func radialGeometry(at frame: Double) -> (center: Point, radius: Double, focal: Point) {
        let s = start.value(at: frame), e = end.value(at: frame)
        let d = e - s
        let radius = d.length
        guard kind == .radial else { return (s, radius, s) }
        let h = min(max(highlightLength.value(at: frame), -0.99), 0.99)
        let angle = atan2(d.y, d.x) + highlightAngle.value(at: frame) * .pi / 180
        return (s, radius, Point(s.x + cos(angle) * h * radius, s.y + sin(angle) * h * radius))
    }
}
