// One geometry fuzz case: the bytes pick a canvas, a path, a transform, a stroke style with a
// dash array, and one of the flatten / dash / stroke / fill / coverage entry points, then (when
// bytes remain) one of trim / boolean operation / offset (runGeometryOpsCase). Shared by
// the libFuzzer target (GeometryFuzz.swift) and the unit test that replays the inputs kept in
// Fuzz/regressions/geometry (Tests/RasterTests/FuzzReplay links to this file).
import Geometry
import Raster

nonisolated(unsafe) private let rasterizer = Rasterizer()

func runGeometryCase(_ input: inout FuzzInput) {
    let width = input.int(1...48), height = input.int(1...48)
    // Path: up to 24 elements.
    var path = Path()
    let count = input.int(0...24)
    for _ in 0..<count {
        func point() -> Point { Point(input.double(), input.double()) }
        switch input.byte() % 6 {
        case 0: path.move(to: point())
        case 1, 2: path.line(to: point())
        case 3: path.quad(to: point(), control: point())
        case 4: path.cubic(to: point(), control1: point(), control2: point())
        default: path.close()
        }
    }
    if input.byte() % 4 == 0 {
        path.append(.circle(center: Point(input.double(), input.double()), radius: input.double()))
    }
    // Transform: identity, scale, rotation or arbitrary.
    let transform: Transform
    switch input.byte() % 4 {
    case 0: transform = .identity
    case 1: transform = .scale(input.double(scale: 4), input.double(scale: 4))
    case 2: transform = Transform.rotation(radians: input.double(scale: 4)).concatenating(.translation(input.double(), input.double()))
    default: transform = Transform(a: input.double(scale: 4), b: input.double(scale: 4), c: input.double(scale: 4),
                                   d: input.double(scale: 4), tx: input.double(), ty: input.double())
    }
    // Stroke style with a dash array of up to 6 lengths.
    var dash: [Double] = []
    for _ in 0..<input.int(0...6) { dash.append(input.double(scale: 16)) }
    let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
    let style = StrokeStyle(lineWidth: input.double(scale: 16), cap: caps[Int(input.byte()) % 3],
                            join: joins[Int(input.byte()) % 3], miterLimit: input.double(scale: 16),
                            dash: dash, dashPhase: input.double())
    rasterizer.flatteningTolerance = input.byte() % 8 == 0 ? input.double(scale: 2) : Flattening.defaultTolerance
    let rule: FillRule = input.bool() ? .nonZero : .evenOdd

    switch input.byte() % 6 {
    case 0:
        let mask = rasterizer.coverageMask(path, transform: transform, rule: rule, width: width, height: height)
        precondition(mask.count == width * height)
    case 1:
        if let mask = try? rasterizer.strokeCoverageMask(path, style: style, transform: transform, width: width, height: height) {
            precondition(mask.count == width * height)
        }
    case 2:
        let canvas = Canvas(width: width, height: height)
        rasterizer.fill(path, transform: transform, rule: rule, paint: SolidPaint(color: RGBA(r: 1, g: 0.5, b: 0, a: 0.7)), on: canvas)
        try? rasterizer.stroke(path, style: style, transform: transform, paint: SolidPaint(color: .black), on: canvas)
    case 3:
        let canvas = Canvas(width: width, height: height)
        if let gradient = try? Gradient(stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: RGBA(r: 0, g: 0, b: 1, a: 0.5))]) {
            let paint = ConicGradientPaint(gradient: gradient, center: Point(input.double(), input.double()), startAngle: input.double())
            try? rasterizer.stroke(path, style: style, transform: transform, paint: paint, on: canvas)
            let linear = LinearGradientPaint(gradient: gradient, start: Point(input.double(), input.double()), end: Point(input.double(), input.double()))
            rasterizer.fill(path, transform: transform, rule: rule, paint: linear, on: canvas)
        }
    case 4:
        if let dashed = try? path.dashed(dash, phase: style.dashPhase) {
            _ = rasterizer.coverageMask(dashed, transform: transform, rule: .nonZero, width: width, height: height)
        }
    default:
        _ = path.flattened(tolerance: input.double(scale: 1))
        _ = try? path.strokeOutline(style, tolerance: input.double(scale: 1))
    }
    // Inputs kept before trim / boolean / offset existed end here and replay as they did.
    guard !input.isEmpty else { return }
    runGeometryOpsCase(path, rule: rule, join: style.join, transform: transform, width: width, height: height, &input)
}

/// Trim, boolean operations and offset on the case's path; every result is filled into a mask.
private func runGeometryOpsCase(_ path: Path, rule: FillRule, join: LineJoin, transform: Transform,
                                width: Int, height: Int, _ input: inout FuzzInput) {
    var result: Path?
    switch input.byte() % 3 {
    case 0:
        let window = try? TrimWindow(lottieStart: input.double(scale: 128), end: input.double(scale: 128),
                                     offsetDegrees: input.double(scale: 720))
        if let window {
            let other = Path.circle(center: Point(input.double(), input.double()), radius: input.double())
            let mode: TrimMode = input.bool() ? .simultaneously : .individually
            let pieces = Trimming.trim([path, other], window: window, mode: mode)
            precondition(pieces.count == 2)
            result = pieces[0]
        }
    case 1:
        var other = Path.rectangle(x: input.double(), y: input.double(), width: input.double(), height: input.double())
        if input.bool() { other.addCircle(center: Point(input.double(), input.double()), radius: input.double()) }
        let modes: [MergeMode] = [.merge, .add, .subtract, .intersect, .excludeIntersections]
        let operands = [FilledPath(path, fillRule: rule), FilledPath(other, fillRule: input.bool() ? .nonZero : .evenOdd)]
        let tolerance = input.byte() % 4 == 0 ? input.double(scale: 2) : PolygonLimits.defaultTolerance
        result = try? PathBoolean.merge(input.bool() ? operands : operands.reversed(), mode: modes[Int(input.byte()) % 5],
                                        tolerance: tolerance)
    default:
        let tolerance = input.byte() % 4 == 0 ? input.double(scale: 2) : PolygonLimits.defaultTolerance
        result = try? path.offset(by: input.double(scale: 16), join: join, miterLimit: input.double(scale: 8),
                                  fillRule: rule, tolerance: tolerance)
    }
    if let result {
        let mask = rasterizer.coverageMask(result, transform: transform, rule: .nonZero, width: width, height: height)
        precondition(mask.count == width * height)
    }
}
