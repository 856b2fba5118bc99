#!/usr/bin/env bash
# Fingerprints of a fixed set of small outputs, for refactors that must keep every output
# byte-identical: run it with the binary before and after, diff the two lists.
#
#   scripts/output-fingerprints.sh BINARY OUTDIR > fingerprints.txt
#
# Each line is "sha256  name" (a PNG sequence: one line per frame file). A case the binary refuses
# prints "exit N  name", so a changed refusal shows in the diff too. The batch manifest's
# timestamps and timings (`renderSeconds`, `started`/`finished`-style keys, the binary's version)
# are normalised before it is hashed. Covers: every built-in scene with several presets in every
# output format (alpha formats with a transparent background), stills, a Lottie clip and still
# from the Lottie test fixtures, delivery targets, and a batch with its manifest. Small sizes,
# about a second each.
set -u
bin=$(readlink -f "$1")
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out" && mkdir -p "$out"
cd "$root" || exit 1

# run NAME ARGS… : render to $out/NAME with the remaining arguments (output path appended).
run() {
    local name=$1; shift
    mkdir -p "$(dirname "$out/$name")"
    if "$bin" "$@" "$out/$name" > "$out/.log-${name//\//_}" 2>&1; then :; else
        echo "exit $?  $name"
    fi
}

small=(--size 96x96 --fps 12 --seconds 1)

# Every scene × a few presets, H.264 MP4 (the default) and a still.
for scene_preset in pulse:red pulse:blue pulse:orange heart:heart heart:icon heart:large \
                    dots:dots dots:blue dots:five; do
    scene=${scene_preset%%:*}; preset=${scene_preset#*:}
    [ "$preset" = "$scene" ] && p=() || p=(--preset "$preset")
    run "$scene-$preset.mp4" "$scene" "${p[@]}" "${small[@]}"
    run "$scene-$preset.png" still "$scene" "${p[@]}" --size 96x96 --time 0.4
done

# Every container and codec, opaque, on one scene each.
for scene in pulse heart dots; do
    run "$scene-hevc.mp4"      "$scene" "${small[@]}" --codec hevc
    run "$scene-av1.mp4"       "$scene" "${small[@]}" --codec av1
    run "$scene-h264.m4v"      "$scene" "${small[@]}"
    run "$scene-prores.mov"    "$scene" "${small[@]}"
    run "$scene-prores-hq.mov" "$scene" "${small[@]}" --codec prores-hq
    run "$scene-h264.mov"      "$scene" "${small[@]}" --codec h264
    run "$scene-hevc.mov"      "$scene" "${small[@]}" --codec hevc
    run "$scene-vp9.webm"      "$scene" "${small[@]}"
    run "$scene-av1.webm"      "$scene" "${small[@]}" --codec av1
    run "$scene.gif"           "$scene" "${small[@]}"
    run "$scene-perframe.gif"  "$scene" "${small[@]}" --gif-palette per-frame
    run "$scene.apng"          "$scene" "${small[@]}"
    run "$scene.webp"          "$scene" "${small[@]}"
    run "$scene-lossy.webp"    "$scene" "${small[@]}" --quality 70
    run "$scene-seq/f%03d.png" "$scene" --size 64x64 --fps 6 --seconds 1
done

# Encoder knobs on H.264 and the others.
run pulse-crf.mp4     pulse "${small[@]}" --crf 23 --x264-preset veryfast
run pulse-ntsc.mp4    pulse --size 96x96 --fps 30000/1001 --seconds 1
run pulse-2997.mp4    pulse --size 96x96 --fps 29.97 --seconds 1
run pulse-rate.mp4    pulse "${small[@]}" --bitrate 200k --maxrate 300k
run heart-hevc-q.mp4  heart "${small[@]}" --codec hevc --quality 28 --speed fast
run dots-vp9-q.webm   dots "${small[@]}" --quality 40 --speed 8
run heart-loops.mp4   heart --size 96x96 --fps 12 --loops 1
run dots-odd.mp4      dots --size 95x71 --fps 12 --seconds 1
run pulse-odd.gif     pulse --size 95x71 --fps 12 --seconds 1

# Alpha: every format that holds it, and a transparent still.
for scene in pulse heart dots; do
    t=(--background transparent)
    run "$scene-alpha.mov"       "$scene" "${small[@]}" "${t[@]}"
    run "$scene-alpha.webm"      "$scene" "${small[@]}" "${t[@]}"
    run "$scene-alpha.gif"       "$scene" "${small[@]}" "${t[@]}"
    run "$scene-alpha.apng"      "$scene" "${small[@]}" "${t[@]}"
    run "$scene-alpha.webp"      "$scene" "${small[@]}" "${t[@]}"
    run "$scene-alpha-seq/f%02d.png" "$scene" --size 64x64 --fps 6 --seconds 1 "${t[@]}"
    run "$scene-alpha.png"       still "$scene" --size 96x96 --time 0.3 "${t[@]}"
done
run pulse-translucent.webm pulse "${small[@]}" --background '#20406080'

# Delivery targets (small sizes where the target allows an override).
run target-readme.gif     heart --target readme-gif --size 96x96 --seconds 1
run target-overlay.mov    heart --target overlay-prores --size 96x96 --seconds 1
run target-x.mp4          pulse --target x --size 96x96 --seconds 1
# A target whose size is fixed refuses --size: the refusal (its exit status) is fingerprinted too.
run target-iphone-refused.mp4 pulse --target appstore-iphone --size 96x96

# Lottie: a clip, a transparent WebM, a still, an info report.
fx=Tests/LottieTests/Fixtures
run lottie-heart.mp4      "$fx/TwitterHeart.json" --size 96x96 --fps 12 --seconds 1
run lottie-heart.webm     "$fx/TwitterHeart.json" --size 96x96 --fps 12 --seconds 1 --background transparent
run lottie-masks.mp4      "$fx/masks_issue_2150.json" --size 96x96 --fps 12 --seconds 1
run lottie-timeremap.gif  "$fx/timeremap.json" --size 96x96 --fps 12 --seconds 1
run lottie-text.png       still "$fx/Text_Glyph.json" --size 96x96 --time 0.5
run lottie-heart.png      still "$fx/TwitterHeart.json" --size 96x96 --frame 10
"$bin" info "$fx/TwitterHeart.json" --json > "$out/lottie-info.json" 2>&1 || echo "exit $?  lottie-info.json"

# A batch of one preset with several outputs, and its manifest.
mkdir -p "$out/.batch-in"
cat > "$out/.batch-in/small.json" <<'EOF'
{
  "animation": "pulse",
  "canvas": {"width": 400, "height": 400},
  "background": "#FFFFFF",
  "fps": 12,
  "scale": 2,
  "seconds": 1,
  "encoder": {"preset": "medium", "crf": 18, "tune": "animation", "profile": "high"},
  "parameters": {"layers": [{"radius": 150, "duration": 1.0, "repeatCount": "infinite",
                             "color": {"r": 0.9, "g": 0.1, "b": 0.3}}]},
  "outputs": [
    {"name": "small/square.mp4", "size": "96x96", "loops": 1},
    {"name": "small/wide.webm",  "size": "128x72", "seconds": 1, "fps": 10},
    {"name": "small/anim.gif",   "size": "64x64", "loops": 1},
    {"name": "small/poster.png", "size": "96x96", "time": 0.3}
  ]
}
EOF
"$bin" batch "$out/.batch-in/small.json" --out "$out/batch" --jobs 1 > "$out/.log-batch" 2>&1 \
    || echo "exit $?  batch"
if [ -f "$out/batch/manifest.json" ]; then
    sed -E -e 's/("renderSeconds"[[:space:]]*:[[:space:]]*)[0-9.eE+-]+/\10/g' \
           -e 's/("(started|finished|created|date|time|timestamp|generated|generatedAt|version|animexportVersion)"[[:space:]]*:[[:space:]]*)"[^"]*"/\1"-"/g' \
        "$out/batch/manifest.json" > "$out/batch/manifest.normalised.json"
    rm "$out/batch/manifest.json"
fi

cd "$out" && find . -type f ! -name '.log-*' ! -path './.batch-in/*' ! -name '.animexport-batch.lock' \
    | LC_ALL=C sort | xargs -d '\n' sha256sum
