// libFuzzer entry for the expression recogniser (see ExpressionCase.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func expressionFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    runExpressionCase(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
