// The pipelined exporter (render thread + encode thread) writes the same bytes as the one-thread loop.
import Foundation
import Testing

@Test(arguments: [["heart", "--frames", "24"], ["pulse", "--preset", "blue", "--frames", "24"], ["dots", "--frames", "24"]])
func pipelinedExportIsByteIdentical(_ args: [String]) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let serial = folder + "/serial.mp4", piped = folder + "/piped.mp4"
    let common = ["--x264-preset", "ultrafast", "-y"]
    let a = try run(args + common + [serial], environment: ["ANIMEXPORT_PIPELINE": "0"])
    let b = try run(args + common + [piped], environment: ["ANIMEXPORT_PIPELINE": "1"])
    #expect(a.status == 0, "\(a.stderr)")
    #expect(b.status == 0, "\(b.stderr)")
    let da = try Data(contentsOf: URL(fileURLWithPath: serial)), db = try Data(contentsOf: URL(fileURLWithPath: piped))
    #expect(da.count > 1000)
    #expect(da == db)
}
