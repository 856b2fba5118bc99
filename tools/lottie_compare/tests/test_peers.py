import os
import tempfile
import unittest

import numpy as np

from lottie_compare import peers
from lottie_compare.tests import samples


class PeerTests(unittest.TestCase):
    """Both peers render a file written here: frames count from the in-point, pixels come out
    as premultiplied RGBA in R, G, B, A order at the size asked for."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def check(self, name):
        path = samples.write(os.path.join(self.dir.name, "half.json"), samples.square(ip=10, opacity=50))
        out = os.path.join(self.dir.name, "out")
        self.assertEqual(peers.main([name, path, "20", "20", "0,5,15", out]), 0)
        expected = {0: (1, 0, 0), 5: (0, 1, 0), 15: (0, 0, 1)}   # composition frames 10, 15, 25
        for frame, rgb in expected.items():
            image = np.load(os.path.join(out, f"{name}-{frame}.npy"))
            self.assertEqual(image.shape, (20, 20, 4))
            centre = image[10, 10].astype(int)
            # 50 % opacity, premultiplied: each lit channel equals alpha ≈ 127.5 (±3 for rounding)
            self.assertLessEqual(abs(centre[3] - 127.5), 3, f"{name} frame {frame}: {centre}")
            for channel, lit in enumerate(rgb):
                self.assertEqual(centre[channel], centre[3] if lit else 0, f"{name} frame {frame}: {centre}")

    def test_thorvg(self):
        self.check("thorvg")

    def test_rlottie(self):
        self.check("rlottie")

    def test_a_file_thorvg_cannot_load_is_an_error_not_a_crash(self):
        path = os.path.join(self.dir.name, "bad.json")
        with open(path, "w") as f:
            f.write("{not json")
        self.assertEqual(peers.main(["thorvg", path, "8", "8", "0", self.dir.name]), 3)


if __name__ == "__main__":
    unittest.main()
