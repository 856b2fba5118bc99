// DataURI: base64 payloads decoded by libavutil; everything else refused.
import Foundation
import Testing
@testable import Media

@Suite struct DataURITests {
    @Test func base64PNGRoundTrips() throws {
        let png = try Fixture.bytes("rgba4x2.png")
        let uri = "data:image/png;base64," + Data(png).base64EncodedString()
        #expect(DataURI.isDataURI(uri))
        #expect(try DataURI.decode(uri, maxBytes: 1000) == png)
        // Line breaks inside the payload are skipped; the media type does not matter.
        let wrapped = "DATA:application/octet-stream;base64," + Data(png).base64EncodedString(options: .lineLength64Characters)
        #expect(try DataURI.decode(wrapped, maxBytes: 1000) == png)
    }

    @Test func refusals() {
        for bad in ["data:image/png,rawbytes", "data:image/png;base64", "data:;base64,abc", "data:;base64,!!!!", "data:;base64,"] {
            #expect(throws: MediaError.self, "\(bad)") { try DataURI.decode(bad, maxBytes: 1000) }
        }
        #expect(!DataURI.isDataURI("image.png"))
        #expect(throws: MediaError.self) { try DataURI.decode("data:;base64," + String(repeating: "AAAA", count: 100), maxBytes: 200) }
    }
}
