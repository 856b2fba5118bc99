"""make compare-lottie: our Lottie renderer beside ThorVG and rlottie over the corpus.

Modules, one concern each:
  corpus   where the corpus is, its files, each file's canvas and the frames compared
  procs    bounded child processes (time-out, address-space cap, crash = a result)
  ours     `animexport info --json` and `animexport still` for one file
  peers    the ThorVG and rlottie renders (run as a child process: a peer may crash)
  metrics  premultiplied RGBA, PSNR and the share of pixels off by more than 8/255
  report   per-file rows, the worst-first table (Markdown, CSV), the coverage figures
  sheet    the contact sheet of the worst files (ours | ThorVG | rlottie | difference)
  bench_thorvg  ThorVG's per-frame render time for `make bench`
"""
