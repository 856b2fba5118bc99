import Testing
@testable import Scenes

@Test func scenesPlaceholder() { #expect(Bool(true)) }
