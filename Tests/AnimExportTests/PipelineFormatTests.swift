// The pipelined exporter converts only changed pixels for every encoder pixel format
// (FrameConverter.update on the render thread); the one-thread loop converts whole frames in the
// writer. Both must write the same bytes, format by format (transparent backgrounds, so the
// alpha planes and un-premultiplication are in play).
import Foundation
import Testing

@Test(arguments: [
    ["heart", "--background", "transparent", "--frames", "12", "out.mov"],                 // yuva444p10le
    ["heart", "--codec", "prores-hq", "--frames", "12", "out.mov"],                        // yuv422p10le
    ["pulse", "--preset", "blue", "--background", "transparent", "--frames", "12", "out.webm"], // yuva420p
    ["dots", "--background", "transparent", "--frames", "12", "out.apng"],                 // rgba
    ["heart", "--background", "transparent", "--frames", "8", "out.webp"],                 // bgra
])
func pipelinedExportIsByteIdenticalInEveryPixelFormat(_ args: [String]) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let name = args.last!
    let serial = folder + "/serial-" + name, piped = folder + "/piped-" + name
    let flags = Array(args.dropLast()) + ["-y"]
    let a = try run(flags + [serial], environment: ["ANIMEXPORT_PIPELINE": "0"])
    let b = try run(flags + [piped], environment: ["ANIMEXPORT_PIPELINE": "1"])
    #expect(a.status == 0, "\(a.stderr)")
    #expect(b.status == 0, "\(b.stderr)")
    let da = try Data(contentsOf: URL(fileURLWithPath: serial)), db = try Data(contentsOf: URL(fileURLWithPath: piped))
    #expect(da.count > 1000)
    #expect(da == db, "\(name): pipelined (changed pixels only) and serial (whole frames) differ")
}
