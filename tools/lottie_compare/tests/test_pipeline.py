import contextlib
import csv
import json
import io
import os
import stat
import sys
import tempfile
import unittest

from PIL import Image

from lottie_compare import __main__ as tool
from lottie_compare import cdp, peers, sheet
from lottie_compare.tests import samples

TOOLS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FakeWeb:
    """A test double of lottieweb.Renderer: ThorVG's frames stand in for lottie-web's, except
    for files named web-fails*, which it refuses as lottie-web's loader would."""
    made = 0

    def __init__(self):
        FakeWeb.made += 1

    def render(self, path, width, height, frames):
        if os.path.basename(path).startswith("web-fails"):
            raise cdp.ProtocolError("lottie-web: TypeError: cannot read properties of undefined")
        return peers.render_thorvg(path, width, height, frames)

    def close(self):
        pass


class PipelineTests(unittest.TestCase):
    """The whole run over a corpus written here, with test doubles of animexport
    (tests/fake_ours.py: agrees, differs, warns or refuses by file name) and of lottie-web
    (FakeWeb), so no Chromium is needed."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        d = cls.dir.name
        corpus = os.path.join(d, "corpus")
        os.makedirs(os.path.join(corpus, "sub"))
        for name in ("agree.json", "sub/differ.json", "warn.json", "refuse.json", "web-fails.json"):
            samples.write(os.path.join(corpus, name), samples.square(ip=0, op=20, size=64))
        masked = samples.square(ip=0, op=20, size=64)
        corners = [[-40, -40], [40, -40], [40, 40], [-40, 40]]       # covers the layer: the mask hides nothing
        masked["layers"][0]["masksProperties"] = [{"mode": "a", "inv": False, "o": {"a": 0, "k": 100}, "pt": {
            "a": 0, "k": {"c": True, "v": corners, "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}}}]
        samples.write(os.path.join(corpus, "sub/differ-masks.json"), masked)
        with open(os.path.join(corpus, "broken.json"), "w") as f:
            f.write("{")
        ours = os.path.join(d, "animexport")
        with open(ours, "w") as f:
            f.write(f"#!/bin/sh\nPYTHONPATH={TOOLS} exec {sys.executable} -m lottie_compare.tests.fake_ours \"$@\"\n")
        os.chmod(ours, stat.S_IRWXU)
        cls.out = os.path.join(d, "report")
        with contextlib.redirect_stdout(io.StringIO()) as cls.printed:
            cls.status = tool.main(["--ours", ours, "--corpus", corpus, "--out", cls.out, "--box", "32",
                                    "--jobs", "2", "--frames", "3"], web_factory=FakeWeb)
        with open(os.path.join(cls.out, "report.csv")) as f:
            cls.rows = {row["file"]: row for row in csv.DictReader(f)}
        with open(os.path.join(cls.out, "report.md")) as f:
            cls.markdown = f.read()
        with open(os.path.join(cls.out, "report.json")) as f:
            cls.json = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_every_file_is_a_row_worst_first(self):
        self.assertEqual(self.status, 0)
        self.assertEqual(set(self.rows), {"agree.json", "sub/differ.json", "sub/differ-masks.json", "warn.json",
                                          "refuse.json", "web-fails.json", "broken.json"})
        ranked = sorted((r for r in self.rows.values() if r["rank"]), key=lambda r: int(r["rank"]))
        self.assertEqual([r["file"] for r in ranked],
                         ["sub/differ-masks.json", "sub/differ.json", "agree.json", "warn.json"])
        self.assertEqual(FakeWeb.made, 2)      # one lottie-web per job, reused file after file

    def test_figures_against_lottie_web(self):
        differ, agree = self.rows["sub/differ.json"], self.rows["agree.json"]
        self.assertEqual(float(differ["off % vs lottie-web"]), 100.0)    # the square fills the canvas
        self.assertEqual(float(differ["near % vs lottie-web"]), 100.0)
        self.assertEqual(differ["ours agrees"], "no")
        self.assertEqual(differ["ThorVG agrees"], "yes")    # the double draws ThorVG's frames
        self.assertEqual(float(agree["off % vs lottie-web"]), 0.0)
        self.assertEqual(float(agree["near % vs lottie-web"]), 0.0)
        self.assertEqual(agree["ours agrees"], "yes")
        self.assertEqual(agree["size"], "32x32")
        self.assertEqual(agree["worst frame"], "0")   # all frames equal: the first of the tie
        self.assertEqual(agree["features"], "shape-only")
        self.assertEqual(self.rows["sub/differ-masks.json"]["features"], "masks")

    def test_refusals_and_warnings_are_listed_with_the_reason(self):
        self.assertIn("layers[0].ks: expected an object", self.rows["refuse.json"]["ours"])
        self.assertTrue(self.rows["refuse.json"]["ours"].startswith("ours refused: info: exit 2"))
        self.assertIn("masks (layers[0] \"A\")", self.rows["warn.json"]["ours"])
        self.assertTrue(self.rows["broken.json"]["ours"].startswith("unreadable:"))
        self.assertNotEqual(self.rows["broken.json"]["ThorVG"], "ok")
        self.assertEqual(self.rows["web-fails.json"]["lottie-web"], "lottie-web: TypeError: cannot read properties of undefined")
        self.assertIn("web-fails.json: lottie-web: TypeError", self.markdown)

    def test_agreement_figures(self):
        # clean: agree, differ, differ-masks, web-fails (4 of 7). lottie-web drew 5 of 7 (not broken,
        # not web-fails); ours agrees on agree and warn (2 of 5:
        # differ and differ-masks draw nothing, refuse is refused), ThorVG on all 5 (it is the double)
        self.assertIn("clean (ours rendered, no unsupported warning): 4/7 (57.1 %)", self.markdown)
        self.assertIn("lottie-web drew 5/7 (71.4 %) of the files", self.markdown)
        self.assertIn("ours agrees with lottie-web on 2/5 (40.0 %) of those files, 6/15 (40.0 %) of their frames",
                      self.markdown)
        self.assertIn("ThorVG agrees with lottie-web on 5/5 (100.0 %)", self.printed.getvalue())

    def test_per_feature_table(self):
        rows = {r["feature"]: r for r in self.json["features"]}
        self.assertEqual(set(rows), {"all files", "masks", "shape-only"})
        self.assertEqual((rows["masks"]["files"], rows["masks"]["ours files agree"], rows["masks"]["ThorVG files agree"]),
                         (1, 0, 1))
        self.assertEqual((rows["shape-only"]["files"], rows["shape-only"]["ours files agree"],
                          rows["shape-only"]["ours frames agree"], rows["shape-only"]["frames"]), (4, 2, 6, 12))
        self.assertIn("| masks | 1 | 0 (0.0 %) | 1 (100.0 %) | 1 (100.0 %) | 0.0 % | 100.0 % | 100.0 % |", self.markdown)
        frames = {f["file"]: f["frames"] for f in self.json["files"]}
        self.assertEqual([f["frame"] for f in frames["agree.json"]], [0, 6, 13])   # n = 20, k = 3
        self.assertEqual(frames["agree.json"][0]["ours vs lottie-web"], {"psnr": 99.0, "off": 0.0, "near": 0.0})

    def test_contact_sheet_has_a_row_per_compared_file(self):
        image = Image.open(os.path.join(self.out, "sheet.png"))
        self.assertEqual(image.width, 5 * sheet.TILE + 6 * sheet.GAP)
        self.assertEqual(image.height, 24 + 4 * (sheet.LABEL + sheet.TILE + sheet.GAP) + sheet.GAP)
        # the difference tile of the first row (differ-masks.json) is hot (red) at its centre
        x = sheet.GAP + 4 * (sheet.TILE + sheet.GAP) + sheet.TILE // 2
        y = 24 + sheet.LABEL + sheet.TILE // 2
        r, g, b = image.convert("RGB").getpixel((x, y))
        self.assertGreater(r, 150)
        self.assertEqual(b, 0)


if __name__ == "__main__":
    unittest.main()
