// PrimitivesTests.swift — points, transforms and path construction.

import Testing
import Foundation
@testable import Geometry

@Suite struct PrimitivesTests {
    @Test func pointArithmetic() {
        let p = Point(3, 4)
        #expect(p.length == 5)
        #expect(p + Point(1, 1) == Point(4, 5))
        #expect(p - Point(1, 1) == Point(2, 3))
        #expect(p * 2 == Point(6, 8) && 2 * p == Point(6, 8))
        #expect(p / 2 == Point(1.5, 2))
        #expect(-p == Point(-3, -4))
        #expect(p.dot(Point(1, 2)) == 11)
        #expect(p.cross(Point(1, 2)) == 2)
        #expect(p.lerp(to: Point(5, 8), 0.5) == Point(4, 6))
        #expect(Point(x: 1, y: 2) == Point(1, 2))
        #expect(!Point(.nan, 0).isFinite && !Point(0, .infinity).isFinite && p.isFinite)
    }

    @Test func concatenationAppliesSelfFirst() {
        let scale = Transform.scale(2, 3)
        let move = Transform.translation(10, 20)
        let p = Point(1, 1)
        #expect(scale.concatenating(move).apply(p) == Point(12, 23))
        #expect(move.concatenating(scale).apply(p) == Point(22, 63))
        #expect(scale.concatenating(move).apply(p) == move.apply(scale.apply(p)))
        #expect(Transform.identity.apply(p) == p)
    }

    @Test func rotationTurnsXTowardsY() {
        let q = Transform.rotation(radians: Double.pi / 2).apply(Point(1, 0))
        #expect(abs(q.x) < 1e-15 && abs(q.y - 1) < 1e-15)
    }

    @Test func inverse() throws {
        let t = Transform.rotation(radians: 0.7).concatenating(.scale(2, -0.5)).concatenating(.translation(3, 9))
        let inverse = try #require(t.inverted())
        let p = Point(4.25, -7.5)
        let roundTrip = inverse.apply(t.apply(p))
        #expect(roundTrip.distance(to: p) < 1e-12)
        #expect(Transform.scale(0, 1).inverted() == nil)
    }

    @Test func circleStartsAtThreeOClockAndRunsClockwise() throws {
        let circle = Path.circle(center: Point(10, 20), radius: 5)
        #expect(circle.elements.count == 6)
        #expect(circle.elements.first == .move(to: Point(15, 20)))
        let k = 0.5522847498307936 * 5
        #expect(circle.elements[1] == .cubic(to: Point(10, 25), control1: Point(15, 20 + k), control2: Point(10 + k, 25)))
        #expect(circle.elements[2] == .cubic(to: Point(5, 20), control1: Point(10 - k, 25), control2: Point(5, 20 + k)))
        #expect(circle.elements.last == .close)
        // Clockwise on a y-down screen = positive shoelace area in this convention.
        let polygon = try #require(circle.flattened(tolerance: 0.01).first)
        #expect(shoelaceArea(polygon.points) > 0)
        #expect(polygon.isClosed)
    }

    @Test func rectangleAndBounds() throws {
        let rect = Path.rectangle(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.elements == [.move(to: Point(1, 2)), .line(to: Point(4, 2)), .line(to: Point(4, 6)),
                                  .line(to: Point(1, 6)), .close])
        let bounds = try #require(rect.controlPointBounds)
        #expect(bounds == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(Path().controlPointBounds == nil)
        let moved = rect.transformed(by: .translation(1, 1))
        #expect(moved.elements[2] == .line(to: Point(5, 7)))
    }
}
