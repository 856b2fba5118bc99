import unittest

from lottie_compare import features
from lottie_compare.tests import samples


def layer(**extra):
    base = samples.square()["layers"][0]
    return dict(base, **extra)


class FeatureTests(unittest.TestCase):
    """Each feature is found where the format puts it: root layers, precomposition assets,
    nested groups and glyphs; a file with none of them is shape-only."""

    def doc(self, layers, **extra):
        return dict(samples.square(), layers=layers, **extra)

    def test_a_plain_shape_file_is_shape_only(self):
        self.assertEqual(features.classify(samples.square()), ["shape-only"])

    def test_layer_features(self):
        self.assertEqual(features.classify(self.doc([layer(masksProperties=[{"mode": "a"}])])), ["masks"])
        self.assertEqual(features.classify(self.doc([layer(masksProperties=[])])), ["shape-only"])
        self.assertEqual(features.classify(self.doc([layer(tt=1), layer(td=1)])), ["mattes"])
        self.assertEqual(features.classify(self.doc([layer(tp=3)])), ["mattes"])
        self.assertEqual(features.classify(self.doc([layer(ty=5)])), ["text"])
        self.assertEqual(features.classify(self.doc([layer(ty=2)])), ["images"])
        self.assertEqual(features.classify(self.doc([layer(ef=[{"ty": 29}])])), ["effects"])
        self.assertEqual(features.classify(self.doc([layer(sy=[{"ty": 1}])])), ["layer styles"])
        self.assertEqual(features.classify(self.doc([layer(bm=3)])), ["blend modes"])
        self.assertEqual(features.classify(self.doc([layer(bm=0, ddd=0)])), ["shape-only"])
        self.assertEqual(features.classify(self.doc([layer(ddd=1)])), ["3D layers"])

    def test_precomposition_layers_count(self):
        doc = self.doc([layer()], assets=[{"id": "c", "layers": [layer(tt=2, masksProperties=[{}])]}])
        self.assertEqual(features.classify(doc), ["masks", "mattes"])

    def test_merge_paths_in_nested_groups_and_glyphs(self):
        nested = layer(shapes=[{"ty": "gr", "it": [{"ty": "gr", "it": [{"ty": "mm", "mm": 4}]}]}])
        self.assertEqual(features.classify(self.doc([nested])), ["merge paths"])
        glyphs = self.doc([layer()], chars=[{"ch": "a", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "mm"}]}]}}])
        self.assertEqual(features.classify(glyphs), ["merge paths"])

    def test_expressions_and_shape_blend_modes(self):
        moving = layer()
        moving["ks"] = dict(moving["ks"], r={"a": 0, "k": 0, "x": "time * 36"})
        self.assertEqual(features.classify(self.doc([moving])), ["expressions"])
        self.assertEqual(features.classify(self.doc([layer(shapes=[{"ty": "fl", "bm": 1}])])), ["blend modes"])
        # a layer's "x" that is no expression (no "k" beside it) is not one
        self.assertEqual(features.classify(self.doc([layer(x="note")])), ["shape-only"])

    def test_several_features_in_a_fixed_order(self):
        doc = self.doc([layer(ty=5, ef=[{}], masksProperties=[{}], tt=1)])
        self.assertEqual(features.classify(doc), ["masks", "mattes", "text", "effects"])

    def test_not_an_object(self):
        self.assertEqual(features.classify([1]), [])


if __name__ == "__main__":
    unittest.main()
