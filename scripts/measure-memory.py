#!/usr/bin/env python3
"""Peak memory of animexport per encoder (docs/memory.md).

    python3 scripts/measure-memory.py BIN OUT.jsonl [NAME-PREFIX ...]

Runs BIN (the release animexport) once per case, alone, in a scratch folder, and appends one JSON
line per case to OUT.jsonl: peak RSS (wait4's ru_maxrss), peak address space (VmPeak of
/proc/PID/status, polled every 10 ms; a high-water mark) and what the process mapped at the
memory check (from -v), beside the estimate -v printed. NAME-PREFIX picks cases ("hevc", "gif").
"""
import json, os, re, sys, tempfile, threading, time

LOOKAHEAD = [("h264", ["o.mp4"], "2"), ("h264-ultrafast", ["--x264-preset", "ultrafast", "o.mp4"], "1"),
             ("hevc", ["--codec", "hevc", "o.mp4"], "1"), ("av1", ["--codec", "av1", "o.mp4"], "1"),
             ("vp9", ["o.webm"], "1.2"), ("vp9-alpha", ["--background", "transparent", "o.webm"], "1.2")]
INTRA = [("gif", ["o.gif"]), ("gif-per-frame", ["--gif-palette", "per-frame", "o.gif"]), ("apng", ["o.apng"]),
         ("webp", ["o.webp"]), ("webp-alpha", ["--background", "transparent", "o.webp"]),
         ("webp-lossy", ["--quality", "80", "o.webp"]), ("prores4444", ["o.mov"]),
         ("prores4444-alpha", ["--background", "transparent", "o.mov"]), ("prores-hq", ["--codec", "prores-hq", "o.mov"])]


def cases():
    out = []
    for size, intraSeconds in [("1920x1080", "0.5"), ("3840x2160", "0.3")]:
        for name, args, seconds in LOOKAHEAD:
            out.append((f"{name} {size} {seconds}s", ["--seconds", seconds, "--size", size] + args))
        for name, args in INTRA:
            out.append((f"{name} {size} {intraSeconds}s", ["--seconds", intraSeconds, "--size", size] + args))
    for name in ["webp", "gif"]:   # memory must not grow with the clip
        args = dict(INTRA)[name]
        out.append((f"{name} 1920x1080 2s", ["--seconds", "2", "--size", "1920x1080"] + args))
    return out


def measure(binary, name, args):
    folder = tempfile.mkdtemp(prefix="animexport-memory-")
    import subprocess
    t0 = time.time()
    p = subprocess.Popen([binary, "heart"] + args + ["-v", "-y"], cwd=folder,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = []
    reader = threading.Thread(target=lambda: err.append(p.stderr.read()))
    reader.start()
    peak = 0
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid == p.pid:
            break
        try:
            text = open(f"/proc/{p.pid}/status").read()
            peak = max(peak, int(re.search(r"VmPeak:\s+(\d+)", text).group(1)))
        except (OSError, AttributeError):
            pass
        time.sleep(0.01)
    reader.join()
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    os.rmdir(folder)
    e = err[0] if err else ""
    m = re.search(r"needs about (\d+) MB more address space \(mapped now (\d+) MB.*?and (\d+) MB resident", e)
    r = dict(name=name, rc=os.waitstatus_to_exitcode(status), secs=round(time.time() - t0, 1),
             vmpeak_mb=peak // 1024, maxrss_mb=usage.ru_maxrss // 1024,
             est_addr=int(m.group(1)) if m else None, mapped=int(m.group(2)) if m else None,
             est_res=int(m.group(3)) if m else None)
    if r["rc"] != 0:
        r["err"] = e[-300:]
    return r


def main():
    binary, out, prefixes = sys.argv[1], sys.argv[2], sys.argv[3:]
    for name, args in cases():
        if prefixes and not any(name.split(" ")[0] == p for p in prefixes):
            continue
        r = measure(binary, name, args)
        print(json.dumps(r), flush=True)
        with open(out, "a") as f:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
