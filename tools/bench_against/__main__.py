"""cd tools && python3 -m bench_against --base COMMIT [--runs N] [--only ROWS] [--rounds N] [--json PATH]

Builds COMMIT's animexport-bench in a worktree under .build/bench-base/, then runs it and this
checkout's release bench in pairs, N of each, the order within a pair alternating (runner.py), and prints per row the two medians, the median
paired ratio (current / base: below 1 is faster), how many pairs the current build won and the
sign test's p (stats.py). Needs this checkout's release bench built first (`make bench-against
BASE=...` builds it and runs this)."""
import argparse
import json
import os
import subprocess
import sys

from . import runner, stats


def main(argv=None):
    parser = argparse.ArgumentParser(prog="bench_against", description=__doc__.split("\n\n")[1])
    parser.add_argument("--base", required=True, help="commit to compare with")
    parser.add_argument("--runs", type=int, default=20, help="processes per build (default 20)")
    parser.add_argument("--only", default="heart,pulse,dots", help="bench rows, as animexport-bench --only")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of 150 frames per process (default 5)")
    parser.add_argument("--json", help="also write the summary here")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.rounds < 1:
        parser.error("--runs and --rounds must be at least 1")
    repo = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True,
                          text=True).stdout.strip()
    current = os.path.join(repo, runner.BENCH)
    if not os.path.exists(current):
        parser.error(f"{current} is missing: build it first (swift build -c release --product animexport-bench)")
    sha, checkout = runner.base_checkout(repo, args.base)
    base = runner.build(checkout)
    base_runs, current_runs = runner.run_pairs(
        lambda: runner.run_once(base, args.only, args.rounds, checkout),
        lambda: runner.run_once(current, args.only, args.rounds, repo), args.runs,
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
