#!/usr/bin/env python3
"""Writes a large `keyframes` scenario (default 100,000 values) for timing the keyframe kernel's cost per key count.

    python3 scripts/keyframes-large.py [--values N] [--mode MODE] [--key-times] [--output FILE]
    motionbench run --scenario FILE --layers 1000 --frames 10

Every tenth value is a per-layer distribution (constant values only for the paced modes, which need them);
`--key-times` gives explicit key times with runs of repeated times.
"""
import argparse
import json
import math
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--values", type=int, default=100_000)
parser.add_argument("--mode", default="cubic", choices=["linear", "discrete", "paced", "cubic", "cubicPaced"])
parser.add_argument("--key-times", action="store_true", help="explicit key times with repeats")
parser.add_argument("--output", default="-")
args = parser.parse_args()

n = args.values
paced = args.mode in ("paced", "cubicPaced")
values = []
for k in range(n):
    base = round(100 * math.sin(k * 0.001) + k * 1e-3, 6)
    if k % 10 == 5 and not paced:
        values.append({"uniform": [base - 1, base + 1]})
    else:
        values.append(base)
entry = {
    "kind": "keyframes",
    "weight": 1,
    "begin": {"uniform": [0, 0.05]},
    "values": values,
    "calculationMode": args.mode,
    "duration": {"uniform": [0.08, 0.12]},
    "easing": "ease-in-out",
    "repeatCount": 2,
    "autoreverses": True,
}
if args.key_times:
    # Evenly spaced, with every hundredth key time repeated by its successor.
    times = [k / (n - 1) for k in range(n)]
    for k in range(0, n - 1, 100):
        times[k + 1] = times[k]
    entry["keyTimes"] = times
scenario = {
    "version": 2,
    "name": f"keyframes-{n}",
    "description": f"One keyframes entry of {n} values ({args.mode}): the keyframe kernel's cost per key count.",
    "seed": 5,
    "animations": [entry],
}
text = json.dumps(scenario)
if args.output == "-":
    sys.stdout.write(text + "\n")
else:
    with open(args.output, "w") as f:
        f.write(text + "\n")
