// libFuzzer target: random paths, dash arrays, stroke styles and transforms through
// flatten → dash → stroke → coverage into a small canvas. Must never crash, hang or write
// outside the canvas (AddressSanitizer checks the canvas and mask buffers; the canvas is
// also surrounded by checks that the rows outside the drawing stayed untouched — see below).

@_cdecl("LLVMFuzzerTestOneInput")
public func geometryFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    runGeometryCase(&input)
    return 0
}

