import json
import os
import tempfile
import unittest
import zipfile

from lottie_compare import corpus


class CorpusTests(unittest.TestCase):
    def test_frames_spread_evenly_from_the_in_point(self):
        self.assertEqual(corpus.frames_to_compare(0, 179), [0, 35, 71, 107, 143])
        self.assertEqual(corpus.frames_to_compare(48, 119.5), [0, 14, 28, 42, 56])   # n = floor(71.5) = 71
        self.assertEqual(corpus.frames_to_compare(0, 180, 3), [0, 60, 120])
        self.assertEqual(corpus.frames_to_compare(0, 3), [0, 1, 2])      # deduplicated: 0, 0, 1, 1, 2
        self.assertEqual(corpus.frames_to_compare(0, 1), [0])
        self.assertEqual(corpus.frames_to_compare(0, 0.5), [0])

    def test_fit_keeps_the_aspect(self):
        self.assertEqual(corpus.fit_size(375, 667, 512), (288, 512))
        self.assertEqual(corpus.fit_size(1920, 1080, 512), (512, 288))
        self.assertEqual(corpus.fit_size(45, 45, 512), (512, 512))
        self.assertEqual(corpus.fit_size(10000, 1, 512), (512, 1))

    def test_canvas_names_the_bad_field(self):
        self.assertEqual(corpus.canvas({"w": 10, "h": 20, "ip": 0, "op": 5.5, "fr": 30}), (10, 20, 0, 5.5, 30))
        with self.assertRaisesRegex(ValueError, "^op:"):
            corpus.canvas({"w": 10, "h": 20, "ip": 0, "op": "5", "fr": 30})
        with self.assertRaisesRegex(ValueError, "op > ip"):
            corpus.canvas({"w": 10, "h": 20, "ip": 5, "op": 5, "fr": 30})
        with self.assertRaisesRegex(ValueError, "^w:"):
            corpus.canvas([1, 2])

    def test_find_corpus_from_the_environment_then_beside_the_repository(self):
        with tempfile.TemporaryDirectory() as top:
            repo = os.path.join(top, "repo")
            os.makedirs(repo)
            self.assertIsNone(corpus.find_corpus(repo, environ={}))
            samples = os.path.join(top, "data", "lottie", "samples")
            os.makedirs(samples)
            self.assertEqual(corpus.find_corpus(repo, environ={}), samples)
            self.assertEqual(corpus.find_corpus(repo, environ={"ANIMEXPORT_LOTTIE_CORPUS": top}), top)
            self.assertEqual(corpus.find_corpus(repo, environ={"ANIMEXPORT_LOTTIE_CORPUS": top + "/none"}), samples)

    def test_lists_lottie_files_recursively_sorted(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "b"))
            for name in ("z.json", "b/a.lottie", "a.JSON", "notes.txt", "b/c.lot"):
                open(os.path.join(d, name), "w").close()
            self.assertEqual(corpus.list_files(d), ["a.JSON", "b/a.lottie", "b/c.lot", "z.json"])

    def test_reads_the_first_animation_of_a_dotlottie(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.lottie")
            with zipfile.ZipFile(path, "w") as z:
                z.writestr("manifest.json", "{}")
                z.writestr("animations/b.json", json.dumps({"w": 2}))
                z.writestr("animations/a.json", json.dumps({"w": 1}))
            self.assertEqual(corpus.read_animation_json(path), {"w": 1})
            empty = os.path.join(d, "empty.lottie")
            with zipfile.ZipFile(empty, "w") as z:
                z.writestr("manifest.json", "{}")
            with self.assertRaisesRegex(ValueError, "no animations"):
                corpus.read_animation_json(empty)
            v2 = os.path.join(d, "v2.lottie")
            with zipfile.ZipFile(v2, "w") as z:
                z.writestr("manifest.json", "{}")
                z.writestr("a/Main Scene.json", json.dumps({"w": 3}))
            self.assertEqual(corpus.read_animation_json(v2), {"w": 3})


if __name__ == "__main__":
    unittest.main()
