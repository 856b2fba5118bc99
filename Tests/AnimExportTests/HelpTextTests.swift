// Help texts against the tool (issue 25 item 8): each command's `--help`, as the binary prints
// it, shows the option table of exactly the flags that command parses, and every flag it shows
// is accepted (one run with all of them: no "unknown option"). Before this, `still FILE.json
// --help` printed the scene still's table: --preset and --font, which a Lottie still refuses,
// and not --frame.
import Foundation
import Testing
@testable import AnimExport

@Suite struct HelpTextTests {
    /// A command line before its options, and the flag table its parser uses.
    static let commands: [(words: [String], flags: [FlagSpec])] = [
        (["pulse"], renderFlags),
        (["still", "pulse"], stillFlags),
        (["anim.json"], lottieRenderFlags),
        (["still", "anim.json"], lottieStillFlags),
        (["batch"], batchFlags),
        (["render"], presetRenderFlags),
        (["info"], infoFlags),
    ]

    @Test(arguments: 0..<commands.count) func helpShowsExactlyTheFlagsTheCommandParses(_ i: Int) throws {
        let (words, flags) = Self.commands[i]
        let h = try run(words + ["--help"])
        #expect(h.status == 0, "\(words): \(h.stderr)")
        #expect(h.stdout.contains(helpTable(flags)), "\(words) --help does not show its parser's options:\n\(h.stdout)")

        // Every flag shown, at once (values that fail validation later): none is unknown.
        let root = try scratchFolder()
        defer { cleanup(root) }
        var args = words
        for f in flags where !["--help", "--null"].contains(f.name) {
            args.append(f.name)
            if f.valueName != nil { args.append("0") }
        }
        let r = try run(args, cwd: root)
        #expect(r.status != 0 && !r.stderr.contains("unknown option"), "\(words): \(r.stderr)")
    }

    @Test func aLottieStillsHelpNamesItsFlagsAndRanges() throws {
        let h = try run(["still", "anim.json", "--help"])
        #expect(h.stdout.hasPrefix("Usage: animexport still FILE.json"))
        for text in ["--frame F", "0 ≤ F < op − ip", "0 ≤ T < the file's length", "default 1", "--animation ID"] {
            #expect(h.stdout.contains(text), "\(text)")
        }
        for refused in ["--preset", "--font"] { #expect(!h.stdout.contains(refused), "\(refused)") }
    }
}
