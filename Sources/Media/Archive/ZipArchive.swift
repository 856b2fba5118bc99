// ZipArchive.swift — reading entries of an untrusted zip archive (a dotLottie) with libzip.
//
// The archive is read into memory first (a regular file within MediaLimits.maxArchiveBytes,
// ContainedFile.readRegular) and opened by libzip from that buffer read-only (ZIP_RDONLY), so
// nothing is written and the file cannot change underneath. (Not ZIP_CHECKCONS: archives made
// on macOS — __MACOSX entries, data descriptors — fail it although every entry reads intact;
// each entry's CRC is checked when it is read.) The central
// directory is checked before any entry is inflated:
//
//   entries ≤ maxArchiveEntries
//   every name relative, without NUL, without a ".." component (either separator)  — traversal
//   Σ size ≤ maxArchiveUncompressedBytes                                             — expansion
//   size ≤ maxEntryRatio · compressed size, for entries over 1 MiB                   — zip bombs
//
// An entry is inflated into a buffer of its stated size; more data than stated, less, or a CRC
// mismatch (libzip checks the CRC at the end of the entry) is an error. Names are compared
// exactly; directories (names ending in "/") are not entries.

import CZip

public final class ZipArchive {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var size: Int
        public var compressedSize: Int
        let index: UInt64
    }

    /// The files of the archive, in central-directory order.
    public let entries: [Entry]
    private let archive: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer

    /// Opens the archive at `path` (see the header).
    public convenience init(path: String, limits: MediaLimits = .standard) throws(MediaError) {
        try self.init(bytes: try ContainedFile.readRegular(path, shownAs: path, maxBytes: limits.maxArchiveBytes), limits: limits)
    }

    /// Opens an archive held in memory.
    public init(bytes: [UInt8], limits: MediaLimits = .standard) throws(MediaError) {
        guard bytes.count <= limits.maxArchiveBytes else {
            throw MediaError("an archive of \(bytes.count) bytes, over the cap of \(limits.maxArchiveBytes) bytes")
        }
        guard !bytes.isEmpty else { throw MediaError("an empty file, not a zip archive") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        buffer.copyBytes(from: bytes)
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(buffer.baseAddress, UInt64(bytes.count), 0, &error) else {
            buffer.deallocate()
            throw MediaError("not a zip archive: \(String(cString: zip_error_strerror(&error)).lowercased())")
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            buffer.deallocate()
            throw MediaError("not a readable zip archive: \(String(cString: zip_error_strerror(&error)).lowercased())")
        }
        self.archive = archive
        self.buffer = buffer
        do {
            entries = try Self.listEntries(archive, limits)
        } catch {
            zip_discard(archive)
            buffer.deallocate()
            throw error
        }
    }

    deinit {
        zip_discard(archive)
        buffer.deallocate()
    }

    /// The entry called exactly `name`.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The inflated bytes of `entry`, checked against its stated size and CRC.
    public func read(_ entry: Entry) throws(MediaError) -> [UInt8] {
        guard let file = zip_fopen_index(archive, entry.index, 0) else {
            throw MediaError("\(entry.name): \(String(cString: zip_strerror(archive)).lowercased())")
        }
        defer { zip_fclose(file) }
        var bytes = [UInt8](repeating: 0, count: entry.size + 1)
        var done = 0
        while done <= entry.size {
            let n = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + done, UInt64(entry.size + 1 - done)) }
            if n < 0 { throw MediaError("\(entry.name): \(String(cString: zip_file_strerror(file)).lowercased())") }
            if n == 0 { break }
            done += Int(n)
        }
        guard done == entry.size else {
            throw MediaError("\(entry.name): \(done > entry.size ? "more" : "less") data than the \(entry.size) bytes its header states")
        }
        bytes.removeLast()
        return bytes
    }

    private static func listEntries(_ archive: OpaquePointer, _ limits: MediaLimits) throws(MediaError) -> [Entry] {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw MediaError("the archive's directory cannot be read") }
        guard count <= Int64(limits.maxArchiveEntries) else {
            throw MediaError("\(count) entries, over the cap of \(limits.maxArchiveEntries) per archive")
        }
        var entries: [Entry] = [], total = 0
        for i in 0..<UInt64(count) {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(archive, i, 0, &st) == 0, let rawName = st.name else {
                throw MediaError("entry \(i) of the archive cannot be read")
            }
            let name = String(cString: rawName)
            try checkName(name)
            if name.hasSuffix("/") { continue }
            guard st.size <= UInt64(limits.maxArchiveUncompressedBytes) else {
                throw MediaError("\(name) expands to \(st.size) bytes, over the cap of \(limits.maxArchiveUncompressedBytes) bytes")
            }
            let size = Int(st.size), compressed = Int(min(st.comp_size, UInt64(Int.max / 2)))
            total += size
            guard total <= limits.maxArchiveUncompressedBytes else {
                throw MediaError("the entries expand to more than the cap of \(limits.maxArchiveUncompressedBytes) bytes")
            }
            if size > 1 << 20, size / max(compressed, 1) > limits.maxEntryRatio {
                throw MediaError("\(name) expands \(size / max(compressed, 1))× (\(compressed) → \(size) bytes), over the cap of "
                                 + "\(limits.maxEntryRatio)× per entry (a zip bomb?)")
            }
            entries.append(Entry(name: name, size: size, compressedSize: compressed, index: i))
        }
        return entries
    }

    private static func checkName(_ name: String) throws(MediaError) {
        let parts = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" })
        if name.isEmpty || name.hasPrefix("/") || name.hasPrefix("\\") || parts.contains("..") || name.utf8.contains(0)
            || (name.count >= 2 && name.dropFirst().first == ":") {
            throw MediaError("an entry named \"\(name)\" (absolute, or with \"..\"): refused")
        }
    }
}
