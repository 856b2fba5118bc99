import Testing
@testable import Text

@Test func textPlaceholder() { #expect(Bool(true)) }
