"""Bounded child processes: every renderer runs in its own process with a wall-clock time-out
and an address-space cap, so a file that hangs, crashes or eats memory in one renderer becomes
a result ("timed out after 60 s", "crashed: signal 11") and the run goes on."""
import os
import resource
import signal
import subprocess
from dataclasses import dataclass

ADDRESS_SPACE_CAP = 8 << 30   # bytes; a peer or ours past it fails to allocate instead of swapping the machine


@dataclass
class Outcome:
    returncode: int          # the exit code; negative: killed by that signal (124 when timed out)
    stdout: str
    stderr: str
    timed_out: bool = False

    @property
    def ok(self):
        return not self.timed_out and self.returncode == 0

    def failure(self):
        """One line saying how the process failed, or None."""
        if self.timed_out:
            return "timed out"
        if self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = f"signal {-self.returncode}"
            return f"crashed ({name})"
        if self.returncode != 0:
            last = [line for line in self.stderr.strip().splitlines() if line.strip()]
            return f"exit {self.returncode}" + (f": {last[-1].strip()}" if last else "")
        return None


def _limit():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(argv, timeout, env=None, cwd=None):
    """Runs argv, killing its whole process group after `timeout` seconds."""
    try:
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
                             preexec_fn=_limit, start_new_session=True)
    except OSError as e:
        return Outcome(127, "", f"cannot run {argv[0]}: {e}")
    try:
        out, err = p.communicate(timeout=timeout)
        return Outcome(p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return Outcome(124, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), timed_out=True)
