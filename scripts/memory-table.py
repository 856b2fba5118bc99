#!/usr/bin/env python3
"""The measured-vs-estimated table of docs/memory.md from scripts/measure-memory.py's output.

    python3 scripts/memory-table.py OUT.jsonl ...

The estimates are those the measured binary printed (-v), so run both with the same build.
A later line for the same case replaces an earlier one.
"""
import json, sys

rows = {}
for path in sys.argv[1:]:
    for line in open(path):
        r = json.loads(line)
        rows[r["name"]] = r
print("| encoder (settings) | size | frames | peak RSS MB | estimate MB | est./meas. | address MB | estimate MB | est./meas. |")
print("|---|---|---|---|---|---|---|---|---|")
for name, r in rows.items():
    key, size, seconds = name.split(" ")
    frames = round(float(seconds.rstrip("s")) * 30)
    address = r["vmpeak_mb"] - r["mapped"]
    print(f"| {key} | {size} | {frames} | {r['maxrss_mb']} | {r['est_res']} | {r['est_res'] / r['maxrss_mb']:.2f} "
          f"| {address} | {r['est_addr']} | {r['est_addr'] / address:.2f} |")
