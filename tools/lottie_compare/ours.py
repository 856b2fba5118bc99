"""Our side: `animexport info FILE --json` (what is not supported) and one `animexport still`
per frame:

    animexport still FILE --frame F --size WxH --background transparent -y OUT.png

The PNG is straight-alpha RGBA (README "Transparency"); it is premultiplied here like the
peers' output before comparing. Warnings are the stderr lines that start with "warning:";
those saying "not supported" are the unsupported-feature warnings the coverage figure counts.
"""
import json
import os
from dataclasses import dataclass, field

from . import procs

STILL_TIMEOUT = 60    # seconds per frame; a release still takes well under a second
INFO_TIMEOUT = 30


@dataclass
class OursResult:
    refused: str = None                      # why ours rendered nothing, one line
    unsupported: list = field(default_factory=list)   # "feature (where, …)" from info --json
    warnings: list = field(default_factory=list)      # distinct warning lines from the stills
    images: dict = field(default_factory=dict)        # frame → PNG path

    @property
    def unsupported_warnings(self):
        return [w for w in self.warnings if "not supported" in w]

    @property
    def clean(self):
        """Rendered every frame with no unsupported feature reported by info or by the stills."""
        return self.refused is None and not self.unsupported and not self.unsupported_warnings


def describe_unsupported(entries):
    out = []
    for e in entries:
        where = e.get("where") or []
        shown = ", ".join(where[:2]) + (f" and {len(where) - 2} more" if len(where) > 2 else "")
        out.append(f"{e.get('feature', '?')} ({shown})" if shown else str(e.get("feature", "?")))
    return out


def render(binary, path, width, height, frames, outdir, env=None):
    result = OursResult()
    info = procs.run([binary, "info", path, "--json"], INFO_TIMEOUT, env=env)
    if not info.ok:
        result.refused = "info: " + info.failure()
        return result
    try:
        result.unsupported = describe_unsupported(json.loads(info.stdout).get("unsupported", []))
    except (ValueError, AttributeError) as e:
        result.refused = f"info --json printed no JSON object ({e})"
        return result
    os.makedirs(outdir, exist_ok=True)
    for frame in frames:
        png = os.path.join(outdir, f"ours-{frame}.png")
        still = procs.run([binary, "still", path, "--frame", str(frame), "--size", f"{width}x{height}",
                           "--background", "transparent", "-y", png], STILL_TIMEOUT, env=env)
        for line in still.stderr.splitlines():
            line = line.strip()
            if "warning:" in line and line not in result.warnings:
                result.warnings.append(line)
        if not still.ok or not os.path.exists(png):
            result.refused = f"still --frame {frame}: " + (still.failure() or "wrote no PNG")
            return result
        result.images[frame] = png
    return result
