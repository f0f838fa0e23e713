#!/usr/bin/env python3
"""Runs Benchmarks/SolverComparisonBenchmarks (MotionBench's CubicBezier.value(at:) beside the in-repo Chromium and
WebKit strategies, same shuffled inputs, same closure call path) and prints ns per call and the ratios per curve.

On a shared VM one run drifts by 10-30% between benchmarks, so the script runs the target RUNS times (default 3),
takes each ratio within one run, and prints the medians over the runs: of the ratio of medians (p50 of each
benchmark's iterations), and of the ratio of fastest iterations (p0), which a noisy neighbour can only slow down and
so moves less between runs.

usage: RUNS=3 scripts/solver-ratios.py [extra swift-package-benchmark arguments]"""
import os
import re
import statistics
import subprocess
import sys

STRATEGIES = ("motionbench", "chromium", "webkit")


def one_run():
    command = ["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--target",
               "SolverComparisonBenchmarks", "--format", "markdown", "--no-progress"] + sys.argv[1:]
    output = subprocess.run(command, capture_output=True, text=True).stdout
    times = {}
    current = None
    for line in output.splitlines():
        header = re.match(r"^### solver/(.+)/([^/]+)$", line.strip())
        if header:
            current = (header.group(1), header.group(2))
            continue
        if current and line.startswith("| Time (wall clock)"):
            cells = [cell.strip() for cell in line.split("|")]
            # p0 and p50, ns per 1,000 calls -> ns per call
            times[current] = (float(cells[4]) / 1000, float(cells[2]) / 1000)
            current = None
    if not times:
        sys.exit("no solver results in the benchmark output:\n" + output[-2000:])
    return times


runs = [one_run() for _ in range(int(os.environ.get("RUNS", "3")))]
curves = list(dict.fromkeys(curve for curve, _ in runs[0]))


def median(values):
    values = [value for value in values if value == value]
    return statistics.median(values) if values else float("nan")


NAN = (float("nan"), float("nan"))
print(f"medians over {len(runs)} runs; each ratio taken within one run; p50 = median iteration, p0 = fastest")
print("| curve | motionbench ns | chromium ns | webkit ns | ×chromium p50 | ×webkit p50 | ×chromium p0 | ×webkit p0 |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for curve in curves:
    ns = [median(run.get((curve, name), NAN)[0] for run in runs) for name in STRATEGIES]
    ratios = [median(run.get((curve, "motionbench"), NAN)[column] / run.get((curve, other), NAN)[column]
                     for run in runs) for column in (0, 1) for other in STRATEGIES[1:]]
    print(f"| {curve} | {ns[0]:.2f} | {ns[1]:.2f} | {ns[2]:.2f} | "
          + " | ".join(f"{ratio:.2f}" for ratio in ratios) + " |")
