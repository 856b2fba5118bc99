"""Builds the base commit's bench and runs both builds in turn."""
import json
import os
import shutil
import subprocess
import tempfile

BENCH = os.path.join(".build", "release", "animexport-bench")


def base_checkout(repo, commit):
    """A detached worktree of `commit` under .build/bench-base/<sha> (made once, then reused)."""
    sha = subprocess.run(["git", "-C", repo, "rev-parse", "--verify", commit + "^{commit}"],
                         check=True, capture_output=True, text=True).stdout.strip()
    path = os.path.join(repo, ".build", "bench-base", sha)
    if not os.path.isdir(path):
        subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", path, sha], check=True,
                       capture_output=True, text=True)
    return sha, path


def build(checkout, swift="swift"):
    """The release bench of `checkout`; returns its path."""
    subprocess.run([swift, "build", "-c", "release", "--product", "animexport-bench"], cwd=checkout, check=True)
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


def medians(path):
    """{name: median} of a bench JSON file's records (records without a number are left out)."""
    with open(path) as f:
        records = json.load(f)["records"]
    return {r["name"]: r["median"] for r in records if isinstance(r.get("median"), (int, float))}
