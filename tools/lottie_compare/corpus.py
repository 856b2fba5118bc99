"""The corpus, its files, and for each file the canvas and the frames compared.

Frames are whole numbers counted from the file's in-point (the `--frame F` of `animexport still`,
ThorVG's `set_frame`, rlottie's `frame_num` and lottie-web's `goToAndStop(F, true)` all count
from `ip`; rlottie takes integers only): with n = floor(op − ip) frames and k frames asked for,
F ∈ {floor(i·n/k) : i = 0 … k−1} — evenly spread from the first, deduplicated for very short
files (k = 5: 0, n/5, 2n/5, 3n/5, 4n/5).

Size: the canvas w×h scaled to fit in box×box, aspect kept: s = box / max(w, h),
W = max(1, round(w·s)), H = max(1, round(h·s)).
"""
import json
import os
import zipfile

EXTENSIONS = (".json", ".lottie", ".lot")
MAX_JSON_BYTES = 64 << 20


def find_corpus(repo_root, environ=os.environ):
    """$ANIMEXPORT_LOTTIE_CORPUS, else `lottie/samples` in the first folder (sorted) beside the
    repository that has one — what the bench and the corpus tests do."""
    env = environ.get("ANIMEXPORT_LOTTIE_CORPUS")
    if env and os.path.isdir(env):
        return env
    parent = os.path.dirname(os.path.abspath(repo_root))
    for sibling in sorted(os.listdir(parent)):
        candidate = os.path.join(parent, sibling, "lottie", "samples")
        if os.path.isdir(candidate):
            return candidate
    return None


def list_files(folder):
    """Every Lottie file under folder, as paths relative to it, sorted."""
    found = []
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            if name.lower().endswith(EXTENSIONS):
                found.append(os.path.relpath(os.path.join(base, name), folder))
    return sorted(found)


def read_animation_json(path):
    """The animation's top-level JSON: the file itself, or a dotLottie archive's first animation
    (sorted by name; `animations/` in dotLottie 1, `a/` in dotLottie 2)."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            names = sorted(n for n in z.namelist() if n.startswith(("animations/", "a/")) and n.endswith(".json"))
            if not names:
                raise ValueError("no animations/*.json or a/*.json in the archive")
            info = z.getinfo(names[0])
            if info.file_size > MAX_JSON_BYTES:
                raise ValueError("animation larger than 64 MiB")
            return json.loads(z.read(names[0]))
    if os.path.getsize(path) > MAX_JSON_BYTES:
        raise ValueError("larger than 64 MiB")
    with open(path, "rb") as f:
        return json.load(f)


def canvas(doc):
    """(w, h, ip, op, fr) of a decoded top-level object; ValueError naming the field otherwise."""
    values = []
    for key in ("w", "h", "ip", "op", "fr"):
        v = doc.get(key) if isinstance(doc, dict) else None
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise ValueError(f"{key}: expected a number")
        values.append(float(v))
    w, h, ip, op, fr = values
    if w <= 0 or h <= 0 or fr <= 0 or op <= ip:
        raise ValueError("w, h, fr must be > 0 and op > ip")
    return w, h, ip, op, fr


def frames_to_compare(ip, op, count=5):
    n = int(op - ip)
    return sorted({(i * n) // count for i in range(count)})


def fit_size(w, h, box):
    s = box / max(w, h)
    return max(1, round(w * s)), max(1, round(h * s))
