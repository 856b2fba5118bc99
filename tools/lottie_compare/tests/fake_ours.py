"""A test double of `animexport` for the pipeline test: `info FILE --json` and
`still FILE --frame F --size WxH … OUT.png`, behaving by the file's name:
  agree*   renders with ThorVG (so it agrees), written as straight alpha like the real CLI
  differ*  writes a fully transparent frame (disagrees wherever the file draws)
  warn*    renders like agree, but info reports masks as unsupported
  refuse*  info fails as a decoding error does (exit 2, one line)
"""
import json
import os
import sys

import numpy as np
from PIL import Image

from lottie_compare import peers


def main(argv):
    command, path = argv[0], argv[1]
    name = os.path.basename(path)
    if command == "info":
        if name.startswith("refuse"):
            print(f"animexport: {path}: layers[0].ks: expected an object", file=sys.stderr)
            return 2
        unsupported = [{"feature": "masks", "where": ["layers[0] \"A\""]}] if name.startswith("warn") else []
        print(json.dumps({"unsupported": unsupported}))
        return 0
    frame = int(argv[argv.index("--frame") + 1])
    width, height = map(int, argv[argv.index("--size") + 1].split("x"))
    if name.startswith("warn"):
        print(f"warning: {name}: layers[0] \"A\": masks are not supported yet (1 layer)", file=sys.stderr)
    if name.startswith("differ"):
        straight = np.zeros((height, width, 4), np.uint8)
    else:
        p = peers.render_thorvg(path, width, height, [frame])[frame].astype(np.uint32)
        a = p[:, :, 3:4]
        rgb = np.where(a > 0, (p[:, :, :3] * 255 + a // 2) // np.maximum(a, 1), 0)
        straight = np.concatenate([np.minimum(rgb, 255), a], axis=2).astype(np.uint8)
    Image.fromarray(straight, "RGBA").save(argv[-1], format="PNG")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
