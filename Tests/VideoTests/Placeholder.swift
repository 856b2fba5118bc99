import Testing
@testable import Video

@Test func videoPlaceholder() { #expect(Bool(true)) }
