"""Which features a Lottie file uses, read from its JSON (not from any renderer's warnings), for
the per-feature agreement table.

Layers are those of the root and of every precomposition asset (`assets[].layers`); shape items
are found anywhere in the document (inside groups `it`, and in text glyphs `chars[].data`).
A file counts in every feature it uses (lottie-spec / lottie-docs names in brackets):

  masks        a layer with a non-empty `masksProperties`
  mattes       a layer with a track matte: `tt` (matte mode), `tp` (matte parent) or `td` (is a matte source)
  merge paths  a shape item `ty` "mm" (also inside glyphs)
  text         a text layer (`ty` 5)
  expressions  a property with an expression: an object holding `k` and a string `x`
  effects      a layer with a non-empty `ef`
  layer styles a layer with a non-empty `sy`
  images       an image layer (`ty` 2)
  blend modes  a layer or a shape item with `bm` other than 0 (normal)
  3D layers    a layer with `ddd` 1
  shape-only   none of the above
"""
FEATURES = ("masks", "mattes", "merge paths", "text", "expressions", "effects", "layer styles", "images",
            "blend modes", "3D layers")
SHAPE_ONLY = "shape-only"
MAX_DEPTH = 200      # nesting depth walked; deeper JSON is not a real animation


def _layers(doc):
    lists = [doc.get("layers")]
    for asset in doc.get("assets") or []:
        if isinstance(asset, dict):
            lists.append(asset.get("layers"))
    for layers in lists:
        for layer in layers or []:
            if isinstance(layer, dict):
                yield layer


def _nonzero(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value != 0


def _layer_features(layer):
    found = set()
    if layer.get("masksProperties"):
        found.add("masks")
    if _nonzero(layer.get("tt")) or layer.get("tp") is not None or _nonzero(layer.get("td")):
        found.add("mattes")
    if layer.get("ty") == 5:
        found.add("text")
    if layer.get("ty") == 2:
        found.add("images")
    if layer.get("ef"):
        found.add("effects")
    if layer.get("sy"):
        found.add("layer styles")
    if _nonzero(layer.get("bm")):
        found.add("blend modes")
    if layer.get("ddd") == 1:
        found.add("3D layers")
    return found


def _walk(node, found, depth=0):
    """Shape items and expressions anywhere in the document."""
    if depth > MAX_DEPTH:
        return
    if isinstance(node, dict):
        ty = node.get("ty")
        if ty == "mm":
            found.add("merge paths")
        if isinstance(ty, str) and _nonzero(node.get("bm")):
            found.add("blend modes")
        if isinstance(node.get("x"), str) and "k" in node:
            found.add("expressions")
        for value in node.values():
            if isinstance(value, (dict, list)):
                _walk(value, found, depth + 1)
    elif isinstance(node, list):
        for value in node:
            if isinstance(value, (dict, list)):
                _walk(value, found, depth + 1)


def classify(doc):
    """The features of a decoded animation, in FEATURES order; [SHAPE_ONLY] when it uses none."""
    if not isinstance(doc, dict):
        return []
    found = set()
    for layer in _layers(doc):
        found |= _layer_features(layer)
    _walk(doc, found)
    return [f for f in FEATURES if f in found] or [SHAPE_ONLY]
