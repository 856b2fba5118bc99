"""The contact sheet: one row per file (the worst first), five tiles of its worst frame —
lottie-web | ours | ThorVG | rlottie | difference — each composited over the same mid grey
(BACKGROUND), scaled to fit TILE×TILE, with the file name and figures above the row.

The difference tile is ours against lottie-web: per pixel the largest channel difference d
(premultiplied RGBA); d ≤ 8/255 is drawn dark (the agreement tolerance), above it red to
yellow as d grows, over a faint grey copy of lottie-web's render for orientation.
"""
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import metrics

BACKGROUND = (128, 128, 128)
TILE = 200
GAP = 6
LABEL = 34
COLUMNS = ("lottie-web", "ours", "ThorVG", "rlottie", "difference (ours vs lottie-web)")


def difference_image(ours, peer):
    d = metrics.difference(ours, peer).astype(np.float32)
    ghost = metrics.composite(peer, (0, 0, 0)).astype(np.float32).mean(axis=2, keepdims=True) * 0.25
    out = np.repeat(ghost, 3, axis=2)
    hot = d > metrics.DIFF_LEVEL
    strength = np.clip(d / 128.0, 0, 1)
    out[hot, 0] = 160 + 95 * strength[hot]
    out[hot, 1] = 220 * strength[hot]
    out[hot, 2] = 0
    return np.clip(out, 0, 255).astype(np.uint8)


def _tile(rgb):
    image = Image.fromarray(rgb, "RGB")
    image.thumbnail((TILE, TILE), Image.LANCZOS)
    tile = Image.new("RGB", (TILE, TILE), (40, 40, 40))
    tile.paste(image, ((TILE - image.width) // 2, (TILE - image.height) // 2))
    return tile


def _missing(text):
    tile = Image.new("RGB", (TILE, TILE), (40, 40, 40))
    ImageDraw.Draw(tile).multiline_text((8, 8), _wrap(text, 28), fill=(230, 120, 120), font=_font(12))
    return tile


def _wrap(text, width):
    words, lines, line = text.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > width and line:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    lines.append(line)
    return "\n".join(lines[:10])


def _font(size):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:              # Pillow < 10.1
        return ImageFont.load_default()


def build(entries):
    """entries: [(title, subtitle, lottieweb, ours, thorvg, rlottie)], each image premultiplied
    RGBA or a string saying why it is missing. Returns a PIL image."""
    width = len(COLUMNS) * TILE + (len(COLUMNS) + 1) * GAP
    header = 24
    sheet = Image.new("RGB", (width, header + len(entries) * (LABEL + TILE + GAP) + GAP), (20, 20, 20))
    draw = ImageDraw.Draw(sheet)
    for i, name in enumerate(COLUMNS):
        draw.text((GAP + i * (TILE + GAP), 5), name, fill=(255, 255, 255), font=_font(13))
    y = header
    for title, subtitle, web, ours, thorvg, rlottie in entries:
        draw.text((GAP, y + 2), title, fill=(255, 255, 255), font=_font(13))
        draw.text((GAP, y + 18), subtitle, fill=(190, 190, 190), font=_font(11))
        y += LABEL
        tiles = [_tile(metrics.composite(im, BACKGROUND)) if not isinstance(im, str) else _missing(im)
                 for im in (web, ours, thorvg, rlottie)]
        if isinstance(ours, str) or isinstance(web, str):
            tiles.append(_missing("no difference: one side is missing"))
        else:
            tiles.append(_tile(difference_image(ours, web)))
        for i, tile in enumerate(tiles):
            sheet.paste(tile, (GAP + i * (TILE + GAP), y))
        y += TILE + GAP
    return sheet
