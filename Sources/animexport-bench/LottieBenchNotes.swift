// What the Lottie bench files use, for the allocation rows' labels (from the files' JSON: layer
// types, `tm` with its mode `m`, masks, mattes, merge paths, expressions). Issue 13's done-when:
// no allocation per frame in steady state for a shape-only file, trim paths included — the rows
// marked "shape-only" are that check.
let lottieBenchNotes: [String: String] = [
    "LottieLogo1.json": "shape-only, trim",
    "TwitterHeart.json": "shape-only, trim",
    "9squares_AlBoardman.json": "shape-only",
    "PinJump.json": "shape-only",
    "Watermelon.json": "shape-only",
    "HamburgerArrow.json": "shape-only, trim",
    "IconTransitions.json": "shape-only, trim",
    "Boat_Loader.json": "precomps, trim",
    "MotionCorpse_Jrcanest.json": "shape-only",
    "Issues/issue_2330.json": "masks, matte, merge, expr.",
]

/// "allocs/frame NAME (notes)" for the allocation row of `name`.
func lottieAllocationLabel(_ name: String, _ label: String) -> String {
    lottieBenchNotes[name].map { "\(label) (\($0))" } ?? label
}
