// ScratchBuffer.swift — reusable, manually managed buffers for the rasterizer's hot loops.
//
// Why not Swift arrays: an array stored in a class property costs an exclusivity check and a
// uniqueness (copy-on-write) check on every mutation and keeps loops from vectorising
// (docs/research/rasterizers.md §6, "Exclusivity and CoW"). These buffers hand out raw pointers
// that stay valid until the next `reserve` that grows them, are allocated once and reused across
// fills, and only hold trivial (POD) element types, so they never need to initialise or destroy
// elements.
//
// Both modules that fill and stroke paths use them (Geometry's flattener and stroker, Raster's
// edge lists and cells), so their per-element members are `@inlinable`: another module gets them
// specialised for its element type and inlined into its loops, as they were when everything
// lived in one module. Growth and allocation are not inlined (they are rare). Inlining across
// modules needs public declarations (SwiftPM builds without library evolution, and `package`
// bodies are not inlined then), so they are SPI: `@_spi(Internals) import Geometry` sees them,
// users of the library do not.

/// A growable list of trivial values with a stable base pointer between growths.
@_spi(Internals) public final class ScratchArray<Element> {
    @usableFromInline package internal(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline package internal(set) var count = 0
    @usableFromInline package internal(set) var capacity: Int

    public init(capacity: Int = 64) {
        precondition(_isPOD(Element.self), "ScratchArray holds trivial types only")
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inlinable
    public var isEmpty: Bool { count == 0 }

    @inlinable @inline(__always)
    public func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Forgets the elements, keeping the storage.
    @inlinable @inline(__always)
    public func removeAll() {
        count = 0
    }

    /// Sets the count to `newCount` (≤ capacity after growing); new elements are uninitialised
    /// memory and must be written before they are read.
    @inlinable
    public func resize(to newCount: Int) {
        if newCount > capacity { grow(to: Swift.max(newCount, capacity * 2)) }
        count = newCount
    }

    @inlinable @inline(__always)
    public subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    @usableFromInline
    func grow(to newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// A fixed-size, zero-initialised, 64-byte aligned buffer of trivial values (cells, bits, masks).
/// `ensureCapacity` may replace the storage with a new zeroed one; contents are not preserved.
@_spi(Internals) public final class ZeroedBuffer<Element> {
    public static var alignment: Int { 64 }

    @usableFromInline package internal(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline package internal(set) var capacity: Int

    public init(capacity: Int = 0) {
        precondition(_isPOD(Element.self), "ZeroedBuffer holds trivial types only")
        self.capacity = Swift.max(capacity, 1)
        base = ZeroedBuffer.allocateZeroed(self.capacity)
    }

    deinit {
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// Makes room for `needed` elements; when it grows, the new storage is all zero.
    public func ensureCapacity(_ needed: Int) {
        guard needed > capacity else { return }
        UnsafeMutableRawPointer(base).deallocate()
        capacity = needed
        base = ZeroedBuffer.allocateZeroed(needed)
    }

    private static func allocateZeroed(_ count: Int) -> UnsafeMutablePointer<Element> {
        let bytes = count * MemoryLayout<Element>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes,
                                                   alignment: Swift.max(alignment, MemoryLayout<Element>.alignment))
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return raw.bindMemory(to: Element.self, capacity: count)
    }
}
