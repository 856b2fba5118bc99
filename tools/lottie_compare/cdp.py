"""A headless Chromium driven over the DevTools protocol through a pipe (standard library only).

Chromium started with `--remote-debugging-pipe` reads protocol commands from its file
descriptor 3 and writes replies and events to descriptor 4, each message one JSON object
followed by a NUL byte (Chromium's DevToolsPipeHandler; the protocol is
https://chromedevtools.github.io/devtools-protocol/). No WebSocket, no port, no third-party
client. Commands are sent with an id and answered by the message with the same id; events
(messages without an id) are skipped. Every wait has a deadline: a page that hangs raises
`Timeout`, and the caller kills the browser (its whole process group) and starts another.
"""
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time


class Timeout(Exception):
    pass


class ProtocolError(Exception):
    pass


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
    "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
    "--disable-background-networking", "--disable-component-update", "--force-color-profile=srgb",
    "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows", "--js-flags=--max-old-space-size=2048",
    "--remote-debugging-pipe", "about:blank",
]


class Browser:
    """One Chromium process and one page (tab) in it, reused for many commands."""

    def __init__(self, binary=None, start_timeout=60):
        binary = binary or find_chromium()
        if not binary:
            raise ProtocolError("no chromium on PATH (make deps-test installs Debian's chromium)")
        self.profile = tempfile.mkdtemp(prefix="lottie-compare-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds():      # the child's descriptors 3 (commands in) and 4 (replies out)
            high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)     # out of the way of 3 and 4 first
            high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen([binary, f"--user-data-dir={self.profile}"] + CHROMIUM_FLAGS,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=fds, start_new_session=True,
                                     close_fds=False)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.session = None
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"}, timeout=start_timeout)["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                     timeout=start_timeout)["sessionId"]
        except Exception:
            self.close()
            raise

    def _send(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._to_child, data)
            data = data[written:]

    def _receive(self, deadline):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Timeout("no reply from chromium")
            ready, _, _ = select.select([self._from_child], [], [], left)
            if ready:
                chunk = os.read(self._from_child, 1 << 20)
                if not chunk:
                    raise ProtocolError("chromium closed its pipe (crashed or exited)")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, timeout=30, page=True):
        """Sends one command (to the page's session unless page=False) and returns its result."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if page and self.session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise ProtocolError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})

    def evaluate(self, expression, timeout=30):
        """The value of a JavaScript expression in the page (promises awaited); a thrown
        exception is a ProtocolError with its text."""
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = (details.get("exception") or {}).get("description") or details.get("text", "exception")
            raise ProtocolError(text.strip().splitlines()[0])
        return result.get("result", {}).get("value")

    def close(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)
