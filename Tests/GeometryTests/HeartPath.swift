// HeartPath.swift — the heart outline of docs/ANIMATIONS.md §2.2 for stroke and dash tests.
// (Tests/RasterTests/GeometrySupport/HeartPath.swift links to this file.)

import Geometry

enum Heart {
    /// Start point and 26 cubics (control 1, control 2, end) as fractions of the frame size.
    static let start = Point(0.49616, 0.89542)
    static let cubics: [(Point, Point, Point)] = [
        (Point(0.49477, 0.89542), Point(0.4916, 0.89365), Point(0.48666, 0.8901)),
        (Point(0.43473, 0.85308), Point(0.38515, 0.81271), Point(0.33791, 0.769)),
        (Point(0.29067, 0.72529), Point(0.2486, 0.67961), Point(0.21169, 0.63198)),
        (Point(0.17478, 0.58434), Point(0.14561, 0.53594), Point(0.12417, 0.48678)),
        (Point(0.10274, 0.43762), Point(0.09202, 0.38906), Point(0.09202, 0.3411)),
        (Point(0.09202, 0.29531), Point(0.10056, 0.25527), Point(0.11764, 0.22099)),
        (Point(0.13472, 0.18672), Point(0.15793, 0.16), Point(0.18729, 0.14084)),
        (Point(0.21665, 0.12168), Point(0.25008, 0.1121), Point(0.28757, 0.1121)),
        (Point(0.31787, 0.1121), Point(0.34403, 0.11778), Point(0.36607, 0.12915)),
        (Point(0.38811, 0.14052), Point(0.40686, 0.15478), Point(0.42233, 0.17195)),
        (Point(0.43779, 0.18912), Point(0.45085, 0.20626), Point(0.46149, 0.22335)),
        (Point(0.46816, 0.2342), Point(0.47405, 0.24158), Point(0.47917, 0.24549)),
        (Point(0.48429, 0.2494), Point(0.48995, 0.25135), Point(0.49616, 0.25135)),
        (Point(0.5024, 0.25135), Point(0.50798, 0.24931), Point(0.5129, 0.24524)),
        (Point(0.51781, 0.24116), Point(0.52377, 0.23387), Point(0.53079, 0.22335)),
        (Point(0.54212, 0.20656), Point(0.55552, 0.18958), Point(0.57099, 0.1724)),
        (Point(0.58645, 0.15523), Point(0.60504, 0.14089), Point(0.62677, 0.12937)),
        (Point(0.6485, 0.11786), Point(0.67449, 0.1121), Point(0.70475, 0.1121)),
        (Point(0.74225, 0.1121), Point(0.77576, 0.12168), Point(0.8053, 0.14084)),
        (Point(0.83483, 0.16), Point(0.85805, 0.18672), Point(0.87497, 0.22099)),
        (Point(0.89189, 0.25527), Point(0.90035, 0.29531), Point(0.90035, 0.3411)),
        (Point(0.90035, 0.38906), Point(0.88964, 0.43762), Point(0.8682, 0.48678)),
        (Point(0.84676, 0.53594), Point(0.81758, 0.58434), Point(0.78066, 0.63198)),
        (Point(0.74374, 0.67961), Point(0.70165, 0.72529), Point(0.65442, 0.769)),
        (Point(0.60718, 0.81271), Point(0.55759, 0.85308), Point(0.50567, 0.8901)),
        (Point(0.50072, 0.89365), Point(0.49755, 0.89542), Point(0.49616, 0.89542)),
    ]

    /// The closed heart path in a square frame of side `size` (64 pt in the tutorial).
    static func path(size: Double = 64) -> Path {
        var path = Path()
        path.move(to: start * size)
        for (c1, c2, end) in cubics {
            path.cubic(to: end * size, control1: c1 * size, control2: c2 * size)
        }
        path.close()
        return path
    }
}
