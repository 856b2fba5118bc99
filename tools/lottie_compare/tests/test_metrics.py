import unittest

import numpy as np

from lottie_compare import metrics


def image(value, shape=(4, 4)):
    return np.full(shape + (4,), value, dtype=np.uint8)


class MetricsTests(unittest.TestCase):
    def test_premultiply_rounds_c_times_a_over_255(self):
        straight = np.array([[[255, 128, 1, 128], [200, 100, 50, 0], [10, 20, 30, 255]]], dtype=np.uint8)
        p = metrics.premultiply(straight)
        self.assertEqual(p[0, 0].tolist(), [128, 64, 1, 128])   # 255·128/255, 128·128/255 = 64.25, 1·128/255 = .502
        self.assertEqual(p[0, 1].tolist(), [0, 0, 0, 0])
        self.assertEqual(p[0, 2].tolist(), [10, 20, 30, 255])

    def test_psnr_of_identical_images_is_the_cap(self):
        self.assertEqual(metrics.psnr(image(7), image(7)), metrics.PSNR_IDENTICAL)

    def test_psnr_of_a_known_error(self):
        # every channel off by 16: MSE 256, PSNR = 10·log10(65025/256) = 24.048 dB
        self.assertAlmostEqual(metrics.psnr(image(0), image(16)), 24.0484, places=3)

    def test_off_counts_pixels_beyond_the_level_only(self):
        a = image(100)
        b = a.copy()
        b[0, 0, 3] = 100 + metrics.DIFF_LEVEL        # exactly the level: not off
        b[1, 1, 0] = 100 + metrics.DIFF_LEVEL + 1    # one past it, in one channel: off
        b[2, 2, 2] = 100 - metrics.DIFF_LEVEL - 1
        self.assertAlmostEqual(metrics.off_share(a, b), 2 / 16)

    def test_compare_refuses_different_sizes(self):
        with self.assertRaises(ValueError):
            metrics.compare(image(0, (4, 4)), image(0, (4, 5)))

    def test_agreement_boundary(self):
        self.assertTrue(metrics.agrees(metrics.AGREE_NEAR))
        self.assertFalse(metrics.agrees(metrics.AGREE_NEAR + 1e-9))

    def test_near_forgives_an_edge_moved_by_one_pixel(self):
        a = np.zeros((20, 20, 4), np.uint8)
        b = a.copy()
        a[5:15, 5:15] = 255          # a square …
        b[5:15, 6:16] = 255          # … and the same one pixel to the right
        self.assertAlmostEqual(metrics.off_share(a, b), 20 / 400)
        self.assertEqual(metrics.near_share(a, b), 0.0)

    def test_near_counts_a_shift_of_two_pixels_and_a_missing_shape(self):
        a = np.zeros((20, 20, 4), np.uint8)
        b = a.copy()
        a[5:15, 5:15] = 255
        b[5:15, 7:17] = 255
        # off: the two columns at each side where one square has no pixel of the other within
        # one pixel (columns 5, 6 and 15, 16 of rows 5–14), less the four corners whose
        # neighbourhood reaches rows 4 or 15 and so spans both values: 40 − 4
        self.assertAlmostEqual(metrics.near_share(a, b), 36 / 400)
        self.assertAlmostEqual(metrics.near_share(a, np.zeros_like(a)), 100 / 400)

    def test_near_sees_a_colour_change_inside_a_shape(self):
        a = np.zeros((10, 10, 4), np.uint8)
        a[:, :] = [200, 0, 0, 255]
        b = a.copy()
        b[2:8, 2:8, 1] = 40          # a 6×6 patch tinted
        # every tinted pixel of B lies outside A's (untinted) neighbourhood range: the 36 of the
        # patch; A's side adds nothing new (its 4×4 interior, inside the patch)
        self.assertAlmostEqual(metrics.near_share(a, b), 36 / 100)

    def test_compare_returns_all_three(self):
        f = metrics.compare(image(0), image(16))
        self.assertEqual((round(f.psnr, 2), f.off, f.near), (24.05, 1.0, 1.0))

    def test_composite_over_a_colour(self):
        p = np.array([[[64, 0, 0, 128], [0, 0, 0, 0], [255, 255, 255, 255]]], dtype=np.uint8)
        c = metrics.composite(p, (100, 200, 50))
        # c′ + B·(255 − a)/255: 64 + 100·127/255 = 113.8, 200·127/255 = 99.6, 50·127/255 = 24.9
        self.assertEqual(c[0, 0].tolist(), [114, 100, 25])
        self.assertEqual(c[0, 1].tolist(), [100, 200, 50])
        self.assertEqual(c[0, 2].tolist(), [255, 255, 255])

    def test_premultiplied_comparison_sees_a_difference_a_single_background_hides(self):
        white_shape = np.zeros((2, 2, 4), np.uint8)
        white_shape[0, 0] = [255, 255, 255, 255]
        empty = np.zeros((2, 2, 4), np.uint8)
        over_white = metrics.off_share(metrics.composite(white_shape, (255, 255, 255)),
                                       metrics.composite(empty, (255, 255, 255)))
        self.assertEqual(over_white, 0.0)
        self.assertEqual(metrics.off_share(white_shape, empty), 0.25)


if __name__ == "__main__":
    unittest.main()
