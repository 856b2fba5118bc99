// EncoderOptionPolicy.swift — which encoder options a preset or `--param` may set.
//
// Presets are input from whoever committed them, and CI runs them. Several encoder options read
// or write files of their own choosing: x264's `stats` / `passlogfile`, `qpfile`, `dump-yuv`,
// `tcfile-in`, `cqmfile`; x265's `csv`, `analysis-save/-load`, `qpfile`, `zonefile`,
// `lambda-file`, `recon`, `dolby-vision-rpu`; libaom/SVT-AV1's `fgs-table`, `stat-file`,
// two-pass `passlogfile`; and the `*-params` dictionaries smuggle any of them in
// (`x264-params=dump-yuv=/etc/x`). So nothing is refused by a list of bad names: an option
// passes only when it is on the encoder's allow-list — options that change how frames are coded
// and nothing else — and inside `x264-params`, `x264opts`, `x265-params`, `svtav1-params` and
// `aom-params` every `key=value` entry is checked the same way. Anything else is an error that
// names the option and the encoder (`VideoError.invalidSettings`).

public enum EncoderOptionPolicy {
    /// AVCodecContext options every encoder may take (rate control, GOP, threads).
    static let generic: Set<String> = [
        "b", "maxrate", "minrate", "bufsize", "g", "bf", "keyint_min", "refs", "sc_threshold",
        "qmin", "qmax", "qdiff", "qcomp", "qblur", "threads", "i_qfactor", "b_qfactor",
        "i_qoffset", "b_qoffset", "rc_init_occupancy", "me_range", "trellis", "coder",
    ]

    /// Each encoder's own options that only change the coding.
    static let own: [String: Set<String>] = [
        "libx264": ["preset", "tune", "profile", "level", "crf", "crf_max", "qp", "aq-mode", "aq-strength",
                    "psy", "psy-rd", "rc-lookahead", "weightb", "weightp", "mixed-refs", "8x8dct",
                    "fast-pskip", "mbtree", "deblock", "partitions", "direct-pred", "b-bias",
                    "b-pyramid", "b_strategy", "nal-hrd", "aud", "intra-refresh", "bluray-compat",
                    "chromaoffset", "noise_reduction", "forced-idr", "ssim", "slice-max-size",
                    "motion-est", "x264-params", "x264opts", "a53cc", "udu_sei", "cplxblur", "subq",
                    "me_method", "avcintra-class", "coder"],
        "libx265": ["preset", "tune", "profile", "crf", "qp", "forced-idr", "x265-params"],
        "libsvtav1": ["preset", "crf", "qp", "svtav1-params", "tier", "la_depth", "enable-overlays", "tile_rows", "tile_columns"],
        "libaom-av1": ["cpu-used", "crf", "row-mt", "tiles", "tile-columns", "tile-rows", "usage", "lag-in-frames",
                       "aq-mode", "enable-cdef", "enable-restoration", "aom-params", "tune", "still-picture"],
        "libvpx-vp9": ["crf", "deadline", "cpu-used", "row-mt", "lag-in-frames", "auto-alt-ref", "arnr-maxframes",
                       "arnr-strength", "arnr-type", "tile-columns", "tile-rows", "frame-parallel", "aq-mode",
                       "lossless", "tune-content", "enable-tpl", "undershoot-pct", "overshoot-pct", "quality",
                       "speed", "static-thresh", "sharpness", "noise-sensitivity", "corpus-complexity"],
        "prores_ks": ["profile", "bits_per_mb", "quant_mat", "alpha_bits", "vendor", "mbs_per_slice"],
        "libwebp_anim": ["lossless", "quality", "preset", "compression_level", "cr_threshold", "cr_size"],
        "apng": ["pred", "compression_level", "dpi", "dpm"],
        "png": ["pred", "compression_level", "dpi", "dpm"],
        "gif": ["gifflags", "gifimage", "global_palette"],
    ]

    /// Entries allowed inside each `*-params` dictionary (the libraries' own option names).
    static let dictionaries: [String: Set<String>] = [
        "x264-params": x264Keys, "x264opts": x264Keys,
        "x265-params": ["ctu", "min-cu-size", "max-tu-size", "rd", "rdoq-level", "psy-rd", "psy-rdoq", "aq-mode",
                        "aq-strength", "qg-size", "cutree", "no-cutree", "bframes", "b-adapt", "b-pyramid", "ref",
                        "keyint", "min-keyint", "scenecut", "rc-lookahead", "lookahead-slices", "crf", "qp",
                        "vbv-maxrate", "vbv-bufsize", "vbv-init", "bitrate", "deblock", "no-deblock", "sao",
                        "no-sao", "strong-intra-smoothing", "no-strong-intra-smoothing", "weightp", "weightb",
                        "me", "subme", "merange", "rect", "amp", "limit-modes", "limit-refs", "early-skip",
                        "fast-intra", "tskip", "rskip", "tu-intra-depth", "tu-inter-depth", "open-gop",
                        "no-open-gop", "level-idc", "high-tier", "no-high-tier", "repeat-headers", "aud", "hrd",
                        "frame-threads", "pools", "wpp", "no-wpp", "pmode", "pme", "log-level", "info", "no-info",
                        "cbqpoffs", "crqpoffs", "ipratio", "pbratio", "qcomp", "qpstep", "qpmin", "qpmax",
                        "nr-intra", "nr-inter", "selective-sao", "hist-scenecut", "radl", "tune", "preset"],
        "svtav1-params": ["preset", "crf", "qp", "tbr", "mbr", "rc", "keyint", "irefresh-type", "lookahead",
                          "enable-overlays", "scd", "tile-rows", "tile-columns", "film-grain", "film-grain-denoise",
                          "enable-tf", "enable-cdef", "enable-restoration", "enable-dlf", "tune", "level", "tier",
                          "profile", "lp", "pin", "hierarchical-levels", "pred-struct", "buf-sz", "buf-initial-sz",
                          "buf-optimal-sz", "aq-mode", "enable-qm", "qm-min", "qm-max", "fast-decode",
                          "sharpness", "min-qp", "max-qp", "enable-variance-boost", "color-primaries",
                          "transfer-characteristics", "matrix-coefficients", "color-range"],
        "aom-params": ["cpu-used", "end-usage", "cq-level", "min-q", "max-q", "tune", "tile-columns", "tile-rows",
                       "row-mt", "enable-cdef", "enable-restoration", "enable-tpl-model", "kf-max-dist",
                       "kf-min-dist", "lag-in-frames", "sharpness", "aq-mode", "deltaq-mode", "enable-qm",
                       "target-seq-level-idx"],
    ]

    static let x264Keys: Set<String> = [
        "aq-mode", "aq-strength", "bframes", "b-adapt", "b-bias", "b-pyramid", "keyint", "min-keyint", "scenecut",
        "ref", "rc-lookahead", "mbtree", "no-mbtree", "qcomp", "deblock", "no-deblock", "psy-rd", "psy", "no-psy",
        "trellis", "subme", "me", "merange", "partitions", "direct", "weightb", "no-weightb", "weightp", "8x8dct",
        "no-8x8dct", "cabac", "no-cabac", "crf", "crf-max", "qp", "vbv-maxrate", "vbv-bufsize", "vbv-init",
        "bitrate", "nal-hrd", "open-gop", "bluray-compat", "threads", "lookahead-threads", "sliced-threads",
        "sync-lookahead", "slices", "fast-pskip", "no-fast-pskip", "mixed-refs", "no-mixed-refs", "chroma-me",
        "no-chroma-me", "dct-decimate", "no-dct-decimate", "nr", "deadzone-inter", "deadzone-intra", "ipratio",
        "pbratio", "chroma-qp-offset", "qpmin", "qpmax", "qpstep", "cplxblur", "qblur", "intra-refresh",
        "constrained-intra", "aud", "ssim", "psnr", "asm", "no-asm", "fgo", "ratetol", "stitchable", "filler",
        "level", "force-cfr", "aq2-strength",
    ]

    /// Checks `params` (key, value) for `encoder`: every key on the allow-list, and every entry of a
    /// `*-params` dictionary too. Throws naming the first option that is not allowed.
    public static func check(_ params: [(key: String, value: String)], encoder: String) throws(VideoError) {
        let allowed = generic.union(own[encoder] ?? [])
        for (key, value) in params {
            guard allowed.contains(key) else {
                throw .invalidSettings("option '\(key)' is not allowed for \(encoder) (only options that change the coding pass; see README \"Encoder options\")")
            }
            if let inner = dictionaries[key] {
                for entry in value.split(separator: ":", omittingEmptySubsequences: true) {
                    let name = String(entry.split(separator: "=", maxSplits: 1).first ?? "")
                    guard inner.contains(name) else {
                        throw .invalidSettings("option '\(key)' entry '\(name)' is not allowed for \(encoder) (it may read or write files, or is not a coding option)")
                    }
                }
            }
        }
    }
}
