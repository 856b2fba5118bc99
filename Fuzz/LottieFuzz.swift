// libFuzzer entry for the Lottie decoder and evaluator (see LottieCase.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func lottieFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    runLottieCase(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
