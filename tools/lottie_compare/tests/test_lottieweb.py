import base64
import json
import os
import tempfile
import unittest
import zipfile

import numpy as np

from lottie_compare import cdp, lottieweb
from lottie_compare.tests import samples

PNG_1x1 = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")


def mulberry32(seed, count):
    """The page's Math.random (lottieweb.SEEDED_RANDOM) written again in Python, for the test."""
    state, out = seed & 0xFFFFFFFF, []
    for _ in range(count):
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        out.append(((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296)
    return out


class PageTests(unittest.TestCase):
    """The page around lottie-web: the library taken from pylottie's lottie.html, the seeded
    Math.random installed before it, images inlined (no Chromium needed)."""

    def test_the_installed_pylottie_holds_lottie_web_5_7_5(self):
        path = lottieweb.find_library()
        self.assertIsNotNone(path, "pylottie is not installed in the venv (make lottie-compare-venv)")
        with open(path, encoding="utf-8") as f:
            js = lottieweb.extract_library(f.read())
        self.assertEqual(lottieweb.library_version(js), "5.7.5")
        self.assertIn("ExpressionManager", js)      # the full build: expressions are evaluated

    def test_extract_takes_the_first_script_and_checks_it(self):
        html = '<html><script>var a = 1; lottie.version="9.9.9";</script><script>other()</script></html>'
        self.assertEqual(lottieweb.extract_library(html), 'var a = 1; lottie.version="9.9.9";')
        self.assertEqual(lottieweb.library_version(lottieweb.extract_library(html)), "9.9.9")
        with self.assertRaisesRegex(ValueError, "not lottie-web"):
            lottieweb.extract_library("<script>alert(1)</script>")

    def test_the_seed_is_installed_before_lottie_web(self):
        page = lottieweb.page_html('LIB; lottie.version="5.7.5";', 4242)
        seed_at, lib_at, driver_at = page.index("window.__seed = 4242 >>> 0"), page.index("LIB;"), page.index("function __load")
        self.assertLess(seed_at, lib_at)     # BMMath.random = Math.random is taken when lottie-web loads
        self.assertLess(lib_at, driver_at)
        self.assertNotEqual(lottieweb.page_html("x", 1), lottieweb.page_html("x", 2))
        with self.assertRaisesRegex(ValueError, "</script>"):
            lottieweb.page_html("a = '</script>'", 1)

    def test_python_mulberry32_reference(self):
        # fixed values of the generator (seed 1): the Chromium test checks the page gives the same
        self.assertEqual(len(set(mulberry32(1, 100))), 100)
        self.assertTrue(all(0 <= v < 1 for v in mulberry32(1, 1000)))
        self.assertAlmostEqual(mulberry32(1, 1)[0], 0.6270739405881613, places=15)

    def test_images_beside_the_file_are_inlined(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "images"))
            with open(os.path.join(d, "images", "a.png"), "wb") as f:
                f.write(PNG_1x1)
            doc = dict(samples.square(), assets=[
                {"id": "i0", "u": "images/", "p": "a.png", "e": 0},
                {"id": "i1", "u": "images/", "p": "missing.png"},
                {"id": "i2", "p": "data:image/png;base64,AAAA", "e": 1},
                {"id": "c0", "layers": []}])
            path = samples.write(os.path.join(d, "anim.json"), doc)
            assets = lottieweb.load_document(path)["assets"]
            self.assertEqual(assets[0]["p"], "data:image/png;base64," + base64.b64encode(PNG_1x1).decode())
            self.assertEqual((assets[0]["e"], assets[0]["u"]), (1, ""))
            # missing: a transparent pixel (Chromium would draw its broken-image icon)
            self.assertEqual(assets[1]["p"], "data:image/png;base64," + base64.b64encode(lottieweb.TRANSPARENT_PNG).decode())
            self.assertEqual(assets[2]["p"], "data:image/png;base64,AAAA")
            self.assertEqual(assets[3], {"id": "c0", "layers": []})

    def test_images_inside_a_dotlottie_are_inlined(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.lottie")
            doc = dict(samples.square(), assets=[{"id": "i0", "u": "/images/", "p": "img_0.png"},
                                                 {"id": "i1", "u": "", "p": "img_0.png", "e": 1}])   # as issue_1945
            with zipfile.ZipFile(path, "w") as z:
                z.writestr("manifest.json", "{}")
                z.writestr("animations/a.json", json.dumps(doc))
                z.writestr("images/img_0.png", PNG_1x1)
            for asset in lottieweb.load_document(path)["assets"]:
                self.assertEqual(asset["p"], "data:image/png;base64," + base64.b64encode(PNG_1x1).decode())

    def test_screenshot_decoding_premultiplies_and_checks_the_size(self):
        from io import BytesIO
        from PIL import Image
        buf = BytesIO()
        Image.fromarray(np.full((2, 3, 4), (255, 0, 0, 128), np.uint8), "RGBA").save(buf, format="PNG")
        image = lottieweb.decode_screenshot(buf.getvalue(), 3, 2)
        self.assertEqual(image.shape, (2, 3, 4))
        self.assertEqual(list(image[1, 2]), [128, 0, 0, 128])
        with self.assertRaisesRegex(cdp.ProtocolError, "asked for 4x2"):
            lottieweb.decode_screenshot(buf.getvalue(), 4, 2)


@unittest.skipUnless(cdp.find_chromium() and lottieweb.find_library(), "needs chromium and pylottie")
class ChromiumTests(unittest.TestCase):
    """lottie-web in a real headless Chromium (a few seconds): the seeded Math.random, frames
    counted from the in-point, premultiplied RGBA at the size asked for, a file lottie-web
    cannot load is an error and the same browser goes on."""

    def test_render(self):
        renderer = lottieweb.Renderer(seed=1)
        self.addCleanup(renderer.close)
        with tempfile.TemporaryDirectory() as d:
            path = samples.write(os.path.join(d, "half.json"), samples.square(ip=10, opacity=50))
            images = renderer.render(path, 20, 20, [0, 5, 15])
            expected = {0: (1, 0, 0), 5: (0, 1, 0), 15: (0, 0, 1)}   # composition frames 10, 15, 25
            for frame, rgb in expected.items():
                self.assertEqual(images[frame].shape, (20, 20, 4))
                centre = [int(v) for v in images[frame][10, 10]]
                self.assertLessEqual(abs(centre[3] - 127.5), 1, f"frame {frame}: {centre}")
                self.assertEqual(centre[:3], [centre[3] if lit else 0 for lit in rgb], f"frame {frame}")
                # the square fills the canvas: every pixel, corners included (no offset, no margin)
                self.assertEqual(int(np.abs(images[frame].astype(int) - images[frame][10, 10]).max()), 0)
            b = renderer.browser
            self.assertEqual(b.evaluate("__reseed(), [Math.random(), Math.random(), Math.random()]"), mulberry32(1, 3))
            # a wiggle expression (random numbers) gives the same frame whatever was drawn before it
            wiggly = samples.square(ip=0, op=20, size=40)
            wiggly["layers"][0]["ks"]["p"]["x"] = "var $bm_rt;\n$bm_rt = wiggle(3, 15);"   # as Bodymovin writes it
            wiggly["layers"][0]["shapes"][0]["s"]["k"] = [10, 10]
            wpath = samples.write(os.path.join(d, "wiggle.json"), wiggly)
            first = renderer.render(wpath, 40, 40, [7])[7]
            again = renderer.render(wpath, 40, 40, [0, 3, 7])[7]
            self.assertTrue(np.array_equal(first, again))
            bad = samples.write(os.path.join(d, "bad.json"), {"v": "5", "fr": 10, "ip": 0, "op": 5, "w": 8, "h": 8,
                                                              "layers": None})
            with self.assertRaises(cdp.ProtocolError):
                renderer.render(bad, 8, 8, [0])
            self.assertIs(renderer.browser, b)
            self.assertEqual(renderer.render(path, 4, 4, [0])[0][2, 2][3], images[0][10, 10][3])


if __name__ == "__main__":
    unittest.main()
