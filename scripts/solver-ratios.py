#!/usr/bin/env python3
"""Runs Benchmarks/SolverComparisonBenchmarks (MotionBench's CubicBezier.value(at:) beside the in-repo Chromium and
WebKit strategies, same shuffled inputs, same closure call path) and prints ns per call and the ratios per curve.

usage: scripts/solver-ratios.py [extra swift-package-benchmark arguments]"""
import re
import subprocess
import sys

command = ["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--target", "SolverComparisonBenchmarks",
           "--format", "markdown", "--no-progress"] + sys.argv[1:]
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
        times[current] = float(cells[4]) / 1000  # p50, ns per 1,000 calls -> ns per call
        current = None
if not times:
    sys.exit("no solver results in the benchmark output:\n" + output[-2000:])
curves = list(dict.fromkeys(curve for curve, _ in times))
print("| curve | motionbench ns | chromium ns | webkit ns | motionbench/chromium | motionbench/webkit |")
print("|---|---:|---:|---:|---:|---:|")
for curve in curves:
    ours, chromium, webkit = (times.get((curve, name), float("nan")) for name in ("motionbench", "chromium", "webkit"))
    print(f"| {curve} | {ours:.2f} | {chromium:.2f} | {webkit:.2f} | {ours / chromium:.2f} | {ours / webkit:.2f} |")
