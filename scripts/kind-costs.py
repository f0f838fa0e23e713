#!/usr/bin/env python3
"""Where a scenario's frame time goes, kind by kind (issue 36): splits a scenario file into one scenario per kind of
layer (its animation entries of that kind, with their own weights, seed and clock; `basic` entries split further by
value type, and per-layer random Beziers apart from named curves), runs each alone and the whole scenario with
`motionbench run` on the same layer count and thread count, and prints a Markdown table: each kind's share of the
layers, its ns per layer-frame, its stream bound and its ratio to it, its active share, and its contribution (share x
ns), with the sum of the contributions beside the whole scenario's own figure. Then the machine, the date and the
commit.

A kind's figure is measured with only that kind's layers in the store, so its columns stream alone: the sum of the
contributions estimates the whole, it is not a partition of one run. Read the ranking and the ratios, not the last
digit; on a shared machine, run it twice.

usage: MOTIONBENCH=.build/release/motionbench scripts/kind-costs.py [SCENARIO] [LAYERS] [THREADS]
       (SCENARIO a scenario file or a built-in name; defaults: data/scenarios/mixed.json, 1000000, 1; REPEAT=3
       passes per run, FRAMES=120; run from the repository root)"""
import json
import os
import subprocess
import sys
import tempfile

BINARY = os.environ.get("MOTIONBENCH", ".build/release/motionbench")
REPEAT = os.environ.get("REPEAT", "3")
FRAMES = os.environ.get("FRAMES", "120")


def run(scenario_path, layers, threads):
    """The first result row of `motionbench run` on `scenario_path`, and the run's metadata."""
    with tempfile.TemporaryDirectory() as directory:
        output = os.path.join(directory, "report.json")
        arguments = [BINARY, "run", "--scenario", scenario_path, "--layers", str(layers), "--threads", str(threads),
                     "--frames", FRAMES, "--repeat", REPEAT, "--format", "json", "--output", output]
        try:
            result = subprocess.run(arguments, capture_output=True, text=True)
        except OSError as error:
            sys.exit(f"kind-costs: cannot run {BINARY} ({error}); build it first: "
                     "swift build -c release --product motionbench")
        if result.returncode != 0:
            sys.exit(f"{' '.join(arguments)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
        with open(output) as file:
            report = json.load(file)
    return report["results"][0], report.get("metadata", {})


def kind_name(entry):
    """The kind's label: the entry's kind, and for `basic` its value type or `random-bezier`."""
    kind = entry["kind"]
    if kind != "basic":
        return kind
    easing = entry.get("easing")
    if isinstance(easing, dict) and "randomBezier" in easing:
        return "basic random-bezier"
    return f"basic {entry.get('value', 'scalar')}"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "data/scenarios/mixed.json"
    if not os.path.exists(path) and os.path.exists(f"data/scenarios/{path}.json"):
        path = f"data/scenarios/{path}.json"  # a built-in scenario's name
    try:
        layers = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
        threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    except ValueError:
        sys.exit(f"kind-costs: LAYERS and THREADS must be whole numbers, got {sys.argv[2:4]}\n{__doc__}")
    try:
        with open(path) as file:
            scenario = json.load(file)
        entries = scenario["animations"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        sys.exit(f"kind-costs: {path} is not a readable scenario file with an 'animations' list ({error})")
    groups = {}
    for entry in entries:
        groups.setdefault(kind_name(entry), []).append(entry)
    total_weight = sum(entry.get("weight", 1) for entry in entries)

    whole, metadata = run(path, layers, threads)
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for name, entries in groups.items():
            part = dict(scenario, name=f"{scenario.get('name', 'scenario')}-{name.replace(' ', '-')}",
                        animations=entries)
            part_path = os.path.join(directory, "part.json")
            with open(part_path, "w") as file:
                json.dump(part, file)
            result, _ = run(part_path, layers, threads)
            share = sum(entry.get("weight", 1) for entry in entries) / total_weight
            rows.append((name, share, result))

    print(f"`{os.path.basename(path)}`, {layers:,} layers, {threads} thread(s), {FRAMES} frames, --repeat {REPEAT}:")
    print()
    print("| kind | share of layers | ns/layer-frame | stream bound ns | × stream | active share | share × ns |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    estimate = 0.0
    for name, share, result in sorted(rows, key=lambda row: -row[1] * row[2]["nsPerLayerFrame"]):
        ns = result["nsPerLayerFrame"]
        estimate += share * ns
        print(f"| {name} | {share:.2f} | {ns:.2f} | {result['streamNsPerLayerFrame']:.2f} | "
              f"{result['ratioToStream']:.2f} | {result['activeShare']:.2f} | {share * ns:.2f} |")
    print(f"| **sum of the kinds** | 1.00 | | | | | **{estimate:.2f}** |")
    print(f"| **the whole scenario** | 1.00 | {whole['nsPerLayerFrame']:.2f} | {whole['streamNsPerLayerFrame']:.2f} | "
          f"{whole['ratioToStream']:.2f} | {whole['activeShare']:.2f} | |")
    print()
    machine = metadata.get("machine", {})
    commit = str(metadata.get("commit", "unknown"))[:7]
    if metadata.get("commitModified"):
        commit += " with uncommitted changes"
    print(", ".join(str(value) for value in (machine.get("cpu"), f"{machine.get('cores')} cores",
                                              metadata.get("toolchain"), metadata.get("timestamp"), f"commit {commit}",
                                              f"load average {metadata.get('loadAverage')}") if value))


if __name__ == "__main__":
    main()
