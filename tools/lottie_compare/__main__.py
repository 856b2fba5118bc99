"""python -m lottie_compare [--ours BIN] [--corpus DIR] [--out DIR] [--box 512] [--jobs 2]
                          [--frames 5] [--seed 1] [--only TEXT] [--reuse-references]

Renders every corpus file at a few frames (corpus.frames_to_compare) with lottie-web (the
reference, lottieweb: its SVG renderer in headless Chromium), ours, ThorVG and rlottie at the
same size (corpus.fit_size, default fit in 512×512), measures each against lottie-web (metrics),
and writes into --out: report.md, report.csv and report.json (worst first, the per-feature
table, every file ours refuses or warns about and why), sheet.png (the worst 20 side by side)
and the renders under work/. Prints the agreement figures at the end. Ours and the peers run in
their own bounded processes (procs), lottie-web in one Chromium per job with deadlines (cdp); a
file that crashes or hangs one of them is a row, not the end of the run.
"""
import argparse
import concurrent.futures
import os
import shutil
import sys
import threading

import numpy as np
from PIL import Image

from . import cdp, corpus, features, lottieweb, metrics, ours, peers, procs, report, sheet

PEER_TIMEOUT = 120   # seconds for one file's frames in one peer


def cached(workdir, name, frames, reuse):
    """{frame: image} from an earlier run's work/ when --reuse-references and every frame is there."""
    if not reuse:
        return None
    paths = {f: os.path.join(workdir, f"{name}-{f}.npy") for f in frames}
    if not all(os.path.exists(p) for p in paths.values()):
        return None
    return {f: np.load(p) for f, p in paths.items()}


def peer_render(name, path, size, frames, workdir, reuse=False):
    images = cached(workdir, name, frames, reuse)
    if images is not None:
        return None, images
    argv = [sys.executable, "-m", "lottie_compare.peers", name, path, str(size[0]), str(size[1]),
            ",".join(map(str, frames)), workdir]
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outcome = procs.run(argv, PEER_TIMEOUT, env=env)
    if not outcome.ok:
        return outcome.failure(), {}
    images = {}
    for f in frames:
        p = os.path.join(workdir, f"{name}-{f}.npy")
        if not os.path.exists(p):
            return f"wrote no frame {f}", {}
        images[f] = np.load(p)
    return None, images


def load_ours(png, size):
    image = np.asarray(Image.open(png).convert("RGBA"))
    if image.shape[1] != size[0] or image.shape[0] != size[1]:
        raise ValueError(f"ours wrote {image.shape[1]}x{image.shape[0]}, asked for {size[0]}x{size[1]}")
    return metrics.premultiply(image)


def pair(a, b):
    return None if a is None or b is None else metrics.compare(a, b)


class WebRenderers:
    """One lottie-web renderer (one Chromium) per worker thread, made on first use, all closed at the end."""

    def __init__(self, factory):
        self.factory, self.local, self.made, self.lock = factory, threading.local(), [], threading.Lock()

    def get(self):
        if getattr(self.local, "renderer", None) is None:
            self.local.renderer = self.factory()
            with self.lock:
                self.made.append(self.local.renderer)
        return self.local.renderer

    def close(self):
        for r in self.made:
            r.close()


def web_render(renderers, path, size, frames, workdir, reuse=False):
    images = cached(workdir, "lottieweb", frames, reuse)
    if images is not None:
        return None, images
    try:
        images = renderers.get().render(path, size[0], size[1], frames)
    except (cdp.ProtocolError, ValueError, OSError, UnicodeDecodeError) as e:
        text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        return (text[len("Error: "):] if text.startswith("Error: lottie-web: ") else text), {}
    for f, image in images.items():
        np.save(os.path.join(workdir, f"lottieweb-{f}.npy"), image)
    return None, images


def compare_file(rel, args, renderers):
    path = os.path.join(args.corpus, rel)
    result = report.FileResult(file=rel)
    try:
        doc = corpus.read_animation_json(path)
        result.features = features.classify(doc)
        w, h, ip, op, _ = corpus.canvas(doc)
    except (ValueError, OSError, UnicodeDecodeError) as e:
        result.problem = str(e)
        w = h = ip = None
    if w is not None:
        result.size = corpus.fit_size(w, h, args.box)
        result.frames = corpus.frames_to_compare(ip, op, args.frames)
    frames = result.frames or [0]
    size = result.size or (args.box, args.box)
    workdir = os.path.join(args.out, "work", rel.replace(os.sep, "__"))
    os.makedirs(workdir, exist_ok=True)
    mine = ours.render(args.ours, path, size[0], size[1], frames, workdir)
    result.ours_refused, result.ours_unsupported = mine.refused, mine.unsupported
    result.ours_warnings, result.ours_clean = mine.warnings, mine.clean and result.problem is None
    ours_images = {}
    try:
        ours_images = {f: load_ours(p, size) for f, p in mine.images.items()}
    except (ValueError, OSError) as e:
        result.ours_refused, result.ours_clean = str(e), False
    result.thorvg, tvg = peer_render("thorvg", path, size, frames, workdir, args.reuse_references)
    result.rlottie, rl = peer_render("rlottie", path, size, frames, workdir, args.reuse_references)
    web = {}
    if result.problem is None:
        result.lottieweb, web = web_render(renderers, path, size, frames, workdir, args.reuse_references)
    else:
        result.lottieweb = "unreadable"
    for f in frames:
        o, t, r, b = ours_images.get(f), tvg.get(f), rl.get(f), web.get(f)
        result.figures.append(report.FrameFigures(f, pair(o, t), pair(o, r), pair(t, r), pair(o, b), pair(t, b),
                                                  pair(r, b), web=b is not None))
    return result


def contact_sheet(results, args, count=20):
    entries = []
    for r in report.ordered(results)[:count]:
        if not r.compared:
            break
        w = r.worst()
        workdir = os.path.join(args.out, "work", r.file.replace(os.sep, "__"))
        o = metrics.premultiply(np.asarray(Image.open(os.path.join(workdir, f"ours-{w.frame}.png")).convert("RGBA")))
        web = np.load(os.path.join(workdir, f"lottieweb-{w.frame}.npy"))
        peer_images = []
        for name, failure in (("thorvg", r.thorvg), ("rlottie", r.rlottie)):
            p = os.path.join(workdir, f"{name}-{w.frame}.npy")
            peer_images.append(np.load(p) if os.path.exists(p) else f"{name}: {failure}")
        fig = w.vs_web
        subtitle = (f"frame {w.frame}  {r.size[0]}x{r.size[1]}  [{', '.join(r.features)}]  ours vs lottie-web: "
                    f"near {100 * fig.near:.1f} %, off {100 * fig.off:.1f} %, {fig.psnr:.1f} dB"
                    + (f"; ThorVG {100 * w.thorvg_web.near:.1f} %" if w.thorvg_web else "")
                    + (f"; rlottie {100 * w.rlottie_web.near:.1f} %" if w.rlottie_web else ""))
        entries.append((r.file, subtitle, web, o, *peer_images))
    return sheet.build(entries) if entries else None


def parse(argv):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    p = argparse.ArgumentParser(prog="compare-lottie", description=__doc__.split("\n\n")[1])
    p.add_argument("--ours", default=os.path.join(repo, ".build", "release", "animexport"))
    p.add_argument("--corpus", default=corpus.find_corpus(repo))
    p.add_argument("--out", default=os.path.join(repo, "out", "lottie-compare"))
    p.add_argument("--box", type=int, default=512)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--frames", type=int, default=5, help="frames compared per file (corpus.frames_to_compare)")
    p.add_argument("--seed", type=int, default=lottieweb.DEFAULT_SEED, help="lottie-web's Math.random seed")
    p.add_argument("--only", help="compare only the files whose path contains this text")
    p.add_argument("--reuse-references", action="store_true",
                   help="keep work/ and load lottie-web's, ThorVG's and rlottie's frames an earlier run with "
                        "the same corpus, --box and --frames left there (ours is always rendered again)")
    args = p.parse_args(argv)
    if args.frames < 1:
        p.error("--frames must be at least 1")
    if not args.corpus or not os.path.isdir(args.corpus):
        p.error("no corpus: set ANIMEXPORT_LOTTIE_CORPUS or put lottie/samples in a folder beside the repository")
    if not os.access(args.ours, os.X_OK):
        p.error(f"{args.ours}: not an executable (make release builds it)")
    return args


def real_web_renderer(args):
    if not cdp.find_chromium():
        raise SystemExit("compare-lottie: no chromium on PATH (make deps-test installs Debian's chromium)")
    if not lottieweb.find_library():
        raise SystemExit("compare-lottie: pylottie is not installed (make lottie-compare-venv installs it)")
    return lambda: lottieweb.Renderer(seed=args.seed)


def main(argv, web_factory=None):
    """web_factory: makes one lottie-web renderer (render(path, w, h, frames), close()); the
    tests pass a double, the real one drives Chromium."""
    args = parse(argv)
    renderers = WebRenderers(web_factory or real_web_renderer(args))
    try:
        return run(args, renderers)
    finally:
        renderers.close()


def run(args, renderers):
    files = [f for f in corpus.list_files(args.corpus) if not args.only or args.only in f]
    if not args.reuse_references:
        shutil.rmtree(os.path.join(args.out, "work"), ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, r in enumerate(pool.map(lambda f: compare_file(f, args, renderers), files), 1):
            w = r.worst()
            figure = (f"vs lottie-web: near {100 * w.vs_web.near:.2f} %, off {100 * w.vs_web.off:.2f} %" if w
                      else f"not compared: {r.status()}; lottie-web: {r.lottieweb or 'ok'}")
            print(f"[{i}/{len(files)}] {r.file}: {figure}", flush=True)
            results.append(r)
    rows = report.table_rows(results)
    cov = report.coverage(results)
    settings = (f"Corpus: {args.corpus}, {len(files)} files. Reference: lottie-web (SVG renderer, headless "
                f"Chromium, Math.random seed {args.seed}). Frames: {args.frames} per file, i·n/{args.frames} "
                f"(from the in-point). Size: fit in {args.box}×{args.box}. Metric: premultiplied RGBA; off = "
                f"pixels whose largest channel differs by more than {metrics.DIFF_LEVEL}/255; near = off even "
                f"allowing a 1-pixel shift; a frame agrees when near ≤ {metrics.AGREE_NEAR:.0%}, a file when "
                f"every frame does. Renderer: {args.ours}.")
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(report.markdown(rows, cov, settings))
    with open(os.path.join(args.out, "report.csv"), "w", newline="") as f:
        report.write_csv(rows, f)
    with open(os.path.join(args.out, "report.json"), "w") as f:
        f.write(report.to_json(results, settings))
    image = contact_sheet(results, args)
    if image is not None:
        image.save(os.path.join(args.out, "sheet.png"))
    print("\n".join(["", "agreement with lottie-web:"] + ["  " + line for line in cov.lines()]))
    print("\n" + report.feature_markdown(cov.table))
    print(f"report: {os.path.join(args.out, 'report.md')} (and report.csv, report.json, sheet.png)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
