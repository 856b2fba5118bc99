"""Builds the base commit's bench and runs both builds in pairs.

Order within a pair alternates (base first, then current first, ...): on this machine the second
of two back-to-back processes runs slower — an A/A run of one binary against itself had the
second run of each pair 5 % slower, winning 7 of 30 pairs (p = 0.005) — so a fixed order would
make whichever build runs second look slower."""
import json
import os
import shutil
import subprocess
import tempfile
import time

BENCH = os.path.join(".build", "release", "animexport-bench")
CLI = os.path.join(".build", "release", "animexport")


def base_checkout(repo, commit):
    """A detached worktree of `commit` under .build/bench-base/<sha> (made once, then reused)."""
    sha = subprocess.run(["git", "-C", repo, "rev-parse", "--verify", commit + "^{commit}"],
                         check=True, capture_output=True, text=True).stdout.strip()
    path = os.path.join(repo, ".build", "bench-base", sha)
    if not os.path.isdir(path):
        subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", path, sha], check=True,
                       capture_output=True, text=True)
    return sha, path


def build(checkout, swift="swift", cli=False):
    """The release bench of `checkout` (and with `cli` its animexport); returns the bench's path."""
    subprocess.run([swift, "build", "-c", "release", "--product", "animexport-bench"], cwd=checkout, check=True)
    if cli:
        subprocess.run([swift, "build", "-c", "release", "--product", "animexport"], cwd=checkout, check=True)
    return os.path.join(checkout, BENCH)


def pinned(command):
    """`command` pinned to one CPU when taskset exists (the scheduler moving it adds spread)."""
    return (["taskset", "-c", "0"] + command) if shutil.which("taskset") else command


def run_once(bench, only, rounds, cwd):
    """One process of `bench`: {record name: median} of the rows `--only` selects."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "results.json")
        subprocess.run(pinned([bench, "--only", only, "--rounds", str(rounds), "--json", out]), cwd=cwd,
                       check=True, stdout=subprocess.DEVNULL)
        return medians(out)


def export_row(arguments):
    """The row name of an end-to-end export: `animexport ARGUMENTS OUT.mp4`, wall seconds."""
    return "export: animexport " + " ".join(arguments) + " (wall, s)"


def run_export(cli, arguments, cwd):
    """One end-to-end export by the release binary `cli` (into a scratch file named by the last
    argument's extension), not pinned: the CLI sizes its encoder threads to the machine as users run
    it. {row: wall seconds}."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "out" + os.path.splitext(arguments[-1])[1])
        start = time.monotonic()
        subprocess.run([cli] + arguments[:-1] + [out], cwd=cwd, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return {export_row(arguments): time.monotonic() - start}


def medians(path):
    """{name: median} of a bench JSON file's records (records without a number are left out)."""
    with open(path) as f:
        records = json.load(f)["records"]
    return {r["name"]: r["median"] for r in records if isinstance(r.get("median"), (int, float))}


def run_pairs(run_base, run_current, pairs, progress=None):
    """`pairs` results of each callable, in pair order; pair i runs base first when i is even."""
    base_runs, current_runs = [], []
    for i in range(pairs):
        if i % 2 == 0:
            base_runs.append(run_base())
            current_runs.append(run_current())
        else:
            current_runs.append(run_current())
            base_runs.append(run_base())
        if progress:
            progress(i + 1)
    return base_runs, current_runs
