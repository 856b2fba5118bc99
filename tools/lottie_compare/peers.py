"""The peers: ThorVG (thorvg-python, its software canvas, one thread) and rlottie (rlottie-python).

Each renders the file's frames F (counted from the in-point) at W×H into premultiplied RGBA,
saved as `NAME-F.npy` (uint8, H×W×4) in OUTDIR. Run as a child process so that a file that
crashes a peer does not stop the run:

    python -m lottie_compare.peers thorvg|rlottie FILE W H F1,F2,… OUTDIR

Pixel layouts: ThorVG ABGR8888 is a premultiplied uint32 a<<24|b<<16|g<<8|r, i.e. bytes
R,G,B,A in memory on little-endian machines; rlottie writes premultiplied ARGB32, bytes B,G,R,A.
ThorVG scales the picture with `set_size(W, H)`; rlottie scales to the W×H it is given. ThorVG's
canvas is made with EngineOption.NONE: every frame is drawn in full, without its partial
("smart") rendering, whose dirty-region bookkeeping has had drift bugs (thorvg issue 4751).
"""
import os
import sys

import numpy as np

PEERS = ("thorvg", "rlottie")


def render_thorvg(path, width, height, frames):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    anim = tvg.LottieAnimation(engine)
    picture = anim.get_picture()
    result = picture.load(path)
    if result != tvg.Result.SUCCESS:
        raise RuntimeError(f"ThorVG cannot load the file ({result.name})")
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine, op=tvg.EngineOption.NONE)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    canvas.add(picture)
    images = {}
    for frame in frames:
        anim.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        pixels = np.frombuffer(canvas.buffer_arr, dtype=np.uint32).astype("<u4")
        images[frame] = pixels.view(np.uint8).reshape(height, width, 4).copy()
    return images


def render_rlottie(path, width, height, frames):
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_file(path)
    if not anim.animation_p:
        raise RuntimeError("rlottie cannot load the file")
    images = {}
    for frame in frames:
        raw = anim.lottie_animation_render(frame_num=int(frame), width=width, height=height)
        bgra = np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 4)
        images[frame] = bgra[:, :, [2, 1, 0, 3]].copy()
    return images


def main(argv):
    name, path, width, height, frames, outdir = argv
    frames = [int(f) for f in frames.split(",")]
    render = {"thorvg": render_thorvg, "rlottie": render_rlottie}[name]
    try:
        images = render(path, int(width), int(height), frames)
    except RuntimeError as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 3
    os.makedirs(outdir, exist_ok=True)
    for frame, image in images.items():
        np.save(os.path.join(outdir, f"{name}-{frame}.npy"), image)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
