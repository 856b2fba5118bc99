#!/usr/bin/env python3
"""Hostile Lottie files for the per-frame work bounds (issue 28), small or at a cap.

    scripts/hostile-lottie.py KIND [N] > out.json

KIND (N the size knob, default in brackets):
  repeaters      two nested repeaters, copies keyframed 1 → N with an easing handle y = 1e6 [40]
                 (the decoder refuses it: the eased copies are over the repeater cap)
  repeaters-cap  two nested repeaters of N constant copies each, a rectangle each copy [316]
                 (N² ≤ 100 000 copies through nested repeaters); L such layers (third
                 argument, 1): `repeaters-cap 316 8` (inside the work cap) would need ≈ 2.2 GB
                 for its display list, over the frame's memory cap
  fills          N rectangles then N fills at 1 % opacity in one layer [1000] (each fill draws
                 all N rectangles: 4 N² vertices drawn from ~6 N items)
  blurs          a precomposition holding one blurred full-canvas layer, shown N times [65]
                 (64 coverage passes each: over the 4 096 from N = 65)
  masks          a precomposition holding one full-canvas layer with 128 masks, shown N
                 times in the root [33] (33 × 128 = 4 224 coverage passes, over 4 096)
  mattes         N full-canvas layers, each matted by the full-canvas layer above it [2048]
  merge-vertices a subtract merge of N ellipses of radius R (third argument, 1000; a repeater's
                 copies, 40 pt apart) from a disc [2000] (over the 500 000-vertex cap of one
                 boolean operation; `merge-vertices 50 1000000` is over it with 50 copies)
  crossing       a self-crossing star polygon {N/⌊N/2⌋−1} merged (add) with a rectangle [3000]
                 (every edge crosses nearly every other: the crossings are quadratic)
  spokes         N thin 1000 × 2 rectangles through the centre, turned 180°/N apart (a repeater),
                 merged (add) with a rectangle [1000] (every pair crosses: ~2 N² crossings)
  frame-work     a precomposition with one path of 9 994 vertices, shown N times at 50 %
                 opacity [399] (N · (9 994 + 5) + N ≈ 3 990 000, under the 4 000 000 work cap)
  dashes         N layers, each a stroke with dash [D, D] (third argument, 0.0001) on a 1000-pt
                 circle [1] (one alone over the frame's 1 000 000 dashes: drawn undashed, a
                 warning; `dashes 40 0.0032` is 40 strokes of ~491 000 dashes each)
  overdraw       two nested repeaters of N copies each of a full-canvas rectangle at 1 % opacity
                 [100] (N² passes over the frame, 4 N² + … work: inside the work cap up to
                 N = 316; over the paint cap of 4 096 frames from N = 65 — an error)
  fps            a 100 × 100 pt, 1000 fps file of 250 frames (legal for Lottie; the output
                 defaults to 240 fps: 60 frames)
  long-name      a layer named with N characters [10 000 000] and a repeater over the cap

Canvas 1080 × 1080 pt unless said. Keep only small outputs in the repository.
"""
import json
import math
import sys

W = H = 1080


def doc(layers, assets=(), fr=30, op=2, w=W, h=H):
    return {"v": "5.7.4", "fr": fr, "ip": 0, "op": op, "w": w, "h": h, "assets": list(assets), "layers": layers}


def static(v):
    return {"a": 0, "k": v}


def rect_path(x0, y0, x1, y1):
    return {"c": True, "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}


def shape_layer(shapes, ind=1, name="shapes", **extra):
    layer = {"ty": 4, "ind": ind, "nm": name, "ip": 0, "op": 1000, "st": 0, "ks": {}, "shapes": shapes}
    layer.update(extra)
    return layer


def fill(r=1, g=0, b=0):
    return {"ty": "fl", "c": static([r, g, b, 1]), "o": static(100)}


def repeater(copies, dx=3.0, dy=0.0):
    return {"ty": "rp", "c": copies, "o": static(0), "m": 1,
            "tr": {"p": static([dx, dy]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
                   "so": static(100), "eo": static(100)}}


def eased_copies(n):
    return {"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": [0.5], "y": [1e6]}, "i": {"x": [0.5], "y": [1]}},
                          {"t": 2, "s": [n]}]}


def kind_repeaters(n):
    inner = {"ty": "gr", "it": [{"ty": "rc", "p": static([5, 5]), "s": static([4, 4]), "r": static(0)}, fill(),
                                repeater(eased_copies(n), 3, 0), {"ty": "tr"}]}
    return doc([shape_layer([inner, repeater(eased_copies(n), 0, 3)])])


def kind_repeaters_cap(n):
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    inner = {"ty": "gr", "it": [{"ty": "rc", "p": static([2, 2]), "s": static([3, 3]), "r": static(0)}, fill(),
                                repeater(static(n), 3.4, 0), {"ty": "tr"}]}
    return doc([shape_layer([inner, repeater(static(n), 0, 3.4)], ind=i + 1, name="copies %d" % i) for i in range(count)])


def kind_fills(n):
    rects = [{"ty": "rc", "p": static([W / 2, H / 2]), "s": static([W - i % 500, H - i % 500]), "r": static(0)} for i in range(n)]
    styles = [{"ty": "fl", "c": static([1, 0, 0, 1]), "o": static(1)} for _ in range(n)]
    return doc([shape_layer(rects + styles, name="fills")])


def kind_blurs(n):
    blur = {"ty": 29, "nm": "Blur", "en": 1, "ef": [{"ty": 0, "nm": "Blurriness", "v": static(20)}]}
    inner = shape_layer([{"ty": "rc", "p": static([W / 2, H / 2]), "s": static([W, H]), "r": static(0)}, fill()],
                        name="blurred", ef=[blur])
    asset = {"id": "b", "w": W, "h": H, "layers": [inner]}
    layers = [{"ty": 0, "ind": i + 1, "refId": "b", "w": W, "h": H, "ip": 0, "op": 1000, "st": 0, "ks": {}}
              for i in range(n)]
    return doc(layers, assets=[asset])


def mask(k):
    # Alternating add / subtract of the full canvas, slightly inset each time.
    e = k % 7
    return {"mode": "a" if k % 2 == 0 else "s", "inv": False, "o": static(100), "x": static(0),
            "pt": static(rect_path(e, e, W - e, H - e))}


def kind_masks(n):
    inner = shape_layer([{"ty": "rc", "p": static([W / 2, H / 2]), "s": static([W, H]), "r": static(0)}, fill()],
                        hasMask=True, masksProperties=[mask(k) for k in range(128)])
    asset = {"id": "m", "w": W, "h": H, "layers": [inner]}
    layers = [{"ty": 0, "ind": i + 1, "refId": "m", "w": W, "h": H, "ip": 0, "op": 1000, "st": 0, "ks": {}}
              for i in range(n)]
    return doc(layers, assets=[asset])


def kind_mattes(n):
    layers = []
    for i in range(n):
        extra = {"tt": 1} if i % 2 == 1 else {"td": 1}
        layers.append(shape_layer([{"ty": "rc", "p": static([W / 2, H / 2]), "s": static([W - i % 5, H]), "r": static(0)},
                                   fill(i % 2, 0.5, 0)], ind=i + 1, name="l%d" % i, **extra))
    return doc(layers)


def ellipse(x, y, r):
    return {"ty": "el", "p": static([x, y]), "s": static([2 * r, 2 * r])}


def kind_merge_vertices(n):
    r = float(sys.argv[3]) if len(sys.argv) > 3 else 1000
    shapes = [ellipse(0, 0, r), repeater(static(n), 40, 20),
              ellipse(540, 540, 500), {"ty": "mm", "mm": 3}, fill()]
    return doc([shape_layer(shapes)])


def star_path(n, r=500.0, c=540.0):
    step = n // 2 - 1
    while math.gcd(n, step) != 1:
        step -= 1
    pts = [[round(c + r * math.cos(2 * math.pi * k * step / n), 3), round(c + r * math.sin(2 * math.pi * k * step / n), 3)]
           for k in range(n)]
    return {"c": True, "v": pts, "i": [[0, 0]] * n, "o": [[0, 0]] * n}


def kind_crossing(n):
    shapes = [{"ty": "rc", "p": static([540, 540]), "s": static([200, 200]), "r": static(0)},
              {"ty": "sh", "ks": static(star_path(n))}, {"ty": "mm", "mm": 2}, fill()]
    return doc([shape_layer(shapes)])


def kind_spokes(n):
    rp = repeater(static(n), 0, 0)
    rp["tr"]["a"] = static([540, 540])
    rp["tr"]["r"] = static(180 / n)
    shapes = [{"ty": "rc", "p": static([540, 540]), "s": static([1000, 2]), "r": static(0)}, rp,
              {"ty": "rc", "p": static([540, 540]), "s": static([100, 100]), "r": static(0)}, {"ty": "mm", "mm": 2}, fill()]
    return doc([shape_layer(shapes)])


def kind_frame_work(n, v=9_994):
    path = {"c": True, "v": [[round(540 + 500 * math.cos(2 * math.pi * k / v), 2), round(540 + 500 * math.sin(2 * math.pi * k / v), 2)]
                             for k in range(v)], "i": [[0, 0]] * v, "o": [[0, 0]] * v}
    asset = {"id": "p", "w": W, "h": H, "layers": [shape_layer([{"ty": "sh", "ks": static(path)}, fill(0, 0, 1)])]}
    layers = [{"ty": 0, "ind": i + 1, "refId": "p", "w": W, "h": H, "ip": 0, "op": 1000, "st": 0, "ks": {"o": static(50)}}
              for i in range(n)]
    return doc(layers, assets=[asset])


def kind_dashes(n):
    d = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0001
    stroke = {"ty": "st", "c": static([0, 0, 0, 1]), "o": static(100), "w": static(2), "lc": 1, "lj": 1,
              "d": [{"n": "d", "v": static(d)}, {"n": "g", "v": static(d)}]}
    return doc([shape_layer([ellipse(540, 540, 500), stroke], ind=i + 1, name="ring %d" % i) for i in range(n)])


def kind_overdraw(n):
    inner = {"ty": "gr", "it": [{"ty": "rc", "p": static([W / 2, H / 2]), "s": static([W, H]), "r": static(0)},
                                {"ty": "fl", "c": static([1, 0, 0, 1]), "o": static(1)}, repeater(static(n), 0, 0), {"ty": "tr"}]}
    return doc([shape_layer([inner, repeater(static(n), 0, 0)], name="overdraw")])


def kind_fps(_):
    return doc([shape_layer([ellipse(50, 50, 30), fill()])], fr=1000, op=250, w=100, h=100)


def kind_long_name(n):
    layer = shape_layer([ellipse(50, 50, 10), repeater(static(5000)), fill()], name="x" * n)
    return doc([layer], w=100, h=100)


KINDS = {"repeaters": (kind_repeaters, 40), "repeaters-cap": (kind_repeaters_cap, 316), "masks": (kind_masks, 33),
         "mattes": (kind_mattes, 2048), "merge-vertices": (kind_merge_vertices, 2000), "crossing": (kind_crossing, 3000),
         "spokes": (kind_spokes, 1000), "frame-work": (kind_frame_work, 399), "dashes": (kind_dashes, 1), "overdraw": (kind_overdraw, 100), "fps": (kind_fps, 0),
         "long-name": (kind_long_name, 10_000_000),
         "fills": (kind_fills, 1000), "blurs": (kind_blurs, 65)}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    make, default = KINDS[sys.argv[1]]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else default
    json.dump(make(n), sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
