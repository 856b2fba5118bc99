// Command-line arguments that are not valid UTF-8.
//
// Swift's CommandLine.arguments repairs invalid UTF-8 with U+FFFD, so `animexport pulse
// $'\xff.mp4'` used to write a file named "\u{FFFD}.mp4" — not the name asked for — and a
// preset path with such bytes could not be found. The raw argv bytes are checked first and
// such an argument is a usage error (exit 2) that shows the bytes.
import Foundation
import Video

extension CLI {
    /// `run(CommandLine.arguments)` after checking the raw argv bytes; the executable's entry.
    /// The process runs without transparent huge pages (Video/HugePages.swift: less memory and
    /// faster x264 here).
    public static func main() -> Int32 {
        HugePages.disableForProcess()
        if let message = invalidUTF8Argument(CommandLine.argc, CommandLine.unsafeArgv) {
            printError("animexport: \(message)")
            return 2
        }
        return run(CommandLine.arguments)
    }

    /// A one-line message for the first argument that is not valid UTF-8, if any.
    static func invalidUTF8Argument(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> String? {
        for i in 1..<Int(max(argc, 1)) {
            guard let p = argv[i] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
            if String(validating: bytes, as: UTF8.self) == nil {
                return "argument \(i) is not valid UTF-8 (\(escaped(bytes))); file names and values must be UTF-8"
            }
        }
        return nil
    }

    /// Printable ASCII kept, everything else as \xNN.
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.prefix(200).map { (0x20..<0x7F).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }
}
