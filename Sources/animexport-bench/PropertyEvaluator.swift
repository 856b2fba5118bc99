// Evaluating every property a display-list builder reads at one instant: the layer walk
// (visibility, frames, world matrices, opacity) and, for each visible shape layer, every shape
// item's properties, paths and gradient stops, into reused buffers.
//
// It returns a checksum (the sum of every number produced) so that nothing is optimised away
// and non-finite results show. `make bench` times it and counts its allocations once warm
// (LottieBench.swift, none expected); the Lottie and expression fuzz targets run it on every
// input (Fuzz/build.sh compiles this file into them). Not part of the product: it uses only
// Lottie's public evaluation API, the same calls the display-list builder makes.

import Geometry
import Lottie
import Raster

/// Buffers reused from frame to frame by `evaluateAll`.
final class PropertyEvaluator {
    let animation: LottieAnimation
    private let walker: FrameWalker
    private var path = BezierPath()
    private var stops = GradientStops()

    init(_ animation: LottieAnimation) {
        self.animation = animation
        walker = FrameWalker(animation)
    }

    /// Evaluates everything at `seconds` after the in-point; returns the sum of all values.
    func evaluateAll(atSeconds seconds: Double) -> Double {
        var visitor = Visitor(owner: self)
        walker.walk(atSeconds: seconds, &visitor)
        return visitor.sum
    }

    private struct Visitor: LayerVisitor {
        unowned let owner: PropertyEvaluator
        var sum = 0.0

        mutating func visit(_ layer: LottieLayer, frame: Double, matrix: Transform, opacity: Double) {
            sum += total(matrix) + opacity
            switch layer.content {
            case .shapes(let items): sum += owner.evaluate(items, at: frame)
            case let .solid(color, w, h): sum += color.r + color.g + color.b + color.a + w + h
            default: break
            }
        }

        mutating func enterPrecomposition(_ layer: LottieLayer, composition: Int, frame: Double, innerFrame: Double,
                                          matrix: Transform, opacity: Double, width: Double, height: Double) {
            sum += total(matrix) + opacity + innerFrame + width + height
        }

        mutating func exitPrecomposition() {}
    }

    func evaluate(_ items: [ShapeItem], at f: Double) -> Double {
        var sum = 0.0
        for item in items {
            switch item {
            case .group(let g):
                sum += total(g.transform.matrix(at: f)) + g.transform.opacity.value(at: f)
                sum += evaluate(g.items, at: f)
            case .path(let p):
                p.shape.evaluate(at: f, into: &path)
                sum += total(path)
            case .rectangle(let r):
                r.evaluate(at: f, into: &path)
                sum += total(path)
            case .ellipse(let e):
                e.evaluate(at: f, into: &path)
                sum += total(path)
            case .polystar(let s):
                s.evaluate(at: f, into: &path)
                sum += total(path)
            case .fill(let fill):
                sum += total(fill.color.value(at: f)) + fill.opacity.value(at: f)
            case .stroke(let s):
                sum += total(s.color.value(at: f)) + s.opacity.value(at: f) + styleTotal(s.style, f)
            case .gradientFill(let g):
                sum += paintTotal(g.paint, f) + g.opacity.value(at: f)
            case .gradientStroke(let g):
                sum += paintTotal(g.paint, f) + g.opacity.value(at: f) + styleTotal(g.style, f)
            case .trim(let t):
                if let r = t.range(at: f) { sum += r.start + r.end }
            case .repeater(let r):
                let n = r.copyCount(at: f)
                for i in 0..<n { sum += total(r.matrix(copy: i, at: f)) + r.opacity(copy: i, of: n, at: f) }
            case .roundedCorners(let r):
                sum += r.radius.value(at: f)
            case .merge, .unsupported:
                break
            }
        }
        return sum
    }

    func styleTotal(_ style: BaseStroke, _ f: Double) -> Double {
        var sum = style.width.value(at: f) + style.miterLimit.value(at: f)
        for d in style.dashes { sum += d.length.value(at: f) }
        return sum
    }

    func paintTotal(_ paint: GradientPaint, _ f: Double) -> Double {
        paint.stops.evaluate(at: f, into: &stops)
        let geometry = paint.radialGeometry(at: f)
        var sum = total(geometry.center) + geometry.radius + total(geometry.focal) + total(paint.end.value(at: f))
        for c in stops.colors { sum += c.offset + c.red + c.green + c.blue }
        for o in stops.opacities { sum += o.offset + o.opacity }
        return sum
    }
}

private func total(_ m: Transform) -> Double { m.a + m.b + m.c + m.d + m.tx + m.ty }
private func total(_ p: Point) -> Double { p.x + p.y }
private func total(_ c: RGBA) -> Double { c.r + c.g + c.b + c.a }
private func total(_ path: BezierPath) -> Double {
    var sum = path.closed ? 1.0 : 0
    for v in path.vertices { sum += total(v.point) + total(v.inTangent) + total(v.outTangent) }
    return sum
}
