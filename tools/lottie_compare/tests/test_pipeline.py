import contextlib
import csv
import io
import os
import stat
import sys
import tempfile
import unittest

from PIL import Image

from lottie_compare import __main__ as tool
from lottie_compare import sheet
from lottie_compare.tests import samples

TOOLS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class PipelineTests(unittest.TestCase):
    """The whole run over a corpus written here, with a test double of animexport
    (tests/fake_ours.py) that agrees, differs, warns or refuses by file name."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        d = cls.dir.name
        corpus = os.path.join(d, "corpus")
        os.makedirs(os.path.join(corpus, "sub"))
        for name in ("agree.json", "sub/differ.json", "warn.json", "refuse.json"):
            samples.write(os.path.join(corpus, name), samples.square(ip=0, op=20, size=64))
        with open(os.path.join(corpus, "broken.json"), "w") as f:
            f.write("{")
        ours = os.path.join(d, "animexport")
        with open(ours, "w") as f:
            f.write(f"#!/bin/sh\nPYTHONPATH={TOOLS} exec {sys.executable} -m lottie_compare.tests.fake_ours \"$@\"\n")
        os.chmod(ours, stat.S_IRWXU)
        cls.out = os.path.join(d, "report")
        with contextlib.redirect_stdout(io.StringIO()) as cls.printed:
            cls.status = tool.main(["--ours", ours, "--corpus", corpus, "--out", cls.out, "--box", "32",
                                    "--jobs", "2"])
        with open(os.path.join(cls.out, "report.csv")) as f:
            cls.rows = {row["file"]: row for row in csv.DictReader(f)}
        with open(os.path.join(cls.out, "report.md")) as f:
            cls.markdown = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_every_file_is_a_row_worst_first(self):
        self.assertEqual(self.status, 0)
        self.assertEqual(set(self.rows), {"agree.json", "sub/differ.json", "warn.json", "refuse.json", "broken.json"})
        ranked = sorted((r for r in self.rows.values() if r["rank"]), key=lambda r: int(r["rank"]))
        self.assertEqual(ranked[0]["file"], "sub/differ.json")
        self.assertEqual([r["file"] for r in ranked], ["sub/differ.json", "agree.json", "warn.json"])

    def test_figures(self):
        differ, agree = self.rows["sub/differ.json"], self.rows["agree.json"]
        self.assertEqual(float(differ["off % vs ThorVG"]), 100.0)    # the square fills the canvas
        self.assertEqual(differ["agrees"], "no")
        self.assertEqual(float(agree["off % vs ThorVG"]), 0.0)
        self.assertEqual(float(differ["near % vs ThorVG"]), 100.0)
        self.assertEqual(float(agree["near % vs ThorVG"]), 0.0)
        self.assertEqual(agree["agrees"], "yes")
        self.assertEqual(agree["size"], "32x32")
        self.assertEqual(agree["worst frame"], "0")   # all frames equal: the first of the tie

    def test_refusals_and_warnings_are_listed_with_the_reason(self):
        self.assertIn("layers[0].ks: expected an object", self.rows["refuse.json"]["ours"])
        self.assertTrue(self.rows["refuse.json"]["ours"].startswith("ours refused: info: exit 2"))
        self.assertIn("masks (layers[0] \"A\")", self.rows["warn.json"]["ours"])
        self.assertTrue(self.rows["broken.json"]["ours"].startswith("unreadable:"))
        self.assertNotEqual(self.rows["broken.json"]["ThorVG"], "ok")

    def test_coverage_figures(self):
        # clean: agree and differ (2 of 5); of those agreeing with ThorVG: agree (1 of 2)
        self.assertIn("clean (rendered, no unsupported warning): 2/5 (40.0 %)", self.markdown)
        self.assertIn("): 1/2 (50.0 %)", self.markdown)
        self.assertIn("of those, agree with ThorVG", self.printed.getvalue())

    def test_contact_sheet_has_a_row_per_compared_file(self):
        image = Image.open(os.path.join(self.out, "sheet.png"))
        self.assertEqual(image.width, 4 * sheet.TILE + 5 * sheet.GAP)
        self.assertEqual(image.height, 24 + 3 * (sheet.LABEL + sheet.TILE + sheet.GAP) + sheet.GAP)
        # the difference tile of the first row (differ.json) is hot (red) at its centre
        x = sheet.GAP + 3 * (sheet.TILE + sheet.GAP) + sheet.TILE // 2
        y = 24 + sheet.LABEL + sheet.TILE // 2
        r, g, b = image.convert("RGB").getpixel((x, y))
        self.assertGreater(r, 150)
        self.assertEqual(b, 0)


if __name__ == "__main__":
    unittest.main()
