// libFuzzer entry for images and zip archives (see MediaCase.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func mediaFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    runMediaCase(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
