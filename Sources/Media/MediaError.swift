// MediaError.swift — why an image or an archive could not be read: one sentence, without the
// file's name (the caller names the file, the asset or the entry).

public struct MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
