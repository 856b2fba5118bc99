import contextlib
import io
import json
import os
import tempfile
import unittest

from lottie_compare import bench_thorvg
from lottie_compare.tests import samples


class BenchThorVGTests(unittest.TestCase):
    def test_one_sample_per_frame_and_round_and_a_row_per_file(self):
        with tempfile.TemporaryDirectory() as d:
            samples.write(os.path.join(d, "wide.json"), dict(samples.square(size=40), w=80))
            with open(os.path.join(d, "bad.json"), "w") as f:
                f.write("[]")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                bench_thorvg.main(["--corpus", d, "--size", "64", "--frames", "7", "--rounds", "3", "wide.json", "bad.json", "none.json"])
            rows = [json.loads(line) for line in out.getvalue().splitlines()]
        self.assertEqual([r["file"] for r in rows], ["wide.json", "bad.json", "none.json"])
        self.assertEqual((rows[0]["width"], rows[0]["height"], rows[0]["frames"]), (64, 32, 7))
        self.assertEqual(len(rows[0]["ms"]), 21)
        self.assertTrue(all(ms > 0 for ms in rows[0]["ms"]))
        self.assertIn("error", rows[1])
        self.assertIn("error", rows[2])


if __name__ == "__main__":
    unittest.main()
