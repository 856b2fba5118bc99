"""ThorVG's per-frame render time for `make bench` (the peer column of the Lottie render rows).

    python -m lottie_compare.bench_thorvg --corpus DIR --size 1080 --frames 60 --rounds 5 FILE…

For each file: the file is loaded once (not timed); the picture is scaled to fit in size×size,
aspect kept, centred on a size×size software canvas (Engine(threads=0): one thread, no task
scheduler; the canvas's default options, what a ThorVG user gets — EngineOption.NONE and
SMART_RENDER measured within noise of it on HamburgerArrow.json). The frames are the bench's: frame_i = (op − ip)·i/frames for i in 0..<frames,
i.e. t_i = duration·i/frames seconds from the in-point, fractional frames allowed. One
warm-up pass over the frames, then `rounds` passes; each sample is one frame:
set_frame + update + draw(clear) + sync, timed with perf_counter_ns around the ctypes calls
(their own cost is microseconds). Prints one JSON object per file:
{"file", "width", "height", "frames", "ms": [samples]}; a file ThorVG cannot load prints
{"file", "error"}.
"""
import argparse
import json
import os
import sys
import time

from . import corpus


def bench_file(path, size, frames, rounds):
    import thorvg_python as tvg
    w, h, ip, op, _ = corpus.canvas(corpus.read_animation_json(path))
    engine = tvg.Engine(threads=0)
    anim = tvg.LottieAnimation(engine)
    picture = anim.get_picture()
    result = picture.load(path)
    if result != tvg.Result.SUCCESS:
        return {"error": f"ThorVG cannot load the file ({result.name})"}
    fw, fh = corpus.fit_size(w, h, size)
    picture.set_size(fw, fh)
    picture.translate((size - fw) / 2, (size - fh) / 2)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size, size, cs=tvg.Colorspace.ABGR8888)
    canvas.add(picture)
    numbers = [(op - ip) * i / frames for i in range(frames)]

    def draw(frame):
        anim.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()

    for f in numbers:
        draw(f)
    samples = []
    for _ in range(rounds):
        for f in numbers:
            t0 = time.perf_counter_ns()
            draw(f)
            samples.append((time.perf_counter_ns() - t0) / 1e6)
    return {"width": fw, "height": fh, "frames": frames, "ms": samples}


def main(argv):
    p = argparse.ArgumentParser(prog="bench_thorvg")
    p.add_argument("--corpus", required=True)
    p.add_argument("--size", type=int, default=1080)
    p.add_argument("--frames", type=int, default=60)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("files", nargs="+")
    args = p.parse_args(argv)
    for name in args.files:
        try:
            row = bench_file(os.path.join(args.corpus, name), args.size, args.frames, args.rounds)
        except (OSError, ValueError) as e:
            row = {"error": str(e)}
        print(json.dumps(dict(file=name, **row)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
