"""cd tools && python3 -m bench_against --base COMMIT [--runs N] [--only ROWS] [--rounds N] [--json PATH]
                                  [--export "ARGS… OUT.mp4"]

Builds COMMIT's animexport-bench in a worktree under .build/bench-base/, then runs it and this
checkout's release bench in pairs, N of each, the order within a pair alternating (runner.py), and prints per row the two medians, the median
paired ratio (current / base: below 1 is faster), how many pairs the current build won and the
sign test's p (stats.py). With --export, each run also times one whole export by each build's
release `animexport` (the end-to-end row: render, convert, encode, mux, as users run it); with
--only "" that row alone. Needs this checkout's release bench (and animexport) built first (`make
bench-against BASE=...` builds them and runs this)."""
import argparse
import json
import os
import subprocess
import sys

from lottie_compare.corpus import find_corpus

from . import runner, stats


def main(argv=None):
    parser = argparse.ArgumentParser(prog="bench_against", description=__doc__.split("\n\n")[1])
    parser.add_argument("--base", required=True, help="commit to compare with")
    parser.add_argument("--runs", type=int, default=20, help="processes per build (default 20)")
    parser.add_argument("--only", default="heart,pulse,dots", help="bench rows, as animexport-bench --only")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of 150 frames per process (default 5)")
    parser.add_argument("--json", help="also write the summary here")
    parser.add_argument("--export", help="also time `animexport ARGS OUT` per run (OUT: its extension names the format)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.rounds < 1:
        parser.error("--runs and --rounds must be at least 1")
    repo = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True,
                          text=True).stdout.strip()
    current = os.path.join(repo, runner.BENCH)
    if not os.path.exists(current):
        parser.error(f"{current} is missing: build it first (swift build -c release --product animexport-bench)")
    export = args.export.split() if args.export else None
    # The base's bench runs in its worktree under .build/bench-base/, where its search for the
    # Lottie corpus beside the checkout finds nothing: both builds are given this checkout's.
    samples = find_corpus(repo)
    if samples:
        os.environ["ANIMEXPORT_LOTTIE_CORPUS"] = samples
    sha, checkout = runner.base_checkout(repo, args.base)
    base = runner.build(checkout, cli=export is not None)

    def run(bench, cwd):
        result = runner.run_once(bench, args.only, args.rounds, cwd) if args.only else {}
        if export:
            result.update(runner.run_export(os.path.join(cwd, runner.CLI), export, cwd))
        return result

    base_runs, current_runs = runner.run_pairs(lambda: run(base, checkout), lambda: run(current, repo), args.runs,
                                               progress=lambda i: print(f"pair {i}/{args.runs}", file=sys.stderr))
    rows = stats.compare(base_runs, current_runs)
    print(f"# base {sha[:7]} against this checkout: {args.runs} pairs, order alternating, medians of per-run medians (ms)")
    print("\n".join(stats.table(rows, sha[:7], "current")))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"base": sha, "runs": args.runs, "rows": rows}, f, indent=2, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
