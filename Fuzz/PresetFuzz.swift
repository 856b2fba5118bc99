// libFuzzer entry for the preset decoder (see PresetCase.swift), compiled into AnimExport.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func presetFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    runPresetCase(Data(bytes: data, count: size))
    return 0
}

