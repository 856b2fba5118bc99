// Variables the player assigns: names an expression reads that neither the file nor the language defines
//
// Some files are made for a player that feeds values into their expressions at run time: ThorVG's
// `LottieAnimation::assign(layer, ix, var, value)` sets a variable that an expression then reads
// (`$bm_rt = ct_val;` — thorvg.example's extensions/spin.json, whose rotation follows the user's
// finger). No engine can evaluate such a script without the host: lottie-web throws a
// ReferenceError on it, ThorVG keeps the keyframed value until `assign` is called.
//
// The rule (docs/lottie-expressions.md "Variables the player assigns"): a name read at the top of
// the scope chain that is not one of the program's own, not one the interpreter provides, and not
// one of the After Effects expression language or of ES5's global object (`languageNames` below —
// those are names we have not implemented: "unknown name", an unrecognised expression) is a
// variable the player assigns.
//   • The caller may give it (`LottieDecoder.decode(…, variables:)`; the exporter's
//     `--expression-var NAME=VALUE` and a preset's "expressionVariables"): it reads as that value
//     in every expression of the file, at every frame.
//   • Not given, reading it throws JavaScript's ReferenceError (`try … catch` catches it, as in
//     every engine); uncaught, the property keeps its keyframed value and the inventory records
//     it under `.expressionVariables` — a warning naming the variable, an error under --strict.

/// A value the caller gives an expression variable.
public indirect enum ExpressionVariable: Sendable, Equatable {
    case number(Double)
    case string(String)
    case array([ExpressionVariable])

    var scriptValue: ScriptValue {
        switch self {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.scriptValue))
        }
    }

    /// Whether `name` can be an expression variable: a JavaScript identifier (ASCII letters,
    /// digits, `_` and `$`, not starting with a digit) of at most 64 bytes that the language
    /// does not define.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, !(48...57).contains(first) else { return false }
        let identifier = bytes.allSatisfy { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || (48...57).contains($0) || $0 == 95 || $0 == 36 }
        return identifier && !isLanguageName(name)
    }

    /// Whether the expression language or the interpreter defines `name`.
    static func isLanguageName(_ name: String) -> Bool {
        ScriptGlobalName.byName[name] != nil || languageNames.contains(name)
    }

    /// After Effects' expression globals and layer/composition attributes (Adobe's expression
    /// language reference), Bodymovin's helpers, and ES5's global object, beyond the names the
    /// interpreter provides: read bare and not implemented, they are our gap, not the player's
    /// variables.
    static let languageNames: Set<String> = [
        // After Effects: global objects, time conversion, vector math, random, interpolation, colour.
        "colorDepth", "thisProject", "footage", "comp", "posterizeTime", "timeToTimecode", "timeToNTSCTimecode",
        "timeToFeetAndFrames", "timeToCurrentFormat", "framesToTime", "timeToFrames", "lookAt", "add", "sub", "mul",
        "div", "clamp", "dot", "cross", "normalize", "length", "seedRandom", "random", "gaussRandom", "noise",
        "degreesToRadians", "radiansToDegrees", "linear", "ease", "easeIn", "easeOut", "rgbToHsl", "hslToRgb",
        "hexToRgb", "createPath", "wiggle", "temporalWiggle", "smooth", "loopIn", "loopOut", "loopInDuration",
        "loopOutDuration", "key", "nearestKey", "valueAtTime", "velocityAtTime", "speedAtTime", "propertyGroup",
        "propertyIndex", "name", "active", "enabled", "points", "inTangents", "outTangents", "isClosed",
        // After Effects: attributes of the layer an expression is on, read bare.
        "transform", "anchorPoint", "position", "scale", "rotation", "opacity", "orientation", "xRotation",
        "yRotation", "zRotation", "source", "effect", "mask", "content", "text", "sourceText", "marker",
        "timeRemap", "startTime", "parent", "width", "height", "hasVideo", "hasAudio", "audioActive", "audioLevels",
        "sampleImage", "sourceRectAtTime", "sourceTime", "toComp", "fromComp", "toWorld", "fromWorld", "toCompVec",
        "fromCompVec", "toWorldVec", "fromWorldVec", "fromCompToSurface", "layer", "numLayers", "activeCamera",
        "frameDuration", "shutterAngle", "shutterPhase", "bgColor", "pixelAspect", "displayStartTime", "motionBlur",
        "threeDLayer", "cameraOption", "lightOption", "materialOption", "pointOfInterest", "zoom", "depthOfField",
        "focusDistance", "aperture", "blurLevel", "intensity", "color", "coneAngle", "coneFeather", "shadowDarkness",
        "shadowDiffusion", "castsShadows", "lightTransmission", "acceptsShadows", "acceptsLights", "ambient",
        "diffuse", "specular", "shininess", "metal", "duration", "frameRate",
        // Bodymovin's helpers.
        "$bm_rt", "$bm_transform", "$bm_isInstanceOfArray", "$bm_sum", "$bm_sub", "$bm_mul", "$bm_div", "$bm_mod",
        "$bm_neg", "loop_in", "loop_out",
        // ES5's global object, and what browsers add that expressions have been seen to read.
        "Date", "RegExp", "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError",
        "URIError", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURI", "encodeURIComponent", "decodeURI",
        "decodeURIComponent", "escape", "unescape", "eval", "arguments", "this", "globalThis", "window", "self",
        "document", "console", "Symbol", "Map", "Set", "WeakMap", "Promise", "Proxy", "Reflect", "ArrayBuffer",
        "Float32Array", "Float64Array", "Int8Array", "Int16Array", "Int32Array", "Uint8Array", "Uint16Array",
        "Uint32Array", "Uint8ClampedArray", "DataView", "Intl",
    ]
}

extension ExpressionVariable {
    /// Which of `names` the expression `source` reads bare (an identifier not after `.`): what the
    /// decoder records as used, so that a variable given for a file that never reads it is an
    /// error the caller can name. `source` has already been parsed, so its tokens are well formed.
    static func reads(_ source: String, of names: [String: ScriptValue]) -> Set<String> {
        guard !names.isEmpty else { return [] }
        var lexer = ScriptLexer(source)
        var found = Set<String>()
        var afterDot = false
        while let token = try? lexer.next(), token != .end {
            if case .identifier(let s) = token, !afterDot, names[s] != nil { found.insert(s) }
            afterDot = token == .symbol(".")
        }
        return found
    }
}
