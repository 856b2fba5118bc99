import unittest

from lottie_compare import metrics, report

SAME = metrics.Figures(99.0, 0.0, 0.0)
FAR = metrics.Figures(10.0, 0.5, 0.3)


def result(name, feats, frames):
    """frames: [(ours, thorvg, rlottie, web drew)] figures against lottie-web."""
    r = report.FileResult(file=name, features=feats, ours_clean=True)
    for i, (o, t, rl, web) in enumerate(frames):
        r.figures.append(report.FrameFigures(i, vs_web=o, thorvg_web=t, rlottie_web=rl, web=web))
    return r


class ReportTests(unittest.TestCase):
    """Agreement with lottie-web per file and per frame, per feature, by hand-counted cases."""

    def setUp(self):
        self.results = [
            result("a", ["masks", "text"], [(SAME, SAME, None, True), (SAME, FAR, None, True)]),
            result("b", ["masks"], [(FAR, SAME, SAME, True), (SAME, SAME, SAME, True)]),
            result("c", ["shape-only"], [(SAME, SAME, SAME, True)]),
            result("d", ["shape-only"], [(None, None, None, False)]),          # lottie-web drew nothing
            result("e", ["text"], [(SAME, SAME, SAME, True), (None, None, None, False)]),   # drew one of two
        ]

    def test_a_file_agrees_when_every_frame_does(self):
        a, b, c, d, e = self.results
        self.assertEqual((a.agrees_with_web("vs_web"), a.agrees_with_web("thorvg_web"), a.agrees_with_web("rlottie_web")),
                         (True, False, False))          # rlottie drew nothing: it does not agree
        self.assertEqual(b.agrees_with_web("vs_web"), False)
        self.assertEqual(b.frames_agreeing("vs_web"), 1)
        self.assertIsNone(d.agrees_with_web())
        self.assertIsNone(e.agrees_with_web())          # not every frame drawn by lottie-web
        self.assertEqual(metrics.AGREE_NEAR, 0.01)

    def test_feature_table(self):
        rows = {a.name: a for a in report.feature_table(self.results)}
        self.assertEqual(list(rows), ["all files", "masks", "text", "shape-only"])
        every = rows["all files"]
        self.assertEqual((every.files, every.frames), (3, 5))          # a, b, c
        self.assertEqual(every.files_agree, [2, 2, 2])                  # ours a, c; ThorVG b, c; rlottie b, c
        self.assertEqual(every.frames_agree, [4, 4, 3])
        self.assertEqual((rows["masks"].files, rows["masks"].files_agree, rows["masks"].frames_agree),
                         (2, [1, 1, 1], [3, 3, 2]))
        self.assertEqual((rows["text"].files, rows["text"].files_agree), (1, [1, 0, 0]))
        self.assertIn("| masks | 2 | 1 (50.0 %) | 1 (50.0 %) | 1 (50.0 %) | 75.0 % | 75.0 % | 50.0 % |",
                      report.feature_markdown(report.feature_table(self.results)))

    def test_lottie_web_the_odd_one_out(self):
        # f: ours and ThorVG agree with each other on its one disagreeing frame, ThorVG differs from
        # lottie-web too; g: ours differs from ThorVG there; h: ThorVG agrees with lottie-web.
        def odd(name, vs_thorvg, thorvg_web):
            r = result(name, ["shape-only"], [(SAME, SAME, None, True), (FAR, thorvg_web, None, True)])
            r.figures[1].vs_thorvg = vs_thorvg
            return r
        f, g, h = odd("f", SAME, FAR), odd("g", FAR, FAR), odd("h", SAME, SAME)
        self.assertEqual([r.web_odd_one_out() for r in (f, g, h)], [True, False, False])
        self.assertFalse(self.results[2].web_odd_one_out())         # c agrees: not odd
        self.assertFalse(self.results[3].web_odd_one_out())         # d: lottie-web drew nothing
        cov = report.coverage(self.results + [f, g, h])
        shape = {a.name: a for a in cov.table}["shape-only"]
        self.assertEqual(shape.odd_one_out, ["f"])
        self.assertIn("shape-only: lottie-web the odd one out (ours and ThorVG agree, it differs from both) in 1: f; "
                      "ours agrees with lottie-web or with ThorVG there on 2/4 (50.0 %)", cov.lines())

    def test_worst_first(self):
        self.assertEqual([r.file for r in report.ordered(self.results)], ["b", "a", "c", "e", "d"])


if __name__ == "__main__":
    unittest.main()
