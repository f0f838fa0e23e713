#!/usr/bin/env python3
"""Regenerates the performance figures of docs/results.md (issue 36): `mixed` and `springs` at 10k, 100k and 1M layers
with 1 and 2 threads beside the stream bound measured in the same run; the per-curve Bezier cost of MotionBench and the
in-repo `chromium` port from one `accuracy` run; the spring regimes' closed-form cost. Prints Markdown with the machine,
the date and the commit.

usage: MOTIONBENCH=.build/release/motionbench REPEAT=5 scripts/perf-figures.py
       (build first: swift build -c release --product motionbench; add -Xswiftc -target-cpu -Xswiftc native for a
       native build, and point MOTIONBENCH at its binary)"""
import json
import os
import subprocess
import sys
import tempfile

BINARY = os.environ.get("MOTIONBENCH", ".build/release/motionbench")
REPEAT = os.environ.get("REPEAT", "5")


def motionbench(*arguments):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "report.json")
        result = subprocess.run([BINARY, *arguments, "--format", "json", "--output", path], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"motionbench {' '.join(arguments)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
        with open(path) as file:
            return json.load(file)


def frame_rows():
    print("| scenario | threads | layers | ns/layer-frame (min–max) | stream bound ns | × stream |")
    print("|---|---:|---:|---:|---:|---:|")
    metadata = None
    for scenario in ("mixed", "springs"):
        for threads in ("1", "2"):
            report = motionbench("run", "--scenario", scenario, "--layers", "10000,100000,1000000", "--threads", threads,
                                 "--frames", "120", "--repeat", REPEAT)
            metadata = report.get("metadata", metadata)
            for row in report["results"]:
                spread = (row.get("spread") or {}).get("nsPerLayerFrame")
                span = f" ({spread['min']:.2f}–{spread['max']:.2f})" if spread else ""
                print(f"| {scenario} | {threads} | {row['layers']:,} | {row['nsPerLayerFrame']:.2f}{span} | "
                      f"{row['streamNsPerLayerFrame']:.2f} | {row['ratioToStream']:.2f} |")
    return metadata


def accuracy_rows():
    report = motionbench("accuracy", "--curves", "all")
    strategies = {strategy["name"]: strategy for strategy in report["bezier"]["strategies"]}
    ours, chromium = strategies["motionbench"], strategies["chromium"]
    print("\n| curve | motionbench ns | chromium port ns | × chromium | motionbench max error |")
    print("|---|---:|---:|---:|---:|")
    for curve in report["bezier"]["curves"]:
        a, b = ours["perCurve"][curve], chromium["perCurve"][curve]
        print(f"| {curve} | {a['nsPerEval']:.2f} | {b['nsPerEval']:.2f} | {a['nsPerEval'] / b['nsPerEval']:.2f} | "
              f"{a['maxAbsError']:.2g} |")
    print("\n| spring regime | ζ | motionbench ns | webkit ns |")
    print("|---|---:|---:|---:|")
    for regime in report["springs"]["regimes"]:
        print(f"| {regime['regime']} | {regime['dampingRatio']:.7g} | {regime['nsPerEval']:.2f} | "
              f"{regime['webkitNsPerEval']:.2f} |")
    return report.get("metadata")


metadata = frame_rows()
accuracy_rows()
if metadata:
    machine = metadata.get("machine", {})
    print(f"\n{machine.get('cpu')}, {machine.get('cores')} cores, {metadata.get('toolchain')}, build "
          f"{metadata.get('build')}, {metadata.get('timestamp')}, commit {metadata.get('commit', '')[:7]}"
          f"{' with uncommitted changes' if metadata.get('commitModified') else ''}")
