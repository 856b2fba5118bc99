// FrameWriter.swift — what every writer of one output does, so MediaWriter drives any format the
// same way: LibavWriter (every codec libavformat muxes, H.264 included, set up by
// `VideoSettings.streamSetup()` in CodecSetup.swift), GIFWriter and PNGSequenceWriter.
//
// Lifecycle, the same for all: init opens the output (a temporary beside the target), frames are
// appended in order, `finish` completes the file and renames it over the target, `cancel`
// removes the temporary and leaves the target as it was; after an error or either end, every
// call throws. Frames are premultiplied RGBA8 rows, or — for a writer whose
// `encoderFrameFormat` is not nil — EncoderFrames already in that format.

/// One output being written (file header).
protocol FrameWriter: AnyObject {
    /// Frames appended so far.
    var framesWritten: Int { get }
    /// The pixel format of the EncoderFrames `append(_:)` takes; nil: RGBA frames only.
    var encoderFrameFormat: PixelFormat? { get }
    func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError)
    /// Only called when `encoderFrameFormat` is not nil.
    func append(_ frame: EncoderFrame) throws(VideoError)
    /// Completes the output: frames written and bytes on disk.
    func finish() throws(VideoError) -> (frames: Int, bytes: Int)
    func cancel()
}

extension FrameWriter {
    /// RGBA-only writers (GIF, PNG sequence).
    var encoderFrameFormat: PixelFormat? { nil }
    func append(_ frame: EncoderFrame) throws(VideoError) { throw .invalidInput("this writer takes RGBA frames") }
}

extension LibavWriter: FrameWriter {
    /// The format the setup converts frames to (nil when swscale converts RGBA itself).
    var encoderFrameFormat: PixelFormat? {
        if case .frames(let format) = setup.conversion { return format }
        return nil
    }
}

extension GIFWriter: FrameWriter {}
extension PNGSequenceWriter: FrameWriter {}
