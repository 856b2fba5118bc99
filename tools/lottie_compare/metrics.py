"""How far two renders of one frame are apart.

Both are premultiplied RGBA, 8 bits a channel (a straight-alpha PNG is premultiplied first:
c′ = round(c·a/255)). Comparing premultiplied RGBA compares the composites over every
background at once: over a colour B a pixel shows c′ + B·(1 − a), so two pixels that agree in
c′ and a agree over any B, and a difference over some B shows in c′ or a. (One fixed
background would hide, say, a missing white shape over white.)

  PSNR = 10·log10(255² / MSE), MSE over all four channels of all pixels (∞ when identical,
         reported as 99 dB);
  off  = the share of pixels whose largest channel difference exceeds 8/255 (DIFF_LEVEL).

  near = the share of pixels off even allowing a one-pixel shift: a pixel of A is off when a
         channel lies more than 8/255 outside the [min, max] of that channel over the 3×3
         neighbourhood of the same pixel in B, or the same with A and B swapped.

Why these: PSNR is the usual figure but averages — a missing small shape and a slightly
different edge everywhere can give the same PSNR. `off` counts pixels a viewer would see as
different (8/255 ≈ 3 % is about the smallest step visible on flat colour), ignoring the last
bits where two rasterizers round colours differently. But two correct renderers still differ
at nearly every edge pixel when their curve flattening or sample positions differ by a
fraction of a pixel (ThorVG and rlottie: 0.2–0.8 % of a 512-pixel frame for the single-shape
TypeFace files); `near` forgives exactly that and still counts a missing, misplaced,
miscoloured or wrongly sized shape by its whole area. The agreement rule uses `near`
(AGREE_NEAR); `off` and PSNR stay in the table.
"""
import math
from typing import NamedTuple

import numpy as np

DIFF_LEVEL = 8            # a channel differing by more than this (of 255) counts the pixel as off
AGREE_NEAR = 0.01         # a frame agrees when at most 1 % of its pixels are off allowing a 1-pixel shift
PSNR_IDENTICAL = 99.0


def premultiply(rgba):
    """Straight-alpha uint8 H×W×4 → premultiplied (round half up, as c·a/255)."""
    rgba = rgba.astype(np.uint32)
    a = rgba[:, :, 3:4]
    rgb = (rgba[:, :, :3] * a + 127) // 255
    return np.concatenate([rgb, a], axis=2).astype(np.uint8)


def psnr(a, b):
    d = a.astype(np.int32) - b.astype(np.int32)
    mse = float(np.mean(d * d))
    if mse == 0:
        return PSNR_IDENTICAL
    return min(PSNR_IDENTICAL, 10 * math.log10(255 * 255 / mse))


def difference(a, b):
    """Per pixel, the largest channel difference (uint8 H×W)."""
    return np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2).astype(np.uint8)


def off_share(a, b, level=DIFF_LEVEL):
    return float(np.mean(difference(a, b) > level))


def _neighbourhood(image):
    """Per channel, the min and max over each pixel's 3×3 neighbourhood (edges replicated)."""
    padded = np.pad(image, ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = image.shape[:2]
    shifts = [padded[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)]
    return np.minimum.reduce(shifts), np.maximum.reduce(shifts)


def _outside(a, b, level):
    lo, hi = _neighbourhood(b)
    a = a.astype(np.int16)
    distance = np.maximum(lo.astype(np.int16) - a, a - hi.astype(np.int16)).max(axis=2)
    return distance > level


def near_share(a, b, level=DIFF_LEVEL):
    return float(np.mean(_outside(a, b, level) | _outside(b, a, level)))


class Figures(NamedTuple):
    psnr: float
    off: float
    near: float

    def severity(self):
        """Sort key: larger is worse (near, then off, then lower PSNR)."""
        return (self.near, self.off, -self.psnr)


def compare(a, b):
    """Figures(psnr, off, near) of two premultiplied renders of the same size."""
    if a.shape != b.shape:
        raise ValueError(f"sizes differ: {a.shape[1]}×{a.shape[0]} and {b.shape[1]}×{b.shape[0]}")
    return Figures(psnr(a, b), off_share(a, b), near_share(a, b))


def agrees(near):
    return near <= AGREE_NEAR


def composite(premultiplied, background):
    """Premultiplied RGBA over an opaque (r, g, b): c′ + B·(1 − a), rounded; uint8 H×W×3."""
    p = premultiplied.astype(np.uint32)
    inv = 255 - p[:, :, 3:4]
    bg = np.array(background, dtype=np.uint32).reshape(1, 1, 3)
    return np.minimum(255, p[:, :, :3] + (bg * inv + 127) // 255).astype(np.uint8)
