// ScratchBuffer.swift — reusable, manually managed buffers for the rasterizer's hot loops.
//
// Why not Swift arrays: an array stored in a class property costs an exclusivity check and a
// uniqueness (copy-on-write) check on every mutation and keeps loops from vectorising (research
// note §6, "Exclusivity and CoW"). These buffers hand out raw pointers that stay valid until the
// next `reserve` that grows them, are allocated once and reused across fills, and only hold
// trivial (POD) element types, so they never need to initialise or destroy elements.

/// A growable list of trivial values with a stable base pointer between growths.
final class ScratchArray<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        precondition(_isPOD(Element.self), "ScratchArray holds trivial types only")
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Forgets the elements, keeping the storage.
    @inline(__always)
    func removeAll() {
        count = 0
    }

    /// Sets the count to `newCount` (≤ capacity after growing); new elements are uninitialised
    /// memory and must be written before they are read.
    func resize(to newCount: Int) {
        if newCount > capacity { grow(to: Swift.max(newCount, capacity * 2)) }
        count = newCount
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    private func grow(to newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// A fixed-size, zero-initialised, 64-byte aligned buffer of trivial values (cells, bits, masks).
/// `ensureCapacity` may replace the storage with a new zeroed one; contents are not preserved.
final class ZeroedBuffer<Element> {
    static var alignment: Int { 64 }

    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int = 0) {
        precondition(_isPOD(Element.self), "ZeroedBuffer holds trivial types only")
        self.capacity = Swift.max(capacity, 1)
        base = ZeroedBuffer.allocateZeroed(self.capacity)
    }

    deinit {
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// Makes room for `needed` elements; when it grows, the new storage is all zero.
    func ensureCapacity(_ needed: Int) {
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
