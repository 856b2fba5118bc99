import sys
import time
import unittest

from lottie_compare import procs


class ProcsTests(unittest.TestCase):
    def test_success(self):
        o = procs.run([sys.executable, "-c", "print('hi')"], 60)
        self.assertTrue(o.ok)
        self.assertEqual(o.stdout.strip(), "hi")
        self.assertIsNone(o.failure())

    def test_exit_code_with_the_last_stderr_line(self):
        o = procs.run([sys.executable, "-c", "import sys; print('a', file=sys.stderr); print('b: bad', file=sys.stderr); sys.exit(2)"], 60)
        self.assertEqual(o.failure(), "exit 2: b: bad")

    def test_a_crash_is_a_result(self):
        o = procs.run([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"], 60)
        self.assertEqual(o.failure(), "crashed (SIGSEGV)")

    def test_a_hang_is_killed_with_its_children(self):
        start = time.monotonic()
        o = procs.run(["sh", "-c", "sleep 600 & sleep 600"], 0.5)
        self.assertTrue(o.timed_out)
        self.assertEqual(o.failure(), "timed out")
        self.assertLess(time.monotonic() - start, 60)   # hang guard: 120× the 0.5 s time-out

    def test_memory_is_capped(self):
        o = procs.run([sys.executable, "-c", f"b = bytearray({procs.ADDRESS_SPACE_CAP} + (1 << 30))"], 60)
        self.assertFalse(o.ok)
        self.assertIn("MemoryError", o.stderr)

    def test_a_missing_program(self):
        o = procs.run(["/nonexistent/program"], 60)
        self.assertEqual(o.returncode, 127)
        self.assertIn("cannot run", o.failure())


if __name__ == "__main__":
    unittest.main()
