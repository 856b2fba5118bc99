// Why a Lottie file was refused, in one line: the file, the JSON path, what is wrong.
//
//   anim.json: layers[3].shapes[2].ks.k[0].s: expected an array of numbers, got a string
//   anim.json: line 12, column 7 (layers[0].ks): unexpected '}', expected a value
//   anim.json: 41 MB is over the 32 MB cap on a Lottie file

/// A Lottie file that cannot be used. Always a validation error (exit code 2 in the CLI).
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// The JSON path ("layers[3].ks.p"), empty when the problem is the file as a whole.
    public let path: String
    /// What is wrong, with the allowed range where there is one.
    public let message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

