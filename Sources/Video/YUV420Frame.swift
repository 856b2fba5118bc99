/// One planar YUV 4:2:0 frame (8 bits per sample) that owns its planes, rows
/// packed without padding: `y` is width × height bytes, `u` and `v` are
/// width/2 × height/2 bytes each. For `MP4Writer` the samples are BT.709
/// limited range (Y 16…235, U/V 16…240), as `RGBAToYUV420` produces them.
public struct YUV420Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Luma, `width` bytes per row.
    public var y: [UInt8]
    /// Cb, `chromaWidth` bytes per row.
    public var u: [UInt8]
    /// Cr, `chromaWidth` bytes per row.
    public var v: [UInt8]

    public var chromaWidth: Int { width / 2 }
    public var chromaHeight: Int { height / 2 }

    /// A black frame (Y 16, U/V 128). Width and height must be positive and
    /// even (this traps otherwise: check sizes first, e.g. with `H264Settings.validate()`).
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0,
                     "YUV420Frame size \(width)x\(height) must be positive and even")
        self.width = width
        self.height = height
        y = [UInt8](repeating: 16, count: width * height)
        u = [UInt8](repeating: 128, count: (width / 2) * (height / 2))
        v = u
    }

    /// Throws `VideoError.invalidInput` when a plane no longer has its size
    /// (the arrays are public and could have been replaced).
    func validate() throws(VideoError) {
        let c = chromaWidth * chromaHeight
        guard y.count == width * height, u.count == c, v.count == c else {
            throw .invalidInput("YUV420Frame \(width)x\(height) has planes of \(y.count)/\(u.count)/\(v.count) bytes, needs \(width * height)/\(c)/\(c)")
        }
    }
}
