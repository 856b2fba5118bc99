"""Per-file results, the worst-first table (report.md, report.csv) and the coverage figures.

Coverage, over every file of the corpus (N):
  clean     = files ours renders at every compared frame with no unsupported-feature warning
              (neither in `info --json` "unsupported" nor on the stills' stderr), / N;
  agreement = of the clean files that ThorVG also rendered, those that agree with it at every
              compared frame (metrics.agrees: at most 1 % of pixels off by more than 8/255 even
              allowing a one-pixel shift).
The same agreement between ThorVG and rlottie is printed beside it: how often two mature
players agree on these files is the scale against which ours is read.
"""
import csv
import io
from dataclasses import dataclass, field

from . import metrics


@dataclass
class FrameFigures:
    frame: int
    vs_thorvg: metrics.Figures = None    # ours vs ThorVG
    vs_rlottie: metrics.Figures = None   # ours vs rlottie
    peers: metrics.Figures = None        # ThorVG vs rlottie


@dataclass
class FileResult:
    file: str
    size: tuple = None            # (W, H) rendered
    frames: list = field(default_factory=list)
    problem: str = None           # the file itself could not be read (no canvas)
    ours_refused: str = None
    ours_unsupported: list = field(default_factory=list)
    ours_warnings: list = field(default_factory=list)
    ours_clean: bool = False
    thorvg: str = None            # failure of ThorVG, None when it rendered
    rlottie: str = None
    figures: list = field(default_factory=list)   # FrameFigures

    def worst(self, key="vs_thorvg"):
        """The frame where the pair differs most (Figures.severity; the earliest of a tie)."""
        rows = [f for f in self.figures if getattr(f, key) is not None]
        if not rows:
            return None
        return max(rows, key=lambda f: getattr(f, key).severity())

    @property
    def compared(self):
        return self.worst() is not None

    @property
    def agrees(self):
        w = self.worst()
        return None if w is None else metrics.agrees(w.vs_thorvg.near)

    def peers_agree(self):
        w = self.worst("peers")
        return None if w is None else metrics.agrees(w.peers.near)

    def status(self):
        if self.problem:
            return "unreadable: " + self.problem
        if self.ours_refused:
            return "ours refused: " + self.ours_refused
        if not self.ours_clean:
            return "ours warns: " + "; ".join(self.ours_unsupported or self.ours_warnings)
        return "clean"


def ordered(results):
    """Compared files worst first (their worst frame's Figures.severity against ThorVG), then the rest by name."""
    compared = [r for r in results if r.compared]
    rest = sorted((r for r in results if not r.compared), key=lambda r: r.file)
    compared.sort(key=lambda r: r.file)
    compared.sort(key=lambda r: r.worst().vs_thorvg.severity(), reverse=True)
    return compared + rest


@dataclass
class Coverage:
    files: int
    clean: int
    clean_compared: int
    clean_agree: int
    peers_compared: int
    peers_agree: int

    def lines(self):
        def share(k, n):
            return f"{k}/{n} ({100 * k / n:.1f} %)" if n else f"{k}/0"
        return [
            f"clean (rendered, no unsupported warning): {share(self.clean, self.files)} of the corpus",
            f"of those, agree with ThorVG (≤ {metrics.AGREE_NEAR:.0%} of pixels off by > "
            f"{metrics.DIFF_LEVEL}/255 beyond a 1-pixel shift, at every frame): "
            f"{share(self.clean_agree, self.clean_compared)}",
            f"for scale, ThorVG agrees with rlottie on {share(self.peers_agree, self.peers_compared)} of the files both render",
        ]


def coverage(results):
    clean = [r for r in results if r.ours_clean]
    clean_compared = [r for r in clean if r.compared]
    peers = [r for r in results if r.peers_agree() is not None]
    return Coverage(files=len(results), clean=len(clean), clean_compared=len(clean_compared),
                    clean_agree=sum(1 for r in clean_compared if r.agrees),
                    peers_compared=len(peers), peers_agree=sum(1 for r in peers if r.peers_agree()))


def _pct(value):
    return f"{100 * value:.2f}"


def table_rows(results):
    """One row per file, worst first: the columns of report.csv and report.md."""
    rows = []
    for rank, r in enumerate(ordered(results), 1):
        w = r.worst()
        peers = r.worst("peers")
        rows.append({
            "rank": rank if r.compared else "",
            "file": r.file,
            "size": f"{r.size[0]}x{r.size[1]}" if r.size else "",
            "worst frame": w.frame if w else "",
            "near % vs ThorVG": _pct(w.vs_thorvg.near) if w else "",
            "off % vs ThorVG": _pct(w.vs_thorvg.off) if w else "",
            "PSNR dB vs ThorVG": f"{w.vs_thorvg.psnr:.1f}" if w else "",
            "near % vs rlottie": _pct(w.vs_rlottie.near) if w and w.vs_rlottie else "",
            "near % ThorVG vs rlottie": _pct(peers.peers.near) if peers else "",
            "agrees": {True: "yes", False: "no", None: ""}[r.agrees],
            "ours": r.status(),
            "ThorVG": r.thorvg or "ok",
            "rlottie": r.rlottie or "ok",
        })
    return rows


def write_csv(rows, stream):
    if not rows:
        return
    writer = csv.DictWriter(stream, fieldnames=list(rows[0].keys()))
    writer.writeheader()
    writer.writerows(rows)


def _cell(value):
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown(rows, cov, settings):
    out = io.StringIO()
    out.write("# Lottie comparison: ours beside ThorVG and rlottie\n\n")
    out.write(settings + "\n\n## Coverage\n\n")
    for line in cov.lines():
        out.write(f"* {line}\n")
    out.write("\n## Files, worst first\n\n")
    if rows:
        keys = list(rows[0].keys())
        out.write("| " + " | ".join(keys) + " |\n|" + "---|" * len(keys) + "\n")
        for row in rows:
            out.write("| " + " | ".join(_cell(row[k]) for k in keys) + " |\n")
    return out.getvalue()
