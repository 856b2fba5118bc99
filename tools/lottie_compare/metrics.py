"""How far two renders of one frame are apart.

Both are premultiplied RGBA, 8 bits a channel (a straight-alpha PNG is premultiplied first:
c′ = round(c·a/255)). Comparing premultiplied RGBA compares the composites over every
background at once: over a colour B a pixel shows c′ + B·(1 − a), so two pixels that agree in
c′ and a agree over any B, and a difference over some B shows in c′ or a. (One fixed
background would hide, say, a missing white shape over white.)

  PSNR = 10·log10(255² / MSE), MSE over all four channels of all pixels (∞ when identical,
         reported as 99 dB);
  off  = the share of pixels whose largest channel difference exceeds 8/255 (DIFF_LEVEL).

Why both: PSNR is the usual figure but averages — a missing small shape and a slightly
different edge everywhere can give the same PSNR. `off` counts pixels a viewer would see as
different (8/255 ≈ 3 % is about the smallest step visible on flat colour), ignoring the last
bits where two exact-area rasterizers round coverage differently. The agreement rule uses
`off` (see AGREE_OFF).
"""
import math

import numpy as np

DIFF_LEVEL = 8            # a channel differing by more than this (of 255) counts the pixel as off
AGREE_OFF = 0.01          # a frame agrees when at most 1 % of its pixels are off
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


def compare(a, b):
    """(psnr, off) of two premultiplied renders of the same size."""
    if a.shape != b.shape:
        raise ValueError(f"sizes differ: {a.shape[1]}×{a.shape[0]} and {b.shape[1]}×{b.shape[0]}")
    return psnr(a, b), off_share(a, b)


def agrees(off):
    return off <= AGREE_OFF


def composite(premultiplied, background):
    """Premultiplied RGBA over an opaque (r, g, b): c′ + B·(1 − a), rounded; uint8 H×W×3."""
    p = premultiplied.astype(np.uint32)
    inv = 255 - p[:, :, 3:4]
    bg = np.array(background, dtype=np.uint32).reshape(1, 1, 3)
    return np.minimum(255, p[:, :, :3] + (bg * inv + 127) // 255).astype(np.uint8)
