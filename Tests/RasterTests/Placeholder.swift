import Testing
@testable import Raster

@Test func rasterPlaceholder() { #expect(Bool(true)) }
