"""python -m lottie_compare [--ours BIN] [--corpus DIR] [--out DIR] [--box 512] [--jobs 2] [--only TEXT]

Renders every corpus file at three frames (corpus.frames_to_compare) with ours, ThorVG and
rlottie at the same size (corpus.fit_size, default fit in 512×512), compares them
(metrics), and writes into --out: report.md and report.csv (worst first, with every file ours
refuses or warns about and why), sheet.png (the worst 20 side by side) and the renders under
work/. Prints the coverage figures at the end. Each renderer runs in its own bounded process
(procs); a file that crashes or hangs one of them is a row, not the end of the run.
"""
import argparse
import concurrent.futures
import os
import shutil
import sys

import numpy as np
from PIL import Image

from . import corpus, metrics, ours, peers, procs, report, sheet

PEER_TIMEOUT = 120   # seconds for one file's frames in one peer


def peer_render(name, path, size, frames, workdir):
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


def compare_file(rel, args):
    path = os.path.join(args.corpus, rel)
    result = report.FileResult(file=rel)
    try:
        w, h, ip, op, _ = corpus.canvas(corpus.read_animation_json(path))
    except (ValueError, OSError, UnicodeDecodeError) as e:
        result.problem = str(e)
        w = h = ip = None
    if w is not None:
        result.size = corpus.fit_size(w, h, args.box)
        result.frames = corpus.frames_to_compare(ip, op)
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
    result.thorvg, tvg = peer_render("thorvg", path, size, frames, workdir)
    result.rlottie, rl = peer_render("rlottie", path, size, frames, workdir)
    for f in frames:
        o, t, r = ours_images.get(f), tvg.get(f), rl.get(f)
        result.figures.append(report.FrameFigures(f, pair(o, t), pair(o, r), pair(t, r)))
    return result


def contact_sheet(results, args, count=20):
    entries = []
    for r in report.ordered(results)[:count]:
        if not r.compared:
            break
        w = r.worst()
        workdir = os.path.join(args.out, "work", r.file.replace(os.sep, "__"))
        o = metrics.premultiply(np.asarray(Image.open(os.path.join(workdir, f"ours-{w.frame}.png")).convert("RGBA")))
        t = np.load(os.path.join(workdir, f"thorvg-{w.frame}.npy"))
        rl_path = os.path.join(workdir, f"rlottie-{w.frame}.npy")
        rl = np.load(rl_path) if os.path.exists(rl_path) else f"rlottie: {r.rlottie}"
        fig = w.vs_thorvg
        subtitle = (f"frame {w.frame}  {r.size[0]}x{r.size[1]}  vs ThorVG: near {100 * fig.near:.1f} %, "
                    f"off {100 * fig.off:.1f} %, {fig.psnr:.1f} dB"
                    + (f"  vs rlottie: near {100 * w.vs_rlottie.near:.1f} %" if w.vs_rlottie else ""))
        entries.append((r.file, subtitle, o, t, rl))
    return sheet.build(entries) if entries else None


def parse(argv):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    p = argparse.ArgumentParser(prog="compare-lottie", description=__doc__.split("\n\n")[1])
    p.add_argument("--ours", default=os.path.join(repo, ".build", "release", "animexport"))
    p.add_argument("--corpus", default=corpus.find_corpus(repo))
    p.add_argument("--out", default=os.path.join(repo, "out", "lottie-compare"))
    p.add_argument("--box", type=int, default=512)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", help="compare only the files whose path contains this text")
    args = p.parse_args(argv)
    if not args.corpus or not os.path.isdir(args.corpus):
        p.error("no corpus: set ANIMEXPORT_LOTTIE_CORPUS or put lottie/samples in a folder beside the repository")
    if not os.access(args.ours, os.X_OK):
        p.error(f"{args.ours}: not an executable (make release builds it)")
    return args


def main(argv):
    args = parse(argv)
    files = [f for f in corpus.list_files(args.corpus) if not args.only or args.only in f]
    shutil.rmtree(os.path.join(args.out, "work"), ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, r in enumerate(pool.map(lambda f: compare_file(f, args), files), 1):
            w = r.worst()
            figure = (f"vs ThorVG: near {100 * w.vs_thorvg.near:.2f} %, off {100 * w.vs_thorvg.off:.2f} %" if w
                      else f"not compared: {r.status()}; ThorVG: {r.thorvg or 'ok'}")
            print(f"[{i}/{len(files)}] {r.file}: {figure}", flush=True)
            results.append(r)
    rows = report.table_rows(results)
    cov = report.coverage(results)
    settings = (f"Corpus: {len(files)} files. Frames: first, middle, 3/4 (from the in-point). Size: fit in "
                f"{args.box}×{args.box}. Metric: premultiplied RGBA; off = pixels whose largest channel "
                f"differs by more than {metrics.DIFF_LEVEL}/255; near = off even allowing a 1-pixel shift; "
                f"a file agrees when near ≤ {metrics.AGREE_NEAR:.0%} at every frame. Renderer: {args.ours}.")
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(report.markdown(rows, cov, settings))
    with open(os.path.join(args.out, "report.csv"), "w", newline="") as f:
        report.write_csv(rows, f)
    image = contact_sheet(results, args)
    if image is not None:
        image.save(os.path.join(args.out, "sheet.png"))
    print("\n".join(["", "coverage:"] + ["  " + line for line in cov.lines()]))
    print(f"report: {os.path.join(args.out, 'report.md')} (and report.csv, sheet.png)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
