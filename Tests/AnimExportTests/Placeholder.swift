import Testing
@testable import AnimExport

@Test func animexportPlaceholder() { #expect(Bool(true)) }
