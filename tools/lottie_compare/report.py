"""Per-file results, the worst-first table (report.md, report.csv, report.json), the agreement
figures and the per-feature table.

lottie-web is the reference (docs/lottie-compare.md): every renderer — ours, ThorVG, rlottie — is
measured against it, frame by frame, with the same rule (metrics.agrees: at most 1 % of pixels
off by more than 8/255 even allowing a one-pixel shift).

  frame agreement = of the frames lottie-web drew, those where the renderer agrees with it;
  file agreement  = of the files lottie-web drew (every compared frame), those where the
                    renderer agrees at every frame.
A renderer that refuses, crashes on or times out on a file lottie-web draws disagrees there (it
does not leave the denominator). The per-feature table counts each file under every feature it
uses (features.classify), and once under "all files".
Clean (ours) = rendered every frame with no unsupported-feature warning, over the whole corpus.
"""
import csv
import io
import json
from dataclasses import dataclass, field

from . import features, metrics

RENDERERS = (("ours", "vs_web"), ("ThorVG", "thorvg_web"), ("rlottie", "rlottie_web"))


@dataclass
class FrameFigures:
    frame: int
    vs_thorvg: metrics.Figures = None    # ours vs ThorVG
    vs_rlottie: metrics.Figures = None   # ours vs rlottie
    peers: metrics.Figures = None        # ThorVG vs rlottie
    vs_web: metrics.Figures = None       # ours vs lottie-web
    thorvg_web: metrics.Figures = None   # ThorVG vs lottie-web
    rlottie_web: metrics.Figures = None  # rlottie vs lottie-web
    web: bool = False                    # lottie-web drew this frame


@dataclass
class FileResult:
    file: str
    size: tuple = None            # (W, H) rendered
    frames: list = field(default_factory=list)
    features: list = field(default_factory=list)
    problem: str = None           # the file itself could not be read (no canvas)
    ours_refused: str = None
    ours_unsupported: list = field(default_factory=list)
    ours_warnings: list = field(default_factory=list)
    ours_clean: bool = False
    lottieweb: str = None         # failure of lottie-web, None when it rendered
    thorvg: str = None            # failure of ThorVG, None when it rendered
    rlottie: str = None
    figures: list = field(default_factory=list)   # FrameFigures

    def worst(self, key="vs_web"):
        """The frame where the pair differs most (Figures.severity; the earliest of a tie)."""
        rows = [f for f in self.figures if getattr(f, key) is not None]
        if not rows:
            return None
        return max(rows, key=lambda f: getattr(f, key).severity())

    @property
    def web_frames(self):
        return [f for f in self.figures if f.web]

    @property
    def web_drawn(self):
        """lottie-web drew every compared frame of the file."""
        return bool(self.figures) and len(self.web_frames) == len(self.figures)

    def frames_agreeing(self, key):
        return sum(1 for f in self.web_frames if getattr(f, key) is not None and metrics.agrees(getattr(f, key).near))

    def agrees_with_web(self, key="vs_web"):
        """None when lottie-web did not draw the file; else the renderer agreed at every frame."""
        if not self.web_drawn:
            return None
        return self.frames_agreeing(key) == len(self.figures)

    def web_odd_one_out(self):
        """lottie-web drew the file, ours disagrees with it on some frame, and on every such frame
        ours and ThorVG agree with each other while ThorVG disagrees with lottie-web too: the
        reference is the odd one out (docs/lottie-compare.md lists why, file by file)."""
        if not self.web_drawn or self.agrees_with_web():
            return False
        for f in self.figures:
            if f.vs_web is None:
                return False
            if metrics.agrees(f.vs_web.near):
                continue
            if f.vs_thorvg is None or f.thorvg_web is None:
                return False
            if not metrics.agrees(f.vs_thorvg.near) or metrics.agrees(f.thorvg_web.near):
                return False
        return True

    @property
    def compared(self):
        return self.worst() is not None

    def status(self):
        if self.problem:
            return "unreadable: " + self.problem
        if self.ours_refused:
            return "ours refused: " + self.ours_refused
        if not self.ours_clean:
            return "ours warns: " + "; ".join(self.ours_unsupported or self.ours_warnings)
        return "clean"


def ordered(results):
    """Files compared with lottie-web worst first (ours' worst frame, Figures.severity), then the rest by name."""
    compared = [r for r in results if r.compared]
    rest = sorted((r for r in results if not r.compared), key=lambda r: r.file)
    compared.sort(key=lambda r: r.file)
    compared.sort(key=lambda r: r.worst().vs_web.severity(), reverse=True)
    return compared + rest


def share(k, n):
    return f"{k}/{n} ({100 * k / n:.1f} %)" if n else f"{k}/0"


@dataclass
class Agreement:
    """One row of the per-feature table: files and frames lottie-web drew, and per renderer
    (RENDERERS order) the files and frames that agree with it."""
    name: str
    files: int = 0
    frames: int = 0
    files_agree: list = field(default_factory=lambda: [0, 0, 0])
    frames_agree: list = field(default_factory=lambda: [0, 0, 0])
    odd_one_out: list = field(default_factory=list)     # files where lottie-web is (FileResult.web_odd_one_out)

    def add(self, r):
        if r.web_odd_one_out():
            self.odd_one_out.append(r.file)
        self.files += 1
        self.frames += len(r.figures)
        for i, (_, key) in enumerate(RENDERERS):
            self.files_agree[i] += int(bool(r.agrees_with_web(key)))
            self.frames_agree[i] += r.frames_agreeing(key)


def feature_table(results):
    """[Agreement] for all files, then each feature in features.FEATURES order and shape-only
    (features no file uses are left out)."""
    drawn = [r for r in results if r.web_drawn]
    rows = {"all files": Agreement("all files")}
    for name in features.FEATURES + (features.SHAPE_ONLY,):
        rows[name] = Agreement(name)
    for r in drawn:
        rows["all files"].add(r)
        for name in r.features:
            rows[name].add(r)
    return [a for a in rows.values() if a.files or a.name == "all files"]


@dataclass
class Coverage:
    files: int
    clean: int
    web_drawn: int
    web_failed: list          # (file, why)
    table: list               # [Agreement]

    def lines(self):
        total = self.table[0]
        out = [f"clean (ours rendered, no unsupported warning): {share(self.clean, self.files)} of the corpus",
               f"lottie-web drew {share(self.web_drawn, self.files)} of the files"]
        for i, (name, _) in enumerate(RENDERERS):
            out.append(f"{name} agrees with lottie-web on {share(total.files_agree[i], total.files)} of those files, "
                       f"{share(total.frames_agree[i], total.frames)} of their frames")
        for row in self.table:
            if row.name in ("all files", features.SHAPE_ONLY) and row.odd_one_out:
                out.append(f"{row.name}: lottie-web the odd one out (ours and ThorVG agree, it differs from both) in "
                           f"{len(row.odd_one_out)}: {', '.join(row.odd_one_out)}; ours agrees with lottie-web or "
                           f"with ThorVG there on {share(row.files_agree[0] + len(row.odd_one_out), row.files)}")
        return out


def coverage(results):
    return Coverage(files=len(results), clean=sum(1 for r in results if r.ours_clean),
                    web_drawn=sum(1 for r in results if r.web_drawn),
                    web_failed=[(r.file, r.lottieweb) for r in results if r.lottieweb],
                    table=feature_table(results))


def _pct(value):
    return f"{100 * value:.2f}"


def _near(figures):
    return _pct(figures.near) if figures else ""


def _yes(value):
    return {True: "yes", False: "no", None: ""}[value]


def table_rows(results):
    """One row per file, worst first: the columns of report.csv and report.md."""
    rows = []
    for rank, r in enumerate(ordered(results), 1):
        w = r.worst()
        tw, rw = r.worst("thorvg_web"), r.worst("rlottie_web")
        rows.append({
            "rank": rank if r.compared else "",
            "file": r.file,
            "features": ", ".join(r.features),
            "size": f"{r.size[0]}x{r.size[1]}" if r.size else "",
            "worst frame": w.frame if w else "",
            "near % vs lottie-web": _near(w.vs_web) if w else "",
            "off % vs lottie-web": _pct(w.vs_web.off) if w else "",
            "PSNR dB vs lottie-web": f"{w.vs_web.psnr:.1f}" if w else "",
            "ThorVG near % vs lottie-web": _near(tw.thorvg_web) if tw else "",
            "rlottie near % vs lottie-web": _near(rw.rlottie_web) if rw else "",
            "near % vs ThorVG": _near(w.vs_thorvg) if w else "",
            "ours agrees": _yes(r.agrees_with_web("vs_web")),
            "ThorVG agrees": _yes(r.agrees_with_web("thorvg_web")),
            "rlottie agrees": _yes(r.agrees_with_web("rlottie_web")),
            "ours": r.status(),
            "lottie-web": r.lottieweb or "ok",
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


def _figures_json(f):
    return None if f is None else {"psnr": round(f.psnr, 2), "off": round(f.off, 6), "near": round(f.near, 6)}


def to_json(results, settings):
    """Every file and every frame's figures, for whoever wants the raw numbers."""
    files = []
    for r in results:
        files.append({
            "file": r.file, "features": r.features, "size": list(r.size) if r.size else None,
            "ours": r.status(), "ours_warnings": r.ours_warnings, "lottie-web": r.lottieweb or "ok",
            "ThorVG": r.thorvg or "ok", "rlottie": r.rlottie or "ok",
            "frames": [{"frame": f.frame, "lottie-web drew": f.web,
                        **{name: _figures_json(getattr(f, key)) for name, key in (
                            ("ours vs lottie-web", "vs_web"), ("ThorVG vs lottie-web", "thorvg_web"),
                            ("rlottie vs lottie-web", "rlottie_web"), ("ours vs ThorVG", "vs_thorvg"),
                            ("ours vs rlottie", "vs_rlottie"), ("ThorVG vs rlottie", "peers"))}}
                       for f in r.figures]})
    table = [{"feature": a.name, "files": a.files, "frames": a.frames,
              **{f"{name} files agree": a.files_agree[i] for i, (name, _) in enumerate(RENDERERS)},
              **{f"{name} frames agree": a.frames_agree[i] for i, (name, _) in enumerate(RENDERERS)}}
             for a in feature_table(results)]
    return json.dumps({"settings": settings, "features": table, "files": files}, indent=1)


def _cell(value):
    return str(value).replace("|", "\\|").replace("\n", " ")


def feature_markdown(table):
    """The per-feature table: files agreeing (share), then frames agreeing, per renderer."""
    out = io.StringIO()
    names = [name for name, _ in RENDERERS]
    out.write("| feature | files | " + " | ".join(f"{n} files" for n in names) + " | "
              + " | ".join(f"{n} frames" for n in names) + " |\n")
    out.write("|---|---:|" + "---:|" * (2 * len(names)) + "\n")
    for a in table:
        cells = [a.name, str(a.files)]
        cells += [f"{k} ({100 * k / a.files:.1f} %)" if a.files else "–" for k in a.files_agree]
        cells += [f"{100 * k / a.frames:.1f} %" if a.frames else "–" for k in a.frames_agree]
        out.write("| " + " | ".join(cells) + " |\n")
    return out.getvalue()


def markdown(rows, cov, settings):
    out = io.StringIO()
    out.write("# Lottie comparison: ours, ThorVG and rlottie against lottie-web\n\n")
    out.write(settings + "\n\n## Agreement with lottie-web\n\n")
    for line in cov.lines():
        out.write(f"* {line}\n")
    out.write("\n## Per feature (files lottie-web drew; a file counts under each feature it uses)\n\n")
    out.write(feature_markdown(cov.table))
    if cov.web_failed:
        out.write("\n## Files lottie-web did not draw\n\n")
        for name, why in cov.web_failed:
            out.write(f"* {_cell(name)}: {_cell(why)}\n")
    out.write("\n## Files, worst first (ours against lottie-web)\n\n")
    if rows:
        keys = list(rows[0].keys())
        out.write("| " + " | ".join(keys) + " |\n|" + "---|" * len(keys) + "\n")
        for row in rows:
            out.write("| " + " | ".join(_cell(row[k]) for k in keys) + " |\n")
    return out.getvalue()
