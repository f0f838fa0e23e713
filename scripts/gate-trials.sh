#!/usr/bin/env bash
# Runs the README's paired CI recipe (gate --against BASE --instructions) repeatedly, on identical code (A/A) and on a
# build with ~10% more instructions in the Bézier solver (A/B), and prints each trial's verdict, exit code and wall
# time. The regression is injected into a copy of the checkout: a dependent chain of multiply-adds in
# CubicBezier.value(at:) whose result is added as (pad − pad), which IEEE arithmetic cannot fold away.
#
# usage: scripts/gate-trials.sh TRIALS [PAD]    (PAD: chain length; 7 gives +10.0% on bezier-hard, +12.3% on
#                                                bezier-presets)
# BASE_BINARY and REGRESSED_BINARY, when set, are used instead of building (both release builds).
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-10}
pad=${2:-7}
work=$(mktemp -d /tmp/motionbench-trials.XXXXXX)
export PATH="/opt/swift/usr/bin:$PATH"

if [ -n "${BASE_BINARY:-}" ]; then
    cp "$BASE_BINARY" "$work/base"
else
    echo "building base (this checkout) ..." >&2
    swift build -c release --product motionbench --scratch-path .build-trial-base >&2
    cp .build-trial-base/release/motionbench "$work/base"
fi
cp "$work/base" "$work/head-same"
if [ -n "${REGRESSED_BINARY:-}" ]; then
    cp "$REGRESSED_BINARY" "$work/head-regressed"
else

echo "building the regressed head (pad $pad) ..." >&2
git worktree add --detach "$work/regressed" HEAD >&2
file="$work/regressed/Sources/MotionCore/Curves/CubicBezier.swift"
python3 - "$file" "$pad" <<'PY'
import sys
path, pad = sys.argv[1], int(sys.argv[2])
text = open(path).read()
old = "            // Above 0.5, 1 − y is the small quantity: compute it directly so outputs next to 1 are exact.\n"
new = ("            var pad = t\n"
       f"            for _ in 0..<{pad} {{ pad = pad * 0.999_999_9 + 1e-9 }}\n" + old)
assert old in text
text = text.replace(old, new)
text = text.replace("return x > 0.5 ? 1 - complementY(s: s, t: t) : y(s: s, t: t)",
                    "return (x > 0.5 ? 1 - complementY(s: s, t: t) : y(s: s, t: t)) + (pad - pad)")
open(path, "w").write(text)
PY
(cd "$work/regressed" && swift build -c release --product motionbench --scratch-path "$work/regressed/.build" >&2)
cp "$work/regressed/.build/release/motionbench" "$work/head-regressed"
git worktree remove --force "$work/regressed"
fi

run() { # label head
    local start end code
    start=$(date +%s.%N)
    set +e
    "$2" gate --against "$work/base" --instructions --format json > "$work/out.json" 2> "$work/err.txt"
    code=$?
    set -e
    end=$(date +%s.%N)
    python3 - "$1" "$code" "$start" "$end" "$work/out.json" <<'PY'
import json, sys
label, code, start, end, path = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
doc = json.load(open(path))
worst = max((r for r in doc["rows"] if r["unit"] == "instructions"), key=lambda r: r["change"])
print(f"{label}\t{doc['verdict']}\texit {code}\t{end - start:.0f} s\tlargest instruction change "
      f"{worst['changePercent']:+.3f}% ({worst['workload']})", flush=True)
PY
}

for trial in $(seq 1 "$trials"); do
    run "A/A $trial" "$work/head-same"
    run "A/B $trial" "$work/head-regressed"
done
rm -rf "$work"
