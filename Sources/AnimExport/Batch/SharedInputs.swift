// The part of a preset file that one of its outputs depends on (issue 25 item 6): the inputs
// hash of an output covers this, its own keys, the source's bytes and the tool — not the
// preset file's bytes, so editing one output leaves the preset's other outputs skipped.
//
// The preset's JSON object, decoded, without
//   "outputs"       each output hashes its own entry (OutputSpec.flags, canonical);
//   "description"   shown by `list`, never drawn;
//   a top-level key the output sets itself (fps, scale, background, seconds): the output's
//   value is the one used, as a flag overrides a preset (resolvePlan);
//   an "encoder" key the output's "encoder" sets (they override it key by key; "params"
//   stays: an output's params add to the preset's);
// as canonical JSON text (keys sorted, JSON/JSONCanonical.swift). So whitespace, key order and
// the other outputs do not count; every value that can reach the pixels or the encoder does.
import Foundation
import JSON

func sharedPresetInputs(_ preset: JSONObject, output spec: OutputSpec) -> Data {
    var object = preset
    object.remove("outputs")
    object.remove("description")
    let own: [String: Bool] = ["fps": spec.fps != nil, "scale": spec.scale != nil, "background": spec.background != nil,
                               "seconds": spec.seconds != nil]
    for (key, set) in own where set { object.remove(key) }
    if case .object(var encoder) = object["encoder"], let e = spec.encoder {
        let own: [String: Bool] = ["preset": e.preset != nil, "crf": e.crf != nil, "tune": e.tune != nil, "profile": e.profile != nil,
                                   "level": e.level != nil, "keyint": e.keyint != nil, "bframes": e.bframes != nil,
                                   "bitrate": e.bitrate != nil, "maxrate": e.maxrate != nil]
        for (key, set) in own where set { encoder.remove(key) }
        object.set("encoder", .object(encoder))
    }
    return Data(JSONValue.object(object).canonicalText.utf8)
}
