#!/usr/bin/env bash
# Runs the fuzz targets built by Fuzz/build.sh, all at once (one core each), for SECONDS each,
# and prints each target's executions and exec/s. Exit 1 if any target found a crash, a hang
# (> FUZZ_TIMEOUT s for one input), a leak or an input needing > 2 GB; the input is then in
# OUT/artifacts-<target>/ — fix the bug, then keep the input in Fuzz/regressions/<target>/.
#   Fuzz/run.sh OUT SECONDS            (FUZZ_TARGETS="expression lottie" runs only those)
# FUZZ_TIMEOUT (default 10) is libFuzzer's per-input limit in wall-clock seconds: on a machine
# shared with builds and test runs (load 16 on 2 cores) an input of 1 s of CPU took 38 s of wall
# time, so such a run takes a larger limit; an endless loop is caught by any limit.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
SECONDS_EACH=${2:-600}
targets=(${FUZZ_TARGETS:-geometry preset font lottie media expression})
pids=()
for t in "${targets[@]}"; do
    corpus=$OUT/corpus-$t
    mkdir -p "$corpus" "$OUT/artifacts-$t"
    [[ $t == preset ]] && cp -n presets/*.json "$corpus/"
    # Font seeds: the first byte picks text and size (FontCase.swift), then a real font.
    if [[ $t == font && -z $(ls -A "$corpus") ]]; then
        for f in /usr/share/fonts/opentype/inter/Inter-Bold.otf /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf; do
            [[ -f $f ]] && { printf '\x11'; cat "$f"; } > "$corpus/seed-$(basename "$f")"
        done
    fi
    # Media seeds: the test images and zips behind their selector bytes (MediaCase.swift).
    if [[ $t == media && -z $(ls -A "$corpus") ]]; then
        for f in Tests/MediaTests/Fixtures/*.{png,jpg,webp}; do { printf '\x00'; cat "$f"; } > "$corpus/seed-$(basename "$f")"; done
        for f in Tests/MediaTests/Fixtures/*.zip; do { printf '\x01'; cat "$f"; } > "$corpus/seed-$(basename "$f")"; done
    fi
    dict=()
    if [[ $t == lottie ]]; then
        # Seeds: the test fixtures and the team's Lottie corpus ($ANIMEXPORT_LOTTIE_CORPUS, else
        # lottie/samples in a folder beside the repository), files under 1 MB.
        cp -n Tests/LottieTests/Fixtures/*.json "$corpus/"
        cp -n Tests/LottieRenderTests/Fixtures/*.json "$corpus/"
        for samples in ${ANIMEXPORT_LOTTIE_CORPUS:-} ../*/lottie/samples; do
            [[ -d $samples ]] && find "$samples" -name '*.json' -size -1024k -exec cp -n {} "$corpus/" \;
        done
        dict=(-dict=Fuzz/lottie.dict)
    fi
    # Expression seeds (into an empty corpus; the dictionary is used either way): every expression of the fixtures and the corpus, one file each.
    if [[ $t == expression && -z $(ls -A "$corpus") ]]; then
        python3 - "$corpus" Tests/LottieRenderTests/Fixtures ${ANIMEXPORT_LOTTIE_CORPUS:-} ../*/lottie/samples <<'PY' || true
import json, os, sys, glob
out, n = sys.argv[1], 0
def walk(o):
    global n
    if isinstance(o, dict):
        if isinstance(o.get("x"), str) and "k" in o:
            open(os.path.join(out, "seed-%d" % n), "w").write(o["x"]); n += 1
        for v in o.values(): walk(v)
    elif isinstance(o, list):
        for v in o: walk(v)
for d in sys.argv[2:]:
    for f in glob.glob(os.path.join(d, "**", "*.json"), recursive=True):
        try: walk(json.load(open(f)))
        except Exception: pass
PY
    fi
    [[ $t == expression ]] && dict=(-dict=Fuzz/expression.dict)
    echo "fuzz: $t for $SECONDS_EACH s (log $OUT/$t.log)"
    # fontconfig keeps one-time state until exit (Fuzz/lsan.supp; the same 288 bytes after 1 or
    # 30 runs of one input, so not a per-input leak).
    LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp "$OUT/fuzz-$t" "${dict[@]}" -max_total_time="$SECONDS_EACH" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$OUT/artifacts-$t/" "$corpus" "Fuzz/regressions/$t" >"$OUT/$t.log" 2>&1 &
    pids+=($!)
done
failed=0
for i in "${!targets[@]}"; do
    t=${targets[$i]}
    wait "${pids[$i]}"; status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$t.log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$OUT/$t.log")
    echo "fuzz: $t: ${runs:-?} executions in $SECONDS_EACH s, ${rate:-?} exec/s, exit $status"
    if [[ $status != 0 ]]; then
        failed=1
        grep -m3 -E "ERROR|SUMMARY|Test unit written" "$OUT/$t.log"
    fi
done
exit $failed
