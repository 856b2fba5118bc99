"""lottie-web, the reference: its SVG renderer in headless Chromium, frames as premultiplied RGBA.

lottie-web 5.7.5 comes from PyPI's `pylottie` (`pip install --no-deps pylottie`), whose package
data `pylottie/lottie.html` holds the whole player (the full build, expressions included) in its
first <script>; only that script is used. Our page (PAGE) holds, in this order:

  1. a seeded Math.random (mulberry32, a 32-bit state; reset to the run's seed before each
     frame is drawn), installed before lottie-web loads, since lottie-web keeps its own
     reference to Math.random (BMMath.random) from load time: `random()` in expressions,
     wiggle and lottie-web's own ids then give the same numbers on every run with one seed;
  2. lottie-web;
  3. `__load(data, w, h)`: destroys the previous animation, sizes #root to w×h CSS pixels and
     loads `data` with renderer "svg", autoplay off; resolves once lottie-web says DOMLoaded
     (fonts checked) and its image preloader has every image, or throws lottie-web's error
     (also one thrown later from a timer: the page's error event);
  4. `__frame(f)`: reseeds, `goToAndStop(f, true)` (f counts from the in-point, as
     `animexport still --frame`, ThorVG and rlottie do), then waits two animation frames.

Each file is drawn at its fitted size (corpus.fit_size): the viewport is set to W×H at device
scale 1, the SVG fills #root (lottie-web's default preserveAspectRatio xMidYMid meet fits it;
the SVG is a block: inline, it would sit on a text baseline a few pixels down),
and `Page.captureScreenshot` of that rectangle is taken with the page background made
transparent (Emulation.setDefaultBackgroundColorOverride, alpha 0): a straight-alpha PNG,
premultiplied here like ours (metrics.premultiply). External images (`u` + `p` beside the file,
or inside a dotLottie archive) are inlined as data URLs before loading, so the page needs no
file access and no network.
"""
import base64
import importlib.util
import io
import json
import mimetypes
import os
import posixpath
import re
import tempfile
import zipfile

import numpy as np
from PIL import Image

from . import cdp, corpus, metrics

LOAD_TIMEOUT = 60     # seconds to load one file (lottie-web waits up to 5 s for missing fonts)
FRAME_TIMEOUT = 30    # seconds for one frame and its screenshot
DEFAULT_SEED = 1


def find_library():
    """The path of pylottie's lottie.html, found without importing pylottie (whose __init__
    needs playwright); None when pylottie is not installed."""
    spec = importlib.util.find_spec("pylottie")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], "lottie.html")
    return path if os.path.exists(path) else None


def extract_library(html):
    """The text of the first <script> of pylottie's page: lottie-web itself."""
    match = re.search(r"<script[^>]*>(.*?)</script>", html, re.S)
    if not match or "lottie.version" not in match.group(1):
        raise ValueError("lottie.html: its first <script> is not lottie-web")
    return match.group(1)


def library_version(js):
    match = re.search(r'lottie\.version\s*=\s*"([^"]+)"', js)
    return match.group(1) if match else None


SEEDED_RANDOM = """
window.__seed = %d >>> 0;
window.__state = window.__seed;
window.__reseed = function () { window.__state = window.__seed; };
Math.random = function () {          // mulberry32
  var t = (window.__state = (window.__state + 0x6D2B79F5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
"""

DRIVER = """
var __anim = null, __pending = null;
window.addEventListener('error', function (e) {      // thrown later, in a timer of lottie-web's
  if (__pending) { __pending(new Error('lottie-web: ' + e.message)); __pending = null; }
});
function __load(data, w, h) {
  if (__anim) { try { __anim.destroy(); } catch (e) {} __anim = null; }
  var root = document.getElementById('root');
  root.innerHTML = '';
  root.style.width = w + 'px';
  root.style.height = h + 'px';
  __reseed();
  return new Promise(function (resolve, reject) {
    __pending = reject;
    var failed = function (e) { reject(new Error('lottie-web: ' + (e && e.nativeError ? e.nativeError : e))); };
    // no animationData here: configAnimation would run (and report its errors) before a listener exists
    var anim = lottie.loadAnimation({container: root, renderer: 'svg', loop: false, autoplay: false});
    __anim = anim;
    anim.addEventListener('data_failed', failed);
    anim.addEventListener('error', failed);
    anim.configAnimation(data);
    var waitImages = function () {
      if (anim.imagePreloader && !anim.imagePreloader.loaded()) { setTimeout(waitImages, 20); return; }
      __pending = null;
      resolve(anim.totalFrames);
    };
    if (anim.isLoaded) { waitImages(); } else { anim.addEventListener('DOMLoaded', waitImages); }
  });
}
function __frame(f) {
  __reseed();
  __anim.goToAndStop(f, true);
  return new Promise(function (resolve) {
    requestAnimationFrame(function () { requestAnimationFrame(function () { resolve(true); }); });
  });
}
"""

PAGE = """<!DOCTYPE html>
<html><head><meta charset="UTF-8">
<style>* { margin: 0; padding: 0; } html, body { background: transparent; overflow: hidden; }
#root { position: absolute; left: 0; top: 0; overflow: hidden; line-height: 0; font-size: 0; }
#root > svg { display: block; }</style>
<script>%s</script>
<script>%s</script>
<script>%s</script>
</head><body><div id="root"></div></body></html>
"""


def page_html(library_js, seed):
    # "</script" cannot occur inside an inline script; lottie-web 5.7.5 has none, checked here
    if "</script" in library_js.lower():
        raise ValueError("lottie-web's text contains </script>")
    return PAGE % (SEEDED_RANDOM % seed, library_js, DRIVER)


def _data_url(name, data):
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return f"data:{kind};base64," + base64.b64encode(data).decode("ascii")


# A missing image is drawn as nothing (as ours does, and says): a transparent 1×1 PNG, since
# Chromium would draw its broken-image icon for a file it cannot load.
TRANSPARENT_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNgAAIAAAUAAen63NgAAAAASUVORK5CYII=")


def inline_images(doc, read):
    """Each image asset that names a file (`u` + `p`, `p` not already a data URL; dotLottie
    archives write `e` 1 beside a file name too) gets `p` = a data URL of read(relative path),
    `u` = "" and `e` = 1; when read returns None (no such file) the data URL is of a transparent
    1×1 PNG. Returns doc."""
    for asset in doc.get("assets") or []:
        if not isinstance(asset, dict):
            continue
        p = asset.get("p")
        if not isinstance(p, str) or p.startswith("data:") or "layers" in asset:
            continue
        rel = posixpath.normpath(posixpath.join(str(asset.get("u") or ""), p))
        data = read(rel)
        asset["p"], asset["u"], asset["e"] = _data_url(p if data is not None else "x.png", data or TRANSPARENT_PNG), "", 1
    return doc


def load_document(path):
    """The animation JSON of a file (a dotLottie archive's first animation) with its images inlined."""
    doc = corpus.read_animation_json(path)
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())

            def read(rel):
                for candidate in (rel, posixpath.join("images", posixpath.basename(rel)),
                                  posixpath.join("i", posixpath.basename(rel))):
                    if candidate in names:
                        return z.read(candidate)
                return None
            return inline_images(doc, read)
    folder = os.path.dirname(os.path.abspath(path))

    def read(rel):
        full = os.path.normpath(os.path.join(folder, rel))
        if os.path.isfile(full) and os.path.getsize(full) <= corpus.MAX_JSON_BYTES:
            with open(full, "rb") as f:
                return f.read()
        return None
    return inline_images(doc, read)


def decode_screenshot(png_bytes, width, height):
    image = np.asarray(Image.open(io.BytesIO(png_bytes)).convert("RGBA"))
    if image.shape[:2] != (height, width):
        raise cdp.ProtocolError(f"screenshot is {image.shape[1]}x{image.shape[0]}, asked for {width}x{height}")
    return metrics.premultiply(image)


class Renderer:
    """lottie-web in one Chromium, reused file after file; a time-out or crash kills that
    Chromium, and the next file starts a new one."""

    def __init__(self, library_path=None, seed=DEFAULT_SEED, chromium=None):
        library_path = library_path or find_library()
        if not library_path:
            raise cdp.ProtocolError("pylottie is not installed (make lottie-compare-venv installs it)")
        with open(library_path, encoding="utf-8") as f:
            js = extract_library(f.read())
        self.version = library_version(js)
        self.seed, self.chromium = seed, chromium
        fd, self.page_path = tempfile.mkstemp(prefix="lottie-web-", suffix=".html")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(page_html(js, seed))
        self.browser = None

    def _start(self):
        self.browser = cdp.Browser(self.chromium)
        b = self.browser
        b.call("Page.enable")
        b.call("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
        b.call("Page.navigate", {"url": "file://" + self.page_path})
        ready = b.evaluate("new Promise(function (r) { var c = function () { "
                           "if (typeof lottie !== 'undefined' && typeof __load === 'function') r(lottie.version);"
                           " else setTimeout(c, 20); }; c(); })", timeout=LOAD_TIMEOUT)
        if ready != self.version:
            raise cdp.ProtocolError(f"the page loaded lottie-web {ready}, expected {self.version}")

    def render(self, path, width, height, frames):
        """{frame: premultiplied RGBA H×W×4} of one file; raises with one line on failure."""
        text = json.dumps(load_document(path))
        try:
            if self.browser is None:
                self._start()
            b = self.browser
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            b.evaluate(f"__load({text}, {width}, {height})", timeout=LOAD_TIMEOUT)
            images = {}
            for frame in frames:
                b.evaluate(f"__frame({int(frame)})", timeout=FRAME_TIMEOUT)
                shot = b.call("Page.captureScreenshot", {
                    "format": "png", "fromSurface": True,
                    "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}, timeout=FRAME_TIMEOUT)
                images[frame] = decode_screenshot(base64.b64decode(shot["data"]), width, height)
            return images
        except (cdp.Timeout, cdp.ProtocolError, OSError) as e:
            if isinstance(e, cdp.Timeout) or (self.browser and self.browser.proc.poll() is not None):
                self._stop()
            raise cdp.ProtocolError(str(e) if not isinstance(e, cdp.Timeout) else "timed out") from e

    def _stop(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def close(self):
        self._stop()
        try:
            os.remove(self.page_path)
        except OSError:
            pass
