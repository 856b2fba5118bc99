import json
import os
import stat
import subprocess
import tempfile
import unittest

from bench_against import runner, stats


class SignTest(unittest.TestCase):
    def test_known_values(self):
        self.assertEqual(stats.sign_test(5, 5), 1.0)
        self.assertAlmostEqual(stats.sign_test(0, 5), 2 / 32)
        self.assertAlmostEqual(stats.sign_test(9, 1), 2 * (1 + 10) / 1024)
        self.assertAlmostEqual(stats.sign_test(1, 9), stats.sign_test(9, 1))
        self.assertEqual(stats.sign_test(0, 0), 1.0)

    def test_even_split_is_never_significant(self):
        for n in range(1, 30):
            self.assertGreater(stats.sign_test(n, n), 0.5)


class Compare(unittest.TestCase):
    def test_paired_ratio_wins_and_missing_rows(self):
        base = [{"a": 1.0, "b": 2.0, "gone": 1.0}, {"a": 2.0, "b": 2.0, "gone": 1.0}, {"a": 4.0, "b": 2.0, "gone": 1.0}]
        current = [{"a": 0.5, "b": 2.0, "new": 1.0}, {"a": 1.0, "b": 2.0}, {"a": 8.0, "b": 3.0}]
        rows = stats.compare(base, current)
        self.assertEqual(sorted(rows), ["a", "b"])          # rows in one build only: nothing to compare
        self.assertEqual(rows["a"]["base"], 2.0)
        self.assertEqual(rows["a"]["current"], 1.0)
        self.assertEqual(rows["a"]["ratio"], 0.5)            # pairs: 0.5, 0.5, 2.0
        self.assertEqual((rows["a"]["faster"], rows["a"]["pairs"]), (2, 3))
        self.assertEqual(rows["b"]["faster"], 0)             # two ties and one loss
        self.assertEqual(rows["b"]["p"], 1.0)
        lines = stats.table(rows, "abc1234", "current")
        self.assertEqual(len(lines), 3)
        self.assertIn("2/3", lines[1])

    def test_unequal_run_counts_are_refused(self):
        with self.assertRaises(ValueError):
            stats.compare([{"a": 1.0}], [])


class Runner(unittest.TestCase):
    def test_run_once_reads_the_json_the_bench_writes(self):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "bench")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\n# --only ROWS --rounds N --json PATH\n"
                        "echo \"{\\\"records\\\": [{\\\"name\\\": \\\"render $2\\\", \\\"median\\\": $4},"
                        " {\\\"name\\\": \\\"nan\\\", \\\"median\\\": null}]}\" > $6\n")
            os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
            self.assertEqual(runner.run_once(fake, "dots", 3, d), {"render dots": 3})

    def test_run_export_times_the_cli_writing_a_scratch_file_of_the_format(self):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "animexport")
            log = os.path.join(d, "args")
            with open(fake, "w") as f:   # records its arguments, writes OUT, takes ~0.2 s
                f.write(f"#!/bin/sh\necho \"$@\" > {log}\nfor last; do :; done\nsleep 0.2\necho x > \"$last\"\n")
            os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
            row = runner.run_export(fake, ["heart", "--frames", "3", "o.webm"], d)
            name = "export: animexport heart --frames 3 o.webm (wall, s)"
            self.assertEqual(list(row), [name])
            self.assertGreaterEqual(row[name], 0.2)
            with open(log) as f:
                words = f.read().split()
            self.assertEqual(words[:3], ["heart", "--frames", "3"])
            self.assertTrue(words[3].endswith("out.webm") and not os.path.exists(words[3]))   # scratch, removed

    def test_pairs_alternate_which_build_runs_first(self):
        order = []
        base, current = runner.run_pairs(lambda: order.append("b") or len(order),
                                         lambda: order.append("c") or len(order), 4)
        self.assertEqual("".join(order), "bccbbccb")
        self.assertEqual(base, [1, 4, 5, 8])      # pair i of each list came from the same pair
        self.assertEqual(current, [2, 3, 6, 7])

    def test_base_checkout_is_a_detached_worktree_reused(self):
        with tempfile.TemporaryDirectory() as repo:
            git = ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"]
            subprocess.run(["git", "init", "-q", repo], check=True)
            with open(os.path.join(repo, "f"), "w") as f:
                f.write("one")
            subprocess.run(git + ["add", "f"], check=True)
            subprocess.run(git + ["commit", "-qm", "one"], check=True)
            first = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
            with open(os.path.join(repo, "f"), "w") as f:
                f.write("two")
            subprocess.run(git + ["commit", "-qam", "two"], check=True)
            sha, path = runner.base_checkout(repo, "HEAD~1")
            self.assertEqual(sha, first)
            with open(os.path.join(path, "f")) as f:
                self.assertEqual(f.read(), "one")
            self.assertEqual(runner.base_checkout(repo, first), (sha, path))
            with self.assertRaises(subprocess.CalledProcessError):
                runner.base_checkout(repo, "no-such-commit")


if __name__ == "__main__":
    unittest.main()

