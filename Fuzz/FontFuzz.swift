// libFuzzer entry for fonts (see FontCase.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fontFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    runFontCase(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
