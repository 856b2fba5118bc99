// The flags every render command takes (a scene, a Lottie file, still, batch outputs through
// their keys): their names, values and help lines. Parsing is Arguments.swift; what each flag
// means is resolved into the plan (Plan/ExportPlan.swift, Plan/Resolvers.swift, MediaOptions.swift).

/// The flags shared by every render command.
let renderFlags: [FlagSpec] = [
    FlagSpec("--preset", value: "NAME|FILE", help: "preset name (see 'animexport list') or a preset .json file"),
    FlagSpec("--seconds", value: "S", help: "clip length in seconds; frames = round(S × fps)"),
    FlagSpec("--frames", value: "N", help: "clip length in frames (instead of --seconds)"),
    FlagSpec("--loops", value: "N", help: "N whole seamless loops: N × period × fps frames, which must be whole (see Loops below)"),
    FlagSpec("--start", value: "T", help: "animation time of the first frame, seconds (default 0; with --loops the loop's own start)"),
    FlagSpec("--end", value: "T", help: "animation time the clip ends at, seconds (exclusive; instead of --seconds/--frames/--loops)"),
    FlagSpec("--fps", value: "F", help: "frame rate: integer or num/den such as 30000/1001 (default 60)"),
    FlagSpec("--scale", value: "K", help: "pixels per point (default 2)"),
    FlagSpec("--size", value: "WxH", help: "output size in pixels; the canvas is fitted and centred"),
    FlagSpec("--background", value: "COLOR", help: "background: #RRGGBB, or #RRGGBBAA / transparent for PNG stills"),
    FlagSpec("--crf", value: "N", help: "x264 constant rate factor 0–51 (default 18; 0 = lossless, plays badly on Apple devices)"),
    FlagSpec("--x264-preset", value: "P", help: "x264 preset: ultrafast … placebo (default medium)"),
    FlagSpec("--tune", value: "T", help: "x264 tune (default animation; 'none' for no tune)"),
    FlagSpec("--profile", value: "P", help: "H.264 profile: high (default), main, baseline"),
    FlagSpec("--level", value: "L", help: "H.264 level such as 4.2 (default: chosen from size and fps)"),
    FlagSpec("--keyint", value: "N", help: "maximum frames between keyframes"),
    FlagSpec("--bframes", value: "N", help: "number of B-frames 0–16"),
    FlagSpec("--bitrate", value: "BPS", help: "target bitrate in bits/s (instead of crf)"),
    FlagSpec("--maxrate", value: "BPS", help: "VBV maximum bitrate in bits/s (buffer = 2 × maxrate)"),
    FlagSpec("--param", value: "KEY=VALUE", repeatable: true, help: "extra libx264 option; unknown options are an error"),
    FlagSpec("--font", value: "PATH", help: "font file for text (default: the preset's font, found with fontconfig)"),
    FlagSpec("--strict", help: "text warnings (a character no installed font has) are errors"),
    FlagSpec("--output", alias: "-o", value: "OUTPUT", help: "the file to write (instead of the positional OUTPUT)"),
    FlagSpec("-y", alias: "--overwrite", help: "replace OUTPUT if it exists (a regular file, or the file a symlink points to)"),
    FlagSpec("--quiet", alias: "-q", help: "no progress and no summary line (notes and errors still go to stderr)"),
    FlagSpec("--verbose", alias: "-v", help: "show FFmpeg's log"),
    FlagSpec("--json", help: "progress as JSON lines on stdout (start, progress, done)"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
] + mediaFlags + segmentFlags
