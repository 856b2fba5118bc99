// Strict preset decoding: every error names the file and the field; shipped presets load.
import Foundation
import Testing
import Scenes
@testable import AnimExport

/// Writes `json` as `name` in a scratch folder and loads it as a pulse preset.
func loadPreset(_ json: String, name: String = "pulse-test.json") throws(ExportError) -> (LoadedPreset, String) {
    let folder = try! scratchFolder()
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
    defer { cleanup(folder) }
    return (try PresetLibrary.read(path: path), path)
}

func expectInvalid(_ json: String, field: String, contains text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try loadPreset(json)
        Issue.record("expected an error for field \(field)", sourceLocation: sourceLocation)
    } catch {
        guard case .invalid(let file?, let f, let message) = error else {
            Issue.record("wrong error \(error)", sourceLocation: sourceLocation); return
        }
        #expect(file.hasSuffix("pulse-test.json"), sourceLocation: sourceLocation)
        #expect(f == field, "field: \(f) — \(message)", sourceLocation: sourceLocation)
        #expect(message.contains(text), "message: \(message)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    }
}

let goodLayer = ##"{"radius": 150, "duration": 1, "color": "#E52344"}"##

@Test func shippedPresetsLoad() throws {
    let library = PresetLibrary(folders: [presetsFolder])
    let names = try library.names(for: .pulse)
    #expect(Set(names).isSuperset(of: ["red", "orange", "blue"]))
    for name in ["red", "orange", "blue"] {
        let p = try library.load(animation: .pulse, reference: name)
        guard let params = p.file.parameters?.value(of: PulsePlugin.self) else { Issue.record("not pulse"); continue }
        #expect(!params.layers.isEmpty)
    }
    let blue = try library.load(animation: .pulse, reference: "blue")
    guard let params = blue.file.parameters?.value(of: PulsePlugin.self) else { return }
    #expect(params.layers.count == 2)
    #expect(params.layers[1].repeatCount == .finite(15))
    #expect(params.layers[1].radius == 200)
}

@Test func unknownKeysNameTheNearestKnownKey() {
    expectInvalid(##"{"animation": "pulse", "sconds": 3, "parameters": {"layers": [\##(goodLayer)]}}"##,
                  field: "sconds", contains: "did you mean 'seconds'")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [{"radious": 1, "duration": 1, "color": "#000000"}]}}"##,
                  field: "parameters.layers[0].radious", contains: "did you mean 'radius'")
    expectInvalid(##"{"animation": "pulse", "encoder": {"crff": 3}, "parameters": {"layers": [\##(goodLayer)]}}"##,
                  field: "encoder.crff", contains: "did you mean 'crf'")
}

@Test func typesAndRangesAreChecked() {
    expectInvalid(##"{"animation": "pulse", "seconds": "five", "parameters": {"layers": [\##(goodLayer)]}}"##,
                  field: "seconds", contains: "expected a number")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [{"radius": -5, "duration": 1, "color": "#000000"}]}}"##,
                  field: "parameters.layers[0].radius", contains: "outside the allowed range")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [{"radius": 5, "duration": 0, "color": "#000000"}]}}"##,
                  field: "parameters.layers[0].duration", contains: "outside the allowed range")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [{"radius": 5, "duration": 1, "color": "red"}]}}"##,
                  field: "parameters.layers[0].color", contains: "not a colour")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [{"radius": 5, "duration": 1, "repeatCount": "lots", "color": "#000000"}]}}"##,
                  field: "parameters.layers[0].repeatCount", contains: "infinite")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": []}}"##,
                  field: "parameters.layers", contains: "1 to 64")
    expectInvalid(##"{"animation": "pulse", "fps": "fast", "parameters": {"layers": [\##(goodLayer)]}}"##,
                  field: "fps", contains: "not a frame rate")
    expectInvalid(##"{"animation": "pulse", "parameters": {"layers": [\##(goodLayer)], "opacityKeyTimes": [0, 0.5]}}"##,
                  field: "parameters.opacityKeyTimes", contains: "2 key times")
}

@Test func malformedJSONAndUnknownAnimation() {
    expectInvalid(##"{"animation": "pulse", "##, field: "line 1, column 24", contains: "malformed JSON: unexpected end of file in an object")
    expectInvalid(##"{"animation": "pulse", "encoder": {"crf": }}"##, field: "line 1, column 43 (encoder.crf)", contains: "malformed JSON: unexpected '}', expected a value")
    expectInvalid("", field: "(JSON)", contains: "malformed JSON: the file is empty")
    expectInvalid(##"{"animation": "pulsee"}"##, field: "animation", contains: "did you mean 'pulse'")
    expectInvalid(##"{"parameters": {}}"##, field: "animation", contains: "missing required key")
}
