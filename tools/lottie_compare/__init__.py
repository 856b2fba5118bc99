"""make compare-lottie: our Lottie renderer, ThorVG and rlottie, each against lottie-web, over a corpus.

Modules, one concern each:
  corpus   where the corpus is, its files, each file's canvas and the frames compared
  procs    bounded child processes (time-out, address-space cap, crash = a result)
  ours     `animexport info --json` and `animexport still` for one file
  peers    the ThorVG and rlottie renders (run as a child process: a peer may crash)
  lottieweb  the reference: lottie-web 5.7.5 (PyPI pylottie's package data), SVG renderer, seeded Math.random
  cdp      headless Chromium over the DevTools protocol through a pipe (standard library only)
  features which features a file uses (masks, mattes, merge paths, text, …), for the per-feature table
  metrics  premultiplied RGBA, PSNR and the share of pixels off by more than 8/255
  report   per-file rows, the worst-first table (Markdown, CSV, JSON), the agreement figures per feature
  sheet    the contact sheet of the worst files (lottie-web | ours | ThorVG | rlottie | difference)
  bench_thorvg  ThorVG's per-frame render time for `make bench`
"""
