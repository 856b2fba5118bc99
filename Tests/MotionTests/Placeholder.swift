import Testing
@testable import Motion

@Test func motionPlaceholder() { #expect(Bool(true)) }
