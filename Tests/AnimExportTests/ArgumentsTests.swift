import Testing
@testable import AnimExport

let flags = [
    FlagSpec("--seconds", value: "S", help: ""),
    FlagSpec("--param", value: "KV", repeatable: true, help: ""),
    FlagSpec("-y", alias: "--overwrite", help: ""),
]

@Test func parsesValuesSwitchesAndPositionals() throws {
    let a = try parseArguments(["--seconds", "5", "out.mp4", "-y", "--param=a=1", "--param", "b=2"], flags: flags, command: "pulse")
    #expect(a.value("--seconds") == "5")
    #expect(a.has("-y"))
    #expect(a.all("--param") == ["a=1", "b=2"])
    #expect(a.positionals == ["out.mp4"])
}

@Test func aliasAndDoubleDash() throws {
    let a = try parseArguments(["--overwrite", "--", "--weird-name.mp4"], flags: flags, command: "pulse")
    #expect(a.has("-y"))
    #expect(a.positionals == ["--weird-name.mp4"])
}

@Test func unknownFlagSuggestsNearest() {
    #expect(throws: ExportError.usage("pulse: unknown option --secnds (did you mean --seconds?); see 'animexport pulse --help'")) {
        try parseArguments(["--secnds", "5"], flags: flags, command: "pulse")
    }
}

@Test func missingValueAndRepeats() {
    #expect(throws: ExportError.self) { try parseArguments(["--seconds"], flags: flags, command: "pulse") }
    #expect(throws: ExportError.self) { try parseArguments(["--seconds", "1", "--seconds", "2"], flags: flags, command: "pulse") }
    #expect(throws: ExportError.self) { try parseArguments(["-y=3"], flags: flags, command: "pulse") }
}

@Test func frameRates() {
    #expect(parseFrameRate("60") == FrameRateSpec(num: 60, den: 1))
    #expect(parseFrameRate("30000/1001") == FrameRateSpec(num: 30000, den: 1001))
    #expect(parseFrameRate("29.97") == FrameRateSpec(num: 30000, den: 1001))
    #expect(parseFrameRate("0") == nil)
    #expect(parseFrameRate("abc") == nil)
    #expect(parseFrameRate("25/0") == nil)
    #expect(parseFrameRate("12.5") == nil)
}

@Test func editDistanceAndNearest() {
    #expect(editDistance("radious", "radius") == 1)
    #expect(nearest(to: "radious", in: ["radius", "duration", "color"]) == "radius")
    #expect(nearest(to: "zzzzzz", in: ["radius", "duration"]) == nil)
}
