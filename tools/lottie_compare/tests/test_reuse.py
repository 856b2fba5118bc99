import os
import tempfile
import unittest

import numpy as np

from lottie_compare import __main__ as tool


class ReuseTests(unittest.TestCase):
    """--reuse-references loads a renderer's frames only when every frame asked for is there."""

    def test_cached(self):
        with tempfile.TemporaryDirectory() as d:
            np.save(os.path.join(d, "lottieweb-0.npy"), np.full((2, 2, 4), 7, np.uint8))
            self.assertIsNone(tool.cached(d, "lottieweb", [0], reuse=False))
            self.assertIsNone(tool.cached(d, "lottieweb", [0, 5], reuse=True))     # frame 5 missing
            self.assertIsNone(tool.cached(d, "thorvg", [0], reuse=True))
            images = tool.cached(d, "lottieweb", [0], reuse=True)
            self.assertEqual(list(images), [0])
            self.assertEqual(int(images[0][1, 1, 3]), 7)


if __name__ == "__main__":
    unittest.main()
