"""Paired comparison of two builds' bench medians.

Each run of a build is one process; a run's figure for a row is its median per-frame time. The
builds run in pairs seconds apart on the same machine, which one first alternating (runner.py),
so run i of each forms a pair. Per row:

    base median     the median of the base build's run medians (and current median likewise)
    paired ratio    the median over pairs of current_i / base_i
    faster          how many pairs the current build won (current_i < base_i; ties count for neither)
    p               two-sided sign test over the pairs that did not tie: the probability, if
                    neither build were faster, of a split at least as uneven as the one seen,
                    p = min(1, 2 · Σ_{k ≤ min(w, n−w)} C(n, k) / 2^n)

The spread between processes on a shared machine (one process can run 40 % slower than the next
for the same binary) is why the process, not the frame, is the sample.
"""
from math import comb
from statistics import median


def sign_test(wins, losses):
    """Two-sided sign test p-value for `wins` against `losses` (ties excluded)."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(wins, losses) + 1))
    return min(1.0, 2 * tail / 2 ** n)


def compare(base_runs, current_runs):
    """Rows → summary dicts. `*_runs`: one dict {row name: median} per run, in pair order.

    A row missing from either build is left out (renamed or new rows have nothing to compare)."""
    if len(base_runs) != len(current_runs):
        raise ValueError("base and current need the same number of runs")
    names = [n for n in (base_runs[0] if base_runs else {}) if all(n in r for r in base_runs + current_runs)]
    rows = {}
    for name in names:
        base = [r[name] for r in base_runs]
        current = [r[name] for r in current_runs]
        pairs = [(b, c) for b, c in zip(base, current) if b > 0]
        wins = sum(1 for b, c in pairs if c < b)
        losses = sum(1 for b, c in pairs if c > b)
        rows[name] = {
            "base": median(base),
            "current": median(current),
            "ratio": median(c / b for b, c in pairs) if pairs else float("nan"),
            "faster": wins,
            "pairs": len(pairs),
            "p": sign_test(wins, losses),
        }
    return rows


def table(rows, base_label, current_label):
    """The summary as aligned text lines."""
    width = max([len(n) for n in rows] + [11])
    lines = [f"{'measurement':{width}}  {base_label:>10}  {current_label:>10}  paired ratio  faster      p"]
    for name, r in rows.items():
        lines.append(f"{name:{width}}  {r['base']:10.4f}  {r['current']:10.4f}  {r['ratio']:12.3f}  "
                     f"{r['faster']:>3}/{r['pairs']:<3}  {r['p']:5.3f}")
    return lines
