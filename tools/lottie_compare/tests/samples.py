"""Small Lottie files written for the tests (not from the corpus)."""
import json


def square(ip=10, op=30, opacity=100, size=40):
    """A size×size canvas filled by one rectangle whose colour is held red from frame 0, green
    from 15 and blue from 25 (composition frames; the in-point is `ip`)."""
    hold = [{"t": 0, "s": [1, 0, 0, 1], "h": 1}, {"t": 15, "s": [0, 1, 0, 1], "h": 1},
            {"t": 25, "s": [0, 0, 1, 1], "h": 1}]
    layer = {"ty": 4, "ind": 1, "ip": 0, "op": 100, "st": 0,
             "ks": {"o": {"a": 0, "k": opacity}, "p": {"a": 0, "k": [size / 2, size / 2]},
                    "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
             "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [size, size]}, "r": {"a": 0, "k": 0}},
                        {"ty": "fl", "o": {"a": 0, "k": 100}, "c": {"a": 1, "k": hold}}]}
    return {"v": "5.7.0", "fr": 10, "ip": ip, "op": op, "w": size, "h": size, "layers": [layer]}


def write(path, doc):
    with open(path, "w") as f:
        json.dump(doc, f)
    return path
